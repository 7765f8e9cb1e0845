"""A document for one content file (an island, a tree, a card set, a loot set): the model
object, its file path, a :class:`QUndoStack`, live findings and an atomic save.

How to use it (the island, tree and card editors all do this)::

    doc = ContentDocument(island, path)            # or ContentDocument.open(path, Island)
    doc.changed.connect(view.refresh)              # payload: the path that changed, () = all
    doc.findings_changed.connect(dock.show)        # list[Finding], re-run after each edit
    doc.undo_stack.cleanChanged.connect(window.update_title)
    window.setWindowTitle(doc.window_title("Island Editor"))   # "name[*] — Island Editor"

    doc.set_value(("name",), "Gull Rock")          # one undo step
    doc.set_value(("spaces",), new_spaces, gesture=drag)   # pushes of one drag merge
    with doc.macro("Add bridge"):                  # several pushes, one undo step
        doc.set_value(("bridges",), ...)
        doc.set_value(("forts",), ...)
    doc.save()                                     # refuses text that would not reload equal

Edits address the model by a *path*: a tuple of attribute names (objects), keys (dicts) and
indexes (lists), e.g. ``("missions", 0, "steps", 1, "reward")``. Frozen dataclasses and
tuples on the way are rebuilt with the new value (:func:`set_at`), so immutable parts of a
model (:class:`~studio.model.rivages.Effect`, :class:`~studio.model.rivages.Card`) are edited
the same way (:mod:`studio.model.value_paths`). Every edit is the generic
:class:`~studio.gui.shell.document_commands.SetValue` of every document (the base,
:class:`~studio.gui.shell.document_base.Document`, gives ``set_value``, ``macro``, ``path``,
``is_modified`` and the save template); it copies the values it stores, so later edits of the
model can never reach into the undo history, and undoing every step gives the document back
exactly. Subclass it (or push any ``DocumentCommand`` that calls
:meth:`ContentDocument.notify`) for edits that need more than replacing a value.

Findings come from ``lint(model)`` (default: :func:`studio.validate.rivages.rivages_findings`
with the terrains and rules of :attr:`ContentDocument.scenario`), re-run shortly after each
change on the GUI thread: linting an island, a tree or a card set takes well under a
millisecond (see ``benchmarks``-style figures in docs/rivages.md), and a single-shot timer
coalesces a burst of edits (a drag) into one run.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from studio.content.findings import Finding
from studio.content.yamlio import probe_folder
from studio.gui.shell.document_base import Document
from studio.model import io
from studio.model.rivages import RivagesScenario
from studio.model.value_paths import get_at, set_at

FINDINGS_DELAY_MS = 30
"""Findings re-run this long after the last edit (a burst of edits gives one run)."""


# --- the document ------------------------------------------------------------------------------

class ContentDocument(Document):
    """Owns one content model, its file path, its undo stack and its current findings.

    Signals: ``changed(path)`` after every model change, also on undo/redo (``()`` means the
    whole model: new/open/reload); ``findings_changed(list[Finding])`` after each findings run;
    ``file_changed(str | None)`` after open/save as. ``is_modified`` follows the undo stack's
    clean state, so undoing back to the saved state clears it.

    ``scenario`` (a :class:`RivagesScenario` or None) gives the terrains and rules the default
    lint checks against; ``lint`` replaces the default lint (``model -> list[Finding]``)."""

    changed = Signal(object)
    findings_changed = Signal(list)
    file_changed = Signal(object)

    def __init__(self, model: Any, path: str | os.PathLike | None = None, *,
                 scenario: RivagesScenario | None = None,
                 lint: Callable[[Any], list[Finding]] | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(path, parent)
        self._model = model
        self.scenario = scenario
        self._lint = lint
        self.findings: list[Finding] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(FINDINGS_DELAY_MS)
        self._timer.timeout.connect(self.refresh_findings)
        self.refresh_findings()

    @classmethod
    def open(cls, path: str | os.PathLike, model_type: type | None = None, **kwargs) -> "ContentDocument":
        """Read ``path`` (any supported format, or exactly ``model_type``). Raises
        :class:`~studio.content.LoadError` or :class:`~studio.model.io.InvalidContent`
        (``content/wrong-kind`` for a file of another format)."""
        return cls(_read(path, model_type), path, **kwargs)

    @classmethod
    def open_leniently(cls, path: str | os.PathLike, model_types: Sequence[type], **kwargs) -> "ContentDocument":
        """Read ``path``, a file of one of ``model_types``; a file that parses but fails its
        schema opens with what the schema rejects left out (:mod:`studio.model.lenient`), so it
        can be repaired in the editor: :attr:`open_problems` then holds the file's schema
        findings (listed first in :attr:`findings` until saved) and what was left out, and the
        document is modified. Raises LoadError or InvalidContent (``content/wrong-kind`` for a
        file of another format) when nothing can be opened."""
        model, problems = cls.read_for_open(path, model_types)
        doc = cls(model, path, **kwargs)
        if problems is not None:
            doc.open_problems = problems
            doc.undo_stack.resetClean()  # modified until saved: the file still holds what was left out
            doc.refresh_findings()
        return doc

    @staticmethod
    def read_for_open(path: str | os.PathLike, model_types: Sequence[type]):
        """``(model, problems)`` as :meth:`open_leniently` reads ``path`` (``problems``: an
        :class:`~studio.model.lenient.OpenProblems` or None); raises as it does."""
        from studio.model.lenient import read_leniently

        model_types = tuple(model_types)
        check_format(path, [t.FORMAT for t in model_types],
                     " or ".join(EDITED_AS.get(t.FORMAT, f"a {t.FORMAT} file") for t in model_types))
        return read_leniently(path, model_types)

    # -- state ------------------------------------------------------------------------------
    @property
    def model(self) -> Any:
        return self._model

    def untitled_name(self) -> str:
        return getattr(self._model, "name", None) or getattr(self._model, "id", None) or "Untitled"

    def window_title(self, app: str) -> str:
        """``"gull-rock.yaml[*] — <app>"``: give it to setWindowTitle with setWindowModified."""
        return f"{self.display_name()}[*] — {app}"

    def terrain_names(self) -> list[str]:
        """Terrains in use: the scenario's, else the default four."""
        if self.scenario is not None:
            return self.scenario.terrain_names()
        from studio.model.rivages import DEFAULT_TERRAINS
        return [t.name for t in DEFAULT_TERRAINS]

    # -- edits ------------------------------------------------------------------------------
    def notify(self, path: Sequence = ()) -> None:
        """Called by commands after they changed the model at ``path``."""
        # positions of the file read no longer match the model once it is edited
        if path and getattr(self._model, "source", None) is not None:
            self._model.source = None
        self.changed.emit(tuple(path))
        self._timer.start()

    def value(self, path: Sequence) -> Any:
        """The value at ``path`` (do not change it in place: use :meth:`set_value`). Raises
        KeyError/IndexError/AttributeError for a path that does not exist."""
        return get_at(self._model, path)

    value_at = value

    def put_value(self, path: Sequence, value: Any) -> None:
        set_at(self._model, path, value)
        self.notify(path)

    # -- findings ---------------------------------------------------------------------------
    def lint(self, model: Any) -> list[Finding]:
        """Findings for ``model`` (the document's lint, or the Rivages lint)."""
        if self._lint is not None:
            return list(self._lint(model))
        from studio.validate.rivages import rivages_findings

        sc = self.scenario
        return rivages_findings(model, sc.terrain_names() if sc else None, sc.rules if sc else None)

    def model_findings(self) -> list[Finding]:
        """The lint of the model as it is now (not the file's schema findings). Never raises:
        a lint failure is reported as an ``internal/error`` finding."""
        try:
            return self.lint(self._model)
        except Exception as exc:  # noqa: BLE001 - a lint bug must not take the editor down
            return [Finding("internal/error", "error", f"the check failed: {type(exc).__name__}: {exc}",
                            self._path)]

    def refresh_findings(self) -> list[Finding]:
        """Re-run the lint now; emits ``findings_changed`` and returns the findings. A file
        opened with schema errors lists exactly its schema findings (what ``studio validate``
        prints for it) until it is edited: the lint would judge the model with the bad values
        left out, which is not the file. Once edited, those findings first, then the lint."""
        self._timer.stop()
        problems = self.open_problems
        if problems is not None:
            findings = problems.listed(self.undo_stack.index() > 0, self.model_findings)
        else:
            findings = self.model_findings()
        self.findings = findings
        self.findings_changed.emit(findings)
        return findings

    def findings_pending(self) -> bool:
        """True while a findings run is scheduled (tests wait on it)."""
        return self._timer.isActive()

    # -- files ------------------------------------------------------------------------------
    def reset(self, model: Any, path: str | os.PathLike | None = None) -> None:
        """Replace the model (New, Open): clears undo history; the document is clean."""
        self.open_problems = None
        self._model = model
        self._restart(path)
        self.changed.emit(())
        self.file_changed.emit(self._path)
        self.refresh_findings()

    def load(self, path: str | os.PathLike) -> None:
        """Open a file of the same format as the current model. Raises LoadError or
        InvalidContent and leaves the document unchanged on error."""
        self.reset(_read(path, type(self._model)), path)

    def save(self, path: str | os.PathLike | None = None) -> None:
        """Write atomically to ``path`` (default: the current path) and mark the document
        clean. Checks, in this order, so the first message is the one to act on: the target
        (:func:`check_save_target`), then findings the format cannot hold
        (:data:`~studio.validate.rivages.UNSAVABLE_CODES`, e.g. "quest step 1 picks no
        spaces"), then the schema. Raises :class:`CannotSave` (a ValueError with a plain
        reason) for all three, OSError for a write that fails anyway (disk full), ValueError
        when there is no path. On error nothing is written and the document is unchanged."""
        super().save(path)

    def _write(self, target: str) -> None:
        check_save_target(target)
        self._check_savable()
        try:
            source = io.write(self._model, target)
        except io.InvalidContent as exc:
            # the findings would point at lines of a file that was never written: name the
            # element (its place in the file's structure) instead
            lines = [f"{f.code}: {f.message}" for f in exc.findings]
            raise CannotSave("it would not load back as it is: " + exc.findings[0].message
                             + (f" (and {len(lines) - 1} more)" if len(lines) > 1 else ""),
                             "\n".join(lines), exc.findings) from None
        if hasattr(self._model, "path"):
            self._model.path = target
        self.open_problems = None  # the file now holds the model as shown
        if source is not None and hasattr(self._model, "source"):   # lines of the text just written
            self._model.source = source
        self.refresh_findings()   # their line numbers are the file's as written now

    def _saved(self, old_path: str | None) -> None:
        if self._path != old_path:
            self.file_changed.emit(self._path)

    def _check_savable(self) -> None:
        from studio.validate.rivages import UNSAVABLE_CODES

        if self._lint is not None:
            return  # another kind of content: its own lint, its own rules
        try:
            findings = [f for f in self.lint(self._model) if f.code in UNSAVABLE_CODES]
        except Exception:  # noqa: BLE001 - the schema check below still guards the file
            return
        if findings:
            more = f" (and {len(findings) - 1} more problem{'s' if len(findings) > 2 else ''})" if len(findings) > 1 else ""
            raise CannotSave(findings[0].message + more, "\n".join(f"{f.code}: {f.message}" for f in findings),
                             findings)

    def recovery_content(self) -> tuple[str, Any]:
        return self._model.FORMAT, self._model.to_data()

    def snapshot(self) -> Any:
        """A deep copy of the model (tests compare it after undo)."""
        return copy.deepcopy(self._model)


class CannotSave(ValueError):
    """A save refused before anything was written. ``str()`` is the plain reason ("out is a
    folder; choose a file name", "cannot write in /x: permission denied", "quest step 1 picks
    no spaces"); ``details`` lists every problem (or ""); ``findings`` the findings behind it."""

    def __init__(self, reason: str, details: str = "", findings: Sequence[Finding] = ()) -> None:
        super().__init__(reason)
        self.details = details
        self.findings = list(findings)


def refused_by_the_place(exc: Exception) -> bool:
    """True when a save failed on the file or its folder (read-only, missing folder, full
    disk...), not on the content: saving elsewhere (Save As…) may work."""
    return isinstance(exc, OSError) or (isinstance(exc, CannotSave) and not exc.findings)


def save_error_text(exc: Exception) -> tuple[str, str | None]:
    """(reason, details) for a failed :meth:`ContentDocument.save`: the plain reason of a
    :class:`CannotSave`, ``cannot write in FOLDER: reason`` or ``cannot write FILE: reason``
    for an OSError (never errno text)."""
    if isinstance(exc, CannotSave):
        return str(exc), exc.details or None
    if isinstance(exc, OSError):
        reason = exc.strerror or str(exc)
        if reason.startswith("cannot write in "):  # save_atomic named the folder that refused the file
            return reason, None
        if isinstance(exc, PermissionError) and reason != "the file is read-only":
            folder = Path(exc.filename).parent if exc.filename else None
            return (f"cannot write in {folder}: permission denied" if folder else "permission denied"), None
        return (f"cannot write {exc.filename}: {reason}" if exc.filename else reason), None
    return str(exc), None


def check_save_target(path: str | os.PathLike) -> Path:
    """Refuse, before anything is checked or written, a target that cannot be written: a
    folder ("out is a folder; choose a file name"), a missing folder, a folder without write
    permission ("cannot write in /x: permission denied") or a read-only file. Returns the
    target as a Path; raises :class:`CannotSave`."""
    target = Path(path)
    if target.is_dir():
        raise CannotSave(f"{target.name or target} is a folder; choose a file name")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.exists():
        raise CannotSave(f"cannot write in {folder}: the folder does not exist")
    if not folder.is_dir():
        raise CannotSave(f"cannot write in {folder}: it is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise CannotSave(f"cannot write in {folder}: permission denied")
    refusal = probe_folder(folder)  # access() says yes to root everywhere: a real file is the proof
    if refusal:
        raise CannotSave(refusal)
    if target.exists() and not os.access(target, os.W_OK):
        raise CannotSave(f"cannot write {target}: the file is read-only")
    return target


FORMAT_NAMES = {
    "realm-board/1": "a Rule the Realm board",
    "realm-board/2": "a Rule the Realm board",
    "realm-scenario/1": "a Rule the Realm scenario",
    "rivages-scenario/1": "a Rivages scenario",
    "rivages-island/1": "a Rivages island",
    "rivages-tree/1": "a Rivages Tree of Wisdom",
    "rivages-cards/1": "a Rivages card set",
    "rivages-loot/1": "a Rivages loot set",
}

EDITED_AS = {"rivages-island/1": "an island", "rivages-tree/1": "a Tree of Wisdom",
             "rivages-cards/1": "a card set", "rivages-loot/1": "a loot set"}
"""How an editor names what it opens (the end of a wrong-kind message)."""


def check_format(path: str | os.PathLike, formats: Sequence[str], wanted: str) -> None:
    """Refuse a readable file of another known format before its schema is checked, so
    opening a board in the island editor says "gull.yaml is a Rule the Realm board
    (realm-board/1), not an island" rather than listing the board's schema problems.
    ``wanted`` names what the editor opens ("an island"). Raises InvalidContent with one
    ``content/wrong-kind`` finding; files that do not parse or name no format pass (the
    loader reports them)."""
    from studio.content import LoadError, load_document

    try:
        fmt = load_document(path).format or ""
    except (LoadError, OSError, ValueError):
        return
    if not fmt or fmt in formats:
        return
    what = FORMAT_NAMES.get(fmt, f"a {fmt.split('/')[0]} file")
    raise io.InvalidContent([Finding("content/wrong-kind", "error",
                                     f"{Path(path).name} is {what} ({fmt}), not {wanted}", str(path), 1, 1)])


def _read(path: str | os.PathLike, model_type: type | None) -> Any:
    if model_type is None:
        return io.read(path)
    check_format(path, [model_type.FORMAT], EDITED_AS.get(model_type.FORMAT, f"a {model_type.FORMAT} file"))
    from studio.model.rivages import read_as

    return read_as(path, model_type)
