"""Editor test fixtures: a real MainWindow on the bundled Jungle Temples board, settings in
tmp_path, and every dialog patched so that none can block (an unexpected one fails)."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QCoreApplication, QPointF, QSettings  # noqa: E402

import studio.gui  # noqa: E402,F401  (applies the PySide6 workaround first)
from studio.gui.realm.main_window import MainWindow, default_board_path  # noqa: E402
from studio.gui.shell import prompts  # noqa: E402

DIALOGS = ("ask_unsaved_changes", "show_error", "show_info", "show_about", "ask_open_path",
           "ask_save_path", "ask_export_path", "ask_text", "ask_new_board",
           "ask_export", "ask_print_settings", "ask_print", "ask_export_file", "ask_reload_changed",
           "ask_overwrite_changed", "ask_recover_autosaves", "ask_report_path", "ask_game_path", "ask_bot_settings",
           "ask_play_anyway", "ask_save_dropping", "ask_save_elsewhere", "ask_card_print_options", "ask_tts_file")

# the real dialog functions, for the few tests that drive a real dialog (fixture real_dialogs)
REAL_DIALOGS = {name: getattr(prompts, name) for name in DIALOGS}


@pytest.fixture(autouse=True)
def no_saved_layouts():
    """Each test's windows open with their default layout: none left by an earlier test's
    windows in the (temporary) application settings."""
    QSettings().remove("windows")
    yield


@pytest.fixture(autouse=True)
def save_elsewhere_as_error(monkeypatch):
    """A save refused by its place offers Save As… in a modal box; tests that record
    ``show_error`` see that refusal there (answering Close), never a box left open."""
    def refused(parent, title, text, details=None):
        prompts.show_error(parent, title, text, details)
        return False
    monkeypatch.setattr(prompts, "ask_save_elsewhere", refused)


@pytest.fixture(autouse=True)
def overwrite_prompt_never_blocks(monkeypatch):
    """A save over a file changed on disk asks in a modal box; a test that did not expect it
    fails instead of waiting for a click (tests answering it patch it again, or use
    ``dialogs``)."""
    def unexpected(parent, name, changed_at):
        raise AssertionError(f"unexpected 'overwrite changes made on disk?' for {name}")
    monkeypatch.setattr(prompts, "ask_overwrite_changed", unexpected)


@pytest.fixture
def real_dialogs():
    return dict(REAL_DIALOGS)


class DialogLog:
    """Records patched dialog calls; ``answer(name, value)`` sets what one returns."""

    def __init__(self, monkeypatch) -> None:
        self.calls: list[tuple[str, tuple]] = []
        self.answers: dict[str, object] = {}
        for name in DIALOGS:
            monkeypatch.setattr(prompts, name, self._make(name))
        monkeypatch.setattr(prompts, "_last_folders", {})   # each test starts with no remembered folder,
        if QCoreApplication.organizationName():                # in this run or kept in the settings
            QSettings().remove("lastFolder")

    def _make(self, name):
        def dialog(*args, **kwargs):
            self.calls.append((name, args[1:]))
            if name not in self.answers:
                raise AssertionError(f"unexpected dialog {name}{args[1:]}")
            return self.answers[name]
        return dialog

    def answer(self, name: str, value=None) -> None:
        self.answers[name] = value

    def named(self, name: str) -> list[tuple]:
        return [args for n, args in self.calls if n == name]


@pytest.fixture
def dialogs(monkeypatch) -> DialogLog:
    return DialogLog(monkeypatch)


@pytest.fixture
def settings(tmp_path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)


@pytest.fixture
def window(qtbot, settings, dialogs):
    w = MainWindow(settings=settings)
    # pytest-qt closes the window right after the test: it must not prompt then
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    assert w.load_path(default_board_path())
    w.show()
    qtbot.waitExposed(w)
    w.view.fit()
    return w


def view_point(window, x: float, y: float):
    """Viewport pixel of board point (x, y)."""
    return window.view.mapFromScene(QPointF(x, y))


@pytest.fixture(autouse=True)
def _empty_clipboard(qapp):
    """Leave the clipboard empty after each test: mime data still owned by the offscreen
    clipboard when the application is torn down at exit crashes the interpreter."""
    yield
    from PySide6.QtGui import QGuiApplication

    QGuiApplication.clipboard().clear()
