"""Commands on segments: SetSegmentValue (generic set-value, merging), SetSegments (a painting
tool's strokes), RemoveSegments.

The board lists only segments that hold something, so setting a value may add or drop an
entry; both commands snapshot the segment list so undo and redo restore it exactly."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from studio.gui.realm.commands.parts import ReplaceParts
from studio.gui.shell.document_commands import CommandId, DocumentCommand, SetValue
from studio.model.realm import Segment, segment_key

SEGMENT_FIELDS = {"treasure": 0, "energy": 0, "idol": None, "picture": None}


def _kind():
    from studio.gui.realm.document import ChangeKind

    return ChangeKind


def _snapshot(segments: list[Segment]) -> list[Segment]:
    return [dataclasses.replace(s) for s in segments]


class SetSegmentValue(SetValue):
    """Set ``field`` (treasure, energy, idol, picture) of the segment ``key`` (sorted peg
    triple; path ``("segments", key, field)``); successive edits of the same field of the same
    segment merge into one step, and the step is obsolete when the segment list ends as it
    began."""

    MERGE_ID = CommandId.SET_SEGMENT_VALUE

    def __init__(self, document, key, field: str, value: Any, pegs=None) -> None:
        if field not in SEGMENT_FIELDS:
            raise ValueError(f"not a segment field: {field!r} (expected one of {tuple(SEGMENT_FIELDS)})")
        key = segment_key(key)
        self.ring = tuple(pegs) if pegs else key  # corner order for a new entry
        path = ("segments", key, field)
        super().__init__(document, path, value, f"Set {field} of segment {'-'.join(key)}", merge=path)
        self.before = _snapshot(document.board.segments)
        self.after: list[Segment] | None = None

    @property
    def key(self) -> tuple[str, str, str]:
        return self.path[1]

    @property
    def field(self) -> str:
        return self.path[2]

    def get(self) -> Any:
        seg = self.document.board.segment_map().get(self.key)
        return getattr(seg, self.field) if seg is not None else SEGMENT_FIELDS[self.field]

    def put(self, value: Any) -> None:
        segments = self.document.board.segments
        index = next((i for i, s in enumerate(segments) if s.key == self.key), None)
        if index is None:
            seg = Segment(self.ring)
            setattr(seg, self.field, value)
            if not seg.is_empty():
                segments.append(seg)
        else:
            setattr(segments[index], self.field, value)
            if segments[index].is_empty():
                del segments[index]

    def _restore(self, snapshot: list[Segment]) -> None:
        self.document.board.segments[:] = _snapshot(snapshot)

    def redo(self) -> None:
        if self.after is None:
            self.put(self.new)
            self.after = _snapshot(self.document.board.segments)
        else:
            self._restore(self.after)
        self.document.notify(_kind().SEGMENTS_CHANGED, (self.key,))

    def undo(self) -> None:
        self._restore(self.before)
        self.document.notify(_kind().SEGMENTS_CHANGED, (self.key,))

    def absorb(self, other: SetValue) -> None:
        self.new = other.new
        self.after = _snapshot(self.document.board.segments)

    def is_noop(self) -> bool:
        return self.after == self.before


class RemoveSegments(DocumentCommand):
    """Drop the entries of the given segments (their content) and their island memberships."""

    def __init__(self, document, keys) -> None:
        keys = {segment_key(k) for k in keys}
        super().__init__(f"Clear {len(keys)} segment{'s' if len(keys) != 1 else ''}")
        self.document = document
        self.keys = keys
        board = document.board
        self.before = (_snapshot(board.segments), copy.deepcopy(board.islands))
        islands = {name: [t for t in tris if segment_key(t) not in keys] for name, tris in board.islands.items()}
        self.after = ([dataclasses.replace(s) for s in board.segments if s.key not in keys],
                      {name: tris for name, tris in islands.items() if tris})  # no empty island

    def _restore(self, state) -> None:
        segments, islands = state
        board = self.document.board
        board.segments[:] = _snapshot(segments)
        board.islands = copy.deepcopy(islands)
        self.document.notify(_kind().SEGMENTS_CHANGED, tuple(sorted(self.keys)))

    def redo(self) -> None:
        self._restore(self.after)

    def undo(self) -> None:
        self._restore(self.before)


class SetSegments(ReplaceParts):
    """Replace the segment list (what a painting tool does); the strokes of one drag share a
    ``merge_key`` and merge into one step."""

    def __init__(self, document, segments: list[Segment], text: str, merge_key: object | None = None) -> None:
        super().__init__(document, {"segments": segments}, text, merge_key)
