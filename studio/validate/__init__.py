"""Findings for Board Studio content: schema, geometry and rules lint.

``validate(obj_or_path) -> list[Finding]`` checks one file, parsed document or model
(``validate(board, scenario=...)`` checks a board as that scenario's board);
``validate_paths(paths)`` checks files and folders for ``studio validate``. Three layers, each
its own module: :mod:`~studio.validate.schema` (the file's JSON Schema),
:mod:`~studio.validate.geometry` (a sound planar board and its location elements: islands,
bridges, crater) and :mod:`~studio.validate.lint` (the rules: seats, reach, pictures,
seat fairness, what each scenario's modules need). Every finding code is stable and documented
in ``docs/findings.md``.
"""

from studio.content.findings import Finding
from studio.validate.pipeline import UNREADABLE_CODES, content_files, sort_findings, validate, validate_paths

__all__ = ["Finding", "UNREADABLE_CODES", "content_files", "rivages_findings", "sort_findings", "validate",
           "validate_paths"]


def __getattr__(name: str):
    # the Rivages lint is imported when first asked for: a Rule the Realm check starts quicker
    if name == "rivages_findings":
        from studio.validate.rivages import rivages_findings

        return rivages_findings
    raise AttributeError(f"module 'studio.validate' has no attribute {name!r}")
