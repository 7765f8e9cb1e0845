"""Rivages print-and-play: card-sheet layout checked by numbers (cards a page, pages, sizes,
margins), Tree of Wisdom sheets, and ``studio render`` on trees, card sets and loot files."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtGui import QImage  # noqa: E402

from studio.model.io import read  # noqa: E402
from studio.model.rivages import Tree, TreeNode, TreeSide  # noqa: E402
from studio.render.cards import (  # noqa: E402
    CARD_MM,
    MIN_MARGIN_MM,
    TOKEN_GAP_MM,
    TOKEN_MM,
    layout_card_sheets,
    sheet_items,
)
from studio.render.cli import main  # noqa: E402
from studio.render.export import ExportError  # noqa: E402
from studio.render.tree import MAX_HEX_MM, layout_tree  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RIV = ROOT / "boards" / "rivages"
MM_PER_PT = 25.4 / 72


@pytest.fixture(autouse=True)
def _app(qapp):
    return qapp


def pdf_pages(path: Path) -> list[tuple[float, float]]:
    data = path.read_bytes()
    assert data.startswith(b"%PDF-")
    pages = []
    for match in re.finditer(rb"/Type\s*/Page(?![s\w])(.*?)>>", data, re.S):
        box = re.search(rb"/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]", match.group(1))
        x0, y0, x1, y1 = (float(v) for v in box.groups())
        pages.append((round((x1 - x0) * MM_PER_PT), round((y1 - y0) * MM_PER_PT)))  # whole mm: PDF points round
    return pages


# -- layout by numbers ------------------------------------------------------------------------

def test_bundled_cards_are_41_on_five_a4_pages_nine_a_page():
    items = sheet_items(read(RIV / "cards.yaml"))
    assert [i.kind for i in items].count("exploration") == 36 and [i.kind for i in items].count("endgame") == 5
    layout = layout_card_sheets(items, "a4")
    assert layout.sheet_mm == (210.0, 297.0)
    assert [len(p.slots) for p in layout.pages] == [9, 9, 9, 9, 5]
    assert all((p.rows, p.cols) == (3, 3) for p in layout.pages)
    assert layout.per_page == {"cards": 9, "tokens": 70}
    assert layout.summary() == "41 cards (63 × 88 mm) on 5 A4 pages"


def test_cards_are_true_size_edge_to_edge_and_centred_inside_the_margins():
    layout = layout_card_sheets(sheet_items(read(RIV / "cards.yaml")), "a4")
    page = layout.pages[0]
    rects = [s.rect for s in page.slots]
    assert all((r.width(), r.height()) == CARD_MM for r in rects)
    assert rects[1].left() == pytest.approx(rects[0].right())          # one cut between neighbours
    assert rects[3].top() == pytest.approx(rects[0].bottom())
    grid = page.grid
    assert (grid.width(), grid.height()) == (3 * 63.0, 3 * 88.0)
    assert grid.left() == pytest.approx((210 - 189) / 2) and grid.top() == pytest.approx((297 - 264) / 2)
    assert grid.left() >= MIN_MARGIN_MM and grid.top() >= MIN_MARGIN_MM


def test_letter_paper_holds_nine_cards_and_63_tokens():
    items = sheet_items(read(RIV / "cards.yaml"), read(RIV / "loot.yaml"))
    layout = layout_card_sheets(items, "letter")
    assert layout.sheet_mm == (215.9, 279.4)
    assert layout.per_page == {"cards": 9, "tokens": 63}
    assert [(p.kind, len(p.slots)) for p in layout.pages] == [("cards", 9)] * 4 + [("cards", 5), ("tokens", 25)]


def test_tokens_one_per_token_in_the_bag_apart_and_on_the_sheet():
    loot = read(RIV / "loot.yaml")
    layout = layout_card_sheets(sheet_items(None, loot), "a4")
    assert len(layout.pages) == 1
    slots = layout.pages[0].slots
    assert len(slots) == loot.total() == 25
    assert [s.item.obj.kind for s in slots][:7] == ["purse"] * 6 + ["spyglass"]
    assert all(s.rect.width() == TOKEN_MM for s in slots)
    assert slots[1].rect.left() - slots[0].rect.right() == pytest.approx(TOKEN_GAP_MM)
    assert all(s.rect.left() >= MIN_MARGIN_MM and s.rect.right() <= 210 - MIN_MARGIN_MM for s in slots)


def test_solo_cards_are_the_target_the_explorer_and_each_challenge():
    items = sheet_items(read(RIV / "solo.yaml"))
    assert [i.kind for i in items] == ["target", "explorer"] + ["challenge"] * 5


def test_a_hundred_cards_make_twelve_pages():
    from studio.model.rivages import Card, CardSet

    cards = CardSet("many", exploration=[Card(f"c{i}", (("any",),), 2) for i in range(100)])
    layout = layout_card_sheets(sheet_items(cards), "a4")
    assert len(layout.pages) == 12 and len(layout.pages[-1].slots) == 1


def test_unknown_paper_is_refused():
    with pytest.raises(ExportError, match="paper must be one of a4, letter"):
        layout_card_sheets(sheet_items(None, read(RIV / "loot.yaml")), "a3")


def test_tree_hex_size_fits_the_tallest_side_and_is_capped():
    tree = read(RIV / "trees" / "banyan.yaml")
    layout = layout_tree(tree, "a4")
    assert layout.sides == ("A", "B") and layout.hex_mm == MAX_HEX_MM
    tall = Tree("tall", {s: TreeSide("n0", {f"n{k}": TreeNode(f"n{k}", (0, -k)) for k in range(40)},
                                     [(f"n{k}", f"n{k + 1}") for k in range(39)]) for s in "AB"})
    small = layout_tree(tall, "a4")
    # 39 rows of 1.5 hex sizes plus a node disc at each end fit 297 - 24 - 16 mm
    assert small.hex_mm < MAX_HEX_MM
    assert (39 * 1.5 + 2 * 0.82) * small.hex_mm == pytest.approx(297 - 2 * 12 - 16)


# -- studio render ----------------------------------------------------------------------------

def test_render_tree_pdf_has_a_page_per_side(tmp_path, capsys):
    out = tmp_path / "tree.pdf"
    assert main([str(RIV / "trees" / "kapok.yaml"), "-o", str(out)]) == 0
    assert pdf_pages(out) == [(210, 297)] * 2
    assert "Kapok Tree of Wisdom: sides A, B, 2 pages, A4, hex size 18.0 mm" in capsys.readouterr().err


def test_render_one_tree_side_as_svg_in_mm(tmp_path):
    out = tmp_path / "side-b.svg"
    assert main([str(RIV / "trees" / "kapok.yaml"), "--side", "B", "-o", str(out)]) == 0
    root = ET.parse(out).getroot()
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("210mm", "297mm", "0 0 210 297")


def test_render_cards_pdf_and_letter_png(tmp_path, capsys):
    out = tmp_path / "cards.pdf"
    assert main([str(RIV / "cards.yaml"), "-o", str(out), "--bleed-mm", "0", "--no-backs"]) == 0
    assert pdf_pages(out) == [(210, 297)] * 5
    # the defaults: 3 mm bleed, 8 cards a landscape sheet, each sheet followed by its backs
    assert main([str(RIV / "cards.yaml"), "-o", str(out)]) == 0
    assert pdf_pages(out) == [(297, 210)] * 12
    png = tmp_path / "cards.png"
    assert main([str(RIV / "cards.yaml"), "-o", str(png), "--paper", "letter", "--dpi", "50", "--bleed-mm", "0",
                 "--no-backs"]) == 0
    files = sorted(tmp_path.glob("cards-p*.png"))
    assert [f.name for f in files] == [f"cards-p{i}.png" for i in range(1, 6)]
    image = QImage(str(files[0]))
    assert (image.width(), image.height()) == (round(215.9 / 25.4 * 50), round(279.4 / 25.4 * 50))


def test_render_loot_and_solo_sheets(tmp_path, capsys):
    assert main([str(RIV / "loot.yaml"), "-o", str(tmp_path / "loot.pdf"), "--bleed-mm", "0", "--no-backs"]) == 0
    assert main([str(RIV / "solo.yaml"), "-o", str(tmp_path / "solo.pdf"), "--bleed-mm", "0", "--no-backs"]) == 0
    assert len(pdf_pages(tmp_path / "loot.pdf")) == 1 and len(pdf_pages(tmp_path / "solo.pdf")) == 1
    err = capsys.readouterr().err
    assert "Loot tokens: 25 tokens (⌀ 25 mm) on 1 A4 page" in err
    assert "Solo cards: 7 cards (63 × 88 mm) on 1 A4 page" in err


def test_render_refuses_a_tree_with_errors_and_writes_nothing(tmp_path, capsys):
    bad = tmp_path / "bad-tree.yaml"
    text = (RIV / "trees" / "kapok.yaml").read_text(encoding="utf-8")
    bad.write_text(text.replace("start: a1", "start: nowhere", 1), encoding="utf-8")
    out = tmp_path / "bad.pdf"
    assert main([str(bad), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "has 1 error" in err and "rivages/tree-start" in err and f"{bad}:" in err
    assert not out.exists()


def test_render_refuses_board_paper_and_scenarios(tmp_path, capsys):
    assert main([str(RIV / "cards.yaml"), "-o", str(tmp_path / "x.pdf"), "--paper", "board"]) == 2
    assert "--paper board is for boards" in capsys.readouterr().err
    assert main([str(ROOT / "scenarios" / "rivages.yaml"), "-o", str(tmp_path / "x.pdf")]) == 2
    assert "rivages-scenario/1 file, which has nothing to print" in capsys.readouterr().err


def test_render_and_export_tts_name_a_realm_scenarios_boards(tmp_path, capsys):
    # the fresh-user trial gave `studio render jungle-temples` as the README's short name for playtest
    from studio.render.tts_cli import main as tts_main

    boards = "jungle-temples-2p, jungle-temples-3p, jungle-temples-4p"
    assert main([str(ROOT / "scenarios" / "jungle-temples.yaml"), "-o", str(tmp_path / "x.pdf")]) == 2
    assert f"this scenario's boards are {boards})" in capsys.readouterr().err
    assert tts_main([str(ROOT / "scenarios" / "jungle-temples.yaml"), "-o", str(tmp_path / "set.json")]) == 2
    assert f"takes a board (this scenario's: {boards}) or an island" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists() and not (tmp_path / "set.json").exists()
