"""mypy on the checked packages (issue 17): the non-GUI code must have no mypy error at all; the
Qt parts (``studio/gui``, ``studio/render``), once added to the checked files, are held to the
counts ``.ci/mypy-ratchet.json`` records and may only go down.

    python .ci/mypy_ratchet.py           # check; exit 1 naming each error that is not allowed
    python .ci/mypy_ratchet.py --update  # record the Qt parts' current counts (after fixing some)

The files checked and the options are ``[tool.mypy]`` in pyproject.toml. Reads mypy's JSON
output (one object per line), never its text. Errors of non-GUI files are printed as
``file:line:col: message [code]``; they are never recorded, whatever ``--update`` is asked.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RATCHET = ROOT / ".ci" / "mypy-ratchet.json"
#: the Qt parts of the studio (the only ones allowed a recorded error count); every other
#: checked file must have none
RATCHETED = ("studio/gui/", "studio/render/")
#: the Qt-free modules of those folders, held to zero like the rest
ZERO_IN_RATCHETED = ("studio/render/output.py", "studio/render/tts_cli.py")


def ratcheted(path: str) -> bool:
    """Whether ``path`` (as mypy spells it, relative to the repository) may keep recorded errors."""
    path = path.replace("\\", "/")
    return path.startswith(RATCHETED) and path not in ZERO_IN_RATCHETED


def run_mypy() -> list[dict]:
    """mypy's error entries (``file``, ``line``, ``column``, ``message``, ``code``), in its order."""
    run = subprocess.run([sys.executable, "-m", "mypy", "--output", "json"], cwd=ROOT,
                         capture_output=True, text=True)
    entries = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    errors = [e for e in entries if e.get("severity") == "error"]
    # with --output json mypy exits 1 for notes alone; with no entry at all, exit 1 is its own failure
    if run.returncode not in (0, 1) or (run.returncode == 1 and not entries):
        sys.exit(f"mypy failed to run (exit {run.returncode}):\n{run.stderr or run.stdout}")
    return errors


def shown(entry: dict) -> str:
    """``file:line:col: message [code]`` (mypy's columns are 0-based when given)."""
    col = entry.get("column")
    where = f"{entry['file']}:{entry['line']}" + (f":{col + 1}" if isinstance(col, int) and col >= 0 else "")
    code = f" [{entry['code']}]" if entry.get("code") else ""
    return f"{where}: {entry['message']}{code}"


def main(argv: list[str]) -> int:
    errors = run_mypy()
    strict = [e for e in errors if not ratcheted(e["file"])]
    counts = Counter(e["file"] for e in errors if ratcheted(e["file"]))
    for e in strict:
        print(shown(e))
    if strict:
        print(f"mypy: {len(strict)} error{'s' if len(strict) != 1 else ''} in non-GUI code, where none is "
              "allowed: fix each one listed above (a '# type: ignore[code]' only where mypy is wrong, "
              "saying why)")
    if "--update" in argv:
        RATCHET.write_text(json.dumps(dict(sorted(counts.items())), indent=1) + "\n", encoding="utf-8")
        print(f"mypy ratchet: recorded {sum(counts.values())} errors in {len(counts)} GUI/render files")
        return 1 if strict else 0
    allowed = json.loads(RATCHET.read_text(encoding="utf-8")) if RATCHET.exists() else {}
    worse = {f: (n, allowed.get(f, 0)) for f, n in counts.items() if n > allowed.get(f, 0)}
    better = {f: (counts.get(f, 0), n) for f, n in allowed.items() if counts.get(f, 0) < n}
    for f, (n, was) in sorted(worse.items()):
        print(f"{f}: {n} mypy errors, {was} allowed: run mypy {f} and fix the new ones")
    total, before = sum(counts.values()), sum(allowed.values())
    print(f"mypy: {len(strict)} error{'s' if len(strict) != 1 else ''} in non-GUI code (none allowed); "
          f"{total} in GUI/render files (allowed {before})"
          + (f"; {len(better)} files improved, record it with --update" if better else ""))
    return 1 if strict or worse else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
