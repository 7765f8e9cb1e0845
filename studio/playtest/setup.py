"""A scenario ready for bot games: the content in memory and a player count.

Batches and sweeps play from a :class:`Setup` rather than from files, so worker processes (and
machines of a cluster) need no access to the scenario's folder, and a sweep plays changed copies
of a scenario that never touch the disk.
"""

from __future__ import annotations

import copy
import os
import re
from dataclasses import dataclass
from typing import Any

from studio.content.paths import resolved


class SetupError(ValueError):
    """A scenario that cannot be set up as asked: no board for that many players, a setting
    path that does not exist, a value the scenario's schema refuses. The message is one line
    for people."""


@dataclass
class Setup:
    """``kind``: ``"realm"`` or ``"rivages"``; ``content``: a :class:`~studio.model.realm.Realm`
    (scenario and the board for ``players``) or a :class:`~studio.model.rivages.Rivages`;
    ``settings``: the ``--set`` changes applied to the scenario, as ``(path, value)`` pairs."""

    kind: str
    content: Any
    players: int
    path: str | None = None
    settings: tuple = ()

    @property
    def scenario(self):
        return self.content.scenario

    @property
    def name(self) -> str:
        return self.scenario.name

    @property
    def id(self) -> str:
        return self.scenario.id

    def game(self, seed: int = 0):
        """A fresh engine game (raises BoardError / RivagesError if the content cannot be
        played)."""
        from studio.rules import load_game

        return load_game(self.content, self.players, seed)

    def with_settings(self, settings: dict[str, Any] | list[tuple[str, Any]]) -> "Setup":
        """A copy whose scenario has ``settings`` applied (dotted paths into the scenario's
        data, e.g. ``rules.end.score``), checked against the scenario's schema. Raises
        :class:`SetupError` naming the path and the problem."""
        pairs = list(settings.items()) if isinstance(settings, dict) else list(settings)
        data = self.scenario.to_data()
        for path, value in pairs:
            # a copy: a later path inside this value must not change the caller's value
            set_path(data, path, copy.deepcopy(value))
        scenario = _scenario_from_data(data, self.scenario, [p for p, _ in pairs])
        content = copy.copy(self.content)
        content.scenario = scenario
        problem = _rules_error(self.kind, content, self.players)
        if problem is not None:   # trial: a sweep played settings that validate and playtest refuse
            raise SetupError(f"the scenario's rules refuse it: {problem}")
        return Setup(self.kind, content, self.players, self.path, tuple(self.settings) + tuple(pairs))


def player_counts(scenario) -> list[int]:
    """The player counts a scenario can be played with: a Rule the Realm scenario's boards;
    Rivages: the scenario's ``players`` when it lists them, else 2 to 5, and 1 when it has solo
    settings (1 always needs them)."""
    if hasattr(scenario, "boards"):
        return sorted(scenario.boards)
    solo = scenario.solo is not None
    given = getattr(scenario, "players", None)
    if given:
        return sorted(n for n in set(given) if n != 1 or solo)
    return ([1] if solo else []) + [2, 3, 4, 5]


def default_players(scenario) -> int:
    """The player count used when none is asked for: 1 for a solo scenario, else 2 when the
    scenario has it, else its smallest count."""
    counts = player_counts(scenario)
    if counts == [1]:
        return 1
    return 2 if 2 in counts else min(counts, default=2)


def load_setup(path: str | os.PathLike, players: int | None = None) -> Setup:
    """Read a ``realm-scenario/1`` or ``rivages-scenario/1`` file and what it references, or a
    ``realm-board`` file, played with the rules of its location
    (:func:`studio.model.locations.rules_for`). ``players`` defaults to the smallest board (Rule the Realm), 1 for a solo scenario
    (Rivages ``players: [1]``) or 2 (Rivages). Raises LoadError / InvalidContent for bad files
    and :class:`SetupError` for a player count the scenario is not made for."""
    from studio.content import load_document

    fmt = (load_document(path).format or "")
    if fmt.startswith("rivages-scenario"):
        return _rivages_setup(path, players)
    from studio.model.io import board_path, read_board, read_scenario
    from studio.model.realm import Realm

    if fmt.startswith("realm-board"):
        # a board alone plays with its location's rules (the base rules when it names none;
        # validation has said so, as location/none)
        from studio.model.locations import rules_for

        board = read_board(path)
        players = board.players if players is None else players
        if players != board.players:
            raise SetupError(f"{path}: board {board.id!r} is for {board.players} players, not {players} (RTR-S6); "
                             "leave out --players, or play its location's scenario")
        return Setup("realm", content=Realm(rules_for(board).scenario, board), players=players, path=str(path))
    scenario = read_scenario(path)
    counts = player_counts(scenario)
    players = min(counts, default=2) if players is None else players
    if players not in counts:
        have = ", ".join(map(str, counts)) or "none"
        raise SetupError(f"{path}: scenario {scenario.id!r} has no board for {players} "
                         f"player{'' if players == 1 else 's'} (has {have})")
    board = read_board(board_path(scenario, players))
    return Setup("realm", content=Realm(scenario, board), players=players, path=str(path))


def _rivages_setup(path: str | os.PathLike, players: int | None) -> Setup:
    """:func:`load_setup` for a ``rivages-scenario/1`` file."""
    from studio.model.rivages import read_rivages

    content = read_rivages(path)
    scenario = content.scenario
    counts = player_counts(scenario)
    if not counts:
        raise SetupError(f"{path}: scenario {scenario.id!r} lists only 1 player but has no solo settings "
                         "(add solo: {cards: ...})")
    players = default_players(scenario) if players is None else players
    if players not in counts:
        if counts == [1]:
            raise SetupError(f"{path}: scenario {scenario.id!r} is a solo scenario, played by 1 player only; "
                             f"got {players} (leave out --players, or play a scenario made for {players} players)")
        raise SetupError(f"{path}: scenario {scenario.id!r} cannot be played by {players} "
                         f"(Rivages: {', '.join(map(str, counts))} players)")
    return Setup("rivages", content, players, str(path))


def content_findings(path: str | os.PathLike, players: int | None = None) -> list:
    """What ``studio validate`` finds in a scenario file and the content it references, as far
    as a game of ``players`` uses it: errors and warnings (notes dropped), sorted, each a
    :class:`~studio.content.findings.Finding` with its file, line and column. For Rule the Realm
    the boards of the other player counts never stop a game: their own findings are dropped,
    except that the scenario's findings about such a board (missing, not loading) come back as
    warnings, with the board's first error when the board does not load, so a broken or
    missing board still shows. An
    unreadable file is a finding too (``io/*``, ``yaml/*``, ``json/*``); a finding repeated (several
    boards naming one broken file) is listed once. This never raises for bad content."""
    from dataclasses import replace

    from studio.validate import validate

    findings = _unique(f for f in validate(path) if f.severity in ("error", "warning"))
    boards, game = _unused_boards(path, players)
    if not boards:
        return findings
    scenario = _resolved(path)
    note = f" (a board this {game}-player game does not use; it does not stop the playtest)"
    on_entry = [f for f in findings if f.path and _resolved(f.path) == scenario and f.line in boards]
    # a board whose entry has an error (missing, not loading) shows its own first error too
    failed = {boards[f.line] for f in on_entry if f.severity == "error"}
    unused = set(boards.values())
    kept, shown = [], set()
    for f in findings:
        where = _resolved(f.path) if f.path else None
        if where == scenario and f.line in boards:
            kept.append(replace(f, severity="warning", message=f.message + note) if f.severity == "error" else f)
        elif where in unused:
            if f.severity == "error" and where in failed and where not in shown:
                shown.add(where)
                kept.append(replace(f, severity="warning", message=f.message + note))
        else:
            kept.append(f)
    return _unique(kept)


def _unique(findings) -> list:
    """``findings`` without repeats (same file, line, column, code and message), first kept:
    boards that all name one unreadable file each bring its finding along."""
    seen, out = set(), []
    for f in findings:
        key = (f.path, f.line, f.col, f.code, f.message)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def _unused_boards(path, players: int | None) -> tuple[dict, int | None]:
    """``({line of the boards: entry: resolved board path}, players)`` for a realm scenario's
    boards a game of ``players`` does not use (``{}`` for other files)."""
    from studio.content import load_document
    from studio.model.io import board_path, read_scenario

    try:
        scenario = read_scenario(path)
        counts = player_counts(scenario)
        players = min(counts, default=2) if players is None else players
        used = _resolved(board_path(scenario, players)) if players in counts else None
        source = load_document(path).source
        boards = {}
        for n in counts:
            target = _resolved(board_path(scenario, n))
            line = source.locate(("boards", str(n)))[0]
            if n != players and target != used and line is not None:
                boards[line] = target
        return boards, players
    except Exception:  # not a realm scenario, or one that does not load: every finding counts
        return {}, None


def _resolved(path) -> str:
    return str(resolved(path))


# -- settings ---------------------------------------------------------------------------------

def set_path(data: dict, path: str, value: Any) -> None:
    """Set ``value`` at the dotted ``path`` of ``data`` in place; missing mappings on the way
    are created. A part that is a number indexes a list from 0 (``rules.hand_sizes.0``); a list
    the data leaves out is first filled with its schema default (the rulebook's value), so one
    item can be changed. Raises :class:`SetupError` for an empty path part, a part that runs
    into a value that is neither a mapping nor a list, or an index outside the list."""
    parts = path.split(".")
    if not path or any(not p for p in parts):
        raise SetupError(f"setting {path!r}: a path is names joined by dots, e.g. rules.end.score")
    node: Any = data
    for i, part in enumerate(parts):
        here = ".".join(parts[: i + 1])
        last = i == len(parts) - 1
        if isinstance(node, list):
            # 0, 1, 2... as written (01 and -1 are not item numbers here)
            if not (part.isdigit() and str(int(part)) == part) or int(part) >= len(node):
                raise SetupError(f"setting {path!r}: {'.'.join(parts[:i])} is a list of {len(node)} "
                                 f"item{'s' if len(node) != 1 else ''}: its items are numbered 0 to {len(node) - 1}"
                                 if node else f"setting {path!r}: {'.'.join(parts[:i])} is an empty list")
            key: Any = int(part)
        else:
            key = part
        if last:
            node[key] = value
            return
        nxt = node[key] if isinstance(node, list) else node.get(key)
        if nxt is None:
            # a list the data leaves to its default is numbered into from that default
            default = _schema_default(data, parts[: i + 1])
            if isinstance(default, list):
                nxt = node[key] = copy.deepcopy(default)
            elif _INDEX.match(parts[i + 1]):
                raise SetupError(f"setting {path!r}: {here} is not set and has no list to number into; "
                                 f"set it whole, e.g. --set '{here}=[...]'")
            else:
                nxt = node[key] = {}
        elif not isinstance(nxt, (dict, list)):
            raise SetupError(f"setting {path!r}: {here} is {_kind(nxt)} ({nxt!r}), not a mapping or a list of settings")
        node = nxt


def added_by(data: dict, path: str) -> str | None:
    """The mapping that setting ``path`` would add to ``data`` (a scenario's data), dotted, when
    the scenario has none there and its schema gives no default (e.g. ``rules.modules.volcano``
    for ``rules.modules.volcano.escape_energy`` on the Jungle Temples), else None: setting a
    value of a module the scenario does not have adds the module."""
    parts = path.split(".")
    node: Any = data
    for i, part in enumerate(parts[:-1]):
        if not isinstance(node, dict):
            return None
        if part not in node:   # the mapping the value goes in is added, from here down
            return None if _schema_default(data, parts[: i + 1]) is not None else ".".join(parts[:-1])
        node = node[part]
    return None


_INDEX = re.compile(r"[+-]?\d+$")
"""A path part meant as a list item's number."""


def _schema_default(data: dict, parts) -> Any:
    """The ``default`` the schema of ``data`` (by its ``format``) gives the property at
    ``parts``, or None."""
    from studio.content.schemas import inlined_schema, parse_format

    fmt = data.get("format")
    if not isinstance(fmt, str) or parse_format(fmt) is None:
        return None
    try:
        node: Any = inlined_schema(fmt)   # read only
    except (KeyError, ValueError):
        return None
    for part in parts:
        node = (node.get("properties") or {}).get(part) if isinstance(node, dict) else None
        if node is None:
            return None
    return node.get("default") if isinstance(node, dict) else None


def _one_choice_hint(data: dict, finding, paths) -> str:
    """How to replace a one-choice mapping (e.g. ``rules.end``) when setting one of its keys
    left it with two, else ``""``."""
    where = tuple(str(p) for p in (finding.json_path or ()))
    node: Any = data
    for part in where:
        node = node.get(part) if isinstance(node, dict) else None
    if not isinstance(node, dict) or len(node) < 2:
        return ""
    for path in paths:
        parts = tuple(path.split("."))
        if len(parts) == len(where) + 1 and parts[:-1] == where:
            others = ", ".join(k for k in node if k != parts[-1])
            if not others:
                return ""
            dotted = ".".join(where)
            return (f"; {dotted} holds one choice and the scenario's is {others}: to replace it, set the "
                    f"whole mapping, e.g. --set '{dotted}={{{parts[-1]}: {show_value(node[parts[-1]])}}}' (a sweep "
                    f"takes several, comma-separated)")
    return ""


def show_value(value) -> str:
    """``value`` as it would be typed in a ``--set`` (YAML flow style)."""
    import yaml

    return yaml.safe_dump(value, default_flow_style=True).strip().removesuffix("...").strip()


def _kind(value) -> str:
    return {list: "a list", str: "a text", bool: "true/false", int: "a number", float: "a number"}.get(type(value), "a value")


def _rules_error(kind: str, content, players: int) -> str | None:
    """The first error ``studio validate`` finds in a changed scenario's rules, against the
    board played (Rule the Realm: ``lint_scenario``, e.g. an opening hand larger than a
    personal deck, L6-1; Rivages: the scenario's own rules, without its referenced files), or
    None. Warnings pass."""
    if kind == "realm":
        from studio.validate.lint import lint_scenario
        from studio.validate.report import Reporter

        report = Reporter(None)
        lint_scenario(content.scenario, {players: content.board}, report)
        found = report.findings
    else:
        import dataclasses

        from studio.validate.rivages import rivages_findings

        # the scenario's own rules only: a setting never names another file (sweep refuses those
        # paths), so the referenced files, read and checked when the content loaded, are not read again
        found = rivages_findings(dataclasses.replace(content.scenario, path=None))
    return next((f.message for f in found if f.severity == "error"), None)


def _scenario_from_data(data: dict, old, paths=()):
    """Build the scenario model from changed data, keeping the file path for references.
    ``paths``: the dotted paths just set, for a hint when one added a key to a mapping that
    holds one choice (``rules.end``)."""
    from studio.content.schemas import schema_findings
    from studio.model.realm import BoardError

    findings = [f for f in schema_findings(data, None, old.path) if f.severity == "error"]
    if findings:
        raise SetupError(f"the scenario refuses it: {findings[0].message}{_one_choice_hint(data, findings[0], paths)}")
    try:
        return type(old).from_data(data, path=old.path)
    except (BoardError, ValueError, TypeError, KeyError) as exc:
        raise SetupError(f"the scenario refuses it: {exc}") from None
