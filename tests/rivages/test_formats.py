"""Rivages file formats: schemas, models and their round trips through the one safe loader."""

from pathlib import Path

import pytest

from studio.content import LoadError, dump_yaml, parse_yaml
from studio.content.schemas import known_formats, schema_findings
from studio.model import io
from studio.model.rivages import (
    DEFAULT_TERRAINS,
    CardSet,
    Effect,
    Island,
    LootSet,
    RivagesScenario,
    Tree,
    read_as,
    read_rivages,
)

DATA = Path(__file__).resolve().parent.parent / "data" / "rivages"
VALID = DATA / "valid"
VALID_FILES = sorted(VALID.rglob("*.yaml"))


def test_every_rivages_format_has_a_schema():
    assert {"rivages-island/1", "rivages-tree/1", "rivages-cards/1", "rivages-loot/1",
            "rivages-scenario/1"} <= set(known_formats())


@pytest.mark.parametrize("path", VALID_FILES, ids=[p.name for p in VALID_FILES])
def test_valid_files_load_and_round_trip(path, tmp_path):
    obj = io.read(path)
    data = obj.to_data()
    again = type(obj).from_data(data)
    assert again == obj
    assert again.to_data() == data
    # text round trip through the house dumper and the safe loader
    text = dump_yaml(data)
    assert io.model_from_document(parse_yaml(text, "x.yaml")) == obj
    target = tmp_path / path.name
    io.write(obj, target)
    assert io.read(target) == obj


def test_island_model_fields():
    island = io.read(VALID / "islands" / "tiny-a.yaml")
    assert isinstance(island, Island)
    assert island.ships() == [(0, 0), (2, 2)]
    assert island.space_at()[(3, 0)].icon == Effect(statue=1)
    assert island.bridges == [((4, 0), (2, 2))]
    assert [s.kind for s in island.quest.steps] == ["spaces"]
    assert island.quest.steps[0].spaces == ((3, 0), (4, 0))
    assert [len(m.steps) for m in island.missions] == [1, 2]
    assert island.missions[1].steps[1].terrain == "cliff"
    assert [name for name, _ in island.goals()] == ["quest", "mission 1", "mission 2"]
    stepped = io.read(VALID / "islands" / "tiny-c.yaml")
    assert stepped.quest_steps and [s.kind for s in stepped.quest.steps] == ["pattern", "spaces"]
    assert stepped.to_data()["goals"]["quest"]["steps"][0] == {"pattern": ["forest", "white", "cliff"],
                                                              "reward": {"scrolls": 2}}


def test_tree_cards_loot_models():
    tree = io.read(VALID / "trees" / "sapling.yaml")
    assert isinstance(tree, Tree) and tree.sides["B"].start == "b1"
    assert tree.sides["B"].neighbours()["b1"] == ["b2", "b3"]
    cards = io.read(VALID / "cards.yaml")
    assert isinstance(cards, CardSet)
    assert len(cards.for_players(2)) == 6 and len(cards.for_players(3)) == 9
    assert cards.endgame[0].endgame and cards.endgame[0].rows == (("any", "any", "any"),)
    loot = io.read(VALID / "loot.yaml")
    assert isinstance(loot, LootSet) and loot.total() == 5
    assert loot.tokens[2].effect == Effect(leap=1)


def test_scenario_defaults_and_bundle():
    sc = io.read(VALID / "scenario.yaml")
    assert isinstance(sc, RivagesScenario)
    assert sc.terrain_names() == ["forest", "dune", "cliff", "lagoon"]
    assert sc.great_explorer[2] == (3, 0) and sc.great_explorer[5] == (4, 2)  # 5 from the defaults
    assert sc.solo.mode == "advanced" and sc.solo.challenges == 2
    bundle = read_rivages(VALID / "scenario.yaml")
    assert [i.id for i in bundle.islands] == ["tiny-a", "tiny-b", "tiny-c"]  # folder: sorted files
    assert [t.id for t in bundle.trees] == ["sapling", "seedling"]
    assert bundle.solo_cards.removed == 2 and len(bundle.solo_cards.challenges) == 5


def test_an_islands_folder_reads_json_islands_but_not_other_json(tmp_path):
    """An island saved as JSON (the island editor's Save As offers .json) in the scenario's
    islands/ folder is one of its islands; a Tabletop Simulator export written beside them (JSON
    with no format) is not read as content."""
    import json
    import shutil

    from studio.content import load_document
    from studio.validate import validate

    shutil.copytree(VALID, tmp_path / "valid")
    islands = tmp_path / "valid" / "islands"
    data = load_document(islands / "tiny-c.yaml").data
    (islands / "tiny-c.yaml").unlink()
    (islands / "tiny-c.json").write_text(json.dumps(data, indent=1))
    (islands / "tiny-c-tts.json").write_text('{"SaveName": "Tiny C", "ObjectStates": []}')
    bundle = read_rivages(tmp_path / "valid" / "scenario.yaml")
    assert [i.id for i in bundle.islands] == ["tiny-a", "tiny-b", "tiny-c"]
    assert [f for f in validate(tmp_path / "valid" / "scenario.yaml") if f.severity == "error"] == []


def test_terrains_default_to_four_and_a_fifth_can_be_declared():
    base = ("format: rivages-scenario/1\nid: s\nname: S\nislands: islands/\ntrees: trees/\n"
            "cards: c.yaml\nloot: l.yaml\n")
    sc = io.model_from_document(parse_yaml(base, "s.yaml"))
    assert sc.terrains == list(DEFAULT_TERRAINS) and "terrains" not in sc.to_data()
    five = base + ("terrains:\n" + "".join(f"  - {{name: {t.name}, colour: '{t.colour}'}}\n" for t in DEFAULT_TERRAINS)
                   + "  - {name: glacier, label: Glacier, colour: '#dfefff'}\n")
    sc5 = io.model_from_document(parse_yaml(five, "s.yaml"))
    assert sc5.terrain_names()[-1] == "glacier" and len(sc5.terrains) == 5


def findings_of(text, name="f.yaml"):
    doc = parse_yaml(text, name)
    return schema_findings(doc.data, doc.source, doc.path)


ISLAND_HEAD = "format: rivages-island/1\nid: x\nspaces:\n  - {at: [0, 0], kind: ship}\n"
GOALS = ("goals:\n  quest: {spaces: [[0, 0]], reward: {scrolls: 1}}\n  missions:\n"
         "    - steps: [{areas: {terrain: forest, count: 1}, reward: {scrolls: 1}}]\n"
         "    - steps: [{areas: {terrain: dune, count: 1}, reward: {loot: 1}}]\n")


def test_unknown_keys_are_errors_with_line_and_column():
    text = ISLAND_HEAD + "  - {at: [1, 0], kind: forest, colour: red}\n" + GOALS
    found = findings_of(text)
    assert [(f.code, f.line, f.col) for f in found] == [("schema/unknown-key", 5, 32)]
    assert "colour" in found[0].message
    assert [f.code for f in findings_of(ISLAND_HEAD + GOALS + "ships: 2\n")] == ["schema/unknown-key"]


def test_bad_effects_and_goals_are_reported_where_they_are():
    text = ISLAND_HEAD + "  - {at: [1, 0], kind: white, icon: {scroll: 2}}\n" + GOALS
    (f,) = findings_of(text)
    assert (f.code, f.line) == ("schema/unknown-key", 5) and "scroll" in f.message
    bad_goal = GOALS.replace("{spaces: [[0, 0]], reward: {scrolls: 1}}", "{fort: [0, 0], spaces: [[0, 0]], reward: {scrolls: 1}}")
    found = findings_of(ISLAND_HEAD + bad_goal)
    assert found and all(f.line == 6 for f in found)
    one_mission = GOALS.rsplit("    - steps", 1)[0]
    (f,) = findings_of(ISLAND_HEAD + one_mission)
    assert f.code == "schema/length" and f.line == 8  # the missions list


def test_other_formats_reject_bad_values():
    assert [f.code for f in findings_of(
        "format: rivages-cards/1\nid: c\nexploration:\n  - {id: a, players: 6, rows: [[forest]]}\n")] == ["schema/range"]
    assert [f.code for f in findings_of(
        "format: rivages-loot/1\nid: l\ntokens:\n  - {kind: purse, count: 0, effect: {scrolls: 1}}\n")] == ["schema/range"]
    assert [f.code for f in findings_of(
        "format: rivages-tree/1\nid: t\nsides:\n  A: {start: a, nodes: {a: {at: [0, 0]}}, links: []}\n")] == ["schema/missing-key"]
    found = findings_of("format: rivages-scenario/1\nid: s\nname: S\nislands: islands\ntrees: [t.yaml]\n"
                        "cards: c.yaml\nloot: l.yaml\nside: C\n")
    assert sorted((f.line, f.code) for f in found) == [(4, "schema/pattern"), (8, "schema/value")]
    assert "'islands' must be a folder name ending in '/', got 'islands'" in (found[0].message, found[1].message)



def test_read_as_names_the_wrong_kind():
    with pytest.raises(io.InvalidContent) as exc:
        read_as(VALID / "loot.yaml", Island)
    assert exc.value.findings[0].code == "content/wrong-kind"


def test_references_stay_inside_the_content_root(tmp_path):
    (tmp_path / "scenarios").mkdir()
    sc = tmp_path / "scenarios" / "s.yaml"
    sc.write_text("format: rivages-scenario/1\nid: s\nname: S\nislands: ../../elsewhere/\ntrees: [t.yaml]\n"
                  "cards: c.yaml\nloot: l.yaml\n")
    with pytest.raises(LoadError) as exc:
        read_rivages(sc)
    assert exc.value.code == "content/ref-escapes-root"


def test_loader_refuses_unsafe_yaml():
    with pytest.raises(LoadError) as exc:
        parse_yaml(ISLAND_HEAD + "  - &a {at: [1, 0], kind: forest}\n", "a.yaml")
    assert exc.value.code == "yaml/anchor" and exc.value.line == 5
