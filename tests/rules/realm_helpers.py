"""Small boards and positions for rule tests.

``small_board`` is a rows x columns piece of the standard triangular lattice (ids a1, a2, ...;
odd rows shifted right by half a spacing). Seat 1 ("south") starts on the bottom row and aims for
the top row; seat 2 ("north") the reverse; seats 3 and 4 start on the left and right columns.
"""

from __future__ import annotations

from studio.geometry.lattice import triangular_lattice
from studio.model.realm import COLOURS, Board, Peg, RealmRules, Seat, Segment, segment_key
from studio.rules.realm.game import RealmGame

CI = {c: i for i, c in enumerate(COLOURS)}


def small_board(rows=4, columns=4, players=2, colours=None, contents=None, seats=None, drop_lines=()):
    pegs_xy, lines = triangular_lattice(rows, columns)
    colours = colours or {}
    pegs = {pid: Peg(pid, x, y, colours.get(pid, "red")) for pid, (x, y) in pegs_xy.items()}
    drop = {tuple(sorted(l)) for l in drop_lines}
    lines = [l for l in lines if tuple(sorted(l)) not in drop]
    segments = [Segment(tuple(k), *v) for k, v in (contents or {}).items()]
    last = chr(ord("a") + rows - 1)
    if seats is None:
        all_seats = [
            Seat("south", [f"{last}{c}" for c in range(1, columns + 1)], [f"a{c}" for c in range(1, columns + 1)]),
            Seat("north", [f"a{c}" for c in range(1, columns + 1)], [f"{last}{c}" for c in range(1, columns + 1)]),
            Seat("west", [f"{chr(97 + r)}1" for r in range(rows)], [f"{chr(97 + r)}{columns}" for r in range(rows)]),
            Seat("east", [f"{chr(97 + r)}{columns}" for r in range(rows)], [f"{chr(97 + r)}1" for r in range(rows)]),
        ]
        seats = all_seats[:players]
    return Board(id="test", name="Test", players=players, pegs=pegs, lines=lines, segments=segments,
                 seats={s.name: s for s in seats})


def game_on(board, seed=1, **rules):
    r = RealmRules(**{k: tuple(v) if isinstance(v, list) else v for k, v in rules.items()})
    return RealmGame(board, r, board.players, seed)


def give(state, seat, **cards):
    """Set a seat's hand exactly, e.g. give(state, 0, red=2, blue=1); other cards go to the deck."""
    total = [0] * len(COLOURS)
    for c, n in cards.items():
        total[CI[c]] = n
    # keep the 50 cards conserved: return the old hand to the deck, take the new one out of it
    for i, n in enumerate(state.hands[seat]):
        state.deck.extend([i] * n)
    for i, n in enumerate(total):
        for _ in range(n):
            if i in state.deck:
                state.deck.remove(i)
            elif i in state.discard:
                state.discard.remove(i)
            elif i in state.pool:  # the pool shows another card instead
                state.pool.remove(i)
                swap = next(c for c in state.deck if c != i)
                state.deck.remove(swap)
                state.pool.append(swap)
            else:  # take it from another hand, which gets a deck card of another colour instead
                other = next(o for o in range(len(state.hands)) if o != seat and state.hands[o][i])
                swap = next(c for c in state.deck if c != i)
                state.deck.remove(swap)
                state.hands[other][i] -= 1
                state.hands[other][swap] += 1
    state.hands[seat] = total


def seg(*pegs):
    return segment_key(pegs)


def card_total(state):
    return len(state.deck) + len(state.pool) + len(state.discard) + sum(sum(h) for h in state.hands)
