"""The editor schema line of content files, and the combined schema it names.

Every bundled YAML content file starts with ::

    # yaml-language-server: $schema=../../schemas/content.json

so editors with the YAML language server (VS Code, Neovim, Emacs, JetBrains) complete and check
it as it is typed. ``schemas/content.json`` (:func:`combined_schema`) is one schema for every
format: it dispatches on ``format:`` to the schema of that format (``realm-board.schema.json``...),
by relative ``$ref``, so it resolves from the file's folder with no network.

A file the studio saves (:func:`studio.model.io.write`) keeps the line it has; a new file gets
one (:func:`schema_line_for`), and a Save As into another folder rebases a relative line that
named an existing schema so it still does. A file without the line that is saved over keeps its
text as it is (only what was edited changes).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from studio.content.paths import content_root_of, resolved, schemas_dir

COMBINED_NAME = "content.json"
PREFIX = "# yaml-language-server: $schema="
LINE = re.compile(r"^(?P<bom>\ufeff?)#\s*yaml-language-server:\s*\$schema=(?P<ref>\S+)(?P<rest>[^\n]*)(?:\n|$)")


def combined_schema_path() -> Path:
    """The installed (or checked out) ``schemas/content.json``: what ``studio schema --path`` prints."""
    return schemas_dir() / COMBINED_NAME


def combined_schema() -> dict:
    """The combined schema: ``format`` must name a known format, and the file is then checked
    against that format's schema (an ``if``/``then`` per format, ``$ref`` to its file).
    ``schemas/content.json`` is this, written out (a test keeps them equal)."""
    from studio.content.schemas import _registry

    files = {}
    for path in sorted(schemas_dir().glob("*.schema.json")):
        import json

        m = re.search(r"([a-z][a-z0-9-]*/\d+)$", json.loads(path.read_text(encoding="utf-8")).get("$id", ""))
        if m:
            files[m.group(1)] = path.name
    formats = sorted(_registry())
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Board Studio content (any format)",
        "description": "Every Board Studio file: the 'format' key names the file's format and version, and the "
                       "file is checked against that format's own schema. Name this file in a YAML file's "
                       "first line, '# yaml-language-server: $schema=PATH/content.json', for completion and "
                       "checks in editors; 'studio schema --path' prints where it is installed.",
        "type": "object",
        "required": ["format"],
        "properties": {
            "format": {
                "description": "The file's format and its version, NAME/VERSION; it picks the schema the rest of "
                               "the file is checked against.",
                "enum": formats,
                "examples": ["realm-board/2", "rivages-island/1"],
            },
        },
        "allOf": [
            {"if": {"properties": {"format": {"const": fmt}}, "required": ["format"]},
             "then": {"$ref": files[fmt]}}
            for fmt in formats
        ],
    }


def schema_line_for(path: str | os.PathLike) -> str:
    """The schema line for a file saved at ``path`` (without its newline): a relative path to
    the combined schema when ``path`` lies in the same content tree as the schemas (the
    studio's checkout or installed bundle, or a content root holding ``schemas/content.json``),
    else the schema's ``file://`` URI (absolute, so it resolves from anywhere on this machine)."""
    return PREFIX + schema_reference_for(path)


def schema_reference_for(path: str | os.PathLike) -> str:
    folder = resolved(path).parent
    own = content_root_of(path) / "schemas" / COMBINED_NAME
    target = own if own.is_file() else resolved(combined_schema_path())
    if folder.is_relative_to(target.parent.parent):
        return Path(os.path.relpath(target, folder)).as_posix()
    return target.as_uri()


def schema_reference(text: str) -> str | None:
    """The ``$schema=`` value of ``text``'s first line, or None when it has no schema line."""
    m = LINE.match(text)
    return m["ref"] if m else None


def with_schema_line(text: str, path: str | os.PathLike, origin: str | os.PathLike | None,
                     new_text: bool) -> str:
    """``text`` (to be saved at ``path``) with its schema line right.

    * A text that has the line keeps it, except when saved into another folder than
      ``origin``'s: a relative reference that named an existing file from ``origin``'s folder
      is rebased to name it from ``path``'s (any other reference, a URL, is kept).
    * A ``new_text`` (written whole, not patched from a file) gets the line of
      :func:`schema_line_for` at the top (after a byte order mark).
    * Any other text (a file saved over that has no line) is returned unchanged."""
    m = LINE.match(text)
    if m is not None:
        ref = m["ref"]
        if origin is None or "://" in ref or os.path.isabs(ref):
            return text
        old_folder, new_folder = resolved(origin).parent, resolved(path).parent
        if old_folder == new_folder:
            return text
        target = old_folder / ref
        if not target.is_file():
            return text
        rebased = schema_reference_for(path) if resolved(target) == resolved(combined_schema_path()) else None
        if rebased is None:
            try:
                rebased = Path(os.path.relpath(resolved(target), new_folder)).as_posix()
            except ValueError:  # another drive (Windows)
                rebased = resolved(target).as_uri()
        return f"{m['bom']}{PREFIX}{rebased}{m['rest']}\n" + text[m.end():]
    if not new_text:
        return text
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    return f"{bom}{schema_line_for(path)}\n{text[len(bom):]}"


def is_content_text_path(path: str | os.PathLike) -> bool:
    """Whether a file at ``path`` is YAML (JSON files, games and reports, take no comment)."""
    return str(path).lower().endswith((".yaml", ".yml"))
