"""The balance assistant on Rivages: island edits that validate, locks, a solo challenge card that
is never won (its need comes down and it is won on fresh seeds), ``studio balance`` on an island
file end to end, and bad input (tiny budgets, 1 job)."""

from __future__ import annotations

import copy
import json
import shutil
from dataclasses import replace

import pytest

from studio.balance.edits import EditError, Locks
from studio.balance.island_edits import (
    RivagesDiagnosis,
    apply_island_edits,
    island_candidates,
    parse_island_locks,
    valid_island_edits,
)
from studio.balance.rivages import RivagesObjective, RivagesRecord, balance_rivages, load_target
from studio.content import bundled_path
from studio.model.rivages import STRONGHOLD
from studio.validate.rivages import rivages_findings

GULL = str(bundled_path("boards", "rivages", "islands", "gull-rock.yaml"))


@pytest.fixture(scope="module")
def gull():
    return load_target(GULL, 1)


def _weak_quest(target):
    return RivagesDiagnosis(goals={("gull-rock", 0, 0): 0.0, ("gull-rock", 1, 0): 0.5, ("gull-rock", 2, 0): 0.5})


def test_a_goal_never_met_gets_edits_aimed_at_it_and_every_kept_edit_validates(gull):
    draft = gull.draft()
    terrains = gull.setup.scenario.terrain_names()
    edits = island_candidates(draft, gull.islands, terrains, _weak_quest(gull), limit=40)
    kinds = {e.kind for e in edits}
    assert {"rewards", "strongholds"} <= kinds
    reward = next(e for e in edits if e.kind == "rewards")
    assert reward.args[:3] == ("gull-rock", 0, 0)                 # the quest's step 1...
    after = apply_island_edits(draft, [reward]).islands["gull-rock"]
    before = draft.islands["gull-rock"]
    assert after.quest.steps[0].reward.scrolls == before.quest.steps[0].reward.scrolls + 1   # ...one scroll more
    assert before.quest.steps[0].reward.scrolls == 1              # the original island is untouched
    kept = valid_island_edits(draft, edits, terrains)
    assert kept
    base = {(f.code, f.element) for f in rivages_findings(before, terrains)}
    for e, new in kept:
        island = new.islands["gull-rock"]
        found = rivages_findings(island, terrains)
        assert not [f for f in found if f.severity == "error"], e.text
        assert {(f.code, f.element) for f in found} <= base, e.text
        if e.kind == "strongholds":                               # a move keeps the island's strongholds
            assert sum(s.kind == STRONGHOLD for s in island.spaces) == sum(s.kind == STRONGHOLD for s in before.spaces)
            assert len(island.spaces) == len(before.spaces)


def test_an_edit_that_breaks_the_island_is_dropped(gull):
    from studio.balance.edits import Edit

    draft = gull.draft()
    terrains = gull.setup.scenario.terrain_names()
    # walling a ship in with strongholds: the ships no longer reach each other (rivages/ship-unreachable)
    island = draft.islands["gull-rock"]
    ship = island.ships()[1]
    around = [s.at for s in island.spaces if s.kind in terrains and max(abs(s.at[0] - ship[0]), abs(s.at[1] - ship[1]),
                                                                        abs(s.at[0] + s.at[1] - ship[0] - ship[1])) == 1]
    wall = Edit("strongholds", "multi", tuple(("kind", ("gull-rock", at, STRONGHOLD)) for at in around), (), "wall")
    assert around and valid_island_edits(draft, [wall], terrains) == []


def test_locks_hold_and_bad_locks_say_what_is_wrong(gull):
    islands = {"gull-rock": gull.setup.content.islands[0]}
    locks = parse_island_locks(["rewards", "goal:quest,space:gull-rock:2,-1"], islands, "gull-rock")
    assert locks.kinds == {"rewards"}
    assert ("goal", "gull-rock:quest") in locks.elements and ("space", "gull-rock:2,-1") in locks.elements
    edits = island_candidates(gull.draft(), gull.islands, gull.setup.scenario.terrain_names(), _weak_quest(gull),
                              locks=locks, limit=40)
    assert edits and not any(e.kind == "rewards" for e in edits)
    assert not any(("space", "gull-rock:2,-1") in e.touches for e in edits)
    for bad, words in (("peg:c3", "Rule the Realm lock"), ("treasure", "Rule the Realm lock"),
                       ("space:gull-rock:9,9", "no space [9, 9]"), ("island:nowhere", "no island nowhere"),
                       ("goal:gull-rock:side-quest", "quest, mission-1 or mission-2"), ("space:1", "Q,R")):
        with pytest.raises(EditError, match=words.replace("[", r"\[").replace("]", r"\]")):
            parse_island_locks([bad], islands, "gull-rock")


@pytest.mark.rule("RIV-X6")
def test_goals_and_solo_parts_of_the_objective_on_known_records():
    def rec(seed, taken=(), card=None, won=False):
        return RivagesRecord(seed, (1.0 if won else 0.0,), (20,), False, False, False, 0, frozenset(taken), 0,
                             ((card, card),) if card else (), won)

    obj = RivagesObjective({"goals": 1.0, "solo": 1.0}, 0, goal_keys=frozenset({"goal i quest 1"}))
    # the island visited in 4 games, its quest met in none: goals 1; met in 1 of 4 (25% >= 10%): 0
    never = [rec(s, {"island i"}) for s in range(4)]
    assert obj.score(never).parts["goals"] == 1.0
    assert obj.score(never[:3] + [rec(3, {"island i", "goal i quest 1"})]).parts["goals"] == 0.0
    # card a won 0 of 2 (0.15 below the range), card b won 1 of 2 (50%: inside): RMS sqrt(0.15^2 / 2)
    games = [rec(0, card="a"), rec(1, card="a"), rec(2, card="b", won=True), rec(3, card="b")]
    s = obj.score(games)
    assert s.parts["solo"] == pytest.approx((0.15 ** 2 / 2) ** 0.5)
    assert s.challenges == (("a", "a", 2, 0), ("b", "b", 2, 1))


@pytest.mark.rule("RIV-X6")
def test_a_solo_challenge_never_won_gets_a_lower_need_and_is_won_on_fresh_seeds():
    target = load_target(str(bundled_path("scenarios", "rivages-solo.yaml")), 1)
    content = copy.copy(target.setup.content)
    # every game draws Navigator (visit islands), asking for 8: the bots never visit that many
    content.scenario = replace(content.scenario, solo=replace(content.scenario.solo, challenges=("navigator",)))
    content.solo_cards = replace(content.solo_cards, challenges=[
        replace(c, need=8) if c.id == "navigator" else c for c in content.solo_cards.challenges])
    target.setup.content = content
    result = balance_rivages(target, budget=60, seed=3, steps=1, candidates=3, allow_rules=True,
                             locks=Locks(frozenset({"icons", "terrains", "strongholds", "rewards"})),
                             verify_games=30, top=1)
    best = result.proposals[0]
    (edit,) = best.edits
    assert edit.op == "solo-need" and edit.args[0] == "navigator" and edit.args[1] < 8
    v = best.verified
    before = {c: (g, w) for c, _n, g, w in v.before.challenges}
    after = {c: (g, w) for c, _n, g, w in v.after.challenges}
    assert before["navigator"] == (30, 0) and after["navigator"][1] > 0
    assert v.change < 0


def test_studio_balance_on_an_island_file_saves_an_island_that_validates(tmp_path, capsys):
    from studio.cli import main
    from studio.validate import validate

    island = tmp_path / "gull-rock.yaml"
    shutil.copy(GULL, island)
    out = tmp_path / "out"
    status = main(["balance", str(island), "-p", "1", "-n", "24", "--steps", "1", "--candidates", "3",
                   "--verify-games", "8", "--top", "1", "--seed", "2", "--weights", "goals=2,content=1", "-o", str(out)])
    text = capsys.readouterr().out
    assert status == 0
    assert "Rivages, advanced solo with Gull Rock, 1 player (island gull-rock)" in text
    summary = json.loads((out / "balance.json").read_text())
    assert summary["game"] == "rivages" and summary["islands"] == ["gull-rock"]
    assert validate(str(out / "balance.json")) == []
    for p in summary["proposals"]:
        assert p["edits"] and all(e["kind"] in ("icons", "terrains", "strongholds", "rewards") for e in p["edits"])
        for name in p["files"]:
            assert not [f for f in validate(str(out / name)) if f.severity == "error"], name


def test_studio_balance_says_the_shared_pile_keeps_seats_shares_out_of_reach(tmp_path, capsys):
    from studio.cli import main

    island = tmp_path / "gull-rock.yaml"
    shutil.copy(GULL, island)
    assert main(["balance", str(island), "-p", "2", "-n", "4", "--steps", "1", "--candidates", "1",
                 "--verify-games", "0", "-o", str(tmp_path / "o")]) == 0
    text = capsys.readouterr().out
    assert "cannot move one seat's share" in text and "fair and score weigh 0" in text


@pytest.mark.parametrize("args, words", [
    (["--lock", "peg:c3"], "gull-rock.yaml: --lock peg:c3: that is a Rule the Realm lock"),
    (["--lock", "space:gull-rock:7,7"], "gull-rock.yaml: --lock space:gull-rock:7,7: island gull-rock has no space [7, 7]"),
    (["--weights", "luck=1"], "--weights 'luck=1': expected PART=NUMBER with PART one of fair, score"),
    (["-p", "6"], "must be 1 to 5 (Rule the Realm is played by 2 to 4, Rivages by 1 to 5), got 6"),
])
def test_bad_input_on_an_island_is_one_clear_line(tmp_path, capsys, args, words):
    from studio.cli import main

    island = tmp_path / "gull-rock.yaml"
    shutil.copy(GULL, island)
    status = main(["balance", str(island), "-n", "4", "-o", str(tmp_path / "o"), *args])
    err = capsys.readouterr().err
    assert status == 2 and words in err and "Traceback" not in err
    assert not (tmp_path / "o").exists()


def test_a_missing_file_and_an_island_with_errors_are_refused(tmp_path, capsys):
    from studio.cli import main

    assert main(["balance", str(tmp_path / "nowhere.yaml"), "-o", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert "nowhere.yaml" in err and "Traceback" not in err
    broken = tmp_path / "one-ship.yaml"
    broken.write_text(open(GULL, encoding="utf-8").read().replace("- {at: [-2, 0], kind: ship}",
                                                                  "- {at: [-2, 0], kind: dune}"), encoding="utf-8")
    assert main(["balance", str(broken), "-n", "4", "-o", str(tmp_path / "o")]) == 1
    err = capsys.readouterr().err
    assert "rivages/ship-count" in err and "one-ship.yaml" in err and "Traceback" not in err
    assert not (tmp_path / "o").exists()


def test_a_solo_proposal_inside_the_project_saves_a_scenario_that_loads_and_validates(tmp_path, capsys):
    from studio.cli import main
    from studio.model.rivages import read_rivages
    from studio.validate import validate

    # a content root of its own: the scenario proposal may name the original files from there
    shutil.copytree(bundled_path("boards", "rivages"), tmp_path / "boards" / "rivages")
    # a card too easy, so that there is something to propose: 3 Loot is met in nearly every game,
    # so the card is won whenever the scroll target is (over 60% of games, the bar's top)
    solo = tmp_path / "boards" / "rivages" / "solo.yaml"
    text = solo.read_text()
    assert "kind: loot, need: 6}" in text
    solo.write_text(text.replace("kind: loot, need: 6}", "kind: loot, need: 3}"))
    (tmp_path / "scenarios").mkdir()
    scenario = tmp_path / "scenarios" / "rivages-solo.yaml"
    shutil.copy(bundled_path("scenarios", "rivages-solo.yaml"), scenario)
    out = tmp_path / "out"
    status = main(["balance", str(scenario), "-n", "40", "--steps", "1", "--candidates", "2", "--verify-games", "0",
                   "--top", "1", "--seed", "1", "--allow-rules", "--lock", "icons,terrains,strongholds,rewards",
                   "-o", str(out)])
    text = capsys.readouterr().out
    assert status == 0 and "not verified on fresh seeds" in text
    summary = json.loads((out / "balance.json").read_text())
    (proposal,) = summary["proposals"]
    assert all(e["kind"] == "rules" for e in proposal["edits"])
    assert proposal["scenario_file"] in proposal["files"] and "solo-cards-proposal-1.yaml" in proposal["files"]
    for name in proposal["files"]:
        assert [f for f in validate(str(out / name)) if f.severity == "error"] == [], name
    content = read_rivages(out / proposal["scenario_file"])
    original = read_rivages(scenario)
    assert len(content.islands) == len(original.islands)
    assert content.solo_cards != original.solo_cards      # the proposal's challenge needs, played from there
