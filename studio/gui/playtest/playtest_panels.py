"""Side-panel pieces of the playtest window: card chips, the deck, one panel per seat, and the
text of payments. Each widget shows what it is given; the window decides what to give."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QLinearGradient, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QAbstractButton,
    QFrame,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from studio.bots.spec import BotSpec
from studio.content.words import counted
from studio.gui.playtest.playtest_board import seat_colour
from studio.gui.shell import desktop
from studio.model.realm import COLOURS
from studio.render import style

CONTROLLER_NAMES = {"human": "Human", "random": "Random bot", "greedy": "Greedy bot", "mcts": "MCTS bot"}


def mcts_budget_text(spec: str) -> str:
    """The search budget of an ``mcts[:...]`` spec (:class:`studio.bots.BotSpec`) in words:
    "400 iterations", "0.5 s a move", "300 iterations or 0.2 s", with other options after a
    comma ("200 iterations, rollout=random"). ValueError for a spec the bot refuses."""
    return BotSpec.parse(spec).budget_words()


def controller_name(spec: str) -> str:
    """A seat controller for menus and panels: "Human", "Greedy bot", "MCTS (400 iterations)";
    a spec that is not understood is shown as it is."""
    if spec == "human":
        return CONTROLLER_NAMES[spec]
    try:
        bot = BotSpec.parse(spec)
    except ValueError:
        return spec
    return f"MCTS ({bot.budget_words()})" if bot.kind == "mcts" else CONTROLLER_NAMES.get(bot.kind, spec)


def controller_phrase(spec: str) -> str:
    """:func:`controller_name` inside a sentence: "greedy bot", "MCTS bot (400 iterations)"."""
    name = controller_name(spec)
    if name.startswith("MCTS ("):
        return "MCTS bot " + name[5:]
    return name[:1].lower() + name[1:]


def card_colour(colour: str) -> QColor:
    return QColor(style.PEG_FILLS.get(colour, style.UNKNOWN_PEG_FILL))


class CardChip(QAbstractButton):
    """A card: a small upright rounded card in its colour (``colour`` None: the deck's back).
    ``count`` (> 1) is written on it; checkable chips lift and get a ring when checked."""

    def __init__(self, colour: str | None, count: int = 1, size: QSize | None = None, parent=None):
        super().__init__(parent)
        self.colour = colour
        self.count = count
        self.caption = ""
        self.dim = False             # faded: shown, but not a choice now
        size = size if size is not None else QSize(30, 42)
        self._size = size
        self.setFixedSize(size.width() + 6, size.height() + 8)
        self.setCursor(Qt.PointingHandCursor)
        self.setFocusPolicy(Qt.NoFocus)

    def sizeHint(self) -> QSize:
        return QSize(self._size.width() + 6, self._size.height() + 8)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing, True)
        w, h = self._size.width(), self._size.height()
        lift = -3 if self.isChecked() else 0
        rect = QRectF(3, 4 + lift, w, h)
        enabled = not self.dim
        # shadow
        p.setPen(Qt.NoPen)
        p.setBrush(QColor(0, 0, 0, 45 if enabled else 20))
        p.drawRoundedRect(rect.translated(1.2, 2.0), 5, 5)
        if self.colour is None:
            grad = QLinearGradient(rect.topLeft(), rect.bottomRight())
            grad.setColorAt(0, QColor("#4f6b48"))
            grad.setColorAt(1, QColor("#2e4129"))
            p.setBrush(grad)
            p.setPen(QPen(QColor("#1f2d1b"), 1.2))
            p.drawRoundedRect(rect, 5, 5)
            p.setPen(QPen(QColor(244, 234, 211, 120), 1.0))
            p.setBrush(Qt.NoBrush)
            p.drawRoundedRect(rect.adjusted(3.5, 3.5, -3.5, -3.5), 3, 3)
        if self.colour is None and not self.caption:
            diamond = QPainterPath()
            c = rect.center()
            diamond.moveTo(c + QPointF(0, -7))
            diamond.lineTo(c + QPointF(5, 0))
            diamond.lineTo(c + QPointF(0, 7))
            diamond.lineTo(c + QPointF(-5, 0))
            diamond.closeSubpath()
            p.fillPath(diamond, QColor(243, 196, 47, 200))
        if self.colour is not None:
            fill = card_colour(self.colour)
            if not enabled:
                fill = QColor(fill)
                fill.setAlpha(110)
            grad = QLinearGradient(rect.topLeft(), rect.bottomLeft())
            grad.setColorAt(0, fill.lighter(125))
            grad.setColorAt(1, fill.darker(112))
            p.setBrush(grad)
            p.setPen(QPen(fill.darker(170), 1.2))
            p.drawRoundedRect(rect, 5, 5)
            p.setPen(QPen(QColor(255, 255, 255, 110), 1.0))
            p.setBrush(Qt.NoBrush)
            p.drawRoundedRect(rect.adjusted(3, 3, -3, -3), 3, 3)
        if self.isChecked():
            p.setPen(QPen(QColor("#ffffff"), 3.2))
            p.setBrush(Qt.NoBrush)
            p.drawRoundedRect(rect.adjusted(-1.5, -1.5, 1.5, 1.5), 6, 6)
            p.setPen(QPen(QColor(style.SELECT_OUTLINE), 1.8))
            p.drawRoundedRect(rect.adjusted(-1.5, -1.5, 1.5, 1.5), 6, 6)
        text = self.caption or (f"×{self.count}" if self.count > 1 else "")
        if text:
            font = QFont(self.font())
            font.setBold(True)
            font.setPixelSize(max(9, int(h * 0.3)))
            p.setFont(font)
            path = QPainterPath()
            fm = p.fontMetrics()
            tw = fm.horizontalAdvance(text)
            path.addText(QPointF(rect.center().x() - tw / 2, rect.center().y() + fm.ascent() * 0.38), font, text)
            p.setPen(QPen(QColor(0, 0, 0, 150), 2.6))
            p.drawPath(path)
            p.fillPath(path, QColor("#ffffff"))
        p.end()


class HandView(QWidget):
    """A hand shown face up: one chip per colour held, with its count (``counts`` in COLOURS
    order)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(1)
        self._shown: tuple | None = None
        self.setSizePolicy(QSizePolicy.Preferred, QSizePolicy.Fixed)

    def show_hand(self, counts: list[int]) -> None:
        key = tuple(counts)
        if key == self._shown:
            return
        self._shown = key
        while self._layout.count():
            item = self._layout.takeAt(0)
            if item.widget() is not None:
                item.widget().hide()
                item.widget().deleteLater()
        if not any(counts):
            label = QLabel(self.tr("no cards"))
            label.setObjectName("muted")
            self._layout.addWidget(label)
        else:
            for i, n in enumerate(counts):
                if n:
                    chip = CardChip(COLOURS[i], n, QSize(26, 36))
                    chip.setEnabled(False)
                    chip.setToolTip(f"{n} {COLOURS[i]}")
                    self._layout.addWidget(chip)
        self._layout.addStretch(1)


class SeatFrame(QFrame):
    """The frame of a seat's panel: a bar in the seat's colour, name, who plays it and the score
    (``unit`` after it); the seat to move is framed in its colour, winners too. A game's panel
    adds its own lines to ``body``."""

    def __init__(self, seat: int, name: str, unit: str, unit_tip: str, parent=None):
        super().__init__(parent)
        self.seat = seat
        self.setObjectName("seatPanel")
        self.colour = seat_colour(seat)
        outer = QHBoxLayout(self)
        outer.setContentsMargins(0, 0, 8, 0)
        outer.setSpacing(8)
        bar = QFrame()
        bar.setFixedWidth(7)
        bar.setStyleSheet(f"background: {self.colour.name()}; border-radius: 3px;")
        outer.addWidget(bar)
        self.body = QVBoxLayout()
        self.body.setContentsMargins(0, 6, 0, 6)
        self.body.setSpacing(3)
        top = QHBoxLayout()
        self.name_label = QLabel(f"{seat + 1}. {name}")
        self.name_label.setObjectName("seatName")
        self.who_label = QLabel("")
        self.who_label.setObjectName("muted")
        top.addWidget(self.name_label)
        top.addWidget(self.who_label)
        top.addStretch(1)
        self.score_label = QLabel("0")
        self.score_label.setObjectName("score")
        self.score_label.setToolTip(unit_tip)
        top.addWidget(self.score_label)
        unit_label = QLabel(unit)
        unit_label.setObjectName("muted")
        top.addWidget(unit_label)
        self.body.addLayout(top)
        outer.addLayout(self.body, 1)
        self.status_label = QLabel()
        self.status_label.setObjectName("seatStatus")
        self._active = None

    def show_frame(self, controller: str, score: int, active: bool, winner: bool) -> None:
        self.who_label.setText(controller_name(controller))
        self.score_label.setText(str(score))
        key = (active, winner)
        if key != self._active:
            self._active = key
            c = self.colour
            if active or winner:
                tint = f"rgba({c.red()}, {c.green()}, {c.blue()}, 30)"
                self.setStyleSheet(f"#seatPanel {{ border: 2px solid {c.name()}; background: {tint}; border-radius: 7px; }}"
                                   f" #seatStatus {{ color: {(c.lighter(140) if desktop.is_dark() else c.darker(130)).name()}; font-weight: bold; }}")
            else:
                self.setStyleSheet(desktop.css("#seatPanel {{ border: 1px solid {border}; background: {group}; border-radius: 7px; }}"))


class SeatPanel(SeatFrame):
    """One Rule the Realm seat: score, energy, bands left and hand; winners get a star when the
    game is over."""

    def __init__(self, seat: int, name: str, parent=None):
        super().__init__(seat, name, "VP", "victory points", parent)
        stats = QHBoxLayout()
        stats.setSpacing(12)
        self.energy_label = QLabel()
        self.energy_label.setToolTip(self.tr("energy tokens (3 buy an extra action; 3 left at the end = 1 VP)"))
        self.bands_label = QLabel()
        self.bands_label.setToolTip(self.tr("bands left to place"))
        self.cards_label = QLabel()
        self.cards_label.setToolTip(self.tr("cards in hand (hidden)"))
        stats.addWidget(self.energy_label)
        stats.addWidget(self.bands_label)
        stats.addWidget(self.cards_label)
        stats.addStretch(1)
        stats.addWidget(self.status_label)
        self.body.addLayout(stats)
        self.hand = HandView()
        self.body.addWidget(self.hand)

    def show_seat(self, state, controller: str, active: bool, winner: bool, show_hand: bool) -> None:
        s = self.seat
        self.show_frame(controller, state.score[s], active, winner)
        self.energy_label.setText(self.tr("⚡ {energy} energy").format(energy=state.energy[s]))
        self.bands_label.setText(f"◯ {counted(state.bands_left[s], 'band')}")
        if winner:
            self.status_label.setText(self.tr("★ winner"))
        elif s in getattr(state, "eliminated", ()):
            self.status_label.setText(self.tr("✗ out"))
        elif active:
            left = state.actions_left
            self.status_label.setText("to play" if left <= 0 else f"to play · {left} action{'s' if left != 1 else ''}")
        else:
            self.status_label.setText("")
        cards = sum(state.hands[s])
        self.cards_label.setText(f"▮ {cards} card{'s' if cards != 1 else ''}")
        self.cards_label.setVisible(not show_hand)
        self.hand.setVisible(show_hand)
        if show_hand:
            self.hand.show_hand(list(state.hands[s]))


def payment_text(place, seat_names: list[str]) -> str:
    """``place``'s cards in words: ``"h4 red → discard · h5 2× blue (pair) → South"``."""
    if not place.payment:
        return "free: every peg already holds your band"
    parts = []
    by_peg: dict[str, list] = {}
    for card in place.payment:
        by_peg.setdefault(card.peg, []).append(card)
    for peg, cards in by_peg.items():
        dest = Counter(_destination(c, seat_names) for c in cards)
        colour = cards[0].colour
        what = f"{colour}" if len(cards) == 1 else f"2× {colour} (pair)"
        where = " + ".join(dest)
        parts.append(f"{peg} {what} → {where}")
    return " · ".join(parts)


def _destination(card, seat_names: list[str]) -> str:
    if getattr(card, "energy", False):  # Cursed Triangle (L6-5): the card is discarded, energy paid
        return f"discard, 1 energy to {seat_names[card.to]}"
    return "discard" if card.to is None else seat_names[card.to]


__all__ = ["CONTROLLER_NAMES", "controller_name", "controller_phrase", "mcts_budget_text", "CardChip", "HandView", "SeatPanel", "card_colour", "payment_text"]
