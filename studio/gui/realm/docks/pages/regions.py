"""The pages of the board's named regions of segments: a picture (L4-6) and an island (L3-2)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QLineEdit, QPushButton

from studio.gui.realm.docks.pages.base import PropertyPage, buttons, id_edit, ignored_label, note, register, say
from studio.gui.shell import desktop


@register("picture")
class PicturePage(PropertyPage):
    title = "Picture"

    def build(self) -> None:
        form, outer, dock = self.form, self.outer, self.dock
        self.name = id_edit()
        self.name.editingFinished.connect(
            lambda: self.rename("picture", self.name, self.document.rename_picture))
        self.label = QLineEdit()
        self.label.setMaxLength(80)
        self.label.setPlaceholderText(self.tr("shown on the board instead of the name"))
        self.label.editingFinished.connect(
            lambda: dock.current("picture") and self.document.set_picture_label(
                dock.current("picture"), self.label.text().strip() or None))
        self.size = QLabel()
        self.size.setWordWrap(True)
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Label"), self.label)
        form.addRow(self.tr("Segments"), self.size)
        self.paint = QPushButton(self.tr("Paint With Pictures Tool"))
        self.paint.clicked.connect(lambda: dock.tool_requested.emit("pictures"))
        remove = QPushButton(self.tr("Delete Picture"))
        remove.clicked.connect(lambda: dock.current("picture") and self.document.remove_picture(
            dock.current("picture")))
        outer.addWidget(buttons(self.paint, remove))
        self.note = ignored_label()
        outer.addWidget(self.note)
        outer.addWidget(note("A picture is complete when all its segments are explored; its majority bonus "
                             "depends on its size: 4, 5 or 6 segments (L4-6)."))

    def show_selection(self, elements: list[tuple]) -> None:
        name = elements[0][1]
        doc = self.document
        self.heading.setText(self.tr("Picture {name}").format(name=name))
        self.dock.set_text(self.name, name)
        self.dock.set_text(self.label, (doc.board.pictures.get(name) or {}).get("label") or "")
        n = len(doc.picture_segments(name))
        ok = 4 <= n <= 6
        self.size.setText(f"{n}" + ("" if ok else f"  <span style='color:{desktop.colour('error')}'>— pictures have "
                                                "4, 5 or 6 segments (L4-6)</span>"))
        offers = self.offers
        self.paint.setVisible(offers.has("pictures"))
        say(self.note, [] if offers.has("pictures") else [offers.ignored_note(
            "pictures", "this picture", "Delete Picture removes it.")])


@register("island")
class IslandPage(PropertyPage):
    title = "Island"

    def build(self) -> None:
        form, outer, dock = self.form, self.outer, self.dock
        self.name = id_edit()
        self.name.editingFinished.connect(lambda: self.rename("island", self.name, self.document.rename_island))
        self.size = QLabel()
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Segments"), self.size)
        self.paint = QPushButton(self.tr("Paint With Islands Tool"))
        self.paint.clicked.connect(lambda: dock.tool_requested.emit("islands"))
        remove = QPushButton(self.tr("Delete Island"))
        remove.clicked.connect(lambda: dock.current("island") and self.document.remove_island(
            dock.current("island")))
        outer.addWidget(buttons(self.paint, remove))
        self.note = ignored_label()
        outer.addWidget(self.note)
        outer.addWidget(note("Segments on no island are canal water. Canals are crossed only by 2-peg bands "
                             "on bridges (L3-2): make the lines across them bridges with the Bridges tool (B)."))

    def applies(self, elements: list[tuple]) -> bool:
        return elements[0][1] in self.document.board.islands

    def show_selection(self, elements: list[tuple]) -> None:
        name = elements[0][1]
        self.heading.setText(self.tr("Island {name}").format(name=name))
        self.dock.set_text(self.name, name)
        self.size.setText(str(len(self.document.board.islands.get(name, []))))
        offers = self.offers
        self.paint.setVisible(offers.has("canals"))
        say(self.note, [] if offers.has("canals") else [offers.ignored_note(
            "canals", "this island", "Delete Island removes it.")])
