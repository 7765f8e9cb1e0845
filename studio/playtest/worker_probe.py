"""What a Dask worker runs when a client connects, before any game: which studio it has.

This module is sent to the workers *by value* (see
:func:`studio.playtest.executors.check_worker_versions`), so it runs even on a worker that has
no studio or another version of it installed, and must import nothing of the studio at its top.
"""

from __future__ import annotations


def studio_version() -> str | None:
    """The version of the studio this process would play with (``studio.__version__``), or
    None when it has none installed."""
    try:
        import studio
    except ImportError:
        return None
    return str(getattr(studio, "__version__", "unknown"))
