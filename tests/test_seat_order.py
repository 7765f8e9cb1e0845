"""Play goes clockwise (rulebook, setup), and seat order is play order: on every bundled 3- and
4-player board and on every board the New Board wizard makes, seat 2 sits clockwise of seat 1
as seen on screen (y grows downward), and so on round the board. A board listing its seats in
another order is warned about (``rules/seat-order``)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from studio.generate.templates import NewBoardSpec, build_board, default_seats
from studio.model.io import read_board
from studio.model.realm import Board, Peg, RealmRules, Seat
from studio.validate import validate
from studio.validate.lint import clockwise_order, seat_bearings

ROOT = Path(__file__).resolve().parent.parent
BOARDS = sorted((ROOT / "boards" / "realm").glob("*.yaml"))


def ring(names_at: list[tuple[str, float]]) -> Board:
    """A board of 12 pegs on a circle round (0, 0) and one seat per ``(name, degrees)``, its
    start peg at that screen angle (0 = east, 90 = south: y grows downward)."""
    pegs = {f"p{k}": Peg(f"p{k}", round(math.cos(math.radians(30 * k)), 6), round(math.sin(math.radians(30 * k)), 6),
                         "red") for k in range(12)}
    seats = {name: Seat(name, [f"p{round(deg / 30) % 12}"]) for name, deg in names_at}
    return Board(id="ring", name="Ring", players=len(seats), pegs=pegs, seats=seats)


def test_bearings_are_screen_angles():
    board = ring([("south", 90), ("west", 180), ("north", 270), ("east", 0)])
    got = {k: round(math.degrees(v)) % 360 for k, v in seat_bearings(board).items()}
    assert got == {"south": 90, "west": 180, "north": 270, "east": 0}


@pytest.mark.parametrize("order,expected", [
    ([("south", 90), ("west", 180), ("north", 270), ("east", 0)], True),     # clockwise on screen
    ([("south", 90), ("east", 0), ("north", 270), ("west", 180)], False),    # counterclockwise
    ([("south", 90), ("north", 270), ("west", 180), ("east", 0)], False),    # zigzag: two turns
    ([("a", 90), ("b", 210), ("c", 330)], True),
    ([("a", 90), ("b", 330), ("c", 210)], False),
    ([("a", 90), ("b", 270)], None),                                         # two seats: no order to keep
])
def test_clockwise_order(order, expected):
    assert clockwise_order(ring(order)) is expected


def test_seats_without_pegs_sit_where_their_names_point():
    board = ring([("south", 90), ("north-west", 210), ("north-east", 330)])
    for seat in board.seats.values():
        seat.start = []
    assert clockwise_order(board) is True
    board.seats = {n: board.seats[n] for n in ("south", "north-east", "north-west")}
    assert clockwise_order(board) is False


@pytest.mark.parametrize("path", [p for p in BOARDS if not p.stem.endswith("2p")], ids=lambda p: p.stem)
def test_every_bundled_board_seats_its_players_clockwise(path):
    board = read_board(path)
    assert clockwise_order(board) is True, list(board.seats)
    assert "rules/seat-order" not in {f.code for f in validate(str(path))}


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("shape", ["rectangle", "hexagon"])
def test_the_wizard_seats_players_clockwise(players, shape):
    spec = NewBoardSpec(players=players, shape=shape, seats=default_seats(players, shape, RealmRules()))
    assert clockwise_order(build_board(spec)) is True


def test_a_counterclockwise_board_is_warned_with_the_clockwise_order(tmp_path):
    text = (ROOT / "boards" / "realm" / "jungle-temples-3p.yaml").read_text()
    head, seats = text.split("seats:\n")
    south, northwest, northeast = seats.splitlines(keepends=True)
    board = tmp_path / "ccw.yaml"
    board.write_text(head + "seats:\n" + south + northeast + northwest)
    (finding,) = [f for f in validate(str(board)) if f.code == "rules/seat-order"]
    assert finding.severity == "warning" and finding.element == ("seat", "northeast")
    assert "listed: south, northeast, northwest; clockwise on screen: south, northwest, northeast" in finding.message


def test_the_wizards_base_rules_board_names_the_base_location():
    spec = NewBoardSpec(players=2, seats=default_seats(2, "rectangle"))
    board = build_board(spec)
    assert board.location == "base"
    # base rules, no location warning; what a bare board still needs: something to score
    assert [f.code for f in validate(board)] == ["scenario/score-unreachable"]
