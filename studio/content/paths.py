"""Where bundled content lives, and how references between content files resolve.

Bundled folders (``schemas``, ``boards``, ``scenarios``, and ``docs/findings.md``) sit at the top
of a source checkout and are copied to ``studio/_bundled/`` inside a wheel; :func:`bundled_path` finds either, so
nothing depends on the current directory.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from studio.content.errors import LoadError, ReferenceEscape

_PACKAGE = Path(__file__).resolve().parent.parent
_BUNDLE_NAMES = ("schemas", "boards", "scenarios", "docs")


def _bundle_root() -> Path:
    wheel = _PACKAGE / "_bundled"
    if (wheel / "schemas").is_dir():
        return wheel
    return _PACKAGE.parent


def bundled_path(*parts: str) -> Path:
    """Path of a bundled file or folder, e.g. ``bundled_path("boards", "realm")``."""
    if not parts or parts[0] not in _BUNDLE_NAMES:
        raise ValueError(f"bundled content lives under {_BUNDLE_NAMES}, got {parts!r}")
    return _bundle_root().joinpath(*parts)


def schemas_dir() -> Path:
    return bundled_path("schemas")


def resolved(path: str | os.PathLike) -> Path:
    """``Path(path).resolve()`` that never raises: a symbolic link loop (``RuntimeError`` on
    Python 3.11, ``OSError`` ELOOP later) is left as written, made absolute, so the caller's
    next step (reading the file) reports it as an ``io/unreadable`` finding with the reason."""
    try:
        return Path(path).resolve()
    except (RuntimeError, OSError):
        return Path(os.path.abspath(os.fspath(path)))


def content_root_of(path: str | os.PathLike) -> Path:
    """The content root of a file: the nearest ancestor folder holding a ``boards`` or
    ``scenarios`` folder, else the file's own folder. References may not leave it."""
    return _root_from(resolved(path).parent)


def _root_from(folder: Path) -> Path:
    for parent in (folder, *folder.parents):
        if (parent / "boards").is_dir() or (parent / "scenarios").is_dir():
            return parent
    return folder


def listed_link_target(path: str | os.PathLike) -> tuple[Path, str | None]:
    """For a file found in a folder (not named by the user): ``(the file to read, None)``, or
    ``(its target, why it is not read)`` when ``path`` is a symbolic link whose final target
    lies outside the content root of the folder holding the link (that of the link's own
    place, not of its target). The path is resolved once; read the path returned, never
    ``path`` again (a link changed in between must not be followed). Never raises."""
    target = resolved(path)
    if not os.path.islink(path):
        return target, None
    text = os.fspath(path)
    root = _root_from(resolved(os.path.dirname(text) or "."))
    if target.is_relative_to(root):
        return target, None
    try:
        written = os.readlink(text)
    except OSError:
        written = str(target)
    shown = repr(written) if written == str(target) else f"{written!r} ({target})"
    return target, (f"is a symbolic link to {shown}, outside the content root {root}: not read "
                    "(validate that file by its own path, or copy it into the folder)")


def resolve_reference(from_file: str | Path, ref: str) -> Path:
    """Resolve ``ref`` (relative to ``from_file``'s folder) and check it stays inside the content
    root. Raises :class:`~studio.content.errors.ReferenceEscape` (a LoadError,
    ``content/ref-escapes-root``) when it does not."""
    base = resolved(from_file)
    if Path(ref).is_absolute():
        raise LoadError("content/ref-absolute", f"reference {ref!r} must be a relative path", str(from_file))
    target = resolved(base.parent / ref)
    root = content_root_of(base)
    if not target.is_relative_to(root):
        raise ReferenceEscape(ref, str(root), str(from_file))
    return target


def rebased_reference(ref: str, old_file: str | os.PathLike | None, new_file: str | os.PathLike) -> str:
    """``ref`` (relative to ``old_file``'s folder, or absolute) rewritten relative to
    ``new_file``'s folder so it names the same file: what a Save As into another folder does
    to a scenario's board and island references. Posix separators; a reference that cannot be
    made relative (another drive) is kept absolute. Folder references keep their final ``/``."""
    target = Path(ref) if Path(ref).is_absolute() or old_file is None else resolved(old_file).parent / ref
    try:
        out = Path(os.path.relpath(resolved(target), resolved(new_file).parent)).as_posix()
    except ValueError:  # another drive (Windows)
        out = resolved(target).as_posix()
    return out + "/" if ref.endswith("/") and not out.endswith("/") else out


def shown_reference(from_file: str | os.PathLike, ref: str, target: Path) -> str:
    """How findings name ``target``, the file :func:`resolve_reference` gave for ``ref``:
    the reference spelled from ``from_file``'s folder (``scenarios/../boards/x.yaml`` ->
    ``boards/x.yaml``, relative when ``from_file`` is) when that spelling names the same file,
    else ``target`` itself (a ``link/../x`` spelling names another file than the one read).
    Only names: the file read is always ``target``."""
    spelled = os.path.normpath(os.path.join(os.path.dirname(os.fspath(from_file)), ref))
    return spelled if resolved(spelled) == resolved(target) else str(target)


def missing_reason(target: str | os.PathLike) -> str | None:
    """Why a resolved reference names no file to read, or None when there is something to
    read (a file, or a link the loader reports with :func:`unreadable_reason`): ``"no such
    file"`` or ``"is a folder, not a file"``."""
    if not os.path.lexists(target):
        return "no such file"
    if os.path.isdir(target):
        return "is a folder, not a file"
    return None


def unreadable_reason(path: str | os.PathLike, exc: OSError) -> str:
    """Why ``path`` cannot be read, in plain words, for an ``io/unreadable`` finding: a symbolic
    link that loops or points nowhere is named as such rather than by the system's terse text."""
    p = os.fspath(path)
    if exc.errno == errno.ELOOP:
        return "is a symbolic link that loops back on itself (a link chain that never reaches a file)"
    if exc.errno == errno.ENOENT and os.path.islink(p):
        return f"is a symbolic link to {os.readlink(p)!r}, which does not exist"
    if exc.errno == errno.EACCES:
        return "cannot read file: permission denied"
    return f"cannot read file: {exc.strerror or exc}"
