"""*Suggest fixes…* in the island editor's balance dashboard: the Rivages balance assistant
(:func:`studio.balance.rivages.balance_rivages`) on the island being edited (unsaved edits
included, as the dashboard's runs play it: every explorer starts on its own copy), its
proposals listed with their figures, previewed on the island (arrows for what moves where,
rings for what changes in place) and applied as one undoable step.

The window is :class:`~studio.gui.balance.suggest.SuggestWindow` with the Rivages kinds of
edit and parts of the objective; the search runs off the GUI thread the same way.
"""

from __future__ import annotations

import copy
import html
from functools import partial

from PySide6.QtCore import QPointF, QRectF, QSize
from PySide6.QtGui import QPainterPath

from studio.balance.island_edits import KINDS
from studio.balance.rivages import RIVAGES_PARTS, RIVAGES_WORDS, SAME_ISLAND, default_weights
from studio.gui.balance.suggest import ARRIVES, CHANGES, LEAVES, ProposalPreview, SuggestRun, SuggestWindow
from studio.gui.balance.worker import BackgroundRun
from studio.gui.shell import desktop


def _search(target, options: dict, worker) -> None:
    from studio.balance.rivages import balance_rivages

    worker.result(balance_rivages(target, progress=worker.tell, stop=worker.stop.is_set, **options))


class IslandSuggestRun(SuggestRun):
    """:class:`~studio.gui.balance.suggest.SuggestRun` on a
    :class:`~studio.balance.rivages.RivagesTarget` (same signals)."""

    def __init__(self, target, options: dict, parent=None):
        BackgroundRun.__init__(self, partial(_search, target, options), "balance-suggest", parent)


def space_hexes(touch) -> tuple | None:
    """The hex of a ``("space", "ISLAND:Q,R")`` element of an edit, else None."""
    kind, ident = touch
    if kind != "space":
        return None
    q, r = ident.rpartition(":")[2].split(",")
    return (int(q), int(r))


class IslandProposalPreview(ProposalPreview):
    """What a proposal changes on the island, in the canvas's scene units: an arrow from the
    space an icon or a stronghold leaves (red) to where it goes (green); a space changed in
    place (a terrain) gets an amber ring; a goal whose reward changes is named in the details,
    not drawn. Clicks pass through."""

    def __init__(self, view, edits):
        super().__init__(None, ())
        self.shapes, self.arrows = [], []
        for e in edits:
            moved = set()
            for a, b in e.moves:
                ha, hb = space_hexes(a), space_hexes(b)
                if ha is None or hb is None:
                    continue
                pa, pb = view.scene_point(ha), view.scene_point(hb)
                self.shapes += [(self._ring(pa), LEAVES), (self._ring(pb), ARRIVES)]
                self.arrows.append((pa, pb))
                moved |= {a, b}
            for touch in e.touches:
                h = space_hexes(touch)
                if h is not None and touch not in moved:
                    self.shapes.append((self._ring(view.scene_point(h)), CHANGES))
        rect = QRectF()
        for path, _c in self.shapes:
            rect = rect.united(path.boundingRect())
        self._rect = rect.adjusted(-0.5, -0.5, 0.5, 0.5)

    @staticmethod
    def _ring(c: QPointF) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(c, 0.45, 0.45)
        return path


class IslandSuggestWindow(SuggestWindow):
    """The balance assistant for the island editor's island. ``host``: the
    :class:`~studio.gui.balance.island.IslandBalance` (its editor window, document and setups);
    ``dashboard``: the balance dashboard, whose player count and bots the search uses."""

    LOCK_KINDS = tuple(k for k in KINDS if k != "rules")
    SUBJECT = "island"
    REFERENCE = False   # reference bots search Rule the Realm boards only
    PARTS = RIVAGES_PARTS
    WORDS = RIVAGES_WORDS
    INTRO = ("Plays bot games on edited copies of the island (every explorer starts on its own copy; the same seeds "
             "for every copy), keeps the edits that bring the goals, content and length nearer the aim, then checks "
             "the best on fresh games. An island edit changes every seat alike: it cannot move one seat's share.")
    RULES_TIP = ("solo: the challenge cards' needs and the scroll target; 2-5 players: the Great Explorer bonus. They "
                 "change the solo cards or the scenario, not the island, so Apply leaves them out")

    DEFAULT_SIZE = QSize(1060, 780)   # two more weights than a board's

    def __init__(self, host, dashboard=None, parent=None):
        super().__init__(host, dashboard, parent)
        self._solo = self._players() == 1
        if dashboard is not None:
            dashboard.players_combo.currentIndexChanged.connect(self.players_changed)

    def _content(self):
        """The island the proposals apply to, live."""
        return self.host.main.document.island

    def _snapshot(self):
        return copy.deepcopy(self._content())

    def _players(self) -> int:
        return self.dashboard.players() if self.dashboard is not None else 2

    def default_weights(self) -> dict:
        return default_weights(self._players())

    def _remembered(self) -> dict:
        """As a board's, but the solo game's weights are remembered apart from 2-5 players'
        (their defaults differ: goals 0.5 and solo 4 against goals 1 and solo 0)."""
        fields = super()._remembered()
        if self._players() != 1:
            return fields
        return {(self._weights_key(True) + k.removeprefix("weights/") if k.startswith("weights/") else k): w
                for k, w in fields.items()}

    @staticmethod
    def _weights_key(solo: bool) -> str:
        """The settings key (under ``suggest/island/``) the weights of a mode are kept in."""
        return "weightsSolo/" if solo else "weights/"

    def players_changed(self, _index: int | None = None) -> None:
        """The dashboard's player count changed: between the solo game and 2-5 players the
        weights become that mode's (remembered, else its defaults); the trial searched the solo
        game with the 2-player weights and found nothing the command line finds."""
        solo = self._players() == 1
        if solo == self._solo:
            return
        group = f"suggest/{self.SUBJECT}/{self._weights_key(self._solo)}"
        for part, spin in self.weight_spins.items():   # the mode left keeps what was typed in it
            self.settings.setValue(group + part, spin.value())
        self._solo = solo
        for part, value in self.default_weights().items():
            if part in self.weight_spins:
                self.weight_spins[part].setValue(value)
        self.restore_form(only="weights")

    def _make_run(self, setup, options: dict) -> IslandSuggestRun:
        """The search on the island as it is now, at the dashboard's player count."""
        from studio.balance.rivages import RivagesTarget

        island = setup.content.islands[0]
        target = RivagesTarget(setup, [island.id], str(setup.path), self.host.main.document.path or "(editor)")
        return IslandSuggestRun(target, options, self)

    def _figure(self, verified, reference=None) -> str:   # islands have no reference bots
        worse = " — worse on fresh games" if verified.worse() else ""
        return f"objective {verified.before.total:.3f} → {verified.after.total:.3f} on {verified.games} fresh games{worse}"

    def _selected(self, row: int) -> None:
        self._clear_preview()
        if self.result is None or not (0 <= row < len(self.result.proposals)):
            self.details.setText("")
            self._refresh_apply()
            return
        p = self.result.proposals[row]
        self.details.setText(island_proposal_html(p))
        self._refresh_apply()
        if self.preview_check.isChecked():
            view = self.host.main.view
            self.preview = IslandProposalPreview(view, p.edits)
            view.scene().addItem(self.preview)

    def apply_selected(self) -> bool:
        """Apply the selected proposal's island edits as one undo step (solo cards and rule
        settings, if any, are left out and said so)."""
        from studio.gui.shell import prompts

        p = self.selected()
        enabled, why = self.apply_state()
        if p is None or not enabled:
            if why:
                self._say(why, error=True)
            return False
        row, replaced = self.proposals_list.currentRow(), self.applied_row()
        try:
            changed = apply_island_proposal(self.host.main.document, p, self._apply_text(row, replaced),
                                            base=self._base)
        except (ValueError, KeyError) as exc:
            prompts.show_error(self, self.tr("Apply Proposal"),
                               self.tr("The island changed since the search: {exc}. Search again.").format(exc=exc))
            return False
        rules = any(e.kind == "rules" for e in p.edits)
        self._applied_said(row, replaced, changed, " Its solo card or rule changes are not part of the island: "
                           "change them in their files." if rules else "")
        return changed


def apply_island_proposal(document, proposal, text: str = "Apply balance proposal", base=None) -> bool:
    """Make the document's island ``proposal``'s island edits applied to ``base`` (the island
    the search measured; None: the island as it is now), as one undo step (its spaces and goals
    set together, where they differ from the island now: a proposal applied over another
    replaces it). Returns False when nothing changed. Raises
    :class:`~studio.balance.edits.EditError` (a ValueError) when ``base`` does not fit the edits."""
    from studio.balance.island_edits import Draft, apply_island_edits

    island = document.island
    start = island if base is None else base
    edits = [e for e in proposal.edits if e.kind != "rules"]
    new = apply_island_edits(Draft({start.id: copy.deepcopy(start)}), edits).islands[start.id]
    goals = [(name, g.steps, old.steps) for (name, g), (_n, old) in zip(new.goals(), island.goals())]
    spaces_changed = new.spaces != island.spaces
    goals_changed = [(name, steps) for name, steps, old in goals if steps != old]
    if not spaces_changed and not goals_changed:
        return False
    with document.macro(text):
        if spaces_changed:
            document.set_value(("spaces",), copy.deepcopy(new.spaces), text)
        for name, steps in goals_changed:
            document.set_goal_steps(name, copy.deepcopy(steps))
    return True


def island_proposal_html(p) -> str:
    """A proposal's edits, notes and figures (before / after, with 95% intervals: per challenge
    card alone, per seat with others) as rich text for the details pane."""
    from studio.playtest.stats import wilson

    out = ["<b>Edits</b><ol style='margin-top:2px'>" + "".join(f"<li>{html.escape(t)}</li>" for t in p.describe())
           + "</ol>"]
    for n in p.notes:
        colour = desktop.colour("muted") if n == SAME_ISLAND else desktop.colour("warning")
        out.append(f"<p style='color:{colour}'>{html.escape(n)}</p>")
    v = p.verified
    if v is None:
        out.append(f"<p>In the search: objective {p.base_score.total:.3f} → {p.score.total:.3f} over {p.games} games "
                   "(not checked on fresh games).</p>")
        return "".join(out)
    if v.before.challenges or v.after.challenges:
        before = {c: (n, g, w) for c, n, g, w in v.before.challenges}
        after = {c: (n, g, w) for c, n, g, w in v.after.challenges}

        def cell(row) -> str:
            if row is None or not row[1]:
                return "<td>–</td><td></td>"
            lo, hi = wilson(row[2], row[1])
            return f"<td align='right'>{100 * row[2] / row[1]:.1f}%</td><td>{100 * lo:.0f}–{100 * hi:.0f}</td>"

        rows = "".join(f"<tr><td>{html.escape((before.get(c) or after[c])[0])}</td>{cell(before.get(c))}"
                       f"{cell(after.get(c))}</tr>" for c in sorted(set(before) | set(after)))
        head = "<tr><th>challenge</th><th>before</th><th>95%</th><th>after</th><th>95%</th></tr>"
    else:
        rows = "".join(
            f"<tr><td>{s + 1}</td><td align='right'>{100 * v.before.rates[s]:.1f}%</td>"
            f"<td>{100 * v.before_ci[s][0]:.0f}–{100 * v.before_ci[s][1]:.0f}</td>"
            f"<td align='right'>{100 * v.after.rates[s]:.1f}%</td>"
            f"<td>{100 * v.after_ci[s][0]:.0f}–{100 * v.after_ci[s][1]:.0f}</td></tr>" for s in range(len(v.before.rates)))
        head = "<tr><th>seat</th><th>before</th><th>95%</th><th>after</th><th>95%</th></tr>"
    parts = ", ".join(f"{k} {v.before.parts[k]:.2f} → {v.after.parts[k]:.2f}" for k in v.before.parts
                      if abs(v.before.parts[k] - v.after.parts[k]) >= 0.005)
    verdict = v.verdict()
    out.append(f"<p><b>Checked on {v.games} fresh games</b> (seeds the search never played), the island as it is on "
               f"the same seeds:</p><table cellspacing='0' cellpadding='3'>{head}{rows}</table>"
               f"<p>Objective {v.before.total:.3f} → {v.after.total:.3f} (change {v.change:+.3f}, 95% "
               f"{v.change_ci[0]:+.3f} to {v.change_ci[1]:+.3f}: {verdict}).{' Parts: ' + parts + '.' if parts else ''}</p>")
    return "".join(out)


__all__ = ["IslandProposalPreview", "IslandSuggestRun", "IslandSuggestWindow", "apply_island_proposal",
           "island_proposal_html"]
