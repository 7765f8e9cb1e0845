"""Rules engines for Rule the Realm (``realm``) and Rivages. No Qt."""

from studio.rules.api import Game, IllegalAction, State

__all__ = ["Game", "IllegalAction", "State", "load_game"]


def load_game(source, players: int, seed: int = 0):
    """Build a game from a scenario file path (or a ``Realm``/(scenario, board) in memory).
    A ``rivages-scenario/1`` path or a loaded :class:`studio.model.rivages.Rivages` builds a
    Rivages game (``players=1`` is the solo game).

    Raises :class:`studio.content.LoadError` / :class:`studio.model.io.InvalidContent` for bad
    files, :class:`studio.model.BoardError` when the board cannot be played and
    :class:`studio.model.rivages.RivagesError` when Rivages content cannot be played."""
    if _is_rivages(source):
        from studio.rules.rivages.game import load_rivages_game

        return load_rivages_game(source, players, seed)
    from studio.rules.realm.game import load_realm_game

    return load_realm_game(source, players, seed)


def _is_rivages(source) -> bool:
    import os

    from studio.model.rivages import Rivages

    if isinstance(source, Rivages):
        return True
    if isinstance(source, (str, os.PathLike)):
        from studio.content import load_document

        fmt = load_document(source).format or ""
        return fmt.startswith("rivages-")
    return False
