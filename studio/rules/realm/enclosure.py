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
    the regions that trial lines would enclose (see :meth:`enclosed_by_trial`). ``version``
    counts the lasting changes (lines added without a journal): the same object at the same
    version holds the same walls (a preview's lines are taken back)."""

    __slots__ = ("covered", "parent", "memo", "version")

    def __init__(self) -> None:
        self.covered: set[tuple[str, str]] = set()
        self.parent: dict[str, str] = {}
        self.memo: dict = {}
        self.version = 0

    def copy(self) -> "Walls":
        w = Walls()
        w.covered = set(self.covered)
        w.parent = dict(self.parent)
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

    def enclosed_by_trial(self, topology: Topology, line: tuple[str, str], journal: list) -> list[int]:
        """:func:`enclosed_side` of ``line`` just added with ``journal`` (its entry last): the
        same list, remembered per line and trial lines before it until the lasting walls change
        (states sharing these walls ask for the same bands over and over). Do not change it."""
        key = (line, *[entry[0] for entry in journal[:-1]]) if len(journal) > 1 else line
        memo = self.memo
        found = memo.get(key)
        if found is None:
            if len(memo) > 4096:
                memo.clear()
            found = memo[key] = enclosed_side(topology, self, line)
        return found

    def undo(self, journal: list) -> None:
        """Take back the lines recorded in ``journal`` by :meth:`add`, latest first."""
        for line, root in reversed(journal):
            self.covered.discard(line)
            if root is not None:
                del self.parent[root]
        journal.clear()


def enclosed_side(topology: Topology, walls: Walls, line: tuple[str, str]) -> list[int]:
    """Faces of the region enclosed on one side of ``line`` (just covered by ``walls``), or []
    if neither side is enclosed. Both sides are searched in lock step; the first search to run
    out of faces without reaching the outside (or the other search) is the enclosed region."""
    sides = topology.line_faces.get(line)
    if sides is None:
        return []
    a, b = sides
    if a == OUTSIDE or b == OUTSIDE:
        start = b if a == OUTSIDE else a
        return _closed_region(topology, walls, start)
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
                return sorted(mine)
            frontier[s][:] = nxt
    return []


def _closed_region(topology: Topology, walls: Walls, start: int) -> list[int]:
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
                return []
            seen.add(g)
            stack.append(g)
    return sorted(seen)
