"""How far can island content move the advanced solo game's challenge cards (issue 15, item 6)?

``python benchmarks/bench_solo_content.py [--games 300] [--seed 31337] [--only VARIANT,...]``

Plays the advanced solo game (``scenarios/rivages-solo.yaml``, greedy bot) once per challenge
card, that card alone (RIV-X6), on the bundled islands and on variants that change every one of
the 25 islands the same way: each white space's icon of one kind (or blank) becomes an
any-symbol icon (RIV-I3), and strongholds (RIV-T6) become white any-symbol spaces. The variants
are deliberately far larger than edits a designer would make: they bound what content edits of
white-space icons and strongholds can do for a bot that does not know its challenge. Prints each
card's win rate with its 95% Wilson interval (the bar: 15% to 60%), games with 5 islands or more
and the mean islands visited.

Game ``i`` of every row is played from the same seed (``game_seed(--seed, i)``), so the rows
differ only by content (common random numbers). A script that prints figures, not a test.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHALLENGES = ["treasure-hunter", "devotee", "navigator", "surveyor", "scholar"]


def _icons_to_any(pred):
    def edit(island):
        from studio.model.rivages import Effect, Space

        island.spaces = [Space(s.at, "white", Effect(any=1)) if pred(s) else s for s in island.spaces]
    return edit


def _blank(s) -> bool:
    from studio.model.rivages import Effect

    return s.kind == "white" and (s.icon is None or s.icon == Effect())


def _strongholds_and_icons(island) -> None:
    _icons_to_any(lambda s: s.kind in ("white", "stronghold"))(island)


VARIANTS = {
    "bundled": lambda island: None,
    "loot->any": _icons_to_any(lambda s: s.kind == "white" and s.icon is not None and bool(s.icon.loot)),
    "blank->any": _icons_to_any(_blank),
    "blank+scroll->any": _icons_to_any(lambda s: _blank(s) or (s.kind == "white" and bool(s.icon.scrolls))),
    "icons->any": _icons_to_any(lambda s: s.kind == "white"),
    "strongholds->any": _icons_to_any(lambda s: s.kind == "stronghold"),
    "icons+strongholds->any": _strongholds_and_icons,
}


def setup_of(variant: str, challenge: str):
    """The solo setup with every island edited by ``variant`` and ``challenge`` the only card."""
    from studio.playtest.setup import Setup, load_setup

    base = load_setup(ROOT / "scenarios" / "rivages-solo.yaml", 1)
    content = copy.deepcopy(base.content)
    content.scenario.solo = dataclasses.replace(content.scenario.solo, challenges=(challenge,))
    for island in content.islands:
        VARIANTS[variant](island)
    return Setup("rivages", content, 1, base.path)


def main(argv=None) -> int:
    from studio.playtest.runner import iter_batch
    from studio.playtest.stats import wilson

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=300, help="games per variant and card (default 300)")
    ap.add_argument("--seed", type=int, default=31337, help="batch seed (default 31337)")
    ap.add_argument("--only", default="", help=f"variants, comma-separated (default: all of {', '.join(VARIANTS)})")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    names = [v.strip() for v in args.only.split(",") if v.strip()] or list(VARIANTS)
    for v in names:
        if v not in VARIANTS:
            ap.error(f"--only {v!r}: not a variant (variants: {', '.join(VARIANTS)})")
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"advanced solo, greedy bot, {args.games} games per variant and card, seed {args.seed}, load {load}")
    print("card: won % (95% interval); islands: games with 5 or more, mean")
    for v in names:
        cells = []
        islands = []
        for ch in CHALLENGES:
            won = 0
            for r in iter_batch(setup_of(v, ch), None, args.games, args.seed, "greedy"):
                won += bool(r.winners)
                islands.append(dict(r.seat_stats[0])["islands"])
            lo, hi = wilson(won, args.games)
            cells.append(f"{ch} {100 * won / args.games:.1f} ({100 * lo:.1f}-{100 * hi:.1f})")
        five = sum(1 for i in islands if i >= 5) / len(islands)
        print(f"{v:24} " + " | ".join(cells) + f" | islands 5+: {100 * five:.1f}%, mean {sum(islands) / len(islands):.2f}",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
