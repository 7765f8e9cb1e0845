"""``python -m studio.gui.playtest.playtest_screenshots [FOLDER]``: grab the Rule the Realm playtest
window to ``playtest.png`` (Jungle Temples, 3 players, seed 3: South's turn in a late round, a
human seat with a band's pegs picked; default folder ``docs``). Runs offscreen; dialogs never open."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

SIZE = (1400, 1000)   # tall enough for the side panel without a scroll bar


def _window(players: int, seed: int, controllers: list[str]):
    from studio.content import bundled_path
    from studio.gui.playtest.playtest_window import PlaytestWindow
    from studio.rules import load_game

    game = load_game(bundled_path("scenarios", "jungle-temples.yaml"), players, 0)
    w = PlaytestWindow(game, seed=seed, controllers=controllers, delay_ms=0, autoplay=False)
    w.resize(*SIZE)
    w.show()
    QTest.qWaitForWindowExposed(w)
    return w


def grab_all(folder: Path) -> list[Path]:
    from studio.rules.realm.actions import Place

    app = QApplication.instance() or QApplication(sys.argv[:1])
    folder.mkdir(parents=True, exist_ok=True)
    out: list[Path] = []

    # a human South in round 6 with its second action: the pegs of a quad picked on the board
    w = _window(3, 3, ["greedy"] * 3)
    while not (w.state.round >= 6 and w.state.current_player == 0
               and any(isinstance(a, Place) and len(a.pegs) == 4 and a.payment
                       for a in w.session.legal_actions())):
        w.step()
    w.seat_combos[0].setCurrentIndex(w.seat_combos[0].findData("human"))
    app.processEvents()
    quads = [a for a in w.session.legal_actions() if isinstance(a, Place) and len(a.pegs) == 4]
    band = next((a for a in quads if a.payment), quads[0])   # one that pays with cards, if any
    for peg in band.pegs:
        w._peg_clicked(peg)
    QTest.qWait(300)
    out.append(folder / "playtest.png")
    w.grab().save(str(out[-1]))
    w.close()

    app.processEvents()
    return out


if __name__ == "__main__":
    for p in grab_all(Path(sys.argv[1] if len(sys.argv) > 1 else "docs")):
        print(p)
