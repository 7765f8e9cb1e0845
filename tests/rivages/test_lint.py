"""Rivages lint (studio.validate.rivages): one broken file per check, positions and elements."""

from pathlib import Path

import pytest

from studio.content import bundled_path, load_document, parse_yaml
from studio.model import io
from studio.model.rivages import Terrain
from studio.validate.rivages import rivages_findings
from tests.rivages.helpers import island, tiny

DATA = Path(__file__).resolve().parent.parent / "data" / "rivages"
BROKEN = DATA / "broken"

# file -> (code, line, col, element) of its one error
EXPECTED = {
    "ships-one.yaml": ("rivages/ship-count", 4, 5, ("space", 0, 0)),
    "ship-walled.yaml": ("rivages/ship-unreachable", 17, 5, ("space", 2, 2)),
    "mission-no-area.yaml": ("rivages/area-missing", 24, 7, ("goal", "mission 2")),
    "fort-short.yaml": ("rivages/fort-neighbours", 14, 9, ("fort", 1, 1)),
    "quest-space-missing.yaml": ("rivages/quest-space-missing", 21, 28, ("space", 5, 0)),
    "quest-walled.yaml": ("rivages/quest-unreachable", 23, 10, ("goal", "quest")),
    "bridge-neighbours.yaml": ("rivages/bridge-neighbours", 19, 5, ("bridge", 4, 0, 3, 1)),
    "pattern-missing.yaml": ("rivages/pattern-missing", 21, 20, ("goal", "quest")),
    "icon-not-white.yaml": ("rivages/icon-not-white", 8, 36, ("space", 4, 0)),
    "unknown-kind.yaml": ("rivages/unknown-kind", 8, 24, ("space", 4, 0)),
    "step-overlap.yaml": ("rivages/step-overlap", 24, 9, ("goal", "quest")),
    "tree-unreachable.yaml": ("rivages/tree-unreachable", 9, 7, ("node", "A", "a3")),
    "tree-start.yaml": ("rivages/tree-start", 11, 12, ("node", "B", "b0")),
    "card-symbol.yaml": ("rivages/unknown-symbol", 7, 75, ("card", "t04")),
    "cards-few.yaml": ("rivages/too-few-cards", 4, 3, None),
    "loot-duplicate.yaml": ("rivages/duplicate-loot", 5, 12, ("loot", "purse")),
    "loot-terrain.yaml": ("rivages/unknown-terrain", 4, 45, ("loot", "sledge")),
    "scenario-wrong-kind.yaml": ("rivages/wrong-kind", 6, 8, None),
}


def errors(findings):
    return [f for f in findings if f.severity == "error"]


def test_every_broken_file_is_listed():
    assert sorted(p.name for p in BROKEN.glob("*.yaml")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_file_gives_its_finding_where_it_is(name):
    code, line, col, element = EXPECTED[name]
    path = str(BROKEN / name)
    (f,) = errors(rivages_findings(path))
    assert (f.code, f.path, f.line, f.col, f.element) == (code, path, line, col, element)
    assert f.message and f.format().startswith(f"{path}:{line}:{col}: error {code}: ")


def test_messages_say_what_is_wrong():
    (f,) = errors(rivages_findings(BROKEN / "fort-short.yaml"))
    assert f.message == "the fort at [1, 1] needs 6 crossable neighbours; [2, 1] is a stronghold"
    (f,) = errors(rivages_findings(BROKEN / "mission-no-area.yaml"))
    assert "mission 2 needs 1 cliff area" in f.message and "the island has 0" in f.message
    (f,) = errors(rivages_findings(BROKEN / "cards-few.yaml"))
    assert f.message.startswith("2 players: the 3 Exploration cards marked 2+ or lower cannot deal 2")


def test_warnings_for_what_is_probably_a_mistake():
    found = rivages_findings(BROKEN / "quest-walled.yaml")
    assert [(f.code, f.severity, f.element) for f in found if f.severity == "warning"] == [
        ("rivages/space-unreachable", "warning", ("space", 5, 1)),
        # its bridge [4, 0]-[2, 2] passes over the cliff at [3, 1]
        ("rivages/bridge-over-land", "warning", ("bridge", 4, 0, 2, 2))]


@pytest.mark.parametrize("scenario", ["rivages.yaml", "rivages-solo.yaml"])
def test_bundled_content_is_clean(scenario):
    assert rivages_findings(bundled_path("scenarios", scenario)) == []


def test_bundled_files_are_clean_one_by_one():
    files = sorted(bundled_path("boards", "rivages").rglob("*.yaml"))
    assert len(files) == 25 + 5 + 3
    assert [f for p in files for f in rivages_findings(p)] == []


def test_valid_fixtures_have_no_errors():
    for path in sorted((DATA / "valid").rglob("*.yaml")):
        assert errors(rivages_findings(path)) == [], path


def test_a_scenario_reports_its_files_findings_with_their_paths(tmp_path):
    (tmp_path / "boards" / "islands").mkdir(parents=True)
    (tmp_path / "boards" / "trees").mkdir()
    valid = DATA / "valid"
    for sub in ("islands", "trees"):
        for p in (valid / sub).glob("*.yaml"):
            (tmp_path / "boards" / sub / p.name).write_text(p.read_text())
    for name in ("cards.yaml", "loot.yaml", "solo.yaml"):
        (tmp_path / "boards" / name).write_text((valid / name).read_text())
    bad = (BROKEN / "ships-one.yaml").read_text()
    (tmp_path / "boards" / "islands" / "zz-bad.yaml").write_text(bad)
    (tmp_path / "scenarios").mkdir()
    sc = tmp_path / "scenarios" / "s.yaml"
    sc.write_text("format: rivages-scenario/1\nid: s\nname: S\nislands: ../boards/islands/\ntrees: ../boards/trees/\n"
                  "cards: ../boards/cards.yaml\nloot: ../boards/loot.yaml\n"
                  "solo: {cards: ../boards/solo.yaml, mode: advanced, challenges: [hoard, nope]}\n"
                  "terrains:\n  - {name: forest, colour: '#00ff00'}\n  - {name: dune, colour: '#ffff00'}\n"
                  "  - {name: cliff, colour: '#ff0000'}\n  - {name: lagoon, colour: '#0000ff'}\n"
                  "  - {name: ship, colour: '#000000'}\n")
    found = errors(rivages_findings(sc))
    by_code = {f.code: f for f in found}
    assert by_code["rivages/ship-count"].path.endswith("zz-bad.yaml")
    assert by_code["rivages/ship-count"].line == 4
    assert (by_code["rivages/unknown-challenge"].path, by_code["rivages/unknown-challenge"].line) == (str(sc), 8)
    assert by_code["rivages/reserved-terrain"].element == ("terrain", "ship")
    assert by_code["rivages/reserved-terrain"].line == 14


def test_references_outside_the_root_and_missing_files(tmp_path):
    (tmp_path / "scenarios").mkdir()
    sc = tmp_path / "scenarios" / "s.yaml"
    sc.write_text("format: rivages-scenario/1\nid: s\nname: S\nislands: [../../out.yaml]\ntrees: ../trees/\n"
                  "cards: ../cards.yaml\nloot: ../loot.yaml\n")
    codes = [(f.code, f.line) for f in rivages_findings(sc)]
    assert ("content/ref-escapes-root", 4) in codes
    assert ("rivages/missing-file", 5) in codes and ("rivages/missing-file", 6) in codes
    # the islands that did not load are reported once: no "0 islands" follow-on
    assert not [c for c in codes if c[0] in ("rivages/too-few-islands", "rivages/too-few-trees")]


def test_a_fifth_terrain_is_known_to_the_scenario_files():
    glacier = tiny("cold")
    glacier.spaces[4].kind = "glacier"
    # (tiny's bridge passes over land: a warning, not about terrains)
    assert [f.code for f in errors(rivages_findings(glacier))] == ["rivages/unknown-kind"]
    assert errors(rivages_findings(glacier, terrains=["forest", "dune", "cliff", "lagoon", "glacier"])) == []


def test_models_in_memory_have_elements_but_no_lines():
    isle = island({0: (0, "S F F X"), 1: (0, "D D")}, id="one-ship")
    (f,) = rivages_findings(isle)
    assert (f.code, f.line, f.path, f.element) == ("rivages/ship-count", None, None, ("space", 0, 0))


def test_documents_get_the_schema_first():
    doc = parse_yaml("format: rivages-loot/1\nid: x\ntokens: []\n", "x.yaml")
    assert [f.code for f in rivages_findings(doc)] == ["schema/length"]
    doc = load_document(BROKEN / "loot-duplicate.yaml")
    assert [f.code for f in rivages_findings(doc)] == ["rivages/duplicate-loot"]
    assert [f.code for f in rivages_findings(DATA / "nowhere.yaml")] == ["io/not-found"]
    with pytest.raises(TypeError):
        rivages_findings(42)
    model = io.read(DATA / "valid" / "scenario.yaml")
    model.terrains.append(Terrain("forest", "#123456"))
    assert "rivages/duplicate-terrain" in {f.code for f in rivages_findings(model)}


def test_every_code_is_documented():
    import re

    root = Path(__file__).resolve().parent.parent.parent
    documented = set(re.findall(r"`(rivages/[a-z-]+)`", (root / "docs" / "rivages.md").read_text()))
    emitted = set(re.findall(r"\"(rivages/[a-z-]+)\"", (root / "studio" / "validate" / "rivages.py").read_text()))
    assert emitted and emitted == documented


def test_a_file_is_checked_with_the_terrains_of_the_scenario_that_uses_it(tmp_path):
    (tmp_path / "boards").mkdir()
    (tmp_path / "scenarios").mkdir()
    cold = (DATA / "valid" / "islands" / "tiny-a.yaml").read_text().replace(
        "{at: [4, 0], kind: dune}", "{at: [4, 0], kind: glacier}")
    (tmp_path / "boards" / "cold.yaml").write_text(cold)
    alone = rivages_findings(tmp_path / "boards" / "cold.yaml")
    assert [f.code for f in errors(alone)] == ["rivages/unknown-kind"]
    terrains = "".join(f"  - {{name: {t}, colour: '#102030'}}\n" for t in ("forest", "dune", "cliff", "lagoon", "glacier"))
    (tmp_path / "scenarios" / "cold.yaml").write_text(
        "format: rivages-scenario/1\nid: cold\nname: Cold\nterrains:\n" + terrains
        + "islands: [../boards/cold.yaml]\ntrees: [../boards/t.yaml]\ncards: ../boards/c.yaml\nloot: ../boards/l.yaml\n")
    assert errors(rivages_findings(tmp_path / "boards" / "cold.yaml")) == []
