"""Every document operation, headless: one undo step each, undo restores the board exactly and
redo replays it; successive edits of one field merge; and 200 random edits undone return the
document to where it started (hypothesis)."""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import studio.gui  # noqa: F401
from studio.content import bundled_path
from studio.generate.templates import NewBoardSpec, build_board, default_seats
from studio.geometry.lattice import snap_to_lattice
from studio.gui.realm.document import BoardDocument
from studio.model import io
from studio.model.fragment import Fragment
from studio.model.realm import COLOURS, RealmRules, segment_key

JUNGLE_2P = bundled_path("boards", "realm", "jungle-temples-2p.yaml")


@functools.lru_cache(maxsize=None)
def jungle_2p():
    return io.read_board(JUNGLE_2P)


@pytest.fixture
def doc(qapp):
    return BoardDocument(jungle_2p().copy(), JUNGLE_2P)


def one_step(doc, edit) -> None:
    """Run ``edit``; it must be exactly one undo step that undoes and redoes exactly."""
    before = exact(doc)
    count = doc.undo_stack.count()
    edit()
    after = exact(doc)
    assert after != before, "the edit changed nothing"
    assert doc.undo_stack.count() == count + 1
    doc.undo_stack.undo()
    assert exact(doc) == before
    doc.undo_stack.redo()
    assert exact(doc) == after


def exact(doc) -> str:
    """The board's data with its order (seats, lines, segments as in the file)."""
    return repr(doc.board.to_data())


A, B, C = ("a1", "a2", "b1"), ("a2", "b1", "b2"), ("a2", "a3", "b2")


@pytest.mark.parametrize("name,edit", [
    ("add pegs", lambda d: d.add_pegs([(-1, 0, "red"), (-2, 0, "blue")])),
    ("add lines", lambda d: d.add_lines([("a1", "a3")])),
    ("toggle line", lambda d: d.toggle_line("a1", "a2")),
    ("paint treasure", lambda d: d.paint_segments([A, B], "treasure", delta=2)),
    ("paint idol", lambda d: d.paint_segments([A], "idol", value="orange")),
    ("create picture", lambda d: d.create_picture("heron", "Heron")),
    ("picture segments", lambda d: d.set_segments_picture([A, B, C], "heron")),
    ("island segments", lambda d: d.set_segments_island([A, B], "north")),
    ("has canals", lambda d: d.set_has_canals(True)),
    ("bridge", lambda d: d.set_bridge(("a1", "a2"), 2)),
    ("line item", lambda d: d.set_line_item(("a1", "a2"), treasure=1, artifact="helmet")),
    ("start pegs", lambda d: d.edit_seat_pegs("south", "start", add=["h1"], remove=["h3"])),
    ("goal pegs", lambda d: d.edit_seat_pegs("north", "goal", remove=["h1"])),
    ("crater", lambda d: d.edit_crater(add=["d4", "d5"])),
    ("add seat", lambda d: d.add_seat("west", "West")),
    ("rename seat", lambda d: d.rename_seat("south", "bottom")),
    ("seat label", lambda d: d.set_seat_label("south", "Sud")),
    ("move seat", lambda d: d.move_seat("north", 0)),
    ("remove seat", lambda d: d.remove_seat("north")),
    ("board name", lambda d: d.set_board_value("description", "Wide open")),
    ("duplicate", lambda d: d.duplicate(["a1", "a2", "b1"])),
    ("symmetric copy", lambda d: d.symmetric_copy(["a1", "a2", "a3", "b1", "b2"], "mirror-x")),
    ("transform", lambda d: d.transform_pegs(["a1", "a2", "b1"], "mirror-x")),
    ("delete mixed", lambda d: d.delete(pegs=["c3"], lines=[("a1", "a2")], segments=[("a4", "b3", "b4")])),
])
def test_each_operation_is_one_exact_step(doc, name, edit):
    one_step(doc, lambda: edit(doc))


def test_triangulate_fills_in_the_missing_lines_only(doc):
    doc.remove_lines([("a1", "a2"), ("a2", "b1"), ("b1", "b2")])
    one_step(doc, lambda: doc.triangulate(["a1", "a2", "b1", "b2"]))
    assert {("a1", "a2"), ("a2", "b1"), ("b1", "b2")} <= doc.board.line_keys()
    assert ("a1", "b2") not in doc.board.line_keys()      # b1-a2 is the Delaunay diagonal
    assert doc.triangulate(["a1", "a2", "b1", "b2"]) == []


def test_picture_rename_and_remove_keep_segments_consistent(doc):
    doc.set_segments_picture([A, B, C, ("a3", "b2", "b3")], "heron")
    one_step(doc, lambda: doc.rename_picture("heron", "crane"))
    assert set(doc.picture_segments("crane")) == {A, B, C, ("a3", "b2", "b3")}
    assert "heron" not in doc.board.pictures
    with pytest.raises(ValueError):
        doc.rename_picture("crane", "bad name!")
    one_step(doc, lambda: doc.remove_picture("crane"))
    assert doc.picture_names() == []


def test_a_segment_is_on_one_island_and_empty_islands_go(doc):
    doc.set_segments_island([A, B], "north")
    doc.set_segments_island([B], "south")
    assert doc.island_of(B) == "south" and doc.island_of(A) == "north"
    doc.set_segments_island([A], None)
    assert "north" not in doc.board.islands
    doc.delete(pegs=["b2"])                      # takes island segments with it
    assert "south" not in doc.board.islands


def test_drags_and_spin_edits_merge(doc):
    for k in (A, B, C):
        doc.paint_segments([k], "treasure", delta=1, gesture=7)
    assert doc.undo_stack.count() == 1
    doc.set_bridge(("a1", "a2"), 1)
    doc.set_bridge(("a1", "a2"), 2)
    doc.set_bridge(("a1", "a2"), 3)          # a spin box going up: one step
    assert doc.undo_stack.count() == 2
    doc.set_peg_colour(["a1"], "red", gesture=9)
    doc.set_peg_colour(["a2"], "red", gesture=9)
    assert doc.undo_stack.count() == 3
    doc.undo_stack.undo()
    assert doc.board.pegs["a1"].colour == "green" and doc.board.pegs["a2"].colour == "yellow"


def test_a_drag_that_changes_nothing_leaves_no_step(doc):
    doc.paint_segments([A], "treasure", delta=-1, gesture=3)     # already 0
    doc.edit_crater(remove=["a1"], gesture=4)                      # not a crater peg
    with doc.macro("nothing"):
        doc.add_lines([("a1", "a2")])                              # already there
    assert doc.undo_stack.count() == 0 and not doc.is_modified


def test_fragment_json_round_trip_and_paste_on_the_lattice(doc):
    doc.paint_segments([A], "energy", value=2)
    doc.set_line_item(("a1", "a2"), artifact="sword")
    frag = doc.fragment(["a1", "a2", "b1"])
    again = Fragment.from_json(frag.to_json())
    assert again == frag and len(frag.lines) == 3 and frag.segments[0].energy == 2
    with pytest.raises(ValueError):
        Fragment.from_json('{"format": "board-studio-fragment/1", "pegs": {}, "lines": [["x", "y"]]}')
    ids = doc.paste(frag, (0.3, 7.2))                              # snapped to a lattice vector
    for p in ids:
        peg = doc.board.pegs[p]
        assert snap_to_lattice(peg.x, peg.y) == (peg.x, peg.y)
    pasted = doc.board.segment_map()[segment_key(ids)]
    assert pasted.energy == 2
    assert doc.line_item_on(ids[0], ids[1]).artifact == "sword"


def test_symmetric_copy_makes_a_half_turn_symmetric_board(doc):
    board = doc.board
    doc.paint_segments([A], "treasure", value=3)
    doc.set_peg_colour(["a1"], "blue")
    doc.symmetric_copy(["a1", "a2", "b1"], "half-turn")
    # the half turn of the 8 x 10 base maps a1 to h10, a2 to h9, b1 to g10
    assert board.pegs["h10"].colour == "blue"
    assert board.segment_map()[segment_key(("h10", "h9", "g10"))].treasure == 3
    assert len(board.pegs) == 80                                  # merged onto existing pegs


def test_third_turn_copies_onto_both_other_seats(qapp):
    spec = NewBoardSpec(players=3, shape="hexagon", seats=default_seats(3, "hexagon"))
    d = BoardDocument(build_board(spec))
    peg = next(iter(d.board.pegs))
    out = d.symmetric_copy([peg], "third-turn")
    assert len(out) == 2 and len(set(out) | {peg}) == 3 and len(d.board.pegs) == 48


# --- random edits ------------------------------------------------------------------------------

def small_board():
    rules = RealmRules(modules={"cross-board": {}})
    spec = NewBoardSpec(players=2, rows=4, columns=5, seats=default_seats(2, "rectangle", rules), rules=rules)
    return build_board(spec)


def random_edit(doc: BoardDocument, rng: random.Random) -> None:
    """One random document operation (some are refused with ValueError, like a user's)."""
    board = doc.board
    pegs = list(board.pegs)
    lines = sorted(board.line_keys())
    faces = [f.key for f in doc.faces() if f.is_triangle]
    pick = rng.choice
    op = rng.randrange(22)
    if op == 0:
        x, y = snap_to_lattice(rng.uniform(-1, 6), rng.uniform(-1, 4))
        if doc.peg_at(x, y) is None:
            doc.add_peg(x, y, pick(COLOURS))
    elif op == 1 and pegs:
        p = pick(pegs)
        doc.move_pegs({p: snap_to_lattice(rng.uniform(-1, 6), rng.uniform(-1, 4))}, gesture=rng.randrange(3))
    elif op == 2 and pegs:
        doc.set_peg_colour(rng.sample(pegs, min(3, len(pegs))), pick(COLOURS), gesture=rng.choice([None, 1]))
    elif op == 3 and len(pegs) > 6:
        doc.remove_pegs([pick(pegs)])
    elif op == 4 and len(pegs) > 1:
        doc.add_line(*rng.sample(pegs, 2))
    elif op == 5 and lines:
        doc.remove_lines([pick(lines)])
    elif op == 6 and len(pegs) > 1:
        doc.toggle_line(*rng.sample(pegs, 2))
    elif op == 7 and faces:
        field = pick(["treasure", "energy", "idol", "picture"])
        value = {"treasure": rng.randrange(4), "energy": rng.randrange(4), "idol": pick([None, "orange", "blue"]),
                 "picture": pick([None, "heron", "crane"])}[field]
        doc.set_segment_value(pick(faces), field, value)
    elif op == 8 and faces:
        doc.paint_segments(rng.sample(faces, min(2, len(faces))), pick(["treasure", "energy"]),
                           delta=pick([1, -1]), gesture=rng.randrange(3))
    elif op == 9:
        names = doc.picture_names()
        choice = rng.randrange(4)
        if choice == 0:
            doc.create_picture(pick(["heron", "crane", "ibis"]))
        elif choice == 1 and faces:
            doc.set_segments_picture([pick(faces)], pick(["heron", "crane", None]), gesture=rng.randrange(2))
        elif choice == 2 and names:
            doc.rename_picture(pick(names), pick(["heron", "crane", "ibis", "stork"]))
        elif names:
            doc.remove_picture(pick(names))
    elif op == 10 and faces:
        doc.set_segments_island([pick(faces)], pick(["north", "south", None]), gesture=rng.randrange(2))
    elif op == 11 and board.islands:
        if rng.random() < 0.5:
            doc.rename_island(pick(list(board.islands)), pick(["east", "west"]))
        else:
            doc.remove_island(pick(list(board.islands)))
    elif op == 12 and lines:
        if rng.random() < 0.7:
            doc.set_bridge(pick(lines), rng.randrange(4))
        else:
            doc.remove_bridge(pick(lines))
    elif op == 13 and lines:
        doc.set_line_item(pick(lines), delta=pick([1, -1]), artifact=pick(["sword", "helmet", "shield", None]))
    elif op == 14 and board.seats and pegs:
        doc.edit_seat_pegs(pick(list(board.seats)), pick(["start", "goal"]), add=[pick(pegs)],
                           remove=[pick(pegs)], gesture=rng.choice([None, 5]))
    elif op == 15:
        choice = rng.randrange(5)
        seats = list(board.seats)
        if choice == 0:
            doc.add_seat(pick(["east", "west", "north", "south"]))
        elif choice == 1 and seats:
            doc.remove_seat(pick(seats))
        elif choice == 2 and seats:
            doc.rename_seat(pick(seats), pick(["east", "west", "top"]))
        elif choice == 3 and seats:
            doc.move_seat(pick(seats), rng.randrange(3))
        elif seats:
            doc.set_seat_label(pick(seats), pick([None, "Sud", "Nord"]))
    elif op == 16 and pegs:
        doc.edit_crater(add=[pick(pegs)], remove=[pick(pegs)])
    elif op == 17:
        field, value = pick([("name", pick(["A", "B"])), ("players", rng.randrange(2, 5)),
                             ("description", pick([None, "x"])), ("id", pick(["b-1", "b-2"]))])
        doc.set_board_value(field, value)
    elif op == 18 and pegs:
        chosen = rng.sample(pegs, min(3, len(pegs)))
        kind = rng.randrange(3)
        if kind == 0:
            doc.duplicate(chosen)
        elif kind == 1:
            doc.symmetric_copy(chosen, pick(["half-turn", "third-turn", "mirror-x", "mirror-y"]))
        else:
            doc.transform_pegs(chosen, pick(["half-turn", "third-turn", "third-turn-back", "mirror-x", "mirror-y"]))
    elif op == 19 and len(pegs) > 2:
        doc.triangulate(rng.sample(pegs, min(5, len(pegs))))
    elif op == 20 and pegs:
        doc.delete(pegs=[pick(pegs)] if len(pegs) > 6 else [], lines=[pick(lines)] if lines else [],
                   segments=[pick(faces)] if faces else [])
    elif op == 21 and faces:
        doc.clear_segments([pick(faces)])


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_200_random_edits_undo_to_the_start_exactly(qapp, seed):
    doc = BoardDocument(small_board())
    start = exact(doc)
    rng = random.Random(seed)
    done = 0
    while done < 200:
        try:
            random_edit(doc, rng)
        except ValueError:
            pass   # refused (a taken name, a line that is not there): nothing may have changed
        done += 1
    end = exact(doc)
    steps = doc.undo_stack.count()
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert exact(doc) == start
    assert not doc.is_modified
    while doc.undo_stack.canRedo():
        doc.undo_stack.redo()
    assert exact(doc) == end
    assert doc.undo_stack.count() == steps


def test_quarter_turns_copy_onto_the_three_other_seats_of_a_4_player_board(qapp):
    from studio.content import bundled_path
    from studio.geometry.lattice import ROW_HEIGHT
    from studio.model import io

    d = BoardDocument(io.read_board(bundled_path("boards", "realm", "jungle-temples-4p.yaml")))
    board = d.board
    before = repr(board.to_data())
    south = sorted(board.seats["south"].start)[:2]
    d.set_peg_colour(south, "blue")
    out = d.symmetric_copy(south, "quarter-turn")
    assert len(out) == 3 * len(south) and len(set(out)) == len(out)
    for pid in out:                                   # on the lattice, coloured as the source
        peg = board.pegs[pid]
        r = round(peg.y / ROW_HEIGHT)
        assert abs(peg.y - r * ROW_HEIGHT) < 1e-6 and abs(peg.x - round(peg.x - 0.5 * (r % 2)) - 0.5 * (r % 2)) < 1e-6
        assert peg.colour == "blue"
    centre = (sum(p.x for p in board.pegs.values()) / len(board.pegs), sum(p.y for p in board.pegs.values()) / len(board.pegs))
    # the first copy sits a quarter turn (clockwise on screen: south goes west) from the source
    sx, sy = board.pegs[south[0]].x - centre[0], board.pegs[south[0]].y - centre[1]
    qx, qy = board.pegs[out[0]].x - centre[0], board.pegs[out[0]].y - centre[1]
    assert abs(qx - (-sy)) < 0.9 and abs(qy - sx) < 0.9
    d.undo_stack.undo()
    d.undo_stack.undo()
    assert repr(board.to_data()) == before


def test_copy_to_other_seats_copies_islands_pictures_and_crater(qapp):
    """Archipelago City with its north quays, north bridges and north segment contents taken
    away: a half-turn copy of the south half brings back islands and bridges (no
    geometry/bridge-ends), as one undo step. The board is the location's symmetric design: the
    bundled board has balance edits that break its symmetry on purpose."""
    from studio.generate.realm import BoardSpec, design_board
    from studio.validate import validate

    full = design_board(BoardSpec("archipelago-city", 2))
    ys = [p.y for p in full.pegs.values()]
    cy = (min(ys) + max(ys)) / 2
    north = {p for p, peg in full.pegs.items() if peg.y < cy}
    south = [p for p, peg in full.pegs.items() if peg.y > cy]
    board = full.copy()
    board.islands = {k: v for k, v in board.islands.items() if not k.startswith("north-")}
    board.bridges = [b for b in board.bridges if not set(b.line) <= north]
    for seg in board.segments:
        if set(seg.pegs) <= north:
            seg.treasure = seg.energy = 0
    # a picture and crater pegs in the south half come along too
    seg = next(s for s in board.segments if set(s.pegs) <= set(south) and not s.picture)
    seg.picture = "fish"
    board.pictures["fish"] = {}
    board.crater = [south[0]]
    doc = BoardDocument(board, None)
    assert "geometry/bridge-ends" not in {f.code for f in validate(full)}
    one_step(doc, lambda: doc.symmetric_copy(south, "half-turn"))
    after = doc.board
    triangles = lambda b: sorted(segment_key(t) for tris in b.islands.values() for t in tris)  # noqa: E731
    assert triangles(after) == triangles(full)
    assert sorted(after.islands) == ["east-isle", "south-east-quay", "south-east-quay-2", "south-west-quay",
                                     "south-west-quay-2", "west-isle"]
    assert sorted(segment_key(b.line) for b in after.bridges) == sorted(segment_key(b.line) for b in full.bridges)
    # (the two crater pegs made up for this test are no real crater: only that is reported)
    assert [f.code for f in validate(after) if f.severity == "error"] == ["geometry/crater-not-a-hole"]
    # the picture's copy is another picture (not one picture in two pieces); the crater grows
    assert sorted(s.picture for s in after.segments if s.picture) == ["fish", "fish-2"]
    assert set(after.pictures) >= {"fish", "fish-2"} and len(after.crater) == 2
    assert {s.key: s.treasure for s in after.segments} == {s.key: s.treasure for s in full.segments}
