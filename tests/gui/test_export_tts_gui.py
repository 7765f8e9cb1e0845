"""File ▸ Export for Tabletop Simulator… in the board editor and the island editor writes the
same set as ``studio export-tts``; a refused write says why and leaves nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QSettings  # noqa: E402

from studio.gui.rivages.island_editor import IslandEditorWindow  # noqa: E402
from studio.render import tts  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
GULL = ROOT / "boards" / "rivages" / "islands" / "gull-rock.yaml"


@pytest.fixture(autouse=True)
def _small_images(monkeypatch):
    monkeypatch.setattr(tts, "PIXELS_PER_UNIT", 30)
    monkeypatch.setattr(tts, "PIXELS_PER_MM", 1.5)


def test_board_editor_exports_a_tts_set_from_the_file_menu(window, dialogs, tmp_path):
    assert window.files.tts_action in window.menuBar().actions()[0].menu().actions()
    dialogs.answer("ask_tts_file", str(tmp_path / "jungle"))        # the suffix is added
    window.files.tts_action.trigger()
    save = json.loads((tmp_path / "jungle.json").read_text(encoding="utf-8"))
    assert save["ObjectStates"][0]["Name"] == "Custom_Board"
    assert (tmp_path / "jungle-board.png").is_file()
    assert "images for Tabletop Simulator" in window.hint_label.text()
    dialogs.answer("show_error", None)
    dialogs.answer("ask_tts_file", str(tmp_path / "missing" / "x.json"))
    window.files.tts_action.trigger()
    (title, text, *_), = dialogs.named("show_error")
    assert title == "Cannot export for Tabletop Simulator" and "does not exist" in text
    assert not (tmp_path / "missing").exists()


def test_island_editor_exports_the_island_with_its_decks(qtbot, tmp_path, dialogs):
    w = IslandEditorWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    assert w.open_path(GULL, interactive=False)
    dialogs.answer("ask_tts_file", str(tmp_path / "gull.json"))
    assert w.actions["export_tts"].text() == "Export for &Tabletop Simulator…"
    assert w.export_tts()
    save = json.loads((tmp_path / "gull.json").read_text(encoding="utf-8"))
    assert [o["Name"] for o in save["ObjectStates"]] == ["Custom_Board", "DeckCustom", "DeckCustom", "Bag"]
    assert (tmp_path / "gull-island.png").is_file()
