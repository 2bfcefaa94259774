"""Actions and blocks, action modifiers and reactions, master cards and events.

The course of an action is an `ActionFrame` whose stage is its window:
`announced` (action_announced), `blocks`, `attempt` (block_attempt),
`declined` (blocks_declined), `resolution` (action_resolution). Costs are paid
when the action succeeds; a blocked action burns its card and starts combat.
"""

from __future__ import annotations

import dataclasses
import re

from vtes_desktop.cards.rules import CardRules, Mode, discipline_label
from vtes_desktop.engine import commands as C
from vtes_desktop.engine import effects_action, effects_crypt, flow
from vtes_desktop.engine import effects_minion   # allies and retainers
from vtes_desktop.engine import effects_attached   # cards put on a minion (auto_attached)
from vtes_desktop.engine.context import Ctx, poss
from vtes_desktop.engine.errors import Illegal, Malformed
from vtes_desktop.engine.state import ActionFrame, CombatFrame, Impulse, ManualFrame, Mod, ReferendumFrame

ACTION_LABEL = {
    "bleed": "bleed", "hunt": "hunt", "equip": "equip", "employ": "employ a retainer", "recruit": "recruit an ally",
    "political": "take a political action", "leave_torpor": "leave torpor", "rescue": "rescue a vampire from torpor",
    "diablerie": "diablerize a vampire", "become_anarch": "become Anarch", "card": "take an action",
    "burn_imbued": "burn an incapacitated Imbued",
}
OPEN_STAGES = ("announced", "blocks", "attempt", "declined")


# -- helpers -----------------------------------------------------------------------------------

def target_seat(ctx: Ctx, seat: int, target) -> int | None:
    """A target that names a player, or None."""
    if isinstance(target, str):
        for i, s in enumerate(ctx.st.seats):
            if s.name == target:
                return i
    return None


def stealth(ctx: Ctx, f: ActionFrame) -> int:
    from vtes_desktop.engine.effects_actioncard import ally_stealth

    return f.base_stealth + sum(m.amount for m in f.mods if m.kind == "stealth") \
        + effects_crypt.stealth_bonus(ctx, f) \
        + ally_stealth(ctx, f) \
        + effects_minion.stealth_bonus(ctx, f) \
        + effects_attached.actor_stealth(ctx, f) \
        + _equipment_stealth(ctx, f)   # the acting vampire's own text ("+1 stealth when bleeding"); an ally's "+1 stealth"


def _equipment_stealth(ctx: Ctx, f: ActionFrame) -> int:
    from vtes_desktop.engine.effects_combat import bearer_stealth

    from vtes_desktop.engine.effects_gear import stealth_bonus as gear_stealth

    return bearer_stealth(ctx, f) + gear_stealth(ctx, f)   # Erebus Mask, Dartmoor, Enchanted Marionette; Catacombs


def intercept(ctx: Ctx, f: ActionFrame, minion: int | None) -> int:
    if minion is None:
        return 0
    return minion_intercept(ctx, minion, f) + sum(m.amount for m in f.mods if m.kind == "intercept" and m.minion == minion) \
        + effects_action.class_intercept(ctx, f, minion) \
        + effects_crypt.intercept_bonus(ctx, f, minion) \
        + effects_minion.intercept_bonus(ctx, f, minion) \
        + _attached_intercept(ctx, f, minion) \
        + effects_attached.intercept_bonus(ctx, f, minion) \
        + _equipment_intercept(ctx, f, minion)   # a blocker's own text ("+1 intercept during bleed actions"); Abbot


def _equipment_intercept(ctx: Ctx, f: ActionFrame, minion: int) -> int:
    from vtes_desktop.engine.effects_combat import bearer_intercept

    from vtes_desktop.engine.effects_gear import intercept_bonus as gear_intercept

    return bearer_intercept(ctx, f, minion) + gear_intercept(ctx, f, minion)   # The Ancestor's Talisman; Phased Motion Detector


def _attached_intercept(ctx: Ctx, f: ActionFrame, minion: int) -> int:
    from vtes_desktop.engine.effects_actioncard import attached_intercept

    return attached_intercept(ctx, f, minion)


_OWN_INTERCEPT = re.compile(
    r"(?:^|\.\s+|:\s+)(?:[^.]*?\b(?:gets|has)\s+)?\+(\d+) intercept"
    r"(?P<cond>(?: against (?:vampires|allies))|(?: during directed actions)|(?: when blocking))?\s*(?:\.|$)")


def effective_text(d, level: str | None) -> str:
    """The text of a card in play at its level: basic lines (and common ones); superior adds its own
    lines to the basic ones ("As above, but ..."). A card put in play with no level counts as basic."""
    out = []
    for lvl, line in d.text_levels():
        if lvl is None or lvl.islower() or (level is not None and level.isupper() and lvl == level):
            out.append(line)
    return "\n".join(out)


def minion_intercept(ctx: Ctx, minion: int, f: ActionFrame) -> int:
    """Intercept a minion has of its own: its card text, and its equipment and retainers ("+1 intercept",
    "gets +1 intercept during directed actions", "+1 intercept against vampires")."""
    n = 0
    actor_is_vampire = ctx.is_vampire(ctx.st.cards[f.actor])
    for iid in (minion, *ctx.st.attached.get(minion, ())):
        d = ctx.cdef(iid)
        if iid != minion and not ({"Equipment", "Retainer"} & set(d.types)):
            continue
        text = effective_text(d, ctx.st.cards[iid].level) if iid != minion else d.text
        for sentence in re.split(r"(?<=\.)\s+", text.split(":", 1)[-1].strip() if d.is_crypt else text):
            if re.search(r"(?i)\b(can|may) (burn|lock|discard|pay)|only usable|\bif\b|\bwhile\b|\bfor each\b", sentence):
                continue
            dm = re.search(r"(?i)\bwith (superior )?[a-z]+ \[(\w{3})\]", sentence)   # "The bearer with Auspex [aus]"
            if dm and ctx.discipline_level(ctx.st.cards[minion], dm.group(2).lower()) < (2 if dm.group(1) else 1):
                continue
            m = _OWN_INTERCEPT.search(sentence)
            if not m:
                continue
            cond = (m.group("cond") or "").strip()
            if cond == "during directed actions" and not f.directed:
                continue
            if cond == "against vampires" and not actor_is_vampire:
                continue
            if cond == "against allies" and "Ally" not in ctx.cdef(f.actor).types:
                continue
            n += int(m.group(1))
    from vtes_desktop.engine.effects_master import intercept_bonus

    return n + intercept_bonus(ctx, minion, f.actor)   # events in play (The Unmasking)


def bleed_amount(ctx: Ctx, f: ActionFrame) -> int:
    return f.base_bleed + sum(m.amount for m in f.mods if m.kind == "bleed") \
        + effects_crypt.bleed_bonus(ctx, f) \
        + _bleed_against(ctx, f) \
        + effects_attached.bleed_bonus(ctx, f) \
        + effects_minion.bleed_bonus(ctx, f) \
        + _master_frame_bleed(ctx, f)   # the acting vampire's own text ("+1 bleed when bleeding a ..."); Aranthebes


def _master_frame_bleed(ctx: Ctx, f: ActionFrame) -> int:
    from vtes_desktop.engine.effects_master import frame_bleed

    return frame_bleed(ctx, f)   # Blessings of the Loa


def _bleed_card(ctx: Ctx, seat: int, rules: CardRules, mode: Mode, tgt, f) -> int:
    """A bleed card's own stealth (Night Moves, Bloodwork); with *f*, whether it may bleed *tgt* (its predator)."""
    from vtes_desktop.engine.effects_actioncard import bleed_card_stealth, bleeds_predator

    return bleeds_predator(ctx, seat, rules, mode, tgt) if f is not None else bleed_card_stealth(ctx, seat, rules, mode, tgt)


def _burn_referendum(ctx: Ctx, cmd: C.Action, m: int, f: dict) -> bool:
    from vtes_desktop.engine.effects_actioncard import announce_burn_referendum

    upd = announce_burn_referendum(ctx, cmd, m)
    if upd is None:
        from vtes_desktop.engine.effects_master import announce_burn_referendum as master_burn_referendum

        upd = master_burn_referendum(ctx, cmd, m)   # a master card in play (Anarch Revolt)
    if upd is not None:
        f.update(upd)
    return upd is not None


def _edge_taker(ctx: Ctx, f: ActionFrame) -> int:
    from vtes_desktop.engine.effects_actioncard import edge_taker

    return edge_taker(ctx, f)


def _bleed_extra_target(ctx: Ctx, seat: int, m: int, rules: CardRules, mode: Mode, target) -> tuple:
    from vtes_desktop.engine.effects_actioncard import bleed_extra_target

    return bleed_extra_target(ctx, seat, m, rules, mode, target)


def _bleed_blocked(ctx: Ctx, f: ActionFrame) -> None:
    from vtes_desktop.engine.effects_actioncard import bleed_blocked

    bleed_blocked(ctx, f)


def _no_bleed(ctx: Ctx, seat: int) -> None:
    from vtes_desktop.engine.effects_actioncard import bleed_refusal

    why = bleed_refusal(ctx, seat)
    if why:
        raise Illegal("bleed", why)


def _bleed_against(ctx: Ctx, f: ActionFrame) -> int:
    from vtes_desktop.engine.effects_actioncard import bleed_against

    return bleed_against(ctx, f)


def minion_bleed(ctx: Ctx, minion: int) -> int:
    d = ctx.cdef(minion)
    if "Ally" in d.types:
        r = ctx.rules(minion)
        return r.ally_bleed if r.ally_bleed is not None else 1
    n = 1
    head = d.text.split(":", 1)[-1].strip()   # "Sabbat: +1 bleed.": the first sentence too
    for m in re.finditer(r"(?:^|\.\s)\+(\d+) bleed\.", head):
        n += int(m.group(1))
    from vtes_desktop.engine.effects_combat import bearer_bonus

    from vtes_desktop.engine.effects_actioncard import attached_bonus

    from vtes_desktop.engine.effects_master import bleed_bonus

    return n + bearer_bonus(ctx, minion, "bleed") + attached_bonus(ctx, minion, "bleed") \
        + bleed_bonus(ctx, minion) \
        + _gear_bleed(ctx, minion)   # bearer; Heart of the City; master cards on it (Trophy: Revered); Inveraray


def requirement_refusal(ctx: Ctx, card_iid: int, rules: CardRules, mode: Mode | None, minion: int | None) -> str | None:
    """Why *minion* cannot use this card (at this mode), or None."""
    name = rules.name
    if ctx.st.marks and ("no more of this card this game", rules.card_id) in ctx.st.marks:   # effects_actioncard
        return f"{name} failed earlier in this game: no more can be played"   # Veles' Hunt
    top = ctx.st.top
    if minion is not None and isinstance(top, ActionFrame) and top.actor == minion and top.card is not None \
            and top.kind == "card":   # Cheat the Fates: no other Discipline cards for its acting vampire
        from vtes_desktop.engine.effects_actioncard import discipline_card_refusal

        why = discipline_card_refusal(ctx, top, minion, rules)
        if why:
            return why
    why = effects_crypt.card_refusal(ctx, rules, minion)   # "He cannot use cards requiring Celerity [cel]"
    why = why or effects_attached.card_refusal(ctx, rules, minion)   # a card on the minion (Total Insanity)
    if why:
        return why
    why = effects_minion.card_refusal(ctx, rules, minion) \
        or _gear_card_refusal(ctx, rules, minion)   # "This ally can play non-ally cards requiring ..."; Concoction of Vitality
    if why:
        return why
    if minion is None:
        if "Master" in rules.types and (rules.clans or rules.disciplines or rules.requirements) \
                and card_iid in ctx.st.cards:
            # a master card's requirement is met by a ready minion its Methuselah controls
            seat = ctx.st.cards[card_iid].controller
            mine = [m for m in ctx.st.region(seat, "ready") if ctx.is_minion(ctx.st.cards[m])]
            whys = [requirement_refusal(ctx, card_iid, rules, mode, m) for m in mine]
            if not mine or all(whys):
                need = " or ".join(rules.clans) if rules.clans else "minion that meets its requirements"
                return (f"{name} requires its Methuselah to control a ready {need}"
                        + (f" ({whys[0]})" if whys and not rules.clans else ""))
            return None
        if rules.disciplines or rules.clans:
            return f"{name} must be played by a minion"
        return None
    mc = ctx.st.cards[minion]
    md = ctx.cdef(minion)
    who = md.display
    lvl = mode.level if mode else None
    if mode is not None and "in torpor" in mode.only and mc.region != "torpor":
        return f"{name} is only usable by a vampire in torpor; {who} is not in torpor"
    if lvl:
        # the level's discipline, and every other one this level needs ("[pot][pre]": both, at this case)
        for d in [lvl] + [x for x in (mode.disciplines if mode else ()) if x.lower() != lvl.lower()]:
            need = 2 if d.isupper() and d != "FLIGHT" else 1   # [FLIGHT] is printed in capitals, with one level
            have = ctx.discipline_level(mc, d)
            if have < need:
                disc = discipline_label(d.lower()).split(' ', 1)[1]
                if have:
                    return f"{name} at superior level needs superior {disc}; {who} has only basic {disc}"
                return f"{who} does not have {disc}, which {name} requires"
    elif rules.disciplines and not lvl:
        have = [d for d in rules.disciplines if ctx.discipline_level(mc, d)]
        if rules.discipline_any and not have:
            names = " or ".join(discipline_label(d).split(" ", 1)[-1] for d in rules.disciplines)
            return f"{who} has none of the disciplines {name} requires ({names})"
        if not rules.discipline_any and len(have) < len(rules.disciplines):
            return f"{who} lacks a discipline {name} requires"
    if rules.clans:
        clan = md.clans
        if not set(c.lower() for c in clan) & set(c.lower() for c in rules.clans):
            return f"{name} requires a {' or '.join(rules.clans)}; {who} is {'/'.join(clan) or 'of no clan'}"
    for req in rules.requirements:
        if req in ("vampire", "ready vampire") and effects_minion.as_vampire(ctx, minion, rules):
            continue   # an ally playing this card as a vampire
        if req.startswith("sect:") and effects_minion.plays_as_sect(ctx, minion, rules, req[5:]):
            continue   # ... as an Anarch vampire (Grey Thorne)
        why = _req_refusal(ctx, mc, req, name, who)
        if why:
            return why
    return None


def _req_refusal(ctx: Ctx, mc, req: str, name: str, who: str) -> str | None:
    d = ctx.cdef(mc)
    if req == "ready vampire":
        if "Vampire" not in d.types or mc.region != "ready":
            return f"{name} requires a ready vampire"
    elif req == "vampire":
        if "Vampire" not in d.types:
            return f"{name} requires a vampire; {who} is not one"
    elif req.startswith("sect:"):
        sect = req.split(":", 1)[1]
        if (ctx.sect(mc) or "").lower() != sect:
            return f"{name} requires a {sect.capitalize()} vampire; {who} is {ctx.sect(mc) or 'of no sect'}"
    elif req.startswith("title:"):
        titles = req.split(":", 1)[1].split("|")
        t = ctx.title(mc)
        if "titled" in titles:
            if not t:
                return f"{name} requires a titled vampire"
        elif t not in titles:
            return f"{name} requires a {' or '.join(titles)}; {who} is {t or 'untitled'}"
    elif req.startswith("capacity>="):
        if (d.capacity or 0) < int(req[10:]):
            return f"{name} requires capacity {req[10:]} or more; {who} has {d.capacity}"
    elif req.startswith("capacity<="):
        if (d.capacity or 0) > int(req[10:]):
            return f"{name} requires capacity {req[10:]} or less; {who} has {d.capacity}"
    elif req.startswith("not sect:"):
        sect = req.split(":", 1)[1]
        if (ctx.sect(mc) or "").lower() == sect:
            return f"{name} requires a non-{sect.capitalize()} minion; {who} is {ctx.sect(mc)}"
    elif req == "untitled":
        if ctx.title(mc):
            return f"{name} requires an untitled vampire; {who} is {ctx.title(mc)}"
    elif req.startswith(("clan:", "not clan:")) and "&" not in req:
        clan = req.split(":", 1)[1].lower()
        has = clan in {c.lower() for c in d.clans}
        if has == req.startswith("not "):
            return (f"{name} cannot be played by a {clan.title()}" if has
                    else f"{name} requires a {clan.title()}; {who} is {'/'.join(d.clans) or 'of no clan'}")
    elif req == "imbued":
        if "Imbued" not in d.types:
            return f"{name} requires an Imbued; {who} is not one"
    elif req in _TRAIT_REQS or (req.startswith("not ") and req[4:] in _TRAIT_REQS):
        trait = req[4:] if req.startswith("not ") else req
        has = trait in ctx.rules(mc).traits
        if has == req.startswith("not "):
            return (f"{name} cannot be played by a {_TRAIT_REQS[trait]} vampire; {who} is one" if has
                    else f"{name} requires a {_TRAIT_REQS[trait]} vampire; {who} is not")
    return None


#: crypt traits a "Requires ..." clause can name, as the header of a vampire's card text gives them
_TRAIT_REQS = {"black hand": "Black Hand", "red list": "Red List", "seraph": "Seraph", "infernal": "infernal",
               "slave": "slave"}


def full_text(rules: CardRules, mode: Mode) -> str:
    """A superior text that says "As above" includes the basic text it builds on."""
    if mode.level and mode.level.isupper() and re.search(r"(?i)\bas above\b", mode.text):
        base = rules.mode(mode.level.lower())
        if base is not None:
            return base.text + "\n" + mode.text
    return mode.text


def choose_mode(ctx: Ctx, rules: CardRules, level: str | None, types: tuple[str, ...], minion: int | None) -> Mode:
    """The mode a step means: its level, and one of the card types usable here (its text made whole)."""
    m = _choose_mode(ctx, rules, level, types, minion)
    t = full_text(rules, m)
    return m if t == m.text else dataclasses.replace(m, text=t)


def _choose_mode(ctx: Ctx, rules: CardRules, level: str | None, types: tuple[str, ...], minion: int | None) -> Mode:
    if level is None and rules.has_levels():
        cands = [m for m in rules.modes if set(m.types) & set(types)]
        levels = {(m.level or "").isupper() for m in cands}
        if len(levels) > 1:
            raise Malformed("level", f"{rules.name} has a basic and a superior text: say which level")
    if level and "+" in level and (cm := effects_action.combined_mode(rules, level)) is not None:
        return cm   # "More than one Discipline can be used to play this card": "dem+obf"
    if level is not None and level not in ("basic", "superior") and not rules.modes_for(level):
        raise Malformed("level", f"level must be basic or superior, not {level!r}")
    modes = [m for m in rules.modes_for(level) if set(m.types) & set(types)]
    if not modes:
        if rules.modes_for(level):
            kinds = " or ".join(t.lower() for t in types)
            raise Illegal("mode", f"{rules.name} is not {'an' if kinds[:1] in 'aeiou' else 'a'} {kinds} card here"
                                  + (f" at {level} level" if level else ""))
        raise Illegal("level", f"{rules.name} has no {level} text")
    if level is None and len(modes) > 1:
        modes = effects_action.fitting_modes(ctx, modes)   # Wanderer's Counsel: the text usable now
    if minion is not None and len(modes) > 1:
        ok = [m for m in modes if requirement_refusal(ctx, 0, rules, m, minion) is None]
        if ok:
            return ok[0]
    return modes[0]


def _hand_card(ctx: Ctx, seat: int, r) -> int:
    iid = flow.ref(ctx, seat, r)
    c = ctx.st.cards[iid]
    if c.region != "hand" or c.owner != seat:
        raise Illegal("hand", f"{ctx.name(iid)} is not in {ctx.seat_name(seat)}'s hand")
    return iid


def _my_minion(ctx: Ctx, seat: int, r, *, regions=("ready",), what="minion") -> int:
    iid = flow.ref(ctx, seat, r, what=what)
    c = ctx.st.cards[iid]
    if c.controller != seat or c.region not in regions and c.region != "attached":
        where = " or ".join(regions)
        raise Illegal("control", f"{ctx.name(iid)} is not a {where} {what} of {ctx.seat_name(seat)}")
    if c.region == "attached" or not ctx.is_minion(c):
        raise Illegal("minion", f"{ctx.name(iid)} is not a minion")
    if c.contested:
        raise Illegal("contested", f"{ctx.name(iid)} is contested and out of play")
    return iid


def played_from_hand(ctx: Ctx, seat: int, iid: int, rules: CardRules, *, to: str = "ash_heap") -> None:
    """A card leaves the hand: to the ash heap (or aside), and its replacement is drawn unless it says otherwise."""
    if to == "aside":
        ctx.move(iid, "aside", seat=seat)
    elif to == "ash_heap":
        ctx.move(iid, "ash_heap")
    if rules.do_not_replace or effects_action.not_replaced(ctx, rules):   # Consign to Oblivion [OBL]
        dnr = rules.do_not_replace or "action"
        until = "combat" if "combat" in dnr else ("action" if "action" in dnr else "turn")
        ctx.st.pending_draws = ctx.st.pending_draws + ((seat, iid, until),)
    else:
        ctx.draw(seat, 1)


def _pay(ctx: Ctx, seat: int, minion: int | None, pool: int, blood: int, what: str, conviction: int = 0) -> None:
    pool, blood = effects_crypt.cost_change(ctx, minion, what, pool, blood)   # "Combat cards cost this vampire 1 fewer blood"
    if conviction:
        held = convictions(ctx, minion) if minion is not None else []
        if len(held) < conviction:
            raise Illegal("conviction", f"{ctx.name(minion) if minion else 'nobody'} has {len(held)} conviction; "
                                        f"{what} costs {conviction}")
        for c in held[:conviction]:
            ctx.burn(c, "conviction spent")
        ctx.emit("paid", f"{ctx.name(minion)} burns {conviction} conviction for {what}.")
    if blood:
        c = ctx.st.cards[minion]
        if c.counters < blood:
            raise Illegal("cost", f"{ctx.name(minion)} has {c.counters} blood; {what} costs {blood}")
        ctx.update(minion, counters=c.counters - blood)
        ctx.emit("paid", f"{ctx.name(minion)} burns {blood} blood for {what}.")
    if pool:
        if ctx.st.seats[seat].pool < pool:
            raise Illegal("cost", f"{ctx.seat_name(seat)} has {ctx.st.seats[seat].pool} pool; {what} costs {pool}")
        ctx.pool(seat, -pool, what)


def convictions(ctx: Ctx, minion: int) -> list[int]:
    return [a for a in ctx.st.attached.get(minion, ()) if "Conviction" in ctx.cdef(a).types]


def _cost(rules: CardRules, x: int | None) -> tuple[int, int]:
    pool = rules.pool_cost or 0
    blood = rules.blood_cost or 0
    if pool == -1 or blood == -1:
        if x is None:
            raise Malformed("cost", f"{rules.name} has an X cost: give the cost")
        pool = x if pool == -1 else pool
        blood = x if blood == -1 else blood
    return pool, blood


# -- announcing --------------------------------------------------------------------------------

def announce(ctx: Ctx, cmd: C.Action) -> None:
    st = ctx.st
    seat = cmd.seat
    if seat != st.active and not effects_action.out_of_turn_action(ctx, cmd):     # Enkil Cog
        raise Illegal("turn", f"only {st.seats[st.active].name} can take actions in their own minion phase")
    if st.phase != "minion":
        raise Illegal("phase", f"actions are taken in the minion phase, not the {st.phase} phase")
    if st.frames:
        raise Illegal("timing", "another action is under way: it must be resolved first")
    kind = cmd.kind
    regions = ("torpor",) if kind == "leave_torpor" else ("ready",)
    m = flow.ref(ctx, seat, cmd.minion, what="minion")
    mc = st.cards[m]
    who = ctx.name(m)
    if mc.controller != seat or not ctx.is_minion(mc) or mc.region == "attached":
        raise Illegal("control", f"{who} is not a minion {ctx.seat_name(seat)} controls")
    from vtes_desktop.engine.effects_actioncard import torpor_action

    torpor_card = kind == "card" and cmd.card is not None and torpor_action(ctx, cmd, m)   # Rapid Healing (torpor)
    if torpor_card:
        regions = ("ready", "torpor")
    if mc.region not in regions:
        if kind == "leave_torpor":
            raise Illegal("torpor", f"{who} is not in torpor")
        if mc.region == "torpor":
            raise Illegal("torpor", f"{who} is in torpor: the only action a vampire in torpor can take is to leave torpor")
        raise Illegal("ready", f"{who} is not ready; only ready minions act")
    if mc.contested:
        raise Illegal("contested", f"{who} is contested and out of play")
    if mc.locked and torpor_card != "locked ok":
        raise Illegal("locked", f"{who} is locked; only unlocked minions can act")
    if mc.arrived == st.turn and "Ally" in ctx.cdef(m).types and not effects_minion.acts_when_recruited(ctx, m):
        raise Illegal("recruit", f"{who} was recruited this turn and cannot act until your next turn")
    why = effects_minion.actor_refusal(ctx, m, kind)   # "He cannot act" (Ponticulus, Hellhound); Gravebound Drone
    if why:
        raise Illegal("action", why)
    _mandatory(ctx, seat, m, kind)
    is_vamp = ctx.is_vampire(mc)

    f = dict(kind=kind, actor=m, seat=seat, stage="announced", imp=Impulse((seat,)))
    directed_at: tuple[int, ...] = ()
    card_iid = None
    rules = None
    mode = None
    pool_cost = blood_cost = 0
    acted = set()
    if kind == "bleed":
        tgt = target_seat(ctx, seat, cmd.target) if cmd.target is not None else st.prey(seat)
        if cmd.target is not None and tgt is None:
            raise Illegal("target", "a bleed targets a Methuselah: name a player")
        if tgt == seat:
            raise Illegal("target", "you can never bleed yourself")
        if tgt is not None and st.seats[tgt].ousted:
            raise Illegal("target", f"{st.seats[tgt].name} has been ousted")
        if tgt != st.prey(seat):
            raise Illegal("target", f"a bleed targets your prey, {st.seats[st.prey(seat)].name}; only a card that "
                                    "says so lets a minion bleed another Methuselah")
        f.update(target_seat=tgt, directed=True, base_bleed=minion_bleed(ctx, m))
        directed_at = (tgt,)
        acted.add((m, "bleed"))
        _no_bleed(ctx, seat)   # Enticement
    elif kind == "hunt":
        if not is_vamp:
            raise Illegal("hunt", f"only vampires hunt; {who} is not a vampire")
        f.update(base_stealth=1)
    elif kind == "card" and cmd.card is None and cmd.from_ is not None:
        from vtes_desktop.engine import effects_actioncard, effects_master

        own = effects_crypt.announce_own(ctx, cmd, m) or effects_minion.announce_own(ctx, cmd, m) \
            or effects_actioncard.announce_own(ctx, cmd, m)   # a vampire's or an ally's own action
        own = own or effects_attached.announce_own(ctx, cmd, m)   # burn a card put on a minion (The Haunting)
        own = own or _gear_own(ctx, cmd, m)   # an action an equipment card gives its bearer (Camera Phone)
        upd, directed_at = own if own is not None else effects_master.announce_from(ctx, cmd, m)   # steal or burn a master card on the table
        pool_cost = upd.pop("cost_pool", 0)   # paid when the action succeeds, like any action's cost
        blood_cost = upd.pop("cost_blood", 0)
        f.update(upd)
    elif kind == "political" and cmd.card is None and cmd.from_ is not None and _burn_referendum(ctx, cmd, m, f):
        acted.add((m, "political"))   # a referendum to burn a card in play (Fee Stakes)
    elif kind in ("equip", "employ", "recruit", "political", "card"):
        wanted = {"equip": "Equipment", "employ": "Retainer", "recruit": "Ally", "political": "Political Action",
                  "card": "Action"}[kind]
        if cmd.card is None and cmd.from_ is None:
            raise Malformed("card", f"name the card for this {ACTION_LABEL[kind]} action")
        if kind == "political" and not is_vamp:
            raise Illegal("political", f"only vampires take political actions; {who} is not a vampire")
        if kind == "card" and cmd.from_ is not None:
            raise Illegal("card", "actions provided by cards in play are not automated yet: use manual moves")
        card_iid = flow.ref(ctx, seat, cmd.card)
        cc = st.cards[card_iid]
        rules = ctx.rules(card_iid)
        if kind == "equip" and cc.region == "attached":
            holder = cc.host
            if st.cards[holder].controller != seat or holder == m:
                raise Illegal("equip", f"{ctx.name(card_iid)} is not on another minion of yours")
            if "Equipment" not in ctx.cdef(card_iid).types:
                raise Illegal("equip", f"{ctx.name(card_iid)} is not equipment: only equipment moves between "
                                       "minions with an equip action")
            f.update(equip_from=card_iid, base_stealth=1)
            card_iid = None
        else:
            if cc.region != "hand" or cc.owner != seat:
                raise Illegal("hand", f"{ctx.name(card_iid)} is not in {ctx.seat_name(seat)}'s hand")
            if kind == "card" and "Power" in rules.types:
                wanted = "Power"
                if "Imbued" not in ctx.cdef(m).types:
                    raise Illegal("power", f"only Imbued gain powers; {who} is not Imbued")
                if any(st.cards[a].cid == rules.card_id for a in st.attached.get(m, ())):
                    raise Illegal("power", f"{who} already has {rules.name}; an Imbued cannot have two copies of a power")
            if wanted not in rules.types:
                raise Illegal("card type", f"{ctx.name(card_iid)} is not {'an' if wanted[0] in 'AEIOU' else 'a'} "
                                           f"{wanted.lower()} card; it cannot be used to {ACTION_LABEL[kind]}")
            usable = (wanted,) if wanted != "Power" else tuple({t for md in rules.modes for t in md.types} | {"Power"})
            mode = choose_mode(ctx, rules, cmd.level, usable, m)
            why = requirement_refusal(ctx, card_iid, rules, mode, m)
            if why:
                raise Illegal("requirements", why)
            pool_cost, blood_cost = _cost(rules, cmd.cost)
            pool_cost += _equip_surcharge(ctx, rules) if kind == "equip" else 0   # Centralized Background Check
            if kind == "recruit":   # a master card on the recruiting vampire (Charisma)
                from vtes_desktop.engine.effects_master import recruit_discount

                cut = recruit_discount(ctx, m)
                if cut:
                    pool_cost, blood_cost = (max(0, pool_cost - cut), blood_cost) if pool_cost else \
                        (pool_cost, max(0, blood_cost - cut))
            from vtes_desktop.engine.effects_master import path_discount

            blood_cost -= path_discount(ctx, rules, m, blood_cost)   # master cards in play (the Paths)
            blood_cost -= _gear_cost_cut(ctx, rules, m, blood_cost)   # The Ankara Citadel, Karavalanisha Vrana
            blood_cost = max(0, blood_cost - effects_minion.own_cost_cut(rules, mode))   # Redcap Wilder at superior
            if blood_cost and not is_vamp:
                raise Illegal("cost", f"{who} has no blood to pay {poss(ctx.name(card_iid))} blood cost")
            if kind in ("equip", "employ", "recruit"):
                from vtes_desktop.engine.rules_turn import refuse_self_contest

                refuse_self_contest(ctx, seat, card_iid)
            if kind == "political":
                acted.add((m, "political"))
            acted.add((m, ("card", rules.card_id)))
            if kind in ("equip", "employ", "recruit", "political") or wanted == "Power":
                f.update(base_stealth=1, effect="power" if wanted == "Power" else None)
            else:
                f.update(base_stealth=mode.action_stealth)
                target, chosen = _bleed_extra_target(ctx, seat, m, rules, mode, cmd.target)   # Public Trust
                eff, tgt = _card_action_effect(ctx, seat, mode, target)
                if chosen:
                    f["mods"] = f.get("mods", ()) + chosen
                f.update(effect=eff)
                if eff is None:   # an effect the engine carries out may need a target (effects_actioncard)
                    from vtes_desktop.engine import effects_actioncard

                    planned = effects_actioncard.plan(ctx, seat, m, rules, mode, cmd.target, cmd.cost)
                    planned.update(effects_actioncard.diablerie_choices(ctx, seat, m, planned, cmd))   # Fire on the Mountain
                    planned = planned or effects_attached.plan(ctx, seat, m, rules, mode, cmd.target)   # (D) Put this card on
                    tgt = planned.pop("target_seat", tgt)
                    f.update(planned)
                    f["base_stealth"] = f.get("base_stealth", 0) + effects_actioncard.extra_stealth(rules, mode)
                if eff == "combat":
                    if cmd.target is None:
                        raise Illegal("target", f"{ctx.name(card_iid)}: name the minion to enter combat with")
                    tm = flow.ref(ctx, seat, cmd.target, what="minion")
                    tmc = st.cards[tm]
                    if tmc.controller == seat or tmc.region != "ready" or not ctx.is_minion(tmc):
                        raise Illegal("target", f"{ctx.name(tm)} is not a ready minion of another Methuselah")
                    from vtes_desktop.engine import effects_actioncard

                    effects_actioncard.check_combat_target(ctx, seat, m, rules, mode, tm)   # "a locked minion"...
                    f.update(target_card=tm)
                if (mode.directed or re.search(r"(?:^|[.:]\s+|\n)\(D\)", mode.text)
                        or any(x.kind == "directed_at_target" for x in f.get("mods", ()))) and not any(
                        x.kind == "own_target_undirected" for x in f.get("mods", ())):   # Rampage at your own location
                    if tgt is None:
                        raise Illegal("target", f"{ctx.name(card_iid)} is a directed action: name its target")
                    f.update(directed=True, target_seat=tgt)
                    directed_at = (tgt,)
                if eff == "bleed" and tgt != st.prey(seat) and not re.search(r"(?i)any methuselah|other than your prey",
                                                                              mode.text) \
                        and not _bleed_card(ctx, seat, rules, mode, tgt, f):   # Night Moves: predator or prey
                    raise Illegal("target", f"{ctx.name(card_iid)} bleeds your prey, "
                                            f"{st.seats[st.prey(seat)].name}, unless its text says otherwise")
                if eff == "bleed":
                    _no_bleed(ctx, seat)   # Enticement
                    f["base_stealth"] = f.get("base_stealth", 0) + _bleed_card(ctx, seat, rules, mode, tgt, None)
                    bonus = re.search(r"\bas (?:\[\w+\] )?above, but (?:at|with) \+(\d+) bleed", mode.text, re.I) \
                        or re.search(r"\bBleed (?:at|with) \+(\d+) bleed", mode.text)   # Force of Will at superior
                    f.update(base_bleed=minion_bleed(ctx, m) + (int(bonus.group(1)) if bonus else mode.bleed))
                    acted.add((m, "bleed"))
            f.update(card=card_iid, card_level=mode.level)
    elif kind == "leave_torpor":
        blood_cost = 2
        f.update(base_stealth=1)
    elif kind in ("rescue", "diablerie"):
        if not is_vamp:
            raise Illegal(kind, f"only vampires can {ACTION_LABEL[kind]}")
        if cmd.target is None:
            raise Malformed("target", "name the vampire in torpor")
        t = flow.ref(ctx, seat, cmd.target, what="vampire")
        tc = st.cards[t]
        if tc.region != "torpor":
            raise Illegal("target", f"{ctx.name(t)} is not in torpor")
        same = tc.controller == seat
        f.update(target_card=t, base_stealth=1 if same else 0, directed=not same,
                 target_seat=None if same else tc.controller)
        if not same:
            directed_at = (tc.controller,)
        if kind == "diablerie" and (cmd.discipline is not None or cmd.trophy is not None):
            from vtes_desktop.engine.rules_diablerie import check_choices

            f.update(choices=check_choices(ctx, seat, m, t, cmd.discipline, cmd.trophy))
        if kind == "rescue":
            mine = 2 if cmd.cost is None else cmd.cost
            mine = min(mine, 2)
            if cmd.cost is None:
                mine = min(2, mc.counters)
            theirs = 2 - mine
            if mc.counters < mine or tc.counters < theirs:
                raise Illegal("cost", f"rescuing costs 2 blood, paid by {who} and {ctx.name(t)} together; they have "
                                      f"{mc.counters} and {tc.counters}")
            blood_cost = mine
            f.update(rescue_split=theirs)
    elif kind == "burn_imbued":
        from vtes_desktop.engine.rules_diablerie import announce_burn_imbued

        upd, directed_at = announce_burn_imbued(ctx, seat, m, cmd.target)
        f.update(upd)
    elif kind == "become_anarch":
        if not is_vamp:
            raise Illegal("anarch", f"only vampires can become Anarch")
        if ctx.title(mc):
            raise Illegal("anarch", f"{who} is titled ({ctx.title(mc)}); only untitled vampires can become Anarch")
        if (ctx.sect(mc) or "").lower() == "anarch":
            raise Illegal("anarch", f"{who} is already Anarch")
        others = [i for i in st.region(seat, "ready") if i != m and (ctx.sect(st.cards[i]) or "").lower() == "anarch"]
        blood_cost = 1 if others else 2
        f.update(base_stealth=1)
    else:
        raise Malformed("action", f"unknown action kind {kind!r}")

    directed_at = _gear_equip_target(ctx, cmd, f, card_iid, directed_at)   # Bloodstone: on another's minion
    for a in acted:
        if a in st.acted:
            more = effects_minion.repeat_cost(ctx, m, a)   # Nocturn at superior: the action again, +1 blood each time
            if more is not None:
                blood_cost += more
                continue
            what = a[1]
            if what == "bleed":
                raise Illegal("repeat", f"{who} has already bled this turn; a minion bleeds at most once each turn")
            if what == "political":
                raise Illegal("repeat", f"{who} has already taken a political action this turn")
            raise Illegal("repeat", f"{who} has already used {ctx.db[what[1]].display} this turn; a minion uses the "
                                    "same action card at most once each turn")
    if (m, "no_more_actions") in st.acted:   # Mirror's Visage
        raise Illegal("repeat", f"{who} cannot perform actions again this turn (a card played on its earlier action "
                                "says so)")
    if (m, ("same", kind, rules.card_id if rules is not None else None)) in st.acted:
        raise Illegal("repeat", f"{who} cannot perform the same action again this turn (a card played on its "
                                "earlier action says so)")
    if blood_cost and mc.counters < blood_cost:
        raise Illegal("cost", f"{who} has {mc.counters} blood; this action costs {blood_cost}")
    pool_cost += effects_minion.directed_cost(ctx, f.get("target_card"), bool(directed_at))   # Alia, God's Messenger
    if pool_cost and st.seats[seat].pool < pool_cost:
        raise Illegal("cost", f"{ctx.seat_name(seat)} has {st.seats[seat].pool} pool; this action costs {pool_cost}")

    st.acted = st.acted | acted
    if directed_at:
        blockers = tuple(s for s in directed_at if s != seat)
        order = flow.order_for(ctx, seat, defenders=blockers)
    else:
        blockers = tuple(dict.fromkeys(s for s in (st.prey(seat), st.predator(seat)) if s != seat))
        order = flow.order_for(ctx, seat, undirected=True)
    f.update(blockers=blockers, imp=Impulse(order), cost_pool=pool_cost, cost_blood=blood_cost)
    ctx.update(m, locked=True)
    f["base_stealth"] = f.get("base_stealth", 0) + effects_action.next_action_stealth(ctx, seat)   # Veil the Legions
    f["base_stealth"] += effects_action.turn_stealth(ctx, m)   # Ignis Fatuus: -1 stealth until the end of the turn
    from vtes_desktop.engine.effects_master import actor_refusal, target_refusal

    why = target_refusal(ctx, seat, f.get("target_card"))   # Secure Haven
    if why:
        raise Illegal("target", why)
    why = effects_minion.target_refusal(ctx, m, f.get("target_card"), f.get("directed", False),
                                        f.get("card"))   # Veneficti; Draeven Softfoot
    why = why or effects_attached.target_refusal(ctx, m, f.get("target_card"), f.get("directed", False))   # Sleep Unseen
    why = why or _gear_target_refusal(ctx, card_iid, f.get("target_card"), f.get("directed", False))   # Orb of Ulain
    if why:
        raise Illegal("target", why)
    why = actor_refusal(ctx, m, f)   # Malkavian Derangement: Paranoia; Oath of Loyalty
    why = why or effects_attached.actor_refusal(ctx, m, f)   # a card on the minion (Sensory Overload, Reality)
    if why:
        raise Illegal("action", why)
    from vtes_desktop.engine.effects_master import action_extra_blood, actor_stealth

    f["base_stealth"] += actor_stealth(ctx, m, kind)   # master cards on the acting vampire (Bestial Visage)
    more = action_extra_blood(ctx, kind, m, f.get("target_card"))   # events in play (Torpid Blood)
    more += effects_attached.action_extra_blood(ctx, m, bool(f.get("directed")), f.get("target_card"), f)   # Kaymakli Barrier, Safe Passage, Tainted Vitae
    if more:
        f["cost_blood"] += more
        if mc.counters < f["cost_blood"]:
            raise Illegal("cost", f"{who} has {mc.counters} blood; this action costs {f['cost_blood']}")
    _gear_discount(ctx, kind, m, f)   # Catacombs: the rescue costs 1 blood less
    frame = ActionFrame(**f)
    ctx.st.frames = ctx.st.frames + (frame,)
    ctx.emit("action", _describe(ctx, frame), cards=tuple(i for i in (m, card_iid, frame.target_card, frame.equip_from) if i is not None))
    if card_iid is not None:
        played_from_hand(ctx, seat, card_iid, rules, to="aside")


def _card_action_effect(ctx: Ctx, seat: int, mode: Mode, target) -> tuple[str | None, int | None]:
    """How an action card resolves, as far as the kernel knows: a bleed, a hunt, or by hand."""
    t = mode.text
    tgt = target_seat(ctx, seat, target) if target is not None else None
    if target is not None and tgt is None:
        try:
            iid = flow.ref(ctx, seat, target)
            tgt = ctx.st.cards[iid].controller
        except Exception:
            tgt = None
    if re.search(r"\(D\) Bleed\b", t) or any(e.kind == "bleed" and e.automated and e.text.startswith("(D) As above, but bleed")
                                            for e in mode.effects):   # Night Moves at superior
        return "bleed", tgt if tgt is not None else ctx.st.prey(seat)
    if re.search(r"\(D\) Enter combat with\b", t) or any(e.kind == "enter_combat" and e.automated for e in mode.effects):
        return "combat", tgt   # also a level that says "As [aus] above, ..." (Nose of the Hound)
    if re.match(r"^(?:\+\d stealth action\.\s*)?Hunt\b", t):
        return "hunt", tgt
    if mode.directed and tgt is None:
        return None, ctx.st.prey(seat) if re.search(r"\(D\)[^.]*\b(?:prey|Methuselah)\b", t) else None
    return None, tgt


def _describe(ctx: Ctx, f: ActionFrame) -> str:
    who = ctx.name(f.actor)
    parts = [f"{who}"]
    if f.kind == "bleed":
        parts.append(f"bleeds {ctx.seat_name(f.target_seat)}")
    elif f.kind == "hunt":
        parts.append("hunts")
    elif f.kind in ("equip",) and f.equip_from:
        parts.append(f"equips with {ctx.name(f.equip_from)}")
    elif f.card is not None:
        verb = {"equip": "equips with", "employ": "employs", "recruit": "recruits", "political": "calls a referendum with",
                "card": "plays"}[f.kind]
        parts.append(f"{verb} {ctx.name(f.card)}")
        if f.target_seat is not None and f.directed:
            parts.append(f"against {ctx.seat_name(f.target_seat)}")
    elif f.kind in ("rescue", "diablerie"):
        parts.append(f"{'rescues' if f.kind == 'rescue' else 'attempts to diablerize'} {ctx.name(f.target_card)}")
    elif f.kind == "burn_imbued":
        parts.append(f"attempts to burn the incapacitated {ctx.name(f.target_card)}")
    else:
        parts.append({"leave_torpor": "leaves torpor", "become_anarch": "becomes Anarch",
                      "political": "takes a political action"}.get(f.kind, ACTION_LABEL[f.kind]))
    s = stealth(ctx, f)
    cost = []
    if f.cost_blood:
        cost.append(f"{f.cost_blood} blood")
    if f.cost_pool:
        cost.append(f"{f.cost_pool} pool")
    return (" ".join(parts) + f" at {'+' if s > 0 else ''}{s} stealth" + (f", costing {' and '.join(cost)}" if cost else "")
            + ("" if f.directed else " (undirected)") + ".")


def _mandatory(ctx: Ctx, seat: int, m: int, kind: str) -> None:
    """A ready unlocked vampire with no blood must hunt before any other action."""
    st = ctx.st
    hungry = [i for i in st.region(seat, "ready") if not st.cards[i].locked and ctx.is_vampire(st.cards[i])
              and st.cards[i].counters == 0 and not st.cards[i].contested]
    if not hungry:
        return
    if m in hungry:
        if kind != "hunt":
            raise Illegal("mandatory", f"{ctx.name(m)} has no blood: hunting is mandatory, and no other action is possible "
                                       "for them until they have hunted")
        return
    raise Illegal("mandatory", f"{ctx.name(hungry[0])} has no blood and must hunt first: mandatory actions come before "
                               "any other action")


# -- blocks ------------------------------------------------------------------------------------------

def block(ctx: Ctx, cmd: C.Block) -> None:
    st = ctx.st
    f = st.top
    if not isinstance(f, ActionFrame):
        raise Illegal("block", "there is no action to block")
    if f.stage == "attempt":
        raise Illegal("block", f"{ctx.name(f.blocker)} is already attempting to block; one attempt at a time")
    if f.stage != "blocks":
        raise Illegal("block", "blocks have been declined: the action can no longer be blocked")
    seat = cmd.seat
    if seat not in f.blockers and not effects_crypt.may_block_anyway(ctx, f, cmd):   # Anneke
        why = ("only the Methuselah the action is directed at may block it" if f.directed
               else "only the acting Methuselah's prey and predator may block an undirected action")
        raise Illegal("block", f"{ctx.seat_name(seat)} may not block: {why}")
    if seat in f.declined:
        raise Illegal("block", f"{ctx.seat_name(seat)} has declined to block this action; that decision is final")
    if not f.directed and len(f.blockers) > 1 and seat == f.blockers[1] and f.blockers[0] not in f.declined:
        raise Illegal("block", "the prey has the first opportunity to block an undirected action")
    m = flow.ref(ctx, seat, cmd.minion, what="minion")
    if st.cards[m].region == "torpor" and st.cards[m].controller == seat:
        raise Illegal("torpor", f"{ctx.name(m)} is in torpor, not ready: vampires in torpor cannot block")
    m = _my_minion(ctx, seat, cmd.minion)
    if st.cards[m].locked and m not in f.woken:
        raise Illegal("locked", f"{ctx.name(m)} is locked; only unlocked minions can block")
    why = effects_action.block_refusal(ctx, f if seat in f.blockers else f._replace(blockers=f.blockers + (seat,)), m,
                                       seat)   # (Anneke blocks outside the usual blockers)
    if why:
        raise Illegal("block", why)
    effects_action.pay_block_cost(ctx, f, m)   # Tenebrous Form, Neutral Guard
    from vtes_desktop.engine.effects_master import block_refusal

    why = block_refusal(ctx, m) or effects_attached.block_refusal(ctx, f, m)   # a master card on the minion (Pentex Subversion); Blood Bond
    if why:
        raise Illegal("block", why)
    from vtes_desktop.engine.effects_combat import block_refusal as equipment_block_refusal

    why = equipment_block_refusal(ctx, f.actor, m) \
        or _gear_block_refusal(ctx, f, m)   # equipment on the acting minion (The Signet of King Saul; Incriminating Videotape)
    if why:
        raise Illegal("block", why)
    from vtes_desktop.engine.effects_actioncard import ally_block_refusal

    why = ally_block_refusal(ctx, f, m)   # the blocker's own text ("This ally cannot block vampires")
    if why:
        raise Illegal("block", why)
    why = effects_crypt.block_refusal(ctx, f, m)   # "Allies cannot block her", "He cannot block Nosferatu"
    if why:
        raise Illegal("block", why)
    why = effects_minion.block_refusal(ctx, m)   # "The Informant cannot act or block"
    if why:
        raise Illegal("block", why)
    effects_crypt.pay_block_cost(ctx, f, m)   # "Vampires must burn 1 blood to attempt to block this vampire"
    effects_minion.pay_block_cost(ctx, f, m)   # Redcap Wilder on the acting minion
    from vtes_desktop.engine.effects_actioncard import pay_block_tax

    pay_block_tax(ctx, f, m)   # Sabbat Priest: the chosen vampire's blockers burn 1 blood
    flow.set_top(ctx, f._replace(stage="attempt", blocker=m, imp=f.imp.used()))
    ctx.emit("block", f"{ctx.name(m)} attempts to block {ctx.name(f.actor)} "
                      f"({intercept(ctx, f, m)} intercept against {stealth(ctx, f)} stealth).", cards=(m, f.actor))


def close(ctx: Ctx, f: ActionFrame) -> None:
    """Every player passed in the action's current window."""
    reset = f.imp._replace(at=0, passes=0)
    if f.stage == "announced":
        flow.set_top(ctx, f._replace(stage="blocks", imp=reset))
    elif f.stage == "blocks":
        flow.set_top(ctx, f._replace(stage="declined", imp=reset, declined=frozenset(f.blockers)))
        ctx.emit("declined", "No further block attempts.")
    elif f.stage == "attempt":
        st_, ic = stealth(ctx, f), intercept(ctx, f, f.blocker)
        if ic >= st_:
            if effects_action.block_succeeds(ctx, f):   # a card ended the action before the block resolved
                return
            _bleed_blocked(ctx, f)   # Dream World's bleed ends
            _blocked(ctx, f, reset)
        else:
            ctx.emit("block_failed", f"{ctx.name(f.blocker)} fails to block ({ic} intercept against {st_} stealth).")
            flow.set_top(ctx, f._replace(stage="blocks", blocker=None, imp=reset))
            effects_action.attempt_failed(ctx, f.blocker)
    elif f.stage == "declined":
        f = effects_action.before_resolution(ctx, f, None)
        if f is not None:   # None: a card made the action unsuccessful instead (Spying Mission)
            _succeed(ctx, f, reset)
    elif f.stage == "resolution":
        flow.pop(ctx)
        ctx.st.last_action = f.outcome
        _after_action(ctx, f)
        from vtes_desktop.engine.effects_actioncard import action_ended

        action_ended(ctx, f)   # Augur, Big Game: the acting minion unlocks at the end of the action
        effects_action.after_action(ctx, f)
        from vtes_desktop.engine import effects_library

        effects_library.action_over(ctx, f)   # Shroudsight: a card back on top of the library
        from vtes_desktop.engine.effects_master import after_action

        after_action(ctx, f)   # master cards in play (WMRH Talk Radio)
        effects_attached.after_action(ctx, f)   # Loup burns after a Toreador's successful action
        effects_minion.action_over(ctx, f)   # Infernal Servitor: removed after its successful action
        from vtes_desktop.engine.rules_combat import action_over as combat_action_over

        combat_action_over(ctx)   # Kerrie, Dagger: a weapon put out of play until the end of the action comes back


def _after_action(ctx: Ctx, f: ActionFrame) -> None:
    """The action is over: its card leaves the aside area if it is still there."""
    if f.card is not None and ctx.st.cards[f.card].region == "aside":
        ctx.move(f.card, "ash_heap")
    ctx.release_draws("action", "combat")


def _blocked(ctx: Ctx, f: ActionFrame, reset) -> None:
    st = ctx.st
    ctx.emit("blocked", f"{ctx.name(f.blocker)} blocks {ctx.name(f.actor)}.", cards=(f.blocker, f.actor))
    if f.card is not None and st.cards[f.card].region == "aside":
        ctx.move(f.card, "ash_heap")
        ctx.emit("burned", f"{ctx.name(f.card)} is burned.")
    if effects_action.blocker_locks(f):   # not under Read the Winds
        ctx.update(f.blocker, locked=True)
    _gear_blocked(ctx, f)   # Unlicensed Taxicab: burned when a prince or an archbishop blocks
    effects_crypt.blocked(ctx, f)   # "If this vampire is blocked, she burns 1 blood before block resolution"
    from vtes_desktop.engine.effects_master import blocked as master_blocked

    master_blocked(ctx, f)   # a master card on the acting vampire (Aching Beauty, Terrifying Visage)
    effects_attached.blocked(ctx, f)   # a card on the acting minion (Phantasmagoria)
    from vtes_desktop.engine import effects_library

    effects_library.blocked(ctx, f)   # Truth of Blood: the blocker's Methuselah discards at random
    effects_minion.blocked(ctx, f)   # Member of the Entourage: burned as his block of a vampire succeeds
    nf = f._replace(stage="resolution", outcome="blocked", imp=reset,
                    mods=tuple(x for x in f.mods if x.kind in effects_action.LASTING))
    from vtes_desktop.engine.effects_actioncard import no_combat_when_blocked

    if f.kind == "leave_torpor" or no_combat_when_blocked(ctx, f):   # also Rapid Healing (a vampire in torpor)
        if ctx.is_vampire(st.cards[f.blocker]):
            nf = nf._replace(diablerie_offer=f.blocker)
            ctx.emit("offer", f"{ctx.name(f.blocker)} may diablerize {ctx.name(f.actor)}.")
        flow.set_top(ctx, nf)
        return
    flow.set_top(ctx, nf)
    from vtes_desktop.engine import rules_combat

    if effects_action.no_combat(ctx, f) or effects_minion.no_combat(ctx, f):   # Stone Travel; Ghoul Messenger
        return
    from vtes_desktop.engine.effects_actioncard import blocked_grants

    if rules_combat.start(ctx, f.actor, f.blocker, effects_action.combat_grants(f) + blocked_grants(ctx, f)):   # Skullduggery
        effects_action.combat_started(ctx, f)   # Precognition's prevention for the first round


def _succeed(ctx: Ctx, f: ActionFrame, reset) -> None:
    st = ctx.st
    what = ACTION_LABEL[f.kind] if f.card is None else ctx.name(f.card)
    if not _can_pay_action(ctx, f):
        # the cost fell due and cannot be paid (blood lost since the action was announced): nothing happens
        ctx.emit("unsuccessful", f"{ctx.name(f.actor)} cannot pay the cost of {what}: the action is unsuccessful.")
        if f.card is not None and st.cards[f.card].region == "aside":
            ctx.move(f.card, "ash_heap")
        flow.set_top(ctx, f._replace(outcome="unsuccessful", stage="resolution", imp=reset))
        return
    f = f._replace(outcome="successful")
    flow.set_top(ctx, f)
    ctx.emit("successful", f"{poss(ctx.name(f.actor))} action succeeds.", cards=(f.actor,))
    if f.kind == "rescue":
        _pay(ctx, f.seat, f.actor, 0, f.cost_blood, what)
        if f.rescue_split:
            _pay(ctx, f.seat, f.target_card, 0, f.rescue_split, what)
    else:
        _pay(ctx, f.seat, f.actor, f.cost_pool, f.cost_blood, what)
    nxt = f._replace(stage="resolution", imp=reset)
    effects_crypt.action_succeeded(ctx, f)   # "If this vampire successfully hunts, he does not unlock as normal ..."
    _gear_succeeded(ctx, f)   # Journal of Hrorsh: a counter
    if f.from_card is not None and f.card is None:   # an action a master card on the table provides
        from vtes_desktop.engine import effects_actioncard, effects_master

        flow.set_top(ctx, nxt)
        if not (effects_attached.succeed_own(ctx, f) or _gear_succeed(ctx, f) or effects_crypt.succeed_own(ctx, f)
                or effects_minion.succeed_own(ctx, f)
                or effects_actioncard.succeed_own(ctx, f)):   # a vampire's or an ally's own action
            effects_master.succeed_from(ctx, f)
        return
    k = f.kind if f.kind != "card" else (f.effect or "card")
    if f.kind == "card" and f.effect in ("bleed", "hunt") and st.cards[f.card].region == "aside":
        ctx.move(f.card, "ash_heap")   # the action card has done its work
    if k == "bleed":
        n = bleed_amount(ctx, f)
        if f.kind == "card":   # "If more than 1 pool is bled with this action, ignore the excess"
            from vtes_desktop.engine.effects_actioncard import bleed_cap

            n = bleed_cap(ctx, f, n)
        tgt = f.target_seat
        from vtes_desktop.engine.effects_master import master_bleed_cap

        n = master_bleed_cap(ctx, tgt, n)   # master cards of the bled Methuselah (Protected Resources)
        ctx.emit("bled", f"{ctx.name(f.actor)} bleeds {ctx.seat_name(tgt)} for {n}.")
        if n > 0:
            taker = _edge_taker(ctx, f)   # Edge Vitiation: the bled Methuselah takes it instead
            if st.edge != taker and not effects_action.edge_burned(ctx, f):   # Leverage
                st.edge = taker
                ctx.emit("edge", f"{ctx.seat_name(taker)} takes the Edge.")
            ctx.pool(tgt, -n, "bled")
        if f.kind == "card":   # the card's own gains once its bleed succeeds
            from vtes_desktop.engine import effects_actioncard

            effects_actioncard.card_bonus(ctx, f, max(n, 0))
            from vtes_desktop.engine import effects_library

            effects_library.on_bleed_card(ctx, f, max(n, 0))   # Shroud of Decay: the bled Methuselah discards
    elif k == "hunt":
        n = f.base_hunt + sum(m.amount for m in f.mods if m.kind == "hunt") + effects_crypt.hunt_bonus(ctx, f)
        from vtes_desktop.engine.effects_combat import bearer_bonus

        n += bearer_bonus(ctx, f.actor, "hunt")     # "The bearer gets +1 hunt" (Aaron's Feeding Razor)
        n += _gear_hunt(ctx, f.actor)   # Ritual Scalpel's Nagaraja
        from vtes_desktop.engine.effects_master import hunt_bonus

        n += hunt_bonus(ctx, f.actor)   # master cards in play (The Hungry Coyote)
        from vtes_desktop.engine.effects_actioncard import hunt_extra

        n += hunt_extra(ctx, f.actor)   # Harvest Rites on the vampire: once each turn
        if f.card is not None:
            mm = re.search(r"\+(\d+) hunt", ctx.cdef(f.card).text)
            n += int(mm.group(1)) if mm else 0
        n = effects_action.hunt_gain(ctx, f, n)   # Final Loosening [aus]: 1 blood instead, and 1 for the Anarch
        c = st.cards[f.actor]
        before = c.counters
        c = ctx.set_blood(f.actor, c.counters + n)
        ctx.emit("hunted", f"{ctx.name(f.actor)} gains {c.counters - before} blood.")
        if f.kind == "card":   # the card's own gains once its hunt succeeds
            from vtes_desktop.engine import effects_actioncard

            effects_actioncard.card_bonus(ctx, f)
    elif f.kind == "equip":
        if f.equip_from is not None:
            ctx.move(f.equip_from, "attached", host=f.actor)
        else:
            ctx.move(f.card, "attached", host=f.actor, level=f.card_level)
        ctx.emit("equipped", f"{ctx.name(f.actor)} is equipped with {ctx.name(f.equip_from or f.card)}.")
        from vtes_desktop.engine.effects_combat import equipped

        equipped(ctx, f)   # Baseball Bat: the acting minion unlocks at the end of the turn
        _gear_equipped(ctx, f)   # Helicopter: the equipment locks
        if f.equip_from is None:
            from vtes_desktop.engine.rules_turn import _check_contest
            _check_contest(ctx, f.card)
    elif f.kind == "employ":
        life = _life(ctx, f.card, f.card_level)
        ctx.move(f.card, "attached", host=f.actor, counters=life, level=f.card_level)
        ctx.emit("employed", f"{ctx.name(f.actor)} employs {ctx.name(f.card)} with {life} life.")
        from vtes_desktop.engine.rules_turn import _check_contest
        _check_contest(ctx, f.card)
        effects_minion.entered_play(ctx, f.card)   # Feral Hound: the employer unlocks
    elif f.kind == "recruit":
        life = _life(ctx, f.card, f.card_level)
        ctx.move(f.card, "ready", seat=f.seat, counters=life, arrived=st.turn, locked=False, level=f.card_level)
        ctx.emit("recruited", f"{ctx.name(f.card)} joins {ctx.seat_name(f.seat)} with {life} life.")
        from vtes_desktop.engine.rules_turn import _check_contest
        _check_contest(ctx, f.card)
        effects_minion.entered_play(ctx, f.card)   # "After this ally enters play, burn an ally or retainer you control"
    elif f.kind == "leave_torpor":
        ctx.move(f.actor, "ready", seat=f.seat, locked=True, counters=st.cards[f.actor].counters, wounded=False)
        ctx.emit("left_torpor", f"{ctx.name(f.actor)} leaves torpor.")
    elif f.kind == "rescue":
        t = st.cards[f.target_card]
        ctx.move(f.target_card, "ready", seat=t.controller, locked=t.locked, counters=t.counters, wounded=False)
        ctx.emit("rescued", f"{ctx.name(f.target_card)} is rescued from torpor.")
    elif f.kind == "diablerie":
        flow.set_top(ctx, nxt)
        diablerie(ctx, f.actor, f.target_card, f.choices, recheck=True)
        return
    elif f.kind == "burn_imbued":
        from vtes_desktop.engine.rules_diablerie import burn_imbued

        burn_imbued(ctx, f)
    elif k == "power":
        ctx.move(f.card, "attached", host=f.actor, level=f.card_level)
        ctx.update(f.actor, locked=False)
        ctx.emit("power", f"{ctx.name(f.actor)} gains {ctx.name(f.card)} and unlocks.")
    elif k == "combat":
        flow.set_top(ctx, nxt)
        if st.cards[f.card].region == "aside":
            ctx.move(f.card, "ash_heap")
        from vtes_desktop.engine import effects_actioncard, rules_combat

        granted = effects_actioncard.combat_grants(ctx, f)   # the maneuvers and presses of the card's own level
        a, b = effects_actioncard.combatants(ctx, f)   # Deep Song: its target locks and counts as the acting minion
        if rules_combat.start(ctx, a, b, granted):
            effects_actioncard.combat_started(ctx, f)   # "+2 strength in that combat" (Purity of the Beast)
        return
    elif f.kind == "become_anarch":
        ctx.update(f.actor, sect="Anarch")
        ctx.emit("anarch", f"{ctx.name(f.actor)} becomes Anarch.")
    elif f.kind == "political":
        flow.set_top(ctx, nxt)
        from vtes_desktop.engine import rules_politics

        rules_politics.start(ctx, f)
        return
    else:  # an action card: the engine carries out what it knows (effects_actioncard), the players the rest
        flow.set_top(ctx, nxt)
        _card_stays_or_goes(ctx, f)
        from vtes_desktop.engine import effects_actioncard

        left = effects_actioncard.resolve_action(ctx, f)
        from vtes_desktop.engine import effects_library

        effects_library.on_action(ctx, f)   # library and hand moves (Distraction)
        left = effects_attached.after_card_action(ctx, f, left)   # (D) Put this card on ... (auto_attached)
        if not left:
            if st.cards[f.card].region == "aside":
                ctx.move(f.card, "ash_heap")   # the action card has done its work
            return
        flow.push(ctx, ManualFrame(imp=reset, what=f"the effect of {ctx.name(f.card)}", card=f.card))
        ctx.emit("manual", f"Carry out {poss(ctx.name(f.card))} effect by hand, then say done: {' '.join(left)}")
        return
    flow.set_top(ctx, nxt)


def _can_pay_action(ctx: Ctx, f: ActionFrame) -> bool:
    st = ctx.st
    if f.kind == "rescue":
        return st.cards[f.actor].counters >= f.cost_blood and st.cards[f.target_card].counters >= f.rescue_split
    return st.cards[f.actor].counters >= f.cost_blood and st.seats[f.seat].pool >= f.cost_pool


def reserved_blood(ctx: Ctx, minion: int) -> int:
    """Blood the minion's own pending action will cost when it succeeds: not available for other costs."""
    for fr in ctx.st.frames:
        if isinstance(fr, ActionFrame) and fr.actor == minion and fr.outcome is None:
            return fr.cost_blood
    return 0


def _card_stays_or_goes(ctx: Ctx, f: ActionFrame) -> None:
    text = ctx.cdef(f.card).text
    levels = ctx.cdef(f.card).text_levels() if f.card_level else ()
    if any(mk == f.card_level for mk, _ in levels) and not any(   # only the level played (Pulse of the Canaille)
            mk == f.card_level and re.match(r"(?i)as\b.*\babove\b", line) for mk, line in levels):
        text = "\n".join(line for mk, line in levels if mk in (None, f.card_level))
    if re.search(r"(?i)put this card (?:in play|on the table)", text):
        ctx.move(f.card, "in_play", seat=f.seat)
    elif re.search(r"(?i)put this card on (?:the acting|this)(?:\{\})? (?:vampire|minion)", text):   # "this{} vampire"
        ctx.move(f.card, "attached", host=f.actor, level=f.card_level)   # its level says what it gives there


def _life(ctx: Ctx, iid: int, level: str | None) -> int:
    r = ctx.rules(iid)
    life = r.life or 1
    m = r.mode(level)
    if m is not None:
        mm = re.search(r"has (\d+) life", m.text)
        if mm and level and level.isupper():
            life = int(mm.group(1))
    return life + effects_minion.extra_life(ctx, iid, level)   # "this ally has 1 additional life" (Corrupt Construction)


def diablerie(ctx: Ctx, diablerist: int, victim: int, choices: tuple = (), *, recheck: bool = False) -> None:
    """The diablerist takes the victim's blood and equipment; the victim is burned; a Discipline from an older
    victim and a trophy from a Red List victim, as chosen (*choices*: instance ids of the master Discipline
    card and the trophy, or None); then the blood hunt referendum, unless a card forbids it."""
    from vtes_desktop.engine import rules_diablerie

    st = ctx.st
    v = st.cards[victim]
    d = st.cards[diablerist]
    if recheck and any(x is not None for x in choices):
        choices = rules_diablerie.recheck(ctx, d.controller, diablerist, victim, choices)
    disc, tro = (tuple(choices) + (None, None))[:2]
    older = ctx.capacity(v) > ctx.capacity(d)
    red = rules_diablerie.is_red_list(ctx, victim)
    ctx.set_blood(diablerist, d.counters + v.counters)
    ctx.update(victim, counters=0)
    for a in list(st.attached.get(victim, ())):
        if "Equipment" in ctx.cdef(a).types and not _gear_stays(ctx, a):   # Soul Gem of Etrius stays
            ctx.move(a, "attached", host=diablerist)
    ctx.emit("diablerie", f"{ctx.name(diablerist)} diablerizes {ctx.name(victim)}.")
    effects_minion.note_diablerie(ctx, diablerist)   # remembered for Carlton Van Wyk
    from vtes_desktop.engine.effects_actioncard import note_victim

    note_victim(ctx, diablerist, victim)   # the victim's clans, for Community Justice
    ctx.burn(victim, "diablerized")
    rules_diablerie.give(ctx, d.controller, diablerist, disc, tro, older=older, red_list=red,
                         victim_name=ctx.name(victim))
    _gear_diablerie(ctx, diablerist, victim)   # Codex of the Damned
    from vtes_desktop.engine import rules_politics

    rules_politics.blood_hunt(ctx, diablerist, victim)


def diablerize(ctx: Ctx, cmd: C.Diablerize) -> None:
    f = ctx.st.top
    if not isinstance(f, ActionFrame) or f.diablerie_offer is None:
        raise Illegal("diablerie", "no diablerie is on offer")
    m = flow.ref(ctx, cmd.seat, cmd.minion)
    v = flow.ref(ctx, cmd.seat, cmd.victim)
    if m != f.diablerie_offer or v != f.actor or ctx.st.cards[m].controller != cmd.seat:
        raise Illegal("diablerie", f"only {ctx.name(f.diablerie_offer)} may diablerize {ctx.name(f.actor)}")
    from vtes_desktop.engine.rules_diablerie import check_choices

    choices = check_choices(ctx, cmd.seat, m, v, cmd.discipline, cmd.trophy)
    flow.set_top(ctx, f._replace(diablerie_offer=None))
    diablerie(ctx, m, v, choices)


# -- playing cards from hand ----------------------------------------------------------------------------

def play(ctx: Ctx, cmd: C.Play) -> None:
    st = ctx.st
    seat = cmd.seat
    iid = flow.ref(ctx, seat, cmd.card)
    c = st.cards[iid]
    if not (c.region == "ash_heap" and c.owner == seat and "Conviction" in ctx.cdef(iid).types):
        iid = _hand_card(ctx, seat, cmd.card)
    rules = ctx.rules(iid)
    f = st.top
    types = set(rules.types)
    why = _gear_play_refusal(ctx, cmd, rules)   # Sire's Index Finger, Martinelli's Ring
    if why:
        raise Illegal("target", why)
    if isinstance(f, (CombatFrame,)) or (f is not None and f.__class__.__name__ == "DamageFrame"):
        if "Combat" in types:
            from vtes_desktop.engine import rules_combat

            return rules_combat.play_combat(ctx, cmd, iid, rules)
        if "Master" in types and seat != st.active and re.search(r"(?i)\bout-of-turn\b", ctx.cdef(iid).text.split("\n")[0]):
            return _play_out_of_turn(ctx, cmd, iid, rules)   # an out-of-turn master card (Direct Intervention)
        raise Illegal("timing", "only combat cards are played during combat")
    if isinstance(f, ActionFrame):
        if seat == f.seat and "Action Modifier" in types:
            return _play_modifier(ctx, cmd, f, iid, rules)
        if seat != f.seat and "Reaction" in types:
            return _play_reaction(ctx, cmd, f, iid, rules)
        if "Action Modifier" in types:
            raise Illegal("action modifier", "only the acting minion plays action modifiers")
        if "Reaction" in types:
            raise Illegal("reaction", "reactions are played by other Methuselahs' minions, not the acting Methuselah's")
        if "Master" in types and seat != f.seat and re.search(r"(?i)\bout-of-turn\b", ctx.cdef(iid).text.split("\n")[0]):
            return _play_out_of_turn(ctx, cmd, iid, rules)   # an out-of-turn master card played during an action
        raise Illegal("timing", f"{ctx.name(iid)} cannot be played during an action")
    if isinstance(f, ReferendumFrame):
        if "Master" in types and re.search(r"(?i)\bout-of-turn\b", ctx.cdef(iid).text.split("\n")[0]):
            return _play_out_of_turn(ctx, cmd, iid, rules)   # an out-of-turn master card in a referendum (Vox Domini)
        from vtes_desktop.engine import rules_politics

        return rules_politics.play_for_votes(ctx, cmd, iid, rules)
    if "Conviction" in types:
        return _play_conviction(ctx, cmd, iid, rules)
    if "Master" in types:
        return _play_master(ctx, cmd, iid, rules)
    if "Event" in types:
        return _play_event(ctx, cmd, iid, rules)
    if types & {"Action", "Ally", "Retainer", "Equipment", "Political Action"}:
        raise Illegal("card type", f"{ctx.name(iid)} is used by announcing an action with it, not played on its own")
    if "Action Modifier" in types or "Reaction" in types:
        raise Illegal("timing", f"{ctx.name(iid)} can be played only during an action")
    if "Combat" in types:
        raise Illegal("timing", f"{ctx.name(iid)} can be played only during combat")
    raise Illegal("timing", f"{ctx.name(iid)} cannot be played now")


_AFTER = ("after action", "after success", "action blocked", "after unsuccessful", "after political",
          "referendum passed", "referendum failed", "after combat",
          "if:resolving an action (successfully or not)",   # Dusk Work: "Play after resolving an action"
          "if:combat involving another gangrel antitribu you control ends and the opposing minion is still ready")
#: the tags that mean "during a referendum's polling step": never while an action is being announced or blocked
_POLLING = ("polling", "referendum", "before votes")


def _kind_holds(ctx: Ctx, f: ActionFrame, kind: str, k: str) -> bool:
    """Whether the action under way is of kind *k* ("bleed", "directed", "non-bleed", "action", ...)."""
    if k in ("directed", "(d)"):
        return bool(f.directed)
    if k == "undirected":
        return not f.directed
    if k == "non-bleed":
        return kind != "bleed"
    if k == "action":
        return True
    if k in ("recruit ally", "recruit"):
        return f.kind == "recruit"
    if k in ("employ retainer", "employ"):
        return f.kind == "employ"
    if k == "political":
        return f.kind == "political"
    return kind == k or f.kind == k


def _block_refusal(ctx: Ctx, f: ActionFrame, only: tuple[str, ...], name: str, minion: int | None) -> str | None:
    """The block conditions of an "Only usable ..." clause: a block attempt under way, by this minion, that
    succeeds (the blocker's intercept meets the acting minion's stealth), against an ally or a younger vampire."""
    attempt = f.stage == "attempt" and f.blocker is not None
    succeeds = attempt and intercept(ctx, f, f.blocker) >= stealth(ctx, f)
    if "before block resolution" in only and not attempt:
        return f"{name} is only usable while a block attempt is being resolved"
    if ("blocking" in only or "by:blocking vampire" in only) and not (attempt and minion == f.blocker):
        return f"{name} is only usable by a minion attempting to block"
    blocked = "only usable once the action is blocked (intercept at least equal to stealth), before the block resolves"
    if "this blocks" in only and not (succeeds and minion == f.blocker):
        return f"{name} is {blocked}, by this vampire blocking"
    if "this blocked" in only and not (succeeds and minion == f.actor):
        return f"{name} is {blocked}"
    for t in only:
        if t in ("blocking:ally or younger vampire", "blocking:an ally or younger vampire") and minion is not None:
            a = ctx.st.cards[f.actor]
            if ctx.is_vampire(a) and (ctx.cdef(a).capacity or 0) >= (ctx.cdef(minion).capacity or 0):
                return f"{name} is only usable against an ally or a vampire younger than {ctx.name(minion)}"
    return None


def _timing_refusal(ctx: Ctx, f: ActionFrame, mode: Mode, name: str, minion: int | None = None,
                    seat: int | None = None) -> str | None:
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    only = mode.only
    top = ctx.st.top
    if isinstance(top, ReferendumFrame):
        # the polling step of *f*'s referendum: nothing that waits for the action's end or its blocks
        if any(t in only for t in _AFTER) or "after blocks declined" in only or "block attempted" in only:
            return f"{name} is only usable after the action is resolved, not during its referendum"
        if "before votes" in only and getattr(top, "votes_started", False):
            return f"{name} is only usable before votes and ballots are cast"
        return None
    if any(t in only for t in _POLLING):
        return f"{name} is only usable during the polling step of a referendum"
    after = any(t in only for t in _AFTER)
    # a wake stays usable after resolution (VEKN ruling on the wake cards, LSJ 20091123: to play a reaction then)
    wake = any(e.kind == "wake" for e in mode.effects)
    if f.stage == "resolution" and not after and not wake:
        return f"the action has been resolved: {name} can no longer be played during it"
    if after and f.stage != "resolution":
        return f"{name} is only usable after the action is resolved"
    if "after success" in only and f.outcome != "successful":
        return f"{name} is only usable after a successful action"
    if "after unsuccessful" in only and f.outcome == "successful":
        return f"{name} is only usable after an unsuccessful action"
    if "action blocked" in only and f.outcome != "blocked":
        return f"{name} is only usable after the action was blocked"
    if "after political" in only and (f.kind != "political" or f.outcome != "successful"):
        return f"{name} is only usable after a successful political action has resolved"
    last = ctx.st.last_referendum
    if "referendum passed" in only and not (f.kind == "political" and last and last[0]):
        return f"{name} is only usable after a referendum that passed"
    if "referendum failed" in only and not (f.kind == "political" and last and not last[0]):
        return f"{name} is only usable after a referendum that failed"
    if "bleeding you" in only and (kind != "bleed" or f.target_seat != seat):
        return f"{name} is only usable while a minion is bleeding you"
    if "after blocks declined" in only and f.stage != "declined":
        return f"{name} is only usable after blocks are declined"
    for t in only:
        m_ = re.fullmatch(r"bleed amount>=(\d+)", t)
        if m_ and bleed_amount(ctx, f) < int(m_.group(1)):
            return f"{name} is only usable if the bleed amount is {m_.group(1)} or more (it is {bleed_amount(ctx, f)})"
    for t in only:
        if t.startswith("bleeder:younger") and minion is not None and not re.search(
                r"(?i)can be the same age or older", mode.text):
            if (ctx.cdef(f.actor).capacity or 0) >= (ctx.cdef(minion).capacity or 0):
                return f"{name} is only usable if the bleeding vampire is younger than {ctx.name(minion)}"
    if "other than acting" in only and minion is not None and minion == f.actor:
        return f"{name} is only usable by a vampire other than the acting minion"
    why = _block_refusal(ctx, f, only, name, minion)
    if why:
        return why
    for t in only:
        if t.startswith("not:during "):
            kinds = t[len("not:during "):].split("|")
            if any(_kind_holds(ctx, f, kind, k.strip()) for k in kinds):
                return f"{name} is not usable during {'an' if kinds[0][0] in 'aeiou' else 'a'} {' or '.join(kinds)} action"
        if t == "not:if:there are only two methuselahs left" and len(ctx.st.live_seats()) <= 2:
            return f"{name} is not usable when only two Methuselahs are left"
        if t in ("bleeder:minion controlled by your predator", "bleeder:your predator's minion") and seat is not None \
                and f.seat != ctx.st.predator(seat):
            return f"{name} is only usable against a minion controlled by your predator"
    for t in only:
        if t.startswith("during "):
            kinds = t[len("during "):].split("|")
            if not any(_kind_holds(ctx, f, kind, k.strip()) for k in kinds):
                what = " or ".join(k.strip() for k in kinds)
                return f"{name} is only usable during {'an' if what[0] in 'aeiou' else 'a'} {what} action"
        if t == "as announced" and f.stage != "announced":
            return f"{name} is only usable as the action is announced"
        if t == "block attempted" and f.stage != "attempt":
            return f"{name} is only usable if a minion attempts to block"
        if t == "directed at you" and not (f.directed and seat is not None and (
                f.target_seat == seat or (f.target_card is not None and ctx.st.cards[f.target_card].controller == seat))):
            return f"{name} is only usable during an action directed at you"
    if f.stage == "announced" and "as announced" not in only and not effects_action.cancels_as_played(ctx, mode):
        return f"only effects used as the action is announced can be played now; {name} waits until blocks are decided"
    if mode.bleed and kind != "bleed":
        return f"{name} adds bleed, so it is only usable during a bleed action"
    return None


def _checked_mode(ctx: Ctx, cmd: C.Play, f: ActionFrame, iid: int, rules: CardRules, kind: str, m: int) -> Mode:
    """The mode of an action modifier or reaction that *m* may play now: requirements, no repeat, timing."""
    mode = choose_mode(ctx, rules, cmd.level, (kind,), m)
    why = requirement_refusal(ctx, iid, rules, mode, m)
    if why:
        raise Illegal("requirements", why)
    if (m, rules.card_id) in f.played:
        raise Illegal("repeat", f"{ctx.name(m)} has already played {rules.name} during this action")
    why = _timing_refusal(ctx, f, mode, rules.name, minion=m, seat=cmd.seat)
    if why:
        raise Illegal("timing", why)
    return mode


def _play_modifier(ctx: Ctx, cmd: C.Play, f: ActionFrame, iid: int, rules: CardRules) -> None:
    actor = f.actor
    player = actor
    if cmd.minion is not None:
        m = flow.ref(ctx, cmd.seat, cmd.minion, what="minion")
        others = any(effects_action.by_other(md) for md in rules.modes) or effects_action.other_player(ctx, iid, rules)
        if m != actor and not others:
            raise Illegal("action modifier", f"only the acting minion, {ctx.name(actor)}, plays action modifiers")
        if m != actor:
            # "Only usable by a ready vampire other than the acting minion" (Cloak the Gathering, Blanket of Night)
            mc = ctx.st.cards[m]
            if mc.controller != cmd.seat or mc.region != "ready" or not ctx.is_minion(mc):
                raise Illegal("action modifier", f"{ctx.name(m)} is not a ready minion of {ctx.seat_name(cmd.seat)}")
            player = m
    mode = _checked_mode(ctx, cmd, f, iid, rules, "Action Modifier", player)
    why = effects_action.modifier_refusal(ctx, f) or effects_action.no_second_copy(ctx, rules, player)   # Repulsion
    if why:
        raise Illegal("timing", why)
    if player != actor:
        # refusals of one level ("mode") and of one minion ("requirements"): the legal answer still tries the others
        if not effects_action.by_other(mode) and not effects_action.other_player(ctx, iid, rules):
            raise Illegal("mode", f"only the acting minion, {ctx.name(actor)}, plays {rules.name} at this level")
        if any(o.startswith("by:ready vampire") for o in mode.only) and not ctx.is_vampire(ctx.st.cards[player]):
            raise Illegal("requirements", f"{rules.name} is played by a ready vampire; {ctx.name(player)} is not one")
    if mode.stealth > 0 and not effects_action.needless(mode, "stealth", rules.types):
        if f.stage != "attempt":
            raise Illegal("stealth", "stealth can only be added while the action is being blocked")
        if stealth(ctx, f) > intercept(ctx, f, f.blocker):
            raise Illegal("stealth", f"{ctx.name(actor)} already has more stealth ({stealth(ctx, f)}) than "
                                     f"{ctx.name(f.blocker)} has intercept ({intercept(ctx, f, f.blocker)}); "
                                     "stealth can be added only when needed")
    if mode.limited and any(m.limited for m in f.mods):
        raise Illegal("limited", f"{rules.name} is (limited): the bleed is already increased by a (limited) modifier "
                                 "this action")
    _apply_modes(ctx, cmd, f, iid, rules, mode, player)


def _play_reaction(ctx: Ctx, cmd: C.Play, f: ActionFrame, iid: int, rules: CardRules) -> None:
    st = ctx.st
    if cmd.minion is None:
        raise Malformed("minion", f"name the minion that plays {rules.name}")
    m = _my_minion(ctx, cmd.seat, cmd.minion)
    rules = effects_action.two_uses(rules, st.cards[m].locked)   # Second Tradition: Domain's two uses
    # "Only usable by a locked minion" may hold at one level only (Read the Winds: basic by an unlocked vampire)
    modes_r = [md for md in rules.modes if "Reaction" in md.types] or list(rules.modes)
    locked_only = all("locked" in md.only for md in modes_r)
    locked_ok = any("locked" in md.only for md in modes_r)
    if locked_only and not st.cards[m].locked:
        raise Illegal("locked", f"{rules.name} is only usable by a locked minion; {ctx.name(m)} is unlocked")
    may_be_locked = any("may be locked" in md.also for md in rules.modes)   # "Usable by a locked baron"
    if st.cards[m].locked and not locked_ok and m not in f.woken and not may_be_locked:
        raise Illegal("locked", f"{ctx.name(m)} is locked; only ready unlocked minions play reaction cards")
    mode = _checked_mode(ctx, cmd, f, iid, rules, "Reaction", m)
    why = effects_action.reaction_refusal(ctx, f, m) \
        or _gear_reaction_refusal(ctx, f, m)   # Psalm of the Damned, Unleashing the Bestial Soul; Polaris Coach
    why = why or _master_reaction_refusal(ctx, f, m)   # Blind Spot
    if not why and st.marks and (("minion", m), "cannot play reactions this turn", st.turn) in st.marks:
        why = f"{ctx.name(m)} cannot play reaction cards this turn (Expulsion)"   # effects_actioncard.NO_REACTIONS_TURN
    if why:
        raise Illegal("requirements", why)
    if "locked" in mode.only and not st.cards[m].locked:
        raise Illegal("locked", f"{rules.name} at this level is only usable by a locked minion; {ctx.name(m)} is "
                                "unlocked")
    if st.cards[m].locked and "locked" not in mode.only and m not in f.woken and not may_be_locked:
        raise Illegal("locked", f"{ctx.name(m)} is locked; {rules.name} at this level is played by an unlocked minion")
    if mode.intercept > 0 and not effects_action.needless(mode, "intercept", rules.types):
        if f.stage != "attempt" or f.blocker != m:
            raise Illegal("intercept", f"{rules.name}: intercept can only be added by a blocking minion")
        if intercept(ctx, f, m) >= stealth(ctx, f):
            raise Illegal("intercept", f"{ctx.name(m)} already has enough intercept ({intercept(ctx, f, m)} against "
                                       f"{stealth(ctx, f)} stealth); intercept can be added only when needed")
    _apply_modes(ctx, cmd, f, iid, rules, mode, m)


def _apply_modes(ctx: Ctx, cmd: C.Play, f: ActionFrame, iid: int, rules: CardRules, mode: Mode, minion: int) -> None:
    pool, blood = _cost(rules, effects_action.x_value(cmd, rules))
    from vtes_desktop.engine.effects_master import extra_blood_cost

    blood += extra_blood_cost(ctx, rules)   # events in play (Narrow Minds)
    blood = max(0, blood - effects_action.clan_cost_less(ctx, mode, rules, minion))   # Mental Maze
    from vtes_desktop.engine.effects_master import path_discount

    blood -= path_discount(ctx, rules, minion, blood)   # master cards in play (the Paths)
    blood += effects_action.surcharge(ctx, rules)   # Unleashing the Bestial Soul [DOM]
    blood = max(0, blood + _gear_surcharge(ctx, f, rules, minion))   # Kduva's Mask; The Ankara Citadel
    held = reserved_blood(ctx, minion)
    if blood and ctx.st.cards[minion].counters - held < blood:
        raise Illegal("cost", f"{ctx.name(minion)} has {ctx.st.cards[minion].counters} blood, {held} of it owed to "
                              f"the action under way; {rules.name} costs {blood} more")
    _pay(ctx, cmd.seat, minion, pool, blood, rules.name, conviction=max(0, rules.conviction_cost or 0))
    if effects_attached.canceled_as_played(ctx, cmd, minion, rules, mode, iid):   # Blood of Sandman (auto_attached)
        return
    f = ctx.st.top   # the cost may have changed the action (a reaction surcharge used up)
    mods = list(f.mods)
    for kind in ("stealth", "intercept", "bleed", "hunt", "votes", "strength"):
        n = getattr(mode, kind)
        if n:
            mods.append(Mod(kind, n, minion, iid, rules.card_id, limited=mode.limited and kind == "bleed"))
    if mode.limited and not any(m.kind == "bleed" for m in mods[len(f.mods):]):
        mods.append(Mod("bleed", 0, minion, iid, rules.card_id, limited=True))
    f = ctx.st.top
    flow.set_top(ctx, f._replace(mods=tuple(mods), played=f.played | {(minion, rules.card_id)}))
    effects = ", ".join(f"+{getattr(mode, k)} {k}" for k in ("stealth", "intercept", "bleed", "hunt", "votes")
                        if getattr(mode, k))
    ctx.emit("played", f"{ctx.name(minion)} plays {rules.name}" + (f" ({discipline_label(mode.level)})" if mode.level else "")
             + (f": {effects}" if effects else "") + ".", cards=(minion, iid))
    _resolve_effects(ctx, cmd, minion, mode, rules)
    from vtes_desktop.engine import effects_library

    effects_library.on_modifier(ctx, cmd, minion, mode, rules)   # library and hand moves
    effects_attached.on_modifier(ctx, cmd, minion, mode, rules, iid)   # "Put this card on this vampire" (Sleep Unseen)
    played_from_hand(ctx, cmd.seat, iid, rules,
                     to="kept" if ctx.st.cards[iid].region in ("attached", "in_play") else "ash_heap")   # Enkil Cog stays; Loup
    by_hand = list(dict.fromkeys([e.text for e in mode.effects if not e.automated and e.kind not in _ENGINE_DOES]
                                 + list(mode.unparsed)))
    if by_hand:
        ctx.emit("manual", f"{rules.name}: carry out by hand: {' '.join(by_hand)}")


MAX_CONVICTION = 5


def _play_conviction(ctx: Ctx, cmd: C.Play, iid: int, rules: CardRules) -> None:
    """In your unlock phase, 1 conviction on each of your Imbued, from hand or ash heap."""
    st = ctx.st
    if cmd.seat != st.active or st.phase != "unlock" or st.frames:
        raise Illegal("conviction", "conviction cards are played in your own unlock phase")
    if cmd.minion is None:
        raise Malformed("minion", f"name the Imbued who gets {rules.name}")
    m = flow.ref(ctx, cmd.seat, cmd.minion, what="minion")
    mc = st.cards[m]
    if mc.controller != cmd.seat or mc.region not in ("ready", "incapacitated") or "Imbued" not in ctx.cdef(m).types:
        raise Illegal("conviction", f"{ctx.name(m)} is not an Imbued of {ctx.seat_name(cmd.seat)} in play")
    if (m, "conviction") in st.acted:
        raise Illegal("conviction", f"{ctx.name(m)} has already received a conviction this unlock phase")
    st.acted = st.acted | {(m, "conviction")}
    from_hand = st.cards[iid].region == "hand"
    ctx.move(iid, "attached", host=m)
    ctx.emit("conviction", f"{ctx.name(m)} gains {rules.name}" + ("" if from_hand else " from the ash heap") + ".")
    if len(convictions(ctx, m)) > MAX_CONVICTION:
        ctx.burn(iid, f"an Imbued holds at most {MAX_CONVICTION} conviction")
    if from_hand:
        played_from_hand(ctx, cmd.seat, iid, rules, to="none")


#: effect kinds this module resolves itself when an action modifier or reaction is played
_ENGINE_DOES = frozenset({"stealth", "intercept", "bleed", "hunt", "limited", "unlock", "lock", "wake",
                          "redirect_bleed", "attempt"})


def _resolve_effects(ctx: Ctx, cmd: C.Play, minion: int, mode: Mode, rules: CardRules) -> None:
    """Effects of an action modifier or reaction beyond the +N modifiers: unlock, lock, wake, redirect a bleed;
    the others by their reading (engine/effects_action.py)."""
    st = ctx.st
    top = st.top
    blocker = top.blocker if isinstance(top, ActionFrame) and top.stage == "attempt" else None
    done: set = set()
    for e in mode.effects:
        subj = (e.subject or "").lower()
        if e.kind == "unlock" and subj in ("", "this vampire", "this minion", "this acting vampire",
                                           "this acting minion") and not e.get("negated") and not e.get("frame") \
                and not ((e.target or "").lower() in ("the acting minion", "the acting vampire") and minion != top.actor):
            ctx.update(minion, locked=False)
            ctx.emit("unlocked", f"{ctx.name(minion)} unlocks.", cards=(minion,))
        elif e.kind == "lock" and (e.target or "this reacting vampire").lower().startswith("this") \
                and not e.get("frame"):
            ctx.update(minion, locked=True)
        elif e.kind == "wake" and not e.get("frame") and not effects_action.claims(e, rules):
            f = st.top
            flow.set_top(ctx, f._replace(woken=f.woken | {minion}))
            ctx.emit("wakes", f"{ctx.name(minion)} wakes: it can block and play reactions though locked.",
                     cards=(minion,))
        elif e.kind == "redirect_bleed":
            _redirect(ctx, cmd, rules)
        elif e.kind == "attempt" and re.search(r"(?i)attempts to block", e.text) \
                and not effects_action.claims(e, rules):
            f = st.top
            if f.stage not in ("blocks", "declined"):
                raise Illegal("block", f"{rules.name}: a block attempt can be made only while the action can be "
                                       "blocked and no other attempt is under way")
            effects_action.pay_block_cost(ctx, f, minion)
            f = st.top
            flow.set_top(ctx, f._replace(stage="attempt", blocker=minion))
            ctx.emit("block", f"{ctx.name(minion)} attempts to block {ctx.name(f.actor)} ({rules.name}).",
                     cards=(minion, f.actor))
        elif e.automated and (e.text, e.kind) not in done:
            # one clause read as two frames ("Burn 1 blood to have that attempt fail; the blocking minion ...")
            # is carried out once
            if effects_action.resolve(ctx, cmd, minion, mode, rules, e, _played_iid(ctx, cmd), blocker):
                done.update((x.text, x.kind) for x in mode.effects if x.text == e.text)


def _played_iid(ctx: Ctx, cmd: C.Play) -> int | None:
    try:
        return flow.ref(ctx, cmd.seat, cmd.card)
    except Exception:
        return None


def _redirect(ctx: Ctx, cmd: C.Play, rules: CardRules) -> None:
    """The bleed goes to another Methuselah, not the acting minion's controller; they may attempt to block."""
    st = ctx.st
    f = st.top
    new = target_seat(ctx, cmd.seat, cmd.target) if cmd.target is not None else None
    if new is None:
        raise Malformed("target", f"{rules.name}: name the Methuselah the bleed goes to")
    if new == f.seat:
        raise Illegal("target", f"{rules.name}: the bleed cannot be sent back to the acting minion's controller")
    if new == f.target_seat or st.seats[new].ousted:
        raise Illegal("target", f"{rules.name}: choose another Methuselah still in the game")
    order = flow.order_for(ctx, f.seat, defenders=(new,))
    flow.set_top(ctx, f._replace(target_seat=new, blockers=(new,), declined=f.declined - {new}, stage="blocks",
                                 blocker=None, imp=Impulse(order)))
    ctx.emit("redirected", f"The bleed now targets {ctx.seat_name(new)}, who may attempt to block.")


def _play_master(ctx: Ctx, cmd: C.Play, iid: int, rules: CardRules) -> None:
    from vtes_desktop.engine import effects_master

    st = ctx.st
    if re.search(r"(?i)\bout-of-turn\b", ctx.cdef(iid).text.split("\n")[0]):
        return _play_out_of_turn(ctx, cmd, iid, rules)
    if cmd.seat != st.active or st.phase != "master":
        raise Illegal("master", "master cards are played in your own master phase (out-of-turn master cards are "
                                "played with manual moves for now)")
    if st.frames:
        raise Illegal("timing", "a master card cannot be played while something is under way")
    if st.mpa < 1:
        raise Illegal("master", "no master phase action left this phase")
    pool, blood = _cost(rules, effects_master.master_x(ctx, cmd, iid, rules))   # Glutton, Secret Horde: X
    text = ctx.cdef(iid).text
    if re.search(r"(?i)put this card in play|\blocation\b|\bunique\b", text):
        from vtes_desktop.engine.rules_turn import refuse_self_contest

        refuse_self_contest(ctx, cmd.seat, iid)
    effects_master.check_limits(ctx, cmd, iid, rules)
    why = effects_master.requirement_refusal(ctx, cmd.seat, rules)
    if why:
        raise Illegal("requirements", why)
    target = effects_master.check_placement(ctx, cmd, iid, rules)
    from vtes_desktop.engine.effects_actioncard import master_tax

    pool = max(0, pool - effects_minion.location_cut(ctx, cmd.seat, rules))   # Eccentric Billionaire
    _pay(ctx, cmd.seat, None, pool + effects_master.extra_cost(ctx, cmd, iid, rules) + master_tax(ctx, cmd.seat), 0,
         rules.name)   # master_tax: Walks-With-Might
    st.mpa -= 1
    st.phase_flags = st.phase_flags | {"master played"}   # Winchester Mansion asks (effects_gear)
    if re.search(r"(?i)\btrifle\b", text) and "trifle" not in st.phase_flags:
        st.mpa += 1   # one extra master phase action from trifles each master phase
        st.phase_flags = st.phase_flags | {"trifle"}
    if target is None and cmd.target is not None and target_seat(ctx, cmd.seat, cmd.target) is None:
        target = flow.ref(ctx, cmd.seat, cmd.target)
    if target is not None and re.search(r"(?i)put this card on", text):
        ctx.move(iid, "attached", host=target)
        ctx.update(iid, controller=cmd.seat)   # a master card stays controlled by the Methuselah who played it
    elif re.search(r"(?i)put this card (?:in|into) play|\blocation\b|\bunique\b", text):
        ctx.move(iid, "in_play", seat=cmd.seat)
        from vtes_desktop.engine.rules_turn import _check_contest
        _check_contest(ctx, iid)
    else:
        ctx.move(iid, "ash_heap")
    ctx.emit("master", f"{ctx.seat_name(cmd.seat)} plays {rules.name}"
             + (f" on {ctx.name(target)}" if target is not None and st.cards[iid].region == "attached" else "") + ".")
    effects_master.resolve_played(ctx, cmd, iid, rules, target)
    from vtes_desktop.engine import effects_library

    effects_library.on_master(ctx, cmd, iid, rules)   # library, hand and crypt moves
    by_hand = list(dict.fromkeys([e.text for m in rules.modes for e in m.effects if not e.automated]
                                 + [u for m in rules.modes for u in m.unparsed]))
    if by_hand:
        ctx.emit("manual", f"{rules.name}: carry out by hand: {' '.join(by_hand)}")
    played_from_hand(ctx, cmd.seat, iid, rules, to="none")   # the replacement, unless the card holds it back
    effects_master.after_play(ctx, cmd.seat, iid)


def _play_out_of_turn(ctx: Ctx, cmd: C.Play, iid: int, rules: CardRules) -> None:
    """An out-of-turn master card: played during another Methuselah's turn, with a master phase action
    taken from the player's next master phase; at most one between two of their turns."""
    st = ctx.st
    text = ctx.cdef(iid).text
    if cmd.seat == st.active and not re.search(r"(?i)you may play this card during your (?:own )?turn"
                                               r"|this card is playable during your minion phase", text):
        raise Illegal("out-of-turn", f"{rules.name} is an out-of-turn master card: it cannot be played on your own turn")
    if any(s_ == cmd.seat for s_, _ in st.oot):
        raise Illegal("out-of-turn", "only one out-of-turn master card can be played between two of your turns")
    from vtes_desktop.engine import effects_master

    known = effects_master.out_of_turn_timing(ctx, cmd, iid, rules)   # its "Only usable ..." clauses, if it can tell
    pool, _ = _cost(rules, None)
    _pay(ctx, cmd.seat, None, pool, 0, rules.name)
    trifle = bool(re.search(r"(?i)\btrifle\b", text.split("\n")[0]))
    st.oot = st.oot + ((cmd.seat, trifle),)
    target = None
    if cmd.target is not None and target_seat(ctx, cmd.seat, cmd.target) is None:
        target = flow.ref(ctx, cmd.seat, cmd.target)
    if target is not None and re.search(r"(?i)put this card on", text):
        ctx.move(iid, "attached", host=target)
        ctx.update(iid, controller=cmd.seat)   # a master card stays controlled by the Methuselah who played it
    elif re.search(r"(?i)put this card in play", text):
        ctx.move(iid, "in_play", seat=cmd.seat)
    else:
        ctx.move(iid, "ash_heap")
    ctx.emit("master", f"{ctx.seat_name(cmd.seat)} plays {rules.name} out of turn.")
    if known:
        effects_master.resolve_played(ctx, cmd, iid, rules, target)
    by_hand = list(dict.fromkeys([e.text for m in rules.modes for e in m.effects if not (e.automated and known)]
                                 + [u for m in rules.modes for u in m.unparsed]))
    if by_hand:
        ctx.emit("manual", f"{rules.name}: carry out by hand: {' '.join(by_hand)}")
    played_from_hand(ctx, cmd.seat, iid, rules, to="none")   # the replacement, unless the card holds it back


def _play_event(ctx: Ctx, cmd: C.Play, iid: int, rules: CardRules) -> None:
    st = ctx.st
    if cmd.seat != st.active or st.phase != "discard" or st.frames:
        raise Illegal("event", "events are put in play with a discard phase action in your discard phase")
    if st.dpa < 1:
        raise Illegal("event", "no discard phase action left")
    if "event" in st.phase_flags:
        raise Illegal("event", "only one event can be put in play each discard phase")
    if rules.card_id in st.events_played:
        raise Illegal("event", f"{rules.name} has already been played this game; each event is played once")
    from vtes_desktop.engine.effects_master import event_refusal

    why = event_refusal(ctx, rules)   # The Fourth Cycle: no Gehenna events
    if why:
        raise Illegal("event", why)
    _gear_event_cost(ctx, cmd.seat, rules)   # Guarded Rubrics: Gehenna events cost 1 pool more
    st.events_played = st.events_played | {rules.card_id}
    st.phase_flags = st.phase_flags | {"event"}
    st.dpa -= 1
    ctx.move(iid, "in_play", seat=cmd.seat)
    ctx.emit("event", f"{ctx.seat_name(cmd.seat)} puts {rules.name} in play.")
    by_hand = list(dict.fromkeys([e.text for m in rules.modes for e in m.effects if not e.automated]
                                 + [u for m in rules.modes for u in m.unparsed]))
    if by_hand:
        ctx.emit("manual", f"{rules.name}: carry out by hand: {' '.join(by_hand)}")
    if rules.do_not_replace and "as long as" in rules.do_not_replace:
        st.pending_draws = st.pending_draws + ((cmd.seat, iid, "leaves play"),)   # replaced once it leaves play
    else:
        played_from_hand(ctx, cmd.seat, iid, rules, to="none")
    from vtes_desktop.engine.effects_master import after_event

    after_event(ctx, iid)   # hand sizes it changes (The Bitter and Sweet Story)


def use(ctx: Ctx, cmd: C.Use) -> None:
    st = ctx.st
    if cmd.card == "edge":
        if st.edge != cmd.seat:
            raise Illegal("edge", f"{ctx.seat_name(cmd.seat)} does not have the Edge")
        if st.phase != "unlock" or st.active != cmd.seat or st.frames:
            raise Illegal("edge", "the Edge gives 1 pool in its holder's own unlock phase")
        if st.edge_used:
            raise Illegal("edge", "the Edge has already given its pool this unlock phase")
        st.edge_used = True
        ctx.pool(cmd.seat, 1, "the Edge")
        return
    if cmd.effect == "conviction_damage":   # an Imbued answers the burning of an incapacitated Imbued
        from vtes_desktop.engine.rules_diablerie import conviction_damage

        return conviction_damage(ctx, cmd)
    iid = flow.ref(ctx, cmd.seat, cmd.card)
    c = st.cards[iid]
    if effects_crypt.use_other(ctx, cmd, iid):   # another Methuselah uses a vampire's text (Keith Moody's Edge)
        return
    from vtes_desktop.engine.effects_master import cancel_option, pay_toll, troublemaker_second

    if st.marks and pay_toll(ctx, cmd, iid) or st.as_played and cancel_option(ctx, cmd, iid):   # tolls; Golconda
        return
    if st.as_played and effects_action.blocker_cancel(ctx, cmd, iid):   # Crocodile's Tongue, True Love's Face
        return
    if st.phase_flags and troublemaker_second(ctx, cmd, iid):   # Anarch Troublemaker's second lock, given away
        return
    from vtes_desktop.engine.effects_master import anyone_uses

    if c.controller != cmd.seat and anyone_uses(ctx, cmd, iid):   # a card any Methuselah uses (Anthelios)
        return
    from vtes_desktop.engine import effects_actioncard

    if c.controller != cmd.seat and effects_actioncard.anyone_uses(ctx, cmd, iid):   # Judgment: Camarilla Segregation
        return
    if c.region == "ash_heap" and effects_minion.use_from_ash_heap(ctx, cmd, iid):   # Emerald Legionnaire
        return
    if c.controller != cmd.seat or c.region not in ("ready", "torpor", "in_play", "attached"):
        raise Illegal("use", f"{ctx.name(iid)} is not a card in play of {ctx.seat_name(cmd.seat)}")
    if isinstance(st.top, CombatFrame):
        from vtes_desktop.engine import rules_combat
        from vtes_desktop.engine.effects_master import use_in_combat as master_in_combat

        if master_in_combat(ctx, cmd, iid):   # a master card that ends combat (Elysium: The Arboretum)
            return
        return rules_combat.use_in_combat(ctx, cmd, iid)
    from vtes_desktop.engine import effects_combat, effects_master

    if effects_action.use(ctx, cmd, iid):   # a later use of a card it played this action (Speak with Spirits)
        return
    if effects_crypt.use(ctx, cmd, iid):    # a vampire's own "burn 1 blood to get +1 stealth/bleed/intercept"
        return
    if effects_combat.use(ctx, cmd, iid):   # equipment and retainers (Heart of Nizchetus, Homunculus)
        return
    if _gear_use(ctx, cmd, iid):   # equipment outside combat (Zaire River Ferry, Flaming Candle)
        return
    if effects_master.use(ctx, cmd, iid):
        return
    from vtes_desktop.engine import effects_actioncard

    if effects_actioncard.use(ctx, cmd, iid):   # an ally's own use (Vagabond Mystic)
        return
    if effects_attached.use(ctx, cmd, iid):   # a card put on a minion (Restructure)
        return
    if effects_minion.use(ctx, cmd, iid):   # an ally's or retainer's "lock to give ... +1 stealth/intercept"
        return
    from vtes_desktop.engine import effects_library

    if effects_library.use(ctx, cmd, iid):   # a master card's lock to search or reorder the library
        return
    flow.push(ctx, ManualFrame(imp=st.top.imp if st.top is not None and hasattr(st.top, "imp") else
                               __import__("vtes_desktop.engine.state", fromlist=["Impulse"]).Impulse((cmd.seat,)),
                               what=f"the effect of {ctx.name(iid)}", card=iid))
    ctx.emit("manual", f"{ctx.seat_name(cmd.seat)} uses {ctx.name(iid)}"
             + (f" ({cmd.effect})" if cmd.effect else "") + ": carry it out by hand, then say done.")


def _master_reaction_refusal(ctx: Ctx, f, m: int) -> str | None:
    from vtes_desktop.engine.effects_master import reaction_refusal

    return reaction_refusal(ctx, f, m)


def _equip_surcharge(ctx: Ctx, rules: CardRules) -> int:
    from vtes_desktop.engine.effects_master import equip_surcharge

    return equip_surcharge(ctx, rules)


def _gear_own(ctx: Ctx, cmd, m: int):
    from vtes_desktop.engine import effects_gear

    return effects_gear.announce_own(ctx, cmd, m)


def _gear_succeed(ctx: Ctx, f) -> bool:
    from vtes_desktop.engine import effects_gear

    return effects_gear.succeed_own(ctx, f)


def _gear_equipped(ctx: Ctx, f) -> None:
    from vtes_desktop.engine import effects_gear

    effects_gear.equipped(ctx, f)


def _gear_use(ctx: Ctx, cmd, iid: int) -> bool:
    from vtes_desktop.engine import effects_gear

    return effects_gear.use(ctx, cmd, iid)


def _gear_discount(ctx: Ctx, kind: str, m: int, f: dict) -> None:
    from vtes_desktop.engine import effects_gear

    effects_gear.adjust_action(ctx, kind, m, f)   # Catacombs' rescue; equipping from a Delivery Truck


def _gear_hunt(ctx: Ctx, m: int) -> int:
    from vtes_desktop.engine import effects_gear

    return effects_gear.hunt_bonus(ctx, m)


def _gear_card_refusal(ctx: Ctx, rules, minion: int | None) -> str | None:
    if minion is None or not ctx.st.frames:
        return None
    from vtes_desktop.engine import effects_gear

    return effects_gear.card_refusal(ctx, rules, minion)


def _gear_bleed(ctx: Ctx, m: int) -> int:
    if m not in ctx.st.attached:
        return 0
    from vtes_desktop.engine import effects_gear

    return effects_gear.bleed_bonus(ctx, m)


def _gear_blocked(ctx: Ctx, f) -> None:
    from vtes_desktop.engine import effects_gear

    effects_gear.blocked(ctx, f)


def _gear_event_cost(ctx: Ctx, seat: int, rules: CardRules) -> None:
    from vtes_desktop.engine import effects_gear

    more = effects_gear.event_cost(ctx, rules)
    if more:
        _pay(ctx, seat, None, more, 0, rules.name)
    effects_gear.event_played(ctx, rules)   # Tapestry of Blood


def _gear_surcharge(ctx: Ctx, f, rules: CardRules, minion: int) -> int:
    from vtes_desktop.engine import effects_gear

    return effects_gear.surcharge(ctx, f, rules, minion)


def _gear_block_refusal(ctx: Ctx, f, m: int) -> str | None:
    from vtes_desktop.engine import effects_gear

    return effects_gear.block_refusal(ctx, f, m)


def _gear_target_refusal(ctx: Ctx, card: int | None, target: int | None, directed: bool) -> str | None:
    from vtes_desktop.engine import effects_gear

    return effects_gear.target_refusal(ctx, card, target, directed)


def _gear_succeeded(ctx: Ctx, f) -> None:
    from vtes_desktop.engine import effects_gear

    effects_gear.action_succeeded(ctx, f)


def _gear_reaction_refusal(ctx: Ctx, f, m: int) -> str | None:
    from vtes_desktop.engine import effects_gear

    return effects_gear.reaction_refusal(ctx, f, m)


def _gear_stays(ctx: Ctx, a: int) -> bool:
    from vtes_desktop.engine import effects_gear

    return effects_gear.stays_on_victim(ctx, a)


def _gear_cost_cut(ctx: Ctx, rules: CardRules, m: int | None, blood: int) -> int:
    from vtes_desktop.engine import effects_gear

    return effects_gear.cost_cut(ctx, rules, m, blood)


def _gear_equip_target(ctx: Ctx, cmd, f: dict, card: int | None, directed_at: tuple) -> tuple:
    if f.get("kind") != "equip" or card is None or cmd.target is None:
        return directed_at
    from vtes_desktop.engine import effects_gear

    return effects_gear.equip_target(ctx, cmd, f, card, directed_at)


def _gear_play_refusal(ctx: Ctx, cmd, rules: CardRules) -> str | None:
    if cmd.minion is None and cmd.target is None and "frenzy" not in rules.keywords:
        return None
    from vtes_desktop.engine import effects_gear

    return effects_gear.play_refusal(ctx, cmd, rules)


def _gear_diablerie(ctx: Ctx, diablerist: int, victim: int) -> None:
    from vtes_desktop.engine import effects_gear

    effects_gear.diablerie(ctx, diablerist, victim)
