"""Edits of a Tree of Wisdom, each one undo step on a
:class:`~studio.gui.rivages.content_document.ContentDocument` whose model is a
:class:`~studio.model.rivages.Tree`.

Every function takes the document and the side (``"A"`` or ``"B"``), pushes
:class:`~studio.gui.shell.document_commands.SetValue` commands (a macro when one edit changes several
parts) and returns what it did; a request that changes nothing pushes nothing. Bad requests
(a node id that exists, a hex already taken, an id that is not a valid name) raise
:class:`TreeEditError` with a message for the user; the document is then unchanged.
The tree's rules (one start node, every node reachable from it: RIV-W2) are checked by the
validation panel, not refused here, so a designer can build a tree in any order."""

from __future__ import annotations

import re

from studio.model.rivages import SIDES, Effect, Tree, TreeNode, TreeSide

NODE_ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
TREE_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")


class TreeEditError(ValueError):
    """An edit that cannot be made; the message says why."""


def new_tree(tree_id: str = "new-tree", name: str = "New Tree of Wisdom") -> Tree:
    """A tree whose sides each hold one start node at [0, 0] (``a1`` and ``b1``)."""
    return Tree(id=tree_id, name=name, sides={s: TreeSide(f"{s.lower()}1", {f"{s.lower()}1": TreeNode(f"{s.lower()}1", (0, 0))}, [])
                                             for s in SIDES})


def _side(doc, side: str) -> TreeSide:
    if side not in doc.model.sides:
        raise TreeEditError(f"the tree has no side {side}")
    return doc.model.sides[side]


def _base(side: str) -> tuple:
    return ("sides", side)


def next_node_id(side: TreeSide, side_name: str) -> str:
    """``a7`` style: the side's letter and the first number not in use."""
    prefix = side_name.lower()
    k = 1
    while f"{prefix}{k}" in side.nodes:
        k += 1
    return f"{prefix}{k}"


def node_at(side: TreeSide, at) -> str | None:
    """The id of the node on hex ``at``, or None."""
    at = tuple(at)
    return next((nid for nid, n in side.nodes.items() if n.at == at), None)


def add_node(doc, side: str, at, effect: Effect | None = None, node_id: str | None = None) -> str:
    """Add a node on hex ``at`` (axial, free) with ``effect``; returns its id. A side's first
    node becomes its start."""
    s = _side(doc, side)
    at = (int(at[0]), int(at[1]))
    if node_at(s, at) is not None:
        raise TreeEditError(f"side {side}: hex [{at[0]}, {at[1]}] already holds node {node_at(s, at)}")
    if not (-99 <= at[0] <= 99 and -99 <= at[1] <= 99):
        raise TreeEditError("nodes stay within 99 hexes of the centre")
    if len(s.nodes) >= 60:
        raise TreeEditError(f"side {side} already has 60 nodes, the most a tree side may have")
    nid = node_id or next_node_id(s, side)
    if not NODE_ID_RE.match(nid):
        raise TreeEditError(f"{nid!r} is not a node id: use 1 to 32 letters, digits, '-' or '_'")
    if nid in s.nodes:
        raise TreeEditError(f"side {side} already has a node {nid}")
    nodes = dict(s.nodes)
    nodes[nid] = TreeNode(nid, at, effect)
    with doc.macro(f"Add node {nid}"):
        doc.set_value(_base(side) + ("nodes",), nodes)
        if s.start not in s.nodes:
            doc.set_value(_base(side) + ("start",), nid)
    return nid


def move_node(doc, side: str, node_id: str, at, gesture: object | None = None) -> bool:
    """Put a node on hex ``at``; pushes of one ``gesture`` (a drag) merge into one step.
    Returns False (nothing pushed) when another node is there or it is already there."""
    s = _side(doc, side)
    at = (int(at[0]), int(at[1]))
    other = node_at(s, at)
    if other is not None and other != node_id:
        return False
    if node_id not in s.nodes:
        raise TreeEditError(f"side {side} has no node {node_id}")
    return doc.set_value(_base(side) + ("nodes", node_id, "at"), at, text=f"Move node {node_id}", gesture=gesture)


def delete_nodes(doc, side: str, node_ids) -> list[str]:
    """Delete nodes and every link that touches them (one step); returns the ids deleted.
    Deleting the start node leaves the side without one until another is chosen."""
    s = _side(doc, side)
    gone = [n for n in node_ids if n in s.nodes]
    if not gone:
        return []
    nodes = {k: v for k, v in s.nodes.items() if k not in gone}
    if not nodes:
        raise TreeEditError(f"side {side} needs at least one node")
    links = [(a, b) for a, b in s.links if a not in gone and b not in gone]
    with doc.macro(f"Delete node{'s' if len(gone) > 1 else ''} {', '.join(gone)}"):
        doc.set_value(_base(side) + ("links",), links)
        doc.set_value(_base(side) + ("nodes",), nodes)
    return gone


def has_link(side: TreeSide, a: str, b: str) -> bool:
    return (a, b) in side.links or (b, a) in side.links


def add_link(doc, side: str, a: str, b: str) -> bool:
    """Link two nodes (undirected). False when they are linked already."""
    s = _side(doc, side)
    for n in (a, b):
        if n not in s.nodes:
            raise TreeEditError(f"side {side} has no node {n}")
    if a == b:
        raise TreeEditError("a node cannot be linked to itself")
    if has_link(s, a, b):
        return False
    if len(s.links) >= 120:
        raise TreeEditError(f"side {side} already has 120 links, the most a tree side may have")
    return doc.set_value(_base(side) + ("links",), list(s.links) + [(a, b)], text=f"Link {a} and {b}")


def remove_link(doc, side: str, a: str, b: str) -> bool:
    """Remove the link between two nodes. False when there is none."""
    s = _side(doc, side)
    links = [(x, y) for x, y in s.links if {x, y} != {a, b}]
    if len(links) == len(s.links):
        return False
    return doc.set_value(_base(side) + ("links",), links, text=f"Unlink {a} and {b}")


def toggle_link(doc, side: str, a: str, b: str) -> bool:
    """Link two nodes, or unlink them when they are linked. Returns True when linked now."""
    if has_link(_side(doc, side), a, b):
        remove_link(doc, side, a, b)
        return False
    add_link(doc, side, a, b)
    return True


def set_start(doc, side: str, node_id: str) -> bool:
    """Make ``node_id`` the red-circled start node (RIV-W2)."""
    s = _side(doc, side)
    if node_id not in s.nodes:
        raise TreeEditError(f"side {side} has no node {node_id}")
    return doc.set_value(_base(side) + ("start",), node_id, text=f"Start at {node_id}")


def set_effect(doc, side: str, node_id: str, effect: Effect | None, gesture: object | None = None) -> bool:
    """Give a node its effect (None: no effect); a spin box's edits merge with ``gesture``."""
    s = _side(doc, side)
    if node_id not in s.nodes:
        raise TreeEditError(f"side {side} has no node {node_id}")
    if effect is not None and not effect.to_data():
        effect = None
    return doc.set_value(_base(side) + ("nodes", node_id, "effect"), effect,
                         text=f"Set effect of {node_id}", gesture=gesture)


def rename_node(doc, side: str, old: str, new: str) -> bool:
    """Rename a node everywhere (its key, links, start); order of nodes and links is kept."""
    s = _side(doc, side)
    if old not in s.nodes:
        raise TreeEditError(f"side {side} has no node {old}")
    if new == old:
        return False
    if not NODE_ID_RE.match(new or ""):
        raise TreeEditError(f"{new!r} is not a node id: use 1 to 32 letters, digits, '-' or '_'")
    if new in s.nodes:
        raise TreeEditError(f"side {side} already has a node {new}")
    nodes = {(new if k == old else k): (TreeNode(new, v.at, v.effect) if k == old else v) for k, v in s.nodes.items()}
    links = [(new if a == old else a, new if b == old else b) for a, b in s.links]
    with doc.macro(f"Rename node {old} to {new}"):
        doc.set_value(_base(side) + ("links",), links)
        doc.set_value(_base(side) + ("nodes",), nodes)
        if s.start == old:
            doc.set_value(_base(side) + ("start",), new)
    return True


def set_header(doc, key: str, value: str | None, gesture: object | None = None) -> bool:
    """Set the tree's ``id``, ``name`` or ``description`` (empty name/description: none)."""
    if key == "id":
        if not TREE_ID_RE.match(value or ""):
            raise TreeEditError(f"{value!r} is not an id: start with a letter or digit, then letters, digits, '-' "
                                "or '_' (at most 64)")
    elif key in ("name", "description"):
        value = value or None
        if key == "name" and value is not None and len(value) > 200:
            raise TreeEditError("a name has at most 200 characters")
    else:
        raise TreeEditError(f"no tree field {key!r}")
    return doc.set_value((key,), value, text=f"Set tree {key}", gesture=gesture)


def copy_side(doc, source: str, target: str) -> bool:
    """Replace side ``target`` with a copy of side ``source`` (node ids re-lettered)."""
    s = _side(doc, source)
    _side(doc, target)
    old_prefix, new_prefix = source.lower(), target.lower()

    def rid(n: str) -> str:
        return new_prefix + n[1:] if n.startswith(old_prefix) and f"{new_prefix}{n[1:]}" not in s.nodes else n

    side = TreeSide(rid(s.start), {rid(k): TreeNode(rid(k), v.at, v.effect) for k, v in s.nodes.items()},
                    [(rid(a), rid(b)) for a, b in s.links])
    return doc.set_value(("sides", target), side, text=f"Copy side {source} to side {target}")
