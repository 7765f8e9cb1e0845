"""Candidate edits of Rivages islands (and, when allowed, of the scenario's rule parameters and
solo cards) that the balance assistant may propose.

Edits are :class:`studio.balance.edits.Edit` values (plain data: ``kind``, ``op``, ``args``,
``touches``, ``text``, ``moves``), the same vocabulary as the island editor's undoable edits:

- ``icons``: move a white space's icon (RIV-T7) to another white space that has none;
- ``terrains``: change a terrain space to another terrain of the scenario;
- ``strongholds``: move a stronghold (RIV-T6) onto a terrain space, which takes its place's
  terrain back: the island keeps its strongholds and its number of spaces;
- ``rewards``: a goal step's reward (quest or mission, RIV-G1 to RIV-G6) one or two scrolls
  higher or lower;
- ``rules`` (only with ``--allow-rules``): a solo challenge card's need and the scroll target
  (RIV-X1, RIV-X6), the Great Explorer bonus (RIV-E5).

:func:`apply_island_edits` applies edits to a :class:`Draft` (the islands by id, the solo cards
and the scenario settings) and returns a new one, never touching the original islands.
:func:`valid_island_edits` keeps the edits whose islands pass the island lint
(:func:`studio.validate.rivages.rivages_findings`) with no error and no finding the island did
not already have, so every proposal is an island the editor could have made and saved.

Locks (:func:`parse_island_locks`): a kind of edit (``icons``, ``terrains``, ``strongholds``,
``rewards``, ``rules``) or an element: ``island:ID``, ``space:ISLAND:Q,R`` and
``goal:ISLAND:quest`` / ``goal:ISLAND:mission-1`` / ``mission-2`` (``ISLAND:`` may be left out
when one island is searched).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from studio.balance.edits import Edit, EditError, Locks
from studio.geometry.hex import distance, neighbours
from studio.model.rivages import SHIP, STRONGHOLD, WHITE, Effect, Island

KINDS = ("icons", "terrains", "strongholds", "rewards", "rules")
"""Every kind of Rivages edit, as ``--lock`` takes them."""
ELEMENT_LOCKS = ("island", "space", "goal")
GOAL_NAMES = ("quest", "mission-1", "mission-2")
GOAL_LOW = 0.10
"""A goal step met in fewer than this share of the visits to its island is a target of edits."""


def space_id(island: str, at) -> str:
    return f"{island}:{at[0]},{at[1]}"


def goal_id(island: str, goal: int) -> str:
    return f"{island}:{GOAL_NAMES[goal]}"


def _hx(at) -> str:
    return f"[{at[0]}, {at[1]}]"


# -- the content an edit changes ------------------------------------------------------------------

@dataclass
class Draft:
    """What Rivages edits change: ``islands`` by id (only the ones edited are copies), the
    ``solo`` cards (None outside solo) and scenario ``settings`` (dotted path -> value, as
    :meth:`~studio.playtest.setup.Setup.with_settings` takes them)."""

    islands: dict
    solo: Any = None                 # SoloCards, or None outside solo
    settings: dict = field(default_factory=dict)
    edited: set = field(default_factory=set)
    great: dict = field(default_factory=dict)    # the scenario's Great Explorer values, players -> (1st, 2nd)

    def island(self, ident: str, write: bool = False) -> Island:
        if ident not in self.islands:
            raise EditError(f"no island {ident}")
        if write and ident not in self.edited:
            self.islands[ident] = copy.deepcopy(self.islands[ident])
            self.edited.add(ident)
        return self.islands[ident]


def apply_island_edits(draft: Draft, edits) -> Draft:
    """A new :class:`Draft`: ``edits`` applied in order to copies of what they change. Raises
    :class:`~studio.balance.edits.EditError` when an edit does not fit (a space it names is
    gone or of another kind)."""
    out = Draft(dict(draft.islands), draft.solo, dict(draft.settings), set(), draft.great)
    for e in edits:
        _APPLY[e.op](out, *e.args)
    return out


def _space(island: Island, at):
    at = tuple(at)
    sp = next((s for s in island.spaces if s.at == at), None)
    if sp is None:
        raise EditError(f"island {island.id} has no space {_hx(at)}")
    return sp


def _move_icon(draft: Draft, ident: str, src, dst) -> None:
    island = draft.island(ident, write=True)
    a, b = _space(island, src), _space(island, dst)
    if a.kind != WHITE or a.icon is None or b.kind != WHITE or b.icon is not None:
        raise EditError(f"island {ident}: no icon to move from {_hx(src)} to the bare white space {_hx(dst)}")
    b.icon, a.icon = a.icon, None


def _set_kind(draft: Draft, ident: str, at, kind: str) -> None:
    island = draft.island(ident, write=True)
    sp = _space(island, at)
    if sp.kind in (WHITE, SHIP) or kind in (WHITE, SHIP):
        raise EditError(f"island {ident}: space {_hx(at)} is {sp.kind}; only terrains and strongholds change here")
    sp.kind = kind


def _set_reward(draft: Draft, ident: str, goal: int, step: int, reward) -> None:
    island = draft.island(ident, write=True)
    goals = [g for _n, g in island.goals()]
    if goal >= len(goals) or step >= len(goals[goal].steps):
        raise EditError(f"island {ident} has no {GOAL_NAMES[goal]} step {step + 1}")
    goals[goal].steps[step].reward = Effect(**dict(reward))


def _solo_need(draft: Draft, challenge: str, need: int) -> None:
    if draft.solo is None:
        raise EditError("no solo cards to change")
    cards = [replace(c, need=need) if c.id == challenge else c for c in draft.solo.challenges]
    draft.solo = replace(draft.solo, challenges=cards)


def _solo_target(draft: Draft, scrolls: int) -> None:
    if draft.solo is None:
        raise EditError("no solo cards to change")
    draft.solo = replace(draft.solo, target=scrolls)


def _set_rule(draft: Draft, path: str, value) -> None:
    draft.settings[path] = list(value) if isinstance(value, tuple) else value


def _multi(draft: Draft, *steps) -> None:
    for op, args in steps:
        _APPLY[op](draft, *args)


_APPLY: dict[str, Callable[..., None]] = {"icon": _move_icon, "kind": _set_kind, "reward": _set_reward, "solo-need": _solo_need,
          "solo-target": _solo_target, "rule": _set_rule, "multi": _multi}


# -- what the games say -----------------------------------------------------------------------------

@dataclass(frozen=True)
class RivagesDiagnosis:
    """What the candidates aim at: ``goals``: ``(island id, goal index, step index)`` -> the
    share of the island's visits that met the step (only islands visited); ``never``: island id
    -> hexes never crossed; ``challenges``: solo challenge id -> win rate (0..1) in the games it
    was drawn; ``solo_rate``: the solo win rate overall (None outside solo); ``long`` /
    ``short``: share of games longer / shorter than the target length; ``progress``: solo
    challenge id -> how far each game it was drawn in got (what the card counts)."""

    goals: dict = field(default_factory=dict)
    never: dict = field(default_factory=dict)
    challenges: dict = field(default_factory=dict)
    solo_rate: float | None = None
    long: float = 0.0
    short: float = 0.0
    progress: dict = field(default_factory=dict)


# -- candidates -------------------------------------------------------------------------------------

def island_candidates(draft: Draft, targets, terrains, diagnosis: RivagesDiagnosis, allow_rules: bool = False,
                      locks: Locks | None = None, limit: int = 16, seed: int = 0, players: int = 2,
                      rules=None) -> list[Edit]:
    """Up to ``limit`` edits of the islands ``targets`` (ids) of ``draft`` aimed at
    ``diagnosis``, the weakest goals first, none touching what ``locks`` holds, in a stable
    order for a given ``seed`` (the kinds take turns). ``terrains``: the scenario's terrain
    names. Not yet validated (:func:`valid_island_edits`)."""
    from studio.validate.island_goals import check_goal

    rng = random.Random(seed)
    by_kind: dict[str, list[Edit]] = {k: [] for k in KINDS}
    weak = sorted(((rate, key) for key, rate in diagnosis.goals.items() if key[0] in targets and rate < GOAL_LOW),
                  key=lambda x: (x[0], x[1]))
    for rate, (ident, g, k) in weak[:4]:
        island = draft.islands[ident]
        name, goal = island.goals()[g]
        step = goal.steps[k]
        label = f"island {ident}: {name} step {k + 1}" if len(goal.steps) > 1 else f"island {ident}: {name}"
        seen = f"met in {100 * rate:.0f}% of the games that visited it"
        check = check_goal(island, name, goal.steps[: k + 1], rules)
        need = set(check.spaces) or set(check.route)
        route = set(check.route)
        # a richer reward: the bots then aim at the goal (their greedy look-ahead values scrolls)
        for more in (1, 2):
            new = replace(step.reward, scrolls=step.reward.scrolls + more)
            by_kind["rewards"].append(Edit(
                "rewards", "reward", (ident, g, k, _effect_args(new)),
                (("island", ident), ("goal", goal_id(ident, g))),
                f"{label} ({seen}): reward {step.reward} -> {new}"))
        space = island.space_at()
        if need:
            # strongholds that stand nearest what the goal needs, moved onto a terrain space far from it
            strongholds = sorted((min(distance(s.at, h) for h in need), s.at) for s in island.spaces
                                 if s.kind == STRONGHOLD)
            far = sorted(((-min(distance(s.at, h) for h in need), rng.random(), s.at) for s in island.spaces
                          if s.kind in terrains and s.at not in route and s.at not in need))
            for _d, src in strongholds[:2]:
                for _f, _r, dst in far[:2]:
                    by_kind["strongholds"].append(Edit(
                        "strongholds", "multi", (("kind", (ident, src, space[dst].kind)), ("kind", (ident, dst, STRONGHOLD))),
                        (("island", ident), ("space", space_id(ident, src)), ("space", space_id(ident, dst))),
                        f"{label} ({seen}): move the stronghold at {_hx(src)} to {_hx(dst)}, away from the goal "
                        f"(the space at {_hx(src)} becomes {space[dst].kind})",
                        ((("space", space_id(ident, src)), ("space", space_id(ident, dst))),)))
            # an icon that helps crossing (any, leap, an area) moved from far away to a white space near the goal
            bare = sorted((min(distance(s.at, h) for h in need), s.at) for s in island.spaces
                          if s.kind == WHITE and s.icon is None)
            icons = sorted(((-min(distance(s.at, h) for h in need), s.at) for s in island.spaces
                            if s.kind == WHITE and s.icon is not None), key=lambda x: x)
            for _d, src in icons[:2]:
                for _b, dst in bare[:2]:
                    if distance(dst, next(iter(need))) >= distance(src, next(iter(need))):
                        continue
                    by_kind["icons"].append(_icon_edit(ident, space, src, dst, f"{label} ({seen}): "))
        if step.kind == "areas" and step.terrain in terrains:
            # spaces next to the terrain turned to it: an area grows or a new one forms (RIV-G4)
            opts = []
            for s in island.spaces:
                if s.kind in terrains and s.kind != step.terrain:
                    near = sum(1 for h in neighbours(s.at) if h in space and space[h].kind == step.terrain)
                    if near:
                        opts.append((-near, rng.random(), s.at))
            for _n, _r, at in sorted(opts)[:3]:
                by_kind["terrains"].append(Edit(
                    "terrains", "kind", (ident, at, step.terrain), (("island", ident), ("space", space_id(ident, at))),
                    f"{label} ({seen}): the {space[at].kind} space at {_hx(at)} becomes {step.terrain}"))
        elif need:
            # a space on the goal's cheapest way turned to the terrain most of its neighbours have
            for at in sorted(route - need)[:6]:
                s = space.get(at)
                if s is None or s.kind not in terrains:
                    continue
                kinds = [space[h].kind for h in neighbours(at) if h in space and space[h].kind in terrains]
                common = max(sorted(set(kinds)), key=kinds.count) if kinds else None
                if common and common != s.kind:
                    by_kind["terrains"].append(Edit(
                        "terrains", "kind", (ident, at, common), (("island", ident), ("space", space_id(ident, at))),
                        f"{label} ({seen}): the {s.kind} space at {_hx(at)} on its shortest way becomes {common}, "
                        "like most of its neighbours"))
    # icons on spaces no visit crossed, moved to bare white spaces nearer a ship
    for ident in targets:
        never = diagnosis.never.get(ident)
        if not never:
            continue
        island = draft.islands[ident]
        space = island.space_at()
        ships = island.ships() or [(0, 0)]
        lost = [s.at for s in island.spaces if s.kind == WHITE and s.icon is not None and s.at in never]
        bare = sorted((min(distance(s.at, h) for h in ships), s.at) for s in island.spaces
                      if s.kind == WHITE and s.icon is None and s.at not in never)
        for src in lost[:2]:
            for _d, dst in bare[:1]:
                by_kind["icons"].append(_icon_edit(ident, space, src, dst, f"island {ident} (no visit reached "
                                                                           f"{_hx(src)}): "))
    # then small edits anywhere on the islands searched (a local search step when nothing is aimed at)
    for ident in targets[:3] if len(targets) <= 3 else rng.sample(list(targets), 3):
        island = draft.islands[ident]
        space = island.space_at()
        whites = [s.at for s in island.spaces if s.kind == WHITE]
        lit = [at for at in whites if space[at].icon is not None]
        bare = [at for at in whites if space[at].icon is None]
        tries = 3 if len(targets) == 1 else 1
        for _ in range(tries if lit and bare else 0):
            src, dst = rng.choice(lit), rng.choice(bare)
            by_kind["icons"].append(_icon_edit(ident, space, src, dst, f"island {ident}: "))
        land = [s.at for s in island.spaces if s.kind in terrains]
        for _ in range(tries if land else 0):
            at = rng.choice(land)
            other = rng.choice([t for t in terrains if t != space[at].kind] or [space[at].kind])
            if other != space[at].kind:
                by_kind["terrains"].append(Edit(
                    "terrains", "kind", (ident, at, other), (("island", ident), ("space", space_id(ident, at))),
                    f"island {ident}: the {space[at].kind} space at {_hx(at)} becomes {other}"))
        holds = [s.at for s in island.spaces if s.kind == STRONGHOLD]
        for _ in range(tries if holds and land else 0):
            src, dst = rng.choice(holds), rng.choice(land)
            by_kind["strongholds"].append(Edit(
                "strongholds", "multi", (("kind", (ident, src, space[dst].kind)), ("kind", (ident, dst, STRONGHOLD))),
                (("island", ident), ("space", space_id(ident, src)), ("space", space_id(ident, dst))),
                f"island {ident}: move the stronghold at {_hx(src)} to {_hx(dst)} (the space at {_hx(src)} becomes "
                f"{space[dst].kind})", ((("space", space_id(ident, src)), ("space", space_id(ident, dst))),)))
        rated = sorted((diagnosis.goals.get((ident, g, k), 1.0), g, k) for g, (_n, goal) in enumerate(island.goals())
                       for k in range(len(goal.steps)))
        if rated:
            _rate, g, k = rated[0]
            name, goal = island.goals()[g]
            step = goal.steps[k]
            new = replace(step.reward, scrolls=step.reward.scrolls + 1)
            by_kind["rewards"].append(Edit(
                "rewards", "reward", (ident, g, k, _effect_args(new)), (("island", ident), ("goal", goal_id(ident, g))),
                f"island {ident}: {name} step {k + 1}, the goal met least: reward {step.reward} -> {new}"))
    if allow_rules:
        by_kind["rules"] += _rule_edits(draft, diagnosis, players)
    # the kinds take turns, so a small limit still tries each kind; alone, the challenge cards'
    # rules first (only they move a card's win rate directly)
    out: list[Edit] = []
    order = ("rules",) + KINDS[:-1] if players == 1 else KINDS
    lists = [[e for e in by_kind[k] if locks is None or not locks.blocks(e)] for k in order]
    while len(out) < limit and any(lists):
        for lst in lists:
            if lst and len(out) < limit:
                out.append(lst.pop(0))
    return list({(e.op, e.args): e for e in out}.values())


def _effect_args(effect: Effect) -> tuple:
    return tuple(sorted(effect.to_data().items()))


def _icon_edit(ident, space, src, dst, head: str) -> Edit:
    return Edit("icons", "icon", (ident, src, dst),
                (("island", ident), ("space", space_id(ident, src)), ("space", space_id(ident, dst))),
                f"{head}move the icon ({space[src].icon}) of the white space at {_hx(src)} to the white space at {_hx(dst)}",
                ((("space", space_id(ident, src)), ("space", space_id(ident, dst))),))


def _rule_edits(draft: Draft, diagnosis: RivagesDiagnosis, players: int) -> list[Edit]:
    """Solo: a challenge card won too rarely needs less, one won too often more (RIV-X6); the
    scroll target a little lower or higher (RIV-X1). With 2 or more: the Great Explorer
    bonus (RIV-E5) one higher or lower, which changes how much visiting islands is worth."""
    from studio.balance.fairness import SOLO_RANGE

    out = []
    if draft.solo is not None and players == 1:
        low, high = SOLO_RANGE
        options: dict = {}   # card -> needs to try, the gap-sized one first
        for c in draft.solo.challenges:
            rate = diagnosis.challenges.get(c.id)
            if rate is None or low <= rate <= high:
                continue
            # gap-sized: the need that about 40%, a half and a third of the games reached (a line
            # search over how much the card must change), then one or two steps
            reached = sorted(diagnosis.progress.get(c.id, ()), reverse=True)
            at = [reached[min(len(reached) - 1, int(q * len(reached)))] for q in (0.4, 0.5, 0.3)] if reached else []
            steps = [c.need - 1, c.need - 2] if rate < low else [c.need + 1]
            needs = [n for n in dict.fromkeys(at[:1] + steps + at[1:])
                     if n >= 1 and n != c.need and (n < c.need) == (rate < low)]
            if needs:
                options[c.id] = (c, rate, needs)
        # every card out of range at once first (one card is drawn in a fifth of the games, too few
        # for a short race to see), gap-sized then by one; then each card on its own
        for pick, how in ((0, "to what about 40% of its games reached"), (None, "by one")):
            steps, words = [], []
            for c, _rate, needs in options.values():
                need = needs[pick] if pick is not None else (c.need - 1 if needs[0] < c.need else c.need + 1)
                if need >= 1:
                    steps.append(("solo-need", (c.id, need)))
                    words.append(f"{c.name or c.id} {c.need} -> {need}")
            if len(steps) > 1:
                out.append(Edit("rules", "multi", tuple(steps), tuple(("rule", f"solo.{a[0]}") for _o, a in steps),
                                f"challenge cards won outside 15%-60% ask less or more, {how} (RIV-X6, cards of the "
                                "solo cards file): " + ", ".join(words)))
        for c, rate, needs in options.values():
            for need in needs:
                out.append(Edit("rules", "solo-need", (c.id, need), (("rule", f"solo.{c.id}"),),
                                f"challenge card {c.name or c.id}: needs {need} instead of {c.need} (won in "
                                f"{100 * rate:.0f}% of its games; RIV-X6, a card of the solo cards file)"))
        rate = diagnosis.solo_rate
        if rate is not None and (rate < low or rate > high):
            d = -1 if rate < low else 1
            t = draft.solo.target
            if t + d >= 1:
                out.append(Edit("rules", "solo-target", (t + d,), (("rule", "solo.target"),),
                                f"the scroll target card asks {t + d} scrolls instead of {t} (RIV-X1)"))
    elif players >= 2:
        path = f"great_explorer.{players}"
        current = draft.settings.get(path) or draft.great.get(players)
        first, second = tuple(current) if current else (None, None)
        if first is not None:
            for d in (1, -1):
                if first + d >= max(second, 1):
                    out.append(Edit("rules", "rule", (path, (first + d, second)), (("rule", path),),
                                    f"the Great Explorer scores {first + d} instead of {first} with {players} players "
                                    "(RIV-E5; a rule of the scenario)"))
    return out


# -- locks ------------------------------------------------------------------------------------------

def parse_island_locks(texts, islands: dict, default: str | None = None) -> Locks:
    """Locks from ``--lock`` texts (each may hold several, comma-separated) for ``islands``
    (id -> :class:`Island`); ``default``: the island an element without ``ISLAND:`` means
    (one island searched). Raises :class:`~studio.balance.edits.EditError` naming a kind that
    is not a Rivages one (a Rule the Realm kind or element included) or an element the
    islands do not have."""
    from studio.balance.edits import ELEMENT_LOCKS as REALM_ELEMENTS
    from studio.balance.edits import KINDS as REALM_KINDS

    kinds, elements = set(), set()
    usage = (f"a kind of edit ({', '.join(KINDS)}) or an element (island:ID, space:ISLAND:Q,R, "
             f"goal:ISLAND:quest|mission-1|mission-2{'; ISLAND: may be left out' if default else ''})")
    for text in texts or ():
        for part in _lock_parts(str(text)):
            if not part:
                continue
            if part in KINDS:
                kinds.add(part)
                continue
            what, sep, ident = part.partition(":")
            if part in REALM_KINDS or what in REALM_ELEMENTS:
                raise EditError(f"--lock {part}: that is a Rule the Realm lock; a Rivages island takes {usage}")
            if not sep or what not in ELEMENT_LOCKS or not ident:
                raise EditError(f"--lock {part!r}: expected {usage}")
            if what == "island":
                if ident not in islands:
                    raise EditError(f"--lock {part}: no island {ident} is searched ({_listed(islands)})")
                elements.add(("island", ident))
                continue
            head, sep2, tail = ident.rpartition(":")
            island = head if sep2 else default
            if island is None:
                raise EditError(f"--lock {part}: name the island too, {what}:ISLAND:{ident}")
            if island not in islands:
                raise EditError(f"--lock {part}: no island {island} is searched ({_listed(islands)})")
            if what == "goal":
                if tail not in GOAL_NAMES:
                    raise EditError(f"--lock {part}: a goal is quest, mission-1 or mission-2")
                elements.add(("goal", f"{island}:{tail}"))
                continue
            try:
                q, r = (int(x) for x in tail.split(","))
            except ValueError:
                raise EditError(f"--lock {part}: a space is Q,R (its axial hex, e.g. space:{island}:0,-1)") from None
            if (q, r) not in islands[island].space_at():
                raise EditError(f"--lock {part}: island {island} has no space [{q}, {r}]")
            elements.add(("space", space_id(island, (q, r))))
    return Locks(frozenset(kinds), frozenset(elements))


def _lock_parts(text: str) -> list[str]:
    """``text`` split at commas, except the comma of a space's ``Q,R`` (``space:i:2,-1``)."""
    out: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if out and out[-1].startswith("space:") and "," not in out[-1].rpartition(":")[2] \
                and piece.lstrip("-").isdigit():
            out[-1] += "," + piece
        else:
            out.append(piece)
    return out


def _listed(islands: dict) -> str:
    names = sorted(islands)
    return ", ".join(names[:6]) + (f" and {len(names) - 6} more" if len(names) > 6 else "")


# -- validation -------------------------------------------------------------------------------------

def island_findings(island: Island, terrains, rules=None) -> list:
    """The island lint's errors and warnings for ``island`` (``terrains``: the scenario's names)."""
    from studio.validate.rivages import rivages_findings

    return [f for f in rivages_findings(island, list(terrains), rules) if f.severity in ("error", "warning")]


def _key(f) -> tuple:
    return (f.code, f.element)


def valid_island_edits(draft: Draft, edits, terrains, rules=None, prefix=(), base: dict | None = None
                       ) -> list[tuple[Edit, Draft]]:
    """``(edit, draft)`` for each of ``edits`` whose islands (``prefix`` edits first) pass the
    island lint with no error and no finding their original (``base``: island id -> findings,
    computed when None) did not have, and whose solo cards ask at least 1 of everything; the
    others are dropped."""
    base = dict(base or {})
    out = []
    for e in edits:
        try:
            new = apply_island_edits(draft, tuple(prefix) + (e,))
        except EditError:
            continue
        ok = True
        for ident in new.edited:
            if ident not in base:
                base[ident] = island_findings(draft.islands[ident], terrains, rules)
            known = {_key(f) for f in base[ident]}
            if any(f.severity == "error" or _key(f) not in known for f in island_findings(new.islands[ident], terrains,
                                                                                            rules)):
                ok = False
                break
        if ok and new.solo is not None and (new.solo.target < 1 or any(c.need < 1 for c in new.solo.challenges)):
            ok = False
        if ok:
            out.append((e, new))
    return out


__all__ = ["Draft", "ELEMENT_LOCKS", "GOAL_LOW", "GOAL_NAMES", "KINDS", "RivagesDiagnosis", "apply_island_edits",
           "goal_id", "island_candidates", "island_findings", "parse_island_locks", "space_id", "valid_island_edits"]
