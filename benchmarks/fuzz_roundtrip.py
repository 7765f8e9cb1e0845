"""Long run of the save property: ``python benchmarks/fuzz_roundtrip.py [--edits N] [--seed S]``.

Each round takes a bundled content file (boards, scenarios, islands, trees, cards, loot, solo
cards) with a comment on and between every line, makes one random valid edit of its model
and checks the patched save as ``tests/test_roundtrip.py`` does (reloads to the edited model,
key order included; untouched lines byte-identical and in order; comments kept). Prints each
failure (file, seed, what) and a count; exit status 1 when any failed. A soak, not a timed test."""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.test_roundtrip import BUNDLED, ROOT, save_with_edit  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=1000, help="random edits to check (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first edit (default 0)")
    args = parser.parse_args(argv)
    failures: Counter = Counter()
    skipped = 0
    for k in range(args.seed, args.seed + args.edits):
        file = BUNDLED[k % len(BUNDLED)]
        with tempfile.TemporaryDirectory() as tmp:
            try:
                if not save_with_edit(file, k, Path(tmp)):
                    skipped += 1
            except Exception as exc:  # noqa: BLE001 - report every failure and go on
                failures[type(exc).__name__] += 1
                print(f"{file.relative_to(ROOT)} seed {k}: {type(exc).__name__}: {exc}")
    print(f"{args.edits} edits of {len(BUNDLED)} files: {sum(failures.values())} failed, "
          f"{skipped} without a valid edit")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
