"""Errors raised while reading content files."""

from __future__ import annotations

import re


class LoadError(ValueError):
    """A content file could not be read or parsed.

    Attributes: ``code`` (stable finding code such as ``yaml/duplicate-key``), ``message``,
    ``path`` (str or None), ``line`` and ``col`` (1-based, or None when unknown).
    """

    def __init__(self, code: str, message: str, path: str | None = None,
                 line: int | None = None, col: int | None = None) -> None:
        self.code = code
        self.message = message
        self.path = path
        self.line = line
        self.col = col
        super().__init__(self.location() + message)

    def format(self) -> str:
        """``path:line:col: error code: message`` (``path: error code: message`` without a
        position), the form ``studio validate`` prints findings in."""
        where = self.location() or "<memory>: "
        return f"{where}error {self.code}: {self.message}"

    def location(self) -> str:
        if self.path is None:
            return ""
        if self.line is None:
            return f"{self.path}: "
        return f"{self.path}:{self.line}:{self.col or 1}: "


class ReferenceEscape(LoadError):
    """``content/ref-escapes-root``: reference ``ref`` (as written in the file ``path``) resolves
    outside the content root ``root`` of that file. A :class:`LoadError` whose parts are kept as
    fields, so a reader groups or words them without parsing the message."""

    CODE = "content/ref-escapes-root"

    def __init__(self, ref: str, root: str, path: str | None = None) -> None:
        self.ref = ref
        self.root = root
        super().__init__(self.CODE, f"reference {ref!r} leaves the content root {root}", path)

    def __reduce__(self):
        return (type(self), (self.ref, self.root, self.path))


# characters YAML refuses in a stream (YAML 1.1 "printable" set, as PyYAML and libyaml check it)
_NOT_PRINTABLE = re.compile("[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010FFFF]")
_NAMES = {0: "NUL byte", 0x7F: "DEL character", 0x1B: "escape character", 0x0C: "form feed", 0x0B: "vertical tab"}


def refuse_control_characters(text: str, path: str | None = None) -> None:
    """Raise :class:`LoadError` ``yaml/control-character`` at the line and column of the first
    character a YAML file may not hold (NUL bytes and other control characters, lone
    surrogates), so a binary or damaged file gets a clear message rather than a parser crash."""
    found = _NOT_PRINTABLE.search(text)
    if found is None:
        return
    char = found.group()
    code = ord(char)
    line = text.count("\n", 0, found.start()) + 1
    col = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
    name = _NAMES.get(code, "control character" if code < 0x20 or 0x7F <= code < 0xA0 else "character")
    raise LoadError("yaml/control-character",
                    f"{name} (U+{code:04X}) in the text: a content file holds plain text only (tabs and "
                    "newlines are the only control characters allowed); the file may be binary or damaged",
                    path, line, col)
