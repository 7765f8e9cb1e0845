"""How long the board editor's lenient load takes on a board with schema slips, beside the strict
load that refuses it (and the strict load of the good board). Prints seconds; not a test.

    python benchmarks/bench_lenient_open.py [N_SLIPS]
"""

from __future__ import annotations

import re
import sys
import tempfile
import time
from pathlib import Path

from studio.model.io import InvalidContent, read_board
from studio.model.lenient import read_board_leniently

ROOT = Path(__file__).resolve().parents[1]
BOARD = ROOT / "boards" / "realm" / "cursed-triangle-4p.yaml"


def _best(fn, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    slips = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    text = BOARD.read_text()
    count = [0]

    def slip(m):  # misspell the first `slips` treasure keys
        count[0] += 1
        return m.group(0).replace("treasure:", "tresure:") if count[0] <= slips else m.group(0)

    broken = re.sub(r"treasure:", slip, text)
    with tempfile.TemporaryDirectory() as folder:
        good, bad = Path(folder, "good.yaml"), Path(folder, "bad.yaml")
        good.write_text(text)
        bad.write_text(broken)
        board, problems = read_board_leniently(bad)

        def strict():
            try:
                read_board(bad)
            except InvalidContent:
                pass

        print(f"board: {BOARD.name}, {len(board.pegs)} pegs, {len(board.segments)} segments; "
              f"{len(problems.findings)} schema findings, {len(problems.dropped)} values left out")
        print(f"strict load of the good file : {_best(lambda: read_board(good)):.3f} s")
        print(f"strict refusal of the slips  : {_best(strict):.3f} s")
        print(f"lenient open of the slips    : {_best(lambda: read_board_leniently(bad)):.3f} s")


if __name__ == "__main__":
    main()
