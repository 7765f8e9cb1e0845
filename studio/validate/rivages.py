"""Rules lint for Rivages content: can the game of the rulebook be played with it?

:func:`rivages_findings` takes an island, tree, card set, loot set or scenario (a model, a parsed
:class:`~studio.content.Document` or a path) and returns every finding, positioned through the
file's :class:`~studio.content.SourceMap`, with an ``element`` naming what is wrong:
``("space", q, r)``, ``("bridge", q1, r1, q2, r2)``, ``("fort", q, r)``, ``("goal", "quest")``,
``("goal", "mission 1")``, ``("node", side, id)``, ``("card", id)``, ``("loot", kind)``,
``("terrain", name)``, ``("challenge", id)``, or None for the file as a whole.

Islands: exactly two ships, each reachable from the other without crossing a stronghold
(RIV-S7, RIV-I1); every space reachable from the ships; bridge ends are spaces that are not
already neighbours (RIV-T8); a fort stands on no space and has 6 crossable neighbours (RIV-G5);
quest spaces exist and can be reached, a pattern appears on the island, the two steps of a goal
do not need the same spaces (RIV-G6); every mission names areas that exist on the island
(RIV-G4); icons only on white spaces (RIV-T7). Trees: one start node, known links, every node
reachable from the start (RIV-W2), side B branches (RIV-W3). Cards: known symbols, unique ids,
enough Exploration cards for each player count (RIV-S3, RIV-S4) and for solo (RIV-X1). Loot:
unique kinds. Scenario: every referenced file (its findings carry its own path), terrain names,
enough islands and trees, Great Explorer values, solo settings. Codes are ``rivages/*``.
"""

from __future__ import annotations

import os
from collections import Counter, deque
from functools import lru_cache
from pathlib import Path
from typing import Any

from studio.content import Document, LoadError, content_root_of, load_document, resolve_reference
from studio.content.findings import Finding
from studio.content.paths import listed_link_target, missing_reason, resolved, shown_reference
from studio.content.schema_messages import did_you_mean
from studio.content.schemas import migrate
from studio.geometry.hex import Hex, clusters, cube_round, distance, neighbours
from studio.model.rivages import (
    ALL_TERRAINS,
    CARD_ACTIONS,
    DEFAULT_TERRAINS,
    SHIP,
    SIDES,
    SPECIAL_KINDS,
    STRONGHOLD,
    WHITE,
    CardSet,
    Effect,
    Island,
    LootSet,
    RivagesRules,
    RivagesScenario,
    Tree,
    folder_files,
)
from studio.validate.report import Reporter, group_escapes
from studio.validate.schema import check_schema, has_errors

RIVAGES_MODELS = (Island, Tree, CardSet, LootSet, RivagesScenario)
_MODEL_OF: dict[str, Any] = {"rivages-island": Island, "rivages-tree": Tree, "rivages-cards": CardSet,
             "rivages-loot": LootSet, "rivages-scenario": RivagesScenario}
RESERVED_NAMES = frozenset(SPECIAL_KINDS) | frozenset(CARD_ACTIONS) | {ALL_TERRAINS}
MAX_PLAYERS = 5
MAX_QUEST_SPACES = 12  # the island schema's limit on a "spaces" quest step
UNSAVABLE_CODES = frozenset({"rivages/quest-no-spaces", "rivages/quest-too-many-spaces", "rivages/pattern-length",
                             "rivages/mission-count", "rivages/reward-empty"})
"""Codes of findings about content the file format cannot hold (an editor refuses to save them
with the finding's plain message rather than the schema's)."""


def rivages_findings(obj, terrains: list[str] | None = None, rules: RivagesRules | None = None) -> list[Finding]:
    """Every finding for one Rivages file: ``obj`` is a path, a parsed Document (schema first,
    then lint) or a model (lint only). ``terrains`` (default: the four default terrains) and
    ``rules`` (default: :class:`RivagesRules`) are the scenario's: a file read from a path takes
    them from the scenario of its content root that references it (:func:`scenario_for`); a
    scenario uses its own. Raises TypeError for anything else; bad content never raises."""
    if isinstance(obj, (str, os.PathLike)):
        path = os.fspath(obj)
        try:
            doc = load_document(path)
        except LoadError as exc:
            return [Finding(exc.code, "error", exc.message, exc.path or path, exc.line, exc.col)]
        return rivages_findings(doc, terrains, rules)
    if isinstance(obj, Document):
        findings = check_schema(obj.data, obj.source, obj.path)
        if has_errors(findings):
            return findings
        data = migrate(obj.data)
        cls = _MODEL_OF.get(str(data.get("format", "")).split("/")[0])
        if cls is None:
            return findings + [Finding("rivages/not-rivages", "error", f"{data.get('format')} is not a Rivages format",
                                       obj.path, 1, 1)]
        if terrains is None and obj.path is not None and cls is not RivagesScenario:
            context = scenario_for(obj.path)
            if context is not None:
                terrains, rules = context.terrain_names(), context.rules
        return findings + rivages_findings(cls.from_data(data, source=obj.source, path=obj.path), terrains, rules)
    if isinstance(obj, RivagesScenario):
        return _scenario(obj)
    names = list(terrains) if terrains is not None else [t.name for t in DEFAULT_TERRAINS]
    rules = rules or RivagesRules()
    if isinstance(obj, Island):
        return _island(obj, names, rules)
    if isinstance(obj, Tree):
        return _tree(obj, names)
    if isinstance(obj, CardSet):
        return _cards(obj, names)
    if isinstance(obj, LootSet):
        return _loot(obj, names)
    raise TypeError(f"rivages_findings() takes a path, a Document or a Rivages model, got {type(obj).__name__}")


def scenario_for(path: str | os.PathLike) -> RivagesScenario | None:
    """The first ``rivages-scenario/1`` in the ``scenarios`` folder of ``path``'s content root
    that references ``path`` (its terrains and rules apply to the file), or None."""
    target = resolved(path)
    folder = content_root_of(target) / "scenarios"
    if not folder.is_dir():
        return None
    for sc_path in sorted(folder.glob("*.y*ml")):
        if listed_link_target(sc_path)[1] is not None:  # a link out of the content root is never read
            continue
        sc = _read_scenario(str(sc_path), sc_path.stat().st_mtime_ns)
        if sc is None:
            continue
        try:
            refs: list[Path] = []
            for field in (sc.islands, sc.trees):
                if isinstance(field, str):
                    refs.extend(resolve_reference(sc_path, os.path.join(field, p.name))
                                for p in folder_files(resolve_reference(sc_path, field)))
                else:
                    refs.extend(resolve_reference(sc_path, r) for r in field)
            refs.extend(resolve_reference(sc_path, r) for r in (sc.cards, sc.loot))
            if sc.solo is not None:
                refs.append(resolve_reference(sc_path, sc.solo.cards))
        except (LoadError, OSError):
            continue
        if target in refs:
            return sc
    return None


@lru_cache(maxsize=64)
def _read_scenario(path: str, mtime_ns: int) -> RivagesScenario | None:
    try:
        doc = load_document(path)
    except LoadError:
        return None
    if doc.format != RivagesScenario.FORMAT or has_errors(check_schema(doc.data, doc.source, doc.path)):
        return None
    return RivagesScenario.from_data(migrate(doc.data), source=doc.source, path=path)


# --- shared ------------------------------------------------------------------------------------

def _effect(report: Reporter, effect: Effect | None, terrains: list[str], at: tuple, element) -> None:
    if effect is not None and effect.area and effect.area != ALL_TERRAINS and effect.area not in terrains:
        report.add("rivages/unknown-terrain",
                   f"an area of {effect.area!r}, which is not a terrain (known: {', '.join(terrains)}, or 'all')"
                   f"{did_you_mean(effect.area, terrains)}",
                   at=at + ("area",), element=element)


def element_text(element) -> str:
    """A Rivages finding's element in the words and coordinates of the messages:
    ``("space", 0, -2)`` -> ``"space [0, -2]"``, ``("bridge", 0, 1, 2, 1)`` -> ``"bridge [0, 1]-[2, 1]"``,
    ``("goal", "mission 1")`` -> ``"mission 1"``, ``("node", "B", "b3")`` -> ``"node b3 (side B)"``,
    ``("card", "e01")`` -> ``"card e01"``; "" for None."""
    if not element:
        return ""
    kind, *rest = element
    if kind in ("space", "fort") and len(rest) == 2:
        return f"{kind} {_hx(rest)}"
    if kind == "bridge" and len(rest) == 4:
        return f"bridge {_hx(rest[:2])}-{_hx(rest[2:])}"
    if kind == "goal" and len(rest) == 1:
        return str(rest[0])
    if kind == "node" and len(rest) == 2:
        return f"node {rest[1]} (side {rest[0]})"
    return " ".join([str(kind)] + [str(r) for r in rest])


def _reward(report: Reporter, reward: Effect | None, goal: str, steps: int, k: int, at: tuple, element) -> None:
    """A goal step's reward gives something (RIV-G2); the format has no empty reward."""
    if reward is None or not reward.to_data():
        who = f"{goal} step {k + 1}" if steps > 1 else f"the {goal}"
        report.add("rivages/reward-empty", f"{who} has no reward: give it scrolls, loot, a statue, a cross or an area",
                   at=at + ("reward",), element=element)


def _hx(h) -> str:
    return f"[{h[0]}, {h[1]}]"


# --- islands -----------------------------------------------------------------------------------

class _Shape:
    """The island's hexes and adjacency (neighbours and valid bridges)."""

    def __init__(self, island: Island):
        self.kind: dict[Hex, str] = {}
        for s in island.spaces:
            self.kind.setdefault(s.at, s.kind)
        self.adj = {h: [n for n in neighbours(h) if n in self.kind] for h in self.kind}
        for a, b in island.bridges:
            if a in self.kind and b in self.kind and a != b and b not in self.adj[a]:
                self.adj[a].append(b)
                self.adj[b].append(a)

    def reach(self, start) -> set:
        """Spaces reachable from ``start`` without stepping on a stronghold."""
        seen = {start}
        todo = deque([start])
        while todo:
            h = todo.popleft()
            for n in self.adj[h]:
                if n not in seen and self.kind[n] != STRONGHOLD:
                    seen.add(n)
                    todo.append(n)
        return seen


def _island(island: Island, terrains: list[str], rules: RivagesRules) -> list[Finding]:
    report = Reporter(island.path, island.source)
    known = set(terrains) | set(SPECIAL_KINDS)
    seen: dict = {}
    for i, s in enumerate(island.spaces):
        el: tuple = ("space", *s.at)
        if s.at in seen:
            report.add("rivages/duplicate-space", f"space {_hx(s.at)} is listed twice (first as space {seen[s.at] + 1})",
                       at=("spaces", i), element=el)
        else:
            seen[s.at] = i
        if s.kind not in known:
            report.add("rivages/unknown-kind", f"space {_hx(s.at)} is {s.kind!r}: not a terrain "
                       f"({', '.join(terrains)}), white, stronghold or ship{did_you_mean(s.kind, known)}",
                       at=("spaces", i, "kind"), element=el)
        if s.icon is not None:
            if s.kind != WHITE:
                report.add("rivages/icon-not-white", f"space {_hx(s.at)} is {s.kind} but has an icon; only white "
                           "spaces carry icons", at=("spaces", i, "icon"), element=el)
            _effect(report, s.icon, terrains, ("spaces", i, "icon"), el)
    shape = _Shape(island)
    index = seen
    ships = [s.at for s in island.spaces if s.kind == SHIP]
    reach: set = set()
    if len(ships) != 2:
        report.add("rivages/ship-count", f"an island has exactly 2 ships, this one has {len(ships)}",
                   at=("spaces",) if not ships else ("spaces", index[ships[0]]),
                   element=("space", *ships[0]) if ships else None)
    else:
        reach = shape.reach(ships[0])
        if ships[1] not in reach:
            report.add("rivages/ship-unreachable", f"the ship at {_hx(ships[1])} cannot be reached from the ship at "
                       f"{_hx(ships[0])} without crossing a stronghold", at=("spaces", index[ships[1]]),
                       element=("space", *ships[1]))
        else:
            for h, here in shape.kind.items():
                if here != STRONGHOLD and h not in reach:
                    report.add("rivages/space-unreachable", f"space {_hx(h)} cannot be reached from the ships",
                               at=("spaces", index[h]), element=("space", *h), severity="warning")
    reachable = reach if len(ships) == 2 and ships[1] in reach else set()
    for i, (a, b) in enumerate(island.bridges):
        el = ("bridge", *a, *b)
        for k, end in enumerate((a, b)):
            if end not in shape.kind:
                report.add("rivages/bridge-end-missing", f"the bridge end {_hx(end)} is not a space",
                           at=("bridges", i, k), element=el)
            elif shape.kind[end] == STRONGHOLD:
                report.add("rivages/bridge-stronghold", f"the bridge end {_hx(end)} is a stronghold, so the bridge "
                           "can never be used", at=("bridges", i, k), element=el, severity="warning")
        if a == b or distance(a, b) == 1:
            report.add("rivages/bridge-neighbours", f"the bridge {_hx(a)}-{_hx(b)} joins spaces that are already "
                       "neighbours", at=("bridges", i), element=el)
        else:
            land = _land_under(a, b, set(shape.kind) | set(island.forts))
            if land:
                report.add("rivages/bridge-over-land", f"the bridge {_hx(a)}-{_hx(b)} is laid over land "
                           f"({', '.join(map(_hx, land))}); a bridge crosses water between two coasts",
                           at=("bridges", i), element=el, severity="warning")
    for k, f in enumerate(island.forts):
        el = ("fort", *f)
        if f in shape.kind:
            report.add("rivages/fort-on-space", f"the fort at {_hx(f)} stands on a space", at=("forts", k), element=el)
        bad = [n for n in neighbours(f) if shape.kind.get(n) in (None, STRONGHOLD)]
        if bad:
            report.add("rivages/fort-neighbours", f"the fort at {_hx(f)} needs 6 crossable neighbours; "
                       + ", ".join(f"{_hx(n)} is {'a stronghold' if n in shape.kind else 'no space'}" for n in bad),
                       at=("forts", k), element=el)
    _quest(island, shape, reachable, terrains, rules, report)
    _missions(island, shape, reachable, terrains, report)
    _area_effects(island, terrains, rules, report)
    return report.findings


def _land_under(a, b, land: set) -> list:
    """The land hexes strictly between bridge ends ``a`` and ``b``: on the straight line, and
    on both sides when the line runs along hex edges (so a bridge along a coast is not land)."""
    n = distance(a, b)
    sides = []
    for eps in (1e-6, -1e-6):
        hexes = [cube_round(a[0] + eps + (b[0] - a[0]) * i / n, a[1] + eps + (b[1] - a[1]) * i / n)
                 for i in range(1, n)]
        sides.append([h for h in hexes if h in land])
    return sides[0] if sides[0] and sides[1] else []


def _area_effects(island: Island, terrains: list[str], rules: RivagesRules, report: Reporter) -> None:
    """An area icon or reward (RIV-I5) needs an area of its terrain on this island."""
    from studio.validate.island_goals import island_areas

    have = {a.terrain for a in island_areas(island, rules.area_bridges)}
    places: list[tuple[str, Effect | None, tuple, tuple]] = [(f"the icon of space {_hx(s.at)}", s.icon, ("spaces", i, "icon"), ("space", *s.at))
              for i, s in enumerate(island.spaces) if s.icon is not None and s.kind == WHITE]
    quest_at = ("goals", "quest", "steps") if island.quest_steps or len(island.quest.steps) > 1 else None
    for k, step in enumerate(island.quest.steps):
        at = (quest_at + (k,)) if quest_at else ("goals", "quest")
        who = f"quest step {k + 1}" if len(island.quest.steps) > 1 else "the quest"
        places.append((f"the reward of {who}", step.reward, at + ("reward",), ("goal", "quest")))
    for m, mission in enumerate(island.missions):
        for k, step in enumerate(mission.steps):
            who = f"mission {m + 1}" + (f" step {k + 1}" if len(mission.steps) > 1 else "")
            places.append((f"the reward of {who}", step.reward, ("goals", "missions", m, "steps", k, "reward"),
                           ("goal", f"mission {m + 1}")))
    for what, effect, at, element in places:
        if effect is None or not effect.area:
            continue
        if effect.area == ALL_TERRAINS:
            if not have:
                report.add("rivages/area-icon-no-area", f"{what} crosses a whole area, but the island has no area "
                           "(2 or more neighbouring spaces of one terrain), so it can never be used here",
                           at=at + ("area",), element=element, severity="warning")
        elif effect.area in terrains and effect.area not in have:
            report.add("rivages/area-icon-no-area", f"{what} crosses a whole {effect.area} area, but the island has "
                       f"no {effect.area} area (2 or more neighbouring {effect.area} spaces), so it can never be "
                       "used here", at=at + ("area",), element=element, severity="warning")


def _quest(island, shape, reachable, terrains, rules, report) -> None:
    used: set = set()
    for k, step in enumerate(island.quest.steps):
        at = ("goals", "quest", "steps", k) if island.quest_steps or len(island.quest.steps) > 1 else ("goals", "quest")
        el = ("goal", "quest")
        _effect(report, step.reward, terrains, at + ("reward",), el)
        _reward(report, step.reward, "quest", len(island.quest.steps), k, at, el)
        need: list = []
        if step.kind == "fort":
            if step.fort not in island.forts:
                report.add("rivages/quest-fort-missing", f"the quest's fort {_hx(step.fort)} is not in the island's "
                           "forts", at=at + ("fort",), element=("fort", *step.fort))
            need = [n for n in neighbours(step.fort) if shape.kind.get(n) not in (None, STRONGHOLD)]
        elif step.kind == "spaces":
            if not step.spaces:
                report.add("rivages/quest-no-spaces", f"quest step {k + 1} picks no spaces (pick 1 to "
                           f"{MAX_QUEST_SPACES} on the island)", at=at, element=el)
            elif len(step.spaces) > MAX_QUEST_SPACES:
                report.add("rivages/quest-too-many-spaces", f"quest step {k + 1} picks {len(step.spaces)} spaces; "
                           f"a quest step names at most {MAX_QUEST_SPACES}", at=at + ("spaces",), element=el)
            for j, h in enumerate(step.spaces):
                if h not in shape.kind:
                    report.add("rivages/quest-space-missing", f"the quest names {_hx(h)}, which is not a space",
                               at=at + ("spaces", j), element=("space", *h))
                elif shape.kind[h] == STRONGHOLD:
                    report.add("rivages/quest-space-stronghold", f"the quest names {_hx(h)}, a stronghold, which can "
                               "never be crossed", at=at + ("spaces", j), element=("space", *h))
                else:
                    need.append(h)
        elif step.kind == "pattern":
            if not 2 <= len(step.pattern) <= 6:
                report.add("rivages/pattern-length", f"quest step {k + 1}'s pattern has {len(step.pattern)} "
                           "space kind" + ("" if len(step.pattern) == 1 else "s") + "; a pattern has 2 to 6",
                           at=at + ("pattern",), element=el)
                continue
            unknown = [p for p in step.pattern if p not in terrains and p not in (WHITE, SHIP)]
            if unknown:
                report.add("rivages/unknown-kind", f"the pattern names {', '.join(map(repr, unknown))}: not a terrain "
                           "or white", at=at + ("pattern",), element=el)
                continue
            places = _pattern_places(shape, step.pattern, rules.pattern, reachable)
            places = [p for p in places if not set(p) & used]
            if not places:
                report.add("rivages/pattern-missing", f"no {'row' if rules.pattern == 'row' else 'line'} of reachable "
                           f"spaces reads {' > '.join(step.pattern)}" + (" apart from the first step's spaces" if used else ""),
                           at=at + ("pattern",), element=el)
            else:
                used |= set(places[0])
            continue
        if reachable:
            far = [h for h in need if h not in reachable]
            if far:
                report.add("rivages/quest-unreachable", "the quest needs " + ", ".join(map(_hx, far))
                           + ", which cannot be reached from the ships", at=at, element=el)
        if set(need) & used:
            report.add("rivages/step-overlap", "the second step needs " + ", ".join(map(_hx, sorted(set(need) & used)))
                       + ", already used by the first step, so it can never be met", at=at, element=el)
        used |= set(need)


def _pattern_places(shape, pattern, mode, reachable) -> list[tuple]:
    dirs = [(1, 0)] if mode == "row" else [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    out = []
    for (q, r) in shape.kind:
        for dq, dr in dirs:
            run = tuple((q + dq * k, r + dr * k) for k in range(len(pattern)))
            if all(shape.kind.get(h) == want and (not reachable or h in reachable) for h, want in zip(run, pattern)):
                out.append(run)
    return out


def _areas(shape) -> dict:
    """terrain -> list of areas (sets of 2 or more hexes joined by neighbours)."""
    out: dict = {}
    for k, comp in clusters(shape.kind):
        if k not in SPECIAL_KINDS:
            out.setdefault(k, []).append(comp)
    return out


def _missions(island, shape, reachable, terrains, report) -> None:
    areas = _areas(shape)
    for i, mission in enumerate(island.missions):
        el = ("goal", f"mission {i + 1}")
        need: Counter = Counter()
        for k, step in enumerate(mission.steps):
            at = ("goals", "missions", i, "steps", k)
            _effect(report, step.reward, terrains, at + ("reward",), el)
            _reward(report, step.reward, f"mission {i + 1}", len(mission.steps), k, at, el)
            if not 1 <= step.count <= 2:
                report.add("rivages/mission-count", f"mission {i + 1} step {k + 1} asks for {step.count} areas; "
                           "a mission step asks for 1 or 2", at=at + ("areas", "count"), element=el)
            if step.terrain not in terrains:
                report.add("rivages/unknown-terrain", f"the mission asks for {step.terrain!r} areas: not a terrain "
                           f"({', '.join(terrains)})", at=at + ("areas", "terrain"), element=el)
                continue
            need[step.terrain] += step.count
        for terrain, count in need.items():
            found = areas.get(terrain, [])
            usable = [a for a in found if not reachable or a & reachable]
            if len(usable) < count:
                where = ("goals", "missions", i)
                extra = f" ({len(found) - len(usable)} more cannot be reached)" if len(found) > len(usable) else ""
                report.add("rivages/area-missing", f"mission {i + 1} needs {count} {terrain} area"
                           f"{'s' if count > 1 else ''} (2 or more neighbouring {terrain} spaces); the island has "
                           f"{len(usable)}{extra}", at=where, element=el)


# --- trees -------------------------------------------------------------------------------------

def _tree(tree: Tree, terrains: list[str]) -> list[Finding]:
    report = Reporter(tree.path, tree.source)
    for side_name in SIDES:
        side = tree.sides.get(side_name)
        if side is None:
            continue
        base = ("sides", side_name)
        for nid, node in side.nodes.items():
            _effect(report, node.effect, terrains, base + ("nodes", nid, "effect"), ("node", side_name, nid))
        if side.start not in side.nodes:
            report.add("rivages/tree-start", f"side {side_name}: the start node {side.start!r} does not exist",
                       at=base + ("start",), element=("node", side_name, side.start))
        links: dict = {n: set() for n in side.nodes}
        for i, (a, b) in enumerate(side.links):
            missing = [n for n in (a, b) if n not in side.nodes]
            if missing or a == b:
                why = f"names unknown node {', '.join(missing)}" if missing else "links a node to itself"
                report.add("rivages/tree-link", f"side {side_name}: the link [{a}, {b}] {why}",
                           at=base + ("links", i), element=("node", side_name, missing[0] if missing else a))
                continue
            links[a].add(b)
            links[b].add(a)
        if side.start in side.nodes:  # RIV-W2: every node grows from the start
            seen = {side.start}
            todo = [side.start]
            while todo:
                for n in links[todo.pop()]:
                    if n not in seen:
                        seen.add(n)
                        todo.append(n)
            for nid in side.nodes:
                if nid not in seen:
                    report.add("rivages/tree-unreachable", f"side {side_name}: node {nid} cannot be reached from the "
                               f"start node {side.start}", at=base + ("nodes", nid), element=("node", side_name, nid),
                               key=True)
        if side.start not in side.nodes:
            continue
        branching = any(len(v) >= 3 for v in links.values()) or len(links[side.start]) >= 2
        if side_name == "B" and not branching:
            report.add("rivages/tree-no-branch", "side B has no branching path", at=base, severity="warning")
        if side_name == "A" and branching:
            report.add("rivages/tree-branches", "side A branches; the rulebook's side A is one path", at=base,
                       severity="warning")
    return report.findings


# --- cards -------------------------------------------------------------------------------------

def deals_exploration(cards: CardSet) -> bool:
    """Whether ``cards`` is a deck of Exploration cards, so that the cards per player count
    matter (RIV-S3, RIV-S4): it holds some, or it is not a solo-only file (a card set with no
    cards at all is an empty deck, not a solo file)."""
    return bool(cards.exploration) or cards.solo is None


def _cards(cards: CardSet, terrains: list[str]) -> list[Finding]:
    report = Reporter(cards.path, cards.source)
    symbols = set(terrains) | set(CARD_ACTIONS)
    ids: dict = {}
    for group in ("exploration", "endgame"):
        for i, card in enumerate(getattr(cards, group)):
            el = ("card", card.id)
            if card.id in ids:
                report.add("rivages/duplicate-card", f"card id {card.id!r} is used twice", at=(group, i, "id"),
                           element=el)
            ids.setdefault(card.id, i)
            for r, row in enumerate(card.rows):
                for k, sym in enumerate(row):
                    if sym not in symbols:
                        report.add("rivages/unknown-symbol", f"card {card.id}: unknown symbol {sym!r} (known: "
                                   f"{', '.join(sorted(symbols))}){did_you_mean(sym, symbols)}",
                                   at=(group, i, "rows", r, k), element=el)
    if deals_exploration(cards):
        for n in range(2, MAX_PLAYERS + 1):
            have = len(cards.for_players(n))
            if have < 2 * n + 1:
                short = "cannot deal 2 to each player" if have < 2 * n else "leave no card in the deck after the deal"
                report.add("rivages/too-few-cards", f"{n} players: the {have} Exploration cards marked {n}+ or lower "
                           f"{short} (at least {2 * n + 1} needed)", at=("exploration",))
            elif have < 3 * n:
                report.add("rivages/few-cards", f"{n} players: {have} Exploration cards make a very short game "
                           f"(fewer than {3 * n})", at=("exploration",), severity="warning")
        if not cards.endgame:
            report.add("rivages/no-endgame", "no Endgame cards: the end comes only when the deck runs out",
                       at=("exploration",), severity="warning")
    if cards.solo is not None:
        solo = cards.solo
        if solo.removed > solo.cards:
            report.add("rivages/solo-timer", f"the solo game ends after {solo.removed} cards are removed, but only "
                       f"{solo.cards} are dealt", at=("solo", "target", "removed"))
        if cards.exploration and len(cards.for_players(2)) < solo.cards:
            report.add("rivages/too-few-solo-cards", f"solo deals {solo.cards} cards marked 2+, this set has "
                       f"{len(cards.for_players(2))}", at=("solo", "target", "cards"))
        seen: set = set()
        for i, c in enumerate(solo.challenges):
            if c.id in seen:
                report.add("rivages/duplicate-challenge", f"challenge id {c.id!r} is used twice",
                           at=("solo", "challenges", i, "id"), element=("challenge", c.id))
            seen.add(c.id)
    return report.findings


# --- loot --------------------------------------------------------------------------------------

def _loot(loot: LootSet, terrains: list[str]) -> list[Finding]:
    report = Reporter(loot.path, loot.source)
    seen: set = set()
    for i, t in enumerate(loot.tokens):
        el = ("loot", t.kind)
        if t.kind in seen:
            report.add("rivages/duplicate-loot", f"loot kind {t.kind!r} is listed twice", at=("tokens", i, "kind"),
                       element=el)
        seen.add(t.kind)
        _effect(report, t.effect, terrains, ("tokens", i, "effect"), el)
    return report.findings


# --- scenario ----------------------------------------------------------------------------------

def _scenario(sc: RivagesScenario) -> list[Finding]:
    report = Reporter(sc.path, sc.source)
    names = sc.terrain_names()
    for i, t in enumerate(sc.terrains):
        if t.name in RESERVED_NAMES:
            report.add("rivages/reserved-terrain", f"terrain {t.name!r} is a reserved word (space kinds and card "
                       "symbols)", at=("terrains", i, "name"), element=("terrain", t.name))
        if names.count(t.name) > 1 and names.index(t.name) != i:
            report.add("rivages/duplicate-terrain", f"terrain {t.name!r} is declared twice",
                       at=("terrains", i, "name"), element=("terrain", t.name))
    for n, (first, second) in sorted(sc.great_explorer.items()):
        if first < second:
            report.add("rivages/great-explorer", f"{n} players: first place gets {first} scrolls, less than second "
                       f"place ({second})", at=("great_explorer", str(n)), severity="warning")
    if sc.path is None:
        return report.findings  # unsaved: references cannot be resolved
    unloaded: dict[str, list] = {"islands": [], "trees": []}
    islands = _referenced(sc, "islands", sc.islands, Island, names, report, failed=unloaded["islands"])
    trees = _referenced(sc, "trees", sc.trees, Tree, names, report, failed=unloaded["trees"])
    (cards,) = _referenced(sc, "cards", [sc.cards], CardSet, names, report, single=True) or (None,)
    _referenced(sc, "loot", [sc.loot], LootSet, names, report, single=True)
    # (what, models, fewest for 2 players, for 5 players): 2 players need an island each and one in the pile
    for kind, found, least, need, codes in (
            ("islands", islands, 3, MAX_PLAYERS + 1, ("rivages/too-few-islands", "rivages/few-islands")),
            ("trees", trees, 2, MAX_PLAYERS, ("rivages/too-few-trees", "rivages/few-trees"))):
        at = (kind,)
        for ident, count in Counter(x.id for x in found).items():
            if count > 1:
                report.add("rivages/duplicate-id", f"two {kind} files have the id {ident!r}", at=at,
                           element=(kind[:-1], ident))
        if unloaded[kind]:
            continue  # each file that did not load is reported once; counting the rest would add a follow-on
        if len(found) < least:
            report.add(codes[0], f"{len(found)} {kind}: even 2 players cannot play", at=at)
        elif len(found) < need:
            report.add(codes[1], f"{len(found)} {kind}: 5 players need {need}", at=at, severity="warning")
    for t in trees:
        if sc.side not in t.sides:
            report.add("rivages/tree-side", f"tree {t.id!r} has no side {sc.side}", at=("side",), element=("tree", t.id))
    if sc.solo is not None:
        solo_set = cards if sc.solo.cards == sc.cards else None
        if solo_set is None:
            got = _referenced(sc, "solo", [sc.solo.cards], CardSet, names, report, single=True, at=("solo", "cards"))
            solo_set = got[0] if got else None
        if solo_set is not None and solo_set.solo is None:
            report.add("rivages/no-solo-cards", f"{sc.solo.cards} has no 'solo:' cards", at=("solo", "cards"))
        elif solo_set is not None:
            known = {c.id for c in solo_set.solo.challenges}
            if isinstance(sc.solo.challenges, tuple):
                for c in sc.solo.challenges:
                    if c not in known:
                        report.add("rivages/unknown-challenge", f"no solo challenge {c!r} (known: "
                                   f"{', '.join(sorted(known))}){did_you_mean(c, known)}", at=("solo", "challenges"),
                                   element=("challenge", c))
            elif sc.solo.challenges > len(known):
                report.add("rivages/unknown-challenge", f"{sc.solo.challenges} challenges asked, the solo cards have "
                           f"{len(known)}", at=("solo", "challenges"))
            if sc.solo.mode == "advanced" and not sc.solo.challenges:
                report.add("rivages/no-challenge", "the advanced solo game is played with 1 to 5 challenges",
                           at=("solo",), severity="warning")
            if cards is not None and cards is not solo_set and len(cards.for_players(2)) < solo_set.solo.cards:
                report.add("rivages/too-few-solo-cards", f"solo deals {solo_set.solo.cards} cards marked 2+, the "
                           f"scenario's cards have {len(cards.for_players(2))}", at=("cards",))
    return group_escapes(report.findings, report.escapes)


def _referenced(sc, field, refs, cls, terrains, report, single=False, at=None, failed=None) -> list:
    """Load and lint the files ``refs`` (a folder or a list) of ``field``; their own findings
    keep their own path. Returns the models that loaded; ``failed`` (a list) gets one entry per
    reference that did not load (already reported), so counts can leave them out."""
    at = at or (field,)
    failed = [] if failed is None else failed
    try:
        if isinstance(refs, str):
            folder = resolve_reference(sc.path, refs)
            if not folder.is_dir():
                report.add("rivages/missing-file", f"{field}: no folder {refs}", at=at)
                failed.append(refs)
                return []
            targets = []
            for p in folder_files(folder):  # each file checked too: a link in the folder may leave the root
                ref = os.path.join(refs, p.name)
                try:
                    target = resolve_reference(sc.path, ref)
                except LoadError as exc:
                    report.add_reference_error(exc, field, at=at)
                    failed.append(ref)
                    continue
                targets.append((target, shown_reference(sc.path, ref, target)))
        else:
            targets = []
            for i, ref in enumerate(refs):
                try:
                    target = resolve_reference(sc.path, ref)
                except LoadError as exc:
                    report.add_reference_error(exc, field, at=at if single else at + (i,))
                    failed.append(ref)
                    continue
                targets.append((target, shown_reference(sc.path, ref, target)))
    except LoadError as exc:
        report.add_reference_error(exc, field, at=at)
        failed.append(refs)
        return []
    out = []
    for i, (target, shown) in enumerate(targets):
        where = at if single or isinstance(refs, str) else at + (i,)
        missing = missing_reason(target)
        if missing is not None:  # a looping or dangling link is read below: the loader says why
            report.add("rivages/missing-file", f"{field}: {shown}: {missing}", at=where)
            failed.append(shown)
            continue
        try:
            doc = load_document(target, name=shown)  # the very file checked, named as spelled
        except LoadError as exc:
            report.extend([Finding(exc.code, "error", exc.message, exc.path or shown, exc.line, exc.col)])
            failed.append(shown)
            continue
        if doc.format != cls.FORMAT:
            report.add("rivages/wrong-kind", f"{field}: {shown} is a {doc.format or 'file without format'}, "
                       f"not a {cls.FORMAT}", at=where)
            failed.append(shown)
            continue
        found = check_schema(doc.data, doc.source, doc.path)
        if has_errors(found):
            report.extend(found)
            failed.append(shown)
            continue
        model = cls.from_data(migrate(doc.data), source=doc.source, path=doc.path)
        report.extend(found + rivages_findings(model, terrains, sc.rules))
        out.append(model)
    return out
