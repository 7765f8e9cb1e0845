"""``studio render`` for Trees of Wisdom, card sets and loot files (dispatched from
:mod:`studio.render.cli` on the file's ``format:``).

A file with errors (``studio validate`` would list them) is refused with its findings, as a
board is: a tree with a link to no node or cards with unknown symbols would print wrong.
Terrain colours are those of the scenario that references the file, else the default four.
Exit codes as :mod:`studio.render.cli`: 0 written, 1 a file with errors, 2 bad usage or an output
that cannot be written."""

from __future__ import annotations

import sys
from pathlib import Path

from studio.content.exits import EXIT_OK, EXIT_USAGE, findings_status  # 1: content errors, 2: usage and input/output
from studio.model.rivages import CardSet, LootSet, Tree
from studio.render.export import BOARD_PAPER, ExportError
from studio.render.pages import Pages, write_pages
from studio.render.rivages_glyphs import DEFAULT_PALETTE, Palette


def _err(message: str) -> None:
    print(f"studio render: {message}", file=sys.stderr)


def palette_for(model) -> Palette:
    """The terrains of the scenario that references ``model``'s file, else the default ones."""
    if getattr(model, "path", None):
        from studio.validate.rivages import scenario_for

        sc = scenario_for(model.path)
        if sc is not None:
            return Palette.of(sc.terrains)
    return DEFAULT_PALETTE


def _errors(model, path: str) -> int | None:
    from studio.validate.rivages import rivages_findings

    errors = [f for f in rivages_findings(path) if f.severity == "error"]
    if errors:
        lines = "\n".join(f.format() for f in errors)
        n = len(errors)
        _err(f"{path} has {n} error{'s' if n != 1 else ''}; fix {'it' if n == 1 else 'them'} before printing:\n{lines}")
        return findings_status(errors)
    return None


def _refused(args, model) -> int | None:
    """EXIT_USAGE (said on stderr) for ``--paper board``, EXIT_ERRORS for a file with errors
    (EXIT_USAGE when it cannot be read), else None."""
    if args.paper == BOARD_PAPER:
        _err("--paper board is for boards; cards and trees print on a4 or letter")
        return EXIT_USAGE
    return _errors(model, args.board)


def _write(pages: Pages, output: Path, fmt: str, dpi: float, summary: str) -> int:
    try:
        written = write_pages(pages, output, fmt, dpi)
    except ExportError as exc:
        _err(str(exc))
        return EXIT_USAGE
    except OSError as exc:
        _err(str(exc))
        return EXIT_USAGE
    for path in written:
        print(path)
    from studio.console import note

    note(summary + (f", {dpi:g} dpi" if fmt == "png" else ""))
    return EXIT_OK


def render_tree(args, tree: Tree, output: Path, fmt: str) -> int:
    """Each chosen side of ``tree`` on its own sheet."""
    from studio.render.tree import layout_tree, tree_pages

    bad = _refused(args, tree)
    if bad is not None:
        return bad
    paper = args.paper
    sides = None if getattr(args, "side", "both") == "both" else (args.side,)
    layout = layout_tree(tree, paper, sides)
    pages = tree_pages(tree, paper, sides, palette_for(tree))
    n = len(layout.sides)
    return _write(pages, output, fmt, args.dpi,
                  f"{tree.name or tree.id}: side{'s' if n != 1 else ''} {', '.join(layout.sides)}, {n} "
                  f"page{'s' if n != 1 else ''}, {paper.upper() if paper == 'a4' else paper.title()}, "
                  f"hex size {layout.hex_mm:.1f} mm")


def render_cards(args, model: CardSet | LootSet, output: Path, fmt: str) -> int:
    """Every card (or token) of the file on card sheets."""
    from studio.render.cards import PrintOptions, card_pages

    bad = _refused(args, model)
    if bad is not None:
        return bad
    paper = args.paper
    options = PrintOptions(bleed_mm=getattr(args, "bleed_mm", 3.0), backs=not getattr(args, "no_backs", False),
                           duplex=getattr(args, "duplex", "long"))
    try:
        options.checked()
    except ExportError as exc:
        _err(str(exc))
        return EXIT_USAGE
    try:
        if isinstance(model, LootSet):
            pages, layout = card_pages(None, model, paper, palette_for(model), options)
        else:
            pages, layout = card_pages(model, None, paper, palette_for(model), options)
    except ExportError as exc:
        _err(f"{args.board}: {exc}")
        return EXIT_USAGE
    return _write(pages, output, fmt, args.dpi, f"{model.name or model.id}: {layout.summary()}")
