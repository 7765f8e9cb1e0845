""".ci/mypy_ratchet.py on made-up mypy output: non-GUI code may have no error (each is named by
file:line:col), the Qt parts are held to their recorded counts, and --update never records a
non-GUI error. mypy itself is not run here (CI runs the script)."""

from __future__ import annotations

import importlib.util
import json

import pytest

from tests.conftest import ROOT


@pytest.fixture
def ratchet(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("mypy_ratchet", ROOT / ".ci" / "mypy_ratchet.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "RATCHET", tmp_path / "mypy-ratchet.json")
    return module


def _error(file, line=3, column=4, message="Item \"None\" of \"X | None\" has no attribute \"y\"", code="union-attr"):
    return {"file": file, "line": line, "column": column, "message": message, "code": code, "severity": "error"}


def test_only_the_qt_parts_may_keep_errors(ratchet):
    assert ratchet.ratcheted("studio/gui/main_window.py") and ratchet.ratcheted("studio/render/board.py")
    assert not ratchet.ratcheted("studio/render/output.py")   # Qt-free modules of render: none allowed
    assert not ratchet.ratcheted("studio/playtest/stats.py") and not ratchet.ratcheted("studio/cli.py")
    assert ratchet.ratcheted("studio\\gui\\scene.py")          # as mypy spells paths on Windows


def test_a_non_gui_error_fails_naming_its_place(ratchet, monkeypatch, capsys):
    monkeypatch.setattr(ratchet, "run_mypy", lambda: [_error("studio/playtest/stats.py", 431, 27)])
    assert ratchet.main([]) == 1
    out = capsys.readouterr().out
    assert out.splitlines()[0] == ('studio/playtest/stats.py:431:28: Item "None" of "X | None" has no '
                                   'attribute "y" [union-attr]')
    assert "1 error in non-GUI code, where none is allowed" in out


def test_gui_errors_are_held_to_their_recorded_counts(ratchet, monkeypatch, capsys):
    ratchet.RATCHET.write_text(json.dumps({"studio/gui/scene.py": 2}))
    monkeypatch.setattr(ratchet, "run_mypy", lambda: [_error("studio/gui/scene.py"), _error("studio/gui/scene.py", 9)])
    assert ratchet.main([]) == 0
    monkeypatch.setattr(ratchet, "run_mypy", lambda: [_error("studio/gui/scene.py", n) for n in (3, 9, 12)])
    assert ratchet.main([]) == 1
    assert "studio/gui/scene.py: 3 mypy errors, 2 allowed" in capsys.readouterr().out


def test_update_records_only_the_qt_parts(ratchet, monkeypatch):
    monkeypatch.setattr(ratchet, "run_mypy", lambda: [_error("studio/gui/scene.py"), _error("studio/rules/api.py")])
    assert ratchet.main(["--update"]) == 1          # the non-GUI error still fails
    assert json.loads(ratchet.RATCHET.read_text()) == {"studio/gui/scene.py": 1}
    monkeypatch.setattr(ratchet, "run_mypy", lambda: [])
    assert ratchet.main(["--update"]) == 0
    assert json.loads(ratchet.RATCHET.read_text()) == {}
