"""Bot failure, told apart from a verdict on the board.

A seat whose bot stops playing (places a band or two, then only draws while the board still
holds content it could go for) says nothing about the board: the bot found nothing of value
within its horizon. :class:`SeatActivity` follows one Rule the Realm game turn by turn (inside
the game watch, :class:`~studio.playtest.insight.Watch`) and counts, per seat, the longest run
of *idle turns*: turns in which a band was legal, none was placed, and content nobody had taken
was still connected to the seat's pegs by board lines (:func:`studio.bots.seek.content_distance`).
A seat with nothing reachable at all is the board's fault instead (``unreachable-seat``), and a
turn with no content left in reach is not counted.

:class:`BotFailureTally` counts the games in which a seat idled :data:`IDLE_TURNS` turns in a
row or more, and :func:`bot_failure_findings` names those seats in a ``bot-failure`` finding
whose warning says the win rates of that seat judge the bot, not the board.
"""

from __future__ import annotations

IDLE_TURNS = 3            # idle turns in a row that make a bot failure (6 draws in two-action turns)
FAILURE_WARNING = 0.05    # a seat failing in more than this share of games: a warning


def within_reach(state, seat: int) -> bool:
    """Whether content nobody has taken is connected by board lines to ``seat``'s pegs (to
    any peg, before its first band)."""
    from studio.bots.seek import content_distance

    dist = content_distance(state, seat)
    if not dist:
        return False
    bit = 1 << seat
    held = [p for p, mask in state.peg_seats.items() if mask & bit]
    return not held or any(p in dist for p in held)


class SeatActivity:
    """Idle turns per seat in one game (see the module docstring): call :meth:`decision`
    before each action, :meth:`applied` after it, :meth:`finish` with the final state at the
    end; ``longest[seat]`` is the seat's longest run of idle turns.

    Whether content was within reach is judged when a turn without a band closes, on the state
    then: the seat placed no band, so its pegs are those of the turn, and draws take no content;
    turns with a band never pay for the search."""

    def __init__(self, players: int):
        self.run = [0] * players
        self.longest = [0] * players
        self._turn: tuple[int, int] | None = None  # (seat, round) of the turn under way
        self._band_legal = self._placed = False

    def decision(self, state, band_legal: bool) -> None:
        seat = state.current_player
        key = (seat, state.round)
        if key != self._turn:
            self.finish(state)
            self._turn = key
            self._band_legal = self._placed = False
        if band_legal:
            self._band_legal = True

    def applied(self, kind: str) -> None:
        if kind.startswith("place"):
            self._placed = True

    def finish(self, state=None) -> None:
        """Close the turn under way, judged on ``state`` (the position right after it; None:
        not judged); idempotent."""
        if self._turn is None:
            return
        seat = self._turn[0]
        if self._placed:
            self.run[seat] = 0
        elif self._band_legal and state is not None and seat is not None and within_reach(state, seat):
            self.run[seat] += 1
            self.longest[seat] = max(self.longest[seat], self.run[seat])
        self._turn = None


class BotFailureTally:
    """Per seat, the games in which its bot idled :data:`IDLE_TURNS` turns in a row or more
    (``failed``) and the longest run seen (``longest``), from the ``idle_turns`` of each
    :class:`~studio.playtest.runner.GameResult` (results without it are not judged)."""

    def __init__(self):
        self.failed: list[int] = []
        self.longest: list[int] = []
        self.judged = 0

    def add(self, r) -> None:
        if not r.idle_turns:
            return
        if not self.failed:
            self.failed = [0] * r.players
            self.longest = [0] * r.players
        self.judged += 1
        for s, k in enumerate(r.idle_turns[:len(self.failed)]):
            self.failed[s] += k >= IDLE_TURNS
            self.longest[s] = max(self.longest[s], k)


def failing_seats(failed, games: int) -> list[int]:
    """The seats whose bot failed in more than :data:`FAILURE_WARNING` of ``games``."""
    return [s for s, k in enumerate(failed) if games and k / games > FAILURE_WARNING]


def bot_failure_findings(tally: BotFailureTally, seat_label, bots=()) -> list:
    """One ``bot-failure`` :class:`~studio.playtest.insight.Finding` per seat whose bot stopped
    playing in more than :data:`FAILURE_WARNING` of the judged games. ``seat_label(seat)``
    names a seat; ``bots``: the bot of each seat, when known, for the message."""
    from studio.playtest.insight import Finding

    g = tally.judged
    out = []
    for s in failing_seats(tally.failed, g):
        k = tally.failed[s]
        bot = f"its {bots[s]} bot" if s < len(bots) and bots[s] else "its bot"
        out.append(Finding(
            "bot-failure", k, g, k / g, seat_label(s),
            f"{seat_label(s)}: {bot} stopped playing in {k} of {g} games ({100 * k / g:.0f}%): for {IDLE_TURNS} "
            f"turns in a row or more (up to {tally.longest[s]}) it placed no band though bands were legal and "
            "content nobody had taken was still within reach; this is the bot failing to find what to aim "
            "for, not a verdict on the board, so this seat's win rate judges the bot (try a stronger bot or "
            "the ladder)", seats=(s,),
            advice=f"rerun with a stronger bot for {seat_label(s)} (--bots) or the skill ladder (--ladder "
                   "random,greedy) before changing the board"))
    return out
