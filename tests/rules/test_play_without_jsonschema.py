"""Playing needs no jsonschema: the rules engine and the bundled content load without it (it is
needed only to word the problems of a file that is not surely valid)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent

SCRIPT = """
import random, sys
sys.modules["jsonschema"] = None  # any import of it now fails
from studio.rules import load_game
for path, players in (("scenarios/jungle-temples.yaml", 3), ("scenarios/rivages.yaml", 2)):
    game = load_game(path, players, seed=4)
    state = game.new_state()
    rng = random.Random(4)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    print(path, state.scores())
print("jsonschema" in sys.modules and sys.modules["jsonschema"] is not None)
"""


def test_games_load_and_play_without_jsonschema():
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": ""}, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("scenarios/jungle-temples.yaml [") and lines[1].startswith("scenarios/rivages.yaml [")
    assert lines[-1] == "False"
