"""A board's location (realm-board/2 ``location:``): where it is looked up, what stands in when
it is missing or unknown, and the migration of realm-board/1 files."""

from __future__ import annotations

from pathlib import Path

from studio.content.schemas import migrate
from studio.model import io
from studio.model.locations import (
    BASE_RULES,
    NO_LOCATION,
    OTHER,
    OWN,
    UNKNOWN,
    known_locations,
    migrated_location,
    rules_for,
)

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = ROOT / "boards" / "realm"


def board(location: str | None, path: Path | None = None):
    b = io.read_board(BUNDLED / "jungle-temples-2p.yaml")
    b.location = location
    b.path = str(path) if path else None
    return b


def test_statuses_and_what_stands_in():
    own = rules_for(board("volcano"))
    assert (own.status, own.scenario.id, Path(own.path).name, own.warning) == (OWN, "volcano", "volcano.yaml", None)
    base = rules_for(board("base"))
    assert (base.status, base.scenario.id, base.path, base.warning) == (BASE_RULES, "base", None, None)
    assert base.scenario.rules.modules == {}
    none = rules_for(board(None))
    assert none.status == NO_LOCATION and none.scenario.id == "base" and "names no location" in none.warning
    unknown = rules_for(board("atlantis"))
    assert unknown.status == UNKNOWN and "'atlantis'" in unknown.warning
    other = rules_for(board("jungle-temples"), ROOT / "scenarios" / "volcano.yaml")
    assert other.status == OTHER and other.scenario.id == "volcano"
    assert "rules of Volcano (volcano.yaml)" in other.warning and "'jungle-temples'" in other.warning
    same = rules_for(board("volcano"), ROOT / "scenarios" / "volcano.yaml")
    assert same.status == OWN and same.warning is None
    # a chosen scenario that does not load: the location decides
    assert rules_for(board("volcano"), ROOT / "nothing.yaml").status == OWN


def test_the_content_root_shadows_the_bundled_scenarios_then_the_boards_own_folder(tmp_path):
    root = tmp_path / "content"
    (root / "scenarios").mkdir(parents=True)
    (root / "boards").mkdir()
    (root / "scenarios" / "v.yaml").write_text((ROOT / "scenarios" / "volcano.yaml").read_text().replace(
        "name: Volcano", "name: My Volcano"))
    (root / "boards" / "side.yaml").write_text("format: realm-scenario/1\nid: side-rules\nname: Side\n"
                                               "boards: {2: b.yaml}\nrules: {end: {score: 9}}\n")
    b = board("volcano", root / "boards" / "b.yaml")
    assert rules_for(b).scenario.name == "My Volcano"
    assert rules_for(board("side-rules", root / "boards" / "b.yaml")).scenario.rules.end == {"score": 9}
    assert "side-rules" not in known_locations(None)  # an unsaved board sees the bundled ones only
    assert known_locations(None)["volcano"][1].name == "Volcano"


def test_a_scenario_saved_as_json_is_found_and_other_json_is_not_taken_for_one(tmp_path):
    """The editor saves a scenario as .json too: the board whose location it is finds it as
    it finds a YAML one. JSON without a scenario's format (a report, an export) is neither a
    scenario nor said to be a broken one."""
    import json

    from studio.content import load_document
    from studio.model.locations import _unread_files

    root = tmp_path / "content"
    (root / "scenarios").mkdir(parents=True)
    (root / "boards").mkdir()
    data = load_document(ROOT / "scenarios" / "volcano.yaml").data
    data.update(id="json-volcano", name="JSON Volcano")
    (root / "scenarios" / "mine.json").write_text(json.dumps(data, indent=1))
    (root / "scenarios" / "compact.json").write_text(json.dumps({**data, "id": "compact", "name": "Compact"}))
    (root / "scenarios" / "tts.json").write_text('{"SaveName": "x", "ObjectStates": []}')
    b = board("json-volcano", root / "boards" / "b.yaml")
    found = rules_for(b)
    assert (found.status, found.scenario.name, Path(found.path).name) == (OWN, "JSON Volcano", "mine.json")
    assert rules_for(board("compact", root / "boards" / "b.yaml")).scenario.name == "Compact"
    assert _unread_files(root / "scenarios") == []


def test_realm_board_1_is_migrated_with_the_location_of_the_scenario_listing_it(tmp_path):
    text = (BUNDLED / "labyrinth-2p.yaml").read_text()
    old = text.replace("format: realm-board/2", "format: realm-board/1").replace("location: labyrinth\n", "")
    data = io.parse_yaml(old).data
    assert migrate(data)["format"] == "realm-board/2" and data["format"] == "realm-board/1"  # a copy
    root = tmp_path / "c"
    (root / "boards").mkdir(parents=True)
    (root / "scenarios").mkdir()
    (root / "boards" / "maze.yaml").write_text(old)
    (root / "scenarios" / "maze.yaml").write_text((ROOT / "scenarios" / "labyrinth.yaml").read_text().replace(
        "id: labyrinth", "id: maze").replace("../boards/realm/labyrinth-2p.yaml", "../boards/maze.yaml"))
    assert migrated_location(root / "boards" / "maze.yaml") == "maze"
    loaded = io.read_board(root / "boards" / "maze.yaml")
    assert loaded.location == "maze" and loaded.FORMAT == "realm-board/2"
    alone = tmp_path / "alone.yaml"  # listed by no scenario: no location
    alone.write_text(old)
    assert io.read_board(alone).location is None
    # saving writes /2, with the location, and reloads equal
    io.write(loaded, tmp_path / "saved.yaml")
    head, saved = (tmp_path / "saved.yaml").read_text().split("\n", 1)
    assert head.startswith("# yaml-language-server: $schema=")  # the copy's line, kept as written
    assert saved.startswith("format: realm-board/2\nid: labyrinth-2p\nname: The Labyrinth, 2 players\nlocation: maze\n")


def test_rules_are_named_in_running_text_without_repeating_rules():
    from studio.model.locations import base_scenario, rules_phrase

    assert rules_phrase(base_scenario().name) == "the base rules"
    assert rules_phrase("Archipelago City") == "the rules of Archipelago City"
