"""``python -m studio.gui.balance.example_screenshots [FOLDER]``: the worked example of
docs/balance.md, *From an unfair board to a fair one*, played in the board editor and grabbed to
PNG files (default folder: ``docs``). The unfair board ``docs/examples/fragile-ruins-2p-unfair.yaml``
is opened; *Game ▸ Balance Run…* plays :data:`GAMES` greedy games
(``balance-example-before.png``); *Suggest fixes…* searches with the settings below
(``balance-example-suggest.png``); proposal :data:`PROPOSAL` is selected and previewed on the
board (``balance-example-preview.png``), applied, and *Re-run balance* plays the same games on
the board as it now is (``balance-example-after.png``). Runs offscreen; dialogs never open.
Several minutes of CPU: the search alone plays about 2,500 games.

The figures the pictures show are printed, for the text of docs/balance.md."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, QSettings  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from studio.gui.balance.screenshots import close_editor, run_batch  # noqa: E402

EXAMPLE = Path("examples") / "fragile-ruins-2p-unfair.yaml"   # in the docs folder (desktop.docs_dir)
GAMES = 400          # the dashboard's batch, before and after (seed 0)
#: the search, as docs/balance.md gives it (the CLI's --budget-games, --steps, --candidates,
#: --verify-games, --seed and --lock of the same run)
SEARCH = {"budget": 1000, "steps": 5, "candidates": 6, "verify": 400, "seed": 1}
LOCKED = ("starts", "colours", "energy")   # unticked under *May change*: treasure moves only
PROPOSAL = 2         # the proposal the text applies (1-based): the one 1,000 more games found within 4 points


def _wait(signal, start) -> None:
    loop = QEventLoop()
    signal.connect(lambda *_a: loop.quit())
    if start():
        loop.exec()


def _seats(summary) -> str:
    return ", ".join(f"{s.name} {100 * s.win_rate:.1f}% ({100 * s.ci_low:.1f}-{100 * s.ci_high:.1f})"
                     for s in summary.seats)


def grab_all(folder: Path, games: int = GAMES, search: dict | None = None) -> list[Path]:
    from studio.gui.realm.main_window import MainWindow
    from studio.gui.shell.desktop import docs_dir

    search = {**SEARCH, **(search or {})}
    board = docs_dir() / EXAMPLE
    if not board.is_file():
        raise SystemExit(f"{board}: not found")
    app = QApplication.instance() or QApplication(sys.argv)
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        window = MainWindow(settings=QSettings(str(Path(tmp) / "s.ini"), QSettings.IniFormat))
        window.load_path(str(board), interactive=False)
        window.show_status("")   # not where this checkout happens to be
        window.resize(1300, 900)
        window.show()
        d = window.balance.open()
        d.seed_spin.setValue(0)
        run_batch(d, games)
        print("before:", _seats(d.summary), f"on {d.summary.games} games")
        window.balance.window.resize(1240, 800)
        QTest.qWait(300)
        out.append(folder / "balance-example-before.png")
        window.balance.window.grab().save(str(out[-1]))

        s = window.balance.suggest()
        s.budget_spin.setValue(search["budget"])
        s.steps_spin.setValue(search["steps"])
        s.candidates_spin.setValue(search["candidates"])
        s.verify_spin.setValue(search["verify"])
        s.seed_spin.setValue(search["seed"])
        for kind in LOCKED:
            s.kind_checks[kind].setChecked(False)
        _wait(s.searchFinished, s.start)
        proposals = s.result.proposals
        if not proposals:
            raise SystemExit("the search found no proposal: the pictures would not show the example")
        for i, p in enumerate(proposals, 1):
            v = p.verified
            print(f"proposal {i}: {'; '.join(p.describe())}: gap {100 * v.before.gap():.1f} -> {100 * v.after.gap():.1f}"
                  if v else f"proposal {i}: not verified")
        best = min(PROPOSAL, len(proposals)) - 1
        s.proposals_list.setCurrentRow(best)
        s.resize(1100, 720)
        QTest.qWait(300)
        out.append(folder / "balance-example-suggest.png")
        s.grab().save(str(out[-1]))
        window.view.fit()
        QTest.qWait(300)
        out.append(folder / "balance-example-preview.png")
        window.grab().save(str(out[-1]))

        assert s.apply_selected()
        _wait(d.runFinished, lambda: (s.confirm(), True)[1])
        print("after:", _seats(d.summary), f"on {d.summary.games} games (proposal {best + 1} applied)")
        QTest.qWait(300)
        out.append(folder / "balance-example-after.png")
        window.balance.window.grab().save(str(out[-1]))
        s.close()
        close_editor(window)
    app.processEvents()
    return out


if __name__ == "__main__":
    for p in grab_all(Path(sys.argv[1] if len(sys.argv) > 1 else "docs")):
        print(p)
