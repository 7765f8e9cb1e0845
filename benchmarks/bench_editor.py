"""Editor speed on a large board: ``python benchmarks/bench_editor.py [--pegs N] [--repeat K]``.

Generates an N-peg (default 5,000) triangular-lattice board with every lattice line, coloured
pegs, treasure and energy on one segment in five and two seats, writes it to a temporary file
and prints, in milliseconds (median of K runs where it makes sense):

- open: read the file (YAML + schema) and build the editor's scene, and the two parts
  (median of K); the YAML parse alone with libyaml (the loader's path) and with PyYAML's
  pure-Python parser (its fallback, and the loader before it used libyaml);
- refuse: how long a 99,000-peg file (under the 4 MiB cap) takes to be refused;
- repaint: one full repaint of an 1200x800 view (offscreen grab) at a few zoom levels;
- zoom step: a x1.25 wheel step and its repaint, from the whole board to 160 px per unit;
- pan: a repaint after scrolling by a fifth of the view;
- validation: :func:`studio.validate.validate` on the board;
- edit: drag one peg (five ``MovePegs`` pushes of one gesture through the document, as the
  Select tool makes them), the repaint, the face refresh the scene runs once the drag pauses,
  and the undo of it all;
- save: :func:`studio.model.io.write` after moving one peg (median of K), as the studio saves
  now (the old text patched, :mod:`studio.content.roundtrip`, and its parts) beside a whole
  dump in the house style (how every save was written before).

A figure to print, not a test: speed is never asserted (DESIGN.md, "Tests")."""

from __future__ import annotations

import argparse
import gc
import math
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from studio.content import LoadError, yamlio  # noqa: E402
from studio.geometry.lattice import ROW_HEIGHT, peg_id, triangular_lattice  # noqa: E402
from studio.model import io  # noqa: E402
from studio.model.realm import COLOURS, Board, Peg, Seat, Segment  # noqa: E402

VIEW_SIZE = (1200, 800)


def lattice_board(pegs: int, seed: int = 5000) -> Board:
    """A valid-looking board of about ``pegs`` pegs on a lattice twice as wide as tall."""
    rows = max(2, round(math.sqrt(pegs / 2 / ROW_HEIGHT)))
    columns = max(2, math.ceil(pegs / rows))
    xy, lines = triangular_lattice(rows, columns)
    rng = random.Random(seed)
    board_pegs = {pid: Peg(pid, round(x, 6), round(y, 6), rng.choice(COLOURS)) for pid, (x, y) in xy.items()}
    segments = []
    for r in range(rows - 1):
        for c in range(columns - 1):
            if rng.random() < 0.2:
                # the triangle between (r, c), (r, c+1) and the peg of the next row between them
                below = peg_id(r + 1, c) if r % 2 == 0 else peg_id(r + 1, c + 1)
                tri = (peg_id(r, c), peg_id(r, c + 1), below)
                segments.append(Segment(tri, treasure=rng.randint(1, 3), energy=rng.randint(0, 1)))
    top = [peg_id(0, c) for c in range(columns)]
    bottom = [peg_id(rows - 1, c) for c in range(columns)]
    seats = {"south": Seat("south", start=bottom[:4], goal=top, label="South"),
             "north": Seat("north", start=top[-4:], goal=bottom, label="North")}
    return Board(id="bench-lattice", name=f"Benchmark lattice, {len(board_pegs)} pegs", players=2,
                 pegs=board_pegs, lines=lines, segments=segments, seats=seats)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f} ms"


def timed(fn, repeat: int = 1) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pegs", type=int, default=5000, help="pegs on the generated board (default 5000)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per repaint figure (median)")
    args = parser.parse_args(argv)

    app = QApplication.instance() or QApplication([])
    from studio.gui.realm.document import BoardDocument
    from studio.gui.realm.scene import BoardScene
    from studio.gui.shell.view import BoardView
    from studio.validate import validate

    board = lattice_board(args.pegs)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench-lattice.yaml"
        io.write(board, path)
        size_kib = path.stat().st_size / 1024
        print(f"board: {len(board.pegs)} pegs, {len(board.lines)} lines, {len(board.segments)} segments "
              f"with content; file {size_kib:.0f} KiB")

        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        print(f"machine: {os.cpu_count()} cores, load average {load:.1f} (figures grow with the load)")
        t_load, loaded = timed(lambda: io.read_board(path), args.repeat)
        scene_times = []
        for _ in range(args.repeat):
            doc = scene = None
            gc.collect()  # the previous scene goes first, outside the timing
            t0 = time.perf_counter()
            doc = BoardDocument(loaded, path)
            scene = BoardScene(doc)
            scene_times.append(time.perf_counter() - t0)
        t_scene = statistics.median(scene_times)
        print(f"open:        {ms(t_load + t_scene)}  (read {ms(t_load).strip()}, scene {ms(t_scene).strip()}; "
              f"{len(scene.items())} items)")
        text = path.read_text(encoding="utf-8")
        t_fast, _ = timed(lambda: yamlio.parse_yaml(text, str(path)), args.repeat)
        t_pure, _ = timed(lambda: yamlio._parse_composed(text, str(path)))
        print(f"YAML parse:  {ms(t_fast)}  with libyaml events; {ms(t_pure).strip()} with the pure-Python parser")
        huge = Path(tmp) / "huge.yaml"
        huge.write_text("format: realm-board/1\nid: huge\nname: Huge\nplayers: 2\npegs:\n" + "".join(
            f"  p{i}: {{at: [{i % 300}, {i // 300}], colour: red}}\n" for i in range(99_000)), encoding="utf-8")

        def refuse():
            try:
                io.read_board(huge)
            except (LoadError, io.InvalidContent) as exc:
                return str(exc).splitlines()[0]
            return "accepted!"

        t_refuse, why = timed(refuse)
        print(f"refuse a 99,000-peg file ({huge.stat().st_size / 2**20:.1f} MiB): {ms(t_refuse).strip()}  ({why})")

        view = BoardView(scene)
        view.resize(*VIEW_SIZE)
        view.show()
        app.processEvents()
        view.fit()
        fit_zoom = view.zoom()
        for label, zoom in (("fit", fit_zoom), ("40 px/unit", 40.0), ("80 px/unit", 80.0), ("200 px/unit", 200.0)):
            view.set_zoom(zoom)
            view.centerOn(scene.board_rect().center())
            view.grab()  # warm caches once
            t, _ = timed(lambda: view.grab(), args.repeat)
            print(f"repaint {label:<12} {ms(t)}  (zoom {view.zoom():.1f} px/unit)")

        # wheel zoom: each step changes the transform and repaints (no warm-up)
        view.fit()
        steps = []
        while view.zoom() < 160.0:
            t0 = time.perf_counter()
            view.set_zoom(view.zoom() * 1.25)
            view.grab()
            steps.append(time.perf_counter() - t0)
        print(f"zoom step (x1.25, fit to 160 px/unit): median {ms(statistics.median(steps)).strip()}, "
              f"worst {ms(max(steps)).strip()} over {len(steps)} steps")

        view.set_zoom(80.0)
        view.centerOn(scene.board_rect().center())
        view.grab()
        bar = view.horizontalScrollBar()

        def pan():
            bar.setValue(bar.value() + VIEW_SIZE[0] // 5)
            return view.grab()

        t_pan, _ = timed(pan, args.repeat)
        print(f"pan (80 px/unit):     {ms(t_pan)}")

        t_val, findings = timed(lambda: validate(doc.board))
        print(f"validation:  {ms(t_val)}  ({len(findings)} findings)")

        # drag one peg: five moves of one gesture (one undo step), as the Select tool pushes them
        pid = next(iter(doc.board.pegs))
        start = (doc.board.pegs[pid].x, doc.board.pegs[pid].y)
        gesture = object()

        def moves():
            for i in range(1, 6):
                doc.move_pegs({pid: (start[0] - 0.1 * i, start[1])}, gesture)

        t_moves, _ = timed(moves)
        t_paint, _ = timed(lambda: view.grab())
        t_faces, _ = timed(scene.flush)  # what runs 120 ms after the mouse stops
        t_undo, _ = timed(lambda: (doc.undo_stack.undo(), view.grab(), scene.flush()))
        back = scene.pegs[pid].pos() == QPointF(*start) and doc.undo_stack.count() >= 1
        print(f"edit: drag one peg: 5 moves {ms(t_moves).strip()} ({ms(t_moves / 5).strip()} each), "
              f"repaint {ms(t_paint).strip()}, face refresh when the drag pauses {ms(t_faces).strip()}; "
              f"undo with repaint and face refresh {ms(t_undo).strip()}{'' if back else '  (scene out of step!)'}")
        view.close()

        # save after one edit: the old text patched (comments kept) against a whole dump
        from studio.content import roundtrip

        saved = io.read_board(path)
        pid = next(iter(saved.pegs))

        def save(origin=io._OWN_FILE):
            saved.pegs[pid].x += 0.5
            io.write(saved, path, origin=origin)

        t_patched, _ = timed(save, args.repeat)
        saved.pegs[pid].x += 0.5
        t_layout, layout = timed(lambda: roundtrip.Layout(path.read_text(encoding="utf-8")), args.repeat)
        t_base, base = timed(lambda: io._base_data(layout, path), args.repeat)
        t_patch, text = timed(lambda: roundtrip.patch(layout, saved.to_data(), base), args.repeat)
        t_check, _ = timed(lambda: io.model_from_document(yamlio.parse_yaml(text, str(path))), args.repeat)
        t_whole, _ = timed(lambda: save(origin=None), args.repeat)
        print(f"save after moving one peg: {ms(t_patched).strip()} patching the old text (read its layout "
              f"{ms(t_layout).strip()}, its model {ms(t_base).strip()}, patch {ms(t_patch).strip()}, "
              f"reload check {ms(t_check).strip()}); a whole dump as before: {ms(t_whole).strip()} "
              f"({t_whole / t_patched:.1f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
