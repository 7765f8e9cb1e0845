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

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter

from studio.render.export import (
    FORMATS,
    PAPERS,
    ExportError,
    page_layout,
    pdf_writer,
    png_pixels,
    write_atomically,
    write_png_sheet,
    write_svg_sheet,
)
from studio.render.output import check_writable


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


def _paint_page(painter: QPainter, pages: Pages, index: int) -> None:
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing, True)
    painter.setRenderHint(QPainter.TextAntialiasing, True)
    painter.fillRect(QRectF(0, 0, *pages.sheet_mm), QColor("white"))
    pages.paint(painter, index)
    painter.restore()


def write_pdf(pages: Pages, path: Path) -> list[Path]:
    """One PDF, written to a temp file renamed over ``path`` when complete."""
    def write(tmp: Path) -> None:
        writer = pdf_writer(tmp, pages.title, page_layout(pages.paper, pages.sheet_mm))
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

    return [write_atomically(Path(path), write)]


def write_svg(pages: Pages, path: Path) -> list[Path]:
    return [write_atomically(target, lambda tmp, i=i: write_svg_sheet(
                tmp, pages.sheet_mm, pages.title if pages.count == 1 else f"{pages.title} — page {i + 1}",
                "Board Studio print-and-play sheet (units: mm)", lambda p: _paint_page(p, pages, i)))
            for i, target in enumerate(page_paths(path, pages.count))]


def write_png(pages: Pages, path: Path, dpi: float) -> list[Path]:
    png_pixels(pages.sheet_mm, dpi)  # too large: say so before the first file
    return [write_atomically(target, lambda tmp, i=i: write_png_sheet(tmp, pages.sheet_mm, dpi,
                                                                lambda p: _paint_page(p, pages, i)))
            for i, target in enumerate(page_paths(path, pages.count))]


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
