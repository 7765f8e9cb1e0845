"""Record greedy-bot games on the bundled Rule the Realm content, for the tests that check the
playtest report catches what issue 14 lists on real boards (tests/test_playtest_bundled_cases.py).

``python tools/record_bundled_playtests.py [--games 120] [--detail N] [--seed 1] [--jobs 2]
[--only NAME:PLAYERS ...] [--out FILE] [--merge FILE ...] [--from-playtest NAME:PLAYERS=FILE ...]``

Writes ``tests/data/insight/bundled.json.gz`` (atomically):

- ``seats``: for every bundled board and player count (24 rows), each game's scores and
  winners (``[[scores...], [winners...]]``), enough to rebuild the seats test and the uneven-seats
  warning through the real report code;
- ``detail``: for the cases the issue names (Two Deities 3p/4p, Archipelago City 3p/4p,
  Labyrinth 2p/3p, Volcano 2p-4p, Fragile Ruins 3p), the first ``--detail`` games (default:
  all of them, as the tests judge the same games for the seats and the findings) as full
  :class:`~studio.playtest.runner.GameResult` dicts (arcs and taken elements left out to keep
  the file small), with the expectations the scenario declares.

Game ``i`` of a row is dealt and played from ``game_seed(seed, i)``, as in ``studio playtest``,
so any game can be replayed. Rerun it when a rule or the greedy bot changes games; the tests say
which figures they expect and why.

A slow row can instead come from ``studio playtest NAME --players N --games 120 --seed 1
--jobs 1 --json FILE`` (greedy bots): ``--from-playtest NAME:PLAYERS=FILE`` takes its games into
``--out``. Stopped early (Ctrl+C or SIGTERM), that run keeps the games it finished, so a row can
be recorded over several sittings of a busy machine. ``--only`` on a row that holds fewer than
``--games`` games (of the same seed) plays only the missing ones and appends them.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

OUT = ROOT / "tests" / "data" / "insight" / "bundled.json.gz"
LOCATIONS = ["jungle-temples", "volcano", "archipelago-city", "engraved-board", "fragile-ruins", "cursed-triangle",
             "two-deities", "labyrinth"]
DETAIL = {"two-deities:3", "two-deities:4", "archipelago-city:3", "archipelago-city:4", "labyrinth:2", "labyrinth:3",
          "volcano:2", "volcano:3", "volcano:4", "fragile-ruins:3"}
DROPPED = ("arc", "elements")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--detail", type=int, default=None,
                        help="full results kept of the first N games of the issue's rows (default: every game)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", nargs="*", help="NAME:PLAYERS rows to record (default: all 24)")
    parser.add_argument("--out", type=Path, default=OUT, help="the file to write (default: %(default)s)")
    parser.add_argument("--merge", type=Path, nargs="*", default=[],
                        help="recordings whose rows replace the same rows of --out (nothing is played)")
    parser.add_argument("--from-playtest", nargs="*", default=[], metavar="NAME:PLAYERS=FILE",
                        help="rows taken from 'studio playtest --json' reports, replacing them in --out")
    args = parser.parse_args(argv)
    out_path = args.out
    if args.from_playtest:
        out = json.loads(gzip.decompress(out_path.read_bytes()))
        for item in args.from_playtest:
            row, _, name = item.partition("=")
            try:
                _take_playtest(out, row, Path(name), args.seed)
            except (OSError, ValueError, KeyError) as exc:
                print(f"record_bundled_playtests: {item}: {exc}", file=sys.stderr)
                return 2
        _write(out_path, out)
        return 0
    if args.merge:
        out = json.loads(gzip.decompress(out_path.read_bytes()))
        for other in args.merge:
            more = json.loads(gzip.decompress(other.read_bytes()))
            out["seats"].update(more["seats"])
            out["detail"].update(more["detail"])
        _write(out_path, out)
        return 0

    from studio.content import bundled_path
    from studio.playtest.insight import Expectations
    from studio.playtest.runner import iter_batch
    from studio.playtest.setup import load_setup

    rows = args.only or [f"{name}:{n}" for name in LOCATIONS for n in (2, 3, 4)]
    out = {"format": "studio-bundled-playtests/1", "games": args.games, "seed": args.seed, "bots": "greedy",
           "seats": {}, "detail": {}}
    if out_path.exists() and args.only:  # recording some rows keeps the others
        out = json.loads(gzip.decompress(out_path.read_bytes()))
    for row in rows:
        name, n = row.split(":")
        setup = load_setup(bundled_path("scenarios", f"{name}.yaml"), int(n))
        t = time.perf_counter()
        games, detail = [], []
        have = out["seats"].get(row, {}).get("games", [])
        if args.only and out.get("seed") == args.seed and 0 < len(have) < args.games:
            # a row stopped part-way (e.g. taken by --from-playtest): play only its missing games
            games = list(have)
            detail = list(out["detail"].get(row, {}).get("results", []))
        start = len(games)
        batch = iter_batch(setup, None, args.games - start, args.seed, "greedy", jobs=args.jobs, start=start)
        for i, r in enumerate(batch, start):
            games.append([list(r.scores), list(r.winners)])
            if row in DETAIL and (args.detail is None or i < args.detail):
                d = r.to_dict()
                for key in DROPPED:
                    d.pop(key, None)
                detail.append(d)
        out["seats"][row] = {"seat_names": list(r.seat_names), "games": games}
        if detail:
            out["detail"][row] = {"expect": Expectations.of_scenario(setup.scenario, int(n)).to_dict(),
                                  "results": detail}
        print(f"{row}: {args.games - start} games in {time.perf_counter() - t:.0f} s", flush=True)
        _write(out_path, out)  # after every row: a stopped run keeps the rows it finished
    return 0


def _take_playtest(out: dict, row: str, path: Path, seed: int) -> None:
    """Put the games of a ``studio playtest --json`` report (``studio-playtest/1``) into ``out``
    as ``row``. Raises ValueError when the report is not greedy games of that row from ``seed``
    with game i dealt from ``game_seed(seed, i)``, KeyError for a malformed report."""
    from studio.content import bundled_path
    from studio.playtest.insight import Expectations
    from studio.playtest.runner import game_seed
    from studio.playtest.setup import load_setup

    name, n = row.split(":")
    report = json.loads(path.read_text(encoding="utf-8"))
    results = report["games"]
    if not results:
        raise ValueError("the report holds no game")
    seeds = [r["seed"] for r in results]
    if seeds != [game_seed(seed, i) for i in range(len(results))]:
        raise ValueError(f"its games are not games 0 to {len(results) - 1} of seed {seed}")
    if any(set(r["bots"]) != {"greedy"} or len(r["scores"]) != int(n) for r in results):
        raise ValueError(f"its games are not {n}-player greedy games")
    out["seats"][row] = {"seat_names": list(results[0]["seat_names"]),
                         "games": [[list(r["scores"]), list(r["winners"])] for r in results]}
    if row in DETAIL:
        setup = load_setup(bundled_path("scenarios", f"{name}.yaml"), int(n))
        out["detail"][row] = {"expect": Expectations.of_scenario(setup.scenario, int(n)).to_dict(),
                              "results": [{k: v for k, v in r.items() if k not in DROPPED} for r in results]}
    print(f"{row}: {len(results)} games from {path}", flush=True)


def _write(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(gzip.compress(json.dumps(data, separators=(",", ":")).encode(), mtime=0))
    tmp.replace(path)  # atomic: a killed run leaves the old file
    print(f"wrote {path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    sys.exit(main())
