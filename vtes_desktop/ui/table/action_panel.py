"""The action panel: the action under way, its stealth against intercept, who may block, and the outcome.

Everything comes from the view's `ActionView` (actor, kind, target, stealth,
intercept, blockers in order, who declined, the outcome), the seat's legal
answer (block and decline, the cards it can still play) and previews asked of
the engine on a fork (what happens if everyone passes now; the intercept a
minion would block with). Nothing here decides whether a block succeeds.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QWidget

from vtes_desktop.engine import commands as C
from vtes_desktop.ui.table import preview
from vtes_desktop.ui.table.panel_kit import KEEP, AssistCtx, CommandButton, Panel, choice_or_button, preview_tip
from vtes_desktop.ui.table.prompt import KIND_WORDS

STAGES = {"announced": "Announced", "blocks": "Blocks", "attempt": "Block attempt",
          "declined": "Not blocked", "resolution": "Resolved"}
VERBS = {"bleed": "bleeds", "hunt": "hunts", "equip": "equips", "employ": "employs a retainer",
         "recruit": "recruits an ally", "political": "calls a referendum", "leave_torpor": "leaves torpor",
         "rescue": "rescues", "diablerie": "diablerizes", "become_anarch": "becomes anarch",
         "card": "takes an action"}
_COSTING = re.compile(r"costing ([^.(]+)")


class StealthMeter(QWidget):
    """Two bars: the action's stealth and the blocker's intercept, with their numbers."""

    def __init__(self, palette, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stealthMeter")
        self.pal = palette
        self.stealth = 0
        self.intercept = 0
        self.blocker = ""
        self.actor = ""
        self.setMinimumHeight(46)

    def sizeHint(self) -> QSize:
        return QSize(260, 46)

    def set_values(self, stealth: int, intercept: int, blocker: str, actor: str = "") -> None:
        self.stealth, self.intercept, self.blocker, self.actor = stealth, intercept, blocker, actor
        self.setToolTip(f"Stealth {stealth} against intercept {intercept}"
                        + (f" ({blocker} blocking)" if blocker else " (nobody is blocking yet)"))
        self.update()

    def paintEvent(self, _e) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = self.width(), self.height()
        top = max(3, self.stealth, self.intercept)
        f = QFont(self.font())
        f.setPixelSize(12)
        f.setBold(True)
        p.setFont(f)
        label_w = min(170, int(w * 0.48))
        bar_w = max(20, w - label_w - 30)
        for i, (lab, n, col) in enumerate((("Stealth" + (f" ({self.actor})" if self.actor else ""), self.stealth,
                                            self.pal("acting")),
                                           ("Intercept" + (f" ({self.blocker})" if self.blocker else ""),
                                            self.intercept, self.pal("log_highlight")))):
            y = 3 + i * (h - 6) / 2
            bh = (h - 6) / 2 - 4
            p.setPen(self.pal("seat_text"))
            p.drawText(QRectF(0, y, label_w, bh), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                       p.fontMetrics().elidedText(lab, Qt.TextElideMode.ElideRight, label_w - 4))
            back = QColor(self.pal("zone_fill"))
            p.setPen(QPen(self.pal("zone_border"), 1))
            p.setBrush(back)
            p.drawRoundedRect(QRectF(label_w, y + 2, bar_w, bh - 4), 4, 4)
            if n:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(col)
                p.drawRoundedRect(QRectF(label_w, y + 2, bar_w * n / top, bh - 4), 4, 4)
            # one tick per point
            p.setPen(QPen(self.pal("seat_panel"), 1))
            for k in range(1, top):
                x = label_w + bar_w * k / top
                p.drawLine(int(x), int(y + 3), int(x), int(y + bh - 3))
            p.setPen(self.pal("seat_text"))
            p.drawText(QRectF(label_w + bar_w + 6, y, 30, bh), Qt.AlignmentFlag.AlignVCenter, str(n))
        p.end()


class ActionPanel(Panel):
    title_text = "Action"

    def __init__(self, palette, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.pal = palette
        self.meter = StealthMeter(palette)
        self.meter.setProperty(KEEP, True)      # reused by every update: the layout's clearing keeps it
        self.compact = False
        self.summary = ""
        self.verdict = ""

    def set_palette(self, palette) -> None:
        self.pal = palette
        self.meter.pal = palette
        self.meter.update()

    def update_from(self, ctx: AssistCtx, *, compact: bool = False) -> bool:
        v = ctx.view
        a = v.action
        self.reset()
        self.meter.setParent(None)
        if a is None:
            self.summary = ""
            return False
        self.compact = compact
        seats = {s.index: s for s in v.seats}
        card = ctx.cdef_of(a.card_id) if a.card_id else None
        verb = VERBS.get(a.kind, a.kind.replace("_", " "))
        what = f"{a.actor} {verb}"
        if a.kind == "bleed" and a.target:
            what = f"{a.actor} bleeds {a.target}"
        elif a.target and a.kind not in ("hunt", "political"):
            what += f" {a.target}" if a.kind in ("rescue", "diablerie") else f" (target: {a.target})"
        if card is not None and a.kind != "bleed":
            what += f" with {card.display}"
        elif card is not None:
            what += f" with {card.display}"
        self.summary = what
        self.badge.setText(STAGES.get(a.stage, a.stage))
        self.title.setText("Action" + (f" \u00b7 {a.outcome}" if a.outcome else ""))
        self.text(what, name="actionWhat", big=True)
        if compact:
            extra = f"{'Directed' if a.directed else 'Undirected'}; stealth {a.stealth}"
            if a.blocker:
                extra += f"; blocked by {a.blocker}" if a.outcome == "blocked" else f"; {a.blocker} blocking"
            self.text(extra, muted=True)
            return True
        owner = seats.get(a.seat)
        facts = [f"Acting: {a.actor} ({owner.name if owner else '?'})",
                 "Directed" + (f" at {a.target}" if a.target else "") if a.directed else "Undirected",
                 f"Cost: {self._cost(ctx, card)}"]
        if a.kind == "bleed":
            facts.append(f"Bleed {a.bleed}")
        self.text(" \u00b7 ".join(facts), name="actionFacts", muted=True)
        # stealth against intercept
        self.heading("Stealth against intercept", rule="block",
                     said=f"Stealth {a.stealth} against intercept {a.intercept}")
        self.add(self.meter)
        self.meter.set_values(a.stealth, a.intercept, a.blocker or "", a.actor)
        self.meter.show()
        # what happens if everyone passes now (asked of the engine on a fork)
        self.verdict = ""
        if ctx.previews and a.outcome is None:
            p = preview.action_outcome(ctx.session)
            if p is not None and (p.lines or p.changes):
                said = [ln for ln in p.lines if not ln.endswith("declines to block.")
                        and ln != "No further block attempts."]
                self.verdict = "If everyone passes now: " + " ".join(said[:4] or p.changes[:4])
                self.text(self.verdict, name="actionPreview", big=True)
        if a.outcome:
            self.text(f"Outcome: the action is {a.outcome}.", name="actionOutcome", big=True)
        # who may block, in order
        if a.blockers:
            self.heading("Who may block, in order")
            for k, s in enumerate(a.blockers, 1):
                name = seats[s].name if s in seats else f"seat {s}"
                if s in a.declined:
                    state = "declined"
                elif a.blocker and a.blocker_id and self._controls(v, s, a.blocker_id):
                    state = f"blocks with {a.blocker}" if a.outcome == "blocked" else f"{a.blocker} is trying to block"
                elif a.stage in ("announced", "blocks") and v.impulse == s:
                    state = "may block now (holds the impulse)"
                elif a.stage in ("announced", "blocks"):
                    state = "may block"
                elif a.outcome == "blocked":
                    state = "no block needed"
                else:
                    state = "did not block"
                self.text(f"{k}. {name} \u2014 {state}", name=f"blocker_{s}")
        elif a.stage in ("announced", "blocks"):
            self.text("Nobody may block this action.", muted=True)
        # the seat on show's choices: block with a minion, or decline
        row = None
        for cmd in ctx.commands("block"):
            row = row or self.row()
            mname = ctx.name(cmd.minion)
            tip = ctx.say(cmd)
            if ctx.previews:
                fig = preview.step_outcome(ctx.session, cmd)
                if fig is not None and fig.view is not None and fig.view.action is not None:
                    tip = f"{mname} would block with {fig.view.action.intercept} intercept against " \
                          f"{fig.view.action.stealth} stealth."
            row.add(CommandButton(f"Block with {mname}", [cmd], self.send, tip=tip, role="primary",
                                  name=f"block_{mname}"))
        for cmd in ctx.commands("decline_block"):
            row = row or self.row()
            row.add(CommandButton("No block", [cmd], self.send, tip="Make no further block attempt on this action.",
                                  role="pass", name="decline_block"))
        # the action is over: the minions that can act next (announcing an action closes this window)
        nxt: dict[str, list] = {}
        for cmd in ctx.commands("action") if a.outcome else ():
            nxt.setdefault(ctx.name(cmd.minion), []).append(cmd)
        if nxt:
            self.heading("Your next action")
            for mname, cmds in nxt.items():
                choices = [(preview.action_words(ctx.session, c, ctx.say) if ctx.previews else ctx.say(c), [c])
                           for c in cmds]
                self.row().add(choice_or_button(f"Next action for {mname}", choices, self.send,
                                                tip=f"{mname} acts next; this action is over.",
                                                name=f"next_{mname}"))
        # the cards each side can still play
        mine = [(vid, h) for vid, h in ctx.lights.hand.items() if h.playable]
        me = v.seats[v.seat]
        if mine:
            self.heading("You can play now")
            r2 = self.row()
            names = {c.id: c.name for c in v.hand}
            for vid, h in mine:
                choices = [(ctx.say(u.command), [u.command], preview_tip(ctx, u.command)) for u in h.uses]
                r2.add(choice_or_button(names.get(vid) or "a card", choices, self.send,
                                        tip="Play it now; each choice says how.", name=f"play_{names.get(vid)}"))
        else:
            self.text(f"{me.name} has nothing to play now." if v.hand else f"{me.name} has no card in hand.",
                      muted=True)
        others = [s for s in v.seats if s.index != v.seat and not s.ousted]
        if others:
            self.text("Others: " + "; ".join(f"{s.name} {s.hand_count} card{'s' if s.hand_count != 1 else ''}"
                                             " in hand" for s in others), muted=True)
        return True

    @staticmethod
    def _controls(view, seat: int, vid: str) -> bool:
        s = view.seats[seat]
        for cards in s.regions.values():
            for c in cards:
                if c.id == vid:
                    return True
        return False

    @staticmethod
    def _cost(ctx: AssistCtx, card) -> str:
        # the engine says the cost in the line that announced the action ("..., costing 2 pool.")
        for line in reversed(ctx.log):
            if getattr(line, "kind", "") == "action":
                m = _COSTING.search(line.text)
                return m.group(1).strip() if m else "none"
        c = preview.card_cost(card)
        return c or "none"
