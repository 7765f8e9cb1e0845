"""The card sheets' Export dialog (File ▸ Export ▸ as PDF/SVG/PNG in the card and loot editor):
bleed, backs for double-sided printing and the edge the printer flips on, with what the
sheets will be (cards a page, pages) said as the options change."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from studio.render.cards import DUPLEX_EDGES, MAX_BLEED_MM, PrintOptions, layout_card_sheets
from studio.render.export import ExportError

DUPLEX_LABELS = {"long": "Flip on the long edge (most printers' default)", "short": "Flip on the short edge"}
SETTINGS_KEY = "cards/printOptions"


def load_options(settings) -> PrintOptions:
    """The last options stored in a QSettings, else the defaults (3 mm bleed, backs, long edge)."""
    raw = settings.value(SETTINGS_KEY) if settings is not None else None
    try:
        bleed, backs, duplex = str(raw).split("|")
        return PrintOptions(float(bleed), backs == "1", duplex).checked()
    except (ValueError, TypeError, ExportError):
        return PrintOptions()


def store_options(settings, options: PrintOptions) -> None:
    if settings is not None:
        settings.setValue(SETTINGS_KEY, f"{options.bleed_mm:g}|{int(options.backs)}|{options.duplex}")


class CardPrintDialog(QDialog):
    """Edits a :class:`~studio.render.cards.PrintOptions` for ``items`` (the sheet items to
    print) on ``paper``; ``options()`` gives the result."""

    def __init__(self, items, paper: str, options: PrintOptions, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Export Card Sheets"))
        self.setObjectName("CardPrintDialog")
        self.items, self.paper = items, paper
        self.bleed_spin = QDoubleSpinBox()
        self.bleed_spin.setRange(0.0, MAX_BLEED_MM)
        self.bleed_spin.setDecimals(1)
        self.bleed_spin.setSingleStep(0.5)
        self.bleed_spin.setSuffix(self.tr(" mm"))
        self.bleed_spin.setValue(options.bleed_mm)
        self.bleed_spin.setToolTip(self.tr("Art printed past each cutting line, so a cut a little off shows no white edge; "
                                   "the cut marks are drawn outside it. 0: cards edge to edge."))
        self.bleed_spin.setAccessibleName(self.tr("Bleed"))
        self.backs_check = QCheckBox(self.tr("Print the backs (a back sheet after every face sheet)"))
        self.backs_check.setChecked(options.backs)
        self.duplex_box = QComboBox()
        for edge in DUPLEX_EDGES:
            self.duplex_box.addItem(DUPLEX_LABELS[edge], edge)
        self.duplex_box.setCurrentIndex(max(0, self.duplex_box.findData(options.duplex)))
        self.duplex_box.setAccessibleName(self.tr("Double-sided printing"))
        self.summary = QLabel()
        self.summary.setObjectName("CardPrintSummary")
        self.summary.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("Bleed:"), self.bleed_spin)
        form.addRow("", self.backs_check)
        form.addRow(self.tr("Double-sided:"), self.duplex_box)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.button(QDialogButtonBox.Ok).setText(self.tr("Export…"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.buttons = buttons
        outer = QVBoxLayout(self)
        outer.addLayout(form)
        outer.addWidget(self.summary)
        outer.addWidget(buttons)
        self.bleed_spin.valueChanged.connect(self._changed)
        self.backs_check.toggled.connect(self._changed)
        self.duplex_box.currentIndexChanged.connect(self._changed)
        self._changed()

    def options(self) -> PrintOptions:
        return PrintOptions(self.bleed_spin.value(), self.backs_check.isChecked(), self.duplex_box.currentData())

    def _changed(self, *_args) -> None:
        self.duplex_box.setEnabled(self.backs_check.isChecked())
        try:
            text = layout_card_sheets(self.items, self.paper, self.options()).summary()
        except ExportError as exc:
            text = f"<span style='color:#c62828'>{exc}</span>"
        self.summary.setText(text)
