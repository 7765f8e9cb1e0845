"""``random.Random.shuffle`` written out, for samplers that deal thousands of states.

A search deals a state per iteration, and most of a deal is shuffling: :func:`shuffler` gives
a function ``shuffle(rng, items)`` that puts ``items`` in exactly the order ``rng.shuffle``
would, drawing the same numbers (so seeded searches make the same decisions), without a
method call per item. It is checked once against ``random.Random.shuffle`` at import; for a
subclass of ``random.Random`` (which may draw otherwise) or another Python whose generator
disagrees, it is ``rng.shuffle`` itself.
"""

from __future__ import annotations

import random


def shuffle_plain(rng: random.Random, items: list) -> None:
    rng.shuffle(items)


def shuffle_inline(rng: random.Random, items: list) -> None:
    """``rng.shuffle(items)`` with ``random.Random``'s draws written out."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _inline_agrees() -> bool:
    one, two = random.Random(20261202), random.Random(20261202)
    for size in (0, 1, 2, 3, 7, 64, 200):
        a, b = list(range(size)), list(range(size))
        one.shuffle(a)
        shuffle_inline(two, b)
        if a != b:
            return False
    return one.random() == two.random()


INLINE_OK = _inline_agrees()


def shuffler(rng: random.Random):
    """The quickest ``shuffle(rng, items)`` that shuffles as ``rng.shuffle(items)``."""
    return shuffle_inline if INLINE_OK and type(rng) is random.Random else shuffle_plain
