"""Verdicts across skill and style: does a balance verdict hold for stronger or different players?

A *panel* plays the same deals once per *rung*, every seat played by the rung's bot:

- the **skill ladder** (:data:`SKILL_LADDER`, weakest first: random, greedy, MCTS at two
  budgets), and the **skill depth**: matches where each bot plays the one below it, the
  stronger in each seat in turn over the same deals, and how often the stronger wins (a
  luck-vs-skill figure, like TAG's SkillLadder);
- the **playstyles** (greedy, then the game's :mod:`studio.bots.styles`), and one match
  between the two styles.

For each rung: each seat's win share with its 95% Wilson interval, the balance and the verdict
of the joint seats test (:func:`~studio.playtest.seats.seat_test`), and the seats whose bot
stopped playing (:mod:`studio.playtest.botcheck`: a bot failure, not a verdict on the board).
Then whether the verdict holds across the rungs, and for each seat the verdict names, how its
win share moves from the first rung to the last, with a paired interval over the shared deals
(:func:`~studio.playtest.seats.compare_settings`): "seat 2 (North)'s edge grows with skill:
54% greedy, 61% MCTS 200".

:func:`panel_of` does the arithmetic on finished games (tested on synthetic results with known
answers); :func:`play_panel` plays them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from studio.bots.spec import BotSpec
from studio.playtest.botcheck import BotFailureTally, failing_seats
from studio.playtest.seats import ALPHA, compare_settings, seat_test

SKILL_LADDER = ("random", "greedy", "mcts:50", "mcts:200")
"""The default ladder, weakest first: MCTS at 50 and 200 iterations per decision."""

LUCK = 0.15    # a skill share below this: the stronger bot hardly wins more than its fair share
SKILL = 0.6    # above this: the stronger bot nearly always wins
WIDE = 0.6     # a skill share / style edge interval wider than this: too few games to say
WIDE_RATE = 0.2  # a rung's win-rate 95% half-width above this: too few games for "the verdict holds"


def bot_label(bot) -> str:
    """A bot name for people: ``mcts:200`` -> ``MCTS 200``, ``mcts`` -> ``MCTS 200`` (its
    default budget), a playstyle by its name."""
    name = getattr(bot, "name", None) or str(bot)
    try:
        return BotSpec.parse(name).label()
    except ValueError:
        return name


@dataclass(frozen=True)
class Rung:
    """One bot at every seat over ``games`` games. Per seat: ``win_rates`` (a shared win counts
    1/k) and ``ci`` (95% Wilson, ``[low, high]``); ``fair_share``: games with a winner / games /
    seats; ``balance``: 1 minus the largest gap between two seats; ``uneven``, ``p`` and
    ``flagged``: the joint seats test and the seats it names (Holm); ``failing``: seats whose bot
    stopped playing in more than 5% of the games."""

    label: str
    bot: str
    games: int
    win_rates: list
    ci: list
    fair_share: float
    balance: float
    uneven: bool
    p: float | None
    flagged: list = field(default_factory=list)
    failing: list = field(default_factory=list)


@dataclass(frozen=True)
class SeatTrend:
    """How one seat's win share moves across a panel: ``rates`` per rung; ``diff`` the last
    rung (skill) or the rung farthest from the first (styles) minus the first, with its 95%
    paired interval ``ci`` over the shared deals, Holm-adjusted ``p_holm`` and ``significant``;
    ``edge``: the seat wins more than the fair share (else it is handicapped); ``direction``:
    ``grows``, ``shrinks`` or ``holds``; ``against``: the rung compared with the first;
    ``sentence``: in plain words."""

    seat: int
    name: str
    rates: list
    edge: bool
    against: str
    diff: float
    ci: list
    p_holm: float
    significant: bool
    direction: str
    sentence: str


@dataclass(frozen=True)
class Match:
    """``bot`` against ``against`` (every other seat), ``bot`` in each seat in turn over the
    same ``deals``: ``games`` = deals x seats. ``wins``: ``bot``'s win credit, ``win_rate`` with
    its 95% Wilson interval ``ci``; ``fair``: what a bot no better than the others would win;
    ``skill``: ``(win_rate - fair) / (1 - fair)`` with ``skill_ci`` (0: luck alone, the bot
    wins its fair share; 1: it always wins); ``sentence`` in plain words."""

    bot: str
    against: str
    deals: int
    games: int
    wins: float
    win_rate: float
    ci: list
    fair: float
    skill: float
    skill_ci: list
    sentence: str
    verdict: str = ""


@dataclass(frozen=True)
class Panel:
    """A panel's figures (see the module docstring). ``kind``: ``skill`` or ``style``;
    ``rungs`` in order (skill: weakest first); ``holds``: every rung gives the same verdict (even,
    or uneven with the same seats named); ``verdict``: that in one sentence; ``trends``: the
    seats a rung's verdict names; ``matches``: skill depth (skill) or style against style;
    ``notes``: rungs whose bot stopped playing at some seat."""

    kind: str
    players: int
    seat_names: list
    rungs: list
    holds: bool
    verdict: str
    trends: list = field(default_factory=list)
    matches: list = field(default_factory=list)
    notes: list = field(default_factory=list)


def _credit(r) -> list[float]:
    c = [0.0] * r.players
    for w in r.winners:
        c[w] += 1.0 / len(r.winners)
    return c


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def rung_of(label: str, bot: str, results: Sequence) -> tuple[Rung, dict]:
    """The :class:`Rung` of ``results`` (games with one bot at every seat) and its win credits
    per seed (seed -> credit per seat). Raises ValueError for no games."""
    from studio.playtest.stats import wilson

    if not results:
        raise ValueError(f"no games for the rung {label!r}")
    n = results[0].players
    wins = [0.0] * n
    credits = {}
    fails = BotFailureTally()
    for r in results:
        c = _credit(r)
        credits[r.seed] = c
        for s in range(n):
            wins[s] += c[s]
        fails.add(r)
    g = len(results)
    rates = [w / g for w in wins]
    test = seat_test(wins, g) if n > 1 else None
    return Rung(label=label, bot=str(bot), games=g, win_rates=rates, ci=[list(wilson(w, g)) for w in wins],
                fair_share=sum(wins) / g / n, balance=1.0 - (max(rates) - min(rates)) if n > 1 else 1.0,
                uneven=bool(test and test.uneven), p=test.p if test else None,
                flagged=list(test.flagged) if test else [],
                failing=failing_seats(fails.failed, fails.judged)), credits


def _seat(names, s: int) -> str:
    return f"seat {s + 1}" + (f" ({names[s]})" if s < len(names) and names[s] else "")


def _verdict_words(rung: Rung, names) -> str:
    if not rung.uneven:
        return "no evidence the seats differ"
    named = ", ".join(f"{_seat(names, s)} {_pct(rung.win_rates[s])}" for s in rung.flagged)
    return "uneven" + (f": {named}" if named else "")


def match_of(bot: str, against: str, results: Sequence, kind: str = "skill") -> Match:
    """The :class:`Match` of ``results``: games where exactly one seat played ``bot`` (its
    name, as in ``GameResult.bots``) and the others ``against``. Raises ValueError when a game
    does not have exactly one seat of ``bot``, or there are none."""
    from studio.playtest.stats import wilson

    if not results:
        raise ValueError(f"no games for {bot} against {against}")
    wins = total = 0.0
    seeds = set()
    for r in results:
        seats = [s for s, b in enumerate(r.bots) if b == bot]
        if len(seats) != 1:
            raise ValueError(f"game {r.seed}: {bot} must play exactly one seat, got {len(seats)}")
        c = _credit(r)
        wins += c[seats[0]]
        total += sum(c)
        seeds.add(r.seed)
    g, n = len(results), results[0].players
    rate = wins / g
    low, high = wilson(wins, g)
    fair = total / g / n
    span = 1.0 - fair if fair < 1 else 1.0
    skill, skill_ci = (rate - fair) / span, [(low - fair) / span, (high - fair) / span]
    a, b = bot_label(bot), bot_label(against)
    sentence = (f"{a} against {b}: {a} wins {_pct(rate)} of {g} games (95% {_pct(low)} to {_pct(high)}), "
                f"a fair share being {_pct(fair)}; ")
    wide = skill_ci[1] - skill_ci[0] > WIDE
    few = f"too few games to say ({g}; the interval is wider than {WIDE:.1f})"
    if kind == "skill":
        word = few if wide else ("mostly luck" if skill_ci[1] < LUCK else "mostly skill" if skill > SKILL
                                 else "luck and skill")
        sentence += f"skill share {skill:+.2f} ({skill_ci[0]:+.2f} to {skill_ci[1]:+.2f}): {word}"
    else:
        word = ("neither style dominates" if skill_ci[0] <= 0 <= skill_ci[1]
                else f"{a if skill > 0 else b} dominates: a strategy the design may want to check")
        word = few if wide and skill_ci[0] <= 0 <= skill_ci[1] else word
        sentence += f"style edge {skill:+.2f} ({skill_ci[0]:+.2f} to {skill_ci[1]:+.2f}): {word}"
    return Match(str(bot), str(against), len(seeds), g, wins, rate, [low, high], fair, skill, skill_ci, sentence,
                 word)


def panel_of(kind: str, rungs: Sequence[tuple], matches: Sequence[tuple] = (), alpha: float = ALPHA) -> Panel:
    """A :class:`Panel` from finished games. ``rungs``: ``(label, bot, results)`` in order (skill:
    weakest first), every rung on the same seeds; ``matches``: ``(bot, against, results)``.
    ``kind``: ``skill`` or ``style``. Raises ValueError for no rung or rungs of different seat
    counts."""
    if kind not in ("skill", "style"):
        raise ValueError(f"a panel is of skill or style, not {kind!r}")
    if not rungs:
        raise ValueError("a panel needs at least one rung")
    built = [rung_of(label, bot, results) for label, bot, results in rungs]
    out = [r for r, _ in built]
    credits = [c for _, c in built]
    n = len(out[0].win_rates)
    if any(len(r.win_rates) != n for r in out):
        raise ValueError("every rung of a panel must have the same number of seats")
    first = rungs[0][2][0]
    names = list(first.seat_names[:n])
    what = "skill" if kind == "skill" else "styles"
    keys = {(r.uneven, tuple(r.flagged)) for r in out}
    holds = len(keys) == 1
    labels = [r.label for r in out]
    from studio.playtest.stats import win_rate_margin

    half = win_rate_margin(1 / n, out[0].games) if n > 1 else 1.0
    if holds and not out[0].uneven and half > WIDE_RATE:
        verdict = (f"too few games to say whether the verdict holds across {what}: {out[0].games} games per bot "
                   f"leave each seat's win rate a 95% interval of ±{100 * half:.0f} points, so no bot could show "
                   "uneven seats")
    elif holds and not out[0].uneven:
        verdict = (f"the verdict holds across {what}: no evidence the seats differ with any of "
                   f"{', '.join(labels)}")
    elif holds:
        named = " and ".join(_seat(names, s) for s in out[0].flagged)
        verdict = (f"the verdict holds across {what}: the seats are uneven with every bot"
                   + (f", {named} named each time" if named else ""))
    else:
        verdict = f"the verdict changes with {'skill' if kind == 'skill' else 'style'}: " + "; ".join(f"{r.label}: {_verdict_words(r, names)}" for r in out)
    trends = _trends(kind, out, credits, names, alpha) if n > 1 and len(out) > 1 else []
    notes = [f"{r.label}: the bot stopped playing at {', '.join(_seat(names, s) for s in r.failing)} in more than 5% "
             "of games, so that verdict judges the bot, not the board" for r in out if r.failing]
    played = [match_of(bot, against, results, kind) for bot, against, results in matches]
    return Panel(kind, n, names, out, holds, verdict, trends, played, notes)


def _trends(kind: str, rungs: list[Rung], credits: list[dict], names, alpha: float) -> list[SeatTrend]:
    compared = compare_settings(credits, alpha)
    seats = sorted({s for r in rungs for s in r.flagged})
    out = []
    for s in seats:
        rates = [r.win_rates[s] for r in rungs]
        fair = sum(r.fair_share for r in rungs) / len(rungs)
        edge = sum(rates) / len(rates) >= fair
        if kind == "skill":
            k = len(rungs) - 1
        else:  # the style farthest from the first rung
            k = max(range(1, len(rungs)), key=lambda i: abs(rates[i] - rates[0]))
        diff = next((d for d in compared[k] if d.seat == s), None)
        if diff is None:
            continue
        if not diff.significant:
            direction = "holds"
        else:
            direction = "grows" if (diff.diff > 0) == edge else "shrinks"
        noun = "edge" if edge else "handicap"
        listing = ", ".join(f"{_pct(x)} {r.label}" for x, r in zip(rates, rungs))
        change = (f"{100 * diff.diff:+.0f} points from {rungs[0].label} to {rungs[k].label}, 95% "
                  f"{100 * diff.ci[0]:+.0f} to {100 * diff.ci[1]:+.0f}")
        if kind == "skill":
            how = {"grows": "grows with skill", "shrinks": "shrinks with skill", "holds": "holds at every skill"}[direction]
        else:
            how = {"grows": "grows with this style", "shrinks": "shrinks with this style",
                   "holds": "holds for every style"}[direction]
        sentence = f"{_seat(names, s)}'s {noun} {how}: {listing} ({change}" + \
            ("" if diff.significant else ", within chance") + ")"
        out.append(SeatTrend(s, names[s] if s < len(names) else "", rates, edge, rungs[k].label, diff.diff,
                             list(diff.ci), diff.p_holm, diff.significant, direction, sentence))
    return out


# -- playing a panel ------------------------------------------------------------------------------

def skill_plan(bots: Sequence[str] = SKILL_LADDER) -> tuple[list, list]:
    """Rungs ``(label, bot)`` and matches ``(stronger, weaker)`` (each bot against the one below
    it) of a skill ladder of ``bots``, weakest first. Raises ValueError for fewer than 2 bots, a
    bot named twice or an unknown bot."""
    from studio.playtest.runner import resolve_bots

    bots = list(bots)
    if len(bots) < 2:
        raise ValueError(f"a ladder needs at least 2 bots, weakest first; got {len(bots)}")
    resolve_bots(bots, len(bots))  # raises ValueError naming an unknown bot
    names = [str(b) for b in bots]
    if len(set(names)) != len(names):
        twice = next(b for b in names if names.count(b) > 1)
        raise ValueError(f"the ladder names {twice} twice; give each bot once, weakest first")
    return [(bot_label(b), b) for b in bots], [(bots[i + 1], bots[i]) for i in range(len(bots) - 1)]


def style_plan(kind: str) -> tuple[list, list]:
    """Rungs (greedy, then the game's playstyles, as :class:`~studio.bots.styles.PlayStyle`
    objects) and one match between the two styles."""
    from studio.bots.styles import styles_for

    styles = styles_for(kind)
    rungs = [("greedy", "greedy")] + [(s.name, s) for s in styles]
    return rungs, ([(styles[0], styles[1])] if len(styles) >= 2 else [])


def plan_games(players: int, games: int, rungs: Sequence, matches: Sequence) -> int:
    """How many games :func:`play_panel` plays: ``games`` per rung, and per match
    ``ceil(games / players)`` deals in each of ``players`` seatings."""
    return games * len(rungs) + len(matches) * players * math.ceil(games / players)


def play_panel(setup, kind: str, rungs: Sequence, matches: Sequence, games: int, seed: int = 0, jobs: int = 1,
               executor: str = "processes", scheduler: str | None = None,
               progress: Callable[[int], None] | None = None) -> Panel:
    """Play a panel on ``setup``: ``games`` games per rung (game i from ``game_seed(seed, i)``,
    the same deals as the batch), and per match ``(bot, against)`` ``ceil(games / players)`` deals
    with ``bot`` in each seat in turn. ``progress(k)`` is called after every game. Raises what
    :func:`~studio.playtest.runner.iter_batch` raises; Ctrl+C (KeyboardInterrupt) stops it."""
    from studio.playtest.runner import iter_batch

    n = setup.players

    def play(bots, count):
        out = []
        for r in iter_batch(setup, None, count, seed, bots, jobs, executor, scheduler):
            out.append(r)
            if progress is not None:
                progress(1)
        return out

    played = [(label, bot, play([bot] * n, games)) for label, bot in rungs]
    deals = max(1, math.ceil(games / n))
    duels = []
    for bot, against in matches:
        results = []
        for seat in range(n):
            bots = [against] * n
            bots[seat] = bot
            results += play(bots, deals)
        duels.append((played_name(bot), played_name(against), results))
    return panel_of(kind, played, duels)


def played_name(bot) -> str:
    """The name a game result records for ``bot`` (a name or a spec): the built bot's name,
    e.g. ``mcts`` for ``mcts:200`` (its default budget)."""
    from studio.bots import make_bot

    return make_bot(bot).name


# -- reports --------------------------------------------------------------------------------------

TITLES = {"skill": "Verdicts across skill", "style": "Verdicts across playstyles"}


def _p_words(p) -> str:
    if p is None:
        return ""
    return " (p < 0.001)" if p < 0.001 else f" (p = {p:.3f})"


def panel_rows(panel: Panel) -> tuple[list[str], list[list[str]]]:
    """Head and rows of a panel's table: per rung, each seat's win % with its 95% interval,
    the balance and the seats test's verdict (a bot failure marked ``bot stopped at seat k``)."""
    names = panel.seat_names
    head = ["bot"] + [f"seat {s + 1}" + (f" {names[s]}" if s < len(names) and names[s] else "")
                      for s in range(panel.players)] + ["balance", "seats test"]
    rows = []
    for r in panel.rungs:
        cells = [r.label] + [f"{100 * w:.0f} ({100 * lo:.0f}-{100 * hi:.0f})" for w, (lo, hi) in zip(r.win_rates, r.ci)]
        verdict = _verdict_words(r, names) + _p_words(r.p)
        if r.failing:
            verdict += "; bot stopped at " + ", ".join(f"seat {s + 1}" for s in r.failing)
        rows.append(cells + [f"{r.balance:.2f}", verdict])
    return head, rows


def panel_sentences(panel: Panel) -> list[str]:
    """The panel's conclusions: the verdict, each seat's trend, the notes on bot failures."""
    return [panel.verdict] + [t.sentence for t in panel.trends] + list(panel.notes)


def panel_lines(panel: Panel) -> list[str]:
    """The panel in the text report."""
    from studio.playtest.report import _table

    games = panel.rungs[0].games if panel.rungs else 0
    out = [f"{TITLES[panel.kind].lower()} (the same {games} deals for each bot, every seat played by it; "
           "win % per seat with 95% intervals):"]
    head, rows = panel_rows(panel)
    out += ["  " + line for line in _table(head, rows, set(range(1, panel.players + 2)))]
    out += [f"  {s}" for s in panel_sentences(panel)]
    if panel.matches:
        out.append("  skill depth (the stronger bot in each seat in turn, the others played by the weaker; "
                   "same deals):" if panel.kind == "skill" else "  style against style (one style in each seat in "
                   "turn, the other at every other seat; same deals):")
        out += [f"    {m.sentence}" for m in panel.matches]
    return out


def panel_html(panel: Panel) -> str:
    """The panel as an HTML section (a table, the conclusions, the matches)."""
    from html import escape

    head, rows = panel_rows(panel)
    games = panel.rungs[0].games if panel.rungs else 0
    out = [f"<h2>{escape(TITLES[panel.kind])}</h2>",
           f'<p class="muted">The same {games} deals played with one bot at every seat, per bot; win % per seat '
           "with its 95% interval, the balance and the joint seats test.</p>",
           "<table><tr>" + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr>"
           + "".join("<tr>" + "".join(f'<td{" class=n" if 0 < i <= panel.players + 1 else ""}>{escape(c)}</td>'
                                      for i, c in enumerate(r)) + "</tr>" for r in rows) + "</table>"]
    cls = "" if panel.holds else ' class="never"'
    out.append(f"<p{cls}><b>{escape(panel.verdict)}</b></p>")
    out += [f"<p>{escape(t.sentence)}</p>" for t in panel.trends]
    out += [f'<p class="never">{escape(n)}</p>' for n in panel.notes]
    if panel.matches:
        out.append("<h3>" + ("Skill depth: the stronger bot against the weaker, in each seat in turn"
                             if panel.kind == "skill" else "Style against style, in each seat in turn") + "</h3>")
        out.append("<table><tr><th>match</th><th class=\"n\">games</th><th class=\"n\">wins</th>"
                   "<th class=\"n\">95% interval</th><th class=\"n\">fair share</th>"
                   + ("<th class=\"n\">skill share</th>" if panel.kind == "skill" else "<th class=\"n\">style edge</th>")
                   + "<th>verdict</th></tr>"
                   + "".join(f"<tr><td>{escape(bot_label(m.bot))} against {escape(bot_label(m.against))}</td>"
                             f'<td class="n">{m.games}</td><td class="n">{100 * m.win_rate:.0f}%</td>'
                             f'<td class="n">{100 * m.ci[0]:.0f}% – {100 * m.ci[1]:.0f}%</td>'
                             f'<td class="n">{100 * m.fair:.0f}%</td>'
                             f'<td class="n">{m.skill:+.2f} ({m.skill_ci[0]:+.2f} to {m.skill_ci[1]:+.2f})</td>'
                             f"<td>{escape(m.verdict)}</td></tr>"
                             for m in panel.matches) + "</table>")
    return "\n".join(out)


def with_panel(summary, panel: Panel):
    """``summary`` with ``panel`` as its ``ladder`` (skill) or ``styles``, and, among its
    warnings, a changed verdict and the rungs whose bot stopped playing."""
    from dataclasses import replace

    from studio.playtest.stats import Blame

    field_name = "ladder" if panel.kind == "skill" else "styles"
    extra: list[tuple[str, tuple[int, ...]]] = [] if panel.holds else [(panel.verdict, ())]
    extra += [(t.sentence, (t.seat,)) for t in panel.trends if t.significant]
    extra += [(note, ()) for note in panel.notes]
    blame = list(summary.blame) if len(summary.blame) == len(summary.warnings) else []
    if blame or not summary.warnings:  # each warning keeps its blame (none for an older summary)
        from studio.playtest.stats import GENERIC_ADVICE

        blame += [Blame(field_name, field_name, seats, advice=GENERIC_ADVICE[field_name]) for _text, seats in extra]
    return replace(summary, **{field_name: panel}, warnings=list(summary.warnings) + [t for t, _ in extra],
                   blame=blame)
