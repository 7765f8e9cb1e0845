"""The reliability harness (issue 12 item 11): a mutation fuzzer over every content kind,
saved games and reports, and an invariant checker over random and greedy games. The tests
in this folder run it with small, seeded counts; ``benchmarks/bench_reliability.py`` runs it
long and prints the figures.

A *problem* is anything the studio must never do with a file it is given: an internal
error (a traceback, an ``internal/error`` finding), a finding without a line, a check that
takes longer than :data:`SLOW` seconds, an engine crash on content validation accepted, a
broken invariant in a game. Refusing bad content with a clear finding is not a problem."""

from __future__ import annotations

import copy
import json
import random
import re
import shutil
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from studio.content import LoadError, bundled_path, dump_yaml, load_document
from studio.model.io import InvalidContent

ROOT = Path(__file__).resolve().parents[2]
SLOW = 10.0  # seconds: a check slower than this counts as a hang
GAME_SLOW = 120.0  # seconds: a whole game (4 greedy bots on a big board) slower than this is a hang
# values a careless edit, a bad merge or a hostile file puts where something else belongs
HOSTILE = [None, True, False, 0, -1, 1, 2, 6.0, 0.5, -0.0, 10 ** 12, 1e300, "", "x", "1", "yes", "deck", "a1",
           "010", "1:00", "2001-01-01", "é" * 3, "a" * 300, [], [0], [0, 0], [[0, 0]], ["a1", "a2"], [1, "x"],
           {}, {"a": 1}, {"type": "pass"}, [None], [[]], {"": None}]
SNIPPETS = ["\t", ":", " :", "- ", "[", "]", "{", "}", "&a ", "*a", "!!python/object ", "!x ", "? ", "<<: ",
            "'", '"', "#", "---\n", "...\n", "%YAML 1.1\n", "\\", "|", ">", "@", "`", "1:00", "010", "0o17",
            "2001-01-01", ".nan", ".inf", "~", "1e999", "\u00e9", "\ufeff", "\u2028", " " * 3, "\n"]


@dataclass
class Figures:
    """What a run tried and found."""

    cases: int = 0
    accepted: int = 0          # mutants validation passed (then loaded by the engine)
    engine_runs: int = 0
    engine_refusals: int = 0   # the engine refused accepted content with a clear error
    problems: list[str] = field(default_factory=list)
    worst: float = 0.0
    worst_case: str = ""

    def timed(self, label: str, seconds: float, limit: float = SLOW) -> None:
        if seconds > self.worst:
            self.worst, self.worst_case = seconds, label
        if seconds > limit:
            self.problems.append(f"{label}: took {seconds:.1f} s (a hang)")

    def merge(self, other: "Figures") -> None:
        self.cases += other.cases
        self.accepted += other.accepted
        self.engine_runs += other.engine_runs
        self.engine_refusals += other.engine_refusals
        self.problems += other.problems
        if other.worst > self.worst:
            self.worst, self.worst_case = other.worst, other.worst_case


# -- mutations ------------------------------------------------------------------------------

def _nodes(data, path=()):
    yield path
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _nodes(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _nodes(v, path + (i,))


def mutate_data(data, rng: random.Random):
    """``data`` with one to three random edits: a value replaced by a hostile one (or by
    another value of the same file), a key or item removed, an unknown key added, an item
    repeated, a number nudged or made a decimal."""
    data = copy.deepcopy(data)
    nodes = [p for p in _nodes(data) if p]
    for _ in range(rng.randint(1, 3)):
        if not nodes:
            break
        path = rng.choice(nodes)
        parent = data
        try:
            for key in path[:-1]:
                parent = parent[key]
            last = path[-1]
            current = parent[last]
        except (KeyError, IndexError, TypeError):
            continue
        if not isinstance(parent, (dict, list)):  # an earlier edit replaced a container by text
            continue
        action = rng.random()
        if action < 0.35:
            parent[last] = copy.deepcopy(rng.choice(HOSTILE))
        elif action < 0.5:
            other = rng.choice(nodes)
            value = data
            try:
                for key in other:
                    value = value[key]
            except (KeyError, IndexError, TypeError):
                continue
            parent[last] = copy.deepcopy(value)
        elif action < 0.62:
            del parent[last]
        elif action < 0.72 and isinstance(parent, dict):
            parent[rng.choice(["extra", "notes", "colour", "at", "x" + str(rng.randint(0, 9))])] = \
                copy.deepcopy(rng.choice(HOSTILE))
        elif action < 0.82 and isinstance(parent, list):
            parent.insert(last, copy.deepcopy(current))
        elif isinstance(current, bool) or not isinstance(current, (int, float)):
            parent[last] = copy.deepcopy(rng.choice(HOSTILE))
        else:
            parent[last] = rng.choice([current + 1, current - 1, -current, current * 1000, float(current),
                                       current + 0.5, 0])
    return data


def mutate_text(text: str, rng: random.Random) -> str:
    """``text`` with one to three edits at the character or line level: a snippet of YAML
    syntax inserted, a line deleted, repeated, re-indented or swapped, the text cut short."""
    for _ in range(rng.randint(1, 3)):
        lines = text.split("\n")
        action = rng.random()
        if action < 0.4 and text:
            i = rng.randrange(len(text))
            text = text[:i] + rng.choice(SNIPPETS) + text[i:]
        elif action < 0.55 and len(lines) > 1:
            del lines[rng.randrange(len(lines))]
            text = "\n".join(lines)
        elif action < 0.65:
            i = rng.randrange(len(lines))
            lines.insert(i, lines[i])
            text = "\n".join(lines)
        elif action < 0.8:
            i = rng.randrange(len(lines))
            lines[i] = rng.choice(["", " ", "  ", "\t", "    "]) + lines[i].lstrip(" ")
            text = "\n".join(lines)
        elif action < 0.9 and len(lines) > 1:
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        else:
            text = text[: rng.randrange(len(text) + 1)]
    return text


def mutant(text: str, json_file: bool, rng: random.Random) -> str:
    """A mutant of a file's text: half the time at the data level (then written back as the
    studio writes YAML, or as JSON), half at the text level."""
    if rng.random() < 0.5:
        try:
            data = json.loads(text) if json_file else load_document_text(text)
        except (ValueError, LoadError):
            return mutate_text(text, rng)
        data = mutate_data(data, rng)
        return json.dumps(data, indent=1) if json_file else dump_yaml(data)
    return mutate_text(text, rng)


def load_document_text(text: str):
    from studio.content import parse_yaml

    return parse_yaml(text).data


# -- the sandbox: a copy of the bundled content, plus saved games and a report ----------------

class Sandbox:
    """A copy of the bundled ``boards/`` and ``scenarios/`` under ``folder``, a saved game of
    each game (``games/*.game.json``) and a playtest report (``reports/*.json``). Each corpus
    file is mutated in place and put back (:meth:`put_back`)."""

    def __init__(self, folder: Path) -> None:
        self.root = Path(folder)
        for name in ("boards", "scenarios"):
            shutil.copytree(bundled_path(name), self.root / name)
        (self.root / "games").mkdir()
        (self.root / "reports").mkdir()
        self._games()
        self._report()
        self.files = sorted(p for p in self.root.rglob("*") if p.is_file() and p.suffix in (".yaml", ".json"))
        self.original = {p: p.read_text(encoding="utf-8") for p in self.files}
        self.users = self._users()

    def _games(self) -> None:
        from studio.playtest.session import PlaySession, game_file_data
        from studio.rules import load_game

        for name, players in (("jungle-temples.yaml", 3), ("labyrinth.yaml", 2), ("rivages.yaml", 2),
                              ("rivages-solo.yaml", 1)):
            game = load_game(str(self.root / "scenarios" / name), players=players, seed=4)
            session = PlaySession(game, ["random"] * players, 4)
            state = game.new_state(4)
            rng = random.Random(4)
            for _ in range(25):
                if state.is_terminal():
                    break
                state.apply(rng.choice(state.legal_actions()))
            session.state = state
            data = game_file_data(session, name)
            (self.root / "games" / f"{Path(name).stem}-{players}p.game.json").write_text(
                json.dumps(data, indent=1), encoding="utf-8")

    def _report(self) -> None:
        from studio.bots import make_bot
        from studio.playtest.elements import catalogue
        from studio.playtest.report import JsonWriter
        from studio.playtest.runner import play_game
        from studio.playtest.stats import Tally
        from studio.rules import load_game

        game = load_game(str(self.root / "scenarios" / "jungle-temples.yaml"), players=2, seed=1)
        tally = Tally(catalogue(game))
        out = JsonWriter(self.root / "reports" / "jungle.json",
                         {"scenario": {"id": "jungle-temples", "name": "Jungle Temples", "path": "x"},
                          "players": 2, "bots": ["random", "random"], "seed": 1, "games_requested": 2,
                          "game_seeds": "seed * 1000003 + index"})
        for i in range(2):
            result = play_game(game, [make_bot("random"), make_bot("random")], 10 + i)
            tally.add(result)
            out.add(result)
        out.finish({"interrupted": False, "games_played": 2, "summary": tally.summary().to_dict()})

    def _users(self) -> dict[Path, list[tuple[Path, int]]]:
        """Content file -> the (scenario, player count) games that read it."""
        from studio.model.io import board_path, read_scenario
        from studio.model.rivages import read_rivages

        users: dict[Path, list[tuple[Path, int]]] = {}
        for sc in sorted((self.root / "scenarios").glob("*.yaml")):
            fmt = load_document(sc).format
            if fmt == "realm-scenario/1":
                scenario = read_scenario(sc)
                users.setdefault(sc.resolve(), [])
                for n in sorted(scenario.boards):
                    users.setdefault(board_path(scenario, n).resolve(), []).append((sc, n))
                    users[sc.resolve()].append((sc, n))
            else:
                riv = read_rivages(sc)
                counts = [1] if riv.scenario.solo is not None and "solo" in sc.name else [2, 1]
                files = [sc] + [Path(m.path) for m in [*riv.islands, *riv.trees, riv.cards, riv.loot]]
                for f in files:
                    users.setdefault(Path(f).resolve(), []).extend((sc, n) for n in counts)
        return users

    def put_back(self, path: Path) -> None:
        path.write_text(self.original[path], encoding="utf-8")


# -- checks ---------------------------------------------------------------------------------

# findings that name a whole file, never a place in it (there is no line to give)
WHOLE_FILE = {"io/not-found", "io/unreadable", "io/no-content", "yaml/too-large", "json/too-large", "yaml/empty",
              "content/link-escapes-root"}


# words of the libraries and of Python, never of a message to a designer (jsonschema's own
# messages, PyYAML's token names, type names, system error numbers)
JARGON = re.compile(
    r"\bgot (?:str|int|float|bool|dict|list|tuple|NoneType)\b|NoneType|is not of type|is not valid under any of the "
    r"given schemas|Additional properties are not allowed|is a required property|is not one of \[|does not match "
    r"'\^|is too (?:long|short)|should be non-empty|is not allowed for|while (?:parsing|scanning)|<block|<scalar>|"
    r"<stream|cannot start any token|\[Errno|Traceback|object has no attribute|unhashable type|"
    r"object is not (?:subscriptable|iterable)|tag:yaml\.org")


def jargon(message: str) -> str | None:
    """The first piece of library or Python jargon in ``message``, or None."""
    m = JARGON.search(message)
    return m.group(0) if m else None


def check_findings(findings, label: str, figures: Figures) -> bool:
    """Record internal errors, findings without a line and findings in jargon; True when
    there are no errors."""
    for f in findings:
        if f.code.startswith("internal/"):
            figures.problems.append(f"{label}: {f.format()}")
        elif f.line is None and f.code not in WHOLE_FILE:
            figures.problems.append(f"{label}: finding without a line: {f.format()}")
        elif jargon(f.message):
            figures.problems.append(f"{label}: jargon ({jargon(f.message)!r}): {f.format()}")
    return not any(f.severity == "error" for f in findings)


ENGINE_REFUSALS = (LoadError, InvalidContent)


def _refusals():
    from studio.model import BoardError
    from studio.model.rivages import RivagesError

    return ENGINE_REFUSALS + (BoardError, RivagesError)


def run_engine(scenario: Path, players: int, label: str, figures: Figures, rng: random.Random,
               plies: int = 60, greedy: bool = False) -> None:
    """Load ``scenario`` for ``players`` and play up to ``plies`` actions (random, or greedy
    bots), checking the invariants at each; a clean refusal is counted, anything else is a
    problem."""
    from studio.rules import load_game

    figures.engine_runs += 1
    try:
        game = load_game(str(scenario), players=players, seed=rng.randrange(1000))
    except _refusals():
        figures.engine_refusals += 1
        return
    except Exception as exc:  # noqa: BLE001 - the point: any other exception is a crash
        figures.problems.append(f"{label}: the engine crashed loading accepted content: {type(exc).__name__}: {exc}")
        return
    try:
        play_checked(game, rng.randrange(10 ** 6), plies, greedy, label, figures)
    except Exception as exc:  # noqa: BLE001
        figures.problems.append(f"{label}: the engine crashed playing accepted content: {type(exc).__name__}: {exc}")


def fuzz(sandbox: Sandbox, cases: int, seed: int, figures: Figures | None = None,
         files: list[Path] | None = None) -> Figures:
    """``cases`` mutants of the sandbox's files (seeded): each is validated (as ``studio
    validate`` does, and as Open Game reads a saved game), and, when accepted, loaded and
    played by the engine."""
    from studio.validate import validate

    figures = figures or Figures()
    rng = random.Random(seed)
    pool = files or sandbox.files
    for i in range(cases):
        path = pool[i % len(pool)] if files is None else rng.choice(pool)
        text = mutant(sandbox.original[path], path.suffix == ".json", rng)
        label = f"case {seed}/{i} {path.relative_to(sandbox.root)}"
        path.write_text(text, encoding="utf-8")
        figures.cases += 1
        try:
            start = time.perf_counter()
            try:
                if path.parent.name == "games":
                    accepted = check_game(path, label, figures)
                else:
                    accepted = check_findings(validate(path), label, figures)
            except Exception as exc:  # noqa: BLE001
                figures.problems.append(f"{label}: validation raised {type(exc).__name__}: {exc}")
                accepted = False
            figures.timed(label, time.perf_counter() - start)
            if accepted and path.parent.name not in ("games", "reports"):
                figures.accepted += 1
                for scenario, players in sandbox.users.get(path.resolve(), [])[:2]:
                    start = time.perf_counter()
                    run_engine(scenario, players, label, figures, rng, plies=40)
                    figures.timed(label + " (engine)", time.perf_counter() - start)
        finally:
            sandbox.put_back(path)
    return figures


@lru_cache(maxsize=16)
def _game(scenario: str, players: int):
    from studio.rules import load_game

    return load_game(scenario, players=players, seed=0)


def check_game(path: Path, label: str, figures: Figures) -> bool:
    """Read a saved game as Open Game does: a file the reader accepts either replays in its
    game or is refused with a ValueError naming the problem."""
    from studio.playtest.session import PlaySession, read_game_file

    try:
        data = read_game_file(path)
    except LoadError as exc:
        if exc.line is None and exc.code not in WHOLE_FILE:
            figures.problems.append(f"{label}: finding without a line: {exc.format()}")
        elif jargon(exc.message):
            figures.problems.append(f"{label}: jargon ({jargon(exc.message)!r}): {exc.format()}")
        return False
    except InvalidContent as exc:
        return check_findings(exc.findings, label, figures)
    figures.accepted += 1
    record = data["record"]
    stem = path.name.split(".")[0]
    scenario, players = stem.rsplit("-", 1)
    game = _game(str(path.parent.parent / "scenarios" / f"{scenario}.yaml"), int(players[:-1]))
    try:
        game.state_from_dict(record)
        session = PlaySession(game, ["random"] * game.players, int(record["seed"]))
        session.load(record)
    except ValueError:
        return True  # a clear refusal (another game, an illegal move)
    except Exception as exc:  # noqa: BLE001
        figures.problems.append(f"{label}: an accepted game record crashed the loader: {type(exc).__name__}: {exc}")
    return True


# -- invariants -----------------------------------------------------------------------------

def invariant_violations(state) -> list[str]:
    """What is wrong with ``state`` (empty when nothing): the terminal state offers nothing and
    names no player to move; a running one offers distinct actions; cards, energy, bands
    (Rule the Realm) or cards, Loot and islands (Rivages) are conserved; scores are numbers."""
    out = []
    terminal = state.is_terminal()
    legal = state.legal_actions()
    if terminal and (legal or state.current_player is not None):
        out.append("a finished game offers actions or a player to move")
    if not terminal and not legal:
        out.append("a running game offers no action")
    if len(set(legal)) != len(legal):
        out.append("legal actions repeat")
    game = state.game
    if getattr(game, "RECORD", "") == "realm":
        cards = (len(state.deck) + len(state.pool) + len(state.discard) + sum(sum(h) for h in state.hands)
                 + sum(len(d) for d in state.decks) + sum(len(d) for d in state.discards) + len(state.set_aside))
        if cards != game.total_cards:
            out.append(f"cards not conserved: {cards} != {game.total_cards}")
        if state.supply + sum(state.energy) != game.rules.energy_supply:
            out.append("energy not conserved")
        for seat in range(game.players):
            placed = sum(1 for s, _ in state.bands if s == seat)
            if placed + state.bands_left[seat] != game.rules.bands_per_player:
                out.append(f"bands of seat {seat + 1} not conserved")
        if any(e < 0 for e in state.energy) or state.supply < 0 or any(n < 0 for h in state.hands for n in h):
            out.append("a negative count")
    else:
        hands = [c for p in state.players_state for c in p.hand]
        cards = state.deck + state.discard + state.removed + hands
        if game.solo is None and sorted(cards) != list(range(len(game.cards))):
            out.append("cards not conserved")
        if game.solo is not None and not (len(cards) == len(set(cards)) == game.solo.cards):
            out.append("solo cards not conserved")
        held = [t for p in state.players_state for t in p.loot]
        if sorted(state.bag + state.loot_discard + held) != list(range(len(game.tokens))):
            out.append("loot not conserved")
        islands = state.pile + [p.island for p in state.players_state] + \
            [i for p in state.players_state for i, _ in p.past]
        if sorted(islands) != list(range(len(game.maps))):
            out.append("islands not conserved")
        if any(p.scrolls < 0 for p in state.players_state):
            out.append("negative scrolls")
    return out


def play_checked(game, seed: int, plies: int | None, greedy: bool, label: str, figures: Figures) -> None:
    """Play one game from ``seed`` (random or greedy bots) for ``plies`` actions or to the end,
    checking :func:`invariant_violations` at every ply, that a clone is an independent copy
    every few plies, and at the end that the record replays to the same state."""
    from studio.bots import make_bot

    state = game.new_state(seed)
    rng = random.Random(seed)
    bots = [make_bot("greedy") for _ in range(game.players)] if greedy else None
    ply = 0
    while not state.is_terminal() and (plies is None or ply < plies):
        seat = state.current_player
        legal = state.legal_actions()
        if bots is not None:
            action = bots[seat].act(game, state.observation(seat), legal, rng)
        else:
            action = rng.choice(legal)
        twin = state.clone() if ply % 5 == 0 else None
        before = twin.snapshot() if twin is not None else None
        state.apply(action)
        ply += 1
        if twin is not None and twin.snapshot() != before:
            figures.problems.append(f"{label}: a clone shared state with its original (ply {ply})")
        for v in invariant_violations(state):
            figures.problems.append(f"{label}: ply {ply}: {v}")
            return
        if ply > 20000:
            figures.problems.append(f"{label}: no end after 20,000 actions")
            return
    replayed = game.state_from_dict(state.to_dict())
    if replayed.snapshot() != state.snapshot():
        figures.problems.append(f"{label}: the record does not replay to the same state")


def game_cases() -> list[tuple[Path, int]]:
    """Every (scenario, player count) the bundled content plays: the 24 Rule the Realm cases
    (8 locations x 2/3/4 players) and Rivages 2 to 5 players, alone (1p base) and solo."""
    from studio.model.io import read_scenario

    out = []
    for sc in sorted(bundled_path("scenarios").glob("*.yaml")):
        fmt = load_document(sc).format
        if fmt == "realm-scenario/1":
            out += [(sc, n) for n in sorted(read_scenario(sc).boards)]
        elif sc.name == "rivages-solo.yaml":
            out.append((sc, 1))
        else:
            out += [(sc, n) for n in range(1, 6)]
    return out


def check_games(cases, games: int, seed: int, greedy: bool, plies: int | None, figures: Figures | None = None) -> Figures:
    """``games`` games per case (random or greedy), each checked by :func:`play_checked`."""
    from studio.rules import load_game

    figures = figures or Figures()
    for sc, players in cases:
        game = load_game(str(sc), players=players, seed=seed)
        for g in range(games):
            label = f"{sc.stem} {players}p {'greedy' if greedy else 'random'} game {seed}/{g}"
            start = time.perf_counter()
            figures.cases += 1
            try:
                play_checked(game, seed * 1000 + g, plies, greedy, label, figures)
            except Exception as exc:  # noqa: BLE001
                figures.problems.append(f"{label}: {type(exc).__name__}: {exc}")
            figures.timed(label, time.perf_counter() - start, limit=GAME_SLOW)
    return figures


# -- SIGKILL during saves -------------------------------------------------------------------

_SAVER = """
import sys
from studio.content import save_atomic
path, size = sys.argv[1], int(sys.argv[2])
i = 0
print("ready", flush=True)
while True:
    i += 1
    save_atomic(path, f"n: {i}\\nfill: '" + "x" * size + "'\\n")
"""


def sigkill_saves(folder: Path, kills: int, seed: int, size: int = 400_000, figures: Figures | None = None) -> int:
    """Kill a process that saves a file in a loop, ``kills`` times at seeded moments. After
    each kill the file must be one whole version; after one more save no temp file may be
    left. Returns the figures and how many kills left a temp file behind (before the next
    save removed it)."""
    import os
    import signal
    import subprocess
    import sys

    from studio.content import parse_yaml, save_atomic

    figures = figures if figures is not None else Figures()
    rng = random.Random(seed)
    folder = Path(folder)
    target = folder / "big.yaml"
    save_atomic(target, "n: 0\nfill: ''\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    left = 0
    for k in range(kills):
        proc = subprocess.Popen([sys.executable, "-c", _SAVER, str(target), str(size)], env=env, stdout=subprocess.PIPE)
        proc.stdout.readline()
        time.sleep(rng.uniform(0.0, 0.3))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        figures.cases += 1
        temps = [p for p in folder.iterdir() if p.name.endswith(".tmp")]
        left += bool(temps)
        try:
            data = parse_yaml(target.read_text(encoding="utf-8")).data
            if len(data["fill"]) not in (0, size):
                figures.problems.append(f"kill {k}: a torn file ({len(data['fill'])} bytes of fill)")
        except Exception as exc:  # noqa: BLE001
            figures.problems.append(f"kill {k}: the file does not load after the kill: {exc}")
        start = time.perf_counter()
        save_atomic(target, f"n: after-{k}\nfill: ''\n")
        figures.timed(f"save after kill {k}", time.perf_counter() - start)
        still = [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]
        if still:
            figures.problems.append(f"kill {k}: temp files left after the next save: {still}")
    return left
