"""Qt's own messages ("This plugin does not support propagateSizeHints()", QPainter
warnings...) sent to Python's logging instead of stderr.

:func:`install_qt_logging` is called when the studio's GUI starts (:mod:`studio.gui.app`), never
on import: a library user keeps Qt's default handler. Debug, info and warning messages go to the
``studio.qt`` logger (levels DEBUG, INFO, WARNING), shown on stderr only with ``studio -v`` or
the environment variable ``STUDIO_VERBOSE=1``; critical and fatal messages still go to stderr.
"""

from __future__ import annotations

import logging
import os
import sys

from PySide6.QtCore import QtMsgType, qInstallMessageHandler

LOGGER_NAME = "studio.qt"
VERBOSE_ENV = "STUDIO_VERBOSE"

_LEVELS = {
    QtMsgType.QtDebugMsg: logging.DEBUG,
    QtMsgType.QtInfoMsg: logging.INFO,
    QtMsgType.QtWarningMsg: logging.WARNING,
}


def verbose_from_env(environ=None) -> bool:
    """Whether ``STUDIO_VERBOSE`` asks for Qt's messages (any value but "", "0", "no",
    "false", "off")."""
    env = os.environ if environ is None else environ
    return env.get(VERBOSE_ENV, "").strip().lower() not in ("", "0", "no", "false", "off")


def qt_message_handler(kind, context, message: str) -> None:
    """The handler given to Qt: debug/info/warning to the ``studio.qt`` logger (with the Qt
    category, e.g. ``qt.qpa.xcb``, in ``extra['qt_category']``), critical and fatal to stderr."""
    level = _LEVELS.get(kind)
    category = getattr(context, "category", None) or "default"
    if level is None:  # critical, fatal: the user must see these
        print(f"Qt: {message}", file=sys.stderr, flush=True)
        return
    logging.getLogger(LOGGER_NAME).log(level, "%s", message, extra={"qt_category": category})


def install_qt_logging(verbose: bool = False) -> None:
    """Route Qt's messages through :func:`qt_message_handler`. ``verbose``: also show the
    ``studio`` loggers (``studio.qt`` included) on stderr from DEBUG up; otherwise they are
    dropped (a NullHandler keeps Python's last-resort handler from printing warnings)."""
    logger = logging.getLogger(LOGGER_NAME)
    if verbose:
        studio = logging.getLogger("studio")
        if not any(getattr(h, "_studio_verbose", False) for h in studio.handlers):
            handler = logging.StreamHandler(sys.stderr)
            handler.setFormatter(logging.Formatter("%(name)s %(levelname)s: %(message)s"))
            handler._studio_verbose = True
            studio.addHandler(handler)
        studio.setLevel(logging.DEBUG)
    elif not logger.handlers:
        logger.addHandler(logging.NullHandler())
    qInstallMessageHandler(qt_message_handler)


__all__ = ["LOGGER_NAME", "VERBOSE_ENV", "install_qt_logging", "qt_message_handler", "verbose_from_env"]
