"""Issue 12 items 8 to 10: atomic saves and reports under faults. Temp files of a killed save
are removed at the next save of that file; SIGTERM ends a playtest as Ctrl+C does; a symbolic
link is saved through to its target; hard links are said to be broken; read-only files,
read-only disks and full disks each get their own plain words."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from studio.content import bundled_path, save_atomic
from studio.content.yamlio import AtomicWriter, os_error_text, remove_leftovers

ROOT = Path(__file__).resolve().parents[2]


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def _temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_leftovers_of_a_dead_save_are_removed_at_the_next_save(tmp_path):
    target = tmp_path / "board.yaml"
    target.write_text("a: 1\n", encoding="utf-8")
    dead = tmp_path / f".board.yaml.{_dead_pid()}.abcd1234.tmp"
    legacy = tmp_path / ".board.yaml.x1y2z3w4.tmp"  # the pattern before the process id was in it
    live = tmp_path / f".board.yaml.{os.getppid()}.live0001.tmp"  # a save in progress elsewhere
    other = tmp_path / f".other.yaml.{_dead_pid()}.abcd1234.tmp"  # another file's: its own next save
    for p in (dead, legacy, live, other):
        p.write_text("partial", encoding="utf-8")
    old = time.time() - 3600
    os.utime(legacy, (old, old))
    save_atomic(target, "a: 2\n")
    assert target.read_text(encoding="utf-8") == "a: 2\n"
    assert _temps(tmp_path) == sorted([live.name, other.name])


def test_a_fresh_legacy_temp_file_is_left_alone(tmp_path):
    legacy = tmp_path / ".board.yaml.x1y2z3w4.tmp"
    legacy.write_text("partial", encoding="utf-8")
    assert remove_leftovers(tmp_path / "board.yaml") == []
    assert legacy.exists()


_SAVER = """
import sys
from studio.content import save_atomic
path, size = sys.argv[1], int(sys.argv[2])
i = 0
print("ready", flush=True)
while True:
    i += 1
    save_atomic(path, f"n: {i}\\nfill: '" + "x" * size + "'\\n")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_sigkill_during_saves_leaves_the_file_whole_and_no_leftover_after_the_next_save(tmp_path):
    """Kill a process that saves in a loop, 12 times at different moments: the file is always
    one whole version, and one more save leaves no temp file behind."""
    target = tmp_path / "big.yaml"
    size = 400_000
    save_atomic(target, "n: 0\nfill: ''\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for k in range(12):
        proc = subprocess.Popen([sys.executable, "-c", _SAVER, str(target), str(size)], env=env,
                                stdout=subprocess.PIPE)
        assert proc.stdout.readline().strip() == b"ready"
        time.sleep(0.02 + 0.013 * k)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        text = target.read_text(encoding="utf-8")
        assert text.startswith("n: ") and text.endswith("'\n")  # a whole version, never half of one
        from studio.content import parse_yaml

        data = parse_yaml(text).data
        assert len(data["fill"]) in (0, size)
    save_atomic(target, "n: last\n")
    assert _temps(tmp_path) == []
    assert target.read_text(encoding="utf-8") == "n: last\n"


def test_saving_through_a_symbolic_link_writes_its_target(tmp_path):
    real = tmp_path / "content" / "board.yaml"
    real.parent.mkdir()
    real.write_text("a: 1\n", encoding="utf-8")
    os.chmod(real, 0o640)
    link = tmp_path / "link.yaml"
    link.symlink_to(Path("content") / "board.yaml")  # relative, from another folder
    chain = tmp_path / "chain.yaml"
    chain.symlink_to(link)
    save_atomic(link, "a: 2\n")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "a: 2\n"
    assert real.stat().st_mode & 0o777 == 0o640  # the target keeps its mode
    save_atomic(chain, "a: 3\n")
    assert chain.is_symlink() and link.is_symlink() and real.read_text(encoding="utf-8") == "a: 3\n"
    assert _temps(real.parent) == [] and _temps(tmp_path) == []


def test_a_dangling_link_is_saved_through_to_create_its_target(tmp_path):
    link = tmp_path / "new.yaml"
    link.symlink_to(tmp_path / "made.yaml")
    save_atomic(link, "a: 1\n")
    assert link.is_symlink() and (tmp_path / "made.yaml").read_text(encoding="utf-8") == "a: 1\n"


def test_a_link_loop_is_a_plain_error(tmp_path):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.symlink_to(b)
    b.symlink_to(a)
    with pytest.raises(OSError) as caught:
        save_atomic(a, "x: 1\n")
    assert "loops back on itself" in os_error_text(caught.value)
    assert _temps(tmp_path) == []


def test_hard_links_are_said_to_be_broken(tmp_path):
    """An atomic save makes a new file: the other names keep the old text, and the note says so."""
    first = tmp_path / "a.yaml"
    first.write_text("a: 1\n", encoding="utf-8")
    second = tmp_path / "b.yaml"
    os.link(first, second)
    note = save_atomic(first, "a: 2\n")
    assert note is not None and "1 other name(s) (hard links)" in note and "keep the old content" in note
    assert first.read_text(encoding="utf-8") == "a: 2\n" and second.read_text(encoding="utf-8") == "a: 1\n"
    assert save_atomic(first, "a: 3\n") is None  # no other name now


def test_a_read_only_file_is_named_as_such(tmp_path):
    target = tmp_path / "a.yaml"
    target.write_text("a: 1\n", encoding="utf-8")
    os.chmod(target, 0o444)
    with pytest.raises(PermissionError) as caught:
        save_atomic(target, "a: 2\n")
    assert os_error_text(caught.value) == f"{target}: the file is read-only"
    assert target.read_text(encoding="utf-8") == "a: 1\n"


def test_a_read_only_disk_is_not_a_read_only_file(tmp_path, monkeypatch):
    target = tmp_path / "a.yaml"
    target.write_text("a: 1\n", encoding="utf-8")
    real_statvfs = os.statvfs

    class ReadOnly:
        def __init__(self, result):
            self.f_flag = result.f_flag | os.ST_RDONLY

    monkeypatch.setattr(os, "access", lambda *a, **k: False)  # as on a file system mounted read-only
    monkeypatch.setattr(os, "statvfs", lambda p: ReadOnly(real_statvfs(p)))
    with pytest.raises(OSError) as caught:
        save_atomic(target, "a: 2\n")
    assert caught.value.errno == errno.EROFS
    assert os_error_text(caught.value) == f"{target}: the disk is read-only"
    monkeypatch.setattr(os, "statvfs", real_statvfs)
    with pytest.raises(PermissionError) as caught:
        save_atomic(target, "a: 2\n")
    assert os_error_text(caught.value) == f"{target}: you may not write to this file (permission denied)"
    assert _temps(tmp_path) == []


def test_a_full_disk_is_a_plain_message_and_the_old_file_stays(tmp_path, monkeypatch):
    target = tmp_path / "a.yaml"
    target.write_text("a: 1\n", encoding="utf-8")

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError) as caught:
        save_atomic(target, "a: 2\n")
    assert os_error_text(caught.value) == f"{target}: the disk is full"
    assert "Errno" not in str(caught.value.strerror)
    assert target.read_text(encoding="utf-8") == "a: 1\n" and _temps(tmp_path) == []


def test_a_disk_that_fills_while_a_report_streams_names_the_report(tmp_path):
    out = AtomicWriter(tmp_path / "r.json")
    real = out.fh._fh

    class Full:
        closed = False

        def write(self, text):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        def __getattr__(self, name):
            return getattr(real, name)
    out.fh._fh = Full()
    with pytest.raises(OSError) as caught:
        out.fh.write("x")
    out.fh._fh = real
    out.discard()
    assert os_error_text(caught.value) == f"{tmp_path / 'r.json'}: the disk is full"
    assert _temps(tmp_path) == []


def test_playtest_json_onto_a_full_disk_says_so(tmp_path, monkeypatch, capsys):
    from studio.playtest import cli

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(os, "fsync", full)
    status = cli.main([str(bundled_path("scenarios", "jungle-temples.yaml")), "-p", "2", "-n", "2",
                       "--json", str(tmp_path / "a.json")])
    err = capsys.readouterr().err
    assert status == 2
    assert f"cannot write {tmp_path / 'a.json'}: the disk is full" in err and "Errno" not in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM")
def test_sigterm_ends_a_playtest_as_ctrl_c_does(tmp_path):
    """SIGTERM once games are streaming: exit 143 (128 + SIGTERM), the JSON is whole and valid with the games
    played, and no temp file is left."""
    proc = subprocess.Popen([sys.executable, "-m", "studio", "playtest", str(bundled_path("scenarios", "jungle-temples.yaml")),
                             "-p", "2", "-n", "5000", "--json", "a.json"], cwd=tmp_path,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.time() + 120
        while time.time() < deadline:
            temps = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
            if temps and temps[0].stat().st_size > 2000:  # a few games are in
                break
            time.sleep(0.05)
        else:
            pytest.fail("no game was streamed")
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 128 + signal.SIGTERM, err
    data = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
    assert data["interrupted"] is True and data["games_played"] == len(data["games"]) > 0
    assert data["stopped_by"] == "signal"
    assert b"interrupted after" in err and len(err.strip().splitlines()) == 1  # one line, no games/s after it
    assert _temps(tmp_path) == []


@pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGTERM")
def test_sigterm_to_the_process_group_of_a_two_worker_run_keeps_what_finished(tmp_path):
    """SIGTERM to the whole process group (what `timeout`, a job scheduler or systemd send), the
    worker processes included, during a `--jobs 2` playtest: exit 143, one line on stderr, the
    JSON whole with the games played, no temp file."""
    proc = subprocess.Popen([sys.executable, "-m", "studio", "playtest", str(bundled_path("scenarios", "jungle-temples.yaml")),
                             "-p", "2", "-n", "5000", "-j", "2", "--json", "a.json"], cwd=tmp_path,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        deadline = time.time() + 120
        while time.time() < deadline:
            temps = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
            if temps and temps[0].stat().st_size > 2000:  # a few games are in
                break
            time.sleep(0.05)
        else:
            pytest.fail("no game was streamed")
        os.killpg(proc.pid, signal.SIGTERM)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 128 + signal.SIGTERM, err
    assert len(err.strip().splitlines()) == 1 and b"interrupted after" in err and b"Traceback" not in err
    data = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
    assert data["interrupted"] is True and data["stopped_by"] == "signal"
    assert data["games_played"] == len(data["games"]) > 0
    assert _temps(tmp_path) == []


def test_workers_lost_mid_run_keep_the_finished_games_and_leave_no_temp_file(tmp_path, monkeypatch, capsys):
    """A batch that fails (all Dask workers lost, a broken process pool) ends the run as
    Ctrl+C does: the games that finished are written, ``interrupted`` is true, no temp file."""
    from studio.playtest import cli

    real = cli.iter_batch

    def failing(*args, **kwargs):
        batch = real(*args, **kwargs)
        yield next(batch)
        yield next(batch)
        raise RuntimeError("all workers\nwere lost")
    monkeypatch.setattr(cli, "iter_batch", failing)
    status = cli.main([str(bundled_path("scenarios", "jungle-temples.yaml")), "-p", "2", "-n", "50",
                       "--json", str(tmp_path / "a.json")])
    err = capsys.readouterr().err
    assert status == 1
    assert "the games stopped after 2 of 50: RuntimeError: all workers were lost" in err
    data = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
    assert data["interrupted"] is True and len(data["games"]) == 2
    assert data["stopped_by"] == "error" and data["stop_reason"] == "RuntimeError: all workers were lost"
    assert _temps(tmp_path) == []
