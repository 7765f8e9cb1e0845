"""The plain-Python geometry (studio.geometry.planar) against shapely, its reference: faces,
meetings of lines, pegs at one spot, pegs inside a triangle and the board's outline, on every
bundled board and on damaged random boards (crossing, dangling, repeated and loose lines,
pegs at one spot, parts inside faces). And ``studio validate`` of a board imports neither
shapely nor numpy."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
import shapely

from studio.geometry import planar
from studio.geometry.faces import line_graph_faces
from studio.model.io import read_board
from studio.validate import geometry as vg
from studio.validate import lint
from studio.validate.geometry import BoardGeometry, PegTree

ROOT = Path(__file__).resolve().parent.parent
BOARDS = sorted((ROOT / "boards" / "realm").glob("*.yaml"))


def _faces(pegs, lines, method):
    return [(f.pegs, f.sides, tuple(f.ring), f.holes) for f in line_graph_faces(pegs, lines, method=method)]


def _lattice(rng: random.Random, size: int):
    """A triangulated patch with damage: lines dropped, long lines added (crossings, lines
    through pegs), dangling lines, a separate part inside, loose and doubled pegs."""
    pegs = {}
    for row in range(size):
        for col in range(size):
            pegs[f"p{row}_{col}"] = (col + 0.5 * row, row * 0.866025)
    lines = []
    for row in range(size):
        for col in range(size):
            here = f"p{row}_{col}"
            for dr, dc in ((0, 1), (1, 0), (1, -1)):
                there = f"p{row + dr}_{col + dc}"
                if there in pegs and rng.random() > 0.08:
                    lines.append((here, there))
    names = list(pegs)
    damage = rng.randrange(6)
    if damage == 1:  # long lines: crossings and lines through pegs
        for _ in range(rng.randrange(1, 3)):
            lines.append(tuple(rng.sample(names, 2)))
    elif damage == 2:  # a dangling chain and a loose peg
        pegs["dangle"] = (-1.3, -0.7)
        pegs["loose"] = (1.25, 0.4)
        lines.append((names[0], "dangle"))
    elif damage == 3:  # a part inside a face, alone or tied by a line
        x, y = pegs[names[0]]
        pegs.update({"i1": (x + 0.4, y + 0.1), "i2": (x + 0.6, y + 0.1), "i3": (x + 0.5, y + 0.25)})
        lines += [("i1", "i2"), ("i2", "i3"), ("i3", "i1")]
        if rng.random() < 0.5:
            lines.append((names[0], "i1"))
    elif damage == 4:  # a repeated line, both ways, and a doubled peg
        lines.append(lines[0][::-1])
        pegs["twin"] = pegs[names[-1]]
        lines.append(("twin", names[-2]))
    elif damage == 5:  # a hole: every line of a middle peg removed
        middle = names[len(names) // 2]
        lines = [line for line in lines if middle not in line]
    rng.shuffle(lines)
    return pegs, lines


def test_faces_of_every_bundled_board_are_shapely_s_and_need_no_shapely():
    for path in BOARDS:
        board = read_board(path)
        xy = {p.id: (p.x, p.y) for p in board.pegs.values()}
        faces = line_graph_faces(xy, board.lines)
        assert [(f.pegs, f.sides, tuple(f.ring)) for f in faces] == \
            [(f.pegs, f.sides, f.ring) for f in line_graph_faces(xy, board.lines, method="shapely")], path.name
        assert all("polygon" not in face.__dict__ for face in faces), path.name  # the plain path


def test_faces_of_damaged_random_boards_are_shapely_s():
    plain = 0
    for seed in range(60):
        rng = random.Random(seed)
        pegs, lines = _lattice(rng, rng.randrange(2, 6))
        got = line_graph_faces(pegs, lines)
        assert _faces(pegs, lines, "auto") == _faces(pegs, lines, "shapely"), seed
        plain += bool(got) and "polygon" not in got[0].__dict__
    assert plain >= 20  # the plain path did most of them, shapely the rest


def test_a_face_with_a_hole_keeps_it():
    pegs = {"a": (0, 0), "b": (4, 0), "c": (2, 4), "d": (1.5, 1), "e": (2.5, 1), "f": (2, 2)}
    lines = [("a", "b"), ("b", "c"), ("c", "a"), ("d", "e"), ("e", "f"), ("f", "d")]
    faces = line_graph_faces(pegs, lines)
    assert [len(f.holes) for f in faces] == [1, 0]
    assert faces[0].polygon.area == pytest.approx(8 - 0.5)


def test_line_graph_faces_refuses_an_unknown_method():
    with pytest.raises(ValueError, match="method must be"):
        line_graph_faces({}, [], method="fast")


def test_meetings_and_spots_are_shapely_s():
    for seed in range(60):
        rng = random.Random(seed)
        pegs, lines = _lattice(rng, rng.randrange(2, 6))
        if rng.random() < 0.5:  # pegs within the tolerance of a line or of each other
            x, y = pegs["p0_0"]
            pegs["close"] = (x + 0.5, y + vg.TOLERANCE / 2)
            pegs["closer"] = (x, y + vg.TOLERANCE / 3)
        names = list(pegs)
        xy = [pegs[p] for p in names]
        ends = [(names.index(a), names.index(b)) for a, b in dict.fromkeys(lines) if a != b]
        assert vg._near_pairs(xy) == vg._near_pairs(xy, method="shapely"), seed
        through, crossing = vg._meetings(xy, ends)
        ref_through, ref_crossing = vg._meetings(xy, ends, method="shapely")
        assert through == ref_through, seed
        assert [(m, n) for m, n, _ in crossing] == [(m, n) for m, n, _ in ref_crossing], seed
        for (_, _, at), (_, _, ref) in zip(crossing, ref_crossing):
            assert at == pytest.approx(ref, abs=1e-9)


def test_pegs_inside_a_triangle_are_shapely_s():
    rng = random.Random(5)
    ids = [f"p{n}" for n in range(300)]
    positions = {pid: (rng.randrange(0, 40) / 4, rng.randrange(0, 40) / 4) for pid in ids}
    tree = PegTree(ids, positions)
    for _ in range(200):
        ring = [(rng.randrange(0, 40) / 4, rng.randrange(0, 40) / 4) for _ in range(3)]
        polygon = shapely.Polygon(ring)
        want = [pid for pid in ids if polygon.contains_properly(shapely.Point(positions[pid]))]
        assert tree.inside(ring) == want


def _outline_of(path=None, pegs=None, lines=None):
    geo = BoardGeometry()
    if path is not None:
        board = read_board(path)
        pegs = {p.id: (p.x, p.y) for p in board.pegs.values()}
        lines = board.lines
    geo.positions = pegs
    geo.spot = {p: p for p in pegs}
    geo.pegs = PegTree(list(pegs), pegs)
    geo.faces = line_graph_faces(pegs, lines)
    return geo


def test_outline_and_centre_are_shapely_s():
    cases = [_outline_of(path) for path in BOARDS]
    for seed in range(40):
        rng = random.Random(seed)
        cases.append(_outline_of(None, *_lattice(rng, rng.randrange(2, 6))))
    for geo in cases:
        segments, centre = lint._outline(geo)
        ref_segments, ref_centre = lint._outline(geo, method="shapely")
        assert geo.pegs.near(segments) == geo.pegs.near(ref_segments)
        assert centre == pytest.approx(ref_centre, abs=1e-9)


def test_validating_a_board_imports_neither_shapely_nor_numpy():
    code = ("import sys\nfrom studio.validate import validate_paths\n"
            "found, files, unreadable = validate_paths(['boards/realm/jungle-temples-2p.yaml'])\n"
            "assert files == 1 and not [f for f in found if f.severity == 'error'], found\n"
            "print(sorted(m for m in ('shapely', 'numpy', 'jsonschema') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_planar_near_pairs_finds_each_close_pair_once():
    points = [(0.0, 0.0), (0.5, 0.0), (0.0, 0.00005), (3.0, 3.0), (0.5, 0.00002)]
    assert planar.near_pairs(points, 1e-4) == [(2, 0), (4, 1)]
