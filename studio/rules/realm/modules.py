"""Location rule modules: hooks the base engine calls, configured by scenario parameters.

A module sees the game at construction (``game``, its ``params`` from ``rules.modules``) and is
called at fixed points of play. Each location lives in its own file and registers here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from studio.geometry.bands import BandShape
    from studio.rules.ends import GameEnd
    from studio.rules.realm.game import PlaceOutcome, RealmGame, RealmState


class RealmModule:
    """Base class: every hook does nothing. ``name`` is the key in ``rules.modules``."""

    name = ""
    #: True when :meth:`project_before_final` reads only the lists it is given (and the
    #: game's settings) and :meth:`energy_needed` is the same whatever a band does: previews
    #: then project bands on plain lists (with :meth:`final_points`), the state untouched
    projects_on_lists = False

    def __init__(self, game: "RealmGame", params: dict):
        self.game = game
        self.params = dict(params or {})

    def init_state(self, state: "RealmState") -> None:
        """Add the module's own fields to a fresh state (they must be plain, copyable data in
        ``state.extra[self.name]``)."""

    def band_problem(self, state: "RealmState", seat: int, shape: "BandShape") -> str | None:
        """A reason (with its clause id) why ``seat`` may not place ``shape``, or None."""
        return None

    def shape_problem(self, shape: "BandShape") -> str | None:
        """:meth:`band_problem` of a rule that reads the band's shape alone (never the state
        or the seat): a module defining it (and answering ``band_problem`` with it) has its
        banned shapes worked out once per game, and listings leave them out as they leave
        out the scenario's other band kinds (a kept listing stays usable)."""
        return None

    def before_collect(self, state: "RealmState", seat: int, shape: "BandShape", outcome: "PlaceOutcome") -> None:
        """Called once the band is paid and on the board, before its segments are collected."""

    def after_place(self, state: "RealmState", seat: int, shape: "BandShape", outcome: "PlaceOutcome") -> None:
        """Called once the band is paid and its segments explored/closed and collected."""

    # False when quiet reads only the state and the shape (then it may be handed None for the
    # outcome: BandPreviewer.projected, which keeps outcomes as tuples)
    quiet_reads_outcome = True

    def quiet(self, state: "RealmState", seat: int, shape: "BandShape", outcome: "PlaceOutcome | None") -> bool:
        """True only if :meth:`after_place` would change nothing for this band (``outcome``:
        what the base rules did; None, to a module whose ``quiet_reads_outcome`` is False, when
        the greedy bot's kept band values are used). Lets :meth:`RealmState.preview` skip playing the band; a
        module that defines ``after_place`` without this is always played. The differential
        test (tests/rules/test_preview.py) holds both to the same result."""
        return False

    def preview_place(self, state: "RealmState", seat: int, shape: "BandShape", outcome: "PlaceOutcome",
                      score: list) -> bool:
        """What :meth:`after_place` would do for a band :meth:`quiet` says it acts on, done to
        ``outcome`` and ``score`` (a copy of the scores, the band's treasure added) instead of
        the state, which stays as before the band (``state.collected`` does not hold
        ``outcome.collected`` yet: those faces go to ``seat``). True when done; False (the
        default) when it cannot be, and the preview plays the band. Lets a module that acts on
        many bands (the Engraved Board's pictures) be previewed without playing them;
        tests/rules/test_preview.py holds both to the same result."""
        return False

    def end_reason(self, state: "RealmState") -> GameEnd | None:
        """A reason to end the game at the end of this round (a
        :class:`~studio.rules.ends.GameEnd`), or None."""
        return None

    def before_final(self, state: "RealmState") -> None:
        """Called at the end before unused energy turns into VP (e.g. the Volcano escape)."""

    def project_before_final(self, state: "RealmState", score: list, energy: list, eliminated: set) -> None:
        """What :meth:`before_final` does to ``score``, ``energy`` and ``eliminated`` (plain
        copies of the state's), without logging or touching the state: lets
        :meth:`RealmState.projected_scores` skip playing the final scoring. A module with
        ``before_final`` but without this is played. tests/rules/test_preview.py holds both to
        the same result."""

    def final_scoring(self, state: "RealmState") -> None:
        """Add end-of-game points (after the base energy conversion)."""

    def project_final_scoring(self, state: "RealmState", score: list) -> None:
        """What :meth:`final_scoring` adds, added to ``score`` (a plain copy of the state's,
        after the energy conversion) without logging or touching the state; see
        :meth:`project_before_final`."""

    def final_points(self, state: "RealmState") -> tuple[list[int], frozenset] | None:
        """What :meth:`final_scoring` would add per seat if the game ended now, when that does
        not depend on the scores (points added, never below 0), and the faces whose collection
        it reads: ``(points per seat, faces)``. A preview of a band collecting none of those
        faces then adds these points to the projected scores instead of scoring each band.
        None (the default) when the module cannot say."""
        return None

    def energy_needed(self, state: "RealmState", seat: int) -> int:
        """Energy ``seat`` must hold at the end not to lose (e.g. the Volcano escape, L2-4)."""
        return 0

    def goal_bonus(self, state: "RealmState", seat: int) -> int:
        """VP ``seat`` would gain now by reaching one of its goal pegs (e.g. L1-2), else 0."""
        return 0


REGISTRY: dict[str, type[RealmModule]] = {}


def register(cls: type[RealmModule]) -> type[RealmModule]:
    REGISTRY[cls.name] = cls
    return cls


def load_modules() -> None:
    """Import every location module so it registers itself."""
    from studio.rules.realm import (  # noqa: F401
        archipelago,
        cursed_triangle,
        engraved_board,
        fragile_ruins,
        jungle_temples,
        labyrinth,
        two_deities,
        volcano,
    )
