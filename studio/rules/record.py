"""Declared state records: a dataclass's fields say how each is copied and snapshotted, and the
``copy`` and ``snapshot`` functions are derived from them (generated once per class, so a
derived copy costs what a hand-written one does), never listed by hand.

::

    @dataclass(slots=True, eq=False)
    class Player:
        island: int = kept()               # shared: an int, or an object never changed in place
        hand: list = kept("list")          # a new list with the same items

    Player.copy = derive_copy(Player)      # def copy(self): new.island = self.island; new.hand = list(self.hand) ...
    Player.snapshot = derive_snapshot(Player)

Copy kinds (:data:`COPY`): ``value`` (shared), ``list``, ``dict``, ``optional-list`` (None or
a new list), ``copies`` (a list of records, each copied with its own ``copy``), ``none`` (not
copied: the copy's value is ``None``, e.g. a cache the copy rebuilds) and ``skip`` (left to the
caller). Snapshot kinds (:data:`SNAPSHOT`): ``value``, ``tuple`` (of a list), ``dict``,
``records`` (each item's ``snapshot()``), ``skip`` (not part of the snapshot: caches).
"""

from __future__ import annotations

from dataclasses import MISSING, field, fields

COPY = {
    "value": "{x}",
    "list": "list({x})",
    "dict": "dict({x})",
    "optional-list": "None if {x} is None else list({x})",
    "copies": "[r.copy() for r in {x}]",
    "none": "None",
}
SNAPSHOT = {
    "value": "{x}",
    "tuple": "tuple({x})",
    "dict": "dict({x})",
    "records": "tuple(r.snapshot() for r in {x})",
}


def kept(copy: str = "value", snapshot: str | None = None, default=MISSING, factory=MISSING, **meta):
    """A record field: how it is copied (:data:`COPY` key, or ``skip``) and snapshotted
    (:data:`SNAPSHOT` key or ``skip``; default: ``tuple`` for lists, ``dict`` for dicts,
    ``records`` for ``copies``, else ``value``). ``meta`` goes to the field's metadata (e.g.
    how an observation shows it)."""
    if copy not in COPY and copy != "skip":
        raise ValueError(f"unknown copy kind {copy!r} (known: {', '.join(COPY)}, skip)")
    if snapshot is None:
        snapshot = {"list": "tuple", "optional-list": "value", "dict": "dict", "copies": "records",
                    "none": "skip"}.get(copy, "value")
    if snapshot not in SNAPSHOT and snapshot != "skip":
        raise ValueError(f"unknown snapshot kind {snapshot!r} (known: {', '.join(SNAPSHOT)}, skip)")
    metadata = {"copy": copy, "snapshot": snapshot, **meta}
    if factory is not MISSING:
        return field(default_factory=factory, metadata=metadata)
    return field(default=default, metadata=metadata)


def _compile(cls, name: str, lines: list[str], env: dict):
    namespace = dict(env)
    exec("\n".join(lines), namespace)  # noqa: S102 - code built from the class's own field names
    fn = namespace[name]
    fn.__qualname__ = f"{cls.__qualname__}.{name}"
    return fn


def derive_copy(cls, name: str = "copy"):
    """``copy(self)`` for the dataclass ``cls``: a new instance (``__init__`` not called) with
    every field copied by its kind; ``skip`` fields are not set (the caller's ``clone`` sets
    them)."""
    lines = [f"def {name}(self):", "    new = _new(_cls)"]
    for f in fields(cls):
        kind = f.metadata.get("copy", "value")
        if kind == "skip":
            continue
        lines.append(f"    new.{f.name} = " + COPY[kind].format(x=f"self.{f.name}"))
    lines.append("    return new")
    return _compile(cls, name, lines, {"_new": object.__new__, "_cls": cls})


def derive_snapshot(cls, name: str = "snapshot"):
    """``snapshot(self)``: ``{field: plain value}`` of every field not marked ``skip``, for
    equality checks."""
    lines = [f"def {name}(self):", "    return {"]
    for f in fields(cls):
        kind = f.metadata.get("snapshot", "value")
        if kind == "skip":
            continue
        lines.append(f"        {f.name!r}: " + SNAPSHOT[kind].format(x=f"self.{f.name}") + ",")
    lines.append("    }")
    return _compile(cls, name, lines, {})


def field_meta(cls, key: str) -> dict:
    """``{field name: metadata[key]}`` for the fields of ``cls`` that have ``key``."""
    return {f.name: f.metadata[key] for f in fields(cls) if key in f.metadata}
