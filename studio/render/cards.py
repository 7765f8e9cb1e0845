"""Print-and-play card sheets for Rivages: Exploration cards (rows of symbols and the
player-count marker 2+ to 5+, RIV-S3), Endgame cards, the solo cards (scroll target, Solo
Explorer, challenges; RIV-X1, RIV-X5, RIV-X6) and Loot tokens (RIV-I6, one per token in the bag).

Cards are :data:`CARD_MM` (63 × 88 mm, the common "poker" size that standard sleeves fit) and
tokens discs of :data:`TOKEN_MM`. Cards sit edge to edge in a grid (one cut between
neighbours) with cut marks in the margin continuing every grid line; tokens sit
:data:`TOKEN_GAP_MM` apart, each with its cutting circle. :func:`layout_card_sheets` says what
goes where (all sizes in mm; testable without painting); :func:`card_pages` gives the
:class:`~studio.render.pages.Pages` to write. QtGui only."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from studio.model.rivages import Card, CardSet, Challenge, LootSet, LootToken, SoloCards
from studio.render import glyphs
from studio.render.export import ExportError
from studio.render.pages import Pages, sheet_size
from studio.render.rivages_glyphs import (
    DEFAULT_PALETTE, INK, Palette, effect_parts, effect_text, paint_area, paint_effect, paint_loot, paint_scroll,
    paint_statue, paint_symbol,
)

CARD_MM = (63.0, 88.0)
TOKEN_MM = 25.0
TOKEN_GAP_MM = 3.0
MIN_MARGIN_MM = 6.0
MARK_MM = 4.0               # length of a cut mark
MARK_GAP_MM = 1.0           # between the grid and a cut mark

CUT = QColor("#9b9b9b")
CARD_FILL = QColor("#fbf4e2")
EXPLORATION_BANNER = QColor("#2f6f73")
ENDGAME_BANNER = QColor("#3a3355")
SOLO_BANNER = QColor("#8a4b2a")
ROW_FILL = QColor("#f1e5c6")
TOKEN_FILL, TOKEN_RING = QColor("#f6e7b8"), QColor("#a27c2c")
MARKER_COLOURS = {2: "#5b8c3a", 3: "#2f6db5", 4: "#c0761b", 5: "#a13a5a"}

CHALLENGE_WORDS = {
    "loot": "Draw at least {n} Loot tokens",
    "statues": "Apply at least {n} statue effects",
    "islands": "Visit at least {n} islands",
    "areas": "Complete {n} areas of every terrain",
    "scrolls": "Your scroll target goes up by {n}",
}


@dataclass(frozen=True)
class SheetItem:
    """One thing to cut out: ``kind`` is ``exploration``, ``endgame``, ``target``,
    ``explorer``, ``challenge`` (cards) or ``token``; ``obj`` the model object (a Card,
    SoloCards, Challenge or LootToken); ``copy`` counts the copies of a token kind from 1."""

    kind: str
    obj: object
    copy: int = 1

    @property
    def is_token(self) -> bool:
        return self.kind == "token"


@dataclass(frozen=True)
class Slot:
    item: SheetItem
    rect: QRectF              # mm from the sheet's top-left corner


@dataclass(frozen=True)
class SheetPage:
    """One sheet: ``kind`` ``cards`` or ``tokens``, its grid and the slots in reading order."""

    kind: str
    rows: int
    cols: int
    grid: QRectF              # the outer bounds of the full grid (cut marks continue its lines)
    slots: tuple[Slot, ...]


@dataclass(frozen=True)
class CardSheetLayout:
    sheet_mm: tuple[float, float]
    paper: str
    pages: tuple[SheetPage, ...]

    @property
    def per_page(self) -> dict[str, int]:
        """How many cards / tokens one full sheet holds."""
        return {"cards": _grid(self.sheet_mm, CARD_MM, 0.0)[0] * _grid(self.sheet_mm, CARD_MM, 0.0)[1],
                "tokens": _grid(self.sheet_mm, (TOKEN_MM, TOKEN_MM), TOKEN_GAP_MM)[0]
                * _grid(self.sheet_mm, (TOKEN_MM, TOKEN_MM), TOKEN_GAP_MM)[1]}

    def summary(self) -> str:
        cards = sum(len(p.slots) for p in self.pages if p.kind == "cards")
        tokens = sum(len(p.slots) for p in self.pages if p.kind == "tokens")
        what = []
        if cards:
            what.append(f"{cards} card{'s' if cards != 1 else ''} ({CARD_MM[0]:g} × {CARD_MM[1]:g} mm)")
        if tokens:
            what.append(f"{tokens} token{'s' if tokens != 1 else ''} (⌀ {TOKEN_MM:g} mm)")
        n = len(self.pages)
        paper = self.paper.upper() if self.paper == "a4" else self.paper.title()
        return f"{' and '.join(what) or 'nothing'} on {n} {paper} page{'s' if n != 1 else ''}"


def sheet_items(cards: CardSet | None = None, loot: LootSet | None = None) -> list[SheetItem]:
    """Everything to print, in order: Exploration cards, Endgame cards, the scroll target and
    Solo Explorer cards and the challenges, then every Loot token (``count`` copies a kind)."""
    items: list[SheetItem] = []
    if cards is not None:
        items += [SheetItem("exploration", c) for c in cards.exploration]
        items += [SheetItem("endgame", c) for c in cards.endgame]
        if cards.solo is not None:
            items += [SheetItem("target", cards.solo), SheetItem("explorer", cards.solo)]
            items += [SheetItem("challenge", c) for c in cards.solo.challenges]
    if loot is not None:
        for t in loot.tokens:
            items += [SheetItem("token", t, k + 1) for k in range(t.count)]
    return items


def _grid(sheet: tuple[float, float], cell: tuple[float, float], gap: float) -> tuple[int, int]:
    aw, ah = sheet[0] - 2 * MIN_MARGIN_MM, sheet[1] - 2 * MIN_MARGIN_MM
    return (max(0, math.floor((ah + gap) / (cell[1] + gap) + 1e-9)),
            max(0, math.floor((aw + gap) / (cell[0] + gap) + 1e-9)))


def _pages_of(items: list[SheetItem], kind: str, sheet: tuple[float, float], cell: tuple[float, float],
              gap: float) -> list[SheetPage]:
    rows, cols = _grid(sheet, cell, gap)
    if rows * cols == 0:
        raise ExportError(f"a {cell[0]:g} × {cell[1]:g} mm {kind[:-1]} does not fit a {sheet[0]:g} × {sheet[1]:g} mm sheet")
    gw, gh = cols * cell[0] + (cols - 1) * gap, rows * cell[1] + (rows - 1) * gap
    grid = QRectF((sheet[0] - gw) / 2, (sheet[1] - gh) / 2, gw, gh)
    per = rows * cols
    pages = []
    for start in range(0, len(items), per):
        slots = []
        for k, item in enumerate(items[start:start + per]):
            r, c = divmod(k, cols)
            slots.append(Slot(item, QRectF(grid.left() + c * (cell[0] + gap), grid.top() + r * (cell[1] + gap),
                                           cell[0], cell[1])))
        pages.append(SheetPage(kind, rows, cols, grid, tuple(slots)))
    return pages


def layout_card_sheets(items: list[SheetItem], paper: str = "a4") -> CardSheetLayout:
    """Cards first (edge to edge, as many a portrait sheet of ``paper`` holds: 3 × 3 on A4 and
    Letter), then tokens (7 × 10 on A4, 7 × 9 on Letter). Raises ExportError for an unknown paper."""
    sheet = sheet_size(paper)
    cards = [i for i in items if not i.is_token]
    tokens = [i for i in items if i.is_token]
    pages = _pages_of(cards, "cards", sheet, CARD_MM, 0.0) if cards else []
    if tokens:
        pages += _pages_of(tokens, "tokens", sheet, (TOKEN_MM, TOKEN_MM), TOKEN_GAP_MM)
    return CardSheetLayout(sheet, paper, tuple(pages))


# -- painting ---------------------------------------------------------------------------------

def _text(p: QPainter, centre: QPointF, text: str, size: float, colour=INK, bold: bool = True) -> None:
    glyphs.paint_text(p, centre, text, size, colour, bold=bold)


def _fit(text: str, size: float, width: float, bold: bool = True) -> float:
    while size > 1.2 and glyphs.text_width(text, size, bold) > width:
        size *= 0.92
    return size


def _frame(p: QPainter, rect: QRectF, banner: QColor, title: str) -> QRectF:
    """Card background and title banner; returns the body's rectangle (below the banner)."""
    inner = rect.adjusted(2.0, 2.0, -2.0, -2.0)
    p.save()
    p.setPen(Qt.NoPen)
    p.setBrush(CARD_FILL)
    p.drawRoundedRect(inner, 2.5, 2.5)
    p.setBrush(banner)
    head = QRectF(inner.left(), inner.top(), inner.width(), 11.0)
    path = QPainterPath()
    path.setFillRule(Qt.WindingFill)     # the two shapes overlap: fill both, no hole
    path.addRoundedRect(head, 2.5, 2.5)
    path.addRect(QRectF(head.left(), head.top() + 5, head.width(), head.height() - 5))
    p.drawPath(path)
    p.setPen(QPen(banner, 0.5))
    p.setBrush(Qt.NoBrush)
    p.drawRoundedRect(inner, 2.5, 2.5)
    p.restore()
    _text(p, QPointF(head.left() + 4 + glyphs.text_width(title, 3.4) / 2, head.center().y()), title, 3.4, "white")
    return QRectF(inner.left(), head.bottom(), inner.width(), inner.bottom() - head.bottom())


def _marker(p: QPainter, centre: QPointF, players: int) -> None:
    """The player-count marker: a disc reading ``3+`` (RIV-S3)."""
    p.save()
    p.setPen(QPen(QColor("white"), 0.6))
    p.setBrush(QColor(MARKER_COLOURS.get(players, "#555555")))
    p.drawEllipse(centre, 4.2, 4.2)
    p.restore()
    _text(p, centre, f"{players}+", 3.4, "white")


def paint_rows(p: QPainter, body: QRectF, rows, palette: Palette = DEFAULT_PALETTE) -> None:
    """The rows of a card from top to bottom in ``body``, each a band with its symbols."""
    n = max(1, len(rows))
    gap = 2.0
    band = min(19.0, (body.height() - gap * (n + 1)) / n)
    top = body.top() + (body.height() - (band * n + gap * (n - 1))) / 2
    longest = max((len(r) for r in rows), default=1)
    # one symbol size for rows of up to 4, so cards of a deck look alike
    size = min(band * 0.8, (body.width() - 12.0) / max(longest, 4) * 0.92)
    for i, row in enumerate(rows):
        y = top + i * (band + gap)
        strip = QRectF(body.left() + 2.5, y, body.width() - 5.0, band)
        p.save()
        p.setPen(Qt.NoPen)
        p.setBrush(ROW_FILL)
        p.drawRoundedRect(strip, band * 0.3, band * 0.3)
        p.restore()
        step = size * 1.06
        x0 = strip.center().x() - step * (len(row) - 1) / 2
        for k, sym in enumerate(row):
            paint_symbol(p, QPointF(x0 + k * step, strip.center().y()), size, sym, palette)


def paint_card(p: QPainter, rect: QRectF, item: SheetItem, palette: Palette = DEFAULT_PALETTE) -> None:
    """One card face in ``rect`` (mm)."""
    if item.kind in ("exploration", "endgame"):
        card: Card = item.obj
        endgame = item.kind == "endgame"
        body = _frame(p, rect, ENDGAME_BANNER if endgame else EXPLORATION_BANNER, "Endgame" if endgame else "Exploration")
        if not endgame and card.players is not None:
            _marker(p, QPointF(body.right() - 6.0, body.top() - 5.5), card.players)
        paint_rows(p, body.adjusted(0, 1.0, 0, -5.0), card.rows, palette)
        _text(p, QPointF(body.center().x(), body.bottom() - 2.6), card.id, 2.2, "#8a7d66", bold=False)
    elif item.kind == "target":
        solo: SoloCards = item.obj
        body = _frame(p, rect, SOLO_BANNER, "Scroll target")
        paint_scroll(p, QPointF(body.center().x(), body.top() + 18), 18)
        _text(p, QPointF(body.center().x(), body.top() + 38), str(solo.target), 12)
        _text(p, QPointF(body.center().x(), body.top() + 48), "scrolls to win", 3.2, bold=False)
        _text(p, QPointF(body.center().x(), body.top() + 58), f"deal {solo.cards} cards marked 2+", 3.0, bold=False)
        _text(p, QPointF(body.center().x(), body.top() + 63.5), f"the game ends when {solo.removed}", 3.0, bold=False)
        _text(p, QPointF(body.center().x(), body.top() + 68), "have been removed", 3.0, bold=False)
    elif item.kind == "explorer":
        solo = item.obj
        body = _frame(p, rect, SOLO_BANNER, "Solo Explorer")
        _text(p, QPointF(body.center().x(), body.top() + 8), "on reaching island", 3.0, bold=False)
        y = body.top() + 18
        for island, scrolls in sorted(solo.explorer.items()):
            _text(p, QPointF(body.left() + 14, y), f"#{island}", 5.0)
            paint_scroll(p, QPointF(body.left() + 32, y), 8)
            _text(p, QPointF(body.left() + 44, y), f"+{scrolls}", 5.0)
            y += 11
    elif item.kind == "challenge":
        ch: Challenge = item.obj
        body = _frame(p, rect, SOLO_BANNER, "Challenge")
        name = ch.name or ch.id
        _text(p, QPointF(body.center().x(), body.top() + 8), name, _fit(name, 5.0, body.width() - 6))
        icon = QPointF(body.center().x(), body.top() + 28)
        {"loot": lambda: paint_loot(p, icon, 20), "statues": lambda: paint_statue(p, icon, 20),
         "scrolls": lambda: paint_scroll(p, icon, 20), "areas": lambda: paint_area(p, icon, 22, "all", palette),
         "islands": lambda: _paint_island(p, icon, 20)}.get(ch.kind, lambda: None)()
        _text(p, QPointF(body.center().x(), body.top() + 48), str(ch.need), 10)
        words = CHALLENGE_WORDS.get(ch.kind, "{n}").format(n=ch.need)
        for k, line in enumerate(_wrap(words, 3.0, body.width() - 8)):
            _text(p, QPointF(body.center().x(), body.top() + 58 + k * 4.6), line, 3.0, bold=False)
    p.save()
    p.setPen(QPen(CUT, 0.15))
    p.setBrush(Qt.NoBrush)
    p.drawRect(rect)      # the cutting line
    p.restore()


def _paint_island(p: QPainter, centre: QPointF, size: float) -> None:
    """A small island with a ship's sail (islands visited)."""
    p.save()
    p.setPen(QPen(QColor("#3f86b5"), size * 0.05))
    p.setBrush(QColor("#e0b84f"))
    p.drawEllipse(centre + QPointF(0, size * 0.15), size * 0.45, size * 0.25)
    p.setPen(QPen(INK, size * 0.05))
    p.drawLine(centre + QPointF(0, size * 0.05), centre + QPointF(0, -size * 0.45))
    p.setBrush(QColor("white"))
    p.drawPolygon([centre + QPointF(0.02 * size, -size * 0.42), centre + QPointF(size * 0.32, -size * 0.02),
                   centre + QPointF(0.02 * size, -size * 0.02)])
    p.restore()


def _wrap(text: str, size: float, width: float) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and glyphs.text_width(trial, size, False) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + ([line] if line else [])


def paint_token(p: QPainter, rect: QRectF, token: LootToken, palette: Palette = DEFAULT_PALETTE) -> None:
    """One Loot token: a disc with its effect and name; its outline is the cutting circle."""
    c = rect.center()
    r = rect.width() / 2
    p.save()
    p.setPen(QPen(CUT, 0.15))
    p.setBrush(TOKEN_FILL)
    p.drawEllipse(c, r, r)
    p.setPen(QPen(TOKEN_RING, 0.8))
    p.setBrush(Qt.NoBrush)
    p.drawEllipse(c, r - 1.6, r - 1.6)
    p.restore()
    parts = effect_parts(token.effect)
    paint_effect(p, QPointF(c.x(), c.y() - r * 0.2), r * (0.8 if len(parts) == 1 else 1.0), token.effect, palette)
    label = token.name or token.kind
    _text(p, QPointF(c.x(), c.y() + r * 0.42), label, _fit(label, 2.4, r * 1.5, False), bold=False)
    words = effect_text(token.effect, palette)
    _text(p, QPointF(c.x(), c.y() + r * 0.62), words, _fit(words, 1.9, r * 1.2, False), "#6b5a48", bold=False)


def _cut_marks(p: QPainter, page: SheetPage) -> None:
    """Marks in the margin continuing every row and column line of a card grid."""
    g = page.grid
    cw, ch = g.width() / page.cols, g.height() / page.rows
    p.save()
    p.setPen(QPen(QColor("#222222"), 0.2))
    for c in range(page.cols + 1):
        x = g.left() + c * cw
        p.drawLine(QPointF(x, g.top() - MARK_GAP_MM), QPointF(x, g.top() - MARK_GAP_MM - MARK_MM))
        p.drawLine(QPointF(x, g.bottom() + MARK_GAP_MM), QPointF(x, g.bottom() + MARK_GAP_MM + MARK_MM))
    for r in range(page.rows + 1):
        y = g.top() + r * ch
        p.drawLine(QPointF(g.left() - MARK_GAP_MM, y), QPointF(g.left() - MARK_GAP_MM - MARK_MM, y))
        p.drawLine(QPointF(g.right() + MARK_GAP_MM, y), QPointF(g.right() + MARK_GAP_MM + MARK_MM, y))
    p.restore()


def paint_page(p: QPainter, layout: CardSheetLayout, index: int, title: str = "",
               palette: Palette = DEFAULT_PALETTE) -> None:
    """Sheet ``index`` of ``layout`` in mm."""
    page = layout.pages[index]
    for slot in page.slots:
        if slot.item.is_token:
            paint_token(p, slot.rect, slot.item.obj, palette)
        else:
            paint_card(p, slot.rect, slot.item, palette)
    if page.kind == "cards":
        _cut_marks(p, page)
    w, h = layout.sheet_mm
    size = "cards 63 × 88 mm" if page.kind == "cards" else f"tokens ⌀ {TOKEN_MM:g} mm"
    footer = f"{title + ' — ' if title else ''}page {index + 1}/{len(layout.pages)} — {size} — Board Studio"
    bottom = page.grid.bottom() + MARK_GAP_MM + MARK_MM
    _text(p, QPointF(w / 2, min(h - 1.5, (bottom + h) / 2 + 0.8)), footer, _fit(footer, 2.4, w - 20, False),
          "#666666", bold=False)


def card_pages(cards: CardSet | None = None, loot: LootSet | None = None, paper: str = "a4",
               palette: Palette = DEFAULT_PALETTE) -> tuple[Pages, CardSheetLayout]:
    """Pages of every card of ``cards`` and token of ``loot`` (either may be None), and their
    layout. Raises ExportError when there is nothing to print."""
    items = sheet_items(cards, loot)
    if not items:
        raise ExportError("nothing to print: the file has no cards and no tokens")
    layout = layout_card_sheets(items, paper)
    src = cards if cards is not None else loot
    title = (src.name or src.id) if src is not None else ""
    return Pages(layout.sheet_mm, len(layout.pages), title,
                 lambda p, i: paint_page(p, layout, i, title, palette), paper), layout
