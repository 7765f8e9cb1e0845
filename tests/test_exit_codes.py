"""Every command gives the same exit status for the same input (fresh-user trial: `studio render`
exited 2 on a board with schema errors where `studio validate` exited 1): 1 for content that does
not load or has errors, 2 for a usage or input/output problem (a missing file, an output that
cannot be written), as studio.content.exits says."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio import cli

BROKEN = Path(__file__).parent / "data" / "broken"


def _commands(path: Path, out: Path) -> dict[str, list[str]]:
    return {
        "validate": ["validate", str(path)],
        "render": ["render", str(path), "-o", str(out / "x.pdf")],
        "export-tts": ["export-tts", str(path), "-o", str(out / "x.json")],
        "convert": ["convert", str(path), str(out / "x.tmx")],
        "playtest": ["playtest", str(path), "-n", "1"],
        "sweep": ["sweep", str(path), "--set", "rules.end.score=14,16", "-n", "1"],
        "balance": ["balance", str(path), "-n", "8", "-o", str(out / "b")],
    }


@pytest.mark.parametrize("name, status", [
    ("unknown-key.yaml", 1),        # schema errors: the file does not load
    ("yaml-syntax.yaml", 1),        # YAML syntax
    ("crossing-lines.yaml", 1),     # loads, but validation finds errors
    ("missing.yaml", 2),            # no such file: an input problem
])
def test_every_command_exits_as_validate_does_on_the_same_file(name, status, tmp_path, capsys):
    got = {}
    for command, argv in _commands(BROKEN / name, tmp_path).items():
        got[command] = cli.main(argv)
        assert "Traceback" not in capsys.readouterr().err
    assert got == dict.fromkeys(got, status)
    assert list(tmp_path.iterdir()) == []   # nothing written


def test_an_output_that_cannot_be_written_is_2_whatever_the_content(tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    for name in ("crossing-lines.yaml", "unknown-key.yaml"):
        for command in ("render", "export-tts", "convert"):
            argv = _commands(BROKEN / name, blocker)[command]
            assert cli.main(argv) == 2, (name, command)
            assert "Traceback" not in capsys.readouterr().err


def test_an_island_with_errors_is_1_from_every_command_that_takes_it(tmp_path, capsys):
    from studio.content import bundled_path

    gull = bundled_path("boards", "rivages", "islands", "gull-rock.yaml")
    bad = tmp_path / "in" / "bad.yaml"
    bad.parent.mkdir()
    bad.write_text(gull.read_text().replace("kind: ship", "kind: forest", 1))
    out = tmp_path / "out"
    out.mkdir()
    for command in ("validate", "render", "export-tts", "convert", "balance"):
        argv = _commands(bad, out)[command]
        assert cli.main(argv) == 1, command
        captured = capsys.readouterr()
        assert "rivages/ship-count" in captured.out + captured.err, command
    assert list(out.iterdir()) == []
