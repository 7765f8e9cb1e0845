"""The Export dialog (File ▸ Export… and File ▸ Print…): format, output file, paper,
orientation, peg spacing, margins, resolution and print options, with a live preview of how
the board is tiled across sheets and how many there are."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from studio.gui.shell import desktop, prompts
from studio.model.realm import Board
from studio.render import export
from studio.render.board import paint_background, paint_board, plate_rect
from studio.render.iconography import board_icons, icon_strip_rect, paint_icon_strip

FORMAT_LABELS = {"pdf": "PDF document (one page per sheet)", "svg": "SVG drawing (one file per sheet)",
                 "png": "PNG image (one file per sheet)"}
PAPER_LABELS = {"a4": "A4 (210 × 297 mm)", "letter": "Letter (8.5 × 11 in)", "board": "Board size (one sheet)"}
ORIENTATION_LABELS = {"auto": "Automatic (fewest sheets)", "portrait": "Portrait", "landscape": "Landscape"}
PREVIEW_SIZE = QSize(380, 260)


def _combo(labels: dict[str, str], current: str) -> QComboBox:
    box = QComboBox()
    for key, text in labels.items():
        box.addItem(text, key)
    box.setCurrentIndex(max(0, box.findData(current)))
    return box


def _spin(value: float, low: float, high: float, step: float, suffix: str, decimals: int = 1) -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setRange(low, high)
    spin.setDecimals(decimals)
    spin.setSingleStep(step)
    spin.setSuffix(suffix)
    spin.setValue(value)
    spin.setKeyboardTracking(False)
    return spin


class ExportDialog(QDialog):
    """Edits an :class:`~studio.render.export.ExportSettings` (and, unless ``for_print``, the
    output file). ``settings()`` and ``path()`` give the result; ``page_count()`` the sheets the current
    layout takes (0 when the settings cannot be laid out; the reason is shown)."""

    def __init__(self, board: Board, settings: export.ExportSettings, path: str | None = None,
                 for_print: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board = board
        self.for_print = for_print
        self._layout: export.SheetLayout | None = None
        self._board_image: QImage | None = None
        self._image_key = None
        self.setWindowTitle("Print Board" if for_print else "Export Board")
        desktop.install_help(self, "export")  # F1 opens its docs page
        self.setObjectName("ExportDialog")

        self.format_box = _combo(FORMAT_LABELS, settings.format)
        self.path_edit = QLineEdit(path or "")
        self.path_edit.setPlaceholderText(self.tr("File to write"))
        self.browse_button = QPushButton(self.tr("Browse…"))
        self.browse_button.clicked.connect(self._browse)
        self.paper_box = _combo(PAPER_LABELS, settings.paper)
        self.orientation_box = _combo(ORIENTATION_LABELS, settings.orientation)
        self.spacing_spin = _spin(settings.spacing_mm, export.MIN_SPACING_MM, export.MAX_SPACING_MM, 0.5, " mm")
        self.spacing_spin.setToolTip(self.tr("Distance between neighbouring pegs on paper. The default, {DEFAULT_SPACING_MM:g} mm, is an assumption: measure your base.").format(DEFAULT_SPACING_MM=export.DEFAULT_SPACING_MM))
        self.margin_spin = _spin(settings.margin_mm, 0, 50, 1, " mm")
        self.dpi_spin = _spin(settings.dpi, export.MIN_DPI, export.MAX_DPI, 50, " dpi", decimals=0)
        self.white_check = QCheckBox(self.tr("White background (print-friendly: no table or parchment)"))
        self.white_check.setChecked(settings.white_background)
        self.labels_check = QCheckBox(self.tr("Seat labels outside the board"))
        self.labels_check.setChecked(settings.seat_labels)
        self.ids_check = QCheckBox(self.tr("Peg ids"))
        self.ids_check.setChecked(settings.peg_ids)
        self.marks_check = QCheckBox(self.tr("Crop marks, page labels and scale bar"))
        self.marks_check.setChecked(settings.marks)
        self.icons_check = QCheckBox(self.tr("Board symbols: location, players, band shapes, rules, end"))
        self.icons_check.setToolTip(self.tr("As on the printed boards: the symbols in the board's top-left corner"))
        self.icons_check.setChecked(settings.icons)

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.ExpandingFieldsGrow)
        if not for_print:
            form.addRow(self.tr("Format:"), self.format_box)
            file_row = QHBoxLayout()
            file_row.addWidget(self.path_edit, 1)
            file_row.addWidget(self.browse_button)
            form.addRow(self.tr("File:"), file_row)
        form.addRow(self.tr("Paper:"), self.paper_box)
        form.addRow(self.tr("Orientation:"), self.orientation_box)
        form.addRow(self.tr("Peg spacing:"), self.spacing_spin)
        form.addRow(self.tr("Margins:"), self.margin_spin)
        if not for_print:
            form.addRow(self.tr("Resolution:"), self.dpi_spin)
        options = QGroupBox(self.tr("Print options"))
        opts = QVBoxLayout(options)
        for check in (self.white_check, self.labels_check, self.ids_check, self.marks_check, self.icons_check):
            opts.addWidget(check)

        self.preview = QLabel()
        self.preview.setObjectName("ExportPreview")
        self.preview.setFixedSize(PREVIEW_SIZE)
        self.preview.setAlignment(Qt.AlignCenter)
        self.summary = QLabel()
        self.summary.setObjectName("ExportSummary")
        self.summary.setWordWrap(True)
        right = QVBoxLayout()
        right.addWidget(self.preview)
        right.addWidget(self.summary)
        right.addStretch(1)

        left = QVBoxLayout()
        left.addLayout(form)
        left.addWidget(options)
        left.addStretch(1)
        body = QHBoxLayout()
        body.addLayout(left, 1)
        body.addLayout(right)

        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.buttons.button(QDialogButtonBox.Ok).setText("Print…" if for_print else "Export")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        outer = QVBoxLayout(self)
        outer.addLayout(body)
        outer.addWidget(self.buttons)

        for box in (self.format_box, self.paper_box, self.orientation_box):
            box.currentIndexChanged.connect(self._changed)
        for spin in (self.spacing_spin, self.margin_spin, self.dpi_spin):
            spin.valueChanged.connect(self._changed)
        for check in (self.white_check, self.labels_check, self.ids_check, self.marks_check, self.icons_check):
            check.toggled.connect(self._changed)
        self.format_box.currentIndexChanged.connect(self._format_changed)
        self.path_edit.textChanged.connect(self._changed)
        self._changed()

    # -- values -----------------------------------------------------------------------------
    def settings(self) -> export.ExportSettings:
        return export.ExportSettings(
            format=self.format_box.currentData(), paper=self.paper_box.currentData(),
            orientation=self.orientation_box.currentData(), spacing_mm=self.spacing_spin.value(),
            margin_mm=self.margin_spin.value(), dpi=self.dpi_spin.value(),
            white_background=self.white_check.isChecked(), seat_labels=self.labels_check.isChecked(),
            peg_ids=self.ids_check.isChecked(), marks=self.marks_check.isChecked(), icons=self.icons_check.isChecked(),
        )

    def path(self) -> str:
        """The output file, with the format's suffix."""
        text = self.path_edit.text().strip()
        if not text:
            return ""
        fmt = self.format_box.currentData()
        p = Path(text)
        if p.suffix.lower().lstrip(".") != fmt:
            p = p.with_suffix(f".{fmt}") if p.suffix.lower().lstrip(".") in export.FORMATS else Path(f"{text}.{fmt}")
        return str(p)

    def page_count(self) -> int:
        return self._layout.pages if self._layout is not None else 0

    # -- reactions --------------------------------------------------------------------------
    def _format_changed(self) -> None:
        text = self.path_edit.text().strip()
        if text:
            self.path_edit.setText(self.path())

    def _browse(self) -> None:
        fmt = self.format_box.currentData()
        chosen = prompts.ask_export_file(self, self.path() or f"{self.board.id}.{fmt}", fmt)
        if chosen:
            self.path_edit.setText(chosen)

    def _changed(self, *_args) -> None:
        settings = self.settings()
        self.dpi_spin.setEnabled(settings.format == "png")
        try:
            self._layout = export.layout_sheets(self.board, settings)
        except export.ExportError as exc:
            self._layout = None
            self.summary.setText(self.tr("<span style='color:{colour}'>{exc}</span>").format(colour=desktop.colour('error'), exc=exc))
            self.preview.setPixmap(QPixmap())
            self._update_ok()
            return
        text = self._layout.summary()
        if settings.format == "png" and not self.for_print:
            w, h = export.sheet_pixels(self._layout, settings.dpi)
            text += f"; {w} × {h} px per sheet"
        self.summary.setText(text)
        self.preview.setPixmap(self._preview(settings))
        self._update_ok()

    def _update_ok(self) -> None:
        ok = self._layout is not None and (self.for_print or bool(self.path_edit.text().strip()))
        self.buttons.button(QDialogButtonBox.Ok).setEnabled(ok)

    def accept(self) -> None:
        if not self.for_print:
            folder = Path(self.path()).parent
            if not self.path() or not folder.is_dir():
                self.summary.setText(self.tr("<span style='color:{colour}'>The folder {folder} does not exist.</span>").format(colour=desktop.colour('error'), folder=folder))
                return
        super().accept()

    # -- preview ----------------------------------------------------------------------------
    def _board_picture(self, settings: export.ExportSettings, content: QRectF, scale: float) -> QImage:
        """The board over ``content`` at ``scale`` px per board unit (cached per look)."""
        key = (settings.white_background, settings.seat_labels, settings.peg_ids, settings.icons, round(scale, 3),
               content.x(), content.y(), content.width(), content.height())
        if self._board_image is not None and self._image_key == key:
            return self._board_image
        w, h = max(1, round(content.width() * scale)), max(1, round(content.height() * scale))
        image = QImage(w, h, QImage.Format_ARGB32_Premultiplied)
        image.fill(Qt.white)
        p = QPainter(image)
        p.setRenderHint(QPainter.Antialiasing, True)
        p.scale(scale, scale)
        p.translate(-content.left(), -content.top())
        if settings.white_background:
            if self.board.pegs:
                p.setPen(QPen(QColor("#b59d70"), 1.0 / scale))
                p.drawRoundedRect(plate_rect(self.board), 0.35, 0.35)
        else:
            paint_background(p, content, self.board)
        paint_board(p, self.board, settings.render_options())
        if settings.icons and self.board.pegs:
            icons = board_icons(self.board)
            paint_icon_strip(p, icon_strip_rect(self.board, icons), icons)
        p.end()
        self._board_image, self._image_key = image, key
        return image

    def _preview(self, settings: export.ExportSettings) -> QPixmap:
        """Every sheet side by side (as they join), each showing its part of the board."""
        layout = self._layout
        gap = 6.0
        sw, sh = layout.sheet_mm
        total_w = layout.cols * sw
        total_h = layout.rows * sh
        mm = min((PREVIEW_SIZE.width() - 8 - gap * (layout.cols - 1)) / total_w,
                 (PREVIEW_SIZE.height() - 8 - gap * (layout.rows - 1)) / total_h)
        pixmap = QPixmap(PREVIEW_SIZE)
        pixmap.fill(QColor("#7d8577"))
        picture = self._board_picture(settings, layout.content, mm * layout.spacing_mm)
        p = QPainter(pixmap)
        p.setRenderHint(QPainter.Antialiasing, True)
        p.setRenderHint(QPainter.SmoothPixmapTransform, True)
        x0 = (PREVIEW_SIZE.width() - (total_w * mm + gap * (layout.cols - 1))) / 2
        y0 = (PREVIEW_SIZE.height() - (total_h * mm + gap * (layout.rows - 1))) / 2
        per_unit = mm * layout.spacing_mm
        for tile in layout.tiles:
            left = x0 + tile.col * (sw * mm + gap)
            top = y0 + tile.row * (sh * mm + gap)
            p.fillRect(QRectF(left, top, sw * mm, sh * mm), QColor("white"))
            t = tile.target
            target = QRectF(left + t.x() * mm, top + t.y() * mm, t.width() * mm, t.height() * mm)
            src = tile.source
            source = QRectF((src.x() - layout.content.x()) * per_unit, (src.y() - layout.content.y()) * per_unit,
                            src.width() * per_unit, src.height() * per_unit)
            p.drawImage(target, picture, source)
            if settings.marks:
                p.setPen(QPen(QColor(0, 0, 0, 90), 0.8, Qt.DashLine))
                p.setBrush(Qt.NoBrush)
                p.drawRect(target)
        p.end()
        return pixmap


def with_path_suffix(path: str, fmt: str) -> str:
    """``path`` with the suffix of ``fmt`` (replacing another export suffix)."""
    p = Path(path)
    if p.suffix.lower().lstrip(".") in export.FORMATS:
        return str(p.with_suffix(f".{fmt}"))
    return f"{path}.{fmt}"

