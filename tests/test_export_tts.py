"""``studio export-tts``: the JSON parses and follows Tabletop Simulator's documented save format
(the knowledge base's "Save File Format": SaveName, ObjectStates, GUID, Name, Transform,
Nickname, CustomImage / CustomDeck ...), every image it refers to exists, writes are whole or
absent, and bad input gets one clear line."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlparse

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtGui import QImage  # noqa: E402

from studio.model.io import read  # noqa: E402
from studio.render import export, tts  # noqa: E402
from studio.render.tts_cli import main  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "boards" / "realm" / "two-deities-3p.yaml"
ISLAND = ROOT / "boards" / "rivages" / "islands" / "lantern-isle.yaml"

SAVE_KEYS = {"SaveName", "GameMode", "Date", "Table", "Sky", "Note", "Rules", "Grid", "ObjectStates"}
OBJECT_KEYS = {"GUID", "Name", "Transform", "Nickname", "Description", "ColorDiffuse", "Locked", "Grid"}
TRANSFORM_KEYS = {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"}
KNOWN_NAMES = {"Custom_Board", "Custom_Tile", "Custom_Token", "DeckCustom", "Card", "Bag"}


@pytest.fixture(autouse=True)
def _app(qapp, monkeypatch):
    # small images keep the tests quick; the layout and the JSON do not depend on the resolution
    monkeypatch.setattr(tts, "PIXELS_PER_UNIT", 40)
    monkeypatch.setattr(tts, "PIXELS_PER_MM", 2.0)
    return qapp


def walk(objects):
    for obj in objects:
        yield obj
        yield from walk(obj.get("ContainedObjects", []))


def urls_of(obj) -> list[str]:
    out = []
    image = obj.get("CustomImage")
    if image:
        out += [image["ImageURL"]] + ([image["ImageSecondaryURL"]] if image.get("ImageSecondaryURL") else [])
    for deck in (obj.get("CustomDeck") or {}).values():
        out += [deck["FaceURL"], deck["BackURL"]]
    return out


def check_save(path: Path) -> dict:
    """Parse ``path`` and check it against the documented save format; returns the JSON."""
    save = json.loads(path.read_text(encoding="utf-8"))
    assert SAVE_KEYS <= set(save)
    assert set(save["Grid"]) >= {"Type", "Lines", "Snapping", "Offset", "xSize", "ySize"}
    guids = []
    for obj in walk(save["ObjectStates"]):
        assert OBJECT_KEYS <= set(obj), obj["Name"]
        assert obj["Name"] in KNOWN_NAMES
        assert set(obj["Transform"]) == TRANSFORM_KEYS and all(isinstance(v, float) for v in obj["Transform"].values())
        assert set(obj["ColorDiffuse"]) == {"r", "g", "b"} and all(0 <= v <= 1 for v in obj["ColorDiffuse"].values())
        assert re.fullmatch(r"[0-9a-f]{6}", obj["GUID"])
        guids.append(obj["GUID"])
        if obj["Name"] in ("Custom_Board", "Custom_Tile"):
            assert {"ImageURL", "WidthScale"} <= set(obj["CustomImage"])
        if obj["Name"] == "Custom_Tile":
            tile = obj["CustomImage"]["CustomTile"]
            assert tile["Type"] in (0, 1, 2, 3) and tile["Stackable"] is True
        if obj["Name"] == "DeckCustom":
            ids = [c["CardID"] for c in obj["ContainedObjects"]]
            assert obj["DeckIDs"] == ids and all(c["Name"] == "Card" for c in obj["ContainedObjects"])
            for card in obj["ContainedObjects"]:
                deck = card["CustomDeck"][str(card["CardID"] // 100)]   # the key is the id's hundreds
                assert card["CardID"] % 100 < deck["NumWidth"] * deck["NumHeight"] - 1  # the last slot: the back
                assert deck["NumWidth"] <= 10 and deck["NumHeight"] <= 7
        for url in urls_of(obj):
            assert url.startswith("file:///")
            local = Path(urlparse(url).path)
            assert local.is_file(), url
            assert not QImage(str(local)).isNull()
    assert len(guids) == len(set(guids))
    return save


def test_board_set_parses_with_the_documented_keys_and_every_image_exists(tmp_path, capsys):
    out = tmp_path / "deities.json"
    assert main([str(BOARD), "-o", str(out)]) == 0
    save = check_save(out)
    assert save["SaveName"] == "Two Demanding Deities, 3 players"
    top = [(o["Name"], o["Nickname"]) for o in save["ObjectStates"]]
    assert top[0] == ("Custom_Board", "Two Demanding Deities, 3 players")
    assert save["ObjectStates"][0]["Locked"] is True
    assert top[1] == ("DeckCustom", "Cards (50)")
    deck = save["ObjectStates"][1]
    colours = [c["Nickname"] for c in deck["ContainedObjects"]]
    assert len(colours) == 50 and {colours.count(f"{c} card") for c in tts.CARD_COLOURS} == {10}   # RTR-S1
    faces = {c["CardID"] % 100 for c in deck["ContainedObjects"]}
    assert faces == set(range(5))
    bags = [o for o in save["ObjectStates"] if o["Name"] == "Bag"]
    assert [b["Nickname"] for b in bags][0] == "Energy (50)" and len(bags[0]["ContainedObjects"]) == 50
    assert [len(b["ContainedObjects"]) for b in bags[1:]] == [25, 25, 25]     # a bag of bands per seat
    files = capsys.readouterr().out.split()
    assert files[-1] == str(out) and all(Path(f).is_file() for f in files)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(Path(f).name for f in files)   # nothing else
    board_image = QImage(str(tmp_path / "deities-board.png"))
    from studio.render.board import seat_label_positions
    from studio.render.export import print_rect
    from studio.render.style import RenderOptions

    labels = print_rect(read(BOARD), RenderOptions(seat_labels=True))
    assert seat_label_positions(read(BOARD))              # this board has labels beside the plate
    assert board_image.width() >= round(labels.width() * 40)     # the whole board, every label included


def test_island_set_has_the_island_decks_with_their_own_backs_and_the_loot_bag(tmp_path):
    out = tmp_path / "lantern.json"
    assert main([str(ISLAND), "-o", str(out)]) == 0
    save = check_save(out)
    objs = save["ObjectStates"]
    assert objs[0]["Name"] == "Custom_Board" and objs[0]["Nickname"] == "Lantern Isle"
    assert objs[0]["Description"].startswith("Quest:")            # the goals in words too
    decks = {o["Nickname"]: o for o in objs if o["Name"] == "DeckCustom"}
    assert set(decks) == {"Exploration cards (36)", "Endgame cards (5)"}
    backs = {d["CustomDeck"][k]["BackURL"] for d in decks.values() for k in d["CustomDeck"]}
    assert len(backs) == 2                                          # Endgame cards are known face down
    loot = read(ROOT / "boards" / "rivages" / "loot.yaml")
    bag = next(o for o in objs if o["Name"] == "Bag")
    assert len(bag["ContainedObjects"]) == loot.total()


def test_deck_sheet_is_the_smallest_tts_allows_with_room_for_the_back():
    assert (tts.deck_sheet(5).cols, tts.deck_sheet(5).rows) == (3, 2)
    assert tts.deck_sheet(36).faces >= 36 and tts.deck_sheet(36).cols <= 10
    assert tts.deck_sheet(69).faces == 69
    with pytest.raises(tts.ExportError, match="a deck of 70 cards does not fit one TTS card sheet"):
        tts.deck_sheet(70)


def test_base_url_refers_to_uploaded_images_and_guids_are_stable(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    assert main([str(BOARD), "-o", str(a / "set.json"), "--base-url", "https://example.org/tts/"]) == 0
    assert main([str(BOARD), "-o", str(b / "set.json")]) == 0
    one = json.loads((a / "set.json").read_text())
    two = json.loads((b / "set.json").read_text())
    assert one["ObjectStates"][0]["CustomImage"]["ImageURL"] == "https://example.org/tts/set-board.png"
    assert [o["GUID"] for o in walk(one["ObjectStates"])] == [o["GUID"] for o in walk(two["ObjectStates"])]


def test_a_failing_image_leaves_no_file_and_keeps_the_old_set(tmp_path, monkeypatch):
    out = tmp_path / "set.json"
    out.write_text("old", encoding="utf-8")
    calls = []
    real = QImage.save

    def failing(self, *args):
        calls.append(args)
        return False if len(calls) == 3 else real(self, *args)

    monkeypatch.setattr(QImage, "save", failing)
    with pytest.raises(OSError, match="could not write .*set-card-back.png"):
        tts.export_tts(read(BOARD), out)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["set.json"]        # no temp file, no half set
    assert out.read_text(encoding="utf-8") == "old"


def test_stop_before_an_image_writes_nothing(tmp_path):
    with pytest.raises(tts.Stopped):
        tts.export_tts(read(BOARD), tmp_path / "set.json", stop=lambda: True)
    assert list(tmp_path.iterdir()) == []


def test_bad_input_gets_one_clear_line(tmp_path, capsys):
    cards = ROOT / "boards" / "rivages" / "cards.yaml"
    assert main([str(cards), "-o", str(tmp_path / "x.json")]) == 2
    assert "cards.yaml is a rivages-cards/1 file; export-tts takes a board or an island" in capsys.readouterr().err
    assert main([str(BOARD), "-o", str(tmp_path / "x.pdf")]) == 2
    assert "x.pdf: a Tabletop Simulator set is a .json file" in capsys.readouterr().err
    assert main([str(BOARD), "-o", "-"]) == 2
    broken = ROOT / "tests" / "data" / "broken" / "crossing-lines.yaml"
    assert main([str(broken), "-o", str(tmp_path / "b.json")]) == 1
    err = capsys.readouterr().err
    assert "has 1 error" in err and "geometry/lines-cross" in err and "Traceback" not in err
    (tmp_path / "a-file").write_text("x")
    assert main([str(BOARD), "-o", str(tmp_path / "a-file" / "x.json")]) == 2  # an output path error, as every command gives it
    err = capsys.readouterr().err
    assert f"cannot make the folder {tmp_path / 'a-file'}" not in err  # the file itself is named
    assert f"{tmp_path / 'a-file'} is a file, not a folder" in err and err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]
    assert main([str(BOARD), "-o", str(tmp_path / "named")]) == 0                # no suffix: .json added
    assert (tmp_path / "named.json").is_file()


def test_studio_lists_the_command():
    from studio.cli import COMMANDS, USAGE

    assert "export-tts" in COMMANDS and "studio export-tts FILE -o OUT.json" in USAGE


def test_a_bundled_name_stdin_and_verbose(qapp, tmp_path, capsys, monkeypatch):
    """The trial of issue 16: `studio export-tts volcano-3p -o v.json` said no such file; `-`
    read a file named `-`; -v printed nothing more."""
    import io
    import sys

    assert main(["volcano-3p", "-o", str(tmp_path / "v.json"), "-v"]) == 0
    err = capsys.readouterr().err
    assert f"studio export-tts: read {ROOT / 'boards' / 'realm' / 'volcano-3p.yaml'} (" in err
    assert f"studio export-tts: wrote {tmp_path / 'v.json'} (" in err and "v-board.png (" in err
    broken = ROOT / "tests" / "data" / "broken" / "crossing-lines.yaml"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(broken.read_bytes())))
    assert main(["-", "-o", str(tmp_path / "b.json")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("studio export-tts: <stdin> has 1 error; fix it before exporting:\n<stdin>:29:3: error "
                          "geometry/lines-cross")
    assert main(["volcanoo-3p", "-o", str(tmp_path / "c.json")]) == 2
    assert "did you mean volcano-3p" in capsys.readouterr().err


def test_a_studio_json_file_is_never_replaced_by_a_set(tmp_path, capsys):
    """-o on a board saved as JSON (or a playtest report, a saved game) replaced it with the set."""
    victim = tmp_path / "board.json"
    victim.write_text('{"format": "realm-board/2", "id": "x"}\n')
    assert main([str(BOARD), "-o", str(victim)]) == 2
    assert capsys.readouterr().err == (f"studio export-tts: {victim} is a realm-board/2 file; a Tabletop Simulator "
                                       "set does not overwrite it (choose another name)\n")
    assert victim.read_text() == '{"format": "realm-board/2", "id": "x"}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.json"]


def test_a_folder_as_output_is_made_and_the_set_written_into_it(tmp_path, capsys):
    """-o sets/ for a folder not there yet said 'sets/ is a folder: give a file name' (fresh-user
    trial): the folder is made and the set written inside it, named after the board; an
    existing folder is written into the same way. Standard input has no name: one clear line."""
    sets = tmp_path / "sets"
    assert main([str(BOARD), "-o", f"{sets}/"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == str(sets / "two-deities-3p.json")
    assert json.loads((sets / "two-deities-3p.json").read_text())["ObjectStates"]
    assert (sets / "two-deities-3p-board.png").is_file()
    assert main([str(ISLAND), "-o", str(sets)]) == 0
    assert (sets / f"{ISLAND.stem}.json").is_file()
    capsys.readouterr()
    assert main(["-", "-o", str(sets)]) == 2
    assert capsys.readouterr().err == (f"studio export-tts: -o {sets} names a folder, and standard input has no name "
                                       f"to give the file in it: give -o {sets / 'NAME.json'}\n")


def test_a_full_disk_names_the_set_not_the_temp_and_keeps_the_old_set(tmp_path, monkeypatch):
    import errno
    import os

    out = tmp_path / "set.json"
    out.write_text("old", encoding="utf-8")
    calls = []

    def full(fd):
        calls.append(fd)
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(export.os, "fsync", full)   # the set writes through export.write_temp_bytes
    with pytest.raises(OSError, match=r"could not write .*set-\S+\.png: the disk is full$"):
        tts.export_tts(read(BOARD), out)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["set.json"]
    assert out.read_text(encoding="utf-8") == "old"
