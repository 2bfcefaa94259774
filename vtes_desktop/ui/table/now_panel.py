"""The "now" panel: with nothing under way, what the seat on show can do in this phase.

In the minion phase: each minion that can act, with its actions in words
(stealth, cost and target filled in by announcing each on a fork); in the
other phases the cards that can be played now. Everything listed is a legal
command; clicking sends it.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from vtes_desktop.ui.table import preview
from vtes_desktop.ui.table.panel_kit import AssistCtx, CommandButton, Panel, choice_or_button

MAX_SHOWN = 5   # a minion's actions shown as buttons; the rest under one more button

PHASE_WORDS = {
    "unlock": "Unlock phase: your minions unlock; use the Edge or unlock effects, then end the phase.",
    "master": "Master phase: play a master card, or end the phase.",
    "minion": "Minion phase: each ready, unlocked minion may act; end the phase when you are done.",
    "influence": "Influence phase: make transfers, then end the phase.",
    "discard": "Discard phase: you may discard a card and draw, then end the phase.",
}


class NowPanel(Panel):
    title_text = "Now"

    def __init__(self, palette, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.pal = palette

    def set_palette(self, palette) -> None:
        self.pal = palette

    def update_from(self, ctx: AssistCtx) -> bool:
        v = ctx.view
        self.reset()
        if v.action is not None or v.combat is not None or v.tally is not None or v.damage or v.manual:
            return False
        if v.phase == "influence" and v.active == v.seat:
            return False   # the influence helper says it all
        active = v.seats[v.active].name
        self.title.setText(f"{active}'s {v.phase} phase")
        self.badge.setText(f"Turn {v.turn}")
        if v.active != v.seat:
            self.text(f"It is {active}'s turn. You answer when they act: block, react, vote.", muted=True)
        else:
            self.text(PHASE_WORDS.get(v.phase, ""), muted=True, name="phaseWords")
        # actions by minion (the minion phase), with the figures the engine gives on a fork
        acts: dict[str, list] = {}
        for cmd in ctx.commands("action"):
            vid = ctx.session.view_id(cmd.minion)
            acts.setdefault(vid, []).append(cmd)
        for vid, u in ctx.hand_uses("action"):
            acts.setdefault(ctx.session.view_id(u.command.minion), []).append(u.command)
        if acts:
            self.heading("Minions that can act")
            for vid, cmds in acts.items():
                name = ctx.name(vid)
                self.text(name, name=f"minion_{name}", big=True)
                choices = []
                for cmd in cmds:
                    label = preview.action_words(ctx.session, cmd, ctx.say) if ctx.previews else ctx.say(cmd)
                    choices.append((label, [cmd]))
                shown = choices if len(choices) <= MAX_SHOWN else choices[:MAX_SHOWN - 1]
                for label, cs in shown:
                    self.row().add(CommandButton(label, cs, self.send, role="primary", name=f"act_{name}",
                                                 tip=f"{name}: {label}"))
                if len(choices) > len(shown):
                    rest = choices[len(shown):]
                    self.row().add(choice_or_button(f"{len(rest)} more actions for {name}", rest, self.send,
                                                    role="primary", name=f"act_{name}_more"))
        # other cards playable now (master cards, events, discards)
        other = [(vid, h) for vid, h in ctx.lights.hand.items() if h.playable
                 and not all(u.command.type == "action" for u in h.uses)]
        if other:
            self.heading("Cards you can play now")
            row = self.row()
            names = {c.id: c.name for c in v.hand}
            for vid, h in other:
                choices = [(ctx.say(u.command), [u.command]) for u in h.uses if u.command.type != "action"]
                row.add(choice_or_button(names.get(vid) or "a card", choices, self.send, name=f"play_{names.get(vid)}"))
        for c in ctx.commands("yield"):
            self.row().add(CommandButton(ctx.say(c), [c], self.send, role="primary", name="yield",
                                         tip="Give up the contest for this card."))
        edge = [c for c in ctx.commands("use") if getattr(c, "card", None) == "edge"]
        for c in edge:
            self.row().add(CommandButton("Use the Edge: gain 1 pool", [c], self.send, role="primary", name="use_edge"))
        return True
