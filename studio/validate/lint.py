"""Rules lint: can the game of the rulebook be played on this board or scenario?

Board checks build on :class:`~studio.validate.geometry.BoardGeometry`: one seat per player
(RTR-S6), start and goal pegs where the scenario needs them (RTR-P5, L1-1, L1-2, L4-1), start and
goal pegs on the board's outer edge, every seat reaching every listed segment and its goal
through the lines, no peg without a line, coherent pictures (L4-2, L4-6). Scenario checks look
at the rules against the boards they use: a crater for crater starts (L2-2), enough pictures for
a pictures end (L4-7), personal decks the deck can deal (L6-1). Codes in ``docs/findings.md``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import shapely

from studio.model.realm import Board, RealmRules, Scenario, segment_key
from studio.validate.geometry import BoardGeometry
from studio.validate.report import Reporter, quote_pegs

PICTURE_SIZES = (4, 5, 6)  # L4-6: the majority bonus exists for pictures of 4, 5 or 6 segments
COLOURS_IN_DECK = 5        # RTR-S1


@dataclass(frozen=True)
class SeatNeeds:
    """What a board's seats must provide: start pegs for every seat (``start_per_seat``, RTR-P5
    own side), start pegs somewhere (``start_somewhere``, L4-1 any start), a goal edge for
    every seat (``goal_per_seat``, L1-2 cross-board race)."""

    start_per_seat: bool = False
    start_somewhere: bool = False
    goal_per_seat: bool = False

    @classmethod
    def of_board(cls, board: Board) -> "SeatNeeds":
        """For a board checked on its own: once one seat has start (goal) pegs, all need them."""
        return cls(start_per_seat=any(seat.start for seat in board.seats.values()),
                   goal_per_seat=any(seat.goal for seat in board.seats.values()))

    @classmethod
    def of_rules(cls, rules: RealmRules) -> "SeatNeeds":
        """For a board used by a scenario with ``rules``."""
        return cls(start_per_seat=rules.start == "own-side",
                   start_somewhere=rules.start == "any-start",
                   goal_per_seat="cross-board" in rules.modules)


# --- board -------------------------------------------------------------------------------------

def lint_board(board: Board, geo: BoardGeometry, report: Reporter, needs: SeatNeeds | None = None) -> None:
    """Add the rules-lint findings of ``board`` to ``report``. ``needs`` defaults to
    :meth:`SeatNeeds.of_board`."""
    needs = needs or SeatNeeds.of_board(board)
    _check_seat_count(board, report)
    _check_seat_pegs(board, report, needs)
    _check_edges(board, geo, report)
    _check_reach(board, geo, report)
    _check_isolated_pegs(board, geo, report)
    _check_pictures(board, report)


def _check_seat_count(board: Board, report: Reporter) -> None:
    if len(board.seats) != board.players:
        report.add("rules/seat-count",
                   f"the board is for {board.players} players but has {len(board.seats)} "
                   f"seat{'s' if len(board.seats) != 1 else ''}; give it one seat per player (RTR-S6)",
                   at=("seats",), key=True)


def _check_seat_pegs(board: Board, report: Reporter, needs: SeatNeeds) -> None:
    for name, seat in board.seats.items():
        if needs.start_per_seat and not seat.start:
            report.add("rules/no-start",
                       f"seat {name} has no start pegs; each seat starts from pegs on its own side (RTR-P5, L1-1)",
                       at=("seats", name), element=("seat", name), key=True)
        if needs.goal_per_seat and not seat.goal:
            report.add("rules/no-goal",
                       f"seat {name} has no goal pegs; the race across the board needs the edge "
                       "opposite its start (L1-2)",
                       at=("seats", name), element=("seat", name), key=True)
    if needs.start_somewhere and not any(seat.start for seat in board.seats.values()):
        report.add("rules/no-start", "no seat has start pegs; players start from any start peg (L4-1)",
                   at=("seats",), key=True)


def _outer_edge(geo: BoardGeometry) -> set[str]:
    """Spot ids of the pegs on the board's outer boundary: the outside of the union of its
    faces (holes such as a crater are not edges), or the convex hull when there are no faces."""
    if geo.faces:
        union = shapely.union_all([face.polygon for face in geo.faces])
        outline = shapely.union_all([shapely.get_exterior_ring(part) for part in shapely.get_parts(union)])
    else:
        outline = shapely.convex_hull(shapely.multipoints(geo.pegs.points)).boundary
    return set(geo.pegs.near(outline))


def _check_edges(board: Board, geo: BoardGeometry, report: Reporter) -> None:
    named = [(name, part, j, pid) for name, seat in board.seats.items() for part in ("start", "goal")
             for j, pid in enumerate(getattr(seat, part)) if pid in geo.spot]
    if not named or not geo.spot:
        return
    edge = _outer_edge(geo)
    for name, part, j, pid in named:
        if geo.spot[pid] in edge:
            continue
        if part == "start":
            report.add("rules/start-not-on-edge",
                       f"seat {name} start peg {pid} is not on the board's outer edge; a seat starts on its own side",
                       at=("seats", name, part, j), element=("seat", name), severity="warning")
        else:
            report.add("rules/goal-not-on-edge",
                       f"seat {name} goal peg {pid} is not on the board's outer edge; the goal is the opposite edge",
                       at=("seats", name, part, j), element=("seat", name), severity="warning")


class _Components:
    """Connected parts of the line graph (union-find over spot ids)."""

    def __init__(self, geo: BoardGeometry) -> None:
        self.parent = {pid: pid for pid in geo.spot.values()}
        for index in geo.lines:
            a, b = geo.lines[index]
            self.parent[self.find(geo.spot[a])] = self.find(geo.spot[b])

    def find(self, pid: str) -> str:
        root = pid
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[pid] != root:  # path compression
            self.parent[pid], pid = root, self.parent[pid]
        return root


def _check_reach(board: Board, geo: BoardGeometry, report: Reporter) -> None:
    """Every seat reaches, through lines, every listed segment and its goal (bands run along
    lines and each band touches the player's earlier ones, RTR-P6)."""
    parts = _Components(geo)

    def part_of(pegs) -> set[str]:
        return {parts.find(geo.spot[p]) for p in pegs if p in geo.spot}

    reach: dict[str, set[str]] = {}
    for name, seat in board.seats.items():
        starts = part_of(seat.start or board.crater)
        if not starts:
            continue
        reach[name] = starts
        goals = part_of(seat.goal)
        if goals and not goals & starts:
            report.add("rules/goal-unreachable",
                       f"seat {name} cannot reach any goal peg from its start pegs: no chain of lines joins them",
                       at=("seats", name, "goal"), element=("seat", name))
    if not reach:
        return
    for i, segment in enumerate(board.segments):
        if any(p not in geo.spot for p in segment.pegs):
            continue
        here = part_of(segment.pegs)
        cut_off = [name for name, starts in reach.items() if not here & starts]
        if cut_off:
            seats = ", ".join(cut_off)
            report.add("rules/unreachable",
                       f"segment {quote_pegs(segment.pegs)} cannot be reached from the start of "
                       f"seat{'s' if len(cut_off) > 1 else ''} {seats}: no chain of lines joins them",
                       at=("segments", i), element=("segment", *segment_key(segment.pegs)))


def _check_isolated_pegs(board: Board, geo: BoardGeometry, report: Reporter) -> None:
    on_a_line = {p for a, b in board.lines for p in (a, b)}
    for pid in board.pegs:
        if pid not in on_a_line:
            report.add("rules/isolated-peg",
                       f"peg {pid} is on no line, so no band can use it; add a line or remove the peg",
                       at=("pegs", pid), element=("peg", pid), severity="warning", key=True)


def _check_pictures(board: Board, report: Reporter) -> None:
    """Engraved Board: segments name defined pictures (L4-2) of 4 to 6 segments (L4-6)."""
    sizes = Counter(segment.picture for segment in board.segments if segment.picture)
    first_use = {}
    for i, segment in enumerate(board.segments):
        if not segment.picture:
            continue
        first_use.setdefault(segment.picture, i)
        if board.pictures and segment.picture not in board.pictures:
            report.add("rules/unknown-picture",
                       f"segment {quote_pegs(segment.pegs)} names picture {segment.picture}, which is not "
                       f"defined under pictures ({', '.join(board.pictures)})",
                       at=("segments", i, "picture"), element=("segment", *segment_key(segment.pegs)))
    for name in dict.fromkeys([*board.pictures, *sizes]):
        if sizes[name] in PICTURE_SIZES:
            continue
        at = ("pictures", name) if name in board.pictures else ("segments", first_use[name], "picture")
        report.add("rules/picture-size",
                   f"picture {name} has {sizes[name]} segment{'s' if sizes[name] != 1 else ''}; "
                   f"pictures have 4, 5 or 6 segments (L4-6)",
                   at=at, element=("picture", name), severity="warning", key=name in board.pictures)


# --- scenario ----------------------------------------------------------------------------------

def lint_scenario(scenario: Scenario, boards: dict[int, Board], report: Reporter) -> None:
    """Add the findings of ``scenario``'s rules against ``boards`` (player count -> the boards
    that loaded and passed the schema) to ``report``."""
    missing = [n for n in (2, 3, 4) if n not in scenario.boards]
    if missing:
        counts = " and ".join(str(n) for n in missing)
        report.add("scenario/missing-player-count",
                   f"no board for {counts} players; a scenario has one board for each of 2, 3 and 4 (RTR-S6)",
                   at=("boards",), severity="warning", key=True)
    rules = scenario.rules
    if rules.start == "crater":
        for players, board in sorted(boards.items()):
            if not board.crater:
                report.add("scenario/no-crater",
                           f"rules start at the crater (L2-2), but the {players}-player board {board.id} "
                           "lists no crater pegs",
                           at=("rules", "start"))
    if "pictures" in rules.end:
        _check_pictures_end(rules.end["pictures"], boards, report)
    if isinstance(rules.cards, dict) and "personal-deck" in rules.cards:
        _check_personal_decks(scenario, report)


def _check_pictures_end(needed: dict, boards: dict[int, Board], report: Reporter) -> None:
    """L4-7: the game ends once a number of pictures, per player count, is complete."""
    for players, board in sorted(boards.items()):
        count = needed.get(str(players))
        if count is None:
            report.add("scenario/end-pictures",
                       f"the game ends on complete pictures, but no count is given for {players} players (L4-7)",
                       at=("rules", "end", "pictures"), key=True)
            continue
        pictures = {segment.picture for segment in board.segments if segment.picture}
        if count > len(pictures):
            report.add("scenario/end-pictures",
                       f"the game ends at {count} complete pictures, but the {players}-player board "
                       f"{board.id} has only {len(pictures)}, so the game could never end that way (L4-7)",
                       at=("rules", "end", "pictures", str(players)))


def _check_personal_decks(scenario: Scenario, report: Reporter) -> None:
    """L6-1: each player gets a personal deck dealt from the one deck and draws the opening hand
    from it."""
    rules = scenario.rules
    deck = rules.cards["personal-deck"] or {}
    size = deck.get("size", 12)
    cards = rules.cards_per_colour * COLOURS_IN_DECK
    most = max(scenario.boards, default=0)
    if size * most > cards:
        report.add("scenario/personal-decks",
                   f"{most} personal decks of {size} cards need {size * most} cards, but the deck has {cards} (L6-1)",
                   at=("rules", "cards"))
    hands = rules.hand_sizes[:most]
    if hands and max(hands) > size:
        report.add("scenario/personal-decks",
                   f"an opening hand of {max(hands)} cards cannot be drawn from a personal deck of {size} (L6-1)",
                   at=("rules", "cards"))
