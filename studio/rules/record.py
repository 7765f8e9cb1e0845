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

Copy kinds (:data:`COPY`): ``value`` (shared), ``list``, ``dict``, ``set``, ``optional-list``
(None or a new list), ``lists`` / ``sets`` (a list of lists / of sets, each copied),
``plain`` (nested dicts, lists and sets of plain values, copied all the way down), ``copies`` (a
list of records, each copied with its own ``copy``), ``none`` (not copied: the copy's value is
``None``, e.g. a cache the copy rebuilds) and ``skip`` (left to the caller). Snapshot kinds
(:data:`SNAPSHOT`): ``value``, ``tuple`` (of a list), ``tuples`` (of a list of lists), ``dict``,
``sorted`` (of a set), ``sorted-each`` (of a list of sets), ``plain`` (a deep copy),
``records`` (each item's ``snapshot()``), ``skip`` (not part of the snapshot: caches).
"""

from __future__ import annotations

from dataclasses import MISSING, field, fields

COPY = {
    "value": "{x}",
    "list": "list({x})",
    "dict": "dict({x})",
    "set": "set({x})",
    "lists": "[list(c) for c in {x}]",
    "sets": "[set(c) for c in {x}]",
    "plain": "_plain({x})",
    "optional-list": "None if {x} is None else list({x})",
    "copies": "[r.copy() for r in {x}]",
    "none": "None",
}
SNAPSHOT = {
    "value": "{x}",
    "tuple": "tuple({x})",
    "tuples": "tuple(tuple(c) for c in {x})",
    "dict": "dict({x})",
    "sorted": "sorted({x})",
    "sorted-each": "tuple(sorted(c) for c in {x})",
    "plain": "_plain({x})",
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
                    "none": "skip", "set": "sorted", "lists": "tuples", "sets": "sorted-each",
                    "plain": "plain"}.get(copy, "value")
    if snapshot not in SNAPSHOT and snapshot != "skip":
        raise ValueError(f"unknown snapshot kind {snapshot!r} (known: {', '.join(SNAPSHOT)}, skip)")
    metadata = {"copy": copy, "snapshot": snapshot, **meta}
    if factory is not MISSING:
        return field(default_factory=factory, metadata=metadata)
    return field(default=default, metadata=metadata)


def copy_plain(value):
    """A deep copy of plain data: dicts, lists and sets copied at every level, anything else
    (numbers, strings, tuples, None) shared."""
    if isinstance(value, dict):
        return {k: copy_plain(v) if isinstance(v, _CONTAINERS) else v for k, v in value.items()}
    if isinstance(value, list):
        # leaves (most items) are shared without a call each
        return [copy_plain(v) if isinstance(v, _CONTAINERS) else v for v in value]
    if isinstance(value, set):
        return set(value)
    return value


_CONTAINERS = (dict, list, set)


def plain_copier(value):
    """A function that copies values of ``value``'s very shape (the same keys holding
    containers, the same kinds of containers at the same places) as :func:`copy_plain` does,
    without looking the shape up again: for one value copied many times (a search deals many
    states from one observation)."""
    if isinstance(value, dict):
        inner = [(k, plain_copier(v)) for k, v in value.items() if isinstance(v, _CONTAINERS)]
        if not inner:
            return dict

        def copy_dict(v):
            out = dict(v)
            for k, copy in inner:
                out[k] = copy(v[k])
            return out
        return copy_dict
    if isinstance(value, list):
        return copy_plain if any(isinstance(v, _CONTAINERS) for v in value) else list
    if isinstance(value, set):
        return set
    return _same


def _same(value):
    return value


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
    return _compile(cls, name, lines, {"_new": object.__new__, "_cls": cls, "_plain": copy_plain})


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
    return _compile(cls, name, lines, {"_plain": copy_plain})


# A public field as JSON-able data in an observation (by its copy kind), and back.
SHOW = {
    "value": "{x}",
    "list": "list({x})",
    "dict": "dict({x})",
    "set": "sorted({x})",
    "lists": "[list(c) for c in {x}]",
    "sets": "[sorted(c) for c in {x}]",
    "plain": "_plain({x})",
}


def derive_view(cls, name: str = "public_view"):
    """``view(self)``: ``{field: JSON-able value}`` of the fields whose metadata says
    ``view="public"`` (what every seat may see), each shown by its copy kind (:data:`SHOW`:
    sets as sorted lists)."""
    lines = [f"def {name}(self):", "    return {"]
    for f in fields(cls):
        if f.metadata.get("view") != "public":
            continue
        lines.append(f"        {f.name!r}: " + SHOW[f.metadata.get("copy", "value")].format(x=f"self.{f.name}") + ",")
    lines.append("    }")
    return _compile(cls, name, lines, {"_plain": copy_plain})


def derive_read(cls, name: str = "read_public", skip: tuple = ()):
    """``read(self, view)``: set every ``view="public"`` field from a :func:`derive_view`
    dictionary, copied by its copy kind (sorted lists become sets again); the fields named in
    ``skip`` are left to the caller."""
    lines = [f"def {name}(self, view):"]
    for f in fields(cls):
        if f.metadata.get("view") != "public" or f.name in skip:
            continue
        kind = f.metadata.get("copy", "value")
        lines.append(f"    self.{f.name} = " + COPY[kind].format(x=f"view[{f.name!r}]"))
    lines.append("    return self")
    return _compile(cls, name, lines, {"_plain": copy_plain})


def field_meta(cls, key: str) -> dict:
    """``{field name: metadata[key]}`` for the fields of ``cls`` that have ``key``."""
    return {f.name: f.metadata[key] for f in fields(cls) if key in f.metadata}
