"""``studio balance`` on Rivages content: a ``rivages-scenario/1`` file (``--players 2`` to 5, or
the solo scenario) or a ``rivages-island/1`` file (the island always in play, see
:mod:`studio.balance.rivages`). Called by :mod:`studio.balance.cli` with its parsed arguments;
the exit statuses, progress, Ctrl+C and output folder are the same as for Rule the Realm.

Saved in the output folder, per proposal: every island it edits (``ISLAND-proposal-N.yaml``, the
original file's comments and layout kept), the solo cards file when it changes a challenge
card or the target, and a scenario file naming them when the proposal changes more than one
island file (a scenario searched) or the cards or rules; ``balance.json`` sums up the run
(``studio-balance/1``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from studio.console import note
from studio.content.exits import findings_status
from studio.playtest.cli import check_content, content_errors, fail, plural

PROG = "studio balance"


def is_rivages(path) -> bool:
    """Whether ``path`` is a Rivages scenario or island file (False when it does not load:
    the Rule the Realm path reports that)."""
    from studio.content import load_document

    try:
        fmt = load_document(path).format or ""
    except Exception:  # noqa: BLE001 - the caller's own loading reports a bad file
        return False
    return fmt.startswith(("rivages-scenario", "rivages-island"))


def run(args) -> int:
    """``studio balance`` for Rivages (see the module docstring). Raises UsageError (exit 2)
    for bad arguments or content."""
    from studio.balance.cli import _check_output, plan_line, search_and_report
    from studio.balance.edits import EditError
    from studio.balance.island_edits import parse_island_locks
    from studio.balance.objective import WeightsError
    from studio.balance.rivages import balance_rivages, load_target, parse_rivages_weights

    try:
        target = load_target(args.scenario, args.players)
    except content_errors() as exc:
        _check_files(args.scenario, args.players)
        raise fail(exc.format() if hasattr(exc, "format") else str(exc)) from None
    try:
        weights = parse_rivages_weights(args.weights, target.setup.players)
    except WeightsError as exc:
        raise fail(str(exc)) from None
    islands = {i.id: i for i in target.setup.content.islands if i.id in set(target.islands)}
    try:
        locks = parse_island_locks(args.lock, islands, target.islands[0] if target.island_file else None)
    except EditError as exc:
        raise fail(f"{args.scenario}: {exc}") from None
    if args.output == "-":
        raise fail("-o takes a folder for the proposals' files; standard output (-) cannot hold them")
    out = Path(args.output) if args.output else Path(f"{target.ident}-balance")
    _check_output(out, args.scenario, target.ident, target.setup.players)
    _check_files(args.scenario, args.players)
    note(plan_line(args))
    return search_and_report(
        lambda bar: balance_rivages(target, args.bots, args.budget_games, args.seed, args.steps, args.candidates,
                                    args.allow_rules, locks, weights, args.verify_games, args.top, args.jobs,
                                    args.executor, args.scheduler, args.budget_minutes, progress=bar),
        lambda result: format_rivages(result, target, args.budget_games),
        lambda result: save_rivages(result, target, args, out), out)


def _check_files(path, players) -> None:
    """Bots never play content with errors: the island's own findings (an island file), or the
    scenario's and what it references; warnings are listed, errors stop the run."""
    from studio.content import load_document
    from studio.validate.rivages import rivages_findings

    try:
        fmt = load_document(path).format or ""
    except Exception:  # noqa: BLE001 - check_content reports an unreadable file
        fmt = ""
    if not fmt.startswith("rivages-island"):
        check_content(path, players, "balancing")
        return
    findings = [f for f in rivages_findings(str(path)) if f.severity in ("error", "warning")]
    for f in findings:
        print(f.format(), file=sys.stderr)
    errors = sum(f.severity == "error" for f in findings)
    if errors:
        raise fail(f"{path}: the island has {plural(errors, 'error')} (listed above); fix them before balancing",
                   status=findings_status(findings))


def _pct(x: float) -> str:
    return f"{100 * x:.1f}"


def format_rivages(result, target, budget: int) -> str:
    """The run in plain text: what was searched, what an island edit can and cannot move, then
    each proposal with its edits, notes and figures before and after (seats' win rates, or
    per challenge card in solo), with 95% intervals."""
    from studio.balance.cli import games_text, no_proposal_line, race_lines, stopped_line
    from studio.balance.rivages import RIVAGES_WORDS, SAME_ISLAND, SHARED_PILE
    from studio.playtest.stats import wilson

    players = target.setup.players
    what = (f"island {target.islands[0]}" if target.island_file
            else f"{plural(len(target.islands), 'island')} of the scenario")
    lines = [f"{target.name}, {plural(players, 'player')} ({what}): {games_text(result, budget)}; "
             f"{result.elapsed:.0f} s in all, seed {result.seed}"]
    if players > 1:
        lines.append("note: " + (SAME_ISLAND if target.island_file else SHARED_PILE))
    aims = [f"{RIVAGES_WORDS[k]} x{w:g}" for k, w in result.weights.items() if w]
    lines.append("aiming at: " + "; ".join(aims))
    stop = stopped_line(result)
    if stop:
        lines.append(stop)
    lines += race_lines(result, "content")
    if result.base is not None:
        lines.append("before: " + _parts(result.base, result.weights))
    if not result.proposals:
        lines.append("")
        lines.append(no_proposal_line(result, "content"))
        return "\n".join(lines)
    for i, p in enumerate(result.proposals, 1):
        lines.append("")
        lines.append(f"proposal {i}: objective {p.base_score.total:.3f} -> {p.score.total:.3f} in the search "
                     f"({p.search_words()})")
        lines += [f"  - {e.text}" for e in p.edits]
        lines += [f"  note: {n}" for n in p.notes if n not in (SAME_ISLAND, SHARED_PILE)]  # said once, above
        v = p.verified
        if v is None:
            lines.append("  not verified on fresh seeds")
            continue
        lines.append(f"  verified on {plural(v.games, 'fresh game')} (seeds the search never played), the original "
                     "content on the same seeds:")
        if players == 1:
            before = {c: (n, g, w) for c, n, g, w in v.before.challenges}
            after = {c: (n, g, w) for c, n, g, w in v.after.challenges}
            lines.append(f"  {'challenge':<16} {'before win %':>12} {'95% CI':>11}  {'after win %':>11} {'95% CI':>11}"
                         "  (aim: 15-60%)")
            for cid in sorted(set(before) | set(after)):
                name = (before.get(cid) or after[cid])[0]
                cells = []
                for row in (before.get(cid), after.get(cid)):
                    if row is None or not row[1]:
                        cells.append(f"{'-':>12} {'':>11}")
                        continue
                    lo, hi = wilson(row[2], row[1])
                    cells.append(f"{_pct(row[2] / row[1]):>12} {100 * lo:>5.1f}-{100 * hi:<5.1f}")
                lines.append(f"  {name[:16]:<16} {cells[0]}  {cells[1]}".rstrip())
        else:
            lines.append(f"  {'seat':>4}  {'before win %':>12} {'95% CI':>11}  {'after win %':>11} {'95% CI':>11}")
            for s in range(len(v.before.rates)):
                b, a = v.before_ci[s], v.after_ci[s]
                lines.append(f"  {s + 1:>4}  {_pct(v.before.rates[s]):>12} {100 * b[0]:>5.1f}-{100 * b[1]:<5.1f}  "
                             f"{_pct(v.after.rates[s]):>11} {100 * a[0]:>5.1f}-{100 * a[1]:<5.1f}".rstrip())
        lines.append(f"  objective {v.before.total:.3f} -> {v.after.total:.3f} (change {v.change:+.3f}, 95% "
                     f"{v.change_ci[0]:+.3f} to {v.change_ci[1]:+.3f}"
                     + f"; {v.verdict()})")
        parts = [f"{k} {v.before.parts[k]:.2f}->{v.after.parts[k]:.2f}" for k in v.before.parts
                 if abs(v.before.parts[k] - v.after.parts[k]) >= 0.005]
        if parts:
            lines.append("  parts: " + ", ".join(parts))
    return "\n".join(lines)


def _parts(score, weights) -> str:
    return f"objective {score.total:.3f} over {plural(score.games, 'game')} (" + ", ".join(
        f"{k} {v:.2f}" + ("" if weights.get(k) else " at weight 0") for k, v in score.parts.items() if v >= 0.005) + ")"


def save_rivages(result, target, args, out: Path) -> list[tuple[Path, str]]:
    """Write every proposal's files in ``out`` (see the module docstring) and ``balance.json``;
    returns ``(path, note)`` per file, ``note`` empty when the file validates with no error and
    nothing needs saying (else its first error, or what a scenario left out). Raises OSError
    when a file cannot be written."""
    from studio.balance.cli import FORMAT, _finite
    from studio.content import save_atomic
    from studio.content.yamlio import make_folders
    from studio.model import io
    from studio.validate import validate

    make_folders(out)
    original = target.draft()
    written: list[tuple[Path, str]] = []
    entries = []
    for i, p in enumerate(result.proposals, 1):
        draft = p.board
        files: list[Path] = []
        island_files: dict[str, Path] = {}
        for ident in sorted(draft.edited):
            island = draft.islands[ident]
            path = out / f"{ident}-proposal-{i}.yaml"
            io.write(island, path, origin=original.islands[ident].path)
            island_files[ident] = path
            files.append(path)
        cards_file = None
        if draft.solo is not None and draft.solo != original.solo:
            cards_file = _write_solo_cards(target, draft.solo, out / f"solo-cards-proposal-{i}.yaml")
            files.append(cards_file)
        scenario_file, why = None, ""
        if (not target.island_file and island_files) or cards_file or draft.settings:
            scenario_file, why = _write_scenario(target, island_files, cards_file, draft.settings, out, i)
            if scenario_file is not None:
                files.append(scenario_file)
        for f in files:
            errors = [x for x in validate(str(f)) if x.severity == "error"]
            written.append((f, f"{plural(len(errors), 'validation error')}: {errors[0].format()}" if errors else ""))
        if why:
            written.append((out, f"proposal {i}: {why}"))
        entries.append({"file": files[0].name if files else "", "scenario_file": scenario_file.name if scenario_file
                        else None, "files": [f.name for f in files], **p.to_dict()})
    scenario = target.setup.scenario
    data = {"format": FORMAT, "game": "rivages",
            "scenario": {"id": scenario.id, "name": scenario.name, "path": str(target.setup.path)},
            "board": {"id": target.ident, "path": target.island_file or str(args.scenario)},
            "islands": list(target.islands) if not target.island_file else [target.islands[0]],
            "players": target.setup.players, "seed": result.seed,
            "budget_games": args.budget_games, "games_played": result.games,
            "search_games": result.search_games, "verify_games": result.verify_games, "stopped": result.stopped,
            **({"stop_reason": result.stop_reason} if result.stop_reason else {}),
            "weights": result.weights, "allow_rules": bool(args.allow_rules), "locks": list(args.lock),
            "search_seeds": "seed * 1000003 + index, index below the budget",
            "verify_seeds": "seed * 1000003 + 500000 + index",
            "original": result.base.to_dict() if result.base else None,
            "steps": result.steps, "proposals": entries}
    summary = out / "balance.json"
    save_atomic(summary, json.dumps(_finite(data), indent=1) + "\n")
    written.append((summary, ""))
    return written


def _write_solo_cards(target, solo, path: Path) -> Path:
    """The scenario's solo cards file with ``solo`` in place of its solo cards."""
    from dataclasses import replace

    from studio.model import io
    from studio.model.rivages import CardSet, _resolve, read_as

    scenario = target.setup.scenario
    source = _resolve(scenario, scenario.solo.cards)
    cards = read_as(source, CardSet)
    new = replace(cards, solo=solo, id=f"{cards.id}-proposal")
    io.write(new, path, origin=str(source))
    return path


def _write_scenario(target, island_files: dict, cards_file, settings: dict, out: Path, i: int):
    """A scenario file in ``out`` like the one played, naming the proposal's islands and cards
    and the others where they are (rebased): ``(path, "")``, or ``(None, why)`` when the output
    folder's content root does not hold the files it would name (a reference may not leave it)."""
    from studio.content.paths import content_root_of, rebased_reference, resolved
    from studio.model import io
    from studio.model.rivages import RivagesScenario, _resolve, reference_files
    from studio.playtest.setup import set_path

    scenario = target.setup.scenario
    path = out / f"{scenario.id}-proposal-{i}.yaml"
    root = content_root_of(path)
    outside: list[str] = []

    def ref(file) -> str:
        full = resolved(file)
        if not full.is_relative_to(root):
            outside.append(Path(file).name)
        return rebased_reference(str(full), None, path)

    data = scenario.to_data()
    by_path = {resolved(i.path): i.id for i in target.setup.content.islands if i.path}
    refs = [island_files[target.islands[0]].name] if target.island_file and target.islands[0] in island_files else []
    for file in reference_files(scenario, scenario.islands):
        ident = by_path.get(resolved(file))
        if ident in island_files and island_files[ident].name not in refs:
            refs.append(island_files[ident].name)
        elif target.island_file and ident is None and _island_id(file) == target.islands[0]:
            continue  # the bundled island the given one replaces (island_setup does the same)
        elif ident not in island_files:
            refs.append(ref(file))
    data["islands"] = refs
    data["trees"] = [ref(f) for f in reference_files(scenario, scenario.trees)]
    data["cards"] = ref(_resolve(scenario, scenario.cards))
    data["loot"] = ref(_resolve(scenario, scenario.loot))
    if data.get("solo"):
        data["solo"]["cards"] = cards_file.name if cards_file else ref(_resolve(scenario, scenario.solo.cards))
    if outside:
        shown = ", ".join(outside[:3]) + (f" and {len(outside) - 3} more" if len(outside) > 3 else "")
        return None, (f"no scenario file written: {shown} lie outside the content root of {out} ({root}); give an "
                      "-o folder inside the project to get one")
    for k, v in settings.items():
        set_path(data, k, v)
    data["id"] = f"{scenario.id}-proposal-{i}"
    data["name"] = f"{scenario.name} (balance proposal {i})"
    new = RivagesScenario.from_data(data, path=str(path))
    io.write(new, path, origin=scenario.path)
    return path, ""


def _island_id(file) -> str | None:
    from studio.content import load_document

    try:
        return load_document(file).data.get("id")
    except Exception:  # noqa: BLE001 - an unreadable island is not the one replaced
        return None


__all__ = ["format_rivages", "is_rivages", "run", "save_rivages"]
