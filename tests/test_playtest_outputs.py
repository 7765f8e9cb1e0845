"""Output files of ``studio playtest`` and ``studio sweep`` are checked before any game: a
report never replaces the run's inputs, content files or another output, and a path that
cannot be written is refused up front (QA pass 1, items 1, 5 and 7)."""

from __future__ import annotations

import shutil

import pytest

from studio.content import bundled_path
from studio.playtest import cli, sweep


@pytest.fixture()
def tree(tmp_path, monkeypatch):
    """A copy of the bundled scenarios and boards, with the working folder at its top."""
    root = bundled_path("scenarios", "jungle-temples.yaml").parent.parent
    shutil.copytree(root / "scenarios", tmp_path / "scenarios")
    shutil.copytree(root / "boards", tmp_path / "boards")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _refused(main, argv, capsys, message):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


J = "scenarios/jungle-temples.yaml"
R = "scenarios/rivages.yaml"


@pytest.mark.parametrize("argv, message", [
    ([J, "-n", "3", "--json", J], f"--json {J}: is an input of this run"),
    ([J, "-n", "3", "--csv", "boards/realm/jungle-temples-4p.yaml"], "is an input of this run"),
    ([R, "-n", "3", "--csv", "boards/rivages/loot.yaml"], "is an input of this run"),
    ([R, "-n", "3", "--json", "boards/rivages/islands/new.yaml"], "a content folder the scenario reads"),
    ([J, "-n", "3", "--json", "same.json", "--csv", "same.json"], "--csv same.json: the same file as --json"),
    ([J, "-n", "3", "--csv", "scenarios/volcano.yaml"], "is a realm-scenario/1 file; a report does not overwrite it"),
    ([J, "-n", "3", "--report", "out"], "--report out: is a folder"),
    ([J, "-n", "3", "--report", "r.pdf"], "give a name ending in .html or .htm"),
    ([J, "-n", "3", "--json", "/proc/x.json"], "--json /proc/x.json: cannot write in /proc: the folder does not accept new files"),
    ([J, "-n", "3", "--json", f"{J}/such/r.json"], f"cannot make the folder {J}/such: {J} is a file, not a folder"),
    ([J, "-n", "3", "--json", "j" * 260 + ".json"], ".json: the file name is too long"),
    ([J, "-n", "3", "--csv", "c" * 260 + ".csv"], ".csv: the file name is too long"),
    ([J, "-n", "3", "--report", "r" * 260 + ".html"], ".html: the file name is too long"),
])
def test_playtest_refuses_an_output_before_playing(tree, capsys, argv, message):
    (tree / "out").mkdir()
    before = {p: p.read_bytes() for p in tree.rglob("*.yaml")}
    _refused(cli.main, argv, capsys, message)
    assert {p: p.read_bytes() for p in tree.rglob("*.yaml")} == before
    assert not (tree / "same.json").exists()
    assert not list(tree.rglob(".*.tmp"))


@pytest.mark.parametrize("argv, message", [
    ([J, "--set", "rules.end.score=10", "-n", "1", "--csv", "victim.yaml"], "is a realm-scenario/1 file"),
    ([J, "--set", "rules.end.score=10", "-n", "1", "--json", "p.json"], "is a studio-playtest/1 file"),
    ([J, "--set", "rules.end.score=10", "-n", "1", "--csv", "out"], "--csv out: is a folder"),
    ([J, "--set", "rules.end.score=10", "-n", "1", "--json", "/proc/s.json"], "cannot write in /proc: "),
])
def test_sweep_refuses_an_output_before_playing(tree, capsys, argv, message):
    (tree / "out").mkdir()
    shutil.copy(tree / J, tree / "victim.yaml")
    assert cli.main([J, "-n", "1", "--json", "p.json"]) == 0
    capsys.readouterr()
    victim = (tree / "victim.yaml").read_bytes()
    _refused(sweep.main, argv, capsys, message)
    assert (tree / "victim.yaml").read_bytes() == victim


def test_a_previous_report_of_the_same_kind_is_replaced(tree, capsys):
    for _ in range(2):
        assert cli.main([J, "-n", "1", "--json", "r.json", "--csv", "r.csv", "--report", "r.html"]) == 0
    for _ in range(2):
        assert sweep.main([J, "--set", "rules.end.score=10", "-n", "1", "--json", "s.json", "--csv", "r.csv"]) == 0
    assert '"studio-sweep/1"' in (tree / "s.json").read_text()
