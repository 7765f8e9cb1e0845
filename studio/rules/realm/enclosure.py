"""Closing (RTR-P4): regions completely bounded by one player's bands.

Work on the dual graph of the board's faces: two faces are joined unless the player's bands
cover the line between them; the outside of the board is one more node. A component that cannot
reach the outside is closed. Faces that are not segments (holes) are ordinary nodes, never walls.

Incremental: a union-find over the pegs of each player's walls tells whether a new wall line
closes a cycle. Only then is one side of it enclosed, and a breadth-first search run from both
sides in lock step stops as soon as the enclosed side is exhausted, so the cost follows the size
of the closed region, not of the board.
"""

from __future__ import annotations

from studio.geometry.bands import OUTSIDE, Topology


class Walls:
    """One player's walls: covered lines and a union-find of the pegs they join, and a memo of
    the regions that trial lines would enclose (see :meth:`trial_region`). ``version``
    counts the lasting changes (lines added without a journal): the same object at the same
    version holds the same walls (a preview's lines are taken back)."""

    __slots__ = ("covered", "parent", "memo", "version", "reads")

    def __init__(self) -> None:
        self.covered: set[tuple[str, str]] = set()
        self.parent: dict[str, str] = {}
        self.memo: dict = {}
        # memo key -> the faces whose links the searches behind that entry looked at (see
        # :meth:`extend_keeping`); an entry without one is never kept
        self.reads: dict = {}
        self.version = 0

    def copy(self) -> "Walls":
        w = _new_walls(Walls)  # Walls() without the call and its two containers replaced at once
        w.covered = set(self.covered)
        w.parent = dict(self.parent)
        w.memo = {}
        w.reads = {}
        w.version = 0
        return w

    def _find(self, p: str) -> str:
        parent = self.parent
        root = p
        while parent.get(root, root) != root:
            root = parent[root]
        while parent.get(p, p) != root:  # path compression
            parent[p], p = root, parent[p]
        return root

    def add(self, line: tuple[str, str], journal: list | None = None) -> bool:
        """Cover ``line``; True if it closes a cycle of walls (so one side is now enclosed).
        With a ``journal`` (a list), the change is recorded there for :meth:`undo` and the
        union-find is not compressed (so undoing restores it exactly)."""
        if line in self.covered:
            return False
        self.covered.add(line)
        if journal is None:
            self.version += 1
            if self.memo:
                self.memo.clear()  # the lasting walls change: what trials enclosed may differ
                self.reads.clear()
            ra, rb = self._find(line[0]), self._find(line[1])
        else:
            ra, rb = self._root(line[0]), self._root(line[1])
        if ra == rb:
            if journal is not None:
                journal.append((line, None))
            return True
        self.parent[ra] = rb
        if journal is not None:
            journal.append((line, ra))
        return False

    def _root(self, p: str) -> str:
        parent = self.parent
        while parent.get(p, p) != p:
            p = parent[p]
        return p

    def trial_region(self, topology: Topology, line: tuple[str, str], journal: list) -> tuple:
        """``(region, read)``: :func:`enclosed_side` of ``line`` just added with ``journal`` (its
        entry last), and the faces its search looked at (None when no longer remembered), both
        remembered per line and trial lines before it until the lasting walls change (states
        sharing these walls ask for the same bands over and over). Do not change them."""
        key = (line, *[entry[0] for entry in journal[:-1]]) if len(journal) > 1 else line
        memo = self.memo
        found = memo.get(key)
        if found is None:
            if len(memo) > 4096:
                memo.clear()
                self.reads.clear()
            read: set[int] = set()
            found = memo[key] = enclosed_side(topology, self, line, read)
            self.reads[key] = read
            return found, read
        return found, self.reads.get(key)

    def extend_keeping(self, lines, topology: Topology, pegs_of) -> None:
        """Cover ``lines`` for good (as :meth:`add` without a journal, in order) and keep the
        entries of the memo made by :meth:`RealmState._closing_regions` (key: a shape index,
        ``pegs_of(index)`` its pegs) that provably still hold, dropping the rest. An entry
        holds when (1) the new lines join no two parts of the walls that hold pegs of its
        shape, so every trial side joins or closes exactly as before, and (2) none of the
        faces its searches looked at (``reads``) borders a new line, so every search sees the
        same covered lines and runs the same steps (tests/rules/test_fast_paths.py checks
        kept entries against fresh ones)."""
        old, old_reads = self.memo, self.reads
        self.memo, self.reads = {}, {}
        if not old_reads:
            for line in lines:
                self.add(line)
            return
        old = dict(old)  # a snapshot: the old walls stay in use elsewhere
        parts = old.get(None)  # peg -> its part before (pegs on no wall: their own)
        if parts is None:
            root = self._root
            parts = {p: root(p) for line in self.covered for p in line}
        touched = {parts.get(p, p) for line in lines for p in line}  # the parts the lines join
        for line in lines:
            self.add(line)
        find = self._find
        merged = {r: find(r) for r in touched}  # each of those parts -> its part now
        near: set[int] = set()
        line_faces = topology.line_faces
        for line in lines:
            faces = line_faces.get(line)
            if faces is not None:
                near.update(faces)
        memo, reads = self.memo, self.reads
        for key, read in list(old_reads.items()):
            if type(key) is not int or not near.isdisjoint(read):
                continue
            found = old.get(key)
            if found is None:
                continue
            mine = {parts.get(p, p) for p in pegs_of(key)} & touched
            # two of its parts joined: a trial side may now close a cycle it did not
            if len(mine) > 1 and len({merged[r] for r in mine}) < len(mine):
                continue
            memo[key] = found
            reads[key] = read

    def undo(self, journal: list) -> None:
        """Take back the lines recorded in ``journal`` by :meth:`add`, latest first."""
        for line, root in reversed(journal):
            self.covered.discard(line)
            if root is not None:
                del self.parent[root]
        journal.clear()


_new_walls = object.__new__


def enclosed_side(topology: Topology, walls: Walls, line: tuple[str, str], read: set[int] | None = None) -> list[int]:
    """Faces of the region enclosed on one side of ``line`` (just covered by ``walls``), or []
    if neither side is enclosed. Both sides are searched in lock step; the first search to run
    out of faces without reaching the outside (or the other search) is the enclosed region.
    ``read``: a set that gets every face the search reached (those whose lines it looked at
    among them)."""
    sides = topology.line_faces.get(line)
    if sides is None:
        return []
    a, b = sides
    if a == OUTSIDE or b == OUTSIDE:
        start = b if a == OUTSIDE else a
        return _closed_region(topology, walls, start, read)
    links = topology.face_links
    covered = walls.covered
    seen = ({a}, {b})
    frontier = ([a], [b])
    open_ = [True, True]
    while open_[0] or open_[1]:
        for s in (0, 1):
            if not open_[s]:
                continue
            nxt = []
            mine, other = seen[s], seen[1 - s]
            for f in frontier[s]:
                for ln, g in links[f]:
                    if ln in covered or g in mine:
                        continue
                    if g == OUTSIDE or g in other:
                        open_[s] = False  # this side reaches out (or the other side): not closed
                        break
                    mine.add(g)
                    nxt.append(g)
                if not open_[s]:
                    break
            if open_[s] and not nxt:
                if read is not None:
                    read.update(seen[0])
                    read.update(seen[1])
                return sorted(mine)
            frontier[s][:] = nxt
    if read is not None:
        read.update(seen[0])
        read.update(seen[1])
    return []


def _closed_region(topology: Topology, walls: Walls, start: int, read: set[int] | None = None) -> list[int]:
    links = topology.face_links
    covered = walls.covered
    seen = {start}
    stack = [start]
    while stack:
        f = stack.pop()
        for ln, g in links[f]:
            if ln in covered or g in seen:
                continue
            if g == OUTSIDE:
                if read is not None:
                    read.update(seen)
                return []
            seen.add(g)
            stack.append(g)
    if read is not None:
        read.update(seen)
    return sorted(seen)
