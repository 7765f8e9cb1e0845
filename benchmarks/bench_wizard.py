"""The New Board wizard on large lattices (issue 11: a 99 x 99 grid froze the editor ~15 s).

Prints, per lattice, the seconds to build the board and to draw the wizard's preview as it is
drawn now (at twice the preview's size, lines in one call, pegs stamped) and as it was drawn
before (60 px per board unit, every peg drawn), side by side, and the ratio. Run:
``python benchmarks/bench_wizard.py [SIZE ...]`` (default 30 60 99); prints the load too."""

from __future__ import annotations

import os
import sys
import time


def main(sizes: list[int]) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])  # noqa: F841 - QPixmap needs it
    from studio.generate.templates import NewBoardSpec, build_board, default_seats
    from studio.gui.realm.new_board import PREVIEW_SIZE, BoardPreview
    from studio.render import RenderOptions, glyphs, render_image

    print(f"load average {os.getloadavg()[0]:.1f}; preview {PREVIEW_SIZE} px")
    print(f"{'lattice':>9} {'pegs':>6} {'build s':>8} {'preview now s':>14} {'before s':>9} {'ratio':>6}")
    preview = BoardPreview()
    for n in sizes:
        spec = NewBoardSpec(players=2, seats=default_seats(2, "rectangle"), rows=n, columns=n)
        t = time.perf_counter()
        board = build_board(spec)
        build = time.perf_counter() - t
        t = time.perf_counter()
        preview.show_board(board)
        now = time.perf_counter() - t
        stamp = glyphs.STAMP_MIN_PEGS
        glyphs.STAMP_MIN_PEGS = 10**9  # every peg drawn, at the old 60 px per unit
        try:
            t = time.perf_counter()
            render_image(board, 60, RenderOptions(margin=1.5))
            before = time.perf_counter() - t
        finally:
            glyphs.STAMP_MIN_PEGS = stamp
        print(f"{n:>4} x {n:<3} {len(board.pegs):>6} {build:>8.2f} {now:>14.2f} {before:>9.2f} {before / now:>5.1f}x")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [30, 60, 99])
