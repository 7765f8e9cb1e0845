"""Screenshot of the Rivages playtest window for the docs: ``python -m
studio.gui.playtest.rivages_playtest_screenshots docs`` writes rivages-playtest.png (a 3-explorer game in
its fourth round, explorer 1's turn with a symbol chosen and its spaces lit)."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication


def grab(folder: Path) -> Path:
    from studio.content import bundled_path
    from studio.gui.playtest.rivages_playtest import RivagesPlaytestWindow
    from studio.rules import load_game

    app = QApplication.instance() or QApplication(sys.argv[:1])
    game = load_game(bundled_path("scenarios", "rivages.yaml"), 3, 0)
    w = RivagesPlaytestWindow(game, seed=7, controllers=["greedy"] * 3, delay_ms=0, autoplay=False)
    w.resize(1440, 900)
    w.show()
    # bots play until explorer 1 has a row in hand in round 4; then the seat is handed to a human
    while not (w.state.round >= 4 and w.state.current_player == 0 and w.state.phase == "row"
               and any(type(a).__name__ == "Cross" for a in w.session.legal_actions())):
        w.step()
    w.seat_combos[0].setCurrentIndex(w.seat_combos[0].findData("human"))
    crosses = [a for a in w.session.legal_actions() if type(a).__name__ == "Cross"]
    w.choose_symbol(crosses[0].symbol)
    app.processEvents()
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / "rivages-playtest.png"
    w.grab().save(str(out))
    w.close()
    return out


if __name__ == "__main__":
    print(grab(Path(sys.argv[1] if len(sys.argv) > 1 else "docs")))
