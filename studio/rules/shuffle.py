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
import struct
from functools import partial
from itertools import chain


def shuffle_plain(rng: random.Random, items: list) -> None:
    rng.shuffle(items)


def shuffle_inline(rng: random.Random, items: list) -> None:
    """``rng.shuffle(items)`` with ``random.Random``'s draws written out."""
    getrandbits = rng.getrandbits
    n = len(items)
    steps = _STEPS.get(n)
    if steps is None:
        steps = _STEPS[n] = [(i, (i + 1).bit_length()) for i in range(n - 1, 0, -1)]
    for i, k in steps:
        j = getrandbits(k)
        while j > i:  # out of range: drawn again, as _randbelow does
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


_STEPS: dict[int, list[tuple[int, int]]] = {}  # list length -> (position, bits of its draw), last first


# (i + 1).bit_length() for the draw that picks position i's partner, as the shift of a 32-bit output
_SHIFT: list[int] = [32 - (i + 1).bit_length() for i in range(4096)]
_UNPACK: dict = {}  # number of 32-bit outputs -> the unpacking of that many (made once each)


class Deal:
    """Consecutive shuffles with one generator, exactly as consecutive ``rng.shuffle`` calls
    would shuffle them, for a sampler that knows how many items it will shuffle in all.

    ``Deal(rng, sizes)``: ``sizes`` are the lengths of the lists :meth:`shuffle` will get, in
    order, with no other use of ``rng`` in between (``need``: ``sum(n - 1)`` over them, for a
    caller that counted it once). A shuffle of n items takes at least n - 1
    outputs of the generator (one per position, more when a draw is out of range and drawn
    again), so the first ``sum(n - 1)`` outputs are taken at once (one ``getrandbits``) and read
    from a list, the rest one by one when needed (through C iterators: no bookkeeping per draw
    in Python); the generator ends where the ``rng.shuffle`` calls leave it. For a subclass of ``random.Random``, another Python whose generator disagrees, or lists
    longer than 4,096 items, :meth:`shuffle` is ``rng.shuffle``. (On CPython 3.11 a deal of a
    few dozen items costs more instructions this way than by :func:`shuffle_inline`, which the
    samplers use.)"""

    __slots__ = ("rng", "words", "next")

    def __init__(self, rng: random.Random, sizes, need: int | None = None):
        self.rng = rng
        if need is None:  # a sampler dealing many times passes it, counted once
            need = sum(n - 1 for n in sizes if n > 1)
        if not (DEAL_OK and type(rng) is random.Random and max(sizes, default=0) <= len(_SHIFT)):
            self.words = None
            return
        if need:
            unpack = _UNPACK.get(need)
            if unpack is None:
                unpack = _UNPACK[need] = struct.Struct(f"<{need}I").unpack
            self.words = unpack(rng.getrandbits(32 * need).to_bytes(4 * need, "little"))
        else:
            self.words = ()
        # the outputs taken at once, then one at a time from the generator, as they are needed
        self.next = chain(self.words, iter(partial(rng.getrandbits, 32), None)).__next__

    def shuffle(self, items: list) -> None:
        """``rng.shuffle(items)``."""
        if self.words is None:
            self.rng.shuffle(items)
            return
        nxt = self.next
        n = len(items)
        pairs = _PAIRS.get(n)
        if pairs is None:
            pairs = _PAIRS[n] = [(i, _SHIFT[i]) for i in range(n - 1, 0, -1)]
        for i, s in pairs:
            j = nxt() >> s
            while j > i:  # out of range: drawn again, as _randbelow does
                j = nxt() >> s
            items[i], items[j] = items[j], items[i]


_PAIRS: dict[int, list[tuple[int, int]]] = {}  # list length -> (position, shift of its draw), last first


def _deal_agrees() -> bool:
    sizes = (0, 1, 2, 3, 7, 64, 200, 5)
    one, two = random.Random(20261203), random.Random(20261203)
    lists = [list(range(n)) for n in sizes]
    deal = Deal(two, sizes)
    for items in lists:
        one.shuffle(items)
    for n in sizes:
        items = list(range(n))
        deal.shuffle(items)
        if items != lists[sizes.index(n)]:
            return False
    return one.random() == two.random()


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
DEAL_OK = True
DEAL_OK = INLINE_OK and _deal_agrees()


def shuffler(rng: random.Random):
    """The quickest ``shuffle(rng, items)`` that shuffles as ``rng.shuffle(items)``."""
    return shuffle_inline if INLINE_OK and type(rng) is random.Random else shuffle_plain
