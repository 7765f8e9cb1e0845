"""Findings carry the JSON path of the value at fault (``Finding.json_path``): readers take the
place from it, never from the message or the line."""

from __future__ import annotations

import json

from studio.content.findings import Finding
from studio.content.schemas import schema_findings
from studio.validate import validate
from tests.test_validate import BROKEN, run

ISLAND = {"format": "rivages-island/1", "id": "x", "name": "X",
          "spaces": [{"at": [0, 0], "kind": "forest", "bogus": 1}, {"at": [0, 1]}, {"at": [1000, 0], "kind": "sea"}],
          "goals": {"quest": {"steps": 3}}}


def test_schema_findings_name_the_value_at_fault():
    found = {(f.code, f.json_path) for f in schema_findings(ISLAND, None, None)}
    assert ("schema/unknown-key", ("spaces", 0, "bogus")) in found
    assert ("schema/missing-key", ("spaces", 1, "kind")) in found          # the missing key's own path
    assert ("schema/missing-key", ("goals", "missions")) in found
    assert ("schema/range", ("spaces", 2, "at", 0)) in found
    assert ("schema/type", ("goals", "quest", "steps")) in found
    [no_format] = schema_findings({"id": "x"}, None, None)
    assert no_format.code == "schema/no-format" and no_format.json_path == ("format",)
    [not_mapping] = schema_findings(["a"], None, None)
    assert not_mapping.json_path == ()


def test_validation_findings_name_the_value_at_fault_and_keep_file_line_col():
    [f] = [f for f in validate(BROKEN / "missing-peg.yaml") if f.code == "geometry/unknown-peg"]
    assert f.json_path == ("lines", 13, 1) and f.format().startswith(f"{BROKEN / 'missing-peg.yaml'}:29:8: error")


def test_json_output_carries_the_path_as_a_list(capsys):
    status, out, _ = run(capsys, "--format", "json", str(BROKEN / "unknown-key.yaml"))
    [data] = [d for d in json.loads(out) if d["code"] == "schema/unknown-key"]
    assert data["json_path"] == ["seats", "north", "lable"] and (data["line"], data["col"]) == (35, 11)
    assert Finding(**{**data, "element": tuple(data["element"]), "json_path": tuple(data["json_path"])}).to_dict() == data
