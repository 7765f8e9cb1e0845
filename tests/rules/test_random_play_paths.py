"""The fast paths random play takes, held to the plain ones.

``apply`` plays the item just read from the last ``LegalActions`` without checking it again
while the state is as listed; a first band is listed lazily from the shapes on the seat's
starting pegs (``RealmGame.start_shapes``); a one-peg payment plan skips the general loop; a
``Place`` words itself once. Each is compared with the plain way on random positions of the
bundled cases, or on every small input.
"""

import copy
import itertools
import pickle
import random
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from studio.content import bundled_path
from studio.rules import IllegalAction, load_game
from studio.rules.realm import CardPayment, Place
from studio.rules.realm.actions import action_from_dict, payment_words
from studio.rules.realm.game import NCOL, LegalActions, _payment_plan
from tests.rules.test_legal_places import BUNDLED, reference_actions


def plain_plan(colours, hand):
    """The payment plan worked out peg by peg, with no shortcut (see ``_payment_plan``)."""
    left = list(hand)
    plan, jokers = [], []
    for i, c in enumerate(colours):
        if left[c] > 0:
            left[c] -= 1
            plan.append(c)
        else:
            plan.append(-1)
            jokers.append(i)
    for i in jokers:
        c = left.index(max(left))
        if left[c] < 2:
            return None
        left[c] -= 2
        plan[i] = NCOL + c
    return tuple(plan) if colours else ()


def test_one_peg_plans_equal_the_plain_plan_for_every_small_hand():
    for hand in itertools.product(range(4), repeat=NCOL):
        for c in range(NCOL):
            assert _payment_plan((c,), hand) == plain_plan((c,), hand), (c, hand)
            assert _payment_plan((c,), list(hand)) == plain_plan((c,), hand)
        for seq in ((0, 1), (2, 2), (1, 3, 4)):
            assert _payment_plan(seq, hand) == plain_plan(seq, hand)


@pytest.mark.parametrize("name,players", BUNDLED, ids=[f"{n}-{p}p" for n, p in BUNDLED])
def test_random_play_through_apply_equals_checked_play(name, players):
    """Two copies of each game, one played with ``apply`` on the item read from the listing
    (the unchecked path), the other with ``apply`` on an equal action built afresh from its
    record (always checked): same actions, same log, same records, every first-band listing
    equal to the plain list."""
    game = load_game(bundled_path("scenarios", f"{name}.yaml"), players, seed=3)
    firsts = unchecked = 0
    for g in range(2):
        fast, plain = game.new_state(g), game.new_state(g)
        rng = random.Random(g)
        while not fast.is_terminal() and len(fast.history) < 200:
            legal = fast.legal_actions()
            k = rng.randrange(len(legal))
            action = legal[k]
            if fast.reach[fast.seat] is None and fast.actions_left > 0 and not fast.pending:
                reference = reference_actions(fast)
                assert len(legal) == len(reference) and action == reference[k]
                if g == 0:  # read whole, a listing is played checked (the unchecked path needs one item read)
                    assert list(legal) == reference
                firsts += isinstance(legal, LegalActions)
            unchecked += fast._offered is not None and fast._offered._given is action
            fast.apply(action)
            plain.apply(action_from_dict(action.to_dict()))  # equal, not listed: checked in full
        assert fast.log == plain.log and fast.to_dict() == plain.to_dict()
        assert fast.snapshot() == plain.snapshot()
    if game.rules.start != "any-start" and not game.band_filters:
        assert firsts > 0 and unchecked >= 2
        if game.rules.connect:  # every later listing of a seat is kept too
            assert unchecked > 20


def test_an_item_read_before_the_state_changed_is_checked_again():
    game = load_game(bundled_path("scenarios", "jungle-temples.yaml"), 2, seed=5)
    state = game.new_state(1)
    rng = random.Random(1)
    while True:
        legal = state.legal_actions()
        places = [k for k, a in enumerate(legal) if isinstance(a, Place)] if isinstance(legal, LegalActions) else []
        if places and len(places) > 1:
            break
        state.apply(rng.choice(legal))
    band = legal[places[0]]
    seat = state.seat
    state.hands[seat] = [0] * NCOL  # the hand is gone: the band can no longer be paid
    if band.payment:
        with pytest.raises(IllegalAction):
            state.apply(band)
    # an item read earlier than the last one is checked too (and legal here)
    state2 = game.new_state(1)
    rng = random.Random(1)
    while True:
        legal = state2.legal_actions()
        if isinstance(legal, LegalActions) and len(legal) > 2:
            break
        state2.apply(rng.choice(legal))
    first, _second = legal[0], legal[1]
    assert state2._offered._given is _second
    state2.apply(first)  # checked in full: still legal
    assert state2.history[-1] is first


def test_a_place_words_itself_once_and_never_pickles_the_words():
    pay = (CardPayment("a1", "blue", None), CardPayment("b2", "red", 1), CardPayment("b2", "red", 1))
    band = Place(("a1", "b2"), pay, "line")
    words = f"band a1-b2 ({', '.join(payment_words(band.payment))})"
    assert str(band) == words and str(band) is str(band)
    again = pickle.loads(pickle.dumps(band))
    assert "_text" not in again.__dict__ and str(again) == words and again == band


def test_a_hand_paying_card_for_card_plans_the_sequence_itself():
    """The listing's shortcut (``PlayCaches.singles``): a hand holding a card of each peg's
    colour for every peg pays with them, whatever else it holds."""
    for length in range(4):
        for seq in itertools.product(range(NCOL), repeat=length):
            for hand in itertools.product(range(3), repeat=NCOL):
                if all(hand[c] >= seq.count(c) for c in seq):
                    assert _payment_plan(seq, hand) == seq == plain_plan(seq, hand)


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_a_copy_made_between_listing_and_playing_checks_the_action(how):
    game = load_game(bundled_path("scenarios", "jungle-temples.yaml"), 3, seed=2)
    state = game.new_state(4)
    rng = random.Random(4)
    while not isinstance(state.legal_actions(), LegalActions):
        state.apply(rng.choice(state.legal_actions()))
    legal = state.legal_actions()
    action = legal[len(legal) // 2]
    twin = pickle.loads(pickle.dumps(state)) if how == "pickle" else copy.deepcopy(state)
    assert twin._offered is None
    twin.apply(action_from_dict(action.to_dict()))
    state.apply(action)
    assert twin.log == state.log and twin.to_dict() == state.to_dict()


def _random_record(game, seed):
    state = game.new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal() and len(state.history) < 150:
        state.apply(rng.choice(state.legal_actions()))
    return state.to_dict(), list(state.log)


def test_games_played_in_threads_on_one_game_equal_serial_games():
    """A dask worker plays games in threads on one game object: its shared caches (numbered
    colour sequences and plans, filled as met) must stay aligned however the threads interleave."""
    path = bundled_path("scenarios", "jungle-temples.yaml")
    seeds = list(range(8))
    serial = [_random_record(load_game(path, 4, seed=1), s) for s in seeds]
    shared = load_game(path, 4, seed=1)  # fresh caches, filled by all threads at once
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        with ThreadPoolExecutor(4) as pool:
            threaded = list(pool.map(lambda s: _random_record(shared, s), seeds))
    finally:
        sys.setswitchinterval(old)
    assert threaded == serial
