"""Wrap the user-visible string literals of GUI modules for translation, mechanically.

``python tools/wrap_tr.py FILE...`` rewrites each file in place: a plain string literal passed
as the text of a widget, action, menu, tool tip, status message, combo item, form row or
message box becomes ``self.tr("...")`` inside a method of a QObject subclass (the class is
the context, as Qt's ``lupdate`` expects) and ``QCoreApplication.translate("Context", "...")``
elsewhere (the enclosing class or module name as context). An f-string becomes the same call
on its text with named placeholders, then ``.format``: ``f"Saved {path}"`` ->
``self.tr("Saved {path}").format(path=path)`` (conversions and format specs are kept:
``{rate:.0%}``). Empty strings and strings without a letter outside their placeholders are left
as they are. An f-string is left, and reported, when a translator could not translate it whole:
English words inside a placeholder (``{'s' if n != 1 else ''}``, ``{kind or 'empty'}``, a
plural helper's noun) or a format spec that is itself an expression. Prints how many strings each
file got.

``python tools/wrap_tr.py --unwrapped [FILE...]`` (default: every module of studio/gui) changes
nothing and prints each user-visible f-string still unwrapped, ``path:line: reason: text``;
``tests/gui/test_translation_wrapping.py`` fails when one appears with no reason.
"""

from __future__ import annotations

import ast
import importlib
import re
import sys
from pathlib import Path

# call name -> indexes of the positional arguments that are user-visible text
TEXT_ARGS: dict[str, tuple[int, ...]] = {
    "setWindowTitle": (0,), "setText": (0,), "setToolTip": (0,), "setStatusTip": (0,), "setWhatsThis": (0,),
    "setPlaceholderText": (0,), "setTitle": (0,), "addMenu": (0,), "setSuffix": (0,), "setPrefix": (0,),
    "setSpecialValueText": (0,), "showMessage": (0,), "addItem": (0,), "addRow": (0,), "addTab": (1,),
    "setTabText": (1,), "setButtonText": (1,), "setSubTitle": (0,), "setLabelText": (0,), "setAccessibleName": (0,),
    "setAccessibleDescription": (0,), "QLabel": (0,), "QPushButton": (0,), "QCheckBox": (0,), "QRadioButton": (0,),
    "QGroupBox": (0,), "QToolBar": (0,), "QDockWidget": (0,), "QAction": (0, 1), "QToolButton": (),
    "show_error": (1, 2), "show_info": (1, 2), "ask_text": (1, 2), "_action": (0,),
}


def _is_text(node) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and re.search(r"[A-Za-z]", node.value)


def _is_ftext(node) -> bool:
    """An f-string with a letter in its literal parts (``f"{n}%"`` and ``f"{key}:"`` are not text)."""
    return isinstance(node, ast.JoinedStr) and any(
        isinstance(v, ast.Constant) and re.search(r"[A-Za-z]", v.value) for v in node.values)


# helpers whose string arguments are English nouns made plural (they need Qt's %n plural forms)
PLURAL_HELPERS = {"counted", "_n", "plural", "count_text"}


def _words_inside(expr) -> bool:
    """Whether a placeholder's expression holds English words a translator would not see: a
    string in a branch of a conditional or an ``or`` fallback, or a noun given to a plural helper."""
    for node in ast.walk(expr):
        if isinstance(node, ast.IfExp):
            branches = (node.body, node.orelse)
        elif isinstance(node, ast.BoolOp):
            branches = tuple(node.values)
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            branches = tuple(node.args) if name in PLURAL_HELPERS else ()
        else:
            continue
        if any(isinstance(b, ast.Constant) and isinstance(b.value, str) and re.search(r"[A-Za-z]", b.value)
               for b in branches):
            return True
    return False


def _placeholder_name(expr) -> str:
    """A name for a placeholder, from its expression: ``path`` for ``path``, ``what`` for
    ``self.what``, ``name`` for ``Path(p).name``, ``ids_count`` for ``len(ids)``."""
    if isinstance(expr, ast.Name):
        return expr.id.lstrip("_") or "value"
    if isinstance(expr, ast.Attribute):
        return expr.attr.lstrip("_") or "value"
    if isinstance(expr, ast.Subscript):
        return _placeholder_name(expr.value)
    if isinstance(expr, ast.Call):
        func = expr.func
        if isinstance(func, ast.Name) and func.id == "len" and expr.args:
            return f"{_placeholder_name(expr.args[0])}_count"
        if isinstance(func, ast.Attribute):
            return func.attr.lstrip("_") or "value"
        if isinstance(func, ast.Name):
            return func.id.lstrip("_") or "value"
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add) and isinstance(expr.right, ast.Constant):
        return _placeholder_name(expr.left)
    return "value"


def fstring_problem(node) -> str | None:
    """Why the f-string ``node`` cannot be wrapped mechanically, or None when it can."""
    for value in node.values:
        if isinstance(value, ast.FormattedValue):
            if _words_inside(value.value):
                return "words inside a placeholder (a plural or fallback word)"
            if value.format_spec is not None and any(isinstance(v, ast.FormattedValue)
                                                    for v in value.format_spec.values):
                return "a format spec that is an expression"
    return None


def format_call(node, segment) -> tuple[str, str]:
    """The ``.format`` text of the f-string ``node``: (the string literal's source, the keyword
    arguments' source). ``segment(expr)`` gives an expression's source text."""
    parts: list[str] = []
    names: dict[str, str] = {}            # placeholder name -> expression source
    for value in node.values:
        if isinstance(value, ast.Constant):
            parts.append(value.value.replace("{", "{{").replace("}", "}}"))
            continue
        source = segment(value.value)
        base = _placeholder_name(value.value)
        name, k = base, 2
        while name in names and names[name] != source:
            name, k = f"{base}_{k}", k + 1
        names[name] = source
        conversion = "" if value.conversion == -1 else f"!{chr(value.conversion)}"
        spec = "" if value.format_spec is None else ":" + "".join(v.value for v in value.format_spec.values)
        parts.append(f"{{{name}{conversion}{spec}}}")
    return _literal("".join(parts)), ", ".join(f"{n}={src}" for n, src in names.items())


def _literal(text: str) -> str:
    """``text`` as a Python string literal in double quotes (the house style), where it can be."""
    literal = repr(text)
    if literal.startswith("'") and '"' not in text:
        literal = '"' + literal[1:-1].replace("\\'", "'") + '"'
    return literal


def _qobject_classes(module_name: str) -> set[str]:
    from PySide6.QtCore import QObject

    module = importlib.import_module(module_name)
    return {name for name, value in vars(module).items()
            if isinstance(value, type) and issubclass(value, QObject) and value.__module__ == module_name}


def wrap(path: Path, module_name: str) -> int:
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    qobjects = _qobject_classes(module_name)
    lines = source.splitlines(keepends=True)
    edits: list[tuple[int, int, int, int, str]] = []   # (line, col, end line, end col, replacement)
    context_default = module_name.rsplit(".", 1)[-1]

    def visit(node, cls: str | None, method_self: bool):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                visit(child, child.name, False)
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                decorators = {d.id for d in child.decorator_list if isinstance(d, ast.Name)}
                args = child.args.posonlyargs + child.args.args
                is_method = (cls is not None and args and args[0].arg == "self"
                             and not decorators & {"staticmethod", "classmethod"})
                if is_method:
                    visit(child, cls, cls in qobjects)
                else:
                    visit(child, cls, method_self)   # a nested function keeps the method's self
            else:
                if isinstance(child, ast.Call):
                    func = child.func
                    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
                    for index in TEXT_ARGS.get(name, ()):
                        if index >= len(child.args):
                            continue
                        arg = child.args[index]
                        if _is_text(arg):
                            text, kwargs = _segment(lines, arg), None
                        elif _is_ftext(arg) and fstring_problem(arg) is None:
                            text, kwargs = format_call(arg, lambda e: _segment(lines, e))
                        else:
                            continue
                        if method_self:
                            new = f"self.tr({text})"
                        else:
                            new = f'QCoreApplication.translate("{cls or context_default}", {text})'
                        if kwargs is not None:
                            new += f".format({kwargs})"
                        edits.append((arg.lineno, arg.col_offset, arg.end_lineno, arg.end_col_offset, new))
                visit(child, cls, method_self)

    visit(tree, None, False)
    if not edits:
        return 0
    for line, col, end_line, end_col, new in sorted(edits, reverse=True):
        start = _offset(lines, line, col)
        end = _offset(lines, end_line, end_col)
        joined = "".join(lines)
        joined = joined[:start] + new + joined[end:]
        lines = joined.splitlines(keepends=True)
    out = "".join(lines)
    if "QCoreApplication.translate(" in out and not re.search(r"^from PySide6\.QtCore import [^\n]*\bQCoreApplication\b",
                                                             out, re.M):
        match = re.search(r"^from PySide6\.QtCore import ", out, re.M)
        if match:
            out = out[:match.end()] + "QCoreApplication, " + out[match.end():]
        else:
            first = (re.search(r"^from PySide6", out, re.M) or re.search(r"^from studio", out, re.M)
                     or re.search(r"^(?:import|from) (?!__future__)", out, re.M))
            out = out[:first.start()] + "from PySide6.QtCore import QCoreApplication\n" + out[first.start():]
    ast.parse(out)
    path.write_text(out, encoding="utf-8")
    return len(edits)


def _offset(lines: list[str], line: int, col_bytes: int) -> int:
    before = sum(len(text) for text in lines[:line - 1])
    return before + len(lines[line - 1].encode("utf-8")[:col_bytes].decode("utf-8"))


def _segment(lines: list[str], node) -> str:
    joined = "".join(lines)
    return joined[_offset(lines, node.lineno, node.col_offset):_offset(lines, node.end_lineno, node.end_col_offset)]


def unwrapped(path: Path) -> list[tuple[int, str, str]]:
    """The user-visible f-strings of ``path`` (text of a call in :data:`TEXT_ARGS`) left
    unwrapped: (line, reason, source), the reason empty when nothing stops wrapping it."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines(keepends=True)
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        for index in TEXT_ARGS.get(name, ()):
            if index < len(node.args) and _is_ftext(node.args[index]):
                arg = node.args[index]
                found.append((arg.lineno, fstring_problem(arg) or "", _segment(lines, arg)))
    return sorted(found)


def main(argv: list[str]) -> int:
    root = Path(__file__).resolve().parent.parent
    if argv[:1] == ["--unwrapped"]:
        paths = [Path(a).resolve() for a in argv[1:]] or sorted((root / "studio" / "gui").rglob("*.py"))
        bare = 0
        for path in paths:
            for line, reason, text in unwrapped(path):
                bare += not reason
                print(f"{path.relative_to(root)}:{line}: {reason or 'UNWRAPPED'}: {' '.join(text.split())}")
        return 1 if bare else 0
    for name in argv:
        path = Path(name).resolve()
        module = ".".join(path.relative_to(root).with_suffix("").parts)
        print(f"{path.relative_to(root)}: {wrap(path, module)} strings")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
