"""Running the layers: load, schema, then geometry and rules lint, file by file.

A file with loading or schema errors stops there: the later layers assume its structure. A
scenario also validates each board it references; those findings carry the board's path.
Nothing here raises for bad content: every problem, even a crash of a check, is a finding.
"""

from __future__ import annotations

import os
import sys
import warnings
from contextvars import ContextVar
from pathlib import Path
from typing import Iterable

from studio.content import Document, LoadError, load_document, resolve_reference
from studio.content.exits import UNREADABLE_CODES  # the loading codes of a file not read at all
from studio.content.findings import Finding, cap_per_file
from studio.content.outputs import file_format
from studio.content.paths import listed_link_target, missing_reason, shown_reference
from studio.content.schema_messages import did_you_mean
from studio.content.schemas import board_element, current_version, migrate, parse_format
from studio.content.yamlio import MAX_BYTES
from studio.model import locations
from studio.model.realm import Board, Scenario
from studio.validate.geometry import check_geometry
from studio.validate.lint import BoardNeeds, OnBoard, lint_board, lint_board_rules, lint_scenario
from studio.validate.report import Reporter, group_escapes
from studio.validate.schema import check_schema, has_errors

CONTENT_SUFFIXES = (".yaml", ".yml", ".json")
PASSED_OVER_CODES = frozenset({"validate/not-content", "validate/not-checked"})
"""Notes on a file found in a folder and passed over: not counted among the files checked."""

_MODELS: dict[str, type[Board] | type[Scenario]] = {"realm-board": Board, "realm-scenario": Scenario}

# Within one validate_paths() run, a file read again (a board on its own and through each
# scenario using it) is parsed and schema-checked once: path as spelt -> (document or None,
# loading findings, schema findings or None). Outside a run nothing is kept, so the editor
# always sees the file as it is now.
_RUN_CACHE: ContextVar[dict | None] = ContextVar("studio_validate_run_cache", default=None)


def validate(obj_or_path, scenario: Scenario | None = None) -> list[Finding]:
    """Every finding for one file or model, sorted by path, line and column.

    ``obj_or_path`` is a path (``str`` or ``os.PathLike``), a parsed
    :class:`~studio.content.Document`, or a :class:`~studio.model.realm.Board` /
    :class:`~studio.model.realm.Scenario`; a model's positions come from its ``source`` when
    set (they may be stale after edits; ``element`` still names the right thing).

    ``scenario`` (for a board): check the board as that scenario's board for its player count,
    as validating the scenario would: what the board must provide comes from the scenario's
    rules (start pegs, goals, modules, band shapes), and the scenario's own findings about this
    board (a crater for crater starts, idols for the idols module...) are added, with the
    scenario's path. It is ignored when the file turns out not to be a board.

    Raises ``TypeError`` for anything else; bad content never raises."""
    if scenario is not None and not isinstance(scenario, Scenario):
        raise TypeError(f"validate(scenario=) takes a Scenario, got {type(scenario).__name__}")
    if isinstance(obj_or_path, (str, os.PathLike)):
        path = os.fspath(obj_or_path)
        return sort_findings(_guarded(path, lambda: _check_file(path, scenario)[0]))
    if isinstance(obj_or_path, Document):
        doc = obj_or_path
        return sort_findings(_guarded(doc.path, lambda: _check_document(doc, scenario=scenario)[0]))
    if isinstance(obj_or_path, Scenario) and scenario is not None:
        raise TypeError("validate(scenario=) checks a board against a scenario, not a scenario")
    if isinstance(obj_or_path, (Board, Scenario)):
        model = obj_or_path
        return sort_findings(_guarded(model.path, lambda: _check_model(model, scenario=scenario)))
    # a Rivages model exists only once its module is imported (the Rivages lint is imported
    # only for Rivages content: a Rule the Realm check stays quick to start)
    if "studio.model.rivages" in sys.modules:
        from studio.validate.rivages import RIVAGES_MODELS, rivages_findings

        if isinstance(obj_or_path, RIVAGES_MODELS):
            content = obj_or_path
            return sort_findings(_guarded(content.path, lambda: rivages_findings(content)))
    raise TypeError(f"validate() takes a path, a Document, a Board, a Scenario or a Rivages model, "
                    f"got {type(obj_or_path).__name__}")


def validate_paths(paths: Iterable[str | os.PathLike]) -> tuple[list[Finding], int, int]:
    """Validate files and folders (folders recursively: ``*.yaml``, ``*.yml`` and ``*.json``,
    sorted, hidden entries skipped). A ``*.json`` file found in a folder that is not studio
    content (a JSON value without a ``format`` key: a Tabletop Simulator export, an editor's
    settings) is passed over with a ``validate/not-content`` note, and is not counted as
    checked; named on its own it is checked as content. Returns ``(findings, files_checked, unreadable_count)``: findings
    sorted and without repeats (a board checked on its own and through a scenario), the number
    of files checked, and how many of them (or of the given paths) could not be read."""
    findings: list[Finding] = []
    files = unreadable = 0
    token = _RUN_CACHE.set({})
    try:
        for given in paths:
            given = os.fspath(given)
            if not os.path.lexists(given):  # a looping or dangling link: the loader says why
                what = "folder" if given.endswith(("/", os.sep)) else "file"
                findings.append(Finding("io/not-found", "error", f"no such {what}", given))
                files += 1  # counted, so the summary agrees with the finding above it
                unreadable += 1
                continue
            found_files = content_files(given)
            listed = os.path.isdir(given)
            checked = 0
            for path in found_files:
                found = _validate_listed(path) if listed else validate(path)
                if not (len(found) == 1 and found[0].code in PASSED_OVER_CODES):  # not counted as checked
                    checked += 1
                if any(f.code in UNREADABLE_CODES and f.path == path for f in found):
                    unreadable += 1
                findings.extend(found)
            files += checked
            if not checked:  # nothing found, or only other tools' JSON passed over
                kinds = ["*" + s for s in CONTENT_SUFFIXES]
                findings.append(Finding("io/no-content", "error", "the folder holds no content files "
                                        f"({', '.join(kinds[:-1])} or {kinds[-1]})", given))
                unreadable += 1
    finally:
        _RUN_CACHE.reset(token)
    return sort_findings(list(dict.fromkeys(findings))), files, unreadable


def _validate_listed(path: str) -> list[Finding]:
    """:func:`validate` for a file found in a folder: resolved once, refused when it is a
    symbolic link out of the content root (``content/link-escapes-root``), and the resolved
    file read (named ``path``)."""
    target, refusal = listed_link_target(path)
    if refusal is not None:
        return [Finding("content/link-escapes-root", "error", refusal, path)]
    if path.lower().endswith(".json") and (large := _large_record(target)) is not None:
        return [Finding("validate/not-checked", "info",
                        f"passed over: a {large} file larger than the {MAX_BYTES // (1024 * 1024)} MiB the studio "
                        f"reads (a long run's record); check it with any JSON Schema 2020-12 tool against "
                        f"schemas/{large.split('/')[0]}.schema.json", path, 1, 1)]
    if path.lower().endswith(".json") and _unmarked_json(path, target):
        return [Finding("validate/not-content", "info",
                        "passed over: JSON without a 'format' key is not a studio content file (a Tabletop "
                        "Simulator export, another tool's settings...); name the file itself to check it as "
                        "content", path, 1, 1)]
    if str(target) == os.path.abspath(path):
        return validate(path)
    return sort_findings(_guarded(path, lambda: _check_file(path, read=target)[0]))


def _large_record(target: Path) -> str | None:
    """The format of ``target`` when it is a report or record the studio writes (``studio-*``:
    a playtest or sweep report, a balance record, a saved game) too large for the loader to
    read, else None. A long run's report may be; content of that size is an error as usual."""
    try:
        if os.path.getsize(target) <= MAX_BYTES:
            return None
    except OSError:
        return None
    fmt = file_format(target)
    return fmt if fmt is not None and fmt.startswith("studio-") else None


def _unmarked_json(path: str, target: Path) -> bool:
    """Whether ``path`` (read as ``target``) parses and holds no ``format`` key, the mark of
    every studio file: another tool's JSON. A file that does not parse is not passed over."""
    doc, _ = _load(path, None if str(target) == os.path.abspath(path) else target)
    return doc is not None and not (isinstance(doc.data, dict) and "format" in doc.data)


def content_files(path: str) -> list[str]:
    """``path`` itself when it is a file, else the content files below it, in sorted order,
    spelled from ``path`` as given (so relative paths stay relative)."""
    if not os.path.isdir(path):
        return [path]
    found: list[str] = []
    for folder, subfolders, names in os.walk(path):
        subfolders[:] = sorted(d for d in subfolders if not d.startswith("."))
        found.extend(os.path.join(folder, name) for name in sorted(names)
                     if name.endswith(CONTENT_SUFFIXES) and not name.startswith("."))
    return sorted(found, key=lambda p: Path(p).parts)


def sort_findings(findings: list[Finding]) -> list[Finding]:
    """Sorted by path, line, column, then code (unknown positions first), at most
    :data:`~studio.content.findings.MAX_PER_FILE` per file (the rest counted in one
    ``validate/more-findings`` finding)."""
    ordered = sorted(findings, key=lambda f: (f.path or "", f.line or 0, f.col or 0, f.code, f.message))
    capped = cap_per_file(ordered)
    return capped if len(capped) == len(ordered) else sorted(
        capped, key=lambda f: (f.path or "", f.line or 0, f.col or 0, f.code == "validate/more-findings", f.code))


# --- one file --------------------------------------------------------------------------------

def _guarded(path: str | None, check) -> list[Finding]:
    """``check()``'s findings; a crash becomes ``internal/error`` and a numeric warning from a
    library (shapely or numpy overflow, invalid value) one ``geometry/numeric`` warning, rather
    than text on stderr."""
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", RuntimeWarning)
            found = check()
        numeric = sorted({str(w.message) for w in caught if issubclass(w.category, RuntimeWarning)})
        for w in caught:
            if not issubclass(w.category, RuntimeWarning):
                warnings.showwarning(w.message, w.category, w.filename, w.lineno)
        if numeric:
            found = found + [Finding("geometry/numeric", "warning",
                                     f"a geometry computation met numbers it cannot handle ({'; '.join(numeric)}); "
                                     "some coordinate or size is probably out of range, so the geometry "
                                     "checks may be wrong", path)]
        return found
    except Exception as exc:  # a bug in a check must not hide the other findings or crash the editor
        return [Finding("internal/error", "error",
                        f"the validator failed on this file ({type(exc).__name__}: {exc}); please report it",
                        path)]


def _check_file(path: str, scenario: Scenario | None = None,
                read: Path | None = None) -> tuple[list[Finding], Board | Scenario | None]:
    doc, findings = _load(path, read)
    return _check_document(doc, scenario=scenario) if doc is not None else (findings, None)


def _load(path: str, read: Path | None = None) -> tuple[Document | None, list[Finding]]:
    """The document of ``path`` (or of ``read``, a resolved reference, named ``path``)."""
    cache = _RUN_CACHE.get()
    key = path if read is None else (path, str(read))
    if cache is not None and key in cache:
        doc, findings, _ = cache[key]
        return doc, list(findings)
    try:
        doc, findings = (load_document(path) if read is None else load_document(read, name=path)), []
    except LoadError as exc:
        doc, findings = None, [Finding(exc.code, "error", exc.message, exc.path or path, exc.line, exc.col)]
    if cache is not None:
        cache[key] = (doc, findings, None)
    return doc, list(findings)


def _schema(doc: Document) -> list[Finding]:
    """Schema findings of ``doc``, computed once per document within a run."""
    cache = _RUN_CACHE.get()
    key = doc.path
    entry = cache.get(key) if cache is not None and key is not None else None
    if entry is not None and entry[0] is doc and entry[2] is not None:
        return list(entry[2])
    findings = check_schema(doc.data, doc.source, doc.path)
    if cache is not None and entry is not None and entry[0] is doc:
        cache[key] = (doc, entry[1], findings)
    return list(findings)


def _check_document(doc: Document, needs: BoardNeeds | None = None,
                    scenario: Scenario | None = None) -> tuple[list[Finding], Board | Scenario | None]:
    """Findings of a parsed file and its model (None when it stopped at the schema layer or
    its format has no model yet)."""
    if (doc.format or "").startswith("rivages-"):
        from studio.validate.rivages import rivages_findings

        return rivages_findings(doc), None  # schema first, then the Rivages lint
    findings = _schema(doc)
    if has_errors(findings):
        return findings, None
    data = migrate(doc.data)
    model_type = _MODELS.get(data["format"].split("/")[0])
    if model_type is None:
        return findings, None
    model = model_type.from_data(data, source=doc.source, path=doc.path)
    if isinstance(model, Board) and doc.format == "realm-board/1" and model.location is None:
        model.location = locations.migrated_location(doc.path)  # as the loader migrates it
    return findings + _check_model(model, needs, schema_checked=True, scenario=scenario), model


def _check_model(model: Board | Scenario, needs: BoardNeeds | None = None, schema_checked: bool = False,
                 scenario: Scenario | None = None) -> list[Finding]:
    if not schema_checked:
        # an in-memory model may hold values no file could (players: 7): check them first
        findings = check_schema(model.to_data(), model.source, model.path)
        if has_errors(findings):
            return findings
    if isinstance(model, Board):
        if needs is not None:  # through a scenario's reference: the scenario adds its own findings
            return _check_board(model, needs)
        return _check_board_rules(model, scenario)
    return _check_scenario(model)


def _board_elements(board: Board):
    """``element_of`` for a board's reporters: the element at a JSON path of the board's data
    (:func:`~studio.content.schemas.board_element`; the data is made only when needed)."""
    data: list[dict] = []

    def element_of(json_path: tuple) -> tuple | None:
        if not data:
            data.append(board.to_data())
        return board_element(data[0], json_path)
    return element_of


def _check_board(board: Board, needs: BoardNeeds | None) -> list[Finding]:
    report = Reporter(board.path, board.source, _board_elements(board))
    geometry = check_geometry(board, report)
    lint_board(board, geometry, report, needs)
    return report.findings


def _check_board_rules(board: Board, scenario: Scenario | None) -> list[Finding]:
    """A board on its own, checked with the rules it plays with: its location's
    (:func:`~studio.model.locations.rules_for`), or ``scenario``'s when given. What the seats
    need comes from those rules, and the rules' findings about the board (no idols for the
    idols module, no islands for canals...) are placed on its ``location:`` key. A board
    naming no location, or an unknown one, is checked for what it shows itself."""
    if scenario is not None:
        status = locations.OWN if scenario.id == board.location else locations.OTHER
        rules = locations.BoardRules(scenario, scenario.path, status, board.location)
    else:
        rules = locations.rules_for(board)
    report = OnBoard(board.path, board.source, _board_elements(board))
    if rules.trouble is not None:
        _report_trouble(rules, rules.trouble, report)
    if rules.status == locations.NO_LOCATION:
        report.add("location/none", "the board names no location, so it is played and checked with the base "
                   "rules; add 'location:' with the id of its location's scenario (such as jungle-temples) or "
                   "'base'", severity="warning")
        return report.findings + _check_board(board, None)
    if rules.status == locations.UNKNOWN:
        known = locations.known_locations(board.path)
        report.add("location/unknown",
                   f"no scenario has the location id {board.location!r} (known: {_known(board)}, or base)"
                   f"{did_you_mean(board.location, list(known) + [locations.BASE])}; the board would be "
                   "played with the base rules")
        return report.findings + _check_board(board, None)
    found = _check_board(board, BoardNeeds.of_rules(rules.scenario.rules))
    lint_board_rules(rules.scenario.rules, board.players, board, report)
    return found + report.findings


def _rules_findings(scenario: Scenario) -> list[Finding]:
    """The findings of ``scenario``'s rules alone (no boards), for
    :func:`studio.model.locations.scenario_problems`."""
    report = Reporter(scenario.path, scenario.source)
    lint_scenario(scenario, {}, report)
    return report.findings


locations.add_rules_check(_rules_findings)


def _report_trouble(rules: locations.BoardRules, trouble: locations.ScenarioTrouble, report: OnBoard) -> None:
    """``location/broken-scenario``: the designer's scenario meant for the board does not load
    or its rules have errors (``trouble``, the board's ``rules.trouble``); never a silent
    fall-back to other rules."""
    first = trouble.problems[0]
    where = f"{trouble.path}:{first.line}:{first.col or 1}" if first.line is not None else trouble.path
    count = len(trouble.problems)
    problems = f"{count} error{'' if count == 1 else 's'}: {trouble.summary()}"
    if trouble.loads:
        report.add("location/broken-scenario",
                   f"the scenario this board is played with, {where}, has {problems}; fix it before "
                   "trusting a game or a check of this board")
        return
    instead = f"{locations.rules_phrase(rules.name)} ({rules.path})" if rules.path else locations.rules_phrase(rules.name)
    report.add("location/broken-scenario",
               f"the scenario meant for this board, {where}, does not load ({problems}); the board would be "
               f"played with {instead} instead: fix the scenario")


def _known(board: Board) -> str:
    return ", ".join(sorted(locations.known_locations(board.path))) or "none found"


def _check_scenario(scenario: Scenario) -> list[Finding]:
    """The scenario's own findings, then each referenced board's (RTR-S6)."""
    report = Reporter(scenario.path, scenario.source)
    boards: dict[int, Board] = {}
    if scenario.path is not None:  # references are relative to the file; unsaved: nothing to resolve
        needs = BoardNeeds.of_rules(scenario.rules)
        for players, ref in sorted(scenario.boards.items()):
            board = _check_board_reference(scenario.path, players, ref, needs, report)
            if board is not None:
                boards[players] = board
    lint_scenario(scenario, boards, report)
    return group_escapes(report.findings, report.escapes)


def _check_board_reference(scenario_path: str, players: int, ref: str, needs: BoardNeeds,
                           report: Reporter) -> Board | None:
    at = ("boards", str(players))
    try:
        target = resolve_reference(scenario_path, ref)
    except LoadError as exc:
        report.add_reference_error(exc, f"board for {players} players", at=at)
        return None
    # spelled from the scenario's path, so a relative command line gives relative board paths;
    # the file read is the one checked (a ``link/../`` spelling could name another)
    shown = shown_reference(scenario_path, ref, target)
    missing = missing_reason(target)
    if missing is not None:  # a looping or dangling link is read below: the loader says why
        report.add("scenario/missing-board", f"board for {players} players: {shown}: {missing}", at=at)
        return None
    doc, findings = _load(shown, read=target)
    if doc is not None:
        kind = parse_format(doc.format)
        if kind is not None and kind[0] != "realm-board" and current_version(kind[0]) is not None:
            # another kind of content file; never validate it from here (a scenario could name itself)
            report.add("scenario/not-a-board",
                       f"board for {players} players: {ref} is a {doc.format} file, not a {Board.FORMAT}", at=at)
            return None
        findings, model = _check_document(doc, needs)
        board = model if isinstance(model, Board) else None  # a realm-board file: its Board
    else:
        board = None
    report.extend(findings)
    if board is None:
        report.add("scenario/invalid-board",
                   f"board for {players} players ({ref}) has errors that stop it loading; see {shown}", at=at)
        return None
    if board.players != players:
        report.add("scenario/board-players",
                   f"{ref} is a board for {board.players} players but is listed for {players}; "
                   "each player count has its own board (RTR-S6)", at=at)
    return board
