"""Counted nouns in messages: ``1 bridge``, ``2 bridges``, never ``1 bridges``."""

from __future__ import annotations

_IRREGULAR = {"energy": "energy", "treasure": "treasure", "loot": "loot", "gray": "gray"}


def counted(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word`` in the right number: ``counted(1, "bridge")`` -> ``1 bridge``,
    ``counted(3, "bridge")`` -> ``3 bridges``, ``counted(2, "line item")`` -> ``2 line items``;
    ``many`` gives an irregular plural (``counted(2, "crossing", "crossings")``). Words with no
    plural (energy, treasure) stay as they are."""
    if n == 1:
        return f"{n} {word}"
    if many is None:
        many = _IRREGULAR.get(word) or (word[:-1] + "ies" if word.endswith("y") and word[-2:-1] not in "aeiou"
                                        else word + "es" if word.endswith(("s", "x", "ch", "sh")) else word + "s")
    return f"{n} {many}"
