"""The playtest and sweep JSON reports (``studio-playtest/1``, ``studio-sweep/1``) match their
schemas in ``schemas/``, for real outputs of both games (2 and 4 players, Rivages, solo with
challenge sets), and ``studio validate`` checks a report named on the command line. Every report
format has its schema (``studio generate``'s: tests/test_generate_report_schema.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from studio.content import bundled_path
from studio.content.schemas import known_formats, schema_for
from studio.playtest import cli, sweep
from studio.validate import validate

JUNGLE = bundled_path("scenarios", "jungle-temples.yaml")
RIVAGES = bundled_path("scenarios", "rivages.yaml")
SOLO = bundled_path("scenarios", "rivages-solo.yaml")


def schema_errors(fmt: str, data) -> list[str]:
    validator = Draft202012Validator(schema_for(fmt))
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(data)]


def test_report_formats_are_registered():
    reports = ("studio-playtest/1", "studio-sweep/1", "studio-balance/1", "studio-generate/1")
    assert set(reports) <= set(known_formats())
    for fmt in reports:
        schema = schema_for(fmt)
        assert schema["$id"] == f"https://board-studio.example/schemas/{fmt}"
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert schema["properties"]["format"]["const"] == fmt


@pytest.mark.parametrize("scenario, args", [
    (JUNGLE, ["--players", "2", "--games", "3", "--bots", "greedy,random"]),
    (JUNGLE, ["--players", "4", "--games", "2", "--bots", "random"]),
    (JUNGLE, ["--players", "2", "--games", "1", "--bots", "hoarder,racer"]),   # trial: styles failed validate
    (RIVAGES, ["--players", "2", "--games", "2", "--bots", "random"]),
    (SOLO, ["--games", "8", "--bots", "random"]),
], ids=["realm-2p", "realm-4p", "realm-styles", "rivages-2p", "rivages-solo"])
def test_playtest_json_matches_its_schema(tmp_path, capsys, scenario, args):
    out = tmp_path / "report.json"
    assert cli.main([str(scenario), *args, "--seed", "1", "--json", str(out)]) == 0, capsys.readouterr().err
    data = json.loads(out.read_text())
    assert data["format"] == "studio-playtest/1"
    assert schema_errors("studio-playtest/1", data) == []
    assert validate(str(out)) == []                      # studio validate agrees
    # it names what was played, as the HTML report does: the board, or every island dealt
    if scenario == JUNGLE:
        players = args[args.index("--players") + 1]
        board = data["board"]
        assert (board["id"], board["name"]) == (f"jungle-temples-{players}p", f"Jungle Temples, {players} players")
        assert Path(board["path"]).resolve() == bundled_path("boards", "realm", f"jungle-temples-{players}p.yaml").resolve()
        assert "islands" not in data
    else:
        from studio.model.rivages import read_rivages

        dealt = read_rivages(scenario).islands
        assert [(i["id"], i["name"]) for i in data["islands"]] == [(i.id, i.name) for i in dealt]
        assert data["islands"][0]["path"].endswith(f"boards/rivages/islands/{dealt[0].id}.yaml")
        assert "board" not in data
    older = {k: v for k, v in data.items() if k not in ("board", "islands")}  # a report of before
    assert schema_errors("studio-playtest/1", older) == []
    out.write_text(json.dumps(older))
    assert validate(str(out)) == []
    if scenario == SOLO:                                  # the solo parts are there, and checked
        solo = data["summary"]["solo"]
        assert len(solo["sets"]) >= 2 and all(g["challenges"] for g in data["games"])
        assert all("target" in g for g in data["games"])


def _bot_name_patterns(node, path=()):
    """(path, subschema) of every string schema whose pattern names the greedy bot."""
    if isinstance(node, dict):
        if "greedy" in str(node.get("pattern", "")):
            yield path, node
        for key, sub in node.items():
            yield from _bot_name_patterns(sub, (*path, key))
    elif isinstance(node, list):
        for i, sub in enumerate(node):
            yield from _bot_name_patterns(sub, (*path, i))


@pytest.mark.parametrize("fmt", ["studio-playtest/1", "studio-sweep/1", "studio-generate/1"])
def test_every_bot_the_studio_plays_is_a_name_its_reports_accept(fmt):
    """Trial: ``studio playtest --bots hoarder --json`` wrote a report ``studio validate``
    refused. A report's bot names accept every registered bot (playstyles included) and an MCTS
    with settings, and nothing else."""
    from studio.bots import BOTS

    found = list(_bot_name_patterns(schema_for(fmt)))
    assert found, f"{fmt} checks no bot names"
    for path, node in found:
        check = Draft202012Validator(node)
        assert all(check.is_valid(name) for name in [*BOTS, "mcts:400", "mcts:0.2s", "mcts:300:rollout=random"]), path
        assert not any(check.is_valid(name) for name in ["clever", "greedy2", "hoarder:2", ""]), path


def test_sweep_json_matches_its_schema(tmp_path, capsys):
    out = tmp_path / "sweep.json"
    rc = sweep.main([str(JUNGLE), "--set", "rules.end.score=6,10", "--games", "2", "--bots", "random",
                     "--json", str(out)])
    assert rc == 0, capsys.readouterr().err
    data = json.loads(out.read_text())
    assert schema_errors("studio-sweep/1", data) == []
    assert validate(str(out)) == []


def test_a_broken_report_is_named_where_it_is_wrong(tmp_path, capsys):
    good = tmp_path / "good.json"
    assert cli.main([str(JUNGLE), "--games", "1", "--bots", "random", "--json", str(good)]) == 0
    data = json.loads(good.read_text())
    data["summary"]["seats"][1]["win_rate"] = "high"
    del data["games"][0]["end_reason"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data, indent=1))
    found = validate(str(bad))
    assert [(f.severity, f.code) for f in found] == [("error", "schema/missing-key"), ("error", "schema/type")]
    assert all(f.path == str(bad) and f.line and f.col for f in found)
    lines = bad.read_text().splitlines()
    assert '"win_rate": "high"' in lines[found[1].line - 1]


def test_report_files_are_readable_like_any_other_file(tmp_path, capsys):
    files = {k: tmp_path / f"out.{k}" for k in ("json", "csv", "html")}
    assert cli.main([str(JUNGLE), "--games", "1", "--bots", "random", "--json", str(files["json"]),
                     "--csv", str(files["csv"]), "--report", str(files["html"])]) == 0
    # the same mode for every report (JSON and CSV were written 0600, private, through mkstemp)
    assert {k: p.stat().st_mode & 0o777 for k, p in files.items()} == {"json": 0o644, "csv": 0o644, "html": 0o644}
    files["json"].chmod(0o640)                           # replacing a file keeps its mode
    assert cli.main([str(JUNGLE), "--games", "1", "--bots", "random", "--json", str(files["json"])]) == 0
    assert files["json"].stat().st_mode & 0o777 == 0o640


def test_a_report_is_not_opened_as_content(tmp_path, capsys):
    from studio.model import io
    from studio.model.io import InvalidContent

    out = tmp_path / "report.json"
    assert cli.main([str(JUNGLE), "--games", "1", "--bots", "random", "--json", str(out)]) == 0
    with pytest.raises(InvalidContent) as caught:
        io.read(out)
    (finding,) = caught.value.findings
    assert finding.format() == (f"{out}:1:1: error content/wrong-kind: studio-playtest/1 is a playtest report "
                                f"(written by studio playtest --json), not content to edit; 'studio validate {out}' "
                                "checks it")
