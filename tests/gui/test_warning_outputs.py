"""Every kind of warning of issue 14 (items 1 and 2: degenerate play and location mechanics) is
shown by all four outputs: the text report, the JSON summary (with its blame), the HTML report
and the GUI balance dashboard. One synthetic batch per kind, made to raise it."""

from __future__ import annotations

import html
import json
import re

import pytest

pytest.importorskip("pytestqt")

from studio.content import bundled_path  # noqa: E402
from studio.gui.balance.dashboard import BalanceDashboard  # noqa: E402
from studio.playtest import GameResult, summarize  # noqa: E402
from studio.playtest.insight import Expectations  # noqa: E402
from studio.playtest.report import format_summary, html_report  # noqa: E402
from studio.playtest.setup import load_setup  # noqa: E402

pytestmark = pytest.mark.gui

SCORE = Expectations(("score",), (5, 12), 0, "the test")
ROUNDS = Expectations(("rounds",), (6, 6), 0, "the test")


def result(seed=0, scores=(10, 8), winners=(0,), rounds=8, code="score", **kw):
    n = len(scores)
    return GameResult(seed=seed, scores=tuple(scores), winners=tuple(winners), rounds=rounds, actions=40,
                      end_reason="engine text, never read", bands_used=(5,) * n,
                      seat_names=tuple(f"S{i}" for i in range(n)), bots=("greedy",) * n, end_code=code, **kw)


def volcano(seed, escaped):
    mech = tuple({"escaped": e, "escape_energy": 8, "escape_failed_energy": [] if e else [8]} for e in escaped)
    won = tuple(s for s, e in enumerate(escaped) if e)[:1]
    return result(seed, (5,) * len(escaped), won, rounds=6, code="rounds", mechanics=mech)


def sites(seed, counts):
    mech = tuple({"sites": k, "site_size": [5] * k, "site_points": 5 * k, "small_closures": 0} for k in counts)
    return result(seed, (5, 5, 5), (0,), rounds=6, code="rounds", mechanics=mech)


DRY = dict(dry_round=9, dry_moves=(10, 8), dry_wasted=(9, 7), forced=(4, 2), forced_loss=(5, 0), decisions=60,
           offered=("draw:deck", "extra", "place:line"), used=("draw:deck", "place:line"))
PENALTY = ({"self_crossings": 4, "self_crossings_forced": 3, "self_cross_loss": 12, "artifacts": 1, "artifact_sets": 1},
           {"self_crossings": 0, "self_crossings_forced": 0, "self_cross_loss": 0, "artifacts": 1, "artifact_sets": 1})
LOOT = ({"loot_drawn": 3, "loot_played": 0}, {"loot_drawn": 2, "loot_played": 0})

CASES = {
    "unintended-end": ([result(i, code="all-bands-used") for i in range(6)] + [result(6 + i) for i in range(4)], SCORE),
    "stalled": ([result(i, code="round-limit") for i in range(10)], None),
    "dry-deck": ([result(i, **DRY) for i in range(10)], SCORE),
    "forced-play": ([result(i, **DRY) for i in range(10)], SCORE),
    "forced-loss": ([result(i, **DRY) for i in range(10)], SCORE),
    "score-collapse": ([result(i, (12, 0, 3)) for i in range(10)], SCORE),
    "too-long": ([result(i, rounds=20) for i in range(10)], SCORE),
    "too-short": ([result(i, rounds=2) for i in range(10)], SCORE),
    "unused-mechanic": ([result(i, decisions=40, offered=("extra",)) for i in range(10)], SCORE),
    "unreachable-seat": ([result(i, no_band=(1,)) for i in range(10)], SCORE),
    "shared-wins": ([result(i, (8, 8), (0, 1)) for i in range(10)], SCORE),
    "nobody-escapes": ([volcano(i, (1, 1, 0)) for i in range(19)] + [volcano(19, (0, 0, 0))], ROUNDS),
    "escape-fails": ([volcano(i, (1, 1, 0)) for i in range(20)], ROUNDS),
    "heavy-penalty": ([result(i, (0, 5), (1,), rounds=9, code="bands-exhausted", mechanics=PENALTY) for i in range(10)],
                      Expectations(("bands-exhausted",), (9, 20))),
    "mechanic-unused": ([sites(i, (0, 0, 0)) for i in range(10)], ROUNDS),
    "mechanic-rare": ([sites(i, (1, 0, 0)) for i in range(4)] + [sites(4 + i, (0, 0, 0)) for i in range(16)], ROUNDS),
    "loot-hoarded": ([result(i, (5, 4), rounds=16, code="last-turn", mechanics=LOOT) for i in range(10)],
                     Expectations(("last-turn",), (12, 22))),
}


def plain(markup: str) -> str:
    """Rich text or HTML as the words it shows."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


@pytest.fixture(scope="module")
def dashboard(qapp):
    d = BalanceDashboard(load_setup(bundled_path("scenarios", "jungle-temples.yaml"), 2), scenario_text="t")
    yield d
    d.deleteLater()


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_warning_kind_is_in_the_text_json_html_and_the_dashboard(dashboard, code):
    games, expect = CASES[code]
    s = summarize(games, (), expect)
    found = [i for i, b in enumerate(s.blame) if b.code == code]
    assert found, f"{code} not raised: {[b.code for b in s.blame]}"
    warning = s.warnings[found[0]]
    assert f"  - {warning}" in format_summary(s).splitlines()
    data = json.loads(json.dumps(s.to_dict()))
    assert data["warnings"][found[0]] == warning and data["blame"][found[0]]["code"] == code
    words = " ".join(warning.split())
    assert words in plain(html_report(s, "t", {}))
    dashboard.summary = s
    dashboard._show_summary()
    assert words in plain(dashboard.warnings_label.text())
    # and what to try, the same words in every output
    advice = " ".join(s.blame[found[0]].advice.split())
    assert advice, f"{code} has no advice"
    assert f"try: {advice}" in plain(format_summary(s)) and data["blame"][found[0]]["advice"] == s.blame[found[0]].advice
    assert advice in plain(html_report(s, "t", {}))
    assert f"try: {advice}" in plain(dashboard.warnings_label.text())
