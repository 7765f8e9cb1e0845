"""Layering (DESIGN.md, "Layers"): only studio/gui and studio/render may import Qt, and
studio/render draws with QtGui alone (no widgets)."""

from __future__ import annotations

import ast
from pathlib import Path

STUDIO = Path(__file__).resolve().parent.parent / "studio"
QT_ROOTS = ("PySide6", "shiboken6", "PyQt5", "PyQt6", "PySide2")
QT_LAYERS = ("gui", "render")


def imported_modules(path: Path) -> list[tuple[str, int]]:
    """(module, line) of every import in ``path``, including imports inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.module, node.lineno))
            found += [(f"{node.module}.{alias.name}", node.lineno) for alias in node.names]
    return found


def modules_outside(layers: tuple[str, ...]) -> list[Path]:
    out = []
    for path in sorted(STUDIO.rglob("*.py")):
        parts = path.relative_to(STUDIO).parts
        if parts[0] not in layers:
            out.append(path)
    return out


def test_only_gui_and_render_import_qt():
    offenders = [
        f"{path.relative_to(STUDIO.parent)}:{line}: imports {name}"
        for path in modules_outside(QT_LAYERS)
        for name, line in imported_modules(path)
        if name.split(".")[0] in QT_ROOTS
    ]
    assert offenders == [], "Qt imported below studio/gui and studio/render:\n" + "\n".join(offenders)


def test_render_uses_no_widgets():
    offenders = [
        f"{path.relative_to(STUDIO.parent)}:{line}: imports {name}"
        for path in sorted((STUDIO / "render").rglob("*.py"))
        for name, line in imported_modules(path)
        if name.startswith(("PySide6.QtWidgets", "studio.gui"))
    ]
    assert offenders == [], "studio/render must stay QtGui-only:\n" + "\n".join(offenders)


def test_the_check_sees_every_layer():
    checked = {p.relative_to(STUDIO).parts[0] for p in modules_outside(QT_LAYERS)}
    assert {"model", "content", "geometry"} <= checked
