"""Property pages looked up by the kind of what is selected.

A :class:`PageRegistry` maps an element kind (``"peg"``, ``"segment"``, ``"space"``...) to the
page class that shows and edits one such element, or several at once (``many=True``). Each page
class registers itself with the registry's decorator where it is defined, so a properties dock is
a stack of the registered pages plus an empty page, and a new kind of element is one new page
class, never one more branch in a dock (the type-to-widget maps of napari and magicgui, Tiled's
property browser)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

P = TypeVar("P")


class PageRegistry(Generic[P]):
    """Page classes by ``(kind, many)``, in the order they were registered. ``what`` names the
    registry in errors ("board property pages")."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._pages: dict[tuple[str, bool], type[P]] = {}

    def register(self, kind: str, *, many: bool = False) -> Callable[[type[P]], type[P]]:
        """A class decorator registering the page for one element of ``kind`` (for several
        elements of that kind with ``many``). Raises ValueError when that place is taken: two
        pages for one kind would be two ways to edit it."""

        def add(page: type[P]) -> type[P]:
            taken = self._pages.get((kind, many))
            if taken is not None:
                raise ValueError(f"{self.what}: {page.__qualname__} and {taken.__qualname__} are both "
                                 f"registered for {'several' if many else 'one'} {kind!r}")
            self._pages[(kind, many)] = page
            return page

        return add

    def page_class(self, kind: str, many: bool = False) -> type[P] | None:
        """The page class registered for ``kind`` (several of it with ``many``), or None."""
        return self._pages.get((kind, many))

    def kinds(self) -> frozenset[str]:
        """Every kind with a page, for one element or several."""
        return frozenset(kind for kind, _many in self._pages)

    def entries(self) -> list[tuple[str, bool, type[P]]]:
        """``(kind, many, page class)`` for every registered page, in registration order."""
        return [(kind, many, page) for (kind, many), page in self._pages.items()]


__all__ = ["PageRegistry"]
