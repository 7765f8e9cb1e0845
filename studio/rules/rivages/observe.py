"""What a Rivages seat may see, and states consistent with it (for bots' look-ahead).

Public: every island board and its crosses, trees, scrolls, the number of Loot tokens and cards
each seat holds, the discard piles, the bag and pile sizes, and how many Exploration cards are
left before the end (RIV-E4). Private: one's own hand (and the rows used on it) and Loot
tokens. Turns are simultaneous and hidden (RIV-T1): the other seats are shown as they were at
the start of the round, so what a seat decides never depends on another seat's choices of the
same turn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import repeat

from studio.rules.api import SeatView
from studio.rules.record import field_meta
from studio.rules.rivages.board import bits
from studio.rules.rivages.game import Player, RivagesGame, RivagesState

_shallow = Player.shallow
from studio.rules.shuffle import INLINE_OK, shuffler

_Random = random.Random


class ViewCache:
    """What a game keeps to show and read positions quickly (``game.views``): the hex lists
    of masks of crossed spaces, and the masks of hex lists it made itself (by identity, so an
    observation that went through JSON is read the slow way, with the same result), and the
    :class:`Player` read from each of the others' records of a round (records are shared by
    every observation of a round). Bounded: cleared when it holds :data:`LIMIT` entries."""

    LIMIT = 4096

    def __init__(self, game: RivagesGame):
        self.game = game
        self.lists: dict = {}      # (island, mask) -> [[q, r], ...]
        self.node_lists: dict = {}  # (tree, mask) -> [node, ...]
        self.masks: dict = {}      # id(list) -> (list, mask)
        self.pasts: dict = {}      # tuple(past) -> (past list, past_index list)
        self.players: dict = {}    # id(record) -> (record, Player)
        self.own: tuple[dict, Player] | None = None  # (record, Player): the observer's own record of the last observation
        # (round_start, {seat: Player}): the others as seat views show them this round
        # (RivagesSeatView.visible_state: no hand, no Loot; shared, never changed)
        self.others: tuple[list, dict] | None = None
        self.map_index: dict = {}
        for i, m in enumerate(game.maps):
            self.map_index.setdefault(m.id, i)
        self.tree_index = {t.id: i for i, t in enumerate(game.trees)}
        # per island, each space as a [q, r] list (shared by the lists of ``spaces``)
        self.at_lists = [[list(h) for h in m.at] for m in game.maps]
        self.tokens_of: dict = {}  # Loot kind -> its token indices
        for t, kind in enumerate(game.tokens):
            self.tokens_of.setdefault(kind, []).append(t)

    def first_tokens(self, kinds) -> list[int]:
        """Loot tokens for ``kinds`` (Loot kinds, in order), the first ones of each kind: how an
        observation, which shows a seat's own Loot by kind only, is read back."""
        taken: dict = {}
        out = []
        for kind in kinds:
            k = taken.get(kind, 0)
            out.append(self.tokens_of[kind][k])
            taken[kind] = k + 1
        return out

    def spaces(self, island: int, mask: int) -> list:
        """The spaces of ``mask`` on ``island`` as ``[q, r]`` lists (shared: do not change)."""
        key = (island, mask)
        out = self.lists.get(key)
        if out is None:
            at = self.at_lists[island]
            out = []
            rest = mask
            while rest:
                low = rest & -rest
                out.append(at[low.bit_length() - 1])
                rest ^= low
            if len(self.lists) >= self.LIMIT:
                self.lists.clear()
                self.masks.clear()
            self.lists[key] = out
            self.masks[id(out)] = (out, mask)
        return out

    def nodes(self, tree: int, mask: int) -> list:
        """The nodes of ``mask`` on tree ``tree``, lowest index first (shared: do not change)."""
        key = (tree, mask)
        out = self.node_lists.get(key)
        if out is None:
            nodes = self.game.trees[tree].nodes
            out = [nodes[i] for i in bits(mask)]
            if len(self.node_lists) >= self.LIMIT:
                self.node_lists.clear()
            self.node_lists[key] = out
        return out

    def mask(self, island: int, hexes: list) -> int:
        """The mask of the spaces ``hexes`` on ``island`` (KeyError for a hex not on it)."""
        hit = self.masks.get(id(hexes))
        if hit is not None and hit[0] is hexes:
            return hit[1]
        index = self.game.maps[island].index
        mask = 0
        for h in hexes:
            mask |= 1 << index[tuple(h)]
        return mask

    def past(self, past: list) -> tuple[list, list]:
        key = tuple(past)
        out = self.pasts.get(key)
        if out is None:
            maps = self.game.maps
            out = ([[maps[isl].id, self.spaces(isl, c)] for isl, c in past], [isl for isl, _ in past])
            if len(self.pasts) >= self.LIMIT:
                self.pasts.clear()
            self.pasts[key] = out
        return out

    def other(self, rec: dict):
        """The Player read from a record of another seat, or None."""
        hit = self.players.get(id(rec))
        return hit[1] if hit is not None and hit[0] is rec else None

    def keep_other(self, rec: dict, player: Player) -> None:
        if len(self.players) >= 64:
            self.players.clear()
        self.players[id(rec)] = (rec, player)

    def keep_own(self, rec: dict, player: Player) -> None:
        """Remember the Player the observer's own ``rec`` shows (without hand nor Loot): the
        bot that gets the observation reads it back at once (one record kept)."""
        player.hand = player.loot = []
        self.own = (rec, player)


def views(game: RivagesGame) -> ViewCache:
    cache = game.views
    if cache is None:
        cache = game.views = ViewCache(game)
    return cache


# How each kind of Player field is shown (studio.rules.rivages.game.Player: ``view``), and read
# back: ``show(rec, views, game, p, name, private)`` and ``read(p, rec, views, game, name)``.

def _show_island(rec, v, game, p, name, private):
    rec["island"] = game.maps[p.island].id
    # islands by position in the game too: copies of one island share its id (island trials)
    rec["island_index"] = p.island


def _read_island(p, rec, v, game, name):
    # by position when the record has it: by id, copies of one island would all be the first
    p.island = rec["island_index"] if "island_index" in rec else v.map_index[rec["island"]]


def _show_spaces(rec, v, game, p, name, private):
    rec[name] = v.spaces(p.island, getattr(p, name))


def _read_spaces(p, rec, v, game, name):  # crossed, and the reach it gives (RIV-T5)
    mask = v.mask(p.island, rec[name])
    p.crossed = mask
    nbr = game.maps[p.island].nbr
    reach = 0
    for i in bits(mask):
        reach |= nbr[i]
    p.reach = reach


def _show_past(rec, v, game, p, name, private):
    rec["past"], rec["past_index"] = v.past(p.past)
    rec["islands_visited"] = p.islands_visited


def _read_past(p, rec, v, game, name):
    past_index = rec.get("past_index") or [v.map_index[isl_id] for isl_id, _ in rec["past"]]
    p.past = [(pi, v.mask(pi, crossed)) for (_isl_id, crossed), pi in zip(rec["past"], past_index)]


def _show_tree(rec, v, game, p, name, private):
    rec["tree"] = game.trees[p.tree].id


def _read_tree(p, rec, v, game, name):
    p.tree = v.tree_index[rec["tree"]]


def _show_nodes(rec, v, game, p, name, private):
    tree = game.trees[p.tree]
    rec[name] = [tree.nodes[i] for i in bits(p.tree_crossed)]


def _read_nodes(p, rec, v, game, name):  # tree_crossed, and the nodes it links to (RIV-W3)
    tree = game.trees[p.tree]
    crossed = reach = 0
    for node in rec[name]:
        i = tree.index[node]
        crossed |= 1 << i
        reach |= tree.nbr[i]
    p.tree_crossed, p.tree_reach = crossed, reach


def _show_plain(rec, v, game, p, name, private):
    rec[name] = getattr(p, name)


def _read_plain(p, rec, v, game, name):
    setattr(p, name, rec[name])


def _show_list(rec, v, game, p, name, private):
    rec[name] = list(getattr(p, name))


def _read_list(p, rec, v, game, name):
    setattr(p, name, list(rec[name]))


def _show_tokens(rec, v, game, p, name, private):
    rec["loot_count"] = len(p.loot)
    if private:
        rec["loot"] = [game.tokens[t] for t in p.loot]


def _show_cards(rec, v, game, p, name, private):
    rec["hand_size"] = len(p.hand)
    if private:
        rec["hand"] = [game.card_ids[c] for c in p.hand]


def _skip(*_args):
    pass


SHOW = {"island": _show_island, "spaces": _show_spaces, "past": _show_past, "tree": _show_tree,
        "nodes": _show_nodes, "plain": _show_plain, "list": _show_list, "tokens": _show_tokens,
        "cards": _show_cards, "derived": _skip}
READ = {"island": _read_island, "spaces": _read_spaces, "past": _read_past, "tree": _read_tree,
        "nodes": _read_nodes, "plain": _read_plain, "list": _read_list, "tokens": _skip, "cards": _skip,
        "derived": _skip}
_VIEW_OF = field_meta(Player, "view")
# plain and list fields are copied in a loop; (name, show, read) for the others, in field order,
# the island and tree first (the others are read on them)
_PLAIN = tuple(name for name, view in _VIEW_OF.items() if view == "plain")
_LISTS = tuple(name for name, view in _VIEW_OF.items() if view == "list")
_VIEWS = sorted(((name, SHOW[view], READ[view]) for name, view in _VIEW_OF.items()
                 if view not in ("plain", "list", "derived")), key=lambda t: t[0] not in ("island", "tree"))


# ``_record`` written out once from the fields' views (the same keys, in the same order, as
# SHOW would set them one call at a time): an observation makes one per decision
_INLINE = {
    "island": ['rec["island"] = maps[p.island].id', 'rec["island_index"] = p.island'],
    "tree": ['rec["tree"] = trees[p.tree].id'],
    "spaces": ['rec["{n}"] = v.spaces(p.island, p.{n})'],
    "past": ['rec["past"], rec["past_index"] = v.past(p.past)', 'rec["islands_visited"] = p.islands_visited'],
    "nodes": ['rec["{n}"] = v.nodes(p.tree, p.{n})'],
    "tokens": ['rec["loot_count"] = len(p.loot)', 'if private:', '    rec["loot"] = [tokens[t] for t in p.loot]'],
    "cards": ['rec["hand_size"] = len(p.hand)', 'if private:', '    rec["hand"] = [card_ids[c] for c in p.hand]'],
}


def _derive_record():
    lines = ["def _record(state, p, private):", "    game = state.game", "    v = views(game)",
             "    maps, trees, tokens, card_ids = game.maps, game.trees, game.tokens, game.card_ids", "    rec = {}"]
    for name, view in sorted(_VIEW_OF.items(), key=lambda t: t[0] not in ("island", "tree")):
        if view not in ("plain", "list", "derived"):
            lines.extend("    " + line.format(n=name) for line in _INLINE[view])
    lines.extend(f'    rec["{name}"] = p.{name}' for name in _PLAIN)
    lines.extend(f'    rec["{name}"] = list(p.{name})' for name in _LISTS)
    lines.append("    return rec")
    scope = {"views": views, "bits": bits}
    exec("\n".join(lines), scope)  # noqa: S102 - code made above from the field declarations
    return scope["_record"]


_record = _derive_record()


def _record_plain(state: RivagesState, p: Player, private: bool) -> dict:
    """:func:`_record` one field view at a time (the reference tests compare it with)."""
    game = state.game
    v = views(game)
    rec: dict = {}
    for name, show, _read in _VIEWS:
        show(rec, v, game, p, name, private)
    for name in _PLAIN:
        rec[name] = getattr(p, name)
    for name in _LISTS:
        rec[name] = list(getattr(p, name))
    return rec


def observation(state: RivagesState, seat: int) -> dict:
    """A JSON-able view for ``seat``: ``explorers`` (one record per seat; the seat's own is
    live and has ``hand`` and ``loot``, the others are as of the round's start), the seat's own
    turn (``phase``, ``row``, ``pending``, ``loot_used``; empty when it is not its turn),
    (a record names its islands by id and by position in ``game.maps``: ``island_index``,
    ``past_index``; copies of one island share an id),
    ``card_used`` for the cards it can see, piles and counts. The others' records are shared
    by every observation of the round: read them, do not change them."""
    game = state.game
    over = state.end_reason is not None
    own_turn = state.seat == seat and not over
    if over:
        explorers = [_record(state, p, s == seat) for s, p in enumerate(state.players_state)]
    else:
        # the others' records change only when a new round starts: made once per round
        cache = state.round_records
        if cache is None or cache[0] is not state.round_start:
            cache = state.round_records = (state.round_start, {})
        records = cache[1]
        explorers = []
        for s in range(game.players):
            if s == seat:
                p = state.players_state[s]
                rec = _record(state, p, True)
                views(game).keep_own(rec, p.copy())
                explorers.append(rec)
                continue
            rec = records.get(s)
            if rec is None:
                rec = records[s] = _record(state, state.round_start[s], False)
            explorers.append(rec)
    me = state.players_state[seat]
    visible = me.hand + state.discard + state.removed
    card_ids = game.card_ids
    return {
        "game": "rivages",
        "seat": seat,
        "players": game.players,
        "round": state.round,
        "to_move": state.current_player,
        "last_round": state.last_round,
        "end": state.end,
        "end_reason": state.end_reason,
        "phase": state.phase if own_turn else None,
        "row": list(state.row) if own_turn else [],
        "pending": [list(a) for a in state.pending] if own_turn else [],
        "loot_used": state.loot_used if own_turn else False,
        "card_used": dict(zip(map(card_ids.__getitem__, visible), map(state.card_used.__getitem__, visible))),
        "deck_size": len(state.deck),
        "exploration_left": state.exploration_left(),
        "discard": list(map(card_ids.__getitem__, state.discard)),
        "removed": list(map(card_ids.__getitem__, state.removed)),
        "loot_discard": list(map(game.tokens.__getitem__, state.loot_discard)),
        "bag_size": len(state.bag),
        "pile_size": len(state.pile),
        "challenges": [c.id for c in state.challenges],
        "explorers": explorers,
        "final": None if state.final is None else list(state.final),
    }


_new_player = object.__new__


def _player(game: RivagesGame, rec: dict, hand: list[int], loot: list[int], shared: bool = False,
            take: bool = False) -> Player:
    """The Player a record shows, with ``hand`` and ``loot``; ``shared``: the record is one of
    the round's records of the others, read once per round; ``take``: the Player remembered
    for the observer's own record is taken as it is, not copied (later readings of that record
    read it afresh, with the same result)."""
    v = views(game)
    own = v.own
    if own is not None and own[0] is rec:  # the observer's own record of the last observation
        if take:
            v.own = None
            p = own[1]
        else:
            p = own[1].copy()
        p.hand, p.loot = hand, loot
        return p
    if shared:
        known = v.other(rec)
        if known is not None:
            p = known.copy()
            p.hand, p.loot = hand, loot
            return p
    p = _new_player(Player)  # every field is set below: the views set the derived ones
    for name, _show, read in _VIEWS:
        read(p, rec, v, game, name)
    for name in _PLAIN:
        setattr(p, name, rec[name])
    for name in _LISTS:
        setattr(p, name, list(rec[name]))
    done = 0
    for a in p.areas_order:  # the completed areas, RIV-G4
        done |= 1 << a
    p.areas_done = done
    if shared:  # kept without hand nor Loot (visible_state uses it as it is)
        p.hand, p.loot = [], []
        v.keep_other(rec, p.copy())
    p.hand = hand
    p.loot = loot
    return p


class Sampler:
    """States consistent with one observation (:func:`state_from_observation`), many of them:
    what does not depend on the deal (the cards, tokens and islands seen, the seats' positions,
    the turn) is read once, and each call deals the unseen ones at random, drawing from ``rng``
    exactly as :func:`state_from_observation` does, so the same generator gives the same
    states. Call it as ``sampler(rng)``; ``obs`` must not change meanwhile. The states are
    :class:`DealtState`: on the observer's turn they share what they play (``turn``, a
    :class:`DealtTurn`; ``keep_turns = False``: each plays every action, the plain path)."""

    keep_turns = True

    def __init__(self, game: RivagesGame, obs: dict):
        self.game = game
        self.obs = obs
        me = self.me = obs["seat"]
        card_index = game.card_index
        mine = obs["explorers"][me]
        self.own_hand = [card_index[c] for c in mine["hand"]]
        card_used = [0] * len(game.cards)
        for cid, used in obs["card_used"].items():
            card_used[card_index[cid]] = used
        self.card_used = card_used
        self.discard = [card_index[c] for c in obs["discard"]]
        self.removed = [card_index[c] for c in obs["removed"]]
        seen = set(self.own_hand) | set(self.discard) | set(self.removed)
        self.unseen_exp = [c for c in game.exploration if c not in seen]
        self.unseen_end = [c for c in game.endgame if c not in seen]
        self.n_exp = min(obs["exploration_left"], len(self.unseen_exp))
        self.n_end = min(obs["deck_size"] - obs["exploration_left"], len(self.unseen_end))
        # Loot: own tokens by kind, then the played ones; of the unseen ones, the bag gets its
        # size and the other seats the rest. Their counts as of the round's start are trued up
        # on the seats that have played this round (they may have drawn or played a token since).
        free = list(range(len(game.tokens)))

        def take_kind(kind: str) -> int:
            t = next(x for x in free if game.tokens[x] == kind)
            free.remove(t)
            return t

        self.own_loot = [take_kind(k) for k in mine["loot"]]
        self.loot_discard = [take_kind(k) for k in obs["loot_discard"]]
        self.free = free
        self.bag_size = obs["bag_size"]
        to_move = obs["to_move"] if obs["to_move"] is not None else game.players
        others = self.others = [q for q in range(game.players) if q != me]
        order = [q for q in others if q < to_move] + [q for q in others if q >= to_move]
        counts = {q: obs["explorers"][q]["loot_count"] for q in others}
        surplus = len(free) - self.bag_size - sum(counts.values())
        for q in order:  # more tokens: all to the first seat; fewer: taken from each seat in turn
            change = max(surplus, -counts[q])
            counts[q] += change
            surplus -= change
            if not surplus:
                break
        self.counts = counts
        # the seats as their records show them, without hand nor Loot (copied for each state)
        self.players = [_player(game, rec, [], [], shared=seat != me) for seat, rec in enumerate(obs["explorers"])]
        on_table = {p.island for p in self.players} | {isl for p in self.players for isl, _ in p.past}
        self.pile = [i for i in range(len(game.maps)) if i not in on_table]
        self.challenges = _challenges(game, obs["challenges"])
        self.seat = obs["to_move"] if obs["to_move"] is not None else 0
        if obs["phase"] is not None:
            self.phase = obs["phase"]
        else:
            self.phase = "start" if self.players[self.seat].needs_start else "choose"
        self.final = None if obs["final"] is None else list(obs["final"])
        rest = len(self.unseen_exp) - self.n_exp + len(self.unseen_end) - self.n_end
        # how many cards and tokens each other seat is dealt, in seat order from what is left
        self.dealt: dict[int, tuple[int, int]] = {}
        tokens_left = max(0, len(self.free) - self.bag_size)
        for q in others:
            hand = min(obs["explorers"][q]["hand_size"], rest)
            loot = min(counts[q], tokens_left)
            rest -= hand
            tokens_left -= loot
            self.dealt[q] = (hand, loot)
        self.loot_shown = {q: obs["explorers"][q]["loot_count"] for q in others}
        # per seat: (template, the observer's?, cards and tokens dealt, tokens shown, the -1
        # tokens that pad the dealt ones up to those shown)
        # per seat: (template, the observer's?, the slices of the shuffled cards left and of the
        # shuffled tokens its cards and tokens are dealt from (taken from the ends, last first,
        # as pop() would), the tokens shown (None: as many as dealt), the -1 tokens that pad the
        # dealt ones up to those)
        # each shuffle's (position, bits of its draw), last first (shuffle_inline's steps)
        left = len(self.unseen_exp) - self.n_exp + len(self.unseen_end) - self.n_end  # the cards left
        sizes = (len(self.unseen_exp), len(self.unseen_end), left, len(free), len(self.pile))
        self.steps = [[(i, (i + 1).bit_length()) for i in range(n - 1, 0, -1)] for n in sizes]
        self.plan: list[tuple[Player, bool, slice, slice, int | None, list[int]]] = []
        cards_end = len(self.unseen_exp) - self.n_exp + len(self.unseen_end) - self.n_end - 1
        tokens_end = len(free) - 1
        for q, template in enumerate(self.players):
            if q == me:
                self.plan.append((template, True, slice(0), slice(0), None, []))
                continue
            hand, loot = self.dealt[q]
            count = self.loot_shown[q]
            self.plan.append((template, False, _from_end(cards_end, hand), _from_end(tokens_end, loot),
                              None if count == loot else count, [-1] * (count - loot)))
            cards_end -= hand
            tokens_end -= loot
        # the observer's round-start record: the same in every deal (shared: never changed in place)
        own = self.own_start = self.players[me].copy()
        own.hand, own.loot = list(self.own_hand), list(self.own_loot)
        # what every deal sets alike (_bare_state's and _read_table's fields, read once)
        table = _new_state(RivagesState)
        table.game, table.players_state = game, self.players
        _read_table(table, game, obs, self.final, self.players, others, [])
        self.row, self.pending, self.bonus = table.row, table.pending, table.bonus
        # the observer's turn, when it is on: what it does there is the same in every deal
        self.turn = DealtTurn() if obs["phase"] is not None and self.keep_turns else None
        # then the observer's position as dealt, shared by every state dealt while on the turn's
        # tree (DealtState: never played on; the first play off the tree copies it)
        self.own_player: Player | None = None
        if self.turn is not None:
            own_player = self.own_player = _shallow(self.players[me])
            own_player.hand, own_player.loot = self.own_hand, self.own_loot
        # a dealt state's attributes: copied as its __dict__ at once (what every deal sets alike,
        # and a place for each of the others, set per deal without growing the dict)
        self.fixed = {"game": game, "seed": 0, "round_records": None, "_rng": None, "_rng_shared": False,
                      "round": obs["round"], "seat": self.seat, "phase": self.phase,
                      "loot_used": table.loot_used, "last_round": table.last_round, "end": table.end,
                      "end_reason": table.end_reason, "_logging": False, "_lists_shared": True,
                      "dealt_by": self, "deal_turn": self.turn, "_round_start": None,
                      # shared: only ever replaced, never changed in place (the game's end replaces the bonus)
                      "challenges": self.challenges, "bonus": self.bonus,
                      "_rng_seed": None, "history": None, "private_log": None, "card_used": None, "discard": None,
                      "removed": None, "loot_discard": None, "deck": None, "bag": None, "pile": None,
                      "players_state": None, "_dealt": None, "row": None, "pending": None, "final": None,
                      "completions": None, "bridges_used": None, "log": None}
        self.round = obs["round"]
        # seat -> its position_value in a dealt state while it has not moved since the deal
        # (the same in every deal), kept by studio.bots.rivages.position_values
        self.kept_values: dict[int, float] = {}

    def __call__(self, rng: random.Random) -> RivagesState:
        s = _new_state(DealtState)  # RivagesState(game, 0, _empty=True), then s.seed_rng(...)
        s.__dict__ = self.fixed.copy()
        s._rng_seed = rng.random()
        _own_piles(s, self)
        # five shuffles, as rng.shuffle makes them: the cards unseen, those left, the tokens
        # unseen and the island pile
        unseen_exp, unseen_end = list(self.unseen_exp), list(self.unseen_end)
        free, pile = list(self.free), list(self.pile)
        n_exp, n_end = self.n_exp, self.n_end
        if type(rng) is _Random and INLINE_OK:
            # shuffle_inline written out over the lists of one pass, their lengths known
            # (tests/rivages/test_sampler.py holds it to rng.shuffle)
            getrandbits = rng.getrandbits
            exp_steps, end_steps, rest_steps, free_steps, pile_steps = self.steps
            for items, steps in ((unseen_exp, exp_steps), (unseen_end, end_steps)):
                for i, k in steps:
                    j = getrandbits(k)
                    while j > i:  # out of range: drawn again, as _randbelow does
                        j = getrandbits(k)
                    items[i], items[j] = items[j], items[i]
            rest_cards = unseen_exp[n_exp:] + unseen_end[n_end:]
            for items, steps in ((rest_cards, rest_steps), (free, free_steps), (pile, pile_steps)):
                for i, k in steps:
                    j = getrandbits(k)
                    while j > i:
                        j = getrandbits(k)
                    items[i], items[j] = items[j], items[i]
        else:
            shuffle = shuffler(rng)
            shuffle(rng, unseen_exp)
            shuffle(rng, unseen_end)
            rest_cards = unseen_exp[n_exp:] + unseen_end[n_end:]
            shuffle(rng, rest_cards)
            shuffle(rng, free)
            shuffle(rng, pile)
        s.deck = unseen_end[:n_end] + unseen_exp[:n_exp]
        s.bag = free[:self.bag_size]
        s.pile = pile
        players = []
        # the seats share the templates' lists, the observer's hand and Loot too
        # (``_lists_shared``: copied before changed); the round-start records are made when
        # first read (DealtState.round_start: a search reads none), from the dealt cards and tokens
        for template, mine, hand, loot, _count, _pad in self.plan:
            if mine:
                p = self.own_player
                if p is None:  # not on its turn: a copy (its lists shared, copied before changed)
                    p = _shallow(template)
                    p.hand, p.loot = self.own_hand, self.own_loot
            else:  # taken from the ends, last first (as pop() would)
                p = _shallow(template)
                p.hand = rest_cards[hand]
                p.loot = free[loot]  # the tokens after the bag's
            players.append(p)
        s.players_state = players
        s._dealt = (self, rest_cards, free)  # never changed: only sliced
        return s

    def round_start(self, rest_cards: list, free: list) -> list[Player]:
        """The round-start records of a state dealt with the shuffled cards left ``rest_cards``
        and tokens ``free``: shallow copies of the templates (never changed in place), the
        observer's made once, the others' with their dealt hand and as many Loot tokens as the
        observation shows."""
        out = []
        for template, mine, hand, loot, count, pad in self.plan:
            if mine:
                out.append(self.own_start)
                continue
            rs = _shallow(template)
            rs.hand = rest_cards[hand]
            dealt = free[loot]
            # as many tokens as the observation shows: (dealt + [-1] * count)[:count]
            rs.loot = dealt + pad if pad else dealt if count is None else dealt[:count]
            out.append(rs)
        return out

    def again(self, base: RivagesState) -> RivagesState:
        """A copy of ``base``, a state this sampler dealt with nothing played on it yet, that
        plays as ``base.clone()`` does (tests/rivages/test_sampler.py): made as a deal makes
        its state, the seats shallow copies sharing their lists (``_lists_shared``: copied
        before changed), not a clone's deep copies. MCTS plays each of the root's actions on
        one of these to order them."""
        s = _new_state(DealtState)
        s.__dict__ = base.__dict__.copy()  # every attribute, each list replaced below
        s._rng_shared = base._rng_shared = base._rng is not None  # as clone(): copied before use
        _own_piles(s, base)
        s.deck = list(base.deck)
        s.bag = list(base.bag)
        s.pile = list(base.pile)
        s.players_state = list(map(_shallow, base.players_state))
        return s


class DealtTurn:
    """A position of the observer's own turn in the round a :class:`Sampler` dealt, reached
    from the deal by the same actions: the same position in every state the sampler deals,
    since what a seat does on its turn reads only its own position, the turn's row and the
    cards and Loot it sees, until it draws a Loot token or its turn ends the round. Kept by
    the sampler (one tree per decision, grown as its states play), so each :class:`DealtState`
    plays that turn from it. ``steps``: action -> what playing it here leaves (a
    :class:`DealtStep`, or :data:`OFF_TURN` when the play reads something dealt); ``legal``:
    the legal actions here (None until listed)."""

    __slots__ = ("steps", "legal")

    def __init__(self):
        self.steps: dict = {}
        self.legal: tuple | None = None


class DealtStep:
    """What one action played at a :class:`DealtTurn` leaves: the seat's position (shared:
    installed as a shallow copy, its lists copied before changed as on every dealt state),
    the turn's row, pending effects, phase, Loot used and seat to move, the lists the action
    changed (None: unchanged), and the turn's next position (None: the turn is over)."""

    __slots__ = ("player", "row", "pending", "phase", "loot_used", "seat", "card_used", "loot_discard",
                 "completions", "bridges_used", "then")
    player: Player
    row: tuple
    pending: tuple
    phase: str
    loot_used: bool
    seat: int
    card_used: list | None
    loot_discard: list | None
    completions: list | None
    bridges_used: list | None
    then: DealtTurn | None


OFF_TURN = DealtStep()  # an action whose play reads something dealt: played afresh in every state


class DealtState(RivagesState):
    """A state a :class:`Sampler` dealt: a :class:`RivagesState` that, while the observer's own
    turn of the round dealt goes on (``deal_turn``), plays it from the sampler's
    :class:`DealtTurn` tree: an action another state of the sampler already played from the
    same position is not played again, its outcome is copied in, and the legal actions there
    are listed once. The same states, action for action, as playing every action
    (tests/rivages/test_dealt_turn.py). A clone is a plain :class:`RivagesState`. Change it
    only through its methods (``apply``, ``apply_trusted``, previews)."""

    _dealt: tuple[Sampler, list, list]  # the sampler, the shuffled cards left and tokens (never changed)
    deal_turn: DealtTurn | None  # type: ignore[assignment]  # None on the class (RivagesState): any other state
    _round_start: list | None

    @property
    def round_start(self) -> list[Player]:
        """The records of the round's start (:class:`RivagesState`), the deal's made when first
        read (a search reads none)."""
        records = self._round_start
        if records is None:
            sampler, rest_cards, free = self._dealt
            records = self._round_start = sampler.round_start(rest_cards, free)
        return records

    @round_start.setter
    def round_start(self, records: list[Player]) -> None:
        self._round_start = records

    def legal_actions(self) -> Sequence:
        """A list, or on the observer's turn as dealt a tuple shared by every state the
        sampler deals (the same object each time there: MCTS keeps what it found of it)."""
        turn = self.deal_turn
        if turn is None:
            return _legal(self)
        legal = turn.legal
        if legal is None:
            legal = turn.legal = tuple(_legal(self))
        return legal

    def _apply(self, action) -> None:
        if self.deal_turn is not None:
            self._leave_turn()  # played afresh: off the tree (apply's path)
        self._play(action, False)

    def apply_trusted(self, action, record: bool = True) -> None:
        turn = self.deal_turn
        if turn is None:
            self._play(action, record)
            return
        step = turn.steps.get(action)
        if step is None or step is OFF_TURN or not record:
            self._leave_turn()
            if step is None and record:
                self._first_play(turn, action)
            else:
                self._play(action, record)
            return
        # what _play would do here, as it did in the state that played it first; the seat's
        # position is the tree's own while the turn goes on (played on only after a copy)
        then = step.then
        self.players_state[self.seat] = step.player if then is not None else _shallow(step.player)
        self.row = list(step.row)
        self.pending = list(step.pending)
        self.phase = step.phase
        self.loot_used = step.loot_used
        self.seat = step.seat
        if step.card_used is not None:
            self.card_used = list(step.card_used)
        if step.loot_discard is not None:
            self.loot_discard = list(step.loot_discard)
        if step.completions is not None:
            self.completions = list(step.completions)
        if step.bridges_used is not None:
            self.bridges_used = list(step.bridges_used)
        self.history.append(action)
        self.deal_turn = then

    def _leave_turn(self) -> None:
        """Go off the turn's tree: the seat's position, the tree's while on it (see
        :attr:`Sampler.own_player`), becomes a copy of its own, played on from now."""
        seat = self.seat
        self.players_state[seat] = _shallow(self.players_state[seat])
        self.deal_turn = None

    def _first_play(self, turn: DealtTurn, action) -> None:
        """Play ``action`` at ``turn`` for the first time (off the tree, the seat's position
        already its own), and keep what it leaves there when it read nothing dealt: no Loot
        drawn (the bag), no log line (an empty bag), no generator made (a reshuffle) and the
        round not ended (hands passed, the deck, the pile)."""
        seat = self.seat
        p = self.players_state[seat]
        before = (self.round, len(self.bag), p.loot_drawn, len(self.log), len(self.loot_discard),
                  len(self.completions), len(self.bridges_used))
        used = list(self.card_used)
        rng = self._rng
        self._play(action)
        if (self.end_reason is not None or self._rng is not rng or self.players_state[seat] is not p
                or (self.round, len(self.bag), p.loot_drawn, len(self.log)) != before[:4]):
            turn.steps[action] = OFF_TURN
            return
        step = DealtStep()
        step.player = _shallow(p)
        step.row = tuple(self.row)
        step.pending = tuple(self.pending)
        step.phase = self.phase
        step.loot_used = self.loot_used
        step.seat = self.seat
        step.card_used = None if self.card_used == used else list(self.card_used)
        step.loot_discard = None if len(self.loot_discard) == before[4] else list(self.loot_discard)
        step.completions = None if len(self.completions) == before[5] else list(self.completions)
        step.bridges_used = None if len(self.bridges_used) == before[6] else list(self.bridges_used)
        step.then = DealtTurn() if self.seat == seat else None
        turn.steps[action] = step
        if step.then is not None:  # on the tree again: its position, as after a copied play
            self.players_state[seat] = step.player
        self.deal_turn = step.then


_legal = RivagesState.legal_actions
_new_state = object.__new__


def _own_piles(s: RivagesState, source) -> None:
    """Give a dealt state ``s`` an empty history, log, completions and bridges used of its own
    and its own copies of the piles and public lists every deal or copy changes in place (cards
    used, discards, removed cards, Loot discards; the row, the pending actions, the final
    scores), from ``source`` (the sampler's records, read once from the table by
    ``_read_table``: tests/rivages/test_sampler.py; or a dealt state)."""
    s.history = []
    s.private_log = {}
    s.card_used = list(source.card_used)
    s.discard = list(source.discard)
    s.removed = list(source.removed)
    s.loot_discard = list(source.loot_discard)
    s.row = list(source.row)
    s.pending = list(source.pending)
    s.final = None if source.final is None else list(source.final)
    s.completions = []
    s.bridges_used = []
    s.log = []


def _from_end(last: int, count: int) -> slice:
    """The slice of ``count`` items from position ``last`` down (``[last, last - 1, ...]``)."""
    stop = last - count
    return slice(last, None if stop < 0 else stop, -1)


def _read_table(s: RivagesState, game: RivagesGame, obs: dict, final, players: list, others,
                round_start: list | None = None) -> None:
    """The public rest of a state dealt from ``obs`` (row, pending, end, final scores, the
    others' round-start records with only the number of their hidden Loot tokens), shared by
    :class:`Sampler` and :func:`state_from_observation_plain` so the two cannot drift apart.
    ``round_start``: the round-start records made by the caller (the sampler's, equal to
    those made here from ``players``: tests/rivages/test_sampler.py)."""
    s.row = list(obs["row"])
    s.pending = [tuple(a) for a in obs["pending"]]
    s.loot_used = obs["loot_used"]
    s.last_round = obs["last_round"]
    s.end = obs["end"]
    s.end_reason = obs["end_reason"]
    s.final = None if final is None else list(final)
    s.bonus = [0] * game.players
    if s.final is not None and game.solo is None:
        s.bonus = s.great_explorer_bonus()
    s.completions = []
    s.bridges_used = []
    s.log = []
    s._logging = False  # it starts without the move log (not shown): its lines are not worded
    if round_start is not None:
        s.round_start = round_start
        return
    s.round_start = [p.copy() for p in players]
    for q in others:
        count = obs["explorers"][q]["loot_count"]
        rs = s.round_start[q]
        rs.loot = (rs.loot + [-1] * count)[:count]


def state_from_observation(game: RivagesGame, obs: dict, rng: random.Random) -> RivagesState:
    """A state consistent with ``obs``: the observer's own position exactly; the cards, Loot
    tokens and islands it cannot see dealt at random to the other hands, the deck (keeping the
    number of Exploration cards left above the Endgame cards), the bag and the pile. Its move
    log starts empty (observations do not show it) and playing on it (or a clone) words no log
    lines: such states are for look-ahead. Many states of one observation: :class:`Sampler`."""
    return Sampler(game, obs)(rng)


def state_from_observation_plain(game: RivagesGame, obs: dict, rng: random.Random) -> RivagesState:
    """The plain reference of :class:`Sampler` (tests/rivages/test_sampler.py): the
    observation read afresh and the deal shuffled with ``rng.shuffle``; the same state."""
    s = RivagesState(game, 0, _empty=True)
    s.seed_rng(rng.random())
    me = obs["seat"]
    card_index = game.card_index
    mine = obs["explorers"][me]
    own_hand = [card_index[c] for c in mine["hand"]]
    s.card_used = [0] * len(game.cards)
    for cid, used in obs["card_used"].items():
        s.card_used[card_index[cid]] = used
    s.discard = [card_index[c] for c in obs["discard"]]
    s.removed = [card_index[c] for c in obs["removed"]]
    seen = set(own_hand) | set(s.discard) | set(s.removed)
    unseen_exp = [c for c in game.exploration if c not in seen]
    unseen_end = [c for c in game.endgame if c not in seen]
    rng.shuffle(unseen_exp)
    rng.shuffle(unseen_end)
    n_exp = min(obs["exploration_left"], len(unseen_exp))
    n_end = min(obs["deck_size"] - obs["exploration_left"], len(unseen_end))
    s.deck = unseen_end[:n_end] + unseen_exp[:n_exp]
    rest_cards = unseen_exp[n_exp:] + unseen_end[n_end:]
    rng.shuffle(rest_cards)
    # Loot: own tokens by kind, then the played ones; of the unseen ones, the bag gets its size and
    # the other seats the rest. Their counts as of the round's start are trued up on the seats
    # that have played this round (they may have drawn or played a token since).
    free = list(range(len(game.tokens)))
    def take_kind(kind: str) -> int:
        t = next(x for x in free if game.tokens[x] == kind)
        free.remove(t)
        return t
    own_loot = [take_kind(k) for k in mine["loot"]]
    s.loot_discard = [take_kind(k) for k in obs["loot_discard"]]
    rng.shuffle(free)
    s.bag = free[: obs["bag_size"]]
    rest = free[obs["bag_size"]:]
    to_move = obs["to_move"] if obs["to_move"] is not None else game.players
    others = [q for q in range(game.players) if q != me]
    order = [q for q in others if q < to_move] + [q for q in others if q >= to_move]
    counts = {q: obs["explorers"][q]["loot_count"] for q in others}
    surplus = len(rest) - sum(counts.values())
    for q in order:  # more tokens: all to the first seat; fewer: taken from each seat in turn
        change = max(surplus, -counts[q])
        counts[q] += change
        surplus -= change
        if not surplus:
            break
    players = []
    for seat, rec in enumerate(obs["explorers"]):
        if seat == me:
            players.append(_player(game, rec, own_hand, own_loot))
            continue
        hand = [rest_cards.pop() for _ in range(min(rec["hand_size"], len(rest_cards)))]
        loot = [rest.pop() for _ in range(min(counts[seat], len(rest)))]
        players.append(_player(game, rec, hand, loot, shared=True))
    s.players_state = players
    on_table = {p.island for p in players} | {isl for p in players for isl, _ in p.past}
    s.pile = [i for i in range(len(game.maps)) if i not in on_table]
    rng.shuffle(s.pile)
    s.challenges = _challenges(game, obs["challenges"])
    s.round = obs["round"]
    s.seat = obs["to_move"] if obs["to_move"] is not None else 0
    own_turn = obs["phase"] is not None
    if own_turn:
        s.phase = obs["phase"]
    else:
        s.phase = "start" if players[s.seat].needs_start else "choose"
    _read_table(s, game, obs, obs["final"], players, others)
    return s


def _bare_state(game: RivagesGame, rng_seed) -> RivagesState:
    """A state with no position yet, as ``RivagesState(game, 0, _empty=True)`` followed by
    ``seed_rng(rng_seed)`` leave it, made without the calls (a deal per MCTS iteration)."""
    s = _new_state(RivagesState)
    s.game = game
    s.seed = 0
    s.history = []
    s.private_log = {}
    s.round_records = None
    s._rng = None
    s._rng_seed = rng_seed
    s._rng_shared = False
    return s


def _challenges(game: RivagesGame, ids) -> list:
    """The solo challenge cards (RIV-X6) of ``ids``, in the order of the game's solo cards."""
    return [c for c in (game.solo.challenges if game.solo else []) if c.id in ids]


def visible_state(game: RivagesGame, obs: dict) -> RivagesState:
    """A state holding only what ``obs`` shows: the observer's position and turn exactly, the
    others as the round's records show them (no hand, no Loot), the deck, discard, bag and
    pile only by size (their cards, tokens and islands stand as -1). No random choice is made.
    Only for ``preview(action, copy=False)`` of the observer's own actions: what a preview
    plays in place never reads a hidden card, token or island (it returns None for the round's
    end and reshuffles, which do), so its outcome is the same on every state consistent with
    ``obs`` (tests/rivages/test_preview.py). Never for play."""
    s = _bare_state(game, 0)  # RivagesState(game, 0, _empty=True) and seed_rng(0)
    me = obs["seat"]
    explorers = obs["explorers"]
    mine = explorers[me]
    card_index = game.card_index
    v = views(game)
    own_loot = v.first_tokens(mine["loot"])
    players = []
    for seat, rec in enumerate(explorers):
        if seat == me:
            players.append(_player(game, rec, [card_index[c] for c in rec["hand"]], own_loot, take=True))
        else:  # read once per round and shared: previews change only the mover's position
            players.append(v.other(rec) or _player(game, rec, [], [], shared=True))
    s.players_state = players
    s.round_start = players
    # rows used of the cards seen, 0 for the others (in card order, looked up by id)
    s.card_used = list(map(obs["card_used"].get, game.card_ids, repeat(0)))
    unknown = -1
    s.deck = [unknown] * obs["deck_size"]
    s.discard = [unknown] * len(obs["discard"])
    s.removed = [unknown] * len(obs["removed"])
    s.bag = [unknown] * obs["bag_size"]
    s.loot_discard = [unknown] * len(obs["loot_discard"])
    s.pile = [unknown] * obs["pile_size"]
    s.challenges = _challenges(game, obs["challenges"])  # public (RIV-X6): the bot plays toward them
    s.round = obs["round"]
    s.seat = obs["to_move"] if obs["to_move"] is not None else 0
    if obs["phase"] is not None:
        s.phase = obs["phase"]
    else:
        s.phase = "start" if players[s.seat].needs_start else "choose"
    s.row = list(obs["row"])
    s.pending = [tuple(a) for a in obs["pending"]]
    s.loot_used = obs["loot_used"]
    s.last_round = obs["last_round"]
    s.end = obs["end"]
    s.end_reason = obs["end_reason"]
    s.final = None if obs["final"] is None else list(obs["final"])
    s.bonus = [0] * game.players
    s.completions = []
    s.bridges_used = []
    s.log = []
    return s


class RivagesSeatView(SeatView):
    """What one seat may see of a Rivages state, read in place (``state.seat_view(seat)``; see
    :class:`studio.rules.api.SeatView`). :meth:`visible_state` is ``game.visible_state`` of the
    seat's observation, made from the state without building the observation."""

    __slots__ = ()
    _state: RivagesState   # made by RivagesState.seat_view only

    def visible_state(self) -> RivagesState:
        """``game.visible_state(self.observation())``, the same state (snapshot for snapshot:
        tests/rivages/test_seat_view.py), read from the state in place when it is the seat's
        turn (a bot's decision), else through the observation."""
        state = self._state
        if state.end_reason is not None or state.seat != self.seat:
            return visible_state(state.game, self.observation())
        return _visible_in_place(state, self.seat)


def _visible_in_place(state: RivagesState, seat: int) -> RivagesState:
    """:func:`visible_state` of ``state.observation(seat)`` on the seat's own turn, read from
    ``state``: its own position copied (its Loot tokens the first ones of their kinds, as an
    observation reads them back), the others as the round started without hand nor Loot
    (made once per round, shared), the rows used of the cards it sees, the piles by size."""
    game = state.game
    v = views(game)
    s = _bare_state(game, 0)
    mine = state.players_state[seat]
    own = mine.copy()
    if mine.loot:
        tokens = game.tokens
        own.loot = v.first_tokens(tokens[t] for t in mine.loot)
    start = state.round_start
    others = v.others
    if others is None or others[0] is not start:
        others = v.others = (start, {})
    kept = others[1]
    players = []
    for q in range(game.players):
        if q == seat:
            players.append(own)
            continue
        p = kept.get(q)
        if p is None:
            p = kept[q] = _shallow(start[q])  # its lists are never changed: a preview moves only the seat
            p.hand, p.loot = [], []
        players.append(p)
    s.players_state = players
    s.round_start = players
    used = state.card_used
    card_used = [0] * len(used)
    for pile in (mine.hand, state.discard, state.removed):
        for c in pile:
            card_used[c] = used[c]
    s.card_used = card_used
    unknown = [-1]
    s.deck = unknown * len(state.deck)
    s.discard = unknown * len(state.discard)
    s.removed = unknown * len(state.removed)
    s.bag = unknown * len(state.bag)
    s.loot_discard = unknown * len(state.loot_discard)
    s.pile = unknown * len(state.pile)
    s.challenges = _challenges(game, [c.id for c in state.challenges])
    s.round = state.round
    s.seat = seat
    s.phase = state.phase
    s.row = list(state.row)
    s.pending = [tuple(a) for a in state.pending]
    s.loot_used = state.loot_used
    s.last_round = state.last_round
    s.end = None
    s.end_reason = None
    s.final = None
    s.bonus = [0] * game.players
    s.completions = []
    s.bridges_used = []
    s.log = []
    return s
