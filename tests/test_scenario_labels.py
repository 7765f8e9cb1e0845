"""Edit ▸ Undo names a scenario edit in the form's words, never by its value path
(``Set rules.hand_sizes`` was the scenario editor's undo text): every path the scenario schema
allows has a name, and a list or mapping set as a whole is named by the part that changed."""

from __future__ import annotations

import json

import pytest

from studio.content import schemas_dir
from studio.model.scenario_labels import edit_text, field_name
from studio.model.value_paths import MISSING


def _schema_paths(node: dict, root: dict, path: tuple = ()):
    """Every key path the schema allows, with 0 for a list item and "K" for a mapping's key."""
    if "$ref" in node:
        node = root["$defs"][node["$ref"].rsplit("/", 1)[1]]
    yield path
    for key, sub in node.get("properties", {}).items():
        yield from _schema_paths(sub, root, (*path, key))
    for branch in node.get("oneOf", []) + node.get("anyOf", []):
        for sub_path in _schema_paths(branch, root, path):
            if sub_path != path:
                yield sub_path
    if isinstance(node.get("additionalProperties"), dict):
        yield from _schema_paths(node["additionalProperties"], root, (*path, "3"))
    if isinstance(node.get("items"), dict):
        yield from _schema_paths(node["items"], root, (*path, 0))


def test_every_path_of_the_scenario_schema_has_a_name():
    root = json.loads((schemas_dir() / "realm-scenario.schema.json").read_text(encoding="utf-8"))
    paths = [p for p in _schema_paths(root, root) if p]
    assert ("rules", "hand_sizes", 0) in paths and ("rules", "modules", "pictures", "bonuses", "3") in paths
    unnamed = [p for p in paths if field_name(p) is None and p[:2] not in (("rules", "bands"), ("playtest", "intended_end"))]
    assert unnamed == []
    for p in paths:
        name = field_name(p)
        assert name is None or ("_" not in name and "." not in name and "[" not in name), (p, name)


@pytest.mark.parametrize("path, old, new, text", [
    (("rules", "hand_sizes"), [4, 5, 6, 7], [4, 6, 6, 7], "Change opening hand size of seat 2"),
    (("rules", "hand_sizes"), [4, 5, 6, 7], [4, 6, 7, 7], "Change opening hand sizes"),
    (("rules", "modules", "cross-board", "bonuses"), [5, 3], [5, 3, 1],
     "Add far-edge bonus of the third player to reach it"),
    (("rules", "modules", "cross-board", "bonuses"), [5, 3], [5], "Remove far-edge bonus of the second player to reach it"),
    (("boards",), {"2": "a.yaml"}, {"2": "a.yaml", "3": "b.yaml"}, "Add board for 3 players"),
    (("boards",), {"2": "a.yaml", "3": "b.yaml"}, {"2": "a.yaml"}, "Remove board for 3 players"),
    (("boards",), {"2": "a.yaml"}, {"2": "c.yaml"}, "Change board for 2 players"),
    (("rules", "modules", "pictures", "bonuses"), {"3": 2}, {"3": 2, "5": 4},
     "Add majority bonus of a picture of 5 segments"),
    (("rules", "end"), {"pictures": {"2": 5, "3": 7}}, {"pictures": {"2": 5, "3": 8}},
     "Change complete pictures that end a 3-player game"),
    (("rules", "end"), {"score": 18}, {"rounds": 6}, "End the game after a number of rounds"),
    (("rules", "end"), {"score": 18}, {"score": 20}, "Change score that ends the game"),
    (("rules", "bands"), ["line", "triangle"], ["line", "triangle", "chain"], "Add band shape chain"),
    (("rules", "bands"), ["line", "triangle"], ["triangle"], "Remove band shape line"),
    (("playtest", "intended_end"), ["score"], ["score", "rounds"], "Add intended end rounds"),
    (("rules", "connect"), True, False, "Turn off connected bands"),
    (("playtest", "ladder"), MISSING, True, "Turn on skill ladder in every playtest"),
    (("rules", "modules", "volcano"), MISSING, {}, "Turn on Volcano escape"),
    (("rules", "modules", "volcano"), {"escape_energy": 3}, MISSING, "Turn off Volcano escape"),
    (("rules", "cards"), "shared-pool", {"personal-deck": {"size": 12, "draw": 3}}, "Give each player a personal deck"),
    (("rules", "cards"), {"personal-deck": {"size": 12}}, "shared-pool", "Deal cards from a shared pool"),
    (("rules", "cards"), {"personal-deck": {"size": 12, "draw": 3}}, {"personal-deck": {"size": 10, "draw": 3}},
     "Change personal deck size"),
    (("rules", "pool_size"), 5, MISSING, "Reset pool size to the default"),
    (("rules", "modules", "volcano", "escape_energy"), MISSING, 4, "Set energy needed to escape"),
    (("description",), "notes", MISSING, "Clear description"),
    (("playtest", "rounds"), [5, 12], [5, 14], "Change most rounds of the target length"),
    (("rules", "some_new_rule"), 1, 2, "Change some new rule of rules"),  # a key the table lacks: still words
])
def test_an_edit_is_named_by_what_changed(path, old, new, text):
    assert edit_text(path, old, new) == text
