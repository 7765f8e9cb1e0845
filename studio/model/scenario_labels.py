"""What an edit of a Rule the Realm scenario (``realm-scenario/1``) is called in Edit ▸ Undo,
in the words of the scenario editor's form: ``Change opening hand size of seat 2``, ``Turn on
Volcano escape``, ``Remove board for 4 players``, never a value path (``rules.hand_sizes``).

:func:`edit_text` names one edit from its key path and the values before and after it; a list
or mapping set as a whole (the form's hand sizes, boards, bonuses) is named by the part that
changed. Every path the schema allows has a name (:func:`field_name`; tests walk the schema).
Qt-free: the scenario editor's document uses it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from studio.model.value_paths import MISSING

MODULE_TITLES = {"cross-board": "Cross-board race (Jungle Temples)", "volcano": "Volcano escape",
                 "canals": "Canals and bridges (Archipelago City)", "pictures": "Pictures (Engraved Board)",
                 "excavation": "Excavation sites (Fragile Ruins)", "territories": "Distinct territories (Cursed Triangle)",
                 "idols": "Idols (Two Demanding Deities)", "labyrinth": "Labyrinth chains"}
"""Each location module's title, as the form's group box shows it."""

END_TITLES = {"score": "when a player reaches a score", "rounds": "after a number of rounds",
              "pictures": "when enough pictures are complete", "bands-exhausted": "when a player runs out of bands"}
"""Each end condition (``rules.end``'s one key), as the form's choice names it."""

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def _ordinal(i: int) -> str:
    return _ORDINALS[i] if 0 <= i < len(_ORDINALS) else f"{i + 1}th"


# key path -> name; "*" matches one step, a callable gets the steps "*" matched
_Name = str | Callable[..., str]
NAMES: dict[tuple, _Name] = {
    ("name",): "scenario name",
    ("id",): "scenario id",
    ("location",): "location number",
    ("description",): "description",
    ("format",): "file format",
    ("boards",): "boards",
    ("boards", "*"): lambda n: f"board for {n} players",
    ("rules",): "rules",
    ("rules", "bands"): "band shapes",
    ("rules", "bands_per_player"): "bands per player",
    ("rules", "start"): "where a first band may go",
    ("rules", "connect"): "connected bands",
    ("rules", "closures"): "closed regions",
    ("rules", "cards"): "cards",
    ("rules", "cards", "personal-deck"): "personal decks",
    ("rules", "cards", "personal-deck", "size"): "personal deck size",
    ("rules", "cards", "personal-deck", "draw"): "cards per draw from a personal deck",
    ("rules", "hand_sizes"): "opening hand sizes",
    ("rules", "hand_sizes", "*"): lambda i: f"opening hand size of seat {i + 1}",
    ("rules", "pool_size"): "pool size",
    ("rules", "cards_per_colour"): "cards per colour",
    ("rules", "energy_supply"): "energy supply",
    ("rules", "actions_per_turn"): "actions per turn",
    ("rules", "draw_count"): "cards per draw",
    ("rules", "extra_action_cost"): "cost of an extra action",
    ("rules", "energy_per_vp"): "energy per final VP",
    ("rules", "max_rounds"): "round limit of bot games",
    ("rules", "energy_payment"): "paying for another player's peg",
    ("rules", "end"): "end condition",
    ("rules", "end", "score"): "score that ends the game",
    ("rules", "end", "rounds"): "rounds in a game",
    ("rules", "end", "pictures"): "complete pictures that end the game",
    ("rules", "end", "pictures", "*"): lambda n: f"complete pictures that end a {n}-player game",
    ("rules", "end", "bands-exhausted"): "end when a player runs out of bands",
    ("rules", "modules"): "location modules",
    ("rules", "modules", "*"): lambda m: MODULE_TITLES.get(m, f"{m} module"),
    ("rules", "modules", "cross-board", "bonuses"): "far-edge bonuses",
    ("rules", "modules", "cross-board", "bonuses", "*"):
        lambda i: f"far-edge bonus of the {_ordinal(i)} player to reach it",
    ("rules", "modules", "volcano", "escape_energy"): "energy needed to escape",
    ("rules", "modules", "pictures", "segment_points"): "points per picture segment",
    ("rules", "modules", "pictures", "completion_points"): "points for completing a picture",
    ("rules", "modules", "pictures", "empty_penalty"): "penalty per segment in no picture",
    ("rules", "modules", "pictures", "bonuses"): "picture majority bonuses",
    ("rules", "modules", "pictures", "bonuses", "*"): lambda n: f"majority bonus of a picture of {n} segments",
    ("rules", "modules", "excavation", "min_segments"): "segments of an excavation site",
    ("rules", "modules", "excavation", "points_per_segment"): "points per excavation site segment",
    ("rules", "modules", "territories", "points"): "points per distinct territory",
    ("rules", "modules", "idols", "points"): "points of an idol majority",
    ("rules", "modules", "labyrinth", "self_cross_penalty"): "penalty for a chain reaching its own peg",
    ("rules", "modules", "labyrinth", "set_points"): "points per set of sword, shield and helmet",
    ("playtest",): "playtest targets",
    ("playtest", "intended_end"): "intended ends",
    ("playtest", "rounds"): "target length in rounds",
    ("playtest", "rounds", "*"): lambda i: ("fewest", "most")[i] + " rounds of the target length"
    if i in (0, 1) else f"target length value {i + 1}",
    ("playtest", "score_floor"): "score of a collapsed seat",
    ("playtest", "ladder"): "skill ladder in every playtest",
    ("playtest", "styles"): "playstyle bots in every playtest",
}

SETS = {("rules", "bands"): "band shape", ("playtest", "intended_end"): "intended end"}
"""Lists of choices edited as check boxes: an edit adds or removes one (item noun)."""


def field_name(path: Sequence) -> str | None:
    """The form's name of the value at ``path`` (``("rules", "hand_sizes", 1)`` -> ``"opening
    hand size of seat 2"``); None for a path the schema does not have."""
    path = tuple(path)
    for pattern, name in NAMES.items():
        if len(pattern) == len(path) and all(p == "*" or p == s for p, s in zip(pattern, path)):
            if isinstance(name, str):
                return name
            return name(*(s for p, s in zip(pattern, path) if p == "*"))
    return None


def _words(path: tuple) -> str:
    """A path the table does not know, in plain words (``foo_bar`` of ``rules``)."""
    words = [f"item {s + 1}" if isinstance(s, int) else str(s).replace("_", " ").replace("-", " ") for s in path]
    return " of ".join(reversed(words)) or "the scenario"


def _name(path: tuple) -> str:
    return field_name(path) or _words(path)


def _change(path: tuple, old: Any, new: Any) -> tuple[tuple, Any, Any]:
    """The innermost part of a list or mapping that changed: (path, old, new) there, with
    MISSING for an item added or removed; the whole value when more than one part changed."""
    while True:
        if isinstance(old, list) and isinstance(new, list) and path not in SETS:
            changed = [i for i in range(max(len(old), len(new)))
                       if (old[i] if i < len(old) else MISSING) != (new[i] if i < len(new) else MISSING)]
        elif isinstance(old, dict) and isinstance(new, dict):
            changed = [k for k in {**old, **new} if old.get(k, MISSING) != new.get(k, MISSING)]
        else:
            return path, old, new
        if len(changed) != 1:
            return path, old, new
        step = changed[0]
        if isinstance(old, list):
            old, new = (old[step] if step < len(old) else MISSING), (new[step] if step < len(new) else MISSING)
        else:
            old, new = old.get(step, MISSING), new.get(step, MISSING)
        path = (*path, step)


def edit_text(path: Sequence, old: Any, new: Any) -> str:
    """The Edit ▸ Undo text of setting the value at key path ``path`` of a scenario's data
    from ``old`` to ``new`` (:data:`~studio.model.value_paths.MISSING`: absent), e.g.
    ``Change opening hand size of seat 2``, ``Turn off closed regions``, ``Add band shape
    chain``, ``Turn on Volcano escape``, ``End the game after a number of rounds``, ``Reset pool
    size to the default``."""
    path, old, new = _change(tuple(path), old, new)
    if path == ("rules", "cards"):
        if isinstance(new, dict) and not isinstance(old, dict):
            return "Give each player a personal deck"
        if new == "shared-pool" or new is MISSING:
            return "Deal cards from a shared pool"
    if path == ("rules", "end") and isinstance(new, dict) and len(new) == 1:
        (key,) = new
        if not (isinstance(old, dict) and key in old):
            return f"End the game {END_TITLES.get(key, _name((*path, key)))}"
    if len(path) == 3 and path[:2] == ("rules", "modules"):
        if old is MISSING and new is not MISSING:
            return f"Turn on {_name(path)}"
        if new is MISSING:
            return f"Turn off {_name(path)}"
    if path in SETS and isinstance(old, list) and isinstance(new, list):
        added = [v for v in new if v not in old]
        removed = [v for v in old if v not in new]
        if len(added) + len(removed) == 1:
            return f"Add {SETS[path]} {added[0]}" if added else f"Remove {SETS[path]} {removed[0]}"
    name = _name(path)
    item = len(path) > 1 and (isinstance(path[-1], int) or field_name((*path[:-1], "*")) is not None)
    if isinstance(new, bool) and (isinstance(old, bool) or old is MISSING):
        return f"Turn {'on' if new else 'off'} {name}"
    if old is MISSING:
        return f"{'Add' if item else 'Set'} {name}"
    if new is MISSING:
        return f"Remove {name}" if item else f"Clear {name}" if isinstance(old, str) else f"Reset {name} to the default"
    return f"Change {name}"


__all__ = ["END_TITLES", "MODULE_TITLES", "NAMES", "SETS", "edit_text", "field_name"]
