"""Shared test setup: Qt runs offscreen, bundled content paths, small helpers."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("STUDIO_NO_AUTOSAVE_PROMPT", "1")
# no test run may autosave into the user's real recovery folder
import tempfile  # noqa: E402

os.environ.setdefault("STUDIO_RECOVERY_DIR", tempfile.mkdtemp(prefix="studio-test-recovery-"))
# nor write window layouts, recent files or folders into the user's real settings (QSettings())
try:
    from PySide6.QtCore import QSettings  # noqa: E402

    _settings_dir = tempfile.mkdtemp(prefix="studio-test-settings-")
    for _format in (QSettings.NativeFormat, QSettings.IniFormat):
        QSettings.setPath(_format, QSettings.UserScope, _settings_dir)
    from PySide6.QtWidgets import QApplication  # noqa: E402

    # One QApplication for the whole run, made before any test. A command run in-process
    # (`studio render`) makes a plain QGuiApplication when there is none, and Qt aborts the
    # process when a QApplication is made after one: a GUI test after the CLI tests did.
    _app = QApplication.instance() or QApplication(["studio-tests"])
except ImportError:  # the Qt-free install runs the tests that need no GUI
    pass

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def root() -> Path:
    return ROOT


@pytest.fixture
def jungle_scenario() -> Path:
    return ROOT / "scenarios" / "jungle-temples.yaml"
