"""The influence helper: transfers left as pips, what each possible transfer costs, who can come into play.

The transfers left come from the view; the possible transfers, their amounts
and the vampires that can be influenced now from the legal answer (`amount_range`
for transfers); what one transfer costs (in transfers and pool) is asked of the
engine by making it on a fork and comparing the views.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPen
from PySide6.QtWidgets import QWidget

from vtes_desktop.ui.table import preview
from vtes_desktop.ui.table.panel_kit import AssistCtx, CommandButton, Panel, choice_or_button


class Pips(QWidget):
    """Transfers left, as filled and empty pips."""

    def __init__(self, palette, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("transferPips")
        self.pal = palette
        self.left = 0
        self.total = 4

    def sizeHint(self) -> QSize:
        return QSize(24 * max(self.total, 1) + 10, 26)

    def set_count(self, left: int, total: int) -> None:
        self.left, self.total = left, max(total, left)
        self.setToolTip(f"{left} transfer{'s' if left != 1 else ''} left this influence phase")
        self.updateGeometry()
        self.update()

    def paintEvent(self, _e) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        for i in range(self.total):
            r = QRectF(4 + i * 24, 4, 18, 18)
            p.setPen(QPen(self.pal("impulse"), 1.6))
            p.setBrush(self.pal("impulse") if i < self.left else Qt.BrushStyle.NoBrush)
            p.drawEllipse(r)
        p.end()


class InfluenceHelper(Panel):
    title_text = "Influence"

    def __init__(self, palette, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.pal = palette
        self.pips = Pips(palette)
        self._most = 4

    def set_palette(self, palette) -> None:
        self.pal = palette
        self.pips.pal = palette

    def update_from(self, ctx: AssistCtx) -> bool:
        v = ctx.view
        self.reset()
        self.pips.setParent(None)
        if v.phase != "influence" or v.active != v.seat or v.action is not None:
            self._most = 4
            return False
        me = v.seats[v.seat]
        self._most = max(self._most if v.transfers <= self._most else v.transfers, v.transfers)
        self.badge.setText(f"{v.transfers} transfer{'s' if v.transfers != 1 else ''} left")
        self.add(self.pips)
        self.pips.set_count(v.transfers, self._most)
        self.pips.show()
        self.text(f"Pool: {me.pool}", name="influencePool", muted=True)
        legal = ctx.legal
        unc = {c.id: c for c in me.regions.get("uncontrolled", ())}
        # bring into play now
        infl = [c for c in ctx.commands("influence")]
        if infl:
            self.heading("Can come into play now")
            row = self.row()
            for cmd in infl:
                row.add(CommandButton(ctx.say(cmd), [cmd], self.send, role="primary", name="influence",
                                      tip="Its blood has reached its capacity: it can come into play now."))
        # transfers, vampire by vampire, with their cost and range
        moves = ctx.commands("transfer", "transfer_back", "move_crypt")
        if moves:
            self.heading("Transfers", rule="transfers", said=f"{v.transfers} transfers left")
        by_vampire: dict[str, list] = {}
        for cmd in moves:
            if cmd.type == "move_crypt":
                cost = self._cost(ctx, cmd)
                self.row().add(CommandButton(ctx.say(cmd), [cmd], self.send, role="primary", name="move_crypt",
                                             tip=f"Costs {cost}." if cost else ctx.say(cmd)))
                continue
            ref = cmd.to if cmd.type == "transfer" else cmd.from_
            by_vampire.setdefault(ctx.session.view_id(ref), []).append(cmd)
        costs: dict[str, str] = {}
        for vid, cmds in by_vampire.items():
            cv = unc.get(vid)
            cdef = ctx.session.card_def(cv.cid) if cv is not None and cv.cid is not None else None
            who = cdef.display if cdef else ctx.name(vid)
            facts = [f"{cv.counters} blood"] if cv is not None else []
            if cdef is not None and cdef.capacity:
                facts.append(f"capacity {cdef.capacity}")
            self.text(f"{who} \u2014 {', '.join(facts)}", name=f"vampire_{who}")
            row = self.row()
            for cmd in cmds:
                rng = legal.amount_range(cmd) if legal is not None else None
                lo, hi = rng if rng else (1, 1)
                verb = "Give" if cmd.type == "transfer" else "Take back"
                if cmd.type not in costs:
                    costs[cmd.type] = self._cost(ctx, cmd)
                cost = costs[cmd.type]
                choices = [(ctx.say(c2), [c2]) for n in range(lo, hi + 1)
                           for c2 in [cmd.model_copy(update={"amount": n})]]
                label = f"{verb} {lo}\u2013{hi}" if hi > lo else f"{verb} {lo}"
                row.add(choice_or_button(label, choices, self.send, role="primary", name=f"{cmd.type}_{who}",
                                         tip=f"{verb} 1 to {hi}; each costs {cost}." if cost else ""))
        if costs:
            words = {"transfer": "Give 1 blood", "transfer_back": "Take back 1 blood"}
            self.text(" \u00b7 ".join(f"{words[k]}: {c}" for k, c in costs.items() if c), muted=True,
                      name="transferCosts")
        if not infl and not moves:
            self.text("No transfer can be made now.", muted=True)
        return True

    def text_label(self, s: str, muted: bool = False):
        from PySide6.QtWidgets import QLabel

        lab = QLabel(s)
        if muted:
            lab.setProperty("muted", True)
        return lab

    @staticmethod
    def _cost(ctx: AssistCtx, cmd) -> str:
        """What one of these moves costs, read from a fork: transfers used and pool spent or gained."""
        if not ctx.previews:
            return ""
        t = ctx.session.trial()
        if t is None:
            return ""
        before = t.view
        if t.apply(cmd) is not None:
            return ""
        after = t.view
        parts = []
        used = before.transfers - after.transfers
        if used:
            parts.append(f"{used} transfer{'s' if used != 1 else ''}")
        me_b, me_a = before.seats[before.seat], after.seats[after.seat]
        d = me_a.pool - me_b.pool
        if d < 0:
            parts.append(f"{-d} pool")
        elif d > 0:
            parts.append(f"gives {d} pool")
        return " and ".join(parts)
