"""Bot games without a window: one game (:func:`play_game`) or a batch (:func:`iter_batch`,
:func:`run_batch`), for Rule the Realm and Rivages.

Everything is reproducible: game ``i`` of a batch with seed ``S`` is dealt and played from
``game_seed(S, i)`` alone (the deal by ``game.new_state(seed)``, every bot decision by one
``random.Random(seed)``), so a game from a report can be replayed on its own, and a batch gives
exactly the same results in one process, in ``jobs`` worker processes or on a Dask cluster
(:mod:`studio.playtest.executors`). Bots only ever see what their seat sees: ``state.seat_view(seat)``
(``bot.decide``), which builds ``state.observation(seat)`` when the bot reads it.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from studio.bots import Bot, BotSpec
from studio.playtest.elements import taken
from studio.playtest.insight import Watch, end_code
from studio.rules.ends import NOT_FINISHED

DEFAULT_BOT = "greedy"
MAX_EVALUATE = 100  # positions valued per game at most (each values every legal move)


@dataclass(frozen=True)
class GameResult:
    """The outcome of one game. Per-seat tuples are in seat order (seat 0 played first).

    ``bands_used`` is empty for games without bands (Rivages); ``seat_stats`` holds, per seat,
    ``(name, value)`` pairs of the engine's own figures (Rivages: scrolls, loot, islands, ...);
    ``elements`` lists ``(key, seat)`` for the content the game took (see
    :mod:`studio.playtest.elements`); ``decided_at`` is the share of the actions played when the
    final winner took the lead for good (None without a winner or alone); ``lead_changes``
    counts how often the sole leader changed hands.

    Solo Rivages games (RIV-X1, RIV-X6) also carry ``target``, the scrolls the player had to
    reach (the target card plus scroll challenges; None in other games), and ``challenges``, one
    ``(id, name, kind, need, progress, met)`` tuple per challenge card of the game, in the
    order they were drawn (empty without challenges).

    Rivages games carry ``completions``: every goal step met, as ``(seat, island id, goal,
    step number, round)`` (RIV-G1 to RIV-G6; empty for Rule the Realm), for the per-island
    statistics of :mod:`studio.playtest.elements`.

    What the game watch (:class:`~studio.playtest.insight.Watch`) saw: ``end_code``, how the game
    ended as a code of :data:`~studio.playtest.insight.END_CODES` (the engine's
    :class:`~studio.rules.ends.GameEnd`; ``end_reason`` is its words); per seat, ``forced``
    decisions (no draw legal, no legal band gaining anything) and ``forced_loss``, the points
    those cost; ``dry_moves`` (bands placed with deck, discard and pool empty) and
    ``dry_wasted`` (those gaining no points nor energy); ``dry_round``, the first round the
    deck, discard pile and pool were empty (None: never); ``idle_rounds``, the longest run of
    rounds with only passes; ``arc``, every seat's score after each round; ``decisions`` (the bots' choices), ``branching`` (legal actions
    summed over the decisions) and ``turns``; ``offered`` / ``used``, the mechanics
    (:func:`~studio.playtest.insight.action_kind`) legal at some decision / chosen; ``no_band``,
    the seats for which no band was ever legal (Rule the Realm); ``idle_turns``, per seat, the
    longest run of turns in which it placed no band though bands were legal and content was
    within reach (a bot failure from :data:`~studio.playtest.botcheck.IDLE_TURNS` on; Rule the
    Realm, :mod:`studio.playtest.botcheck`).

    Location mechanics (:mod:`studio.playtest.mechanics`): ``mechanics``, per seat, ``{measure
    code: value}`` from the engine's events (:func:`~studio.playtest.mechanics.measure_game`);
    ``origins``, Rivages only, per seat ``(starting island id, tree id)``; ``places``, where on
    the board a mechanic acted, ``(measure code, element key)`` per event
    (:func:`~studio.playtest.mechanics.places_of`: the pegs of the Labyrinth's self-crossings),
    for the warnings that blame those places. The arc
    (:mod:`studio.playtest.arc`): ``drama`` (how far behind the final winner was, as a share of
    its score, over the positions it trailed) and ``trailing`` (the share of positions it
    trailed), None without a winner or alone; ``evaluated``, when positions were valued with the
    MCTS evaluator, ``{"positions", "drama", "stability", "narrowness", "spread"}``."""

    seed: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]          # seat indices; several for a shared win (RTR-E3), none when
                                      # every seat was eliminated (Volcano, L2-4) or a solo loss
    rounds: int
    actions: int                      # actions applied, Pass and extra-action purchases included
    end_reason: str
    bands_used: tuple[int, ...]
    seat_names: tuple[str, ...]
    bots: tuple[str, ...]
    elements: tuple = ()
    decided_at: float | None = None
    lead_changes: int = 0
    seat_stats: tuple = ()
    target: int | None = None
    challenges: tuple = ()
    completions: tuple = ()
    end_code: str = ""
    forced: tuple = ()
    forced_loss: tuple = ()
    dry_moves: tuple = ()
    dry_wasted: tuple = ()
    dry_round: int | None = None
    idle_rounds: int = 0
    arc: tuple = ()
    decisions: int = 0
    branching: int = 0
    turns: int = 0
    offered: tuple = ()
    used: tuple = ()
    no_band: tuple = ()
    idle_turns: tuple = ()
    mechanics: tuple = ()
    origins: tuple = ()
    places: tuple = ()
    drama: float | None = None
    trailing: float | None = None
    evaluated: dict | None = None

    @property
    def players(self) -> int:
        return len(self.scores)

    def to_dict(self) -> dict:
        return {
            "seed": self.seed, "scores": list(self.scores), "winners": list(self.winners),
            "rounds": self.rounds, "actions": self.actions, "end_reason": self.end_reason,
            "bands_used": list(self.bands_used), "seat_names": list(self.seat_names),
            "bots": list(self.bots), "decided_at": self.decided_at, "lead_changes": self.lead_changes,
            "seat_stats": [dict(pairs) for pairs in self.seat_stats],
            "elements": [[key, seat] for key, seat in self.elements],
            **({"target": self.target, "challenges": [
                {"id": c[0], "name": c[1], "kind": c[2], "need": c[3], "progress": c[4], "met": c[5]}
                for c in self.challenges]} if self.target is not None else {}),
            **({"completions": [list(c) for c in self.completions]} if self.completions else {}),
            "end_code": self.end_code, "forced": list(self.forced), "forced_loss": list(self.forced_loss),
            "dry_moves": list(self.dry_moves), "dry_wasted": list(self.dry_wasted),
            "dry_round": self.dry_round, "idle_rounds": self.idle_rounds, "arc": [list(a) for a in self.arc],
            "decisions": self.decisions, "branching": self.branching, "turns": self.turns,
            "offered": list(self.offered), "used": list(self.used), "no_band": list(self.no_band),
            **({"idle_turns": list(self.idle_turns)} if self.idle_turns else {}),
            "mechanics": [dict(m) for m in self.mechanics], "origins": [list(o) for o in self.origins],
            **({"places": [list(p) for p in self.places]} if self.places else {}),
            "drama": self.drama, "trailing": self.trailing,
            **({"evaluated": dict(self.evaluated)} if self.evaluated is not None else {}),
        }

    @classmethod
    def from_dict(cls, data: dict) -> "GameResult":
        decided = data.get("decided_at")
        return cls(
            seed=int(data["seed"]), scores=tuple(data["scores"]), winners=tuple(data["winners"]),
            rounds=int(data["rounds"]), actions=int(data["actions"]), end_reason=str(data["end_reason"]),
            bands_used=tuple(data["bands_used"]), seat_names=tuple(data["seat_names"]),
            bots=tuple(data["bots"]),
            elements=tuple((str(k), int(s)) for k, s in data.get("elements", [])),
            decided_at=None if decided is None else float(decided),
            lead_changes=int(data.get("lead_changes", 0)),
            seat_stats=tuple(tuple(d.items()) for d in data.get("seat_stats", [])),
            target=None if data.get("target") is None else int(data["target"]),
            challenges=tuple((str(c["id"]), str(c.get("name") or c["id"]), str(c["kind"]), int(c["need"]),
                              int(c["progress"]), bool(c["met"])) for c in data.get("challenges", [])),
            completions=tuple((int(c[0]), str(c[1]), str(c[2]), int(c[3]), int(c[4]))
                              for c in data.get("completions", [])),
            end_code=str(data.get("end_code", "")), forced=tuple(data.get("forced", ())),
            forced_loss=tuple(data.get("forced_loss", ())),
            dry_moves=tuple(data.get("dry_moves", ())), dry_wasted=tuple(data.get("dry_wasted", ())),
            dry_round=None if data.get("dry_round") is None else int(data["dry_round"]),
            idle_rounds=int(data.get("idle_rounds", 0)), arc=tuple(tuple(a) for a in data.get("arc", ())),
            decisions=int(data.get("decisions", 0)), branching=int(data.get("branching", 0)),
            turns=int(data.get("turns", 0)), offered=tuple(data.get("offered", ())), used=tuple(data.get("used", ())),
            no_band=tuple(int(x) for x in data.get("no_band", ())),
            idle_turns=tuple(int(x) for x in data.get("idle_turns", ())),
            mechanics=tuple(dict(m) for m in data.get("mechanics", ())),
            origins=tuple(tuple(o) for o in data.get("origins", ())),
            places=tuple((str(c), str(k)) for c, k in data.get("places", ())),
            drama=None if data.get("drama") is None else float(data["drama"]),
            trailing=None if data.get("trailing") is None else float(data["trailing"]),
            evaluated=None if data.get("evaluated") is None else dict(data["evaluated"]),
        )


def game_seed(batch_seed: int, index: int) -> int:
    """Seed of game ``index`` (0-based) of a batch run with ``batch_seed``."""
    return batch_seed * 1_000_003 + index


def resolve_bots(bot_names: str | Sequence[str] | None, players: int) -> list[str]:
    """One bot name per seat from ``None`` (greedy everywhere), one name (for every seat), a
    comma-separated string or a list; names may carry settings (``mcts:400``). Raises
    ValueError for an unknown name or bad settings, or a list whose length is neither 1 nor
    ``players``."""
    if bot_names is None:
        names = [DEFAULT_BOT]
    elif isinstance(bot_names, str):
        names = [n.strip() for n in bot_names.split(",")]
    else:
        names = [n if hasattr(n, "build") else str(n).strip() for n in bot_names]  # specs stay objects
    for n in names:
        if not hasattr(n, "build"):
            BotSpec.parse(n)  # raises BotSpecError naming the spec and the problem
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ValueError(f"give one bot for every seat or one for all: {players} players, got {len(names)} bots")
    return names


def play_game(game, bots: Sequence[Bot], seed: int, watch_forced: bool = True, evaluate: int = 0) -> GameResult:
    """Play one game to the end with one bot per seat. Deterministic in ``seed``: the deal is
    ``game.new_state(seed)`` and the bots share one ``random.Random(seed)``. A
    :class:`~studio.playtest.insight.Watch` follows the game (``watch_forced=False`` skips
    judging forced play, which tries the legal bands of decisions without a draw on a clone;
    see ``benchmarks/bench_insight.py`` for its cost); the engine records its location events
    (:mod:`studio.rules.events`), measured by :func:`~studio.playtest.mechanics.measure_game`;
    the scores after every action make the arc figures (:mod:`studio.playtest.arc`).
    ``evaluate``: how many positions to sample and value with the MCTS evaluator for drama,
    stability and clarity (0: none; costly, see :func:`~studio.playtest.arc.evaluate_positions`);
    neither changes play. Raises ValueError if the number of bots is not the number of players,
    and the engine's IllegalAction if a bot returns an action that is not legal."""
    from studio.playtest import arc
    from studio.rules.api import SeatView
    from studio.rules.events import record_events

    if len(bots) != game.players:
        raise ValueError(f"{game.players} players need {game.players} bots, got {len(bots)}")
    rng = random.Random(seed)
    state = game.new_state(seed)
    events = record_events(state) if hasattr(type(state), "events") else None
    trace = []           # every seat's score after each action
    sample = arc.PositionSample(evaluate, seed) if evaluate > 0 else None
    watch = Watch(state, watch_forced)
    seat_view = getattr(state, "seat_view", None)  # a state of another engine may have none: the plain view
    decides = [hasattr(b, "decide") for b in bots]
    while not state.is_terminal():
        seat = state.current_player
        legal = state.legal_actions()
        watch.decision(state, legal)
        if sample is not None:
            sample.offer(state)
        bot = bots[seat]
        if decides[seat]:
            view = seat_view(seat) if seat_view is not None else SeatView(state, seat)  # the observation built if read
            action = bot.decide(view, legal, rng)
        else:  # an object with only ``act`` (studio.bots: a bot's least)
            action = bot.act(game, state.observation(seat), legal, rng)
        state.apply(action)
        watch.applied(state, seat, action)
        trace.append(tuple(state.scores()))
    winners = state.winners()
    decided = arc.decided_at(trace, winners) if game.players > 1 else None
    figures: dict[str, Any] = {"drama": arc.drama(trace, winners) if game.players > 1 else None,
               "trailing": arc.trailing(trace, winners) if game.players > 1 else None}
    if sample is not None:
        figures["evaluated"] = arc.evaluate_positions(sample, winners, game.players)
    return result_of(state, [b.name for b in bots], decided, arc.lead_changes(trace), watch, events, figures)


def _realm_parts(state) -> dict:
    """Rule the Realm's own result fields: bands used per seat (RTR-E3)."""
    return {"bands_used": tuple(state.bands_used(s) for s in range(state.players))}


def _rivages_parts(state) -> dict:
    """Rivages' own result fields: per-seat figures, goal steps met, and in solo games the
    target and the challenge cards (RIV-X1, RIV-X6)."""
    out = {"seat_stats": tuple(tuple(d.items()) for d in state.stats()),
           "completions": tuple(tuple(c) for c in state.completions)}
    if state.game.solo is not None:
        solo = state.solo_result()
        names = {c.id: c.name or c.id for c in state.challenges}
        out["target"] = solo["target"]
        out["challenges"] = tuple((cid, names.get(cid, cid), c["kind"], c["need"], c["progress"], c["met"])
                                  for cid, c in solo["challenges"].items())
    return out


_RESULT_PARTS: dict[type, Callable[[Any], dict]] = {}


def register_result_parts(game_class: type, parts: Callable[[Any], dict]) -> None:
    """Use ``parts(state)`` for the game-specific fields of a :class:`GameResult` of games of
    ``game_class`` (and its subclasses): a dict of some of ``bands_used``, ``seat_stats``,
    ``target``, ``challenges`` and ``completions``. A game without one gets none of them."""
    _RESULT_PARTS[game_class] = parts


def _parts_of(state) -> dict:
    if not _RESULT_PARTS:
        from studio.rules.realm.game import RealmGame
        from studio.rules.rivages.game import RivagesGame

        register_result_parts(RealmGame, _realm_parts)
        register_result_parts(RivagesGame, _rivages_parts)
    for cls in type(state.game).__mro__:
        parts = _RESULT_PARTS.get(cls)
        if parts is not None:
            return parts(state)
    return {}


def result_of(state, bot_names: Sequence[str], decided_at: float | None = None, lead_changes: int = 0,
              watch: Watch | None = None, events=None, arc_figures: dict | None = None) -> GameResult:
    """The :class:`GameResult` of a finished state (``bot_names``: who played each seat;
    ``watch``: what the game watch saw, else only the end code is worked out). The fields
    only some games have come from the parts registered for the game's class
    (:func:`register_result_parts`); ``events``: the location events it recorded,
    measured per seat; ``arc_figures``: ``drama``, ``trailing`` and ``evaluated`` of
    :func:`play_game`)."""
    from studio.playtest.mechanics import measure_game, origins_of, places_of

    parts = _parts_of(state)
    bands = parts.get("bands_used", ())
    stats = parts.get("seat_stats", ())
    target, challenges = parts.get("target"), parts.get("challenges", ())
    completions = parts.get("completions", ())
    seen: dict[str, Any] = {} if watch is None else dict(
        forced=tuple(watch.forced), forced_loss=tuple(watch.forced_loss),
        dry_moves=tuple(watch.dry_moves), dry_wasted=tuple(watch.dry_wasted), dry_round=watch.dry_round,
        idle_rounds=watch.idle_longest, arc=tuple(watch.arc), decisions=watch.decisions,
        branching=watch.branching, turns=watch.turns, offered=tuple(sorted(watch.offered)),
        used=tuple(sorted(watch.used)),
        no_band=tuple(s for s, ok in enumerate(watch.band_offered) if not ok) if watch.realm else (),
        idle_turns=_idle_turns(watch, state))
    return GameResult(
        seed=state.seed, scores=tuple(state.scores()), winners=tuple(state.winners()), rounds=state.round,
        actions=len(state.history), end_reason=state.end_reason or NOT_FINISHED.text,
        bands_used=bands, seat_names=tuple(state.game.seat_names), bots=tuple(bot_names),
        elements=taken(state), decided_at=decided_at, lead_changes=lead_changes, seat_stats=stats,
        target=target, challenges=challenges, completions=completions,
        end_code=end_code(state),
        mechanics=() if events is None else measure_game(state, events, watch.forced_events if watch else ()),
        origins=origins_of(state),
        places=() if events is None else places_of(events, watch.forced_events if watch else ()),
        **(arc_figures or {}),
        **seen,
    )


def _idle_turns(watch: Watch, state) -> tuple:
    """Per seat, the longest run of idle turns the watch saw, the last turn judged on the final
    ``state`` (empty for Rivages)."""
    if watch.activity is None:
        return ()
    watch.activity.finish(state)
    return tuple(watch.activity.longest)


def iter_batch(scenario: str | os.PathLike | Any, players: int | None, games: int, seed: int = 0,
               bot_names: str | Sequence[str] | None = None, jobs: int = 1, executor: str = "processes",
               scheduler: str | None = None, start: int = 0, evaluate: int = 0) -> Iterator[GameResult]:
    """Yield the results of ``games`` games in order (game ``i`` uses ``game_seed(seed, i)``,
    from ``i = start``).

    ``scenario``: a scenario file or a :class:`~studio.playtest.setup.Setup` (then ``players``
    may be None). ``executor``: ``"processes"`` (``jobs`` worker processes on this machine; 1
    plays here, 0 means one per CPU), ``"dask"`` (the Dask scheduler at ``scheduler``) or
    ``"dask-local"`` (a Dask cluster of ``jobs`` processes started for the batch). Results do
    not depend on the executor nor on ``jobs``. Stopping the iteration early (or Ctrl+C) stops
    the workers. Raises ValueError for ``games`` < 1 or bad bot names, LoadError /
    InvalidContent / SetupError for bad files and BoardError / RivagesError when the content
    cannot be played, before any game is played; ImportError names the missing extra for
    ``dask``. ``evaluate``: positions per game valued for the arc (see :func:`play_game`)."""
    from studio.playtest.executors import BatchSpec, run_games
    from studio.playtest.setup import Setup, load_setup

    if games < 1:
        raise ValueError(f"the number of games must be at least 1, got {games}")
    setup = scenario if isinstance(scenario, Setup) else load_setup(scenario, players)
    if players is not None and players != setup.players:
        raise ValueError(f"the setup is for {setup.players} players, not {players}")
    setup.game(seed)  # fails here, in this process, if the content cannot be played
    names = resolve_bots(bot_names, setup.players)
    from studio.bots.styles import check_fit

    check_fit(names, setup.kind)  # a playstyle of the other game
    if not 0 <= evaluate <= MAX_EVALUATE:
        raise ValueError(f"positions to value per game must be 0 to {MAX_EVALUATE}, got {evaluate}")
    spec = BatchSpec(setup, tuple(names), evaluate)
    seeds = range(game_seed(seed, start), game_seed(seed, start + games))
    yield from run_games(spec, seeds, jobs=jobs, executor=executor, scheduler=scheduler)


def run_batch(scenario: str | os.PathLike | Any, players: int | None, games: int, seed: int = 0,
              bot_names: str | Sequence[str] | None = None,
              progress: Callable[[int, int, GameResult], None] | None = None, jobs: int = 1,
              executor: str = "processes", scheduler: str | None = None) -> list[GameResult]:
    """Play a batch (see :func:`iter_batch`) and return every result in game order (all kept
    in memory: for big batches iterate :func:`iter_batch` into a
    :class:`~studio.playtest.stats.Tally`). ``progress(done, total, result)`` is called after
    each game."""
    results = []
    for result in iter_batch(scenario, players, games, seed, bot_names, jobs, executor, scheduler):
        results.append(result)
        if progress is not None:
            progress(len(results), games, result)
    return results
