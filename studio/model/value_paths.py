"""Values addressed by a *path* inside a model: the one way every editor document reads and
writes the value an undoable edit changes (:class:`~studio.gui.shell.document_commands.SetValue`).

A path is a tuple of steps: an int indexes a list or tuple, any other step is a key of a dict
or the name of an attribute, e.g. ``("missions", 0, "steps", 1, "reward")`` in an island or
``("rules", "end", "score")`` in a scenario's plain data. Frozen dataclasses and tuples on the
way are rebuilt with the new value, so immutable parts of a model are edited the same way.
Qt-free: the CLI and tests use it too.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any


class _Missing:
    """The type of :data:`MISSING` (one instance; copies of it are itself)."""

    _instance: _Missing | None = None

    def __new__(cls) -> _Missing:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __copy__(self) -> _Missing:
        return self

    def __deepcopy__(self, _memo: dict) -> _Missing:
        return self

    def __reduce__(self) -> str:
        return "MISSING"

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
"""The value of an absent key: reading it gives MISSING (with ``default=MISSING``), setting it
removes the key."""

_RAISE = object()


def get_at(root: Any, path: Sequence, default: Any = _RAISE, *, plain: bool = False) -> Any:
    """The value at ``path`` in ``root`` (``()``: ``root`` itself). Raises
    KeyError/IndexError/AttributeError/TypeError when a step is missing, or returns
    ``default`` when one is given. ``plain`` (JSON-like data such as a scenario's): every step
    is a key of a mapping, so a step into anything else is missing."""
    obj = root
    try:
        for step in path:
            if plain and not isinstance(obj, dict):
                raise KeyError(step)
            obj = obj[step] if isinstance(obj, (dict, list, tuple)) else getattr(obj, step)
    except (KeyError, IndexError, AttributeError, TypeError):
        if default is _RAISE:
            raise
        return default
    return obj


def set_at(root: Any, path: Sequence, value: Any, *, plain: bool = False) -> Any:
    """Set the value at ``path`` (non-empty) in ``root`` and return ``root``.

    Mutable parents (dicts, lists, plain dataclasses) change in place; a tuple or frozen
    dataclass parent is rebuilt with the value and stored back one level up. ``value``
    :data:`MISSING` removes a dict key (an absent key: nothing to do). ``plain`` (JSON-like
    data such as a scenario's): a step that is absent, or not a mapping, becomes an empty
    mapping on the way; removing leaves emptied mappings in place. Raises ValueError for an
    empty path, TypeError when MISSING is set in something other than a mapping, and
    KeyError/IndexError/AttributeError for a path that does not exist (without ``plain``)."""
    if not path:
        raise ValueError("a value path needs at least one step (replace the whole model instead)")
    *head, last = path
    if plain:
        parent = root
        for key in head:
            if not isinstance(parent.get(key), dict):
                if value is MISSING:
                    return root  # nothing there to remove
                parent[key] = {}
            parent = parent[key]
    else:
        parent = get_at(root, head)
    if value is MISSING:
        if not isinstance(parent, dict):
            raise TypeError(f"only a key of a mapping can be removed, not {path_text(path)}")
        parent.pop(last, None)
    elif isinstance(parent, (dict, list)):
        parent[last] = value
    elif isinstance(parent, tuple):
        items = list(parent)
        items[last] = value
        set_at(root, head, type(parent)(items) if type(parent) is tuple else type(parent)(*items))
    elif _frozen_dataclass(parent):
        set_at(root, head, dataclasses.replace(parent, **{last: value}))
    else:
        setattr(parent, last, value)
    return root


def _frozen_dataclass(obj: Any) -> bool:
    params = getattr(type(obj), "__dataclass_params__", None)
    return params is not None and bool(params.frozen)


def same_value(a: Any, b: Any) -> bool:
    """``a == b``, where :data:`MISSING` equals only itself (never compared to a value)."""
    if a is MISSING or b is MISSING:
        return a is b
    return bool(a == b)


def path_text(path: Sequence) -> str:
    """("missions", 0, "reward") -> "missions[0].reward" (for undo texts and messages)."""
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else str(step))
    return out or "(whole file)"
