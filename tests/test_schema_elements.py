"""Schema findings on Rivages islands and trees name their element (the space, bridge, fort,
goal or tree node), in the lint's form, so the editors can select it; ``studio validate
--format json`` carries it."""

from __future__ import annotations

import json
from pathlib import Path

from studio.content import load_document
from studio.content.schemas import island_element, schema_findings, tree_element

ROOT = Path(__file__).resolve().parents[1]
GULL = ROOT / "boards" / "rivages" / "islands" / "gull-rock.yaml"
BANYAN = ROOT / "boards" / "rivages" / "trees" / "banyan.yaml"


def broken(tmp_path, source: Path, edits) -> Path:
    text = source.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    out = tmp_path / source.name
    out.write_text(text, encoding="utf-8")
    return out


def findings_of(path: Path):
    doc = load_document(str(path))
    return [(f.code, f.line, f.element) for f in schema_findings(doc.data, doc.source, doc.path)]


def test_island_schema_findings_name_their_space_bridge_and_goal(tmp_path):
    path = broken(tmp_path, GULL, [
        ("- {at: [1, -3], kind: cliff}", "- {at: [1, -3], kind: 7}"),
        ("- {at: [3, -3], kind: dune}", "- {at: [3, -3], kind: dune, colour: red}"),
        ("- [[1, -2], [1, 0]]", "- [[1, -2], [1, 0, 3]]"),
        ("      reward: {scrolls: 4}", "      reward: {scrolls: many}"),
        ("    - spaces: [[0, -1]]", "    - spaces: [[0, -1, 2]]"),
    ])
    assert findings_of(path) == [
        ("schema/length", 49, ("space", 1, -2)),        # one bridge end broken: the other end
        ("schema/type", 60, ("goal", "mission 1")),
        ("schema/length", 53, ("goal", "quest")),
        ("schema/type", 12, ("space", 1, -3)),
        ("schema/unknown-key", 13, ("space", 3, -3)),
    ]


def test_tree_schema_findings_name_their_node(tmp_path):
    path = broken(tmp_path, BANYAN, [
        ("      a1: {at: [0, 0]}", "      a1: {at: [0, 0], size: 3}"),
        ("        effect: {loot: 1}", "        effect: {loot: lots}"),
    ])
    assert sorted(e for _c, _l, e in findings_of(path)) == [("node", "A", "a1"), ("node", "A", "a3")]


def test_elements_of_paths_the_findings_can_have():
    island = {"spaces": [{"at": [2, -1], "kind": "x"}, {"at": ["a", 0]}], "forts": [[1, 1], [1]],
              "bridges": [[[0, 0], [2, 0]], [[0, 0], "x"], ["x", "y"]]}
    assert island_element(island, ("spaces", 0, "kind")) == ("space", 2, -1)
    assert island_element(island, ("spaces", 1, "at", 0)) is None   # no hex to name
    assert island_element(island, ("forts", 0)) == ("fort", 1, 1)
    assert island_element(island, ("forts", 1)) is None
    assert island_element(island, ("bridges", 0, 1)) == ("bridge", 0, 0, 2, 0)
    assert island_element(island, ("bridges", 1, 1)) == ("space", 0, 0)
    assert island_element(island, ("bridges", 2)) is None
    assert island_element(island, ("goals", "missions", 1, "steps")) == ("goal", "mission 2")
    assert island_element(island, ("spaces",)) is None and island_element(island, ("id",)) is None
    tree = {"sides": {"B": {"start": "b1", "nodes": {"b1": {}, "b2": {}}, "links": [["zz", "b2"], [3, 4]]}}}
    assert tree_element(tree, ("sides", "B", "start")) == ("node", "B", "b1")
    assert tree_element(tree, ("sides", "B", "links", 0)) == ("node", "B", "b2")   # the end that is a node
    assert tree_element(tree, ("sides", "B", "links", 1)) is None
    assert tree_element(tree, ("sides", "B", "nodes", "b2", "effect", "any")) == ("node", "B", "b2")
    assert tree_element(tree, ("sides", "B")) is None and tree_element(tree, ("sides", "C", "start")) is None


def test_studio_validate_json_carries_the_element(tmp_path, capsys):
    from studio.validate.cli import main

    path = broken(tmp_path, GULL, [("- {at: [1, -3], kind: cliff}", "- {at: [1, -3], kind: 7}")])
    main([str(path), "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert [(f["code"], f["element"]) for f in data] == [("schema/type", ["space", 1, -3])]
