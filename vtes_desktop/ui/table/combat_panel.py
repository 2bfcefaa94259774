"""The combat panel: the round's steps as a timeline, the range, the strikes, the damage and its outcome.

Read from the view's `CombatView` (step, window, round, range, strikes with
their effect, the damage pending per minion with what was prevented, the last
maneuver and press, additional strikes), the combat's lines in the log (the
maneuvers played, the strikes chosen this round: the view keeps a strike only
until it resolves), and the seat's legal answer (its strikes, maneuvers and
presses, from hand and from cards in play). The outcome of the damage ("Colette
burns 2 blood", "Nassir goes to torpor") is asked of the engine: the damage is
resolved on a fork of the game and the views compared.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from vtes_desktop.ui.table import preview
from vtes_desktop.ui.table.panel_kit import KEEP, AssistCtx, CommandButton, Panel, choice_or_button, preview_tip

TIMELINE = (("before_range", "Before range"), ("range", "Range"), ("before_strikes", "Before strikes"),
            ("strike", "Strike"), ("damage", "Damage"), ("additional_strikes", "Additional strikes"),
            ("press", "Press"), ("end_of_round", "End of round"))
COMBAT_KINDS = frozenset({"combat", "range", "maneuver", "strike", "no_strike", "damage", "hurt", "prevented",
                          "press", "round", "combat_ends", "torpor", "burned", "incapacitated", "steal", "immune"})
OPTION_TYPES = ("maneuver", "strike", "press", "prevent")
#: what each step is for, in a sentence under the timeline
STEP_WORDS = {
    "before_range": "Effects used \u201cbefore range is determined\u201d can be played now.",
    "range": "Each side may maneuver to change the range (close or long); a minion cannot maneuver twice in a "
             "row.",
    "before_strikes": "Effects used \u201cbefore strikes\u201d can be played now; strikes come next.",
    "strike": "Each combatant chooses one strike; the strikes resolve together (first strikes first).",
    "damage": "The damage is being resolved: prevention can be played now, then the damage is taken.",
    "additional_strikes": "Minions with additional strikes may use them now.",
    "press": "A minion with a press may continue the combat for another round, or end it.",
    "end_of_round": "The round ends: effects used \u201cat the end of the round\u201d can be played now.",
}
DAMAGE_KINDS = frozenset({"hurt", "burned", "torpor", "incapacitated", "prevented", "immune", "steal"})


def effect_words(effect: str) -> str:
    """The view's strike effect ("2R damage (first strike)") in words for the panel."""
    words = effect.replace("R damage", " damage, ranged").replace("R aggravated damage", " aggravated damage, ranged")
    if "damage" in words and "ranged" not in words and "hand strike" not in words:
        words += ", not ranged"
    return words


class Timeline(QWidget):
    """The steps of a round, the current one lit."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("combatTimeline")
        h = QHBoxLayout(self)
        h.setContentsMargins(0, 0, 0, 0)
        h.setSpacing(2)
        self.steps: dict[str, QLabel] = {}
        for key, label in TIMELINE:
            lab = QLabel(label.replace(" ", "\n") if " " in label else label)
            lab.setObjectName(f"step_{key}")
            lab.setAlignment(Qt.AlignmentFlag.AlignCenter)
            lab.setProperty("step", "future")
            lab.setToolTip(label)
            self.steps[key] = lab
            h.addWidget(lab, 1)
        self.current = ""

    def set_current(self, key: str) -> None:
        self.current = key
        keys = [k for k, _ in TIMELINE]
        at = keys.index(key) if key in keys else -1
        for i, k in enumerate(keys):
            lab = self.steps[k]
            state = "now" if i == at else ("past" if i < at else "future")
            lab.setProperty("step", state)
            lab.style().unpolish(lab)
            lab.style().polish(lab)


class CombatPanel(Panel):
    title_text = "Combat"

    def __init__(self, palette, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.pal = palette
        self.timeline = Timeline()
        self.timeline.setProperty(KEEP, True)      # reused by every update: the layout's clearing keeps it
        self.outcome_text = ""
        #: (combatant ids, round) -> {minion: StrikeView}: the strikes seen this round (a strike leaves the
        #: view once it resolves)
        self._strikes: dict = {}

    def set_palette(self, palette) -> None:
        self.pal = palette

    def _combat_lines(self, ctx: AssistCtx) -> list:
        """The log lines of the combat under way (from its start)."""
        lines = ctx.log
        start = None
        for i in range(len(lines) - 1, -1, -1):
            if getattr(lines[i], "kind", "") == "combat":
                start = i
                break
        if start is None:
            return []
        return [ln for ln in lines[start:] if getattr(ln, "kind", "") in COMBAT_KINDS and not ln.undone]

    def update_from(self, ctx: AssistCtx) -> bool:
        v = ctx.view
        c = v.combat
        self.reset()
        self.timeline.setParent(None)
        if c is None:
            self.outcome_text = ""
            self._strikes.clear()
            if not v.damage:
                return False
            # damage outside combat (a card's effect): the same reading, without the round
            self.title.setText("Damage")
            self.badge.setText("Damage")
            self.heading("Damage to resolve", rule="prevent", said="Damage to resolve")
            for m, normal, agg in v.damage:
                parts = [f"{normal} normal"] if normal else []
                if agg:
                    parts.append(f"{agg} aggravated")
                self.text(f"{m}: {' and '.join(parts) or 'no'} damage", name=f"damage_{m}")
            if ctx.previews:
                p = preview.damage_outcome(ctx.session)
                if p is not None:
                    self.outcome_text = "; ".join(p.changes) if p.changes else "no lasting effect"
                    self.text(f"If nothing more is prevented: {self.outcome_text}.", name="damagePreview", big=True)
            return True
        seats = {s.index: s for s in v.seats}
        window = "damage" if v.damage else c.window
        self.title.setText(f"Combat \u00b7 round {c.round}")
        self.badge.setText(dict(TIMELINE).get(window, window.replace("_", " ")))
        cards = ctx.cards()

        def who(name, vid, seat, strength):
            cv = cards.get(vid)
            blood = f", {cv.counters} {'blood' if cv is not None and ctx.cdef_of(vid) is not None and ctx.cdef_of(vid).is_vampire else 'life'}" \
                if cv is not None else ""
            return f"{name} ({seats[seat].name if seat in seats else '?'}{blood}, strength {strength})"
        self.text(f"{who(c.a, c.a_id, c.a_seat, c.a_strength)}  against  {who(c.b, c.b_id, c.b_seat, c.b_strength)}",
                  name="combatants", big=True)
        self.add(self.timeline)
        self.timeline.set_current(window)
        self.timeline.show()
        self.text(STEP_WORDS.get(window, ""), muted=True, name="stepWords")
        lines = self._combat_lines(ctx)
        # the range, with the maneuvers played
        this_round = self._this_round(lines)
        maneuvers = [ln.text for ln in this_round if ln.kind == "maneuver"]
        rng = f"{c.range.title()} range"
        if maneuvers:
            rng += ". " + " ".join(maneuvers)
        elif c.window in ("before_range", "range"):
            rng += " (combat starts at close range; maneuvers change it)."
        else:
            rng += ": nobody maneuvered."
        if c.last_maneuver and c.window == "range":
            rng += f" {c.last_maneuver} maneuvered last, so the other side may answer."
        self.heading("Range", rule="maneuver", said=rng)
        self.text(rng, name="combatRange")
        # each side's strike: the view shows it until it resolves; the panel remembers it for the round
        self.heading("Strikes", rule="strike", said=f"Strikes at {c.range} range")
        key = (c.a_id, c.b_id, c.round)
        mem = self._strikes.setdefault(key, {})
        for s_ in c.strikes:
            mem[s_.minion] = s_
        struck = {}
        for ln in this_round:
            if ln.kind in ("strike", "no_strike"):
                struck.setdefault(ln.text.split(" strikes:")[0].split(" has lost")[0], ln.text)
        after_strikes = bool(v.damage) or c.window in ("additional_strikes", "press", "end_of_round")
        for name in (c.a, c.b):
            s_ = mem.get(name)
            if s_ is not None:
                how = " (chosen with its maneuver)" if s_.committed else ""
                self.text(f"{name}: {s_.label} \u2014 {effect_words(s_.effect)}{how}", name=f"strike_{name}")
            elif name in struck:
                self.text(struck[name], name=f"strike_{name}")
            elif after_strikes:
                self.text(f"{name}: its strike has resolved (see the log)", muted=True, name=f"strike_{name}")
            elif c.window == "strike":
                self.text(f"{name}: chooses a strike now", muted=True, name=f"strike_{name}")
            else:
                self.text(f"{name}: no strike chosen yet", muted=True, name=f"strike_{name}")
        for ln in this_round:
            if ln.kind in ("combat_ends",):
                self.text(ln.text, name="combatEnds")
        for m, n in c.additional_strikes:
            if n:
                self.text(f"{m}: {n} additional strike{'s' if n != 1 else ''}", muted=True)
        for m, what, n in c.granted:
            self.text(f"{m}: {n} {what}{'es' if what == 'press' and n != 1 else ('s' if n != 1 else '')} "
                      "granted this combat", muted=True)
        # damage being resolved
        self.outcome_text = ""
        if c.pending_damage:
            self.heading("Damage to resolve", rule="prevent", said="Damage to resolve")
            for m, normal, agg, pn, pa in c.pending_damage:
                parts = []
                if normal:
                    parts.append(f"{normal} normal")
                if agg:
                    parts.append(f"{agg} aggravated")
                prev = []
                if pn:
                    prev.append(f"{pn} normal")
                if pa:
                    prev.append(f"{pa} aggravated")
                self.text(f"{m}: {' and '.join(parts) or 'no'} damage"
                          + (f"; prevented so far: {' and '.join(prev)}" if prev else "; nothing prevented yet"),
                          name=f"damage_{m}")
            hit = {d[0] for d in c.pending_damage}
            for name in (c.a, c.b):
                if name not in hit:
                    self.text(f"{name}: no damage", muted=True, name=f"damage_{name}")
            if ctx.previews:
                p = preview.damage_outcome(ctx.session)
                if p is not None:
                    self.outcome_text = "; ".join(p.changes) if p.changes else "no lasting effect"
                    self.text(f"If nothing more is prevented: {self.outcome_text}.", name="damagePreview", big=True)
        else:
            taken = [ln.text for ln in this_round if ln.kind in DAMAGE_KINDS]
            if taken:
                self.heading("Damage this round", rule="prevent", said=" ".join(taken))
                for t in taken:
                    self.text(t, name="damageTaken")
        # presses and the end of the round
        if c.last_press or c.press_to_continue or c.window in ("press", "end_of_round"):
            self.heading("Presses", rule="press", said="Presses")
            if c.press_to_continue:
                self.text(f"{c.last_press or 'A minion'} pressed: combat continues for another round.",
                          name="pressState")
            elif c.last_press:
                self.text(f"{c.last_press} pressed to end the combat.", name="pressState")
            elif c.window == "end_of_round":
                self.text("No press: combat ends at the end of this round.", name="pressState", muted=True)
            else:
                self.text("No press yet: combat ends after this round unless someone presses to continue.",
                          name="pressState", muted=True)
        if c.ended:
            self.text("Combat ends at the end of this round.", name="combatEnding")
        # the seat's options: strikes, maneuvers, presses, prevention
        opts = [cmd for cmd in ctx.commands(*OPTION_TYPES)]
        hand = ctx.hand_uses()   # every playable card: strikes, maneuvers, presses, and cards played in combat
        if opts or hand:
            self.heading("Your choices")
            row = self.row()
            for cmd in opts:
                tip = self._tip(ctx, cmd)
                row.add(CommandButton(ctx.say(cmd), [cmd], self.send, tip=tip, role="primary",
                                      name=f"opt_{cmd.type}"))
                if cmd.type == "strike" and len(opts) <= 3 and "\nThen: " in tip:
                    # what the strike leads to, asked of the engine on a fork
                    self.text(f"{ctx.say(cmd)} \u2192 {tip.split(chr(10) + 'Then: ')[1]}", muted=True,
                              name="strikePreview")
                    row = self.row()
            by_card: dict[str, list] = {}
            for vid, u in hand:
                by_card.setdefault(vid, []).append(u)
            names = {cv.id: cv.name for cv in v.hand}
            for vid, uses in by_card.items():
                choices = [(ctx.say(u.command), [u.command], preview_tip(ctx, u.command)) for u in uses]
                row.add(choice_or_button(names.get(vid) or "a card", choices, self.send,
                                         tip="Play it now; each choice says how.", name=f"play_{names.get(vid)}"))
        return True

    @staticmethod
    def _this_round(lines) -> list:
        start = 0
        for i, ln in enumerate(lines):
            if ln.kind == "round":
                start = i
        return lines[start:]

    @staticmethod
    def _tip(ctx: AssistCtx, cmd) -> str:
        return preview_tip(ctx, cmd)
