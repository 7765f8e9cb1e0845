"""One process-wide hold on Python's cyclic garbage collector.

Two users need the collector off for a while: the loader, while it builds a file's data (a
few hundred thousand new dicts, lists and tuples, none of them garbage, made the collector
walk every live object again and again: a 400,000-key file took four times as long), and
the editor's validation worker (a collection in the GUI thread while the worker is inside
GEOS crashed the process). ``gc.disable()`` is global, so each one turning it back on at its
own end would undo the other's hold: holds are counted and collection resumes, if it was on
before the first, when the last is released.
"""

from __future__ import annotations

import gc
import threading
from contextlib import contextmanager
from typing import Iterator


class GcHold:
    """A counted hold: :meth:`acquire` / :meth:`release` (or ``with hold():``), from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._count = 0
        self._was_enabled = True

    def acquire(self) -> None:
        with self._lock:
            if self._count == 0:
                self._was_enabled = gc.isenabled()
                gc.disable()
            self._count += 1

    def release(self) -> None:
        with self._lock:
            self._count -= 1
            if self._count == 0 and self._was_enabled:
                gc.enable()

    @contextmanager
    def __call__(self) -> Iterator[None]:
        self.acquire()
        try:
            yield
        finally:
            self.release()


gc_hold = GcHold()
"""The process's one hold (``with gc_hold(): ...``)."""
