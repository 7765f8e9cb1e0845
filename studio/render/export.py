"""Print-and-play export: a board at true size on paper, tiled across pages when it is larger
than one sheet, as PDF (one file, one page per sheet), SVG or PNG (one file per sheet).

Sizes: the board in board units (1 = peg spacing), the sheet in millimetres. ``spacing_mm``
is the distance between neighbouring pegs on paper; the default, 25 mm, is this project's
assumption for the physical base (the published base's exact spacing is not public: measure
yours and pass ``--spacing-mm``). Each sheet shows one tile of the board, with crop marks at
the tile's corners, the neighbouring tiles named on each edge to join ("row 1 col 2"), the
page label and a 50 mm scale bar to check the printer did not rescale.

The board is drawn with :func:`studio.render.paint_board`, the painter the editor uses; the
white background (the default) drops the table and the parchment and keeps the plate's outline
as the cutting line. QtGui only: works offscreen; :func:`paint_sheets` also drives a QPrinter."""

from __future__ import annotations

import errno
import math
import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QMarginsF, QPointF, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
    QPolygonF,
)
from PySide6.QtSvg import QSvgGenerator

from studio.content.yamlio import plain_reason, replace_with, temp_path_beside
from studio.model.realm import Board
from studio.render import glyphs, locations, style
from studio.render.board import paint_background, paint_board, plate_rect, seat_label_positions
from studio.render.output import check_writable
from studio.render.style import RenderOptions


class Stopped(Exception):
    """The export was asked to stop (Ctrl+C, SIGTERM) between two sheets; ``written`` lists
    the files already complete (none for a PDF: its temp file is removed)."""

    def __init__(self, written: list[Path] | None = None) -> None:
        super().__init__("stopped")
        self.written = list(written or [])


def _check_stop(stop: Callable[[], bool] | None, written=None) -> None:
    if stop is not None and stop():
        raise Stopped(written)


def write_temp_bytes(tmp: Path, target: Path, data: bytes) -> None:
    """Write ``data`` to the temp file ``tmp``, flushed and fsynced; OSError names ``target``
    (the user's file, not the temp) in plain words (a full disk included)."""
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
    except OSError as exc:
        raise OSError(f"could not write {target}: {plain_reason(exc)}") from None


def write_atomically(target: Path, write: Callable[[QBuffer], object]) -> Path:
    """Call ``write(buffer)`` on an in-memory QBuffer (named ``target``: its objectName), then
    write the bytes to a temp file beside ``target`` (flushed and fsynced) and rename it over
    ``target``: a file is complete or absent, never half-written (an interrupted or failing
    write, a full disk included, leaves the old file as it was and no temp file). Qt's file
    writers ignore write errors, so the bytes go through Python, which raises them. Raises
    what ``write`` raises, or OSError naming ``target``."""
    tmp = temp_path_beside(target)  # made first: a folder that refuses it fails before painting
    try:
        buffer = QBuffer()
        buffer.setObjectName(str(target))
        buffer.open(QIODevice.WriteOnly)
        write(buffer)
        buffer.close()
        data = bytes(buffer.data())
        if not data:
            raise OSError(f"could not write {target}")
        write_temp_bytes(tmp, target, data)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise
    replace_with(tmp, target)
    return target


def _name(target) -> str:
    """The file name a writer's message gives: the user's path, never a temp or a buffer."""
    return target.objectName() if isinstance(target, QIODevice) else str(target)


FORMATS = ("png", "svg", "pdf")
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}  # portrait, mm
BOARD_PAPER = "board"          # a single sheet the size of the board plus margins
ORIENTATIONS = ("auto", "portrait", "landscape")
DEFAULT_SPACING_MM = 25.0
DEFAULT_MARGIN_MM = 8.0
DEFAULT_DPI = 300.0
MIN_SPACING_MM, MAX_SPACING_MM = 2.0, 200.0
MIN_DPI, MAX_DPI = 30.0, 1200.0
MAX_PIXELS = 20000             # per side of one PNG sheet
SCALE_BAR_MM = 50.0

_QT_PAPERS = {"a4": QPageSize.A4, "letter": QPageSize.Letter}
_MARK_INK = QColor("#222222")
_LABEL_INK = QColor("#444444")
_CUT_LINE = QColor(style.PLATE_BORDER)
_SVG_UNITS_PER_MM = 10         # SVG size in 0.1 mm units, so width/height come out exact in mm
_PDF_DPI = 1200


class ExportError(ValueError):
    """Settings that cannot be laid out or a file that cannot be written (the message says
    which and why)."""


@dataclass(frozen=True)
class ExportSettings:
    """What to export and how. ``paper``: ``a4``, ``letter`` or ``board`` (one sheet the size
    of the board); ``orientation``: ``auto`` (the one that needs fewer sheets), ``portrait`` or
    ``landscape``; ``spacing_mm``: peg spacing on paper; ``margin_mm``: white border of each
    sheet (crop marks and labels live there); ``dpi``: PNG resolution; ``white_background``:
    no table or parchment (print-friendly); ``seat_labels``: the editor's seat name pills
    outside the plate (off by default: start pegs keep their seat-coloured halos, and the
    standard base then fits one A4 sheet at 25 mm); ``marks``: crop marks, joins, labels,
    scale bar; ``icons``: the board's symbols (location number, players, band shapes, special
    rules, end condition: :mod:`studio.render.iconography`) in the plate's top-left corner."""

    format: str = "pdf"
    paper: str = "a4"
    orientation: str = "auto"
    spacing_mm: float = DEFAULT_SPACING_MM
    margin_mm: float = DEFAULT_MARGIN_MM
    dpi: float = DEFAULT_DPI
    white_background: bool = True
    seat_labels: bool = False
    peg_ids: bool = False
    marks: bool = True
    icons: bool = True

    def checked(self) -> "ExportSettings":
        """Self, after checking every field; raises :class:`ExportError` (expected vs got)."""
        if self.format not in FORMATS:
            raise ExportError(f"format must be one of {', '.join(FORMATS)}, got {self.format!r}")
        if self.paper not in (*PAPERS, BOARD_PAPER):
            raise ExportError(f"paper must be one of {', '.join((*PAPERS, BOARD_PAPER))}, got {self.paper!r}")
        if self.orientation not in ORIENTATIONS:
            raise ExportError(f"orientation must be one of {', '.join(ORIENTATIONS)}, got {self.orientation!r}")
        if not (isinstance(self.spacing_mm, (int, float)) and MIN_SPACING_MM <= self.spacing_mm <= MAX_SPACING_MM):
            raise ExportError(f"peg spacing must be {MIN_SPACING_MM:g} to {MAX_SPACING_MM:g} mm, got {self.spacing_mm}")
        if not (isinstance(self.margin_mm, (int, float)) and 0 <= self.margin_mm <= 50):
            raise ExportError(f"margin must be 0 to 50 mm, got {self.margin_mm}")
        if not (isinstance(self.dpi, (int, float)) and MIN_DPI <= self.dpi <= MAX_DPI):
            raise ExportError(f"dpi must be {MIN_DPI:g} to {MAX_DPI:g}, got {self.dpi}")
        return self

    def render_options(self) -> RenderOptions:
        return RenderOptions(background=False, peg_ids=self.peg_ids, seat_labels=self.seat_labels)


@dataclass(frozen=True)
class Tile:
    """One sheet: ``source`` is the part of the board it shows (board units), ``target`` where
    that part goes on the sheet (mm from the sheet's top-left corner). ``row``/``col`` 0-based."""

    row: int
    col: int
    source: QRectF
    target: QRectF

    @property
    def label(self) -> str:
        return f"row {self.row + 1} col {self.col + 1}"


@dataclass(frozen=True)
class SheetLayout:
    """Where every part of the board goes. ``sheet_mm`` is (width, height) of one sheet as
    printed (already turned for landscape); ``tiles`` are in reading order."""

    sheet_mm: tuple[float, float]
    orientation: str
    rows: int
    cols: int
    tiles: tuple[Tile, ...]
    content: QRectF
    spacing_mm: float
    paper: str

    @property
    def pages(self) -> int:
        return len(self.tiles)

    def summary(self) -> str:
        """``2 × 1 = 2 pages, A4 landscape`` (for the dialog and the CLI)."""
        n = self.pages
        paper = "board-sized sheet" if self.paper == BOARD_PAPER else f"{self.paper.upper() if self.paper == 'a4' else self.paper.title()} {self.orientation}"
        grid = f"{self.rows} × {self.cols} = " if n > 1 else ""
        w, h = self.content.width() * self.spacing_mm, self.content.height() * self.spacing_mm
        return f"{grid}{n} page{'s' if n != 1 else ''}, {paper}; board {w:.0f} × {h:.0f} mm"

    def tile(self, row: int, col: int) -> Tile | None:
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return self.tiles[row * self.cols + col]
        return None


# -- layout -----------------------------------------------------------------------------------

def print_rect(board: Board, options: RenderOptions | None = None) -> QRectF:
    """What a print shows, in board units: the plate and, if drawn, the seat labels."""
    options = options or RenderOptions()
    rect = plate_rect(board)
    if rect.width() <= 0 or rect.height() <= 0:
        rect = QRectF(-1, -1, 2, 2)
    if options.seat_labels and board.pegs:
        size = 0.26
        for _name, text, pos, _i in seat_label_positions(board):
            w = glyphs.text_width(text, size) + size * 1.2 + 0.1
            h = size * 1.55 + 0.1
            rect = rect.united(QRectF(pos.x() - w / 2, pos.y() - h / 2, w, h + 0.05))
    return rect.adjusted(-0.02, -0.02, 0.02, 0.02)  # the cutting line's stroke


def _grid(extent_mm: tuple[float, float], area_mm: tuple[float, float]) -> tuple[int, int]:
    (w, h), (aw, ah) = extent_mm, area_mm
    return max(1, math.ceil(h / ah - 1e-9)), max(1, math.ceil(w / aw - 1e-9))


def layout_sheets(board: Board, settings: ExportSettings, sheet_mm: tuple[float, float] | None = None) -> SheetLayout:
    """Lay the board out at ``settings.spacing_mm`` on sheets of ``settings.paper`` (or on
    sheets of exactly ``sheet_mm``, e.g. a printer's paper, as oriented). The board is split
    into equal tiles, as few as fit, each centred on its sheet. Raises :class:`ExportError`
    when the margins leave no room."""
    settings = settings.checked()
    content = print_rect(board, settings.render_options())
    s, m = settings.spacing_mm, settings.margin_mm
    extent = (content.width() * s, content.height() * s)
    if sheet_mm is not None:
        sheets = [(float(sheet_mm[0]), float(sheet_mm[1]))]
        paper = settings.paper
    elif settings.paper == BOARD_PAPER:
        sheets = [(extent[0] + 2 * m, extent[1] + 2 * m)]
        paper = BOARD_PAPER
    else:
        pw, ph = PAPERS[settings.paper]
        portrait, landscape = (pw, ph), (ph, pw)
        sheets = {"portrait": [portrait], "landscape": [landscape]}.get(settings.orientation, [portrait, landscape])
        paper = settings.paper
    best = None
    for sheet in sheets:
        area = (sheet[0] - 2 * m, sheet[1] - 2 * m)
        if area[0] < 10 or area[1] < 10:
            raise ExportError(f"a {m:g} mm margin leaves no room on a {sheet[0]:g} × {sheet[1]:g} mm sheet")
        rows, cols = _grid(extent, area)
        # fewer sheets first; on a tie the sheet turned like the board
        key = (rows * cols, 0 if (sheet[0] >= sheet[1]) == (extent[0] >= extent[1]) else 1)
        if best is None or key < best[0]:
            best = (key, sheet, area, rows, cols)
    _key, sheet, area, rows, cols = best
    tw, th = content.width() / cols, content.height() / rows
    tiles = []
    for r in range(rows):
        for c in range(cols):
            source = QRectF(content.left() + c * tw, content.top() + r * th, tw, th)
            target = QRectF(m + (area[0] - tw * s) / 2, m + (area[1] - th * s) / 2, tw * s, th * s)
            tiles.append(Tile(r, c, source, target))
    orientation = "landscape" if sheet[0] > sheet[1] else "portrait"
    return SheetLayout(sheet, orientation, rows, cols, tuple(tiles), content, s, paper)


# -- painting ---------------------------------------------------------------------------------

def _font(size_mm: float, bold: bool = False) -> QFont:
    font = QFont("DejaVu Sans")
    font.setStyleHint(QFont.SansSerif)
    font.setPixelSize(max(1, round(size_mm * 10)))
    font.setBold(bold)
    return font


def _text(p: QPainter, x: float, y: float, text: str, size_mm: float, align: str = "left",
          bold: bool = False, colour: QColor = _LABEL_INK) -> float:
    """Draw ``text`` with its baseline at ``y`` mm; ``align`` left/centre/right of ``x``.
    Returns the text's width in mm. (Fonts are sized in tenths of a millimetre, then scaled.)"""
    font = _font(size_mm, bold)
    width = QFontMetricsF(font).horizontalAdvance(text) / 10
    left = {"left": x, "centre": x - width / 2, "right": x - width}[align]
    p.save()
    p.translate(left, y)
    p.scale(0.1, 0.1)
    p.setFont(font)
    p.setPen(colour)
    p.drawText(QPointF(0, 0), text)
    p.restore()
    return width


def _crop_marks(p: QPainter, rect: QRectF, margin: float) -> None:
    """Short lines in the margin that continue the tile's edges from each corner."""
    gap, length = 1.5, max(0.0, min(6.0, margin - 2.0))
    if length <= 0:
        return
    p.setPen(QPen(_MARK_INK, 0.2))
    for x, dx in ((rect.left(), -1), (rect.right(), 1)):
        for y, dy in ((rect.top(), -1), (rect.bottom(), 1)):
            p.drawLine(QPointF(x + dx * gap, y), QPointF(x + dx * (gap + length), y))
            p.drawLine(QPointF(x, y + dy * gap), QPointF(x, y + dy * (gap + length)))


def _join_marks(p: QPainter, layout: SheetLayout, tile: Tile, margin: float) -> None:
    """On each edge that meets another tile: a triangle pointing at the edge and the name of
    the tile that joins there, in the margin."""
    if margin < 4:
        return
    t = tile.target
    size = min(3.0, margin * 0.3)
    neighbours = (
        (layout.tile(tile.row - 1, tile.col), "top"), (layout.tile(tile.row + 1, tile.col), "bottom"),
        (layout.tile(tile.row, tile.col - 1), "left"), (layout.tile(tile.row, tile.col + 1), "right"),
    )
    for other, side in neighbours:
        if other is None:
            continue
        p.save()
        if side in ("top", "bottom"):
            x = t.center().x()
            edge = t.top() if side == "top" else t.bottom()
            out = -1 if side == "top" else 1
            tip = QPointF(x, edge + out * 1.0)
            base = edge + out * (1.0 + size)
            p.setPen(Qt.NoPen)
            p.setBrush(_MARK_INK)
            p.drawPolygon(QPolygonF([tip, QPointF(x - size * 0.6, base), QPointF(x + size * 0.6, base)]))
            middle = (edge + out * 1.0 + base) / 2
            _text(p, x + size, middle + size * 0.3, f"joins {other.label}", size * 0.85)
        else:
            y = t.center().y()
            edge = t.left() if side == "left" else t.right()
            out = -1 if side == "left" else 1
            tip = QPointF(edge + out * 1.0, y)
            base = edge + out * (1.0 + size)
            p.setPen(Qt.NoPen)
            p.setBrush(_MARK_INK)
            p.drawPolygon(QPolygonF([tip, QPointF(base, y - size * 0.6), QPointF(base, y + size * 0.6)]))
            p.translate(base + out * (size * 0.3), y)
            p.rotate(-90 if side == "left" else 90)
            _text(p, 0, -0.3, f"joins {other.label}", size * 0.85, align="centre")
        p.restore()


def _text_width(text: str, size_mm: float) -> float:
    return QFontMetricsF(_font(size_mm)).horizontalAdvance(text) / 10


def _footer(p: QPainter, board: Board, layout: SheetLayout, tile: Tile, index: int) -> None:
    """Page label (left) and a scale bar (right) in the bottom margin; on a narrow sheet the
    label gets shorter first, then the bar goes."""
    w, h = layout.sheet_mm
    margin = h - tile.target.bottom()
    size = min(3.0, max(1.6, margin * 0.28))
    if margin < size + 1.5:
        return
    y = h - max(margin * 0.35, 1.0)
    spacing = f"peg spacing {layout.spacing_mm:g} mm"
    if layout.pages > 1:
        where = f"{tile.label} of {layout.rows} × {layout.cols} (page {index + 1}/{layout.pages})"
        labels = [f"{board.name} — {where} — {spacing}", f"{where} — {spacing}", f"{tile.label} — {spacing}"]
    else:
        labels = [f"{board.name} — {spacing}", spacing]
    left = max(2.0, tile.target.left() + 2.0)  # clear of the crop mark below the corner
    right = min(w - 2.0, tile.target.right() - 2.0)
    bar = SCALE_BAR_MM
    bar_label = f"{bar:g} mm"
    bar_room = bar + 1.5 + _text_width(bar_label, size) + 4.0
    room = right - left
    text = next((t for t in labels if _text_width(t, size) + bar_room <= room), None)
    with_bar = text is not None
    if text is None:
        text = next((t for t in labels if _text_width(t, size) <= room), labels[-1])
    _text(p, left, y, text, size)
    if with_bar:
        p.save()
        p.setPen(QPen(_MARK_INK, 0.3))
        p.drawLine(QPointF(right - bar, y - size * 0.35), QPointF(right, y - size * 0.35))
        for x in (right - bar, right):
            p.drawLine(QPointF(x, y - size * 0.35 - 1.0), QPointF(x, y - size * 0.35 + 1.0))
        p.restore()
        _text(p, right - bar - 1.5, y, bar_label, size, align="right")


def _tile_board(board: Board, source: QRectF, reach: float = 0.6) -> Board:
    """The part of ``board`` drawn within ``reach`` board units of ``source``: pegs there,
    lines and segments whose bounds come that near (with their pegs). Seats and the crater
    stay whole (halos are drawn only for pegs present)."""
    area = source.adjusted(-reach, -reach, reach, reach)
    pegs = board.pegs

    def near(ids) -> bool:
        xs = [pegs[i].x for i in ids]
        ys = [pegs[i].y for i in ids]
        return QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)).adjusted(
            -0.01, -0.01, 0.01, 0.01).intersects(area)

    keep = {pid for pid, peg in pegs.items() if area.contains(QPointF(peg.x, peg.y))}
    lines = [(a, b) for a, b in board.lines if a in pegs and b in pegs and near((a, b))]
    segments = [seg for seg in board.segments if all(p in pegs for p in seg.pegs) and near(seg.pegs)]
    for a, b in lines:
        keep.update((a, b))
    for seg in segments:
        keep.update(seg.pegs)
    return replace(board, pegs={pid: peg for pid, peg in pegs.items() if pid in keep}, lines=lines,
                   segments=segments)


def paint_sheet(p: QPainter, board: Board, layout: SheetLayout, index: int, settings: ExportSettings,
                scene: locations.Scenery | None = None) -> None:
    """Draw sheet ``index`` of ``layout`` with ``p`` in millimetres (origin: the sheet's
    top-left corner). ``scene``: the board's :func:`locations.scenery` (computed when not
    given; pass it when drawing several sheets of one board)."""
    tile = layout.tiles[index]
    w, h = layout.sheet_mm
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    p.setRenderHint(QPainter.TextAntialiasing, True)
    p.fillRect(QRectF(0, 0, w, h), QColor("white"))
    p.save()
    p.setClipRect(tile.target)
    p.translate(tile.target.topLeft())
    s = layout.spacing_mm
    p.scale(s, s)
    p.translate(-tile.source.left(), -tile.source.top())
    if settings.white_background:
        if board.pegs:
            p.setPen(QPen(_CUT_LINE, 0.4 / s))  # the plate's outline is the cutting line
            p.setBrush(Qt.NoBrush)
            p.drawRoundedRect(plate_rect(board), 0.35, 0.35)
    else:
        paint_background(p, layout.content, board)
    scene = scene if scene is not None else locations.scenery(board)
    if layout.pages == 1:
        paint_board(p, board, settings.render_options(), scene)
    else:
        # only what reaches this tile: a PDF would otherwise hold the whole board on every page;
        # outlines, canals and the crater come from the whole board, so they join across sheets
        paint_board(p, _tile_board(board, tile.source), replace(settings.render_options(), seat_labels=False),
                    scene)
        if settings.seat_labels and board.pegs:
            for _name, text, pos, i in seat_label_positions(board):
                glyphs.paint_seat_label(p, pos, text, style.seat_colour(i))
    if settings.icons and board.pegs:
        from studio.render.iconography import board_icons, icon_strip_rect, paint_icon_strip

        icons = board_icons(board)
        paint_icon_strip(p, icon_strip_rect(board, icons), icons)
    p.restore()
    if settings.marks:
        margin = min(tile.target.left(), tile.target.top(), w - tile.target.right(), h - tile.target.bottom())
        _crop_marks(p, tile.target, margin)
        if layout.pages > 1:
            _join_marks(p, layout, tile, margin)
        _footer(p, board, layout, tile, index)
    p.restore()


def paint_sheets(device: QPagedPaintDevice, board: Board, settings: ExportSettings,
                 layout: SheetLayout | None = None, stop: Callable[[], bool] | None = None) -> SheetLayout:
    """Draw every sheet on a paged device (QPdfWriter, or a QPrinter set to full-page mode),
    one page each. The layout follows the device's paper unless one is given. Returns it.
    Raises :class:`ExportError` when the device cannot be painted on, :class:`Stopped` when
    ``stop()`` says so before a sheet."""
    page = device.pageLayout().fullRect(QPageLayout.Millimeter)
    if layout is None:
        layout = layout_sheets(board, settings, (page.width(), page.height()))
    painter = QPainter()
    if not painter.begin(device):
        raise ExportError("could not start drawing on the output (is the file writable?)")
    try:
        px_per_mm = device.width() / page.width()
        painter.scale(px_per_mm, px_per_mm)
        scene = locations.scenery(board)
        for i in range(layout.pages):
            _check_stop(stop)
            if i:
                device.newPage()
            paint_sheet(painter, board, layout, i, settings, scene)
    finally:
        painter.end()
    return layout


# -- files ------------------------------------------------------------------------------------

def sheet_paths(path: str | Path, layout: SheetLayout) -> list[Path]:
    """Files of a PNG or SVG export: ``path`` itself for one sheet, else ``NAME-row1-col2.EXT``
    beside it for each sheet."""
    path = Path(path)
    if layout.pages == 1:
        return [path]
    return [path.with_name(f"{path.stem}-row{t.row + 1}-col{t.col + 1}{path.suffix}") for t in layout.tiles]


def page_layout(paper: str, sheet_mm: tuple[float, float]) -> QPageLayout:
    """A margin-less page of ``sheet_mm`` (width, height): the Qt paper ``paper`` names when
    the sheet is that paper's size, else a custom size; landscape when wider than tall."""
    w, h = sheet_mm
    orientation = QPageLayout.Landscape if w > h else QPageLayout.Portrait
    if paper in _QT_PAPERS and sorted(sheet_mm) == sorted(PAPERS[paper]):
        size = QPageSize(_QT_PAPERS[paper])
    else:
        # exact: a fuzzy match would snap a board-sized sheet to a nearby standard paper
        size = QPageSize(QSizeF(min(w, h), max(w, h)), QPageSize.Millimeter, "", QPageSize.ExactMatch)
    return QPageLayout(size, orientation, QMarginsF(0, 0, 0, 0), QPageLayout.Millimeter)


def pdf_writer(path, title: str, layout: QPageLayout) -> QPdfWriter:
    """A QPdfWriter on ``path`` (a file, or a QIODevice: :func:`write_atomically`'s buffer) at
    print resolution. Delete it to flush and close the output."""
    writer = QPdfWriter(path if isinstance(path, QIODevice) else str(path))
    writer.setResolution(_PDF_DPI)
    writer.setTitle(title)
    writer.setCreator("Board Studio")
    writer.setPageLayout(layout)
    return writer


def write_svg_sheet(target, sheet_mm: tuple[float, float], title: str, description: str,
                    paint: Callable[[QPainter], None]) -> Path:
    """One SVG of ``sheet_mm`` (``width``/``height`` in mm, user units in mm) drawn by
    ``paint(painter)``. Raises OSError."""
    w, h = sheet_mm
    gen = QSvgGenerator(QSvgGenerator.SvgVersion.Svg11)  # 1.1: clip paths keep each tile to its sheet
    if isinstance(target, QIODevice):  # write_atomically's buffer
        gen.setOutputDevice(target)
    else:
        gen.setFileName(str(target))
    gen.setTitle(title)
    gen.setDescription(description)
    gen.setResolution(round(25.4 * _SVG_UNITS_PER_MM))
    gen.setSize(QSize(round(w * _SVG_UNITS_PER_MM), round(h * _SVG_UNITS_PER_MM)))
    gen.setViewBox(QRectF(0, 0, w, h))
    painter = QPainter()
    if not painter.begin(gen):
        raise OSError(f"could not write {_name(target)}")
    try:
        paint(painter)
    finally:
        ended = painter.end()
    if not ended or (not isinstance(target, QIODevice) and not target.is_file()):
        raise OSError(f"could not write {_name(target)}")
    return target


def _pixels(sheet_mm: tuple[float, float], dpi: float) -> tuple[int, int]:
    w, h = sheet_mm
    return max(1, round(w / 25.4 * dpi)), max(1, round(h / 25.4 * dpi))


def sheet_pixels(layout: SheetLayout, dpi: float) -> tuple[int, int]:
    """Pixel size of one PNG sheet at ``dpi``."""
    return _pixels(layout.sheet_mm, dpi)


def png_pixels(sheet_mm: tuple[float, float], dpi: float) -> tuple[int, int]:
    """Pixel size of a PNG sheet of ``sheet_mm`` at ``dpi``; ExportError when too large."""
    pw, ph = _pixels(sheet_mm, dpi)
    if max(pw, ph) > MAX_PIXELS:
        raise ExportError(f"a sheet would be {pw} × {ph} pixels (at most {MAX_PIXELS} a side): lower the dpi")
    return pw, ph


def write_png_sheet(target, sheet_mm: tuple[float, float], dpi: float,
                    paint: Callable[[QPainter], None]) -> Path:
    """One PNG of ``sheet_mm`` at ``dpi`` (stored in the file, so an image viewer prints it at
    true size) drawn by ``paint(painter)`` in mm on white. Raises ExportError / OSError."""
    pw, ph = png_pixels(sheet_mm, dpi)
    image = QImage(pw, ph, QImage.Format_ARGB32_Premultiplied)
    if image.isNull():
        raise ExportError(f"not enough memory for a {pw} × {ph} image: lower the dpi")
    dots_per_metre = round(dpi / 0.0254)
    image.setDotsPerMeterX(dots_per_metre)
    image.setDotsPerMeterY(dots_per_metre)
    image.fill(Qt.white)
    painter = QPainter(image)
    try:
        painter.scale(pw / sheet_mm[0], ph / sheet_mm[1])
        paint(painter)
    finally:
        painter.end()
    out = target if isinstance(target, QIODevice) else str(target)
    if not image.convertToFormat(QImage.Format_RGB32).save(out, "PNG"):
        raise OSError(f"could not write {_name(target)}")
    return target


def write_pdf(board: Board, path: str | Path, settings: ExportSettings,
              stop: Callable[[], bool] | None = None) -> list[Path]:
    """One PDF, a page per sheet, at true size, written to a temp file renamed over ``path``
    when complete. Raises ExportError / OSError / :class:`Stopped` (nothing written)."""
    layout = layout_sheets(board, settings)
    path = Path(path)

    def write(tmp: Path) -> None:
        writer = pdf_writer(tmp, board.name, page_layout(layout.paper, layout.sheet_mm))
        try:
            paint_sheets(writer, board, settings, layout, stop)
        except ExportError as exc:
            raise OSError(f"could not write {path}: {exc}") from None
        finally:
            del writer  # flushes and closes the file

    return [write_atomically(path, write)]


def write_svg(board: Board, path: str | Path, settings: ExportSettings,
              stop: Callable[[], bool] | None = None) -> list[Path]:
    """One SVG per sheet, ``width``/``height`` in mm, user units in mm, each written to a temp
    file and renamed when complete. Raises OSError / :class:`Stopped`."""
    layout = layout_sheets(board, settings)
    scene = locations.scenery(board)
    written: list[Path] = []
    for i, target in enumerate(sheet_paths(path, layout)):
        _check_stop(stop, written)
        title = board.name if layout.pages == 1 else f"{board.name} — {layout.tiles[i].label}"
        written.append(write_atomically(target, lambda tmp, i=i, title=title: write_svg_sheet(
            tmp, layout.sheet_mm, title, f"Board Studio print-and-play sheet, peg spacing {layout.spacing_mm:g} mm",
            lambda p: paint_sheet(p, board, layout, i, settings, scene))))
    return written


def write_png(board: Board, path: str | Path, settings: ExportSettings,
              stop: Callable[[], bool] | None = None) -> list[Path]:
    """One PNG per sheet at ``settings.dpi`` (the resolution is stored in the file, so an
    image viewer prints it at true size), each written to a temp file and renamed when
    complete. Raises ExportError (too large) / OSError / :class:`Stopped`."""
    layout = layout_sheets(board, settings)
    png_pixels(layout.sheet_mm, settings.dpi)  # too large: say so before the first file
    scene = locations.scenery(board)
    written: list[Path] = []
    for i, target in enumerate(sheet_paths(path, layout)):
        _check_stop(stop, written)
        written.append(write_atomically(target, lambda tmp, i=i: write_png_sheet(
            tmp, layout.sheet_mm, settings.dpi, lambda p: paint_sheet(p, board, layout, i, settings, scene))))
    return written


_WRITERS = {"pdf": write_pdf, "svg": write_svg, "png": write_png}


def export_board(board: Board, path: str | Path, settings: ExportSettings | None = None,
                 stop: Callable[[], bool] | None = None) -> list[Path]:
    """Write ``board`` as ``settings.format`` to ``path``; returns the files written (several
    for a tiled PNG or SVG), each written whole to a temp file beside it and renamed. Raises
    :class:`ExportError` for settings that do not work, OSError for files that cannot be
    written and :class:`Stopped` when ``stop()`` turns true (checked before each sheet)."""
    settings = (settings or ExportSettings()).checked()
    check_writable(path)  # before Qt paints: a failing QPainter::begin() warns on stderr
    if settings.format != "pdf":
        for target in sheet_paths(path, layout_sheets(board, settings)):
            if Path(target) == Path(path):
                continue
            try:
                check_writable(target)
            except OSError as exc:
                if exc.errno == errno.ENAMETOOLONG:  # PATH fits, PATH-row1-col1.png does not
                    raise OSError(f"could not write {target}: the sheet suffix "
                                  f"({Path(target).name[len(Path(path).stem):]}) makes the name longer "
                                  "than the file system allows; give a shorter name") from None
                raise
    return _WRITERS[settings.format](board, path, settings, stop)


def format_for_path(path: str | Path, default: str = "pdf") -> str:
    """The export format named by ``path``'s suffix, or ``default``."""
    suffix = Path(path).suffix.lower().lstrip(".")
    return suffix if suffix in FORMATS else default


