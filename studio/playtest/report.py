"""Reports of a batch: a plain-text table, streamed JSON and CSV files, and a self-contained
HTML page with inline SVG plots (no script, no network, no external file).

Writers stream: :class:`JsonWriter` and :class:`CsvWriter` write each game as it arrives to a
temporary file next to the target and rename it at the end (atomic), so a batch of any size
never holds its games in memory.
"""

from __future__ import annotations

import csv
import html
import io
import json
import math
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from studio.content.words import counted
from studio.content.yamlio import AtomicWriter
from studio.geometry.hex import hex_corners
from studio.playtest import charts
from studio.playtest.charts import seat_colour
from studio.playtest.elements import KEY_HEXES, Element, shape_bounds
from studio.playtest.heat import INK as HEAT_INK
from studio.playtest.heat import NEVER as HEAT_NEVER
from studio.playtest.heat import NEVER_GROUND as HEAT_NEVER_GROUND
from studio.playtest.heat import PEG_ID_SIZE, heat_hex, heat_labels, legend_stops, peg_id_at, space_rate_text
from studio.playtest.heat import UNSEEN as HEAT_UNSEEN
from studio.playtest.insight import END_CODES, NEVER_INTENDED, Insight, mechanic_words
from studio.playtest.mechanics import MEASURES
from studio.playtest.runner import GameResult
from studio.playtest.seats import Attribution
from studio.playtest.stats import (
    CONTENT_KINDS,
    SoloSummary,
    Summary,
    all_clear,
    challenge_text,
    content_pool,
    never_verb,
)

FORMAT = "studio-playtest/1"
SEAT_COLOURS = charts.SEAT_COLOURS  # the board's seat colours, as the charts draw them
#: the charts' sizes in the page, pixels (:mod:`studio.playtest.charts` lays each out)
HISTOGRAM_SIZE = (460, 190)
ARC_SIZE = (520, 220)


# -- plain text ---------------------------------------------------------------------------------

def _num(x, fmt: str = ".1f", none: str = "-") -> str:
    if x is None or (isinstance(x, float) and not math.isfinite(x)):
        return none
    return format(x, fmt)


def _table(head: list[str], rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(len(head[i]), *(len(r[i]) for r in rows)) if rows else len(head[i]) for i in range(len(head))]

    def line(cells):
        return "  ".join(c.rjust(w) if i in right else c.ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    return [line(head), line(["-" * w for w in widths])] + [line(r) for r in rows]


def format_summary(summary: Summary, title: str = "") -> str:
    """The report as plain text: a row per seat, then balance, length, how games ended,
    content and warnings."""
    bands = any(s.bands_mean is not None for s in summary.seats)
    head = ["seat", "name", "bot", "win %", "95% CI", "score (mean ± sd)"] + (["bands used"] if bands else [])
    rows = []
    for s in summary.seats:
        row = [str(s.seat + 1), s.name, s.bot, f"{100 * s.win_rate:.1f}",
               f"{100 * s.ci_low:.1f}-{100 * s.ci_high:.1f}", f"{_num(s.score_mean)} ± {_num(s.score_sd)}"]
        if bands:
            row.append(_num(s.bands_mean))
        rows.append(row)
    out = [title, ""] if title else []
    out += _table(head, rows, {0, 3, 4, 5, 6})
    stats = [k for k in summary.seats[0].stats] if summary.seats else []
    if stats:
        out.append("")
        out += _table(["seat"] + [k.replace("_", " ") for k in stats],
                      [[str(s.seat + 1)] + [_num(s.stats.get(k)) for k in stats] for s in summary.seats],
                      set(range(len(stats) + 1)))
    if summary.solo is not None:
        out.append("")
        out += solo_lines(summary.solo)
    out.append("")
    out += [f"{label:<22}{text}" for label, text in figures(summary)]
    out.append("")
    out += end_lines(summary)
    if summary.insight is not None:
        out.append("")
        out.append("play:")
        out += [f"  {label:<24}{text}" for label, text in play_figures(summary)]
        if summary.insight.measures:
            out.append("")
            out += mechanics_lines(summary)
        if summary.insight.origins:
            out.append("")
            out += origin_lines(summary)
    if summary.attribution is not None:
        out.append("")
        out += attribution_lines(summary)
    for panel in (summary.ladder, summary.styles):
        if panel is not None:
            from studio.playtest.ladder import panel_lines

            out.append("")
            out += panel_lines(panel)
    if summary.elements:
        out.append("")
        out += content_lines(summary)
    out.append("")
    if summary.warnings:
        out.append("warnings:")
        for i, w in enumerate(summary.warnings):
            out.append(f"  - {w}")
            blamed = blame_text(summary, i)
            if blamed:
                out.append(f"    blames: {blamed}")
            advice = advice_text(summary, i)
            if advice:
                out.append(f"    try: {advice}")
    else:
        out.append(all_clear(summary))
    return "\n".join(out)


def _insight(s: Summary) -> Insight:
    """``s.insight``, for the parts of a report drawn only when the summary has it."""
    if s.insight is None:
        raise ValueError("this summary has no insight figures")
    return s.insight


def _attribution(s: Summary) -> Attribution:
    """``s.attribution``, for the parts of a report drawn only when the summary has it."""
    if s.attribution is None:
        raise ValueError("this summary has no seat attribution")
    return s.attribution


def figures(s: Summary) -> list[tuple[str, str]]:
    """``(label, text)`` lines of the batch-wide figures."""
    out = []
    if s.players > 1:
        if s.nobody_won:  # equal win rates of 0 are no balance
            out.append(("balance:", f"{s.balance_text()}: every seat lost every game, so balance cannot be judged"))
        else:
            out.append(("balance:", f"{s.balance_text()} (1 minus the largest gap between two seats' win rates)"))
        t = s.seat_test
        if t is not None:
            p = "< 0.001" if t.p < 0.001 else f"= {t.p:.3f}"
            verdict = ("uneven" + (": " + ", ".join(f"seat {k + 1}" for k in t.flagged) if t.flagged else "")
                       if t.uneven else "no evidence the seats differ")
            out.append(("seats test:", f"chi-square {t.chi2:.1f} on {t.df} degree{'s' if t.df != 1 else ''} of "
                        f"freedom, p {p}: {verdict}"))
        low, high = s.first_seat_ci
        out.append(("first-seat advantage:", f"{100 * s.first_seat_advantage:+.1f} points over the fair "
                    f"{100 * s.fair_share:.1f}% (95%: {100 * low:+.1f} to {100 * high:+.1f})"))
        if s.margin is not None and s.margin.count:
            out.append(("margin of victory:", f"{_num(s.margin.mean)} ± {_num(s.margin.sd)} points "
                        f"(median {_num(s.margin.median, 'g')}, up to {_num(s.margin.max, 'g')})"))
        if math.isfinite(s.decided_at_mean):
            out.append(("decided:", f"on average after {100 * s.decided_at_mean:.0f}% of the actions; "
                        f"{100 * s.late_decisions:.0f}% of games in their last tenth; "
                        f"{s.lead_changes_mean:.1f} lead changes per game"))
        out += arc_figures(s)
    for label, dist in (("rounds per game:", s.rounds), ("actions per game:", s.actions)):
        if dist is not None:
            out.append((label, f"{_num(dist.mean)} ± {_num(dist.sd)} ({_num(dist.min, 'g')} to {_num(dist.max, 'g')})"))
        else:
            mean, sd = (s.rounds_mean, s.rounds_sd) if "rounds" in label else (s.actions_mean, s.actions_sd)
            out.append((label, f"{_num(mean)} ± {_num(sd)}"))
    if s.shared_wins:
        out.append(("shared wins:", f"{s.shared_wins} ({100 * s.shared_wins / s.games:.1f}%; counted as 1/k win "
                    "for each of the k seats)"))
    if s.no_winner and s.solo is None:  # solo: a loss, counted in the solo section
        out.append(("no winner:", f"{s.no_winner} ({100 * s.no_winner / s.games:.1f}%; every seat lost)"))
    return out


def arc_figures(s: Summary) -> list[tuple[str, str]]:
    """``(label, text)`` lines of the arc (:mod:`studio.playtest.arc`): comebacks and drama on
    scores, then the figures valued by the MCTS evaluator when positions were sampled."""
    x = s.insight
    out: list[tuple[str, str]] = []
    if x is None or not x.arc_judged:
        return out
    out.append(("drama:", f"the final winner trailed in {100 * x.trailing_mean:.0f}% of the positions on average; "
                f"{x.comeback_games} of {x.arc_judged} games ({100 * x.comeback_games / x.arc_judged:.0f}%) won "
                f"from behind; when behind, by {100 * x.drama_mean:.0f}% of its final score"))
    ev = x.evaluated
    if ev:
        parts = [f"{ev['positions']} positions of {ev['games']} games valued by the MCTS evaluator"]
        if ev.get("drama") is not None:
            parts.append(f"drama {ev['drama']:.2f}")
        if ev.get("stability") is not None:
            parts.append(f"stability {ev['stability']:.3f} (variance of a seat's value)")
        if ev.get("narrowness") is not None:
            parts.append(f"clarity: {100 * ev['narrowness']:.0f}% of the moves close to the best "
                         f"(spread {ev.get('spread', 0):.3f})")
        out.append(("evaluated:", "; ".join(parts)))
    return out


def measure_value(kind: str, value: float | None, unit: str = "") -> str:
    """A measure's value for people: a share as a percentage, else a number (with its unit)."""
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return "-"
    if kind == "share":
        return f"{100 * value:.0f}%"
    return f"{value:.1f}" + (f" {unit}" if unit and unit != "round" else "")


def mechanics_rows(s: Summary) -> tuple[list[str], list[list[str]]]:
    """Head and rows of the location mechanics table (see :func:`mechanics_lines`)."""
    head = ["mechanic", "rule", "all seats (95% interval)"] + [f"seat {x.seat + 1}" for x in s.seats] + ["in play"]
    rows = []
    for m in _insight(s).measures:
        o = m.overall
        every = measure_value(m.kind, o.mean, m.unit)
        if o.n > 1 and math.isfinite(o.low):
            every += f" ({measure_value(m.kind, o.low)}-{measure_value(m.kind, o.high)})"
        what = m.words + (" (mean)" if m.kind == "each" else " (share of games)" if m.kind == "share"
                          else "" if "at the end" in m.words else " per game")
        seats = [measure_value(m.kind, m.seats[k].mean) if k < len(m.seats) else "-" for k in range(len(s.seats))]
        used = f"{100 * m.games_used / m.games:.0f}%" if m.games else "-"
        rows.append([what, m.clause, every] + seats + [used])
    return head, rows


def mechanics_lines(s: Summary) -> list[str]:
    """The location mechanics measured from the engine's events
    (:mod:`studio.playtest.mechanics`): per mechanic, all seats with a 95% interval, each seat,
    and the share of games in which it came into play."""
    head, rows = mechanics_rows(s)
    out = ["location mechanics (from the engine's events; per seat and game unless said):"]
    out += ["  " + line for line in _table(head, rows, set(range(2, len(head))))]
    return out


def origin_lines(s: Summary) -> list[str]:
    """Rivages: win rate and mean score per starting island and per tree (95% intervals)."""
    out = []
    for group, words in (("island", "per starting island"), ("tree", "per tree")):
        rows = [[o.id, str(o.seats), f"{100 * o.win_rate:.1f}", f"{100 * o.low:.1f}-{100 * o.high:.1f}",
                 f"{o.score_mean:.1f}"] for o in _insight(s).origins if o.group == group]
        if rows:
            out.append(f"{words} (seats that started there / played it):")
            out += ["  " + line for line in _table([group, "seats", "win %", "95% CI", "score"], rows, {1, 2, 3, 4})]
    return out


def _pts(x: float | None, ci=None) -> str:
    """Points of win rate with an interval: ``+12.0 (+4.1 to +19.8)``."""
    if x is None:
        return "-"
    return f"{100 * x:+.1f}" + (f" ({100 * ci[0]:+.1f} to {100 * ci[1]:+.1f})" if ci else "")


def attribution_rows(s: Summary) -> tuple[list[str], list[list[str]]]:
    """Head and rows of the attribution table (see :func:`attribution_lines`)."""
    a = _attribution(s)
    hands = a.equal_hand is not None
    head = ["seat", "name", "observed", "turn order + hand"] + (["of which hand size", "turn order alone"]
                                                               if hands else []) + ["board position"]
    rows = []
    for e in a.seats:
        row = [str(e.seat + 1), e.name, _pts(e.observed, e.observed_ci), _pts(e.turn, e.turn_ci)]
        if hands:
            row += [_pts(e.hands, e.hands_ci), _pts(e.order, e.order_ci)]
        rows.append(row + [_pts(e.board, e.board_ci)])
    return head, rows


def _deals_of(s: Summary) -> str:
    """`` (of the batch's 20 games)`` when the attribution played fewer deals than the batch."""
    a = _attribution(s)
    return f" of the batch's {s.games} games" if a.deals < s.games else ""


def _clear(ci) -> bool:
    """True when a 95% interval excludes 0."""
    return ci is not None and (ci[0] > 0 or ci[1] < 0)


def attribution_verdicts(s: Summary) -> list[str]:
    """Plain sentences on the attribution: one per seat whose edge is clear (its observed
    interval excludes 0); one per seat whose turn order alone or hand size is clear while its
    observed gap is not (the two cancel); and, when the attribution played fewer deals than the
    batch's games and sees no clear gap where the batch's seat test found the seats uneven, that
    its sample is too small to say (with its number of deals)."""
    a = _attribution(s)
    out = []
    for e in a.seats:
        if _clear(e.observed_ci):
            parts = [f"turn order and starting hand {_pts(e.turn)} points"]
            if e.hands is not None:
                parts.append(f"(hand size {_pts(e.hands)}, turn order alone {_pts(e.order)})")
            out.append(f"seat {e.seat + 1} ({e.name}) is {_pts(e.observed)} points off the fair share: "
                       + " ".join(parts) + f"; its place on the board {_pts(e.board)} points")
        elif e.order is not None and e.hands is not None and (_clear(e.order_ci) or _clear(e.hands_ci)):
            first, second = (("turn order alone", e.order, e.order_ci), ("hand size", e.hands, e.hands_ci))
            if not _clear(e.order_ci):
                first, second = second, first
            verb = "favours" if first[1] > 0 else "works against"
            out.append(f"{first[0]} {verb} seat {e.seat + 1} ({e.name}) by {_pts(first[1], first[2])} points, "
                       f"cancelled by {second[0]} {_pts(second[1])}: its observed gap {_pts(e.observed)} spans 0, "
                       "yet both parts matter")
    uneven = s.seat_test is not None and s.seat_test.uneven
    if uneven and not any(_clear(e.observed_ci) for e in a.seats):
        out.append(f"the batch's {counted(s.games, 'game')} find the seats uneven but this attribution, on "
                   f"{counted(a.deals, 'deal')}, sees no clear gap: its sample is too small to say where the gap "
                   f"comes from (n = {a.deals}); attribute more deals")
    return out


def attribution_lines(s: Summary) -> list[str]:
    """Where the seats' gaps come from (:class:`~studio.playtest.seats.Attribution`): per seat,
    the observed gap from the fair share and the parts due to turn order with its starting
    hand, hand size alone, turn order alone and board position, in points of win rate with 95%
    intervals."""
    a = _attribution(s)
    hands = f", and with equal hands of {a.equal_hand} cards" if a.equal_hand is not None else ""
    out = [f"where the seats' gaps come from (the same {a.deals} deals{_deals_of(s)} with the seats rotated{hands}; "
           f"{counted(a.games_played, 'game')}; points of win rate, 95% intervals):"]
    head, rows = attribution_rows(s)
    out += ["  " + line for line in _table(head, rows, set(range(2, len(head))))]
    out += [f"  {v}" for v in attribution_verdicts(s)]
    return out


def end_lines(s: Summary) -> list[str]:
    """How games ended: one line per end code (with its meaning, and whether the design
    intends it), or the engine's end texts for a summary without insight."""
    ins = s.insight
    if ins is None:
        width = len(str(max(s.end_reasons.values()))) if s.end_reasons else 1
        return ["how games ended:"] + [f"  {count:>{width}}  {reason}" for reason, count in s.end_reasons.items()]
    exp = ins.expectations
    meant = ", ".join(exp["intended_ends"]) or "any end of the rules"
    out = [f"how games ended (intended: {meant}; from {exp['source']}):"]
    width = len(str(max(ins.end_codes.values()))) if ins.end_codes else 1
    for code, count in ins.end_codes.items():
        flag = "" if intended(ins, code) else "  (not intended)"
        out.append(f"  {count:>{width}}  {100 * count / s.games:5.1f}%  {code}: {END_CODES.get(code, code)}{flag}")
    return out


def intended(ins, code: str) -> bool:
    """Whether end ``code`` is one the design intends (see :class:`~studio.playtest.insight.
    InsightTally.intended`)."""
    ends = ins.expectations["intended_ends"]
    return code in ends if ends else code not in NEVER_INTENDED


def play_figures(s: Summary) -> list[tuple[str, str]]:
    """``(label, text)`` lines of the degenerate-play figures (:class:`~studio.playtest.insight.
    Insight`): dry deck, forced play, score collapse, length against the target, stalled
    games, branching, mechanics never used."""
    x, g = _insight(s), s.games
    out = []

    def share(k, of=g, what="games"):
        return f"{k} of {of} {what} ({100 * k / of:.0f}%)" if of else "-"

    realm = any(seat.bands_mean is not None for seat in s.seats)
    if not realm:
        pass  # Rivages: no shared deck to run dry, no bands to force (not measured)
    elif x.dry_games:
        out.append(("deck and pool dry:", f"{share(x.dry_games)}, from round {x.dry_round_mean:.1f} on average; "
                    f"then {x.dry_moves_per_game:.1f} bands per game, {x.dry_wasted_per_game:.1f} gaining nothing"))
    else:
        out.append(("deck and pool dry:", "never"))
    if realm:
        out.append(("forced decisions:", f"{x.forced_per_game:.1f} per game ({100 * x.forced_share:.1f}% of "
                    f"decisions); {share(x.forced_games)} with a forced phase; "
                    f"{x.forced_loss_per_game / max(s.players, 1):.1f} points lost per seat and game"))
    floor = x.expectations["score_floor"]
    out.append(("score collapse:", f"{share(x.collapsed_seats, g * s.players, 'seats')} ended at {floor} points or less"))
    rounds = x.expectations["rounds"]
    if rounds:
        out.append(("length:", f"target {rounds[0]}-{rounds[1]} rounds: {x.too_short} games shorter, "
                    f"{x.too_long} longer"))
    out.append(("stalled:", share(x.stalled)))
    if x.bot_failures:  # Rule the Realm: a seat whose bot stopped playing (studio.playtest.botcheck)
        failed = [f"seat {k + 1} in {share(v)}" for k, v in enumerate(x.bot_failures) if v]
        out.append(("bot stopped playing:", "; ".join(failed) or "never"))
    if math.isfinite(x.branching_mean):
        out.append(("branching:", f"{x.branching_mean:.1f} legal actions per decision; "
                    f"{x.decisions_per_turn:.1f} decisions per turn"))
    unused = [f"{mechanic_words(k)} (offered in {o} games)" for k, (o, u) in x.mechanics.items() if o and not u]
    if x.mechanics:
        out.append(("mechanics never used:", ", ".join(unused) or "none"))
    return out


def _pct1(x: float) -> str:
    return f"{100 * x:.1f}"


def solo_lines(solo: SoloSummary) -> list[str]:
    """The solo part of the text report: the win rate against the target per challenge set
    (95% Wilson intervals), then how often each challenge card was met."""
    out = [f"solo: {solo.wins} of {counted(solo.games, 'game')} won ({_pct1(solo.win_rate)}%, 95% CI "
           f"{_pct1(solo.ci_low)}-{_pct1(solo.ci_high)}); a win needs the target (the target card's "
           f"{solo.target} scrolls, more with a scroll challenge) and every challenge met", ""]
    rows = []
    for x in solo.sets:
        met = ", ".join(f"{_pct1(x.met[c])}" for c in x.challenges) or "-"
        rows.append([x.label, str(x.games), str(x.wins), _pct1(x.win_rate), f"{_pct1(x.ci_low)}-{_pct1(x.ci_high)}",
                     str(x.target), _pct1(x.reached_rate), f"{_num(x.score.mean)} ± {_num(x.score.sd)}", met])
    if len(solo.sets) > 1:
        rows.append(["all", str(solo.games), str(solo.wins), _pct1(solo.win_rate),
                     f"{_pct1(solo.ci_low)}-{_pct1(solo.ci_high)}", "", _pct1(solo.reached_rate), "", ""])
    out += _table(["challenges", "games", "wins", "win %", "95% CI", "target", "reached %", "score (mean ± sd)",
                   "challenge met %"], rows, {1, 2, 3, 4, 5, 6, 7, 8})
    if solo.challenges:
        out.append("")
        out.append("challenge cards (met in the games they were drawn in):")
        width = max(len(c.name) for c in solo.challenges)
        for c in solo.challenges:
            out.append(f"  {c.name:<{width}}  {challenge_text(c.kind, c.need):<38} met in {c.met} of {c.games} "
                       f"({_pct1(c.rate)}%, 95% CI {_pct1(c.ci_low)}-{_pct1(c.ci_high)})")
    return out


def solo_rows(solo: SoloSummary) -> list[dict]:
    """One flat row per challenge set (then ``all``), for CSV: games, wins, win rate and its
    95% interval (0..1), target, share of games that reached it, score mean and sd, and the
    share of games that met each challenge (``challenge_met``, ``id=rate`` joined by ``;``)."""
    def row(label, ids, games, wins, rate, low, high, target, reached, mean, sd, met):
        return {"challenges": label, "challenge_ids": ";".join(ids), "games": games, "wins": wins,
                "win_rate": f"{rate:.4f}", "ci_low": f"{low:.4f}", "ci_high": f"{high:.4f}", "target": target,
                "reached_rate": f"{reached:.4f}", "score_mean": _num(mean, ".3f", ""), "score_sd": _num(sd, ".3f", ""),
                "challenge_met": ";".join(f"{k}={v:.4f}" for k, v in met.items())}

    rows = [row(x.label, x.challenges, x.games, x.wins, x.win_rate, x.ci_low, x.ci_high, x.target, x.reached_rate,
                x.score.mean, x.score.sd, x.met) for x in solo.sets]
    rows.append(row("all", (), solo.games, solo.wins, solo.win_rate, solo.ci_low, solo.ci_high, solo.target,
                    solo.reached_rate, None, None, {}))
    return rows


def content_lines(s: Summary) -> list[str]:
    """Per kind of content: how many there are, how many were never taken, the most taken.
    Counted as the warnings count them (:func:`~studio.playtest.stats.content_pool`: for
    segments, those holding something), in the same words ("6 of 50 segments with content
    never taken")."""
    out = ["content (share of games that took each element):"]
    kinds = list(dict.fromkeys(e.kind for e in s.elements))
    for kind in kinds:
        items = content_pool(s.elements, kind)
        if not items:
            continue
        never = sum(1 for e in items if e.taken == 0)
        top = sorted(items, key=lambda e: (-e.taken, e.key))[:3]
        tops = ", ".join(f"{e.label} {100 * e.rate:.0f}%" for e in top if e.taken)
        words = CONTENT_KINDS.get(kind, kind)
        out.append(f"  {words}: {len(items)}, {never} never {never_verb(kind)}"
                   + (f"; most: {tops}" if tops else ""))
    return out


# -- streamed files -----------------------------------------------------------------------------

def played_content(setup) -> dict:
    """What a batch of :class:`~studio.playtest.setup.Setup` ``setup`` is played on, for the
    ``--json`` report's header: ``{"board": {"id", "name", "path"}}`` for Rule the Realm (the
    scenario's board for the player count), ``{"islands": [{"id", "name", "path"}, ...]}`` for
    Rivages (every island the scenario deals, in its order). ``path``: the file read, relative
    to the current folder when it is inside it; None for content not read from a file."""
    def ref(model) -> dict:
        return {"id": model.id, "name": model.name or model.id, "path": _shown_path(getattr(model, "path", None))}

    if setup.kind == "realm":
        return {"board": ref(setup.content.board)}
    return {"islands": [ref(island) for island in setup.content.islands]}


def _shown_path(path) -> str | None:
    if not path:
        return None
    p = Path(path)
    try:
        return p.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except (ValueError, OSError):
        return str(p)


class JsonWriter:
    """``{settings..., "games": [...], "summary": {...}}`` written game by game through the
    studio's :class:`~studio.content.yamlio.AtomicWriter` (a temp file renamed over ``path`` at
    :meth:`finish`). ``header``: the settings (JSON-able). Raises OSError when the folder cannot
    be written."""

    def __init__(self, path, header: dict):
        self.out = AtomicWriter(path)
        body = json.dumps({"format": FORMAT, **header}, indent=1)
        self.out.fh.write(body[:-2] + ',\n "games": [')
        self.first = True

    def add(self, result: GameResult) -> None:
        self.out.fh.write(("\n  " if self.first else ",\n  ") + json.dumps(result.to_dict()))
        self.first = False

    def finish(self, trailer: dict) -> None:
        tail = json.dumps(trailer, indent=1)
        self.out.fh.write("\n ],\n" + tail[2:] + "\n")
        self.out.commit()

    def discard(self) -> None:
        self.out.discard()


class CsvWriter:
    """One row per game: seed, bots, scores, winners (seat numbers joined by ``;``), rounds,
    actions, how it ended (the engine's words and the end code), margin, when it was decided,
    lead changes, forced decisions and the points they lost, the round the deck and pool ran
    dry. Solo games (``players``
    1) add ``target``, ``challenges`` (the challenge cards' ids, ``;``-joined) and
    ``challenges_met`` (the ids of those met), and :meth:`finish` takes the batch's
    :class:`SoloSummary` to write the win rate per challenge set next to the file
    (:func:`sets_path`)."""

    def __init__(self, path, players: int):
        self.out = AtomicWriter(path)
        self.path = Path(path)
        self.players = players
        self.solo = players == 1
        self.writer = csv.writer(self.out.fh)
        seats = range(1, players + 1)
        self.writer.writerow(["seed"] + [f"bot_{s}" for s in seats] + [f"score_{s}" for s in seats]
                             + ["winners", "rounds", "actions", "end_reason", "end_code", "margin", "decided_at",
                                "lead_changes", "forced", "forced_loss", "dry_round"]
                             + (["target", "challenges", "challenges_met"] if self.solo else []))

    def add(self, r: GameResult) -> None:
        ranked = sorted(r.scores, reverse=True)
        margin = "" if len(ranked) < 2 or not r.winners else (0 if len(r.winners) > 1 else ranked[0] - ranked[1])
        solo = ([r.target, ";".join(c[0] for c in r.challenges), ";".join(c[0] for c in r.challenges if c[5])]
                if self.solo else [])
        self.writer.writerow([r.seed, *r.bots, *r.scores, ";".join(str(s + 1) for s in r.winners), r.rounds,
                              r.actions, r.end_reason, r.end_code, margin,
                              "" if r.decided_at is None else f"{r.decided_at:.4f}", r.lead_changes, sum(r.forced),
                              sum(r.forced_loss), "" if r.dry_round is None else r.dry_round, *solo])

    def finish(self, solo: SoloSummary | None = None) -> list[Path]:
        """Commit the file; with ``solo``, also write the per-set table (atomically) to
        :func:`sets_path`. Returns the paths written. Raises OSError."""
        written = []
        if solo is not None and str(self.path) == "-":  # standard output holds the games' CSV only
            print("studio playtest: the win rate per challenge set is written beside a --csv FILE, not with "
                  "--csv -; it is in the text report", file=sys.stderr)
            solo = None
        if solo is not None:
            from studio.content import save_atomic

            save_atomic(sets_path(self.path), summary_csv(solo_rows(solo)))
            written.append(sets_path(self.path))
        self.out.commit()
        return [self.path] + written

    def discard(self) -> None:
        self.out.discard()


def sets_path(path) -> Path:
    """Where a solo batch's per-challenge-set CSV goes: ``games.csv`` -> ``games-sets.csv``."""
    p = Path(path)
    return p.with_name(f"{p.stem}-sets{p.suffix or '.csv'}")


# -- HTML ---------------------------------------------------------------------------------------

CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px auto;max-width:1100px;color:#222;padding:0 16px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}
h3{font-size:14px;margin:16px 0 6px}.try{color:#1d5e2e}.muted{color:#666}table{border-collapse:collapse;margin:6px 0}
td,th{padding:3px 10px;border-bottom:1px solid #eee;text-align:left;vertical-align:top}th{background:#f6f6f6}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}.warn{background:#fff4e5;border:1px solid #f0b46c;
padding:8px 14px;border-radius:6px}.warn li{margin:3px 0}.ok{background:#eef8ee;border:1px solid #9c9;padding:8px 14px;
border-radius:6px}.grid{display:flex;flex-wrap:wrap;gap:14px}.card{border:1px solid #e3e3e3;border-radius:6px;
padding:6px 8px}svg text{font:11px system-ui,sans-serif;fill:#333}.never{color:#b03a2e}
svg text.pegid{fill:#4a3f32;font-weight:normal;stroke:#fff;stroke-width:2.5px;paint-order:stroke}svg text.heatlabel{font-weight:bold;stroke:#fff;stroke-width:3px;
paint-order:stroke}.mapbox .b{display:none;stroke:#1d63d8;stroke-width:3.5px;fill:none}.mapbox .cap{display:none;
background:#e8f0fd;border:1px solid #1d63d8;border-radius:6px;padding:4px 10px;margin:4px 0}.warn a{white-space:nowrap}
"""


def _e(text) -> str:
    return html.escape(str(text), quote=True)


def _win_rates_svg(model: charts.WinRates) -> str:
    """The win-rate chart of ``model`` at its natural size in the page."""
    return charts.win_rates_svg(model, charts.win_rates_width(model), charts.win_rates_height(model))


def _histogram_svg(model: charts.Histogram) -> str:
    """A distribution chart in the page ("" when it has no series)."""
    return charts.histogram_svg(model, *HISTOGRAM_SIZE) if model.series else ""


#: the hatching of content never taken, as the editor's heat map draws it (``url(#never)``; written
#: once at the top of the page for every map)
NEVER_DEFS = (f'<defs><pattern id="never" width="6" height="6" patternUnits="userSpaceOnUse" '
              f'patternTransform="rotate(45)"><rect width="6" height="6" fill="{HEAT_NEVER_GROUND}"/>'
              f'<line x1="0" y1="0" x2="0" y2="6" stroke="{HEAT_NEVER}" stroke-width="1.6" opacity="0.75"/>'
              "</pattern></defs>")


def _board_map(summary: Summary, catalogue: Sequence[Element], width=760) -> str:
    """Rule the Realm: the board as the editor's heat map shows it (the same colour scale and
    labels, :mod:`studio.playtest.heat`): segments tinted by the share of games that took them
    (plain segments fainter), content never taken hatched with a dashed red outline, bridges and
    line items as coloured lines, pictures and idols labelled with their share, every peg with
    its id (seat start pegs ringed in the seat's colour); then, hidden until a warning's link
    targets them, the outlines of what each warning blames (``Summary.blame``), so clicking a
    warning outlines its segments, lines and pegs (CSS ``:target``, no script)."""
    stats = {e.key: e for e in summary.elements}
    shapes = [e for e in catalogue if e.shape and e.kind != "seat"]
    if not shapes:
        return ""
    x0, y0, x1, y1 = shape_bounds(shapes)
    pad = 0.5  # board units around the pegs: room for the ids under the bottom row
    scale = (width - 20) / max(x1 - x0 + 2 * pad, 1e-9)
    height = (y1 - y0 + 2 * pad) * scale + 20

    def px(x, y):
        return 10 + (x - x0 + pad) * scale, 10 + (y - y0 + pad) * scale

    def pt(x, y):
        a, b = px(x, y)
        return f"{a:.1f},{b:.1f}"

    starts = {p: i for i, e in enumerate(e for e in catalogue if e.kind == "seat") for p in e.pegs}
    blamed: dict[str, list[int]] = {}
    for i, b in enumerate(summary.blame if len(summary.blame) == len(summary.warnings) else ()):
        keys = list(b.elements) + [f"peg {p}" for e in catalogue if e.kind == "seat"
                                   and int(e.key.split()[1]) - 1 in b.seats for p in e.pegs]
        for key in dict.fromkeys(keys):
            blamed.setdefault(key, []).append(i)
    parts = [f'<svg width="{width}" height="{height:.0f}" role="img" class="board">']
    lines, marks, outlines = [], [], []
    r = max(2.0, 0.1 * scale)
    for e in shapes:
        stat = stats.get(e.key)
        rate = stat.rate if stat is not None else 0.0
        never = stat is not None and stat.taken == 0 and bool(e.content or e.kind in ("bridge", "line"))
        tip = f"{e.label}{' (' + e.content + ')' if e.content else ''}: " + (
            "never taken" if never else f"{100 * rate:.0f}% of games")
        title = f"<title>{_e(tip)}</title>"
        cls = " ".join(f"b{i}" for i in blamed.get(e.key, ()))
        if e.kind == "segment" and len(e.shape) >= 3:
            poly = " ".join(pt(x, y) for x, y in e.shape)
            if never:
                parts.append(f'<polygon points="{poly}" fill="url(#never)" stroke="{HEAT_NEVER}" stroke-width="1.6" '
                             f'stroke-dasharray="5,3">{title}</polygon>')
            else:
                opacity = 0.85 if e.content else 0.4  # plain segments fainter, as in the editor
                parts.append(f'<polygon points="{poly}" fill="{heat_hex(rate)}" fill-opacity="{opacity}" '
                             f'stroke="#b9ab8e" stroke-width="0.6">{title}</polygon>')
            if cls:
                outlines.append(f'<polygon class="b {cls}" points="{poly}" fill="none"/>')
        elif e.kind in ("bridge", "line") and len(e.shape) == 2:
            (ax, ay), (bx, by) = (px(*p) for p in e.shape)
            style = (f'stroke="{HEAT_NEVER}" stroke-dasharray="9,6" stroke-linecap="butt"' if never
                     else f'stroke="{heat_hex(max(rate, 0.02))}"')
            lines.append(f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" {style} '
                         f'stroke-width="{max(3.0, 0.16 * scale):.1f}" stroke-linecap="round">{title}</line>')
            if cls:
                outlines.append(f'<line class="b {cls}" x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}"/>')
        elif e.kind == "peg":
            (x, y), = e.shape
            cx, cy = px(x, y)
            seat = starts.get(e.label)
            ring = (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{2.1 * r:.1f}" fill="none" '
                    f'stroke="{seat_colour(seat)}" stroke-width="2"/>' if seat is not None else "")
            lx, ly = px(*peg_id_at(x, y))
            size = max(8.0, PEG_ID_SIZE * scale)
            marks.append(f'{ring}<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="#5b4a3a"><title>peg {_e(e.label)}'
                         f'{"" if seat is None else f" (start of seat {seat + 1})"}</title></circle>'
                         f'<text x="{lx:.1f}" y="{ly + size * 0.35:.1f}" text-anchor="middle" class="pegid" '
                         f'style="font-size:{size:.1f}px">{_e(e.label)}</text>')
            if cls:
                outlines.append(f'<circle class="b {cls}" cx="{cx:.1f}" cy="{cy:.1f}" r="{3.2 * r:.1f}" fill="none"/>')
    parts += lines + marks
    for label in heat_labels(catalogue, summary.elements):
        x, y = px(label.x, label.y)
        colour = HEAT_NEVER if label.never else HEAT_INK
        parts.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" class="heatlabel" '
                     f'style="fill:{colour}">{_e(label.text)}</text>')
    parts += outlines
    parts.append("</svg>")
    return _outline_box(blamed, f'<div class="map">{"".join(parts)}</div>', "element")


def _blamed_keys(summary: Summary) -> dict[str, list[int]]:
    """Element key -> the warnings (indexes) that blame it (``Summary.blame``)."""
    blamed: dict[str, list[int]] = {}
    for i, b in enumerate(summary.blame if len(summary.blame) == len(summary.warnings) else ()):
        for key in dict.fromkeys(b.elements):
            blamed.setdefault(key, []).append(i)
    return blamed


def _outline_box(blamed: dict[str, list[int]], parts_html: str, what: str) -> str:
    """``parts_html`` (the maps) with what each warning blames outlined on demand: a hidden
    anchor per warning, its caption, and CSS ``:target`` rules that show the outlines drawn with
    class ``b b<i>`` (no script)."""
    indices = sorted({i for v in blamed.values() for i in v})
    anchors = "".join(f'<span id="blame-{i}" class="anchor"></span>' for i in indices)
    captions = "".join(f'<p class="cap c{i}">Outlined in blue: what warning {i + 1} blames '
                       f'({counted(sum(1 for v in blamed.values() if i in v), what)}). '
                       f'<a href="#warnings">Back to the warnings</a></p>' for i in indices)
    rules = "".join(f"#blame-{i}:target~.map .b{i}{{display:inline}}#blame-{i}:target~.cap.c{i}{{display:block}}"
                    for i in indices)
    return f'<div class="mapbox"><style>{rules}</style>{anchors}{captions}{parts_html}</div>'


#: the island maps' hexes start at their upper right corner (degrees below the x axis), where
#: the dashed outline of a space never crossed begins
MAP_FIRST_CORNER = -30.0


def _island_maps(summary: Summary, catalogue: Sequence[Element]) -> str:
    """Rivages: one small map per island, spaces coloured by the share of games that crossed
    them; then, hidden until a warning's link targets them, the outlines of the spaces and
    bridges each warning blames (as :func:`_board_map` does for a board)."""
    rates = {e.key: e.rate for e in summary.elements}
    islands: dict[str, list[Element]] = {}
    bridges: dict[str, list[Element]] = {}
    names = {e.group: e.label for e in catalogue if e.kind == "island"}
    for e in catalogue:
        if e.kind == "space" and e.shape:
            islands.setdefault(e.group, []).append(e)
        elif e.kind == "bridge" and len(e.shape) == 2:
            bridges.setdefault(e.group, []).append(e)
    blamed = {k: v for k, v in _blamed_keys(summary).items() if k.split(" ", 1)[0] in ("space", "bridge")}
    cards = []
    size = 16.0
    for island, spaces in islands.items():
        visited = rates.get(f"island {island}", 0.0)
        corners = {e.key: hex_corners(e.shape[0], size, first=MAP_FIRST_CORNER) for e in spaces}
        xs = [x for cs in corners.values() for x, _ in cs]
        ys = [y for cs in corners.values() for _, y in cs]
        w, h = max(xs) - min(xs) + 4, max(ys) - min(ys) + 4
        parts = [f'<svg width="{w:.0f}" height="{h:.0f}" role="img">']
        for e in spaces:
            rate = rates.get(e.key, 0.0)
            share = rate / visited if visited else 0.0
            pts = " ".join(f"{x - min(xs) + 2:.1f},{y - min(ys) + 2:.1f}" for x, y in corners[e.key])
            never = rate == 0 and visited > 0  # an island nobody visited: its spaces say nothing each
            fill = f'fill="url(#never)" stroke="{HEAT_NEVER}" stroke-dasharray="3,2"' if never else \
                f'fill="{heat_hex(share) if visited else HEAT_UNSEEN}" stroke="#777"'
            parts.append(f'<polygon points="{pts}" {fill} stroke-width="0.6">'
                         f'<title>{_e(e.label)} ({_e(e.content)}): crossed in {100 * share:.0f}% of the visits, '
                         f'{100 * rate:.0f}% of games</title></polygon>')
            if visited:
                parts.append(_space_text(e.shape[0], size, min(xs) - 2, min(ys) - 2, space_rate_text(share, never),
                                         never, share))
        centre = {e.shape[0]: (sum(x for x, _ in corners[e.key]) / 6 - min(xs) + 2,
                               sum(y for _, y in corners[e.key]) / 6 - min(ys) + 2) for e in spaces}
        for e in spaces:
            pts = " ".join(f"{x - min(xs) + 2:.1f},{y - min(ys) + 2:.1f}" for x, y in corners[e.key])
            parts += [f'<polygon class="b b{i}" points="{pts}"/>' for i in blamed.get(e.key, ())]
        for e in bridges.get(island, ()):
            a, b = (centre.get(tuple(h)) for h in e.shape)
            if a is not None and b is not None:
                parts += [f'<line class="b b{i}" x1="{a[0]:.1f}" y1="{a[1]:.1f}" x2="{b[0]:.1f}" y2="{b[1]:.1f}"/>'
                          for i in blamed.get(e.key, ())]
        parts.append("</svg>")
        cards.append(f'<div class="card"><div><b>{_e(names.get(island, island))}</b> '
                     f'<span class="muted">visited in {100 * visited:.0f}% of games</span></div>{"".join(parts)}</div>')
    if not cards:
        return ""
    return ('<p class="muted">Each space coloured by the share of the island\'s visits that crossed it. '
            + _legend() + "</p>" + _outline_box(blamed, f'<div class="map grid">{"".join(cards)}</div>', "element"))


def _space_text(at, size: float, dx: float, dy: float, text: str, never: bool, rate: float = 0.0) -> str:
    """The label an island heat map writes on a space (its share, or ``never``), as the island
    editor's heat map does (:func:`studio.playtest.heat.space_rate_text`); white on the darker
    half of the scale."""
    corners = hex_corners(at, size, first=MAP_FIRST_CORNER)
    cx = sum(x for x, _ in corners) / 6 - dx
    cy = sum(y for _, y in corners) / 6 - dy
    colour = HEAT_NEVER if never else "#ffffff" if rate > 0.6 else HEAT_INK
    # a word wider than "100%" ("never") is squeezed to the hex's inner width (sqrt 3 x size
    # across the flats), so it stays inside its own space instead of spilling onto the next
    # (a renderer without textLength gets a smaller font: about 0.6 em a glyph)
    font, fit = max(7.0, size * 0.5), ""
    if len(text) > 4:
        font = min(font, 1.4 * size / (0.6 * len(text)))
        fit = f' textLength="{1.4 * size:.1f}" lengthAdjust="spacingAndGlyphs"'
    return (f'<text x="{cx:.1f}" y="{cy + 3:.1f}" text-anchor="middle"{fit} '
            f'style="font-size:{font:.1f}px;fill:{colour}">{_e(text)}</text>')


def _legend() -> str:
    """The colour scale of the content maps as inline swatches at the heat scale's key stops
    (:func:`studio.playtest.heat.legend_stops`, the editor's ramp too); never taken: the hatching."""
    swatch = 'style="display:inline-block;width:14px;height:11px;border:1px solid #999;vertical-align:middle;'
    never = (f'<span {swatch}background:repeating-linear-gradient(45deg,{HEAT_NEVER_GROUND} 0 3px,{HEAT_NEVER} 3px 4px);'
             f'border:1px dashed {HEAT_NEVER}"></span> never')
    return never + " " + " ".join(f'<span {swatch}background:{colour}"></span> {label}'
                                  for _rate, colour, label in legend_stops())


def _element_table(summary: Summary, kinds: Sequence[str], limit: int | None = None) -> str:
    seats = [s.seat for s in summary.seats]
    head = "".join(f'<th class="n">seat {s + 1}</th>' for s in seats)
    rows = []
    items = [e for e in summary.elements if e.kind in kinds]
    items.sort(key=lambda e: (-e.rate, e.key))
    if limit is not None and len(items) > limit:
        never = [e for e in items if e.taken == 0]
        items = items[:limit] + [e for e in never if e not in items[:limit]]
    for e in items:
        cls = ' class="never"' if e.taken == 0 else ""
        by_seat = "".join(f'<td class="n">{e.by_seat[s]}</td>' for s in seats)
        rows.append(f"<tr{cls}><td>{_e(e.label)}</td><td>{_e(e.content)}</td><td class=\"n\">{100 * e.rate:.1f}%</td>"
                    f"{by_seat}</tr>")
    if not rows:
        return ""
    return (f'<table><tr><th>element</th><th>content</th><th class="n">games</th>{head}</tr>'
            + "".join(rows) + "</table>")


NEVER = ' class="never"'


def _solo_html(solo: SoloSummary) -> str:
    """Solo: the win rate against the target per challenge set (table and chart with 95%
    intervals) and the challenge cards."""
    out = ['<h2 id="solo">Solo: win rate against the target</h2>',
           f'<p>{solo.wins} of {counted(solo.games, "game")} won: <b>{_pct1(solo.win_rate)}%</b> (95% interval '
           f'{_pct1(solo.ci_low)}% – {_pct1(solo.ci_high)}%). A win needs the target (the target card\'s '
           f'{solo.target} scrolls, more with a scroll challenge) and every challenge card met; the target alone '
           f'was reached in {_pct1(solo.reached_rate)}% of games.</p>']
    rows = []
    for x in solo.sets:
        met = ", ".join(f"{_e(n)} {_pct1(x.met[c])}%" for c, n in zip(x.challenges, x.names)) or "–"
        rows.append(f'<tr><td>{_e(x.label)}</td><td class="n">{x.games}</td><td class="n">{x.wins}</td>'
                    f'<td class="n">{_pct1(x.win_rate)}%</td><td class="n">{_pct1(x.ci_low)}% – {_pct1(x.ci_high)}%</td>'
                    f'<td class="n">{x.target}</td><td class="n">{_pct1(x.reached_rate)}%</td>'
                    f'<td class="n">{_num(x.score.mean)} ± {_num(x.score.sd)}</td><td>{met}</td></tr>')
    out.append('<table><tr><th>challenges</th><th class="n">games</th><th class="n">wins</th><th class="n">win %</th>'
               '<th class="n">95% interval</th><th class="n">target</th><th class="n">target reached</th>'
               '<th class="n">score (mean ± sd)</th><th>challenge met</th></tr>' + "".join(rows) + "</table>")
    out.append("<h3>Win rate per challenge set (whiskers: 95% Wilson interval)</h3>")
    out.append(_win_rates_svg(charts.solo_win_rates(solo)))
    if solo.challenges:
        out.append("<h3>Challenge cards</h3><table><tr><th>card</th><th>asks</th><th class=\"n\">games drawn</th>"
                   '<th class="n">met</th><th class="n">95% interval</th></tr>'
                   + "".join(f'<tr{NEVER if c.met == 0 else ""}><td>{_e(c.name)}</td>'
                             f'<td>{_e(challenge_text(c.kind, c.need))}</td><td class="n">{c.games}</td>'
                             f'<td class="n">{_pct1(c.rate)}%</td><td class="n">{_pct1(c.ci_low)}% – {_pct1(c.ci_high)}%</td></tr>'
                             for c in solo.challenges) + "</table>")
    return "\n".join(out)


def html_report(summary: Summary, title: str, settings: dict, catalogue: Sequence[Element] = (),
                island=None) -> str:
    """A self-contained HTML page: settings, warnings, seat table and win-rate chart, balance
    figures, score / length / margin distributions, how games ended, content maps and tables."""
    s = summary
    seats = s.seats
    out = ['<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
           f"<title>{_e(title)}</title><style>{CSS}</style></head><body>",
           f'<svg width="0" height="0" style="position:absolute" aria-hidden="true">{NEVER_DEFS}</svg>',
           f"<h1>{_e(title)}</h1>",
           '<p class="muted">' + " · ".join(f"{_e(k)}: {_e(v)}" for k, v in settings.items()) + "</p>"]
    if s.warnings:
        mapped = _map_keys(catalogue) if any(e.kind in ("segment", "space") for e in s.elements) else set()
        sections = _sections(s, catalogue)
        out.append('<div class="warn" id="warnings"><b>Warnings</b> <span class="muted">(a link outlines on the '
                   'map what a warning blames, or shows the figures it rests on)</span><ul>' + "".join(
                       f"<li>{_e(w)}{_warning_links(s, i, mapped, sections)}{_advice_html(s, i)}</li>"
                       for i, w in enumerate(s.warnings))
                   + "</ul></div>")
    else:
        out.append(f'<div class="ok">{_e(all_clear(s))}</div>')

    out.append('<h2 id="seats">Seats</h2>')
    bands = any(x.bands_mean is not None for x in seats)
    stat_keys = list(seats[0].stats) if seats else []
    head = ('<tr><th>seat</th><th>name</th><th>bot</th><th class="n">wins</th><th class="n">win %</th>'
            '<th class="n">95% interval</th><th class="n">score mean</th><th class="n">sd</th>'
            '<th class="n">min</th><th class="n">median</th><th class="n">max</th>'
            + ('<th class="n">bands used</th>' if bands else "") + "</tr>")
    rows = []
    for x in seats:
        d = x.scores
        rows.append(f'<tr><td>{x.seat + 1}</td><td>{_e(x.name)}</td><td>{_e(x.bot)}</td><td class="n">{x.wins:g}</td>'
                    f'<td class="n">{100 * x.win_rate:.1f}%</td>'
                    f'<td class="n">{100 * x.ci_low:.1f}% – {100 * x.ci_high:.1f}%</td>'
                    f'<td class="n">{_num(x.score_mean)}</td><td class="n">{_num(x.score_sd)}</td>'
                    f'<td class="n">{_num(d.min if d else None, "g")}</td><td class="n">{_num(d.median if d else None, "g")}</td>'
                    f'<td class="n">{_num(d.max if d else None, "g")}</td>'
                    + (f'<td class="n">{_num(x.bands_mean)}</td>' if bands else "") + "</tr>")
    out.append("<table>" + head + "".join(rows) + "</table>")
    if stat_keys:
        out.append("<h3>Per seat, mean per game</h3><table><tr><th>seat</th>"
                   + "".join(f'<th class="n">{_e(k.replace("_", " "))}</th>' for k in stat_keys) + "</tr>"
                   + "".join(f"<tr><td>{x.seat + 1}</td>" + "".join(f'<td class="n">{_num(x.stats.get(k))}</td>'
                                                                  for k in stat_keys) + "</tr>" for x in seats)
                   + "</table>")
    if s.solo is not None:
        out.append(_solo_html(s.solo))
    if len(seats) > 1:
        out.append("<h3>Win rate per seat (whiskers: 95% Wilson interval; dashed: fair share)</h3>")
        out.append(_win_rates_svg(charts.win_rates(s)))

    out.append('<h2 id="balance">Balance and length</h2><table>')
    for label, text in figures(s):
        out.append(f"<tr><th>{_e(label.rstrip(':'))}</th><td>{_e(text)}</td></tr>")
    out.append("</table>")

    out.append("<h2>Distributions</h2><div class=\"grid\">")
    out.append('<div class="card"><h3>Final scores</h3>' + _histogram_svg(charts.score_histogram(s)) + "</div>")
    if s.margin is not None and s.margin.count:
        out.append('<div class="card"><h3>Margin of victory</h3>' + _histogram_svg(
            charts.histogram([("margin", s.margin, "#555555")], "winner's points minus the next best")) + "</div>")
    out.append('<div class="card"><h3>Rounds per game</h3>' + _histogram_svg(charts.length_histogram(s)) + "</div>")
    out.append('<div class="card"><h3>Actions per game</h3>'
               + _histogram_svg(charts.histogram([("actions", s.actions, "#17a589")], "actions")) + "</div></div>")

    out.append(_ends_html(s))
    if s.attribution is not None:
        a_head, a_rows = attribution_rows(s)
        a = s.attribution
        out.append("<h2>Where the seats' gaps come from</h2>"
                   f'<p class="muted">The same {a.deals} deals{_e(_deals_of(s))} replayed with the seats rotated (every turn position '
                   "at every board position)" + (f" and with equal hands of {a.equal_hand} cards" if a.equal_hand
                                                 else "") + f"; {counted(a.games_played, 'game')}. Points of win rate over the "
                   "fair share, with 95% intervals.</p><table><tr>"
                   + "".join(f"<th>{_e(h)}</th>" for h in a_head) + "</tr>"
                   + "".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in r) + "</tr>" for r in a_rows) + "</table>"
                   + "".join(f"<p>{_e(v)}</p>" for v in attribution_verdicts(s)))

    for panel in (s.ladder, s.styles):
        if panel is not None:
            from studio.playtest.ladder import panel_html

            out.append(f'<div id="{"ladder" if panel.kind == "skill" else "styles"}">{panel_html(panel)}</div>')

    if s.elements:
        out.append('<h2 id="content">Content</h2>')
        out.append('<p class="muted">Share of games in which each element was taken, and by which seat; '
                   "never taken in red.</p>")
        kinds = {e.kind for e in s.elements}
        if "segment" in kinds:
            out.append('<h3 id="map">The board</h3><p class="muted">As the editor\'s heat map shows it: each segment '
                       "tinted by the share of games that took it (plain segments fainter), bridges and line items "
                       "coloured the same, pictures and idols labelled with their share; content never taken hatched "
                       "with a dashed red outline; every peg with its id, start pegs ringed in their seat's colour. "
                       f"Hover an element for its figures. {_legend()}</p>")
            out.append(_board_map(s, catalogue))
            content_keys = {e.key for e in catalogue if e.content} if catalogue else None
            if content_keys is not None:
                filtered = replace(s, elements=[e for e in s.elements if e.key in content_keys or e.kind != "segment"])
                table = _element_table(filtered, ["segment"])
            else:
                table = _element_table(s, ["segment"])
            if table:  # a board whose segments hold nothing (the Labyrinth) gets no empty section
                out.append("<h3>Segments with content</h3>" + table)
            for kind, name in (("bridge", "Bridges"), ("line", "Line items"), ("picture", "Pictures")):
                table = _element_table(s, [kind]) if kind in kinds else ""
                if table:
                    out.append(f"<h3>{name}</h3>" + table)
        if "space" in kinds:
            out.append("<h3>Islands</h3>" + _island_maps(s, catalogue))
            for kind, name in (("island", "Islands visited"), ("goal", "Goal steps completed"),
                               ("bridge", "Bridges used (a cross went over them)"),
                               ("tree", "Tree spaces reached")):
                if kind in kinds:
                    out.append(f"<h3>{name}</h3>" + _element_table(s, [kind]))
    if island is not None:
        out.append(island_html(island))
    out.append(f'<p class="muted">Made by Board Studio ({_e(FORMAT)}).</p></body></html>')
    return "\n".join(out)


def _map_keys(catalogue: Sequence[Element]) -> set:
    """The keys of the elements a map draws and can outline: a board's segments, bridges, line
    items and pegs (Rule the Realm); an island's spaces and bridges (Rivages)."""
    return {e.key for e in catalogue if e.shape and e.kind in ("segment", "bridge", "line", "peg", "space")}


def _sections(s: Summary, catalogue: Sequence[Element]) -> set:
    """The anchors :func:`html_report` writes for ``s``: the sections a warning may link to."""
    out = {"seats", "balance", "ends"}
    if s.insight is not None:
        out.add("play")
        out |= {f"mechanic-{m.code}" for m in s.insight.measures}
    if s.elements:
        out.add("content")
    if s.solo is not None:
        out.add("solo")
    out |= {name for name, panel in (("ladder", s.ladder), ("styles", s.styles)) if panel is not None}
    return out


#: element kinds (the first word of an element key, :mod:`studio.playtest.elements`) in words
ELEMENT_WORDS = {"segment": "segments", "bridge": "bridges", "line": "lines", "picture": "pictures",
                 "peg": "pegs", "island": "islands", "space": "hexes", "goal": "goal steps", "tree": "tree spaces"}
ISLAND_KINDS = ("space", "bridge", "goal")   # Rivages keys ``<kind> <island id> <rest>``


def _element_groups(keys: Sequence[str]) -> list[str]:
    """Element keys grouped by kind in plain words, in the order first named: ``segments
    a-b-c, d-e-f``, ``pegs 4, 7``; Rivages hexes and bridges as axial coordinates per island
    (``hexes (1,2), (0,3) of island gulls``), goal steps per island (``goal steps quest step 1
    of island gulls``), tree spaces per tree."""
    groups: dict[tuple[str, str], list[str]] = {}
    for key in keys:
        kind, _, rest = key.partition(" ")
        where = ""
        if kind in ISLAND_KINDS or kind == "tree":
            where, _, rest = rest.partition(" ")
        if kind in ("space", "bridge"):
            m = KEY_HEXES.fullmatch(rest)  # "q,r" or "q,r-q,r" (a bridge), coordinates may be negative
            rest = f"({m[1]})" + (f"-({m[2]})" if m[2] else "") if m else rest
        elif kind == "goal" and " " in rest:  # "<goal name> <step>"
            name, _, step = rest.rpartition(" ")
            rest = f"{name} step {step}"
        groups.setdefault((kind, where), []).append(rest or kind)
    out = []
    for (kind, where), items in groups.items():
        text = f"{ELEMENT_WORDS.get(kind, kind)} {', '.join(items)}"
        if where:
            text += f" of {'tree' if kind == 'tree' else 'island'} {where}"
        out.append(text)
    return out


def blame_text(s: Summary, index: int) -> str:
    """What warning ``index`` of ``s`` blames (``Summary.blame``), in plain words for the text
    report: its seats (with names), its elements by kind (:func:`_element_groups`; a seat's
    start pegs among them), the location mechanic and rule clause; "" when it blames none of
    these (a warning about the whole batch)."""
    b = s.blame_of(index)
    if b is None:
        return ""
    parts = []
    if b.seats:
        names = {x.seat: x.name for x in s.seats}
        parts.append(counted(len(b.seats), "seat").split(" ", 1)[1] + " " + ", ".join(
            f"{k + 1}" + (f" ({names[k]})" if names.get(k) else "") for k in b.seats))
    parts += _element_groups(b.elements)
    if b.mechanic:
        spec = MEASURES.get(b.mechanic)
        parts.append(f"mechanic {spec.words if spec is not None else b.mechanic.replace('_', ' ')}"
                     + (f" ({b.clause})" if b.clause else ""))
    elif b.clause:
        parts.append(f"rule {b.clause}")
    return "; ".join(parts)


def advice_text(s: Summary, index: int) -> str:
    """What to try for warning ``index`` of ``s`` (``Blame.advice``), "" when it has none."""
    b = s.blame_of(index)
    return b.advice if b is not None else ""


def _advice_html(s: Summary, i: int) -> str:
    advice = advice_text(s, i)
    return f'<br><span class="try"><b>try:</b> {_e(advice)}</span>' if advice else ""


SECTION_WORDS = {"seats": "the seats", "balance": "balance", "ends": "how games ended", "play": "the play figures",
                 "content": "the content", "solo": "the solo figures", "ladder": "the skill ladder",
                 "styles": "the playstyles"}


def _warning_links(s: Summary, i: int, mapped: set, sections: set) -> str:
    """The links after warning ``i``: ``on the map`` (outlines what it blames, when the map
    draws some of it) and the section of its figures (a location rule's row, by its clause)."""
    b = s.blame_of(i)
    if b is None:
        return ""
    out = []
    seat_keys = {k for k in mapped if k.startswith("peg ")} if b.seats else set()
    if (set(b.elements) & mapped) or seat_keys:
        n = len(set(b.elements) & mapped)
        what = counted(n, "element") if n else "the seats' start pegs"
        out.append(f'<a href="#blame-{i}" class="blame">on the map ({what})</a>')
    if b.section in sections:
        words = f"{b.clause}: the figures" if b.section.startswith("mechanic-") and b.clause else \
            SECTION_WORDS.get(b.section, "the figures")
        out.append(f'<a href="#{_e(b.section)}">({_e(words)})</a>')
    return (" " + " ".join(out)) if out else ""


def _ends_html(s: Summary) -> str:
    """How games ended (end codes against the intended end), the degenerate-play figures and
    findings, and the arc of the games (mean score per round per seat)."""
    ins = s.insight
    if ins is None:
        return ('<h2 id="ends">How games ended</h2><table>' + "".join(
            f'<tr><td class="n">{count}</td><td class="n">{100 * count / s.games:.1f}%</td><td>{_e(reason)}</td></tr>'
            for reason, count in s.end_reasons.items()) + "</table>")
    exp = ins.expectations
    out = ['<h2 id="ends">How games ended</h2>',
           f'<p class="muted">Intended: {_e(", ".join(exp["intended_ends"]) or "any end of the rules")} '
           f"(from {_e(exp['source'])}).</p><table>"]
    for code, count in ins.end_codes.items():
        bad = not intended(ins, code)
        out.append(f'<tr><td class="n">{count}</td><td class="n">{100 * count / s.games:.1f}%</td>'
                   f'<td><code>{_e(code)}</code></td><td{" class=never" if bad else ""}>{_e(END_CODES.get(code, code))}'
                   f'{" (not intended)" if bad else ""}</td></tr>')
    out.append("</table>")
    if ins.measures:
        out.append(_mechanics_html(s))
    out.append('<h2 id="play">Degenerate play</h2>')
    if ins.findings:
        out.append("<table><tr><th>finding</th><th class=\"n\">share</th><th>what it means</th></tr>"
                   + "".join(f'<tr><td style="white-space:nowrap"><code>{_e(f.code)}</code></td>'
                             f'<td class="n">{100 * f.games / f.of:.0f}%</td>'
                             f"<td>{_e(f.message)}</td></tr>" for f in ins.findings) + "</table>")
    else:
        out.append('<p class="muted">None found.</p>')
    out.append("<table>" + "".join(f"<tr><th>{_e(label.rstrip(':'))}</th><td>{_e(text)}</td></tr>"
                                   for label, text in play_figures(s)) + "</table>")
    if ins.arc and s.players >= 1:
        out.append("<h3>The arc of a game: mean score after each round (games still running)</h3>")
        out.append(charts.arc_svg(charts.arc(s), *ARC_SIZE))
    return "\n".join(out)


def _mechanics_html(s: Summary) -> str:
    """The location mechanics table (each row anchored ``mechanic-<code>`` for the warnings'
    links; a row a finding names is highlighted), then Rivages' starting islands and trees."""
    ins = _insight(s)
    named = {f.mechanic for f in ins.findings if f.mechanic}
    head, rows = mechanics_rows(s)
    out = ["<h2>Location mechanics</h2>",
           '<p class="muted">Measured from the engine\'s own events, per seat and game unless said; 95% interval '
           "over all seats; <i>in play</i>: share of games in which some seat did it. Highlighted: named by a "
           "warning.</p><table><tr>" + "".join(f"<th{' class=n' if i >= 2 else ''}>{_e(h)}</th>"
                                                 for i, h in enumerate(head)) + "</tr>"]
    for m, row in zip(ins.measures, rows):
        tips = [f"seat {x.seat + 1}: {measure_value(m.kind, x.mean, m.unit)} (95% {measure_value(m.kind, x.low)} to "
                f"{measure_value(m.kind, x.high)}, n={x.n})" for x in m.seats if x.n]
        style = ' style="background:#fff4e5"' if m.code in named else ""
        out.append(f'<tr id="mechanic-{_e(m.code)}"{style} title="{_e("; ".join(tips))}">'
                   + "".join(f"<td{' class=n' if i >= 2 else ''}>{_e(c)}</td>" for i, c in enumerate(row)) + "</tr>")
    out.append("</table>")
    for group, words in (("island", "Per starting island"), ("tree", "Per tree")):
        found = [o for o in ins.origins if o.group == group]
        if found:
            out.append(f"<h3>{words}</h3><table><tr><th>{group}</th><th class=n>seats</th><th class=n>win %</th>"
                       "<th class=n>95% interval</th><th class=n>score mean</th></tr>" + "".join(
                           f'<tr><td>{_e(o.id)}</td><td class="n">{o.seats}</td><td class="n">{100 * o.win_rate:.1f}%</td>'
                           f'<td class="n">{100 * o.low:.1f}% – {100 * o.high:.1f}%</td><td class="n">{o.score_mean:.1f}</td></tr>'
                           for o in found) + "</table>")
    return "\n".join(out)


def island_html(stats) -> str:
    """The section of one island's balance run (an
    :class:`~studio.playtest.elements.IslandStats`): a map of its spaces coloured by the share of
    visits that crossed them (never crossed: red outline), then its goal steps (share of visits
    that met each, mean round), bridges, loot spaces and the spaces never crossed."""
    s = stats
    out = [f"<h2>Island: {_e(s.name)}</h2>",
           f'<p class="muted">{counted(s.visits, "visit")} in {counted(s.games, "game")} (visited in {s.games_visited}). '
           "Shares are of the island's visits (a seat's stay on it). " + _legend() + "</p>"]
    size = 15.0
    corners = {c.key: hex_corners(c.at[0], size, first=MAP_FIRST_CORNER) for c in s.spaces}
    if corners:
        xs = [x for cs in corners.values() for x, _ in cs]
        ys = [y for cs in corners.values() for _, y in cs]
        w, h = max(xs) - min(xs) + 6, max(ys) - min(ys) + 6
        parts = [f'<svg width="{w:.0f}" height="{h:.0f}" role="img">']
        for c in s.spaces:
            pts = " ".join(f"{x - min(xs) + 3:.1f},{y - min(ys) + 3:.1f}" for x, y in corners[c.key])
            stroke = f'fill="url(#never)" stroke="{HEAT_NEVER}" stroke-width="2" stroke-dasharray="3,2"' if not c.visits else \
                f'fill="{heat_hex(c.rate)}" stroke="#777" stroke-width="0.6"'
            parts.append(f'<polygon points="{pts}" {stroke}><title>{_e(c.label)} '
                         f'({_e(c.content)}): crossed in {100 * c.rate:.0f}% of the visits</title></polygon>')
            parts.append(_space_text(c.at[0], size, min(xs) - 3, min(ys) - 3, space_rate_text(c.rate, not c.visits),
                                     not c.visits, c.rate))
        parts.append("</svg>")
        out.append(f'<div class="card">{"".join(parts)}</div>')

    NUM = ' class="n"'

    def table(rows, head):
        return "<table><tr>" + "".join(f"<th>{_e(x)}</th>" for x in head) + "</tr>" + "".join(
            "<tr>" + "".join(f"<td{NUM if isinstance(v, (int, float)) or str(v).endswith('%') else ''}>"
                             f"{_e(v)}</td>" for v in row) + "</tr>" for row in rows) + "</table>"

    if s.goals:
        out.append("<h3>Goal steps</h3>" + table(
            [(c.label, c.visits, f"{100 * c.rate:.0f}%", c.games, "never met" if c.mean_round is None
              else f"{c.mean_round:.1f}") for c in s.goals],
            ("step", "visits that met it", "share of visits", "games", "mean round met")))
    if s.bridges:
        out.append("<h3>Bridges (used: a cross went over it)</h3>" + table(
            [(c.label, c.visits, f"{100 * c.rate:.0f}%", c.games) for c in s.bridges],
            ("bridge", "visits", "share of visits", "games")))
    if s.loot_spaces:
        out.append("<h3>Loot spaces</h3>" + table(
            [(c.label, c.content, c.visits, f"{100 * c.rate:.0f}%") for c in s.loot_spaces],
            ("space", "icon", "visits that crossed it", "share of visits")))
    never = s.never_crossed
    out.append("<h3>Never crossed</h3>" + (
        f'<p class="never">{len(never)} of {counted(len(s.spaces), "space")}: ' + _e(", ".join(f"{c.at[0][0]},{c.at[0][1]} ({c.content})"
                                                                          for c in never)) + "</p>"
        if never else '<p class="muted">Every space was crossed at least once.</p>'))
    return "\n".join(out)


def write_html(path, summary: Summary, title: str, settings: dict, catalogue: Sequence[Element] = (),
               island=None) -> None:
    """Write :func:`html_report` atomically (with :func:`island_html` when ``island`` is an
    island's statistics). Raises OSError."""
    from studio.content import save_atomic

    save_atomic(path, html_report(summary, title, settings, catalogue, island))


def summary_csv(rows: Sequence[dict]) -> str:
    """CSV text of flat dicts (the keys of the first row are the header)."""
    buf = io.StringIO()
    if rows:
        writer = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return buf.getvalue()
