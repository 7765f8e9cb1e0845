"""A folder that exists but takes no new files (/proc, a read-only mount, no permission) is
named as such by every writer, never as "the folder does not exist"."""

from __future__ import annotations

import errno
import tempfile

import pytest

from studio.content.yamlio import folder_refusal, os_error_text, probe_folder, save_atomic

PROC = "/proc"
needs_proc = pytest.mark.skipif(probe_folder(PROC) is None or not __import__("os").path.isdir(PROC),
                                reason="needs a /proc that refuses new files")


def _refuse(monkeypatch, err: int, cls=OSError):
    def refuse(*_a, **_k):
        raise cls(err, __import__("os").strerror(err))
    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    monkeypatch.setattr(tempfile, "TemporaryFile", refuse)


@needs_proc
def test_save_atomic_in_proc_says_the_folder_takes_no_files():
    with pytest.raises(FileNotFoundError) as caught:
        save_atomic("/proc/board.yaml", "a: 1\n")
    assert os_error_text(caught.value) == "/proc/board.yaml: cannot write in /proc: the folder does not accept new files"


@pytest.mark.parametrize("err, cls, why", [
    (errno.EACCES, PermissionError, "permission denied"),
    (errno.EROFS, OSError, "the disk is read-only"),
    (errno.ENOSPC, OSError, "the disk is full"),
    (errno.EIO, OSError, "the folder does not accept new files (input/output error)"),
])
def test_save_atomic_names_the_folder_and_the_reason(tmp_path, monkeypatch, err, cls, why):
    target = tmp_path / "board.yaml"
    target.write_text("old: 1\n")
    _refuse(monkeypatch, err, cls)
    with pytest.raises(OSError) as caught:
        save_atomic(target, "a: 1\n")
    assert os_error_text(caught.value) == f"{target}: cannot write in {tmp_path}: {why}"
    assert target.read_text() == "old: 1\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.yaml"]


def test_a_missing_folder_still_says_so(tmp_path):
    with pytest.raises(FileNotFoundError) as caught:
        save_atomic(tmp_path / "gone" / "b.yaml", "a: 1\n")
    assert caught.value.strerror == f"the folder {tmp_path / 'gone'} does not exist"


def test_probe_folder(tmp_path):
    assert probe_folder(tmp_path) is None
    assert list(tmp_path.iterdir()) == []  # the probe leaves nothing
    assert probe_folder(tmp_path / "gone") == f"the folder {tmp_path / 'gone'} does not exist"
    (tmp_path / "f").write_text("x")
    assert probe_folder(tmp_path / "f") == f"{tmp_path / 'f'} is not a folder"
    assert folder_refusal(tmp_path, PermissionError(errno.EACCES, "Permission denied")) == \
        f"cannot write in {tmp_path}: permission denied"


def test_probe_folder_when_access_says_yes_but_the_folder_refuses(tmp_path, monkeypatch):
    # as root os.access says yes to read-only folders: only creating a file tells
    _refuse(monkeypatch, errno.EROFS)
    assert probe_folder(tmp_path) == f"cannot write in {tmp_path}: the disk is read-only"


@needs_proc
def test_render_check_writable_in_proc():
    from studio.render.output import check_writable

    with pytest.raises(OSError) as caught:
        check_writable("/proc/board.pdf")
    assert str(caught.value) == "could not write /proc/board.pdf: cannot write in /proc: the folder does not accept new files"


@needs_proc
def test_content_editor_save_target_in_proc():
    pytest.importorskip("PySide6")
    from studio.gui.rivages.content_document import CannotSave, check_save_target

    with pytest.raises(CannotSave) as caught:
        check_save_target("/proc/island.yaml")
    assert str(caught.value) == "cannot write in /proc: the folder does not accept new files"


def test_content_editor_save_target_read_only(tmp_path, monkeypatch):
    pytest.importorskip("PySide6")
    from studio.gui.rivages.content_document import CannotSave, check_save_target

    _refuse(monkeypatch, errno.EACCES, PermissionError)
    with pytest.raises(CannotSave) as caught:
        check_save_target(tmp_path / "island.yaml")
    assert str(caught.value) == f"cannot write in {tmp_path}: permission denied"


def test_content_editor_save_error_text_keeps_save_atomics_reason(tmp_path):
    pytest.importorskip("PySide6")
    from studio.gui.rivages.content_document import save_error_text

    target = tmp_path / "a.yaml"
    target.write_text("a: 1\n")
    target.chmod(0o444)
    with pytest.raises(PermissionError) as caught:
        save_atomic(target, "a: 2\n")
    assert save_error_text(caught.value) == (f"cannot write {target}: the file is read-only", None)
    with pytest.raises(OSError) as caught:
        save_atomic("/proc/island.yaml", "a: 1\n")
    assert save_error_text(caught.value) == ("cannot write in /proc: the folder does not accept new files", None)


def test_save_atomic_a_name_too_long_is_a_plain_error(tmp_path):
    target = tmp_path / ("a" * 260 + ".yaml")
    with pytest.raises(OSError) as info:
        save_atomic(target, "x: 1\n")
    assert info.value.strerror == "the file name is too long"
    assert os_error_text(info.value) == f"{target}: the file name is too long"
    assert list(tmp_path.iterdir()) == []


def test_save_atomic_a_long_but_legal_name_saves(tmp_path):
    target = tmp_path / ("b" * 245 + ".yaml")  # the temp file beside it must not be longer
    save_atomic(target, "x: 1\n")
    assert target.read_text() == "x: 1\n"
    assert [p.name for p in tmp_path.iterdir()] == [target.name]


def test_folder_refusal_for_a_name_too_long(tmp_path):
    exc = OSError(errno.ENAMETOOLONG, "File name too long")
    assert folder_refusal(tmp_path, exc) == "the file name is too long"
    assert folder_refusal(tmp_path / ("f" * 300), OSError(errno.ENOENT, "x")).endswith(": the file name is too long")
