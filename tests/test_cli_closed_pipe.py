"""Every command that prints ends quietly when the reader of its output has gone
(``studio explain schema | head -2`` printed a BrokenPipeError traceback): no traceback, no
"Exception ignored" line. The pipe's read end is closed before the command starts, so the
first write fails every time (no race with how much fits in the pipe)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

COMMANDS = [  # one of each way of printing: plain text, the usage, the version, findings, a report
    ["explain", "schema"],
    ["schema"],
    ["--help"],
    ["help", "--version"],
    ["validate", "--format", "sarif", "boards/realm/volcano-3p.yaml"],
    ["playtest", "jungle-temples", "--games", "2", "--jobs", "1"],
    ["convert", "--help"],
]


@pytest.mark.parametrize("args", [pytest.param(a, id=" ".join(a)) for a in COMMANDS])
def test_output_into_a_closed_pipe_ends_quietly(args):
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first line
    try:
        env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
        done = subprocess.run([sys.executable, "-m", "studio", *args], stdout=write_end, stderr=subprocess.PIPE,
                              stdin=subprocess.DEVNULL, cwd=ROOT, env=env, timeout=120)
    finally:
        os.close(write_end)
    err = done.stderr.decode()
    assert "Traceback" not in err and "BrokenPipe" not in err and "Exception ignored" not in err, err
    assert done.returncode in (0, 1), err
