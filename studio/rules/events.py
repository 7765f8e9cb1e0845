"""Typed events a game records about its location mechanics, for playtest reports.

Recording is off by default: a state's ``events`` is ``None`` and every mechanic that would
note an event skips it after one attribute test. :func:`record_events` turns it on for one
state (clones, sampled states and previews never record, so bots' look-ahead adds nothing):

::

    state = game.new_state(seed)
    events = record_events(state)      # the list the engine appends to
    ...play...
    [e for e in events if e.kind == "escape"]

Events never change play: the engine only appends to the list (tests/rules/test_events.py
replays the golden games with recording on).

Every :class:`Event` is ``(kind, seat, round, data)``: ``seat`` the 0-based seat it concerns
(None for none), ``round`` the round it happened in (1-based; final scoring: the last round),
``data`` a small dict of plain values, listed per kind in :data:`EVENT_KINDS`.
"""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    """One thing a location mechanic did (see :data:`EVENT_KINDS`)."""

    kind: str
    seat: int | None
    round: int
    data: dict


EVENT_KINDS = {
    # Rule the Realm
    "far-edge": ("L1-2", "reached the far edge: rank (1 first), bonus VP"),
    "escape": ("L2-3", "escaped the volcano: energy held, need"),
    "no-escape": ("L2-4", "could not escape the volcano and loses: energy held, need"),
    "bridge": ("L3-2", "first band across a bridge: line ('a-b'), energy gained"),
    "picture": ("L4-2", "completed a picture: name, size, leaders (seats with most of its segments), bonus VP each"),
    "empty-segments": ("L4-3", "explored or closed segments in no picture: count, loss (VP actually lost)"),
    "site": ("L5-4", "closed a region: size (segments not yet explored), bonus VP (0 below the minimum size), "
                     "segments (those segments, each by its pegs: 'a1-a2-b1')"),
    "territories": ("L6-6", "scored distinct territories at the end: count, points"),
    "idols": ("L7-4", "idols of one colour held at the end: colour, count"),
    "idol-majority": ("L7-4", "most idols of a colour: colour, count, points, shared (leaders)"),
    "self-crossing": ("L8-6", "the chain reached its own peg: peg, loss (VP actually lost)"),
    "artifact": ("L8-2", "found an artifact: artifact, line"),
    "artifact-sets": ("L8-9", "scored sets of artifacts at the end: sets, points"),
    # Rivages
    "sail": ("RIV-I1", "reached a new island: island (id), visited (islands so far)"),
    "goal": ("RIV-G1", "met a goal step: island, goal, step"),
    "tree": ("RIV-W1", "crossed a tree space: node"),
    "loot-draw": ("RIV-I6", "drew a Loot token: token"),
    "loot-play": ("RIV-I6", "played a Loot token: token"),
    "effect-lost": ("RIV-G2", "an effect with nothing to act on was lost: effect (any, leap, area, statue)"),
    "great-explorer": ("RIV-E5", "Great Explorer bonus at the end: islands, bonus"),
}
"""Event kind -> (rule clause, what it means and its ``data`` fields)."""


def record_events(state) -> list:
    """Turn event recording on for ``state`` (a Rule the Realm or Rivages state) and return the
    list the engine appends :class:`Event` s to. Raises TypeError for a state that records none."""
    if not hasattr(type(state), "events"):
        raise TypeError(f"{type(state).__name__} records no events")
    state.events = []
    return state.events
