"""How a game ended, as a code with its figures: the engines report a :class:`GameEnd`, and
every reader (playtest statistics and insight, reports, the GUI, the JSON output) takes the
code from it; the words people read are made here, from the code, and nowhere else.

::

    end = GameEnd.of(EndCode.SCORE, score=18)
    end.code is EndCode.SCORE; end.param("score") == 18
    end.text == "a player reached 18 VP"        # the engine's log line and ``end_reason``
    end.meaning == "a player reached the target score"   # what the code means, any game
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class EndCode(StrEnum):
    """Every way a game ends (Rule the Realm RTR-E1 and the locations' end clauses; Rivages
    RIV-E4, RIV-X4). The values are stable: reports and saved results store them.
    ``round-limit`` is the studio's safety stop, never a rule of the game."""

    SCORE = "score"
    ROUNDS = "rounds"
    PICTURES = "pictures"
    BANDS_EXHAUSTED = "bands-exhausted"
    ALL_BANDS_USED = "all-bands-used"
    ROUND_LIMIT = "round-limit"
    LAST_TURN = "last-turn"
    CARDS_REMOVED = "cards-removed"
    NOT_FINISHED = "not-finished"


#: what each code means in plain words, whatever its figures
END_MEANINGS: dict[str, str] = {
    EndCode.SCORE: "a player reached the target score",
    EndCode.ROUNDS: "the set number of rounds was played",
    EndCode.PICTURES: "enough pictures were completed",
    EndCode.BANDS_EXHAUSTED: "a player ran out of bands",
    EndCode.ALL_BANDS_USED: "every player used all their bands",
    EndCode.ROUND_LIMIT: "the studio's safety round limit stopped the game",
    EndCode.LAST_TURN: "an Endgame card was revealed and the last turn was played",
    EndCode.CARDS_REMOVED: "enough Exploration cards were removed (solo)",
    EndCode.NOT_FINISHED: "the game did not finish",
}

#: one game's end in words, filled in with its figures (the engines' log and ``end_reason``)
_END_TEXTS: dict[str, str] = {
    EndCode.SCORE: "a player reached {score} VP",
    EndCode.ROUNDS: "{rounds} rounds played",
    EndCode.PICTURES: "{pictures} pictures complete",
    EndCode.BANDS_EXHAUSTED: "a player has no bands left",
    EndCode.ALL_BANDS_USED: "every player has used all their bands",
    EndCode.ROUND_LIMIT: "round limit ({limit}) reached",
    EndCode.LAST_TURN: "the last turn is over",
    EndCode.CARDS_REMOVED: "{removed} Exploration cards removed",
    EndCode.NOT_FINISHED: "not finished",
}

#: the figures each code carries (a :meth:`GameEnd.of` without one of them is refused)
END_PARAMS: dict[str, tuple[str, ...]] = {
    EndCode.SCORE: ("score",), EndCode.ROUNDS: ("rounds",), EndCode.PICTURES: ("pictures",),
    EndCode.ROUND_LIMIT: ("limit",), EndCode.CARDS_REMOVED: ("removed",),
}


class GameEnd(NamedTuple):
    """One game's end: its :class:`EndCode` and its figures, ``params`` as sorted ``(name,
    value)`` pairs (``score``: the target score in VP; ``rounds``: the set number of rounds;
    ``pictures``: pictures needed; ``limit``: the safety round limit; ``removed``: Exploration
    cards removed). Immutable and plain data (a tuple), so states share it and observations
    stay JSON-able."""

    code: EndCode
    params: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, code: EndCode | str, **params: int) -> GameEnd:
        """The end ``code`` with its figures. Raises ValueError for an unknown code or when a
        figure the code's words need is missing or unknown to it."""
        try:
            code = EndCode(code)
        except ValueError:
            raise ValueError(f"unknown end code {code!r} (known: {', '.join(EndCode)})") from None
        need = set(END_PARAMS.get(code, ()))
        if set(params) != need:
            raise ValueError(f"end code {code.value!r} takes the figures {sorted(need) or 'none'}, "
                             f"got {sorted(params) or 'none'}")
        return cls(code, tuple(sorted(params.items())))

    def param(self, name: str) -> int:
        """The figure ``name`` (KeyError when this end has none of that name)."""
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)

    @property
    def text(self) -> str:
        """The end in words with its figures: ``a player reached 18 VP``."""
        return _END_TEXTS[self.code].format(**dict(self.params))

    @property
    def meaning(self) -> str:
        """What the code means, whatever the figures: ``a player reached the target score``."""
        return END_MEANINGS[self.code]

    def to_dict(self) -> dict:
        """``{"code": "score", "score": 18}``: JSON-able, read back by :meth:`from_dict`."""
        return {"code": self.code.value, **dict(self.params)}

    @classmethod
    def from_dict(cls, data: dict) -> GameEnd:
        """The end :meth:`to_dict` wrote. Raises ValueError for an unknown code or figures."""
        rest = {k: v for k, v in data.items() if k != "code"}
        return cls.of(data.get("code", ""), **rest)


NOT_FINISHED = GameEnd(EndCode.NOT_FINISHED)
