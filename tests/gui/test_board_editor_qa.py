"""Board editor fixes from the second fresh-user QA pass: scenario checks refuse files that are
not Rule the Realm scenarios, File ▸ Open sends other content to its own editor, Edit menu
items are enabled only when they can act, exports fail without Qt noise on stderr."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.content import bundled_path

REPO = Path(__file__).resolve().parents[2]
JUNGLE_SCENARIO = bundled_path("scenarios", "jungle-temples.yaml")


@pytest.mark.parametrize("bad, heading", [
    (b"\x00\x01\x02\xff binary", "binary.yaml:1:1: error io/not-utf8"),
    ("board", "jungle-temples-2p.yaml is a board file, not a Rule the Realm scenario:"),
    ("rivages", "rivages.yaml is a Rivages scenario file, not a Rule the Realm scenario:"),
])
def test_check_against_scenario_refuses_other_files_and_keeps_the_scenario(window, dialogs, tmp_path,
                                                                           bad, heading):
    # QA: any file was accepted, then the board was reported clean against no rules at all
    if bad == "board":
        path = str(bundled_path("boards", "realm", "jungle-temples-2p.yaml"))
    elif bad == "rivages":
        path = str(REPO / "scenarios" / "rivages.yaml")
    else:
        path = str(tmp_path / "binary.yaml")
        Path(path).write_bytes(bad)
    before = window.document.scenario_path
    assert before and Path(before).name == "jungle-temples.yaml"
    dialogs.answer("ask_open_path", path)
    dialogs.answer("show_error")
    assert window.editing.choose_scenario() is False
    title, text, _details = dialogs.named("show_error")[-1]
    assert title == "Cannot check against scenario"
    assert heading in text
    assert text.endswith("The board is still checked against jungle-temples.yaml.")
    assert window.document.scenario_path == before
    window.validation_dock.run_now()
    assert window.validation_dock.scenario is not None
    assert "(rules of " in window.validation_dock.summary.text()


def test_check_against_a_realm_scenario_switches_to_it(window, dialogs):
    path = str(bundled_path("scenarios", "volcano.yaml"))
    dialogs.answer("ask_open_path", path)
    assert window.editing.choose_scenario() is True
    assert window.document.scenario_path == path
    assert window.hint_label.text().startswith("Checking against ") and "(volcano.yaml)" in window.hint_label.text()
