"""Wrap the user-visible string literals of GUI modules for translation, mechanically.

``python tools/wrap_tr.py FILE...`` rewrites each file in place: a plain string literal passed
as the text of a widget, action, menu, tool tip, status message, combo item, form row or
message box becomes ``self.tr("...")`` inside a method of a QObject subclass (the class is
the context, as Qt's ``lupdate`` expects) and ``QCoreApplication.translate("Context", "...")``
elsewhere (the enclosing class or module name as context). f-strings, empty strings and
strings without a letter are left as they are (an f-string needs its placeholders named
before it can be translated). Prints how many strings each file got.
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
                        if index < len(child.args) and _is_text(child.args[index]):
                            arg = child.args[index]
                            text = _segment(lines, arg)
                            if method_self:
                                new = f"self.tr({text})"
                            else:
                                new = f'QCoreApplication.translate("{cls or context_default}", {text})'
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
            first = re.search(r"^from PySide6", out, re.M) or re.search(r"^from studio", out, re.M)
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


def main(argv: list[str]) -> int:
    root = Path(__file__).resolve().parent.parent
    for name in argv:
        path = Path(name).resolve()
        module = ".".join(path.relative_to(root).with_suffix("").parts)
        print(f"{path.relative_to(root)}: {wrap(path, module)} strings")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
