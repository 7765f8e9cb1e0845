"""Work around a reference-count bug of PySide6/shiboken6 6.12 on Python < 3.12.

shiboken6 6.12's stable-ABI build returns ``None`` from every void method (and from null
pointer results) without taking a reference, as if ``None`` were immortal (it is only from
Python 3.12 on, PEP 683). On Python 3.11 each such call lowers ``None``'s count by one, and the
interpreter aborts with ``none_dealloc`` after a few thousand painter calls. The singletons
``None``, ``True`` and ``False`` are statically allocated and never freed, so raising their
counts far out of reach restores the 3.12 behaviour without any other effect.

Imported first by :mod:`studio.render` and :mod:`studio.gui`; a no-op elsewhere.
"""

from __future__ import annotations

import sys

_MARGIN = 1 << 48


def _affected() -> bool:
    if sys.version_info >= (3, 12) or not hasattr(sys, "getrefcount"):
        return False
    try:
        import shiboken6
    except ImportError:
        return False
    return tuple(shiboken6.__version_info__[:2]) >= (6, 12)


def apply() -> bool:
    """Make ``None``/``True``/``False`` effectively immortal when the bug is present; returns
    whether it was applied. Safe to call more than once."""
    if not _affected():
        return False
    import ctypes

    for obj in (None, True, False):
        refcnt = ctypes.c_ssize_t.from_address(id(obj))  # ob_refcnt is PyObject's first field
        if refcnt.value < _MARGIN // 2:
            refcnt.value += _MARGIN
    return True


APPLIED = apply()
