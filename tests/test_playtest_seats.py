"""The seats' joint test and the attribution of a seat's edge (studio.playtest.seats), checked on
synthetic results with known answers (issue 14, item 3)."""

from __future__ import annotations

import math
import random

import pytest

from studio.content import bundled_path
from studio.playtest.seats import attribute, attribute_setup, chi2_sf, equal_hand_size, holm, rotated, seat_test
from studio.playtest.setup import load_setup


def chi2_sf_reference(x: float, df: int, steps: int = 20000) -> float:
    """1 minus the integral of the chi-square density from 0 to x (Simpson's rule after the
    substitution t = u^2, which removes the singularity at 0 for df = 1)."""
    k = df / 2

    def g(u):  # density(u^2) * 2u
        t = u * u
        if t == 0:
            return 2 / (math.sqrt(2) * math.gamma(0.5)) if df == 1 else 0.0
        return 2 * u * t ** (k - 1) * math.exp(-t / 2) / (2 ** k * math.gamma(k))

    b = math.sqrt(x)
    h = b / steps
    total = g(0) + g(b) + sum((4 if i % 2 else 2) * g(i * h) for i in range(1, steps))
    return 1 - total * h / 3


@pytest.mark.parametrize("df", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("x", [0.3, 1.0, 3.841, 7.5, 16.0])
def test_chi_square_tail_against_numerical_integration(df, x):
    assert chi2_sf(x, df) == pytest.approx(chi2_sf_reference(x, df), abs=2e-6)


def test_chi_square_critical_values():
    for df, critical in ((1, 3.841459), (2, 5.991465), (3, 7.814728), (4, 9.487729)):
        assert chi2_sf(critical, df) == pytest.approx(0.05, abs=1e-6)
    assert chi2_sf(0, 3) == 1.0
    with pytest.raises(ValueError, match="at least 1"):
        chi2_sf(1.0, 0)


def test_holm_adjustment_known_answer():
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert holm([0.5, 0.001]) == pytest.approx([0.5, 0.002])


def test_two_seats_are_one_comparison():
    t = seat_test([61.0, 39.0], 100)
    # chi-square 2 * 11^2 / 50 = 4.84 on 1 df; the seats' own tests are that same test, uncorrected
    assert t.chi2 == pytest.approx(4.84) and t.p == pytest.approx(0.02781, abs=1e-5)
    assert t.p_holm == pytest.approx([t.p, t.p]) and t.flagged == [0, 1]


def test_no_test_without_seats_or_winners():
    assert seat_test([5.0], 5) is None and seat_test([0.0, 0.0], 4) is None


def _batch(rng, probs, games):
    wins = [0.0] * len(probs)
    for _ in range(games):
        u, acc = rng.random(), 0.0
        for s, p in enumerate(probs):
            acc += p
            if u < acc:
                wins[s] += 1
                break
    return wins


def test_even_four_player_boards_do_not_cry_wolf():
    """1000 batches of 100 games of an even 4-player board: the joint test raises the warning in
    about 5% of them; the old rule (any seat outside its own 95% margin) did in about 17%."""
    rng = random.Random(7)
    joint = old = 0
    for _ in range(1000):
        wins = _batch(rng, [0.25] * 4, 100)
        t = seat_test(wins, 100)
        joint += t.uneven
        half = 1.959964 * math.sqrt(0.25 * 0.75 / 100)
        old += any(abs(w / 100 - 0.25) > half for w in wins)
    assert 0.03 <= joint / 1000 <= 0.075
    assert old / 1000 >= 0.13


def test_a_real_edge_is_found_and_the_right_seat_named():
    rng = random.Random(8)
    found = 0
    for _ in range(200):
        t = seat_test(_batch(rng, [0.34, 0.22, 0.22, 0.22], 400), 400)
        found += t.uneven and 0 in t.flagged
    assert found / 200 >= 0.8


# -- attribution ----------------------------------------------------------------------------------

ORDER, HANDS, BOARD = 0.10, 0.05, 0.08   # known edges of turn position 0 / board position 0


def two_player_outcome(rotation, equal_hands, seed):
    """Turn position 0 wins with probability 1/2 + ORDER + HANDS (unless hands are equal) +/-
    BOARD (at board position 0 or not); one uniform per deal, shared by its runs, from the golden
    ratio sequence (evenly spread, so the estimates land within a few 1/deals of the truth)."""
    u = (seed * 0.6180339887498949) % 1.0
    board0 = (0 + rotation) % 2 == 0
    p = 0.5 + ORDER + (0 if equal_hands else HANDS) + (BOARD if board0 else -BOARD)
    return (1.0, 0.0) if u < p else (0.0, 1.0)


def test_attribution_recovers_known_edges():
    a = attribute(two_player_outcome, 2, range(1000), names=("South", "North"), boot=200)
    first = a.seats[0]
    assert first.name == "South" and a.deals == 1000 and a.games_played == 4000
    for value, ci, truth in ((first.observed, first.observed_ci, ORDER + HANDS + BOARD),
                             (first.turn, first.turn_ci, ORDER + HANDS), (first.order, first.order_ci, ORDER),
                             (first.hands, first.hands_ci, HANDS), (first.board, first.board_ci, BOARD)):
        assert ci[0] <= truth <= ci[1] and value == pytest.approx(truth, abs=0.005)
        assert 0 < ci[1] - ci[0] < 0.1
    second = a.seats[1]
    assert second.turn == pytest.approx(-first.turn) and second.board == pytest.approx(-first.board)


def test_attribution_of_three_seats_with_only_a_board_edge():
    def outcome(rotation, equal, seed):
        u = ((seed * 3 + rotation) * 0.6180339887498949) % 1.0
        sits = [(t + rotation) % 3 for t in range(3)]  # board position of each turn position
        weights = [0.5 if b == 2 else 0.25 for b in sits]
        winner = 0 if u < weights[0] else 1 if u < weights[0] + weights[1] else 2
        return [1.0 if t == winner else 0.0 for t in range(3)]

    a = attribute(outcome, 3, range(600), hands=False, boot=200)
    assert a.seats[2].board == pytest.approx(0.5 - 1 / 3, abs=0.04)
    assert all(abs(s.turn) < 0.04 for s in a.seats)
    assert a.seats[2].board_ci[0] > 0.1
    assert a.seats[0].hands is None and a.games_played == 1800


def test_attribution_needs_deals_and_players():
    with pytest.raises(ValueError, match="at least 2 players and 2 deals"):
        attribute(two_player_outcome, 2, [1])


def test_rotated_setups_and_real_games():
    setup = load_setup(bundled_path("scenarios", "jungle-temples.yaml"), 2)
    turned = rotated(setup, 1)
    assert list(turned.content.board.seats)[:2] == list(setup.content.board.seats)[:2][::-1]
    assert list(setup.content.board.seats)[0] == "south"                     # the original is untouched
    assert turned.game().start_pegs[0] == setup.game().start_pegs[1]
    assert equal_hand_size(setup) == 4                                         # 4 and 5 cards: 4.5 rounds to 4
    a = attribute_setup(setup, [1, 2], "random", boot=50)
    assert a.games_played == 8 and a.equal_hand == 4 and [s.name for s in a.seats] == ["South", "North"]
    assert a.seats[0].turn == pytest.approx(-a.seats[1].turn)
    with pytest.raises(ValueError, match="Rule the Realm"):
        attribute_setup(load_setup(bundled_path("scenarios", "rivages.yaml"), 2), [1, 2])


def test_cli_attribute_prints_and_writes_the_split(tmp_path, capsys):
    import json

    from studio.playtest import cli
    from studio.playtest.report import FORMAT
    from tests.test_report_schemas import schema_errors

    out, page = tmp_path / "r.json", tmp_path / "r.html"
    scenario = str(bundled_path("scenarios", "jungle-temples.yaml"))
    assert cli.main([scenario, "--games", "3", "--bots", "random", "--seed", "2", "--attribute", "--json", str(out),
                     "--report", str(page)]) == 0
    captured = capsys.readouterr()
    assert "attributing the seats' gaps: 12 more games" in captured.err
    assert "where the seats' gaps come from (the same 3 deals with the seats rotated, and with equal hands of 4 " \
           "cards; 12 games" in captured.out
    data = json.loads(out.read_text())
    assert schema_errors(FORMAT, data) == []
    a = data["summary"]["attribution"]
    assert a["games_played"] == 12 and [s["name"] for s in a["seats"]] == ["South", "North"]
    assert "Where the seats' gaps come from" in page.read_text()
    rivages = str(bundled_path("scenarios", "rivages.yaml"))
    assert cli.main([rivages, "--games", "1", "--bots", "random", "--attribute"]) == 0
    assert "--attribute is for Rule the Realm boards" in capsys.readouterr().err


# -- sweeps: settings compared on shared seeds ------------------------------------------------------

def test_paired_difference_known_answer():
    from studio.playtest.seats import paired_difference

    base = {k: (1.0, 0.0) if k % 2 else (0.0, 1.0) for k in range(100)}      # seat 1 wins 50%
    other = dict(base)
    for k in range(0, 20, 2):                                                  # 10 deals flip to seat 1
        other[k] = (1.0, 0.0)
    d = paired_difference(base, other, 0)
    # 10 differences of 1 and 90 of 0: mean 0.1, sd sqrt(0.1 * 0.9 * 100 / 99), se = sd / 10
    se = math.sqrt(0.09 * 100 / 99) / 10
    assert d.deals == 100 and d.diff == pytest.approx(0.1)
    assert d.ci == pytest.approx((0.1 - 1.959964 * se, 0.1 + 1.959964 * se), abs=1e-6)
    assert d.p == pytest.approx(math.erfc(0.1 / se / math.sqrt(2)))
    assert paired_difference(base, {1: (1.0, 0.0)}, 0) is None                 # one shared seed
    same = paired_difference(base, base, 1)
    assert (same.diff, same.p) == (0.0, 1.0)


def test_paired_difference_interval_stays_inside_the_possible_range():
    """Four deals, the seat's credit going 0 -> 1 on two, 1 -> 0 on one: the normal interval
    (-0.25 +/- 1.96 * 0.48) runs past -1 and +1; a win-rate difference cannot."""
    from studio.playtest.seats import paired_difference

    base = {0: (0.0, 1.0), 1: (0.0, 1.0), 2: (1.0, 0.0), 3: (1.0, 0.0)}
    other = {0: (1.0, 0.0), 1: (1.0, 0.0), 2: (0.0, 1.0), 3: (1.0, 0.0)}
    d = paired_difference(base, other, 0)
    assert d.diff == pytest.approx(0.25)
    se = math.sqrt(((0.75 ** 2) * 2 + 1.25 ** 2 + 0.25 ** 2) / 3 / 4)
    assert d.ci == pytest.approx((0.25 - 1.959964 * se, 1.0), abs=1e-6)
    assert 0.25 + 1.959964 * se > 1.0                                          # the clip did something
    flipped = paired_difference(other, base, 0)
    assert flipped.ci == pytest.approx((-1.0, -0.25 + 1.959964 * se), abs=1e-6)


def test_pairing_on_seeds_finds_what_unpaired_rates_miss():
    """Two settings that differ on 8% of the deals only: unpaired 95% intervals of 400 games
    overlap, the paired difference on the same seeds is significant."""
    from studio.playtest.seats import compare_settings

    rng = random.Random(3)
    base = {k: (1.0, 0.0) if rng.random() < 0.5 else (0.0, 1.0) for k in range(400)}
    other = {k: (1.0, 0.0) if (k % 12 == 0) else v for k, v in base.items()}
    rows = compare_settings([base, other, dict(base)])
    assert rows[0] == []
    moved = rows[1][0]
    assert moved.significant and moved.p_holm < 0.05 and moved.ci[0] > 0
    assert not any(d.significant for d in rows[2])                             # an identical setting
    from studio.playtest.stats import wilson
    a = wilson(sum(v[0] for v in base.values()), 400)
    b = wilson(sum(v[0] for v in other.values()), 400)
    assert a[1] > b[0]                                                         # the unpaired intervals overlap
