"""Write a run of printed pages (each painted in millimetres) as PDF, SVG or PNG.

A :class:`Pages` is a sheet size in mm, a page count, a title and a ``paint(painter, index)``
function that draws page ``index`` with the painter's unit = 1 mm and the origin at the
sheet's top-left corner. :func:`write_pages` writes them all at true size: one PDF (a page per
sheet), or one SVG / PNG per sheet (``NAME-p2.EXT`` beside ``NAME.EXT`` when there are several).
Used for Trees of Wisdom and card sheets. QtGui only."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import QColor, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter
from PySide6.QtSvg import QSvgGenerator

from studio.render.export import FORMATS, MAX_PIXELS, PAPERS, ExportError
from studio.render.output import check_writable

_PDF_DPI = 1200
_SVG_UNITS_PER_MM = 10
_QT_PAPERS = {"a4": QPageSize.A4, "letter": QPageSize.Letter}


@dataclass(frozen=True)
class Pages:
    """``count`` sheets of ``sheet_mm`` (width, height) drawn by ``paint(painter, index)``."""

    sheet_mm: tuple[float, float]
    count: int
    title: str
    paint: Callable[[QPainter, int], None]
    paper: str = ""


def sheet_size(paper: str, landscape: bool = False) -> tuple[float, float]:
    """(width, height) in mm of ``a4`` or ``letter``. Raises ExportError for other names."""
    if paper not in PAPERS:
        raise ExportError(f"paper must be one of {', '.join(PAPERS)}, got {paper!r}")
    w, h = PAPERS[paper]
    return (h, w) if landscape else (w, h)


def page_paths(path: str | Path, count: int) -> list[Path]:
    """``path`` for one page, else ``NAME-p1.EXT``, ``NAME-p2.EXT``... beside it."""
    path = Path(path)
    if count == 1:
        return [path]
    return [path.with_name(f"{path.stem}-p{i + 1}{path.suffix}") for i in range(count)]


def _page_layout(pages: Pages) -> QPageLayout:
    w, h = pages.sheet_mm
    orientation = QPageLayout.Landscape if w > h else QPageLayout.Portrait
    if pages.paper in _QT_PAPERS and sorted(pages.sheet_mm) == sorted(PAPERS[pages.paper]):
        size = QPageSize(_QT_PAPERS[pages.paper])
    else:
        size = QPageSize(QSizeF(min(w, h), max(w, h)), QPageSize.Millimeter, "", QPageSize.ExactMatch)
    return QPageLayout(size, orientation, QMarginsF(0, 0, 0, 0), QPageLayout.Millimeter)


def _paint_page(painter: QPainter, pages: Pages, index: int) -> None:
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing, True)
    painter.setRenderHint(QPainter.TextAntialiasing, True)
    painter.fillRect(QRectF(0, 0, *pages.sheet_mm), QColor("white"))
    pages.paint(painter, index)
    painter.restore()


def write_pdf(pages: Pages, path: Path) -> list[Path]:
    writer = QPdfWriter(str(path))
    writer.setResolution(_PDF_DPI)
    writer.setTitle(pages.title)
    writer.setCreator("Board Studio")
    writer.setPageLayout(_page_layout(pages))
    painter = QPainter()
    if not painter.begin(writer):
        raise OSError(f"could not write {path}")
    try:
        px_per_mm = writer.width() / pages.sheet_mm[0]
        painter.scale(px_per_mm, px_per_mm)
        for i in range(pages.count):
            if i:
                writer.newPage()
            _paint_page(painter, pages, i)
    finally:
        painter.end()
    del writer  # flushes and closes the file
    if not path.is_file() or path.stat().st_size == 0:
        raise OSError(f"could not write {path}")
    return [path]


def write_svg(pages: Pages, path: Path) -> list[Path]:
    w, h = pages.sheet_mm
    out = []
    for i, target in enumerate(page_paths(path, pages.count)):
        gen = QSvgGenerator(QSvgGenerator.SvgVersion.Svg11)
        gen.setFileName(str(target))
        gen.setTitle(pages.title if pages.count == 1 else f"{pages.title} — page {i + 1}")
        gen.setDescription("Board Studio print-and-play sheet (units: mm)")
        gen.setResolution(round(25.4 * _SVG_UNITS_PER_MM))
        gen.setSize(QSize(round(w * _SVG_UNITS_PER_MM), round(h * _SVG_UNITS_PER_MM)))
        gen.setViewBox(QRectF(0, 0, w, h))
        painter = QPainter()
        if not painter.begin(gen):
            raise OSError(f"could not write {target}")
        try:
            _paint_page(painter, pages, i)
        finally:
            painter.end()
        if not target.is_file():
            raise OSError(f"could not write {target}")
        out.append(target)
    return out


def write_png(pages: Pages, path: Path, dpi: float) -> list[Path]:
    w, h = pages.sheet_mm
    pw, ph = max(1, round(w / 25.4 * dpi)), max(1, round(h / 25.4 * dpi))
    if max(pw, ph) > MAX_PIXELS:
        raise ExportError(f"a sheet would be {pw} × {ph} pixels (at most {MAX_PIXELS} a side): lower the dpi")
    out = []
    for i, target in enumerate(page_paths(path, pages.count)):
        image = QImage(pw, ph, QImage.Format_ARGB32_Premultiplied)
        if image.isNull():
            raise ExportError(f"not enough memory for a {pw} × {ph} image: lower the dpi")
        dots = round(dpi / 0.0254)
        image.setDotsPerMeterX(dots)
        image.setDotsPerMeterY(dots)
        image.fill(Qt.white)
        painter = QPainter(image)
        try:
            painter.scale(pw / w, ph / h)
            _paint_page(painter, pages, i)
        finally:
            painter.end()
        if not image.convertToFormat(QImage.Format_RGB32).save(str(target), "PNG"):
            raise OSError(f"could not write {target}")
        out.append(target)
    return out


def write_pages(pages: Pages, path: str | Path, fmt: str, dpi: float = 300.0) -> list[Path]:
    """Write every page of ``pages`` as ``fmt`` (png, svg or pdf) to ``path``; returns the
    files written. Raises :class:`ExportError` for a format or size that does not work and
    OSError for a file or folder that cannot be written."""
    if fmt not in FORMATS:
        raise ExportError(f"format must be one of {', '.join(FORMATS)}, got {fmt!r}")
    if pages.count < 1:
        raise ExportError("nothing to print: no pages")
    path = Path(path)
    check_writable(path)  # before Qt paints: a failing QPainter::begin() warns on stderr
    if fmt == "pdf":
        return write_pdf(pages, path)
    if fmt == "svg":
        return write_svg(pages, path)
    return write_png(pages, path, dpi)
