"""``studio render``: print-and-play export without a window. PDFs are checked for page count
and page size, SVGs for their size in mm, PNGs for their pixel size at the dpi."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtGui import QImage  # noqa: E402

from studio.model import io  # noqa: E402
from studio.render import export  # noqa: E402
from studio.render.cli import main  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "boards" / "realm" / "jungle-temples-2p.yaml"
BROKEN = ROOT / "tests" / "data" / "broken"
MM_PER_PT = 25.4 / 72


@pytest.fixture(autouse=True)
def _app(qapp):
    """The CLI makes its own QGuiApplication when run alone; here pytest-qt's is reused."""
    return qapp


def pdf_pages(path: Path) -> list[tuple[float, float]]:
    """(width, height) in mm of every page of a PDF written by Qt (plain object dicts)."""
    data = path.read_bytes()
    assert data.startswith(b"%PDF-")
    pages = []
    for match in re.finditer(rb"/Type\s*/Page(?![s\w])(.*?)>>", data, re.S):
        box = re.search(rb"/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]", match.group(1))
        assert box, "page without MediaBox"
        x0, y0, x1, y1 = (float(v) for v in box.groups())
        pages.append(((x1 - x0) * MM_PER_PT, (y1 - y0) * MM_PER_PT))
    return pages


def svg_size(path: Path) -> tuple[str, str, str]:
    root = ET.parse(path).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root.get("width"), root.get("height"), root.get("viewBox")


def test_pdf_one_a4_landscape_page_at_25_mm(tmp_path, capsys):
    out = tmp_path / "board.pdf"
    assert main([str(BOARD), "-o", str(out)]) == 0
    pages = pdf_pages(out)
    assert len(pages) == 1
    assert pages[0] == pytest.approx((297, 210), abs=0.5)
    captured = capsys.readouterr()
    assert str(out) in captured.out
    assert "1 page, A4 landscape" in captured.err


def test_pdf_tiles_a_large_board_across_pages(tmp_path):
    # 40 mm spacing: the board is about 442 x 304 mm, 2 x 2 A4 landscape sheets (portrait needs 6)
    out = tmp_path / "big.pdf"
    assert main([str(BOARD), "-o", str(out), "--spacing-mm", "40"]) == 0
    pages = pdf_pages(out)
    assert len(pages) == 4
    assert all(p == pytest.approx((297, 210), abs=0.5) for p in pages)

    out = tmp_path / "big-letter.pdf"
    assert main([str(BOARD), "-o", str(out), "--spacing-mm", "40", "--paper", "letter",
                 "--orientation", "portrait"]) == 0
    pages = pdf_pages(out)
    board = io.read_board(BOARD)
    layout = export.layout_sheets(board, export.ExportSettings(paper="letter", orientation="portrait", spacing_mm=40))
    assert (layout.rows, layout.cols) == (2, 3)
    assert len(pages) == 6
    assert all(p == pytest.approx((215.9, 279.4), abs=0.5) for p in pages)


def test_pdf_on_a_board_sized_sheet(tmp_path):
    out = tmp_path / "sheet.pdf"
    assert main([str(BOARD), "-o", str(out), "--paper", "board", "--margin-mm", "5", "--spacing-mm", "20"]) == 0
    board = io.read_board(BOARD)
    content = export.print_rect(board, export.ExportSettings().render_options())  # no seat labels
    expected = (content.width() * 20 + 10, content.height() * 20 + 10)
    pages = pdf_pages(out)
    assert len(pages) == 1
    assert pages[0] == pytest.approx(expected, abs=0.5)  # PDF page sizes are whole points


def test_svg_has_its_size_in_mm(tmp_path):
    out = tmp_path / "board.svg"
    assert main([str(BOARD), "-o", str(out)]) == 0
    assert svg_size(out) == ("297mm", "210mm", "0 0 297 210")
    out = tmp_path / "letter.svg"
    assert main([str(BOARD), "-o", str(out), "--paper", "letter", "--spacing-mm", "20"]) == 0
    assert svg_size(out) == ("279.4mm", "215.9mm", "0 0 279.4 215.9")
    text = out.read_text(encoding="utf-8")
    assert "<title>Jungle Temples, 2 players</title>" in text


def test_svg_tiles_are_one_file_per_sheet(tmp_path, capsys):
    out = tmp_path / "big.svg"
    assert main([str(BOARD), "-o", str(out), "--spacing-mm", "40", "--format", "svg"]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["big-row1-col1.svg", "big-row1-col2.svg", "big-row2-col1.svg", "big-row2-col2.svg"]
    for name in names:
        assert svg_size(tmp_path / name)[:2] == ("297mm", "210mm")
    # each sheet is clipped to its own tile, so they differ
    assert (tmp_path / names[0]).read_bytes() != (tmp_path / names[3]).read_bytes()
    assert capsys.readouterr().out.split() == [str(tmp_path / n) for n in names]


def test_png_pixel_size_follows_the_dpi(tmp_path):
    out = tmp_path / "board.png"
    assert main([str(BOARD), "-o", str(out), "--dpi", "100"]) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (round(297 / 25.4 * 100), round(210 / 25.4 * 100))  # 1169 x 827
    assert image.dotsPerMeterX() == pytest.approx(100 / 0.0254, abs=1)
    # white paper, and the board's pegs drawn on it
    assert image.pixelColor(3, 3).name() == "#ffffff"
    colours = {image.pixelColor(x, image.height() // 2).name() for x in range(0, image.width(), 3)}
    assert len(colours) > 10

    out = tmp_path / "portrait.png"
    assert main([str(BOARD), "-o", str(out), "--dpi", "50", "--orientation", "portrait", "--paper", "letter"]) == 0
    files = sorted(p.name for p in tmp_path.glob("portrait*.png"))
    assert files == ["portrait-row1-col1.png", "portrait-row1-col2.png"]  # 276 mm wide: 2 columns
    image = QImage(str(tmp_path / files[0]))
    assert (image.width(), image.height()) == (round(215.9 / 25.4 * 50), round(279.4 / 25.4 * 50))


def test_format_comes_from_the_suffix_or_the_option(tmp_path):
    assert main([str(BOARD), "-o", str(tmp_path / "noext"), "--format", "png", "--dpi", "40"]) == 0
    assert (tmp_path / "noext.png").is_file()
    assert main([str(BOARD), "-o", str(tmp_path / "plain")]) == 0
    assert pdf_pages(tmp_path / "plain.pdf")
    # an unknown suffix is kept when --format says what to write
    assert main([str(BOARD), "-o", str(tmp_path / "x.jpg"), "--format", "svg"]) == 0
    assert (tmp_path / "x.jpg.svg").is_file()


@pytest.mark.parametrize("argv, message", [
    (["-o", "x.pdf"], "required"),
    ([str(BOARD)], "required: -o/--output"),
    ([str(BOARD), "-o", "x.pdf", "--paper", "a3"], "invalid choice"),
    ([str(BOARD), "-o", "x.pdf", "--spacing-mm", "0"], "peg spacing must be 2 to 200 mm, got 0.0"),
    ([str(BOARD), "-o", "x.pdf", "--spacing-mm", "ten"], "argument --spacing-mm: must be a number, got 'ten'"),
    ([str(BOARD), "-o", "x.png", "--dpi", "5000"], "dpi must be 30 to 1200"),
    ([str(BOARD), "-o", "x.pdf", "--format", "svg"], "does not match the output file's suffix .pdf"),
    ([str(BOARD), "-o", "x.pdf", "--margin-mm", "60"], "margin must be 0 to 50 mm"),
    ([str(BOARD), "-o", "x.jpg"], "cannot tell the format from the suffix .jpg of x.jpg: use .png, .svg or .pdf"),
    ([str(BOARD), "-o", "board.v2"], "or give --format (png, svg, pdf)"),
])
def test_usage_errors_exit_2(argv, message, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("name, where, status", [
    ("yaml-syntax.yaml", r"yaml-syntax\.yaml:\d+:\d+", 1),
    ("unknown-key.yaml", r"unknown-key\.yaml:\d+:\d+: error schema/", 1),
    ("missing.yaml", r"missing\.yaml: error io/not-found: no such file$", 2),
])
def test_boards_that_do_not_load_exit_as_validate_does_with_their_location(name, where, status, capsys, tmp_path):
    """1 for content with errors, 2 for a file that cannot be read, as studio validate."""
    assert main([str(BROKEN / name), "-o", str(tmp_path / "out.pdf")]) == status
    err = capsys.readouterr().err
    assert re.search(where, err), err
    assert "Traceback" not in err
    assert not (tmp_path / "out.pdf").exists()


def test_an_output_under_a_file_exits_2(tmp_path, capsys):
    (tmp_path / "a-file").write_text("x")
    assert main([str(BOARD), "-o", str(tmp_path / "a-file" / "such" / "folder.pdf")]) == 2
    err = capsys.readouterr().err
    assert f"{tmp_path / 'a-file'} is a file, not a folder" in err and "Traceback" not in err
    assert main([str(BOARD), "-o", str(tmp_path / "no" / "such" / "folder.pdf")]) == 0  # folders made
    assert (tmp_path / "no" / "such" / "folder.pdf").read_bytes().startswith(b"%PDF")


def test_help_exits_0(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for option in ("--format", "--paper", "--spacing-mm", "--dpi"):
        assert option in out


def test_tiles_draw_only_their_part_and_look_the_same(tmp_path, monkeypatch):
    """Each tiled sheet draws just the pegs, lines and segments near its tile (so a PDF does
    not hold the whole board on every page), and looks exactly as if it drew everything."""
    board = io.read_board(BOARD)
    settings = export.ExportSettings(format="png", spacing_mm=40, dpi=60, seat_labels=True)
    layout = export.layout_sheets(board, settings)
    assert layout.pages == 4
    part = export._tile_board(board, layout.tiles[0].source)
    assert 0 < len(part.pegs) < len(board.pegs) and 0 < len(part.lines) < len(board.lines)
    cut = export.write_png(board, tmp_path / "cut.png", settings)
    monkeypatch.setattr(export, "_tile_board", lambda b, source, reach=0.6: b)
    whole = export.write_png(board, tmp_path / "whole.png", settings)
    for a, b in zip(cut, whole):
        assert QImage(str(a)) == QImage(str(b)), a.name


def test_a_board_with_errors_is_not_printed(tmp_path, capsys):
    from studio.render.cli import main

    root = Path(__file__).resolve().parent.parent
    out = tmp_path / "broken.pdf"
    code = main([str(root / "tests" / "data" / "broken" / "crossing-lines.yaml"), "-o", str(out)])
    assert code == 1   # as studio validate on it
    assert "geometry/lines-cross" in capsys.readouterr().err
    assert not out.exists()


def test_a_file_name_too_long_is_one_plain_line(tmp_path, capsys):
    out = tmp_path / ("a" * 260 + ".pdf")
    assert main([str(BOARD), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == f"studio render: could not write {out}: the file name is too long\n"


def test_a_sheet_suffix_that_makes_the_name_too_long_is_explained(tmp_path, capsys):
    out = tmp_path / ("b" * 250 + ".png")  # fits; NAME-row1-col1.png does not
    assert main([str(BOARD), "-o", str(out), "--spacing-mm", "60"]) == 2  # an output that cannot be written
    err = capsys.readouterr().err
    assert err.startswith(f"studio render: could not write {tmp_path / ('b' * 250)}-row1-col1.png: the sheet "
                          "suffix (-row1-col1.png) makes the name longer than the file system allows")
    assert list(tmp_path.iterdir()) == []


def test_dash_is_standard_output_never_a_file_name(tmp_path, capsysbinary, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main([str(BOARD), "-o", "-"]) == 0
    out = capsysbinary.readouterr().out
    assert out.startswith(b"%PDF") and out.rstrip().endswith(b"%%EOF")  # one whole PDF, nothing else
    assert list(tmp_path.iterdir()) == []


def test_more_sheets_than_the_limit_are_refused_unless_allowed(tmp_path, capsys):
    out = tmp_path / "big.pdf"
    assert main([str(BOARD), "-o", str(out), "--spacing-mm", "40", "--max-sheets", "3"]) == 2
    err = capsys.readouterr().err
    assert "would print on 4 sheets (2 rows × 2 columns of A4 landscape" in err
    assert "more than the limit of 3" in err and "--max-sheets 4" in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []
    assert main([str(BOARD), "-o", str(out), "--spacing-mm", "40", "--max-sheets", "4"]) == 0
    assert len(pdf_pages(out)) == 4


def test_a_peg_far_out_is_refused_by_default(tmp_path, capsys):
    board = tmp_path / "far.yaml"
    board.write_text(BOARD.read_text().replace("  a1: {at: [0, 0], colour: green}",
                                               "  a1: {at: [0, 0], colour: green}\n  zz: {at: [-1000, 1000], colour: green}", 1))
    assert main([str(board), "-o", str(tmp_path / "far.pdf")]) == 2
    err = capsys.readouterr().err
    assert re.search(r"would print on \d{5} sheets .* more than the limit of 100", err)
    assert not (tmp_path / "far.pdf").exists()


def test_a_stopped_export_writes_nothing_and_keeps_the_old_file(tmp_path, monkeypatch):
    out = tmp_path / "big.pdf"
    out.write_bytes(b"%PDF-old")
    calls = []

    def stop():  # asked before each sheet: stop before the third
        calls.append(1)
        return len(calls) > 2

    with pytest.raises(export.Stopped) as stopped:
        export.export_board(io.read_board(BOARD), out, export.ExportSettings(spacing_mm=40), stop=stop)
    assert stopped.value.written == []
    assert out.read_bytes() == b"%PDF-old" and sorted(p.name for p in tmp_path.iterdir()) == ["big.pdf"]
    # tiled PNGs: the sheets finished before the stop are whole, and said
    calls.clear()
    with pytest.raises(export.Stopped) as stopped:
        export.export_board(io.read_board(BOARD), tmp_path / "t.png",
                            export.ExportSettings(format="png", spacing_mm=40, dpi=30), stop=stop)
    assert [p.name for p in stopped.value.written] == ["t-row1-col1.png", "t-row1-col2.png"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.pdf", "t-row1-col1.png", "t-row1-col2.png"]


@pytest.mark.parametrize("sig, code, said", [("SIGINT", 130, "interrupted (Ctrl+C)"), ("SIGTERM", 143, "ended by SIGTERM")])
def test_ctrl_c_and_sigterm_end_with_one_line_and_no_file(tmp_path, sig, code, said):
    import os
    import signal
    import subprocess
    import sys
    import time

    board = tmp_path / "far.yaml"
    board.write_text(BOARD.read_text().replace("  a1: {at: [0, 0], colour: green}",
                                               "  a1: {at: [0, 0], colour: green}\n  zz: {at: [-300, 300], colour: green}", 1))
    out = tmp_path / "far.pdf"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "studio", "render", str(board), "-o", str(out),
                             "--max-sheets", "5000"], stderr=subprocess.PIPE, text=True, env=env)
    deadline = time.monotonic() + 60
    while not any(p.name.endswith(".tmp") for p in tmp_path.iterdir()) and time.monotonic() < deadline:
        time.sleep(0.1)  # painting has started once the temp file exists
    proc.send_signal(getattr(signal, sig))
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == code
    assert err == f"studio render: {said}: stopped before {out} was complete; nothing was written\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["far.yaml"]


@pytest.mark.parametrize("fmt", ["pdf", "svg", "png"])
def test_a_full_disk_exits_2_keeps_the_old_file_and_leaves_no_temp(tmp_path, capsys, monkeypatch, fmt):
    """Qt's file writers ignore write errors (a nearly full disk gave a truncated file, exit 0,
    the good old file replaced): the bytes now go through Python, whose failure is seen."""
    import errno
    import os

    out = tmp_path / f"board.{fmt}"
    out.write_bytes(b"old")

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(export.os, "fsync", full)
    assert main([str(BOARD), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"could not write {out}: the disk is full" in err
    assert ".tmp" not in err and "libpng" not in err
    assert out.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == [out.name]
