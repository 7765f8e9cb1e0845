"""Counts in the editor's words: the Properties summary of a board says ``1 bridge``."""

from studio.content import bundled_path
from studio.model import io


def test_properties_summary_counts_in_the_right_number(window, tmp_path):
    board = io.read_board(bundled_path("boards", "realm", "archipelago-city-2p.yaml"))
    board.bridges = board.bridges[:1]
    path = tmp_path / "one-bridge.yaml"
    io.write(board, path)
    assert window.open_file(str(path))
    summary = window.properties_dock.page("board").stats.text()
    assert "1 bridge" in summary and "1 bridges" not in summary
