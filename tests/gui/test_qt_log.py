"""Qt's messages go to the ``studio.qt`` logger once the GUI starts, not to stderr; critical
ones still reach stderr; ``-v`` and STUDIO_VERBOSE show them."""

from __future__ import annotations

import logging

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import qCritical, qDebug, qInstallMessageHandler, qWarning  # noqa: E402

from studio.gui.shell import qt_log  # noqa: E402

pytestmark = pytest.mark.gui


@pytest.fixture
def handler_installed():
    qt_log.install_qt_logging(verbose=False)
    yield
    qInstallMessageHandler(None)


def test_warnings_and_debug_go_to_the_studio_qt_logger_not_stderr(handler_installed, caplog, capfd):
    with caplog.at_level(logging.DEBUG, logger="studio.qt"):
        qWarning("This plugin does not support propagateSizeHints()")
        qDebug("a debug line")
    got = [(r.name, r.levelno, r.getMessage()) for r in caplog.records]
    assert ("studio.qt", logging.WARNING, "This plugin does not support propagateSizeHints()") in got
    assert ("studio.qt", logging.DEBUG, "a debug line") in got
    assert capfd.readouterr().err == ""


def test_critical_messages_stay_on_stderr(handler_installed, caplog, capfd):
    with caplog.at_level(logging.DEBUG, logger="studio.qt"):
        qCritical("the sky is falling")
    assert capfd.readouterr().err == "Qt: the sky is falling\n"
    assert not [r for r in caplog.records if r.name == "studio.qt"]


def test_verbose_shows_them_on_stderr(capfd):
    studio = logging.getLogger("studio")
    before = list(studio.handlers), studio.level
    try:
        qt_log.install_qt_logging(verbose=True)
        qWarning("QPainter::begin: Paint device returned engine == 0")
        assert capfd.readouterr().err == "studio.qt WARNING: QPainter::begin: Paint device returned engine == 0\n"
    finally:
        qInstallMessageHandler(None)
        studio.handlers[:] = before[0]
        studio.setLevel(before[1])


@pytest.mark.parametrize("value, on", [("", False), ("0", False), ("off", False), ("1", True), ("yes", True)])
def test_studio_verbose_environment_variable(value, on):
    assert qt_log.verbose_from_env({"STUDIO_VERBOSE": value}) is on


def test_the_gui_start_path_installs_it_verbose_with_dash_v(monkeypatch):
    import studio.gui.app as app

    calls = []
    monkeypatch.setattr(app, "install_qt_logging", lambda verbose: calls.append(verbose))
    monkeypatch.setattr(app, "display_problem", lambda: None)
    monkeypatch.setattr(app, "start_editor", lambda argv: None)
    monkeypatch.setattr(app.QApplication, "exec", lambda self=None: 0)
    monkeypatch.delenv("STUDIO_VERBOSE", raising=False)
    assert app.main(["-v"]) == 0 and app.main([]) == 0
    assert calls == [True, False]
    assert app.main(["-v", "a.yaml", "b.yaml"]) == 2
