"""The Rivages playtest window: 1 to 5 explorers (solo included), each seat human or a bot.

The island of the seat shown (tabs: one per seat; the list beside them reaches the islands a
seat has left behind) is drawn as printed, with the seat's crosses. Under it: the seat's Tree of
Wisdom, its hand of Exploration cards (used rows struck), its goals and Loot. On the right: one
panel per seat (scrolls, Loot, islands visited, tree spaces, goal steps met), the turn controls
and the log.

A human turn is played as the engine structures it (:mod:`studio.rules.rivages.actions`): the
ship to start a new island on, a card's top row (or its fallback cross), then each symbol of
the row: pick a symbol and click one of the lit spaces (or use a statue / scroll / loot symbol);
effects that need a choice light the spaces, areas or tree spaces to click; a Loot token may be
played; *End turn* forfeits what is left. A click that is not a move says why in the status bar
(the clause broken). Step, auto-play, undo, save/open games and replay come from
:class:`~studio.gui.playtest.playtest_frame.PlaytestFrame`.

:func:`open_rivages_playtest` opens the window on a scenario file or on content in memory (the
island editor's *Try it*, :mod:`studio.gui.rivages.try_it`)."""

from __future__ import annotations

import os

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTabBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from studio.gui.playtest.playtest_board import seat_colour
from studio.gui.playtest.playtest_frame import DEFAULT_DELAY_MS, PlaytestFrame, error_box, panel_style, wrong_scenario
from studio.gui.playtest.playtest_panels import SeatFrame, controller_phrase
from studio.gui.playtest.rivages_play_views import HandPlayView, IslandPlayView, TreePlayView, symbols_icon
from studio.gui.shell import desktop
from studio.playtest import rivages_turn as turn
from studio.render.rivages_glyphs import Palette
from studio.rules.rivages.actions import END_TURN
from studio.rules.rivages.board import bits

SPACE_SYMBOL_TIP = "use this symbol: the spaces it may cross are lit on the island"
USE_SYMBOL_TIP = {"statue": "cross a space of your Tree of Wisdom (RIV-W1)", "scroll": "gain 1 scroll",
                  "loot": "draw a Loot token (RIV-I6)"}


class RivagesSeatPanel(SeatFrame):
    """One explorer: score (scrolls plus Loot held), scrolls, Loot, islands visited, tree spaces
    crossed and goal steps met; clicking it shows that seat's island."""

    def __init__(self, seat: int, name: str, on_click, parent=None):
        super().__init__(seat, name, "pts", "scrolls plus Loot tokens held (RIV-E5)", parent)
        stats = QHBoxLayout()
        stats.setSpacing(10)
        self.stats_label = QLabel()
        self.stats_label.setWordWrap(True)  # two lines in a narrow panel
        self.stats_label.setToolTip(self.tr("scrolls · Loot held · islands visited · tree spaces crossed · goal steps met"))
        stats.addWidget(self.stats_label, 1)
        stats.addWidget(self.status_label)
        self.body.addLayout(stats)
        self._on_click = on_click
        self.setCursor(Qt.PointingHandCursor)

    def show_seat(self, state, controller: str, active: bool, winner: bool) -> None:
        s = self.seat
        p = state.players_state[s]
        steps = sum(1 for c in state.completions if c[0] == s)
        self.show_frame(controller, state.scores()[s], active, winner)
        self.stats_label.setText(f"{_n(p.scrolls, 'scroll')} · {len(p.loot)} loot · {_n(p.islands_visited, 'island')} · "
                                 f"{bin(p.tree_crossed).count('1')} tree · {_n(steps, 'goal step')}")
        self.status_label.setText("★ winner" if winner else "to play" if active else "")

    def mousePressEvent(self, event) -> None:
        self._on_click(self.seat)


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


class RivagesPlaytestWindow(PlaytestFrame):
    """Play ``game`` (a :class:`~studio.rules.rivages.game.RivagesGame`) at the table.
    ``label``: the game's name for people (title, saved files); the other arguments are those
    of :class:`~studio.gui.playtest.playtest_frame.PlaytestFrame`."""

    DESKTOP_KIND = "rivages-playtest"

    def __init__(self, game, parent=None, *, label: str | None = None, **kwargs):
        who = "solo" if game.players == 1 else f"{game.players} explorers"
        self._label = label or f"{game.scenario.name or game.scenario.id}, {who}"
        self.palette = Palette.of(game.scenario.terrains)
        self.shown_seat = 0
        self._shown_island = 0       # 0: the seat's island now; k: the k-th island it left
        self._last_mover = None
        super().__init__(game, parent, **kwargs)

    # -- frame hooks ----------------------------------------------------------------------------
    def game_label(self) -> str:
        return self._label

    def game_file_stem(self) -> str:
        first = self.game.content.islands[0].id if self.game.players == 1 else self.game.scenario.id
        return f"{first}-{self.game.players}p"

    def _file_data(self) -> dict:
        data = super()._file_data()
        data["islands"] = [m.id for m in self.game.maps]
        return data

    def _check_file(self, data: dict) -> str | None:
        islands = data.get("islands")
        mine = [m.id for m in self.game.maps]
        if islands is not None and islands != mine:
            return (f"Note: the game was saved with the islands {', '.join(islands)}; "
                    f"this window plays {', '.join(mine)} (every move is legal here)")
        return None

    # -- hidden information (RIV-S4, RIV-I6) ---------------------------------------------------
    def sees_private(self, seat: int) -> bool:
        """Whether ``seat``'s hand and Loot tokens are shown: a human seat's when it is the only
        human at the table, or it is its turn (several humans at one screen); every seat's once
        the game is over or in a replay. A bot's hand is hidden from the people playing it."""
        state, session = self.state, self.session
        if state.is_terminal() or self.replaying:
            return True
        humans = [s for s in range(self.game.players) if session.is_human(s)]
        return seat in humans and (len(humans) == 1 or seat == state.current_player)

    def _log_line(self, index: int, line: str) -> str:
        private = getattr(self.state, "private_log", {}).get(index)
        if private is not None and self.sees_private(private[0]):
            return private[1]
        return line

    def _reset_choices(self) -> None:
        self._symbol: str | None = None

    def _session_replaced(self) -> None:
        self._last_mover = None

    # -- construction -------------------------------------------------------------------------
    def _build_central(self) -> QWidget:
        left = QWidget()
        col = QVBoxLayout(left)
        col.setContentsMargins(6, 6, 6, 6)
        col.setSpacing(4)
        top = QHBoxLayout()
        self.seat_tabs = QTabBar()
        self.seat_tabs.setExpanding(False)
        self.seat_tabs.setDrawBase(False)
        for s, name in enumerate(self.game.seat_names):
            self.seat_tabs.addTab(name)
            self.seat_tabs.setTabTextColor(s, seat_colour(s).darker(140))
        self.seat_tabs.currentChanged.connect(self.show_seat)
        top.addWidget(self.seat_tabs)
        top.addStretch(1)
        top.addWidget(QLabel(self.tr("Island")))
        self.island_combo = QComboBox()
        self.island_combo.setToolTip(self.tr("the seat's island now, or one it has left behind (RIV-I1)"))
        self.island_combo.setMinimumContentsLength(22)   # "Lantern Isle (left, 2)" whole
        self.island_combo.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
        self.island_combo.activated.connect(self._island_chosen)
        top.addWidget(self.island_combo)
        col.addLayout(top)
        self.island_view = IslandPlayView(self.palette)
        self.island_view.setAccessibleName(self.tr("Island"))
        self.island_view.spaceClicked.connect(self.click_space)
        self.island_view.setMinimumHeight(230)  # the window fits in 600 px tall
        self.island_view.setMinimumWidth(300)   # and 800 px wide, with the tree beside it
        # the tree stands beside the island, the height of the canvas: a side of 8 to 12 spaces
        # in the low strip below was too small to read (its icons a few pixels across)
        tree_box = QGroupBox(self.tr("Tree of Wisdom"))
        tree_box.setObjectName("treeBox")
        tree_box.setAttribute(Qt.WA_StyledBackground, True)
        tree_box.setStyleSheet(panel_style())
        tl = QVBoxLayout(tree_box)
        tl.setContentsMargins(4, 4, 4, 4)
        self.tree_view = TreePlayView(self.palette)
        self.tree_view.setMinimumSize(70, 150)  # a small window (800 x 600) still fits
        self.tree_view.nodeClicked.connect(self.click_node)
        tl.addWidget(self.tree_view)
        middle = QHBoxLayout()
        middle.setSpacing(6)
        # 3 : 2: the island, drawn to the canvas's height, keeps its size at the default window
        # size, and the tree gets the width it was left
        middle.addWidget(self.island_view, 3)
        middle.addWidget(tree_box, 2)
        col.addLayout(middle, 1)

        bottom = QHBoxLayout()
        bottom.setSpacing(6)
        hand_box = QGroupBox(self.tr("Hand"))
        hl = QVBoxLayout(hand_box)
        hl.setContentsMargins(4, 4, 4, 4)
        self.hand_view = HandPlayView(self.palette)
        hl.addWidget(self.hand_view)
        goals_box = QGroupBox(self.tr("Goals and Loot"))
        gl = QVBoxLayout(goals_box)
        self.goals_label = QLabel()
        self.goals_label.setTextFormat(Qt.RichText)
        self.goals_label.setWordWrap(True)
        self.goals_label.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        gl.addWidget(self.goals_label, 1)
        bottom.addWidget(hand_box, 1)
        bottom.addWidget(goals_box, 1)
        holder = QWidget()
        holder.setLayout(bottom)
        holder.setObjectName("playPanel")
        holder.setAttribute(Qt.WA_StyledBackground, True)
        holder.setStyleSheet(panel_style())
        # a narrow window scrolls the tree, hand and goals sideways rather than growing
        self.seat_area = QScrollArea()
        self.seat_area.setWidget(holder)
        self.seat_area.setWidgetResizable(True)
        self.seat_area.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.seat_area.setFrameShape(QFrame.NoFrame)
        self.seat_area.setFixedHeight(230 + self.seat_area.horizontalScrollBar().sizeHint().height())
        self.seat_area.setMinimumWidth(240)
        col.addWidget(self.seat_area)

        split = QSplitter(Qt.Horizontal)
        split.addWidget(left)
        split.addWidget(self._side_panel(self._build_panel()))
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 0)
        split.setCollapsible(0, False)
        split.setSizes([920, 440])
        return split

    def _build_panel(self) -> QWidget:
        panel, lay = self._build_panel_frame()
        self.seat_panels = [RivagesSeatPanel(s, name, self._panel_clicked) for s, name in enumerate(self.game.seat_names)]
        for sp in self.seat_panels:
            lay.addWidget(sp)
        box = QGroupBox(self.tr("Turn"))
        box.setStyleSheet(desktop.css(
            "QToolButton {{ padding: 3px 6px; border-radius: 5px; border: 1px solid {button_border}; "
            "background: {button}; color: {text}; }}"
            " QToolButton:checked {{ background: {checked}; border: 2px solid {primary}; }}"
            " QToolButton:hover:enabled {{ background: {button_hover}; }}"
            " QToolButton:disabled {{ background: {disabled_bg}; border-color: {disabled_border}; }}"))
        bl = QVBoxLayout(box)
        bl.setSpacing(5)
        self.turn_hint = QLabel()
        self.turn_hint.setObjectName("hint")
        self.turn_hint.setWordWrap(True)
        bl.addWidget(self.turn_hint)
        self.cards_grid = QGridLayout()
        self.cards_grid.setHorizontalSpacing(6)
        bl.addLayout(self.cards_grid)
        self.symbols_row = QHBoxLayout()
        self.symbols_row.setSpacing(4)
        self.symbols_row.addStretch(1)
        bl.addLayout(self.symbols_row)
        self.loot_row = QHBoxLayout()
        self.loot_row.setSpacing(4)
        self.loot_row.addStretch(1)
        bl.addLayout(self.loot_row)
        erow = QHBoxLayout()
        erow.addStretch(1)
        self.end_turn_button = QPushButton(self.tr("End turn"))
        self.end_turn_button.setToolTip(self.tr("end your turn; the symbols left in the row are lost (RIV-T9)"))
        self.end_turn_button.clicked.connect(self.end_turn)
        erow.addWidget(self.end_turn_button)
        bl.addLayout(erow)
        lay.addWidget(box)
        lay.addWidget(self._build_log_box("Log"), 1)
        self._turn_widgets: list[QWidget] = []
        return panel

    # -- public API ---------------------------------------------------------------------------
    def show_seat(self, seat: int) -> None:
        """Show ``seat``'s island, tree, hand, goals and Loot."""
        if not 0 <= seat < self.game.players:
            return
        self.shown_seat = seat
        self._shown_island = 0
        if self.seat_tabs.currentIndex() != seat:
            self.seat_tabs.blockSignals(True)
            self.seat_tabs.setCurrentIndex(seat)
            self.seat_tabs.blockSignals(False)
        self._refresh_seat_view()

    def click_space(self, at) -> bool:
        """A click on space ``at`` of the island shown: plays the move it stands for, or says in
        the status bar why it is none. Returns whether a move was played."""
        session, state = self.session, self.state
        at = tuple(at)
        if not session.human_to_move():
            self._status.showMessage(self._not_your_turn(), 6000)
            return False
        seat = state.current_player
        if self.shown_seat != seat or self._shown_island:
            self.show_seat(seat)
            self._status.showMessage(self.tr("That was another island: this is {seat_names}'s, click one of its lit spaces.").format(seat_names=self.game.seat_names[seat]), 6000)
            return False
        target = turn.space_targets(state, session.legal_actions(), self._symbol).get(at)
        if target is None:
            self._status.showMessage(self.tr("Not allowed: {refusal}").format(refusal=turn.refusal(state, at, self._symbol)), 8000)
            return False
        self._play(target)
        return True

    def click_node(self, node: str) -> bool:
        """A click on tree space ``node`` of the tree shown: crosses it when a statue lets the
        seat to move do so; otherwise the status bar says why not."""
        session, state = self.session, self.state
        if not session.human_to_move():
            self._status.showMessage(self._not_your_turn(), 6000)
            return False
        action = turn.node_targets(session.legal_actions()).get(node) if self.shown_seat == state.current_player else None
        if action is None:
            if turn.decision(state) != "statue":
                why = "RIV-W1: a tree space is crossed with a statue (a statue symbol, space or reward)"
            elif self.shown_seat != state.current_player:
                why = "that is another explorer's tree"
            else:
                why = f"RIV-W2: tree space {node} is not next to a space you crossed"
            self._status.showMessage(self.tr("Not allowed: {why}").format(why=why), 8000)
            return False
        self._play(action)
        return True

    def choose_symbol(self, symbol: str | None) -> None:
        """Light the spaces ``symbol`` of the row may cross (None: every symbol's)."""
        self._symbol = symbol
        self._refresh_choices()

    def end_turn(self) -> None:
        if self.session.human_to_move() and turn.can_end_turn(self.session.legal_actions()):
            self._play(END_TURN)

    def _play(self, action) -> None:
        symbol = self._symbol
        super()._play(action)
        if symbol is not None and symbol in self.state.row and self.session.human_to_move():
            self._symbol = symbol  # the row has more of it: keep lighting its spaces
            self._refresh_choices()

    def _not_your_turn(self) -> str:
        state = self.state
        if state.is_terminal():
            return "The game is over: Undo, New game or Open Game to play on."
        if self.replaying:
            return "This is a replay: press Play from here to take over."
        seat = state.current_player
        who = controller_phrase(self.session.controllers[seat])
        return f"It is {self.game.seat_names[seat]}'s turn ({who}): press Step or turn on auto-play."

    def _panel_clicked(self, seat: int) -> None:
        self.show_seat(seat)

    def _island_chosen(self, index: int) -> None:
        self._shown_island = max(0, index)
        self._refresh_seat_view()

    # -- showing the state --------------------------------------------------------------------
    def _refresh_view(self) -> None:
        state = self.state
        over = state.is_terminal()
        seen = tuple(self.sees_private(s) for s in range(self.game.players))
        if seen != getattr(self, "_seen_private", seen) and hasattr(self, "log_view"):
            self.log_view.clear()  # who may see what changed (the game ended): write the log again
            self._log_shown = 0
        self._seen_private = seen
        winners = set(state.winners()) if over else set()
        for sp in self.seat_panels:
            s = sp.seat
            sp.show_seat(state, self.session.controllers[s], state.current_player == s, s in winners)
        mover = state.current_player
        if mover is not None and mover != self._last_mover:
            self._last_mover = mover  # follow the seat to move; tabs show the others meanwhile
            self.shown_seat, self._shown_island = mover, 0
            self.seat_tabs.blockSignals(True)
            self.seat_tabs.setCurrentIndex(mover)
            self.seat_tabs.blockSignals(False)
        self._refresh_banner()

    def _refresh_banner(self) -> None:
        state, names = self.state, self.game.seat_names
        if state.is_terminal():
            scores = " · ".join(f"{names[s]} {v}" for s, v in enumerate(state.scores()))
            if self.game.players == 1:
                res = state.solo_result()
                verdict = "<b>won</b>" if res["won"] else "<b>lost</b>"
                result = f"the solo explorer {verdict}: {res['total']} of {res['target']} scrolls"
            else:
                win = state.winners()
                who = " and ".join(f"<b>{names[s]}</b>" for s in win)
                result = f"{who} {'share the win' if len(win) > 1 else 'wins'} with {state.scores()[win[0]]}"
            explorer = ""
            if self.game.players > 1:  # RIV-E5: the bonus is part of the scores above
                explorer = "<br><span style='font-size:12px'>Great Explorer (most islands visited): " + " · ".join(
                    f"{names[s]} {_n(p.islands_visited, 'island')} <b>+{state.bonus[s]}</b>"
                    for s, p in enumerate(state.players_state)) + "</span>"
            self.banner.setText(f"Game over after round {state.round}: {result}"
                                f"<br><span style='font-size:12px'>{state.end_reason}. Scores: {scores}</span>"
                                + explorer)
            return
        seat = state.current_player
        colour = seat_colour(seat).lighter(130).name()
        who = "replay" if self.replaying else "you" if self.session.is_human(seat) else \
            controller_phrase(self.session.controllers[seat])
        if self.game.players == 1:
            goal = f"target {state.solo_target()} scrolls · {len(state.removed)} of {self.game.solo.removed} cards removed"
            for c in state.challenges:
                goal += f" · {c.name or c.id} {state.challenge_progress(c)}/{c.need}"
        else:
            goal = f"{state.exploration_left()} Exploration cards left in the deck"
            if state.last_round:
                goal = "last turn: an Endgame card shows (RIV-E4)"
        self.banner.setText(self.tr("Round {round} · <b style='color:{colour}'>{names}</b> ({who}) to play<br><span style='font-size:12px; color:{colour_2}'>{goal}</span>").format(round=state.round, colour=colour, names=names[seat], who=who, colour_2=desktop.colour('banner_note'), goal=goal))

    def _refresh_seat_view(self) -> None:
        """Island, tree, hand, goals and Loot of the seat shown."""
        state, game, s = self.state, self.game, self.shown_seat
        p = state.players_state[s]
        colour = seat_colour(s)
        islands = [(p.island, p.crossed)] + list(reversed(p.past))
        self.island_combo.blockSignals(True)
        self.island_combo.clear()
        for k, (i, _mask) in enumerate(islands):
            name = game.maps[i].name
            self.island_combo.addItem(f"{name} (now)" if k == 0 else f"{name} (left, {len(islands) - k})")
        self._shown_island = min(self._shown_island, len(islands) - 1)
        self.island_combo.setCurrentIndex(self._shown_island)
        self.island_combo.blockSignals(False)
        index, mask = islands[self._shown_island]
        m = game.maps[index]
        targets = {}
        moving = self.session.human_to_move() and state.current_player == s and self._shown_island == 0
        if moving:
            targets = turn.space_targets(state, self.session.legal_actions(), self._symbol)
        caption = f"{game.seat_names[s]} · {m.name}" + ("" if self._shown_island == 0 else " (left behind)")
        self.island_view.show_island(m.island, [m.at[i] for i in bits(mask)], targets, colour, caption)
        tree = game.trees[p.tree]
        side = game.content.trees[p.tree].sides[tree.side]
        nodes = turn.node_targets(self.session.legal_actions()) if moving else {}
        self.tree_view.show_tree(side, [tree.nodes[i] for i in bits(p.tree_crossed)], nodes, colour)
        self.tree_view.setToolTip(self.tr("{id}, side {side}").format(id=tree.id, side=tree.side))
        self.hand_view.show_hand([(game.card_ids[c], game.card_rows[c], state.card_used[c], game.is_endgame[c])
                                  for c in p.hand], hidden=not self.sees_private(s))
        self.goals_label.setText(self._goals_text(s))

    def _goals_text(self, seat: int) -> str:
        state, game = self.state, self.game
        p = state.players_state[seat]
        m = game.maps[p.island]
        lines = []
        for g, (name, steps) in enumerate(m.goals):
            for k, st in enumerate(steps):
                done = k < p.goal_done[g]
                mark = (f"<span style='color:{desktop.colour('ok')}'>✔</span>" if done
                        else f"<span style='color:{desktop.colour('faint')}'>○</span>")
                title = name.capitalize() + (f" step {k + 1}" if len(steps) > 1 else "")
                text = st.text.split(": ", 1)[-1]  # the step's own words, without the goal's name
                lines.append(f"{mark} <b>{title}</b>: {text}")
        earlier = sum(1 for c in state.completions if c[0] == seat and c[1] != m.id)
        if earlier:
            lines.append(f"<i>{earlier} goal step{'s' if earlier != 1 else ''} met on earlier islands</i>")
        loot = [game.tokens[t] for t in p.loot]
        if loot and not self.sees_private(seat):
            lines.append(f"<b>Loot</b>: {_n(len(loot), 'token')}, hidden from you")
        else:
            lines.append("<b>Loot</b>: " + (", ".join(loot) if loot else "none"))
        return "<br>".join(lines)

    def _refresh_choices(self) -> None:
        """The turn controls for the human to move: cards, symbols, Loot, End turn."""
        for w in self._turn_widgets:
            w.hide()
            w.deleteLater()
        self._turn_widgets = []
        session, state = self.session, self.state
        human = session.human_to_move()
        legal = session.legal_actions() if human else []
        kind = turn.decision(state)
        symbols = turn.symbol_choices(state, legal) if human else {}
        if self._symbol is not None and not isinstance(symbols.get(self._symbol), int):
            self._symbol = None
        if not human:
            self.turn_hint.setText("" if state.is_terminal() else self._not_your_turn())
        else:
            self.turn_hint.setText(turn.DECISIONS.get(kind, ""))
        if human and kind == "choose":
            for row, (card, play, fallback) in enumerate(turn.card_choices(state, legal)):
                if card is not None:
                    c = self.game.card_index[card]
                    used = state.card_used[c]
                    rows = self.game.card_rows[c]
                    b = self._turn_button(f"{card}", lambda _c=False, a=play: self._play(a), play is not None,
                                          f"play the top row of {card}", f"play:{card}")
                    if used < len(rows):
                        b.setIcon(symbols_icon(rows[used], self.palette))
                        b.setIconSize(QSize(26 * max(1, len(rows[used])), 24))
                    self.cards_grid.addWidget(b, row, 0)
                f = self._turn_button("free cross" if card is not None else "one free cross",
                                      lambda _c=False, a=fallback: self._play(a), fallback is not None,
                                      "cross off this row unused and cross one space next to yours instead (RIV-T4)",
                                      f"fallback:{card or ''}")
                self.cards_grid.addWidget(f, row, 1)
        if human and kind == "row":
            for sym in turn.row_symbols(state):
                if any(isinstance(w, QToolButton) and w.property("symbol") == sym for w in self._turn_widgets):
                    continue
                choice = symbols.get(sym)
                b = QToolButton()
                b.setProperty("symbol", sym)
                b.setObjectName(f"symbol:{sym}")
                b.setIcon(symbols_icon([sym], self.palette, 26))
                b.setIconSize(QSize(26, 26))
                n = state.row.count(sym)
                b.setText(f"×{n}" if n > 1 else "")
                b.setToolButtonStyle(Qt.ToolButtonTextBesideIcon)
                if isinstance(choice, int):
                    b.setCheckable(True)
                    b.setChecked(sym == self._symbol)
                    b.setToolTip(f"{sym}: {choice} space{'s' if choice != 1 else ''} it may cross; {SPACE_SYMBOL_TIP}")
                    b.clicked.connect(lambda on, s=sym: self.choose_symbol(s if on else None))
                elif choice is not None:
                    b.setToolTip(USE_SYMBOL_TIP.get(sym, f"use {sym}"))
                    b.clicked.connect(lambda _c=False, a=choice: self._play(a))
                else:
                    b.setEnabled(False)
                    b.setToolTip(self.tr("{sym}: no space it may cross now").format(sym=sym))
                self.symbols_row.insertWidget(self.symbols_row.count() - 1, b)
                self._turn_widgets.append(b)
        for loot in turn.loot_choices(legal):
            b = self._turn_button(f"Play loot: {loot.kind}", lambda _c=False, a=loot: self._play(a), True,
                                  "play this Loot token (one per turn, RIV-I6)", f"loot:{loot.kind}")
            self.loot_row.insertWidget(self.loot_row.count() - 1, b)
        self.end_turn_button.setEnabled(human and turn.can_end_turn(legal))
        self._refresh_seat_view()
        self._refresh_buttons()

    def turn_control(self, name: str) -> QWidget | None:
        """The turn control named ``name`` now shown: ``play:CARD``, ``fallback:CARD``
        (``fallback:`` without a card), ``symbol:SYMBOL`` or ``loot:KIND``; None if absent."""
        return next((w for w in self._turn_widgets if w.objectName() == name), None)

    def _turn_button(self, text: str, slot, enabled: bool, tip: str, name: str) -> QPushButton:
        b = QPushButton(text)
        b.setObjectName(name)
        b.setEnabled(enabled)
        b.setToolTip(tip)
        b.clicked.connect(slot)
        self._turn_widgets.append(b)
        return b


def open_rivages_playtest(source, players: int, parent=None, *, seed: int = 0, controllers=None,
                          delay_ms: int = DEFAULT_DELAY_MS, label: str | None = None,
                          note: str | None = None) -> RivagesPlaytestWindow | None:
    """Open a Rivages playtest window on ``source`` (a ``rivages-scenario/1`` path or loaded
    :class:`~studio.model.rivages.Rivages` content) for ``players`` (1 = solo). Returns the
    shown window, or None after a message box saying why the content cannot be played (the
    loader's finding with its file:line:col, the engine's reason, a player count the scenario's
    ``players:`` does not list (a solo scenario is for 1), or what else the file is: a
    Rule the Realm scenario or board, see :func:`~studio.gui.playtest.playtest_frame.wrong_scenario`)."""
    from studio.content import LoadError
    from studio.model.io import InvalidContent
    from studio.model.rivages import RivagesError
    from studio.playtest.setup import player_counts
    from studio.rules import load_game

    if isinstance(source, (str, os.PathLike)):
        problem = wrong_scenario(source, "rivages")
        if problem:  # load_game would build a Rule the Realm game from a realm scenario
            error_box(parent, "Cannot playtest", problem + ".")
            return None
    try:
        game = load_game(source, players, seed)
    except InvalidContent as exc:
        lines = [f.format() for f in exc.findings]
        error_box(parent, "Cannot playtest", "The scenario is not valid:\n\n" + "\n".join(lines[:8]))
        return None
    except LoadError as exc:
        error_box(parent, "Cannot playtest", exc.format())
        return None
    except (RivagesError, ValueError, KeyError, TypeError, OSError) as exc:
        error_box(parent, "Cannot playtest", f"This game cannot be played yet:\n\n{exc}")
        return None
    counts = player_counts(game.scenario)
    if counts and players not in counts:  # the engine would deal a solo scenario to 4 explorers
        who = "1 explorer only (solo)" if counts == [1] else f"{', '.join(map(str, counts))} explorers"
        error_box(parent, "Cannot playtest", f"{game.scenario.name or game.scenario.id} is played by {who}; "
                                             f"got {players}.")
        return None
    window = RivagesPlaytestWindow(game, parent, seed=seed, controllers=controllers, delay_ms=delay_ms,
                                   label=label, note=note)
    window.setAttribute(Qt.WA_DeleteOnClose, parent is not None)
    window.show()
    return window


class RivagesGameDialog(QDialog):
    """Which Rivages game to playtest: a scenario (the bundled ones or a file), the number of
    explorers (1 = solo) and the seed. The explorer counts offered are the scenario's own
    (``players:``, :func:`studio.playtest.setup.player_counts`): a solo scenario offers 1 only."""

    def __init__(self, parent=None):
        from studio.content import bundled_path

        super().__init__(parent)
        self.setWindowTitle(self.tr("Playtest a Rivages Scenario"))
        desktop.install_help(self, "rivages-game")  # F1 opens its docs page
        form = QFormLayout(self)
        self.scenario_combo = QComboBox()
        for label, name in (("Rivages (bundled)", "rivages.yaml"), ("Rivages solo (bundled)", "rivages-solo.yaml")):
            self.scenario_combo.addItem(label, str(bundled_path("scenarios", name)))
        self.scenario_combo.addItem(self.tr("Other scenario file…"), None)
        self.scenario_combo.activated.connect(self._scenario_chosen)
        form.addRow(self.tr("Scenario"), self.scenario_combo)
        self.players_combo = QComboBox()
        self.players_combo.setToolTip(self.tr("the explorer counts the scenario is made for; 1 plays the solo game (RIV-X1)"))
        form.addRow(self.tr("Explorers"), self.players_combo)
        self.seed_spin = QSpinBox()
        self.seed_spin.setRange(0, 2**31 - 1)
        form.addRow(self.tr("Seed"), self.seed_spin)
        note = QLabel(self.tr("Explorer 1 is yours; the others are greedy bots (change them in the window)."))
        note.setWordWrap(True)
        form.addRow(note)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self._last = 0
        self._offer_players(3)

    def _scenario_chosen(self, index: int) -> None:
        if self.scenario_combo.itemData(index) is not None:
            self._last = index
            self._offer_players(self.players())
            return
        from studio.gui.shell import prompts

        path = prompts.ask_open_path(self, "", kind="scenario")
        if not path:
            self.scenario_combo.setCurrentIndex(self._last)
            return
        self.scenario_combo.insertItem(index, path, path)
        self.scenario_combo.setCurrentIndex(index)
        self._last = index
        self._offer_players(self.players())

    def _offer_players(self, keep: int) -> None:
        """Offer the chosen scenario's explorer counts, keeping ``keep`` when it is one."""
        counts = scenario_player_counts(self.scenario_combo.currentData())
        self.players_combo.clear()
        for n in counts:
            self.players_combo.addItem("1 (solo)" if n == 1 else str(n), n)
        index = self.players_combo.findData(keep)
        self.players_combo.setCurrentIndex(index if index >= 0 else counts.index(2) if 2 in counts else 0)

    def players(self) -> int:
        """The explorer count chosen (0 before a scenario is)."""
        return self.players_combo.currentData() or 0

    def set_players(self, n: int) -> bool:
        """Choose ``n`` explorers; False (and no change) when the scenario is not made for ``n``."""
        index = self.players_combo.findData(n)
        if index >= 0:
            self.players_combo.setCurrentIndex(index)
        return index >= 0

    def choice(self) -> tuple[str, int, int]:
        return self.scenario_combo.currentData(), self.players(), self.seed_spin.value()


def scenario_player_counts(path) -> list[int]:
    """The explorer counts of the Rivages scenario at ``path``; 1 to 5 when it cannot be read
    as one (opening it then says why)."""
    from studio.model.io import read
    from studio.model.rivages import RivagesScenario
    from studio.playtest.setup import player_counts

    try:
        scenario = read(path) if path else None
    except (ValueError, OSError):  # LoadError and InvalidContent are ValueErrors
        scenario = None
    counts = player_counts(scenario) if isinstance(scenario, RivagesScenario) else []
    return counts or [1, 2, 3, 4, 5]


def ask_rivages_game(parent=None) -> tuple[str, int, int] | None:
    """``(scenario path, explorers, seed)`` from a :class:`RivagesGameDialog`; None when
    cancelled."""
    dialog = RivagesGameDialog(parent)
    return dialog.choice() if dialog.exec() == QDialog.Accepted else None


def playtest_rivages_scenario(parent=None) -> RivagesPlaytestWindow | None:
    """Ask which Rivages game to play (:func:`ask_rivages_game`) and open it: explorer 1 is
    human, the others greedy bots. What the editors' *Playtest Rivages Scenario…* calls."""
    chosen = ask_rivages_game(parent)
    if chosen is None:
        return None
    path, players, seed = chosen
    return open_rivages_playtest(path, players, parent, seed=seed)


__all__ = ["RivagesGameDialog", "RivagesPlaytestWindow", "ask_rivages_game", "open_rivages_playtest",
           "playtest_rivages_scenario", "scenario_player_counts"]
