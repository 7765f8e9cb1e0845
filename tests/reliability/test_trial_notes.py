"""Issue 12, notes from the trial of the reliability fixes: a link out of the content root in a
validated folder, one finding per value, and values quoted as the author wrote them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from studio.content import parse_yaml, yamlio
from studio.content.schemas import schema_findings
from studio.model import locations
from studio.validate import validate
from studio.validate.pipeline import validate_paths

ROOT = Path(__file__).resolve().parents[2]
BOARD = (ROOT / "boards" / "realm" / "jungle-temples-2p.yaml").read_text(encoding="utf-8")
SCENARIO = (ROOT / "scenarios" / "jungle-temples.yaml").read_text(encoding="utf-8")


def _content_with_links(tmp_path: Path) -> tuple[Path, Path, Path]:
    """(content root, a link in it to a file outside, a link in it to a file inside)."""
    root = tmp_path / "content"
    (root / "boards").mkdir(parents=True)
    (root / "scenarios").mkdir()
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "secret.yaml").write_text("format: realm-board/2\nhello there: 1\n", encoding="utf-8")
    (root / "boards" / "real.yaml").write_text(BOARD, encoding="utf-8")
    out_link = root / "boards" / "out.yaml"
    out_link.symlink_to(Path("..") / ".." / "elsewhere" / "secret.yaml")
    in_link = root / "boards" / "in.yaml"
    in_link.symlink_to("real.yaml")
    return root, out_link, in_link


def test_a_link_out_of_the_content_root_in_a_validated_folder_is_not_read(tmp_path):
    root, out_link, in_link = _content_with_links(tmp_path)
    findings, files, _ = validate_paths([str(root)])
    mine = [f for f in findings if f.path == str(out_link)]
    assert [f.code for f in mine] == ["content/link-escapes-root"]
    message = mine[0].message
    assert message.startswith(f"is a symbolic link to '../../elsewhere/secret.yaml' "
                              f"({(tmp_path / 'elsewhere' / 'secret.yaml').resolve()}), outside the content "
                              f"root {root.resolve()}: not read")
    assert not any("hello there" in f.message for f in findings)  # the outside file was not read
    assert [f for f in findings if f.path == str(in_link) and f.severity == "error"] == []  # inside: read
    assert files == 3


def test_a_link_named_on_the_command_line_is_read(tmp_path):
    _root, out_link, _ = _content_with_links(tmp_path)
    found = validate(out_link)
    assert any("'hello there'" in f.message for f in found)


def test_a_scenario_linked_from_outside_gives_no_location(tmp_path):
    """The same rule where the studio lists a folder itself: the scenarios that give a board
    its location."""
    root, _, _ = _content_with_links(tmp_path)
    (tmp_path / "elsewhere" / "jungle.yaml").write_text(SCENARIO, encoding="utf-8")
    (root / "scenarios" / "jungle.yaml").symlink_to(tmp_path / "elsewhere" / "jungle.yaml")
    assert locations._scenario_files(root / "scenarios") == []
    shutil.copy(ROOT / "scenarios" / "jungle-temples.yaml", root / "scenarios" / "own.yaml")
    assert [p.name for p in locations._scenario_files(root / "scenarios")] == ["own.yaml"]


def test_a_file_of_plain_text_is_named_in_words():
    doc = parse_yaml("hello there\n", "f.yaml")
    (finding,) = schema_findings(doc.data, doc.source, "f.yaml")
    assert finding.message == ("a studio file is a mapping of keys to values with a 'format:' key, got the text "
                               "'hello there' (plain text, not a studio file?)")
    doc = parse_yaml("[1, 2]\n", "f.yaml")
    assert schema_findings(doc.data, doc.source, "f.yaml")[0].message.endswith("got a list of 2 items")


def _findings(old: str, new: str, text: str = BOARD, parse=parse_yaml):
    assert old in text
    doc = parse(text.replace(old, new, 1), "b.yaml")
    return [(f.code, f.line, f.message) for f in schema_findings(doc.data, doc.source, "b.yaml")]


PLAYERS_LINE = BOARD[:BOARD.index("\nplayers:")].count("\n") + 2


@pytest.mark.parametrize("new, message", [
    # a whole number expected and out of range: one finding, the type's (its words give the range)
    ("players: 6.0", "'players' must be a whole number from 2 to 4, got the number 6.0"),
    ("players: 3.0", "'players' must be a whole number from 2 to 4, got the number 3.0 (write 3, without the "
                     "decimal point)"),
    ("players: 9.5", "'players' must be a whole number from 2 to 4, got the number 9.5"),
    ("players: 7", "'players' must be a whole number from 2 to 4, got 7"),
])
def test_one_finding_per_value(new, message):
    assert _findings("players: 2", new) == [
        ("schema/type" if "." in new else "schema/range", PLAYERS_LINE, message)]


@pytest.mark.parametrize("schema, value, kept", [
    ({"type": "integer", "minimum": 2, "maximum": 4, "multipleOf": 2}, 9.0, "type"),
    ({"type": "string", "minLength": 3, "pattern": "^a"}, "b", "pattern"),
    ({"type": "string", "enum": ["red", "blue"], "maxLength": 4}, "yellow", "enum"),
    ({"type": "array", "minItems": 3, "uniqueItems": True}, [1, 1], "minItems"),
])
def test_one_error_per_value_and_schema_node(schema, value, kept):
    from studio.content.schemas import _one_per_value, strict_validator_class

    errors = list(strict_validator_class()(schema).iter_errors(value))
    assert len(errors) >= 2  # the trap: several keywords of one node fail
    assert [e.validator for e in _one_per_value(errors)] == [kept]


def test_a_missing_and_an_unknown_key_of_one_mapping_stay_two_findings():
    found = _findings("a1: {at: [0, 0], colour: green}", "a1: {colour: green, size: 2}")
    assert sorted(code for code, _line, _msg in found) == ["schema/missing-key", "schema/unknown-key"]


@pytest.mark.parametrize("parse", [parse_yaml, yamlio._parse_composed], ids=["libyaml", "pure"])
@pytest.mark.parametrize("written, shown", [
    ("1e3", "the number 1e3 (put it in quotes, '1e3', to make it a text)"),
    ("0x1F", "the number 0x1F (put it in quotes, '0x1F', to make it a text)"),
    ("+12", "the number +12 (put it in quotes, '+12', to make it a text)"),
    ("True", "True (true/false) (put it in quotes, 'True', to make it a text)"),
    ("12", "the number 12 (put it in quotes, '12', to make it a text)"),
])
def test_advice_quotes_the_value_as_written(parse, written, shown):
    head = BOARD[:BOARD.index("\nid:") + 1]
    line = head.count("\n") + 1
    old = BOARD[len(head):BOARD.index("\n", len(head))]
    (finding,) = _findings(old, f"id: {written}", parse=parse)
    assert finding[0] == "schema/type" and finding[1] == line
    assert finding[2].endswith(f", got {shown}"), finding[2]
    assert "1000.0" not in finding[2] and "31" not in finding[2]


def test_the_source_map_keeps_only_texts_written_otherwise():
    doc = parse_yaml("a: [1e3, 2.5, 7, 0o17, true, TRUE, 6.0, ~]\n")
    assert doc.source.texts == {("a", 0): "1e3", ("a", 3): "0o17", ("a", 5): "TRUE"}
    assert doc.source.written(("a", 0)) == "1e3" and doc.source.written(("a", 1)) is None


@pytest.mark.parametrize("parse", [parse_yaml, yamlio._parse_composed], ids=["libyaml", "pure"])
@pytest.mark.parametrize("text, shown", [
    ("a: !!python/object x\n", "the tag !!python/object is not allowed"),
    ("a: !!int x\n", "'x' is not a whole number, as its tag !!int says"),
    ("a: !!str [1]\n", "the tag !!str is not allowed on a list"),
    ("!!binary a: 1\n", "the tag !!binary is not allowed"),
    ("a: !foo 1\n", "the tag !foo is not allowed"),
])
def test_tags_are_named_as_written(parse, text, shown):
    """Found by the long fuzzer: tags were named by PyYAML's full form (tag:yaml.org,2002:...)."""
    from studio.content import LoadError
    from tests.reliability.harness import jargon

    with pytest.raises(LoadError) as caught:
        parse(text, "f.yaml")
    assert caught.value.code == "yaml/tag" and caught.value.line == 1
    assert shown in caught.value.message and jargon(caught.value.message) is None
