"""Which rules a Rule the Realm board plays and is checked with: its location.

A ``realm-board/2`` file names its location (``location: archipelago-city``): the ``id`` of a
``realm-scenario/1``, looked up first in the ``scenarios`` folder of the board's content root
(:func:`~studio.content.content_root_of`), then in the board's own folder, then among the
bundled scenarios (:func:`scenario_folders`), so a board plays
the same wherever it is saved. ``location: base`` means the rulebook's base rules, without a
location's special rules (:func:`base_scenario`). A board that names no location (a
``realm-board/1`` file no scenario lists) is played with the base rules, and every caller says
so: :attr:`BoardRules.warning`.

``realm-board/1`` files are migrated when they are read (:func:`migrated_location`): their
location is the id of the scenario that lists them, as the studio found it before /2.

A designer's scenario near the board (in the content root's ``scenarios`` folder or the board's
folder) that is meant for the board (its ``id`` is the board's location, or it lists the board)
but does not load, or whose rules have errors, is never skipped in silence: the rules carry it
as :attr:`BoardRules.trouble`, their :attr:`BoardRules.warning` says so and ``studio validate``
reports it on the board (``location/broken-scenario``).

Scenario files are parsed once and remembered until they change on disk. Qt-free; the editor,
the playtest window, ``studio validate`` and ``studio playtest`` all use :func:`rules_for`.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from studio.content import LoadError, bundled_path, content_root_of, resolve_reference
from studio.content.findings import Finding
from studio.content.paths import listed_link_target, resolved
from studio.model.realm import Board, RealmRules, Scenario

BASE = "base"
"""The location value for the base rules of the rulebook (no location's special rules)."""

OWN = "own"          # played with its own location's rules
BASE_RULES = "base"  # location: base
NO_LOCATION = "none"  # names no location: base rules stand in
UNKNOWN = "unknown"  # names a location no scenario has: base rules stand in
OTHER = "other"      # played with a scenario other than its location (chosen by the user)

_CACHE: dict[str, tuple[int, Scenario | None]] = {}
_PROBLEMS: dict[str, tuple[tuple[int, int], tuple[Finding, ...], dict | None]] = {}
_RULES_CHECKS: list = []


def add_rules_check(check) -> None:
    """Add ``check(scenario) -> list[Finding]``, a check of a scenario's rules alone, to what
    :func:`scenario_problems` runs on a scenario that loads. The validation layer adds its
    ``scenario/*`` rules checks when it is imported (it builds on this module)."""
    if check not in _RULES_CHECKS:
        _RULES_CHECKS.append(check)


def base_scenario() -> Scenario:
    """The base rules of the rulebook as a scenario without boards (id ``base``)."""
    return Scenario(id=BASE, name="Base rules", boards={}, rules=RealmRules(),
                    description="The rulebook's base rules, without a location's special rules.")


_SCENARIO_FORMAT = re.compile(rb"^format:[ \t]*['\"]?realm-scenario/", re.MULTILINE)
_JSON_SCENARIO_FORMAT = re.compile(rb'^\s*\{?\s*"format"\s*:\s*"realm-scenario/', re.MULTILINE)  # {: compact JSON
# the other content formats: a board, an island... next to a board is not a scenario gone wrong
_OTHER_FORMAT = re.compile(rb"^format:[ \t]*['\"]?(realm-board|rivages-[a-z]+|studio-[a-z]+)/", re.MULTILINE)
_ANY_FORMAT = re.compile(rb"^format:[ \t]*(.*?)[ \t]*$", re.MULTILINE)


# folder -> (its mtime, its scenario files, the files passed over with why): one read of each
# file's head serves both lists, remembered until the folder changes
_FOLDERS: dict[str, tuple[int, list[Path], list[tuple[Path, tuple[Finding, ...]]]]] = {}


def _scenario_files(folder: Path) -> list[Path]:
    """The ``*.yaml``/``*.yml`` files of ``folder`` that declare ``format: realm-scenario/N``
    near their top, and the ``*.json`` files that declare ``"format": "realm-scenario/N"``, sorted by name (only their first 4 KiB are read: a folder of boards is not
    parsed to find its scenarios). Remembered until the folder changes (a file added, removed
    or replaced by an atomic save), since the editor asks after every edit."""
    return _scan(folder)[0]


def _unread_files(folder: Path) -> list[tuple[Path, tuple[Finding, ...]]]:
    """The ``*.yaml``/``*.yml`` files of ``folder`` that :func:`_scenario_files` passes over
    although they may be a designer's scenario: empty (or only comments), or declaring no
    content format or an unknown one (``format: realm-scenaro/1``); with why, as a finding at
    the file's line (1, or the ``format:`` line). Boards, islands and the other content
    formats are not listed. Remembered until the folder changes."""
    return _scan(folder)[1]


def _scan(folder: Path) -> tuple[list[Path], list[tuple[Path, tuple[Finding, ...]]]]:
    """Both lists of ``folder`` (:func:`_scenario_files`, :func:`_unread_files`) from one read
    of each file's first 4 KiB."""
    key = str(folder)
    try:
        stamp = os.stat(key).st_mtime_ns
    except OSError:
        return [], []
    cached = _FOLDERS.get(key)
    if cached is not None and cached[0] == stamp:
        return cached[1], cached[2]
    scenarios: list[Path] = []
    unread: list[tuple[Path, tuple[Finding, ...]]] = []
    for path in sorted([*folder.glob("*.y*ml"), *folder.glob("*.json")]):
        target, outside = listed_link_target(path)
        if outside is not None:  # a link out of the content root is never read (issue 12)
            continue
        try:
            if not stat.S_ISREG(os.stat(target).st_mode):  # opening a named pipe would wait for a writer
                continue
            with open(target, "rb") as f:
                head = f.read(4096)
        except OSError:
            continue
        if path.suffix == ".json":  # a scenario saved as JSON; other JSON (a report, an export) is no scenario
            if _JSON_SCENARIO_FORMAT.search(head):
                scenarios.append(path)
        elif _SCENARIO_FORMAT.search(head):
            scenarios.append(path)
        elif not _OTHER_FORMAT.search(head):
            unread.append((path, (_why_not_read(path, head),)))
    _FOLDERS[key] = (stamp, scenarios, unread)
    return scenarios, unread


def _why_not_read(path: Path, head: bytes) -> Finding:
    """Why the scenario look-up passes over the file whose first bytes are ``head``."""
    text = head.decode("utf-8", errors="replace")
    meaningful = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if not meaningful:
        return Finding("scenario/empty", "error", "the file is empty: a scenario starts with "
                       "'format: realm-scenario/1', then its id, name, boards and rules", str(path), 1, 1)
    found = _ANY_FORMAT.search(head)
    if found is not None:
        line = head[:found.start()].count(b"\n") + 1
        written = found.group(1).decode("utf-8", errors="replace").strip("'\"")
        return Finding("scenario/wrong-format", "error",
                       f"'format: {written}' is not a scenario's format, so the file is not read as one: "
                       "write 'format: realm-scenario/1'", str(path), line, 1)
    return Finding("scenario/wrong-format", "error",
                   "the file has no 'format:' line, so it is not read as a scenario: "
                   "begin it with 'format: realm-scenario/1'", str(path), 1, 1)


def read_scenario_cached(path: str | os.PathLike) -> Scenario | None:
    """The ``realm-scenario/1`` at ``path``, or None when it does not load (remembered until
    the file changes on disk)."""
    from studio.model.io import InvalidContent, read_scenario

    key = os.fspath(path)  # as given: resolving every path on each look-up costs more than the rest
    try:
        stamp = os.stat(key).st_mtime_ns
    except OSError:
        return None
    cached = _CACHE.get(key)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    try:
        scenario = read_scenario(key)
    except (LoadError, InvalidContent, OSError, ValueError):
        scenario = None
    _CACHE[key] = (stamp, scenario)
    return scenario


def scenario_problems(path: str | os.PathLike) -> tuple[tuple[Finding, ...], dict | None]:
    """``(errors, data)`` of the scenario file at ``path``: why it does not load (its loading
    or schema errors, each with its line and column), or, when it loads, the errors of its rules
    alone (modules they need, rules that conflict: ``studio validate``'s ``scenario/*`` checks
    that do not depend on a board, see :func:`add_rules_check`); ``()`` when there are none. ``data`` is the file's parsed
    YAML mapping (None when it does not parse), read even when the schema refuses it, to learn
    what the file is meant for. Remembered until the file changes on disk; never raises."""
    from studio.model.io import InvalidContent

    key = os.fspath(path)
    try:
        mtime = os.stat(key).st_mtime_ns
    except OSError:
        return (), None
    cached = _PROBLEMS.get(key)
    stamp = (mtime, len(_RULES_CHECKS))
    if cached is not None and cached[0] == stamp:
        return cached[1], cached[2]
    data = _raw_mapping(key)
    problems: tuple[Finding, ...] = ()
    try:
        from studio.model.io import read_scenario

        scenario = read_scenario(key)
    except InvalidContent as exc:
        problems = tuple(f for f in exc.findings if f.severity == "error") or tuple(exc.findings)
    except LoadError as exc:
        problems = (Finding(exc.code, "error", exc.message, exc.path or key, exc.line, exc.col),)
    except (OSError, ValueError) as exc:
        problems = (Finding("io/unreadable", "error", str(exc), key),)
    else:
        problems = tuple(f for check in _RULES_CHECKS for f in check(scenario) if f.severity == "error")
    _PROBLEMS[key] = (stamp, problems, data)
    return problems, data


def _raw_mapping(path: str) -> dict | None:
    """The YAML mapping in the file at ``path``, or None when it does not parse as one."""
    import yaml

    try:
        with open(path, encoding="utf-8") as f:
            data = yaml.safe_load(f)
    except (OSError, ValueError, yaml.YAMLError):
        return None
    return data if isinstance(data, dict) else None


_RAW: dict[str, tuple[int, dict | None]] = {}


def _raw_mapping_cached(path: str) -> dict | None:
    """:func:`_raw_mapping`, remembered until the file changes on disk."""
    try:
        stamp = os.stat(path).st_mtime_ns
    except OSError:
        return None
    cached = _RAW.get(path)
    if cached is None or cached[0] != stamp:
        cached = _RAW[path] = (stamp, _raw_mapping(path))
    return cached[1]


_ID_LINE = re.compile(r"^id:[ \t]*['\"]?([A-Za-z0-9_.-]+)", re.MULTILINE)


@dataclass(frozen=True)
class ScenarioTrouble:
    """A designer's scenario meant for a board that does not load or has errors.

    ``path``: the scenario file; ``problems``: its errors (at least one), each with its file,
    line and column when known; ``loads``: False when the file does not load at all (the board
    is then played with other rules), True when it loads but its rules have errors."""

    path: str
    problems: tuple[Finding, ...]
    loads: bool

    def summary(self, limit: int = 2) -> str:
        """The first ``limit`` problems as ``line:col: message``, "; "-joined, with "(and N more)"."""
        parts = []
        for f in self.problems[:limit]:
            where = f"{f.line}:{f.col or 1}: " if f.line is not None else ""
            parts.append(where + f.message)
        more = len(self.problems) - limit
        return "; ".join(parts) + (f" (and {more} more)" if more > 0 else "")


def scenario_trouble(board_path: str | os.PathLike | None, location: str | None,
                     unresolved: bool = False) -> ScenarioTrouble | None:
    """The first scenario file in the designer's folders for a board at ``board_path`` (its
    content root's ``scenarios`` folder, then its own folder; never the bundled ones) that is
    meant for the board and does not load or has errors (:func:`scenario_problems`), or None.
    A file is meant for the board when its ``id`` is ``location`` or, when the board names no
    location or the file's id cannot be read, when its ``boards`` list the board's file. Files
    that cannot be parsed at all are matched by their ``id:`` line or by naming the board's
    file.

    Files the scenario look-up passes over (:func:`_unread_files`: empty, or of no or an
    unknown format) count too when they are meant for the board: named after its location
    (``scenarios/my-city.yaml`` for ``location: my-city``), or matched as above; and, when
    ``unresolved`` (the board's location was not found), any such file in the content root's
    ``scenarios`` folder, which can only be meant as a scenario."""
    if not board_path:
        return None
    bundled = resolved(bundled_path("scenarios"))
    target = resolved(board_path)
    folders = [folder for folder in scenario_folders(board_path) if folder != bundled]
    for folder in folders:
        for path in _scenario_files(folder):
            problems, data = scenario_problems(path)
            if not problems or not _meant_for(path, data, target, location):
                continue
            loads = read_scenario_cached(path) is not None
            return ScenarioTrouble(str(path), problems, loads)
    scenarios_folder = resolved(content_root_of(Path(board_path)) / "scenarios")
    for folder in folders:
        for path, problems in _unread_files(folder):
            data = _raw_mapping_cached(str(path))
            named = location is not None and path.stem == location
            meant = named or (data is not None and _meant_for(path, data, target, location))
            if meant or (unresolved and folder == scenarios_folder):
                return ScenarioTrouble(str(path), problems, False)
    return None


def _meant_for(path: Path, data: dict | None, target: Path, location: str | None) -> bool:
    if data is None:  # does not parse: go by its text
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return False
        found = _ID_LINE.search(text)
        if found is not None and location is not None and found.group(1) == location:
            return True
        return (found is None or location is None) and target.name in text
    ident = data.get("id")
    if isinstance(ident, str) and location is not None and ident == location:
        return True
    if isinstance(ident, str) and location is not None:
        return False  # meant for another location
    boards = data.get("boards")
    refs = boards.values() if isinstance(boards, dict) else boards if isinstance(boards, list) else ()
    for ref in refs:
        if not isinstance(ref, str):
            continue
        try:
            if resolved(resolve_reference(path, ref)) == target:
                return True
        except (LoadError, OSError, ValueError):
            continue
    return False


def scenario_folders(board_path: str | os.PathLike | None) -> list[Path]:
    """Where locations are looked up for a board at ``board_path``: its content root's
    ``scenarios`` folder, the board's own folder (none for an unsaved board), then the bundled
    ``scenarios`` folder; those that exist, each once."""
    return [folder for folder in _candidate_folders(os.fspath(board_path) if board_path else None)
            if folder.is_dir()]


@lru_cache(maxsize=256)
def _candidate_folders(board_path: str | None) -> tuple[Path, ...]:
    """The folders of :func:`scenario_folders`, resolved and without repeats, whether they
    exist or not (resolving paths is what costs: the editor asks after every edit)."""
    folders = []
    if board_path:
        folders.append(content_root_of(Path(board_path)) / "scenarios")
        folders.append(resolved(board_path).parent)
    folders.append(bundled_path("scenarios"))
    out: list[Path] = []
    for folder in folders:
        folder = resolved(folder)
        if folder not in out:
            out.append(folder)
    return tuple(out)


def known_locations(board_path: str | os.PathLike | None = None) -> dict[str, tuple[str, Scenario]]:
    """Location id -> (scenario file, scenario) for a board at ``board_path``, the board's own
    content root first (its scenarios shadow bundled ones of the same id), each folder sorted by
    file name; scenarios that do not load are left out."""
    out: dict[str, tuple[str, Scenario]] = {}
    for folder in scenario_folders(board_path):
        for path in _scenario_files(folder):
            scenario = read_scenario_cached(path)
            if scenario is not None and scenario.id not in out:
                out[scenario.id] = (str(path), scenario)
    return out


def scenario_listing(board_path: str | os.PathLike | None) -> str | None:
    """The first scenario file (the board's content root first, then the bundled ones, each
    sorted by name) whose ``boards`` include the file ``board_path``; None when there is none."""
    if not board_path:
        return None
    target = resolved(board_path)
    for folder in scenario_folders(board_path):
        for path in _scenario_files(folder):
            scenario = read_scenario_cached(path)
            if scenario is None:
                continue
            for ref in scenario.boards.values():
                try:
                    if resolved(resolve_reference(path, ref)) == target:
                        return str(path)
                except LoadError:
                    continue
    return None


def migrated_location(board_path: str | os.PathLike | None) -> str | None:
    """The location of a ``realm-board/1`` file at ``board_path``: the id of the scenario that
    lists it (:func:`scenario_listing`), or None."""
    listing = scenario_listing(board_path)
    scenario = read_scenario_cached(listing) if listing else None
    return scenario.id if scenario is not None else None


@dataclass(frozen=True)
class BoardRules:
    """The rules a board is played and checked with.

    ``scenario``: the scenario whose rules apply (:func:`base_scenario` when none applies);
    ``path``: its file (None for the base rules); ``status``: :data:`OWN`, :data:`BASE_RULES`,
    :data:`NO_LOCATION`, :data:`UNKNOWN` or :data:`OTHER`; ``location``: what the board names."""

    scenario: Scenario
    path: str | None
    status: str
    location: str | None
    trouble: ScenarioTrouble | None = None
    """The designer's scenario meant for this board when it does not load or has errors
    (:func:`scenario_trouble`): a warning in every case."""

    @property
    def name(self) -> str:
        return self.scenario.name

    @property
    def warning(self) -> str | None:
        """What a designer must be told before trusting a game or a check of this board (None
        when the board plays with the rules it names)."""
        if self.trouble is not None:
            return self._trouble_warning()
        if self.status == NO_LOCATION:
            return ("This board names no location, so it is played and checked with the base rules of the "
                    "rulebook, not a location's. Choose its location in the Properties panel.")
        if self.status == UNKNOWN:
            return (f"This board names the location '{self.location}', but no scenario has that id (in the "
                    "board's scenarios folder or the bundled ones), so it is played and checked with the base "
                    "rules. Choose its location in the Properties panel.")
        if self.status == OTHER:
            own = f"its own location is '{self.location}'" if self.location else "it names no location"
            return (f"This board is played and checked with the rules of {self.scenario.name} "
                    f"({Path(self.path).name if self.path else 'base rules'}), but {own}.")
        return None

    def _trouble_warning(self) -> str:
        trouble = self.trouble
        assert trouble is not None  # called only when the scenario is in trouble
        name = Path(trouble.path).name
        errors = f"{len(trouble.problems)} error{'' if len(trouble.problems) == 1 else 's'}"
        if trouble.loads:
            return (f"Your scenario {trouble.path} is used for this board, but its rules have {errors}: "
                    f"{trouble.summary()}. Fix {name} before trusting a game or a check of this board.")
        instead = (f"{rules_phrase(self.name)} ({self.path})" if self.path
                   else rules_phrase(self.name))
        return (f"Your scenario {trouble.path}, meant for this board, does not load ({errors}: "
                f"{trouble.summary()}), so the board is played and checked with {instead} instead. "
                f"Fix {name}.")


def rules_for(board: Board, scenario_path: str | os.PathLike | None = None,
              board_path: str | os.PathLike | None = None) -> BoardRules:
    """The rules ``board`` plays with. ``scenario_path`` is a scenario chosen for it (the
    editor opened it through that scenario, or the user picked one): it applies when it loads,
    as :data:`OTHER` unless it is the board's own location. Otherwise the board's location
    decides (looked up from ``board_path``, default ``board.path``). Never raises."""
    where = board_path if board_path is not None else board.path
    location = board.location
    rules = _rules_for(location, scenario_path, where)
    if rules.status == OTHER or location == BASE:
        return rules
    trouble = scenario_trouble(where, location, unresolved=rules.status in (NO_LOCATION, UNKNOWN))
    if trouble is None:
        return rules
    return BoardRules(rules.scenario, rules.path, rules.status, location, trouble)


def _rules_for(location: str | None, scenario_path, where) -> BoardRules:
    if scenario_path is not None:
        chosen = read_scenario_cached(scenario_path)
        if chosen is not None:
            status = OWN if chosen.id == location else OTHER
            return BoardRules(chosen, str(scenario_path), status, location)
    if location is None:
        return BoardRules(base_scenario(), None, NO_LOCATION, None)
    if location == BASE:
        return BoardRules(base_scenario(), None, BASE_RULES, BASE)
    found = known_locations(where).get(location)
    if found is None:
        return BoardRules(base_scenario(), None, UNKNOWN, location)
    return BoardRules(found[1], found[0], OWN, location)


def rules_phrase(name: str) -> str:
    """The rules a scenario name stands for, in running text: "the base rules", "the rules of
    Archipelago City" (never "the Base rules rules")."""
    return "the base rules" if name == "Base rules" else f"the rules of {name}"


# --- what a location offers the board designer -----------------------------------------------

@dataclass(frozen=True)
class Mechanic:
    """A location-specific kind of board element: ``words`` name it in running text, ``home``
    is the location it comes from and ``clause`` the rule that plays it."""

    id: str
    words: str
    home: str
    clause: str


MECHANICS: dict[str, Mechanic] = {m.id: m for m in (
    Mechanic("start", "start pegs", "the own-side and any-start rules", "RTR-P5, L4-1"),
    Mechanic("goal", "goal pegs", "Jungle Temples", "L1-2"),
    Mechanic("crater", "a crater", "Volcano", "L2-2"),
    Mechanic("canals", "canals", "Archipelago City", "L3-2"),
    Mechanic("pictures", "pictures", "The Engraved Board", "L4-2"),
    Mechanic("idols", "idols", "Two Demanding Deities", "L7-1"),
    Mechanic("line-items", "line items", "The Labyrinth", "L8-2"),
)}
"""Every location-specific board element, by id. Pegs, lines, seats and segment treasure and
energy are base rules: every location has them."""


def rules_mechanics(rules: RealmRules) -> frozenset[str]:
    """The ids of :data:`MECHANICS` that ``rules`` play: start pegs when players start on
    their own side or on any start peg (RTR-P5, L4-1) or on the Labyrinth's tail (L8-3);
    goal pegs for the cross-board race (L1-2); a crater for crater starts or the volcano
    module (L2-2); canals (L3-2), pictures (L4-2, or a pictures end), idols (L7-1) and line
    items (L8-2) for their modules."""
    modules = rules.modules or {}
    out = set()
    if rules.start in ("own-side", "any-start") or "labyrinth" in modules:
        out.add("start")
    if "cross-board" in modules:
        out.add("goal")
    if rules.start == "crater" or "volcano" in modules:
        out.add("crater")
    if "canals" in modules:
        out.add("canals")
    if "pictures" in modules or "pictures" in (rules.end or {}):
        out.add("pictures")
    if "idols" in modules:
        out.add("idols")
    if "labyrinth" in modules:
        out.add("line-items")
    return frozenset(out)


def board_mechanics(board: Board) -> frozenset[str]:
    """The ids of :data:`MECHANICS` that ``board`` has elements of."""
    out = set()
    if any(seat.start for seat in board.seats.values()):
        out.add("start")
    if any(seat.goal for seat in board.seats.values()):
        out.add("goal")
    if board.crater:
        out.add("crater")
    if board.has_canals or board.islands or board.bridges:
        out.add("canals")
    if board.pictures or any(s.picture for s in board.segments):
        out.add("pictures")
    if any(s.idol for s in board.segments):
        out.add("idols")
    if board.line_items:
        out.add("line-items")
    return frozenset(out)


@dataclass(frozen=True)
class LocationOffers:
    """What the editor offers for a board: the mechanics of its own location (``location:``;
    the base rules stand in for none or an unknown one), and the rules' ``name``."""

    mechanics: frozenset[str]
    name: str

    def has(self, mechanic: str) -> bool:
        return mechanic in self.mechanics

    def ignored_note(self, mechanic: str, what: str, remove: str) -> str:
        """Why an element of ``mechanic`` the location lacks is shown anyway: "Archipelago City
        has no crater (Volcano, L2-2), so it ignores this peg's place in the crater. Untick
        it to remove it." ``what`` is the element in words, ``remove`` how to remove it."""
        m = MECHANICS[mechanic]
        rules = "The base rules have" if self.name == "Base rules" else f"{self.name} has"
        return f"⚠ {rules} no {m.words.removeprefix('a ')} ({m.home}, {m.clause}), so it ignores {what}. {remove}"


def offers_for(board: Board, board_path: str | os.PathLike | None = None) -> LocationOffers:
    """The :class:`LocationOffers` of ``board`` saved at ``board_path`` (default
    ``board.path``): its own location's, whatever scenario the editor checks it against."""
    rules = rules_for(board, board_path=board_path)
    return LocationOffers(rules_mechanics(rules.scenario.rules), rules.name)
