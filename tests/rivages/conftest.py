"""Rivages test fixtures: the bundled content is read once per session (35 files)."""

from functools import lru_cache

from studio.model.rivages import read_rivages


@lru_cache(maxsize=None)
def bundled(path) -> "object":
    """The :class:`~studio.model.rivages.Rivages` of a scenario path, read once."""
    return read_rivages(path)
