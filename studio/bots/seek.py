"""Heading for distant content: the greedy bot's way out of a stall (Rule the Realm).

The greedy bot values a band by what it gains now plus a pull toward content within its horizon
(:class:`~studio.bots.base.GreedyBot`). With nothing of value within reach of that horizon, and
nothing a band gains now, every band costs more than a draw, so a seat would place a band or two
and then only draw until the deck runs dry (issue 14: a bot failure, not a verdict on the
board). :func:`head_for_content` breaks that tie by distance: among the bands that lose nothing
now, it takes the one that claims the most content, else the one that brings the seat's pegs
closest, in board lines, to content nobody has taken yet; the fewest cards break what is left.
"""

from __future__ import annotations

from collections import deque


def content_faces(game) -> list[int]:
    """The segments worth taking on ``game``'s board: those holding treasure, energy or an idol
    (RTR-P3, L7-1), as face indices. Cached on the game's topology."""
    topo = game.topology
    cached = getattr(topo, "_seek_faces", None)
    if cached is None:
        idol = [bool(s is not None and getattr(s, "idol", None)) for s in topo.segment_of_face]
        cached = [f for f in range(len(topo.faces))
                  if topo.is_segment[f] and (topo.treasure[f] or topo.energy[f] or idol[f])]
        topo._seek_faces = cached
    return cached


def content_distance(state, seat: int) -> dict:
    """Per peg, its distance in board lines to the nearest content not yet taken (segments of
    :func:`content_faces` outside ``state.collected``, and ``seat``'s goal edge while a bonus
    awaits it, L1-2). One breadth-first search from every such peg; pegs that reach none are
    left out (an empty dict: nothing left anywhere)."""
    game = state.game
    topo = game.topology
    sources = set()
    for f in content_faces(game):
        if f not in state.collected:
            sources.update(topo.faces[f].pegs)
    if state.goal_bonus(seat) and game.seats[seat].goal:
        sources.update(game.seats[seat].goal)
    neighbours = topo.neighbours
    dist = {p: 0 for p in sources if p in neighbours}
    frontier = deque(dist)
    while frontier:
        p = frontier.popleft()
        d = dist[p] + 1
        for q in neighbours[p]:
            if q not in dist:
                dist[q] = d
                frontier.append(q)
    return dist


def head_for_content(bot, state, seat: int, legal_actions, before: float):
    """The band that heads for content when no band gains anything now, or None.

    ``state``: a state the bot may read in full (sampled from its observation); ``before``:
    the bot's value of it (:meth:`GreedyBot._value`). Candidates are the legal bands whose value
    right after them, costs aside, is not below ``before`` (a band that loses points, e.g. a
    Labyrinth self-crossing, is never one). None when one of them gains something now (the
    bot's own valuation decides then), or when none claims content nor ends nearer to content
    than the seat's pegs are now (e.g. nothing is left). Without the connection rule (RTR-P6
    off) only claiming counts: the next band may go anywhere anyway."""
    places = [a for a in legal_actions if type(a).__name__ == "Place"]
    if not places:
        return None
    connect = state.game.rules.connect
    wanted = set(content_faces(state.game))
    candidates = []
    for action in places:
        preview = state.preview(action)
        gain = bot._preview_value(preview, seat) - before
        if gain > 1e-9:
            return None  # something gains now: not a stall
        if gain < -1e-9:
            continue
        claimed = sum(1 for f in preview.outcome.collected if f in wanted)
        candidates.append((action, claimed))
    if not candidates:
        return None
    dist = content_distance(state, seat) if connect else {}
    if not dist and not any(c for _, c in candidates):
        return None
    bit = 1 << seat
    held = [p for p, mask in state.peg_seats.items() if mask & bit]
    far = float("inf")
    now = min((dist.get(p, far) for p in held), default=far)
    best, best_key = None, None
    for action, claimed in candidates:
        after = min((dist.get(p, far) for p in action.pegs), default=far) if connect else far
        if not claimed and not after < now:
            continue
        key = (-claimed, after, len(action.payment))
        if best_key is None or key < best_key:
            best, best_key = action, key
    return best
