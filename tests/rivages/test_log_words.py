"""The Rivages log names what a seat got: the Loot token drawn and the tree space crossed, also
when no choice was asked (issue 11: the log said neither)."""

import pytest

from studio.rules.rivages import Cross, PlayRow
from tests.rivages.helpers import cards, game, place

ROWS = (("forest", "dune"), ("cliff", "lagoon", "forest"), ("any",))


def start(hexes):
    g = game(2, exploration=cards(12, rows=ROWS))
    s = g.new_state()
    place(s, 0, "isle0", crossed=hexes, hand=["e00", "e01"])
    return g, s


@pytest.mark.rule("RIV-W1", "RIV-I4")
def test_a_statue_crossed_without_a_choice_logs_its_tree_space():
    g, s = start(((0, 0), (1, 0), (2, 0)))
    s.apply(PlayRow("e00"))
    s.apply(Cross("forest", (3, 0)))  # the statue icon: the first tree space, no choice
    tree = g.trees[s.players_state[0].tree]
    first = tree.nodes[tree.start]
    assert s.log[-1].startswith(f"{g.seat_names[0]} crosses tree space {first}")


@pytest.mark.rule("RIV-I6")
def test_a_loot_drawn_is_named():
    g, s = start(((-1, 1), (0, 1), (0, 2), (-1, 2)))
    s.apply(PlayRow("e00"))  # forest, dune
    before = len(s.players_state[0].loot)
    s.apply(Cross("forest", (1, 2)))  # the white space with the loot icon
    p = s.players_state[0]
    assert len(p.loot) == before + 1
    kind = g.tokens[p.loot[-1]]
    # the others see that a token was drawn; the seat (its private log line) which one
    k = s.log.index(f"{g.seat_names[0]} draws a Loot token")
    assert s.private_log[k] == (0, f"{g.seat_names[0]} draws loot {kind}")
    assert s.clone().private_log == s.private_log
    assert not any(kind in line for line in s.log if "draws" in line)
