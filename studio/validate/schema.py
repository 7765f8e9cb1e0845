"""Schema layer: the file against the JSON Schema its ``format:`` names.

The later layers assume the structure the schema guarantees, so a file with schema errors
stops here (see :func:`studio.validate.validate`).
"""

from __future__ import annotations

from typing import Any

from studio.content.findings import Finding
from studio.content.schemas import schema_findings


def check_schema(data: Any, source, path: str | None) -> list[Finding]:
    """Findings of ``data`` against its format's schema (codes ``schema/*``), positioned
    through ``source`` (a :class:`~studio.content.yamlio.SourceMap`, or None for no lines)."""
    return schema_findings(data, source, path)


def has_errors(findings: list[Finding]) -> bool:
    return any(f.severity == "error" for f in findings)
