"""The lenient board load (studio.model.lenient): what the schema rejects is left out or stood
in for, each change recorded with its place in the file; what cannot be kept is refused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from studio.content import LoadError
from studio.model.io import InvalidContent, read_board
from studio.model.lenient import read_board_leniently
from studio.validate import validate

ROOT = Path(__file__).resolve().parents[1]
BOARD = ROOT / "boards" / "realm" / "two-deities-2p.yaml"


def _write(tmp_path, text: str) -> Path:
    target = tmp_path / "b.yaml"
    target.write_text(text)
    return target


def _line_of(text: str, needle: str) -> int:
    return text[:text.index(needle)].count("\n") + 1


def test_a_valid_board_opens_plainly():
    board, problems = read_board_leniently(BOARD)
    assert problems is None and board == read_board(BOARD)


def test_a_misspelt_segment_key_is_left_out_and_the_rest_kept(tmp_path):
    text = BOARD.read_text().replace("treasure:", "tresure:", 1)
    path = _write(tmp_path, text)
    board, problems = read_board_leniently(path)
    good = read_board(BOARD)
    assert [f.format() for f in problems.findings] == [f.format() for f in validate(str(path))]
    (d,) = problems.dropped
    assert d.code == "schema/unknown-key" and d.where.endswith(".tresure") and d.line == _line_of(text, "tresure:")
    assert len(board.segments) == len(good.segments) and board.pegs == good.pegs and board.lines == good.lines


def test_an_entry_missing_a_required_key_goes_whole_and_later_places_stay_true(tmp_path):
    # the first segment loses its pegs: it is left out, and the segments after it still find
    # their own lines in the file (list indices shift, places do not)
    text = BOARD.read_text()
    first = re.search(r"\n- \{pegs: \[[^\]]*\], ", text[text.index("segments:"):])
    start = text.index("segments:") + first.start()
    text = text[:start] + "\n- {" + text[start + len(first.group()):]
    path = _write(tmp_path, text)
    board, problems = read_board_leniently(path)
    assert [d.code for d in problems.dropped] == ["schema/missing-key"]
    assert problems.dropped[0].where == "segments[0]" and problems.dropped[0].line == _line_of(text, "\n- {") + 1
    assert len(board.segments) == len(read_board(BOARD).segments) - 1
    assert board.source.locate(("segments", 0)) == (_line_of(text, "\n- {") + 2, 3)


def test_a_missing_key_with_a_choice_of_values_is_stood_in_for(tmp_path):
    text = re.sub(r", colour: \w+\}", "}", BOARD.read_text(), count=1)
    board, problems = read_board_leniently(_write(tmp_path, text))
    (d,) = problems.dropped
    assert (d.value, d.default) == ("(missing)", '"red"') and board.pegs[d.where.split(".")[1]].colour == "red"


def test_a_bad_peg_id_leaves_that_peg_out(tmp_path):
    text = BOARD.read_text().replace("\nname:", "\nname:", 1)
    text = re.sub(r"\npegs:\n", "\npegs:\n  'Bad Id!': {at: [90, 90], colour: red}\n", text, count=1)
    board, problems = read_board_leniently(_write(tmp_path, text))
    assert [(d.code, d.where) for d in problems.dropped] == [("schema/bad-key", "pegs.Bad Id!")]
    assert "Bad Id!" not in board.pegs


@pytest.mark.parametrize("edit,error", [
    (lambda t: t.replace("format: realm-board/2\n", ""), InvalidContent),        # no format
    (lambda t: t[:t.index("pegs:")] + t[t.index("lines:"):], InvalidContent),    # no pegs at all
    (lambda t: t.replace("format: realm-board/2", "format: realm-bored/2"), InvalidContent),
    (lambda t: t + "\n  oops: [\n", LoadError),                                  # YAML does not parse
])
def test_what_cannot_be_kept_is_refused_as_before(tmp_path, edit, error):
    path = _write(tmp_path, edit(BOARD.read_text()))
    with pytest.raises(error) as lenient:
        read_board_leniently(path)
    with pytest.raises(error) as strict:
        read_board(path)
    assert str(lenient.value) == str(strict.value)


def test_several_entries_left_out_in_one_list_keep_their_own_places(tmp_path):
    # segments 0 and 2 each lose their pegs: both go, each recorded at its own line and index
    text = BOARD.read_text()
    head, tail = text[:text.index("segments:")], text[text.index("segments:"):]
    lines = tail.split("\n")
    seg = [i for i, line in enumerate(lines) if line.startswith("- {pegs: [")]
    for i in (seg[0], seg[2]):
        lines[i] = "- {" + lines[i].split("], ", 1)[1]
    text = head + "\n".join(lines)
    board, problems = read_board_leniently(_write(tmp_path, text))
    first_line = head.count("\n") + 1
    assert [(d.where, d.line) for d in problems.dropped] == [
        ("segments[0]", first_line + seg[0]), ("segments[2]", first_line + seg[2])]
    assert len(board.segments) == len(read_board(BOARD).segments) - 2


def test_a_dropped_value_never_shows_a_left_out_marker(tmp_path):
    """Trial 2: an island space with a misspelt ``kind`` was listed as left out with
    ``"kidn": "<object object at 0x…>"`` in the status bar."""
    from studio.content import bundled_path
    from studio.model.lenient import read_leniently
    from studio.model.rivages import Island

    source = bundled_path("boards", "rivages", "islands", "amber-shoals.yaml").read_text(encoding="utf-8")
    assert "kind: " in source
    path = tmp_path / "kidn.yaml"
    path.write_text(source.replace("kind: ", "kidn: ", 1), encoding="utf-8")
    _island, problems = read_leniently(path, Island)
    assert problems is not None and problems.dropped
    assert not any("object at" in d.format() for d in problems.dropped)
