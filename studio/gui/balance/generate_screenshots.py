"""``python -m studio.gui.balance.generate_screenshots [FOLDER]``: grab File ▸ Generate… after a run
on the Volcano for 3 players (seed 5, 2 candidates, 40 games each) to ``generate-dialog.png``
(default folder ``docs``), as docs/generate.md shows it. Runs offscreen; the dialog is shown,
never run modally."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402


def grab(folder: Path) -> Path:
    from studio.gui.balance.generate import BOARD, GenerateDialog

    app = QApplication.instance() or QApplication(sys.argv[:1])
    folder.mkdir(parents=True, exist_ok=True)
    dialog = GenerateDialog(kind=BOARD, location="volcano", players=3)
    dialog.seed.setValue(5)
    dialog.count.setValue(2)
    dialog.games.setValue(40)
    dialog.show()
    dialog.resize(980, 640)   # its size on a real screen (showing fits it to the 800 x 800 offscreen one)
    dialog.start()
    # the search runs in a thread: sleep with the GIL released (QTest.qWait holds it) and let the
    # queued results in
    while dialog.run is not None and dialog.run.running:
        time.sleep(0.1)
        app.processEvents()
    QTest.qWait(400)
    out = folder / "generate-dialog.png"
    dialog.grab().save(str(out))
    dialog.close()
    app.processEvents()
    return out


if __name__ == "__main__":
    print(grab(Path(sys.argv[1] if len(sys.argv) > 1 else "docs")))
