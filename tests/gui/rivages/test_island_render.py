"""``studio render ISLAND -o FILE`` and the island pages: true size, tiling, refusing islands
with errors, and a drawing of every kind of space."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtGui import QImage, QPainter

from studio.model.io import read
from studio.render.cli import main
from studio.render.island import island_rect, layout_island, paint_island

ROOT = Path(__file__).resolve().parents[3]
GULL = ROOT / "boards" / "rivages" / "islands" / "gull-rock.yaml"
MM_PER_PT = 25.4 / 72


def pdf_pages(path: Path) -> list[tuple[float, float]]:
    data = path.read_bytes()
    assert data.startswith(b"%PDF-")
    out = []
    for match in re.finditer(rb"/Type\s*/Page(?![s\w])(.*?)>>", data, re.S):
        x0, y0, x1, y1 = (float(v) for v in re.search(
            rb"/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]", match.group(1)).groups())
        out.append((round((x1 - x0) * MM_PER_PT), round((y1 - y0) * MM_PER_PT)))
    return out


def test_pdf_one_a4_page_by_default(qapp, tmp_path, capsys):
    out = tmp_path / "gull.pdf"
    assert main([str(GULL), "-o", str(out)]) == 0
    assert pdf_pages(out) == [(210, 297)]
    err = capsys.readouterr().err
    assert "Gull Rock: 1 sheet on A4, hex 22 mm across the flats" in err


def test_large_hexes_tile_across_sheets(qapp, tmp_path, capsys):
    out = tmp_path / "gull.png"
    assert main([str(GULL), "-o", str(out), "--hex-mm", "60", "--dpi", "40"]) == 0
    written = capsys.readouterr().out.split()
    layout = layout_island(read(GULL), "a4", 60)
    assert len(written) == layout.count == 6 and layout.grid == (2, 3)
    image = QImage(written[0])
    assert (image.width(), image.height()) == (round(210 / 25.4 * 40), round(297 / 25.4 * 40))


def test_board_sized_svg_in_millimetres(qapp, tmp_path):
    out = tmp_path / "gull.svg"
    assert main([str(GULL), "-o", str(out), "--paper", "board", "--hex-mm", "20", "--margin-mm", "5"]) == 0
    root = ET.parse(out).getroot()
    layout = layout_island(read(GULL), "board", 20, 5)
    assert float(root.get("width").removesuffix("mm")) == pytest.approx(layout.sheet_mm[0], abs=0.1)
    assert float(root.get("height").removesuffix("mm")) == pytest.approx(layout.sheet_mm[1], abs=0.1)
    # the island's width on paper: hexes 20 mm across the flats
    rect = island_rect(read(GULL), 0.25)
    assert layout.sheet_mm[0] == pytest.approx(rect.width() * 20 / 3 ** 0.5 + 10)


def test_bad_hex_size_and_islands_with_errors_are_refused(qapp, tmp_path, capsys):
    assert main([str(GULL), "-o", str(tmp_path / "x.pdf"), "--hex-mm", "2"]) == 2
    assert "hex size must be between 5 and 120 mm, got 2" in capsys.readouterr().err
    bad = tmp_path / "bad.yaml"
    bad.write_text(GULL.read_text().replace("kind: ship", "kind: forest", 1))
    assert main([str(bad), "-o", str(tmp_path / "bad.pdf")]) == 1   # as studio validate on it
    err = capsys.readouterr().err
    assert "has 1 error" in err and "rivages/ship-count" in err
    assert not (tmp_path / "bad.pdf").exists()


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_every_space_kind_is_drawn_inside_the_island_rect(qapp, orientation):
    island = read(GULL)
    island.orientation = orientation
    rect = island_rect(island)
    image = QImage(int(rect.width() * 20), int(rect.height() * 20), QImage.Format_ARGB32)
    image.fill(0)
    p = QPainter(image)
    p.scale(20, 20)
    p.translate(-rect.left(), -rect.top())
    paint_island(p, island)
    p.end()
    # every space's centre is painted (opaque)
    from studio.render.island import centre
    for s in island.spaces:
        c = centre(s.at, orientation)
        x, y = int((c.x() - rect.left()) * 20), int((c.y() - rect.top()) * 20)
        assert image.pixelColor(x, y).alpha() == 255, s
