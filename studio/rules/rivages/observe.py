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

from studio.rules.rivages.board import bits
from studio.rules.rivages.game import Player, RivagesGame, RivagesState


def _record(state: RivagesState, p: Player, private: bool) -> dict:
    game = state.game
    m = game.maps[p.island]
    tree = game.trees[p.tree]
    rec = {
        "island": m.id,
        # islands by position in the game too: copies of one island share its id (island trials)
        "island_index": p.island,
        "crossed": [list(m.at[i]) for i in bits(p.crossed)],
        "past": [[game.maps[isl].id, [list(game.maps[isl].at[i]) for i in bits(c)]] for isl, c in p.past],
        "past_index": [isl for isl, _ in p.past],
        "islands_visited": p.islands_visited,
        "tree": tree.id,
        "tree_crossed": [tree.nodes[i] for i in bits(p.tree_crossed)],
        "scrolls": p.scrolls,
        "loot_count": len(p.loot),
        "hand_size": len(p.hand),
        "needs_start": p.needs_start,
        "travel": p.travel,
        "goal_done": list(p.goal_done),
        "goal_used": list(p.goal_used),
        "areas_order": list(p.areas_order),
        "loot_drawn": p.loot_drawn,
        "statues": p.statues,
        "areas_by_terrain": list(p.areas_by_terrain),
    }
    if private:
        rec["hand"] = [game.card_ids[c] for c in p.hand]
        rec["loot"] = [game.tokens[t] for t in p.loot]
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
                explorers.append(_record(state, state.players_state[s], True))
                continue
            rec = records.get(s)
            if rec is None:
                rec = records[s] = _record(state, state.round_start[s], False)
            explorers.append(rec)
    me = state.players_state[seat]
    visible = list(me.hand) + state.discard + state.removed
    return {
        "game": "rivages",
        "seat": seat,
        "players": game.players,
        "round": state.round,
        "to_move": state.current_player,
        "last_round": state.last_round,
        "end_reason": state.end_reason,
        "phase": state.phase if own_turn else None,
        "row": list(state.row) if own_turn else [],
        "pending": [list(a) for a in state.pending] if own_turn else [],
        "loot_used": state.loot_used if own_turn else False,
        "card_used": {game.card_ids[c]: state.card_used[c] for c in visible},
        "deck_size": len(state.deck),
        "exploration_left": state.exploration_left(),
        "discard": [game.card_ids[c] for c in state.discard],
        "removed": [game.card_ids[c] for c in state.removed],
        "loot_discard": [game.tokens[t] for t in state.loot_discard],
        "bag_size": len(state.bag),
        "pile_size": len(state.pile),
        "challenges": [c.id for c in state.challenges],
        "explorers": explorers,
        "final": None if state.final is None else list(state.final),
    }


def _player(game: RivagesGame, rec: dict, map_index: dict, hand: list[int], loot: list[int]) -> Player:
    # by position when the record has it: by id, copies of one island would all be the first
    isl = rec["island_index"] if "island_index" in rec else map_index[rec["island"]]
    m = game.maps[isl]
    tree_i = next(i for i, t in enumerate(game.trees) if t.id == rec["tree"])
    tree = game.trees[tree_i]
    p = Player.fresh(isl, tree_i, len(game.terrains), len(m.goals))
    for h in rec["crossed"]:
        i = m.index[tuple(h)]
        p.crossed |= 1 << i
        p.reach |= m.nbr[i]
    past_index = rec.get("past_index") or [map_index[isl_id] for isl_id, _ in rec["past"]]
    for (_isl_id, crossed), pi in zip(rec["past"], past_index):
        pm = game.maps[pi]
        mask = 0
        for h in crossed:
            mask |= 1 << pm.index[tuple(h)]
        p.past.append((pi, mask))
    for node in rec["tree_crossed"]:
        i = tree.index[node]
        p.tree_crossed |= 1 << i
        p.tree_reach |= tree.nbr[i]
    p.scrolls = rec["scrolls"]
    p.needs_start = rec["needs_start"]
    p.travel = rec["travel"]
    p.goal_done = list(rec["goal_done"])
    p.goal_used = list(rec["goal_used"])
    p.areas_order = list(rec["areas_order"])
    for a in p.areas_order:
        p.areas_done |= 1 << a
    p.loot_drawn = rec["loot_drawn"]
    p.statues = rec["statues"]
    p.areas_by_terrain = list(rec["areas_by_terrain"])
    p.hand = hand
    p.loot = loot
    return p


def state_from_observation(game: RivagesGame, obs: dict, rng: random.Random) -> RivagesState:
    """A state consistent with ``obs``: the observer's own position exactly; the cards, Loot
    tokens and islands it cannot see dealt at random to the other hands, the deck (keeping the
    number of Exploration cards left above the Endgame cards), the bag and the pile."""
    s = RivagesState(game, 0, _empty=True)
    s.seed_rng(rng.random())
    me = obs["seat"]
    map_index = {}
    for i, m in enumerate(game.maps):
        map_index.setdefault(m.id, i)
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
            players.append(_player(game, rec, map_index, own_hand, own_loot))
            continue
        hand = [rest_cards.pop() for _ in range(min(rec["hand_size"], len(rest_cards)))]
        loot = [rest.pop() for _ in range(min(counts[seat], len(rest)))]
        players.append(_player(game, rec, map_index, hand, loot))
    s.players_state = players
    on_table = {p.island for p in players} | {isl for p in players for isl, _ in p.past}
    s.pile = [i for i in range(len(game.maps)) if i not in on_table]
    rng.shuffle(s.pile)
    s.challenges = [c for c in (game.solo.challenges if game.solo else []) if c.id in obs["challenges"]]
    s.round = obs["round"]
    s.seat = obs["to_move"] if obs["to_move"] is not None else 0
    own_turn = obs["phase"] is not None
    if own_turn:
        s.phase = obs["phase"]
    else:
        s.phase = "start" if players[s.seat].needs_start else "choose"
    s.row = list(obs["row"])
    s.pending = [tuple(a) for a in obs["pending"]]
    s.loot_used = obs["loot_used"]
    s.last_round = obs["last_round"]
    s.end_reason = obs["end_reason"]
    s.final = None if obs["final"] is None else list(obs["final"])
    s.bonus = [0] * game.players
    if s.final is not None and game.solo is None:
        s.bonus = s.great_explorer_bonus()
    s.completions = []
    s.bridges_used = []
    s.log = []
    # what the observer saw of the others: their round-start records (only the number of their
    # hidden tokens matters there)
    s.round_start = [p.copy() for p in players]
    for q in others:
        count = obs["explorers"][q]["loot_count"]
        rs = s.round_start[q]
        rs.loot = (rs.loot + [-1] * count)[:count]
    return s
