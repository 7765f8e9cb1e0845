"""JSON files the studio reads (boards and scenarios saved as JSON, saved games, balance
records, reports) are read as JSON: a syntax error is ``json/syntax`` at JSON's line and column
in every command, never ``yaml/syntax`` with YAML's words."""

from __future__ import annotations

import io
import json

import pytest

from studio import cli
from studio.content import LoadError, load_document
from studio.content.paths import bundled_path


def _board_json(indent="\t") -> str:
    data = load_document(bundled_path("boards", "realm", "jungle-temples-2p.yaml")).data
    return json.dumps(data, indent=indent)


def _with_comma_after_line(text: str, index: int) -> str:
    lines = text.splitlines()
    lines[index] += ","
    return "\n".join(lines) + "\n"


@pytest.fixture
def broken_board(tmp_path):
    """A board saved as JSON with a stray ',' at the end of line 4 (a ',' before a key)."""
    text = _with_comma_after_line(_board_json(indent=1), 3)
    path = tmp_path / "board.json"
    path.write_text(text, encoding="utf-8")
    return path, len(text.splitlines()[3])  # the second of the two commas


@pytest.mark.parametrize("command", [["validate"], ["playtest", "--games", "2", "--jobs", "1"],
                                     ["balance", "-p", "2"], ["render", "-o", "OUT.pdf"],
                                     ["export-tts", "-o", "OUT.json"]])
def test_every_command_names_a_json_syntax_error_with_its_position(command, broken_board, capsys, tmp_path):
    path, col = broken_board
    args = [command[0], str(path)] + [a.replace("OUT", str(tmp_path / "out")) for a in command[1:]]
    assert cli.main(args) in (1, 2)
    captured = capsys.readouterr()
    err = captured.out + captured.err  # validate reports on standard output, the others on error
    assert f"{path}:4:{col}: error json/syntax: JSON syntax error: expected a key in double quotes here" in err
    assert "yaml/" not in err and "Traceback" not in err
    assert not list(tmp_path.glob("out*"))


def test_a_tab_indented_json_board_is_valid(tmp_path, capsys):
    path = tmp_path / "board.json"
    path.write_text(_board_json(indent="\t"), encoding="utf-8")
    assert cli.main(["validate", str(path)]) == 0
    assert capsys.readouterr().out.endswith("checked 1 file: 0 errors, 0 warnings\n")


@pytest.mark.parametrize("text, code, line, col, words", [
    ('{"a": 1,}\n', "json/syntax", 1, 9, "expected a key in double quotes here"),
    ('{"a": 1\n "b": 2}\n', "json/syntax", 1, 7, "a ',' is probably missing after the value that ends here"),
    ('{"a": [1, "x"]  \n\n  "b": 2}\n', "json/syntax", 1, 14, "a ',' is probably missing after the value"),
    ('[{"a": 1} {"b": 2}]\n', "json/syntax", 1, 9, "a ',' is probably missing after the value"),
    ('{"a": 1\n', "json/syntax", 2, 1, "the file ends in the middle of the data"),
    ('{"a": "NaN",\n "b": [1, NaN]}\n', "json/syntax", 2, 11, "NaN is not a number JSON allows"),
    ('{"a \\" NaN": Infinity}\n', "json/syntax", 1, 14, "Infinity is not a number JSON allows"),
    ('{"a":\n  -Infinity}\n', "json/syntax", 2, 3, "-Infinity is not a number JSON allows"),
    ('{"a": 1,\n "b": [2, 1e400]}\n', "json/non-finite", 2, 11, "1e400 is too large for a number"),
    ('{"x 1e400": "1e400",\n "y": -1E+400}\n', "json/non-finite", 2, 7, "-1E+400 is too large for a number"),
    ('{"a": [1e-400, 11e400]}\n', "json/non-finite", 1, 16, "11e400 is too large for a number"),
    ('', "json/empty", 1, 1, "the file is empty"),
    (' \n\t\n', "json/empty", 1, 1, "the file is empty"),
    ('\ufeff\n', "json/empty", 1, 1, "the file is empty"),
    ('{"a": ' + "[" * 41 + "]" * 41 + "}\n", "json/too-deep", 1, 47, "nesting deeper than 40 levels"),
    ('{"a" 1}\n', "json/syntax", 1, 6, "a key is missing its ':' here"),
    ('{"a": [1,]}\n', "json/syntax", 1, 10, "a value is missing here"),
    ('{"a": 1}\n{"b": 2}\n', "json/syntax", 2, 1, "something follows the end of the JSON value"),
    ('{"a": "x\ty"}\n', "json/syntax", 1, 9, "a control character inside a quoted text"),
    ('a: 1\n', "json/syntax", 1, 1, "a value is missing here"),
    ('{"a": 1,\n "a": 2}\n', "json/duplicate-key", 2, 2, "duplicate key 'a' (first at line 1)"),
])
def test_json_reasons_in_plain_words_at_json_positions(tmp_path, text, code, line, col, words):
    path = tmp_path / "thing.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LoadError) as err:
        load_document(path)
    assert (err.value.code, err.value.line, err.value.col) == (code, line, col)
    assert words in err.value.message


def test_json_on_standard_input_or_under_a_yaml_name_is_named_json(tmp_path, capsys, monkeypatch):
    text = _with_comma_after_line(_board_json(indent=1), 3)
    col = len(text.splitlines()[3])
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    assert cli.main(["validate", "-"]) == 1
    assert f"<stdin>:4:{col}: error json/syntax: JSON syntax error:" in capsys.readouterr().out
    path = tmp_path / "board.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LoadError) as err:
        load_document(path)
    assert (err.value.code, err.value.line, err.value.col) == ("json/syntax", 4, col)


def test_yaml_written_by_hand_keeps_yaml_words(tmp_path):
    path = tmp_path / "board.yaml"
    path.write_text("{format: realm-board/1, id: x,, players: 2}\n", encoding="utf-8")
    with pytest.raises(LoadError) as err:
        load_document(path)
    assert err.value.code == "yaml/syntax" and err.value.message.startswith("YAML syntax error")


def test_explain_knows_the_json_codes(capsys):
    assert cli.main(["explain", "json/syntax", "json/duplicate-key", "json/empty", "json/too-large",
                     "json/too-deep", "json/non-finite"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("json/syntax (error; Loading") and "json/duplicate-key (error; Loading" in out


def test_a_broken_balance_record_names_its_line_and_column(tmp_path):
    from studio.generate.realm import adopted_runs
    from studio.generate.symmetry import GenerateError

    record = tmp_path / "volcano-3p.balance-1.json"
    record.write_text('{"format": "studio-balance/1",\n "board": {"id": "volcano-3p"}\n "proposals": []}\n')
    with pytest.raises(GenerateError) as err:
        adopted_runs("volcano-3p", tmp_path)
    assert str(err.value) == (f"{record}:2:30: not a readable balance record (JSON syntax error: a ',' is probably "
                              "missing after the value that ends here (or a closing ']' or '}' is missing before "
                              "the next value))")
    record.write_text('{"format": "studio-balance/1", "board": {"id": "volcano-3p"}, "adopted": NaN}\n')
    with pytest.raises(GenerateError) as err:
        adopted_runs("volcano-3p", tmp_path)
    assert str(err.value).startswith(f"{record}:1:74: not a readable balance record (JSON syntax error: NaN is not")


@pytest.mark.parametrize("text, where, words", [
    ("", "1:1", "the file is empty"),
    ('{"format": "realm-board/2", "id": "x", "players": NaN}', "1:51", "NaN is not a number JSON allows"),
])
def test_every_command_refuses_an_empty_or_non_finite_json_file(text, where, words, tmp_path, capsys):
    path = tmp_path / "board.json"
    path.write_text(text, encoding="utf-8")
    code = "json/empty" if not text else "json/syntax"
    for command in (["validate"], ["render", "-o", str(tmp_path / "out.pdf")], ["playtest", "-n", "1"]):
        assert cli.main([command[0], str(path), *command[1:]]) in (1, 2)
        captured = capsys.readouterr()
        first = (captured.out + captured.err).splitlines()[0]
        assert first.startswith(f"{path}:{where}: error {code}: ") and words in first, first
        assert "yaml/" not in captured.out + captured.err
    assert not list(tmp_path.glob("out*"))


def test_a_number_too_large_in_json_is_json_non_finite_wherever_json_is_read(tmp_path, capsys, monkeypatch):
    """Fresh-user trial: 1e400 in a .json board (JSON syntax, but infinity once read) was
    yaml/non-finite, worded for YAML. It is json/non-finite at the number, in a .json file, on
    standard input and under a YAML name, and a pasted fragment refuses it in JSON's words."""
    from studio.model.fragment import Fragment

    text = '{"format": "realm-board/2",\n "id": "x", "players": 1e400}\n'
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    assert cli.main(["validate", "-"]) == 1
    out = capsys.readouterr().out
    assert "<stdin>:2:24: error json/non-finite: 1e400 is too large for a number" in out and "yaml/" not in out
    for name in ("board.json", "board.yaml"):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        with pytest.raises(LoadError) as err:
            load_document(path)
        assert (err.value.code, err.value.line, err.value.col) == ("json/non-finite", 2, 24), name
    with pytest.raises(ValueError, match="1e999 is too large for a number"):
        Fragment.from_json('{"format": "board-studio-fragment/1", "pegs": {"a1": [1e999, 0, "red"]}}')


def test_a_pasted_fragment_with_a_non_finite_coordinate_is_refused():
    from studio.model.fragment import Fragment

    with pytest.raises(ValueError, match="NaN is not a number JSON allows"):
        Fragment.from_json('{"format": "board-studio-fragment/1", "pegs": {"a1": [NaN, 0, "red"]}}')
    with pytest.raises(ValueError, match="peg a1's place is not a finite number"):
        Fragment.from_json('{"format": "board-studio-fragment/1", "pegs": {"a1": ["nan", 0, "red"]}}')


def test_a_json_file_over_the_size_limit_is_json_too_large(tmp_path):
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"format": "realm-board/2", "notes": ["x" * 1000] * 5000}), encoding="utf-8")
    with pytest.raises(LoadError) as err:
        load_document(path)
    assert (err.value.code, err.value.path, err.value.line) == ("json/too-large", str(path), None)
    with pytest.raises(LoadError) as err:
        load_document(path, name="shown.json")  # a resolved reference: named as the author spelt it
    assert (err.value.code, err.value.path) == ("json/too-large", "shown.json")


@pytest.mark.parametrize("text, code, words", [
    ("{}\n", "schema/no-format", 'missing "format" key (one of: '),
    ("null\n", "schema/not-a-mapping", 'a studio file is a JSON object with a "format" key, got null'),
    ("[1]\n", "schema/not-a-mapping", 'a studio file is a JSON object with a "format" key, got a list'),
])
def test_a_json_file_without_its_format_is_told_in_json_words(tmp_path, text, code, words):
    path = tmp_path / "thing.json"
    path.write_text(text, encoding="utf-8")
    from studio.validate import validate

    [finding] = validate(path)
    assert (finding.code, finding.line, finding.col) == (code, 1, 1) and finding.message.startswith(words)
    assert "'format:'" not in finding.message and "mapping" not in finding.message
