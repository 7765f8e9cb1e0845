"""Output checks shared by the writers: is a file writable before Qt is asked to paint on it?

Qt's paint devices (QPdfWriter, QSvgGenerator) fail late and print ``QPainter::begin():
Returned false`` on stderr; probing the file first turns that into a plain OSError."""

from __future__ import annotations

import os
from pathlib import Path

from studio.content.yamlio import folder_refusal


def check_writable(path: str | os.PathLike) -> None:
    """Raise OSError ("could not write PATH: why") unless a file can be written at ``path``.

    Probes by opening the file for appending (as root, ``os.access`` says yes to read-only
    file systems such as /sys); a file the probe created is removed again, an existing one is
    left untouched."""
    path = Path(path)
    folder = path.parent
    if not folder.is_dir():
        raise OSError(f"could not write {path}: the folder {folder} does not exist")
    if path.is_dir():
        raise OSError(f"could not write {path}: it is a folder")
    existed = path.exists()
    try:
        with open(path, "ab"):
            pass
    except OSError as exc:
        if existed:
            why = exc.strerror or str(exc)
            raise OSError(f"could not write {path}: {why[:1].lower() + why[1:]}") from None
        # a new file: the folder refused it (/proc says "no such file", which would mislead)
        raise OSError(f"could not write {path}: {folder_refusal(folder, exc)}") from None
    if not existed:
        try:
            path.unlink()
        except OSError:
            pass
