"""A Rule the Realm scenario's boards for other player counts never stop a playtest: their
problems come back as warnings (QA pass 1, item 4)."""

from __future__ import annotations

import shutil

import pytest

from studio.content import bundled_path
from studio.playtest import cli
from studio.playtest.setup import content_findings


@pytest.fixture()
def tree(tmp_path, monkeypatch):
    root = bundled_path("scenarios", "jungle-temples.yaml").parent.parent
    shutil.copytree(root / "scenarios", tmp_path / "scenarios")
    shutil.copytree(root / "boards", tmp_path / "boards")
    (tmp_path / "boards/realm/broken-4p.yaml").write_text("format: realm-board/1\nid: x\n  name: [\n")
    text = (tmp_path / "scenarios/jungle-temples.yaml").read_text()
    for name, board in (("b4", "broken-4p.yaml"), ("m4", "missing-4p.yaml")):
        (tmp_path / f"scenarios/{name}.yaml").write_text(text.replace("jungle-temples-4p.yaml", board))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_broken_4p_board_is_a_warning_with_its_own_finding_in_a_2p_playtest(tree, capsys):
    assert cli.main(["scenarios/b4.yaml", "-p", "2", "-n", "2"]) == 0
    out, err = capsys.readouterr()
    assert "2 games" in out
    lines = [line for line in err.splitlines() if "warning" in line]
    assert lines[0].startswith("boards/realm/broken-4p.yaml:3:7: warning yaml/syntax:")
    assert lines[1].startswith("scenarios/b4.yaml:13:6: warning scenario/invalid-board:")
    assert all("a board this 2-player game does not use" in line for line in lines[:2])


def test_a_missing_4p_board_is_a_warning_in_a_2p_playtest(tree, capsys):
    assert cli.main(["scenarios/m4.yaml", "-n", "1"]) == 0
    err = capsys.readouterr().err
    assert "scenarios/m4.yaml:13:6: warning scenario/missing-board: board for 4 players" in err


def test_the_broken_board_still_stops_the_game_that_uses_it(tree, capsys):
    assert cli.main(["scenarios/b4.yaml", "-p", "4", "-n", "1"]) == 1
    err = capsys.readouterr().err
    assert "boards/realm/broken-4p.yaml:3:7: error yaml/syntax:" in err
    assert [f.severity for f in content_findings("scenarios/b4.yaml", 4)] == ["error", "error"]


@pytest.mark.parametrize("players", [None, 2, 3])
def test_boards_naming_one_looping_link_show_its_finding_once(tmp_path, capsys, players):
    (tmp_path / "loop.yaml").symlink_to("loop.yaml")
    text = bundled_path("scenarios", "volcano.yaml").read_text()
    for n in (2, 3, 4):
        text = text.replace(f"../boards/realm/volcano-{n}p.yaml", "loop.yaml")
    (tmp_path / "s.yaml").write_text(text)
    argv = [str(tmp_path / "s.yaml"), "-n", "1"] + (["-p", str(players)] if players else [])
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.count(f"{tmp_path / 'loop.yaml'}: error io/unreadable:") == 1
    found = content_findings(tmp_path / "s.yaml", players)
    assert len({(f.path, f.line, f.col, f.code, f.message) for f in found}) == len(found)
    from studio.playtest import sweep

    assert sweep.main([str(tmp_path / "s.yaml"), "--set", "rules.end.rounds=5", "-n", "1"]) == 2
    assert capsys.readouterr().err.count("loop.yaml: error io/unreadable:") == 1
