"""Files that are not content at all (NUL bytes, a symbolic link loop, a folder, Latin-1 text)
and content with errors: every command says what is wrong as ``file[:line:col]: error code:
message`` and exits 2, never a traceback or an ``internal/error``."""

import os
import re
import shutil

import pytest

from studio.content import LoadError, load_document, parse_yaml
from studio.playtest import cli as playtest_cli
from studio.playtest import sweep as sweep_cli
from studio.render import cli as render_cli
from studio.validate import cli as validate_cli
from tests.conftest import ROOT

BOARD = ROOT / "boards" / "realm" / "jungle-temples-2p.yaml"
BROKEN = ROOT / "tests" / "data" / "broken"


@pytest.fixture
def bad(tmp_path):
    """name -> path of each kind of bad file, and the (code, line, col, words) each must give."""
    text = BOARD.read_text()
    (tmp_path / "nul.yaml").write_text(text.replace("name:", "na\0me:", 1))
    (tmp_path / "latin1.yaml").write_bytes(text.replace("name: ", "name: caf\xe9 ", 1).encode("latin-1"))
    os.symlink(tmp_path / "loop-b.yaml", tmp_path / "loop-a.yaml")
    os.symlink(tmp_path / "loop-a.yaml", tmp_path / "loop-b.yaml")
    os.symlink(tmp_path / "nowhere.yaml", tmp_path / "dangling.yaml")
    (tmp_path / "folder.yaml").mkdir()
    line_of_name = text[: text.index("name:")].count("\n") + 1
    return {
        "nul.yaml": ("yaml/control-character", line_of_name, 3, "NUL byte (U+0000)"),
        "latin1.yaml": ("io/not-utf8", line_of_name, 1, "not UTF-8"),
        "loop-a.yaml": ("io/unreadable", None, None, "symbolic link that loops back on itself"),
        "dangling.yaml": ("io/unreadable", None, None, "which does not exist"),
        "folder.yaml": ("io/unreadable", None, None, "is a folder, not a file"),
    }, tmp_path


CASES = ["nul.yaml", "latin1.yaml", "loop-a.yaml", "dangling.yaml", "folder.yaml"]


def expected_line(folder, name, spec):
    code, line, col, words = spec
    where = f"{folder / name}" + (f":{line}:{col}" if line else "")
    return f"{where}: error {code}: ", words


@pytest.mark.parametrize("name", CASES)
def test_loader_raises_a_load_error(name, bad):
    specs, folder = bad
    code, line, col, words = specs[name]
    with pytest.raises(LoadError) as info:
        load_document(folder / name)
    assert (info.value.code, info.value.line, info.value.col) == (code, line, col)
    assert words in info.value.message
    head, _ = expected_line(folder, name, specs[name])
    assert info.value.format().startswith(head)


def test_control_characters_in_text_have_their_position():
    with pytest.raises(LoadError) as info:
        parse_yaml("format: realm-board/1\nid: a\x1bb\n", "x.yaml")
    assert (info.value.code, info.value.line, info.value.col) == ("yaml/control-character", 2, 6)
    assert info.value.message.startswith("escape character (U+001B)")
    parse_yaml("format: realm-board/1\nname: 'tab\there, café, ☃'\n")  # tabs and any printable text are fine


@pytest.mark.parametrize("name", CASES)
def test_validate(name, bad, capsys):
    specs, folder = bad
    if name == "folder.yaml":  # validate takes folders: this one holds nothing to check
        specs[name] = ("io/no-content", None, None, "the folder holds no content files")
    assert validate_cli.main([str(folder / name)]) == 2
    out = capsys.readouterr()
    head, words = expected_line(folder, name, specs[name])
    first = out.out.splitlines()[0]
    assert first.startswith(head) and words in first, first
    assert "internal/error" not in out.out + out.err and "Traceback" not in out.err


def test_validate_an_empty_folder_is_an_error(tmp_path, capsys):
    assert validate_cli.main([str(tmp_path)]) == 2
    assert capsys.readouterr().out.splitlines()[0] == (
        f"{tmp_path}: error io/no-content: the folder holds no content files (*.yaml, *.yml or *.json)")


@pytest.mark.parametrize("name", CASES)
def test_playtest(name, bad, capsys):
    specs, folder = bad
    assert playtest_cli.main([str(folder / name), "-n", "1"]) == 2
    err = capsys.readouterr().err
    head, words = expected_line(folder, name, specs[name])
    first = err.splitlines()[0]
    assert first.startswith(head) and words in first, err
    assert len(err.splitlines()) == 1  # the finding says it all
    assert "internal/error" not in err and "Traceback" not in err


@pytest.mark.parametrize("name", CASES)
def test_render(name, bad, capsys):
    specs, folder = bad
    assert render_cli.main([str(folder / name), "-o", str(folder / "out.pdf")]) == 2
    err = capsys.readouterr().err
    head, words = expected_line(folder, name, specs[name])
    assert err.startswith(head) and words in err.splitlines()[0], err
    assert "Traceback" not in err and not (folder / "out.pdf").exists()


# -- studio playtest refuses content with errors ----------------------------------------------------

def copy_content(tmp_path):
    shutil.copytree(ROOT / "boards", tmp_path / "boards")
    shutil.copytree(ROOT / "scenarios", tmp_path / "scenarios")
    return tmp_path


def test_playtest_refuses_a_board_with_errors(tmp_path, capsys):
    root = copy_content(tmp_path)
    board = root / "boards" / "realm" / "jungle-temples-2p.yaml"
    text = board.read_text()
    # a line between two pegs that are not on the board: the schema accepts it, validation does not
    board.write_text(text.replace("lines:\n", "lines:\n- [a1, zz9]\n", 1))
    line = board.read_text().split("\n").index("- [a1, zz9]") + 1
    assert playtest_cli.main([str(root / "scenarios" / "jungle-temples.yaml"), "-n", "1"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert re.match(rf"{re.escape(str(board))}:{line}:\d+: error [a-z-]+/[a-z-]+: ", err[0]), err
    assert err[-1] == (f"studio playtest: {root / 'scenarios' / 'jungle-temples.yaml'}: {len(err) - 1} error"
                       f"{'s' if len(err) > 2 else ''} in the content; fix {'them' if len(err) > 2 else 'it'} before "
                       f"playtesting (the findings above; 'studio validate {root / 'scenarios' / 'jungle-temples.yaml'}' "
                       "lists them too)")


def test_sweep_refuses_a_board_with_errors_as_playtest_does(tmp_path, capsys):
    root = copy_content(tmp_path)
    board = root / "boards" / "realm" / "jungle-temples-2p.yaml"
    board.write_text(board.read_text().replace("lines:\n", "lines:\n- [a1, zz9]\n", 1))
    scenario = str(root / "scenarios" / "jungle-temples.yaml")
    assert playtest_cli.main([scenario, "-n", "1"]) == 1
    playtest_err = capsys.readouterr().err.splitlines()
    assert sweep_cli.main([scenario, "--set", "rules.end.score=14,16", "-n", "1"]) == 1
    captured = capsys.readouterr()
    err = captured.err.splitlines()
    assert captured.out == ""                             # no game played, no table
    assert err[:-1] == playtest_err[:-1] and "zz9" in err[0]   # the same findings, where they are
    assert err[-1] == playtest_err[-1].replace("studio playtest:", "studio sweep:", 1)


def test_sweep_refuses_an_island_with_errors_and_a_file_that_does_not_load(tmp_path, capsys):
    root = copy_content(tmp_path)
    island = root / "boards" / "rivages" / "islands" / "amber-shoals.yaml"
    island.write_text(island.read_text().replace("kind: ship", "kind: forest", 1))
    assert sweep_cli.main([str(root / "scenarios" / "rivages-solo.yaml"), "--set", "side=A,B", "-n", "1"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert re.match(rf"{re.escape(str(island))}:\d+:\d+: error rivages/ship-count: ", err[0]), err
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: realm-scenario/1\nid: [unclosed\n")
    assert sweep_cli.main([str(broken), "--set", "rules.end.score=14", "-n", "1"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"{broken}:") and " error yaml/" in err[0]


def test_playtest_ignores_the_boards_of_other_player_counts(tmp_path, capsys):
    root = copy_content(tmp_path)
    board = root / "boards" / "realm" / "jungle-temples-3p.yaml"
    board.write_text(board.read_text().replace("lines:\n", "lines:\n- [a1, zz9]\n", 1))
    scenario = str(root / "scenarios" / "jungle-temples.yaml")
    assert playtest_cli.main([scenario, "-n", "1", "--bots", "random"]) == 0
    assert "zz9" not in capsys.readouterr().err
    assert playtest_cli.main([scenario, "-n", "1", "--players", "3"]) == 1
    assert "zz9" in capsys.readouterr().err


def test_playtest_refuses_an_island_with_errors(tmp_path, capsys):
    root = copy_content(tmp_path)
    island = root / "boards" / "rivages" / "islands" / "amber-shoals.yaml"
    text = island.read_text()
    ships = [i for i, line in enumerate(text.split("\n")) if "kind: ship" in line]
    lines = text.split("\n")
    lines[ships[1]] = lines[ships[1]].replace("kind: ship", "kind: forest")
    island.write_text("\n".join(lines))
    assert playtest_cli.main([str(root / "scenarios" / "rivages-solo.yaml"), "-n", "1"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0] == (f"{island}:{ships[0] + 1}:3: error rivages/ship-count: an island has exactly 2 ships, "
                      "this one has 1")


def test_playtest_prints_warnings_and_plays(tmp_path, capsys, monkeypatch):
    from studio.content.findings import Finding
    from studio.playtest import setup

    warning = Finding("lint/seat-fairness", "warning", "seat 1 reaches more treasure", "b.yaml", 3, 4)
    monkeypatch.setattr(setup, "content_findings", lambda path, players=None: [warning])
    assert playtest_cli.main([str(ROOT / "scenarios" / "jungle-temples.yaml"), "-n", "1", "--bots", "random"]) == 0
    captured = capsys.readouterr()
    assert captured.err.splitlines()[0] == "b.yaml:3:4: warning lint/seat-fairness: seat 1 reaches more treasure"
    assert "1 game" in captured.out


def test_playtest_names_a_file_of_the_wrong_kind(capsys):
    island = ROOT / "boards" / "rivages" / "islands" / "coral-reach.yaml"
    assert playtest_cli.main([str(island), "-n", "1"]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"studio playtest: {island}:1:1: error content/wrong-kind: expected a realm-scenario/1 file, "
        "got rivages-island/1")


def test_playtest_plays_a_board_with_its_locations_rules(capsys, tmp_path):
    board = tmp_path / "mine.yaml"  # saved far from any scenario
    board.write_text((ROOT / "boards" / "realm" / "volcano-2p.yaml").read_text())
    assert playtest_cli.main([str(board), "-n", "1", "--bots", "random"]) == 0
    assert capsys.readouterr().out.startswith("Volcano, 2 players: 1 game")
    assert playtest_cli.main([str(board), "-n", "1", "--players", "3"]) == 2
    assert "board 'volcano-2p' is for 2 players, not 3" in capsys.readouterr().err
    lonely = tmp_path / "lonely.yaml"
    lonely.write_text(BOARD.read_text().replace("location: jungle-temples\n", ""))
    assert playtest_cli.main([str(lonely), "-n", "1", "--bots", "random"]) == 0
    captured = capsys.readouterr()
    assert "warning location/none" in captured.err and captured.out.startswith("Base rules, 2 players")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_named_pipe_beside_a_board_does_not_hang_its_check(tmp_path):
    """The location look-up read every *.yaml of the board's folder, a named pipe too, and
    waited for a writer for ever (studio validate, convert, the editor)."""
    import subprocess
    import sys

    board = tmp_path / "board.yaml"
    board.write_text((ROOT / "boards" / "realm" / "volcano-3p.yaml").read_text(encoding="utf-8"))
    os.mkfifo(tmp_path / "pipe.yaml")
    done = subprocess.run([sys.executable, "-m", "studio", "validate", str(board)], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.endswith("checked 1 file: 0 errors, 0 warnings, 1 note\n")
