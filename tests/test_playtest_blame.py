"""Warnings a designer can act on (issue 14, item 7): each warning says what it blames (seats,
board elements, the mechanic and the report section), in the summary, the JSON and the HTML
report, whose map draws the editor's heat scale and labels, every peg's id, and outlines a
warning's culprits when its link is followed."""

from __future__ import annotations

import json
import re

from studio.content import bundled_path
from studio.playtest import catalogue, summarize
from studio.playtest.elements import seat_pegs
from studio.playtest.heat import PEG_ID_BELOW, heat_hex, heat_labels, peg_id_at
from studio.playtest.insight import Expectations
from studio.playtest.report import html_report
from studio.playtest.runner import GameResult
from studio.playtest.setup import load_setup

LABYRINTH = bundled_path("scenarios", "labyrinth.yaml")
ENGRAVED = bundled_path("scenarios", "engraved-board.yaml")


def labyrinth_games(setup, n=24, wins=(0, 1)):
    """Synthetic 2-player Labyrinth results: seat 1 wins ``wins[0]`` in every game it is given,
    chains cross themselves on peg a1 (forced) and b2, and one line item is never taken."""
    cat = catalogue(setup.game())
    lines = [e.key for e in cat if e.kind == "line"]
    out = []
    for i in range(n):
        winner = 0 if i % 6 else 1  # seat 1 wins 5 games in 6: uneven
        out.append(GameResult(
            seed=i, scores=(8, 0) if winner == 0 else (0, 8), winners=(winner,), rounds=12, actions=70,
            end_reason="-", bands_used=(17, 17), seat_names=("South", "North"), bots=("greedy", "greedy"),
            elements=tuple((k, 0) for k in lines[1:]), end_code="bands-exhausted",
            mechanics=({"self_crossings": 3, "self_crossings_forced": 2, "self_cross_loss": 10, "artifacts": 1,
                        "artifact_sets": 0},) * 2,
            places=(("self_crossings", "peg a1"), ("self_crossings_forced", "peg a1"), ("self_crossings", "peg a1"),
                    ("self_crossings", "peg b2"))))
    return cat, out


def test_each_warning_blames_its_seats_elements_mechanic_and_section():
    setup = load_setup(LABYRINTH, 2)
    cat, games = labyrinth_games(setup)
    s = summarize(games, cat, Expectations.of_scenario(setup.scenario, 2))
    assert len(s.blame) == len(s.warnings)
    by = {b.code: (b, w) for b, w in zip(s.blame, s.warnings)}
    # one joint seats test: with two seats both stand out (one above, one below the fair share);
    # their start pegs are blamed
    uneven, text = by["uneven-seats"]
    assert uneven.seats == (0, 1) and uneven.section == "seats" and "seat 1 (South) wins 83%" in text
    starts = seat_pegs(cat)
    assert len(starts[0]) == len(starts[1]) == 3 and set(uneven.elements) == set(starts[0]) | set(starts[1])
    # the self-crossing penalty names its rule and the pegs where chains crossed, most first
    penalty, _ = by["heavy-penalty"]
    assert (penalty.mechanic, penalty.clause) == ("self_cross_loss", "L8-6")
    assert penalty.section == "mechanic-self_cross_loss"
    assert penalty.elements == ("peg a1", "peg b2")
    assert s.insight.places["self_crossings"] == {"peg a1": 48, "peg b2": 24}
    # content never taken: every element of it, not only the five the sentence names
    never, text = by["never-taken"]
    assert never.elements == (next(e.key for e in cat if e.kind == "line"),) and never.section == "content"
    assert by["too-few-games"][0].section == "seats" and by["too-few-games"][0].elements == ()


def test_the_json_carries_the_blame_and_the_places():
    setup = load_setup(LABYRINTH, 2)
    cat, games = labyrinth_games(setup)
    data = json.loads(json.dumps(summarize(games, cat).to_dict()))
    assert [b["code"] for b in data["blame"]][:2] == ["too-few-games", "uneven-seats"]
    assert all(set(b) == {"code", "section", "seats", "elements", "mechanic", "clause", "advice"} for b in data["blame"])
    assert all(b["advice"] for b in data["blame"])  # every warning says what to try
    assert GameResult.from_dict(json.loads(json.dumps(games[0].to_dict()))).places == games[0].places
    finding = next(f for f in data["insight"]["findings"] if f["code"] == "heavy-penalty")
    assert finding["elements"] == ["peg a1", "peg b2"]


def test_the_html_map_outlines_a_warnings_culprits_from_its_link():
    setup = load_setup(LABYRINTH, 2)
    cat, games = labyrinth_games(setup)
    s = summarize(games, cat, Expectations.of_scenario(setup.scenario, 2))
    page = html_report(s, "t", {}, cat)
    # the Labyrinth's segments hold nothing: no empty "Segments with content" section; line items shown
    assert "<h3>Segments with content</h3>" not in page and "<h3>Line items</h3><table>" in page
    # peg ids keep a white halo, readable on dark segments
    assert "svg text.pegid{fill:#4a3f32;font-weight:normal;stroke:#fff;stroke-width:2.5px;paint-order:stroke}" in page
    i = next(k for k, b in enumerate(s.blame) if b.code == "heavy-penalty")
    assert f'<a href="#blame-{i}" class="blame">on the map (2 elements)</a>' in page
    assert '<a href="#mechanic-self_cross_loss">(L8-6: the figures)</a>' in page
    assert 'id="mechanic-self_cross_loss"' in page
    assert f'<span id="blame-{i}" class="anchor"></span>' in page
    assert f"#blame-{i}:target~.map .b{i}{{display:inline}}" in page
    # peg a1 is outlined for this warning, peg b2 too, and a peg it does not blame is not
    outlines = re.findall(r'<circle class="b ([^"]*)" cx="([\d.]+)" cy="([\d.]+)"', page)
    blamed_here = [o for o in outlines if f"b{i}" in o[0].split()]
    assert len(blamed_here) == 2
    # the sections a warning links to exist
    for target in set(re.findall(r'href="#([\w-]+)"', page)):
        assert f'id="{target}"' in page, target
    j = next(k for k, b in enumerate(s.blame) if b.code == "never-taken")
    line = next(e for e in cat if e.kind == "line")
    assert re.search(rf'<line class="b [^"]*\bb{j}\b[^"]*"', page) and line.label in page


def test_the_map_shows_peg_ids_the_heat_scale_and_the_editors_labels():
    setup = load_setup(ENGRAVED, 2)
    cat = catalogue(setup.game())
    pictures = [e for e in cat if e.kind == "picture"]
    segment = next(e for e in cat if e.kind == "segment" and "picture " + pictures[0].key.split(" ", 1)[1] in e.content)
    taken = ((segment.key, 0), (pictures[0].key, -1))
    games = [GameResult(seed=i, scores=(5, 3), winners=(0,), rounds=8, actions=40, end_reason="-",
                        bands_used=(5, 5), seat_names=("a", "b"), bots=("greedy",) * 2,
                        elements=taken if i % 2 else (), end_code="pictures") for i in range(20)]
    s = summarize(games, cat)
    page = html_report(s, "t", {}, cat)
    pegs = [e for e in cat if e.kind == "peg"]
    assert len(re.findall(r'class="pegid"', page)) == len(pegs)
    assert f">{pegs[0].label}</text>" in page
    assert f'fill="{heat_hex(0.5)}"' in page                      # the segment taken in half the games
    labels = heat_labels(cat, s.elements)
    assert f"{pictures[0].key.split(' ', 1)[1]} 50%" in [x.text for x in labels]
    for x in labels:                                             # the editor's labels, the same texts
        assert x.text in page
    assert 'fill="url(#never)"' in page                          # content never taken: hatched
    assert peg_id_at(1.0, 2.0) == (1.0, 2.0 + PEG_ID_BELOW)


def test_heat_scale_ends_and_middle():
    assert heat_hex(0) == "#fff1a8" and heat_hex(1) == "#b01e18" and heat_hex(2) == heat_hex(1)
    assert heat_hex(0.5) == "#d88860"
