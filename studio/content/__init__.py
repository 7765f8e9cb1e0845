"""The one safe YAML loader/dumper, the schema registry and the paths of bundled content.

Every entry point (CLI, editor, drag and drop, scenario references) reads content through
:func:`load_document`; nothing else in the studio calls ``yaml.load``.
"""

from studio.content.errors import LoadError, ReferenceEscape
from studio.content.paths import bundled_path, content_root_of, resolve_reference, resolved, schemas_dir
from studio.content.yamlio import Document, SourceMap, dump_yaml, load_document, parse_yaml, save_atomic

__all__ = [
    "Document",
    "LoadError",
    "ReferenceEscape",
    "SourceMap",
    "bundled_path",
    "content_root_of",
    "dump_yaml",
    "load_document",
    "parse_yaml",
    "resolve_reference",
    "resolved",
    "save_atomic",
    "schemas_dir",
]
