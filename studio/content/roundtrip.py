"""Save content with the designer's comments, key order and layout kept.

A save rewrites only what was edited: :func:`patch` takes the text a file was read from and
the data to save, and changes the text in place, node by node, so every untouched line (its
comments, quoting, flow or block style, key order and blank lines) stays byte-identical. A
whole new dump (:func:`studio.content.yamlio.dump_yaml`) is only for a file that has no text
yet.

Why our own writer and not a round-trip YAML library: the loader already knows where every
node is, and a patch costs the edits plus one C-parser pass over the old text; ruamel.yaml
would re-emit the whole file in its own layout (indents, flow spacing, line width) and parse
and emit it in pure Python, seconds for a 5,000-peg board (``benchmarks/bench_editor.py``).

Three-way merge. The model writes its own canonical data (defaults left out or made
explicit, its key order), which differs from what a designer wrote by hand. So a patch
compares ``base`` (the model's data of the text as read) with ``new`` (the model's data now)
and applies only their differences to the text: a default the designer wrote out, or a key
order of their own, stays as written. Without ``base`` (text that no longer builds a model)
the text itself is the base. When ``new`` has another ``format:`` than the text (a
migration), the top level is brought to the new format too: keys it adds are written, keys
it drops are removed.

What a patch does to a comment: one on a line that is not edited stays; one on the line of a
scalar that changes stays after the new value; one on or inside a block element that is
deleted stays where the element was, on a line of its own (a designer's note is never dropped;
they delete it themselves). A whole value is re-rendered only when its kind changes (a number becomes a
list, a block list becomes empty).

Raises :class:`Unpatchable` when the text cannot be walked (anchors, tags, a syntax error);
the caller then writes a full dump. The result is always checked by the caller by reloading
it (:func:`studio.model.io.write`)."""

from __future__ import annotations

import bisect
import difflib
from typing import Any

import yaml
from yaml.nodes import ScalarNode

from studio.content.yamlio import _Dumper

_HUGE_WIDTH = 1 << 30
_STR = "tag:yaml.org,2002:str"
_MISSING = object()
_PLAIN_TAGS = {_STR, "tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool",
               "tag:yaml.org,2002:null"}


class Unpatchable(Exception):
    """The text (or one node of it) cannot be patched in place."""


# --- the layout of a text -------------------------------------------------------------------

class _Scalar:
    __slots__ = ("start", "end", "style", "empty")

    def __init__(self, start: int, end: int, style: str | None, empty: bool) -> None:
        self.start, self.end, self.style, self.empty = start, end, style, empty


class _Collection:
    """A mapping (``keys`` not None) or a sequence. ``starts[i]`` is where entry i begins (its
    key, or its ``-`` in a block sequence), ``leads[i]`` just after its ``:`` or ``-`` (None in
    a flow sequence), ``values[i]`` its value node."""

    __slots__ = ("start", "end", "flow", "keys", "starts", "leads", "values")

    def __init__(self, start: int, flow: bool, mapping: bool) -> None:
        self.start, self.end, self.flow = start, start, flow
        self.keys: list | None = [] if mapping else None
        self.starts: list[int] = []
        self.leads: list[int | None] = []
        self.values: list = []

    def key_list(self) -> list:
        """The keys of a mapping, in order (AssertionError for a sequence)."""
        assert self.keys is not None, "a sequence has no keys"
        return self.keys


class Layout:
    """A YAML text with where each node starts and ends (character indexes) and the plain
    data it holds (keys as written, like the loader's). Raises :class:`Unpatchable`."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._line_starts = [0]
        find = text.find
        i = find("\n")
        while i >= 0:
            self._line_starts.append(i + 1)
            i = find("\n", i + 1)
        self.newline = "\r\n" if "\r\n" in text else "\n"
        self.bom = False  # the file began with a byte order mark (kept on save; set by the reader)
        loader_cls = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader
        loader = loader_cls(text)
        self._loader = loader
        self._scalars: dict = {}
        try:
            loader.get_event()  # stream start
            if loader.check_event(yaml.StreamEndEvent):
                raise Unpatchable("the text is empty")
            loader.get_event()  # document start
            self.root, self.data = self._node()
            loader.get_event()
            if not loader.check_event(yaml.StreamEndEvent):
                raise Unpatchable("more than one document")
        except yaml.YAMLError as exc:
            raise Unpatchable(f"YAML error: {exc}") from None
        finally:
            loader.dispose()
            del self._loader, self._scalars

    # positions
    def line_start(self, index: int) -> int:
        return self._line_starts[bisect.bisect_right(self._line_starts, index) - 1]

    def column(self, index: int) -> int:
        return index - self.line_start(index)

    def line_end(self, index: int) -> int:
        """Index of the newline ending the line of ``index`` (len(text) on the last line)."""
        j = self.text.find("\n", index)
        return len(self.text) if j < 0 else j

    def first_on_line(self, index: int) -> bool:
        return not self.text[self.line_start(index):index].strip()

    def _skip_to(self, pos: int, char: str) -> int:
        """Index of ``char`` at or after ``pos``, past blanks, line breaks and comments only."""
        text, n = self.text, len(self.text)
        while pos < n:
            c = text[pos]
            if c == char:
                return pos
            if c in " \t\r\n":
                pos += 1
            elif c == "#":
                pos = self.line_end(pos)
            else:
                break
        raise Unpatchable(f"expected {char!r} at index {pos}")

    # the walk
    def _scalar_value(self, event) -> Any:
        key = (event.value, event.tag, event.implicit, event.style)
        if key in self._scalars:
            return self._scalars[key]
        tag = event.tag
        if tag is None or tag == "!":
            tag = _STR if tag == "!" else self._loader.resolve(ScalarNode, event.value, event.implicit)
        constructor = self._loader.yaml_constructors.get(tag)
        if constructor is None or tag not in _PLAIN_TAGS:
            raise Unpatchable(f"tag {tag!r}")
        value = constructor(self._loader, ScalarNode(tag, event.value, event.start_mark, event.end_mark,
                                                     event.style))
        self._scalars[key] = value
        return value

    def _node(self, lead: int | None = None):
        event = self._loader.get_event()
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            raise Unpatchable("anchors and aliases")
        if isinstance(event, yaml.ScalarEvent):
            value = self._scalar_value(event)
            start, end = event.start_mark.index, event.end_mark.index
            empty = not event.value and event.implicit[0] and not event.style
            if empty:
                start = end = lead if lead is not None else start
            elif event.style in ("|", ">"):
                while end > start and self.text[end - 1] in " \t\r\n":
                    end -= 1  # the mark is past the trailing line breaks
            return _Scalar(start, end, event.style or None, empty), value
        if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            mapping = isinstance(event, yaml.MappingStartEvent)
            flow = bool(event.flow_style)
            node = _Collection(event.start_mark.index, flow, mapping)
            end_event = yaml.MappingEndEvent if mapping else yaml.SequenceEndEvent
            data: Any = {} if mapping else []
            pos = node.start + 1 if flow else node.start
            while not self._loader.check_event(end_event):
                if mapping:
                    key_event = self._loader.get_event()
                    if not isinstance(key_event, yaml.ScalarEvent) or key_event.anchor is not None:
                        raise Unpatchable("complex key")
                    key = self._scalar_value(key_event)
                    if isinstance(key, (int, float, bool)) or key is None:
                        key = key_event.value
                    if key in data:
                        raise Unpatchable(f"duplicate key {key!r}")
                    colon = self._skip_to(key_event.end_mark.index, ":")
                    value_node, value = self._node(colon + 1)
                    node.key_list().append(key)
                    node.starts.append(key_event.start_mark.index)
                    node.leads.append(colon + 1)
                    data[key] = value
                elif flow:
                    value_node, value = self._node()
                    node.starts.append(value_node.start)
                    node.leads.append(None)
                    data.append(value)
                else:
                    dash = self._skip_to(pos, "-")
                    value_node, value = self._node(dash + 1)
                    node.starts.append(dash)
                    node.leads.append(dash + 1)
                    data.append(value)
                node.values.append(value_node)
                pos = value_node.end
            closing = self._loader.get_event()
            if flow:
                node.end = closing.end_mark.index
            else:
                if not node.values:
                    raise Unpatchable("empty block collection")
                node.start = node.starts[0]
                node.end = node.values[-1].end
            return node, data
        raise Unpatchable(f"unexpected {type(event).__name__}")


# --- rendering new values -------------------------------------------------------------------

class _BlockMap(dict):
    """A mapping always written in block style (the wrapper of a rendered entry)."""


class _BlockSeq(list):
    """A sequence always written in block style (the wrapper of a rendered item)."""


class _Styled(str):
    """A string written in one scalar style (``style``)."""

    style: str | None = None


class _RenderDumper(_Dumper):
    pass


_RenderDumper.add_representer(_BlockMap, lambda d, data: d.represent_mapping(
    "tag:yaml.org,2002:map", data.items(), flow_style=False))
_RenderDumper.add_representer(_BlockSeq, lambda d, data: d.represent_sequence(
    "tag:yaml.org,2002:seq", data, flow_style=False))
_RenderDumper.add_representer(_Styled, lambda d, data: d.represent_scalar(_STR, str(data), style=data.style))


def _dump(data: Any, flow: bool = False, width: int = 100) -> str:
    if flow:
        return yaml.dump(data, Dumper=yaml.SafeDumper, default_flow_style=True, width=_HUGE_WIDTH,
                         allow_unicode=True, sort_keys=False)
    return yaml.dump(data, Dumper=_RenderDumper, sort_keys=False, allow_unicode=True, width=width,
                     default_flow_style=False)


def _styled(value: str, style: str) -> _Styled:
    s = _Styled(value)
    s.style = style
    return s


def scalar_text(value: Any, style: str | None = None, flow: bool = True) -> str:
    """One-line YAML text of a scalar, safe in flow context (``flow``) or in block context; a
    string keeps the quote style ``style`` (``'`` or ``"``) where it can."""
    if isinstance(value, str) and style in ("'", '"'):
        text = _dump(_BlockSeq([_styled(value, style)]), width=_HUGE_WIDTH)[2:-1]
        if "\n" not in text:
            return text
    text = _dump([value], flow=True)[1:-2] if flow else _dump(_BlockSeq([value]), width=_HUGE_WIDTH)[2:-1]
    if "\n" in text:
        text = _dump(_BlockSeq([_styled(value, '"')]), width=_HUGE_WIDTH)[2:-1]
    return text


def _flow_text(value: Any) -> str:
    if isinstance(value, (dict, list, tuple)):
        return _dump(value if not isinstance(value, tuple) else list(value), flow=True).rstrip("\n")
    return scalar_text(value)


def _flow_entry(key: str, value: Any) -> str:
    return _dump({key: value}, flow=True).rstrip("\n")[1:-1]


def _indent(lines: list[str], col: int, first: bool = True) -> list[str]:
    pad = " " * col
    return [(pad + line if line and (first or i) else line) for i, line in enumerate(lines)]


def _entry_lines(key: Any, value: Any) -> list[str]:
    """Lines of ``key: value`` in house style, at column 0."""
    return _dump(_BlockMap({key: value})).rstrip("\n").split("\n")


def _item_lines(value: Any) -> list[str]:
    """Lines of ``- value`` in house style, at column 0."""
    return _dump(_BlockSeq([value])).rstrip("\n").split("\n")


# --- the patch ------------------------------------------------------------------------------

def same(a: Any, b: Any) -> bool:
    """Equal as saved data: key order counts, ``True`` is not ``1``, ``1`` is ``1.0``, a tuple
    is a list."""
    ta, tb = type(a), type(b)
    if ta is dict or tb is dict:
        if ta is not tb or len(a) != len(b):
            return False
        for (ka, va), (kb, vb) in zip(a.items(), b.items()):
            if ka != kb or not same(va, vb):
                return False
        return True
    if ta in (list, tuple) or tb in (list, tuple):
        if ta not in (list, tuple) or tb not in (list, tuple) or len(a) != len(b):
            return False
        return all(same(x, y) for x, y in zip(a, b))
    if ta is bool or tb is bool or a is None or b is None:
        return ta is tb and a == b
    if ta in (int, float) and tb in (int, float):
        return a == b
    return ta is tb and a == b


def _freeze(x: Any) -> Any:
    t = type(x)
    if t is dict:
        return ("d",) + tuple((k, _freeze(v)) for k, v in x.items())
    if t is list or t is tuple:
        return ("l",) + tuple(_freeze(v) for v in x)
    if t is bool or x is None:
        return ("b", x)
    return x


class _Ctx:
    """Where a value sits: ``kind`` is "root", "map" (after ``key:`` in a block mapping), "seq"
    (after ``-`` in a block sequence) or "flow"; ``lead`` is just after the ``:`` or ``-``;
    ``col`` the column of the key or ``-``."""

    __slots__ = ("kind", "lead", "col")

    def __init__(self, kind: str, lead: int | None = None, col: int = 0) -> None:
        self.kind, self.lead, self.col = kind, lead, col

    @property
    def at(self) -> int:
        """``lead`` of a value in a block mapping or sequence (where it is never None)."""
        assert self.lead is not None, f"a {self.kind} value has no lead"
        return self.lead


class _Patcher:
    def __init__(self, layout: Layout, upgrade: bool) -> None:
        self.layout = layout
        self.text = layout.text
        self.edits: list[tuple[int, int, str]] = []
        self.upgrade = upgrade

    def nl(self, text: str) -> str:
        return text.replace("\n", self.layout.newline) if self.layout.newline != "\n" else text

    def add(self, start: int, end: int, text: str) -> None:
        self.edits.append((start, end, self.nl(text)))

    # dispatch
    def node(self, node, raw: Any, base: Any, new: Any, ctx: _Ctx, root: bool = False,
             force: bool = False) -> None:
        """Edits turning ``node`` (holding ``raw``) from ``base`` into ``new``. ``force``: a
        scalar is written whenever the text differs from ``new`` (a migrated top level)."""
        if same(base, new) and not root and not (force and not isinstance(node, _Collection)):
            return
        mark = len(self.edits)
        try:
            if isinstance(node, _Collection):
                if node.keys is not None and isinstance(new, dict) and (new or node.flow):
                    return self.mapping(node, raw, base if isinstance(base, dict) else raw, new, root)
                if node.keys is None and isinstance(new, (list, tuple)) and (new or node.flow):
                    return self.sequence(node, raw, base, new)
                kind_kept = isinstance(new, dict) if node.keys is not None else isinstance(new, (list, tuple))
                if kind_kept and not new and not node.flow and ctx.kind in ("map", "seq"):
                    return self.emptied(node, ctx)
            elif not isinstance(new, (dict, list, tuple)) and not node.empty:
                if not same(raw, new):
                    self.add(node.start, node.end, self.scalar(new, node, ctx))
                return
        except Unpatchable:
            del self.edits[mark:]
        if root:
            raise Unpatchable("the whole document changed kind")
        self.replace(node, new, ctx)

    def emptied(self, node: _Collection, ctx: _Ctx) -> None:
        """A block collection left with no entries: ``key: []`` (or ``{}``), the comments
        around its entries kept where they were."""
        self.deletions(node, list(range(len(node.values))))
        self.add(ctx.at, ctx.at, " {}" if node.keys is not None else " []")

    def scalar(self, value: Any, node: _Scalar, ctx: _Ctx) -> str:
        if node.style in ("|", ">") and isinstance(value, str) and "\n" in value and ctx.kind in ("map", "seq"):
            text = _dump(_BlockMap({"k": _styled(value, node.style)}))[2:].rstrip("\n")
            lines = text.split("\n")
            return lines[0].lstrip(" ") + "\n" + "\n".join(_indent(lines[1:], ctx.col))
        return scalar_text(value, node.style, flow=ctx.kind == "flow")

    def replace(self, node, new: Any, ctx: _Ctx) -> None:
        """Re-render a whole value (its kind changed)."""
        if ctx.kind == "flow":
            if isinstance(node, _Scalar) and node.empty:  # it sits right after its ":"
                at = node.start + 1 if self.text[node.start:node.start + 1] == " " else node.start
                self.add(at, at, (" " if at == node.start else "") + _flow_text(new))
            else:
                self.add(node.start, node.end, _flow_text(new))
        elif ctx.kind == "map":
            lines = _entry_lines("k", new)
            first = lines[0][2:]  # after "k:"
            self.add(ctx.at, node.end, "\n".join([first] + _indent(lines[1:], ctx.col)))
        elif ctx.kind == "seq":
            lines = _item_lines(new)
            self.add(ctx.at, node.end, "\n".join([lines[0][1:]] + _indent(lines[1:], ctx.col)))
        else:
            raise Unpatchable("the whole document changed kind")

    def child_ctx(self, node: _Collection, i: int) -> _Ctx:
        if node.flow:
            return _Ctx("flow")
        return _Ctx("map" if node.keys is not None else "seq", node.leads[i], self.layout.column(node.starts[i]))

    # mappings
    def mapping(self, node: _Collection, raw: dict, base: dict, new: dict, root: bool) -> None:
        upgrade = root and self.upgrade
        keys = node.key_list()
        kept: list = []
        deleted: list[int] = []
        for i, key in enumerate(keys):
            if key in new:
                kept.append(key)
            elif key in base or upgrade:
                deleted.append(i)
            else:
                kept.append(key)  # written out by hand, left out by the model (a default)
        raw_keys = set(keys)
        inserted = [k for k in new if k not in raw_keys and (
            upgrade or k not in base or not same(base[k], new[k]))]
        # the user's reordering (base order -> new order) of keys both have
        common = [k for k in kept if k in new and k in base]
        common_set = set(common)
        order_base = [k for k in base if k in common_set]
        order_new = [k for k in new if k in common_set]
        if order_base != order_new:
            return self.reordered(node, raw, base, new, kept, inserted, order_new)
        for i, key in enumerate(keys):
            if key in new:
                b = base.get(key, _MISSING)
                self.node(node.values[i], raw[key], raw[key] if b is _MISSING else b, new[key],
                          self.child_ctx(node, i), force=upgrade)
        self.deletions(node, deleted)
        self.insertions(node, self.groups(kept, inserted, new), len(node.values) - len(deleted))

    def groups(self, kept: list, inserted: list, new: dict) -> dict:
        """New entries by the kept key they follow (None: before the first)."""
        out: dict = {}
        inserted_set = set(inserted)
        kept_set = set(kept)
        anchor = None
        for k in new:
            if k in inserted_set:
                out.setdefault(anchor, []).append((k, new[k]))
            elif k in kept_set:
                anchor = k
        return out

    def reordered(self, node: _Collection, raw, base, new, kept, inserted, order_new) -> None:
        """Entries moved: rebuild the block of entries from their own patched text."""
        lay = self.layout
        if node.flow or not all(lay.first_on_line(s) for s in node.starts):
            raise Unpatchable("reordered compact or flow mapping")
        index = {k: i for i, k in enumerate(node.key_list())}
        region_start = lay.line_start(node.starts[0])
        bounds = []
        for i in range(len(node.key_list())):
            lo = region_start if i == 0 else lay.line_end(node.values[i - 1].end - 1) + 1
            hi = lay.line_end(max(node.values[i].end, node.starts[i] + 1) - 1) + 1
            bounds.append((lo, min(hi, len(self.text))))
        region_end = bounds[-1][1]
        slots = iter(order_new)
        final = [next(slots) if (k in new and k in base) else k for k in kept]
        groups = self.groups(final, inserted, new)
        col = lay.column(node.starts[0])
        pieces: list[str] = []

        def new_entries(anchor) -> None:
            for k, v in groups.get(anchor, ()):
                pieces.append(self.nl("\n".join(_indent(_entry_lines(k, v), col)) + "\n"))

        new_entries(None)
        for key in final:
            i = index[key]
            outer, self.edits = self.edits, []
            try:
                if key in new:
                    b = base.get(key, _MISSING)
                    self.node(node.values[i], raw[key], raw[key] if b is _MISSING else b, new[key],
                              self.child_ctx(node, i))
                inner = self.edits
            finally:
                self.edits = outer
            lo, hi = bounds[i]
            piece = _apply(self.text, inner, lo, hi)
            if not piece.endswith("\n"):
                piece += self.layout.newline
            pieces.append(piece)
            new_entries(key)
        out = "".join(pieces)
        if not self.text[region_start:region_end].endswith("\n"):
            out = out[: -len(self.layout.newline)] if out.endswith(self.layout.newline) else out
        self.edits.append((region_start, region_end, out))

    # sequences
    def sequence(self, node: _Collection, raw: list, base: Any, new) -> None:
        if not isinstance(base, (list, tuple)) or len(base) != len(raw):
            base = raw
        n, m = len(base), len(new)
        lo = 0
        while lo < n and lo < m and same(base[lo], new[lo]):
            lo += 1
        hi = 0
        while hi < n - lo and hi < m - lo and same(base[n - 1 - hi], new[m - 1 - hi]):
            hi += 1
        a = [_freeze(x) for x in base[lo:n - hi]]
        b = [_freeze(x) for x in new[lo:m - hi]]
        deleted: list[int] = []
        groups: dict = {}
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
            i1, i2, j1, j2 = i1 + lo, i2 + lo, j1 + lo, j2 + lo
            if tag == "equal":
                continue
            paired = min(i2 - i1, j2 - j1) if tag == "replace" else 0
            for t in range(paired):
                i = i1 + t
                self.node(node.values[i], raw[i], base[i], new[j1 + t], self.child_ctx(node, i))
            deleted.extend(range(i1 + paired, i2))
            if j2 - j1 > paired:
                anchor = i1 + paired - 1 if i1 + paired > 0 else None
                groups.setdefault(anchor, []).extend((None, new[j]) for j in range(j1 + paired, j2))
        self.deletions(node, deleted)
        self.insertions(node, groups, len(node.values) - len(deleted))

    # deleting and inserting entries (mappings and sequences alike)
    def deletions(self, node: _Collection, deleted: list[int]) -> None:
        if not deleted:
            return
        lay, text = self.layout, self.text
        count = len(node.values)
        if node.flow:
            dead = set(deleted)
            i = 0
            while i < count:
                if i not in dead:
                    i += 1
                    continue
                j = i
                while j + 1 < count and j + 1 in dead:
                    j += 1
                if j + 1 < count:  # up to the next entry, keeping what follows the comma
                    comma = lay._skip_to(node.values[j].end, ",")
                    stop = comma + 1
                    while stop < len(text) and text[stop] in " \t":
                        stop += 1
                    if stop < len(text) and text[stop] in "#\r\n":
                        stop = comma + 1
                    self.edits.append((node.starts[i], stop, ""))
                elif i > 0:
                    self.edits.append((node.values[i - 1].end, node.values[j].end, ""))
                else:
                    self.edits.append((node.starts[0], node.values[-1].end, ""))
                i = j + 1
            return
        for i in deleted:
            start, end = node.starts[i], max(node.values[i].end, node.leads[i] or 0)
            if lay.first_on_line(start):
                stop = lay.line_end(end - 1 if end > start else start)
                first = lay.line_start(start)
                # the element goes; its comments stay, each on a line of its own at the element's indent
                pad = " " * lay.column(start)
                kept = "".join(pad + c + "\n" for c in map(_comment_of, text[first:stop].split("\n")) if c)
                self.edits.append((first, min(stop + 1, len(text)), kept))
            elif i + 1 < count and (i + 1) not in deleted:
                self.edits.append((start, node.starts[i + 1], ""))
            else:
                raise Unpatchable("deleting a compact entry")

    def insertions(self, node: _Collection, groups: dict, survivors: int) -> None:
        """Write ``groups`` (anchor entry -> new entries) into ``node``, of which ``survivors``
        old entries stay (a flow collection gets no comma before an entry that is gone)."""
        if not groups:
            return
        lay = self.layout
        is_map = node.keys is not None
        index = {k: i for i, k in enumerate(node.keys)} if node.keys is not None else None
        for anchor, entries in groups.items():
            i = (index[anchor] if index is not None else anchor) if anchor is not None else None
            if node.flow:
                texts = [_flow_entry(k, v) if is_map else _flow_text(v) for k, v in entries]
                if i is None:
                    self.add(node.start + 1, node.start + 1,
                             ", ".join(texts) + (", " if survivors else ""))
                else:
                    self.add(node.values[i].end, node.values[i].end, ", " + ", ".join(texts))
                continue
            col = lay.column(node.starts[0])
            lines: list[str] = []
            for k, v in entries:
                lines += _entry_lines(k, v) if is_map else _item_lines(v)
            if i is None:
                first = node.starts[0]
                if lay.first_on_line(first):
                    self.add(lay.line_start(first), lay.line_start(first), "\n".join(_indent(lines, col)) + "\n")
                else:
                    self.add(first, first, "\n".join(_indent(lines, col, first=False)) + "\n" + " " * col)
            else:
                end = max(node.values[i].end, node.leads[i] or 0)
                stop = lay.line_end(end - 1 if end > node.starts[i] else node.starts[i])
                block = "\n".join(_indent(lines, col))
                if stop >= len(self.text):
                    self.add(stop, stop, "\n" + block)
                else:
                    self.add(stop + 1, stop + 1, block + "\n")


def _comment_of(line: str) -> str:
    """The comment ending ``line`` (from its ``#``), or ``""``: a ``#`` starts a comment at the
    start of a line or after a blank, outside quotes (YAML 1.1, 6.6)."""
    quote = ""
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"" and (i == 0 or line[i - 1] in " \t[{,:-"):
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[i:].rstrip()
    return ""


def _apply(text: str, edits: list[tuple[int, int, str]], lo: int = 0, hi: int | None = None) -> str:
    """``text[lo:hi]`` with ``edits`` (start, end, replacement; inside [lo, hi), not
    overlapping) applied. Raises Unpatchable on overlapping edits."""
    hi = len(text) if hi is None else hi
    out, pos = [], lo
    for start, end, new in sorted(edits, key=lambda e: (e[0], e[1])):
        if start < pos or end > hi:
            raise Unpatchable("overlapping edits")
        out.append(text[pos:start])
        out.append(new)
        pos = end
    out.append(text[pos:hi])
    return "".join(out)


def patch(layout: Layout, new: Any, base: Any = _MISSING) -> str:
    """The text of ``layout`` changed to hold ``new``, touching only what differs.

    ``base``: the data the model made of this text (see the module docstring); left out, the
    text's own data is the base. Raises :class:`Unpatchable` (the caller writes a full dump).
    The result is not checked here: reload it."""
    raw = layout.data
    if base is _MISSING:
        base = raw
    upgrade = (isinstance(raw, dict) and isinstance(new, dict) and "format" in new
               and raw.get("format") != new.get("format"))
    patcher = _Patcher(layout, upgrade)
    patcher.node(layout.root, raw, base, new, _Ctx("root"), root=True)
    return _apply(layout.text, patcher.edits)
