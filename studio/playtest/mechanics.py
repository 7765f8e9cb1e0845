"""Location mechanics measured from the engine's own events, per seat, over a batch.

A game played by :func:`~studio.playtest.runner.play_game` records its location events
(:mod:`studio.rules.events`); :func:`measure_game` turns them, with the final state, into one
``{measure code: value}`` dict per seat (:data:`MEASURES`: escapes, far-edge bonuses and the
round they come, bridges, pictures, empty segments, excavation sites and their sizes,
territories, idol majorities, self-crossings, artifacts; Rivages: islands, goal steps and when,
tree spaces, Loot drawn, played and held, Great Explorer, bridges, effects lost).
:class:`MeasureTally` sums them over a batch (memory flat in the games) into
:class:`MeasureStat` s, with 95% intervals, and per Rivages starting island and tree
(:class:`OriginStat`); :func:`location_findings` names the location's own mechanics when they
misbehave (:data:`LOCATION_CODES`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from studio.playtest.insight import Finding

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Measure:
    """What one figure counts. ``kind``: ``share`` (0 or 1 per seat and game: reported as the
    share of games, with a Wilson interval), ``count`` (a number per seat and game: mean per
    game, normal 95% interval) or ``each`` (a value per occurrence, e.g. a site's size: mean of
    the occurrences). ``use``: the mechanic is in play when this is above 0 (for the rare and
    unused findings); ``penalty``: points lost to a rule."""

    code: str
    words: str
    clause: str
    kind: str
    unit: str = ""
    use: bool = False
    penalty: bool = False
    mechanic: str = ""


def _m(code, words, clause, kind, unit="", use=False, penalty=False, mechanic=""):
    return code, Measure(code, words, clause, kind, unit, use, penalty, mechanic)


MEASURES = dict([
    _m("far_edge", "reached the far edge", "L1-2", "share", use=True, mechanic="the far-edge bonus"),
    _m("far_edge_round", "round the far edge was reached", "L1-2", "each", "round"),
    _m("far_edge_bonus", "far-edge bonus", "L1-2", "count", "VP"),
    _m("escaped", "escaped the volcano", "L2-3", "share", mechanic="the volcano escape"),
    _m("escape_energy", "energy held at the end", "L2-3", "count", "energy"),
    _m("escape_failed_energy", "energy held by a seat that could not escape", "L2-4", "each", "energy"),
    _m("bridges", "bridges crossed first", "L3-2", "count", use=True, mechanic="bridges over the canals"),
    _m("bridge_energy", "energy from bridges", "L3-2", "count", "energy"),
    _m("pictures", "pictures completed", "L4-2", "count", use=True, mechanic="pictures"),
    _m("picture_majorities", "picture majority bonuses", "L4-6", "count"),
    _m("picture_bonus", "picture majority bonus", "L4-6", "count", "VP"),
    _m("empty_segments", "empty segments explored or closed", "L4-3", "count"),
    _m("empty_loss", "points lost to empty segments", "L4-3", "count", "VP", penalty=True,
       mechanic="the empty-segment penalty"),
    _m("sites", "excavation sites closed", "L5-4", "count", use=True, mechanic="excavation sites"),
    _m("site_size", "size of an excavation site", "L5-4", "each", "segments"),
    _m("site_points", "excavation points", "L5-4", "count", "VP"),
    _m("small_closures", "closures too small to be a site", "L5-4", "count"),
    _m("territories", "distinct territories", "L6-6", "count", use=True, mechanic="distinct territories"),
    _m("territory_points", "territory points", "L6-6", "count", "VP"),
    _m("idols", "idols held", "L7-1", "count", use=True, mechanic="idols"),
    _m("idol_majorities", "idol majorities", "L7-4", "count"),
    _m("idol_points", "idol majority points", "L7-4", "count", "VP"),
    _m("self_crossings", "chain self-crossings", "L8-6", "count"),
    _m("self_crossings_forced", "self-crossings with nothing else legal", "L8-6", "count"),
    _m("self_cross_loss", "points lost to self-crossings", "L8-6", "count", "VP", penalty=True,
       mechanic="the self-crossing penalty"),
    _m("artifacts", "artifacts found", "L8-2", "count", use=True, mechanic="artifacts"),
    _m("artifact_sets", "artifact sets scored", "L8-9", "count", use=True, mechanic="sets of artifacts"),
    # Rivages
    _m("islands", "islands visited", "RIV-I1", "count"),
    _m("sails", "voyages to a new island", "RIV-I1", "count", use=True, mechanic="sailing to new islands"),
    _m("first_sail_round", "round of the first voyage", "RIV-I1", "each", "round"),
    _m("goal_steps", "goal steps met", "RIV-G1", "count", use=True, mechanic="goals"),
    _m("quest_steps", "quest steps met", "RIV-G5", "count", use=True, mechanic="quests"),
    _m("goal_round", "round a goal step was met", "RIV-G1", "each", "round"),
    _m("tree_spaces", "tree spaces crossed", "RIV-W1", "count", use=True, mechanic="the Tree of Wisdom"),
    _m("loot_drawn", "Loot tokens drawn", "RIV-I6", "count", use=True, mechanic="Loot"),
    _m("loot_played", "Loot tokens played", "RIV-I6", "count", use=True, mechanic="playing Loot"),
    _m("loot_held", "Loot tokens held at the end", "RIV-E5", "count"),
    _m("great_explorer", "Great Explorer bonus", "RIV-E5", "count", "scrolls"),
    _m("great_explorer_first", "first place for the Great Explorer", "RIV-E5", "share"),
    _m("bridges_crossed", "bridges crossed", "RIV-T8", "count", use=True, mechanic="bridges"),
    _m("effects_lost", "effects lost (nothing to act on)", "RIV-G2", "count"),
])
"""Every measure, by code (:class:`Measure`)."""

#: the measures of each Rule the Realm module (``rules.modules``)
MODULE_MEASURES = {
    "cross-board": ("far_edge", "far_edge_round", "far_edge_bonus"),
    "volcano": ("escaped", "escape_energy", "escape_failed_energy"),
    "canals": ("bridges", "bridge_energy"),
    "pictures": ("pictures", "picture_majorities", "picture_bonus", "empty_segments", "empty_loss"),
    "excavation": ("sites", "site_size", "site_points", "small_closures"),
    "territories": ("territories", "territory_points"),
    "idols": ("idols", "idol_majorities", "idol_points"),
    "labyrinth": ("self_crossings", "self_crossings_forced", "self_cross_loss", "artifacts", "artifact_sets"),
}
RIVAGES_MEASURES = ("islands", "sails", "first_sail_round", "goal_steps", "quest_steps", "goal_round", "tree_spaces",
                    "loot_drawn", "loot_played", "loot_held", "great_explorer", "great_explorer_first",
                    "bridges_crossed", "effects_lost")
RIVAGES_SOLO_MEASURES = tuple(c for c in RIVAGES_MEASURES if not c.startswith("great_explorer"))


def active_measures(game) -> tuple[str, ...]:
    """The measure codes that apply to ``game``: its modules' (Rule the Realm), or Rivages'."""
    if getattr(game, "kind", None) == "rivages":
        return RIVAGES_SOLO_MEASURES if getattr(game, "solo", None) is not None else RIVAGES_MEASURES
    out: list[str] = []
    for name in (getattr(getattr(game, "rules", None), "modules", None) or {}):
        out.extend(MODULE_MEASURES.get(name, ()))
    return tuple(out)


def measure_game(state, events, forced_events=()) -> tuple[dict, ...]:
    """Per seat, ``{code: value}`` for every measure of the game (:func:`active_measures`):
    ``each`` measures as a list of values, the others as numbers (0 when nothing happened).
    ``events``: the game's :class:`~studio.rules.events.Event` s; ``forced_events``: the indices
    of those that came from a forced decision (see :class:`~studio.playtest.insight.Watch`).
    Rivages figures held at the end (islands, Loot held) come from the final state."""
    game = state.game
    codes = active_measures(game)
    n = state.players
    out: list[dict[str, Any]] = [{c: ([] if MEASURES[c].kind == "each" else 0) for c in codes} for _ in range(n)]
    forced = set(forced_events)
    first_sail = [True] * n
    for i, e in enumerate(events):
        k, s, d = e.kind, e.seat, e.data
        if s is None or not 0 <= s < n:
            continue
        m = out[s]
        if k == "far-edge":
            m["far_edge"] = 1
            m["far_edge_round"].append(e.round)
            m["far_edge_bonus"] += d["bonus"]
        elif k == "escape":
            m["escaped"] = 1
            m["escape_energy"] = d["energy"]
        elif k == "no-escape":
            m["escape_energy"] = d["energy"]
            m["escape_failed_energy"].append(d["energy"])
        elif k == "bridge":
            if "bridges" in m:
                m["bridges"] += 1
                m["bridge_energy"] += d.get("energy", 0)
            elif "bridges_crossed" in m:
                m["bridges_crossed"] += 1
        elif k == "picture":
            m["pictures"] += 1
            for leader in d["leaders"]:
                if 0 <= leader < n:
                    out[leader]["picture_majorities"] += 1
                    out[leader]["picture_bonus"] += d["bonus"]
        elif k == "empty-segments":
            m["empty_segments"] += d["count"]
            m["empty_loss"] += d["loss"]
        elif k == "site":
            if d["bonus"]:
                m["sites"] += 1
                m["site_size"].append(d["size"])
                m["site_points"] += d["bonus"]
            elif d["size"]:
                m["small_closures"] += 1
        elif k == "territories":
            m["territories"] = d["count"]
            m["territory_points"] = d["points"]
        elif k == "idols":
            m["idols"] += d["count"]
        elif k == "idol-majority":
            m["idol_majorities"] += 1
            m["idol_points"] += d["points"]
        elif k == "self-crossing":
            m["self_crossings"] += 1
            m["self_cross_loss"] += d["loss"]
            m["self_crossings_forced"] += i in forced
        elif k == "artifact":
            m["artifacts"] += 1
        elif k == "artifact-sets":
            m["artifact_sets"] = d["sets"]
        elif k == "sail":
            m["sails"] += 1
            if first_sail[s]:
                first_sail[s] = False
                m["first_sail_round"].append(e.round)
        elif k == "goal":
            m["goal_steps"] += 1
            m["quest_steps"] += d["goal"] == "quest"
            m["goal_round"].append(e.round)
        elif k == "tree":
            m["tree_spaces"] += 1
        elif k == "loot-draw":
            m["loot_drawn"] += 1
        elif k == "loot-play":
            m["loot_played"] += 1
        elif k == "effect-lost":
            m["effects_lost"] += 1
        elif k == "great-explorer" and "great_explorer" in m:
            m["great_explorer"] = d["bonus"]
            m["great_explorer_first"] = int(d["bonus"] > 0 and d["bonus"] == max(game.great_explorer))
    if getattr(game, "kind", None) == "rivages":
        for s, p in enumerate(state.players_state):
            out[s]["islands"] = p.islands_visited
            out[s]["loot_held"] = len(p.loot)
    return tuple(out)


def places_of(events, forced_events=()) -> tuple:
    """Where on the board the location's rules acted, ``(measure code, element key)`` per event
    that names a place (:mod:`studio.playtest.elements` keys): each Labyrinth self-crossing's peg
    (``self_crossings``, and ``self_crossings_forced`` when nothing else was legal, L8-6); the
    segments of each excavation site closed (``sites``) and of each region closed too small to be
    one (``small_closures``, L5-4). ``forced_events``: as for :func:`measure_game`."""
    forced = set(forced_events)
    out = []
    for i, e in enumerate(events):
        if e.kind == "self-crossing" and e.data.get("peg"):
            out.append(("self_crossings", f"peg {e.data['peg']}"))
            if i in forced:
                out.append(("self_crossings_forced", f"peg {e.data['peg']}"))
        elif e.kind == "site":
            code = "sites" if e.data.get("bonus") else "small_closures"
            out.extend((code, f"segment {key}") for key in e.data.get("segments", ()))
    return tuple(out)


def origins_of(state) -> tuple:
    """Rivages: per seat, ``(starting island id, tree id)`` (RIV-S1, RIV-S2); () otherwise."""
    if getattr(state.game, "kind", None) != "rivages":
        return ()
    game = state.game
    out = []
    for p in state.players_state:
        start = p.past[0][0] if p.past else p.island
        out.append((game.maps[start].id, game.trees[p.tree].id))
    return tuple(out)


# -- a batch ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SeatMeasure:
    """One measure for one seat (or all seats, ``seat`` None): ``mean`` (a share for ``share``
    measures) with its 95% interval ``low``..``high`` over ``n`` seat-games (``each``: over ``n``
    occurrences); for counts a normal interval of the mean, cut at 0 (no measure is negative)."""

    seat: int | None
    mean: float
    low: float
    high: float
    n: int


@dataclass(frozen=True)
class MeasureStat:
    """A measure over a batch: per seat and for all seats together; ``games_used``: games in
    which some seat scored above 0 on it (``each``: had an occurrence), of ``games``."""

    code: str
    words: str
    clause: str
    kind: str
    unit: str
    seats: list
    overall: SeatMeasure
    games_used: int
    games: int


@dataclass(frozen=True)
class OriginStat:
    """Rivages: the seats that started on one island (``group`` ``"island"``) or played one tree
    (``"tree"``): ``seats`` seat-games, ``wins`` (a shared win split), ``win_rate`` with its
    95% Wilson interval, ``score_mean``."""

    group: str
    id: str
    seats: int
    wins: float
    win_rate: float
    low: float
    high: float
    score_mean: float


def _wilson(k: float, n: int) -> tuple[float, float]:
    from studio.playtest.stats import wilson

    return wilson(k, n)


class _Acc:
    __slots__ = ("n", "total", "squares")

    def __init__(self):
        self.n = 0
        self.total = 0.0
        self.squares = 0.0

    def add(self, v: float) -> None:
        self.n += 1
        self.total += v
        self.squares += v * v

    def merge(self, other: "_Acc") -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    def stat(self, seat, share: bool) -> SeatMeasure:
        n = self.n
        if n == 0:
            return SeatMeasure(seat, math.nan, math.nan, math.nan, 0)
        mean = self.total / n
        if share:
            low, high = _wilson(self.total, n)
            return SeatMeasure(seat, mean, low, high, n)
        var = max(0.0, (self.squares - n * mean * mean) / (n - 1)) if n > 1 else 0.0
        half = Z95 * math.sqrt(var / n)
        return SeatMeasure(seat, mean, max(0.0, mean - half), mean + half, n)  # every measure is 0 or more


class MeasureTally:
    """Running sums of the measures of a batch (:meth:`add` a game's :func:`measure_game`
    output, its winners and scores, and its :func:`origins_of`)."""

    def __init__(self):
        self.games = 0
        self.codes: list[str] = []
        self.acc: dict[str, list[_Acc]] = {}
        self.used: dict[str, int] = {}
        self.origins: dict[tuple, list] = {}   # (group, id) -> [seats, wins, score sum]

    def add(self, mechanics, winners=(), scores=(), origins=()) -> None:
        self.games += 1
        n = len(mechanics)
        for s, values in enumerate(mechanics):
            for code, v in values.items():
                if code not in MEASURES:
                    continue  # a measure of a later version: not known here
                accs = self.acc.get(code)
                if accs is None:
                    self.codes.append(code)
                    accs = self.acc[code] = []
                    self.used[code] = 0
                while len(accs) < n:
                    accs.append(_Acc())
                if isinstance(v, (list, tuple)):
                    for x in v:
                        accs[s].add(float(x))
                else:
                    accs[s].add(float(v))
        for code in self.codes:
            if any((len(m.get(code) or ()) if isinstance(m.get(code), (list, tuple)) else (m.get(code) or 0) > 0)
                   for m in mechanics):
                self.used[code] += 1
        for s, pair in enumerate(origins):
            for group, oid in zip(("island", "tree"), pair):
                row = self.origins.setdefault((group, oid), [0, 0.0, 0.0])
                row[0] += 1
                row[1] += (1.0 / len(winners)) if s in winners else 0.0
                row[2] += scores[s] if s < len(scores) else 0.0

    def stats(self) -> list[MeasureStat]:
        order = {c: i for i, c in enumerate(MEASURES)}
        out = []
        for code in sorted(self.codes, key=lambda c: order.get(c, len(order))):
            m = MEASURES[code]
            share = m.kind == "share"
            accs = self.acc[code]
            total = _Acc()
            for a in accs:
                total.merge(a)
            out.append(MeasureStat(code, m.words, m.clause, m.kind, m.unit,
                                   [a.stat(s, share) for s, a in enumerate(accs)], total.stat(None, share),
                                   self.used[code], self.games))
        return out

    def origin_stats(self) -> list[OriginStat]:
        out = []
        for (group, oid), (seats, wins, score) in sorted(self.origins.items()):
            low, high = _wilson(wins, seats)
            out.append(OriginStat(group, oid, seats, wins, wins / seats, low, high, score / seats))
        return out


# -- findings -----------------------------------------------------------------------------------

RARE = 0.25            # a mechanic in play in fewer games than this share: rarely used
ESCAPE_FAILS = 0.15    # seats failing to escape above this share of seat-games: a warning
PENALTY_VP = 2.0       # a penalty costing this many VP per seat and game or more: a warning
LOOT_PLAYED = 0.25     # Loot played / drawn below this (with a token or more drawn each): hoarded

LOCATION_CODES = ("nobody-escapes", "escape-fails", "heavy-penalty", "mechanic-unused", "mechanic-rare",
                  "loot-hoarded")
"""The finding codes :func:`location_findings` raises, worst first."""


def _share(k: int, of: int, what: str = "games") -> str:
    return f"{k} of {of} {what} ({100 * k / of:.0f}%)"


def _penalty_advice(code: str, spec) -> str:
    """What to try against a penalty paid all the time (a heavy-penalty finding)."""
    if code == "self_cross_loss":
        return ("make fewer self-crossings forced: add lines or segments near the start pegs so chains have "
                f"somewhere else to go, or lower the penalty ({spec.clause})")
    if code == "empty_loss":
        return f"put content on more of the outlined empty segments, or lower the penalty ({spec.clause})"
    return f"lower the penalty of {spec.mechanic} ({spec.clause}) or make it easier to avoid"


def location_findings(stats: list[MeasureStat], games: int, names=(), no_winner: int | None = None) -> list[Finding]:
    """The location mechanics that misbehave in a batch of ``games`` (``stats`` from
    :meth:`MeasureTally.stats`; ``names`` the seat names; ``no_winner``: games nobody won):
    nobody escaping the volcano (any game), seats failing to escape, a penalty costing
    ``PENALTY_VP`` or more per seat and game, a mechanic in play in no game or in fewer than
    ``RARE`` of them, Loot hoarded. Each :class:`~studio.playtest.insight.Finding` names the
    mechanic (``mechanic``: the measure code) and its clause, which is that measure's clause: the
    reports link the clause to the measure's row (seats failing to escape, L2-4, name the energy
    held by a seat that could not escape, not the escape share of L2-3)."""
    by = {m.code: m for m in stats}
    out: list[Finding] = []

    def seat(s: int) -> str:
        return f"seat {s + 1}" + (f" ({names[s]})" if s < len(names) and names[s] else "")

    esc = by.get("escaped")
    if esc is not None and games:
        nobody = games - esc.games_used
        failed = by.get("escape_failed_energy")
        held = (f"; a seat that could not escape held {failed.overall.mean:.1f} energy on average"
                if failed is not None and failed.overall.n else "")
        if nobody:
            out.append(Finding("nobody-escapes", nobody, games, nobody / games, "escaped",
                               f"nobody escaped the volcano in {_share(nobody, games)}: every seat ended short of "
                               f"the energy the escape needs (L2-4), so the game had no winner{held}",
                               mechanic="escape_failed_energy", clause="L2-4",
                               advice="put more energy within reach of the starts (energy symbols on the "
                                      "segments near them) or lower the energy the escape needs"))
        seat_games = esc.overall.n
        fails = seat_games - round(esc.overall.mean * seat_games) if seat_games else 0
        if seat_games and fails / seat_games > ESCAPE_FAILS:
            rate = fails / seat_games
            worst = sorted((x for x in esc.seats if x.n and 1 - x.mean > rate), key=lambda x: x.mean)
            named = "".join(f", {seat(x.seat)} in {100 * (1 - x.mean):.0f}%" for x in worst)
            out.append(Finding("escape-fails", fails, seat_games, rate, "escaped",
                               f"seats failed to escape the volcano in {_share(fails, seat_games, 'seat-games')}"
                               f"{named}: they lose whatever their score (L2-4){held}",
                               mechanic="escape_failed_energy", clause="L2-4", seats=tuple(x.seat for x in worst),
                               advice="put energy within easier reach of "
                                      + (" and ".join(f"seat {x.seat + 1}" for x in worst) or "every seat")
                                      + " (the energy segments it takes least often, next to the other seats, are "
                                      "outlined on the map), or lower the energy the escape needs"))
    for m in stats:
        spec = MEASURES.get(m.code)
        if spec is None or not games:
            continue
        if spec.penalty and m.overall.n and m.overall.mean >= PENALTY_VP:
            extra = ""
            if m.code == "self_cross_loss":
                crossings, forced = by.get("self_crossings"), by.get("self_crossings_forced")
                if crossings is not None and crossings.overall.mean > 0:
                    extra = f" ({crossings.overall.mean:.1f} self-crossings per seat and game"
                    if forced is not None:
                        extra += f", {100 * forced.overall.mean / crossings.overall.mean:.0f}% of them with " \
                                 "nothing else legal"
                    extra += ")"
            out.append(Finding("heavy-penalty", m.games_used, games, m.games_used / games, m.code,
                               f"{spec.mechanic} ({spec.clause}) costs {m.overall.mean:.1f} VP per seat and game"
                               f"{extra}, in {_share(m.games_used, games)}: a rule meant as a risk is paid all the "
                               "time", mechanic=m.code, clause=spec.clause, advice=_penalty_advice(m.code, spec)))
        if spec.use and m.games_used == 0:
            out.append(Finding("mechanic-unused", 0, games, 0.0, m.code,
                               f"{spec.mechanic} ({spec.clause}): no seat ever {_past(spec)} in {games} games; the "
                               "location's own rule never came into play", mechanic=m.code, clause=spec.clause,
                               advice=f"put what {spec.mechanic} needs within reach of the starts (see the "
                                      "outlined content), make it pay more, or drop the rule if it is not meant "
                                      "to matter"))
        elif spec.use and m.games_used / games < RARE:
            out.append(Finding("mechanic-rare", m.games_used, games, m.games_used / games, m.code,
                               f"{spec.mechanic} ({spec.clause}): a seat {_past(spec)} in only {_share(m.games_used, games)}; "
                               "the location's own rule rarely comes into play" + _why_rare(m.code, by),
                               mechanic=m.code, clause=spec.clause,
                               advice=f"bring {spec.mechanic} into play more often: move its content closer to "
                                      "the starts or make it cheaper or worth more"))
    drawn, played = by.get("loot_drawn"), by.get("loot_played")
    if drawn is not None and played is not None and drawn.overall.mean >= 1 \
            and played.overall.mean / drawn.overall.mean < LOOT_PLAYED:
        out.append(Finding("loot-hoarded", played.games_used, games, played.games_used / games if games else 0.0,
                           "loot_played",
                           f"explorers drew {drawn.overall.mean:.1f} Loot tokens each per game but played only "
                           f"{played.overall.mean:.1f} (RIV-I6): tokens are kept for their end value (RIV-E5), so "
                           "Loot effects rarely come into play", mechanic="loot_played", clause="RIV-I6",
                           advice="make playing Loot pay more than keeping it: lower the tokens' end value "
                                  "(RIV-E5) or give their effects more weight"))
    out.sort(key=lambda f: (LOCATION_CODES.index(f.code), -f.share))
    return out


_PAST = {"far_edge": "reached the far edge", "bridges": "crossed a bridge first", "pictures": "completed a picture",
         "sites": "closed an excavation site", "territories": "held a territory", "idols": "took an idol",
         "artifacts": "found an artifact", "artifact_sets": "completed a set of artifacts",
         "sails": "sailed to a new island", "goal_steps": "met a goal step", "quest_steps": "met a quest step",
         "tree_spaces": "crossed a tree space", "loot_drawn": "drew a Loot token", "loot_played": "played a Loot token",
         "bridges_crossed": "crossed a bridge"}


def _why_rare(code: str, by: dict) -> str:
    """What the figures say about why a mechanic is rare, where they can: regions closed too
    small to be excavation sites."""
    small = by.get("small_closures")
    if code == "sites" and small is not None and small.overall.mean > 0:
        return (f", while regions too small to be a site were closed {small.overall.mean:.1f} times per seat and "
                "game (a site needs 4 segments not yet explored)")
    return ""


def _past(spec: Measure) -> str:
    return _PAST.get(spec.code, spec.words)


__all__ = ["LOCATION_CODES", "MEASURES", "MODULE_MEASURES", "Measure", "MeasureStat", "MeasureTally", "OriginStat",
           "SeatMeasure", "active_measures", "location_findings", "measure_game", "origins_of", "places_of"]
