"""Issue 16, items 4 and 6: the core runs without Qt; every command takes --version, -q and -v;
bundled content by name; ``-`` is standard input or output and never a file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import types
from pathlib import Path

import pytest

from studio import __version__, cli, console
from studio.content.paths import bundled_path

ROOT = Path(__file__).resolve().parent.parent

# A meta-path finder that makes every import of Qt fail, as on a core install (no PySide6).
NO_QT = textwrap.dedent("""
    import sys
    class NoQt:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in ("PySide6", "shiboken6"):
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None
    sys.meta_path.insert(0, NoQt())
    from studio.cli import main
    status = main(sys.argv[1:])
    assert not any(m.split(".")[0] in ("PySide6", "shiboken6") for m in sys.modules), "Qt was imported"
    sys.exit(status)
""")


def run_without_qt(*args: str, cwd: Path, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("QT_QPA_PLATFORM", None)
    return subprocess.run([sys.executable, "-c", NO_QT, *args], cwd=cwd, env=env, input=stdin,
                          capture_output=True, timeout=240)


@pytest.fixture(autouse=True)
def normal_level():
    yield
    console.level = console.NORMAL


# --- item 4: a Qt-free core ------------------------------------------------------------------------

def test_validate_playtest_sweep_and_balance_run_with_qt_unimportable(tmp_path):
    checks = [
        (("validate", "jungle-temples", "volcano-3p", "amber-shoals"), b"checked 3 files: 0 errors"),
        (("playtest", "jungle-temples", "-n", "2", "--json", "games.json"), b"Jungle Temples, 2 players: 2 games"),
        (("sweep", "jungle-temples", "-n", "1", "--set", "rules.end.score=14,16"), b"rules.end.score=16"),
        (("balance", "jungle-temples", "-n", "8", "--steps", "1", "--candidates", "1", "--verify-games", "2",
          "--top", "1", "-o", "fixes", "-q"), b"proposal"),
    ]
    for args, expected in checks:
        done = run_without_qt(*args, cwd=tmp_path)
        assert done.returncode == 0, (args, done.stderr.decode())
        assert expected in done.stdout, (args, done.stdout.decode()[:500])
    assert json.loads((tmp_path / "games.json").read_text())["games_played"] == 2


@pytest.mark.parametrize("args, what", [
    (("render", "volcano-3p", "-o", "v.pdf"), "studio render"),
    (("volcano-3p",), "the editor"),
    ((), "the editor"),
])
def test_render_and_the_editor_without_qt_say_how_to_add_it_in_one_line(tmp_path, args, what):
    done = run_without_qt(*args, cwd=tmp_path)
    assert done.returncode == 2
    err = done.stderr.decode().strip()
    assert "\n" not in err and "Traceback" not in err
    assert what in err and 'pip install "board-studio[gui]"' in err
    assert list(tmp_path.iterdir()) == []


def test_the_core_dependencies_hold_no_qt_and_the_gui_extra_adds_it():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert not [d for d in project["dependencies"] if "pyside" in d.lower()]
    gui = project["optional-dependencies"]["gui"]
    assert gui and all(d.startswith("PySide6-Essentials") for d in gui)
    assert "board-studio[gui]" in project["optional-dependencies"]["test"]
    # no placeholder URLs: the project has no public host, so no [project.urls] until one resolves
    assert "urls" not in project and "board-studio.example" not in (ROOT / "pyproject.toml").read_text()


# --- item 6: --version, -q and -v on every command ------------------------------------------------

@pytest.mark.parametrize("command", sorted(cli.COMMANDS))
def test_every_command_prints_the_version(command, capsys):
    if command == "render":
        pytest.importorskip("PySide6")
    assert cli.main([command, "--version"]) == 0
    assert capsys.readouterr().out == f"studio {__version__}\n"


def test_the_top_level_version(capsys):
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out == f"studio {__version__}\n"
    assert cli.main(["-q", "--version"]) == 0 and cli.main(["-v", "--version"]) == 0   # trial: both were refused
    assert capsys.readouterr().out == f"studio {__version__}\n" * 2
    assert cli.main(["--vers"]) == 2
    assert capsys.readouterr().err.startswith("studio: unknown option '--vers' (did you mean --version?)\n")


@pytest.mark.parametrize("command", sorted(cli.COMMANDS))
def test_every_command_takes_quiet_and_verbose(command):
    import importlib

    parser = importlib.import_module(cli.COMMANDS[command][0]).build_parser()
    options = {o for action in parser._actions for o in action.option_strings}
    assert {"-q", "--quiet", "-v", "--verbose", "--version"} <= options


@pytest.mark.parametrize("command", sorted(cli.COMMANDS))
def test_every_command_takes_an_option_only_by_its_whole_name(command, capsys):
    """Trial: ``studio balance --se 5`` ran as ``--seed 5``. A prefix of ``--verbose`` is refused
    with exit 2 on every command, and the error names the option it may have meant."""
    import importlib

    parser = importlib.import_module(cli.COMMANDS[command][0]).build_parser()
    assert isinstance(parser, console.OptionParser) and not parser.allow_abbrev
    needed = {"convert": ["in.tmx", "out.yaml"], "render": ["x", "-o", "x.png"], "export-tts": ["x", "-o", "x.json"]}
    assert cli.main([command, "--verbos", *needed.get(command, ["x"])]) == 2
    err = capsys.readouterr().err
    assert "unrecognized arguments: --verbos" in err and "(--verbos: did you mean --verbose?)" in err, err


def test_an_unknown_option_names_the_near_ones_only():
    parser = console.OptionParser(prog="p")
    for option in ("--seed", "--set", "--games", "--jobs"):
        parser.add_argument(option)
    assert parser.meant("unrecognized arguments: --se 5 --gmaes=3 --zzz x") == \
        " (--se: did you mean --seed or --set?; --gmaes: did you mean --games?)"
    assert parser.meant("unrecognized arguments: --zzz") == ""
    assert parser.meant("the following arguments are required: x", ["x"]) == ""
    # trial: a required option typed short was only said to be missing
    assert parser.meant("the following arguments are required: --jobs", ["--job", "3"]) == \
        " (--job: did you mean --jobs?)"
    # trial: after "--" a known option is an argument, not a misspelling of itself
    assert parser.meant("unrecognized arguments: --games 5", ["x", "--", "--games", "5"]) == \
        " (--games: after '--' every word is read as an argument)"
    # trial: the value of an unknown option was read as the scenario
    assert parser.meant("unrecognized arguments: --gms x", ["--gms", "5", "x"]) == \
        " (--gms: did you mean --games?; '5' after it was read as another argument)"


@pytest.mark.parametrize("argv, said", [
    (["render", "volcano-3p", "--ou", "x.pdf"], "required: -o/--output (--ou: did you mean --output?)"),
    (["validate", "--form"], "required: PATH (--form: did you mean --format?)"),
    (["playtest", "jungle-temples", "--", "--games", "5"], "(--games: after '--' every word is read as an argument)"),
])
def test_a_mistyped_option_is_named_whatever_the_error(argv, said, capsys):
    if argv[0] == "render":
        pytest.importorskip("PySide6")
    assert cli.main(argv) == 2
    assert said in capsys.readouterr().err


def test_the_editor_takes_quiet_and_verbose(monkeypatch):
    calls = []
    fake = types.ModuleType("studio.gui.app")
    fake.main = lambda argv: calls.append(list(argv)) or 0
    monkeypatch.setitem(sys.modules, "studio.gui.app", fake)
    assert cli.main(["-q", "board.yaml"]) == 0 and calls[-1] == ["board.yaml"]
    assert cli.main(["-v", "board.yaml"]) == 0 and calls[-1] == ["-v", "board.yaml"]


def test_playtest_quiet_drops_the_status_lines_and_verbose_adds_what_it_reads(capsys):
    from studio.playtest.cli import main

    assert main(["jungle-temples", "-n", "1", "-q"]) == 0
    quiet = capsys.readouterr()
    assert "Jungle Temples" in quiet.out and quiet.err == ""
    assert main(["jungle-temples", "-n", "1", "-v"]) == 0
    err = capsys.readouterr().err
    assert "1 game in" in err and "jungle-temples.yaml: 1 game, seed 0, bots greedy, executor processes" in err


def test_validate_verbose_explains_each_code_found(capsys):
    from studio.validate.cli import main

    assert main([str(ROOT / "tests/data/broken/crossing-lines.yaml"), "-v"]) == 1
    out = capsys.readouterr().out
    assert "error geometry/lines-cross" in out
    assert "geometry/lines-cross (error; Geometry" in out and "fix:" in out


# --- item 6: bundled content by name ----------------------------------------------------------------

def test_names_resolve_to_the_bundled_files():
    assert Path(console.content_argument("jungle-temples")) == bundled_path("scenarios", "jungle-temples.yaml")
    assert Path(console.content_argument("volcano-3p")) == bundled_path("boards", "realm", "volcano-3p.yaml")
    assert Path(console.content_argument("amber-shoals")) == bundled_path("boards", "rivages", "islands",
                                                                          "amber-shoals.yaml")
    assert console.content_argument("banyan").endswith("trees/banyan.yaml")


def test_a_file_of_that_name_wins_over_bundled_content(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "volcano-3p").write_text("format: realm-board/2\n")
    assert console.content_argument("volcano-3p") == "volcano-3p"


def test_bundled_names_are_unique():
    paths = [p for top in ("scenarios", "boards") for p in bundled_path(top).rglob("*.yaml")]
    assert len({p.stem for p in paths}) == len(paths) == len(console.bundled_names())


@pytest.mark.parametrize("command", ["playtest", "sweep", "balance", "validate"])
def test_an_unknown_name_lists_the_close_ones(command, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli.main([command, "jungle-tempels"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"studio {command}: jungle-tempels: no such file, and no bundled content of that name; "
                          "did you mean jungle-temples")
    assert "jungle-temples-2p" in err and "\n" not in err


def test_a_name_far_from_any_lists_the_scenarios(capsys):
    with pytest.raises(console.UnknownName, match="bundled scenarios: archipelago-city, .*volcano"):
        console.content_argument("zzzz")


def test_the_editor_opens_a_bundled_board_by_name(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    calls = []
    fake = types.ModuleType("studio.gui.app")
    fake.main = lambda argv: calls.append(list(argv)) or 0
    monkeypatch.setitem(sys.modules, "studio.gui.app", fake)
    assert cli.main(["volcano-3p"]) == 0
    assert Path(calls[-1][0]) == bundled_path("boards", "realm", "volcano-3p.yaml")


def test_playtest_and_render_by_name(tmp_path, monkeypatch, capsys):
    pytest.importorskip("PySide6")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["playtest", "jungle-temples", "-n", "1", "-q"]) == 0
    assert "Jungle Temples, 2 players: 1 game" in capsys.readouterr().out
    assert cli.main(["render", "volcano-3p", "-o", "v.pdf", "-q"]) == 0
    assert (tmp_path / "v.pdf").read_bytes().startswith(b"%PDF")


def test_convert_and_export_tts_by_name(tmp_path, monkeypatch, capsys):
    pytest.importorskip("PySide6")
    import yaml

    monkeypatch.chdir(tmp_path)
    assert cli.main(["convert", "gull-rock", "g.tmx", "-q"]) == 0
    assert cli.main(["convert", "g.tmx", "g.yaml", "-q"]) == 0
    assert (yaml.safe_load((tmp_path / "g.yaml").read_text()) ==
            yaml.safe_load(bundled_path("boards", "rivages", "islands", "gull-rock.yaml").read_text()))
    assert cli.main(["export-tts", "volcano-3p", "-o", "v.json", "-q"]) == 0
    assert json.loads((tmp_path / "v.json").read_text())["ObjectStates"]
    capsys.readouterr()
    for command in (["convert", "gul-rock", "x.tmx"], ["export-tts", "gul-rock", "-o", "x.json"]):
        assert cli.main(command) == 2
        assert capsys.readouterr().err.strip() == (f"studio {command[0]}: gul-rock: no such file, and no bundled "
                                                   "content of that name; did you mean gull-rock?")
    assert not list(tmp_path.glob("x*"))


def test_help_takes_the_version_too(capsys):
    assert cli.main(["help", "--version"]) == 0
    assert capsys.readouterr().out == f"studio {__version__}\n"


# --- item 6: - is standard input or output ----------------------------------------------------------

def studio(*args: str, cwd: Path, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "-m", "studio", *args], cwd=cwd, env=env, input=stdin,
                          capture_output=True, timeout=240)


def test_validate_reads_standard_input(tmp_path):
    broken = (ROOT / "tests/data/broken/crossing-lines.yaml").read_bytes()
    done = studio("validate", "-", cwd=tmp_path, stdin=broken)
    assert done.returncode == 1
    assert done.stdout.decode().startswith("<stdin>:29:3: error geometry/lines-cross: line [a1, b2] crosses")
    assert list(tmp_path.iterdir()) == []


def test_playtest_of_standard_input_never_names_its_deleted_copy(tmp_path, monkeypatch, capsys):
    """The trial of issue 16: `studio playtest - < scenario.yaml` with relative refs told the
    user to run `studio validate /tmp/studio-stdin-XXXX/stdin.yaml`, a file already deleted."""
    import io

    scenario = bundled_path("scenarios", "volcano.yaml").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(scenario)))
    assert cli.main(["playtest", "-", "-n", "2"]) == 2
    err = capsys.readouterr().err
    assert "studio-stdin-" not in err and err.startswith("<stdin>:11:6: error content/ref-escapes-root: ")
    assert err.splitlines()[-1] == ("studio playtest: the scenario read from standard input has 1 error; it refers "
                                    "to files relative to itself, which standard input has no folder for: pass the "
                                    "scenario file's path instead of -")
    broken = (Path(__file__).parent / "data" / "broken" / "crossing-lines.yaml").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(broken)))
    assert cli.main(["playtest", "-", "-n", "2"]) == 1   # content with errors, as studio validate
    err = capsys.readouterr().err
    assert "studio-stdin-" not in err and err.startswith("<stdin>:29:3: error geometry/lines-cross")
    assert err.splitlines()[-1].endswith("'studio validate - < FILE' lists them too)")


def test_playtest_writes_json_to_standard_output_and_the_table_to_stderr(tmp_path):
    board = bundled_path("boards", "realm", "volcano-2p.yaml").read_bytes()
    done = studio("playtest", "-", "-n", "2", "--json", "-", cwd=tmp_path, stdin=board)
    assert done.returncode == 0, done.stderr.decode()
    data = json.loads(done.stdout)
    assert data["format"] == "studio-playtest/1" and data["games_played"] == 2
    assert "Volcano, 2 players: 2 games" in done.stderr.decode()
    assert list(tmp_path.iterdir()) == []


def test_playtest_csv_and_report_to_standard_output(tmp_path):
    csv_run = studio("playtest", "jungle-temples", "-n", "2", "--csv", "-", "-q", cwd=tmp_path)
    assert csv_run.returncode == 0
    assert csv_run.stdout.decode().splitlines()[0].startswith("seed,bot_1,bot_2,")
    assert len(csv_run.stdout.decode().splitlines()) == 3
    html = studio("playtest", "jungle-temples", "-n", "1", "--report", "-", "-q", cwd=tmp_path)
    assert html.returncode == 0 and html.stdout.lstrip().lower().startswith(b"<!doctype html")
    two = studio("playtest", "jungle-temples", "-n", "1", "--report", "-", "--json", "-", cwd=tmp_path)
    assert two.returncode == 2 and b"only one output can go to standard output" in two.stderr
    assert list(tmp_path.iterdir()) == []


def test_sweep_json_to_standard_output(tmp_path):
    done = studio("sweep", "jungle-temples", "-n", "1", "--set", "rules.end.score=14,16", "--json", "-", "-q",
                  cwd=tmp_path)
    assert done.returncode == 0, done.stderr.decode()
    assert json.loads(done.stdout)["format"] == "studio-sweep/1"
    assert list(tmp_path.iterdir()) == []


def test_render_reads_and_writes_standard_streams(tmp_path):
    pytest.importorskip("PySide6")
    tree = bundled_path("boards", "rivages", "trees", "banyan.yaml").read_bytes()
    done = studio("render", "-", "-o", "-", "-q", cwd=tmp_path, stdin=tree)
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.startswith(b"%PDF") and done.stderr == b""
    png = studio("render", "volcano-3p", "-o", "-", "--format", "png", "-q", cwd=tmp_path)
    assert png.returncode == 0 and png.stdout.startswith(b"\x89PNG")
    assert list(tmp_path.iterdir()) == []


def test_export_tts_reads_standard_input(tmp_path):
    pytest.importorskip("PySide6")
    board = bundled_path("boards", "realm", "volcano-2p.yaml").read_bytes()
    done = studio("export-tts", "-", "-o", "v.json", "-q", cwd=tmp_path, stdin=board)
    assert done.returncode == 0, done.stderr.decode()
    assert json.loads((tmp_path / "v.json").read_text())["ObjectStates"]
    assert not (tmp_path / "-").exists()


def test_balance_refuses_a_folder_named_dash(tmp_path):
    done = studio("balance", "jungle-temples", "-o", "-", cwd=tmp_path)
    assert done.returncode == 2
    assert b"standard output (-) cannot hold them" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_editor_does_not_open_standard_input(capsys):
    assert cli.main(["-"]) == 2
    assert "not standard input" in capsys.readouterr().err


def test_save_atomic_to_dash_writes_standard_output(tmp_path, monkeypatch, capsys):
    from studio.content import save_atomic

    monkeypatch.chdir(tmp_path)
    save_atomic("-", "hello\n")
    assert capsys.readouterr().out == "hello\n"
    assert list(tmp_path.iterdir()) == []
