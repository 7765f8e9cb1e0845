"""Bot specs: one reader and writer of the names ``--bots``, game files and reports carry."""

from __future__ import annotations

import pytest

from studio.bots import BotSpec, BotSpecError, MCTSBot, make_bot
from studio.playtest.ladder import bot_label


@pytest.mark.parametrize("text, spec, written", [
    ("greedy", BotSpec("greedy"), "greedy"),
    (" hoarder ", BotSpec("hoarder"), "hoarder"),
    ("mcts", BotSpec("mcts", 200), "mcts"),
    ("mcts:200", BotSpec("mcts", 200), "mcts"),
    ("mcts:400", BotSpec("mcts", 400), "mcts:400"),
    ("mcts:0.50s", BotSpec("mcts", None, 0.5), "mcts:0.5s"),
    ("mcts:300:time=0.2:rollout=random", BotSpec("mcts", 300, 0.2, (("rollout", "random"),)),
     "mcts:300:rollout=random:time=0.2"),
    ("mcts::cap=2:c=1", BotSpec("mcts", 200, None, (("exploration", 1.0), ("rollout_cap", 2))), "mcts::cap=2:c=1"),
    ("mcts:100:rollout=greedy", BotSpec("mcts", 100, None, (("rollout", "greedy"),)), "mcts:100"),
])
def test_a_spec_is_read_written_and_built_the_same_way(text, spec, written):
    assert BotSpec.parse(text) == spec and spec.format() == written == str(spec)
    assert BotSpec.parse(written).format() == written
    bot = spec.build()
    assert bot.name == written == make_bot(text).name
    if isinstance(bot, MCTSBot):
        assert (bot.iterations, bot.seconds) == (spec.iterations, spec.seconds)
        assert BotSpec.of_search_bot(bot).format() == written


def test_words_for_people():
    assert BotSpec.parse("mcts:300:time=0.2:rollout=random").budget_words() == "300 iterations or 0.2 s, rollout=random"
    assert BotSpec.parse("mcts:1").budget_words() == "1 iteration"
    assert BotSpec.parse("mcts:0.5s").budget_words() == "0.5 s a move" and BotSpec.parse("greedy").budget_words() == ""
    assert [bot_label(b) for b in ("mcts", "mcts:50:cap=2", "mcts:0.5s", "racer")] == \
        ["MCTS 200", "MCTS 50", "MCTS 0.5s", "racer"]


@pytest.mark.parametrize("text, message", [
    ("mcts:lots", "bot 'mcts:lots': bad MCTS budget 'lots': give iterations (mcts:200) or seconds (mcts:0.5s)"),
    ("mcts:0", "bot 'mcts:0': MCTS iterations must be 1 to 1,000,000, got 0"),
    ("mcts:5:depth=3", "bot 'mcts:5:depth=3': bad MCTS option 'depth=3': use key=value with a key among rollout, "
                       "cap, c, widen, scale, goal, time"),
    ("mcts:5:cap=x", "bot 'mcts:5:cap=x': bad MCTS option 'cap=x': 'x' is not a whole number"),
    ("greedy:3", "bot 'greedy' takes no settings, got 'greedy:3'"),
    ("mcts:30:goal=1:goal=0", "bot 'mcts:30:goal=1:goal=0': the MCTS option 'goal' is given twice"),
    ("clever", "unknown bot 'clever' (known: random, greedy, mcts, hoarder, racer, goal-chaser, explorer)"),
])
def test_a_bad_spec_names_itself_and_what_is_wrong(text, message):
    with pytest.raises(BotSpecError) as exc:
        BotSpec.parse(text)
    assert str(exc.value) == message and isinstance(exc.value, ValueError)
