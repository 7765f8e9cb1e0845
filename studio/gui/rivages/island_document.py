"""The island editor's document: a :class:`~studio.gui.rivages.content_document.ContentDocument` on a
:class:`~studio.model.rivages.Island`, with one method per edit the tools and docks make. Each
method pushes :class:`~studio.gui.shell.document_commands.SetValue` commands (one undo step, named for
the edit; pushes that carry the same ``gesture``, e.g. one drag of the paint tool, merge).

Also :func:`new_island`: the wizard's shapes (a hexagon of radius N, a W x H rectangle or
parallelogram), pointy or flat, filled with terrains so neighbours differ, two ships on
opposite coasts and placeholder goals, so a new island is a valid file from the start."""

from __future__ import annotations

import copy
import random

from studio.geometry.hex import distance, neighbours, offset_to_axial, within
from studio.gui.rivages.content_document import ContentDocument
from studio.model.rivages import (
    SHIP,
    STRONGHOLD,
    WHITE,
    Effect,
    Goal,
    GoalStep,
    Island,
    RivagesScenario,
    Space,
)

Hex = tuple[int, int]
SHAPES = ("hexagon", "rectangle", "parallelogram")
MAX_SPACES = 400  # the schema's limit


def shape_hexes(shape: str, size: int = 3, width: int = 7, height: int = 6, orientation: str = "pointy") -> list[Hex]:
    """The hexes of a new island: ``hexagon`` of radius ``size`` (1 + 3N(N+1) hexes),
    ``rectangle`` of ``width`` x ``height`` (offset rows or columns, so its outline is square
    on screen) or ``parallelogram`` (axial q 0..W-1, r 0..H-1). Raises ValueError for an
    unknown shape or sizes out of range (1..10 radius, 1..20 sides, at most 400 hexes)."""
    if shape == "hexagon":
        if not 1 <= size <= 10:
            raise ValueError(f"the radius is 1 to 10, got {size}")
        return list(within((0, 0), size))
    if not (1 <= width <= 20 and 1 <= height <= 20):
        raise ValueError(f"width and height are 1 to 20, got {width} x {height}")
    if width * height > MAX_SPACES:
        raise ValueError(f"an island has at most {MAX_SPACES} spaces, {width} x {height} is {width * height}")
    if shape == "parallelogram":
        return [(q, r) for r in range(height) for q in range(width)]
    if shape == "rectangle":
        layout = "odd-r" if orientation == "pointy" else "odd-q"
        return [offset_to_axial(c, r, layout) for r in range(height) for c in range(width)]
    raise ValueError(f"shape is one of {', '.join(SHAPES)}, got {shape!r}")


def new_island(shape: str = "hexagon", size: int = 3, width: int = 7, height: int = 6,
               orientation: str = "pointy", terrains: list[str] | None = None, island_id: str = "new-island",
               name: str = "New island", seed: int = 1) -> Island:
    """A valid new island of the given shape: terrains spread so no two neighbours share one,
    two ships on opposite coasts, a ``spaces`` quest on the middle space and two one-area
    missions (edit them in the goal editor). Raises ValueError (see :func:`shape_hexes`)."""
    terrains = list(terrains or ["forest", "dune", "cliff", "lagoon"])
    hexes = shape_hexes(shape, size, width, height, orientation)
    if len(hexes) < 3:
        raise ValueError("an island needs at least 3 spaces (2 ships and one to explore)")
    rng = random.Random(seed)
    kinds: dict[Hex, str] = {}
    for h in sorted(hexes, key=lambda h: (h[1], h[0])):
        taken = {kinds.get(n) for n in neighbours(h)}
        options = [t for t in terrains if t not in taken] or terrains
        kinds[h] = rng.choice(options)
    # pairs of same-terrain neighbours make areas for the missions
    first = sorted(hexes, key=lambda h: (h[1], h[0]))
    a, b = first[0], first[-1]
    far = max(((x, y) for x in hexes for y in hexes), key=lambda p: (distance(*p), p)) if len(hexes) < 80 else (a, b)
    kinds[far[0]] = SHIP
    kinds[far[1]] = SHIP
    middle = min(hexes, key=lambda h: (distance(h, _centre_hex(hexes)), h))
    if kinds[middle] == SHIP:
        middle = next(h for h in hexes if kinds[h] != SHIP)
    land = [h for h in sorted(hexes) if kinds[h] not in (SHIP,)]
    mission_terrain = []
    for t in terrains:
        for h in land:
            if kinds[h] == t and h != middle:
                n = next((n for n in neighbours(h) if n in kinds and kinds[n] not in (SHIP,) and n != middle), None)
                if n is not None:
                    kinds[n] = t
                    mission_terrain.append(t)
                    break
        if len(mission_terrain) == 2:
            break
    while len(mission_terrain) < 2:
        mission_terrain.append(terrains[0])
    spaces = [Space(h, kinds[h]) for h in hexes]
    quest = Goal([GoalStep("spaces", Effect(scrolls=2), spaces=(middle,))])
    missions = [Goal([GoalStep("areas", Effect(scrolls=1), terrain=t, count=1)]) for t in mission_terrain[:2]]
    return Island(island_id, spaces, quest, missions, name=name, orientation=orientation)


def _centre_hex(hexes: list[Hex]) -> Hex:
    q = round(sum(h[0] for h in hexes) / len(hexes))
    r = round(sum(h[1] for h in hexes) / len(hexes))
    return (q, r)


class IslandDocument(ContentDocument):
    """An island being edited. ``scenario`` gives the terrains (the default four if None)."""

    def __init__(self, island: Island | None = None, path=None, *, scenario: RivagesScenario | None = None,
                 parent=None) -> None:
        # step 2 of a goal set back to one step, kept until the file is saved so 2 -> 1 -> 2
        # gives it back ({goal name: step})
        self.parked_steps: dict[str, GoalStep] = {}
        super().__init__(island if island is not None else new_island(), path, scenario=scenario, parent=parent)

    @property
    def island(self) -> Island:
        return self.model

    # -- queries ----------------------------------------------------------------------------------
    def space(self, h: Hex) -> Space | None:
        return next((s for s in self.island.spaces if s.at == h), None)

    def kind_at(self, h: Hex) -> str | None:
        s = self.space(h)
        return s.kind if s is not None else None

    def bridges_at(self, h: Hex) -> list[tuple[Hex, Hex]]:
        return [b for b in self.island.bridges if h in b]

    # -- spaces -----------------------------------------------------------------------------------
    def _spaces_copy(self) -> list[Space]:
        return copy.deepcopy(self.island.spaces)

    def set_kind(self, hexes, kind: str, icon: Effect | None = None, gesture: object | None = None,
                 text: str | None = None) -> bool:
        """Make each hex a space of ``kind`` (a terrain, ``white``, ``stronghold``); a hex with
        no space becomes one (the island grows). ``icon`` only stays on white spaces. Returns
        False when nothing changed."""
        spaces = self._spaces_copy()
        by_hex = {s.at: s for s in spaces}
        for h in hexes:
            h = (int(h[0]), int(h[1]))
            s = by_hex.get(h)
            if s is None:
                if len(spaces) >= 400:
                    raise ValueError("an island has at most 400 spaces")
                s = Space(h, kind)
                spaces.append(s)
                by_hex[h] = s
            s.kind = kind
            s.icon = icon if kind == WHITE else None
        return self.set_value(("spaces",), spaces, text or f"Paint {kind}", gesture)

    def set_icon(self, h: Hex, icon: Effect | None, gesture: object | None = None) -> bool:
        """Give the white space at ``h`` an icon (None: a plain white space); a non-white space
        becomes white. Raises KeyError when ``h`` is not a space."""
        if self.space(h) is None:
            raise KeyError(f"{list(h)} is not a space")
        return self.set_kind([h], WHITE, icon, gesture, "Set icon" if icon else "Plain white space")

    def place_ship(self, h: Hex, replace_with: str = "forest") -> bool:
        """Put a ship on ``h`` (adding the space if needed). An island has exactly two ships
        (RIV-S7): with two already, the one nearer ``h`` moves here (its space becomes
        ``replace_with``). Returns False when ``h`` already is a ship."""
        if self.kind_at(h) == SHIP:
            return False
        ships = [s.at for s in self.island.spaces if s.kind == SHIP]
        with self.macro("Place ship"):
            if len(ships) >= 2:
                nearest = min(ships, key=lambda s: (distance(s, h), s))
                self.set_kind([nearest], replace_with)
            self.set_kind([h], SHIP)
        return True

    def erase(self, hexes, gesture: object | None = None) -> bool:
        """Remove the spaces at ``hexes``, the bridges that end there and forts standing on
        them; a hex with a fort loses the fort."""
        hexes = {(int(h[0]), int(h[1])) for h in hexes}
        island = self.island
        spaces = [s for s in self._spaces_copy() if s.at not in hexes]
        bridges = [b for b in island.bridges if not (set(b) & hexes)]
        forts = [f for f in island.forts if f not in hexes]
        if len(spaces) == len(island.spaces) and bridges == island.bridges and forts == island.forts:
            return False
        if not spaces:
            raise ValueError("an island keeps at least one space")
        with self.macro("Erase"):
            self.set_value(("spaces",), spaces, "Erase", gesture)
            if bridges != island.bridges:
                self.set_value(("bridges",), bridges, "Erase", gesture)
            if forts != island.forts:
                self.set_value(("forts",), forts, "Erase", gesture)
        return True

    def flood_fill(self, h: Hex, kind: str) -> int:
        """Repaint the cluster of neighbouring spaces that share the kind of ``h`` (an area,
        RIV-G4) with ``kind``; returns how many spaces changed (0: nothing to do)."""
        start = self.kind_at(h)
        if start is None or start == kind:
            return 0
        kinds = {s.at: s.kind for s in self.island.spaces}
        comp = {h}
        todo = [h]
        while todo:
            g = todo.pop()
            for n in neighbours(g):
                if n not in comp and kinds.get(n) == start:
                    comp.add(n)
                    todo.append(n)
        self.set_kind(sorted(comp), kind, text=f"Fill with {kind}")
        return len(comp)

    # -- bridges and forts ------------------------------------------------------------------------
    def add_bridge(self, a: Hex, b: Hex) -> bool:
        """Join spaces ``a`` and ``b`` with a bridge (RIV-T8). Raises ValueError when an end is
        not a space, the ends are the same or neighbours already, or the bridge exists."""
        for h in (a, b):
            if self.space(h) is None:
                raise ValueError(f"a bridge joins two spaces; {list(h)} is not a space")
        if a == b or distance(a, b) == 1:
            raise ValueError("these spaces are already neighbours: a bridge joins spaces that are not")
        if any(set(x) == {a, b} for x in self.island.bridges):
            raise ValueError("there is already a bridge between these spaces")
        return self.set_value(("bridges",), list(self.island.bridges) + [(a, b)], "Add bridge")

    def remove_bridge(self, bridge: tuple[Hex, Hex]) -> bool:
        bridges = [x for x in self.island.bridges if set(x) != set(bridge)]
        return self.set_value(("bridges",), bridges, "Remove bridge")

    def toggle_fort(self, h: Hex) -> bool:
        """Add a fort on the empty hex ``h`` or remove the one there. Raises ValueError when
        ``h`` is a space (a fort stands between 6 spaces, RIV-G5). Returns True if added."""
        forts = list(self.island.forts)
        if h in forts:
            forts.remove(h)
            self.set_value(("forts",), forts, "Remove fort")
            return False
        if self.space(h) is not None:
            raise ValueError(f"{list(h)} is a space: a fort stands on an empty hex with 6 spaces around it")
        self.set_value(("forts",), forts + [h], "Add fort")
        return True

    # -- island header ----------------------------------------------------------------------------
    def set_header(self, field: str, value, gesture: object | None = None) -> bool:
        """``id``, ``name``, ``description`` or ``orientation``; '' clears name/description."""
        if field not in ("id", "name", "description", "orientation"):
            raise KeyError(field)
        if field in ("name", "description") and value == "":
            value = None
        return self.set_value((field,), value, f"Set {field}", gesture)

    # -- goals --------------------------------------------------------------------------------------
    def goal_path(self, goal: str) -> tuple:
        """``"quest"`` -> ("quest",), ``"mission 2"`` -> ("missions", 1)."""
        if goal == "quest":
            return ("quest",)
        index = int(goal.split()[-1]) - 1
        return ("missions", index)

    def set_goal_steps(self, goal: str, steps: list[GoalStep], gesture: object | None = None) -> bool:
        """Replace the steps (1 or 2) of ``goal`` (``quest``, ``mission 1``, ``mission 2``)."""
        if not 1 <= len(steps) <= 2:
            raise ValueError("a goal has one or two steps")
        return self.set_value(self.goal_path(goal) + ("steps",), list(steps), f"Edit {goal}", gesture)

    def set_step_count(self, goal: str, n: int, new_step: GoalStep) -> bool:
        """Give ``goal`` ``n`` steps (1 or 2) as one undo step. Going from 2 to 1 keeps step 2
        aside until the file is saved or replaced; going back to 2 restores it, else adds
        ``new_step``. Returns False when the goal already has ``n`` steps."""
        if n not in (1, 2):
            raise ValueError("a goal has one or two steps")
        steps = list(self.value(self.goal_path(goal) + ("steps",)))
        if n == len(steps):
            return False
        if n < len(steps):
            self.parked_steps[goal] = copy.deepcopy(steps[1])
            steps = steps[:1]
        else:
            steps.append(self.parked_steps.pop(goal, None) or new_step)
        return self.set_goal_steps(goal, steps)

    def save(self, path=None) -> None:
        super().save(path)
        self.parked_steps.clear()

    def reset(self, model, path=None) -> None:
        self.parked_steps = {}
        super().reset(model, path)

    def toggle_quest_space(self, h: Hex, step: int = 0) -> bool:
        """Add ``h`` to (or remove it from) the spaces of the quest's ``step`` (a spaces step)."""
        steps = copy.deepcopy(self.island.quest.steps)
        st = steps[step]
        if st.kind != "spaces":
            raise ValueError("this quest step is not a 'given spaces' step")
        spaces = list(st.spaces)
        if h in spaces:
            spaces.remove(h)
        else:
            if self.space(h) is None:
                raise ValueError(f"{list(h)} is not a space")
            if len(spaces) >= 12:  # the file format's limit (rivages/quest-too-many-spaces)
                raise ValueError("a quest step names at most 12 spaces: click a picked one to remove it first")
            spaces.append(h)
        steps[step] = GoalStep("spaces", st.reward, spaces=tuple(spaces))
        return self.set_goal_steps("quest", steps)


__all__ = ["IslandDocument", "SHAPES", "new_island", "shape_hexes", "STRONGHOLD", "SHIP", "WHITE"]
