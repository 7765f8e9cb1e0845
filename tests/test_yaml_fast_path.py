"""The loader's libyaml path (events parsed in C, data built in Python) gives exactly what the
pure-Python path gives: the same data, the same line:col of every key and value, and the same
refusals at the same places; and huge files are refused before every entry is checked."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from studio.content import LoadError, yamlio
from studio.content.schemas import schema_findings

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted([*ROOT.glob("boards/**/*.yaml"), *ROOT.glob("scenarios/*.yaml"), *ROOT.glob("tests/data/**/*.yaml")])

pytestmark = pytest.mark.skipif(yamlio._CLoader is None, reason="PyYAML without libyaml: one path only")


def outcome(parse, text: str):
    try:
        doc = parse(text, "x.yaml")
    except LoadError as exc:
        return ("refused", exc.code, exc.line, exc.col, exc.message)
    return ("data", doc.data, doc.source.values, doc.source.keys)


def both(text: str):
    fast, pure = outcome(yamlio.parse_yaml, text), outcome(yamlio._parse_composed, text)
    assert fast == pure
    return fast


def test_the_fast_path_is_the_one_used(monkeypatch):
    def not_called(*_args):
        raise AssertionError("the pure-Python parser ran")
    monkeypatch.setattr(yamlio, "_parse_composed", not_called)
    doc = yamlio.load_document(ROOT / "boards" / "realm" / "volcano-3p.yaml")
    assert doc.data["format"] == "realm-board/2"


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_content_file_loads_the_same(path):
    both(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("text, code, line, col", [
    ("a: &x 1\nb: 2\n", "yaml/anchor", 1, 4),
    ("a: [1, 2]\nb: *x\n", "yaml/alias", 2, 4),              # an alias to nothing
    ("a: &x 1\nb: *x\n", "yaml/anchor", 1, 4),
    ("a: !!python/name:os.system x\n", "yaml/tag", 1, 4),
    ("a: !foo [1]\n", "yaml/tag", 1, 4),
    ("a: !!str [1]\n", "yaml/tag", 1, 4),                    # a text tag on a list
    ("a: !!int x\n", "yaml/tag", 1, 4),                      # used to crash with ValueError
    ("a: !!bool maybe\n", "yaml/tag", 1, 4),                 # used to crash with KeyError
    ("!foo a: 1\n", "yaml/tag", 1, 1),
    ("<<: {a: 1}\n", "yaml/merge-key", 1, 1),
    ("a: 1\nb: 2\na: 3\n", "yaml/duplicate-key", 3, 1),
    ("? [a]\n: 1\n", "yaml/complex-key", 1, 3),
    ("a: [1, .nan]\n", "yaml/non-finite", 1, 8),
    ("a: " + "[" * 41 + "]" * 41 + "\n", "yaml/too-deep", 1, 44),
    ("a: 1\n---\nb: 2\n", "yaml/syntax", 2, 1),              # two documents
    ("a: {b: 1\n", "yaml/syntax", 1, 4),
    ("# only a comment\n", "yaml/empty", 1, 1),
    ("a: 1 # fine\nb: x: y\n", "yaml/syntax", 2, 5),
])
def test_refusals_are_the_same(text, code, line, col):
    assert both(text)[:4] == ("refused", code, line, col)


def test_an_error_after_a_refusal_comes_first_as_in_the_pure_path():
    # the pure path composes the whole file before building: the anchor on line 3 wins
    kind, code, line, _col, _msg = both("a: 1\na: 2\nb: &x 3\n")
    assert (kind, code, line) == ("refused", "yaml/anchor", 3)


def test_empty_values_are_placed_at_their_colon_not_at_the_next_token():
    # libyaml marks an empty value at the next token, which may be lines further on
    result = both("pegs:\n  a1: {at: [0, 0], colour: }\nname:\n  \nid: x\n")
    assert result[0] == "data"
    values = result[2]
    assert values[("pegs", "a1", "colour")] == (2, 27)
    assert values[("name",)] == (3, 6)


def test_a_file_with_tabs_takes_the_pure_path_and_its_refusal():
    assert both("a: 1\t\nb:\t2\n")[:2] == ("refused", "yaml/syntax")


def test_random_damage_gives_the_same_outcome():
    rng = random.Random(20261130)
    bases = [p.read_text(encoding="utf-8") for p in FILES[:12]]
    pieces = ["&a ", "*a", "!!str ", "!x ", "<<: {x: 1}\n", "{", "[", "]", "}", ":", "- ", "\n  ", "'", '"',
              ".nan", "x: 1\nx: 2\n", "? [a]\n: 1\n", "---\n", "1: a\n", "yes: 2\n", "é", "#", "~", "''",
              "!!int 1.5", "!!float x", "!!seq [1]", "!!map {a: 1}", "key:\n"]
    for _ in range(300):
        text = rng.choice(bases)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(text) + 1)
            if rng.random() < 0.7:
                text = text[:at] + rng.choice(pieces) + text[at:]
            else:
                text = text[:at] + text[at + rng.randint(1, 20):]
        both(text)


def test_the_c_parser_is_the_one_pyyaml_offers():
    assert issubclass(yamlio._CLoader, yaml.CSafeLoader)  # with the YAML 1.2 core resolver


def test_a_board_with_too_many_pegs_is_refused_at_the_first_peg_too_many():
    """The limit comes from the schema named by ``format:``; the rest of the file is not built."""
    pegs = "".join(f"  p{i}: {{at: [{i % 300}, {i // 300}], colour: red}}\n" for i in range(30_000))
    with pytest.raises(LoadError) as caught:
        yamlio.parse_yaml(f"format: realm-board/1\nid: huge\nname: Huge\nplayers: 2\npegs:\n{pegs}", "huge.yaml")
    error = caught.value
    assert (error.code, error.line, error.col) == ("schema/length", 6 + 20_000, 3)
    assert error.message == "'pegs' has more than 20000 entries; at most 20000 are allowed"


def test_the_schema_refuses_oversized_data_before_checking_entries():
    data = {"format": "realm-board/1", "id": "huge", "name": "Huge", "players": 2,
            "pegs": {f"p{i}": {"at": [i, 0], "colour": "red"} for i in range(20_001)}}
    findings = schema_findings(data, None, "huge.yaml")
    assert [(f.code, f.message) for f in findings] == [
        ("schema/length", "'pegs' has 20001 entries; at most 20000 are allowed")]
