"""The Rule the Realm playtest window: play the board being edited against bots (or watch bots
play it).

:func:`open_playtest` is what the editor's *Game ▸ Playtest…* calls, with the board as it is in
the editor (a copy is played, so later edits do not disturb a running game). The window shows a
:class:`~studio.playtest.session.PlaySession`: the board with bands and collected segments, one
panel per seat, the pool, deck and discard pile, the human player's controls and the move log.
Seats, seed, step, auto-play, undo, save/open games and replay come from
:class:`~studio.gui.playtest.playtest_frame.PlaytestFrame` (bots play on a timer; MCTS thinks in a
worker thread); nothing a click does can raise: an illegal action is reported in the status bar.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from studio.gui.playtest.playtest_board import PlaytestBoardView, seat_colour
from studio.gui.playtest.playtest_frame import DEFAULT_DELAY_MS, PlaytestFrame, error_box, wrong_scenario
from studio.gui.playtest.playtest_panels import CardChip, SeatPanel, controller_phrase, payment_text
from studio.gui.shell import desktop
from studio.gui.shell.flow_layout import FlowLayout
from studio.model.realm import COLOURS
from studio.playtest.session import DECK
from studio.rules.realm.actions import ExtraAction, Pass, TakeCard

MAX_PAYMENT_CHOICES = 200


class PlaytestWindow(PlaytestFrame):
    """Play ``game`` (a RealmGame) at the table; the arguments are those of
    :class:`~studio.gui.playtest.playtest_frame.PlaytestFrame`."""

    def game_label(self) -> str:
        return self.game.board.name

    def game_file_stem(self) -> str:
        return self.game.board.id

    def _check_file(self, data: dict) -> str | None:
        board = data["record"].get("board")
        if board not in (None, self.game.board.id):
            return f"Note: the game was saved on board {board!r}; every move is legal on {self.game.board.id!r}"
        return None

    def _session_replaced(self) -> None:
        self.board_view.set_session(self.session)

    def _show_new_position(self) -> None:
        super()._show_new_position()
        self.board_view.update()

    def _build_central(self) -> QWidget:
        self.board_view = PlaytestBoardView(self.session)
        self.board_view.setAccessibleName(self.tr("Board"))
        self.board_view.setAccessibleDescription(self.tr("The board in play; click the ringed pegs to stretch a band."))
        self.board_view.pegClicked.connect(self._peg_clicked)
        self.board_view.placeRequested.connect(self.place_band)
        self.board_view.clearRequested.connect(self.clear_selection)
        panel = self._build_panel()
        split = QSplitter(Qt.Horizontal)
        split.addWidget(self.board_view)
        split.addWidget(self._side_panel(panel))
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 0)
        split.setCollapsible(0, False)
        split.setSizes([920, 440])
        return split

    def _refresh_view(self) -> None:
        state = self.state
        winners = set(state.winners()) if state.is_terminal() else set()
        for sp in self.seat_panels:
            s = sp.seat
            sp.show_seat(state, self.session.controllers[s], state.current_player == s, s in winners,
                         self.session.is_human(s))
        self._refresh_banner()

    def _refresh_buttons(self) -> None:
        human = self.session.human_to_move()
        self.extra_button.setEnabled(human and self.session.can_buy_extra())
        self.end_turn_button.setEnabled(human and self.session.can_end_turn())
        super()._refresh_buttons()

    def _build_panel(self) -> QWidget:
        panel, lay = self._build_panel_frame()

        self.seat_panels = [SeatPanel(s, name) for s, name in enumerate(self.game.seat_names)]
        for sp in self.seat_panels:
            lay.addWidget(sp)

        cards = QGroupBox(self.tr("Cards"))
        cl = QVBoxLayout(cards)
        cl.setSpacing(4)
        # the table's cards wrap onto a second line in a narrow panel
        table = QWidget()
        row = FlowLayout(table, spacing=2)
        self.pool_label = QLabel(self.tr("Pool"))
        self.pool_label.setObjectName("muted")
        row.addWidget(self.pool_label)
        self.pool_buttons: list[CardChip] = []
        for i in range(max(1, self.game.rules.pool_size)):
            chip = CardChip(None)
            chip.setCheckable(True)
            chip.clicked.connect(lambda _c=False, i=i: self._pool_clicked(i))
            row.addWidget(chip)
            self.pool_buttons.append(chip)
        self.deck_button = CardChip(None)
        self.deck_button.setCheckable(True)
        self.deck_button.setToolTip(self.tr("draw from the face-down deck (click again for a second deck card)"))
        self.deck_button.clicked.connect(self._deck_clicked)
        self.deck_label = QLabel()
        row.addWidget(_captioned(self.deck_button, self.deck_label))
        self.discard_chip = CardChip(None, 1, QSize(26, 36))
        self.discard_chip.setEnabled(False)
        self.discard_chip.setCursor(Qt.ArrowCursor)
        self.discard_chip.setToolTip(self.tr("the discard pile, face up: its top card and how many cards it holds"))
        self.discard_label = QLabel()
        row.addWidget(_captioned(self.discard_chip, self.discard_label))
        cl.addWidget(table)
        drow = QHBoxLayout()
        self.draw_hint = QLabel()
        self.draw_hint.setObjectName("hint")
        drow.addWidget(self.draw_hint, 1)
        self.draw_button = QPushButton(self.tr("Draw"))
        self.draw_button.setObjectName("primary")
        self.draw_button.clicked.connect(self.draw_cards)
        drow.addWidget(self.draw_button)
        cl.addLayout(drow)
        lay.addWidget(cards)

        band = QGroupBox(self.tr("Band"))
        bl = QVBoxLayout(band)
        bl.setSpacing(4)
        self.band_hint = QLabel()
        self.band_hint.setObjectName("hint")
        self.band_hint.setWordWrap(True)
        bl.addWidget(self.band_hint)
        self.shape_combo = QComboBox()
        self.shape_combo.setToolTip(self.tr("these pegs make more than one band: choose which"))
        self.shape_combo.currentIndexChanged.connect(lambda _i: self._refresh_choices())
        bl.addWidget(self.shape_combo)
        self.payment_combo = QComboBox()
        self.payment_combo.setToolTip(self.tr("how to pay for the band (RTR-P7, RTR-P8)"))
        # a payment reads long ("h4 red → discard · h5 2× blue (pair) → South"): the combo
        # shrinks with the panel, the text is elided and whole in the tool tip
        self.payment_combo.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
        self.payment_combo.setMinimumContentsLength(12)
        self.payment_combo.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Fixed)
        self.payment_combo.currentTextChanged.connect(
            lambda text: self.payment_combo.setToolTip(f"{text}\n(how to pay for the band: RTR-P7, RTR-P8)" if text
                                                       else "how to pay for the band (RTR-P7, RTR-P8)"))
        bl.addWidget(self.payment_combo)
        brow = QHBoxLayout()
        self.clear_button = QPushButton(self.tr("Clear"))
        self.clear_button.clicked.connect(self.clear_selection)
        self.place_button = QPushButton(self.tr("Place band"))
        self.place_button.setObjectName("primary")
        self.place_button.setToolTip(self.tr("place the band (Enter, or double-click its last peg)"))
        self.place_button.clicked.connect(self.place_band)
        brow.addWidget(self.clear_button)
        brow.addStretch(1)
        brow.addWidget(self.place_button)
        bl.addLayout(brow)
        lay.addWidget(band)

        trow = QHBoxLayout()
        cost = self.game.rules.extra_action_cost
        self.extra_button = QPushButton(self.tr("Buy extra action ({cost} ⚡)").format(cost=cost))
        self.extra_button.setToolTip(self.tr("once per turn: pay energy for one more action (RTR-T4)"))
        self.extra_button.clicked.connect(self.buy_extra)
        self.end_turn_button = QPushButton(self.tr("End turn"))
        self.end_turn_button.clicked.connect(self.end_turn)
        trow.addWidget(self.extra_button)
        trow.addStretch(1)
        trow.addWidget(self.end_turn_button)
        lay.addLayout(trow)

        lay.addWidget(self._build_log_box(), 1)
        return panel

    def place_band(self) -> None:
        """Play the band on the selected pegs with the payment chosen in the combo."""
        if not self.session.human_to_move():
            return
        if self._preview is None:
            self._status.showMessage(self.tr("Select the pegs of a legal band first: the ringed pegs can be added."), 6000)
            return
        i = max(0, self.payment_combo.currentIndex())
        action = self._payments[i] if i < len(self._payments) else self._preview
        self._play(action)

    def draw_cards(self) -> None:
        """Draw the pool cards and deck cards picked."""
        if not self.session.human_to_move():
            return
        draw = self.session.draw_for(self._draw_sources())
        if draw is None:
            need = self.session.draw_size()
            self._status.showMessage(f"Pick {need} card{'s' if need != 1 else ''} from the pool and/or the deck.", 6000)
            return
        self._play(draw)

    def buy_extra(self) -> None:
        if self.session.human_to_move():
            self._play(ExtraAction())

    def end_turn(self) -> None:
        if self.session.human_to_move():
            self._play(Pass())

    def _reset_choices(self) -> None:
        self._selected = []
        self._shapes = []
        self._preview = None
        self._payments = []
        self._pool_picks: set[int] = set()
        self._deck_picks = 0

    def _peg_clicked(self, peg: str) -> None:
        if not self.session.human_to_move():
            return
        if peg in self._selected:
            self._selected.remove(peg)
        elif peg in self.session.clickable_pegs(self._selected):
            self._selected.append(peg)
        else:
            return
        self._refresh_choices()

    def _pool_clicked(self, index: int) -> None:
        pool = self.state.pool
        if self.session.bonus_cards():
            if index < len(pool):
                self._play(TakeCard(_colour(pool[index])))
            return
        if index in self._pool_picks:
            self._pool_picks.discard(index)
        elif index < len(pool) and self.session.draw_can_grow(self._draw_sources(), _colour(pool[index])):
            self._pool_picks.add(index)
        self._refresh_choices()

    def _deck_clicked(self) -> None:
        if self.session.bonus_cards():
            self._play(TakeCard(DECK))
            return
        if self.session.draw_can_grow(self._draw_sources(), DECK):
            self._deck_picks += 1
        else:
            self._deck_picks = 0
        self._refresh_choices()

    def _draw_sources(self) -> list[str]:
        pool = self.state.pool
        return [_colour(pool[i]) for i in sorted(self._pool_picks) if i < len(pool)] + [DECK] * self._deck_picks

    def _refresh_banner(self) -> None:
        state = self.state
        names = self.game.seat_names
        if state.is_terminal():
            win = state.winners()
            scores = " · ".join(f"{names[s]} {state.score[s]}" for s in range(state.players))
            if win:
                who = " and ".join(f"<b>{names[s]}</b>" for s in win)
                verb = "share the win" if len(win) > 1 else "wins"
                result = f"{who} {verb} with {state.score[win[0]]} VP"
            else:
                result = "<b>nobody wins</b>"
            self.banner.setText(self.tr("Game over after round {round}: {result}<br><span style='font-size:12px'>{end_reason}. Final scores: {scores}</span>").format(round=state.round, result=result, end_reason=state.end_reason, scores=scores))
            return
        seat = state.current_player
        colour = seat_colour(seat).lighter(130).name()
        if self.replaying:
            who = "replay"
        else:
            who = "you" if self.session.is_human(seat) else controller_phrase(self.session.controllers[seat])
        left = state.actions_left
        acts = f"{left} action{'s' if left != 1 else ''} left" if left > 0 else "no action left"
        if state.end_triggered:
            goal = f"last round: {state.end_triggered}"
        else:
            goal = _end_text(self.game)
        self.banner.setText(self.tr("Round {round} · <b style='color:{colour}'>{names}</b> ({who}) to play · {acts}<br><span style='font-size:12px; color:{colour_2}'>{goal}</span>").format(round=state.round, colour=colour, names=names[seat], who=who, acts=acts, colour_2=desktop.colour('banner_note'), goal=goal))

    def _refresh_choices(self) -> None:
        """Pool, deck, band selection and buttons for the human to move (all off otherwise)."""
        session = self.session
        state = self.state
        human = session.human_to_move()
        # cards on the table; a free bonus card (L8-7) is taken with one click
        bonus = {a.source for a in session.bonus_cards()} if human else set()
        sources = self._draw_sources()
        pool = state.pool
        self.pool_label.setVisible(bool(pool))
        for i, chip in enumerate(self.pool_buttons):
            if i < len(pool):
                chip.show()
                chip.colour = _colour(pool[i])
                picked = i in self._pool_picks
                chip.setChecked(picked)
                if bonus:
                    allowed = chip.colour in bonus
                else:
                    allowed = human and (picked or session.draw_can_grow(sources, chip.colour))
                chip.setEnabled(allowed)
                chip.dim = human and not allowed
                chip.setToolTip(self.tr("{colour} card in the pool").format(colour=chip.colour))
                chip.update()
            else:
                chip.hide()
        deck, discard, whose = self._deck_and_discard()
        self.deck_button.caption = str(deck)
        self.deck_button.setChecked(self._deck_picks > 0)
        if bonus:
            allowed = DECK in bonus
        else:
            allowed = human and (self._deck_picks > 0 or session.draw_can_grow(sources, DECK))
        self.deck_button.setEnabled(allowed)
        self.deck_button.dim = human and not allowed
        self.deck_button.update()
        self.deck_label.setText(whose + "deck" + (f" ×{self._deck_picks}" if self._deck_picks else ""))
        self.discard_chip.colour = _colour(discard[-1]) if discard else None
        self.discard_chip.caption = str(len(discard))
        self.discard_chip.update()
        self.discard_label.setText(whose + "discard")
        need = session.draw_size() if human and state.actions_left > 0 else 0
        draw = session.draw_for(sources) if human else None
        self.draw_button.setEnabled(draw is not None)
        self.draw_button.setText(f"Draw {len(sources)}" if sources else "Draw")
        if not human:
            self.draw_hint.setText("")
        elif bonus:
            self.draw_hint.setText(self.tr("take a free bonus card: click a pool card or the deck"))
        elif state.actions_left <= 0:
            self.draw_hint.setText(self.tr("no action left: buy an extra one or end the turn"))
        elif need == 0:
            self.draw_hint.setText(self.tr("no cards left to draw"))
        elif draw is not None:
            self.draw_hint.setText("taking " + " + ".join(sources))
        else:
            where = "the deck" if not pool else "pool and/or deck"
            self.draw_hint.setText(f"pick {need} card{'s' if need != 1 else ''}: {where}")
        # the band under construction
        clickable = session.clickable_pegs(self._selected) if human and state.actions_left > 0 else set()
        if self._selected and not set(self._selected) <= clickable:
            self._selected = []
            clickable = session.clickable_pegs([]) if human and state.actions_left > 0 else set()
        bands = session.bands_for(self._selected) if human and self._selected else []
        if bands != self._shapes:
            self._shapes = bands
            self.shape_combo.blockSignals(True)
            self.shape_combo.clear()
            for b in bands:
                self.shape_combo.addItem(_band_name(b))
            self.shape_combo.blockSignals(False)
        self.shape_combo.setVisible(len(bands) > 1)
        i = self.shape_combo.currentIndex()
        band = bands[i] if 0 <= i < len(bands) else (bands[0] if bands else None)
        if band != self._preview:
            self._preview = band
            self._payments = session.payment_options(band)[:MAX_PAYMENT_CHOICES] if band is not None else []
            self.payment_combo.clear()
            names = self.game.seat_names
            for option in self._payments:
                text = payment_text(option, names)
                self.payment_combo.addItem(text)
                self.payment_combo.setItemData(self.payment_combo.count() - 1, text, Qt.ToolTipRole)
        self.payment_combo.setEnabled(len(self._payments) > 1)
        self.payment_combo.setVisible(band is not None)
        self.board_view.set_selection(self._selected, clickable, band)
        if not human:
            self.band_hint.setText("")
        elif band is not None:
            ways = len(self._payments)
            self.band_hint.setText(f"{len(bands)} bands fit these pegs: choose one, then how to pay" if len(bands) > 1
                                   else f"{_band_name(band)}: {ways} way{'s' if ways != 1 else ''} to pay")
        elif self._selected:
            self.band_hint.setText(self.tr("{join}: add a ringed peg to complete a band").format(join=' · '.join(self._selected)))
        elif clickable:
            self.band_hint.setText(self.tr("click the ringed pegs to stretch a band"))
        elif state.actions_left <= 0:
            self.band_hint.setText("")
        else:
            self.band_hint.setText(self.tr("no band can be placed now (too few cards, or no bands left)"))
        self.place_button.setEnabled(band is not None)
        self.clear_button.setEnabled(bool(self._selected or self._pool_picks or self._deck_picks))
        self._refresh_buttons()

    def _deck_and_discard(self) -> tuple[int, list[int], str]:
        """Deck size, discard pile and whose they are: the shared ones, or with personal decks
        (Cursed Triangle, L6-1) those of the seat to move."""
        state = self.state
        if self.game.card_rules.personal:
            seat = state.current_player if state.current_player is not None else 0
            return len(state.decks[seat]), state.discards[seat], f"{self.game.seat_names[seat]}'s "
        return len(state.deck), state.discard, ""



def _captioned(widget: QWidget, label: QLabel) -> QWidget:
    """``widget`` with a small caption under it, as one block (a few pixels of margin on each
    side so blocks stand apart in the wrapping row)."""
    block = QWidget()
    col = QVBoxLayout(block)
    col.setContentsMargins(6, 0, 0, 0)
    col.setSpacing(0)
    col.addWidget(widget, 0, Qt.AlignHCenter)
    label.setObjectName("muted")
    label.setAlignment(Qt.AlignHCenter)
    label.setStyleSheet("font-size: 11px;")
    col.addWidget(label, 0, Qt.AlignHCenter)
    return block


def _band_name(band) -> str:
    """``"triangle a1 · a2 · b1"``, ``"long barrier a1 – a2 – b1"`` (a path names its order)."""
    kind = (band.shape or "band").replace("-", " ")
    sep = " · " if band.shape in ("triangle", "quad") else " – "
    return f"{kind} {sep.join(band.pegs)}"


def _colour(index: int) -> str:
    return COLOURS[index]


def _end_text(game) -> str:
    """The scenario's end condition in words (RTR-E1 and the location's clause)."""
    end = game.end_rule
    parts = []
    if "score" in end:
        parts.append(f"the game ends after the round in which a player reaches {end['score']} VP")
    if "rounds" in end:
        parts.append(f"the game lasts {end['rounds']} rounds")
    if end.get("bands-exhausted"):
        parts.append("the game ends after the round in which a player runs out of bands")
    name = game.scenario.name if game.scenario is not None else "Base rules"
    return name + (": " + "; ".join(parts) if parts else "")


def _scenario_for(scenario_path, board=None):
    """The scenario whose rules a board is played with, and a note saying what stands in when
    the board is not played with its own location's rules: the scenario at ``scenario_path``
    when it loads, else ``board``'s location (:func:`studio.model.locations.rules_for`: the base
    rules when it names none or an unknown one, or when there is no board)."""
    from studio.model.locations import base_scenario, read_scenario_cached, rules_for

    problem = None
    if scenario_path is not None:
        scenario = read_scenario_cached(scenario_path)
        if scenario is not None:
            note = None
            if board is not None:
                note = rules_for(board, scenario_path).warning
            return scenario, note
        problem = wrong_scenario(scenario_path, "realm") or f"{scenario_path} does not load as a scenario"
    if board is not None:
        rules = rules_for(board)
        scenario, note = rules.scenario, rules.warning
    else:
        scenario, note = base_scenario(), "Playing with the base rules"
    if problem:
        note = (note or f"Playing with the {scenario.name} rules") + f" (the scenario could not be read: {problem})"
    return scenario, note


def open_playtest(board, scenario_path=None, parent=None, *, seed: int = 0, controllers=None,
                  delay_ms: int = DEFAULT_DELAY_MS) -> PlaytestWindow | None:
    """Open a playtest window on (a copy of) ``board`` with the rules of the scenario at
    ``scenario_path`` (the board's location's rules when it is None or cannot be read), for
    ``board.players`` players. Returns the shown window, or None after a message box saying why
    the board cannot be played (wrong seats, unknown colour, no segments...) or when
    ``scenario_path`` is another kind of file (a Rivages scenario: :func:`wrong_scenario`)."""
    from studio.rules import load_game

    problem = wrong_scenario(scenario_path, "realm") if scenario_path is not None else None
    if problem:  # a Rivages scenario has no Rule the Realm rules to stand in with
        error_box(parent, "Cannot playtest this board", problem + ".")
        return None
    scenario, note = _scenario_for(scenario_path, board)
    odd = [p for p in board.pegs.values() if p.colour not in COLOURS]
    try:
        if odd:
            raise ValueError(f"peg {odd[0].id} is {odd[0].colour!r}; cards come in {', '.join(COLOURS)}")
        game = load_game((scenario, board.copy()), players=board.players, seed=seed)
    except (ValueError, KeyError, TypeError) as exc:  # BoardError is a ValueError
        reason = f"{type(exc).__name__}: {exc}" if isinstance(exc, (KeyError, TypeError)) else str(exc)
        error_box(parent, "Cannot playtest this board", f"This board cannot be played yet:\n\n{reason}")
        return None
    window = PlaytestWindow(game, parent, seed=seed, controllers=controllers, delay_ms=delay_ms, note=note)
    window.setAttribute(Qt.WA_DeleteOnClose, parent is not None)
    window.show()
    return window


__all__ = ["PlaytestWindow", "open_playtest"]

