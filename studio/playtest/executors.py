"""Where batch games are played: here, in worker processes, or on a Dask cluster.

Every executor plays chunks of consecutive seeds with :func:`play_chunk` and yields the results
in seed order, with a bounded number of chunks in flight, so memory stays flat however many
games a batch has, and the results are the same whatever the executor and the number of
workers (each game depends on its seed alone).

The content travels as pickled bytes with a token; a worker builds the game and the bots the
first time it sees a token and keeps the last few (:data:`CACHE_SIZE`), so neither worker
processes nor cluster machines read any file. Local worker processes are started with the
first batch's game already built, and that batch's tasks carry only the token.

Dask (``pip install "board-studio[cluster]"``): ``executor="dask"`` connects to a running
scheduler (``dask scheduler`` and ``dask worker ADDRESS`` on the machines; every worker needs
the same version of the studio installed); ``executor="dask-local"`` starts a
``distributed.LocalCluster`` of ``jobs`` single-threaded worker processes for the batch.

A cluster that cannot play raises :class:`ClusterError` (a ``ConnectionError``) with one line
for people: a scheduler that cannot be reached, workers running another studio version (checked
on every worker when the client connects, :func:`check_worker_versions`), and, mid-batch,
:class:`WorkersLost` when every worker (or the scheduler) is gone.
"""

from __future__ import annotations

import hashlib
import json
import logging
import multiprocessing
import os
import pickle
import signal
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from studio.bots import make_bot

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from multiprocessing.pool import AsyncResult, Pool

    from studio.playtest.setup import Setup

EXECUTORS = ("processes", "dask", "dask-local")
CACHE_SIZE = 4
IN_FLIGHT_PER_WORKER = 4
CONNECT_TIMEOUT = "20s"   # how long to wait for a Dask scheduler
CLOSE_DEADLINE = 10.0     # seconds a pool has to stop before its workers are killed
POLL_SECONDS = 1.0        # how often a batch waiting on a Dask game checks that the cluster is alive
LOST_AFTER = 10.0         # seconds with no worker (or no scheduler) before a Dask batch stops
SCHEDULER_ENV = "DASK_SCHEDULER_ADDRESS"
DASK_EXTRA = 'the dask executors need the "cluster" extra: pip install "board-studio[cluster]" (or "dask[distributed]")'


class ClusterError(ConnectionError):
    """The Dask cluster cannot play the batch; ``str()`` is one line for people."""


class WorkersLost(ClusterError):
    """Every Dask worker (or the scheduler) went away while a batch was playing."""


class VersionMismatch(RuntimeError):
    """A Dask worker plays with another version of the studio than the client's."""


def scheduler_address(address: str | None = None, scheduler_file: str | None = None) -> str | None:
    """The Dask scheduler to use: ``address``, else the one a scheduler file names (``dask
    scheduler --scheduler-file FILE`` writes it), else ``DASK_SCHEDULER_ADDRESS`` (or Dask's
    own ``scheduler-address`` setting), else None. Raises ClusterError for a scheduler file that
    cannot be read or names no address."""
    if address:
        return address
    if scheduler_file:
        try:
            with open(scheduler_file, encoding="utf-8") as fh:
                data = json.load(fh)
        except OSError as exc:
            raise ClusterError(f"cannot read the Dask scheduler file {scheduler_file}: {exc.strerror or exc}") from None
        except json.JSONDecodeError as exc:
            from studio.content.yamlio import json_reason

            raise ClusterError(f"{scheduler_file}:{exc.lineno}:{exc.colno}: not a Dask scheduler file (JSON syntax "
                               f"error: {json_reason(exc)})") from None
        except ValueError as exc:  # not UTF-8
            raise ClusterError(f"{scheduler_file}: not a Dask scheduler file (not JSON text: {exc})") from None
        found = data.get("address") if isinstance(data, dict) else None
        if not isinstance(found, str) or not found:
            raise ClusterError(f"{scheduler_file}: not a Dask scheduler file (no \"address\"; "
                               "'dask scheduler --scheduler-file FILE' writes one)")
        return found
    if os.environ.get(SCHEDULER_ENV):
        return os.environ[SCHEDULER_ENV]
    try:
        import dask.config
    except ImportError:
        return None
    return dask.config.get("scheduler-address", None) or None


def check_worker_versions(client, expected: str | None = None) -> None:
    """Ask every worker of ``client`` which studio version it plays with
    (:func:`studio.playtest.worker_probe.studio_version`, sent by value so it runs without the
    studio too) and raise ClusterError naming the workers whose version is not ``expected``
    (default: this process's ``studio.__version__``)."""
    import cloudpickle

    import studio
    from studio.playtest import worker_probe

    expected = expected or studio.__version__
    cloudpickle.register_pickle_by_value(worker_probe)
    try:
        found = client.run(worker_probe.studio_version, on_error="return")
    except Exception as exc:  # noqa: BLE001 - the scheduler went away while asking
        raise ClusterError(f"cannot ask the Dask workers which studio they run: {' '.join(str(exc).split())}") from None
    finally:
        cloudpickle.unregister_pickle_by_value(worker_probe)
    wrong: dict[str, list[str]] = {}
    for worker, version in sorted(found.items()):
        if isinstance(version, BaseException):
            version = f"an error ({type(version).__name__}: {version})"
        elif version is None:
            version = "no board-studio"
        else:
            version = f"board-studio {version}"
        if version != f"board-studio {expected}":
            wrong.setdefault(version, []).append(worker)
    if wrong:
        parts = "; ".join(f"{', '.join(ws)} {'has' if v.startswith('no ') else 'runs'} {v}" for v, ws in wrong.items())
        raise ClusterError(f"refused the Dask workers that do not run board-studio {expected} as this client does: "
                           f"{parts}; install board-studio=={expected} on them (or stop them) and run again")


@dataclass(frozen=True)
class BatchSpec:
    """What a worker needs to play a batch's games: the setup, one bot name per seat and the
    positions per game to value for the arc (``evaluate``, see
    :func:`~studio.playtest.runner.play_game`)."""

    setup: Setup
    bots: tuple[str, ...]
    evaluate: int = 0

    def payload(self) -> tuple[str, bytes]:
        """``(token, pickled spec)``; equal specs get equal tokens."""
        data = pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL)
        return hashlib.sha256(data).hexdigest()[:24], data


_CACHE: OrderedDict = OrderedDict()
_STARTED: dict = {}  # the spec a worker process was started with: {token: (game, bots)}, never evicted


def _players_for(token: str, data: bytes | None):
    entry = _STARTED.get(token) or _CACHE.get(token)
    if entry is None:
        if data is None:
            raise LookupError(f"worker {os.getpid()} has no batch {token}")
        spec: BatchSpec = pickle.loads(data)
        entry = (spec.setup.game(), [make_bot(n) for n in spec.bots], spec.evaluate)
        _CACHE[token] = entry
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
    elif token in _CACHE:  # the spec a worker started with is in _STARTED only
        _CACHE.move_to_end(token)
    return entry


def play_chunk(token: str, data: bytes | None, seeds: Sequence[int], version: str | None = None) -> list:
    """Play the games of ``seeds`` (in order) for the spec pickled in ``data`` (None: the spec
    the worker was started with, see :func:`_start_worker`). ``version``: the client's studio
    version; a worker with another one raises VersionMismatch (a Dask worker that joined after
    :func:`check_worker_versions`)."""
    from studio.playtest.runner import play_game

    if version is not None:
        import studio

        if studio.__version__ != version:
            raise VersionMismatch(f"a Dask worker ({_worker_name()}) runs board-studio {studio.__version__}, the client "
                                  f"{version}; install the same version on every worker")

    game, bots, evaluate = _players_for(token, data)
    return [play_game(game, bots, seed, evaluate=evaluate) for seed in seeds]


def _worker_name() -> str:
    try:
        from distributed import get_worker

        return get_worker().address
    except (ImportError, ValueError):
        return f"process {os.getpid()}"


def _start_worker(token: str | None = None, data: bytes | None = None) -> None:
    """Pool initializer: Ctrl+C is the parent's, and SIGTERM ends the worker through an exception
    (:func:`_leave`); build the first batch's game and bots now, while the other workers start
    too, and keep them (tasks of that batch then carry only its token, not the pickled content)."""
    _ignore_sigint()
    signal.signal(signal.SIGTERM, _leave)
    if hasattr(signal, "SIGHUP"):   # a closed terminal hangs up the whole group: leave as on SIGTERM
        signal.signal(signal.SIGHUP, _leave)   # (the parent's handler printed a traceback per worker)
    # forked with the stop signals blocked (see _start_pool): a SIGTERM that came since is
    # delivered now, to _leave
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)
    if token is not None:
        _STARTED[token] = _players_for(token, data)


_STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM} | ({signal.SIGHUP} if hasattr(signal, "SIGHUP") else set())


def _start_pool(workers: int, token: str, data: bytes):
    """A pool of ``workers`` processes started by :func:`_start_worker`. A forked worker runs
    this process's Python signal handlers until its initializer sets its own: a SIGTERM to the
    process group, or the pool's own stop, landing in that moment ran the parent's handler in
    the worker (a KeyboardInterrupt traceback on stderr). So the stop signals are blocked while
    the pool forks, in this thread and in the pool's threads, which fork the workers that replace
    dead ones, and each worker unblocks them once its handlers are set."""
    ctx = _context()
    if ctx.get_start_method() != "fork":
        return ctx.Pool(workers, initializer=_start_worker, initargs=(token, data))
    old = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
    try:
        return ctx.Pool(workers, initializer=_start_worker, initargs=(token, data))
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _context():
    """How worker processes start. ``fork`` from a process that runs no other thread and has no
    Qt loaded (the CLI, scripts): a worker is a copy of this process, with the studio imported
    and the game built, so it starts at once. Otherwise (the GUI) ``forkserver`` where the
    platform has it: a clean server process imports the studio once and each worker is forked
    from it. ``spawn`` elsewhere: a new interpreter that imports everything again (about a
    second per worker)."""
    import sys

    methods = multiprocessing.get_all_start_methods()
    if ("fork" in methods and sys.platform.startswith("linux") and threading.active_count() == 1
            and threading.current_thread() is threading.main_thread() and "PySide6.QtCore" not in sys.modules):
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["studio.playtest.executors", "studio.playtest.runner"])
        return ctx
    return multiprocessing.get_context("spawn")


def chunk_size(games: int, workers: int) -> int:
    """Games per task: enough to keep the overhead small, few enough to balance the load."""
    return max(1, min(32, games // (workers * 8)))


def open_executor(jobs: int = 1, executor: str = "processes", scheduler: str | None = None,
                  games: int | None = None) -> "Executor":
    """An executor to play one or more batches (close it, or use it in a ``with`` block).
    ``jobs``: workers (0: one per CPU); ``games``: the batch size when known, so a batch
    smaller than ``jobs`` starts no more workers than it needs (and one game or one worker plays
    here). ``scheduler``: for ``"dask"``, the scheduler's address (default: :func:`scheduler_address`,
    i.e. ``DASK_SCHEDULER_ADDRESS``). Raises ValueError for an unknown executor, a negative
    ``jobs`` or a missing or unexpected scheduler address, ImportError without Dask, and
    ClusterError for a scheduler that cannot be reached or workers of another studio version."""
    if executor not in EXECUTORS:
        raise ValueError(f"unknown executor {executor!r} (known: {', '.join(EXECUTORS)})")
    if jobs < 0:
        raise ValueError(f"jobs must be 0 (one per CPU) or more, got {jobs}")
    if executor == "dask":
        scheduler = scheduler_address(scheduler)
        if not scheduler:
            raise ValueError(f"the dask executor needs the scheduler's address (--scheduler tcp://HOST:8786, "
                             f"--scheduler-file FILE or {SCHEDULER_ENV})")
    elif scheduler:
        raise ValueError("a scheduler address goes with the dask executor (--executor dask)")
    workers = (os.cpu_count() or 1) if jobs == 0 else jobs
    if executor == "processes":
        if games is not None:
            workers = min(workers, games)
        return SerialExecutor() if workers <= 1 else ProcessExecutor(workers)
    return DaskExecutor(workers, scheduler if executor == "dask" else None)


def run_games(spec: BatchSpec, seeds: range, jobs: int = 1, executor: str = "processes",
              scheduler: str | None = None) -> Iterator:
    """Yield the :class:`~studio.playtest.runner.GameResult` of every seed, in order, on an
    executor opened for this batch (see :func:`open_executor`). Raises ImportError (with the
    pip line) when Dask is missing, ClusterError (an OSError) when the scheduler cannot be reached
    or its workers run another studio version, and WorkersLost when the cluster goes away
    mid-batch (the games yielded before stay valid)."""
    with open_executor(jobs, executor, scheduler, len(seeds)) as ex:
        yield from ex.run(spec, seeds)


class Executor:
    """Plays batches: :meth:`run` yields one batch's results in seed order."""

    workers = 1

    def run(self, spec: BatchSpec, seeds: range) -> Iterator:
        raise NotImplementedError

    def close(self) -> None:
        """Stop the workers (pending games are dropped)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class SerialExecutor(Executor):
    """Plays in this process."""

    def run(self, spec: BatchSpec, seeds: range) -> Iterator:
        from studio.playtest.runner import play_game

        game = spec.setup.game()
        bots = [make_bot(n) for n in spec.bots]
        for seed in seeds:
            yield play_game(game, bots, seed, evaluate=spec.evaluate)


class ProcessExecutor(Executor):
    """``workers`` processes on this machine, started at the first batch (fork, forkserver or
    spawn: :func:`_context`) with that batch's game and bots already built."""

    def __init__(self, workers: int):
        self.workers = workers
        self.pool: Pool | None = None
        self.started: str | None = None  # token of the batch the workers were started with

    def run(self, spec: BatchSpec, seeds: range) -> Iterator:
        token, data = spec.payload()
        if self.pool is None:
            # fork only from a single-threaded process without Qt (see _context)
            self.pool = _start_pool(self.workers, token, data)
            self.started = token
        pool = self.pool
        sent = None if token == self.started else data  # the workers were started with it

        def submit(chunk) -> _PoolTask:
            seeds_ = list(chunk)
            return _PoolTask(seeds_, pool.apply_async(play_chunk, (token, sent, seeds_)), _worker_pids(pool))

        def result_of(task: _PoolTask) -> list:
            # multiprocessing.Pool replaces a worker that dies but never fails the task it held:
            # waiting on it would hang for ever. Games depend on their seed alone, so a chunk
            # still pending once a worker was lost is played again.
            while True:
                try:
                    return task.handle.get(timeout=POLL_SECONDS)
                except multiprocessing.TimeoutError:
                    workers = _worker_pids(pool)
                    if workers != task.workers:
                        log.warning("a worker process was lost mid-batch; playing %d games again", len(task.seeds))
                        task.handle = pool.apply_async(play_chunk, (token, sent, task.seeds))
                        task.workers = workers

        yield from _ordered(submit, seeds, chunk_size(len(seeds), self.workers), self.workers * IN_FLIGHT_PER_WORKER,
                            result_of, lambda task: task.handle.ready(), self.workers)

    def close(self) -> None:
        """Stop the workers, within :data:`CLOSE_DEADLINE` seconds: Pool.terminate can wait for
        ever on a queue lock a dead worker held, so past the deadline the workers are killed and
        the pool's own threads are left to end with the process."""
        if self.pool is None:
            return
        pool, self.pool = self.pool, None
        processes = list(getattr(pool, "_pool", ()))

        def stop() -> None:
            pool.terminate()
            pool.join()

        stopper = threading.Thread(target=stop, name="pool-close", daemon=True)
        stopper.start()
        stopper.join(CLOSE_DEADLINE)
        if stopper.is_alive():
            log.warning("the worker pool did not stop within %.0f s; killing its processes", CLOSE_DEADLINE)
            for process in processes:
                try:
                    os.kill(process.pid, signal.SIGKILL)
                except (OSError, TypeError):  # gone already, or never started
                    pass
            stopper.join(CLOSE_DEADLINE)


def _worker_pids(pool: Pool) -> frozenset:
    """The process ids of the pool's workers (multiprocessing keeps them in ``_pool``): a set
    that changes when a worker died and was replaced."""
    return frozenset(p.pid for p in getattr(pool, "_pool", ()))


@dataclass
class _PoolTask:
    """One chunk of a batch sent to a Pool: its seeds, the pending result, and the pool's
    workers when it was sent (:func:`_worker_pids`)."""

    seeds: list
    handle: AsyncResult
    workers: frozenset


class DaskExecutor(Executor):
    """A Dask cluster: the scheduler at ``address``, or a LocalCluster of ``workers``
    single-threaded processes when ``address`` is None. Dask's own log lines are kept off
    stderr while it is open: what goes wrong is raised as :class:`ClusterError`."""

    def __init__(self, workers: int, address: str | None):
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise ImportError(DASK_EXTRA) from None
        import studio

        self.cluster = None
        self.client = None
        self.address = address
        self.version = studio.__version__ if address is not None else None  # a LocalCluster is this install
        self._quiet = _quiet_dask()
        try:
            if address is None:
                self.cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                            dashboard_address=":0")
                self.client = Client(self.cluster)
            else:
                try:
                    self.client = Client(address, timeout=CONNECT_TIMEOUT)
                except (OSError, ValueError, TypeError) as exc:  # refused, timed out, a malformed address
                    reason = " ".join(str(exc).split()) or type(exc).__name__
                    raise ClusterError(f"cannot reach the Dask scheduler at {address}: {reason[:300]}") from None
                if not self.client.nthreads():
                    try:  # workers may still be starting
                        self.client.wait_for_workers(1, timeout=LOST_AFTER)
                    except (TimeoutError, OSError):
                        raise ClusterError(f"the Dask scheduler at {address} has no workers (waited {LOST_AFTER:.0f} "
                                           f"s): start some with 'dask worker {address}'") from None
                check_worker_versions(self.client, self.version)
        except BaseException:
            self.close()
            raise
        self.workers = max(1, sum(self.client.nthreads().values()))
        self.shared: dict = {}
        self._empty_since: float | None = None

    def run(self, spec: BatchSpec, seeds: range) -> Iterator:
        client = self.client
        if client is None:
            raise ClusterError("this Dask executor is closed: open a new one to play more games")
        token, data = spec.payload()
        if token not in self.shared:
            try:
                self.shared[token] = client.scatter(data, broadcast=True)
            except Exception as exc:  # noqa: BLE001 - no worker to take it, the scheduler gone
                raise self._lost(exc) from None
        shared = self.shared[token]
        futures: list = []

        def submit(chunk):
            future = client.submit(play_chunk, token, shared, list(chunk), self.version, pure=False)
            futures.append(future)
            return future

        def result_of(future):
            games = self._wait(future)
            futures.remove(future)
            return games

        try:
            yield from _ordered(submit, seeds, chunk_size(len(seeds), self.workers),
                                self.workers * IN_FLIGHT_PER_WORKER, result_of, lambda f: f.done(), self.workers)
        finally:
            if futures:
                try:
                    client.cancel(futures)
                except Exception:  # noqa: BLE001 - the scheduler is gone: nothing left to cancel
                    pass

    def _wait(self, future) -> list:
        """The games of ``future``, checking every :data:`POLL_SECONDS` that the cluster still
        has workers. Raises WorkersLost when it has had none for :data:`LOST_AFTER` seconds or
        the future was dropped with its workers; a game's own error is raised as it is."""
        from distributed.scheduler import KilledWorker

        while True:
            try:
                return future.result(timeout=POLL_SECONDS)
            except TimeoutError:
                if future.status == "pending":
                    self._check_alive()
                elif future.status not in ("finished", "error"):  # else it ended just now: ask again
                    raise self._lost(None) from None
            except KeyboardInterrupt:
                raise
            except Exception as exc:
                if future.status == "error" and not isinstance(exc, KilledWorker):
                    raise  # the game's own error (a bug), or a worker of another version
                raise self._lost(exc) from None

    def _workers_now(self) -> int | None:
        """Workers the scheduler has now, or None when it cannot be asked."""
        if self.client is None or self.client.status != "running":
            return None
        try:
            return len(self.client.nthreads())
        except Exception:  # noqa: BLE001 - the connection dropped
            return None

    def _check_alive(self) -> None:
        if self._workers_now():
            self._empty_since = None
            return
        now = time.monotonic()
        if self._empty_since is None:
            self._empty_since = now
        elif now - self._empty_since >= LOST_AFTER:
            raise self._lost(None, waited=now - self._empty_since)

    def _lost(self, exc: BaseException | None, waited: float | None = None) -> WorkersLost:
        """A WorkersLost in words: the scheduler gone, every worker gone, or the workers that
        held the batch (``exc``: what Dask raised)."""
        where = f"the Dask scheduler at {self.address}" if self.address else "the local Dask cluster"
        left = self._workers_now()
        settle = time.monotonic() + 5.0
        while left and waited is None and time.monotonic() < settle:
            time.sleep(0.2)   # the scheduler notices dead workers a moment after their tasks are dropped
            left = self._workers_now()
        if left is None:
            return WorkersLost(f"lost the connection to {where}")
        if left == 0:
            return WorkersLost(f"every worker of {where} was lost"
                               + (f" (none for {waited:.0f} s)" if waited else ""))
        from distributed.scheduler import KilledWorker

        if isinstance(exc, KilledWorker):
            return WorkersLost(f"the workers of {where} died while playing the same games, "
                               "one after another (out of memory?)")
        return WorkersLost(f"the workers of {where} that held the batch were lost ({left} left)")

    def close(self) -> None:
        try:
            if self.client is not None:
                try:
                    self.client.close(timeout=5)
                except Exception:  # noqa: BLE001 - a scheduler already gone
                    pass
            if self.cluster is not None:
                self.cluster.close()
        finally:
            self.client = self.cluster = None
            if self._quiet is not None:
                self._quiet()
                self._quiet = None


def _quiet_dask():
    """Raise Dask's loggers to CRITICAL (a lost worker or scheduler logs tracebacks on stderr);
    returns the function that puts them back."""
    names = ("distributed", "distributed.client", "distributed.worker", "distributed.nanny",
             "distributed.scheduler", "distributed.core", "distributed.comm", "distributed.batched")
    old = {n: logging.getLogger(n).level for n in names}
    for n in names:
        logging.getLogger(n).setLevel(logging.CRITICAL)

    def restore():
        for n, level in old.items():
            logging.getLogger(n).setLevel(level)
    return restore


def _chunks(seeds: range, size: int, workers: int = 1) -> Iterator[range]:
    """Consecutive chunks of ``seeds``: the first ``workers`` of one game, the next of two, and
    so on doubling up to ``size``, so the first games come back within a game's time (progress
    shows at once, and Ctrl+C soon after the start still keeps games); towards the end no chunk
    is more than the games left over twice the workers, so the workers finish together (guided
    scheduling) instead of one playing a last big chunk alone."""
    start, step, n = 0, 1, 0
    workers = max(1, workers)
    while start < len(seeds):
        left = len(seeds) - start
        take = min(step, max(1, -(-left // (2 * workers))))
        yield seeds[start:start + take]
        start += take
        n += 1
        if n % max(1, workers) == 0:
            step = min(size, step * 2)


def _ordered(submit, seeds: range, size: int, in_flight: int, result_of, ready=None, workers: int = 1) -> Iterator:
    """Submit chunks with ``submit(chunk) -> handle``, keep at most ``in_flight`` pending, and
    yield their games in order (``result_of(handle)`` waits for one). On KeyboardInterrupt the
    games of every chunk already finished (``ready(handle)``) are still yielded, out of order,
    before the interrupt is raised again: work the workers finished is never lost."""
    pending: deque = deque()
    chunks = _chunks(seeds, size, workers)
    for chunk in chunks:
        pending.append(submit(chunk))
        if len(pending) >= in_flight:
            break
    waiting: deque = deque()   # games of the last chunk not yet yielded
    try:
        while pending:
            games = result_of(pending[0])
            pending.popleft()
            nxt = next(chunks, None)
            if nxt is not None:
                pending.append(submit(nxt))
            waiting.extend(games)
            while waiting:
                yield waiting.popleft()
    except KeyboardInterrupt:
        yield from list(waiting)
        if ready is not None:
            for handle in list(pending):
                if ready(handle):
                    try:
                        games = result_of(handle)
                    except Exception:  # a chunk that failed has no games to keep
                        continue
                    yield from games
        raise


def _leave(signum, frame) -> None:
    """SIGTERM in a worker process (the parent's pool stopping it, or a whole process group
    stopped by `timeout`, a job scheduler or systemd): leave by an exception, so the locks of the
    pool's queues it holds (an idle worker waits for a task holding the task queue's lock) are
    released on the way out. Dying at once would leave the lock taken, and the parent's pool
    would wait for it forever when it shuts down.

    A handler runs wherever the main thread is, inside a ``__del__`` or a generator's
    finalizer too, where an exception is only printed: the worker would then go on waiting for
    a task, and the parent's pool for it, forever (seen as a rare hang of a pool's terminate).
    So a timer ends the process for sure (SIGALRM's default action) 2 s later."""
    if hasattr(signal, "setitimer"):
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
        signal.setitimer(signal.ITIMER_REAL, LEAVE_DEADLINE)
    raise SystemExit(128 + signum)


LEAVE_DEADLINE = 2.0
"""Seconds a worker stopped by SIGTERM has to leave by its exception before SIGALRM ends it."""


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's to handle
