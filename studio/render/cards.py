"""Print-and-play card sheets for Rivages: Exploration cards (rows of symbols and the
player-count marker 2+ to 5+, RIV-S3), Endgame cards, the solo cards (scroll target, Solo
Explorer, challenges; RIV-X1, RIV-X5, RIV-X6) and Loot tokens (RIV-I6, one per token in the bag).

Cards are :data:`CARD_MM` (63 × 88 mm, the common "poker" size that standard sleeves fit) and
tokens discs of :data:`TOKEN_MM`. Without bleed, cards sit edge to edge in a grid (one cut
between neighbours); with a bleed (:class:`PrintOptions`, 3 mm by default from the command
line and the editor), each card's art runs ``bleed_mm`` past its trim line on every side, so
a cut a little off never shows a white edge, and neighbours are ``2 × bleed`` apart. Cut marks
are drawn only in the margin, outside every bleed, continuing every trim line. Tokens sit
:data:`TOKEN_GAP_MM` apart (their bleeds apart when there is one), each with its cutting circle.

Backs: with ``backs`` on, every face sheet is followed by its back sheet, laid out for duplex
printing (:func:`back_rect`): flipping on the long edge mirrors the columns of a portrait sheet
(the rows of a landscape one), flipping on the short edge the other way, so each back lands
behind its own face. Exploration and Endgame cards have different backs (the Endgame cards are
told apart face down, RIV-E1); Loot tokens share one back (drawn blind from the bag, RIV-I6).

:func:`layout_card_sheets` says what goes where (all sizes in mm; testable without painting);
:func:`card_pages` gives the :class:`~studio.render.pages.Pages` to write. QtGui only."""

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
    DEFAULT_PALETTE,
    INK,
    Palette,
    effect_parts,
    effect_text,
    paint_area,
    paint_effect,
    paint_loot,
    paint_scroll,
    paint_statue,
    paint_symbol,
)

CARD_MM = (63.0, 88.0)
TOKEN_MM = 25.0
TOKEN_GAP_MM = 3.0
MIN_MARGIN_MM = 6.0
MARK_MM = 4.0               # length of a cut mark
MARK_GAP_MM = 1.0           # between the grid (its outer bleed) and a cut mark
PRINTER_EDGE_MM = 3.0       # most printers print nothing this near the paper's edge
DEFAULT_BLEED_MM = 3.0
MAX_BLEED_MM = 10.0
DUPLEX_EDGES = ("long", "short")

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
class PrintOptions:
    """How card sheets print: ``bleed_mm`` (0 to :data:`MAX_BLEED_MM`) of art past each trim
    line; ``backs``: a back sheet after every face sheet; ``duplex``: the edge the printer flips
    the paper on, ``long`` or ``short`` (:func:`back_rect`)."""

    bleed_mm: float = DEFAULT_BLEED_MM
    backs: bool = True
    duplex: str = "long"

    def checked(self) -> "PrintOptions":
        """Self after checking every field; raises ExportError (expected vs got)."""
        if not (isinstance(self.bleed_mm, (int, float)) and math.isfinite(self.bleed_mm)
                and 0 <= self.bleed_mm <= MAX_BLEED_MM):
            got = f"{self.bleed_mm:g}" if isinstance(self.bleed_mm, (int, float)) else repr(self.bleed_mm)
            raise ExportError(f"bleed must be 0 to {MAX_BLEED_MM:g} mm, got {got}")
        if self.duplex not in DUPLEX_EDGES:
            raise ExportError(f"duplex edge must be long or short, got {self.duplex!r}")
        return self


PLAIN = PrintOptions(bleed_mm=0.0, backs=False)
"""No bleed, no backs: cards edge to edge (what :func:`layout_card_sheets` lays out by default)."""


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
    """``rect`` is the trim (cutting) rectangle, ``bleed`` that rectangle grown by the bleed,
    both in mm from the sheet's top-left corner; ``row``/``col`` its place in the grid."""

    item: SheetItem
    rect: QRectF
    bleed: QRectF
    row: int = 0
    col: int = 0


@dataclass(frozen=True)
class SheetPage:
    """One sheet: ``kind`` ``cards`` or ``tokens``; ``side`` ``face`` or ``back`` (a back sheet
    prints on the reverse of the face sheet before it, ``face_page`` its index); its grid
    and the slots (face sheets in reading order; a back's slot ``k`` is behind the face's
    slot ``k``)."""

    kind: str
    rows: int
    cols: int
    grid: QRectF              # the outer bounds of the full grid, bleeds included
    slots: tuple[Slot, ...]
    side: str = "face"
    face_page: int | None = None
    trims_x: tuple[float, ...] = ()   # every vertical trim line of the grid (mm)
    trims_y: tuple[float, ...] = ()   # every horizontal trim line


@dataclass(frozen=True)
class CardSheetLayout:
    sheet_mm: tuple[float, float]
    paper: str
    pages: tuple[SheetPage, ...]
    options: PrintOptions = PLAIN

    @property
    def per_page(self) -> dict[str, int]:
        """How many cards / tokens one full sheet holds."""
        (cr, cc), (tr, tc) = _fit(self.sheet_mm, "cards", self.options), _fit(self.sheet_mm, "tokens", self.options)
        return {"cards": cr * cc, "tokens": tr * tc}

    def summary(self) -> str:
        faces = [p for p in self.pages if p.side == "face"]
        cards = sum(len(p.slots) for p in faces if p.kind == "cards")
        tokens = sum(len(p.slots) for p in faces if p.kind == "tokens")
        what = []
        if cards:
            what.append(f"{cards} card{'s' if cards != 1 else ''} ({CARD_MM[0]:g} × {CARD_MM[1]:g} mm)")
        if tokens:
            what.append(f"{tokens} token{'s' if tokens != 1 else ''} (⌀ {TOKEN_MM:g} mm)")
        n = len(self.pages)
        paper = self.paper.upper() if self.paper == "a4" else self.paper.title()
        if self.sheet_mm[0] > self.sheet_mm[1]:
            paper += " landscape"
        extra = []
        if self.options.bleed_mm:
            extra.append(f"{self.options.bleed_mm:g} mm bleed")
        if self.options.backs:
            extra.append(f"backs for duplex, flip on the {self.options.duplex} edge")
        return (f"{' and '.join(what) or 'nothing'} on {n} {paper} page{'s' if n != 1 else ''}"
                + (f" ({'; '.join(extra)})" if extra else ""))


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


def _cell(kind: str, options: PrintOptions) -> tuple[tuple[float, float], float]:
    """(trim size, gap between neighbouring bleeds) of one card or token, in mm."""
    if kind == "cards":
        return CARD_MM, 0.0
    return (TOKEN_MM, TOKEN_MM), (1.0 if options.bleed_mm else TOKEN_GAP_MM)


def _margin(options: PrintOptions, tokens: bool = False) -> float:
    """Room kept between the paper's edge and the grid (its outer bleed): the cut marks and the
    printer's unprintable edge when there is a bleed, else :data:`MIN_MARGIN_MM`."""
    if not options.bleed_mm or tokens:
        return MIN_MARGIN_MM
    return PRINTER_EDGE_MM + MARK_GAP_MM + MARK_MM


def _grid(sheet: tuple[float, float], trim: tuple[float, float], gap: float, bleed: float = 0.0,
          margin: float = MIN_MARGIN_MM, tokens: bool = False) -> tuple[int, int]:
    """(rows, cols) of cells of ``trim`` + 2 ``bleed``, ``gap`` apart, that fit ``sheet``."""
    aw, ah = sheet[0] - 2 * margin, sheet[1] - 2 * margin
    cw, ch = trim[0] + 2 * bleed, trim[1] + 2 * bleed
    return (max(0, math.floor((ah + gap) / (ch + gap) + 1e-9)),
            max(0, math.floor((aw + gap) / (cw + gap) + 1e-9)))


def _fit(sheet, kind: str, options: PrintOptions) -> tuple[int, int]:
    trim, gap = _cell(kind, options)
    return _grid(sheet, trim, gap, options.bleed_mm, _margin(options, kind == "tokens"))


def back_rect(rect: QRectF, sheet_mm: tuple[float, float], duplex: str) -> QRectF:
    """Where the back of what prints at ``rect`` on a face sheet of ``sheet_mm`` (w, h) prints
    on the back sheet, in the back sheet's own upright coordinates. Flipping the paper over a
    vertical edge mirrors x (long edge of a portrait sheet, short edge of a landscape one);
    over a horizontal edge mirrors y. Raises ExportError for another ``duplex``."""
    if duplex not in DUPLEX_EDGES:
        raise ExportError(f"duplex edge must be long or short, got {duplex!r}")
    w, h = sheet_mm
    portrait = w <= h
    mirror_x = (duplex == "long") == portrait
    if mirror_x:
        return QRectF(w - rect.right(), rect.top(), rect.width(), rect.height())
    return QRectF(rect.left(), h - rect.bottom(), rect.width(), rect.height())


def _pages_of(items: list[SheetItem], kind: str, sheet: tuple[float, float],
              options: PrintOptions, first: int = 0) -> list[SheetPage]:
    """Face sheets of ``items`` (each followed by its backs when ``options.backs``); ``first``
    is the index in the whole document of the first sheet made here."""
    trim, gap = _cell(kind, options)
    b = options.bleed_mm
    rows, cols = _fit(sheet, kind, options)
    if rows * cols == 0:
        raise ExportError(f"a {trim[0]:g} × {trim[1]:g} mm {kind[:-1]}{f' with {b:g} mm bleed' if b else ''} "
                          f"does not fit a {sheet[0]:g} × {sheet[1]:g} mm sheet")
    cw, ch = trim[0] + 2 * b, trim[1] + 2 * b
    gw, gh = cols * cw + (cols - 1) * gap, rows * ch + (rows - 1) * gap
    grid = QRectF((sheet[0] - gw) / 2, (sheet[1] - gh) / 2, gw, gh)
    xs = sorted({round(grid.left() + c * (cw + gap) + b + e, 6) for c in range(cols) for e in (0.0, trim[0])})
    ys = sorted({round(grid.top() + r * (ch + gap) + b + e, 6) for r in range(rows) for e in (0.0, trim[1])})
    per = rows * cols
    pages = []
    for start in range(0, len(items), per):
        slots = []
        for k, item in enumerate(items[start:start + per]):
            r, c = divmod(k, cols)
            cell = QRectF(grid.left() + c * (cw + gap), grid.top() + r * (ch + gap), cw, ch)
            slots.append(Slot(item, cell.adjusted(b, b, -b, -b), cell, r, c))
        face = SheetPage(kind, rows, cols, grid, tuple(slots), "face", None, tuple(xs), tuple(ys))
        pages.append(face)
        if options.backs:
            pages.append(_back_of(face, first + len(pages) - 1, sheet, options.duplex))
    return pages


def _back_of(face: SheetPage, index: int, sheet, duplex: str) -> SheetPage:
    slots = tuple(Slot(s.item, back_rect(s.rect, sheet, duplex), back_rect(s.bleed, sheet, duplex), s.row, s.col)
                  for s in face.slots)
    grid = back_rect(face.grid, sheet, duplex)
    xs = tuple(sorted(round(back_rect(QRectF(x, 0, 0, 0), sheet, duplex).left(), 6) for x in face.trims_x))
    ys = tuple(sorted(round(back_rect(QRectF(0, y, 0, 0), sheet, duplex).top(), 6) for y in face.trims_y))
    return SheetPage(face.kind, face.rows, face.cols, grid, slots, "back", index, xs, ys)


def layout_card_sheets(items: list[SheetItem], paper: str = "a4", options: PrintOptions = PLAIN) -> CardSheetLayout:
    """Cards first, then tokens, each face sheet followed by its back sheet when
    ``options.backs``. Without bleed (the default, :data:`PLAIN`) cards sit edge to edge on a
    portrait sheet (3 × 3 on A4 and Letter) and tokens 7 × 10 on A4, 7 × 9 on Letter; with a
    bleed the sheet is turned when that holds more cards (A4 landscape holds 4 × 2 with 3 mm).
    Raises ExportError for an unknown paper or bad options."""
    options = options.checked()
    portrait = sheet_size(paper)
    cards = [i for i in items if not i.is_token]
    tokens = [i for i in items if i.is_token]
    kind = "cards" if cards else "tokens"
    sheet = portrait
    turned = portrait[::-1]
    count = lambda s: _fit(s, kind, options)[0] * _fit(s, kind, options)[1]  # noqa: E731
    if count(turned) > count(portrait):
        sheet = turned
    pages = _pages_of(cards, "cards", sheet, options) if cards else []
    if tokens:
        pages += _pages_of(tokens, "tokens", sheet, options, len(pages))
    return CardSheetLayout(sheet, paper, tuple(pages), options)


# -- painting ---------------------------------------------------------------------------------

def _text(p: QPainter, centre: QPointF, text: str, size: float, colour=INK, bold: bool = True) -> None:
    glyphs.paint_text(p, centre, text, size, colour, bold=bold)


def _fit_text(text: str, size: float, width: float, bold: bool = True) -> float:
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


def banner_colour(kind: str) -> QColor:
    """The colour of a card kind's banner, frame and back."""
    return {"exploration": EXPLORATION_BANNER, "endgame": ENDGAME_BANNER}.get(kind, SOLO_BANNER)


def _paint_bleed(p: QPainter, rect: QRectF, bleed: QRectF | None, colour: QColor) -> None:
    """Fill from the trim line out to the bleed's edge (and a frame 2 mm inside the trim) in
    ``colour``: the art a slightly-off cut shows instead of white paper."""
    if bleed is None or bleed == rect:
        return
    p.save()
    p.setPen(Qt.NoPen)
    p.setBrush(colour)
    p.drawRect(bleed)
    p.restore()


def paint_card(p: QPainter, rect: QRectF, item: SheetItem, palette: Palette = DEFAULT_PALETTE,
               bleed: QRectF | None = None) -> None:
    """One card face in ``rect`` (mm, the trim); with ``bleed`` (``rect`` grown by the bleed)
    the card's frame colour runs out to it and no cutting line is drawn (it would show when
    the cut is a little off)."""
    _paint_bleed(p, rect, bleed, banner_colour(item.kind))
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
        _text(p, QPointF(body.center().x(), body.top() + 8), name, _fit_text(name, 5.0, body.width() - 6))
        icon = QPointF(body.center().x(), body.top() + 28)
        {"loot": lambda: paint_loot(p, icon, 20), "statues": lambda: paint_statue(p, icon, 20),
         "scrolls": lambda: paint_scroll(p, icon, 20), "areas": lambda: paint_area(p, icon, 22, "all", palette),
         "islands": lambda: _paint_island(p, icon, 20)}.get(ch.kind, lambda: None)()
        _text(p, QPointF(body.center().x(), body.top() + 48), str(ch.need), 10)
        words = CHALLENGE_WORDS.get(ch.kind, "{n}").format(n=ch.need)
        for k, line in enumerate(_wrap(words, 3.0, body.width() - 8)):
            _text(p, QPointF(body.center().x(), body.top() + 58 + k * 4.6), line, 3.0, bold=False)
    if bleed is None or bleed == rect:
        p.save()
        p.setPen(QPen(CUT, 0.15))
        p.setBrush(Qt.NoBrush)
        p.drawRect(rect)      # the cutting line
        p.restore()


BACK_TITLES = {"exploration": "Exploration", "endgame": "Endgame", "target": "Solo", "explorer": "Solo",
               "challenge": "Solo"}


def paint_card_back(p: QPainter, rect: QRectF, item: SheetItem, bleed: QRectF | None = None) -> None:
    """The back of a card in ``rect`` (mm): one design per deck (Exploration, Endgame, solo),
    so Endgame cards are known face down (RIV-E1) and a deck's cards are not."""
    colour = banner_colour(item.kind)
    _paint_bleed(p, rect, bleed, colour)
    inner = rect.adjusted(2.0, 2.0, -2.0, -2.0)
    p.save()
    p.setPen(QPen(QColor("#f3e6c4"), 0.6))
    p.setBrush(colour)
    p.drawRoundedRect(inner, 2.5, 2.5)
    p.setBrush(Qt.NoBrush)
    p.setPen(QPen(QColor(255, 255, 255, 90), 0.4))
    c = inner.center()
    for k in range(1, 6):  # a compass rose of rings: the same on every card of the deck
        p.drawEllipse(c, k * 4.2, k * 4.2)
    p.drawLine(QPointF(c.x(), inner.top() + 6), QPointF(c.x(), inner.bottom() - 6))
    p.drawLine(QPointF(inner.left() + 6, c.y()), QPointF(inner.right() - 6, c.y()))
    p.restore()
    _text(p, QPointF(c.x(), inner.top() + 12), "RIVAGES", 5.0, "#f3e6c4")
    _text(p, QPointF(c.x(), inner.bottom() - 10), BACK_TITLES.get(item.kind, item.kind.title()), 4.0, "#f3e6c4")
    if item.kind == "endgame":
        _text(p, c, "END", 8.0, "#f3e6c4")
    else:
        paint_scroll(p, c, 14)
    if bleed is None or bleed == rect:
        p.save()
        p.setPen(QPen(CUT, 0.15))
        p.setBrush(Qt.NoBrush)
        p.drawRect(rect)
        p.restore()


def paint_token_back(p: QPainter, rect: QRectF, bleed: QRectF | None = None) -> None:
    """The back every Loot token shares (they are drawn blind from the bag, RIV-I6)."""
    c = rect.center()
    r = rect.width() / 2
    p.save()
    p.setPen(Qt.NoPen)
    if bleed is not None and bleed != rect:
        p.setBrush(TOKEN_RING)
        p.drawEllipse(c, bleed.width() / 2, bleed.width() / 2)
    p.setPen(QPen(CUT, 0.15) if bleed is None or bleed == rect else Qt.NoPen)
    p.setBrush(TOKEN_RING)
    p.drawEllipse(c, r, r)
    p.setPen(QPen(TOKEN_FILL, 0.6))
    p.setBrush(Qt.NoBrush)
    p.drawEllipse(c, r - 1.6, r - 1.6)
    p.restore()
    paint_loot(p, c, r * 1.1)


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


def paint_token(p: QPainter, rect: QRectF, token: LootToken, palette: Palette = DEFAULT_PALETTE,
                bleed: QRectF | None = None) -> None:
    """One Loot token: a disc with its effect and name; its outline is the cutting circle (with
    a ``bleed``, the ring's colour runs past it instead)."""
    c = rect.center()
    r = rect.width() / 2
    p.save()
    if bleed is not None and bleed != rect:
        # the bleed ring is darker than the token, so its edge is the cutting circle
        p.setPen(Qt.NoPen)
        p.setBrush(TOKEN_RING)
        p.drawEllipse(c, bleed.width() / 2, bleed.width() / 2)
    p.setPen(QPen(CUT, 0.15) if bleed is None or bleed == rect else Qt.NoPen)
    p.setBrush(TOKEN_FILL)
    p.drawEllipse(c, r, r)
    p.setPen(QPen(TOKEN_RING, 0.8))
    p.setBrush(Qt.NoBrush)
    p.drawEllipse(c, r - 1.6, r - 1.6)
    p.restore()
    parts = effect_parts(token.effect)
    paint_effect(p, QPointF(c.x(), c.y() - r * 0.2), r * (0.8 if len(parts) == 1 else 1.0), token.effect, palette)
    label = token.name or token.kind
    _text(p, QPointF(c.x(), c.y() + r * 0.42), label, _fit_text(label, 2.4, r * 1.5, False), bold=False)
    words = effect_text(token.effect, palette)
    _text(p, QPointF(c.x(), c.y() + r * 0.62), words, _fit_text(words, 1.9, r * 1.2, False), "#6b5a48", bold=False)


def cut_marks(page: SheetPage) -> list[tuple[QPointF, QPointF]]:
    """The cut marks of a card sheet as line segments (mm): every trim line continued in the
    margin, :data:`MARK_GAP_MM` outside the grid's outer bleed, :data:`MARK_MM` long, so no
    mark ever prints on a card or its bleed."""
    g = page.grid
    out = []
    for x in page.trims_x:
        out.append((QPointF(x, g.top() - MARK_GAP_MM), QPointF(x, g.top() - MARK_GAP_MM - MARK_MM)))
        out.append((QPointF(x, g.bottom() + MARK_GAP_MM), QPointF(x, g.bottom() + MARK_GAP_MM + MARK_MM)))
    for y in page.trims_y:
        out.append((QPointF(g.left() - MARK_GAP_MM, y), QPointF(g.left() - MARK_GAP_MM - MARK_MM, y)))
        out.append((QPointF(g.right() + MARK_GAP_MM, y), QPointF(g.right() + MARK_GAP_MM + MARK_MM, y)))
    return out


def _cut_marks(p: QPainter, page: SheetPage) -> None:
    p.save()
    p.setPen(QPen(QColor("#222222"), 0.2))
    for a, b in cut_marks(page):
        p.drawLine(a, b)
    p.restore()


def paint_page(p: QPainter, layout: CardSheetLayout, index: int, title: str = "",
               palette: Palette = DEFAULT_PALETTE) -> None:
    """Sheet ``index`` of ``layout`` in mm."""
    page = layout.pages[index]
    back = page.side == "back"
    for slot in page.slots:
        if slot.item.is_token:
            if back:
                paint_token_back(p, slot.rect, slot.bleed)
            else:
                paint_token(p, slot.rect, slot.item.obj, palette, slot.bleed)
        elif back:
            paint_card_back(p, slot.rect, slot.item, slot.bleed)
        else:
            paint_card(p, slot.rect, slot.item, palette, slot.bleed)
    if page.kind == "cards":
        _cut_marks(p, page)
    w, h = layout.sheet_mm
    size = "cards 63 × 88 mm" if page.kind == "cards" else f"tokens ⌀ {TOKEN_MM:g} mm"
    if layout.options.bleed_mm:
        size += f", {layout.options.bleed_mm:g} mm bleed"
    side = ""
    if back:
        side = f" — backs of page {page.face_page + 1}: print double-sided, flip on the {layout.options.duplex} edge"
    footer = f"{title + ' — ' if title else ''}page {index + 1}/{len(layout.pages)}{side} — {size} — Board Studio"
    bottom = page.grid.bottom() + MARK_GAP_MM + MARK_MM
    _text(p, QPointF(w / 2, min(h - 1.5, (bottom + h) / 2 + 0.8)), footer, _fit_text(footer, 2.4, w - 20, False),
          "#666666", bold=False)


def card_pages(cards: CardSet | None = None, loot: LootSet | None = None, paper: str = "a4",
               palette: Palette = DEFAULT_PALETTE, options: PrintOptions = PLAIN) -> tuple[Pages, CardSheetLayout]:
    """Pages of every card of ``cards`` and token of ``loot`` (either may be None), and their
    layout, printed as ``options`` say (bleed, backs, duplex edge). Raises ExportError when
    there is nothing to print or the options are bad."""
    items = sheet_items(cards, loot)
    if not items:
        raise ExportError("nothing to print: the file has no cards and no tokens")
    layout = layout_card_sheets(items, paper, options)
    src = cards if cards is not None else loot
    title = (src.name or src.id) if src is not None else ""
    return Pages(layout.sheet_mm, len(layout.pages), title,
                 lambda p, i: paint_page(p, layout, i, title, palette), paper), layout
