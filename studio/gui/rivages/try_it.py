"""Try it: a solo game of Rivages on the island being edited, in the Rivages playtest window
(:mod:`studio.gui.playtest.rivages_playtest`: step, auto-play, undo, save/open, replay).

The game uses the bundled solo scenario (``scenarios/rivages-solo.yaml``: cards, loot, trees,
solo target and challenges; RIV-X1..X7) with its islands replaced by the edited island and, if
chosen, other islands; without others, every island of the pile is a copy of the edited one,
so each visit tries it again. The first island is always the edited one (the game's seed is
picked so). The explorer is played by you by default (a bot from the seat's menu).

:func:`solo_content` and :func:`first_on` have no Qt in their logic and are tested headless."""

from __future__ import annotations

import copy

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QListWidget, QListWidgetItem, QMessageBox, QVBoxLayout

from studio.model.rivages import Island, RivagesError, RivagesScenario

COPIES = 6          # islands in the pile when only the edited one is tried (RIV-X5 counts to 6)
SEED_TRIES = 200


def solo_content(island: Island, others: list[Island] | None = None, scenario_path=None):
    """The solo scenario's content with ``island`` first and ``others`` (or copies of
    ``island``) after it. Raises LoadError / InvalidContent for an unreadable scenario."""
    from studio.content import bundled_path
    from studio.model.rivages import read_rivages

    content = read_rivages(scenario_path or bundled_path("scenarios", "rivages-solo.yaml"))
    content = copy.copy(content)
    first = copy.deepcopy(island)
    if others:
        pile = [first] + [copy.deepcopy(o) for o in others if o.id != island.id]
    else:
        pile = [first]
        for i in range(2, COPIES + 1):
            twin = copy.deepcopy(island)
            twin.id = f"{island.id}-{i}"
            pile.append(twin)
    content.islands = pile
    return content


def first_on(game, index: int = 0, seed: int = 0) -> int:
    """A seed >= ``seed`` whose solo game starts on island ``index`` (RIV-S1 deals at random)."""
    for s in range(seed, seed + SEED_TRIES):
        if game.new_state(s).players_state[0].island == index:
            return s
    return seed


def ask_islands(parent, exclude: str) -> list[Island] | None:
    """Pick bundled islands to follow the edited one; None when cancelled."""
    from studio.content import bundled_path
    from studio.model.rivages import folder_files, read_as

    dialog = QDialog(parent)
    dialog.setWindowTitle(QCoreApplication.translate("try_it", "Try It with Other Islands"))
    layout = QVBoxLayout(dialog)
    layout.addWidget(QLabel(QCoreApplication.translate("try_it", "Islands to visit after this one (in this order):")))
    box = QListWidget()
    islands = []
    for path in folder_files(bundled_path("boards", "rivages", "islands")):
        try:
            isl = read_as(path, Island)
        except Exception:  # noqa: BLE001 - a broken sample is simply not offered
            continue
        if isl.id == exclude:
            continue
        islands.append(isl)
        item = QListWidgetItem(isl.name or isl.id)
        item.setFlags(item.flags() | Qt.ItemIsUserCheckable)
        item.setCheckState(Qt.Checked if len(islands) <= 5 else Qt.Unchecked)
        box.addItem(item)
    layout.addWidget(box)
    buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    if dialog.exec() != QDialog.Accepted:
        return None
    return [isl for i, isl in enumerate(islands) if box.item(i).checkState() == Qt.Checked]


def open_try_it(island: Island, others: list[Island] | None = None, parent=None,
                scenario: RivagesScenario | None = None, seed: int = 0, controller: str = "human",
                delay_ms: int | None = None, findings=()):
    """Show a solo game on ``island`` (then ``others``, or copies of it) in a
    :class:`~studio.gui.playtest.rivages_playtest.RivagesPlaytestWindow`, the explorer played by
    ``controller`` (``"human"`` or a bot name); the edited island's ``scenario`` lends its
    terrains. ``findings`` are the island's lint errors: listed in the message when the island
    cannot be played, and named in the window's note when it can. Returns the window, or None
    (after a message saying why: the engine's reason, e.g. not exactly two ships, then every
    finding) when the island cannot be played yet."""
    from studio.content import LoadError
    from studio.gui.playtest.playtest_frame import DEFAULT_DELAY_MS
    from studio.gui.playtest.rivages_playtest import RivagesPlaytestWindow
    from studio.model.io import InvalidContent
    from studio.rules import load_game

    try:
        content = solo_content(island, others)
        if scenario is not None and scenario.terrains != content.scenario.terrains:
            content.scenario = copy.copy(content.scenario)
            content.scenario.terrains = list(scenario.terrains)
        game = load_game(content, 1, seed)
        start = first_on(game, 0, seed)
        name = island.name or island.id
        label = f"Try it: {name}" + (f" and {len(others)} other island{'s' if len(others) != 1 else ''}" if others else "")
        note = f"Solo game on {name}: seed {start} deals it first (New game deals again)"
        if findings:
            n = len(findings)
            note += f". The island has {n} error{'s' if n != 1 else ''}: {findings[0].message}" + \
                    (f" (and {n - 1} more)" if n > 1 else "")
        window = RivagesPlaytestWindow(game, parent, seed=start, controllers=[controller], label=label,
                                       delay_ms=DEFAULT_DELAY_MS if delay_ms is None else delay_ms, note=note)
    except (RivagesError, LoadError, InvalidContent, ValueError, KeyError) as exc:
        text = f"This island cannot be played yet: {exc}"
        if findings:
            from studio.gui.rivages.island_editor import findings_lines

            n = len(findings)
            text += f"\n\nThe Validation panel lists {n} error{'s' if n != 1 else ''}:\n" + findings_lines(findings)
        box = QMessageBox(QMessageBox.Warning, "Cannot try this island", text, QMessageBox.Ok, parent)
        if findings:
            box.setDetailedText("\n".join(f.format() for f in findings))
        box.setAttribute(Qt.WA_DeleteOnClose, True)
        box.open()
        return None
    window.setAttribute(Qt.WA_DeleteOnClose, False)
    window.show()
    return window
