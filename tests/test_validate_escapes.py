"""``content/ref-escapes-root`` findings grouped per file and content root from the escape's own
fields (:class:`~studio.content.errors.ReferenceEscape`, :class:`~studio.validate.report.Escape`),
never from the message text."""

from __future__ import annotations

import pickle
import shutil

import pytest

from studio.content import LoadError, ReferenceEscape, resolve_reference
from studio.content.findings import Finding
from studio.validate import validate
from studio.validate.report import Escape, Reporter, group_escapes
from tests.conftest import ROOT


def test_resolve_reference_names_the_reference_and_the_root(tmp_path):
    (tmp_path / "content").mkdir()
    sc = tmp_path / "content" / "scenario.yaml"
    sc.write_text("format: realm-scenario/1\n")
    with pytest.raises(ReferenceEscape) as caught:
        resolve_reference(sc, "../elsewhere/board.yaml")
    exc = caught.value
    assert isinstance(exc, LoadError) and exc.code == "content/ref-escapes-root"
    assert (exc.ref, exc.root, exc.path) == ("../elsewhere/board.yaml", str(tmp_path / "content"), str(sc))
    assert exc.message == f"reference '../elsewhere/board.yaml' leaves the content root {tmp_path / 'content'}"
    again = pickle.loads(pickle.dumps(exc))
    assert (type(again), again.ref, again.root, again.path, again.message) == (
        ReferenceEscape, exc.ref, exc.root, exc.path, exc.message)


def test_escapes_of_one_root_become_one_finding_at_the_first():
    report = Reporter("s.yaml")
    first = report.add_reference_error(ReferenceEscape("../a.yaml", "/root", "s.yaml"), "board for 2 players",
                                       at=("boards", "2"))
    report.add("scenario/other", "something else")
    report.add_reference_error(ReferenceEscape("../b.yaml", "/root", "s.yaml"), "board for 3 players",
                               at=("boards", "3"))
    out = group_escapes(report.findings, report.escapes)
    assert [f.code for f in out] == ["content/ref-escapes-root", "scenario/other"]
    assert out[0].message == ("2 references leave the content root /root (a copy of the scenario away from its "
                              "content? copy the files too, or move it back): board for 2 players '../a.yaml'; "
                              "board for 3 players '../b.yaml'")
    assert out[0].json_path == first.json_path == ("boards", "2")


def test_escapes_of_two_roots_stay_apart_and_a_lone_one_is_kept_as_it_is():
    report = Reporter("s.yaml")
    lone = report.add_reference_error(ReferenceEscape("../../x.yaml", "/outer", "s.yaml"), "cards")
    report.add_reference_error(ReferenceEscape("../a.yaml", "/root", "s.yaml"), "islands", at=("islands", 0))
    report.add_reference_error(ReferenceEscape("../b.yaml", "/root", "s.yaml"), "islands", at=("islands", 1))
    out = group_escapes(report.findings, report.escapes)
    assert out[0] is lone
    assert len(out) == 2 and out[1].message.startswith("2 references leave the content root /root ")


def test_a_reference_with_a_quote_or_a_colon_is_grouped_too():
    """The reference's repr uses double quotes when it holds an apostrophe: the old message
    pattern (single quotes only) left such escapes apart; the fields do not care."""
    report = Reporter("s.yaml")
    report.add_reference_error(ReferenceEscape("../it's.yaml", "/root", "s.yaml"), "islands", at=("islands", 0))
    report.add_reference_error(ReferenceEscape("../a: b.yaml", "/root", "s.yaml"), "trees", at=("trees", 0))
    out = group_escapes(report.findings, report.escapes)
    assert len(out) == 1
    assert out[0].message.endswith("islands \"../it's.yaml\"; trees '../a: b.yaml'")


def test_a_finding_that_only_reads_like_an_escape_is_not_grouped():
    """Grouping follows what was recorded, not the words: two findings worded like escapes but
    not recorded as escapes (another file's, relayed) stay as they are."""
    worded = [Finding("content/ref-escapes-root", "error", f"islands: reference '../{n}.yaml' leaves the content "
                      "root /root", "s.yaml", 1, 1) for n in ("a", "b")]
    assert group_escapes(worded, {}) == worded
    escape = Escape("islands", "../a.yaml", "/root")
    assert group_escapes(worded, {worded[0]: escape}) == worded  # one recorded escape alone: kept


def test_other_load_errors_are_recorded_without_an_escape():
    report = Reporter("s.yaml")
    f = report.add_reference_error(LoadError("content/ref-absolute", "reference '/x' must be a relative path"),
                                   "board for 2 players", at=("boards", "2"))
    assert f.message == "board for 2 players: reference '/x' must be a relative path"
    assert report.escapes == {}


def test_a_realm_scenario_copied_away_names_each_board_once(tmp_path):
    """End to end: the Jungle Temples scenario alone in another folder gives one finding naming
    its three boards in player order."""
    sc = tmp_path / "jungle.yaml"
    shutil.copy(ROOT / "scenarios" / "jungle-temples.yaml", sc)
    found = validate(sc)
    assert [f.code for f in found] == ["content/ref-escapes-root"]
    assert found[0].message.endswith(": " + "; ".join(
        f"board for {n} players '../boards/realm/jungle-temples-{n}p.yaml'" for n in (2, 3, 4)))
