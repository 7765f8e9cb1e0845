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


# Packages from the bottom up (DESIGN.md, "Layers"): a package may import only packages below it.
LAYER_ORDER = ("content", "model", "geometry", "validate", "rules", "bots", "playtest", "balance", "generate", "render",
               "interop", "gui")


def test_dependencies_point_down_only():
    rank = {name: i for i, name in enumerate(LAYER_ORDER)}
    offenders = []
    for path in sorted(STUDIO.rglob("*.py")):
        parts = path.relative_to(STUDIO).parts
        if len(parts) < 2 or parts[0] not in rank:
            continue  # studio/cli.py and studio/__main__.py sit on top
        here = rank[parts[0]]
        for name, line in imported_modules(path):
            bits = name.split(".")
            if bits[0] != "studio" or len(bits) < 2 or bits[1] not in rank:
                continue
            if rank[bits[1]] > here:
                offenders.append(f"{path.relative_to(STUDIO.parent)}:{line}: {parts[0]} imports {name}")
    assert not offenders, "imports that point up the layers:\n" + "\n".join(sorted(set(offenders)))
