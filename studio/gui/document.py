"""The editor's document: a Rule the Realm :class:`~studio.model.realm.Board`, its file path
and a :class:`QUndoStack`. Every change goes through a method here that pushes an undo
command; observers (scene, docks, window) listen to the one :attr:`BoardDocument.changed`
signal. Usable without any widget (tests drive it headless)."""

from __future__ import annotations

import enum
import math
import os
import random
from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from studio.geometry.faces import Face, line_graph_faces
from studio.geometry.lattice import ROW_HEIGHT, peg_id, triangular_lattice
from studio.gui import commands as cmd
from studio.model import io
from studio.model.realm import COLOURS, Board, Peg, Seat, line_key, segment_key


class ChangeKind(enum.Enum):
    """What changed; the payload of :attr:`BoardDocument.changed` is given for each."""

    RESET = "reset"                        # whole board replaced (new/open); payload None
    PEGS_ADDED = "pegs-added"              # tuple of peg ids
    PEGS_REMOVED = "pegs-removed"          # tuple of peg ids
    PEGS_MOVED = "pegs-moved"              # tuple of peg ids
    PEGS_CHANGED = "pegs-changed"          # tuple of peg ids (colour)
    LINES_ADDED = "lines-added"            # tuple of line keys
    LINES_REMOVED = "lines-removed"        # tuple of line keys
    SEGMENTS_CHANGED = "segments-changed"  # tuple of segment keys
    SEATS_CHANGED = "seats-changed"        # None
    BOARD_CHANGED = "board-changed"        # header field name
    FILE_CHANGED = "file-changed"          # new path (str or None), after save / save as

    @property
    def changes_geometry(self) -> bool:
        return self in _GEOMETRY


_GEOMETRY = {ChangeKind.RESET, ChangeKind.PEGS_ADDED, ChangeKind.PEGS_REMOVED, ChangeKind.PEGS_MOVED,
             ChangeKind.LINES_ADDED, ChangeKind.LINES_REMOVED}

DEFAULT_COLOUR = "gray"


def snap_to_lattice(x: float, y: float) -> tuple[float, float]:
    """Nearest point of the standard triangular lattice (rows sqrt(3)/2 apart, odd rows shifted
    by half a spacing), rounded as the bundled files write coordinates."""
    r = round(y / ROW_HEIGHT)
    shift = 0.5 if r % 2 else 0.0
    c = round(x - shift)
    return (round(c + shift, 6), round(r * ROW_HEIGHT, 6))


def lattice_slot(x: float, y: float) -> tuple[int, int] | None:
    """(row, column) of the standard lattice point at (x, y), or None if (x, y) is not one."""
    sx, sy = snap_to_lattice(x, y)
    if abs(sx - x) > 1e-6 or abs(sy - y) > 1e-6:
        return None
    r = round(y / ROW_HEIGHT)
    c = round(x - (0.5 if r % 2 else 0.0))
    if r < 0 or c < 0:
        return None
    return (r, c)


def standard_board() -> Board:
    """A new valid 2-player board on the standard 80-peg base: every lattice line drawn, pegs
    coloured so that no two neighbours share a colour, South and North seats."""
    xy, lines = triangular_lattice()
    neighbours: dict[str, set[str]] = {p: set() for p in xy}
    for a, b in lines:
        neighbours[a].add(b)
        neighbours[b].add(a)
    rng = random.Random(80)
    pegs: dict[str, Peg] = {}
    for pid, (x, y) in xy.items():
        taken = {pegs[n].colour for n in neighbours[pid] if n in pegs}
        choices = [c for c in COLOURS if c not in taken] or list(COLOURS)
        pegs[pid] = Peg(pid, round(x, 6), round(y, 6), rng.choice(choices))
    top = [peg_id(0, c) for c in range(10)]
    bottom = [peg_id(7, c) for c in range(10)]
    seats = {
        "south": Seat("south", start=[bottom[2], bottom[4], bottom[5], bottom[7]], goal=list(top), label="South"),
        "north": Seat("north", start=[top[7], top[5], top[4], top[2]], goal=list(bottom), label="North"),
    }
    return Board(id="new-board", name="New board", players=2, pegs=pegs, lines=list(lines), seats=seats)


class BoardDocument(QObject):
    """Owns a board, its file path and its undo stack.

    ``changed(kind: ChangeKind, payload)`` is emitted after every model change (by commands,
    so also on undo/redo). ``is_modified`` follows the undo stack's clean state."""

    changed = Signal(object, object)

    def __init__(self, board: Board | None = None, path: str | os.PathLike | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._board = board if board is not None else standard_board()
        self._path = str(path) if path is not None else None
        self._faces: list[Face] | None = None
        self.undo_stack = QUndoStack(self)

    # -- state ------------------------------------------------------------------------------
    @property
    def board(self) -> Board:
        return self._board

    @property
    def path(self) -> str | None:
        return self._path

    @property
    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    def display_name(self) -> str:
        return Path(self._path).name if self._path else f"{self._board.name} (unsaved)"

    def notify(self, kind: ChangeKind, payload=None) -> None:
        """Called by commands after they changed the model."""
        if kind.changes_geometry:
            self._faces = None
        self.changed.emit(kind, payload)

    def faces(self) -> list[Face]:
        """Faces of the current line graph (cached until pegs or lines change)."""
        if self._faces is None:
            b = self._board
            self._faces = line_graph_faces({p.id: (p.x, p.y) for p in b.pegs.values()}, b.lines)
        return self._faces

    # -- files ------------------------------------------------------------------------------
    def reset(self, board: Board, path: str | os.PathLike | None = None) -> None:
        """Replace the board (New, Open): clears undo history; the document is clean."""
        self._board = board
        self._path = str(path) if path is not None else None
        self.undo_stack.clear()
        self.undo_stack.setClean()
        self.notify(ChangeKind.RESET, None)
        self.notify(ChangeKind.FILE_CHANGED, self._path)

    def load(self, path: str | os.PathLike) -> None:
        """Open a ``realm-board/1`` file. Raises :class:`studio.content.LoadError` or
        :class:`studio.model.io.InvalidContent` and leaves the document unchanged on error."""
        board = io.read_board(path)
        self.reset(board, path)

    def save(self, path: str | os.PathLike | None = None) -> None:
        """Write atomically to ``path`` (default: the current path) and mark the document
        clean. Raises InvalidContent (text would not reload equal), OSError, or ValueError
        when there is no path."""
        target = path if path is not None else self._path
        if target is None:
            raise ValueError("the board has no file yet: give a path")
        io.write(self._board, target)
        self._board.path = str(target)
        self.undo_stack.setClean()
        if self._path != str(target):
            self._path = str(target)
        self.notify(ChangeKind.FILE_CHANGED, self._path)

    # -- pegs -------------------------------------------------------------------------------
    def new_peg_id(self, x: float, y: float) -> str:
        """The lattice id (``c4``) when (x, y) is a free standard lattice point, else ``pN``."""
        slot = lattice_slot(x, y)
        if slot is not None:
            pid = peg_id(*slot)
            if pid not in self._board.pegs:
                return pid
        n = 1
        while f"p{n}" in self._board.pegs:
            n += 1
        return f"p{n}"

    def add_peg(self, x: float, y: float, colour: str = DEFAULT_COLOUR, peg_id: str | None = None) -> str:
        """Add a peg at (x, y) board units; returns its id."""
        pid = peg_id or self.new_peg_id(x, y)
        self.undo_stack.push(cmd.AddPeg(self, Peg(pid, round(float(x), 6), round(float(y), 6), colour)))
        return pid

    def move_pegs(self, positions: dict[str, tuple[float, float]], gesture: object | None = None) -> None:
        """Move pegs to ``positions`` (board units). Pushes with the same ``gesture`` merge."""
        pegs = self._board.pegs
        positions = {i: (round(float(x), 6), round(float(y), 6)) for i, (x, y) in positions.items() if i in pegs}
        if not positions:
            return
        if gesture is None and all((pegs[i].x, pegs[i].y) == xy for i, xy in positions.items()):
            return
        self.undo_stack.push(cmd.MovePegs(self, positions, gesture))

    def set_peg_colour(self, ids: Iterable[str], colour: str) -> None:
        if colour not in COLOURS:
            raise ValueError(f"colour must be one of {COLOURS}, got {colour!r}")
        ids = [i for i in ids if i in self._board.pegs and self._board.pegs[i].colour != colour]
        if ids:
            self.undo_stack.push(cmd.SetPegColour(self, ids, colour))

    def remove_pegs(self, ids: Iterable[str]) -> None:
        """Remove pegs with their lines, segment entries and seat/crater references, as one
        undo step."""
        self.delete(pegs=ids)

    # -- lines ------------------------------------------------------------------------------
    def add_line(self, a: str, b: str) -> bool:
        """Add the line a-b; False (nothing pushed) if it exists, is a loop or names no peg."""
        pegs = self._board.pegs
        if a == b or a not in pegs or b not in pegs or line_key(a, b) in self._board.line_keys():
            return False
        self.undo_stack.push(cmd.AddLine(self, a, b))
        return True

    def remove_lines(self, keys: Iterable[tuple[str, str]]) -> None:
        self.delete(lines=keys)

    # -- segments ---------------------------------------------------------------------------
    def segment_value(self, key, field: str):
        seg = self._board.segment_map().get(segment_key(key))
        return getattr(seg, field) if seg is not None else cmd.segments.SEGMENT_FIELDS[field]

    def set_segment_value(self, key, field: str, value) -> None:
        """Set treasure/energy (ints 0..20), idol or picture of the segment ``key``. Successive
        edits of the same field merge into one undo step."""
        key = segment_key(key)
        if self.segment_value(key, field) == value:
            return
        ring = next((f.pegs for f in self.faces() if f.key == key), None)
        self.undo_stack.push(cmd.SetSegmentValue(self, key, field, value, ring))

    def clear_segments(self, keys) -> None:
        self.delete(segments=keys)

    # -- board ------------------------------------------------------------------------------
    def set_board_value(self, field: str, value) -> None:
        if getattr(self._board, field) != value:
            self.undo_stack.push(cmd.SetBoardValue(self, field, value))

    # -- compound ---------------------------------------------------------------------------
    def delete(self, pegs: Iterable[str] = (), lines: Iterable[tuple[str, str]] = (),
               segments: Iterable = ()) -> None:
        """Delete pegs, lines and segment contents in one undo step. A peg takes its lines,
        the entries of segments it is a corner of, and its seat and crater references with it."""
        board = self._board
        peg_ids = [p for p in dict.fromkeys(pegs) if p in board.pegs]
        gone = set(peg_ids)
        line_keys = {line_key(*k) for k in lines} & board.line_keys()
        line_keys |= {line_key(a, b) for a, b in board.lines if a in gone or b in gone}
        seg_keys = {segment_key(k) for k in segments}
        seg_keys |= {s.key for s in board.segments if gone & set(s.pegs)}
        seg_keys &= set(board.segment_map())
        seats_after = None
        if gone:
            new_seats = {name: Seat(s.name, [p for p in s.start if p not in gone],
                                    [p for p in s.goal if p not in gone], s.label)
                         for name, s in board.seats.items()}
            new_crater = [p for p in board.crater if p not in gone]
            if new_seats != board.seats or new_crater != board.crater:
                seats_after = (new_seats, new_crater)
        steps = int(bool(line_keys)) + int(bool(seg_keys)) + int(bool(peg_ids)) + int(seats_after is not None)
        if steps == 0:
            return
        parts = []
        if peg_ids:
            parts.append(f"{len(peg_ids)} peg{'s' if len(peg_ids) != 1 else ''}")
        if line_keys:
            parts.append(f"{len(line_keys)} line{'s' if len(line_keys) != 1 else ''}")
        if seg_keys and not peg_ids:
            parts.append(f"{len(seg_keys)} segment{'s' if len(seg_keys) != 1 else ''}")
        stack = self.undo_stack
        stack.beginMacro("Delete " + ", ".join(parts))
        try:
            if line_keys:
                stack.push(cmd.RemoveLines(self, line_keys))
            if seg_keys:
                stack.push(cmd.RemoveSegments(self, seg_keys))
            if seats_after is not None:
                stack.push(cmd.ReplaceSeats(self, *seats_after, text="Remove pegs from seats"))
            if peg_ids:
                stack.push(cmd.RemovePegs(self, peg_ids))
        finally:
            stack.endMacro()


def distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])
