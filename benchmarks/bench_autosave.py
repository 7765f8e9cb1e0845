"""How long one autosave holds the GUI thread: the recovery file of a generated board (default
5,000 pegs, as ``bench_editor.py``) and of a bundled island, written as the model's data in
JSON (now) beside the same record holding the YAML text (before), and read back.

    python benchmarks/bench_autosave.py [--pegs 5000] [--repeat 3]

Prints the best of ``--repeat`` runs in ms and the file sizes; no figure is asserted."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_editor import lattice_board  # noqa: E402

from studio.content import bundled_path, dump_yaml, save_atomic  # noqa: E402
from studio.gui.shell.files.recovery import RecoveryStore  # noqa: E402
from studio.model import io  # noqa: E402


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pegs", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="bench-autosave-"))
    store = RecoveryStore(folder)
    models = {f"board, {args.pegs} pegs": lattice_board(args.pegs),
              "island gull-rock": io.read(bundled_path("boards", "rivages", "islands", "gull-rock.yaml"))}
    print(f"{'document':<22} {'YAML text (before)':>20} {'data (now)':>12} {'ratio':>7} {'read back':>10} {'size':>9}")
    for name, model in models.items():
        def as_text():
            record = {"format": "board-studio-recovery/1", "session": "before", "pid": os.getpid(),
                      "original_path": None, "name": name, "saved_at": time.time(), "text": dump_yaml(model.to_data())}
            save_atomic(folder / "before.json", json.dumps(record, ensure_ascii=False, indent=1))

        before = best(as_text, args.repeat)
        now = best(lambda: store.write("now", model, None, name), args.repeat)
        entry = next(e for e in store.entries() if e.session == "now")
        back = best(entry.content, args.repeat)
        assert entry.content() == model
        size = store.path_for("now").stat().st_size / 1024
        print(f"{name:<22} {before:>17.0f} ms {now:>9.0f} ms {before / now:>6.1f}x {back:>7.0f} ms {size:>6.0f} KiB")
    for file in folder.iterdir():
        file.unlink()
    folder.rmdir()
    return 0


if __name__ == "__main__":
    sys.exit(main())
