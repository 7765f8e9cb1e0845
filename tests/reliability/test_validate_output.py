"""Issue 12 items 4 to 7: ``studio validate`` output that cannot be encoded, the cap on
findings per file, YAML 1.2 core reading, deep nesting and plain syntax messages."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from studio.content import LoadError, parse_yaml, yamlio
from studio.content.findings import MAX_PER_FILE, Finding, cap_per_file
from studio.content.schemas import schema_findings
from studio.validate import validate
from studio.validate.pipeline import validate_paths

ROOT = Path(__file__).resolve().parents[2]
LOOT = (ROOT / "boards" / "rivages" / "loot.yaml").read_text(encoding="utf-8")


def _studio(*args, env=None, cwd=None):
    full = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    return subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True, env=full, cwd=cwd,
                          timeout=120)


def test_an_ascii_terminal_gets_escapes_and_every_finding(tmp_path):
    folder = tmp_path / "plätze"
    folder.mkdir()
    (folder / "brett€.yaml").write_text(LOOT + "clé: 1\n", encoding="utf-8")
    (folder / "zwei.yaml").write_text(LOOT + "größe: 2\n", encoding="utf-8")
    run = _studio("validate", str(folder), env={"PYTHONIOENCODING": "ascii"})
    out = run.stdout.decode("ascii")  # strictly ASCII
    assert run.returncode == 1, run.stderr
    assert "internal error" not in run.stderr.decode("ascii", "replace")
    assert "pl\\xe4tze/brett\\u20ac.yaml:" in out and "unknown key 'cl\\xe9'" in out
    assert "unknown key 'gr\\xf6\\xdfe'" in out  # the second file's finding is not lost
    assert out.rstrip().endswith("checked 2 files: 2 errors, 0 warnings")
    as_json = _studio("validate", "--format", "json", str(folder), env={"PYTHONIOENCODING": "ascii"})
    assert as_json.returncode == 1 and b"\\u00e9" in as_json.stdout


def test_an_undecodable_file_name_is_escaped(tmp_path):
    bad = os.fsencode(tmp_path) + b"/b\xff.yaml"
    with open(bad, "w", encoding="utf-8") as fh:
        fh.write(LOOT)
    run = _studio("validate", str(tmp_path))
    assert run.returncode == 0, run.stderr
    assert b"b\\udcff.yaml" not in run.stderr and b"checked 1 file: 0 errors" in run.stdout


def test_findings_are_capped_per_file_with_a_count_of_the_rest(tmp_path):
    many = tmp_path / "many.yaml"
    anchor = "  effect: {scrolls: 2}\n"  # the first token's last line: 5,000 stray keys in tokens[0]
    many.write_text(LOOT.replace(anchor, anchor + "".join(f"  k{i}: 1\n" for i in range(5000)), 1),
                    encoding="utf-8")
    other = tmp_path / "other.yaml"
    other.write_text(LOOT + "extra: 1\n", encoding="utf-8")
    findings, files, _ = validate_paths([str(tmp_path)])
    mine = [f for f in findings if f.path == str(many)]
    assert len(mine) == MAX_PER_FILE + 1
    more = mine[-1]
    assert more.code == "validate/more-findings" and more.severity == "error"
    assert "and 4,800 more findings in this file" in more.message and "4,800 errors" in more.message
    assert more.line == mine[-2].line + 1  # at the first one left out
    assert [f.code for f in findings if f.path == str(other)] == ["schema/unknown-key"]


@pytest.mark.parametrize("parse", [parse_yaml, yamlio._parse_composed], ids=["libyaml", "pure"])
def test_a_file_of_stray_top_level_keys_is_refused_at_the_first_one(parse):
    """Past the cap, stray top-level keys stop the reading: one finding at the first, naming
    the format's keys; the rest of a 400,000-key file is never built (issue 12 item 5)."""
    head = LOOT.count("\n")
    text = "".join(f"k{i}: 1\n" for i in range(3)) + LOOT + "".join(f"x{i}: 1\n" for i in range(MAX_PER_FILE))
    with pytest.raises(LoadError) as caught:
        # (libyaml reads events as it builds: an anchor after the stop is never read; the pure
        # path composes the whole file first, as for its other refusals)
        parse(text + "x_last: 1\n" + ("also: &a 1\n" if parse is parse_yaml else ""), "f.yaml")
    error = caught.value
    assert (error.code, error.line, error.col) == ("schema/unknown-key", 1, 1)
    assert error.message.startswith(f"more than {MAX_PER_FILE} keys at the top level that a rivages-loot/1 "
                                    "file does not have: 'k0' (line 1), 'k1' (line 2), 'k2' (line 3) and more")
    assert "has only the keys format, id, name, description, tokens" in error.message
    at_cap = LOOT + "".join(f"x{i}: 1\n" for i in range(MAX_PER_FILE))
    assert parse(at_cap, "f.yaml").data["x0"] == 1  # at the cap itself: read, and listed by the schema layer
    assert head > 3


def test_the_schema_layer_counts_past_the_cap_without_wording(tmp_path):
    data = parse_yaml(LOOT).data
    data["tokens"][0].update({f"k{i}": 1 for i in range(1000)})
    data["tokens"][1].pop("count")  # a missing key past the cap is counted too
    findings = schema_findings(data, None, "f.yaml")
    assert len(findings) == MAX_PER_FILE + 1
    assert findings[-1].code == "validate/more-findings" and "and 801 more findings" in findings[-1].message


def test_the_cap_keeps_warnings_and_notes_counted():
    findings = [Finding("a/b", "info", "m", "f", i, 1) for i in range(MAX_PER_FILE)]
    findings += [Finding("a/c", "warning", "m", "f", MAX_PER_FILE + i, 1) for i in range(3)]
    out = cap_per_file(findings)
    assert out[-1].severity == "warning" and "(3 warnings)" in out[-1].message


@pytest.mark.parametrize("text, value", [
    ("at: [1:00, 0]\n", ["1:00", 0]),       # YAML 1.1: 60
    ("at: 2001-01-01\n", "2001-01-01"),     # YAML 1.1: a date
    ("at: yes\n", "yes"),                   # YAML 1.1: true
    ("at: Off\n", "Off"),
    ("at: 0o17\n", 15),                     # YAML 1.1: text
    ("at: 0x1F\n", 31),
    ("at: 1e5\n", 100000.0),                # YAML 1.1: text
    ("at: +12\n", 12),
    ("at: 1_000\n", "1_000"),               # YAML 1.1: 1000
    ("at: true\n", True),
    ("at: ~\n", None),
])
def test_content_is_read_as_yaml_1_2_core(text, value):
    assert parse_yaml(text).data == {"at": value}


@pytest.mark.parametrize("text", ["id: 010\n", "id: -007\n", "id: [1, 00]\n"])
def test_a_leading_zero_is_refused_with_its_line(text):
    with pytest.raises(LoadError) as caught:
        parse_yaml("format: x\n" + text, "f.yaml")
    assert caught.value.code == "yaml/leading-zero" and caught.value.line == 2
    assert "leading zero" in caught.value.message and "in quotes" in caught.value.message


def test_yaml_1_1_forms_reach_the_author_as_plain_findings(tmp_path):
    board = (ROOT / "boards" / "realm" / "jungle-temples-2p.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "b.yaml"
    bad.write_text(board.replace("a1: {at: [0, 0]", "a1: {at: [1:00, 0]", 1), encoding="utf-8")
    found = [f for f in validate(bad) if f.severity == "error"]
    assert [(f.code, f.line) for f in found] == [("schema/type", board[:board.index("a1: {at")].count("\n") + 1)]
    assert "got the text '1:00'" in found[0].message


@pytest.mark.parametrize("depth", [45, 999, 1001, 5000])
@pytest.mark.parametrize("style", ["flow", "block"])
def test_deep_nesting_has_a_line(depth, style):
    if style == "flow":
        text = "format: x\nid: y\nat: " + "[" * depth + "]" * depth + "\n"
    else:
        text = "format: x\nid: y\nat:\n" + "".join(" " * (i + 1) + "-\n" for i in range(min(depth, 2000)))  # < 4 MiB
    with pytest.raises(LoadError) as caught:
        parse_yaml(text, "f.yaml")
    assert caught.value.code == "yaml/too-deep"
    assert caught.value.line is not None and caught.value.line >= 3


SYNTAX = [
    ("a: 1\n\t# c\n", "tab character"),
    ("a:\n\tb: 1\n", "tab character"),
    ("a: 'x\n", "closing quote is missing"),
    ('a: "\\q"\n', "not a known escape"),
    ("a: b: c\n", "starts a key inside a value"),
    ("a:\n  - 1\n b: 2\n", "indentation does not match"),
    ("a: [1, 2\nb: 1\n", "is not closed"),
    ("a: {b: 1,, }\n", "a value is missing"),
    ("a: |0\n x\n", "after '|' or '>'"),
    ("a: 1\n...\nb\n", "follows the end of the content"),
    ("a: @x\n", "cannot start a value here"),
    ("a: !e!x 1\n", "unknown tag"),
    ("a: [b, c]]\n", "has no opening"),
    ("a: ]\n", "a value is missing"),
    ("a: &\n", "followed by a name"),
    ('a: "\\x4"\n', "hexadecimal digits"),
]


@pytest.mark.parametrize("text, words", SYNTAX)
def test_syntax_errors_are_plain_words_with_a_line(text, words):
    with pytest.raises(LoadError) as caught:
        parse_yaml(text, "f.yaml")
    error = caught.value
    assert error.line is not None and error.col is not None
    assert words in error.message, error.message
    for raw in ("while scanning", "while parsing", "<block", "<scalar>", "<stream", "cannot start any token"):
        assert raw not in error.message, error.message


def test_the_loader_holds_the_collector_off_and_gives_it_back():
    import gc

    from studio.content.gc_hold import gc_hold

    assert gc.isenabled()
    seen = []
    real = yamlio._parse_events if yamlio._CLoader is not None else yamlio._parse_composed

    def spy(*args):
        seen.append(gc.isenabled())
        return real(*args)

    name = "_parse_events" if yamlio._CLoader is not None else "_parse_composed"
    setattr(yamlio, name, spy)
    try:
        parse_yaml("a: 1\n")
        with pytest.raises(LoadError):
            parse_yaml("a: &x 1\n")
    finally:
        setattr(yamlio, name, real)
    assert seen == [False, False] and gc.isenabled()
    with gc_hold():  # another hold (the editor's validation worker): the loader does not end it
        parse_yaml("a: 1\n")
        assert not gc.isenabled()
    assert gc.isenabled()
