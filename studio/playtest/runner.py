"""Bot games without a window: one game (:func:`play_game`) or a batch (:func:`run_batch`).

Everything is reproducible: game ``i`` of a batch with seed ``S`` is dealt and played from
``game_seed(S, i)`` alone (the deck by ``game.new_state(seed)``, every bot decision by one
``random.Random(seed)``), so a game from a report can be replayed on its own, and a batch run
with several worker processes gives exactly the results of a run in one process.
Bots only ever get ``state.observation(seat)``.
"""

from __future__ import annotations

import os
import random
import signal
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from studio.bots import BOTS, Bot, make_bot
from studio.rules import load_game

DEFAULT_BOT = "greedy"


@dataclass(frozen=True)
class GameResult:
    """The outcome of one game. Per-seat tuples are in seat order (seat 0 played first)."""

    seed: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]          # seat indices; several for a shared win (RTR-E3), none when
                                      # every seat was eliminated (Volcano, L2-4)
    rounds: int
    actions: int                      # actions applied, Pass and extra-action purchases included
    end_reason: str
    bands_used: tuple[int, ...]
    seat_names: tuple[str, ...]
    bots: tuple[str, ...]

    @property
    def players(self) -> int:
        return len(self.scores)

    def to_dict(self) -> dict:
        return {
            "seed": self.seed, "scores": list(self.scores), "winners": list(self.winners),
            "rounds": self.rounds, "actions": self.actions, "end_reason": self.end_reason,
            "bands_used": list(self.bands_used), "seat_names": list(self.seat_names),
            "bots": list(self.bots),
        }

    @classmethod
    def from_dict(cls, data: dict) -> "GameResult":
        return cls(
            seed=int(data["seed"]), scores=tuple(data["scores"]), winners=tuple(data["winners"]),
            rounds=int(data["rounds"]), actions=int(data["actions"]), end_reason=str(data["end_reason"]),
            bands_used=tuple(data["bands_used"]), seat_names=tuple(data["seat_names"]),
            bots=tuple(data["bots"]),
        )


def game_seed(batch_seed: int, index: int) -> int:
    """Seed of game ``index`` (0-based) of a batch run with ``batch_seed``."""
    return batch_seed * 1_000_003 + index


def resolve_bots(bot_names: str | Sequence[str] | None, players: int) -> list[str]:
    """One bot name per seat from ``None`` (greedy everywhere), one name (for every seat), a
    comma-separated string or a list. Raises ValueError for an unknown name or a list whose
    length is neither 1 nor ``players``."""
    if bot_names is None:
        names = [DEFAULT_BOT]
    elif isinstance(bot_names, str):
        names = [n.strip() for n in bot_names.split(",")]
    else:
        names = [str(n).strip() for n in bot_names]
    for n in names:
        if n not in BOTS:
            raise ValueError(f"unknown bot {n!r} (known: {', '.join(BOTS)})")
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ValueError(f"give one bot for every seat or one for all: {players} players, got {len(names)} bots")
    return names


def play_game(game, bots: Sequence[Bot], seed: int) -> GameResult:
    """Play one game to the end with one bot per seat. Deterministic in ``seed``: the deal is
    ``game.new_state(seed)`` and the bots share one ``random.Random(seed)``. Raises ValueError
    if the number of bots is not the number of players, and the engine's IllegalAction if a
    bot returns an action that is not legal."""
    if len(bots) != game.players:
        raise ValueError(f"{game.players} players need {game.players} bots, got {len(bots)}")
    rng = random.Random(seed)
    state = game.new_state(seed)
    while not state.is_terminal():
        seat = state.current_player
        action = bots[seat].act(game, state.observation(seat), state.legal_actions(), rng)
        state.apply(action)
    return result_of(state, [b.name for b in bots])


def result_of(state, bot_names: Sequence[str]) -> GameResult:
    """The :class:`GameResult` of a finished state (``bot_names``: who played each seat)."""
    n = state.players
    return GameResult(
        seed=state.seed, scores=tuple(state.scores()), winners=tuple(state.winners()), rounds=state.round,
        actions=len(state.history), end_reason=state.end_reason or "not finished",
        bands_used=tuple(state.bands_used(s) for s in range(n)),
        seat_names=tuple(state.game.seat_names), bots=tuple(bot_names),
    )


def iter_batch(scenario_path: str | os.PathLike, players: int, games: int, seed: int = 0,
               bot_names: str | Sequence[str] | None = None, jobs: int = 1) -> Iterator[GameResult]:
    """Yield the results of ``games`` games in order (game ``i`` uses ``game_seed(seed, i)``).

    The scenario is loaded and the game built once (once per worker when ``jobs`` > 1; ``jobs``
    0 means one worker per CPU). Stopping the iteration early (or Ctrl+C) stops the workers.
    Raises ValueError for ``games`` < 1 or bad bot names, LoadError / InvalidContent for bad
    files and BoardError when the board cannot be played, before any game is played."""
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, got {games}")
    game = load_game(str(scenario_path), players, seed)
    names = resolve_bots(bot_names, players)
    jobs = (os.cpu_count() or 1) if jobs == 0 else max(1, jobs)
    jobs = min(jobs, games)
    if jobs == 1:
        bots = [make_bot(n) for n in names]
        for i in range(games):
            yield play_game(game, bots, game_seed(seed, i))
        return
    yield from _iter_processes(str(Path(scenario_path)), players, games, seed, names, jobs)


def run_batch(scenario_path: str | os.PathLike, players: int, games: int, seed: int = 0,
              bot_names: str | Sequence[str] | None = None,
              progress: Callable[[int, int, GameResult], None] | None = None, jobs: int = 1) -> list[GameResult]:
    """Play a batch (see :func:`iter_batch`) and return every result in game order.
    ``progress(done, total, result)`` is called after each game."""
    results = []
    for result in iter_batch(scenario_path, players, games, seed, bot_names, jobs):
        results.append(result)
        if progress is not None:
            progress(len(results), games, result)
    return results


# -- worker processes -------------------------------------------------------------------------
_WORKER: dict = {}


def _worker_init(scenario_path: str, players: int, names: list[str]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's to handle
    _WORKER["game"] = load_game(scenario_path, players)
    _WORKER["bots"] = [make_bot(n) for n in names]


def _worker_play(seed: int) -> GameResult:
    return play_game(_WORKER["game"], _WORKER["bots"], seed)


def _iter_processes(scenario_path: str, players: int, games: int, seed: int, names: list[str],
                    jobs: int) -> Iterator[GameResult]:
    import multiprocessing

    # spawn, not fork: the same behaviour on every platform, and safe from a process with threads
    ctx = multiprocessing.get_context("spawn")
    pool = ctx.Pool(jobs, initializer=_worker_init, initargs=(scenario_path, players, names))
    try:
        seeds = [game_seed(seed, i) for i in range(games)]
        yield from pool.imap(_worker_play, seeds, chunksize=max(1, min(8, games // (jobs * 8))))
        pool.close()
    finally:
        pool.terminate()
        pool.join()
