"""Rules engines for Rule the Realm (``realm``) and Rivages. No Qt."""

from studio.rules.api import Game, IllegalAction, State

__all__ = ["Game", "IllegalAction", "State", "load_game"]


def load_game(source, players: int, seed: int = 0):
    """Build a game from a scenario file path (or a ``Realm``/(scenario, board) in memory).

    Raises :class:`studio.content.LoadError` / :class:`studio.model.io.InvalidContent` for bad
    files and :class:`studio.model.BoardError` when the board cannot be played."""
    from studio.rules.realm.game import load_realm_game

    return load_realm_game(source, players, seed)
