"""Give the schemas' properties ``examples`` copied from real files, mechanically.

``python tools/schema_examples.py [FILE.json ...]`` reads every bundled content file (boards/,
scenarios/) and the JSON files named (reports written by ``studio playtest --json``, ``studio
sweep --json``, ``studio balance``, saved games), walks each alongside its schema (by its
``format``), and adds to each property of ``schemas/*.schema.json`` that has no ``examples`` yet up
to three of the distinct values seen there that are short (at most 100 characters as JSON) and
valid against the property's own subschema. A property already holding examples keeps them; a
property seen only with long values (a whole game, a list of seats) gets none: its parts carry
theirs. Paths under this checkout are written relative to it (as ``studio`` prints a path given
relative). Prints how many properties each schema got.

Run it after adding a property to a schema, with fresh reports, e.g.::

    studio playtest scenarios/jungle-temples.yaml --players 2 --games 3 --bots greedy,random --json p2.json
    studio playtest scenarios/rivages-solo.yaml --games 6 --json solo.json
    studio sweep scenarios/jungle-temples.yaml --set rules.end.score=6,10 --games 2 --json sweep.json
    studio balance volcano-3p --budget-games 60 --verify-games 12 --steps 1 --candidates 3 --top 2 -o bal
    python tools/schema_examples.py p2.json solo.json sweep.json bal/balance.json

``tests/test_schema_docs.py`` checks every example (and default) against its property.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import yaml
from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "schemas"
MAX_CHARS = 100          # an example longer than this as JSON is left out (a sentence may take 200)
MAX_TEXT = 200
MAX_EXAMPLES = 3


def _resolve(root: dict, node: dict, pointer: str) -> tuple[dict, str]:
    while isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/"):
        pointer = node["$ref"][1:]
        node = _node_at(root, pointer)
    return node, pointer


class Harvest:
    """Values seen per property subschema: {schema file: {JSON pointer: [values]}}."""

    def __init__(self) -> None:
        self.seen: dict[str, dict[str, list]] = {}

    def add(self, schema_path: Path, document) -> None:
        root = json.loads(schema_path.read_text(encoding="utf-8"))
        validator = Draft202012Validator(root)
        seen = self.seen.setdefault(schema_path.name, {})

        def visit(node, value, pointer: str) -> None:
            if not isinstance(node, dict):
                return
            node, pointer = _resolve(root, node, pointer)
            for key in ("allOf",):
                for i, sub in enumerate(node.get(key, ())):
                    visit(sub, value, f"{pointer}/{key}/{i}")
            for key in ("anyOf", "oneOf"):
                for i, sub in enumerate(node.get(key, ())):
                    if validator.evolve(schema=sub).is_valid(value):
                        visit(sub, value, f"{pointer}/{key}/{i}")
            if "if" in node:
                branch = "then" if validator.evolve(schema=node["if"]).is_valid(value) else "else"
                if branch in node:
                    visit(node[branch], value, f"{pointer}/{branch}")
            if isinstance(value, dict):
                props = node.get("properties", {})
                patterns = node.get("patternProperties", {})
                for key, item in value.items():
                    if key in props:
                        where = f"{pointer}/properties/{key.replace('~', '~0').replace('/', '~1')}"
                        seen.setdefault(where, []).append(item)
                        visit(props[key], item, where)
                        continue
                    for pattern, sub in patterns.items():
                        if re.search(pattern, key):
                            where = f"{pointer}/patternProperties/{pattern.replace('~', '~0').replace('/', '~1')}"
                            seen.setdefault(where, []).append(item)
                            visit(sub, item, where)
                            break
                    else:
                        if isinstance(node.get("additionalProperties"), dict):
                            visit(node["additionalProperties"], item, f"{pointer}/additionalProperties")
            elif isinstance(value, list):
                prefix = node.get("prefixItems", [])
                for i, item in enumerate(value):
                    if i < len(prefix):
                        visit(prefix[i], item, f"{pointer}/prefixItems/{i}")
                    elif isinstance(node.get("items"), dict):
                        visit(node["items"], item, f"{pointer}/items")

        visit(root, _relative(document), "")


def _relative(value):
    prefix = str(ROOT) + "/"
    if isinstance(value, str):
        return value[len(prefix):] if value.startswith(prefix) else value
    if isinstance(value, list):
        return [_relative(v) for v in value]
    if isinstance(value, dict):
        return {k: _relative(v) for k, v in value.items()}
    return value


def _node_at(root: dict, pointer: str):
    """The node of ``root`` at the JSON pointer ``pointer`` (RFC 6901)."""
    node = root
    for part in pointer.strip("/").split("/") if pointer.strip("/") else ():
        part = part.replace("~1", "/").replace("~0", "~")
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def _fitting_prefix(value: list, validator) -> list:
    """A list seen too long for an example: its longest valid prefix that fits (the first islands
    of a game, the first rounds of an arc), or the list itself when none does."""
    if len(json.dumps(value, ensure_ascii=False)) <= MAX_CHARS:
        return value
    for k in range(len(value) - 1, 0, -1):
        head = value[:k]
        if len(json.dumps(head, ensure_ascii=False)) <= MAX_CHARS and validator.is_valid(head):
            return head
    return value


def pick_examples(values: list, validator) -> list:
    """Up to :data:`MAX_EXAMPLES` distinct short values valid against the property (first seen first,
    then the most different: another type, another length)."""
    chosen: list = []
    texts: set[str] = set()
    for value in values:
        if isinstance(value, list):
            value = _fitting_prefix(value, validator)
        text = json.dumps(value, ensure_ascii=False, sort_keys=True)
        if text in texts or len(text) > (MAX_TEXT if isinstance(value, str) else MAX_CHARS) \
                or not validator.is_valid(value):
            continue
        texts.add(text)
        chosen.append(value)
    if len(chosen) <= MAX_EXAMPLES:
        return chosen
    # spread: the first, then the one least like those taken (by its JSON text), and so on
    taken = [chosen[0]]
    rest = chosen[1:]
    while len(taken) < MAX_EXAMPLES and rest:
        def distance(v):
            t = json.dumps(v, sort_keys=True)
            return min(sum(a != b for a, b in zip(t, json.dumps(u, sort_keys=True))) + abs(len(t) - len(json.dumps(u)))
                       for u in taken)
        best = max(rest, key=distance)
        taken.append(best)
        rest.remove(best)
    return taken


def _without_examples(node):
    if isinstance(node, dict):
        return {k: _without_examples(v) for k, v in node.items() if k != "examples"}
    if isinstance(node, list):
        return [_without_examples(v) for v in node]
    return node


def _shared(harvest: Harvest) -> dict[str, dict[str, list]]:
    """The values seen, shared between schemas that declare the same property alike (the same
    pointer, the same subschema): the playtest and sweep reports describe a game, a finding, a
    panel alike, and realm-board/1 and /2 their pegs and lines."""
    roots = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(SCHEMAS.glob("*.schema.json"))}
    merged = {name: {k: list(v) for k, v in seen.items()} for name, seen in harvest.seen.items()}
    for source, seen in harvest.seen.items():
        for pointer, values in seen.items():
            mine = _without_examples(_node_at(roots[source], pointer))
            for other, root in roots.items():
                if other == source:
                    continue
                try:
                    theirs = _node_at(root, pointer)
                except (KeyError, IndexError, ValueError, TypeError):
                    continue
                if _without_examples(theirs) == mine:
                    merged.setdefault(other, {}).setdefault(pointer, []).extend(values)
    return merged


def write_examples(harvest: Harvest) -> dict[str, int]:
    added: dict[str, int] = {}
    for name, seen in sorted(_shared(harvest).items()):
        path = SCHEMAS / name
        text = path.read_text(encoding="utf-8")
        root = json.loads(text)
        validator = Draft202012Validator(root)
        count = 0
        for pointer, values in sorted(seen.items()):
            node = _node_at(root, pointer)
            if not isinstance(node, dict) or "examples" in node or "const" in node:
                continue
            examples = pick_examples(values, validator.evolve(schema=node))
            if examples:
                node["examples"] = examples
                count += 1
        if count:
            indent = 1 if text.startswith("{\n \"") else 2
            path.write_text(json.dumps(root, indent=indent, ensure_ascii=False) + "\n", encoding="utf-8")
        added[name] = count
    return added


def _schema_files() -> dict[str, Path]:
    by_format = {}
    for path in sorted(SCHEMAS.glob("*.schema.json")):
        schema_id = json.loads(path.read_text(encoding="utf-8"))["$id"]
        by_format["/".join(schema_id.rsplit("/", 2)[-2:])] = path
    return by_format


def main(argv: list[str]) -> int:
    by_format = _schema_files()
    harvest = Harvest()
    documents = [(p, yaml.safe_load(p.read_text(encoding="utf-8")))
                 for folder in ("boards", "scenarios") for p in sorted((ROOT / folder).rglob("*.yaml"))]
    for name in argv:
        try:
            documents.append((Path(name), json.loads(Path(name).read_text(encoding="utf-8"))))
        except (OSError, ValueError) as exc:
            print(f"{name}: not read: {exc}", file=sys.stderr)
            return 2
    for path, document in documents:
        fmt = document.get("format") if isinstance(document, dict) else None
        if fmt not in by_format:
            print(f"{path}: no schema for format {fmt!r}; passed over", file=sys.stderr)
            continue
        harvest.add(by_format[fmt], document)
    for name, count in write_examples(harvest).items():
        print(f"schemas/{name}: {count} properties got examples")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
