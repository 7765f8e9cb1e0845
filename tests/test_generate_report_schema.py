"""``generate.json`` (``studio-generate/1``) matches ``schemas/studio-generate.schema.json`` for
real runs of both kinds (a board and an island, with candidates offered and not offered) and for
stopped runs, which record their stop (``stopped_by``, ``stop_reason``) as ``studio playtest
--json`` does; ``studio validate`` checks the file, and says where an inconsistent one is wrong."""

from __future__ import annotations

import json
import os
import signal
import sys

import pytest
from jsonschema import Draft202012Validator

from studio.content.schemas import schema_for
from studio.generate import offer
from studio.generate.cli import main, save
from studio.generate.islands import IslandSpec
from studio.generate.offer import Outcome, Rejected
from studio.generate.realm import BoardSpec
from studio.validate import validate, validate_paths

FORMAT = "studio-generate/1"


def schema_errors(data) -> list[str]:
    validator = Draft202012Validator(schema_for(FORMAT))
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(data)]


def checked(path) -> dict:
    """The summary at ``path``, once it matches the schema and ``studio validate`` agrees."""
    data = json.loads(path.read_text())
    assert data["format"] == FORMAT
    assert schema_errors(data) == []
    assert validate(str(path)) == []
    return data


def test_the_format_is_registered():
    schema = schema_for(FORMAT)
    assert schema["$id"] == f"https://board-studio.example/schemas/{FORMAT}"
    assert schema["properties"]["format"]["const"] == FORMAT


@pytest.mark.parametrize("args, kind", [
    # 2 offered, seeds 1 and 2 refused by the validator (seat-fairness warnings)
    (["labyrinth", "-p", "2", "--symmetry", "none", "--count", "2"], "board"),
    # seed 0's quest is too near for a hard island (budget), seed 1 offered
    (["island", "-p", "3", "--quest", "spaces", "--difficulty", "hard", "--count", "1"], "island"),
], ids=["board", "island"])
def test_a_run_matches_the_schema(tmp_path, capsys, args, kind):
    out, copy = tmp_path / "out", tmp_path / "copy.json"
    assert main([*args, "--games", "6", "-q", "-o", str(out), "--json", str(copy)]) == 0, capsys.readouterr().err
    data = checked(out / "generate.json")
    assert copy.read_text() == (out / "generate.json").read_text()
    assert data["kind"] == {"board": "BoardSpec", "island": "IslandSpec"}[kind]
    # both lists are filled, so the schema is held to candidates offered and refused
    assert data["offered"] and data["rejected"] and {c["kind"] for c in data["offered"]} == {kind}
    assert data["stopped"] is False and "stopped_by" not in data and "stop_reason" not in data
    findings, files, _ = validate_paths([out])   # the folder, as 'studio validate DIR' checks it
    assert findings == [] and files == len(data["offered"]) + 1


@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGINT")
def test_a_ctrl_c_is_recorded_with_what_was_offered(tmp_path, capsys, monkeypatch):
    real = offer.generate
    sent = []

    def generate_then_ctrl_c(*args):
        *rest, progress = args

        def tell(p):
            progress(p)
            if p.offered and not sent:   # the first candidate offered, the second being drawn
                sent.append(p)
                os.kill(os.getpid(), signal.SIGINT)

        return real(*rest, tell)

    monkeypatch.setattr(offer, "generate", generate_then_ctrl_c)
    out, copy = tmp_path / "out", tmp_path / "copy.json"
    # Ctrl+C as at a terminal: a shell without job control starts background jobs with SIGINT
    # ignored, and the studio leaves an ignored Ctrl+C alone by design
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        status = main(["cursed-triangle", "-p", "2", "--seed", "4", "--count", "2", "--games", "6", "-q",
                       "-o", str(out), "--json", str(copy)])
    finally:
        signal.signal(signal.SIGINT, old)
    err = capsys.readouterr().err
    assert status == 130 and sent, err
    assert "studio generate: interrupted (Ctrl+C); 1 offered so far" in err   # the stop named, as the JSON names it
    data = checked(out / "generate.json")
    assert copy.read_text() == (out / "generate.json").read_text()
    assert (data["stopped"], data["stopped_by"], data["stop_reason"]) == (True, "ctrl-c", "interrupted (Ctrl+C)")
    assert [c["file"] for c in data["offered"]] == ["cursed-triangle-2p-s4.yaml"] and data["tried"] == 2


def test_a_stop_just_before_the_save_still_saves_everything(tmp_path, capsys, monkeypatch):
    """Review: a stop landing after the search returned but before the save began left the
    offered candidates unsaved (and a NameError on the files' names). The save runs again,
    held, and the run says it was stopped as it was finishing."""
    from studio.generate import cli as generate_cli

    calls: list = []
    original_write = generate_cli._write

    def write(outcome, out, spec, args, stop=None):
        calls.append(stop)
        if len(calls) == 1:
            raise KeyboardInterrupt
        return original_write(outcome, out, spec, args, stop)

    monkeypatch.setattr(generate_cli, "_write", write)
    out = tmp_path / "out"
    status = main(["cursed-triangle", "-p", "2", "--seed", "4", "--count", "1", "--games", "6", "-q", "-o", str(out)])
    err = capsys.readouterr().err
    assert status == 130 and len(calls) == 2
    assert "as it was finishing; 1 offered, saved in" in err and "Traceback" not in err
    data = checked(out / "generate.json")
    assert [c["file"] for c in data["offered"]] == ["cursed-triangle-2p-s4.yaml"]
    assert (out / "cursed-triangle-2p-s4.yaml").is_file()


def test_an_inconsistent_summary_is_named_where_it_is_wrong(tmp_path):
    class Args:   # the options save() records
        games, bots, game_seed = 6, "greedy", 1

    def summary(spec, **changes):
        outcome = Outcome(rejected=[Rejected(0, "simulate", "seats uneven")], tried=1)
        _, data, _ = save(outcome, tmp_path / "out", spec, Args)
        return dict(data, **changes)

    assert schema_errors(summary(BoardSpec("volcano", 2, seed=0))) == []
    assert schema_errors(summary(IslandSpec())) == []
    # the stop fields only with stopped true, and both together
    wrong = summary(BoardSpec("volcano", 2, seed=0), stopped_by="signal", stop_reason="stopped by a signal (SIGTERM)")
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(wrong, indent=1))
    assert [f.message for f in validate(str(path))] == ["'stopped' must be true, got false"]
    assert schema_errors(summary(IslandSpec(), stopped=True)) == []   # written before the stop fields were
    half = summary(IslandSpec(), stopped=True, stopped_by="ctrl-c")
    assert schema_errors(half) == [": 'stop_reason' is a required property"]   # at the top level
    # the constraints are the kind's
    path.write_text(json.dumps(summary(BoardSpec("volcano", 2, seed=0), kind="IslandSpec"), indent=1))
    found = [f.message for f in validate(str(path))]
    assert "unknown key 'location' in 'constraints'; the keys allowed here are: seed, size, quest, two_step, " \
           "strongholds, crosses, difficulty, name" in found


def test_a_second_run_into_the_same_folder_keeps_the_first_runs_files(tmp_path, capsys):
    """Trial: a second run replaced generate.json (the first run's figures and reasons were
    lost) and saved jungle-temples-3p-s0-2.yaml with the id of the first run's board."""
    out = tmp_path / "out"
    args = ["cursed-triangle", "-p", "2", "--seed", "4", "--count", "1", "--games", "6", "-o", str(out)]
    assert main(args) == 0
    first = (out / "generate.json").read_text()
    capsys.readouterr()
    assert main(args) == 0
    err = capsys.readouterr().err
    assert f"summary in {out / 'generate-2.json'}" in err
    # the same seeds design the same candidates: the run says so, and which seed starts past them
    tried = json.loads(first)["tried"]
    assert (f"warning: {out / 'generate.json'} is a run with the same constraints and design seeds, so this one "
            f"designs the same candidates again; with --seed {4 + tried} it designs none of an earlier run's") in err
    assert (out / "generate.json").read_text() == first
    second = checked(out / "generate-2.json")
    assert [c["file"] for c in second["offered"]] == ["cursed-triangle-2p-s4-2.yaml"]
    assert [c["id"] for c in second["offered"]] == ["cursed-triangle-2p-s4-2"]
    assert "id: cursed-triangle-2p-s4-2\n" in (out / "cursed-triangle-2p-s4-2.yaml").read_text()
    assert [f for f in validate_paths([str(out)])[0] if f.severity in ("error", "warning")] == []
    assert main([*args[:3], "--seed", str(4 + tried), *args[5:]]) == 0   # past them: no warning
    assert "warning" not in capsys.readouterr().err
    # trial: the seed named must be past every earlier run's, not only the one repeated
    third = json.loads((out / "generate-3.json").read_text())["tried"]
    assert main(args) == 0
    err = capsys.readouterr().err
    assert f"{out / 'generate.json'} is a run" in err   # the first such run, not generate-2.json (trial)
    assert f"with --seed {4 + tried + third} it designs none of an earlier run's" in err
    # other fairness games design the same boards (trial); a run overlapping an earlier one says "some"
    assert main([*args[:3], "--seed", "2", "--count", "1", "--games", "5", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "designs some of its candidates again" in err and "with --seed " in err
