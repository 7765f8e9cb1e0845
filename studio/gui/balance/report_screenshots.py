"""``python -m studio.gui.balance.report_screenshots [FOLDER]``: grab the balance dashboard and
its HTML report for the worked examples of docs/playtest.md (default folder ``docs``):

- ``balance-mechanics.png``: 60 Volcano games, 3 players, seed 1, the location warning's rule
  link followed (its row of the location mechanics table highlighted), and
  ``playtest-report-mechanics.png``: the same report's warnings and Location mechanics in HTML;
- ``balance-ladder.png``: 10 Jungle Temples games, 2 players, seed 0, with the skill ladder and
  the playstyles at 3 games per bot, and ``playtest-report-ladder.png``: those panels in HTML;
- ``playtest-report-insight.png`` (How games ended to the arc) and ``playtest-report-blame.png``
  (the map with the self-crossing warning's culprits) from 20 Labyrinth games, 2 players;
- ``balance-sweep.png``: the sweep window on Jungle Temples, 2 players, the starting hands
  (``rules.hand_sizes``) at three values, 60 greedy games per value, seed 1.

The HTML pages are drawn by ``wkhtmltoimage`` (it must be on PATH), from the section asked for
down. Runs offscreen; dialogs never open."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from studio.gui.balance.screenshots import close_editor  # noqa: E402

DASHBOARD_SIZE = (1240, 1000)
HTML_WIDTH = 1150

# removes what comes before the element with id START (so the picture starts there) and, when
# THEN names a heading, what lies between that element and the heading
_SCRIPT = ("function top(e) {{ while (e.parentNode !== document.body) e = e.parentNode; return e; }}"
           " var a = top(document.getElementById('{start}'));"
           " while (a.previousElementSibling) document.body.removeChild(a.previousElementSibling);"
           " var then = '{then}'; if (then) {{ var hs = document.getElementsByTagName('h2');"
           " for (var i = 0; i < hs.length; i++) if (hs[i].textContent === then) {{ var b = top(hs[i]);"
           " while (a.nextElementSibling && a.nextElementSibling !== b) document.body.removeChild(a.nextElementSibling);"
           " break; }} }} window.scrollTo(0, 0);")


def html_shot(html: Path, out: Path, start: str, height: int, width: int = HTML_WIDTH, *, then: str = "",
              target: str = "") -> Path:
    """Draw ``html`` from the element with id ``start`` down to ``out`` (``width`` × at most
    ``height`` pixels) with wkhtmltoimage, skipping to the section headed ``then`` after that
    element when given, opened at ``#target`` when given (the report's map outlines a warning's
    culprits on its ``:target``); RuntimeError when wkhtmltoimage is missing or fails."""
    exe = shutil.which("wkhtmltoimage")
    if exe is None:
        raise RuntimeError("wkhtmltoimage is not on PATH: install it (apt-get install wkhtmltopdf) to draw the HTML reports")
    done = subprocess.run([exe, "--quiet", "--width", str(width), "--crop-h", str(height),
                           "--run-script", _SCRIPT.format(start=start, then=then),
                           html.resolve().as_uri() + (f"#{target}" if target else ""), str(out)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0 or not out.exists():
        raise RuntimeError(f"wkhtmltoimage failed on {html}: {done.stderr.strip()}")
    return out


def _batch(tmp: Path, board: str, players: int, games: int, seed: int, *, ladder: bool = False,
           panel_games: int | None = None):
    """The editor on bundled ``board`` with its dashboard after ``games`` greedy games."""
    from studio.content import bundled_path
    from studio.gui.balance.screenshots import run_batch
    from studio.gui.realm.main_window import MainWindow

    window = MainWindow(settings=QSettings(str(tmp / "s.ini"), QSettings.IniFormat))
    window.load_path(bundled_path("boards", "realm", board), interactive=False)
    window.resize(1500, 940)
    window.show()
    dashboard = window.balance.open()
    dashboard.seed_spin.setValue(seed)
    dashboard.ladder_check.setChecked(ladder)
    dashboard.styles_check.setChecked(ladder)
    if panel_games is not None:
        dashboard.panel_games_spin.setValue(panel_games)
    run_batch(dashboard, games)
    dashboard.wait(600_000)
    dashboard.window().resize(*DASHBOARD_SIZE)
    QTest.qWait(300)
    return window, dashboard


def grab_all(folder: Path) -> list[Path]:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    folder.mkdir(parents=True, exist_ok=True)
    out: list[Path] = []
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)

        window, dashboard = _batch(tmp, "volcano-3p.yaml", 3, 60, 1)
        mechanic = next(b.mechanic for b in dashboard.summary.blame if b.mechanic)
        dashboard.follow_link(f"mechanic:{mechanic}")
        QTest.qWait(300)
        out.append(folder / "balance-mechanics.png")
        dashboard.window().grab().save(str(out[-1]))
        dashboard.save_report("html", str(tmp / "volcano.html"))
        out.append(html_shot(tmp / "volcano.html", folder / "playtest-report-mechanics.png", "warnings", 690,
                              then="Location mechanics"))
        close_editor(window)

        window, dashboard = _batch(tmp, "jungle-temples-2p.yaml", 2, 10, 0, ladder=True, panel_games=3)
        dashboard.follow_link("section:ladder")
        QTest.qWait(300)
        out.append(folder / "balance-ladder.png")
        dashboard.window().grab().save(str(out[-1]))
        dashboard.save_report("html", str(tmp / "jungle.html"))
        out.append(html_shot(tmp / "jungle.html", folder / "playtest-report-ladder.png", "ladder", 945, 1100))
        close_editor(window)

        window, dashboard = _batch(tmp, "labyrinth-2p.yaml", 2, 20, 0)
        dashboard.save_report("html", str(tmp / "lab.html"))
        out.append(html_shot(tmp / "lab.html", folder / "playtest-report-insight.png", "ends", 1340, 1140))
        blamed = next(i for i, b in enumerate(dashboard.summary.blame) if b.mechanic == "self_cross_loss")
        out.append(html_shot(tmp / "lab.html", folder / "playtest-report-blame.png", f"blame-{blamed}", 590,
                              target=f"blame-{blamed}"))
        close_editor(window)

        from studio.content import bundled_path
        from studio.gui.realm.main_window import MainWindow

        window = MainWindow(settings=QSettings(str(tmp / "s.ini"), QSettings.IniFormat))
        window.load_path(bundled_path("boards", "realm", "jungle-temples-2p.yaml"), interactive=False)
        window.show()
        dashboard = window.balance.open()
        dashboard.games_spin.setValue(60)
        dashboard.seed_spin.setValue(1)
        dashboard.set_bots("greedy")
        dashboard.jobs_spin.setValue(dashboard.jobs_spin.maximum())
        sweep = dashboard.open_sweep()
        sweep.set_setting("rules.hand_sizes", "[4, 5, 6, 7], [5, 4, 6, 7], [5, 5, 6, 7]")
        sweep.resize(1100, 760)
        if not sweep.start():
            raise RuntimeError("the sweep did not start")
        while sweep.is_running():   # its rows arrive as queued signals: let them in
            QTest.qWait(200)
        QTest.qWait(500)
        out.append(folder / "balance-sweep.png")
        sweep.grab().save(str(out[-1]))
        sweep.close()
        close_editor(window)
    app.processEvents()
    return out


if __name__ == "__main__":
    for p in grab_all(Path(sys.argv[1] if len(sys.argv) > 1 else "docs")):
        print(p)
