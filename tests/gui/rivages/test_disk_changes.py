"""The island, tree, card and loot editors notice their file changing on disk (trial of issue
11): a save over a file another program changed asks first (Overwrite or Cancel, see also
tests/gui/test_overwrite_changed.py) instead of putting back the old values; "Reload" shows
the other program's version."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from studio.gui.rivages import island_editor as ie
from studio.gui.rivages.card_editor import CardEditorWindow
from studio.gui.shell import prompts
from studio.model import io

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def asked(monkeypatch):
    """Answers of the reload and overwrite prompts, in order; records each question:
    ``(name, modified)`` for reload, ``("overwrite", name)`` before a save over a change."""
    calls: list = []
    answers: list[bool] = []
    monkeypatch.setattr(prompts, "ask_reload_changed",
                        lambda parent, name, modified: (calls.append((name, modified)), answers.pop(0))[1])
    monkeypatch.setattr(prompts, "ask_overwrite_changed",
                        lambda parent, name, when: (calls.append(("overwrite", name)), answers.pop(0))[1])
    monkeypatch.setattr(prompts, "show_error", lambda *a, **k: pytest.fail(f"unexpected error {a[1:]}"))
    return calls, answers


def _island_window(qtbot, tmp_path):
    target = tmp_path / "amber.yaml"
    shutil.copy(ROOT / "boards/rivages/islands/amber-shoals.yaml", target)
    w = ie.IslandEditorWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    assert w.open_path(target)
    return w, target


def _change_name_outside(path: Path, name: str) -> None:
    text = path.read_text(encoding="utf-8")
    old = next(line for line in text.splitlines() if line.startswith("name:"))
    path.write_text(text.replace(old, f"name: {name}", 1), encoding="utf-8")


def test_island_save_over_an_outside_change_asks_and_overwrite_writes_mine(qtbot, tmp_path, asked):
    calls, answers = asked
    w, target = _island_window(qtbot, tmp_path)
    w.disk.watcher.pause()  # the save itself must notice, whatever the watcher saw
    _change_name_outside(target, "Amber External")
    w.document.set_value(("description",), "edited in the studio")
    answers.append(True)
    assert w.save()
    assert calls == [("overwrite", "amber.yaml")]
    saved = io.read(target)
    assert saved.description == "edited in the studio"
    assert saved.name != "Amber External"


def test_island_save_over_an_outside_change_cancelled_writes_nothing(qtbot, tmp_path, asked):
    calls, answers = asked
    w, target = _island_window(qtbot, tmp_path)
    w.disk.watcher.pause()
    _change_name_outside(target, "Amber External")
    w.document.set_value(("description",), "edited in the studio")
    answers.append(False)
    assert not w.save()
    assert calls == [("overwrite", "amber.yaml")]
    assert w.document.value(("description",)) == "edited in the studio"
    assert io.read(target).name == "Amber External"


def test_island_change_on_disk_is_offered_while_editing(qtbot, tmp_path, asked):
    calls, answers = asked
    w, target = _island_window(qtbot, tmp_path)
    answers.append(True)
    _change_name_outside(target, "Amber External")
    qtbot.waitUntil(lambda: bool(calls), timeout=30_000)  # the watcher, on a loaded machine
    assert w.document.island.name == "Amber External"


def test_own_saves_are_not_changes(qtbot, tmp_path, asked):
    calls, _answers = asked
    w, target = _island_window(qtbot, tmp_path)
    w.document.set_value(("description",), "one")
    assert w.save()
    w.document.set_value(("description",), "two")
    assert w.save()
    qtbot.wait(700)
    assert calls == []


def test_card_editor_save_over_an_outside_change_asks(qtbot, tmp_path, asked):
    calls, answers = asked
    target = tmp_path / "cards.yaml"
    shutil.copy(ROOT / "boards/rivages/cards.yaml", target)
    w = CardEditorWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    assert w.load_path(target)
    w.disk.watcher.pause()
    before = target.read_text(encoding="utf-8")
    target.write_text(before + "# changed by another program\n", encoding="utf-8")
    answers.append(False)
    assert not w._save_to(str(target))
    assert calls == [("overwrite", "cards.yaml")]
    assert target.read_text(encoding="utf-8").endswith("# changed by another program\n")
