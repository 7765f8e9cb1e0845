"""The text report names each warning's culprits (issue 14, item 7): under every warning that
blames something, a ``blames:`` line with the same seats, element ids, mechanic and clause as
the JSON ``blame``, in plain words, for Rule the Realm and Rivages."""

from __future__ import annotations

import re

from studio.playtest import summarize
from studio.playtest.insight import Expectations
from studio.playtest.report import blame_text, format_summary
from studio.playtest.setup import load_setup
from studio.playtest.stats import Blame
from tests.test_playtest_blame import LABYRINTH, labyrinth_games
from tests.test_playtest_island import CAT, GAMES


def warning_lines(text: str, advice: bool = False) -> list[str]:
    """The lines under ``warnings:``; without the ``try:`` lines unless ``advice``."""
    lines = text[text.index("warnings:"):].splitlines()[1:]
    return lines if advice else [line for line in lines if not line.startswith("    try: ")]


def test_the_text_report_lists_what_each_labyrinth_warning_blames():
    setup = load_setup(LABYRINTH, 2)
    cat, games = labyrinth_games(setup)
    s = summarize(games, cat, Expectations.of_scenario(setup.scenario, 2))
    blames = [line for line in warning_lines(format_summary(s)) if line.startswith("    blames: ")]
    assert blames == [
        "    blames: seats 1 (South), 2 (North); pegs h4, h5, h6, a7, a6, a5",
        "    blames: pegs a1, b2; mechanic points lost to self-crossings (L8-6)",
        "    blames: lines a1-b1; mechanic artifact sets scored (L8-9)",
        "    blames: seat 2 (North); pegs a7, a6, a5",
        "    blames: lines a1-b1",
    ]
    lines = warning_lines(format_summary(s))
    # each blames line follows its own warning; a warning about the whole batch has none
    assert lines[0].startswith("  - 24 games are too few") and lines[1].startswith("  - the seats are uneven")
    assert lines[2] == blames[0] and lines[3].startswith("  - the self-crossing penalty (L8-6)")
    # every warning ends with its advice, the same as the JSON's
    full = warning_lines(format_summary(s), advice=True)
    tries = [line for line in full if line.startswith("    try: ")]
    assert tries == [f"    try: {b.advice}" for b in s.blame] and len(tries) == len(s.warnings)
    assert full[full.index(lines[2]) + 1] == f"    try: {s.blame[1].advice}"
    # the same data as the JSON blame, warning by warning
    for i, b in enumerate(s.blame):
        text = blame_text(s, i)
        assert all(k.split(" ", 1)[1] in text for k in b.elements)
        assert all(f"{k + 1} (" in text for k in b.seats)
        assert (b.clause in text) if b.clause else True


def test_the_rivages_text_report_names_hexes_bridges_goal_steps_and_trees_by_island():
    s = summarize(GAMES * 8, CAT)
    lines = warning_lines(format_summary(s))
    assert lines[-2] == "  - 3 of 3 goal steps never completed in 24 games: Isle: quest, Isle: quest 2, Isle: mission 1"
    assert lines[-1] == "    blames: goal steps quest step 1, quest step 2, mission 1 step 1 of island isle"
    assert lines[2] == "    blames: seats 1 (A), 2 (B)"
    blamed = s.__class__(**{**s.__dict__, "warnings": ["w"], "blame": [Blame(
        "never-taken", "content", (1,),
        ("space isle 3,0", "space isle -1,2", "bridge isle 0,0-2,-1", "island rock", "tree t1 a3", "goal rock quest 1"),
        "islands", "RIV-I1")]})
    assert blame_text(blamed, 0) == ("seat 2 (B); hexes (3,0), (-1,2) of island isle; bridges (0,0)-(2,-1) of island isle; "
                                     "islands rock; tree spaces a3 of tree t1; goal steps quest step 1 of island rock; "
                                     "mechanic islands visited (RIV-I1)")
    assert blame_text(blamed, 5) == ""


def test_the_rivages_html_maps_outline_the_hexes_and_bridges_a_warning_blames():
    from studio.playtest.report import html_report

    s = summarize(GAMES * 8, CAT)
    blamed = s.__class__(**{**s.__dict__, "warnings": ["hexes", "a goal"], "blame": [
        Blame("never-taken", "content", (), ("space isle 2,0", "space isle 3,0", "bridge isle 0,0-2,0"), "", ""),
        Blame("never-taken", "content", (), ("goal isle quest 1",), "", "")]})
    page = html_report(blamed, "t", {}, CAT)
    # the warning on the island's hexes links to its outlines; the goal step has no place on the map
    assert '<a href="#blame-0" class="blame">on the map (3 elements)</a>' in page
    assert 'href="#blame-1" class="blame"' not in page
    assert page.count('class="b b0"') == 3  # two hexes and the bridge
    assert len(re.findall(r'<polygon class="b b0" points="[^"]+"/>', page)) == 2
    assert re.search(r'<line class="b b0" x1="[\d.]+" y1="[\d.]+" x2="[\d.]+" y2="[\d.]+"/>', page)
    assert '<span id="blame-0" class="anchor"></span>' in page and "#blame-0:target~.map .b0{display:inline}" in page
    assert "Outlined in blue: what warning 1 blames (3 elements)" in page
