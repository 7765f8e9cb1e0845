"""Issue 16, item 5: content files name their schema for editors, one combined schema, CI formats,
the pre-commit hook and ``studio explain``/``studio schema``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from studio import cli
from studio.content import load_document
from studio.content.paths import bundled_path, schemas_dir
from studio.content.schema_line import (
    combined_schema,
    combined_schema_path,
    schema_line_for,
    schema_reference,
    with_schema_line,
)
from studio.model import io

ROOT = Path(__file__).resolve().parent.parent
CONTENT = sorted([*bundled_path("boards").rglob("*.yaml"), *bundled_path("scenarios").rglob("*.yaml")])


def resolve(ref: str, from_file: Path) -> Path:
    """Where an editor finds the schema a file's line names: relative to the file, or a file URI."""
    if "://" in ref:
        return Path(unquote(urlparse(ref).path))
    return (from_file.parent / ref).resolve()


def combined_validator() -> Draft202012Validator:
    """The combined schema as an editor loads it: from its file, its $refs read from the files
    beside it (no network, no registry of our own)."""
    def retrieve(uri: str) -> Resource:
        return Resource.from_contents(json.loads(Path(unquote(urlparse(uri).path)).read_text(encoding="utf-8")))

    path = combined_schema_path().resolve()
    schema = {**json.loads(path.read_text(encoding="utf-8")), "$id": path.as_uri()}
    return Draft202012Validator(schema, registry=Registry(retrieve=retrieve))


# --- the schema line ------------------------------------------------------------------------------

def test_every_bundled_content_file_starts_with_a_schema_line_that_resolves():
    assert len(CONTENT) == 67
    for path in CONTENT:
        first = path.read_text(encoding="utf-8").split("\n", 1)[0]
        assert first.startswith("# yaml-language-server: $schema=../"), path
        target = resolve(schema_reference(first), path)
        assert target == combined_schema_path().resolve(), path


def test_every_bundled_content_file_passes_the_combined_schema():
    validator = combined_validator()
    for path in CONTENT:
        data = load_document(path).data
        assert list(validator.iter_errors(data)) == [], path


def test_every_bundled_file_passes_plain_jsonschema_on_what_pyyaml_loads():
    """As check-jsonschema (or any YAML loader + jsonschema) checks them: ``yaml.safe_load``
    makes ``boards: {2: ...}`` keys integers, which the schemas' propertyNames once refused
    (all 8 Rule the Realm scenarios failed, issue 16). The schema is the one each file's
    first line names, found from the file as an editor finds it."""
    checked = 0
    for path in CONTENT:
        text = path.read_text(encoding="utf-8")
        target = resolve(schema_reference(text.split("\n", 1)[0]), path)

        def retrieve(uri: str) -> Resource:
            return Resource.from_contents(json.loads(Path(unquote(urlparse(uri).path)).read_text(encoding="utf-8")))

        schema = {**json.loads(target.read_text(encoding="utf-8")), "$id": target.as_uri()}
        validator = Draft202012Validator(schema, registry=Registry(retrieve=retrieve))
        data = yaml.safe_load(text)
        errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(data)]
        assert errors == [], path
        checked += isinstance(data.get("boards"), dict) and any(isinstance(k, int) for k in data["boards"])
    assert checked == 8  # the scenarios whose player-count keys PyYAML reads as integers


def test_the_combined_schema_dispatches_on_format():
    validator = combined_validator()
    board = load_document(bundled_path("boards", "realm", "volcano-3p.yaml")).data
    misspelt = {**board, "tresure": 1}
    assert any("tresure" in e.message for e in validator.iter_errors(misspelt))
    assert not validator.is_valid({**board, "format": "realm-board/9"})
    assert not validator.is_valid({"id": "x"})
    island = load_document(bundled_path("boards", "rivages", "islands", "amber-shoals.yaml")).data
    assert validator.is_valid(island)
    assert not validator.is_valid({**island, "format": "realm-board/2"})  # checked as a board now


def test_the_combined_schema_file_is_generated_from_the_registry():
    assert json.loads(combined_schema_path().read_text(encoding="utf-8")) == combined_schema()
    Draft202012Validator.check_schema(combined_schema())


def test_a_new_file_gets_a_line_that_resolves(tmp_path):
    board = io.read(bundled_path("boards", "realm", "volcano-3p.yaml"))
    board.path = None
    target = tmp_path / "new.yaml"
    io.write(board, target)
    first = target.read_text(encoding="utf-8").split("\n", 1)[0]
    assert first == schema_line_for(target)
    assert resolve(schema_reference(first), target) == combined_schema_path().resolve()
    assert io.read(target) == board


def test_a_new_file_in_a_content_root_with_its_own_schemas_gets_a_relative_line(tmp_path):
    (tmp_path / "schemas").mkdir()
    shutil.copy(combined_schema_path(), tmp_path / "schemas" / "content.json")
    (tmp_path / "boards").mkdir()
    assert schema_line_for(tmp_path / "boards" / "b.yaml") == "# yaml-language-server: $schema=../schemas/content.json"


def test_save_as_into_another_folder_rebases_the_line(tmp_path):
    source = bundled_path("boards", "realm", "volcano-3p.yaml")
    board = io.read(source)
    target = tmp_path / "elsewhere" / "mine.yaml"
    target.parent.mkdir()
    io.write(board, target)  # Save As: the patch of the bundled file's text
    text = target.read_text(encoding="utf-8")
    first, rest = text.split("\n", 1)
    assert resolve(schema_reference(first), target) == combined_schema_path().resolve()
    assert rest == source.read_text(encoding="utf-8").split("\n", 1)[1]  # the rest byte for byte


def test_saving_over_a_file_keeps_its_line_or_its_lack_of_one(tmp_path):
    tree = tmp_path / "boards" / "realm"
    tree.mkdir(parents=True)
    with_line = tree / "a.yaml"
    shutil.copy(bundled_path("boards", "realm", "volcano-3p.yaml"), with_line)
    before = with_line.read_text(encoding="utf-8")
    board = io.read(with_line)
    board.name = "Volcano, renamed"
    io.write(board, with_line)
    after = with_line.read_text(encoding="utf-8")
    assert after.split("\n", 1)[0] == before.split("\n", 1)[0]  # kept as written, even if it resolves nowhere
    without = tree / "b.yaml"
    without.write_text(before.split("\n", 1)[1], encoding="utf-8")
    board = io.read(without)
    board.name = "Volcano, again"
    io.write(board, without)
    assert without.read_text(encoding="utf-8").startswith("format: realm-board/2\n")


def test_with_schema_line_keeps_urls_and_the_byte_order_mark(tmp_path):
    url = "# yaml-language-server: $schema=https://example.org/x.json  # mine\nformat: realm-board/2\n"
    assert with_schema_line(url, tmp_path / "a" / "x.yaml", tmp_path / "x.yaml", True) == url
    bom = "\ufeffformat: realm-board/2\n"
    out = with_schema_line(bom, tmp_path / "x.yaml", None, True)
    assert out.startswith("\ufeff# yaml-language-server: $schema=") and out.endswith("\nformat: realm-board/2\n")
    assert with_schema_line("a: 1\n", tmp_path / "x.yaml", tmp_path / "x.yaml", False) == "a: 1\n"


def test_studio_schema_prints_the_path_the_line_and_a_format(capsys, tmp_path):
    assert cli.main(["schema", "--path"]) == 0
    assert Path(capsys.readouterr().out.strip()) == combined_schema_path().resolve()
    assert cli.main(["schema", "--line", str(tmp_path / "b.yaml")]) == 0
    assert capsys.readouterr().out.strip() == schema_line_for(tmp_path / "b.yaml")
    assert cli.main(["schema", "rivages-tree/1"]) == 0
    assert json.loads(capsys.readouterr().out)["$id"].endswith("/rivages-tree/1")
    assert cli.main(["schema", "rivages-iland/1"]) == 2
    assert "did you mean rivages-island/1?" in capsys.readouterr().err


# --- CI formats ------------------------------------------------------------------------------------

BROKEN = ROOT / "tests" / "data" / "broken"


def test_github_annotations(capsys, monkeypatch):
    monkeypatch.delenv("GITHUB_WORKSPACE", raising=False)
    monkeypatch.chdir(ROOT)
    assert cli.main(["validate", "--format", "github", "tests/data/broken/crossing-lines.yaml", "volcano-2p"]) == 1
    lines = capsys.readouterr().out.splitlines()
    # the crater's notice points at its first line, [c5, c6] (the board's text moves with its description)
    at = (ROOT / "boards" / "realm" / "volcano-2p.yaml").read_text().splitlines().index("- [c5, c6]") + 1
    assert lines == [
        f"::notice file=boards/realm/volcano-2p.yaml,line={at},col=3,title=geometry/non-triangular-face::the crater "
        "[c6, c5, d4, e4, f4, f5, e6, d6] is a hole of 8 pegs in the board",
        "::error file=tests/data/broken/crossing-lines.yaml,line=29,col=3,title=geometry/lines-cross::line [a1, b2] "
        "crosses line [a2, b1] (line 19) at (0.75, 0.433), away from any peg; lines may meet only at pegs",
    ]


def test_github_annotations_escape_what_the_syntax_reserves():
    from studio.content.findings import Finding
    from studio.validate.annotations import github_commands

    (line,) = github_commands([Finding("x/y", "warning", "50% done\nnext", "a,b:c.yaml", 3, None)])
    assert line == "::warning file=a%2Cb%3Ac.yaml,line=3,title=x/y::50%25 done%0Anext"


def test_sarif_log_has_what_sarif_2_1_0_requires(capsys, monkeypatch):
    monkeypatch.delenv("GITHUB_WORKSPACE", raising=False)
    monkeypatch.chdir(ROOT)
    assert cli.main(["validate", "--format", "sarif", str(BROKEN / "crossing-lines.yaml"),
                     str(BROKEN / "duplicate-key.yaml")]) == 1
    log = json.loads(capsys.readouterr().out)
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json")
    (run,) = log["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "studio validate" and driver["version"]
    rules = [r["id"] for r in driver["rules"]]
    assert rules == ["geometry/lines-cross", "yaml/duplicate-key"]
    assert all(r["shortDescription"]["text"] and r["help"]["text"].endswith(f"(studio explain {r['id']})")
               for r in driver["rules"])
    assert "board-studio.example" not in json.dumps(log)   # no link to a host that does not exist
    results = run["results"]
    assert [(r["ruleId"], r["level"]) for r in results] == [("geometry/lines-cross", "error"),
                                                             ("yaml/duplicate-key", "error")]
    for r in results:
        assert rules[r["ruleIndex"]] == r["ruleId"] and r["message"]["text"]
        (loc,) = r["locations"]
        phys = loc["physicalLocation"]
        assert phys["artifactLocation"]["uri"].startswith("tests/data/broken/")
        assert phys["region"]["startLine"] >= 1 and phys["region"]["startColumn"] >= 1
    assert results[0]["locations"][0]["physicalLocation"]["region"] == {"startLine": 29, "startColumn": 3}


def test_annotation_paths_outside_the_workspace_spaces_and_stdin(tmp_path, capsys, monkeypatch):
    """The trial of issue 16: a file outside the current folder gave ``file=file%3A///tmp/...``
    (GitHub matches no such file), and SARIF URIs kept spaces and ``<stdin>`` (not URI
    references)."""
    import io
    import re
    import sys
    from urllib.parse import unquote, urlsplit

    from studio.content.findings import Finding
    from studio.validate.annotations import github_commands, sarif_log

    monkeypatch.delenv("GITHUB_WORKSPACE", raising=False)
    outside = tmp_path / "my board, 100%.yaml"
    outside.write_bytes((BROKEN / "crossing-lines.yaml").read_bytes())
    monkeypatch.chdir(ROOT)
    assert cli.main(["validate", "--format", "github", str(outside)]) == 1
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith(f"::error file={str(outside).replace('%', '%25').replace(',', '%2C')},line=29,col=3,")
    # inside $GITHUB_WORKSPACE: relative to it, whatever the current folder
    monkeypatch.setenv("GITHUB_WORKSPACE", str(tmp_path))
    assert cli.main(["validate", "--format", "github", str(outside)]) == 1
    assert capsys.readouterr().out.startswith("::error file=my board%2C 100%25.yaml,line=29,col=3,")
    # SARIF: a percent-encoded reference on %SRCROOT% inside, a file: URI outside, stdin as `stdin`
    finding = Finding("x/y", "error", "m", str(outside), 1, 1)
    run = sarif_log([finding])["runs"][0]
    location = run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": "my%20board%2C%20100%25.yaml", "uriBaseId": "%SRCROOT%"}
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == tmp_path.as_uri() + "/"
    assert unquote(location["uri"]) == outside.name
    monkeypatch.setenv("GITHUB_WORKSPACE", str(ROOT))
    location = sarif_log([finding])["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": outside.as_uri()} and " " not in location["uri"]
    assert unquote(urlsplit(location["uri"]).path) == str(outside)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO((BROKEN / "crossing-lines.yaml").read_bytes())))
    assert cli.main(["validate", "--format", "sarif", "-"]) == 1
    log = json.loads(capsys.readouterr().out)
    location = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location["uri"] == "stdin" and location["description"]["text"].startswith("standard input")
    assert github_commands([Finding("x/y", "error", "m", "<stdin>", 2, None)]) == [
        "::error file=<stdin>,line=2,title=x/y::m"]
    # every uri is a URI reference: no character RFC 3986 leaves out
    for uri in re.findall(r'"uri": "([^"]*)"', json.dumps(log)):
        assert re.fullmatch(r"[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]*", uri), uri


# --- pre-commit ------------------------------------------------------------------------------------

def test_the_pre_commit_hook_runs_studio_validate_on_content_files():
    import re

    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert hook["id"] == "studio-validate" and hook["entry"] == "studio validate" and hook["language"] == "python"
    pattern = re.compile(hook["files"])
    assert pattern.search("boards/realm/volcano-3p.yaml") and pattern.search("content/scenarios/x.yml")
    assert not pattern.search(".github/workflows/ci.yaml")


# --- studio explain ---------------------------------------------------------------------------------

def test_explain_prints_meaning_and_fix(capsys):
    assert cli.main(["explain", "geometry/lines-cross"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("geometry/lines-cross (error; Geometry")
    assert "what: Two lines cross away from any peg." in out and "fix:" in out


def test_explain_a_family_and_an_unknown_code(capsys):
    assert cli.main(["explain", "yaml", "-q"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) >= 10 and all(line.startswith("yaml/") for line in lines)
    assert cli.main(["explain", "schema/unknwn-key"]) == 1
    assert "did you mean schema/unknown-key" in capsys.readouterr().err


def test_explain_knows_every_code_of_the_findings_document():
    import re

    from studio.validate.explain import explanations

    text = bundled_path("docs", "findings.md").read_text(encoding="utf-8")
    table_codes = {c for line in text.splitlines() if line.startswith("| `")
                   for c in re.findall(r"`([a-z0-9-]+/[a-z0-9-]+)`", line.split(" | ")[0])}
    assert table_codes and table_codes <= set(explanations())


def test_findings_document_ships_in_the_wheel():
    import tomllib

    wheel = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["force-include"]["docs"] == "studio/_bundled/docs"      # docs/findings.md with the rest
    assert (ROOT / "docs" / "findings.md").is_file()
    assert wheel["force-include"]["schemas"] == "studio/_bundled/schemas"
    assert (schemas_dir() / "content.json").is_file()


# --- every property documented ------------------------------------------------------------------

CONTENT_SCHEMAS = sorted(p for p in schemas_dir().glob("*.schema.json") if not p.name.startswith("studio-"))
REPORT_SCHEMAS = sorted(p for p in schemas_dir().glob("*.schema.json") if p.name.startswith("studio-"))
SCALARS = {"string", "integer", "number", "boolean"}


def _properties(node, path=()):
    """(path, schema) of every property a schema defines (``properties``, ``patternProperties``),
    outside ``if`` conditions (which only test a value)."""
    if isinstance(node, dict):
        for key in ("properties", "patternProperties"):
            for name, sub in (node.get(key) or {}).items():
                yield path + (key, name), sub
        for k, v in node.items():
            if k != "if":
                yield from _properties(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _properties(v, path + (i,))


def _resolved(schema, sub):
    while "$ref" in sub and sub["$ref"].startswith("#/"):
        target = schema
        for part in sub["$ref"][2:].split("/"):
            target = target[part]
        sub = {**target, **{k: v for k, v in sub.items() if k != "$ref"}}
    return sub


@pytest.mark.parametrize("path", CONTENT_SCHEMAS + [combined_schema_path()], ids=lambda p: p.name)
def test_every_content_property_has_a_description_and_scalars_have_examples(path):
    schema = json.loads(path.read_text(encoding="utf-8"))
    problems = []
    found = list(_properties(schema))
    assert found
    for where, sub in found:
        name = "/".join(map(str, where))
        if not str(sub.get("description", "")).strip():
            problems.append(f"{name}: no description")
        full = _resolved(schema, sub)
        check = Draft202012Validator({**sub, "$defs": schema.get("$defs", {})})
        if "default" in sub and not check.is_valid(sub["default"]):
            problems.append(f"{name}: default {sub['default']!r} is not valid")
        for example in sub.get("examples", []):
            if not check.is_valid(example):
                problems.append(f"{name}: example {example!r} is not valid")
        types = full.get("type") if isinstance(full.get("type"), list) else [full.get("type")]
        if set(types) <= SCALARS and "const" not in full and not sub.get("examples"):
            problems.append(f"{name}: a {'/'.join(types)} without examples")
    assert problems == []


@pytest.mark.parametrize("path", REPORT_SCHEMAS, ids=lambda p: p.name)
def test_every_report_field_has_a_description(path):
    schema = json.loads(path.read_text(encoding="utf-8"))
    assert schema.get("description") and schema.get("title")
    found = list(_properties(schema))
    assert len(found) > 20
    assert ["/".join(map(str, where)) for where, sub in found if not str(sub.get("description", "")).strip()] == []
