"""mypy on the non-GUI packages, held to a ratchet: no file may have more errors than
``.ci/mypy-ratchet.json`` records (issue 17). Files not listed there must have none.

    python .ci/mypy_ratchet.py           # check; exit 1 when a file got worse
    python .ci/mypy_ratchet.py --update  # record the current counts (after fixing some)

The files checked and the options are ``[tool.mypy]`` in pyproject.toml. Reads mypy's JSON
output (one object per line), never its text.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RATCHET = ROOT / ".ci" / "mypy-ratchet.json"


def current() -> Counter:
    run = subprocess.run([sys.executable, "-m", "mypy", "--output", "json"], cwd=ROOT,
                         capture_output=True, text=True)
    counts: Counter = Counter()
    for line in run.stdout.splitlines():
        if not line.startswith("{"):
            continue
        entry = json.loads(line)
        if entry.get("severity") == "error":
            counts[entry["file"]] += 1
    if run.returncode not in (0, 1) or (run.returncode == 1 and not counts):
        sys.exit(f"mypy failed to run (exit {run.returncode}):\n{run.stderr or run.stdout}")
    return counts


def main(argv: list[str]) -> int:
    counts = current()
    if "--update" in argv:
        RATCHET.write_text(json.dumps(dict(sorted(counts.items())), indent=1) + "\n", encoding="utf-8")
        print(f"mypy ratchet: recorded {sum(counts.values())} errors in {len(counts)} files")
        return 0
    allowed = json.loads(RATCHET.read_text(encoding="utf-8")) if RATCHET.exists() else {}
    worse = {f: (n, allowed.get(f, 0)) for f, n in counts.items() if n > allowed.get(f, 0)}
    better = {f: (counts.get(f, 0), n) for f, n in allowed.items() if counts.get(f, 0) < n}
    for f, (n, was) in sorted(worse.items()):
        print(f"{f}: {n} mypy errors, {was} allowed: run mypy {f} and fix the new ones")
    total, before = sum(counts.values()), sum(allowed.values())
    print(f"mypy ratchet: {total} errors (allowed {before})"
          + (f"; {len(better)} files improved, record it with --update" if better else ""))
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
