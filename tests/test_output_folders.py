"""Every output path a command takes (``-o``, ``--json``, ``--csv``, ``--report``, a converted
OUT) has its missing folders made, as ``mkdir -p`` does; a folder that cannot be made (under a
file) is refused in one line before any game, never a traceback, and nothing is left behind."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from studio import cli
from studio.content.paths import bundled_path
from studio.content.yamlio import creatable_folder_refusal, make_folders, make_parent_folders

JUNGLE = str(bundled_path("scenarios", "jungle-temples.yaml"))
VOLCANO = str(bundled_path("boards", "realm", "volcano-3p.yaml"))
ISLAND = str(bundled_path("boards", "rivages", "islands", "coral-reach.yaml"))


def _run(capsys, *args) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def a_file(tmp_path):
    path = tmp_path / "a-file"
    path.write_text("not a folder")
    return path


def test_make_folders_and_what_it_refuses(tmp_path, a_file):
    deep = tmp_path / "one" / "two" / "three"
    assert creatable_folder_refusal(deep) is None
    assert not (tmp_path / "one").exists()  # the check makes nothing
    make_parent_folders(deep / "out.json")
    assert deep.is_dir()
    make_folders(deep)  # already there: nothing to do
    assert creatable_folder_refusal(a_file) == f"{a_file} is a file, not a folder"
    assert creatable_folder_refusal(a_file / "x" / "y") == \
        f"cannot make the folder {a_file / 'x' / 'y'}: {a_file} is a file, not a folder"
    with pytest.raises(NotADirectoryError) as caught:
        make_parent_folders(a_file / "x" / "out.json")
    assert caught.value.strerror == f"cannot make the folder {a_file / 'x'}: {a_file} is a file, not a folder"
    assert caught.value.filename == str(a_file / "x")
    assert creatable_folder_refusal(tmp_path / ("n" * 300) / "x").endswith(": the file name is too long")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file", "one"]


def test_playtest_outputs_make_their_folders(tmp_path, capsys):
    json_out, csv_out, html_out = tmp_path / "j" / "r.json", tmp_path / "c" / "d" / "r.csv", tmp_path / "h" / "r.html"
    code, _out, err = _run(capsys, "playtest", JUNGLE, "-p", "2", "--games", "2", "--jobs", "1", "-q",
                           "--json", json_out, "--csv", csv_out, "--report", html_out)
    assert code == 0, err
    assert json.loads(json_out.read_text())["summary"]["games"] == 2
    assert csv_out.read_text().count("\n") == 3 and html_out.read_text().startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("option", ["--json", "--csv", "--report"])
def test_playtest_refuses_an_output_under_a_file_before_any_game(tmp_path, a_file, capsys, option):
    name = "r.html" if option == "--report" else "r" + option.replace("--", ".")
    target = a_file / "sub" / name
    code, out, err = _run(capsys, "playtest", JUNGLE, "-p", "2", "--games", "2", "--jobs", "1", option, target)
    assert code == 2 and out == ""
    assert err == (f"studio playtest: {option} {target}: cannot make the folder {a_file / 'sub'}: "
                   f"{a_file} is a file, not a folder\n")


def test_a_refused_run_makes_no_folder(tmp_path, capsys):
    broken = Path(__file__).parent / "data" / "broken" / "crossing-lines.yaml"
    code, _out, _err = _run(capsys, "playtest", broken, "--games", "2", "--json", tmp_path / "new" / "r.json")
    assert code == 1 and not (tmp_path / "new").exists()


def test_sweep_outputs_make_their_folders(tmp_path, a_file, capsys):
    json_out, csv_out = tmp_path / "j" / "s.json", tmp_path / "c" / "s.csv"
    code, _out, err = _run(capsys, "sweep", JUNGLE, "-p", "2", "--set", "rules.end.score=14,16", "--games", "2",
                           "--jobs", "1", "-q", "--json", json_out, "--csv", csv_out)
    assert code == 0, err
    assert len(json.loads(json_out.read_text())["points"]) == 2 and csv_out.read_text().count("\n") == 3
    code, _out, err = _run(capsys, "sweep", JUNGLE, "-p", "2", "--set", "rules.end.score=14,16", "--csv",
                           a_file / "s.csv")
    assert code == 2 and err == f"studio sweep: --csv {a_file / 's.csv'}: {a_file} is a file, not a folder\n"


def test_render_and_export_tts_make_their_folders(tmp_path, a_file, capsys, qapp):
    pdf = tmp_path / "print" / "sheets" / "v.pdf"
    code, _out, err = _run(capsys, "render", VOLCANO, "-o", pdf)
    assert code == 0, err
    assert pdf.read_bytes().startswith(b"%PDF")
    tts = tmp_path / "tts" / "v.json"
    code, _out, err = _run(capsys, "export-tts", VOLCANO, "-o", tts)
    assert code == 0, err
    assert json.loads(tts.read_text())["ObjectStates"] and (tmp_path / "tts" / "v-board.png").is_file()
    code, _out, err = _run(capsys, "render", VOLCANO, "-o", a_file / "x" / "v.pdf")
    assert code == 2
    assert err == (f"studio render: could not write {a_file / 'x' / 'v.pdf'}: cannot make the folder "
                   f"{a_file / 'x'}: {a_file} is a file, not a folder\n")
    code, _out, err = _run(capsys, "export-tts", VOLCANO, "-o", a_file / "v.json")
    assert code == 2 and err.endswith(f"{a_file} is a file, not a folder\n") and err.count("\n") == 1
    assert a_file.read_text() == "not a folder"
    assert not list(tmp_path.rglob("*.tmp"))


def test_convert_makes_its_folder(tmp_path, capsys, qapp):
    out = tmp_path / "maps" / "coral.tmx"
    code, _out, err = _run(capsys, "convert", ISLAND, out)
    assert code == 0, err
    assert out.read_text().startswith("<?xml") and (tmp_path / "maps" / "coral-tiles.png").is_file()
    back = tmp_path / "back" / "again" / "coral.yaml"
    code, _out, err = _run(capsys, "convert", out, back)
    assert code == 0, err
    assert back.read_text().count("format: rivages-island/1") == 1


def test_balance_refuses_a_folder_under_a_file_and_accepts_a_missing_one(tmp_path, a_file, capsys):
    from studio.balance.cli import _check_output
    from studio.playtest.cli import UsageError

    with pytest.raises(UsageError) as caught:
        _check_output(a_file / "x", JUNGLE)
    assert str(caught.value) == f"-o {a_file / 'x'}: cannot make the folder {a_file / 'x'}: {a_file} is a file, not a folder"
    _check_output(tmp_path / "new" / "proposals", JUNGLE)  # fine; made when the proposals are saved
    assert not (tmp_path / "new").exists()
    code, _out, err = _run(capsys, "balance", JUNGLE, "-p", "2", "-o", a_file / "x")
    assert code == 2 and "Traceback" not in err and err.count("\n") == 1
    code, _out, err = _run(capsys, "balance", JUNGLE, "-p", "2", "-o", tmp_path / ("n" * 300))
    assert code == 2 and err.endswith("the file name is too long\n") and err.count("\n") == 1


def test_balance_saves_into_a_new_nested_folder(tmp_path, capsys):
    out = tmp_path / "runs" / "jungle" / "proposals"
    code, stdout, err = _run(capsys, "balance", JUNGLE, "-p", "2", "-n", "16", "--steps", "1", "--candidates", "2",
                             "--verify-games", "4", "--top", "1", "--jobs", "1", "-q", "-o", out)
    assert code == 0, err
    assert (out / "balance.json").is_file() and f"saved {out}" in stdout


def test_generate_makes_its_folders(tmp_path, a_file, capsys):
    out, summary = tmp_path / "gen" / "boards", tmp_path / "sums" / "g.json"
    code, _out, err = _run(capsys, "generate", "jungle-temples", "-n", "1", "--tries", "1", "--games", "4", "-q",
                           "-o", out, "--json", summary)
    assert code in (0, 1), err  # 1: the one candidate was not offered; the summary is written either way
    assert json.loads(summary.read_text())["tried"] == 1 and (out / "generate.json").is_file()
    for option, target, shown in (("-o", a_file / "x", "--output"), ("--json", a_file / "g.json", "--json")):
        code, _out, err = _run(capsys, "generate", "jungle-temples", option, target)
        assert code == 2 and err.startswith(f"studio generate: {shown} {target}: ") and err.count("\n") == 1
        assert err.endswith(f"{a_file} is a file, not a folder\n")


def test_generate_refuses_standard_output_as_its_folder(tmp_path, capsys, monkeypatch):
    """Trial: ``-o -`` made a folder named ``-`` ('-' is standard output everywhere else)."""
    monkeypatch.chdir(tmp_path)
    code, _out, err = _run(capsys, "generate", "jungle-temples", "-o", "-")
    assert code == 2 and err == ("studio generate: --output -: the candidates are files, so --output takes a folder "
                                 "(use --json - for the summary)\n")
    assert list(tmp_path.iterdir()) == []


def test_generate_never_overwrites_content_with_its_summary(tmp_path, capsys):
    victim = tmp_path / "board.yaml"
    victim.write_text(bundled_path("boards", "realm", "volcano-3p.yaml").read_text(encoding="utf-8"))
    before = victim.read_bytes()
    code, _out, err = _run(capsys, "generate", "jungle-temples", "-o", tmp_path / "gen", "--json", victim)
    assert code == 2
    assert err == (f"studio generate: --json {victim}: is a realm-board/2 file; the summary does not overwrite it "
                   "(choose another name)\n")
    assert victim.read_bytes() == before and not (tmp_path / "gen").exists()


@pytest.mark.parametrize("command", [
    ["render", VOLCANO, "-o", "OUT/v.png"],
    ["render", ISLAND, "-o", "OUT/v.pdf"],
    ["export-tts", VOLCANO, "-o", "OUT/v.json"],
    ["convert", ISLAND, "OUT/v.tmx"],
    ["convert", ISLAND, "OUT/deeper/v.tmj"],
    ["balance", JUNGLE, "-p", "2", "-o", "OUT/b"],
    ["generate", "jungle-temples", "-o", "OUT/g"],
    ["generate", "jungle-temples", "--json", "OUT/g.json"],
    ["playtest", JUNGLE, "-p", "2", "--games", "2", "--json", "OUT/r.json"],
    ["sweep", JUNGLE, "-p", "2", "--set", "rules.end.score=14", "--json", "OUT/s.json"],
])
def test_every_command_refuses_an_output_under_a_file_with_status_2(command, tmp_path, a_file, capsys):
    """The same user error, the same status from every command (2, a usage error, as argparse
    gives): render, export-tts and convert gave 1, balance, generate, playtest and sweep 2."""
    code, out, err = _run(capsys, *[str(a).replace("OUT", str(a_file)) for a in command])
    assert (code, out) == (2, "")
    assert err.startswith(f"studio {command[0]}: ") and err.count("\n") == 1
    assert err.endswith(f"{a_file} is a file, not a folder\n") and "Traceback" not in err
    assert a_file.read_text() == "not a folder" and sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]


@pytest.mark.parametrize("command, module, name", [
    (["render", VOLCANO, "-o", "OUT/v.pdf"], "studio.render.export", "export_board"),
    (["render", ISLAND, "-o", "OUT/i.pdf"], "studio.render.island", "write_island"),
    (["export-tts", VOLCANO, "-o", "OUT/v.json"], "studio.render.tts", "export_tts"),
    (["convert", ISLAND, "OUT/i.tmx"], "studio.interop.tiled_island", "write_files"),
])
def test_a_write_that_fails_after_the_checks_is_status_2_too(command, module, name, tmp_path, capsys, monkeypatch,
                                                             qapp):
    """A full disk while writing: 2 with one line, as playtest, balance and generate give it
    (render, export-tts and convert gave 1)."""
    import errno
    import importlib

    def full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(importlib.import_module(module), name, full)
    code, out, err = _run(capsys, *[str(a).replace("OUT", str(tmp_path)) for a in command])
    assert (code, out) == (2, "")
    assert err.startswith(f"studio {command[0]}: ") and "No space left on device" in err and "Traceback" not in err
