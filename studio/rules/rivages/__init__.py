"""The Rivages rules engine: :class:`RivagesGame` and :class:`RivagesState` with the shared API
of :mod:`studio.rules.api`; actions in :mod:`~studio.rules.rivages.actions`."""

from studio.rules.rivages.actions import (
                                          Cross,
                                          EndTurn,
                                          Fallback,
                                          PickArea,
                                          PickNode,
                                          PickSpace,
                                          PlayLoot,
                                          PlayRow,
                                          StartAt,
                                          Use,
                                          action_from_dict,
)
from studio.rules.rivages.game import RivagesGame, RivagesState, load_rivages_game

__all__ = [
    "Cross", "EndTurn", "Fallback", "PickArea", "PickNode", "PickSpace", "PlayLoot", "PlayRow", "RivagesGame",
    "RivagesState", "StartAt", "Use", "action_from_dict", "load_rivages_game",
]
