"""``studio convert`` (studio/interop/convert.py) and Rule the Realm boards exported to Tiled
(studio/interop/tiled_board.py)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from studio import cli
from studio.content.paths import bundled_path
from studio.interop.tiled_board import PX_PER_UNIT, board_to_map
from studio.interop.tiled_format import ObjectLayer, read_map
from studio.model.io import read
from studio.model.realm import segment_key

DATA = Path(__file__).parent / "data" / "tiled"
ISLAND = bundled_path("boards", "rivages", "islands", "coral-reach.yaml")


def run(capsys, *args) -> tuple[int, str, str]:
    code = cli.main(["convert", *map(str, args)])
    out = capsys.readouterr()
    return code, out.out, out.err


def props(o) -> dict:
    return {p.name: p.value for p in o.properties}


# --- boards ---------------------------------------------------------------------------------------

def layers(tmap) -> dict[str, ObjectLayer]:
    return {layer.name: layer for layer in tmap.layers if isinstance(layer, ObjectLayer)}


def test_a_board_is_pegs_lines_and_segments_with_their_contents():
    board = read(bundled_path("boards", "realm", "archipelago-city-3p.yaml"))
    x0, y0, *_ = board.bounds()
    tmap = board_to_map(board, (x0 - 1, y0 - 1), (12, 10))
    by = layers(tmap)
    assert list(by) == ["segments", "lines", "pegs"]
    pegs = {o.name: o for o in by["pegs"].objects}
    assert set(pegs) == set(board.pegs)
    for peg in board.pegs.values():
        o = pegs[peg.id]
        assert o.shape == "point" and (o.x, o.y) == pytest.approx(((peg.x - x0 + 1) * PX_PER_UNIT,
                                                                   (peg.y - y0 + 1) * PX_PER_UNIT), abs=1e-3)
        assert props(o)["colour"] == peg.colour and props(o)["label"] == peg.id
    south = board.seats["south"]
    assert props(pegs[south.start[0]])["start"] == "south"
    lines = by["lines"].objects
    assert len(lines) == len(board.lines) and all(o.shape == "polyline" and len(o.points) == 2 for o in lines)
    bridge = board.bridges[0]
    [o] = [o for o in lines if props(o)["pegs"] == " ".join(bridge.line)]
    assert o.type == "bridge" and props(o) == {"energy": bridge.energy, "pegs": " ".join(bridge.line)}
    segments = {segment_key(props(o)["pegs"].split()): o for o in by["segments"].objects if o.type == "segment"}
    for s in board.segments:
        o = segments[s.key]
        assert o.shape == "polygon" and len(o.points) == 3
        want = {k: v for k, v in (("treasure", s.treasure), ("energy", s.energy), ("idol", s.idol),
                                  ("picture", s.picture)) if v}
        assert {k: v for k, v in props(o).items() if k not in ("island", "pegs")} == want
    island, tris = next(iter(board.islands.items()))
    assert props(segments[segment_key(tris[0])])["island"] == island
    assert {p.name: p.value for p in tmap.properties}["players"] == 3


def test_labyrinth_items_and_the_volcano_crater():
    lab = read(bundled_path("boards", "realm", "labyrinth-2p.yaml"))
    lines = {frozenset(props(o)["pegs"].split()): o for o in layers(board_to_map(lab, (0, 0), (10, 10)))["lines"].objects}
    item = lab.line_items[0]
    o = lines[frozenset(item.line)]
    assert {k: v for k, v in props(o).items() if k != "pegs"} == \
        {k: v for k, v in (("treasure", item.treasure), ("artifact", item.artifact)) if v}
    volcano = read(bundled_path("boards", "realm", "volcano-2p.yaml"))
    segments = layers(board_to_map(volcano, (0, 0), (10, 10)))["segments"].objects
    [crater] = [o for o in segments if o.type == "crater"]
    assert len(crater.points) == len(volcano.crater)
    assert any(o.type == "hole" for o in segments)        # the crater is a face with no segment


def test_convert_a_board(qapp, tmp_path, capsys):
    code, out, err = run(capsys, bundled_path("boards", "realm", "jungle-temples-2p.yaml"), tmp_path / "jt.tmj")
    assert (code, err) == (0, "")
    assert out.split() == [str(tmp_path / "jt-board.png"), str(tmp_path / "jt.tmj")]
    tmap = read_map(tmp_path / "jt.tmj")
    assert tmap.orientation == "orthogonal" and tmap.layers[0].image == "jt-board.png"
    code, _out, err = run(capsys, bundled_path("boards", "realm", "jungle-temples-2p.yaml"), tmp_path / "jt.tmx",
                          "--embed-tileset")
    assert code == 2 and "--stagger-index and --embed-tileset are for islands" in err


# --- islands --------------------------------------------------------------------------------------

def test_island_to_tiled_and_back(qapp, tmp_path, capsys):
    code, out, err = run(capsys, ISLAND, tmp_path / "coral.tmx", "--stagger-index", "even")
    assert (code, err) == (0, "")
    assert out.split() == [str(tmp_path / n) for n in ("coral-tiles.png", "coral-tiles.tsx", "coral.tmx")]
    assert read_map(tmp_path / "coral.tmx").staggerindex == "even"
    code, out, err = run(capsys, tmp_path / "coral.tmx", tmp_path / "coral.yaml")
    assert (code, out, err) == (0, f"{tmp_path / 'coral.yaml'}\n", "")
    assert read(tmp_path / "coral.yaml") == read(ISLAND)
    # to the other map format: the shared tileset image is the same, so it is left alone
    code, out, err = run(capsys, tmp_path / "coral.tmx", tmp_path / "coral.tmj")
    assert code == 0 and out.split() == [str(tmp_path / "coral-tiles.tsj"), str(tmp_path / "coral.tmj")]
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_a_map_with_errors_writes_nothing(tmp_path, capsys):
    code, out, err = run(capsys, DATA / "lacking.tmx", tmp_path / "lacking.yaml")
    assert code == 1 and out == ""   # content with errors, as studio validate
    lines = err.splitlines()
    assert lines[0].startswith(f"{DATA / 'lacking.tmx'}:10:3: error tiled/no-kind: layer 'Ground', tile 1,1:")
    assert lines[-1] == (f"studio convert: {DATA / 'lacking.tmx'} was not converted: 3 errors (listed above); nothing "
                         "was written; the island editor's File > Import Tiled Map opens a map without goals, with "
                         "stand-in goals to edit")
    assert list(tmp_path.iterdir()) == []
    code, out, err = run(capsys, DATA / "broken.tmx", tmp_path / "b.yaml")
    assert code == 1 and err == f"{DATA / 'broken.tmx'}:3:51: error tiled/xml: not well-formed XML: not well-formed " \
                                "(invalid token)\n"


@pytest.mark.parametrize("args,message", [
    (["a.tmx", "b.png"], "cannot tell the format of OUT 'b.png' from its suffix .png: use .yaml or .yml (a studio "
                         "island or board), .tmx (a Tiled map in XML) or .tmj (a Tiled map in JSON)"),
    (["zzq", "b.tmx"], "cannot tell the format of IN 'zzq' from its suffix (it has none): use .yaml"),
    (["a.tmx", "-"], "OUT is '-': convert writes files"),
    (["a.yaml", "b.yml"], "both a.yaml and b.yml are studio files: nothing to convert"),
    (["a.tmx", "b.yaml", "--stagger-index", "odd"], "--stagger-index and --embed-tileset are for Tiled output"),
])
def test_usage_errors(tmp_path, capsys, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and err.startswith(f"studio convert: {message}")
    assert list(tmp_path.iterdir()) == []


def test_the_input_is_never_overwritten(qapp, tmp_path, capsys):
    shutil.copy(DATA / "complete.tmx", tmp_path / "complete.tmx")
    tsx = (DATA / "terrain.tsx").read_text().replace('source="terrain.png"', 'source="art-tiles.png"')
    (tmp_path / "terrain.tsx").write_text(tsx)
    art = (DATA / "terrain.png").read_bytes()
    (tmp_path / "art-tiles.png").write_bytes(art)
    # art.tmx would write its tileset image art-tiles.png: the designer's tileset image
    code, out, err = run(capsys, tmp_path / "complete.tmx", tmp_path / "art.tmx")
    assert (code, out) == (2, "")
    assert err == (f"studio convert: writing {tmp_path / 'art-tiles.png'} would replace a file the input uses; "
                   "choose another name for OUT\n")
    assert (tmp_path / "art-tiles.png").read_bytes() == art
    assert sorted(p.name for p in tmp_path.iterdir()) == ["art-tiles.png", "complete.tmx", "terrain.tsx"]


def test_a_file_that_is_not_an_island_or_board(tmp_path, capsys):
    code, _out, err = run(capsys, bundled_path("boards", "rivages", "loot.yaml"), tmp_path / "l.tmx")
    assert code == 2
    assert err.startswith("studio convert: ") and "Tiled maps hold Rivages islands (rivages-island/1) and Rule the " \
                                                  "Realm boards (realm-board/2)" in err


@pytest.mark.skipif(shutil.which("tiled") is None, reason="Tiled is not installed")
def test_tiled_itself_reads_what_the_studio_writes(qapp, tmp_path, capsys):
    assert run(capsys, ISLAND, tmp_path / "coral.tmj")[0] == 0
    env = {"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    done = subprocess.run(["tiled", "--export-map", "tmx", str(tmp_path / "coral.tmj"), str(tmp_path / "again.tmx")],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert run(capsys, tmp_path / "again.tmx", tmp_path / "again.yaml")[0] == 0
    assert read(tmp_path / "again.yaml") == read(ISLAND)


def test_an_output_folder_or_a_missing_folder(qapp, tmp_path, capsys):
    code, _out, err = run(capsys, ISLAND, tmp_path)
    assert code == 2 and err == f"studio convert: OUT {tmp_path} is a folder: give the file to write, whose " \
                                f"suffix says the format (e.g. {tmp_path / 'island.tmx'}; a missing folder is made)\n"
    code, _out, err = run(capsys, ISLAND, f"{tmp_path / 'maps'}/")
    assert code == 2 and err.startswith(f"studio convert: OUT {tmp_path / 'maps'}/ names a folder: give the file")
    (tmp_path / "a-file").write_text("x")
    code, _out, err = run(capsys, ISLAND, tmp_path / "a-file" / "gone" / "coral.tmx")
    assert code == 2
    assert err == (f"studio convert: OUT {tmp_path / 'a-file' / 'gone' / 'coral.tmx'}: cannot make the folder "
                   f"{tmp_path / 'a-file' / 'gone'}: {tmp_path / 'a-file'} is a file, not a folder\n")
    code, _out, err = run(capsys, ISLAND, tmp_path / "gone" / "coral.tmx")  # a missing folder is made
    assert code == 0 and (tmp_path / "gone" / "coral.tmx").is_file()


# --- the trial of issue 16: checks after converting, names, stdin, -v ---------------------------

def test_a_map_giving_an_island_with_errors_is_written_and_said(qapp, tmp_path, capsys):
    """The trial's k-bridge.tmj (a bridge moved off the island in Tiled) converted silently
    with status 0 to an island `studio validate` rejects. It is written (the editor is where it
    is fixed), its errors are listed at the written file's lines, and the status is 1."""
    out = tmp_path / "shoals.yaml"
    code, stdout, err = run(capsys, DATA / "bridge-off-island.tmj", out)
    assert (code, stdout) == (1, f"{out}\n") and out.exists()
    lines = err.splitlines()
    assert lines[0] == f"{out}:50:4: error rivages/bridge-end-missing: the bridge end [-2, -5] is not a space"
    assert lines[-1] == (f"studio convert: {out} was written, but the island has 2 errors (listed above): fix them "
                         f"in the island editor (studio {out}) or in the map, and convert again")
    # to Tiled, an island with errors is refused as render and export-tts refuse it, unless --force
    code, stdout, err = run(capsys, out, tmp_path / "shoals.tmx")
    assert (code, stdout) == (1, "") and not (tmp_path / "shoals.tmx").exists()
    assert f"studio convert: {out} has 2 errors; fix them before converting" in err
    code, _stdout, err = run(capsys, DATA / "bridge-off-island.tmj", tmp_path / "again.tmx")
    assert code == 1 and "nothing was written" in err and not (tmp_path / "again.tmx").exists()
    code, stdout, err = run(capsys, out, tmp_path / "shoals.tmx", "--force")
    assert code == 0 and (tmp_path / "shoals.tmx").exists()
    assert err.splitlines()[-1] == "studio convert: --force: the island is converted with 2 errors (listed above)"


def test_a_board_with_errors_is_refused_as_render_refuses_it(qapp, tmp_path, capsys):
    broken = Path(__file__).parent / "data" / "broken" / "crossing-lines.yaml"
    code, stdout, err = run(capsys, broken, tmp_path / "b.tmx")
    assert (code, stdout) == (1, "") and list(tmp_path.iterdir()) == []
    assert err.startswith(f"studio convert: {broken} has 1 error; fix it before converting (studio validate {broken}), "
                          "or convert the board as it is with --force:\n")
    assert "geometry/lines-cross" in err
    code, stdout, err = run(capsys, broken, tmp_path / "b.tmx", "--force")
    assert code == 0 and (tmp_path / "b.tmx").exists() and "--force: the board is converted with 1 error" in err


def test_bundled_names_stdin_and_verbose(qapp, tmp_path, capsys, monkeypatch):
    import io
    import sys

    code, out, err = run(capsys, "coral-reach", tmp_path / "coral.tmj", "--embed-tileset", "-v")
    assert code == 0 and out.split() == [str(tmp_path / "coral-tiles.png"), str(tmp_path / "coral.tmj")]
    assert f"studio convert: read {ISLAND} (" in err and "island 'Coral Reach': " in err
    assert f"studio convert: wrote {tmp_path / 'coral.tmj'} (" in err
    data = (tmp_path / "coral.tmj").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, err = run(capsys, "-", tmp_path / "back.yaml", "--from", "tmj")
    assert (code, err) == (0, "") and read(tmp_path / "back.yaml") == read(ISLAND)
    code, out, err = run(capsys, "-", tmp_path / "x.yaml")
    assert code == 2 and "say its format with --from tmx, --from tmj or --from yaml" in err
    code, out, err = run(capsys, ISLAND, tmp_path / "x.tmx", "--from", "yaml")
    assert code == 2 and "--from is for IN '-'" in err
    # a map from stdin whose tileset is a file beside it: said, with the way out
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO((DATA / "bridge-off-island.tmj").read_bytes())))
    code, out, err = run(capsys, "-", tmp_path / "y.yaml", "--from", "tmj")
    assert code == 2 and err.startswith("<stdin>: error tiled/unreadable")
    assert "embed its tilesets" in err and "studio-stdin-" not in err.splitlines()[-1]


def test_a_board_exported_to_tiled_is_not_read_back_as_an_island(qapp, tmp_path, capsys):
    assert run(capsys, "archipelago-city-3p", tmp_path / "arch.tmx")[0] == 0
    code, _out, err = run(capsys, tmp_path / "arch.tmx", tmp_path / "arch.yaml")
    assert code == 2
    assert ("this map is a Rule the Realm board (realm-board/2) exported by the studio; boards go to Tiled only"
            in err) and "Only Rivages islands go both ways" in err


def test_convert_never_replaces_a_studio_file_of_another_kind(qapp, tmp_path, capsys):
    """OUT (or a tileset or image written beside a map) that is a board, a scenario or a report
    is refused before anything is written, as generate --json and export-tts -o refuse it; an
    island OUT replaces an island (an earlier conversion) as before."""
    code, _out, err = run(capsys, ISLAND, tmp_path / "coral.tmx")
    assert code == 0, err
    board = tmp_path / "board.yaml"
    board.write_text(bundled_path("boards", "realm", "volcano-3p.yaml").read_text(encoding="utf-8"))
    before = board.read_bytes()
    code, out, err = run(capsys, tmp_path / "coral.tmx", board)
    assert (code, out) == (2, "") and board.read_bytes() == before
    assert err == (f"studio convert: OUT {board}: is a realm-board/2 file; an island does not overwrite it "
                   "(choose another name)\n")
    island = tmp_path / "island.yaml"
    island.write_text(ISLAND.read_text(encoding="utf-8"))
    code, out, err = run(capsys, tmp_path / "coral.tmx", island)
    assert (code, out) == (0, f"{island}\n"), err
    report = tmp_path / "report.tmj"
    report.write_text('{"format": "studio-playtest/1", "summary": {}}\n')
    code, out, err = run(capsys, ISLAND, report)
    assert (code, out) == (2, "") and "is a studio-playtest/1 file; a Tiled map does not overwrite it" in err
    (tmp_path / "again-tiles.png").write_bytes(before)  # a board saved under the image's name
    code, out, err = run(capsys, ISLAND, tmp_path / "again.tmx")
    assert (code, out) == (2, "") and not (tmp_path / "again.tmx").exists()
    assert err == (f"studio convert: nothing was written: {tmp_path / 'again-tiles.png'}: is a realm-board/2 "
                   "file; a Tiled map's file does not overwrite it (choose another name)\n")
