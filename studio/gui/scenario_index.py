"""Which scenario a board file belongs to: the scenario files next to its content root (and the
bundled ones) that list it among their boards. Scenario files are parsed once and remembered
until they change on disk, so opening boards stays fast."""

from __future__ import annotations

from pathlib import Path

from studio.content import LoadError, bundled_path, content_root_of, resolve_reference
from studio.content.paths import resolved
from studio.model.io import InvalidContent, read_scenario

_CACHE: dict[str, tuple[int, tuple[str, ...]]] = {}


def _board_refs(path: Path) -> tuple[str, ...]:
    """Resolved board paths the scenario ``path`` lists (empty when it does not load)."""
    key = str(path)
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return ()
    cached = _CACHE.get(key)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    try:
        scenario = read_scenario(path)
        refs = tuple(str(resolved(resolve_reference(path, ref))) for ref in scenario.boards.values())
    except (LoadError, InvalidContent, OSError, ValueError):
        refs = ()
    _CACHE[key] = (stamp, refs)
    return refs


def scenario_for_board(board_path: str | None) -> str | None:
    """The first scenario file (sorted by name, the board's own content root first, then the
    bundled scenarios) whose boards include ``board_path``; None when there is none."""
    if not board_path:
        return None
    target = str(resolved(board_path))
    folders = [content_root_of(Path(target)) / "scenarios", bundled_path("scenarios")]
    seen = set()
    for folder in folders:
        if not folder.is_dir() or resolved(folder) in seen:
            continue
        seen.add(resolved(folder))
        for path in sorted(folder.glob("*.y*ml")):
            if target in _board_refs(path):
                return str(path)
    return None
