"""The island editor's tools. Each gets hexes from the canvas (press, drag, release) and edits
through :class:`~studio.gui.rivages.island_document.IslandDocument`, so every edit is one undo
step (a drag of the paint or eraser tool is one step). A refused edit (a bridge between
neighbours, a fort on a space) is said in the status bar through ``window.say(text)``.

``window`` is the :class:`~studio.gui.rivages.island_editor.IslandEditorWindow` (tests may pass
any object with ``document``, ``select(hex)``, ``say(text)``, ``current_icon()``,
``current_terrain`` and ``view``)."""

from __future__ import annotations

from studio.model.rivages import SHIP, STRONGHOLD, WHITE


class Tool:
    """Base tool: ``key`` names it (actions, tests), ``hint`` is the status-bar help."""

    key = ""
    label = ""
    hint = ""
    shortcut = ""

    def __init__(self, window) -> None:
        self.window = window

    @property
    def document(self):
        return self.window.document

    def activate(self) -> None:
        self.window.say(self.hint)

    def deactivate(self) -> None:
        pass

    def press(self, h, event=None) -> None:
        pass

    def drag(self, h, event=None) -> None:
        pass

    def release(self, h, event=None) -> None:
        pass

    def _try(self, edit, *args):
        """``edit(*args)``'s result (a flag, or a count such as the spaces filled), or None
        when it was refused (the reason is said in the status bar)."""
        try:
            return edit(*args)
        except (ValueError, KeyError) as exc:
            self.window.say(str(exc).strip("'\""))
            return None


class SelectTool(Tool):
    key = "select"
    label = "Select"
    hint = "Click a space, a fort or an empty hex to see and edit it in Properties"
    shortcut = "V"

    def press(self, h, event=None) -> None:
        self.window.select(h)


class _Stroke(Tool):
    """A tool that edits every hex the mouse passes over while pressed, as one undo step."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self._gesture = None
        self._done: set = set()

    def press(self, h, event=None) -> None:
        self._gesture = object()
        self._done = set()
        self.drag(h, event)

    def drag(self, h, event=None) -> None:
        if self._gesture is None or h in self._done:
            return
        self._done.add(h)
        self.stroke(h, self._gesture)

    def release(self, h, event=None) -> None:
        self._gesture = None

    def stroke(self, h, gesture) -> None:
        raise NotImplementedError


class PaintTool(_Stroke):
    """Paint one terrain; painting an empty hex next to the island adds a space there."""

    def __init__(self, window, terrain: str, label: str) -> None:
        super().__init__(window)
        self.terrain = terrain
        self.key = f"paint:{terrain}"
        self.label = label
        self.hint = f"Click or drag to paint {label}; paint the dashed hexes around the coast to grow the island"

    def activate(self) -> None:
        self.window.current_terrain = self.terrain
        super().activate()

    def stroke(self, h, gesture) -> None:
        if not self._adjacent_or_space(h):
            return
        self._try(self.document.set_kind, [h], self.terrain, None, gesture, f"Paint {self.label}")

    def _adjacent_or_space(self, h) -> bool:
        return self.document.space(h) is not None or h in self.window.view.item.ghost_hexes()


class WhiteTool(PaintTool):
    """White special spaces with the icon chosen in the tool options (RIV-T7)."""

    def __init__(self, window) -> None:
        super().__init__(window, WHITE, "White space")
        self.key = "white"
        self.hint = "Click to make a white special space with the icon chosen in the tool bar"
        self.shortcut = "W"

    def activate(self) -> None:
        Tool.activate(self)

    def stroke(self, h, gesture) -> None:
        if not self._adjacent_or_space(h):
            return
        self._try(self.document.set_kind, [h], WHITE, self.window.current_icon(), gesture, "White space")


class StrongholdTool(PaintTool):
    def __init__(self, window) -> None:
        super().__init__(window, STRONGHOLD, "Stronghold")
        self.key = "stronghold"
        self.hint = "Click or drag to place strongholds: spaces that can never be crossed"
        self.shortcut = "S"

    def activate(self) -> None:
        Tool.activate(self)


class ShipTool(Tool):
    key = "ship"
    label = "Ship"
    hint = "Click to place a ship; an island has two, so a third click moves the nearer one here"
    shortcut = "H"

    def press(self, h, event=None) -> None:
        if self.document.space(h) is None and h not in self.window.view.item.ghost_hexes():
            self.window.say("Place ships on the island or just off its coast")
            return
        self._try(self.document.place_ship, h, self.window.current_terrain)


class BridgeTool(Tool):
    key = "bridge"
    label = "Bridge"
    hint = "Click two spaces that are not neighbours to join them with a bridge; click a bridge end twice to remove it"
    shortcut = "B"

    def __init__(self, window) -> None:
        super().__init__(window)
        self.start = None

    def deactivate(self) -> None:
        self._set_start(None)

    def _set_start(self, h) -> None:
        self.start = h
        self.window.view.item.bridge_start = h
        self.window.view.item.update()

    def press(self, h, event=None) -> None:
        if self.document.space(h) is None:
            self.window.say(f"{list(h)} is not a space: a bridge joins two spaces")
            return
        if self.start is None:
            self._set_start(h)
            self.window.say("Now click the other end of the bridge (Esc cancels)")
            return
        start, self.start = self.start, None
        self._set_start(None)
        if start == h:
            bridges = self.document.bridges_at(h)
            if bridges:
                self.document.remove_bridge(bridges[-1])
                self.window.say("Bridge removed")
            return
        if self._try(self.document.add_bridge, start, h):
            self.window.say(f"Bridge {list(start)} – {list(h)} added")


class FortTool(Tool):
    key = "fort"
    label = "Fort"
    hint = "Click an empty hex surrounded by spaces to place a fort (click it again to remove it)"
    shortcut = "F"

    def press(self, h, event=None) -> None:
        try:
            added = self.document.toggle_fort(h)
        except ValueError as exc:
            self.window.say(str(exc))
            return
        self.window.say(f"Fort {'added' if added else 'removed'} at {list(h)}")


class EraserTool(_Stroke):
    key = "eraser"
    label = "Eraser"
    hint = "Click or drag to remove spaces (with their bridges) and forts"
    shortcut = "E"

    def stroke(self, h, gesture) -> None:
        self._try(self.document.erase, [h], gesture)


class FillTool(Tool):
    key = "fill"
    label = "Fill"
    hint = "Click a space to repaint its whole cluster of the same kind with the current terrain"
    shortcut = "G"

    def press(self, h, event=None) -> None:
        terrain = self.window.current_terrain
        n = self._try(self.document.flood_fill, h, terrain)
        if n:
            self.window.say(f"Filled {n} space{'s' if n != 1 else ''} with {self.label_of(terrain)}")
        elif n == 0:
            kind = self.document.kind_at(h)
            self.window.say(f"Nothing to fill: {list(h)} is not a space" if kind is None else
                            f"Nothing to fill: {list(h)} is already {self.label_of(kind)}")

    def label_of(self, kind: str) -> str:
        palette = getattr(self.window, "palette", None)
        return palette.label(kind) if palette is not None and kind in palette.names() else kind


class GoalPickTool(Tool):
    """Click spaces to add them to, or remove them from, the quest step being edited."""

    key = "pick-goal"
    label = "Pick quest spaces"
    hint = "Click spaces to add them to the quest (click again to remove); pick another tool when done"

    def __init__(self, window) -> None:
        super().__init__(window)
        self.step = 0

    def press(self, h, event=None) -> None:
        self._try(self.document.toggle_quest_space, h, self.step)


__all__ = ["BridgeTool", "EraserTool", "FillTool", "FortTool", "GoalPickTool", "PaintTool", "SelectTool",
           "ShipTool", "StrongholdTool", "Tool", "WhiteTool", "SHIP"]
