"""File ▸ Export… and File ▸ Print…: the Export dialog (settings, sheet count, preview) and
the files it writes; printing through a QPrinter (the print dialog is patched)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QImage, QPageLayout
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from studio.gui.shell import prompts
from studio.gui.shell.files.export_dialog import ExportDialog
from studio.gui.shell.files.services import load_export_settings
from studio.render import export

pytestmark = pytest.mark.gui

FILE_DIALOGS = ("ask_export", "ask_print_settings", "ask_print", "ask_export_file", "ask_reload_changed",
                "ask_recover_autosaves", "ask_many_sheets")


@pytest.fixture(autouse=True)
def recovery_dir(tmp_path, monkeypatch):
    folder = tmp_path / "recovery"
    monkeypatch.setenv("STUDIO_RECOVERY_DIR", str(folder))
    return folder


@pytest.fixture
def file_dialogs(dialogs, monkeypatch):
    """The ``dialogs`` log, also answering the file services' dialogs."""
    for name in FILE_DIALOGS:
        monkeypatch.setattr(prompts, name, dialogs._make(name))
    return dialogs


def pdf_page_sizes(path: Path) -> list[tuple[float, float]]:
    data = path.read_bytes()
    boxes = re.findall(rb"/Type\s*/Page(?![s\w]).*?/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", data, re.S)
    return [(float(w) * 25.4 / 72, float(h) * 25.4 / 72) for w, h in boxes]


def test_dialog_counts_sheets_as_settings_change(window, qtbot):
    dialog = ExportDialog(window.document.board, export.ExportSettings(), "/tmp/board.pdf")
    qtbot.addWidget(dialog)
    assert dialog.page_count() == 1
    assert dialog.summary.text().startswith("1 page, A4 landscape")
    assert not dialog.preview.pixmap().isNull()

    dialog.spacing_spin.setValue(40)            # about 442 x 304 mm: 2 x 2 A4 landscape sheets
    assert dialog.page_count() == 4
    assert dialog.summary.text().startswith("2 × 2 = 4 pages, A4 landscape")
    dialog.orientation_box.setCurrentIndex(dialog.orientation_box.findData("portrait"))
    assert dialog.page_count() == 6
    dialog.paper_box.setCurrentIndex(dialog.paper_box.findData("board"))
    assert dialog.page_count() == 1
    assert "board-sized sheet" in dialog.summary.text()

    s = dialog.settings()
    assert (s.paper, s.orientation, s.spacing_mm, s.format) == ("board", "portrait", 40, "pdf")


def test_dialog_format_sets_suffix_dpi_and_ok(window, qtbot):
    dialog = ExportDialog(window.document.board, export.ExportSettings(dpi=100), "/tmp/board.pdf")
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.Ok)
    assert ok.text() == "Export" and ok.isEnabled()
    assert not dialog.dpi_spin.isEnabled()
    dialog.format_box.setCurrentIndex(dialog.format_box.findData("png"))
    assert dialog.path() == "/tmp/board.png"
    assert dialog.dpi_spin.isEnabled()
    assert "1169 × 827 px per sheet" in dialog.summary.text()
    dialog.path_edit.setText("")
    assert not ok.isEnabled()
    dialog.path_edit.setText("/tmp/elsewhere")
    assert dialog.path() == "/tmp/elsewhere.png"

    printing = ExportDialog(window.document.board, export.ExportSettings(), None, for_print=True)
    qtbot.addWidget(printing)
    assert printing.buttons.button(QDialogButtonBox.Ok).text() == "Print…"
    assert printing.buttons.button(QDialogButtonBox.Ok).isEnabled()


def test_ask_export_runs_the_real_dialog(window, qtbot, tmp_path, real_dialogs):
    target = tmp_path / "real.svg"

    def answer():
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, ExportDialog)
        dialog.format_box.setCurrentIndex(dialog.format_box.findData("svg"))
        dialog.path_edit.setText(str(target))
        dialog.buttons.button(QDialogButtonBox.Ok).click()

    QTimer.singleShot(0, answer)
    ask_export = real_dialogs["ask_export"]  # the window fixture patches prompts: drive the real one
    path, settings = ask_export(window, window.document.board, export.ExportSettings(), "x.pdf")
    assert path == str(target)
    assert settings.format == "svg"


def test_file_export_writes_pdf_and_remembers_settings(window, file_dialogs, tmp_path):
    menu_texts = [a.text() for a in window.menuBar().actions()[0].menu().actions()]
    assert "E&xport…" in menu_texts and "&Print…" in menu_texts

    target = tmp_path / "print.pdf"
    chosen = export.ExportSettings(spacing_mm=40)
    file_dialogs.answer("ask_export", (str(target), chosen))
    window.files.export_action.trigger()
    (args,) = file_dialogs.named("ask_export")
    assert args[1] == export.ExportSettings()                 # defaults the first time
    assert args[2].endswith("jungle-temples-2p.pdf")
    assert len(pdf_page_sizes(target)) == 4
    assert str(target) in window.hint_label.text()
    assert load_export_settings(window.settings) == chosen

    window.files.export_action.trigger()                      # the dialog opens on the last settings
    assert file_dialogs.named("ask_export")[1][1] == chosen


def test_file_export_png_tiles_and_errors(window, file_dialogs, tmp_path):
    file_dialogs.answer("ask_export", (str(tmp_path / "tiles.png"), export.ExportSettings(format="png", dpi=40,
                                                                                          spacing_mm=40)))
    window.files.export()
    files = sorted(p.name for p in tmp_path.glob("tiles*.png"))
    assert files == ["tiles-row1-col1.png", "tiles-row1-col2.png", "tiles-row2-col1.png", "tiles-row2-col2.png"]
    image = QImage(str(tmp_path / files[0]))
    assert (image.width(), image.height()) == (round(297 / 25.4 * 40), round(210 / 25.4 * 40))
    assert "4 files" in window.hint_label.text()

    file_dialogs.answer("ask_export", (str(tmp_path / "missing" / "x.pdf"), export.ExportSettings()))
    file_dialogs.answer("show_error")
    assert window.files.export() is False
    (error,) = file_dialogs.named("show_error")
    assert error[0] == "Cannot export board" and "does not exist" in error[1]

    file_dialogs.answer("ask_export", None)                   # cancelled: nothing happens
    assert window.files.export() is False


def test_print_goes_through_a_full_page_printer(window, file_dialogs, tmp_path, monkeypatch):
    out = tmp_path / "printed.pdf"
    seen = {}

    def print_dialog(parent, printer):
        seen["orientation"] = printer.pageLayout().orientation()
        seen["full_page"] = printer.fullPage()
        printer.setOutputFormat(QPrinter.PdfFormat)
        printer.setOutputFileName(str(out))
        return True

    file_dialogs.answer("ask_print_settings", export.ExportSettings(spacing_mm=40))
    monkeypatch.setattr(prompts, "ask_print", print_dialog)
    assert window.files.print_board() is True
    assert seen == {"orientation": QPageLayout.Landscape, "full_page": True}
    sizes = pdf_page_sizes(out)
    assert len(sizes) == 4
    assert all(s == pytest.approx((297, 210), abs=0.5) for s in sizes)
    assert "Printed 4 pages" in window.hint_label.text()

    file_dialogs.answer("ask_print_settings", None)            # cancelled at the options
    assert window.files.print_board() is False


@pytest.mark.parametrize("go_on", [False, True])
def test_export_of_a_board_on_very_many_sheets_asks_first(window, file_dialogs, tmp_path, monkeypatch, go_on):
    """Trial of issue 11: a stray peg far out made File > Export write thousands of sheets with
    the window frozen; past studio render's limit the editor asks first (Cancel by default)."""
    import studio.render.cli as render_cli

    settings = export.ExportSettings(spacing_mm=40)
    layout = export.layout_sheets(window.document.board, settings)
    assert layout.pages == 4
    monkeypatch.setattr(render_cli, "MAX_SHEETS", 3)
    target = tmp_path / "print.pdf"
    file_dialogs.answer("ask_export", (str(target), settings))
    file_dialogs.answer("ask_many_sheets", go_on)
    assert window.files.export() is go_on
    (args,) = file_dialogs.named("ask_many_sheets")
    assert args == ("Export", 4, layout.rows, layout.cols, 3)
    assert target.exists() is go_on
