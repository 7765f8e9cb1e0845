"""Differential test of the fast paths of the Rule the Realm engine against the plain ones.

``state.preview(band)`` (worked out without playing the band, or played and taken back) must
give exactly what playing the band on a copy gives, and leave the state exactly as it was;
``projected_scores()`` (final scoring taken back, no copy) must equal the final scoring of a
copy. Checked on random positions of every bundled location and player count (24 cases),
with other payments than the default one (energy payments, L6-5, included). A longer run:
``python benchmarks/bench_core.py --differential 20``.
"""

from __future__ import annotations

import random

import pytest

from studio.rules import load_game
from studio.rules.ends import NOT_FINISHED
from studio.rules.realm import Place
from studio.rules.realm.enclosure import enclosed_side
from studio.rules.realm.game import RealmState
from tests.rules.realm_helpers import game_on, seg, small_board
from tests.rules.test_realm_conformance import CASES


def reference_projection(state) -> list[float]:
    """The end-of-game rules applied to a copy (the plain way)."""
    final = state
    if state.end_reason is None:
        final = state.clone()
        final._finish(NOT_FINISHED)  # any end: the final scoring is the same
    return [float("-inf") if s in final.eliminated else float(final.score[s]) for s in range(state.players)]


def reference_preview(state, action) -> tuple:
    after = state.clone()
    after.apply_trusted(action)
    return (after.last_outcome, reference_projection(after), list(after.score), list(after.energy),
            [after.energy_needed(s) for s in range(state.players)], after.is_terminal())


def full_snapshot(state) -> dict:
    snap = state.snapshot()
    snap["parents"] = [dict(w.parent) for w in state.walls]
    snap["reach"] = [None if r is None else ([sh.index for sh in r[0]], sorted(r[1])) for r in state.reach]
    snap["log"] = list(state.log)
    snap["last_outcome"] = state.__dict__.get("last_outcome")
    return snap


def check_position(state, rng, per_position: int) -> int:
    """Compare every fast path with the plain one on ``state``; returns the previews checked."""
    before = full_snapshot(state)
    legal = state.legal_actions()
    assert state.projected_scores() == reference_projection(state)
    places = [a for a in legal if isinstance(a, Place)]
    if len(places) > per_position:
        places = rng.sample(places, per_position)
    # other legal payments for some bands: pairs, cards to other seats, energy tokens (L6-5)
    for band in places[:2]:
        options = state.payment_options(band.pegs)
        if len(options) > 1:
            places.append(Place(band.pegs, rng.choice(options[1:]), band.shape))
    previewer = state.previewer()  # one for all the bands, as the greedy bot uses it
    light = state.previewer(projected=False)  # as the playtest watch uses it
    for action in places:
        want = reference_preview(state, action)
        for got in (state.preview(action), previewer.preview(action)):
            assert (got.outcome, got.projected, got.score, got.energy, got.energy_needed, got.terminal) == want, action
        got = light.preview(action)
        assert (got.outcome, got.score, got.energy, got.terminal) == (want[0], want[2], want[3], want[5]), action
        assert got.projected is None and got.energy_needed is None
    assert full_snapshot(state) == before, "a preview changed the state"
    assert state.legal_actions() == legal
    check_closing_regions(state, rng)
    return len(places)


def reference_closing_regions(topology, walls, shape) -> list:
    """What closing ``shape``'s sides one by one on a copy of ``walls`` encloses (the plain
    search, :func:`enclosed_side`, for every side): (region, segments outside the band)."""
    trial = walls.copy()
    found = []
    for line in shape.sides:
        if trial.add(line):
            region = enclosed_side(topology, trial, line)
            faces = [f for f in region if topology.is_segment[f] and f not in shape.interior]
            if faces:
                found.append((region, faces))
    return found


def check_closing_regions(state, rng, count: int = 12) -> None:
    """The remembered closing regions (with the shortcut for bands whose pegs lie in separate
    parts of the walls) equal the plain search, for bands of every seat's reach."""
    topo = state.game.topology
    for seat in range(state.players):
        reach = state.reach[seat]
        shapes = list(reach[0]) if reach is not None else []
        for shape in rng.sample(shapes, min(count, len(shapes))):
            walls = state.walls[seat]
            assert state._closing_regions(walls, shape) == reference_closing_regions(topo, walls, shape), shape


def positions_of(game, seed: int, games: int = 1, every: int = 2, greedy_share: float = 0.0):
    """Positions of games on ``game`` (every ``every``-th ply): random actions, bands preferred
    to draws, and a ``greedy_share`` of the greedy bot's actions."""
    from studio.bots import make_bot

    greedy = make_bot("greedy")
    for g in range(games):
        state = game.new_state(seed + g)
        rng = random.Random(seed * 31 + g)
        ply = 0
        while not state.is_terminal():
            if ply % every == 0:
                yield state, rng
            legal = state.legal_actions()
            places = [a for a in legal if isinstance(a, Place)]
            if rng.random() < greedy_share:
                seat = state.current_player
                state.apply(greedy.act(game, state.observation(seat), legal, rng))
            else:
                state.apply(rng.choice(places if places and rng.random() < 0.85 else legal))
            ply += 1


def random_positions(path, players, seed: int, games: int = 1, every: int = 2):
    """Positions of games on a bundled scenario (see :func:`positions_of`): a third of the
    actions are the greedy bot's, so the games get somewhere."""
    yield from positions_of(load_game(path, players, seed=seed), seed, games, every, greedy_share=0.3)


@pytest.mark.parametrize("path,players", CASES, ids=[f"{p.stem}-{n}p" for p, n in CASES])
def test_preview_and_projection_equal_playing_on_a_copy(path, players):
    checked = sum(check_position(state, rng, per_position=8)
                  for state, rng in random_positions(path, players, seed=11, games=2, every=3))
    assert checked >= 60  # thousands over the 24 cases


def _small(players, **rules):
    """A 4 x 5 board where every segment holds treasure or energy (random, fixed seed): small
    enough that random bands reach goals, close regions and fight over majorities."""
    rng = random.Random(players)
    faces = []
    for r in range(3):
        for c in range(1, 5):
            top, bottom = f"{chr(97 + r)}{c}", f"{chr(98 + r)}{c}"
            right, bottom_right = f"{chr(97 + r)}{c + 1}", f"{chr(98 + r)}{c + 1}"
            faces += [seg(top, right, bottom) if r % 2 == 0 else seg(top, bottom, bottom_right),
                      seg(right, bottom, bottom_right) if r % 2 == 0 else seg(top, right, bottom_right)]
    contents = {f: (rng.randint(0, 2), rng.randint(0, 2)) for f in faces}
    return game_on(small_board(rows=4, columns=5, players=players, contents=contents), **rules)


SMALL = {
    "cross-board": dict(modules={"cross-board": {"bonuses": [8, 6]}}, end={"score": 30}),
    "excavation": dict(bands=["line", "triangle", "quad", "long-barrier"], start="anywhere", connect=False,
                       end={"rounds": 6}, modules={"excavation": {"min_segments": 3, "points_per_segment": 1}}),
    "volcano": dict(start="anywhere", end={"rounds": 6}, extra_action_cost=2,
                    modules={"volcano": {"escape_energy": 3}}),
    "territories": dict(start="anywhere", connect=False, energy_payment=True, bands=["triangle", "quad"],
                        cards={"personal-deck": {"size": 12, "draw": 3}}, modules={"territories": {"points": 4}}),
}


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("name", sorted(SMALL))
def test_preview_equals_playing_on_a_copy_on_small_boards(name, players):
    game = _small(players, **SMALL[name])
    checked = sum(check_position(state, rng, per_position=10) for state, rng in positions_of(game, 5, games=3))
    assert checked >= 60


def test_preview_refuses_what_is_not_a_band(jungle_scenario):
    state = load_game(jungle_scenario, 2, seed=1).new_state()
    draw = next(a for a in state.legal_actions() if not isinstance(a, Place))
    with pytest.raises(TypeError, match="preview takes a band"):
        state.preview(draw)


@pytest.mark.parametrize("players", [2, 3])
def test_bands_that_end_the_game_are_previewed_without_playing_them(players, monkeypatch):
    """With only the base end rules (a score to reach, RTR-E1) and energy to VP as the whole
    final scoring (RTR-E2), the last band of a round is worked out directly, game end and final
    scoring included, and equals playing it on a copy."""
    game = _small(players, start="anywhere", end={"score": 4}, energy_per_vp=2)
    played = []
    real = RealmState._played_preview
    monkeypatch.setattr(RealmState, "_played_preview", lambda self, action: played.append(action) or real(self, action))
    ending = checked = 0
    for state, _rng in positions_of(game, 7, games=6, every=1):
        if state.seat != players - 1 or state.actions_left != 1 or state.pending:
            continue
        previewer = state.previewer()
        for action in state.legal_actions():
            if not isinstance(action, Place):
                continue
            got = previewer.preview(action)
            assert (got.outcome, got.projected, got.score, got.energy, got.energy_needed,
                    got.terminal) == reference_preview(state, action), action
            ending += got.terminal
            checked += 1
    assert played == []
    assert checked >= 50 and ending >= 5


@pytest.mark.rule("L4-4", "L4-5", "L4-6", "L4-3")
@pytest.mark.parametrize("players", [2, 4])
def test_pictures_are_previewed_without_playing_the_band(players, monkeypatch):
    """The Engraved Board's pictures act on every band that collects or holds an empty
    segment; the preview works their points out (``Pictures.preview_place``) instead of
    playing the band: equal to playing it on a copy, completions and penalties included."""
    from studio.content import bundled_path
    from studio.rules.realm.engraved_board import Pictures

    acted = []
    plain = Pictures.preview_place

    def counted(self, state, seat, shape, outcome, score):
        done = plain(self, state, seat, shape, outcome, score)
        acted.append(outcome.notes[:] if done else None)
        return done

    monkeypatch.setattr(Pictures, "preview_place", counted)
    played = []
    monkeypatch.setattr(RealmState, "_played_preview",
                        lambda self, action, projected=True, _p=RealmState._played_preview:
                        played.append(action) or _p(self, action, projected))
    path = bundled_path("scenarios", "engraved-board.yaml")
    checked = 0
    for state, _rng in random_positions(path, players, seed=3, games=2, every=2):
        previewer = state.previewer()
        for action in [a for a in state.legal_actions() if isinstance(a, Place)][:25]:
            want = reference_preview(state, action)
            got = previewer.preview(action)
            assert (got.outcome, got.projected, got.score, got.energy, got.energy_needed, got.terminal) == want
            checked += 1
    notes = [n for n in acted if n]
    assert checked > 300 and len(acted) > 100 and len(played) < len(acted)
    assert any("completes picture" in line for n in notes for line in n)
    assert any("empty segment" in line for n in notes for line in n)


def check_memo_along(game, seed: int, games: int = 1, greedy_share: float = 0.3) -> tuple[int, int]:
    """Every ply of games on ``game``: for the seat to move, ``projected`` of a previewer with
    that seat's :class:`BandMemo` (kept from ply to ply, as the greedy bot keeps it) equals
    the plain preview's projected score, for every listed band and some other payments, on
    the state and on a state sampled from the seat's observation (whose board is shared with
    the states sampled before it, walls included). Returns (bands whose effects the memo
    reused, bands previewed with the memo in use: where the end of the game is energy to VP
    alone, see BandPreviewer)."""
    from studio.rules.realm.game import BandMemo, BandPreviewer

    worked = [0]
    effects = BandPreviewer._gains  # what the memo works out for a band it cannot reuse

    def counted(self, shape):
        worked[0] += 1
        return effects(self, shape)

    memos = [BandMemo() for _ in range(game.players)]
    shared = BandMemo()  # one memo for every seat and both kinds of state: it starts over
    checked = served = 0
    BandPreviewer._gains = counted
    try:
        for state, rng in positions_of(game, seed, games=games, every=1, greedy_share=greedy_share):
            seat = state.current_player
            legal = state.legal_actions()
            places = [a for a in legal if isinstance(a, Place)]
            if not places:
                continue
            for band in places[:1]:
                options = state.payment_options(band.pegs)
                if len(options) > 1:
                    places.append(Place(band.pegs, rng.choice(options[1:]), band.shape))
            sampled = game.sample_state(state.observation(seat), random.Random(rng.random()))
            for position in (sampled, state):
                plain = position.previewer()
                for memo in (memos[seat], shared):
                    kept = position.previewer(memo=memo)
                    before = worked[0]
                    got = [kept.projected(a) for a in places]
                    if kept.memo is not None:
                        served += len(places)
                        checked += len(places) - (worked[0] - before)
                    assert got == [plain.preview(a).projected[seat] for a in places], position.history[-1:]
    finally:
        BandPreviewer._gains = effects
    return checked, served


@pytest.mark.parametrize("path,players", CASES, ids=[f"{p.stem}-{n}p" for p, n in CASES])
def test_projected_with_a_memo_equals_the_preview(path, players):
    """The greedy bot's incremental previews (BandMemo: what a band did kept from one decision
    to the next, dropped when what it read changes) give exactly the plain preview's value."""
    game = load_game(path, players, seed=13)
    reused, served = check_memo_along(game, 13)
    assert reused >= served // 10  # the memo is used, not only refilled


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("name", sorted(SMALL) + ["scarce"])
def test_projected_with_a_memo_equals_the_preview_on_small_boards(name, players):
    """The same on small boards full of content: regions closed often, and (``scarce``) an
    energy supply that runs out, so a band gets less energy than its segments hold."""
    rules = SMALL[name] if name != "scarce" else dict(start="anywhere", end={"rounds": 8}, energy_supply=5)
    reused, served = check_memo_along(_small(players, **rules), 5, games=2, greedy_share=0.5)
    assert reused >= served // 10
