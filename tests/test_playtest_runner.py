"""Batch runner: reproducible per-game seeds whatever the executor and the number of workers,
both games, elements taken, in-memory setups and executor errors."""

from __future__ import annotations

import pytest

from studio.content import bundled_path
from studio.playtest import GameResult, catalogue, game_seed, iter_batch, load_setup, run_batch
from studio.playtest.executors import ProcessExecutor, SerialExecutor, chunk_size, open_executor
from studio.playtest.setup import SetupError

JUNGLE = bundled_path("scenarios", "jungle-temples.yaml")
RIVAGES = bundled_path("scenarios", "rivages.yaml")


@pytest.fixture(scope="module")
def rivages2():
    return load_setup(RIVAGES, 2)


def test_parallel_and_serial_runs_are_identical(rivages2):
    """Game i depends on its seed alone: 1 or 2 worker processes, in any chunking, give the
    same results (scores, winners, lead tracking, elements, per-seat figures)."""
    serial = run_batch(rivages2, None, 5, seed=4, bot_names="random,greedy")
    parallel = run_batch(rivages2, None, 5, seed=4, bot_names="random,greedy", jobs=2)
    assert parallel == serial
    assert [r.seed for r in serial] == [game_seed(4, i) for i in range(5)]
    later = list(iter_batch(rivages2, None, 2, seed=4, bot_names="random,greedy", start=3))
    assert later == serial[3:]


def test_an_executor_plays_several_batches_in_order(rivages2):
    from studio.playtest.executors import BatchSpec

    jungle = load_setup(JUNGLE, 2)
    specs = [BatchSpec(jungle, ("random", "random")), BatchSpec(rivages2, ("random", "random"))]
    seeds = range(10, 16)
    with SerialExecutor() as ex:
        expected = [list(ex.run(spec, seeds)) for spec in specs]
    with ProcessExecutor(2) as ex:
        got = [list(ex.run(spec, seeds)) for spec in specs]
        again = list(ex.run(specs[0], range(10, 12)))   # the worker caches the game by token
    assert got == expected
    assert again == expected[0][:2]


def test_chunks_cover_the_seeds_in_order_and_shrink_at_the_end():
    from studio.playtest.executors import _chunks

    seeds = range(100, 400)
    chunks = list(_chunks(seeds, 16, workers=2))
    assert [s for c in chunks for s in c] == list(seeds)
    sizes = [len(c) for c in chunks]
    assert sizes[:2] == [1, 1] and max(sizes) == 16          # first games at once, then up to the size
    assert sizes[-4:] == [1, 1, 1, 1]                         # guided: both workers finish together
    assert all(a >= b for a, b in zip(sizes[sizes.index(16):], sizes[sizes.index(16) + 1:]))


def test_workers_start_with_the_batch_and_its_tasks_carry_only_its_token(rivages2):
    from studio.playtest.executors import BatchSpec, play_chunk

    spec = BatchSpec(rivages2, ("random", "random"))
    token, data = spec.payload()
    with pytest.raises(LookupError, match=f"has no batch {token}"):
        play_chunk(token, None, [1])
    sent = []
    with ProcessExecutor(2) as ex:
        got = list(ex.run(spec, range(3)))
        assert ex.started == token
        pool = ex.pool
        original = pool.apply_async
        pool.apply_async = lambda fn, args: sent.append(args[1]) or original(fn, args)
        again = list(ex.run(spec, range(3, 6)))
        other = list(ex.run(BatchSpec(rivages2, ("greedy", "random")), range(2)))
    assert sent[:2] == [None, None] and sent[-1] == BatchSpec(rivages2, ("greedy", "random")).payload()[1]
    with SerialExecutor() as ex:
        assert list(ex.run(spec, range(6))) == got + again
        assert list(ex.run(BatchSpec(rivages2, ("greedy", "random")), range(2))) == other


def test_rivages_results_carry_its_figures(rivages2):
    (r,) = run_batch(rivages2, None, 1, seed=1, bot_names="greedy")
    assert r.bands_used == ()
    stats = dict(r.seat_stats[0])
    assert {"scrolls", "loot", "islands", "goal_steps"} <= set(stats)
    keys = {e.key for e in catalogue(rivages2.game())}
    assert r.elements and all(k in keys for k, _ in r.elements)
    assert any(k.startswith("space ") for k, _ in r.elements) and any(k.startswith("island ") for k, _ in r.elements)
    assert GameResult.from_dict(r.to_dict()) == r


def test_realm_elements_are_the_collected_segments():
    setup = load_setup(JUNGLE, 2)
    game = setup.game()
    from studio.bots import make_bot
    from studio.playtest import play_game

    bots = [make_bot("greedy"), make_bot("greedy")]
    r = play_game(game, bots, 3)
    state = game.new_state(3)
    import random

    rng = random.Random(3)
    while not state.is_terminal():
        seat = state.current_player
        state.apply(bots[seat].act(game, state.observation(seat), state.legal_actions(), rng))
    expected = {("segment " + "-".join(game.topology.face_keys[f]), s) for f, s in state.collected.items()}
    assert set(r.elements) == expected
    segments = [e for e in catalogue(game) if e.kind == "segment"]
    assert len(segments) == sum(game.topology.is_segment)
    assert all(len(e.shape) == 3 for e in segments)


def test_archipelago_bridges_and_labyrinth_lines_are_elements():
    for name, kind in (("archipelago-city.yaml", "bridge"), ("labyrinth.yaml", "line")):
        setup = load_setup(bundled_path("scenarios", name), 2)
        elements = [e for e in catalogue(setup.game()) if e.kind == kind]
        assert elements and all(len(e.shape) == 2 for e in elements)
        results = run_batch(setup, None, 3, seed=2, bot_names="greedy")
        taken = {k for r in results for k, _ in r.elements if k.startswith(kind + " ")}
        assert taken <= {e.key for e in elements} and taken


def test_setups_in_memory():
    setup = load_setup(JUNGLE)
    assert (setup.kind, setup.players, setup.name) == ("realm", 2, "Jungle Temples")
    short = setup.with_settings({"rules.end.score": 6})
    assert short.scenario.rules.end == {"score": 6} and setup.scenario.rules.end == {"score": 18}
    assert short.settings == (("rules.end.score", 6),)
    results = run_batch(short, None, 3, seed=0, bot_names="greedy")
    assert all(r.end_reason == "a player reached 6 VP" for r in results)
    with pytest.raises(SetupError, match="no board for 5 players"):
        load_setup(JUNGLE, 5)
    with pytest.raises(SetupError, match="cannot be played by 7"):
        load_setup(RIVAGES, 7)
    assert load_setup(RIVAGES, 1).players == 1
    with pytest.raises(SetupError, match="unknown key 'scor'"):
        setup.with_settings({"rules.end.scor": 14})
    with pytest.raises(SetupError, match="rules.bands is a list"):
        setup.with_settings({"rules.bands.first": 1})


def test_executor_arguments():
    assert isinstance(open_executor(1), SerialExecutor)
    assert isinstance(open_executor(4, games=1), SerialExecutor)   # one game plays here
    assert open_executor(3, games=10).workers == 3
    with pytest.raises(ValueError, match="unknown executor 'cloud'"):
        open_executor(1, "cloud")
    with pytest.raises(ValueError, match="jobs must be 0"):
        open_executor(-1)
    with pytest.raises(ValueError, match="needs the scheduler's address"):
        open_executor(1, "dask")
    with pytest.raises(ValueError, match="goes with the dask executor"):
        open_executor(1, "processes", "tcp://127.0.0.1:1")
    assert chunk_size(100_000, 2) == 32 and chunk_size(10, 4) == 1
    with pytest.raises(ValueError, match="at least 1"):
        next(iter_batch(JUNGLE, 2, 0))
    with pytest.raises(ValueError, match="bad MCTS budget"):
        next(iter_batch(JUNGLE, 2, 1, bot_names="mcts:lots"))


def test_mcts_plays_in_a_batch():
    results = run_batch(JUNGLE, 2, 1, seed=5, bot_names="mcts:5,greedy")
    assert results[0].bots == ("mcts:5", "greedy")


def test_a_worker_keeps_its_first_batch_after_more_batches_than_its_cache_holds(rivages2):
    # the started batch lives in _STARTED; once CACHE_SIZE other batches pushed it out of _CACHE,
    # its next chunk raised KeyError (a balance race of 8 boards on one pool)
    from studio.playtest import executors
    from studio.playtest.executors import CACHE_SIZE, BatchSpec, _players_for, play_chunk

    specs = [BatchSpec(rivages2, (a, b), evaluate) for evaluate in (0, 1) for a in ("random", "greedy")
             for b in ("random", "greedy")]
    first, *others = [s.payload() for s in specs]
    assert len(others) > CACHE_SIZE
    saved = dict(executors._STARTED), executors._CACHE.copy()
    try:
        executors._STARTED[first[0]] = _players_for(*first)
        for token, data in others:
            _players_for(token, data)
        assert first[0] not in executors._CACHE
        assert play_chunk(first[0], None, [3]) == play_chunk(first[0], first[1], [3])
    finally:
        executors._STARTED.clear()
        executors._STARTED.update(saved[0])
        executors._CACHE.clear()
        executors._CACHE.update(saved[1])



_WORKER = """
import os, signal, sys, time
from studio.playtest.executors import _leave
signal.signal(signal.SIGTERM, _leave)
if sys.argv[1] == "swallow":
    try:
        os.kill(os.getpid(), signal.SIGTERM)
    except BaseException:   # lost, as in a __del__ or a generator's finalizer
        pass
    while True:             # waits as an idle worker waits for a task
        time.sleep(1)
os.kill(os.getpid(), signal.SIGTERM)
time.sleep(30)
"""


@pytest.mark.skipif(not hasattr(__import__("signal"), "setitimer"), reason="SIGALRM timers")
@pytest.mark.parametrize("swallowed", [False, True])
def test_a_worker_stopped_by_sigterm_leaves_even_when_its_exception_is_swallowed(swallowed):
    """SIGTERM in a pool worker leaves by SystemExit (exit 143); where that exception is lost (a
    handler run inside a finalizer), the worker still ends, by its SIGALRM deadline, instead of
    waiting for a task forever and hanging its pool's terminate."""
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    proc = subprocess.run([sys.executable, "-c", _WORKER, "swallow" if swallowed else "raise"], timeout=60,
                          env=dict(os.environ, PYTHONPATH=str(root)), capture_output=True)
    assert proc.returncode == (-signal.SIGALRM if swallowed else 128 + signal.SIGTERM), proc.stderr


def test_games_a_lost_worker_held_are_played_again(rivages2):
    """A pool worker that dies mid-chunk takes its task with it (multiprocessing.Pool replaces the
    worker but never fails the task): the batch plays that chunk again instead of waiting for
    ever, and yields exactly the serial games."""
    import os
    import signal

    from studio.playtest.executors import BatchSpec

    spec = BatchSpec(rivages2, ("greedy", "greedy"))
    with SerialExecutor() as ex:
        expected = list(ex.run(spec, range(12)))
    with ProcessExecutor(2) as ex:
        games = ex.run(spec, range(12))
        got = [next(games)]
        for process in list(ex.pool._pool):   # both workers busy with the next chunks
            os.kill(process.pid, signal.SIGTERM)
        got.extend(games)
    assert got == expected


def test_a_pool_that_does_not_stop_is_killed_by_its_deadline(rivages2, monkeypatch):
    """Pool.terminate can wait for ever on a queue lock a dead worker held; close() gives it
    CLOSE_DEADLINE seconds, then kills the workers and returns."""
    import threading

    from studio.playtest import executors
    from studio.playtest.executors import BatchSpec

    monkeypatch.setattr(executors, "CLOSE_DEADLINE", 0.5)
    ex = ProcessExecutor(2)
    list(ex.run(BatchSpec(rivages2, ("random", "random")), range(2)))
    pool = ex.pool
    processes = list(pool._pool)
    stuck = threading.Event()
    terminate = pool.terminate
    monkeypatch.setattr(pool, "terminate", lambda: (stuck.wait(30), terminate()))
    ex.close()
    assert ex.pool is None
    for process in processes:
        process.join(5)
        assert process.exitcode is not None
    stuck.set()
