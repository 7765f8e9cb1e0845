"""Tabletop Simulator export: a board or an island as a TTS saved-object set, so a designer
can playtest it online.

The set is one JSON file in TTS's save format (the knowledge base's "Save File Format":
``SaveName``, ``ObjectStates``, each object with ``GUID``, ``Name``, ``Transform``,
``Nickname``, ``Description``, ``CustomImage`` / ``CustomDeck`` ...) and the PNG images it
refers to, written beside it:

- a Rule the Realm board: the printed board (the editor's painter, with its symbols) as a
  ``Custom_Board``; the 50 cards (RTR-S1) as a ``DeckCustom`` cut from a card-face sheet; the
  energy supply (RTR-S4) as a ``Bag`` of round ``Custom_Tile`` tokens; each seat's bands
  (RTR-S5, the scenario's count) as a ``Bag`` of band markers in the seat's colour;
- a Rivages island: the island with its goal strip as a ``Custom_Board`` (the goals in words
  in its description); the Exploration and Endgame cards of the scenario that uses the island
  (the bundled base game's when none does) as two ``DeckCustom`` with their own backs (RIV-S3,
  RIV-E1); the Loot tokens (RIV-I6) as a ``Bag`` of round ``Custom_Tile``.

Images are referred to by ``file:///`` URLs of the files written (TTS's "local" hosting: only
the computer that has the files sees them) or, with ``base_url``, by ``BASE_URL/NAME.png``
once the designer has uploaded them (any web host, or TTS's Steam Cloud). GUIDs are six hex
digits, the same for the same content (a re-export replaces objects, it does not duplicate
them). Writing is atomic per file and the JSON is written last, so a set never refers to an
image that is not there. QtGui only."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen

from studio.content.yamlio import replace_with, temp_path_beside
from studio.model.realm import Board
from studio.model.rivages import CardSet, Island, LootSet
from studio.render import glyphs, style
from studio.render.export import ExportError, Stopped, write_temp_bytes
from studio.render.output import check_writable

PIXELS_PER_UNIT = 200      # board image: pixels per peg spacing (a 10-peg board is ~2,300 px wide)
PIXELS_PER_MM = 8.0        # card faces and tokens
MAX_SHEET = (10, 7)        # TTS cuts a card sheet of at most 10 × 7 cards
HIDDEN_BACK = True


@dataclass
class TtsSet:
    """What an export writes: ``save`` (the JSON as a dict) and ``images`` (file name beside
    the JSON -> function painting the image), in the order written."""

    title: str
    save: dict
    images: dict[str, Callable[[], QImage]] = field(default_factory=dict)


class _Guids:
    """Six-hex-digit GUIDs, unique within a set and the same for the same content."""

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self.used: set[str] = set()

    def __call__(self, what: str) -> str:
        n = 0
        while True:
            guid = hashlib.sha1(f"{self.seed}/{what}/{n}".encode()).hexdigest()[:6]
            if guid not in self.used:
                self.used.add(guid)
                return guid
            n += 1


def _transform(x: float = 0.0, z: float = 0.0, y: float = 1.0, scale: float = 1.0, rot_y: float = 180.0,
               flipped: bool = False) -> dict:
    return {"posX": round(x, 4), "posY": round(y, 4), "posZ": round(z, 4), "rotX": 0.0, "rotY": rot_y,
            "rotZ": 180.0 if flipped else 0.0, "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}


def _colour(c: QColor | str) -> dict:
    c = QColor(c)
    return {"r": round(c.redF(), 4), "g": round(c.greenF(), 4), "b": round(c.blueF(), 4)}


def _object(name: str, guid: str, nickname: str, transform: dict, description: str = "",
            colour: QColor | str = "white", locked: bool = False, **extra) -> dict:
    obj = {"GUID": guid, "Name": name, "Transform": transform, "Nickname": nickname, "Description": description,
           "GMNotes": "", "ColorDiffuse": _colour(colour), "Locked": locked, "Grid": True, "Snap": True,
           "Autoraise": True, "Sticky": True, "Tooltip": True, "HideWhenFaceDown": False, "Hands": False,
           "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}
    obj.update(extra)
    return obj


def _save(title: str, objects: list[dict], note: str) -> dict:
    """The top level of a save (a saved object keeps the same keys, most of them empty)."""
    return {"SaveName": title, "GameMode": "", "Gravity": 0.5, "PlayArea": 0.5, "Date": "", "Table": "", "Sky": "",
            "Note": note, "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
            "Grid": {"Type": 0, "Lines": False, "Snapping": False, "Offset": False, "xSize": 2.0, "ySize": 2.0},
            "TabStates": {}, "VersionNumber": "", "ObjectStates": objects}


def _board_object(guid: str, title: str, url: str, description: str, scale: float) -> dict:
    return _object("Custom_Board", guid, title, _transform(0.0, 0.0, 1.0, scale), description, locked=True,
                   CustomImage={"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0})


def _tile(guid: str, nickname: str, url: str, back_url: str, x: float, z: float, scale: float,
          description: str = "") -> dict:
    """A round Custom_Tile (``CustomTile.Type`` 2: circle), stackable."""
    return _object("Custom_Tile", guid, nickname, _transform(x, z, 1.2, scale), description,
                   CustomImage={"ImageURL": url, "ImageSecondaryURL": back_url, "ImageScalar": 1.0,
                                "WidthScale": 0.0,
                                "CustomTile": {"Type": 2, "Thickness": 0.1, "Stackable": True, "Stretch": True}})


def _bag(guid: str, nickname: str, contents: list[dict], x: float, z: float, colour, description: str) -> dict:
    return _object("Bag", guid, nickname, _transform(x, z, 1.5, 1.0), description, colour=colour,
                   ContainedObjects=contents)


@dataclass(frozen=True)
class DeckSheet:
    """A card sheet: ``cols`` × ``rows`` faces, the last slot holding the back (the image TTS
    shows for a hidden card)."""

    cols: int
    rows: int

    @property
    def faces(self) -> int:
        return self.cols * self.rows - 1


def deck_sheet(count: int) -> DeckSheet:
    """The smallest card sheet (at least 2 × 2, at most 10 × 7) holding ``count`` faces and
    the back. Raises ExportError for a deck larger than one sheet."""
    for rows in range(2, MAX_SHEET[1] + 1):
        for cols in range(max(2, rows), MAX_SHEET[0] + 1):
            if cols * rows - 1 >= count:
                return DeckSheet(cols, rows)
    raise ExportError(f"a deck of {count} cards does not fit one TTS card sheet "
                      f"({MAX_SHEET[0] * MAX_SHEET[1] - 1} at most)")


def _deck(guids: _Guids, key: int, nickname: str, names: list[str], face_url: str, back_url: str,
          sheet: DeckSheet, x: float, z: float, description: str = "", faces: list[int] | None = None) -> dict:
    """A DeckCustom of cards ``names`` (card ``k`` shows face ``faces[k]`` of the sheet, default
    ``k``), face down. CardIDs are ``key * 100 + face`` as TTS numbers them."""
    custom = {str(key): {"FaceURL": face_url, "BackURL": back_url, "NumWidth": sheet.cols, "NumHeight": sheet.rows,
                         "BackIsHidden": HIDDEN_BACK, "UniqueBack": False, "Type": 0}}
    faces = faces if faces is not None else list(range(len(names)))
    cards = []
    for name, face in zip(names, faces):
        cards.append(_object("Card", guids(f"card/{key}/{len(cards)}"), name, _transform(x, z, 1.0, 1.0, flipped=True),
                             CardID=key * 100 + face, SidewaysCard=False, Hands=True, HideWhenFaceDown=True,
                             CustomDeck=custom))
    return _object("DeckCustom", guids(f"deck/{key}"), nickname, _transform(x, z, 1.0, 1.0, flipped=True),
                   description, Hands=False, HideWhenFaceDown=True, SidewaysCard=False,
                   DeckIDs=[c["CardID"] for c in cards], CustomDeck=custom, ContainedObjects=cards)


# -- images -------------------------------------------------------------------------------------

def _image(w: int, h: int, fill=Qt.white) -> tuple[QImage, QPainter]:
    image = QImage(max(1, w), max(1, h), QImage.Format_ARGB32_Premultiplied)
    image.fill(fill)
    p = QPainter(image)
    p.setRenderHint(QPainter.Antialiasing, True)
    p.setRenderHint(QPainter.TextAntialiasing, True)
    return image, p


def _sheet_image(sheet: DeckSheet, paint_face: Callable[[QPainter, QRectF, int], None],
                 paint_back: Callable[[QPainter, QRectF], None], count: int, card_mm=(63.0, 88.0)) -> QImage:
    k = PIXELS_PER_MM
    cw, ch = card_mm
    image, p = _image(round(sheet.cols * cw * k), round(sheet.rows * ch * k))
    try:
        p.scale(k, k)
        for i in range(count):
            r, c = divmod(i, sheet.cols)
            paint_face(p, QRectF(c * cw, r * ch, cw, ch), i)
        r, c = divmod(sheet.cols * sheet.rows - 1, sheet.cols)
        paint_back(p, QRectF(c * cw, r * ch, cw, ch))
    finally:
        p.end()
    return image


def _single(card_mm, paint: Callable[[QPainter, QRectF], None]) -> QImage:
    k = PIXELS_PER_MM
    image, p = _image(round(card_mm[0] * k), round(card_mm[1] * k))
    try:
        p.scale(k, k)
        paint(p, QRectF(0, 0, *card_mm))
    finally:
        p.end()
    return image


def _disc(paint: Callable[[QPainter, QRectF], None], mm: float = 25.0) -> QImage:
    """A round token image on a transparent ground (a circle tile crops it round)."""
    k = PIXELS_PER_MM * 1.6
    image, p = _image(round(mm * k), round(mm * k), Qt.transparent)
    try:
        p.scale(k, k)
        paint(p, QRectF(0, 0, mm, mm))
    finally:
        p.end()
    return image


# -- Rule the Realm -----------------------------------------------------------------------------

CARD_COLOURS = ("red", "gray", "blue", "green", "yellow")


def _realm_card_face(p: QPainter, rect: QRectF, colour: str) -> None:
    fill = style.peg_fill(colour)
    p.save()
    p.setPen(Qt.NoPen)
    p.setBrush(QColor(style.PARCHMENT))
    p.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 3, 3)
    p.setBrush(fill)
    p.drawRoundedRect(rect.adjusted(5, 5, -5, -5), 3, 3)
    p.restore()
    c = rect.center()
    p.save()
    p.translate(c)
    p.scale(40, 40)  # paint_peg draws in board units: a peg 0.14 across becomes ~11 mm
    glyphs.paint_peg(p, QPointF(0, 0), colour)
    p.restore()
    glyphs.paint_text(p, QPointF(c.x(), rect.top() + 14), colour.upper(), 6.0, "white", outline=QColor(0, 0, 0, 120))
    glyphs.paint_text(p, QPointF(c.x(), rect.bottom() - 14), colour.upper(), 6.0, "white",
                      outline=QColor(0, 0, 0, 120))


def _realm_card_back(p: QPainter, rect: QRectF) -> None:
    p.save()
    p.setPen(Qt.NoPen)
    p.setBrush(QColor(style.INK))
    p.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 3, 3)
    p.setPen(QPen(QColor(style.PARCHMENT), 1.2))
    p.setBrush(Qt.NoBrush)
    c = rect.center()
    tri = [c + QPointF(-16, 12), c + QPointF(16, 12), c + QPointF(0, -16)]
    p.drawPolygon(tri)
    p.restore()
    for k, colour in enumerate(("red", "blue", "yellow")):
        p.save()
        p.translate(tri[k])
        p.scale(30, 30)
        glyphs.paint_peg(p, QPointF(0, 0), colour)
        p.restore()
    glyphs.paint_text(p, QPointF(c.x(), rect.top() + 14), "RULE THE REALM", 4.6, style.PARCHMENT)


def _band_token(colour: QColor) -> Callable[[QPainter, QRectF], None]:
    def paint(p: QPainter, rect: QRectF) -> None:
        c, r = rect.center(), rect.width() / 2
        p.save()
        p.setPen(QPen(QColor(style.INK), 0.6))
        p.setBrush(QColor(style.PARCHMENT))
        p.drawEllipse(c, r - 0.4, r - 0.4)
        p.setPen(QPen(colour, 2.4))
        p.setBrush(Qt.NoBrush)
        p.drawPolygon([c + QPointF(-7, 5.5), c + QPointF(7, 5.5), c + QPointF(0, -7)])
        p.restore()
    return paint


def _energy_token(p: QPainter, rect: QRectF) -> None:
    c, r = rect.center(), rect.width() / 2
    p.save()
    p.setPen(QPen(QColor(style.ENERGY_DARK), 0.8))
    p.setBrush(QColor("#eaf7ff"))
    p.drawEllipse(c, r - 0.5, r - 0.5)
    p.restore()
    glyphs.paint_energy(p, c, r * 1.3)


def _board_image(board: Board) -> QImage:
    from studio.render.board import paint_background, paint_board, scene_rect
    from studio.render.export import print_rect
    from studio.render.iconography import board_icons, icon_strip_rect, paint_icon_strip
    from studio.render.style import RenderOptions

    options = RenderOptions(background=False, seat_labels=True)
    # the table around the plate and every seat label (a long name reaches past the table)
    rect = scene_rect(board, options).united(print_rect(board, options).adjusted(-0.15, -0.15, 0.15, 0.15))
    k = PIXELS_PER_UNIT
    image, p = _image(round(rect.width() * k), round(rect.height() * k))
    try:
        p.scale(k, k)
        p.translate(-rect.left(), -rect.top())
        paint_background(p, rect, board)
        paint_board(p, board, options)
        if board.pegs:
            icons = board_icons(board)
            paint_icon_strip(p, icon_strip_rect(board, icons), icons)
    finally:
        p.end()
    return image


def realm_set(board: Board, stem: str, url: Callable[[str], str]) -> TtsSet:
    """The TTS set of a Rule the Realm board; images are named ``STEM-....png``."""
    from studio.model.locations import rules_for

    rules = rules_for(board).scenario.rules
    guids = _Guids(f"realm/{board.id}")
    title = board.name
    names = {"board": f"{stem}-board.png", "cards": f"{stem}-cards.png", "card-back": f"{stem}-card-back.png",
             "energy": f"{stem}-energy.png"}
    images: dict[str, Callable[[], QImage]] = {names["board"]: lambda: _board_image(board)}
    sheet = deck_sheet(len(CARD_COLOURS))
    images[names["cards"]] = lambda: _sheet_image(sheet, lambda p, r, i: _realm_card_face(p, r, CARD_COLOURS[i]),
                                                   _realm_card_back, len(CARD_COLOURS))
    images[names["card-back"]] = lambda: _single((63.0, 88.0), _realm_card_back)
    images[names["energy"]] = lambda: _disc(_energy_token)
    w = (max((p.x for p in board.pegs.values()), default=0) - min((p.x for p in board.pegs.values()), default=0) + 2.5)
    side = 0.6 * w + 4.0   # right of the board, in TTS units (the board spans about 1.2 units a peg)
    objects = [_board_object(guids("board"), title, url(names["board"]),
                             f"{title}: {board.players} players. Bands along the printed lines; draw them with "
                             "the line tool or mark the pegs with your band markers.", scale=w * 0.6 / 10)]
    per = rules.cards_per_colour
    card_names = [f"{colour} card" for colour in CARD_COLOURS for _ in range(per)]
    faces = [i for i in range(len(CARD_COLOURS)) for _ in range(per)]
    objects.append(_deck(guids, 1, f"Cards ({len(card_names)})", card_names, url(names["cards"]),
                         url(names["card-back"]), sheet, side, -4.0,
                         f"{per} cards of each peg colour (RTR-S1); deal 4, 5, 6, 7 and lay 5 face up as the pool",
                         faces))
    energy = [_tile(guids(f"energy/{i}"), "Energy", url(names["energy"]), url(names["energy"]), side, 4.0, 0.35)
              for i in range(rules.energy_supply)]
    objects.append(_bag(guids("energy-bag"), f"Energy ({rules.energy_supply})", energy, side + 4.0, -4.0,
                        style.ENERGY_LIGHT, "the energy supply (RTR-S4)"))
    for i, (name, seat) in enumerate(board.seats.items()):
        colour = style.seat_colour(i)
        key = f"{stem}-band-{i + 1}.png"
        images[key] = (lambda c=colour: _disc(_band_token(c)))
        tokens = [_tile(guids(f"band/{i}/{k}"), f"{seat.label or name} band", url(key), url(key), side, 0.0, 0.3)
                  for k in range(rules.bands_per_player)]
        objects.append(_bag(guids(f"band-bag/{i}"), f"{seat.label or name}: {rules.bands_per_player} bands", tokens,
                            side + 4.0 + 3.0 * (i % 2), 1.0 + 3.0 * (i // 2), colour,
                            f"seat {i + 1}'s band markers (RTR-S5)"))
    note = (f"{title}, exported by Board Studio. Images: {', '.join(sorted(images))}.")
    return TtsSet(title, _save(title, objects, note), images)


# -- Rivages ------------------------------------------------------------------------------------

def _rivages_content(island: Island):
    """(scenario, cards, loot) for ``island``: the scenario that lists it, else the bundled
    base game. Cards or loot that do not load are None."""
    from studio.content import LoadError, bundled_path, resolve_reference
    from studio.model.io import InvalidContent, read
    from studio.validate.rivages import scenario_for

    unreadable = (LoadError, InvalidContent, OSError)
    scenario = scenario_for(island.path) if island.path else None
    if scenario is None:
        try:
            scenario = read(bundled_path("scenarios", "rivages.yaml"))
        except unreadable:  # the bundled game missing only means no decks (the note says so)
            return None, None, None
    out = []
    for ref in (scenario.cards, scenario.loot):
        try:
            out.append(read(resolve_reference(scenario.path, ref)))
        except unreadable:  # a broken card or loot file leaves that out, and the note says so
            out.append(None)
    return scenario, out[0], out[1]


def _island_image(island: Island, palette) -> QImage:
    from studio.render.island import (
        SQRT3,
        IslandOptions,
        goal_strip_height,
        island_rect,
        paint_goal_strip,
        paint_island,
    )

    mm = 22.0 / SQRT3     # mm per painter unit, as printed
    src = island_rect(island, 0.35)
    strip = goal_strip_height(island)
    w, h = src.width() * mm, src.height() * mm + strip + 8
    k = PIXELS_PER_MM
    image, p = _image(round(w * k), round(h * k), QColor("#cfe6ef"))
    try:
        p.scale(k, k)
        p.save()
        p.scale(mm, mm)
        p.translate(-src.left(), -src.top())
        paint_island(p, island, palette, IslandOptions(areas=False))
        p.restore()
        p.save()
        p.setPen(Qt.NoPen)
        p.setBrush(QColor("#f4ead3"))
        p.drawRect(QRectF(0, src.height() * mm, w, strip + 8))
        p.restore()
        paint_goal_strip(p, QRectF(2, src.height() * mm + 4, w - 4, strip), island, palette)
    finally:
        p.end()
    return image


def island_set(island: Island, stem: str, url: Callable[[str], str]) -> TtsSet:
    """The TTS set of a Rivages island with the decks and loot of its scenario."""
    from studio.render.cards import paint_card, paint_card_back, paint_token, paint_token_back, sheet_items
    from studio.render.island import goal_lines
    from studio.render.rivages_glyphs import DEFAULT_PALETTE, Palette

    scenario, cards, loot = _rivages_content(island)
    palette = Palette.of(scenario.terrains) if scenario is not None else DEFAULT_PALETTE
    guids = _Guids(f"rivages/{island.id}")
    title = island.name or island.id
    board_name = f"{stem}-island.png"
    images: dict[str, Callable[[], QImage]] = {board_name: lambda: _island_image(island, palette)}
    objects = [_board_object(guids("island"), title, url(board_name), "\n".join(goal_lines(island, palette)),
                             scale=1.0)]
    missing = []
    if isinstance(cards, CardSet):
        items = [i for i in sheet_items(cards) if i.kind in ("exploration", "endgame")]
        for key, kind, label, z in ((1, "exploration", "Exploration cards", -5.0), (2, "endgame", "Endgame cards", 5.0)):
            deck = [i for i in items if i.kind == kind]
            if not deck:
                continue
            sheet = deck_sheet(len(deck))
            face, back = f"{stem}-{kind}.png", f"{stem}-{kind}-back.png"
            images[face] = (lambda d=deck, s=sheet: _sheet_image(
                s, lambda p, r, i: paint_card(p, r, d[i], palette), lambda p, r: paint_card_back(p, r, d[0]), len(d)))
            images[back] = (lambda d=deck: _single((63.0, 88.0), lambda p, r: paint_card_back(p, r, d[0])))
            names = [f"{label[:-1]} {i.obj.id}" + (f" ({i.obj.players}+)" if getattr(i.obj, "players", None) else "")
                     for i in deck]
            objects.append(_deck(guids, key, f"{label} ({len(deck)})", names, url(face), url(back), sheet, 12.0, z,
                                 "keep the cards for your player count (2+ ... 5+) and shuffle; the Endgame cards go "
                                 "under them (RIV-S3)" if kind == "exploration" else "shuffle face down under the "
                                 "Exploration cards (RIV-E1)"))
    else:
        missing.append("cards")
    if isinstance(loot, LootSet):
        back = f"{stem}-loot-back.png"
        images[back] = lambda: _disc(lambda p, r: paint_token_back(p, r))
        tiles = []
        for t in loot.tokens:
            face = f"{stem}-loot-{t.kind}.png"
            images[face] = (lambda t=t: _disc(lambda p, r: paint_token(p, r, t, palette)))
            tiles += [_tile(guids(f"loot/{t.kind}/{k}"), t.name or t.kind, url(face), url(back), 16.0, 0.0, 0.4,
                            _loot_words(t, palette)) for k in range(t.count)]
        objects.append(_bag(guids("loot-bag"), f"Loot ({len(tiles)})", tiles, 16.0, 0.0, "#7a4b2a",
                            "draw Loot tokens blind from the bag (RIV-I6)"))
    else:
        missing.append("loot")
    note = f"{title}, exported by Board Studio" + (f" ({scenario.name})" if scenario is not None else "") + "."
    if missing:
        note += f" No {' or '.join(missing)}: the scenario's file{'s' if len(missing) > 1 else ''} did not load."
    return TtsSet(title, _save(title, objects, note), images)


def _loot_words(token, palette) -> str:
    from studio.render.rivages_glyphs import effect_text

    return effect_text(token.effect, palette)


# -- writing ------------------------------------------------------------------------------------

def file_url(path: Path) -> str:
    """``file:///`` URL of ``path`` as TTS writes local files (forward slashes, no escapes)."""
    text = str(Path(path).resolve()).replace("\\", "/")
    return "file:///" + text.lstrip("/")


def build_set(model, json_path: str | Path, base_url: str | None = None) -> TtsSet:
    """The set for ``model`` (a Board or an Island) to be written as ``json_path``. Raises
    ExportError for anything else."""
    json_path = Path(json_path)
    stem = json_path.stem
    if base_url:
        base = base_url.rstrip("/")
        url = lambda name: f"{base}/{name}"  # noqa: E731
    else:
        folder = json_path.parent
        url = lambda name: file_url(folder / name)  # noqa: E731
    if isinstance(model, Board):
        return realm_set(model, stem, url)
    if isinstance(model, Island):
        return island_set(model, stem, url)
    raise ExportError(f"Tabletop Simulator export takes a board or an island, got a "
                      f"{getattr(model, 'FORMAT', type(model).__name__)} file")


def set_paths(tts: TtsSet, json_path: str | Path) -> list[Path]:
    """Every file the set writes: the images, then the JSON."""
    json_path = Path(json_path)
    return [json_path.with_name(name) for name in tts.images] + [json_path]


def write_set(tts: TtsSet, json_path: str | Path, stop: Callable[[], bool] | None = None) -> list[Path]:
    """Write the images and the JSON: all go to temp files first and are renamed only when
    every one is complete (an error or a stop leaves every old file as it was and no temp
    file). Returns the files written. Raises OSError, :class:`Stopped`."""
    json_path = Path(json_path)
    targets = set_paths(tts, json_path)
    for target in targets:
        check_writable(target)
    temps: list[tuple[Path, Path]] = []
    try:
        for name, paint in tts.images.items():
            if stop is not None and stop():
                raise Stopped()
            target = json_path.with_name(name)
            buffer = QBuffer()  # encoded in memory: Qt's file writer would print libpng's raw error
            buffer.open(QIODevice.WriteOnly)
            if not paint().save(buffer, "PNG"):
                raise OSError(f"could not write {target}")
            tmp = temp_path_beside(target)
            temps.append((tmp, target))
            write_temp_bytes(tmp, target, bytes(buffer.data()))
        tmp = temp_path_beside(json_path)
        temps.append((tmp, json_path))
        write_temp_bytes(tmp, json_path, (json.dumps(tts.save, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
        for tmp, target in temps:
            replace_with(tmp, target)
    except BaseException:
        for tmp, _target in temps:
            try:
                tmp.unlink()
            except OSError:
                pass
        raise
    return targets


def export_tts(model, json_path: str | Path, base_url: str | None = None,
               stop: Callable[[], bool] | None = None) -> list[Path]:
    """Build and write the set of ``model``; returns the files written."""
    return write_set(build_set(model, json_path, base_url), json_path, stop)
