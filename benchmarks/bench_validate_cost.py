"""What ``studio validate`` costs on files of many stray keys, and on the bundled content,
beside a baseline checkout (issue 12 item 5). Prints figures; not a test.

    python benchmarks/bench_validate_cost.py [--baseline /work/main] [--sizes 4000,40000,400000]

Cases, each run as its own ``python -m studio validate FILE`` process (so the figures include
start-up, ~0.4 s):

- **top-level**: the bundled loot file followed by N stray top-level keys (``x0a1b: 1``; the
  400,000-key file is 3.6 MB), refused since issue 12 at the 201st stray key;
- **nested**: the same keys inside the first token (``tokens[0]``: read whole, listed up to
  the cap and counted), N scaled by 0.9 to stay under the 4 MiB limit;
- **bundled**: every bundled board and scenario (``studio validate boards scenarios``).

For each: wall time, CPU time (user + system: the figure to compare on a shared machine, where
wall time follows the load), peak memory (max RSS) and, for the key cases, CPU microseconds per
key beyond the loot file alone (flat when the cost is linear; start-up and the fixed cost
of wording the 200 listed findings weigh on the small cases).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ANCHOR = "  effect: {scrolls: 2}\n"  # the first token's last line in the bundled loot file


def _key(i: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    for _ in range(4):
        i, r = divmod(i, 36)
        out = digits[r] + out
    return "x" + out


def write_cases(folder: Path, sizes: list[int]) -> list[tuple[str, int, Path]]:
    loot = (ROOT / "boards" / "rivages" / "loot.yaml").read_text(encoding="utf-8")
    assert ANCHOR in loot
    cases = []
    for n in sizes:
        top = folder / f"top-{n}.yaml"
        top.write_text(loot + "".join(f"{_key(i)}: 1\n" for i in range(n)), encoding="utf-8")
        cases.append(("top-level", n, top))
    for n in sizes:
        m = n * 9 // 10
        nested = folder / f"nested-{m}.yaml"
        nested.write_text(loot.replace(ANCHOR, ANCHOR + "".join(f"  {_key(i)}: 1\n" for i in range(m)), 1),
                          encoding="utf-8")
        cases.append(("nested", m, nested))
    return cases


def run(tree: Path, args: list[str]) -> tuple[float, float, float, int, str]:
    """(wall s, CPU s, peak MB, exit status, last line of output) of ``studio validate ARGS``
    with ``tree``'s code."""
    env = dict(os.environ, PYTHONPATH=str(tree), QT_QPA_PLATFORM="offscreen")
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "studio", "validate", *args], cwd=tree, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    last = out.decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, proc.returncode, last[0]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, help="another checkout to compare with (e.g. /work/main)")
    parser.add_argument("--sizes", default="4000,40000,400000", help="stray keys per case (default 4000,40000,400000)")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    trees = [("this", ROOT)] + ([("baseline", args.baseline.resolve())] if args.baseline else [])
    print(f"studio validate cost (load average {os.getloadavg()[0]:.1f}; CPU = user + system, "
          "the figure to compare on a shared machine)")
    head = f"{'case':<10} {'keys':>8} {'MB':>5}"
    for name, _ in trees:
        head += f" | {name + ': wall':>12} {'CPU':>7} {'peak':>7} {'us/key':>7}"
    print(head)
    loot = ROOT / "boards" / "rivages" / "loot.yaml"
    base = [min(run(tree, [str(loot)])[1] for _ in range(3)) for _, tree in trees]
    print(f"{'loot alone':<10} {'':>8} {'':>5}" + "".join(f" | {'':>12} {b:5.2f} s" + " " * 18 for b in base))
    with tempfile.TemporaryDirectory(prefix="bench-validate-") as tmp:
        rows = [(kind, n, path, [path]) for kind, n, path in write_cases(Path(tmp), sizes)]
        rows.append(("bundled", 0, None, ["boards", "scenarios"]))
        for kind, n, path, given in rows:
            size = path.stat().st_size / 1e6 if path is not None else 0.0
            line = f"{kind:<10} {n:>8,} {size:>5.1f}"
            outcome = []
            for (_, tree), cpu0 in zip(trees, base):
                wall, cpu, peak, _status, last = run(tree, [str(p) for p in given])
                per_key = f"{max(0.0, cpu - cpu0) / n * 1e6:7.1f}" if n else f"{'':>7}"
                line += f" | {wall:10.2f} s {cpu:5.2f} s {peak:5.0f} MB {per_key}"
                outcome.append(last)
            print(line)
            for (name, _), last in zip(trees, outcome):
                print(f"{'':<10}   {name}: {last[:150]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
