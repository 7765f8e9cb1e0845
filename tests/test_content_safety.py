"""The loader and the atomic writer refuse what would hang, crash or defeat the user."""

import os
import stat

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
