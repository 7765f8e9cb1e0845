"""The goal editor dock: the island's quest (fort, given spaces picked on the canvas, or a
pattern; RIV-G5) and its two exploration missions (whole areas of a terrain; RIV-G4), each
with one or two steps (RIV-G6) and their rewards (RIV-G2).

Under each goal a line says at once whether it can be achieved on this island, from a ship
and avoiding strongholds, and the fewest crosses it needs
(:func:`studio.validate.island_goals.check_goal`); "Show" lights that cheapest way on the canvas:
every space it crosses from the starting ship, the goal's own spaces strongest. The light
follows the goal through edits (it is the way of the goal as it is now) and goes out when the
goal cannot be achieved or the island is replaced (New, Open). Every change is one undo step
through the document."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from studio.gui.rivages.island_widgets import RewardEditor
from studio.gui.shell import desktop
from studio.model.rivages import SHIP, WHITE, Effect, GoalStep
from studio.render.rivages_glyphs import Palette
from studio.validate.island_goals import check_goals

QUEST_KINDS = (("fort", "Cross the 6 spaces around a fort"), ("spaces", "Cross given spaces"),
               ("pattern", "Cross a row showing a pattern"))


def parse_pattern(text: str, known: list[str]) -> tuple[str, ...]:
    """``"forest > dune > white"`` (or spaces/commas between) -> ("forest", "dune", "white").
    Raises ValueError naming an unknown kind, or for fewer than 2 or more than 6 kinds."""
    parts = [p for p in text.replace(">", " ").replace(",", " ").split() if p]
    bad = [p for p in parts if p not in known]
    if bad:
        raise ValueError(f"{bad[0]!r} is not a terrain or white ({', '.join(known)})")
    if not 2 <= len(parts) <= 6:
        raise ValueError("a pattern has 2 to 6 spaces")
    return tuple(parts)


class GoalEditorDock(QDockWidget):
    """Edits ``document.island``'s goals; ``pick_spaces(step)`` asks the window for the
    spaces-picking tool; ``show_spaces(route, goal_spaces)`` (frozensets of hexes, both empty
    to clear) asks it to light the cheapest way of the goal being shown on the canvas."""

    pick_spaces = Signal(int)
    show_spaces = Signal(object, object)

    def __init__(self, document, palette: Palette, parent=None) -> None:
        super().__init__("Goals", parent)
        self.setObjectName("GoalEditorDock")
        self.document = document
        self.palette = palette
        self.status: dict[str, QLabel] = {}
        self.checks: dict = {}
        self.shown: str | None = None  # the goal whose way is lit ("quest", "mission 1", ...)
        self._editing = False
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.setWidget(self.scroll)
        self.set_document(document)

    def set_document(self, document) -> None:
        if getattr(self, "_followed", None) is not None:
            self._followed.changed.disconnect(self._changed)
        self._followed = document
        self.document = document
        document.changed.connect(self._changed)
        self.shown = None  # a new island: nothing of the old one stays lit
        self.rebuild()

    # -- building ----------------------------------------------------------------------------------
    def _changed(self, path) -> None:
        if self._editing:
            self.update_status()
        else:
            self.rebuild()

    def rebuild(self) -> None:
        """Build the form anew from the island (after Pick on island, undo, a new island...),
        keeping the scroll position and the focused field: a rebuild must not throw the
        designer back to the top of a long form."""
        keep = self._view_state()
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(6, 6, 6, 6)
        island = self.document.island
        self.status = {}
        self.widgets: dict = {}
        for name, goal in island.goals():
            box = QGroupBox(name.capitalize())
            form = QVBoxLayout(box)
            head = QHBoxLayout()
            head.addWidget(QLabel(self.tr("Steps")))
            steps = QSpinBox()
            steps.setRange(1, 2)
            steps.setValue(len(goal.steps))
            steps.setObjectName(f"{name}-steps")
            self.widgets[f"{name}-steps"] = steps
            steps.valueChanged.connect(lambda n, g=name: self._set_step_count(g, n))
            head.addWidget(steps)
            head.addStretch(1)
            form.addLayout(head)
            for i, step in enumerate(goal.steps):
                form.addWidget(self._step_widget(name, i, step))
            status = QHBoxLayout()
            label = QLabel()
            label.setWordWrap(True)
            label.setObjectName(f"{name}-status")
            self.status[name] = label
            status.addWidget(label, 1)
            show = QToolButton()
            show.setText(self.tr("Show"))
            show.setToolTip(self.tr("Light the cheapest way on the island: every space it crosses from the "
                            "starting ship, the goal's own spaces strongest"))
            show.setCheckable(True)
            show.setChecked(name == self.shown)
            show.toggled.connect(lambda on, g=name: self._show(g, on))
            status.addWidget(show)
            self.widgets[f"{name}-show"] = show
            form.addLayout(status)
            layout.addWidget(box)
        layout.addStretch(1)
        # the old form may be mid-signal (its own combo box asked for this rebuild): delete later
        old = self.scroll.takeWidget()
        if old is not None:
            old.hide()
            old.deleteLater()
        self.scroll.setWidget(body)
        self.update_status()
        self._restore_view_state(keep)

    def _view_state(self) -> tuple[int, int, str | None]:
        """(vertical scroll, horizontal scroll, key in ``widgets`` of the focused field)."""
        focus = QApplication.focusWidget()
        key = None
        if focus is not None and self.scroll.widget() is not None and self.scroll.widget().isAncestorOf(focus):
            key = next((k for k, w in getattr(self, "widgets", {}).items()
                        if w is focus or w.isAncestorOf(focus)), None)
        return (self.scroll.verticalScrollBar().value(), self.scroll.horizontalScrollBar().value(), key)

    def _restore_view_state(self, state: tuple[int, int, str | None]) -> None:
        vertical, horizontal, key = state
        body = self.scroll.widget()
        # lay the new form out now, so the scroll bars have their range before the values are set
        body.layout().activate()
        body.resize(body.width(), max(body.sizeHint().height(), self.scroll.viewport().height()))
        self.scroll.verticalScrollBar().setValue(vertical)
        self.scroll.horizontalScrollBar().setValue(horizontal)
        widget = self.widgets.get(key) if key else None
        if widget is not None:
            widget.setFocus(Qt.OtherFocusReason)

    def _step_widget(self, goal: str, index: int, step: GoalStep) -> QWidget:
        box = QWidget()
        form = QFormLayout(box)
        form.setContentsMargins(0, 2, 0, 2)
        title = f"Step {index + 1}" if len(self._steps(goal)) > 1 else "Goal"
        if goal == "quest":
            kind = QComboBox()
            for key, label in QUEST_KINDS:
                kind.addItem(label, key)
            kind.setCurrentIndex(max(0, kind.findData(step.kind)))
            kind.currentIndexChanged.connect(lambda _i, c=kind, k=index: self._set_quest_kind(k, c.currentData()))
            self.widgets[f"quest-{index}-kind"] = kind
            form.addRow(title, kind)
            if step.kind == "fort":
                fort = QComboBox()
                forts = list(self.document.island.forts)
                if step.fort not in forts and step.fort is not None:
                    forts.append(step.fort)
                for f in forts:
                    fort.addItem(self.tr("Fort at {list}").format(list=list(f)), f)
                fort.setCurrentIndex(max(0, fort.findData(step.fort)))
                fort.currentIndexChanged.connect(
                    lambda _i, c=fort, k=index: self._edit_step("quest", k, fort=c.currentData()))
                if not forts:
                    fort.addItem(self.tr("No fort yet: place one with the Fort tool"), None)
                self.widgets[f"quest-{index}-fort"] = fort
                form.addRow(self.tr("Fort"), fort)
            elif step.kind == "spaces":
                row = QHBoxLayout()
                text = ", ".join(str(list(h)) for h in step.spaces) or "none yet"
                label = QLabel(text)
                label.setWordWrap(True)
                row.addWidget(label, 1)
                pick = QPushButton(self.tr("Pick on island"))
                pick.setToolTip(self.tr("Click spaces on the island to add or remove them"))
                pick.clicked.connect(lambda _c=False, k=index: self.pick_spaces.emit(k))
                self.widgets[f"quest-{index}-pick"] = pick
                row.addWidget(pick)
                form.addRow(self.tr("Spaces"), row)
            elif step.kind == "pattern":
                edit = QLineEdit(" > ".join(step.pattern))
                edit.setPlaceholderText(self.tr("e.g. forest > dune > white"))
                edit.setToolTip("Space kinds in order, left to right: " + ", ".join(self._pattern_kinds()))
                edit.editingFinished.connect(lambda e=edit, k=index: self._set_pattern(k, e))
                self.widgets[f"quest-{index}-pattern"] = edit
                form.addRow(self.tr("Pattern"), edit)
        else:
            row = QHBoxLayout()
            count = QSpinBox()
            count.setRange(1, 2)
            count.setValue(max(1, step.count))
            count.setSuffix(self.tr(" whole"))
            terrain = QComboBox()
            for t in self.palette.names():
                terrain.addItem(self.tr("{label} area").format(label=self.palette.label(t)), t)
            if step.terrain not in self.palette.names():
                terrain.addItem(self.tr("{terrain} (unknown)").format(terrain=step.terrain), step.terrain)
            terrain.setCurrentIndex(max(0, terrain.findData(step.terrain)))
            count.valueChanged.connect(lambda n, k=index, g=goal: self._edit_step(g, k, count=n))
            terrain.currentIndexChanged.connect(
                lambda _i, c=terrain, k=index, g=goal: self._edit_step(g, k, terrain=c.currentData()))
            self.widgets[f"{goal}-{index}-count"] = count
            self.widgets[f"{goal}-{index}-terrain"] = terrain
            row.addWidget(count)
            row.addWidget(terrain, 1)
            form.addRow(title, row)
        reward = RewardEditor(self.palette)
        reward.set_effect(step.reward)
        reward.changed.connect(lambda e, k=index, g=goal: self._edit_step(g, k, reward=e))
        self.widgets[f"{goal}-{index}-reward"] = reward
        form.addRow(self.tr("Reward"), reward)
        return box

    # -- status --------------------------------------------------------------------------------------
    def update_status(self) -> None:
        rules = self.document.scenario.rules if self.document.scenario is not None else None
        self.checks = {c.name: c for c in check_goals(self.document.island, rules)}
        for name, label in self.status.items():
            c = self.checks.get(name)
            if c is None:
                continue
            label.setText(("✔ " if c.achievable else "✘ ") + c.summary())
            label.setStyleSheet(desktop.css("color: {%s}; font-weight: 600;" % ("ok" if c.achievable else "error")))
        self._light()

    def _show(self, goal: str, on: bool) -> None:
        for key, button in self.widgets.items():
            if key.endswith("-show") and key != f"{goal}-show" and on:
                button.blockSignals(True)
                button.setChecked(False)
                button.blockSignals(False)
        if on:
            self.shown = goal
        elif self.shown == goal:
            self.shown = None
        self._light()

    def _light(self) -> None:
        """Light the way of the goal being shown, as it is now (nothing when none is shown or
        it cannot be achieved)."""
        c = self.checks.get(self.shown) if self.shown else None
        if c is None or not c.achievable:
            self.show_spaces.emit(frozenset(), frozenset())
        else:
            self.show_spaces.emit(c.route or c.spaces, c.spaces)

    # -- edits ----------------------------------------------------------------------------------------
    def _steps(self, goal: str) -> list[GoalStep]:
        island = self.document.island
        return island.quest.steps if goal == "quest" else island.missions[int(goal.split()[-1]) - 1].steps

    def _push(self, goal: str, steps: list[GoalStep], rebuild: bool = False) -> None:
        self._editing = not rebuild
        try:
            self.document.set_goal_steps(goal, steps)
        finally:
            self._editing = False

    def _set_step_count(self, goal: str, n: int) -> None:
        first = self._steps(goal)[0]
        if goal == "quest":
            extra = GoalStep("spaces", Effect(scrolls=2), spaces=())
        else:
            extra = GoalStep("areas", Effect(scrolls=2), terrain=first.terrain, count=1)
        # step 2 set aside by 2 -> 1 comes back (IslandDocument.set_step_count)
        self.document.set_step_count(goal, n, extra)

    def _set_quest_kind(self, index: int, kind: str) -> None:
        steps = list(self._steps("quest"))
        old = steps[index]
        if kind == old.kind:
            return
        if kind == "fort":
            forts = self.document.island.forts
            new = GoalStep("fort", old.reward, fort=forts[0] if forts else (0, 0))
        elif kind == "spaces":
            new = GoalStep("spaces", old.reward, spaces=())
        else:
            terrains = self.palette.names()
            new = GoalStep("pattern", old.reward, pattern=(terrains[0], terrains[1 % len(terrains)]))
        steps[index] = new
        self._push("quest", steps, rebuild=True)

    def _edit_step(self, goal: str, index: int, **changes) -> None:
        steps = list(self._steps(goal))
        old = steps[index]
        fields = dict(kind=old.kind, reward=old.reward, fort=old.fort, spaces=old.spaces, pattern=old.pattern,
                      terrain=old.terrain, count=old.count)
        fields.update(changes)
        if fields["kind"] == "fort" and fields["fort"] is None:
            return
        kind = fields.pop("kind")
        steps[index] = GoalStep(kind, **fields)
        self._push(goal, steps)

    def _pattern_kinds(self) -> list[str]:
        return self.palette.names() + [WHITE, SHIP]

    def _set_pattern(self, index: int, edit: QLineEdit) -> None:
        try:
            pattern = parse_pattern(edit.text(), self._pattern_kinds())
        except ValueError as exc:
            edit.setStyleSheet(desktop.css("background: {error_bg};"))
            edit.setToolTip(str(exc))
            window = self.parent()
            if hasattr(window, "say"):
                window.say(f"Pattern not changed: {exc}")
            return
        edit.setStyleSheet("")
        if pattern != self._steps("quest")[index].pattern:
            self._edit_step("quest", index, pattern=pattern)


__all__ = ["GoalEditorDock", "parse_pattern", "Qt"]
