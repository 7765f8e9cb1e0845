"""User-visible f-strings in studio/gui are wrapped for translation (``tools/wrap_tr.py``): the
text goes to ``tr`` with named placeholders and is formatted after, so a translator sees the
whole sentence and the untranslated result is the same string the f-string made."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

ROOT = Path(__file__).resolve().parents[2]


def _wrap_tr():
    spec = importlib.util.spec_from_file_location("wrap_tr", ROOT / "tools" / "wrap_tr.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# f-strings left unwrapped on purpose, by reason. Each needs restructuring by hand (Qt's %n plural
# forms, or the fallback word pulled out as its own tr() string); the count may only go down.
WORDS_INSIDE_LIMIT = 20


def test_no_user_visible_f_string_in_the_gui_is_left_unwrapped_without_a_reason():
    wrap_tr = _wrap_tr()
    found = [(path.relative_to(ROOT).as_posix(), line, reason, text)
             for path in sorted((ROOT / "studio" / "gui").rglob("*.py"))
             for line, reason, text in wrap_tr.unwrapped(path)]
    assert [f"{p}:{line}: {text}" for p, line, reason, text in found if not reason] == []
    words = [f for f in found if f[2].startswith("words inside")]
    assert len(words) <= WORDS_INSIDE_LIMIT, "\n".join(f"{p}:{line}: {t}" for p, line, _, t in words)


SAMPLE = '''\
from pathlib import Path

from PySide6.QtWidgets import QLabel, QWidget


class Panel(QWidget):
    def fill(self, path, ids, rate, n, kind):
        self.label = QLabel(f"Saved {Path(path).name} ({len(ids)} pegs, {rate:.0%}) {{kept}}")
        self.label.setToolTip(f"{kind!r} at {self.objectName()}")
        self.label.setStatusTip(f"{n} peg{'s' if n != 1 else ''}")
        self.label.setObjectName(f"panel-{kind}")


def caption(label, name):
    label.setText(f"Island {name}")
'''


def test_wrapping_an_f_string_keeps_its_text_and_names_its_placeholders(tmp_path, monkeypatch, qapp):
    wrap_tr = _wrap_tr()
    package = tmp_path / "wraptr_sample.py"
    package.write_text(SAMPLE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    before = importlib.import_module("wraptr_sample")
    assert wrap_tr.wrap(package, "wraptr_sample") == 3
    out = package.read_text(encoding="utf-8")
    assert ('QLabel(self.tr("Saved {name} ({ids_count} pegs, {rate:.0%}) {{kept}}")'
            '.format(name=Path(path).name, ids_count=len(ids), rate=rate))') in out
    assert 'setToolTip(self.tr("{kind!r} at {objectName}").format(kind=kind, objectName=self.objectName()))' in out
    assert """setStatusTip(f"{n} peg{'s' if n != 1 else ''}")""" in out            # a plural: left, and reported
    assert 'setObjectName(f"panel-{kind}")' in out                            # not text shown to the user
    assert ('label.setText(QCoreApplication.translate("wraptr_sample", "Island {name}").format(name=name))' in out
            and "from PySide6.QtCore import QCoreApplication" in out)
    assert [reason for _, reason, _ in wrap_tr.unwrapped(package)] == [
        "words inside a placeholder (a plural or fallback word)"]
    # the same strings as before, untranslated
    del sys.modules["wraptr_sample"]
    after = importlib.import_module("wraptr_sample")
    shown = []
    for module in (before, after):
        panel = module.Panel()
        panel.fill("/tmp/a/b.yaml", [1, 2, 3], 0.25, 2, "sea")
        label = module.QLabel()
        module.caption(label, "Ketu")
        shown.append((panel.label.text(), panel.label.toolTip(), panel.label.objectName(), panel.label.statusTip(),
                      label.text()))
    assert shown[0] == shown[1] == ("Saved b.yaml (3 pegs, 25%) {kept}", "'sea' at ", "panel-sea", "2 pegs",
                                    "Island Ketu")
