"""The editor's document: a Rule the Realm :class:`~studio.model.realm.Board`, its file path
and a :class:`QUndoStack`. Every change goes through a method here that pushes an undo
command (compound edits are one macro, so one undo step); observers (scene, docks, window)
listen to the one :attr:`BoardDocument.changed` signal. Usable without any widget (tests drive
it headless)."""

from __future__ import annotations

import copy
import dataclasses
import enum
import os
import random
import re
from collections.abc import Callable, Iterable

from PySide6.QtCore import QObject, Signal

from studio.content.schemas import board_entries
from studio.content.words import counted
from studio.geometry import geometry_ops
from studio.geometry.faces import Face, line_graph_faces
from studio.geometry.lattice import (
    infer_spacing,
    lattice_offset,
    lattice_slot,
    peg_id,
    snap_to_lattice,
    triangular_lattice,
)
from studio.gui.realm import commands as cmd
from studio.gui.realm.commands.board import BOARD_FIELDS
from studio.gui.shell.document_base import Document
from studio.model import io
from studio.model.fragment import Fragment
from studio.model.lenient import read_board_leniently
from studio.model.realm import (
    ARTIFACTS,
    COLOURS,
    Board,
    Bridge,
    LineItem,
    Peg,
    Seat,
    Segment,
    line_key,
    segment_key,
)


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
    SEATS_CHANGED = "seats-changed"        # field names (seats, crater) or None
    PICTURES_CHANGED = "pictures-changed"  # field names
    CANALS_CHANGED = "canals-changed"      # field names (islands, bridges, has_canals)
    LINE_ITEMS_CHANGED = "line-items-changed"  # field names
    BOARD_CHANGED = "board-changed"        # header field name
    FILE_CHANGED = "file-changed"          # new path (str or None), after save / save as
    SCENARIO_CHANGED = "scenario-changed"  # the scenario file the board belongs to (str or None)

    @property
    def changes_geometry(self) -> bool:
        return self in _GEOMETRY


_GEOMETRY = {ChangeKind.RESET, ChangeKind.PEGS_ADDED, ChangeKind.PEGS_REMOVED, ChangeKind.PEGS_MOVED,
             ChangeKind.LINES_ADDED, ChangeKind.LINES_REMOVED}

DEFAULT_COLOUR = "gray"
ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
MAX_COUNT = 20  # schema: treasure and energy counts are 0..20
_UNSET = object()


def standard_board() -> Board:
    """A new valid 2-player board on the standard 80-peg base: every lattice line drawn, pegs
    coloured so that no two neighbours share a colour, South and North seats, played with the
    base rules (``location: base``)."""
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
        # no goal pegs: the base rules have none (a location that needs them adds them)
        "south": Seat("south", start=[bottom[2], bottom[4], bottom[5], bottom[7]], goal=[], label="South"),
        "north": Seat("north", start=[top[7], top[5], top[4], top[2]], goal=[], label="North"),
    }
    # the base rules, named: a board naming no location is warned of (location/none)
    return Board(id="new-board", name="New board", players=2, pegs=pegs, lines=list(lines), seats=seats,
                 location="base")


class BoardDocument(Document):
    """Owns a board, its file path and its undo stack (a
    :class:`~studio.gui.shell.document_base.Document`).

    ``changed(kind: ChangeKind, payload)`` is emitted after every model change (by commands,
    so also on undo/redo). ``is_modified`` follows the undo stack's clean state.
    ``scenario_path`` is the scenario file the board belongs to (None when unknown): the
    validation dock checks the board against that scenario's rules."""

    changed = Signal(object, object)
    NO_PATH_TEXT = "the board has no file yet: give a path"
    MERGE_EDITS = True  # a header field typed into: one step

    def __init__(self, board: Board | None = None, path: str | os.PathLike | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(path, parent)
        self._board = board if board is not None else standard_board()
        self._faces: list[Face] | None = None
        self.spacing = infer_spacing(self._board)
        self.scenario_path: str | None = None
        self._file_lines: dict = {}
        self._remember_file_lines()

    # -- state ------------------------------------------------------------------------------
    @property
    def board(self) -> Board:
        return self._board

    def untitled_name(self) -> str:
        return self._board.name

    def recovery_content(self) -> tuple[str, object]:
        return self._board.FORMAT, self._board.to_data()

    def value_at(self, path) -> object:
        """The header field ``(field,)`` (the only values set through ``set_value``)."""
        return getattr(self._board, _header_field(path))

    def put_value(self, path, value) -> None:
        field = _header_field(path)
        setattr(self._board, field, value)
        self.notify(ChangeKind.BOARD_CHANGED, field)

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

    def face_ring(self, key) -> tuple[str, ...]:
        """Corner order of the face with ``key`` (sorted triple), or the key itself."""
        key = segment_key(key)
        return next((f.pegs for f in self.faces() if f.key == key), key)

    def set_scenario_path(self, path: str | os.PathLike | None) -> None:
        """Remember the scenario the board belongs to (not an edit of the board: no undo step)."""
        path = str(path) if path is not None else None
        if path != self.scenario_path:
            self.scenario_path = path
            self.changed.emit(ChangeKind.SCENARIO_CHANGED, path)

    def snap(self, x: float, y: float) -> tuple[float, float]:
        """Nearest lattice point at this board's spacing."""
        return snap_to_lattice(x, y, self.spacing)

    # -- files ------------------------------------------------------------------------------
    def reset(self, board: Board, path: str | os.PathLike | None = None, problems=None) -> None:
        """Replace the board (New, Open): clears undo history; the document is clean, or
        modified when ``problems`` (an :class:`~studio.model.lenient.OpenProblems`) says the
        board is not all of the file."""
        self.open_problems = problems
        self._board = board
        self._faces = None
        self.spacing = infer_spacing(board)
        self._remember_file_lines()
        # modified until saved when the file still holds what was left out
        self._restart(path, modified=problems is not None)
        self.notify(ChangeKind.RESET, None)
        self.notify(ChangeKind.FILE_CHANGED, self._path)

    def load(self, path: str | os.PathLike) -> None:
        """Open a ``realm-board/2`` file (or ``/1``, migrated). A file that parses but fails its
        schema opens with what the schema rejects left out (:mod:`studio.model.lenient`):
        :attr:`open_problems` then holds the file's schema findings and what was dropped, and the
        document is modified. Raises :class:`studio.content.LoadError` (the YAML does not parse)
        or :class:`studio.model.io.InvalidContent` (nothing can be opened) and leaves the
        document unchanged on error."""
        board, problems = read_board_leniently(path)
        self.reset(board, path, problems)

    def _write(self, target: str) -> None:
        """:meth:`save` writes the board atomically; raises InvalidContent (text would not
        reload equal) or OSError."""
        source = io.write(self._board, target)
        self._board.path = target
        if source is not None:   # the lines of the text just written (a filled-in key added one)
            self._board.source = source
        self.open_problems = None  # the file now holds the board as shown
        self._remember_file_lines()

    def _saved(self, old_path: str | None) -> None:
        self.notify(ChangeKind.FILE_CHANGED, self._path)

    def _remember_file_lines(self) -> None:
        """The board's lines as the file has them (loaded or saved): key -> (place, line); and
        where each list entry is in the file, for the findings' line numbers after edits
        (:attr:`SourceMap.entries`)."""
        source = self._board.source
        if source is not None:
            source.entries = board_entries(self._board.to_data())
        self._file_lines = {}
        for i, (a, b) in enumerate(self._board.lines):
            self._file_lines.setdefault(line_key(a, b), (i, (a, b)))

    def file_line_rank(self, line) -> int | None:
        """The place of ``line`` (either direction) in the file's line list when the board was
        loaded or last saved; None when the file did not have it."""
        found = self._file_lines.get(line_key(*line))
        return found[0] if found is not None else None

    def file_line(self, a: str, b: str) -> tuple[str, str]:
        """The line a-b as the file writes it (its direction there), or ``(a, b)``."""
        found = self._file_lines.get(line_key(a, b))
        return found[1] if found is not None else (a, b)

    # -- pegs -------------------------------------------------------------------------------
    def new_peg_id(self, x: float, y: float, reserved: Iterable[str] = ()) -> str:
        """The lattice id (``c4``) when (x, y) is a free lattice point, else ``pN``."""
        taken = set(reserved)
        slot = lattice_slot(x, y, self.spacing)
        if slot is not None:
            pid = peg_id(*slot)
            if pid not in self._board.pegs and pid not in taken:
                return pid
        n = 1
        while f"p{n}" in self._board.pegs or f"p{n}" in taken:
            n += 1
        return f"p{n}"

    def peg_at(self, x: float, y: float, tolerance: float = 1e-3) -> str | None:
        """Id of a peg at (x, y) (within ``tolerance`` board units), or None."""
        for peg in self._board.pegs.values():
            if abs(peg.x - x) <= tolerance and abs(peg.y - y) <= tolerance:
                return peg.id
        return None

    def add_peg(self, x: float, y: float, colour: str = DEFAULT_COLOUR, peg_id: str | None = None) -> str:
        """Add a peg at (x, y) board units; returns its id."""
        pid = peg_id or self.new_peg_id(x, y)
        self.undo_stack.push(cmd.AddPeg(self, Peg(pid, round(float(x), 6), round(float(y), 6), colour)))
        return pid

    def add_pegs(self, items: Iterable[tuple[float, float, str]], text: str | None = None) -> list[str]:
        """Add pegs ``(x, y, colour)`` in one step; returns their ids."""
        pegs: list[Peg] = []
        for x, y, colour in items:
            if colour not in COLOURS:
                raise ValueError(f"colour must be one of {COLOURS}, got {colour!r}")
            pid = self.new_peg_id(x, y, reserved=[p.id for p in pegs])
            pegs.append(Peg(pid, round(float(x), 6), round(float(y), 6), colour))
        if pegs:
            self.undo_stack.push(cmd.AddPegs(self, pegs, text))
        return [p.id for p in pegs]

    def move_pegs(self, positions: dict[str, tuple[float, float]], gesture: object | None = None) -> None:
        """Move pegs to ``positions`` (board units). Pushes with the same ``gesture`` merge."""
        pegs = self._board.pegs
        positions = {i: (round(float(x), 6), round(float(y), 6)) for i, (x, y) in positions.items() if i in pegs}
        if not positions:
            return
        if gesture is None and all((pegs[i].x, pegs[i].y) == xy for i, xy in positions.items()):
            return
        self.undo_stack.push(cmd.MovePegs(self, positions, gesture))

    def set_peg_colour(self, ids: Iterable[str], colour: str, gesture: object | None = None) -> None:
        """Colour pegs; pushes with the same ``gesture`` (one drag of the colour tool) merge."""
        if colour not in COLOURS:
            raise ValueError(f"colour must be one of {COLOURS}, got {colour!r}")
        ids = [i for i in dict.fromkeys(ids) if i in self._board.pegs and self._board.pegs[i].colour != colour]
        if ids:
            self.undo_stack.push(cmd.SetPegColour(self, ids, colour, gesture))

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
        self.undo_stack.push(cmd.AddLine(self, *self.file_line(a, b)))
        return True

    def add_lines(self, pairs: Iterable[tuple[str, str]], text: str | None = None) -> list[tuple[str, str]]:
        """Add every new line of ``pairs`` in one step; returns the lines added."""
        pegs = self._board.pegs
        have = self._board.line_keys()
        new: list[tuple[str, str]] = []
        for a, b in pairs:
            k = line_key(a, b)
            if a != b and a in pegs and b in pegs and k not in have:
                have.add(k)
                new.append(self.file_line(a, b))
        if new:
            self.undo_stack.push(cmd.AddLines(self, new, text))
        return new

    def remove_lines(self, keys: Iterable[tuple[str, str]]) -> None:
        self.delete(lines=keys)

    def toggle_line(self, a: str, b: str) -> bool | None:
        """Add the line a-b, or remove it when it exists. True: added, False: removed, None:
        nothing (same peg, unknown peg)."""
        if a == b or a not in self._board.pegs or b not in self._board.pegs:
            return None
        if line_key(a, b) in self._board.line_keys():
            self.remove_lines([(a, b)])
            return False
        return self.add_line(a, b)

    def triangulate(self, ids: Iterable[str]) -> list[tuple[str, str]]:
        """Join the pegs ``ids`` into triangles (Delaunay, see
        :func:`~studio.geometry.geometry_ops.triangulation_lines`) in one step; returns the lines
        added."""
        pegs = self._board.pegs
        chosen = {p: (pegs[p].x, pegs[p].y) for p in ids if p in pegs}
        every = {p.id: (p.x, p.y) for p in pegs.values()}
        lines = geometry_ops.triangulation_lines(chosen, every, self._board.lines)
        return self.add_lines(lines, f"Triangulate {counted(len(chosen), 'peg')}")

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
        self.undo_stack.push(cmd.SetSegmentValue(self, key, field, value, self.face_ring(key)))

    def _segments_after(self, keys, update: Callable[[Segment], None]) -> list[Segment]:
        """The segment list after ``update`` changed (a copy of) each segment of ``keys``;
        entries are added for segments that now hold something and dropped when emptied."""
        segments = [dataclasses.replace(s) for s in self._board.segments]
        index = {s.key: s for s in segments}
        for key in dict.fromkeys(segment_key(k) for k in keys):
            seg = index.get(key)
            if seg is None:
                seg = Segment(self.face_ring(key))
                update(seg)
                if not seg.is_empty():
                    segments.append(seg)
                    index[key] = seg
            else:
                update(seg)
        return [s for s in segments if not s.is_empty()]

    def edit_segments(self, keys, update: Callable[[Segment], None], text: str,
                      gesture: object | None = None) -> bool:
        """Apply ``update`` to the segments ``keys`` as one step (merging with pushes of the
        same ``gesture``); False when nothing changed."""
        after = self._segments_after(keys, update)
        if after == self._board.segments:
            return False
        self.undo_stack.push(cmd.SetSegments(self, after, text, self._merge_key("segments", gesture)))
        return True

    def paint_segments(self, keys, field: str, value=None, delta: int | None = None,
                       gesture: object | None = None) -> bool:
        """Paint ``field`` of segments: counts (treasure, energy) by ``delta`` or to ``value``
        (kept within 0..20), idol (orange, blue or None) to ``value``."""
        if field not in ("treasure", "energy", "idol"):
            raise ValueError(f"cannot paint {field!r} (expected treasure, energy or idol)")
        if field == "idol" and value not in (None, "orange", "blue"):
            raise ValueError(f"idol must be orange, blue or None, got {value!r}")

        def update(seg: Segment) -> None:
            if field == "idol":
                seg.idol = value
            else:
                now = getattr(seg, field)
                setattr(seg, field, max(0, min(MAX_COUNT, now + delta if delta is not None else int(value))))
        return self.edit_segments(keys, update, f"Paint {field}", gesture)

    def clear_segments(self, keys) -> None:
        self.delete(segments=keys)

    # -- pictures (Engraved Board) --------------------------------------------------------------
    def picture_names(self) -> list[str]:
        """Defined pictures, then pictures that segments name without a definition."""
        b = self._board
        return list(dict.fromkeys([*b.pictures, *(s.picture for s in b.segments if s.picture)]))

    def picture_segments(self, name: str) -> list[tuple[str, str, str]]:
        return [s.key for s in self._board.segments if s.picture == name]

    def _fresh_name(self, stem: str, taken) -> str:
        taken = set(taken)
        n = 1
        while f"{stem}-{n}" in taken:
            n += 1
        return f"{stem}-{n}"

    def new_picture_name(self) -> str:
        return self._fresh_name("picture", self.picture_names())

    def create_picture(self, name: str | None = None, label: str | None = None) -> str:
        """Define a picture (empty until segments join it); returns its name. Raises
        ValueError for a taken or malformed name."""
        name = name or self.new_picture_name()
        _check_id(name, "picture name")
        if name in self.picture_names():
            raise ValueError(f"there is already a picture called {name!r}")
        pictures = copy.deepcopy(self._board.pictures)
        pictures[name] = {"label": label} if label else {}
        self.undo_stack.push(cmd.SetPictures(self, pictures, self._board.segments, f"Create picture {name}"))
        return name

    def rename_picture(self, old: str, new: str) -> None:
        """Rename a picture, in its definition and in every segment that names it."""
        if old == new:
            return
        _check_id(new, "picture name")
        if new in self.picture_names():
            raise ValueError(f"there is already a picture called {new!r}")
        pictures = {(new if k == old else k): dict(v) for k, v in self._board.pictures.items()}
        segments = [dataclasses.replace(s, picture=new if s.picture == old else s.picture)
                    for s in self._board.segments]
        self.undo_stack.push(cmd.SetPictures(self, pictures, segments, f"Rename picture {old} to {new}"))

    def remove_picture(self, name: str) -> None:
        """Remove a picture: its definition, and its name from its segments."""
        pictures = {k: dict(v) for k, v in self._board.pictures.items() if k != name}
        segments = [dataclasses.replace(s, picture=None if s.picture == name else s.picture)
                    for s in self._board.segments]
        segments = [s for s in segments if not s.is_empty()]
        if pictures == self._board.pictures and segments == self._board.segments:
            return
        self.undo_stack.push(cmd.SetPictures(self, pictures, segments, f"Remove picture {name}"))

    def set_picture_label(self, name: str, label: str | None) -> None:
        pictures = copy.deepcopy(self._board.pictures)
        entry = pictures.setdefault(name, {})
        if label:
            entry["label"] = label
        else:
            entry.pop("label", None)
        if pictures != self._board.pictures:
            self.undo_stack.push(cmd.SetPictures(self, pictures, self._board.segments,
                                                 f"Set label of picture {name}", ("picture-label", name)))

    def set_segments_picture(self, keys, name: str | None, gesture: object | None = None) -> bool:
        """Put segments in picture ``name`` (defining it if needed), or out of any (None)."""
        if name is not None:
            _check_id(name, "picture name")
        pictures = copy.deepcopy(self._board.pictures)
        if name is not None and name not in pictures:
            pictures[name] = {}
        after = self._segments_after(keys, lambda seg: setattr(seg, "picture", name))
        if after == self._board.segments and pictures == self._board.pictures:
            return False
        text = f"Add segments to picture {name}" if name else "Remove segments from their picture"
        self.undo_stack.push(cmd.SetPictures(self, pictures, after, text, self._merge_key("pictures", gesture)))
        return True

    # -- canals (Archipelago City) --------------------------------------------------------------
    def island_of(self, key) -> str | None:
        key = segment_key(key)
        for name, tris in self._board.islands.items():
            if any(segment_key(t) == key for t in tris):
                return name
        return None

    def new_island_name(self) -> str:
        return self._fresh_name("island", self._board.islands)

    def _push_canals(self, islands, bridges, has_canals, text, merge_key=None) -> bool:
        b = self._board
        if (islands, bridges, has_canals) == (b.islands, b.bridges, b.has_canals):
            return False
        self.undo_stack.push(cmd.SetCanals(self, islands, bridges, has_canals, text, merge_key))
        return True

    def set_has_canals(self, on: bool) -> None:
        """Mark the board as an Archipelago City board (it keeps a ``canals`` section)."""
        b = self._board
        self._push_canals(b.islands, b.bridges, bool(on), "Use canals" if on else "Stop using canals")

    def set_segments_island(self, keys, name: str | None, gesture: object | None = None) -> bool:
        """Put segments in island ``name`` (created when new; a segment is in one island at
        most), or out of every island (None). Islands left empty disappear."""
        if name is not None:
            _check_id(name, "island name")
        keys = {segment_key(k) for k in keys}
        islands: dict[str, list] = {}
        for isl, tris in self._board.islands.items():
            kept = [tuple(t) for t in tris if segment_key(t) not in keys or isl == name]
            islands[isl] = kept
        if name is not None:
            have = {segment_key(t) for t in islands.get(name, [])}
            islands.setdefault(name, [])
            for key in sorted(keys - have):
                islands[name].append(tuple(self.face_ring(key)))
        islands = {k: v for k, v in islands.items() if v}
        text = f"Add segments to island {name}" if name else "Remove segments from islands"
        return self._push_canals(islands, self._board.bridges, self._board.has_canals or bool(islands), text,
                                 self._merge_key("islands", gesture))

    def rename_island(self, old: str, new: str) -> None:
        if old == new or old not in self._board.islands:
            return
        _check_id(new, "island name")
        if new in self._board.islands:
            raise ValueError(f"there is already an island called {new!r}")
        islands = {(new if k == old else k): list(v) for k, v in self._board.islands.items()}
        self._push_canals(islands, self._board.bridges, self._board.has_canals, f"Rename island {old} to {new}")

    def remove_island(self, name: str) -> None:
        islands = {k: list(v) for k, v in self._board.islands.items() if k != name}
        self._push_canals(islands, self._board.bridges, self._board.has_canals, f"Remove island {name}")

    def bridge_on(self, a: str, b: str) -> Bridge | None:
        k = line_key(a, b)
        return next((br for br in self._board.bridges if line_key(*br.line) == k), None)

    def set_bridge(self, line: tuple[str, str], energy: int = 0, gesture: object | None = None) -> bool:
        """Make the line a bridge with ``energy`` (0..20), or change its energy. Raises
        ValueError when the line does not exist."""
        a, b = line
        if line_key(a, b) not in self._board.line_keys():
            raise ValueError(f"there is no line {a}-{b} to put a bridge on")
        energy = max(0, min(MAX_COUNT, int(energy)))
        bridges = [dataclasses.replace(br) for br in self._board.bridges]
        found = next((br for br in bridges if line_key(*br.line) == line_key(a, b)), None)
        if found is None:
            bridges.append(Bridge((a, b), energy))
        else:
            found.energy = energy
        merge = self._merge_key("bridges", gesture) if gesture is not None else ("bridge", line_key(a, b))
        return self._push_canals(self._board.islands, bridges, True, f"Set bridge {a}-{b}", merge)

    def remove_bridge(self, line: tuple[str, str], gesture: object | None = None) -> bool:
        k = line_key(*line)
        bridges = [dataclasses.replace(br) for br in self._board.bridges if line_key(*br.line) != k]
        return self._push_canals(self._board.islands, bridges, self._board.has_canals,
                                 f"Remove bridge {line[0]}-{line[1]}", self._merge_key("bridges", gesture))

    # -- line items (Labyrinth) -----------------------------------------------------------------
    def line_item_on(self, a: str, b: str) -> LineItem | None:
        k = line_key(a, b)
        return next((it for it in self._board.line_items if line_key(*it.line) == k), None)

    def set_line_item(self, line: tuple[str, str], treasure: int | None = None, artifact=_UNSET,
                      delta: int | None = None, gesture: object | None = None) -> bool:
        """Set what the line holds: ``treasure`` (0..20, or changed by ``delta``) and/or
        ``artifact`` (sword, helmet, shield or None). An item left empty is removed. Raises
        ValueError for a line that does not exist or an unknown artifact."""
        a, b = line
        k = line_key(a, b)
        if k not in self._board.line_keys():
            raise ValueError(f"there is no line {a}-{b} to put an item on")
        if artifact is not _UNSET and artifact is not None and artifact not in ARTIFACTS:
            raise ValueError(f"artifact must be one of {ARTIFACTS} or None, got {artifact!r}")
        items = [dataclasses.replace(it) for it in self._board.line_items]
        item = next((it for it in items if line_key(*it.line) == k), None)
        if item is None:
            item = LineItem((a, b))
            items.append(item)
        if treasure is not None:
            item.treasure = max(0, min(MAX_COUNT, int(treasure)))
        if delta is not None:
            item.treasure = max(0, min(MAX_COUNT, item.treasure + delta))
        if artifact is not _UNSET:
            item.artifact = artifact
        items = [it for it in items if it.treasure or it.artifact]
        if items == self._board.line_items:
            return False
        merge = self._merge_key("line-items", gesture) if gesture is not None else ("line-item", k)
        self.undo_stack.push(cmd.SetLineItems(self, items, f"Set item on line {a}-{b}", merge))
        return True

    # -- seats ----------------------------------------------------------------------------------
    def _push_seats(self, seats: dict, crater: list[str], text: str, merge_key=None) -> bool:
        if list(seats.items()) == list(self._board.seats.items()) and crater == self._board.crater:
            return False  # (seat order matters: seat 1 plays first)
        self.undo_stack.push(cmd.ReplaceSeats(self, seats, crater, text, merge_key))
        return True

    def _seats_copy(self) -> dict[str, Seat]:
        return {n: Seat(s.name, list(s.start), list(s.goal), s.label) for n, s in self._board.seats.items()}

    def add_seat(self, name: str | None = None, label: str | None = None) -> str:
        """Add a seat at the end of the seat order; returns its name."""
        name = name or self._fresh_name("seat", self._board.seats)
        _check_id(name, "seat name")
        if name in self._board.seats:
            raise ValueError(f"there is already a seat called {name!r}")
        seats = self._seats_copy()
        seats[name] = Seat(name, [], [], label or None)
        self._push_seats(seats, list(self._board.crater), f"Add seat {name}")
        return name

    def remove_seat(self, name: str) -> None:
        seats = {n: s for n, s in self._seats_copy().items() if n != name}
        self._push_seats(seats, list(self._board.crater), f"Remove seat {name}")

    def rename_seat(self, old: str, new: str) -> None:
        """Rename a seat, keeping its place in the seat order."""
        if old == new or old not in self._board.seats:
            return
        _check_id(new, "seat name")
        if new in self._board.seats:
            raise ValueError(f"there is already a seat called {new!r}")
        seats = {}
        for n, s in self._seats_copy().items():
            if n == old:
                s.name = new
            seats[s.name] = s
        self._push_seats(seats, list(self._board.crater), f"Rename seat {old} to {new}")

    def set_seat_label(self, name: str, label: str | None) -> None:
        seats = self._seats_copy()
        seats[name].label = label or None
        self._push_seats(seats, list(self._board.crater), f"Set label of seat {name}", ("seat-label", name))

    def move_seat(self, name: str, index: int) -> None:
        """Move a seat to position ``index`` of the seat order (seat 1 plays first)."""
        names = [n for n in self._board.seats if n != name]
        index = max(0, min(len(names), index))
        names.insert(index, name)
        current = self._seats_copy()
        self._push_seats({n: current[n] for n in names}, list(self._board.crater), f"Move seat {name}")

    def edit_seat_pegs(self, name: str, part: str, add: Iterable[str] = (), remove: Iterable[str] = (),
                       gesture: object | None = None) -> bool:
        """Add pegs to / remove pegs from the ``start`` or ``goal`` list of seat ``name``."""
        if part not in ("start", "goal"):
            raise ValueError(f"part must be start or goal, got {part!r}")
        if name not in self._board.seats:
            raise ValueError(f"there is no seat {name!r}")
        seats = self._seats_copy()
        pegs = getattr(seats[name], part)
        gone = set(remove)
        pegs[:] = [p for p in pegs if p not in gone]
        for p in add:
            if p in self._board.pegs and p not in pegs:
                pegs.append(p)
        return self._push_seats(seats, list(self._board.crater), f"Change {part} pegs of {name}",
                                self._merge_key("seats", gesture))

    def edit_crater(self, add: Iterable[str] = (), remove: Iterable[str] = (), gesture: object | None = None) -> bool:
        """Add pegs to / remove pegs from the Volcano crater (shared start pegs, L2-2)."""
        gone = set(remove)
        crater = [p for p in self._board.crater if p not in gone]
        for p in add:
            if p in self._board.pegs and p not in crater:
                crater.append(p)
        return self._push_seats(self._seats_copy(), crater, "Change crater pegs", self._merge_key("crater", gesture))

    # -- board ------------------------------------------------------------------------------
    def set_board_value(self, field: str, value) -> None:
        if getattr(self._board, field) != value:
            self.undo_stack.push(cmd.SetBoardValue(self, field, value))

    # -- selections: copy, paste, transform -------------------------------------------------------
    def fragment(self, peg_ids: Iterable[str]) -> Fragment:
        """The part of the board spanned by ``peg_ids`` (for the clipboard)."""
        return Fragment.of(self._board, peg_ids)

    def insert_fragment(self, fragment: Fragment, place: Callable[[float, float], tuple[float, float]],
                        text: str = "Paste", merge: bool = True) -> list[str]:
        """Add ``fragment`` with its pegs moved by ``place`` (x, y) -> (x', y'), as one step.

        A peg that lands where a peg already is becomes that peg (which takes the fragment's
        colour) when ``merge``; lines, segment contents, line items and bridges follow the
        pegs. Returns the board ids of the fragment's pegs, in fragment order."""
        board = self._board
        spots = {(round(p.x, 4), round(p.y, 4)): p.id for p in board.pegs.values()}
        mapping: dict[str, str] = {}
        new_pegs: list[Peg] = []
        recolour: dict[str, list[str]] = {}
        for fid, (x, y, colour) in fragment.pegs.items():
            tx, ty = place(x, y)
            tx, ty = round(tx, 6), round(ty, 6)
            sx, sy = self.snap(tx, ty)
            if abs(sx - tx) < 1e-4 and abs(sy - ty) < 1e-4:
                tx, ty = sx, sy
            spot = (round(tx, 4), round(ty, 4))
            existing = spots.get(spot) if merge else None
            if existing is not None:
                mapping[fid] = existing
                if existing in board.pegs and board.pegs[existing].colour != colour:
                    recolour.setdefault(colour, []).append(existing)
                continue
            pid = self.new_peg_id(tx, ty, reserved=[p.id for p in new_pegs])
            new_pegs.append(Peg(pid, tx, ty, colour))
            spots[spot] = pid
            mapping[fid] = pid
        lines = [(mapping[a], mapping[b]) for a, b in fragment.lines]
        with self.macro(text):
            if new_pegs:
                self.undo_stack.push(cmd.AddPegs(self, new_pegs))
            for colour, ids in recolour.items():
                self.set_peg_colour(ids, colour)
            self.add_lines(lines)
            if fragment.segments:
                contents = {segment_key(mapping[p] for p in s.pegs): s for s in fragment.segments}
                renamed = _fresh_picture_names(board, contents)

                def update(seg: Segment) -> None:
                    src = contents[seg.key]
                    seg.treasure, seg.energy, seg.idol = src.treasure, src.energy, src.idol
                    seg.picture = renamed.get(src.picture, src.picture)
                after = self._segments_after(contents, update)
                pictures = copy.deepcopy(board.pictures)
                for name, data in fragment.pictures.items():
                    pictures.setdefault(renamed.get(name, name), dict(data))
                if after != board.segments or pictures != board.pictures:
                    self.undo_stack.push(cmd.SetPictures(self, pictures, after, "Paste segment contents"))
            if fragment.line_items:
                items = [dataclasses.replace(it) for it in board.line_items]
                for src in fragment.line_items:
                    target = (mapping[src.line[0]], mapping[src.line[1]])
                    items = [it for it in items if line_key(*it.line) != line_key(*target)]
                    items.append(LineItem(target, src.treasure, src.artifact))
                if items != board.line_items:
                    self.undo_stack.push(cmd.SetLineItems(self, items, "Paste line items"))
            if fragment.bridges or fragment.islands:
                bridges = [dataclasses.replace(br) for br in board.bridges]
                for src in fragment.bridges:
                    target = (mapping[src.line[0]], mapping[src.line[1]])
                    bridges = [br for br in bridges if line_key(*br.line) != line_key(*target)]
                    bridges.append(Bridge(target, src.energy))
                islands = _islands_with(board.islands, fragment.islands, mapping)
                if bridges != board.bridges or islands != board.islands:
                    self.undo_stack.push(cmd.SetCanals(self, islands, bridges, True, "Paste islands and bridges"))
            if fragment.crater:
                crater = list(board.crater) + [mapping[p] for p in fragment.crater if mapping[p] not in board.crater]
                if crater != board.crater:
                    self.undo_stack.push(cmd.ReplaceSeats(self, board.seats, list(dict.fromkeys(crater)),
                                                          text="Paste crater pegs"))
        return [mapping[f] for f in fragment.pegs]

    def paste(self, fragment: Fragment, offset: tuple[float, float], text: str = "Paste") -> list[str]:
        """Insert ``fragment`` moved by the lattice vector nearest ``offset``."""
        dx, dy = lattice_offset(*offset, self.spacing)
        return self.insert_fragment(fragment, lambda x, y: (x + dx, y + dy), text)

    def duplicate(self, peg_ids: Iterable[str]) -> list[str]:
        """Copy the part spanned by ``peg_ids`` just right of itself; returns the new ids."""
        frag = self.fragment(peg_ids)
        if frag.is_empty():
            return []
        x0, _, x1, _ = frag.bounds()
        return self.paste(frag, (x1 - x0 + self.spacing, 0.0), "Duplicate")

    def transform_pegs(self, ids: Iterable[str], kind: str, pivot: tuple[float, float] | None = None) -> None:
        """Turn or mirror pegs in place (``kind`` from :data:`geometry_ops.TRANSFORMS`) about
        ``pivot`` (default: the lattice point nearest their centre), as one step."""
        pegs = self._board.pegs
        ids = [p for p in dict.fromkeys(ids) if p in pegs]
        if not ids:
            return
        if pivot is None:
            pivot = self.snap(*geometry_ops.centroid((pegs[p].x, pegs[p].y) for p in ids))
        fn = geometry_ops.transform_fn(kind, pivot)
        positions = {}
        for p in ids:
            x, y = fn(pegs[p].x, pegs[p].y)
            sx, sy = self.snap(x, y)
            positions[p] = (sx, sy) if abs(sx - x) < 1e-4 and abs(sy - y) < 1e-4 else (x, y)
        self.move_pegs(positions)
        top = self.undo_stack.command(self.undo_stack.index() - 1)
        if top is not None and isinstance(top, cmd.MovePegs):
            top.setText(f"{_TRANSFORM_TEXT[kind]} {len(ids)} peg{'s' if len(ids) != 1 else ''}")

    def symmetric_copy(self, ids: Iterable[str], kind: str) -> list[str]:
        """Copy the part spanned by ``ids`` onto the other seats' parts of the board: turned
        half a turn, mirrored, a third and two thirds of a turn, or (4 seats) a quarter, a half
        and three quarters of a turn about the board's centre, snapped to the lattice.
        Pegs landing on pegs merge with them (so the copy recolours and fills the existing
        part). One step; returns the ids of every copy's pegs."""
        frag = self.fragment(ids)
        if frag.is_empty():
            return []
        centre = geometry_ops.board_centre((p.x, p.y) for p in self._board.pegs.values())
        out: list[str] = []
        maps = geometry_ops.symmetric_copies(kind, centre)
        if kind.startswith("quarter-turn"):
            # the triangular lattice has no quarter-turn symmetry: each turned peg goes to the
            # nearest lattice point (so onto the base's pegs, which it recolours)
            maps = [lambda x, y, f=f: self.snap(*f(x, y)) for f in maps]
        with self.macro(f"Copy to other seats ({_TRANSFORM_TEXT[kind].lower()})"):
            for fn in maps:
                out += self.insert_fragment(frag, fn, "Copy")
        return out

    # -- compound ---------------------------------------------------------------------------
    def delete(self, pegs: Iterable[str] = (), lines: Iterable[tuple[str, str]] = (),
               segments: Iterable = ()) -> None:
        """Delete pegs, lines and segment contents in one undo step. A peg takes its lines,
        the entries of segments it is a corner of, its island segments, and its seat and
        crater references with it."""
        board = self._board
        peg_ids = [p for p in dict.fromkeys(pegs) if p in board.pegs]
        gone = set(peg_ids)
        line_keys = {line_key(*k) for k in lines} & board.line_keys()
        line_keys |= {line_key(a, b) for a, b in board.lines if a in gone or b in gone}
        seg_keys = {segment_key(k) for k in segments}
        seg_keys |= {s.key for s in board.segments if gone & set(s.pegs)}
        seg_keys &= set(board.segment_map()) | {segment_key(t) for tris in board.islands.values() for t in tris}
        seats_after = None
        islands_after = None
        if gone:
            new_seats = {name: Seat(s.name, [p for p in s.start if p not in gone],
                                    [p for p in s.goal if p not in gone], s.label)
                         for name, s in board.seats.items()}
            new_crater = [p for p in board.crater if p not in gone]
            if new_seats != board.seats or new_crater != board.crater:
                seats_after = (new_seats, new_crater)
            islands = {k: [tuple(t) for t in v if not gone & set(t)] for k, v in board.islands.items()}
            islands = {k: v for k, v in islands.items() if v}
            if islands != board.islands:
                islands_after = islands
        steps = (int(bool(line_keys)) + int(bool(seg_keys)) + int(bool(peg_ids)) + int(seats_after is not None)
                 + int(islands_after is not None))
        if steps == 0:
            return
        parts = []
        if peg_ids:
            parts.append(f"{len(peg_ids)} peg{'s' if len(peg_ids) != 1 else ''}")
        if line_keys:
            parts.append(f"{len(line_keys)} line{'s' if len(line_keys) != 1 else ''}")
        if seg_keys and not peg_ids:
            parts.append(f"{len(seg_keys)} segment{'s' if len(seg_keys) != 1 else ''}")
        with self.macro("Delete " + ", ".join(parts)):
            stack = self.undo_stack
            if line_keys:
                stack.push(cmd.RemoveLines(self, line_keys))
            if seg_keys:
                stack.push(cmd.RemoveSegments(self, seg_keys))
            if islands_after is not None and islands_after != board.islands:
                stack.push(cmd.SetCanals(self, islands_after, board.bridges, board.has_canals,
                                         "Remove pegs from islands"))
            if seats_after is not None:
                stack.push(cmd.ReplaceSeats(self, *seats_after, text="Remove pegs from seats"))
            if peg_ids:
                stack.push(cmd.RemovePegs(self, peg_ids))

    # -- gestures ---------------------------------------------------------------------------
    @staticmethod
    def _merge_key(family: str, gesture: object | None):
        """Pushes of one family within one gesture (a drag) merge into one undo step."""
        return None if gesture is None else (family, gesture)


_TRANSFORM_TEXT = {"half-turn": "Turn half a turn", "third-turn": "Turn a third of a turn",
                   "third-turn-back": "Turn a third of a turn back", "quarter-turn": "Turn a quarter of a turn",
                   "quarter-turn-back": "Turn a quarter of a turn back", "mirror-x": "Mirror left-right",
                   "mirror-y": "Mirror top-bottom"}


def _fresh_name(name: str, taken) -> str:
    """``name``, or ``name-2``, ``name-3``... the first not in ``taken``."""
    if name not in taken:
        return name
    n = 2
    while f"{name}-{n}" in taken:
        n += 1
    return f"{name}-{n}"


def _fresh_picture_names(board: Board, contents: dict) -> dict[str, str]:
    """Picture name -> the name its pasted segments get: a new one when the board already has
    segments of that picture elsewhere (a copy is another picture, not a picture in two
    pieces, L4-2); the same name when the copy lands on the picture itself."""
    targets: dict[str, set] = {}
    for key, src in contents.items():
        if src.picture:
            targets.setdefault(src.picture, set()).add(key)
    taken = set(board.pictures) | {s.picture for s in board.segments if s.picture}
    out = {}
    for name, keys in targets.items():
        elsewhere = any(s.picture == name and s.key not in keys for s in board.segments)
        if elsewhere:
            out[name] = _fresh_name(name, taken)
            taken.add(out[name])
    return out


def _islands_with(islands: dict, pasted: dict, mapping: dict[str, str]) -> dict:
    """``islands`` with each pasted island's triangles, their pegs mapped: triangles already on
    an island stay there; the rest form an island of the same name, or, when that name is an
    island elsewhere, of a new name (``north-2``)."""
    out = {name: [tuple(t) for t in tris] for name, tris in islands.items()}
    owner = {segment_key(t): name for name, tris in out.items() for t in tris}
    for name, triangles in pasted.items():
        mapped = [tuple(mapping[p] for p in t) for t in triangles]
        fresh = [t for t in mapped if segment_key(t) not in owner]
        if not fresh:
            continue
        target = _fresh_name(name, out)
        out[target] = fresh
        owner.update({segment_key(t): target for t in fresh})
    return out


def _header_field(path) -> str:
    """The field of a header path ``(field,)``; ValueError for any other path."""
    if len(path) != 1 or path[0] not in BOARD_FIELDS:
        raise ValueError(f"not a board header field: {tuple(path)!r} (expected one of {BOARD_FIELDS})")
    return path[0]


def _check_id(name: str, what: str) -> None:
    if not isinstance(name, str) or not ID_RE.match(name):
        raise ValueError(f"{what} {name!r} must start with a letter or digit and use only letters, digits, "
                         "'-' and '_' (at most 64)")
