"""The fast listing of legal bands (cached payments) lists exactly what the rules allow.

``legal_actions()`` keeps each shape's payment facts until a band lands on one of its pegs and
shares built actions between states and games; these tests hold it to the plain definition:
every candidate shape the seat can pay for, once, with ``_default_payment``. Once a seat's bands
connect, a state listing it again gives a ``LegalActions`` sequence (its length from kept groups
of shapes, each band built when read): it is held to the plain list item by item, as a whole,
and after the state has moved on, on random positions of all 24 bundled cases.
"""

import pickle
import random

import pytest

from studio.content import bundled_path
from studio.rules import load_game
from studio.rules.realm import CardPayment, Draw, ExtraAction, Pass, Place
from studio.rules.realm.game import LegalActions, _Listing
from tests.rules.realm_helpers import CI, game_on, give, small_board


def reference_places(state):
    seat = state.seat
    out = []
    for shape in state._candidate_shapes(seat):
        pay = state._default_payment(seat, shape.pegs, state.hands[seat])
        if pay is not None:
            out.append(Place(shape.pegs, pay, shape.kind))
    return out


def random_position(game, seed: int, rng, length: int):
    """Game ``seed`` after random legal actions drawn with ``rng`` until ``length`` are played
    or it ends (the caller checks ``is_terminal``)."""
    truth = game.new_state(seed)
    while not truth.is_terminal() and len(truth.history) < length:
        truth.apply(rng.choice(truth.legal_actions()))
    return truth


def reference_actions(state):
    """The plain legal actions (no kept listing): draws, bands shape by shape, Pass, ExtraAction."""
    seat = state.seat
    actions = []
    if state.actions_left > 0:
        actions += state._legal_draws() + reference_places(state)
    if not actions:
        actions.append(Pass())
    if state._can_buy_extra(seat):
        actions.append(ExtraAction())
    return actions


def check_listing(state, rng) -> int:
    """Hold ``state.legal_actions()`` to :func:`reference_actions`: one item read alone (as
    ``random.choice`` does), the length, the whole, and the whole read after the state played
    an action. Plays that action; returns 1 when a LegalActions was checked."""
    legal = state.legal_actions()
    if state.pending:
        state.apply(rng.choice(legal))
        return 0
    reference = reference_actions(state)
    assert len(legal) == len(reference)
    if isinstance(legal, LegalActions):  # what a caller may read without building the bands
        assert legal.band_kinds() == {a.shape for a in reference if isinstance(a, Place)}
        assert legal.others() == [a for a in reference if not isinstance(a, Place)]
    k = rng.randrange(len(reference))
    assert legal[k] == reference[k] and legal[k - len(reference)] == reference[k]
    if rng.random() < 0.5:  # read the rest only after the state has moved on
        state.apply(legal[k])
        assert list(legal) == reference and legal == reference
        return int(isinstance(legal, LegalActions))
    assert legal == reference and list(legal) == reference
    state.apply(rng.choice(legal))
    return int(isinstance(legal, LegalActions))


BUNDLED = [(name, players) for name in ("archipelago-city", "cursed-triangle", "engraved-board", "fragile-ruins",
                                        "jungle-temples", "labyrinth", "two-deities", "volcano")
           for players in (2, 3, 4)]


def listing_positions(name, players, seed, games):
    """Random games on a bundled case (bands preferred to draws, so the games get somewhere),
    checking the listing before every action; returns how many LegalActions were checked."""
    game = load_game(bundled_path("scenarios", f"{name}.yaml"), players, seed=seed)
    checked = 0
    for g in range(games):
        state = game.new_state(seed + g)
        rng = random.Random(seed * 7 + g)
        while not state.is_terminal() and len(state.history) < 160:
            checked += check_listing(state, rng)
    return checked


@pytest.mark.parametrize("name,players", BUNDLED, ids=[f"{n}-{p}p" for n, p in BUNDLED])
def test_kept_listing_equals_the_plain_list_on_every_bundled_case(name, players):
    checked = listing_positions(name, players, seed=41, games=1)
    game = load_game(bundled_path("scenarios", f"{name}.yaml"), players, seed=1)
    if game.rules.connect and not game.state_filters:  # else listed shape by shape, plainly
        assert checked > 10


@pytest.mark.parametrize("name", ["archipelago-city", "two-deities"])
def test_shape_rules_read_the_shape_alone(name):
    """A module whose band rule reads the shape alone (``shape_problem``: L3-2, L7-2) bans the
    same shapes for every seat of states along a game as the game's ``banned_shapes``, which
    kept listings leave out."""
    game = load_game(bundled_path("scenarios", f"{name}.yaml"), 3, seed=2)
    assert game.band_filters and not game.state_filters
    assert game.banned_shapes or name == "archipelago-city"  # no bundled triangle sits on a bridge
    state = game.new_state(2)
    rng = random.Random(2)
    for ply in range(60):
        if ply % 20 == 0:
            for seat in range(3):
                banned = {sh.index for sh in game.topology.shapes
                          if any(m.band_problem(state, seat, sh) for m in game.band_filters)}
                assert banned == game.banned_shapes
        state.apply(rng.choice(state.legal_actions()))


def test_legal_actions_behave_as_a_list():
    game = load_game(bundled_path("scenarios", "jungle-temples.yaml"), 2, seed=5)
    state = game.new_state(1)
    rng = random.Random(1)
    legal = state.legal_actions()
    while not isinstance(legal, LegalActions):
        state.apply(max(legal, key=lambda a: isinstance(a, Place)))
        legal = state.legal_actions()
    plain = reference_actions(state)
    n = len(plain)
    assert legal[-1] == plain[-1] and legal[1:4] == plain[1:4]
    with pytest.raises(IndexError):
        legal[n]
    with pytest.raises(IndexError):
        legal[-n - 1]
    assert plain[3] in legal and legal.index(plain[3]) == 3
    assert legal + [Pass()] == plain + [Pass()] and [Pass()] + legal == [Pass()] + plain
    assert pickle.loads(pickle.dumps(legal)) == plain
    assert repr(legal) == repr(plain) and bool(legal)
    with pytest.raises(TypeError):
        hash(legal)
    state.apply(rng.choice(legal))
    assert legal == plain  # as listed, whatever the state does since


def listed_places(state):
    return [a for a in state.legal_actions() if isinstance(a, Place)]


@pytest.mark.parametrize("scenario,players", [("jungle-temples", 4), ("cursed-triangle", 3),
                                              ("two-deities", 2), ("labyrinth", 4)])
def test_listing_matches_the_definition_through_random_games_and_clones(scenario, players):
    game = load_game(bundled_path("scenarios", f"{scenario}.yaml"), players, seed=5)
    checked = 0
    for seed in (1, 2):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.actions_left > 0 and not state.pending:
                assert listed_places(state) == reference_places(state)
                checked += 1
            if rng.random() < 0.2:  # clones share the cache; each must stay right on its own path
                twin = state.clone()
                twin.apply(rng.choice(legal))
                if not twin.is_terminal() and twin.actions_left > 0 and not twin.pending:
                    assert listed_places(twin) == reference_places(twin)
            state.apply(rng.choice(legal))
    assert checked > 50


@pytest.mark.rule("RTR-P7")
def test_a_band_on_a_peg_changes_who_gets_the_card_in_the_next_listing():
    board = small_board(colours={"d1": "blue", "d2": "green", "c2": "gray"}, players=2)
    s = game_on(board, start="anywhere", connect=False, extra_action_cost=0).new_state()
    give(s, 0, blue=1, green=1)
    give(s, 1, green=1, gray=1)
    s.apply(Draw(("deck", "deck")))
    s.apply(Draw(("deck", "deck")))
    before = {a.pegs: a for a in listed_places(s)}  # seat 2: d2 is empty, its card is discarded
    assert before[("c2", "d2")].payment == (CardPayment("c2", "gray", None), CardPayment("d2", "green", None))
    s.apply(Draw(("deck", "deck")))
    s.apply(Draw(("deck", "deck")))
    give(s, 0, blue=1, green=1)
    s.apply(Place(("d1", "d2"), (CardPayment("d1", "blue"), CardPayment("d2", "green"))))
    s.apply(Draw(("deck", "deck")))
    give(s, 1, green=1, gray=1)
    after = {a.pegs: a for a in listed_places(s)}  # now d2 holds seat 1's band: the card is theirs
    assert after[("c2", "d2")].payment == (CardPayment("c2", "gray", None), CardPayment("d2", "green", 0))
    assert listed_places(s) == reference_places(s)


@pytest.mark.rule("RTR-P8")
def test_the_listing_follows_the_hand_from_single_cards_to_pairs_to_nothing():
    board = small_board(colours={"d1": "blue", "d2": "green"}, players=2)
    s = game_on(board, start="anywhere", connect=False).new_state()
    band = ("d1", "d2")
    give(s, 0, blue=1, green=1)
    assert {a.pegs: a.payment for a in listed_places(s)}[band] == (
        CardPayment("d1", "blue"), CardPayment("d2", "green"))
    give(s, 0, blue=1, red=3)  # green d2 takes a pair of the most plentiful colour
    assert {a.pegs: a.payment for a in listed_places(s)}[band] == (
        CardPayment("d1", "blue"), CardPayment("d2", "red"), CardPayment("d2", "red"))
    give(s, 0, blue=1, red=1)
    assert band not in {a.pegs for a in listed_places(s)}
    assert s.hands[0][CI["red"]] == 1


def listing_from_scratch(state, seat):
    """A ``_Listing`` of the seat's reach built in one go (every shape's held pegs read from the
    peg owners), as a first listing does."""
    fresh = _Listing()
    fresh.update(state, seat, state.reach[seat][0])
    return fresh


@pytest.mark.parametrize("name,players", BUNDLED, ids=[f"{n}-{p}p" for n, p in BUNDLED])
def test_a_kept_listing_takes_the_shapes_the_reach_gained_from_the_pegs_taken(name, players):
    """Shapes a seat's reach gains after its first listing get their held pegs and colour
    sequences from the pegs its band took (``_Listing.dirty``), not from a scan of their pegs:
    the kept listing equals one built from scratch at every listing along random games."""
    game = load_game(bundled_path("scenarios", f"{name}.yaml"), players, seed=5)
    gained = 0
    for g in range(2):
        state = game.new_state(50 + g)
        rng = random.Random(g)
        while not state.is_terminal() and len(state.history) < 200:
            seat = state.seat
            kept = (state._listings or [None] * players)[seat]
            before = (len(kept.shapes), bool(kept.dirty)) if kept else None
            legal = state.legal_actions()
            kept = state._listings[seat] if state._listings else None
            if isinstance(legal, LegalActions) and kept and state.reach[seat] is not None:
                plain = listing_from_scratch(state, seat)
                assert (kept.shapes, kept.held, kept.seqs) == (plain.shapes, plain.held, plain.seqs)
                if before and before[1] and len(kept.shapes) > before[0]:
                    gained += 1
            state.apply(rng.choice(legal))
    if game.rules.connect and not game.state_filters:
        assert gained > 3


@pytest.mark.parametrize("name,players", BUNDLED, ids=[f"{n}-{p}p" for n, p in BUNDLED])
def test_a_kept_listing_holds_the_peg_owners_as_listed_across_previews_and_bands(name, players):
    # a LegalActions shares the state's peg owners until a band or a played preview changes
    # them (RealmState._pegs_lent): read after both, it still equals the plain list as listed
    game = load_game(bundled_path("scenarios", f"{name}.yaml"), players, seed=5)
    checked = 0
    for g in range(2):
        state = game.new_state(60 + g)
        rng = random.Random(600 + g)
        while not state.is_terminal() and len(state.history) < 160:
            legal = state.legal_actions()
            if state.pending or not isinstance(legal, LegalActions):
                state.apply(rng.choice(legal))
                continue
            reference = reference_actions(state)
            bands = [a for a in reference if isinstance(a, Place)]
            if bands:
                state._played_preview(rng.choice(bands))  # plays the band on the state, taken back
            k = rng.randrange(len(reference))
            assert legal[k] == reference[k]
            state.apply(legal[k])
            if bands and rng.random() < 0.5:
                state._played_preview(rng.choice(bands))  # a band may be illegal now: only its pegs matter
            assert list(legal) == reference
            checked += 1
    if game.rules.connect and not game.state_filters:
        assert checked > 10


def check_locate(legal, reference, rng) -> None:
    """``legal.locate`` against the plain list: each listed action (as listed, and rebuilt as a
    plain ``Place`` that knows no shape) at its index; a band paid otherwise and an action not
    listed at -1."""
    for i, action in enumerate(reference):
        assert legal.locate(action) == i
        if isinstance(action, Place):
            assert legal.locate(Place(action.pegs, action.payment, action.shape)) == i
        if isinstance(action, Draw):  # a draw made elsewhere is found by equality
            assert legal.locate(Draw(action.sources)) == i
    assert legal.locate_all(reference) == list(range(len(reference)))
    bands = [a for a in reference if isinstance(a, Place)]
    if bands:
        band = rng.choice(bands)
        other = Place.trusted(band.pegs, band.payment + (band.payment[0],) if band.payment else
                              (CardPayment(band.pegs[0], "red"),), band.shape)
        assert legal.locate(other) == -1
    for action in (Pass(), ExtraAction(), Draw(("deck", "deck", "deck"))):
        if action not in reference:
            assert legal.locate(action) == -1


@pytest.mark.parametrize("name,players", BUNDLED, ids=[f"{n}-{p}p" for n, p in BUNDLED])
def test_locate_finds_each_action_where_the_plain_list_has_it(name, players):
    game = load_game(bundled_path("scenarios", f"{name}.yaml"), players, seed=7)
    checked = 0
    for g in range(2):
        state = game.new_state(70 + g)
        rng = random.Random(700 + g)
        while not state.is_terminal() and len(state.history) < 120:
            legal = state.legal_actions()
            if isinstance(legal, LegalActions) and not state.pending:
                reference = reference_actions(state)
                if rng.random() < 0.5:  # located before anything was read, or once built
                    list(legal)
                check_locate(legal, reference, rng)
                checked += 1
            state.apply(rng.choice(legal))
    if game.rules.connect and not game.state_filters:
        assert checked > 10


@pytest.mark.parametrize("name,players", BUNDLED, ids=[f"{n}-{p}p" for n, p in BUNDLED])
def test_states_sampled_on_one_board_list_as_the_plain_list(name, players):
    """States sampled from one observation borrow their board part's listing of each seat
    (copied when that seat's band lands): every state's listings, along a few random actions
    each, equal the plain list, and the part's listings stay as they were made."""
    game = load_game(bundled_path("scenarios", f"{name}.yaml"), players, seed=9)
    lent = 0
    for g in range(2):
        rng = random.Random(900 + g)
        truth = random_position(game, 90 + g, rng, 20 + 25 * g)
        if truth.is_terminal():
            continue
        sample = game.sampler(truth.observation(truth.current_player))
        made = None
        for _ in range(6):
            state = sample(rng)
            for _ in range(4):
                if state.is_terminal():
                    break
                lent += bin(state._lent).count("1")
                legal = state.legal_actions()
                if isinstance(legal, LegalActions) and not state.pending:
                    check_locate(legal, reference_actions(state), rng)
                check_listing(state, rng)
            part = sample.board
            now = [None if k is None else (list(k.shapes), list(k.held), list(k.seqs)) for k in part.listings]
            if made is not None:  # made once, never changed by the states that borrowed them
                assert all(a == b for a, b in zip(made, now) if a is not None)
            made = now
    if game.rules.connect and not game.state_filters:
        assert lent > 0


def test_a_game_lists_one_draw_object_per_sources_and_never_pickles_its_mark():
    game = load_game(bundled_path("scenarios", "jungle-temples.yaml"), 3, seed=3)
    seen = {}
    for g in range(3):
        state = game.new_state(g)
        rng = random.Random(g)
        while not state.is_terminal() and len(state.history) < 60:
            legal = state.legal_actions()
            for action in legal:
                if isinstance(action, Draw):
                    assert seen.setdefault(action.sources, action) is action
            state.apply(rng.choice(legal))
    assert len(seen) > 3
    draw = next(iter(seen.values()))
    copy = pickle.loads(pickle.dumps(draw))
    assert copy == draw and copy is not draw and "_canon" not in copy.__dict__
