"""Two-step goals save (issue 11, item 3): any goal structure the editor can make on any bundled
island either saves and reloads equal, or is refused with a plain lint sentence before anything
is written. Once a one-step quest refused to save when it got a second step (the reloaded island
had ``quest_steps=True``: how the file was written took part in equality)."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studio.content import bundled_path
from studio.model import io
from studio.model.rivages import WHITE, Effect, Goal, GoalStep, Island, RivagesScenario, folder_files, read_as
from studio.validate.rivages import UNSAVABLE_CODES, rivages_findings

ISLANDS = {p.name: read_as(p, Island) for p in folder_files(bundled_path("boards", "rivages", "islands"))}
TERRAINS = ["forest", "dune", "cliff", "lagoon"]


def reload(path) -> Island:
    return read_as(path, Island)


@st.composite
def rewards(draw, allow_empty=False):
    fields = {k: draw(st.integers(0 if allow_empty else 0, 3)) for k in ("scrolls", "loot", "statue", "any", "leap")}
    area = draw(st.sampled_from([None, None, "all"] + TERRAINS))
    effect = Effect(**fields, area=area)
    if not allow_empty and not effect.to_data():
        effect = Effect(scrolls=1)
    return effect


@st.composite
def quest_steps(draw, isl: Island, allow_empty=False):
    kind = draw(st.sampled_from(["fort", "spaces", "pattern"]))
    reward = draw(rewards(allow_empty))
    if kind == "fort":
        forts = isl.forts or [(0, 0)]
        return GoalStep("fort", reward, fort=draw(st.sampled_from(forts)))
    if kind == "spaces":
        hexes = [s.at for s in isl.spaces]
        low = 0 if allow_empty else 1
        return GoalStep("spaces", reward, spaces=tuple(draw(st.lists(st.sampled_from(hexes), min_size=low,
                                                                     max_size=5, unique=True))))
    pattern = draw(st.lists(st.sampled_from(TERRAINS + [WHITE]), min_size=2, max_size=6))
    return GoalStep("pattern", reward, pattern=tuple(pattern))


@st.composite
def mission_steps(draw, allow_empty=False):
    return GoalStep("areas", draw(rewards(allow_empty)), terrain=draw(st.sampled_from(TERRAINS)),
                    count=draw(st.integers(1, 2)))


@st.composite
def goal_edits(draw, allow_empty=False):
    """(island name, edited island): the quest and missions of a bundled island replaced by
    random structures of one or two steps, the island's written form left as read."""
    name = draw(st.sampled_from(sorted(ISLANDS)))
    isl = copy.deepcopy(ISLANDS[name])
    isl.quest = Goal(draw(st.lists(quest_steps(isl, allow_empty), min_size=1, max_size=2)))
    isl.missions = [Goal(draw(st.lists(mission_steps(allow_empty), min_size=1, max_size=2))) for _ in range(2)]
    return name, isl


@pytest.mark.rule("RIV-G6")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(goal_edits())
def test_any_goal_structure_saves_and_reloads_equal(tmp_path, edit):
    name, isl = edit
    path = tmp_path / name
    io.write(isl, path)
    again = reload(path)
    assert again == isl
    assert again.to_data() == isl.to_data()
    # and saving the reloaded island again writes the same file: the form is stable
    first = path.read_text(encoding="utf-8")
    io.write(again, path)
    assert path.read_text(encoding="utf-8") == first


@pytest.mark.rule("RIV-G6")
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_successive_step_counts_save_each_time(tmp_path, data):
    """1 -> 2 -> 1 -> 2 steps (quest or a mission), saved after each change, always equal."""
    name = data.draw(st.sampled_from(sorted(ISLANDS)))
    isl = copy.deepcopy(ISLANDS[name])
    path = tmp_path / name
    for _ in range(data.draw(st.integers(2, 4))):
        goal = data.draw(st.sampled_from(["quest", 0, 1]))
        steps = isl.quest.steps if goal == "quest" else isl.missions[goal].steps
        if len(steps) == 2:
            del steps[1]
        else:
            steps.append(data.draw(quest_steps(isl) if goal == "quest" else mission_steps()))
        io.write(isl, path)
        assert reload(path) == isl


def test_the_reported_case_one_step_quest_gains_a_step(tmp_path):
    isl = copy.deepcopy(ISLANDS["amber-shoals.yaml"])
    assert len(isl.quest.steps) == 1 and not isl.quest_steps
    isl.quest.steps.append(GoalStep("spaces", Effect(scrolls=2), spaces=(isl.spaces[3].at,)))
    io.write(isl, tmp_path / "a.yaml")
    again = reload(tmp_path / "a.yaml")
    assert again.quest_steps and again == isl and len(again.quest.steps) == 2


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(goal_edits(allow_empty=True))
def test_a_structure_the_format_cannot_hold_is_refused_in_words(tmp_path, edit):
    """Empty rewards and given-spaces steps with no space: a lint error the editor names,
    never a schema union message or a round-trip refusal."""
    _name, isl = edit
    unsavable = [f for f in rivages_findings(isl) if f.code in UNSAVABLE_CODES]
    path = tmp_path / "x.yaml"
    path.unlink(missing_ok=True)  # tmp_path is shared by the examples
    if not unsavable:
        io.write(isl, path)
        assert reload(path) == isl
        return
    for f in unsavable:
        assert f.severity == "error" and f.element and f.element[0] == "goal"
    with pytest.raises(io.InvalidContent) as caught:
        io.write(isl, path)
    assert all(f.code != "content/round-trip" for f in caught.value.findings)
    assert not path.exists()


def test_empty_reward_is_a_plain_error():
    isl = copy.deepcopy(ISLANDS["amber-shoals.yaml"])
    isl.missions[1].steps.append(GoalStep("areas", Effect(), terrain="forest", count=1))
    (f,) = [f for f in rivages_findings(isl) if f.code == "rivages/reward-empty"]
    assert f.message == ("mission 2 step 2 has no reward: give it scrolls, loot, a statue, a cross or an area")
    assert f.element == ("goal", "mission 2")


def test_form_hints_take_no_part_in_equality():
    """How a file was written (``steps:`` for a one-step quest, terrains listed) is not content."""
    isl = copy.deepcopy(ISLANDS["amber-shoals.yaml"])
    other = copy.deepcopy(isl)
    other.quest_steps = not isl.quest_steps
    assert other == isl
    sc = RivagesScenario("s", "S", "islands/", "trees/", "cards.yaml", "loot.yaml")
    assert sc == RivagesScenario("s", "S", "islands/", "trees/", "cards.yaml", "loot.yaml", terrains_given=True)


def test_a_step_keeps_only_the_fields_of_its_kind():
    step = GoalStep("areas", Effect(scrolls=1), fort=(1, 1), spaces=((0, 0),), pattern=("forest",),
                    terrain="cliff", count=1)
    assert step == GoalStep.from_data(step.to_data())
    assert GoalStep("fort", Effect(scrolls=1), fort=[2, 3]).fort == (2, 3)


def test_a_round_trip_refusal_says_where_the_content_differs(tmp_path, monkeypatch):
    isl = copy.deepcopy(ISLANDS["amber-shoals.yaml"])
    # a writer that loses a field: the refusal names it (written whole, origin=None: patching
    # the bundled file would keep the name line the model no longer writes)
    monkeypatch.setattr(Island, "to_data", lambda self, _orig=Island.to_data: {
        k: v for k, v in _orig(self).items() if k != "name"})
    with pytest.raises(io.InvalidContent) as caught:
        io.write(isl, tmp_path / "x.yaml", origin=None)
    (f,) = caught.value.findings
    assert f.code == "content/round-trip"
    assert f.message.endswith(f"name is {isl.name!r} here, None after reloading")
