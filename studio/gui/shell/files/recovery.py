"""Autosave and crash recovery, for every kind of content the studio edits.

While a document has unsaved changes, :class:`Autosaver` writes it every 30 s (only when it
changed since the last autosave) to a recovery file of its own session in
:func:`recovery_dir`, atomically. Every editor window autosaves this way: the board editor,
the island, Tree of Wisdom and card/loot editors and the scenario editor (one session per
window); :mod:`studio.gui.shell.files.restore` opens each lost autosave in the window made for its
kind. Saving, or closing the window, removes the file; so a
recovery file whose editor process is gone is work a crash lost, and the next editor start
offers to restore it (:func:`studio.gui.shell.files.services.FileServices.offer_recovery`).

Each lost autosave is offered at start-up once: the files shown are marked offered
(:meth:`RecoveryStore.mark_offered`), so "Later" keeps them without asking again at the next
start; only a new crash's autosave is offered then. File ▸ Recover Autosaves… lists them all.
Autosaves that can no longer matter are removed silently (:meth:`RecoveryStore.clean_stale`):
one older than its original file (the file was saved since), and one whose original file is
gone and which is older than :data:`KEEP_DAYS` days. The folder is the user's, shared by every
checkout and folder the studio edits files in, so the offer shows each original's full path.

A recovery file is JSON (``format: board-studio-recovery/1``): the document's ``kind`` (its
content format, e.g. ``rivages-island/1``; a file without one, written before other kinds
were autosaved, holds a board), its content as ``data`` (the model's plain data, as JSON: a
5,000-peg board takes about a hundredth of the time of its YAML text on the GUI thread) or, for
data JSON cannot hold exactly and in files written before, as YAML ``text``, the path of the file it came from (None for
a document never saved), the owning process (pid and, on
Linux, its start time, so a reused pid is not taken for the owner), when it was written and,
once it has been offered after its editor was gone, when (``offered_at``).

A recovery file that cannot be read (not JSON, keys missing: damaged on disk or by hand) is
listed too, as a damaged entry (:attr:`RecoveryEntry.problem`): restoring it says why it cannot
be, Discard deletes it. Once offered it is renamed ``SESSION.damaged`` (kept, not asked about
again at start-up; File ▸ Recover Autosaves… still lists it).

Environment: ``STUDIO_RECOVERY_DIR`` overrides the folder (tests);
``STUDIO_AUTOSAVE_SECONDS`` the interval (default 30); ``STUDIO_NO_AUTOSAVE_PROMPT`` (any
non-empty value) turns the restore offer at start-up off."""

from __future__ import annotations

import copy
import json
import os
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import platformdirs
from PySide6.QtCore import QObject, QTimer, Signal

from studio.content import Document, LoadError, SourceMap, dump_yaml, parse_yaml, save_atomic
from studio.content.schemas import migrate
from studio.model.io import InvalidContent, model_from_document
from studio.model.realm import Board

FORMAT = "board-studio-recovery/1"
ENV_DIR = "STUDIO_RECOVERY_DIR"
ENV_INTERVAL = "STUDIO_AUTOSAVE_SECONDS"
ENV_NO_PROMPT = "STUDIO_NO_AUTOSAVE_PROMPT"
DEFAULT_INTERVAL_S = 30.0
APP_DIR_NAME = "board-studio"
KEEP_DAYS = 14
"""An autosave whose original file is gone is removed after this many days."""


def recovery_dir() -> Path:
    """``$STUDIO_RECOVERY_DIR``, else ``recovery`` in the user data folder (created on first
    write, not here)."""
    override = os.environ.get(ENV_DIR)
    if override:
        return Path(override)
    return platformdirs.user_data_path(APP_DIR_NAME, appauthor=False) / "recovery"


def autosave_interval_ms() -> int:
    """``$STUDIO_AUTOSAVE_SECONDS`` (a positive number) in ms, else 30 000."""
    raw = os.environ.get(ENV_INTERVAL, "")
    try:
        seconds = float(raw) if raw else DEFAULT_INTERVAL_S
    except ValueError:
        seconds = DEFAULT_INTERVAL_S
    if not seconds > 0:
        seconds = DEFAULT_INTERVAL_S
    return max(10, round(seconds * 1000))


def restore_offer_enabled() -> bool:
    return not os.environ.get(ENV_NO_PROMPT)


# -- processes --------------------------------------------------------------------------------

def process_token(pid: int) -> str | None:
    """Something that changes when ``pid`` is reused: the process start time on Linux."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            stat = fh.read().decode("ascii", "replace")
    except OSError:
        return None
    fields = stat[stat.rfind(")") + 2:].split()
    return fields[19] if len(fields) > 19 else None


def process_alive(pid: int, token: str | None = None) -> bool:
    """Whether process ``pid`` runs, and is the same process as when ``token`` was taken."""
    if pid <= 0:
        return False
    if pid == os.getpid():
        return token is None or token == process_token(pid)
    if sys.platform == "win32":
        import ctypes

        kernel32 = ctypes.windll.kernel32
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        try:
            code = ctypes.c_ulong()
            ok = kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
            return bool(ok) and code.value == 259  # STILL_ACTIVE
        finally:
            kernel32.CloseHandle(handle)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # exists, owned by someone else
    if token is not None:
        now = process_token(pid)
        if now is not None and now != token:
            return False
    return True


# -- kinds ------------------------------------------------------------------------------------

KIND_NOUNS = {
    "realm-board": "board",
    "realm-scenario": "scenario",
    "rivages-island": "island",
    "rivages-tree": "Tree of Wisdom",
    "rivages-cards": "card set",
    "rivages-loot": "loot set",
}
"""What a recovery file of each content format holds, in words ("untitled island")."""
LEGACY_KIND = "realm-board/2"
"""The kind of a recovery file written before other kinds were autosaved: a board."""


def kind_noun(kind: str) -> str:
    """``rivages-island/1`` -> ``island``; an unknown kind -> ``document``."""
    return KIND_NOUNS.get(str(kind).split("/")[0], "document")


def document_content(document) -> tuple[str, object]:
    """(kind, plain data) of what ``document`` holds now: a document with a
    ``recovery_content()`` method says it itself (content and scenario documents); a board
    document gives its board's data."""
    own = getattr(document, "recovery_content", None)
    if callable(own):
        return own()
    board = document.board
    return board.FORMAT, board.to_data()


def document_name(document) -> str:
    """The name the recovery dialog shows: the document's file name, or its own name."""
    name = getattr(document, "display_name", None)
    if callable(name):
        return name()
    path = getattr(document, "path", None)
    return Path(path).name if path else "untitled"


# -- files ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class RecoveryEntry:
    """One recovery file. ``kind`` is the content format it holds (``realm-board/2``,
    ``rivages-island/1``...); ``original_path`` is where the document was loaded from or last
    saved (None for one never saved); ``saved_at`` is seconds since the epoch. ``problem`` is
    set (and ``text`` empty) when the recovery file itself cannot be read."""

    file: Path
    session: str
    pid: int
    token: str | None
    original_path: str | None
    name: str
    saved_at: float
    text: str
    offered_at: float | None = None
    kind: str = LEGACY_KIND
    problem: str | None = None
    data: object = None   # the content as plain data (None: it is in ``text``, as YAML)

    @property
    def is_orphan(self) -> bool:
        """True when the editor that wrote it is gone (crashed or killed); a damaged file has
        no editor."""
        return self.problem is not None or not process_alive(self.pid, self.token)

    @property
    def kind_noun(self) -> str:
        """What it holds, in words: ``board``, ``island``, ``Tree of Wisdom``..."""
        return kind_noun(self.kind) if self.problem is None else "damaged autosave"

    def saved_at_text(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(self.saved_at))

    def original_state(self) -> str:
        """``"unsaved"`` (a document never saved), ``"missing"`` (its file is gone),
        ``"newer"`` (its file was changed after this autosave) or ``"older"``."""
        if not self.original_path:
            return "unsaved"
        try:
            mtime = os.stat(self.original_path).st_mtime
        except OSError:
            return "missing"
        return "newer" if mtime > self.saved_at else "older"

    def content(self):
        """The saved document: a model (:class:`~studio.model.realm.Board`,
        :class:`~studio.model.rivages.Island`, ``Tree``, ``CardSet``, ``LootSet``) whose
        ``path`` is :attr:`original_path` (so a save patches that file, keeping its comments),
        or, for a scenario, its data (a dict, as the scenario editor holds it). Raises
        :class:`LoadError` (``recovery/unreadable``) when the file or its text is damaged.

        Unsaved work may not match the schema yet (that is why it is unsaved): it is rebuilt
        leniently then, so nothing the editor held is refused here."""
        if self.problem is not None:
            raise LoadError("recovery/unreadable", f"the autosave file is damaged ({self.problem})", str(self.file))
        if self.data is not None:
            doc = Document(copy.deepcopy(self.data), SourceMap(path=str(self.file)), str(self.file))
        else:
            doc = parse_yaml(self.text, str(self.file))
        family = self.kind.split("/")[0]
        if doc.format is None or doc.format.split("/")[0] != family:
            raise LoadError("recovery/unreadable",
                            f"the autosave should hold {_a(kind_noun(self.kind))} ({self.kind}) but holds "
                            f"{doc.format or 'no format'}", str(self.file))
        if family == "realm-scenario":
            if not isinstance(doc.data, dict):
                raise LoadError("recovery/unreadable", "the recovered scenario is damaged", str(self.file))
            return doc.data
        from studio.model.io import _model_class

        cls = _model_class(family)
        try:
            model = model_from_document(doc)
        except InvalidContent:
            try:
                model = cls.from_data(migrate(doc.data))
            except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
                raise LoadError("recovery/unreadable", f"the recovered {kind_noun(self.kind)} is damaged ({exc})",
                                str(self.file)) from None
        if cls is None or not isinstance(model, cls):
            raise LoadError("recovery/unreadable", f"the recovery file holds no {kind_noun(self.kind)}",
                            str(self.file))
        model.path = self.original_path
        if hasattr(model, "source"):
            model.source = None  # positions in the recovery file, not in the designer's file
        if isinstance(model, Board) and model.location is None and doc.format == "realm-board/1" \
                and self.original_path:
            # written before realm-board/2: the board's own file says its location, as on opening it
            from studio.model.locations import migrated_location

            model.location = migrated_location(self.original_path)
        return model

    def board(self) -> Board:
        """The saved board (see :meth:`content`). Raises :class:`LoadError` when the text is
        not a board at all."""
        if self.kind.split("/")[0] != "realm-board":
            raise LoadError("recovery/unreadable", f"the recovery file holds {_a(self.kind_noun)}, not a board",
                            str(self.file))
        return self.content()

    def remove(self) -> None:
        try:
            self.file.unlink()
        except FileNotFoundError:
            pass


def _a(noun: str) -> str:
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


DAMAGED_SUFFIX = ".damaged"


class RecoveryStore:
    """The recovery folder: one ``SESSION.json`` per editor session with unsaved work."""

    def __init__(self, folder: str | os.PathLike | None = None) -> None:
        self.folder = Path(folder) if folder is not None else recovery_dir()

    def path_for(self, session: str) -> Path:
        return self.folder / f"{session}.json"

    def write(self, session: str, content, original_path: str | None, name: str, kind: str | None = None) -> Path:
        """Write ``content`` (a model; or, with its ``kind``, YAML text or plain data)
        atomically; returns the file. Raises OSError, or ValueError for text or data without a
        kind."""
        data = text = None
        if isinstance(content, (str, dict)):
            if not kind:
                raise ValueError("recovery text or data needs its kind (content format)")
            if isinstance(content, str):
                text = content
            else:
                data = content
        else:
            kind, data = content.FORMAT, content.to_data()
        if data is not None:
            try:
                exact = json.loads(json.dumps(data, ensure_ascii=False)) == data
            except (TypeError, ValueError):
                exact = False
            if not exact:  # a key JSON would turn into text, a tuple...: YAML keeps it
                text, data = dump_yaml(data), None
        self.folder.mkdir(parents=True, exist_ok=True)
        record = {
            "format": FORMAT,
            "session": session,
            "kind": kind,
            "pid": os.getpid(),
            "token": process_token(os.getpid()),
            "original_path": original_path,
            "name": name,
            "saved_at": time.time(),
        }
        if data is not None:
            record["data"] = data
        else:
            record["text"] = text
        target = self.path_for(session)
        save_atomic(target, json.dumps(record, ensure_ascii=False))
        return target

    def remove(self, session: str) -> None:
        try:
            self.path_for(session).unlink()
        except FileNotFoundError:
            pass

    def entries(self) -> list[RecoveryEntry]:
        """Every recovery file, newest first; a damaged one as an entry with its
        :attr:`~RecoveryEntry.problem` (files of another format version are left alone)."""
        if not self.folder.is_dir():
            return []
        out = []
        for file in [*self.folder.glob("*.json"), *self.folder.glob(f"*{DAMAGED_SUFFIX}")]:
            try:
                raw = file.read_text(encoding="utf-8")
            except OSError:
                continue  # gone meanwhile (another editor saved), or not ours to read
            try:
                data = json.loads(raw)
                if not isinstance(data, dict):
                    raise ValueError("it holds no record")
                if data.get("format") != FORMAT:
                    if data.get("format") is None:
                        raise ValueError("it names no format")
                    continue  # a later version of the studio wrote it: its own to handle
                out.append(RecoveryEntry(
                    file=file, session=str(data["session"]), pid=int(data["pid"]),
                    token=data.get("token"), original_path=data.get("original_path"),
                    name=str(data.get("name") or file.stem), saved_at=float(data["saved_at"]),
                    text=str(data["text"]) if "data" not in data else "",
                    data=data["data"] if "data" in data else None,
                    offered_at=float(data["offered_at"]) if data.get("offered_at") is not None else None,
                    kind=str(data.get("kind") or LEGACY_KIND),
                ))
            except (ValueError, KeyError, TypeError) as exc:
                out.append(_damaged(file, exc))
        out.sort(key=lambda e: e.saved_at, reverse=True)
        return out

    def orphans(self) -> list[RecoveryEntry]:
        """Recovery files whose editor is no longer running, newest first."""
        return [e for e in self.entries() if e.is_orphan]

    def to_offer(self) -> list[RecoveryEntry]:
        """Lost autosaves not offered yet (a crash since the last start), newest first."""
        return [e for e in self.orphans() if e.offered_at is None]

    def mark_offered(self, entries, when: float | None = None) -> None:
        """Record that ``entries`` were offered (their files are rewritten atomically with
        ``offered_at``; a damaged one is renamed ``.damaged``), so the next start does not ask
        about them again. Files gone or damaged meanwhile are skipped."""
        when = time.time() if when is None else when
        for entry in entries:
            if entry.problem is not None:
                if entry.file.suffix != DAMAGED_SUFFIX:
                    try:
                        os.replace(entry.file, entry.file.with_suffix(DAMAGED_SUFFIX))
                    except OSError:
                        pass
                continue
            try:
                data = json.loads(entry.file.read_text(encoding="utf-8"))
                if data.get("format") != FORMAT:
                    continue
                data["offered_at"] = when
                save_atomic(entry.file, json.dumps(data, ensure_ascii=False))
            except (OSError, ValueError, AttributeError):
                continue

    def clean_stale(self, keep_days: float = KEEP_DAYS, now: float | None = None) -> list[RecoveryEntry]:
        """Remove lost autosaves that can no longer matter: older than their original file
        (it was saved since), or whose original is gone and which are older than
        ``keep_days``. A document never saved is kept (the autosave is its only copy), and so
        is the autosave of a running editor and a damaged file (the user decides). Returns the
        entries removed."""
        now = time.time() if now is None else now
        removed = []
        for entry in self.orphans():
            if entry.problem is not None:
                continue
            state = entry.original_state()
            if state == "newer" or (state == "missing" and now - entry.saved_at > keep_days * 86400):
                entry.remove()
                removed.append(entry)
        return removed


def _damaged(file: Path, exc: Exception) -> RecoveryEntry:
    """The entry of a recovery file that cannot be read: its name, its time on disk, why."""
    try:
        mtime = file.stat().st_mtime
    except OSError:
        mtime = 0.0
    if isinstance(exc, KeyError):
        why = f"the record has no {exc.args[0]!r}"
    elif isinstance(exc, json.JSONDecodeError):
        why = f"not a readable record: {exc.msg} at line {exc.lineno}, column {exc.colno}"
    else:
        why = f"not a readable record: {exc}"
    offered = mtime if file.suffix == DAMAGED_SUFFIX else None
    return RecoveryEntry(file=file, session=file.stem, pid=0, token=None, original_path=None, name=file.name,
                         saved_at=mtime, text="", offered_at=offered, kind="", problem=why)


class Autosaver(QObject):
    """Writes the document's unsaved work to its session's recovery file every
    ``interval_ms`` (only when modified and changed since the last write), and removes the
    file once the document is clean again (saved, reloaded, new) or :meth:`discard` is called.

    The document is any editor document with ``changed``, ``undo_stack``, ``is_modified`` and
    ``path`` (what it holds is read by :func:`document_content`); a window that replaces its
    document (New, Open) calls :meth:`follow` with the new one.

    ``saved(path)`` after each write; ``failed(message)`` when a write fails (the timer goes
    on: a full disk may clear)."""

    saved = Signal(str)
    failed = Signal(str)

    def __init__(self, document, store: RecoveryStore | None = None, interval_ms: int | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = None
        self.store = store if store is not None else RecoveryStore()
        self.session = uuid.uuid4().hex
        self._dirty = False
        self._written = False
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms if interval_ms is not None else autosave_interval_ms())
        self.timer.timeout.connect(self._tick)
        self._connect(document)
        self.timer.start()

    @property
    def file(self) -> Path:
        return self.store.path_for(self.session)

    def _connect(self, document) -> None:
        self.document = document
        document.changed.connect(self._touch)
        document.undo_stack.indexChanged.connect(self._touch)
        document.undo_stack.cleanChanged.connect(self._clean_changed)
        self._dirty = False

    def follow(self, document) -> None:
        """Autosave ``document`` from now on: the window replaced its document (New, Open,
        restore), whose work was saved or given up, so this session's file goes."""
        if document is self.document:
            return
        old = self.document
        for signal, slot in ((old.changed, self._touch), (old.undo_stack.indexChanged, self._touch),
                             (old.undo_stack.cleanChanged, self._clean_changed)):
            try:
                signal.disconnect(slot)
            except (RuntimeError, TypeError):
                pass  # already gone with its document
        self.discard()
        self._connect(document)

    def _touch(self, *_args) -> None:
        self._dirty = True

    def _clean_changed(self, clean: bool) -> None:
        if clean:
            self.discard()
        else:
            self._dirty = True

    def _tick(self) -> None:
        if self._dirty and self.document.is_modified:
            self.autosave_now()

    def autosave_now(self) -> Path | None:
        """Write the recovery file now if the document is modified; returns it (or None)."""
        if not self.document.is_modified:
            return None
        try:
            kind, content = document_content(self.document)
            path = self.store.write(self.session, content, self.document.path, document_name(self.document), kind)
        except (OSError, ValueError) as exc:
            self.failed.emit(f"Autosave failed: {exc}")
            return None
        self._dirty = False
        self._written = True
        self.saved.emit(str(path))
        return path

    def discard(self) -> None:
        """Remove this session's recovery file (saved, or the user chose to drop the work)."""
        if self._written or self.file.exists():
            self.store.remove(self.session)
        self._written = False
        self._dirty = False

    def stop(self) -> None:
        self.timer.stop()
