"""The Rule the Realm engine's sharing and shortcuts, each held to the plain way.

* clones and sampled states share bands, peg owners, reach, walls and the card shuffler until
  one side changes them (copy on write): every state stays equal to a plain replay of its own
  record, whatever its twins do;
* board parts of sampled states share the seats' walls and reach between observations: a
  sampled state equals one sampled from a fresh game;
* ``apply`` skips the payment check for the very Place listed for the hand now: the reasons
  it gives equal the plain check's for listed bands and for other payments;
* walls remember what trial lines enclose until they really change; a board part of sampled
  states keeps what a seat's walls remembered for bands away from the seat's new band;
* the greedy bot's band memo keeps an entry across the seat's own band when the band closes
  the same regions on the new walls: its values equal the plain preview's; what it keeps of
  a band (treasure, energy, supply left) equals the band's effects;
* states sampled on one board part share the board after a first band of theirs (made once
  per seat and shape, copy on write): each equals its plain twin (a clone, which plays the
  band its own way) along the actions after, and lists as the plain list;
* such a first band closes the seat's walls once per part, seat and shape (the walls after
  and the regions they enclose): its outcome and walls equal the plain twin's, closing bands
  among them;
* states dealt by a search's sampler (and their clones) write no log: apart from the log they
  play exactly as the plain states ``sample_state`` deals;
* a band clears the payment entries of the shapes on its new pegs when the cache is next read
  (``_pay_fresh``), not as it lands: after bands played without a listing between them, and
  in clones taken meanwhile, every entry left equals a fresh one and the listings equal the
  plain list;
* the Volcano escape projected on plain lists equals playing the final scoring;
* a listing's bands read by shape and cost (``LegalActions.band_costs``, unbuilt) are its
  built bands' shapes and payments;
* a Place hashes its fields once, and the cache is never pickled;
* a listed Place remembers its board shape for the game that listed it only.
"""

from __future__ import annotations

import pickle
import random

import pytest

from studio.content import bundled_path
from studio.playtest.runner import _RESULT_PARTS, _parts_of, register_result_parts, result_of
from studio.rules import load_game
from studio.rules.realm import CardPayment, Place
from studio.rules.realm.enclosure import Walls, enclosed_side
from tests.rules.test_legal_places import random_position
from tests.rules.test_preview import random_positions, reference_closing_regions, reference_projection
from tests.rules.test_realm_conformance import CASES as REALM_CASES

CASES = [("jungle-temples", 2), ("jungle-temples", 4), ("volcano", 3), ("cursed-triangle", 3),
         ("labyrinth", 2), ("fragile-ruins", 4), ("two-deities", 3)]


def scenario(name: str):
    return bundled_path("scenarios", f"{name}.yaml")


def view(state) -> dict:
    """Everything a state holds, the union-finds as partitions (compression may differ)."""
    snap = state.snapshot()
    snap["walls"] = [(sorted(w.covered), sorted(sorted(p for p in w.parent if w._root(p) == r)
                                                for r in {w._root(p) for p in w.parent}))
                     for w in state.walls]
    snap["reach"] = [None if r is None else ([sh.index for sh in r[0]], sorted(r[1])) for r in state.reach]
    snap["log"] = list(state.log)
    return snap


def replayed(state):
    """The plain state: its record replayed from scratch (shares nothing)."""
    return state.game.state_from_dict(state.to_dict())


@pytest.mark.parametrize("name,players", CASES, ids=[f"{n}-{p}p" for n, p in CASES])
def test_clones_sharing_until_they_change_equal_plain_replays(name, players):
    game = load_game(scenario(name), players, seed=3)
    checked = 0
    for seed in (1, 2):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if rng.random() < 0.15:
                twins = [state.clone(), state.clone()]
                for _ in range(4):  # each twin goes its own way, then the original moves on
                    for twin in twins:
                        if not twin.is_terminal():
                            twin.apply(rng.choice(twin.legal_actions()))
                for twin in twins:
                    assert view(twin) == view(replayed(twin))
                    checked += 1
            state.apply(rng.choice(state.legal_actions()))
        assert view(state) == view(replayed(state))
    assert checked > 10


@pytest.mark.parametrize("name,players", [("jungle-temples", 3), ("volcano", 2), ("labyrinth", 4)])
def test_sampled_states_equal_states_sampled_from_a_fresh_game(name, players):
    game = load_game(scenario(name), players, seed=4)
    other = load_game(scenario(name), players, seed=4)
    state = game.new_state(9)
    rng = random.Random(9)
    checked = 0
    while not state.is_terminal():
        obs = state.observation(state.current_player)
        samples = [game.sample_state(obs, random.Random(k)) for k in (1, 2)]
        fresh = []
        for k in (1, 2):
            other._board_part = None  # built from nothing: no part kept from earlier observations
            fresh.append(other.sample_state(obs, random.Random(k)))
        for k, (s, plain) in enumerate(zip(samples, fresh)):
            moves = random.Random(k)
            for _ in range(3):  # the two samples play different bands on the shared board
                if s.is_terminal():
                    break
                action = moves.choice(s.legal_actions())
                s.apply(action)
                plain.apply(action)
            assert view(s) == view(plain)
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 20


def test_a_sampled_deal_is_the_deal_of_rng_shuffle(monkeypatch):
    """``sample_state`` shuffles the unseen cards with the draws of ``rng.shuffle`` written out
    (``studio.rules.shuffle.shuffler``): the same hands and deck, and the generator left where
    ``rng.shuffle`` leaves it."""
    from studio.rules.realm import game as realm_game
    from studio.rules.shuffle import shuffle_plain

    game = load_game(scenario("jungle-temples"), 3, seed=4)
    state = game.new_state(3)
    moves = random.Random(3)
    checked = 0
    while not state.is_terminal():
        obs = state.observation(state.current_player)
        fast_rng, plain_rng = random.Random(checked), random.Random(checked)
        fast = game.sample_state(obs, fast_rng)
        with monkeypatch.context() as m:
            m.setattr(realm_game, "shuffler", lambda rng: shuffle_plain)
            plain = game.sample_state(obs, plain_rng)
        assert (fast.hands, fast.deck, fast.decks, fast.set_aside) == (plain.hands, plain.deck, plain.decks,
                                                                       plain.set_aside)
        assert fast_rng.getstate() == plain_rng.getstate()
        checked += 1
        state.apply(moves.choice(state.legal_actions()))
    assert checked > 20


def plain_reason(state, action):
    state._listed = lambda *args: False  # the plain payment check only
    try:
        return state.why_illegal(action)
    finally:
        del state._listed


@pytest.mark.parametrize("name,players", [("jungle-temples", 4), ("cursed-triangle", 2), ("labyrinth", 3)])
def test_the_listed_band_shortcut_gives_the_plain_reasons(name, players):
    game = load_game(scenario(name), players, seed=6)
    checked = 0
    for seed in (1, 2):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            places = [a for a in legal if isinstance(a, Place)]
            for band in rng.sample(places, min(4, len(places))):
                assert state.why_illegal(band) is None and plain_reason(state, band) is None
                others = [Place(band.pegs, pay, band.shape) for pay in state.payment_options(band.pegs)[1:3]]
                if band.payment:  # a card short, and a card to nobody on the peg
                    others.append(Place(band.pegs, band.payment[1:], band.shape))
                    first = band.payment[0]
                    others.append(Place(band.pegs, (CardPayment(first.peg, first.colour, 3 - (first.to or 0)),)
                                        + band.payment[1:], band.shape))
                for other in others:
                    assert state.why_illegal(other) == plain_reason(state, other), other
                    checked += 1
            state.apply(rng.choice(legal))
    assert checked > 100


def test_walls_forget_what_trials_enclosed_once_they_really_change():
    game = load_game(scenario("jungle-temples"), 2, seed=1)
    topo = game.topology
    shape = next(s for s in topo.shapes if s.kind == "triangle")
    a, b, c = shape.pegs
    walls = Walls()
    state = game.new_state(1)
    walls.add(shape.sides[0])
    walls.add(shape.sides[1])
    before = state._closing_regions(walls, shape)
    assert shape.index in walls.memo
    assert [r for r, _ in before] == []  # the band's own ring encloses only its inside
    walls.add(shape.sides[2])  # the ring is now really walled: what a trial would enclose changes
    assert walls.memo == {}
    # every other band on one of its lines now closes against the ring: same as the plain search
    for other in topo.shapes:
        if other.index != shape.index and set(other.sides) & set(shape.sides):
            got = state._closing_regions(walls, other)
            plain = Walls()
            for line in shape.sides:
                plain.add(line)
            want = []
            for line in other.sides:
                if plain.add(line):
                    region = enclosed_side(topo, plain, line)
                    faces = [f for f in region if topo.is_segment[f] and f not in set(other.interior)]
                    if faces:
                        want.append((region, faces))
            assert got == want, other


@pytest.mark.parametrize("path,players", REALM_CASES, ids=[f"{p.stem}-{n}p" for p, n in REALM_CASES])
def test_closing_regions_kept_across_bands_equal_the_plain_search(path, players):
    # the board part of sampled states, band after band: every closing entry its walls kept
    # (Walls.extend_keeping) equals the plain search on the walls as they are now
    game = load_game(path, players, seed=5)
    topo = game.topology
    kept = 0
    for seed in (1, 2):
        state = game.new_state(seed)
        rng = random.Random(seed)
        known: list[set] = [set() for _ in range(players)]  # per seat, shape indices asked for
        asked: list = [None] * players  # per seat, the walls they were asked on
        while not state.is_terminal():
            part = game.board_of([[s, sh.kind, list(sh.pegs)] for s, sh in state.bands])
            for seat, walls in enumerate(part.walls):
                if walls is not asked[seat]:  # the seat's band landed: what was kept
                    for i in walls.memo:
                        if type(i) is int and i in known[seat]:
                            assert walls.memo[i] == reference_closing_regions(topo, walls, topo.shapes[i]), (seat, i)
                            kept += 1
                asked[seat] = walls
                known[seat] = set()
                reach = part.reach[seat]
                shapes = list(reach[0]) if reach is not None else []
                for shape in rng.sample(shapes, min(40, len(shapes))):  # as the previews ask
                    state._closing_regions(walls, shape)
                    known[seat].add(shape.index)
            state.apply(rng.choice(state.legal_actions()))
    assert kept > 500  # 848 to 6,803 per case (2026-12-03)


@pytest.mark.rule("L2-4")
@pytest.mark.parametrize("energies", [(0, 6, 7), (7, 8, 20), (3, 10, 6)])
def test_the_volcano_escape_projected_on_lists_equals_playing_it(energies):
    game = load_game(scenario("volcano"), 3, seed=2)
    assert game.plain_projection
    state = game.new_state(2)
    for seat, energy in enumerate(energies):
        state.take_energy(seat, energy)
    state.score[:] = [4, 0, 9]
    want = reference_projection(state)
    assert state.projected_scores() == want
    assert [v == float("-inf") for v in want] == [e < 7 for e in energies]


def test_a_place_hashes_its_fields_once_and_never_pickles_the_hash():
    band = Place(("b2", "a1"), (CardPayment("a1", "red"), CardPayment("b2", "blue", 1)), "line")
    same = Place(("a1", "b2"), (CardPayment("b2", "blue", 1), CardPayment("a1", "red")), "line")
    assert hash(band) == hash((band.pegs, band.payment, band.shape)) == hash(same)
    assert {band: 1}[same] == 1
    copy = pickle.loads(pickle.dumps(band))
    assert "_hash" not in copy.__dict__ and copy == band and hash(copy) == hash(band)
    assert band.to_dict() == same.to_dict() and repr(band) == repr(same)


def test_a_listed_place_knows_its_shape_for_its_own_game_only():
    game = load_game(scenario("jungle-temples"), 2, seed=1)
    state = game.new_state(1)
    listed = next(a for a in state.legal_actions() if isinstance(a, Place))
    plain = Place(listed.pegs, listed.payment, listed.shape)  # built by hand: no note
    assert "_band" not in plain.__dict__ and state._shape_of(listed) is state._shape_of(plain)
    copy = pickle.loads(pickle.dumps(listed))
    assert "_band" not in copy.__dict__ and copy == listed
    other = load_game(scenario("jungle-temples"), 2, seed=1).new_state(1)  # another game object
    assert other._shape_of(listed) is other.game.topology.shape_by_key[(listed.shape, listed.pegs)]
    assert other._shape_of(listed) is not state._shape_of(listed)
    assert other.why_illegal(listed) is None and state.why_illegal(listed) is None


def test_result_fields_come_from_the_parts_registered_for_the_game():
    game = load_game(scenario("jungle-temples"), 2, seed=1)
    state = game.new_state(1)
    rng = random.Random(1)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    assert _parts_of(state) == {"bands_used": tuple(state.bands_used(s) for s in range(2))}

    original = type(game)

    class Other(original):
        pass

    register_result_parts(Other, lambda s: {"seat_stats": (("x", 1),)})
    game.__class__ = Other
    try:
        result = result_of(state, ["random", "random"])
    finally:
        game.__class__ = original
        _RESULT_PARTS.pop(Other)
    assert result.seat_stats == (("x", 1),) and result.bands_used == ()


@pytest.mark.parametrize("name,players", [("two-deities", 2), ("cursed-triangle", 2)])
def test_final_scoring_projected_on_lists_equals_playing_it(name, players):
    assert load_game(scenario(name), players, seed=8).plain_projection  # the module projects its points
    scored = 0
    for state, _rng in random_positions(scenario(name), players, seed=8, games=1, every=1):
        want = reference_projection(state)
        assert state.projected_scores() == want
        rate = state.game.rules.energy_per_vp
        scored += want != [float(v + e // rate) for v, e in zip(state.score, state.energy)]
    assert scored > 5  # positions where the end-of-game points mattered


@pytest.mark.rule("L8-9")
def test_artifact_sets_projected_on_lists_equal_playing_them():
    from studio.rules.realm.labyrinth import ARTIFACTS

    game = load_game(scenario("labyrinth"), 3, seed=2)
    assert game.plain_projection
    state = game.new_state(2)
    found = state.extra["labyrinth"]["artifacts"]
    found[0][:] = list(ARTIFACTS) * 2 + [ARTIFACTS[0]]   # two sets and a spare
    found[1][:] = list(ARTIFACTS)[:-1]                   # one short of a set
    found[2][:] = list(ARTIFACTS)
    state.take_energy(1, 7)
    want = reference_projection(state)
    assert state.projected_scores() == want
    assert want[0] > want[2] > 0 and want[1] == 2.0  # 7 energy: 2 VP (RTR-E2), no set


@pytest.mark.parametrize("name,players", [("jungle-temples", 2), ("jungle-temples", 3), ("cross-board", 2), ("cross-board", 3)])
def test_band_memo_entries_kept_across_the_seats_own_band_equal_the_plain_preview(name, players, monkeypatch):
    # a BandMemo entry made on the seat's walls before its band landed is kept when its band
    # closes the same regions on the new walls (none, or the same ones): every value equals the
    # plain preview (check_memo_along), and entries of both kinds are kept
    from studio.rules.realm.game import BandMemo
    from tests.rules.test_preview import SMALL, _small, check_memo_along

    entry = BandMemo.entry
    kept = {"closing": 0, "none": 0}

    def counted(self, previewer, shape):
        before = self.entries.get(shape.index)
        stale = before is not None and before[5] != self.epoch  # made on other walls
        got = entry(self, previewer, shape)
        if stale and got is before:  # kept, not worked out again
            kept["closing" if got[6] else "none"] += 1
        return got

    monkeypatch.setattr(BandMemo, "entry", counted)
    game = _small(players, **SMALL[name]) if name in SMALL else load_game(scenario(name), players, seed=13)
    check_memo_along(game, 13, games=2)
    assert kept["closing"] > 200 and kept["none"] > 2000  # 466-2,847 and 9,677-26,567 (2026-12-04)


@pytest.mark.parametrize("name,players", [("jungle-temples", 2), ("volcano", 3), ("cursed-triangle", 4), ("two-deities", 2)])
def test_band_costs_of_a_listing_equal_its_built_bands(name, players):
    # the greedy bot reads a listing's bands as (shape, cards) without building them: the same
    # shapes and payment sizes as the Places the listing builds, in order, built or not
    from studio.rules.realm.game import LegalActions

    game = load_game(scenario(name), players, seed=4)
    other = load_game(scenario(name), players, seed=4)
    checked = pairs = 0
    for seed in (1, 2):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            if isinstance(legal, LegalActions):
                first, bands = legal.band_costs(game)
                plain = list(legal)  # built now
                at = [i for i, a in enumerate(plain) if isinstance(a, Place)]
                assert at == list(range(first, first + len(bands)))
                want = [(plain[i].__dict__["_band"][1], len(plain[i].payment)) for i in at]
                assert bands == want
                assert legal.band_costs(game) == (first, want)  # read from the built bands
                assert legal.band_costs(other) is None
                pairs += sum(1 for a in plain if isinstance(a, Place) and len(a.payment) > len(set(a.payment)))
                checked += len(bands)
            state.apply(rng.choice(legal))
    assert checked > 1000 and pairs > 100  # 1,435-6,855 bands, 681-926 paid with a pair (2026-12-04)


@pytest.mark.parametrize("name,players", [("jungle-temples", 2), ("fragile-ruins", 3), ("engraved-board", 4), ("small", 2)])
def test_band_gains_equal_the_bands_effects(name, players):
    # the band memo keeps a band's treasure and energy from BandPreviewer._gains, which leaves
    # the outcome out: the same treasure, energy, supply left and regions as _effects
    from studio.rules.realm.game import BandPreviewer
    from tests.rules.test_preview import SMALL, _small, positions_of

    game = _small(players, **SMALL["cross-board"]) if name == "small" else load_game(scenario(name), players, seed=6)
    checked = closing = 0
    for state, _rng in positions_of(game, 6, games=2, every=1, greedy_share=0.5):
        previewer = BandPreviewer(state)
        if not previewer.direct:
            continue
        reach = state.reach[state.current_player]
        for shape in (reach[0] if reach is not None else []):
            outcome, treasure, gained, supply, _got, _held = previewer._effects(shape)
            got = previewer._gains(shape)
            assert got[:3] == (treasure, gained, supply), shape
            assert got[3] or not outcome.closed
            checked += 1
            closing += bool(outcome.closed)
    assert checked > 1000 and closing > 200  # 11,789-27,876 bands, 536-1,861 closing (2026-12-04)


@pytest.mark.parametrize("name,players", CASES, ids=[f"{n}-{p}p" for n, p in CASES])
def test_states_sampled_on_one_part_share_the_board_after_a_first_band(name, players):
    from tests.rules.test_legal_places import reference_actions

    game = load_game(scenario(name), players, seed=4)
    shared = 0
    for g in range(3):
        rng = random.Random(400 + g)
        truth = random_position(game, 40 + g, rng, 6 + 14 * g)
        if truth.is_terminal() or truth.pending:
            continue
        sample = game.sampler(truth.observation(truth.current_player))
        bands = [a for a in truth.legal_actions() if isinstance(a, Place)][:3]  # the seat's own hand: legal in every deal
        for k in range(4):
            for band in bands:
                state = sample(random.Random(k))
                twin = state.clone()  # the plain way: a clone owns its board when a band lands
                for s in (state, twin):
                    s.apply(band)
                assert view(state) == view(twin)
                for _ in range(3):  # the same actions after, each listing held to the plain list
                    if state.is_terminal():
                        break
                    legal = state.legal_actions()
                    assert list(legal) == reference_actions(state) or state.pending
                    action = legal[rng.randrange(len(legal))]
                    state.apply(action)
                    twin.apply(action)
                    assert view(state) == view(twin)
        shared += len(sample.board.afters)
    assert shared > 0


@pytest.mark.parametrize("name,players", CASES, ids=[f"{n}-{p}p" for n, p in CASES])
def test_a_first_band_on_a_part_closes_the_walls_as_the_plain_way(name, players):
    # the walls after a first band and the regions they enclose are worked out once per part,
    # seat and shape (RealmState._close_walls) and read by the next states sampled there:
    # outcome, walls (version too) and the whole state equal the plain twin's, a clone
    game = load_game(scenario(name), players, seed=5)
    bands = closing = reused = 0
    for g in range(4):
        rng = random.Random(600 + g)
        truth = random_position(game, 60 + g, rng, 10 + 12 * g)
        if truth.is_terminal() or truth.pending:
            continue
        seat = truth.current_player
        sample = game.sampler(truth.observation(seat))
        # the seat's own bands (legal in every deal), closing ones first
        places = [a for a in truth.legal_actions() if isinstance(a, Place)]
        closes = []
        for band in places:
            probe = truth.clone()
            probe.apply(band)
            closes.append(bool(probe.last_outcome.closed))
        picked = [b for b, c in zip(places, closes) if c][:4] + [b for b, c in zip(places, closes) if not c][:2]
        for k in range(3):
            for band in picked:
                state = sample(random.Random(k))
                twin = state.clone()  # the plain way: a clone owns its board when a band lands
                for s in (state, twin):
                    s.apply(band)
                assert state.last_outcome == twin.last_outcome
                assert [(sorted(w.covered), w.version) for w in state.walls] == \
                    [(sorted(w.covered), w.version) for w in twin.walls]
                assert view(state) == view(twin)
                bands += 1
                closing += bool(twin.last_outcome.closed)
                reused += k > 0
                for _ in range(2):  # the seat's walls are the state's own: the next bands as the twin's
                    if state.is_terminal():
                        break
                    action = rng.choice(state.legal_actions())
                    state.apply(action)
                    twin.apply(action)
                    assert view(state) == view(twin)
        if not game.hooks["before_collect"]:
            assert bool(sample.board.closings) == bool(picked)  # (seat, shape) -> walls after, regions
    assert bands > 0 and reused > 0
    if name not in ("volcano", "cursed-triangle"):  # their bands closed nothing in these positions
        assert closing > 0


@pytest.mark.parametrize("name,players", CASES, ids=[f"{n}-{p}p" for n, p in CASES])
def test_states_dealt_by_the_sampler_play_as_sample_state_without_a_log(name, players):
    # a search's determinisations (RealmSampler) and their clones write no log lines
    # (UNLOGGED); everything else equals the plain, logged state sample_state deals
    from studio.rules.realm.game import UNLOGGED

    game = load_game(scenario(name), players, seed=6)
    played = 0
    for g in range(3):
        rng = random.Random(700 + g)
        truth = random_position(game, 70 + g, rng, 5 + 15 * g)
        if truth.is_terminal():
            continue
        obs = truth.observation(truth.current_player)
        sample = game.sampler(obs)
        for k in range(3):
            fast, plain = sample(random.Random(k)), game.sample_state(obs, random.Random(k))
            twin = fast.clone()
            assert fast.log is UNLOGGED and twin.log is UNLOGGED and plain.log == []
            for _ in range(12):
                if plain.is_terminal():
                    break
                action = rng.choice(plain.legal_actions())
                for s in (fast, twin, plain):
                    s.apply(action)
                played += 1
            for s in (fast, twin):
                assert s.log is UNLOGGED and len(s.log) == 0
                assert {**view(s), "log": None} == {**view(plain), "log": None}
            assert plain.log  # the plain state wrote its lines
            assert pickle.loads(pickle.dumps(fast)).log is UNLOGGED
    assert played > 50


@pytest.mark.parametrize("name,players", CASES, ids=[f"{n}-{p}p" for n, p in CASES])
def test_payment_entries_cleared_when_next_read_equal_fresh_ones(name, players):
    from studio.rules.realm.game import _pay_entry_for
    from tests.rules.test_legal_places import reference_actions

    def check(state):
        caches = state._pay_fresh()
        assert state._pay_stale is None
        for seat, cache in enumerate(caches):
            for shape in state.game.topology.shapes:
                entry = cache[shape.index]
                if entry is not None:
                    assert entry[:2] == _pay_entry_for(state.game, state.peg_seats, seat, shape)[:2]
        assert list(state.legal_actions()) == reference_actions(state) or state.pending

    game = load_game(scenario(name), players, seed=7)
    stale = 0
    for g in range(3):
        state = game.new_state(80 + g)
        rng = random.Random(800 + g)
        twins = []
        while not state.is_terminal() and len(state.history) < 60:
            # mostly played from the plain list, so bands land without a listing between them
            listed = rng.random() < 0.3
            legal = state.legal_actions() if listed else reference_actions(state)
            if state.pending and not listed:
                legal = state.legal_actions()
            state.apply(rng.choice(legal))
            stale += state._pay_stale is not None
            if rng.random() < 0.2:
                twins.append(state.clone())  # taken between a band and the next listing
            if rng.random() < 0.15 and not state.is_terminal():
                check(state)
        for twin in twins:
            if not twin.is_terminal():
                check(twin)
    assert stale > 20
