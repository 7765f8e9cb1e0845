"""The loader and the atomic writer refuse what would hang, crash or defeat the user."""

import os
import stat
from pathlib import Path

import pytest

from studio.content import LoadError, load_document, parse_yaml, save_atomic


@pytest.mark.parametrize("text", ["x: .nan\n", "x: [1, .inf]\n", "x: -.Inf\n"])
def test_nan_and_infinity_are_refused_with_their_position(text):
    with pytest.raises(LoadError) as info:
        parse_yaml(text, "board.yaml")
    assert info.value.code == "yaml/non-finite"
    assert info.value.line == 1 and info.value.col is not None


def test_a_fifo_is_refused_instead_of_blocking(tmp_path):
    fifo = tmp_path / "board.yaml"
    os.mkfifo(fifo)
    with pytest.raises(LoadError, match="not a regular file"):
        load_document(fifo)


def test_a_read_only_file_is_not_replaced(tmp_path):
    target = tmp_path / "board.yaml"
    target.write_text("a: 1\n")
    target.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    with pytest.raises(PermissionError, match="read-only"):
        save_atomic(target, "b: 2\n")
    assert target.read_text() == "a: 1\n"
    assert [p.name for p in tmp_path.iterdir()] == ["board.yaml"]  # no temp file left


def _read_fifo_in_background(fifo):
    import threading

    got: list[bytes] = []

    def read():
        with open(fifo, "rb") as fh:
            got.append(fh.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return reader, got


def test_a_named_pipe_is_written_through_never_replaced_by_a_file(tmp_path):
    """A path that is a device or a pipe (``--json /dev/null``, a FIFO a script reads) is
    written in place: renaming a temp file over it made ``/dev/null`` a regular file for the
    whole machine (the trial's blocker)."""
    import stat as st

    from studio.content.yamlio import save_atomic

    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    reader, got = _read_fifo_in_background(fifo)
    assert save_atomic(fifo, "format: x\n") is None
    reader.join(10)
    assert got == [b"format: x\n"]
    assert st.S_ISFIFO(os.stat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.fifo"]  # no temp file left


def test_a_qt_writers_temp_file_is_copied_through_a_pipe(tmp_path):
    import stat as st

    from studio.content.yamlio import replace_with, temp_path_beside

    fifo = tmp_path / "sheet.fifo"
    os.mkfifo(fifo)
    tmp = temp_path_beside(fifo)
    tmp.write_bytes(b"%PDF-1.4 bytes")
    reader, got = _read_fifo_in_background(fifo)
    replace_with(tmp, fifo)
    reader.join(10)
    assert got == [b"%PDF-1.4 bytes"] and st.S_ISFIFO(os.stat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.fifo"]


def test_a_playtest_json_to_a_pipe_leaves_the_pipe(tmp_path):
    import stat as st

    from studio.playtest.cli import main

    fifo = tmp_path / "games.fifo"
    os.mkfifo(fifo)
    reader, got = _read_fifo_in_background(fifo)
    root = Path(__file__).resolve().parent.parent
    assert main([str(root / "scenarios" / "jungle-temples.yaml"), "--players", "2", "--games", "1", "-q",
                 "--json", str(fifo)]) == 0
    reader.join(10)
    assert got and got[0].startswith(b"{") and b'"games"' in got[0]
    assert st.S_ISFIFO(os.stat(fifo).st_mode)
