"""Allies' and retainers' own text that the engine carries out (the readings of `cards/grammar/auto_minion.py`).

Only the clauses that family *claims* are acted on here (`auto_minion.claims`: no core rule and no other family
resolves them), so a clause another module learns later is never carried out twice. What it does:

- own strikes: "may strike for 2R damage" is the ally's strike when a `strike` names the ally itself;
  "Once each combat, he can strike: dodge" is chosen with `choice: dodge` (once each combat, and the sentence no
  longer limits the ally's other strike); hand strikes with first strike or aggravated damage (hook in
  `rules_combat.strike`);
- Ossian: a vampire that played an Auspex card during the action uses no maneuvers or strikes in the first
  round of combat with it (hooks in `rules_combat.maneuver` and `strike`), and Ossian gains a life for each
  blood that vampire used to mend or prevent destruction, as each round ends (hook at the end of round);
  Renegade Garou's additional strike (limited) each round (hook as the strike step begins);
- life regained as its controller's unlock phase begins ("If this ally has fewer than 3 life during your unlock
  phase, he gains 1 life"; hook in `flow`);
- damage it takes (hook in `rules_combat.open_damage`): immune to non-aggravated damage, each hit 1 smaller
  (from the opposing minion in combat, or from anything), the excess over N ignored, nothing from melee weapons;
- stealth and intercept (hooks in `rules_action.stealth` and `intercept`): +1 intercept during actions directed
  at its controller or against a clan, +1 stealth on each of the ally's actions, a retainer's +1 stealth for its
  employer's actions whose card requires a Discipline;
- uses (`Use` naming the ally or retainer, `minion` the receiving minion, `effect` "stealth" or "intercept"):
  "lock to give a Ravnos you control +1 stealth", "lock to give any Tremere +1 intercept", "lock this retainer
  to give the employer +1 intercept", "burn this retainer to give any minion +1 intercept": stealth for the
  acting minion, intercept for the blocking one, while the block is being attempted and only when needed
  (hook in `rules_action.use`; offered in the legal answer by `candidates`);
- Carlton Van Wyk burned in his controller's discard phase to burn a vampire who committed diablerie since
  their last turn (`use` with `minion` the vampire; the diablerie is remembered in the marks by a hook in
  `rules_action.diablerie`); allies that cannot act are refused as actors (hook in `rules_action.announce`);
- allies shuffled into their owner's library when burned (hook in `Ctx.burn`); a blocking ally that sets the first
  round at close range and a blocker's retainer giving an optional maneuver that round (hook in
  `rules_combat.start`); 47th Street Royals burned to reduce a bleed against its controller by 3 (a `use`);
- allies that "can play cards requiring basic X as a vampire (with capacity N)": basic X (hook in
  `Ctx.discipline_level`), that capacity (hook in `Ctx.capacity`), a vampire for those cards' requirements and
  only the kinds of card the text allows (hooks in `rules_action.requirement_refusal`);
- uses in combat (hook in `rules_combat.use_in_combat`): Survivalist's lock to give a Brujah antitribu a
  maneuver, Black Spiral Buddy's additional strike once each combat, Omael Kuman's range for the first round;
  Rock Cat's opposing vampires of capacity 3 or less without a strike in the first round; Harzomatuili's
  life for intercept; printed stats the card data leaves unread (Rafastio Ghoul, Herald of Topheth);
- Giulia Giovanni Abruzzina's lock to set close range for a Giovanni's round (a use in combat); Scapelli's own
  press only to continue (hook in `rules_combat.press`); Shaman shuffled back for +1 stealth (a use);
- allies' own (D) actions (hooks in `rules_action.announce` and `_succeed`, before the action-card family's):
  Veneficti steals a demon ally or burns a demon retainer, Young Bloods burn 2 blood from a locked vampire of
  capacity below 8, Order of Hermes Cabal enters combat with a Tremere; Veneficti cannot be the target of a
  directed action by an ally or a vampire of capacity 6 or less (hook in `announce`); The Bruisers, Kherebutu,
  Mehemet, Heartrender, Akhenaten's actions (the acting card burned or removed as its cost, on success), a
  retainer's employer's action (`from` naming the retainer: Zombie's blood, Twisted Bloodhound's combat);
  Akhenaten's damage aggravated against a Follower of Set (in `adjust_hits`); Ohoyo Hopoksia locks to take the
  place of a minion of yours about to fight the acting minion (a use in combat);
- retainers on the acting minion: Priestess of Sekhmet's +1 bleed against a Methuselah with a ready Camarilla
  vampire (hook in `rules_action.bleed_amount`) and -1 intercept for blocking Camarilla vampires, Jackal's stealth
  when the prey controls a ready Follower of Set or Assamite, Malajit burned once the action he helped is blocked;
- Young Bloods' burner (a vampire of another Methuselah, in combat or by its action) gains 2 blood (in `burned`);
  Neighborhood Watch Commander locks as an unsuccessful action ends to inflict 1 damage on its acting vampire
  (a use); Dog Pack's employer's opponents have no "combat ends" strike (hook in `rules_combat.strike`);
- Tye Cooper's action (then a library card from the ash heap, a later use), Amam's life when his opponent in
  combat is burned (in `burned`), Nephren-Ka's prevention of 1 non-aggravated damage each combat (hook in
  `rules_combat.prevent`);
- Crypt's Sons and Ghoul Escort when their employer's action is blocked (continue as if unblocked, the blocker
  locked; or unlock instead of entering combat), Underbridge Stray's press for 1 life and its burning to unlock a
  minion during an action directed at its Methuselah (uses);
- Gianna di Canneto: lock and burn herself to burn an equipment on the opposing minion, or lock for 1
  unpreventable damage at the round's normal strike resolution (hook in `rules_combat._apply_strikes`);
- Fortune Teller's look at a random card of the prey's hand (once each minion phase, shown to its Methuselah only)
  and Deviki Prasanta's master Discipline card put on a ready Assamite (uses);
- Emerald Legionnaire's return from the ash heap in its owner's unlock phase (a use; hook in `rules_action.use`);
- an ally's +1 strength for each life it has (hook in `rules_combat.strength`); Corpse Minion's X blood for +X
  intercept (a `use`, `effect: intercept X`);
- Tara's, Marijava Thuggee's, Abyssal Hunter's, Succubus' own (D) actions and allies gaining a life by their own
  action (Gargoyle Slave, Ananasi Vampirephile); the thuggees locking in their unlock phase; an ally's own prevention
  each combat or each round (`own_prevent`); Gargoyle Slave's ranged weapons refused (in `strike_refusal` and, for
  maneuvers, `combat_refusal`); Spiritual Protector's employer's opponent barred from equipment as the combat
  begins (`combat_started`); Succubus' and Samuel Haight's life burned for +1 bleed (a use);
- what an ally brings as it enters play (`entered_play`, hooks in the recruit and employ branches of
  `rules_action._succeed`): War Ghoul's and the Vozhds' ally or retainer burned, Bima's master Discipline card or its
  burning, Corrupt Construction's cards removed for life, the recruiting vampire unlocked (Spectral Servitor,
  Nocturn; Nocturn's repeat at superior, `repeat_cost`), Feral Hound's employer unlocked; choices still owed block
  the end of the phase (`phase_end_refusal`, hook in `rules_turn.end_phase`);
- what the controller's unlock phase brings (`_unlock_duty`: Robert Carter, Wendell Delburton, Abyssal Hunter,
  Spectral Servitor, Nocturn), the discard phase's changes of control and unlocks (`start_of_discard_phase`:
  Informant, Feral Hound), the end of the turn's (`end_of_turn`: Puppeteer's borrowed minion, Caiaphas Smith), the
  master phase's (`start_of_master_phase`: Camarilla Vitae Slave);
- uses: Vozhds' life, unlock and prevention, War Ghoul's location burn, Szlachta Bodyguard's, Screamer's, Tutu's,
  Brigitte Gebauer's, Valerie Diaz's, Draeven Softfoot's, the Gravebound Drone's and Bone Shambler's, Szlachta
  Assistant's, the Camarilla Vitae Slave's; Duma Rafiki's weapon burn in combat; blocks refused or taxed
  (`block_refusal`, `pay_block_cost`); action costs (`directed_cost`, `own_cost_cut`); Owl Companion's open hand.
"""

from __future__ import annotations

import re

from vtes_desktop.engine import commands as C
from vtes_desktop.engine.context import Ctx, poss
from vtes_desktop.engine.errors import Illegal, Malformed
from vtes_desktop.engine.state import ActionFrame, CombatFrame, DamageFrame, Hit, Mod

_CACHE: dict[tuple, tuple] = {}

HANDLED = frozenset({"own_strike", "hand_first", "hand_aggravated", "regen", "immune_nonagg", "less_damage",
                     "damage_cap", "no_melee_damage", "intercept_if", "stealth_if", "lock_give", "burn_give",
                     "burn_diablerist", "cannot_act", "first_round_bar", "gain_per_blood_mended", "round_extra",
                     "shuffle_when_burned", "block_close", "block_maneuver", "reduce_bleed_burn",
                     "strength_per_life", "blood_for_intercept", "as_vampire", "stats", "first_round_no_strike",
                     "life_for_intercept", "lock_maneuver", "combat_extra_once", "employer_sets_range",
                     "lock_sets_range", "press_continue_once", "shuffle_give", "return_from_ash", "own_action",
                     "untargetable_by", "bleed_if", "blockers_intercept", "stealth_set", "burn_if_blocked",
                     "aggravated_against", "takes_over_combat", "burner_gains_blood", "lock_after_unsuccessful",
                     "no_combat_ends_strike", "gain_when_opponent_burned", "prevent_nonagg_once", "blocked_escape",
                     "note_blocker_stays_locked", "note_search", "courier_peek", "note_link_remove", "link_bonus", "pathos_entry", "pathos_burn", "container_drain", "political_stealth",
                     "ally_control", "soul_replace", "soul_bleed",
                     "pathos_remove", "life_for_press", "burn_to_unlock", "superior_stats", "gianna", "employer_intercept",
                     "round_damage", "peek_prey", "lock_fetch_discipline", "prevent_own", "lock_thuggees",
                     "no_ranged_weapons", "no_equipment_opponent", "life_for_bleed",
                     "entry_burn_other", "discard_for_life", "burn_location", "blood_to_unlock",
                     "discard_to_prevent", "steal_from_own", "lock_prevent_employer", "burn_fail_directed",
                     "burn_minus_stealth", "unlock_duty", "employer_bleed", "melee_plus",
                     "acts_when_recruited", "unlock_recruiter_first", "directed_cost", "self_unlock",
                     "burn_if_blocks_vampire", "lock_give_bleed_announced", "life_if_combat", "no_gear",
                     "copy_prevent", "copy_bleed", "pool_immune_round", "unlock_after_combat",
                     "block_blood_tax", "own_cost_cut", "unlock_employer",
                     "burned_by_ranged_aggravated", "hand_shown_to_clan", "to_predator_at_discard",
                     "entry_master_or_burn", "as_vampire_attached", "repeat_action",
                     "open_hand_in_combat", "burn_blocker_after", "cannot_bleed", "to_predator_if_unlocked",
                     "removed_when", "lock_prevent_clan", "discipline_ward", "entry_remove_for_life",
                     "extra_life", "burn_recruit_discount", "employer_capacity", "master_phase_discipline",
                     "pool_sets_range", "cancel_strike_card", "messenger_success", "messenger_blocked",
                     "entry_remove_or_burn", "no_life_gain", "life_for_own_press", "untargetable_by_discipline",
                     "undodgeable_strikes", "unique_duplicate_burned", "recruit_blocked_torpor", "no_unlock_normal",
                     "burn_if_locked_at_unlock", "counter_changes_type", "lock_cost_cut",
                     "anarch_blood_for_life", "life_press_range"})


def specs(ctx: Ctx, iid: int) -> tuple:
    """The readings this family claims on the card *iid* (at its level), cached per card and level."""
    c = ctx.st.cards.get(iid)
    if c is None:
        return ()
    key = (c.cid, c.level)
    got = _CACHE.get(key)
    if got is None:
        rules = ctx.rules(iid)
        if not {"Ally", "Retainer"} & set(rules.types):
            got = ()
        else:
            from vtes_desktop.cards.grammar.auto_minion import claims

            modes = [m for m in rules.modes if m.level is None or m.level.islower()
                     or (c.level is not None and c.level.isupper() and m.level == c.level)]
            got = tuple(dict.fromkeys(x for m in (modes or rules.modes[:1]) for e in m.effects
                                      if (x := claims(e, rules.types)) is not None))
        _CACHE[key] = got
    return got


def _of(ctx: Ctx, iid: int, name: str) -> list[tuple]:
    return [r for r in specs(ctx, iid) if r[0] == name]


# -- strikes ----------------------------------------------------------------------------------------------------

def own_strike(ctx: Ctx, cmd, m: int, desc, text: str):
    """A `strike` naming the ally itself: its strike read here ("may strike for 2R damage"), or the once-each-combat
    dodge chosen with `choice: dodge`. Returns (strike, the text the caller reads for "once each combat")."""
    reads = _of(ctx, m, "own_strike")
    if not reads:
        return desc, text
    from vtes_desktop.engine.rules_combat import StrikeDesc, _set_combat, combat_frame

    dodge = next((r for r in reads if r[1] == "dodge"), None)
    rest = " ".join(s for s in re.split(r"(?<=\.)\s+", text) if not re.search(r"(?i)each combat.*strike: dodge", s))
    choice = (cmd.choice or "").strip().lower()
    if choice == "dodge":
        if dodge is None:
            raise Malformed("choice", f"{ctx.name(m)} has no dodge strike of its own")
        f = combat_frame(ctx.st)
        if (m, "own_dodge") in f.used:
            raise Illegal("strike", f"{ctx.name(m)}'s dodge can be used once each combat")
        _set_combat(ctx, f._replace(used=f.used | {(m, "own_dodge")}))
        return StrikeDesc("dodge", source=m, label=f"{ctx.name(m)}'s dodge"), ""
    if choice:
        raise Malformed("choice", f"{ctx.name(m)}'s own strike offers no choice {cmd.choice!r}"
                        + (" (only dodge)" if dodge else ""))
    hp = next((r for r in reads if r[1] == "hand_plus"), None)
    if hp is not None:   # Escaped Mental Patient
        from vtes_desktop.engine.rules_combat import strength

        cf = combat_frame(ctx.st)
        ctx.st.marks = ctx.st.marks | {(("minion", m), "own strike chosen", (ctx.st.turn, cf.round))}
        return StrikeDesc("damage", strength(ctx, m, cf) + hp[2], aggravated=hp[4], source=m,
                          label=f"{ctx.name(m)}'s strike"), ""
    dmg = next((r for r in reads if r[1] == "damage"), None)
    if desc is None and dmg is not None:
        return StrikeDesc("damage", dmg[2], ranged=dmg[3], aggravated=dmg[4], source=m,
                          label=f"{ctx.name(m)}'s strike"), ""
    if dmg is not None:
        return desc, ""   # its damage strike is never once each combat ("..., gets one optional maneuver each combat")
    return desc, rest


def strength_bonus(ctx: Ctx, m: int) -> int:
    """An ally's "+1 strength for each life it has", and its printed strength the card data leaves unread."""
    return sum(r[1] * ctx.st.cards[m].counters for r in _of(ctx, m, "strength_per_life")) \
        + sum(r[1] for r in _of(ctx, m, "stats") if ctx.rules(m).ally_strength is None)


def hand_strike(ctx: Ctx, m: int, desc):
    """An ally's hand strike with first strike or aggravated damage of its own (a vampire's: effects_crypt)."""
    if ctx.db[ctx.st.cards[m].cid].is_crypt:
        from vtes_desktop.engine.effects_crypt import hand_strike as crypt_hand_strike

        return crypt_hand_strike(ctx, m, desc)
    sp = specs(ctx, m)
    if ("hand_first",) in sp:
        desc = desc._replace(first=True)
    if ("hand_aggravated",) in sp:
        desc = desc._replace(aggravated=True)
    return desc


def _other(f, m: int) -> int:
    return f.b if m == f.a else f.a


def _ranged_weapon(ctx: Ctx, iid: int | None) -> bool:
    """A weapon whose strike is ranged ("Strike: 2R damage")."""
    if iid is None or iid not in ctx.st.cards or "weapon" not in ctx.rules(iid).keywords:
        return False
    return bool(re.search(r"(?i)\b\d+R\b|\branged\b", ctx.cdef(iid).text))


def combat_refusal(ctx: Ctx, m: int, what: str, using=None) -> str | None:
    """Why the combatant *m* cannot use a maneuver or strike now (Ossian: "in the first round of combat with a
    vampire who has played a card that requires Auspex during this action, that vampire cannot use any
    maneuvers or strikes"; Gargoyle Slave's maneuver *using* a ranged weapon), or None."""
    from vtes_desktop.engine.rules_combat import combat_frame

    if using is not None and _of(ctx, m, "no_ranged_weapons"):
        from vtes_desktop.engine import flow

        try:
            u = flow.ref(ctx, ctx.st.cards[m].controller, using)
        except (Malformed, Illegal):
            u = None
        if _ranged_weapon(ctx, u):
            return f"{ctx.name(m)} cannot use ranged weapons ({ctx.name(u)})"
    f = combat_frame(ctx.st)
    if f is None or f.round != 1:
        return None
    o = _other(f, m)
    for r in _of(ctx, o, "first_round_no_strike") if what == "strike" else ():
        if ctx.is_vampire(ctx.st.cards[m]) and ctx.capacity(ctx.st.cards[m]) <= r[1]:
            return f"{ctx.name(m)} (capacity {r[1]} or less) cannot strike in the first round of combat with {ctx.name(o)}"
    bars = _of(ctx, o, "first_round_bar")
    if not bars or not ctx.is_vampire(ctx.st.cards[m]):
        return None
    act = next((x for x in reversed(ctx.st.frames) if isinstance(x, ActionFrame)), None)
    if act is None:
        return None
    from vtes_desktop.cards.grammar import compile_rules

    for who, cid in act.played:
        if who != m:
            continue
        rules = compile_rules(ctx.db[cid])
        modes = [x for x in rules.modes if x.disciplines] or rules.modes
        if all(bars[0][1] in {d.lower() for d in (x.disciplines or rules.disciplines)} for x in modes):
            return (f"{ctx.name(m)} played {rules.name} (it requires Auspex) during this action: it cannot use "
                    f"{what}s in the first round of combat with {ctx.name(o)}")
    return None


def round_extra(ctx: Ctx, f):
    """The combat frame as the strike step begins: an ally's "additional strike (limited) each round"; Owl
    Companion's open hand shown again."""
    if f.round > 1:
        _open_hand(ctx, f)
    for m in (f.a, f.b):   # Aggressive Corpse: its strikes cannot be dodged
        if _of(ctx, m, "undodgeable_strikes"):
            f = f._replace(mods=f.mods + (Mod("undodgeable_round", 0, m, None, None),))
    add = {}
    for m in (f.a, f.b):
        for r in _of(ctx, m, "round_extra"):
            add[m] = add.get(m, 0) + r[1]
    if not add:
        return f
    merged = dict(f.extra)
    for m, n in add.items():
        merged[m] = merged.get(m, 0) + n
        ctx.emit("granted", f"{ctx.name(m)} gets {n} additional strike this round (its own text).", cards=(m,))
    used = f.used | {("limited_extra", m, f.round) for m in add}
    return f._replace(extra=tuple(merged.items()), used=used)


def strike_resolution_hits(ctx: Ctx, f) -> list:
    """Damage that comes with the round's normal strike resolution from an ally's lock (Gianna di Canneto)."""
    out = []
    st = ctx.st
    for m in (f.a, f.b) if st.marks else ():   # Escaped Mental Patient: burned as combat ends once his strike resolved
        chosen = (("minion", m), "own strike chosen", (st.turn, f.round))
        if chosen in st.marks:
            st.marks = (st.marks - {chosen}) | {(("minion", m), "burn after combat", st.turn)}
    for m in (f.a, f.b):   # Razor Bat, Stone Dog: damage from the Gargoyle's retainer each round
        o = _other(f, m)
        for a in st.attached.get(m, ()):
            for r in _of(ctx, a, "round_damage"):
                if (not r[3] or _clan_is(ctx, m, r[3])) and (r[2] or f.range == "close") and o in st.cards \
                        and st.cards[o].region == "ready" and st.cards[m].region == "ready":
                    w = next((u[3] for u in f.used if isinstance(u, tuple) and len(u) == 4 and u[0] == "burn weapon"
                              and u[1] == a and u[2] == f.round), None)
                    if w is None:
                        out.append(Hit(o, r[1], 0, source=a, via=a))
                    elif w in st.cards and st.cards[w].region == "attached" and st.cards[w].host == o:
                        ctx.burn(w, f"{ctx.name(a)} at strike resolution")
    for u in f.used:
        if isinstance(u, tuple) and len(u) == 5 and u[0] == "strike_resolution_damage" and u[4] == f.round \
                and u[1] in ctx.st.cards and ctx.st.cards[u[1]].region == "ready":
            out.append(Hit(u[1], u[2], 0, source=None, via=u[3], unpreventable=True))
    return out


def _no_infernal(ctx: Ctx, seat: int) -> bool:
    st = ctx.st
    return not any(ctx.is_vampire(st.cards[v]) and "infernal" in ctx.rules(v).traits
                   for rg in ("ready", "torpor") for v in st.region(seat, rg))


def _check_servitors(ctx: Ctx, seat: int) -> None:
    """Infernal Servitor: removed from the game when its controller controls no infernal vampire."""
    st = ctx.st
    for iid in list(st.region(seat, "ready")):
        for r in _of(ctx, iid, "removed_when"):
            if _no_infernal(ctx, seat):
                ctx.move(iid, "removed")
                ctx.emit("removed", f"{ctx.name(iid)} is removed from the game (no {r[1]} vampire).", cards=(iid,))
                break


def action_over(ctx: Ctx, f) -> None:
    """An action ended: Infernal Servitor is removed from the game after its successful action, or once its
    controller controls no infernal vampire."""
    st = ctx.st
    a = f.actor
    if a in st.cards and st.cards[a].region == "ready" and _of(ctx, a, "removed_when") and f.outcome == "successful":
        ctx.move(a, "removed")
        ctx.emit("removed", f"{ctx.name(a)} is removed from the game after its successful action.", cards=(a,))
    if any(_of(ctx, i, "removed_when") for i in st.region(f.seat, "ready")):
        _check_servitors(ctx, f.seat)


def no_combat(ctx: Ctx, f) -> bool:
    """Ghoul Messenger: its employer's action to move it is blocked: combat is canceled."""
    src = f.from_card
    return bool(src is not None and f.effect == "minion:move_retainer" and src in ctx.st.cards
                and _of(ctx, src, "messenger_blocked"))


def blocked(ctx: Ctx, f) -> None:
    """A block succeeded, before block resolution: Member of the Entourage, blocking a vampire, is burned; Ghoul
    Messenger's action blocked: the Messenger is burned and the blocker does not lock."""
    st = ctx.st
    if f.kind == "recruit" and f.card in st.cards and _of(ctx, f.card, "recruit_blocked_torpor") \
            and st.cards[f.actor].region == "ready" and ctx.is_vampire(st.cards[f.actor]):   # Cry Wolf
        a = st.cards[f.actor]
        ctx.move(f.actor, "torpor", seat=a.controller, counters=a.counters, locked=a.locked, wounded=True)
        ctx.emit("torpor", f"{ctx.name(f.actor)} goes to torpor ({ctx.name(f.card)}).", cards=(f.actor,))
    if no_combat(ctx, f):
        src = f.from_card
        if st.cards[src].region == "attached":
            ctx.burn(src, "the action to move it was blocked")
        if f.blocker in st.cards and st.cards[f.blocker].locked:
            ctx.update(f.blocker, locked=False)
            ctx.emit("unlocked", f"{ctx.name(f.blocker)} does not lock for the block.", cards=(f.blocker,))
    b = f.blocker
    if b in st.cards and _of(ctx, b, "burn_if_blocks_vampire") and f.actor in st.cards \
            and ctx.is_vampire(st.cards[f.actor]):
        ctx.burn(b, "he blocked a vampire")


def _anarch_blood_for_life(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Grey Thorne: in your unlock phase, with only 1 life, a ready anarch burns 1 blood for 1 life on him."""
    from vtes_desktop.engine import flow

    st = ctx.st
    name = ctx.name(iid)
    _own_unlock_phase(ctx, cmd, iid, name)
    if st.cards[iid].counters != 1:
        raise Illegal("use", f"{name} gains life this way only with 1 life")
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the ready anarch that burns 1 blood as `minion`")
    v = flow.ref(ctx, cmd.seat, cmd.minion)
    vc = st.cards[v]
    if vc.region != "ready" or not ctx.is_vampire(vc) or (ctx.sect(vc) or "").lower() != "anarch" \
            or vc.controller != cmd.seat:
        raise Illegal("target", f"{name}: {ctx.name(v)} is not a ready anarch of yours")
    if vc.counters < 1:
        raise Illegal("cost", f"{ctx.name(v)} has no blood to burn")
    ctx.update(v, counters=vc.counters - 1)
    ctx.update(iid, counters=st.cards[iid].counters + r[1])
    ctx.emit("life", f"{ctx.name(v)} burns 1 blood: {name} gains {r[1]} life.", cards=(v, iid))


_LOCATION_CUT = "pool off the next location"


def _lock_cost_cut(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Eccentric Billionaire: locks for 1 pool off an equipment (during the equip action) or a location (the next
    location master card played this turn)."""
    from vtes_desktop.engine import flow

    st = ctx.st
    name = ctx.name(iid)
    c = st.cards[iid]
    if c.locked or c.region != "ready":
        raise Illegal("locked", f"{name} must be ready and unlocked to lock")
    f = st.top
    if isinstance(f, ActionFrame) and f.kind == "equip" and f.outcome is None and f.card is not None \
            and f.seat == cmd.seat and f.stage in ("announced", "blocks", "attempt", "declined"):
        if any(x.kind == "cost_cut" for x in f.mods):
            raise Illegal("use", "only one Billionaire reduces the cost of a given card")
        if not f.cost_pool:
            raise Illegal("use", f"{name}: {ctx.name(f.card)} costs no pool")
        ctx.update(iid, locked=True)
        flow.set_top(ctx, f._replace(cost_pool=f.cost_pool - r[1], mods=f.mods + (Mod("cost_cut", r[1], None, iid),)))
        ctx.emit("effect", f"{name} locks: {ctx.name(f.card)} costs {r[1]} pool less.", cards=(iid,))
        return
    if st.frames or st.phase != "master" or st.active != cmd.seat:
        raise Illegal("timing", f"{name} locks during an equip action of yours, or in your master phase before a "
                                "location is played")
    if any(m[1] == _LOCATION_CUT and m[0] == ("seat", cmd.seat) and m[2] == st.turn for m in st.marks):
        raise Illegal("use", "only one Billionaire reduces the cost of a given card")
    ctx.update(iid, locked=True)
    st.marks = st.marks | {(("seat", cmd.seat), _LOCATION_CUT, st.turn)}
    ctx.emit("effect", f"{name} locks: the next location {ctx.seat_name(cmd.seat)} plays this turn costs {r[1]} pool "
                       "less.", cards=(iid,))


def location_cut(ctx: Ctx, seat: int, rules) -> int:
    """Eccentric Billionaire: the pool off a location master card being played (the mark is used up)."""
    st = ctx.st
    if not st.marks or "location" not in rules.keywords:
        return 0
    mk = (("seat", seat), _LOCATION_CUT, st.turn)
    if mk not in st.marks:
        return 0
    st.marks = st.marks - {mk}
    return 1


def _recruit_discount(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Szlachta Assistant: its employer burns it while recruiting a ghoul ally requiring a Tzimisce: 2 blood or pool
    off that action's cost."""
    from vtes_desktop.engine import flow

    st = ctx.st
    name = ctx.name(iid)
    c = st.cards[iid]
    f = st.top
    if not isinstance(f, ActionFrame) or f.kind != "recruit" or f.actor != c.host or f.outcome is not None \
            or f.stage not in ("announced", "blocks", "attempt", "declined"):
        raise Illegal("timing", f"{name} is burned while its employer recruits an ally")
    d = ctx.cdef(f.card)
    if not re.match(r"(?i)(?:unique )?ghoul\b", d.text) or r[1] not in {x.lower() for x in d.clans}:
        raise Illegal("use", f"{name}: {ctx.name(f.card)} is not a ghoul ally requiring a {r[1].title()}")
    if not f.cost_blood and not f.cost_pool:
        raise Illegal("use", f"{name}: this action costs nothing to reduce")
    ctx.burn(iid, "to reduce a recruit's cost")
    f = st.top
    if f.cost_blood:
        flow.set_top(ctx, f._replace(cost_blood=max(0, f.cost_blood - r[2])))
    else:
        flow.set_top(ctx, f._replace(cost_pool=max(0, f.cost_pool - r[2])))
    ctx.emit("effect", f"{ctx.name(f.card)} costs {r[2]} less ({name}).", cards=(f.card,))


_VITAE = "chosen Discipline at +1 level"


def employer_capacity(ctx: Ctx, iid: int) -> int:
    """Camarilla Vitae Slave: "This vampire gets +1 capacity"."""
    return sum(r[1] for a in ctx.st.attached.get(iid, ()) for r in _of(ctx, a, "employer_capacity"))


def discipline_bonus(ctx: Ctx, iid: int, trigram: str, lvl: int) -> int:
    """Camarilla Vitae Slave: the Discipline chosen in the master phase, one level up until that Methuselah's next
    master phase."""
    if lvl != 1:
        return lvl
    t = trigram.lower()
    for mk in ctx.st.marks:
        if mk[1] == _VITAE and mk[0] == ("minion", iid) and mk[2][0] == t:
            return 2
    return lvl


def _choose_discipline(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    st = ctx.st
    name = ctx.name(iid)
    c = st.cards[iid]
    host = c.host if c.region == "attached" else None
    if host is None or st.phase != "master" or st.active != cmd.seat or st.frames:
        raise Illegal("timing", f"{name}: its employer chooses a Discipline during your master phase")
    t = (cmd.effect or "").strip().lower().strip("[]")
    if len(t) != 3:
        raise Malformed("effect", f"{name}: name the Discipline as `effect` (its three letters, as 'aus')")
    if any(mk[1] == _VITAE and mk[0] == ("minion", host) for mk in st.marks):
        raise Illegal("use", f"{name}: a Discipline is already chosen until your next master phase")
    if ctx.cdef(host).discipline_level(t) != 1:
        raise Illegal("use", f"{ctx.name(host)} does not have {t} at inferior")
    st.marks = st.marks | {(("minion", host), _VITAE, (t, cmd.seat))}
    ctx.emit("effect", f"{ctx.name(host)} has [{t.upper()}] at superior until {poss(ctx.seat_name(cmd.seat))} next "
                       f"master phase ({name}).", cards=(host,))


def start_of_master_phase(ctx: Ctx) -> None:
    """The active Methuselah's master phase begins: Disciplines chosen with a Camarilla Vitae Slave end."""
    st = ctx.st
    if st.marks:
        gone = {mk for mk in st.marks if mk[1] == _VITAE and mk[2][1] == st.active}
        if gone:
            st.marks = st.marks - gone


def _lock_prevent_clan(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Draeven Softfoot: locks to prevent 1 damage inflicted in combat on a Kiasyd."""
    from vtes_desktop.engine import flow
    from vtes_desktop.engine.rules_combat import _prevent, combat_frame
    from vtes_desktop.engine.state import DamageFrame

    st = ctx.st
    name = ctx.name(iid)
    c = st.cards[iid]
    if c.locked or c.region != "ready":
        raise Illegal("locked", f"{name} must be ready and unlocked to lock")
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the {r[1].title()} taking damage in combat as `minion`")
    t = flow.ref(ctx, cmd.seat, cmd.minion)
    f = st.top
    cf = combat_frame(st)
    if not _clan_is(ctx, t, r[1]):
        raise Illegal("target", f"{name}: {ctx.name(t)} is not a {r[1].title()}")
    if not isinstance(f, DamageFrame) or cf is None or t not in (cf.a, cf.b) \
            or not any(h.target == t and not h.unpreventable and h.normal + h.aggravated
                       > h.prevented_normal + h.prevented_aggravated for h in f.hits):
        raise Illegal("timing", f"{name} prevents damage inflicted in combat on a {r[1].title()}")
    ctx.update(iid, locked=True)
    _prevent(ctx, f, t, r[2], name)


_MAY_REMOVE = "may remove cards for life"


def _remove_for_life(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Corrupt Construction: as it enters play, ally, retainer or vampire cards of your ash heap or hand removed
    from the game (`effect`, separated by ";"), 1 life each."""
    st = ctx.st
    name = ctx.name(iid)
    wanted = [w.strip().lower() for w in (cmd.effect or "").split(";") if w.strip()]
    if not wanted:
        raise Malformed("effect", f"{name}: name the cards of your ash heap or hand removed, separated by ';'")
    pool = [i for rg in ("hand", "ash_heap") for i in st.region(cmd.seat, rg)
            if {"Ally", "Retainer", "Vampire"} & set(ctx.cdef(i).types)]
    picked = []
    for w in wanted:
        i = next((x for x in pool if x not in picked and ctx.name(x).lower() == w), None)
        if i is None:
            raise Illegal("use", f"{name}: no ally, retainer or vampire card {w!r} in your ash heap or hand")
        picked.append(i)
    st.marks = st.marks - {(("minion", iid), _MAY_REMOVE, st.turn)}
    from_hand = sum(1 for i in picked if st.cards[i].region == "hand")
    for i in picked:
        ctx.move(i, "removed")
    ctx.emit("removed", f"{', '.join(ctx.name(i) for i in picked)} removed from the game ({name}).", cards=tuple(picked))
    if from_hand:
        ctx.draw(cmd.seat, from_hand)
    n = r[1] * len(picked)
    ctx.update(iid, counters=st.cards[iid].counters + n)
    ctx.emit("life", f"{name} gains {n} life.", cards=(iid,))


def extra_life(ctx: Ctx, iid: int, level: str | None) -> int:
    """Corrupt Construction at superior: "this ally has 1 additional life" (its starting life)."""
    c = ctx.st.cards.get(iid)
    if c is None or not level or not level.isupper():
        return 0
    rules = ctx.rules(iid)
    if not {"Ally", "Retainer"} & set(rules.types):
        return 0
    from vtes_desktop.cards.grammar.auto_minion import claims

    m = rules.mode(level)
    return sum(x[1] for e in (m.effects if m is not None else ()) if (x := claims(e, rules.types)) is not None
               and x[0] == "extra_life")


def _copy_prevent(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Gravebound Drone: burns 1 life to prevent 1 damage to another copy you control in combat."""
    from vtes_desktop.engine import flow
    from vtes_desktop.engine.rules_combat import _prevent, combat_frame
    from vtes_desktop.engine.state import DamageFrame

    st = ctx.st
    name = ctx.name(iid)
    f = st.top
    cf = combat_frame(st)
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the other copy taking damage in combat as `minion`")
    t = flow.ref(ctx, cmd.seat, cmd.minion)
    if t == iid or st.cards[t].cid != st.cards[iid].cid or st.cards[t].controller != cmd.seat:
        raise Illegal("target", f"{name}: {ctx.name(t)} is not another copy of it you control")
    if not isinstance(f, DamageFrame) or cf is None or t not in (cf.a, cf.b) \
            or not any(h.target == t and not h.unpreventable and h.normal + h.aggravated
                       > h.prevented_normal + h.prevented_aggravated for h in f.hits):
        raise Illegal("timing", f"{name} prevents damage inflicted on another copy in combat")
    c = st.cards[iid]
    if c.counters < 1:
        raise Illegal("cost", f"{name} has no life to burn")
    ctx.update(iid, counters=c.counters - 1)
    _prevent(ctx, f, t, r[1], name)
    if c.counters - 1 <= 0:
        ctx.burn(iid, "no life left")


def _copy_bleed(ctx: Ctx, cmd, iid: int) -> None:
    """Gravebound Drone (burns 1 life from another copy), Bone Shambler (locks another copy; at superior a Hecata
    you control burns 1 blood): +1 bleed for this ally's bleed."""
    from vtes_desktop.engine import flow
    from vtes_desktop.engine.effects_crypt import _OPEN, _action_kind

    st = ctx.st
    name = ctx.name(iid)
    f = st.top
    if not isinstance(f, ActionFrame) or f.actor != iid or f.stage not in _OPEN or _action_kind(f) != "bleed":
        raise Illegal("timing", f"{name} gets +1 bleed this way during its own bleed, before it resolves")
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the other copy (or the Hecata) as `minion`")
    t = flow.ref(ctx, cmd.seat, cmd.minion)
    tc = st.cards[t]
    reads = _of(ctx, iid, "copy_bleed")
    if tc.cid == st.cards[iid].cid and t != iid and tc.controller == cmd.seat and tc.region == "ready":
        r = next((x for x in reads if x[1] in ("life", "lock")), None)
        if r is None:
            raise Illegal("use", f"{name} gets no bleed from another copy")
        if r[1] == "lock":
            if tc.locked:
                raise Illegal("locked", f"{ctx.name(t)} is locked")
            ctx.update(t, locked=True)
            how = f"{ctx.name(t)} locks"
        else:
            if tc.counters < 1:
                raise Illegal("cost", f"{ctx.name(t)} has no life to burn")
            ctx.update(t, counters=tc.counters - 1)
            how = f"{ctx.name(t)} burns 1 life"
            if tc.counters - 1 <= 0:
                ctx.burn(t, "no life left")
    else:
        r = next((x for x in reads if x[1] == "hecata blood"), None)
        if r is None or tc.controller != cmd.seat or tc.region != "ready" or not _clan_is(ctx, t, "hecata"):
            raise Illegal("target", f"{name}: {ctx.name(t)} is not another copy of it you control"
                                    + (" nor a ready Hecata you control" if r is not None else ""))
        if tc.counters < 1:
            raise Illegal("cost", f"{ctx.name(t)} has no blood to burn")
        ctx.update(t, counters=tc.counters - 1)
        how = f"{ctx.name(t)} burns 1 blood"
    f = st.top
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod("bleed", r[2], iid, t, st.cards[t].cid if t in st.cards else None),)))
    ctx.emit("effect", f"{how}: {name} gets +{r[2]} bleed.", cards=(iid,))


def _give_bleed_announced(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Brigitte Gebauer: locks as a minion you control announces a bleed action, for +1 bleed that action."""
    from vtes_desktop.engine import flow
    from vtes_desktop.engine.effects_crypt import _action_kind

    st = ctx.st
    name = ctx.name(iid)
    f = st.top
    if not isinstance(f, ActionFrame) or f.stage != "announced" or _action_kind(f) != "bleed":
        raise Illegal("timing", f"{name} locks as a bleed action is announced")
    if st.cards[f.actor].controller != cmd.seat:
        raise Illegal("use", f"{name} gives +{r[1]} bleed to a minion you control")
    c = st.cards[iid]
    if c.locked or c.region != "ready":
        raise Illegal("locked", f"{name} must be ready and unlocked to lock")
    ctx.update(iid, locked=True)
    st.marks = st.marks | {(("minion", iid), _GAVE, (f.actor, st.turn))}
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod("bleed", r[1], f.actor, iid, c.cid),)))
    ctx.emit("effect", f"{name} locks: {ctx.name(f.actor)} gets +{r[1]} bleed.", cards=(iid, f.actor))


def combat_over(ctx: Ctx, f) -> None:
    """The combat *f* has ended: an ally whose own strike burns it at the end of combat once resolved; a vampire
    that blocked Caiaphas Smith is burned."""
    st = ctx.st
    if f.a in st.cards and _of(ctx, f.a, "burn_blocker_after"):
        act = next((x for x in reversed(st.frames) if isinstance(x, ActionFrame)), None)
        if act is not None and act.actor == f.a and act.blocker == f.b and f.b in st.cards \
                and ctx.is_vampire(st.cards[f.b]) and st.cards[f.b].region in ("ready", "torpor"):
            ctx.burn(f.b, f"it blocked {ctx.name(f.a)}")
    for m in (f.a, f.b):   # Valerie Diaz: may unlock once the opposing vampire is not ready
        if m in st.cards and _of(ctx, m, "unlock_after_combat"):
            st.marks = st.marks | {(("minion", m), "combat ended", (st.turn, _other(f, m)))}
    if not st.marks:
        return
    for m in (f.a, f.b):
        mark = (("minion", m), "burn after combat", st.turn)
        if mark in st.marks:
            st.marks = st.marks - {mark}
            if m in st.cards and st.cards[m].region == "ready":
                ctx.burn(m, "its strike resolved this combat")


def end_of_round(ctx: Ctx, f) -> None:
    """As a round ends: an ally gains life for each blood the opposing vampire used to mend or prevent
    destruction that round (Ossian)."""
    from vtes_desktop.engine.effects_combat import blood_lost

    for m in (f.a, f.b):
        c = ctx.st.cards.get(m)
        if c is None or c.region != "ready":
            continue
        for r in _of(ctx, m, "gain_per_blood_mended"):
            o = _other(f, m)
            n = blood_lost(f, o) * r[1] if o in ctx.st.cards and ctx.is_vampire(ctx.st.cards[o]) else 0
            if n:
                ctx.update(m, counters=ctx.st.cards[m].counters + n)
                ctx.emit("life", f"{ctx.name(m)} gains {n} life ({ctx.name(o)} used {n} blood to mend).", cards=(m,))


# -- allies playing cards as a vampire --------------------------------------------------------------------------

def ally_discipline(ctx: Ctx, iid: int, trigram: str) -> int:
    """An ally's basic level of a Discipline it "can play cards requiring ... as a vampire" (0 if none)."""
    t = trigram.lower()
    return 1 if any(t in r[1] for r in _of(ctx, iid, "as_vampire")) else 0


def ally_capacity(ctx: Ctx, iid: int) -> int:
    """An ally's capacity "as a vampire with capacity 3" (0 if its text gives none)."""
    return next((r[2] for r in _of(ctx, iid, "as_vampire") if r[2]), 0)


def _needs(rules, r: tuple) -> bool:
    return bool({d.lower() for d in rules.disciplines} & set(r[1]))


def as_vampire(ctx: Ctx, iid: int | None, rules) -> bool:
    """Whether the ally *iid* plays this card as a vampire (it requires one of the ally's Disciplines; Bima: the
    Discipline of the master card on it)."""
    if iid is None:
        return False
    if _of(ctx, iid, "as_vampire_attached") and {d.lower() for d in rules.disciplines} & _master_disciplines(ctx, iid):
        return True
    return any(_needs(rules, r) and _only_ok(rules, r[3]) for r in _of(ctx, iid, "as_vampire"))


_PLAYED_WITH = {"play": ("card", "minion"), "action": ("card", "minion"), "strike": ("strike", "minion"),
                "maneuver": ("using", "minion"), "press": ("using", "minion"), "prevent": ("using", "minion")}


def _played_this_turn(ctx: Ctx, m: int, trigrams: tuple) -> bool:
    """Whether *m* already played a card requiring one of *trigrams* this turn (read from the turn's log)."""
    st = ctx.st
    for e in reversed(ctx.game.entries):
        if e.turn != st.turn:
            break
        if e.undone or e.cmd.type not in _PLAYED_WITH:
            continue
        cf, mf = _PLAYED_WITH[e.cmd.type]
        card, who = getattr(e.cmd, cf, None), getattr(e.cmd, mf, None)
        if card is None or who is None or card == "hand":
            continue
        from vtes_desktop.engine import flow

        try:
            w = flow.ref(ctx, e.cmd.seat, who)
            k = flow.ref(ctx, e.cmd.seat, card)
        except (Malformed, Illegal):
            continue
        if st.cards[w].cid != st.cards[m].cid or k == w:
            continue
        if {x.lower() for x in ctx.rules(k).disciplines} & set(trigrams):
            return True
    return False


def plays_as_sect(ctx: Ctx, iid: int | None, rules, sect: str) -> bool:
    """Grey Thorne: "may play cards that require Celerity or Potence as an Anarch vampire" (the card's Anarch
    requirement is met for those cards)."""
    return iid is not None and any(len(r) > 4 and r[4] == sect and _needs(rules, r) and _only_ok(rules, r[3])
                                   for r in _of(ctx, iid, "as_vampire"))


def _only_ok(rules, only: str) -> bool:
    t = set(rules.types)
    return not ((only == "non-ally" and "Ally" in t) or (only == "non-action" and "Action" in t)
                or (only == "combat" and "Combat" not in t))


_WARDED = frozenset({"chi"})


def _ward_refusal(ctx: Ctx, rules, target: int | None = None) -> str | None:
    """Draeven Softfoot: cards requiring Chimerstry are not played while he acts, blocks or is in combat, nor
    target him."""
    st = ctx.st
    from vtes_desktop.engine.rules_combat import combat_frame

    near = set()
    act = next((x for x in reversed(st.frames) if isinstance(x, ActionFrame)), None)
    if act is not None:
        near |= {act.actor, act.blocker}
    cf = combat_frame(st)
    if cf is not None:
        near |= {cf.a, cf.b}
    if target is not None:
        near.add(target)
    ds = {d.lower() for d in rules.disciplines}
    for m in near:
        if m is not None and m in st.cards:
            for r in _of(ctx, m, "discipline_ward"):
                if r[1] in ds:
                    return (f"{rules.name} requires Chimerstry: it cannot be played while {ctx.name(m)} is acting, "
                            f"blocking or in combat, nor target him")
    return None


def card_refusal(ctx: Ctx, rules, minion: int | None) -> str | None:
    """Why the ally cannot play this card although it requires a Discipline the ally plays as a vampire
    ("non-ally cards", "non-action cards", "combat cards"), or None."""
    if rules.disciplines and any(d.lower() in _WARDED for d in rules.disciplines):   # Draeven Softfoot
        why = _ward_refusal(ctx, rules)
        if why:
            return why
    if minion is None:
        return None
    for r in _of(ctx, minion, "as_vampire"):
        if len(r) > 4 and r[4] == "once each turn" and _needs(rules, r) and _played_this_turn(ctx, minion, r[1]):
            return f"{ctx.name(minion)} plays a card requiring {', '.join(r[1])} as a vampire only once each turn"
        if r[3] and _needs(rules, r) and not _only_ok(rules, r[3]):
            return f"{ctx.name(minion)} plays only {r[3]} cards requiring {', '.join(r[1])} as a vampire"
    return None


# -- the unlock phase -------------------------------------------------------------------------------------------

def start_of_unlock_phase(ctx: Ctx) -> None:
    """Allies of the active Methuselah that gain life when low as the unlock phase begins."""
    st = ctx.st
    if st.marks and any(mk[1] == _PATHOS for mk in st.marks):
        _pathos_unlock(ctx)
    for iid in list(st.region(st.active, "ready")):
        c = st.cards[iid]
        if c.contested:
            continue
        if _of(ctx, iid, "lock_thuggees"):
            _lock_thuggees(ctx, st.active)
        _life_cap_record(ctx, iid)
        if st.marks and (("minion", iid), "burn at unlock", st.turn) in st.marks:   # Cry Wolf
            st.marks = st.marks - {(("minion", iid), "burn at unlock", st.turn)}
            if c.locked:
                ctx.burn(iid, "locked during its controller's unlock phase")
                continue
        if _of(ctx, iid, "removed_when"):
            _check_servitors(ctx, st.active)
            if st.cards[iid].region != "ready":
                continue
        for r in _of(ctx, iid, "hand_shown_to_clan"):   # Informant
            _show_hand(ctx, st.active, r[1], iid)
        for a in list(st.attached.get(iid, ())):
            for r in _of(ctx, a, "unlock_duty"):   # Robert Carter
                _unlock_duty(ctx, a, r, [r])
        duties = _of(ctx, iid, "unlock_duty")
        if duties:
            _unlock_duty(ctx, iid, duties[-1], duties)
            if st.cards[iid].region != "ready":
                continue
        for r in _of(ctx, iid, "regen"):
            if c.counters <= r[1]:
                ctx.update(iid, counters=c.counters + r[2])
                ctx.emit("life", f"{ctx.name(iid)} gains {r[2]} life.", cards=(iid,))
                break
    for iid in list(st.region(st.active, "torpor")):
        for a in list(st.attached.get(iid, ())):
            for r in _of(ctx, a, "unlock_duty"):   # a retainer of a vampire in torpor
                _unlock_duty(ctx, a, r, [r])


_DUTY = "owes its unlock phase choice"


def _own_ready_vampires(ctx: Ctx, seat: int) -> list[int]:
    st = ctx.st
    return [v for v in st.region(seat, "ready") if ctx.is_vampire(st.cards[v]) and not st.cards[v].contested]


def _unlock_duty(ctx: Ctx, iid: int, r: tuple, all_: list) -> None:
    """What an ally or retainer brings as its controller's unlock phase begins: done at once when there is no
    choice, else owed (a `use` naming it, before the phase ends)."""
    from vtes_desktop.engine.rules_combat import inflict

    st = ctx.st
    c = st.cards[iid]
    name = ctx.name(iid)
    what = r[1]
    if what == "burn_self_or_pool" or (what == "burn_self" and any(x[1] == "burn_self_or_pool" for x in all_)):
        what = "burn_self_or_pool"
    elif what == "burn_self":
        ctx.burn(iid, "its own text, during the unlock phase")
        return
    if what == "blood_or_burn" and st.cards[c.host].counters < r[2]:
        ctx.burn(iid, f"{ctx.name(c.host)} has no blood to burn for it")
        return
    if what == "damage_own_vampire":
        vs = _own_ready_vampires(ctx, c.controller)
        if not vs:
            return
        if len(vs) == 1:
            _duty_damage(ctx, iid, vs[0], r)
            return
    st.marks = st.marks | {(("minion", iid), _DUTY, c.controller if c.region != "attached"
                            else st.cards[c.host].controller)}
    ask = {"blood_or_burn": f"{ctx.name(c.host)} burns 1 blood (effect: blood) or {name} is burned (effect: burn)",
           "damage_own_vampire": f"{name} inflicts {r[2]} {'unpreventable ' if len(r) < 4 or r[3] else ''}damage on "
                                 f"a ready vampire you control (minion: the vampire)",
           "burn_self_or_pool": f"burn 1 pool (effect: pool) or burn {name} (effect: burn)"}[what]
    ctx.emit("note", f"{ctx.seat_name(st.active)} chooses: {ask}.", cards=(iid,))


def _duty_damage(ctx: Ctx, iid: int, v: int, r: tuple) -> None:
    """Wendell Delburton's 2 unpreventable damage (inflicted at once), Abyssal Hunter's 1 damage (a damage step:
    it can be prevented) on a ready vampire of its controller."""
    from vtes_desktop.engine.rules_combat import inflict, open_damage

    unpreventable = len(r) < 4 or r[3]
    if unpreventable:
        ctx.emit("effect", f"{ctx.name(iid)} inflicts {r[2]} unpreventable damage on {ctx.name(v)}.", cards=(v,))
        inflict(ctx, v, r[2], 0)
    else:
        open_damage(ctx, (Hit(v, r[2], 0, source=iid, via=iid),))


def _duty(ctx: Ctx, cmd, iid: int) -> None:
    from vtes_desktop.engine import flow
    from vtes_desktop.engine.rules_combat import inflict

    st = ctx.st
    name = ctx.name(iid)
    c = st.cards[iid]
    rs = _of(ctx, iid, "unlock_duty")
    what = "burn_self_or_pool" if any(x[1] == "burn_self_or_pool" for x in rs) else rs[-1][1]
    r = rs[-1]
    eff = (cmd.effect or "").strip().lower()
    if what == "damage_own_vampire":
        if cmd.minion is None:
            raise Malformed("minion", f"{name}: name the ready vampire you control that takes the damage as `minion`")
        v = flow.ref(ctx, cmd.seat, cmd.minion)
        if v not in _own_ready_vampires(ctx, cmd.seat):
            raise Illegal("target", f"{name}: {ctx.name(v)} is not a ready vampire you control")
        st.marks = st.marks - {(("minion", iid), _DUTY, cmd.seat)}
        _duty_damage(ctx, iid, v, r)
        return
    if eff not in ("burn", "blood" if what == "blood_or_burn" else "pool"):
        raise Malformed("effect", f"{name}: say `burn` or `{'blood' if what == 'blood_or_burn' else 'pool'}`")
    st.marks = st.marks - {(("minion", iid), _DUTY, cmd.seat)}
    if eff == "burn":
        ctx.burn(iid, "its own text, during the unlock phase")
    elif eff == "blood":
        host = c.host
        hc = st.cards[host]
        if hc.counters < 1:
            raise Illegal("cost", f"{ctx.name(host)} has no blood to burn")
        ctx.update(host, counters=hc.counters - 1)
        ctx.emit("paid", f"{ctx.name(host)} burns 1 blood to keep {name}.", cards=(host,))
    else:
        ctx.pool(cmd.seat, -1, f"to keep {name}")


def _show_hand(ctx: Ctx, seat: int, clan: str, iid: int) -> None:
    """Informant: its controller's hand is shown to each Methuselah who controls a ready minion of *clan*."""
    st = ctx.st
    who = frozenset(s for s in st.live_seats() if s != seat and any(
        _clan_is(ctx, v, clan) for v in st.region(s, "ready")))
    if not who:
        return
    hand = st.region(seat, "hand")
    ctx.emit("peek", f"{ctx.name(iid)}: {poss(ctx.seat_name(seat))} hand is "
                     f"{', '.join(ctx.name(h) for h in hand) or 'empty'}.", seen_by=who,
             others=f"{ctx.name(iid)}: {poss(ctx.seat_name(seat))} hand is shown.")


def start_of_discard_phase(ctx: Ctx) -> None:
    """Feral Hound: the vampire that employed it this turn unlocks as the discard phase begins; the Informant goes
    to its controller's predator."""
    st = ctx.st
    for iid in list(st.region(st.active, "ready")):
        if _of(ctx, iid, "to_predator_at_discard"):
            pred = st.predator(st.active)
            if pred != st.active:
                c = st.cards[iid]
                ctx.move(iid, "ready", seat=pred, counters=c.counters, locked=c.locked)
                ctx.update(iid, controller=pred)
                ctx.emit("control", f"{ctx.seat_name(pred)} takes control of {ctx.name(iid)}.", cards=(iid,))
    if not st.marks:
        return
    for mk in [m for m in st.marks if m[1] == "unlock at discard" and m[2] == st.turn]:
        st.marks = st.marks - {mk}
        v = mk[0][1]
        if v in st.cards and st.cards[v].region == "ready" and st.cards[v].locked:
            ctx.update(v, locked=False)
            ctx.emit("unlocked", f"{ctx.name(v)} unlocks (the retainer it employed).", cards=(v,))


def _lock_thuggees(ctx: Ctx, seat: int) -> None:
    """Marijava Thuggee: as its controller's unlock phase begins, all the thuggees lock when they outnumber the
    Black Hand vampires that Methuselah controls (once, whichever thuggee comes first)."""
    st = ctx.st
    thugs = [i for i in st.region(seat, "ready") if _of(ctx, i, "lock_thuggees")]
    bh = sum(1 for rg in ("ready", "torpor") for i in st.region(seat, rg)
             if ctx.is_vampire(st.cards[i]) and "black hand" in ctx.rules(i).traits and not st.cards[i].contested)
    if len(thugs) > bh and any(not st.cards[i].locked for i in thugs):
        for i in thugs:
            ctx.update(i, locked=True)
        ctx.emit("locked", f"{ctx.seat_name(seat)} controls more thuggees ({len(thugs)}) than Black Hand vampires "
                           f"({bh}): the thuggees lock.", cards=tuple(thugs))


# -- damage -----------------------------------------------------------------------------------------------------

def _melee(ctx: Ctx, via: int | None) -> bool:
    if via is None or via not in ctx.st.cards:
        return False
    d = ctx.cdef(via)
    return "Equipment" in d.types and "melee weapon" in d.text.lower()


def _aggravate(ctx: Ctx, h):
    """"In combat with a Follower of Set, any damage he inflicts is aggravated" (Akhenaten); "He inflicts +2 damage
    with melee weapons" (Wendell Delburton)."""
    if h.source is None or h.source not in ctx.st.cards:
        return h
    for r in _of(ctx, h.source, "melee_plus"):
        if _melee(ctx, h.via) and h.normal + h.aggravated > 0:
            h = h._replace(normal=h.normal + r[1]) if h.normal or not h.aggravated else \
                h._replace(aggravated=h.aggravated + r[1])
    if not h.normal:
        return h
    for r in _of(ctx, h.source, "aggravated_against"):
        from vtes_desktop.engine.rules_combat import combat_frame

        cf = combat_frame(ctx.st)
        if cf is not None and {h.source, h.target} == {cf.a, cf.b} and _clan_is(ctx, h.target, r[1]):
            return h._replace(normal=0, aggravated=h.aggravated + h.normal)
    return h


def _ranged_hit(ctx: Ctx, cf, h) -> bool:
    """Damage from a ranged strike: at long range, or through a ranged strike card or weapon ("2R")."""
    if cf is None or h.target not in (cf.a, cf.b):
        return False
    if cf.range == "long":
        return True
    return h.via is not None and h.via in ctx.st.cards and h.via != h.source \
        and bool(re.search(r"(?i)\b\d+R\b|\branged\b", ctx.cdef(h.via).text))


def adjust_hits(ctx: Ctx, hits: tuple) -> tuple:
    """Damage about to be inflicted, as the allies' and retainers' own text changes it."""
    hits = tuple(_aggravate(ctx, h) for h in hits)
    if not any(specs(ctx, h.target) for h in hits):
        return hits
    from vtes_desktop.engine.rules_combat import combat_frame

    cf = combat_frame(ctx.st)
    out = []
    for h in hits:
        sp = specs(ctx, h.target)
        n, a = h.normal, h.aggravated
        before = n + a
        if a and ("burned_by_ranged_aggravated",) in sp and _ranged_hit(ctx, cf, h):   # Abyssal Hunter
            ctx.burn(h.target, "ranged aggravated damage was inflicted on it")
            out.append(h._replace(normal=0, aggravated=0))
            continue
        for r in sp:
            if r[0] == "immune_nonagg":
                n = 0
            elif r[0] == "pool_immune_round" and cf is not None and (h.target, "pool immune", cf.round) in cf.used:
                n = 0   # Valerie Diaz: 1 pool for the round
            elif r[0] == "no_melee_damage" and _melee(ctx, h.via):
                n = a = 0
            elif r[0] == "less_damage":
                if r[2]:
                    other = None if cf is None or h.target not in (cf.a, cf.b) else (cf.b if h.target == cf.a else cf.a)
                    if other is None or (h.source != other and ctx.st.cards.get(h.source) is not None
                                         and ctx.st.cards[h.source].host != other):
                        continue
                    if h.source is None:
                        continue
                cut = r[1]
                dn = min(cut, n)
                n -= dn
                a -= min(cut - dn, a)
            elif r[0] == "damage_cap" and n + a > r[1]:
                over = n + a - r[1]
                dn = min(over, n)
                n -= dn
                a -= over - dn
        if n + a != before:
            ctx.emit("damage_changed", f"{ctx.name(h.target)}: {before} damage becomes {n + a} (its own text).",
                     cards=(h.target,))
            h = h._replace(normal=n, aggravated=a)
        out.append(h)
    return tuple(out)


# -- stealth and intercept --------------------------------------------------------------------------------------

def _clan_is(ctx: Ctx, iid: int, clan: str) -> bool:
    """Whether *iid* is a vampire of *clan* (an ally's clan in the card data is the one it requires)."""
    if not ctx.is_vampire(ctx.st.cards[iid]):
        return False
    clans = {x.lower() for x in ctx.cdef(iid).clans}
    if clan == "follower of set":
        return bool(clans & {"follower of set", "ministry"})
    if clan == "assamite":
        return bool(clans & {"assamite", "banu haqim"})
    return clan in clans


def _bleeding(ctx: Ctx, f: ActionFrame) -> bool:
    from vtes_desktop.engine.effects_crypt import _action_kind

    return _action_kind(f) == "bleed"


def bleed_bonus(ctx: Ctx, f: ActionFrame) -> int:
    """The acting minion's retainers' bleed ("+1 bleed against a Methuselah who controls a ready Camarilla vampire")."""
    st = ctx.st
    n = _link_bonus(ctx, f)
    for a in st.attached.get(f.actor, ()) if f.actor in st.cards else ():
        for r in _of(ctx, a, "employer_bleed"):   # Robert Carter
            n += r[1]
        for r in _of(ctx, a, "soul_bleed"):   # Charigger: +1 bleed for each soul counter
            n += r[1] * _souls(ctx, a)
        for r in _of(ctx, a, "bleed_if"):
            t = f.target_seat
            if r[2] == "target has ready camarilla" and t is not None and any(
                    ctx.is_vampire(st.cards[v]) and (ctx.sect(st.cards[v]) or "").lower() == "camarilla"
                    for v in st.region(t, "ready")):
                n += r[1]
    return n


def intercept_bonus(ctx: Ctx, f: ActionFrame, minion: int) -> int:
    """A blocking ally's conditional intercept of its own ("+1 intercept during actions directed at you"), and the
    acting minion's retainers' effect on blockers ("Camarilla vampires get -1 intercept")."""
    n = 0
    st = ctx.st
    for a in st.attached.get(f.actor, ()) if f.actor in st.cards else ():
        for r in _of(ctx, a, "blockers_intercept"):
            mc = st.cards[minion]
            if r[3] == "bleed" and _bleeding(ctx, f) and ctx.is_vampire(mc) and (ctx.sect(mc) or "").lower() == r[2]:
                n += r[1]
    for a in st.attached.get(minion, ()):
        for r in _of(ctx, a, "employer_intercept"):
            if _clan_is(ctx, minion, r[2]):
                n += r[1]
    for r in _of(ctx, minion, "intercept_if"):
        cond = r[2]
        if cond == "directed at you":
            me = st.cards[minion].controller
            at = f.target_seat if f.target_seat is not None else (
                st.cards[f.target_card].controller if f.target_card in st.cards else None)
            if f.directed and at == me:
                n += r[1]
        elif cond.startswith("against clan:") and f.actor in st.cards and _clan_is(ctx, f.actor, cond[13:]):
            n += r[1]
        elif cond == "":   # High Top: counted where the engine reads the minion's own text (rules_action.intercept)
            pass
        elif cond == "against vampire" and f.actor in st.cards and ctx.is_vampire(st.cards[f.actor]):   # Courier
            n += r[1]
    return n


def stealth_bonus(ctx: Ctx, f: ActionFrame) -> int:
    """The acting ally's stealth of its own, or its retainers' ("+1 stealth when attempting an action that
    requires Presence")."""
    st = ctx.st
    if f.actor not in st.cards:
        return 0
    n = sum(r[1] for r in _of(ctx, f.actor, "stealth_if") if r[2] == "") + _link_bonus(ctx, f) \
        + _political_stealth(ctx, f)
    for a in st.attached.get(f.actor, ()):
        for r in _of(ctx, a, "stealth_if"):
            if r[2].startswith("prey has ready:"):
                clans = r[2][15:].split("|")
                prey = st.prey(f.seat)
                if prey != f.seat and any(_clan_is(ctx, v, x) for v in st.region(prey, "ready")
                                          if st.cards[v].controller == prey for x in clans):
                    n += next((x[1] for x in _of(ctx, a, "stealth_set")), r[1])
            elif r[2] == "hunt" and f.kind == "hunt":
                n += r[1]
            elif r[2].startswith("requires:") and f.card in st.cards and r[2][9:] in _card_disciplines(ctx, f):
                n += r[1]
    return n


def _card_disciplines(ctx: Ctx, f: ActionFrame) -> set:
    rules = ctx.rules(f.card)
    mode = rules.mode(f.card_level) if f.card_level is not None else None
    return {x.lower() for x in (mode.disciplines if mode is not None and mode.disciplines else rules.disciplines)}


# -- uses: lock (or burn) to give a minion +1 stealth or intercept ----------------------------------------------

def _gives(ctx: Ctx, iid: int) -> list[tuple]:
    return [r for r in specs(ctx, iid) if r[0] in ("lock_give", "burn_give")] \
        + [("shuffle_give", r[1], r[2], "employer", False, "") for r in _of(ctx, iid, "shuffle_give")]


def use(ctx: Ctx, cmd, iid: int) -> bool:
    """A `use` of an ally's or retainer's "lock (burn) to give ... +1 stealth/intercept", or Carlton Van Wyk's
    burn of a diablerist; False if it has none."""
    if _of(ctx, iid, "burn_diablerist"):
        _burn_diablerist(ctx, cmd, iid)
        return True
    if (("minion", iid), _FETCH, ctx.st.turn) in ctx.st.marks:
        _fetch(ctx, cmd, iid)
        return True
    if _of(ctx, iid, "peek_prey"):
        _peek(ctx, cmd, iid)
        return True
    if _of(ctx, iid, "courier_peek"):
        _courier(ctx, cmd, iid)
        return True
    if _of(ctx, iid, "lock_fetch_discipline"):
        _fetch_discipline(ctx, cmd, iid, _of(ctx, iid, "lock_fetch_discipline")[0][1])
        return True
    if _of(ctx, iid, "burn_to_unlock"):
        _burn_to_unlock(ctx, cmd, iid)
        return True
    if _of(ctx, iid, "lock_after_unsuccessful"):
        _lock_after_unsuccessful(ctx, cmd, iid, _of(ctx, iid, "lock_after_unsuccessful")[0][1])
        return True
    if _of(ctx, iid, "life_for_intercept"):
        _life_for_intercept(ctx, cmd, iid, _of(ctx, iid, "life_for_intercept")[0])
        return True
    if _of(ctx, iid, "blood_for_intercept"):
        _blood_for_intercept(ctx, cmd, iid)
        return True
    if _of(ctx, iid, "reduce_bleed_burn"):
        _reduce_bleed(ctx, cmd, iid, _of(ctx, iid, "reduce_bleed_burn")[0][1])
        return True
    if ctx.st.marks and (("minion", iid), _ENTRY, cmd.seat) in ctx.st.marks:
        _entry_burn(ctx, cmd, iid)
        return True
    if ctx.st.marks and (("minion", iid), _DUTY, cmd.seat) in ctx.st.marks:
        _duty(ctx, cmd, iid)
        return True
    if ctx.st.marks and (_place_use(ctx, cmd, iid) or _counter_use(ctx, cmd, iid)):
        return True
    top = ctx.st.top
    for name_, fn in (("lock_prevent_employer", _lock_prevent_employer), ("burn_fail_directed", _burn_fail_directed),
                      ("burn_minus_stealth", _burn_minus_stealth)):
        got = _of(ctx, iid, name_)
        if not got:
            continue
        if name_ == "lock_prevent_employer" and isinstance(top, ActionFrame) and _of(ctx, iid, "burn_fail_directed"):
            continue   # Szlachta Bodyguard: during an action, its burning to have it fail
        if name_ == "burn_fail_directed" and cmd.minion is not None and _of(ctx, iid, "burn_minus_stealth"):
            continue   # Screamer: naming a minion gives it -1 stealth
        fn(ctx, cmd, iid, got[0])
        return True
    if _of(ctx, iid, "anarch_blood_for_life"):
        _anarch_blood_for_life(ctx, cmd, iid, _of(ctx, iid, "anarch_blood_for_life")[0])
        return True
    if _of(ctx, iid, "lock_cost_cut"):
        _lock_cost_cut(ctx, cmd, iid, _of(ctx, iid, "lock_cost_cut")[0])
        return True
    if _of(ctx, iid, "burn_recruit_discount"):
        _recruit_discount(ctx, cmd, iid, _of(ctx, iid, "burn_recruit_discount")[0])
        return True
    if _of(ctx, iid, "master_phase_discipline"):
        _choose_discipline(ctx, cmd, iid, _of(ctx, iid, "master_phase_discipline")[0])
        return True
    if _of(ctx, iid, "lock_prevent_clan"):
        _lock_prevent_clan(ctx, cmd, iid, _of(ctx, iid, "lock_prevent_clan")[0])
        return True
    if ctx.st.marks and (("minion", iid), _MAY_REMOVE, ctx.st.turn) in ctx.st.marks:
        _remove_for_life(ctx, cmd, iid, _of(ctx, iid, "entry_remove_for_life")[0])
        return True
    if _of(ctx, iid, "copy_prevent") and not isinstance(ctx.st.top, ActionFrame):
        _copy_prevent(ctx, cmd, iid, _of(ctx, iid, "copy_prevent")[0])
        return True
    if _of(ctx, iid, "copy_bleed"):
        _copy_bleed(ctx, cmd, iid)
        return True
    if _of(ctx, iid, "lock_give_bleed_announced"):
        _give_bleed_announced(ctx, cmd, iid, _of(ctx, iid, "lock_give_bleed_announced")[0])
        return True
    if _of(ctx, iid, "unlock_after_combat"):
        _unlock_after_combat(ctx, cmd, iid)
        return True
    if _of(ctx, iid, "self_unlock"):
        _self_unlock(ctx, cmd, iid, _of(ctx, iid, "self_unlock")[0])
        return True
    found = [(fn, got[0]) for name_, fn in (("discard_to_prevent", _discard_to_prevent),
                                            ("discard_for_life", _discard_for_life), ("burn_location", _burn_location),
                                            ("blood_to_unlock", _blood_to_unlock), ("steal_from_own", _steal_from_own))
             if (got := _of(ctx, iid, name_))]
    if len(found) > 1 and found[0][0] is _discard_to_prevent and not isinstance(ctx.st.top, DamageFrame):
        found = found[1:]   # the Vozhd of Szczecin: its prevention while damage is inflicted, else its unlock
    if found:
        found[0][0](ctx, cmd, iid, found[0][1])
        return True
    if _of(ctx, iid, "life_for_bleed"):
        _life_for_bleed(ctx, cmd, iid, _of(ctx, iid, "life_for_bleed")[0])
        return True
    gives = _gives(ctx, iid)
    if not gives:
        return False
    st = ctx.st
    name = ctx.name(iid)
    eff = re.sub(r"^\+\d+\s*", "", (cmd.effect or "").strip().lower())
    offers = [(r, x) for r in gives for x in r[1].split("|")]
    pick = [(r, x) for r, x in offers if x == eff or (not eff and len(offers) == 1)]
    if not pick:
        raise Illegal("use", f"name what {name} gives: " + " or ".join(f"+{r[2]} {x}" for r, x in offers))
    (_, _stats, n, who, mine, when), stat = pick[0]
    verb = {"lock_give": "lock", "burn_give": "burn", "shuffle_give": "shuffle"}[pick[0][0][0]]
    c = st.cards[iid]
    f = st.top
    if stat == "bleed":
        from vtes_desktop.engine.effects_crypt import _OPEN, _action_kind

        if not isinstance(f, ActionFrame) or f.stage not in _OPEN or _action_kind(f) != "bleed":
            raise Illegal("timing", f"{name} gives +{n} bleed during a bleed, before it resolves")
    elif not isinstance(f, ActionFrame) or f.stage != "attempt":
        raise Illegal("timing", f"{name} gives +{n} {stat} while a block is being attempted")
    if when == "political" and f.kind != "political":
        raise Illegal("timing", f"{name} gives +{n} {stat} only during a political action")
    if verb == "lock" and (c.locked or c.contested or (c.region != "ready" and c.region != "attached")):
        raise Illegal("locked", f"{name} must be unlocked to lock")
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the minion that gets +{n} {stat}")
    from vtes_desktop.engine import flow

    t = flow.ref(ctx, cmd.seat, cmd.minion, what="minion")
    tc = st.cards[t]
    if who == "employer":
        if c.region != "attached" or c.host != t:
            raise Illegal("use", f"{name} gives +{n} {stat} to its employer only")
    elif who == "wraith or zombie ally":
        if t == iid or "Ally" not in ctx.cdef(t).types or not re.search(
                r"(?i)\b(?:wraith|zombie)\b", ctx.cdef(t).text.split(".", 1)[0]):
            raise Illegal("use", f"{name} gives +{n} {stat} to another wraith or zombie ally only")
    elif who != "any":
        if not ctx.is_vampire(tc) or not _clan_is(ctx, t, who):
            raise Illegal("use", f"{name} gives +{n} {stat} to a {who.title()} only; {ctx.name(t)} is not one")
    if mine and tc.controller != cmd.seat:
        raise Illegal("use", f"{name} gives +{n} {stat} to a minion you control only")
    from vtes_desktop.engine.rules_action import intercept, stealth

    if stat == "bleed":
        if t != f.actor:
            raise Illegal("bleed", f"bleed goes to the acting minion; {ctx.name(t)} is not acting")
    elif stat == "stealth":
        if t != f.actor:
            raise Illegal("stealth", f"stealth goes to the acting minion; {ctx.name(t)} is not acting")
        if stealth(ctx, f) > intercept(ctx, f, f.blocker):
            raise Illegal("stealth", f"{ctx.name(t)} already has more stealth ({stealth(ctx, f)}) than "
                                     f"{ctx.name(f.blocker)} has intercept; stealth can be added only when needed")
    else:
        if t != f.blocker:
            raise Illegal("intercept", f"intercept goes to the blocking minion; {ctx.name(t)} is not blocking")
        if intercept(ctx, f, t) >= stealth(ctx, f):
            raise Illegal("intercept", f"{ctx.name(t)} already has enough intercept; intercept can be added only "
                                       "when needed")
    if verb == "lock":
        ctx.update(iid, locked=True)
        if _of(ctx, iid, "burn_if_blocked"):   # remembered until the action is blocked (this turn)
            st.marks = st.marks | {(("minion", iid), _GAVE, (f.actor, st.turn))}
    elif verb == "shuffle":
        ctx.move(iid, "library", seat=c.owner)
        ctx.shuffle(c.owner, "library")
    else:
        ctx.burn(iid, f"to give +{n} {stat}")
    f = st.top
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod(stat, n, t, iid, c.cid),)))
    ctx.emit("effect", f"{name} {dict(lock='locks', shuffle='is shuffled into the library').get(verb, 'is burned')}: "
                       f"{ctx.name(t)} gets +{n} {stat}.",
             cards=(iid, t))
    return True


# -- actions and diablerie -------------------------------------------------------------------------------------

def directed_cost(ctx: Ctx, target: int | None, directed: bool) -> int:
    """"Actions directed at her cost +1 pool" (Alia, God's Messenger): the extra pool an action directed at
    *target* costs."""
    if not directed or target is None or target not in ctx.st.cards:
        return 0
    return sum(r[1] for r in _of(ctx, target, "directed_cost"))


def _unlock_after_combat(ctx: Ctx, cmd, iid: int) -> None:
    """Valerie Diaz: once each turn, after a combat of hers ends, she unlocks if the opposing vampire is not ready."""
    st = ctx.st
    name = ctx.name(iid)
    ended = [m[2][1] for m in st.marks if m[0] == ("minion", iid) and m[1] == "combat ended" and m[2][0] == st.turn]
    if not ended:
        raise Illegal("timing", f"{name} unlocks after a combat of hers ends (this turn)")
    if (("minion", iid), "unlocked after combat", st.turn) in st.marks:
        raise Illegal("use", f"{name}: once each turn")
    if not any(o in st.cards and ctx.is_vampire(st.cards[o]) and st.cards[o].region != "ready" for o in ended):
        raise Illegal("use", f"{name} unlocks only if the opposing vampire is not ready")
    if not st.cards[iid].locked or st.cards[iid].region != "ready":
        raise Illegal("use", f"{name} is not locked")
    st.marks = st.marks | {(("minion", iid), "unlocked after combat", st.turn)}
    ctx.update(iid, locked=False)
    ctx.emit("unlocked", f"{name} unlocks.", cards=(iid,))


def _self_unlock(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Tutu: during your minion phase, this ally can unlock."""
    st = ctx.st
    name = ctx.name(iid)
    if st.phase != "minion" or st.active != cmd.seat:
        raise Illegal("timing", f"{name} unlocks during your minion phase")
    if not st.cards[iid].locked or st.cards[iid].region != "ready":
        raise Illegal("use", f"{name} is not locked")
    ctx.update(iid, locked=False)
    ctx.emit("unlocked", f"{name} unlocks (its own text).", cards=(iid,))


def pay_block_cost(ctx: Ctx, f, m: int) -> None:
    """Redcap Wilder: a vampire with capacity below 7 burns 1 blood to attempt to block its employer (refused if it
    has none)."""
    st = ctx.st
    if f.actor not in st.cards or not st.attached.get(f.actor) or not ctx.is_vampire(st.cards[m]):
        return
    n = sum(r[2] for a in st.attached.get(f.actor, ()) for r in _of(ctx, a, "block_blood_tax")
            if ctx.capacity(st.cards[m]) < r[1])
    if not n:
        return
    c = st.cards[m]
    if c.counters < n:
        raise Illegal("cost", f"{ctx.name(m)} must burn {n} blood to attempt to block {ctx.name(f.actor)} and has "
                              f"{c.counters}")
    ctx.update(m, counters=c.counters - n)
    ctx.emit("paid", f"{ctx.name(m)} burns {n} blood to attempt the block.", cards=(m,))


def own_cost_cut(rules, mode) -> int:
    """Redcap Wilder at superior: "the cost to employ this retainer is reduced by 1 blood" (blood off)."""
    if mode is None or not {"Ally", "Retainer"} & set(rules.types):
        return 0
    from vtes_desktop.cards.grammar.auto_minion import claims

    return sum(x[2] for e in mode.effects if (x := claims(e, rules.types)) is not None and x[0] == "own_cost_cut")


def block_refusal(ctx: Ctx, m: int) -> str | None:
    """Why the ally *m* cannot block ("The Informant cannot act or block"), or None."""
    if any(len(r) > 1 and r[1] == "block" for r in _of(ctx, m, "cannot_act")):
        return f"{ctx.name(m)} cannot block (its own text)"
    return None


def _master_disciplines(ctx: Ctx, iid: int) -> set:
    """The Disciplines the master Discipline cards on *iid* give (Bima)."""
    out = set()
    for a in ctx.st.attached.get(iid, ()):
        ad = ctx.cdef(a)
        if "Master" not in ad.types:
            continue
        if ad.disciplines:
            out.add(ad.disciplines[0].lower())
        else:
            m = re.search(r"(?i)(?:gains (?:1|one)|gets \+1) level of [^\[.]*\[(\w+)\]", ad.text)
            if m:
                out.add(m.group(1).lower())
    return out


_COUNTER = "places the counter taken"


_USES_COUNTERS = re.compile(r"(?i)(?:counters?|pool|blood)[^.]*\b(?:on|from) this (?:card|location)")


def _counter_destinations(ctx: Ctx, seat: int) -> list[int]:
    st = ctx.st
    return [i for i, c in st.cards.items() if c.controller == seat and c.region in ("in_play", "attached")
            and not c.contested and "Master" in ctx.cdef(i).types and _USES_COUNTERS.search(ctx.cdef(i).text)]


def _move_counter(ctx: Ctx, src: int, t: int, dest: int) -> None:
    st = ctx.st
    if st.cards[t].counters < 1:
        return
    ctx.update(t, counters=st.cards[t].counters - 1)
    ctx.update(dest, counters=st.cards[dest].counters + 1)
    ctx.emit("counters", f"A counter moves from {ctx.name(t)} to {ctx.name(dest)} ({ctx.name(src)}).", cards=(t, dest))


def _counter_use(ctx: Ctx, cmd, iid: int) -> bool:
    from vtes_desktop.engine import flow

    st = ctx.st
    mk = next((m for m in st.marks if m[0] == ("minion", iid) and m[1] == _COUNTER and m[2][0] == st.turn), None)
    if mk is None:
        return False
    if cmd.minion is None:
        raise Malformed("minion", f"{ctx.name(iid)}: name the master card of yours that takes the counter as `minion`")
    d = flow.ref(ctx, cmd.seat, cmd.minion)
    if d not in _counter_destinations(ctx, cmd.seat):
        raise Illegal("target", f"{ctx.name(iid)}: {ctx.name(d)} is not a master card of yours that uses counters")
    st.marks = st.marks - {mk}
    _move_counter(ctx, iid, mk[2][1], d)
    return True


_PLACE = "places the card taken"


def _take_destinations(ctx: Ctx, seat: int, src: int, t: int) -> list[int]:
    st = ctx.st
    if _is_master_discipline(ctx, t):
        return [v for rg in ("ready", "torpor") for v in st.region(seat, rg) if ctx.is_vampire(st.cards[v])]
    return [v for v in st.region(seat, "ready") if ctx.is_minion(st.cards[v])]


def _place_taken(ctx: Ctx, src: int, t: int, dest: int) -> None:
    st = ctx.st
    c = st.cards[t]
    if c.region != "attached":
        return
    seat = st.cards[dest].controller
    name = ctx.cdef(t).name
    if _of(ctx, src, "unique_duplicate_burned") and re.match(r"(?i)unique\b", ctx.cdef(t).text) and any(
            i != t and o.controller == seat and o.region == "attached" and ctx.cdef(i).name == name
            for i, o in st.cards.items()):
        ctx.burn(t, f"a second copy of a unique equipment ({ctx.name(src)})")
        return
    ctx.move(t, "attached", host=dest, counters=c.counters, level=c.level)
    ctx.update(t, controller=seat)
    ctx.emit("moved", f"{ctx.name(t)} moves to {ctx.name(dest)} ({ctx.name(src)}).", cards=(t, dest))


def _place_use(ctx: Ctx, cmd, iid: int) -> bool:
    """The later `use` naming the minion that takes the card (Dauntain Black Magician, Arcane Appraiser)."""
    from vtes_desktop.engine import flow

    st = ctx.st
    mk = next((m for m in st.marks if m[0] == ("minion", iid) and m[1] == _PLACE and m[2][0] == st.turn), None)
    if mk is None:
        return False
    t = mk[2][1]
    if cmd.minion is None:
        raise Malformed("minion", f"{ctx.name(iid)}: name the minion of yours that takes {ctx.name(t)} as `minion`")
    d = flow.ref(ctx, cmd.seat, cmd.minion)
    if d not in _take_destinations(ctx, cmd.seat, iid, t):
        raise Illegal("target", f"{ctx.name(iid)}: {ctx.name(d)} cannot take {ctx.name(t)}")
    st.marks = st.marks - {mk}
    _place_taken(ctx, iid, t, d)
    return True


_BORROWED = "controlled until the end of the turn"


def end_of_turn(ctx: Ctx) -> None:
    """Puppeteer: a minion taken until the end of the turn goes back to its Methuselah (in the region it is in),
    or is removed from the game when that Methuselah was ousted. Caiaphas Smith, unlocked as his controller's turn
    begins (the next one), goes to their predator."""
    st = ctx.st
    nxt = st.prey(st.active)
    for iid in list(st.region(nxt, "ready")):   # Cry Wolf, locked as its controller's turn begins
        if st.cards[iid].locked and _of(ctx, iid, "burn_if_locked_at_unlock"):
            st.skip_unlock = st.skip_unlock | {iid}
            st.marks = st.marks | {(("minion", iid), "burn at unlock", st.turn + 1)}
    for iid in list(st.region(nxt, "ready")):
        if _of(ctx, iid, "to_predator_if_unlocked") and not st.cards[iid].locked:
            pred = st.predator(nxt)
            if pred != nxt:
                c = st.cards[iid]
                ctx.move(iid, "ready", seat=pred, counters=c.counters, locked=c.locked)
                ctx.update(iid, controller=pred)
                ctx.emit("control", f"{ctx.name(iid)} is unlocked as {poss(ctx.seat_name(nxt))} turn begins: "
                                    f"{ctx.seat_name(pred)} takes control of him.", cards=(iid,))
    if not st.marks:
        return
    for mk in [m for m in st.marks if m[1] == _BORROWED]:
        st.marks = st.marks - {mk}
        t, prev = mk[0][1], mk[2][0]
        c = st.cards.get(t)
        if c is None or c.region not in ("ready", "torpor", "incapacitated"):
            continue
        if st.seats[prev].ousted:
            ctx.move(t, "removed")
            ctx.emit("removed", f"{ctx.name(t)} is removed from the game (its Methuselah was ousted).", cards=(t,))
            continue
        ctx.move(t, c.region, seat=prev, counters=c.counters, locked=c.locked)
        ctx.update(t, controller=prev)
        ctx.emit("control", f"{ctx.name(t)} goes back to {ctx.seat_name(prev)}.", cards=(t,))


def _open_hand(ctx: Ctx, f) -> None:
    """Owl Companion: while its employer is in combat, the opposing minion's controller plays with an open hand."""
    st = ctx.st
    for m in (f.a, f.b):
        if any(_of(ctx, a, "open_hand_in_combat") for a in st.attached.get(m, ())):
            o = _other(f, m)
            seat = st.cards[o].controller
            hand = st.region(seat, "hand")
            ctx.emit("open_hand", f"{poss(ctx.seat_name(seat))} hand is open: "
                                  f"{', '.join(ctx.name(h) for h in hand) or 'empty'}.", cards=tuple(hand))


_REPEAT = "may repeat the action"


def repeat_cost(ctx: Ctx, m: int, a: tuple) -> int | None:
    """Nocturn at superior: the extra blood *m* pays to perform the action *a* ((m, ("card", card id))) again this
    turn, or None when it may not."""
    st = ctx.st
    if not st.marks or not isinstance(a[1], tuple) or a[1][0] != "card":
        return None
    return next((mk[2][2] for mk in st.marks if mk[0] == ("minion", m) and mk[1] == _REPEAT
                 and mk[2][:2] == (st.turn, a[1][1])), None)


def acts_when_recruited(ctx: Ctx, m: int) -> bool:
    """"This ally can perform actions the turn it is recruited" (Spectral Servitor, Nocturn, Infernal Servitor)."""
    return bool(_of(ctx, m, "acts_when_recruited"))


def actor_refusal(ctx: Ctx, m: int, kind: str = "") -> str | None:
    """Why the ally *m* cannot take an action ("He cannot act"; "cannot have or use equipment" for an equip
    action), or None."""
    if kind in ("political", "diablerie"):   # a vampire's own text (effects_crypt)
        from vtes_desktop.engine.effects_crypt import actor_refusal as crypt_refusal

        why = crypt_refusal(ctx, m, kind)
        if why:
            return why
    if _of(ctx, m, "cannot_act"):
        return f"{ctx.name(m)} cannot take actions (its own text)"
    if kind != "card" and _of(ctx, m, "no_unlock_normal") and any(r[1] == "combat" for r in _of(ctx, m, "own_action")):
        return f"{ctx.name(m)} must enter combat with a minion of another Methuselah as its action"   # Cry Wolf
    if kind == "bleed" and _of(ctx, m, "cannot_bleed"):
        return f"{ctx.name(m)} cannot bleed (its own text)"
    if kind in ("equip", "employ"):
        for r in _of(ctx, m, "no_gear"):
            if ("equipment" if kind == "equip" else "retainers") in r[1].split("|"):
                return f"{ctx.name(m)} cannot have or use {'equipment' if kind == 'equip' else 'retainers'}"
    return None


def _demon(ctx: Ctx, iid: int) -> bool:
    return bool(re.search(r"(?i)\bdemon\b", ctx.cdef(iid).text.split(".", 1)[0]))


def _own_target_refusal(ctx: Ctx, seat: int, m: int, t: int, r: tuple) -> str | None:
    st = ctx.st
    tc = st.cards[t]
    flt = r[3]
    if flt == "other ready vampire":   # Ghoul Messenger
        if t == m or tc.region != "ready" or not ctx.is_vampire(tc):
            return f"{ctx.name(t)} is not another ready vampire"
        return None
    if flt == "own torpor vampire":
        if tc.controller != seat or tc.region != "torpor" or not ctx.is_vampire(tc):
            return f"{ctx.name(t)} is not a vampire in your torpor region"
        return None
    if tc.controller == seat:
        return f"{ctx.name(t)} is yours; this (D) action is directed at another Methuselah"
    if flt == "demon":
        d = ctx.cdef(t)
        if tc.region == "ready" and "Ally" in d.types and _demon(ctx, t):
            return None
        if tc.region == "attached" and "Retainer" in d.types and _demon(ctx, t):
            return None
        return f"{ctx.name(t)} is not a demon ally or a demon retainer"
    if flt == "locked vampire capacity<8":
        if not ctx.is_vampire(tc) or tc.region != "ready" or not tc.locked or ctx.capacity(tc) >= 8:
            return f"{ctx.name(t)} is not a locked vampire with a capacity less than 8"
        return None
    if flt == "tremere":
        if tc.region != "ready" or not _clan_is(ctx, t, "tremere"):
            return f"{ctx.name(t)} is not a ready Tremere"
        return None
    prey = st.prey(seat)
    d = ctx.cdef(t)
    if flt == "prey location":
        if tc.controller != prey or tc.region != "in_play" or "location" not in ctx.rules(t).keywords:
            return f"{ctx.name(t)} is not a location controlled by your prey"
        return None
    if flt in ("prey tremere capacity<=4", "prey follower of set"):
        clan = "tremere" if "tremere" in flt else "follower of set"
        if tc.controller != prey or tc.region != "ready" or not _clan_is(ctx, t, clan) \
                or (clan == "tremere" and ctx.capacity(tc) > 4):
            return f"{ctx.name(t)} is not a {flt[5:].replace('<=', ' of capacity ').title()} controlled by your prey"
        return None
    if flt == "prey master discipline":
        host = tc.host if tc.region == "attached" else None
        if host is None or st.cards[host].controller != prey or not ctx.is_vampire(st.cards[host]) \
                or "Master" not in d.types or "discipline" not in ctx.rules(t).keywords and not re.search(
                    r"(?i)master: discipline|level of", d.text):
            return f"{ctx.name(t)} is not a master Discipline card on a vampire controlled by your prey"
        return None
    if flt == "non-wraith non-zombie ally or retainer":
        kind = d.text.split(".", 1)[0].lower()
        ok = ("Ally" in d.types and tc.region == "ready") or ("Retainer" in d.types and tc.region == "attached")
        if not ok or re.search(r"\b(?:wraith|zombie)\b", kind):
            return f"{ctx.name(t)} is not a non-wraith non-zombie ally or retainer"
        return None
    if flt == "minion":
        if tc.region != "ready" or not ctx.is_minion(tc):
            return f"{ctx.name(t)} is not a ready minion"
        return None
    if flt == "ready minion":
        if tc.region != "ready" or not ctx.is_minion(tc):
            return f"{ctx.name(t)} is not a ready minion"
        return None
    if flt == "ally or vampire capacity<=4":
        if tc.region != "ready" or not ("Ally" in d.types or ctx.is_vampire(tc) and ctx.capacity(tc) <= 4):
            return f"{ctx.name(t)} is not a ready ally or a vampire with capacity 4 or less"
        return None
    if flt == "ready vampire":
        if tc.region != "ready" or not ctx.is_vampire(tc):
            return f"{ctx.name(t)} is not a ready vampire"
        return None
    if flt == "any minion":
        if tc.region not in ("ready", "torpor", "incapacitated") or not ctx.is_minion(tc):
            return f"{ctx.name(t)} is not a minion"
        return None
    if flt == "equipment on torpor vampire":
        host = tc.host if tc.region == "attached" else None
        if host is None or "Equipment" not in d.types or st.cards[host].region != "torpor" \
                or not ctx.is_vampire(st.cards[host]):
            return f"{ctx.name(t)} is not an equipment on a vampire in torpor"
        return None
    if flt == "master card with counters":   # Goth Band
        if "Master" not in d.types or tc.region not in ("in_play", "attached") or tc.counters < 1:
            return f"{ctx.name(t)} is not a master card in play with a counter on it"
        return None
    if flt == "master discipline on vampire":
        host = tc.host if tc.region == "attached" else None
        if host is None or not ctx.is_vampire(st.cards[host]) or not _is_master_discipline(ctx, t):
            return f"{ctx.name(t)} is not a master Discipline card on a vampire"
        return None
    if flt == "predator tremere antitribu":
        if tc.controller != st.predator(seat) or tc.region != "ready" or not _clan_is(ctx, t, "tremere antitribu"):
            return f"{ctx.name(t)} is not a ready Tremere antitribu controlled by your predator"
        return None
    if flt == "equipment on ravnos":
        host = tc.host if tc.region == "attached" else None
        if host is None or "Equipment" not in d.types or not _clan_is(ctx, host, "ravnos"):
            return f"{ctx.name(t)} is not an equipment on a Ravnos"
        return None
    if flt == "non-ready minion":
        if tc.region not in ("torpor", "incapacitated") or not ctx.is_minion(tc):
            return f"{ctx.name(t)} is not a non-ready minion"
        return None
    return "no target"


def announce_own(ctx: Ctx, cmd, m: int):
    """An ally's own (D) action read by this family, announced with `from` naming the ally; None otherwise."""
    from vtes_desktop.engine import flow

    st = ctx.st
    try:
        src = flow.ref(ctx, cmd.seat, cmd.from_)
    except (Malformed, Illegal):
        return None
    sc = st.cards.get(src)
    on_m = sc is not None and sc.region == "attached" and sc.host == m and "Retainer" in ctx.cdef(src).types
    reads = _of(ctx, src, "own_action") if src == m or on_m else []
    if not reads and sc is not None and src != m and sc.region == "ready" and _of(ctx, src, "container_drain"):
        return _announce_drain(ctx, cmd, m, src, _of(ctx, src, "container_drain")[0])
    if not reads and sc is not None and src != m and sc.region == "ready" and _of(ctx, src, "ally_control"):
        return _announce_control(ctx, cmd, m, src)
    if not reads:
        return None
    r = reads[0]
    name = ctx.name(src)
    if len(r) > 7 and not _clan_is(ctx, m, r[7]):
        raise Illegal("requirements", f"{name} gives this action to a {r[7].title()} employer only")
    if r[3] == "employer":
        t = m
    elif r[3].startswith("self"):
        t = m
        if r[3] == "self life<3" and st.cards[m].counters >= 3:
            raise Illegal("action", f"{name} takes this action only with less than 3 life")
    elif r[3] == "ash retainer to own vampire":   # Ambrosius: "Retainer; Vampire"
        t, v = _ferry_targets(ctx, cmd.seat, cmd.target, name)
        ctx.emit("action_goal", f"{ctx.name(m)} acts to move {ctx.name(t)} from the ash heap to {ctx.name(v)}.",
                 cards=(m, v))
        return dict(from_card=src, effect=f"minion:{r[1]}", target_card=t, base_stealth=r[2],
                    mods=(Mod("ferry_to", 0, v, src),)), ()
    elif r[3] == "methuselah":   # Hexaped: the action is directed at a Methuselah
        from vtes_desktop.engine.rules_action import target_seat

        ts = target_seat(ctx, cmd.seat, cmd.target)
        if ts is None or st.seats[ts].ousted:
            raise Illegal("target", f"{name}: name the Methuselah (a player still in the game) its action is at")
        ctx.emit("action_goal", f"{ctx.name(m)} acts to give a link counter to {ctx.seat_name(ts)}.", cards=(m,))
        return dict(from_card=src, effect=f"minion:{r[1]}", base_stealth=r[2], directed=True, target_seat=ts), (ts,)
    elif r[3].startswith("library "):   # a search: the card named is found as the action succeeds
        what, _, who = str(cmd.target).partition(";") if isinstance(cmd.target, str) else (cmd.target, "", "")
        t = _library_find(ctx, cmd.seat, what, r, name)
        mods = ()
        if r[3].endswith("to imbued"):   # Moise Kasavubu: the equipment goes to a ready imbued of yours
            mods = (Mod("search_recipient", 0, _imbued_recipient(ctx, cmd.seat, who.strip(), name), src),)
        ctx.emit("action_goal", f"{ctx.name(m)} searches the library with {name}'s ability.", cards=(m,))
        return dict(from_card=src, effect=f"minion:{r[1]}", target_card=t, base_stealth=r[2], mods=mods), ()
    else:
        if cmd.target is None:
            raise Illegal("target", f"{name}: name the target of its action")
        t = flow.ref(ctx, cmd.seat, cmd.target)
        why = _own_target_refusal(ctx, cmd.seat, m, t, r)
        if why:
            raise Illegal("target", f"{name}: {why}")
    ctx.emit("action_goal", f"{ctx.name(m)} acts on {ctx.name(t)} with {name}'s ability.", cards=(m, t))
    upd = dict(from_card=src, effect=f"minion:{r[1]}", target_card=t, base_stealth=r[2])
    if not r[5]:
        return upd, ()
    seat_t = st.cards[t].controller
    if st.cards[t].region == "attached":
        seat_t = st.cards[st.cards[t].host].controller
    return dict(upd, directed=True, target_seat=seat_t), (seat_t,)


_PATHOS = "pathos counters"
_CONTAINER = "container counters"


def _containers(ctx: Ctx, iid: int) -> int:
    return next((mk[2] for mk in ctx.st.marks if mk[0] == ("minion", iid) and mk[1] == _CONTAINER), 0)


def _set_containers(ctx: Ctx, iid: int, n: int) -> None:
    st = ctx.st
    old = {mk for mk in st.marks if mk[0] == ("minion", iid) and mk[1] == _CONTAINER}
    st.marks = (st.marks - old) | ({(("minion", iid), _CONTAINER, n)} if n else set())


def _announce_control(ctx: Ctx, cmd, m: int, src: int):
    """Vivienne Géroux: a vampire of her controller gives another Methuselah (`target`) control of her, or a vampire of
    another Methuselah steals her, as a (D) action."""
    from vtes_desktop.engine.rules_action import target_seat

    st = ctx.st
    name = ctx.name(src)
    owner = st.cards[src].controller
    if not ctx.is_vampire(st.cards[m]):
        raise Illegal("requirements", f"only a vampire takes {poss(name)} action")
    kinds = {r[1] for r in _of(ctx, src, "ally_control")}
    if cmd.seat == owner:
        if "give" not in kinds:
            raise Illegal("action", f"{name} cannot be given away")
        ts = target_seat(ctx, cmd.seat, cmd.target)
        if ts is None or ts == cmd.seat or st.seats[ts].ousted:
            raise Illegal("target", f"{name}: name the other Methuselah (a player still in the game) who takes control "
                                    f"of her")
        ctx.emit("action_goal", f"{ctx.name(m)} acts to give {ctx.seat_name(ts)} control of {name}.", cards=(m, src))
    else:
        if "steal" not in kinds:
            raise Illegal("action", f"{name} cannot be stolen")
        ts = owner
        ctx.emit("action_goal", f"{ctx.name(m)} acts to steal {name}.", cards=(m, src))
    return dict(from_card=src, effect="minion:ally_control", target_card=src, directed=True, target_seat=ts), (ts,)


def _control(ctx: Ctx, f, src: int) -> None:
    st = ctx.st
    c = st.cards.get(src)
    if c is None or c.region != "ready":
        ctx.emit("fizzles", f"{ctx.name(src)}: the action has no effect (she is no longer ready).")
        return
    new = f.target_seat if c.controller == f.seat else f.seat
    ctx.move(src, "ready", seat=new, counters=c.counters, locked=c.locked)
    ctx.update(src, controller=new)
    ctx.emit("control", f"{ctx.seat_name(new)} takes control of {ctx.name(src)}.", cards=(src,))


def _political_stealth(ctx: Ctx, f) -> int:
    """Vivienne Géroux: -1 stealth for the political actions of her controller's vampires."""
    st = ctx.st
    if f.kind != "political" or not ctx.is_vampire(st.cards[f.actor]):
        return 0
    return sum(r[1] for i in st.region(f.seat, "ready") if not st.cards[i].contested
               for r in _of(ctx, i, "political_stealth"))


def _announce_drain(ctx: Ctx, cmd, m: int, src: int, r: tuple):
    """A ready Assamite's +1 stealth action to burn X container counters of The Ghouls of Plaza Morería for X blood
    (`cost` X; none: all of them)."""
    name = ctx.name(src)
    if ctx.st.cards[m].region != "ready" or not _clan_is(ctx, m, r[1]):
        raise Illegal("requirements", f"only a ready {r[1].title()} takes {poss(name)} action")
    have = _containers(ctx, src)
    x = have if cmd.cost is None else cmd.cost
    if x < 1 or x > have:
        raise Illegal("cost", f"{name} has {have} container counter{'s' if have != 1 else ''}; X must be 1 to {have}"
                      if have else f"{name} has no container counter")
    ctx.emit("action_goal", f"{ctx.name(m)} acts to burn {x} container counters of {name} for {x} blood.",
             cards=(m, src))
    return dict(from_card=src, effect="minion:container_drain", target_card=src, base_stealth=r[2],
                mods=(Mod("container_x", x, None, src),)), ()


def _drain(ctx: Ctx, f, src: int) -> None:
    st = ctx.st
    x = min(next((mk.amount for mk in f.mods if mk.kind == "container_x"), 0), _containers(ctx, src))
    if src not in st.cards or st.cards[src].region != "ready" or x < 1:
        ctx.emit("fizzles", f"{ctx.name(src)}: the action has no effect (no container counter left).")
        return
    _set_containers(ctx, src, _containers(ctx, src) - x)
    before = st.cards[f.actor].counters
    c2 = ctx.set_blood(f.actor, before + x)
    ctx.emit("blood", f"{ctx.name(f.actor)} burns {x} container counters of {ctx.name(src)} and gains "
                      f"{c2.counters - before} blood.", cards=(f.actor, src))


def _ferry_targets(ctx: Ctx, seat: int, target, name: str) -> tuple[int, int]:
    """Ambrosius's `target`: the retainer card of *seat*'s ash heap, then the ready vampire of theirs it goes on (left
    out: the only one)."""
    from vtes_desktop.engine import flow

    st = ctx.st
    what, _, who = str(target or "").partition(";")
    card = ctx.db.lookup(what.strip()) if what.strip() else None
    if card is None:
        raise Illegal("target", f"{name}: name the retainer card of your ash heap (target \"Retainer; Vampire\")")
    t = next((i for i in reversed(st.region(seat, "ash_heap")) if st.cards[i].cid == card.id), None)
    if t is None:
        raise Illegal("target", f"{name}: {card.display} is not in your ash heap")
    if "Retainer" not in ctx.cdef(t).types:
        raise Illegal("target", f"{name}: {card.display} is not a retainer")
    mine = [i for i in st.region(seat, "ready") if ctx.is_vampire(st.cards[i])]
    if not who.strip():
        if len(mine) != 1:
            raise Illegal("target", f"{name}: name the ready vampire you control that takes {card.display}")
        return t, mine[0]
    v = flow.ref(ctx, seat, who.strip())
    if v not in mine:
        raise Illegal("target", f"{name}: {ctx.name(v)} is not a ready vampire you control")
    return t, v


def _set_pathos(ctx: Ctx, iid: int, n: int, seat: int) -> None:
    st = ctx.st
    old = {mk for mk in st.marks if mk[0] == ("minion", iid) and mk[1] == _PATHOS}
    st.marks = (st.marks - old) | {(("minion", iid), _PATHOS, (n, seat))}


def _ferry(ctx: Ctx, f, src: int, r: tuple) -> None:
    """Ambrosius's action succeeds: the retainer leaves the ash heap for the vampire, with its printed life and 3
    pathos counters (one burned as its Methuselah's unlock phase begins; removed from the game with none)."""
    from vtes_desktop.engine.rules_action import _life

    st = ctx.st
    t = f.target_card
    v = next((x.minion for x in f.mods if x.kind == "ferry_to"), None)
    if t not in st.cards or st.cards[t].region != "ash_heap" or v is None or st.cards[v].region != "ready" \
            or st.cards[v].controller != f.seat:
        ctx.emit("fizzles", f"{ctx.name(src)}: the action has no effect (the retainer or the vampire is gone).")
        return
    life = _life(ctx, t, None)
    ctx.move(t, "attached", host=v, counters=life)
    ctx.update(t, controller=f.seat)
    _set_pathos(ctx, t, r[4], f.seat)
    ctx.emit("moved", f"{ctx.name(t)} moves from the ash heap to {ctx.name(v)} with {life} life and {r[4]} pathos "
                      f"counters ({ctx.name(src)}).", cards=(t, v))
    from vtes_desktop.engine.rules_turn import _check_contest

    _check_contest(ctx, t)


def _pathos_unlock(ctx: Ctx) -> None:
    """As a Methuselah's unlock phase begins, 1 pathos counter of each card of theirs that has them is burned; a card
    with none left is removed from the game (Reanimated Corpse, the retainer Ambrosius moved)."""
    st = ctx.st
    for mk in sorted((mk for mk in st.marks if mk[1] == _PATHOS and mk[2][1] == st.active), key=lambda x: x[0][1]):
        iid = mk[0][1]
        if iid not in st.cards or st.cards[iid].region not in ("ready", "attached", "torpor"):
            st.marks = st.marks - {mk}
            continue
        n = max(0, mk[2][0] - 1)
        _set_pathos(ctx, iid, n, mk[2][1])
        ctx.emit("counter", f"{ctx.name(iid)} burns 1 pathos counter ({n} left).", cards=(iid,))
        if n == 0:
            _pathos_gone(ctx, iid)


def _pathos_gone(ctx: Ctx, iid: int) -> None:
    st = ctx.st
    st.marks = st.marks - {mk for mk in st.marks if mk[0] == ("minion", iid) and mk[1] == _PATHOS}
    ctx.move(iid, "removed")
    ctx.emit("removed", f"{ctx.name(iid)} has no pathos counters: it is removed from the game.", cards=(iid,))


_RECRUITER = "recruited by"
_LINK = "link counter on"


def _link(ctx: Ctx, f, src: int) -> None:
    """Hexaped's action succeeds: it is removed from the game and the target Methuselah gets a link counter for the
    Tremere antitribu that recruited it (+1 bleed and +1 stealth when that vampire bleeds them)."""
    st = ctx.st
    ts = f.target_seat
    rec = next((mk[2] for mk in st.marks if mk[0] == ("minion", src) and mk[1] == _RECRUITER), None)
    if st.cards[src].region == "ready":
        ctx.move(src, "removed")
        ctx.emit("removed", f"{ctx.name(src)} is removed from the game.", cards=(src,))
    r = next(iter(_of(ctx, src, "link_bonus")), None)
    if rec is not None and rec in st.cards and r is not None and _clan_is(ctx, rec, r[1]):
        st.marks = st.marks | {(("minion", rec), _LINK, ts)}
        ctx.emit("counter", f"{ctx.seat_name(ts)} gets a link counter: {ctx.name(rec)} gets +{r[2]} bleed and "
                            f"+{r[2]} stealth when bleeding them ({ctx.name(src)}).", cards=(rec,))
    else:
        ctx.emit("counter", f"{ctx.seat_name(ts)} gets a link counter ({ctx.name(src)}; no Tremere antitribu "
                            f"recruited it).")


def _link_bonus(ctx: Ctx, f) -> int:
    """+1 bleed or stealth for a vampire bleeding the Methuselah with its link counter (Hexaped)."""
    st = ctx.st
    if not st.marks or f.target_seat is None or (("minion", f.actor), _LINK, f.target_seat) not in st.marks:
        return 0
    return 1 if _bleeding(ctx, f) else 0


def _library_refusal(ctx: Ctx, iid: int, flt: str) -> str | None:
    """Why the library card *iid* is not what a search own action looks for (*flt*), or None."""
    d = ctx.cdef(iid)
    kw = ctx.rules(iid).keywords
    if flt == "library weapon":
        return None if "Equipment" in d.types and any("weapon" in k for k in kw) else f"{d.display} is not a weapon"
    if "Equipment" not in d.types:
        return f"{d.display} is not an equipment card"
    if flt.endswith("named bomb") and d.display.lower() != "bomb":
        return f"{d.display} is not a Bomb"
    if "non-unique" in flt and ctx.rules(iid).unique:
        return f"{d.display} is unique"
    if flt.endswith("pool<=1"):
        pc = str(d.pool_cost or "0")
        if d.blood_cost or not pc.isdigit() or int(pc) > 1:
            return f"{d.display} does not cost 1 or fewer pool"
    return None


def _imbued_recipient(ctx: Ctx, seat: int, who: str, name: str) -> int:
    """The ready imbued of *seat* that *who* names (none named: the only one)."""
    from vtes_desktop.engine import flow

    mine = [i for i in ctx.st.region(seat, "ready") if "Imbued" in ctx.cdef(i).types]
    if not who:
        if len(mine) != 1:
            raise Illegal("target", f"{name}: name the ready imbued you control that takes the equipment "
                                    f"(target \"Equipment; Imbued\")")
        return mine[0]
    i = flow.ref(ctx, seat, who)
    if i not in mine:
        raise Illegal("target", f"{name}: {ctx.name(i)} is not a ready imbued you control")
    return i


def _library_find(ctx: Ctx, seat: int, target, r: tuple, name: str) -> int | None:
    """The copy in *seat*'s library of the card *target* names (also the hand for "library or hand"), checked against
    the search (none named: the search finds nothing)."""
    if target is None or not str(target).strip():
        return None
    card = ctx.db.lookup(str(target).strip()) if not isinstance(target, int) else ctx.cdef(target)
    if card is None:
        raise Illegal("target", f"{name}: unknown card {target!r}")
    where = ("library", "hand") if r[3].startswith("library or hand") else ("library",)
    hit = next((i for rg in where for i in ctx.st.region(seat, rg) if ctx.st.cards[i].cid == card.id), None)
    if hit is None:
        raise Illegal("target", f"{name}: {card.display} is not in your {' or '.join(where)}")
    why = _library_refusal(ctx, hit, r[3])
    if why:
        raise Illegal("target", f"{name}: {why}")
    return hit


def _search_own(ctx: Ctx, f, src: int, r: tuple) -> None:
    """A search own action succeeds: the card found goes to the acting ally ("search_equip": requirements and cost as
    normal, paid in pool) or to the hand ("search_to_hand", then a discard down); the library is shuffled."""
    from vtes_desktop.engine.rules_action import _cost, requirement_refusal

    st = ctx.st
    t = f.target_card
    name = ctx.name(src)
    where = ("library", "hand") if r[3].startswith("library or hand") else ("library",)
    ok = t is not None and t in st.cards and st.cards[t].region in where and st.cards[t].owner == f.seat
    bearer = next((x.minion for x in f.mods if x.kind == "search_recipient"), f.actor)
    if ok and r[1] == "search_to_hand":
        ctx.move(t, "hand", seat=f.seat)
        ctx.emit("revealed", f"{ctx.seat_name(f.seat)} shows {ctx.name(t)} from their library and puts it in their "
                             f"hand ({name}).", cards=(t,))
        ctx.shuffle(f.seat, "library")
        from vtes_desktop.engine.effects_library import discard_down

        discard_down(ctx, f.seat)
        return
    why = None
    if ok:
        er = ctx.rules(t)
        why = requirement_refusal(ctx, t, er, er.modes[0] if er.modes else None, bearer)
        pool, blood = _cost(er, 0)
        if why is None and (blood or st.seats[f.seat].pool < pool):
            why = f"{ctx.name(bearer)} cannot pay {poss(ctx.name(t))} cost"
        if why is None and er.unique and any(i != t and c.controller == f.seat and c.cid == st.cards[t].cid
                                             and c.region in ("attached", "in_play") for i, c in st.cards.items()):
            why = f"you already control {ctx.name(t)}"
        if why is None and (st.cards[bearer].region != "ready" or st.cards[bearer].controller != f.seat):
            why = f"{ctx.name(bearer)} is no longer a ready minion of yours"
    if not ok or why:
        ctx.emit("fizzles", f"{name}: no equipment is found" + (f" ({why})" if why else "") + ".")
        ctx.shuffle(f.seat, "library")
        return
    came = st.cards[t].region
    if pool:
        ctx.pool(f.seat, -pool, ctx.name(t))
    ctx.move(t, "attached", host=bearer)
    ctx.update(t, controller=f.seat)
    ctx.emit("equipped", f"{ctx.name(bearer)} is equipped with {ctx.name(t)} from the {came} ({name}).",
             cards=(bearer, t))
    ctx.shuffle(f.seat, "library")


def succeed_own(ctx: Ctx, f) -> bool:
    """The successful own action of an ally read by this family; False when *f* is not one."""
    if not (f.effect or "").startswith("minion:"):
        return False
    st = ctx.st
    src = f.from_card if f.from_card in st.cards else f.actor
    r = next((x for x in _of(ctx, src, "own_action") if x[1] == f.effect[7:]), None)
    t = f.target_card
    if r is not None and r[3].startswith("library "):
        _search_own(ctx, f, src, r)
        return True
    if r is not None and r[1] == "link_counter":
        _link(ctx, f, src)
        return True
    if r is not None and r[1] == "ferry_retainer":
        _ferry(ctx, f, src, r)
        return True
    if f.effect == "minion:container_drain":
        _drain(ctx, f, src)
        return True
    if f.effect == "minion:ally_control":
        _control(ctx, f, src)
        return True
    why = "it is gone" if r is None or t not in st.cards else None
    if why is None and r[3] != "employer" and not r[3].startswith("self"):
        why = _own_target_refusal(ctx, f.seat, f.actor, t, r)
    sc = st.cards.get(src)
    if why is None and r[6] and (sc is None or sc.region not in ("ready", "attached")):
        why = f"{ctx.name(src)} is no longer in play"
    if why:
        ctx.emit("fizzles", f"{ctx.name(t)}: the action has no effect ({why}).")
        return True
    if r[6] == "life":   # Rotting Behemoth: the action costs 1 life
        left = st.cards[src].counters - 1
        ctx.update(src, counters=max(0, left))
        ctx.emit("paid", f"{ctx.name(src)} burns 1 life for its action.", cards=(src,))
        if left <= 0:
            ctx.burn(src, "its last life paid for its action")
            return True
    if r[6] == "burn":   # the acting card's own cost
        ctx.burn(src, "its own action")
    elif r[6] == "remove":
        ctx.move(src, "removed")
        ctx.emit("removed", f"{ctx.name(src)} is removed from the game.", cards=(src,))
    c = st.cards[t]
    if r[1] == "demon":
        if c.region == "attached":
            ctx.burn(t, f"{ctx.name(f.actor)}'s action")
        else:
            ctx.move(t, "ready", seat=f.seat, counters=c.counters, locked=c.locked)
            ctx.update(t, controller=f.seat)
            ctx.emit("steal", f"{ctx.seat_name(f.seat)} takes control of {ctx.name(t)} ({ctx.name(f.actor)}).",
                     cards=(t,))
    elif r[1] == "burn_blood":
        ctx.update(t, counters=max(0, c.counters - r[4]))
        ctx.emit("blood", f"{ctx.name(t)} burns {min(r[4], c.counters)} blood ({ctx.name(f.actor)}).", cards=(t,))
    elif r[1] == "combat":
        from vtes_desktop.engine import rules_combat

        rules_combat.start(ctx, f.actor, t)
    elif r[1] == "burn":
        ctx.burn(t, f"{ctx.name(src)}'s action")
    elif r[1] == "steal_life":
        took = min(r[4], c.counters)
        ctx.update(t, counters=c.counters - took)
        if took and st.cards[f.actor].region == "ready":
            ctx.update(f.actor, counters=st.cards[f.actor].counters + took)
        ctx.emit("blood", f"{ctx.name(f.actor)} steals {took} {'life' if not ctx.is_vampire(c) else 'blood'} from "
                          f"{ctx.name(t)}, becoming life.", cards=(t,))
        if took and c.counters - took <= 0 and not ctx.is_vampire(c):
            ctx.burn(t, "no life left")
    elif r[1] == "burn_then_fetch":
        ctx.burn(t, f"{ctx.name(src)}'s action")
        st.marks = st.marks | {(("minion", src), _FETCH, st.turn)}
        ctx.emit("effect", f"{ctx.seat_name(f.seat)} may move a library card from their ash heap to their hand "
                           f"(a use of {ctx.name(src)}).")
    elif r[1] == "burn_card_and_blood":
        host = c.host
        ctx.burn(t, f"{ctx.name(src)}'s action")
        hc = st.cards[host]
        ctx.update(host, counters=max(0, hc.counters - r[4]))
        ctx.emit("blood", f"{ctx.name(host)} burns {min(r[4], hc.counters)} blood ({ctx.name(src)}).", cards=(host,))
    elif r[1] == "damage":
        from vtes_desktop.engine.rules_combat import open_damage

        open_damage(ctx, (Hit(t, r[4], 0, source=f.actor, via=src),))
    elif r[1] == "take_control":   # Puppeteer: until the end of this turn
        prev = c.controller
        ctx.move(t, "ready", seat=f.seat, counters=c.counters, locked=c.locked)
        ctx.update(t, controller=f.seat)
        st.marks = st.marks | {(("minion", t), _BORROWED, (prev, st.turn))}
        ctx.emit("control", f"{ctx.seat_name(f.seat)} takes control of {ctx.name(t)} until the end of the turn.",
                 cards=(t,))
    elif r[1] == "move_retainer":   # Ghoul Messenger: to the new employer, who gains 1 blood
        if sc is not None and sc.region == "attached":
            ctx.move(src, "attached", host=t, counters=sc.counters, level=sc.level)
            ctx.update(src, controller=c.controller)
            ctx.emit("moved", f"{ctx.name(src)} moves to {ctx.name(t)}.", cards=(src, t))
            if _of(ctx, src, "messenger_success"):
                before = c.counters
                c2 = ctx.set_blood(t, before + 1)
                ctx.emit("blood", f"{ctx.name(t)} gains {c2.counters - before} blood ({ctx.name(src)}).", cards=(t,))
                st.acted = st.acted | {(f.actor, "unlock_end_of_turn")}
                ctx.emit("note", f"{ctx.name(f.actor)} will unlock at the end of the turn ({ctx.name(src)}).")
    elif r[1] == "move_counter":   # Goth Band: one counter to a master card of yours that uses counters
        dests = _counter_destinations(ctx, f.seat)
        if c.counters >= 1 and len(dests) == 1:
            _move_counter(ctx, src, t, dests[0])
        elif c.counters >= 1 and dests:
            st.marks = st.marks | {(("minion", src), _COUNTER, (st.turn, t))}
            ctx.emit("note", f"{ctx.seat_name(f.seat)} names the master card of theirs that takes the counter (a use of "
                             f"{ctx.name(src)} naming it as minion).", cards=(t,))
    elif r[1] == "take_card":   # Dauntain Black Magician, Arcane Appraiser: then placed on a minion of yours
        dests = _take_destinations(ctx, f.seat, src, t)
        if len(dests) == 1:
            _place_taken(ctx, src, t, dests[0])
        elif dests:
            st.marks = st.marks | {(("minion", src), _PLACE, (st.turn, t))}
            ctx.emit("note", f"{ctx.seat_name(f.seat)} puts {ctx.name(t)} on a {'vampire' if _is_master_discipline(ctx, t) else 'ready minion'} "
                             f"they control (a use of {ctx.name(src)} naming it as minion).", cards=(t,))
    elif r[1] == "rescue_own":
        ctx.move(t, "ready", seat=c.controller, locked=c.locked, counters=c.counters, wounded=False)
        ctx.emit("rescued", f"{ctx.name(t)} moves from torpor to the ready region ({ctx.name(src)}).", cards=(t,))
    elif r[1] == "steal_equipment":
        if st.cards[f.actor].region == "ready":
            ctx.move(t, "attached", host=f.actor, level=c.level)
            ctx.update(t, controller=f.seat)
            ctx.emit("steal", f"{ctx.name(f.actor)} steals {ctx.name(t)}.", cards=(t,))
    elif r[1] == "gain_life":
        ctx.update(t, counters=c.counters + r[4])
        ctx.emit("life", f"{ctx.name(t)} gains {r[4]} life.", cards=(t,))
    elif r[1] == "burn_equipment_gain":
        host = c.host
        d = ctx.cdef(t)
        cost = d.pool_cost or d.blood_cost
        gain = int(cost) if cost and str(cost).isdigit() and int(cost) > 0 else 1
        ctx.burn(t, f"{ctx.name(src)}'s action")
        hc = st.cards[host]
        if hc.region in ("ready", "torpor"):
            hc2 = ctx.set_blood(host, hc.counters + gain)
            ctx.emit("blood", f"{ctx.name(host)} gains {hc2.counters - hc.counters} blood ({ctx.name(src)}).",
                     cards=(host,))
    elif r[1] == "container_fill":   # The Ghouls of Plaza Morería: 1 blood burned, 1 container counter on them
        took = min(r[4], c.counters)
        ctx.update(t, counters=c.counters - took)
        ctx.emit("blood", f"{ctx.name(t)} burns {took} blood ({ctx.name(src)}).", cards=(t,))
        if took and sc is not None and sc.region == "ready":
            n = _containers(ctx, src) + 1
            _set_containers(ctx, src, n)
            ctx.emit("counter", f"{ctx.name(src)} gets a container counter ({n} now).", cards=(src,))
    elif r[1] == "gain_blood":
        before = c.counters
        c = ctx.set_blood(t, c.counters + r[4])
        ctx.emit("blood", f"{ctx.name(t)} gains {c.counters - before} blood ({ctx.name(src)}).", cards=(t,))
    return True


def target_refusal(ctx: Ctx, actor: int, target: int | None, directed: bool, card: int | None = None) -> str | None:
    """Why *actor* cannot take a directed action at *target* ("He cannot be the target of a directed action
    performed by an ally or a vampire with capacity 6 or less"; Draeven Softfoot: no Chimerstry card targets him),
    or None."""
    if target is None or target not in ctx.st.cards:
        return None
    if card is not None and card in ctx.st.cards and _of(ctx, target, "discipline_ward"):
        why = _ward_refusal(ctx, ctx.rules(card), target)
        if why:
            return why
    if not directed:
        return None
    if card is not None and card in ctx.st.cards:   # Aggressive Corpse
        for r in _of(ctx, target, "untargetable_by_discipline"):
            if {d.lower() for d in ctx.rules(card).disciplines} & set(r[1].split("|")):
                return (f"{ctx.name(target)} cannot be the target of directed actions requiring "
                        f"{' or '.join('[' + d + ']' for d in r[1].split('|'))}")
    for r in _of(ctx, target, "untargetable_by"):
        ac = ctx.st.cards[actor]
        if "Ally" in ctx.cdef(actor).types or (ctx.is_vampire(ac) and ctx.capacity(ac) <= r[1]):
            return (f"{ctx.name(target)} cannot be the target of a directed action by an ally or a vampire with "
                    f"capacity {r[1]} or less")
    return None


_DIABLERIE = "diablerie committed"
_GAVE = "gave stealth to"
_FETCH = "may fetch from the ash heap"


def _fetch(ctx: Ctx, cmd, iid: int) -> None:
    """Tye Cooper: after his successful action this turn, a library card of the ash heap to the hand (`effect`
    names it), then discards down to hand size."""
    from vtes_desktop.engine import flow

    st = ctx.st
    name = ctx.name(iid)
    mark = (("minion", iid), _FETCH, st.turn)
    if st.active != cmd.seat:
        raise Illegal("timing", f"{name}'s card comes after his successful action, in your turn")
    if not cmd.effect:
        raise Malformed("effect", f"{name}: name the library card of your ash heap taken to your hand")
    heap = st.region(cmd.seat, "ash_heap")
    t = next((i for i in heap if ctx.name(i).lower() == cmd.effect.strip().lower()), None)
    if t is None:
        try:
            t = flow.ref(ctx, cmd.seat, cmd.effect)
        except (Illegal, Malformed):
            t = None
    if t is None or t not in heap or ctx.cdef(t).is_crypt:
        raise Illegal("use", f"{name}: {cmd.effect} is not a library card in your ash heap")
    st.marks = st.marks - {mark}
    ctx.move(t, "hand", seat=cmd.seat)
    ctx.emit("moved", f"{ctx.seat_name(cmd.seat)} moves {ctx.name(t)} from the ash heap to their hand ({name}).",
             cards=(t,))
    from vtes_desktop.engine.effects_master import _deferred, _owe_discard, hand_size

    over = len(st.region(cmd.seat, "hand")) + _deferred(ctx, cmd.seat) - hand_size(ctx, cmd.seat)
    if over > 0:
        _owe_discard(ctx, cmd.seat, over)


def note_diablerie(ctx: Ctx, diablerist: int) -> None:
    """Remember the turn a vampire committed diablerie (Carlton Van Wyk burns such a vampire), in the marks."""
    st = ctx.st
    st.marks = frozenset(m for m in st.marks if m[:2] != (("minion", diablerist), _DIABLERIE)) \
        | {(("minion", diablerist), _DIABLERIE, st.turn)}


def _diablerists(ctx: Ctx, seat: int) -> list[int]:
    """Vampires in play that committed diablerie since *seat*'s last turn ended (or during this turn): turns are
    numbered across seats, so that is within as many turns back as there are Methuselahs in the game."""
    st = ctx.st
    since = st.turn - len(st.live_seats())
    out = []
    for m in st.marks:
        if len(m) == 3 and m[1] == _DIABLERIE and m[2] > since:
            v = m[0][1]
            c = st.cards.get(v)
            if c is not None and ctx.is_vampire(c) and c.region in ("ready", "torpor") and not c.contested:
                out.append(v)
    return out


def _burn_diablerist(ctx: Ctx, cmd, iid: int) -> None:
    st = ctx.st
    name = ctx.name(iid)
    c = st.cards[iid]
    if st.active != cmd.seat or st.phase != "discard" or st.frames:
        raise Illegal("timing", f"{name} burns a diablerist during your own discard phase")
    if c.region != "ready" or c.contested:
        raise Illegal("ready", f"{name} is not ready")
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the vampire who committed diablerie")
    from vtes_desktop.engine import flow

    v = flow.ref(ctx, cmd.seat, cmd.minion, what="vampire")
    if v not in _diablerists(ctx, cmd.seat):
        raise Illegal("use", f"{name}: {ctx.name(v)} has not committed diablerie since your last turn")
    ctx.burn(iid, f"to burn {ctx.name(v)}")
    ctx.burn(v, f"burned by {name}")
    ctx.emit("burned", f"{name} is burned to burn {ctx.name(v)}, who committed diablerie.", cards=(v,))


def _life_for_intercept(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Harzomatuili: once during a directed action, burn 1 life for +1 intercept while blocking, when needed."""
    from vtes_desktop.engine import flow
    from vtes_desktop.engine.rules_action import intercept, stealth

    st = ctx.st
    name = ctx.name(iid)
    f = st.top
    if not isinstance(f, ActionFrame) or f.stage != "attempt" or f.blocker != iid:
        raise Illegal("intercept", f"{name}: intercept can only be added by a blocking minion")
    if not f.directed:
        raise Illegal("timing", f"{name} burns life for intercept only during a directed action")
    if r[2] == "directed at you":   # Member of the Entourage
        at = f.target_seat if f.target_seat is not None else (
            st.cards[f.target_card].controller if f.target_card in st.cards else None)
        if at != cmd.seat:
            raise Illegal("timing", f"{name} burns life for intercept during an action directed at you (or a card "
                                    "you control)")
    if any(x.card == iid and x.kind == "intercept" for x in f.mods):
        raise Illegal("use", f"{name} has already burned life for intercept this action (once each action)")
    if intercept(ctx, f, iid) >= stealth(ctx, f):
        raise Illegal("intercept", f"{name} already has enough intercept; intercept can be added only when needed")
    c = st.cards[iid]
    if c.counters <= r[1]:
        raise Illegal("cost", f"{name} has {c.counters} life; burning {r[1]} would burn it")
    ctx.update(iid, counters=c.counters - r[1])
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod("intercept", r[1], iid, iid, c.cid),)))
    ctx.emit("effect", f"{name} burns {r[1]} life for +{r[1]} intercept.", cards=(iid,))


def use_in_combat(ctx: Ctx, cmd, iid: int) -> bool:
    """Uses in combat: Survivalist's lock to give a Brujah antitribu a maneuver, Black Spiral Buddy's additional
    strike once each combat, Omael Kuman's employer burning 1 blood to set the first round's range."""
    from vtes_desktop.engine import flow
    from vtes_desktop.engine.rules_combat import _set_combat, combat_frame

    st = ctx.st
    f = combat_frame(st)
    c = st.cards[iid]
    name = ctx.name(iid)
    lpr = _of(ctx, iid, "life_press_range")
    if lpr:   # Ananasi Vampirephile
        if iid not in (f.a, f.b):
            raise Illegal("use", f"{name} is not in combat")
        if f.step != "press":
            raise Illegal("timing", f"{name} burns a life for a press during the press step")
        if (iid, "life press") in f.used:
            raise Illegal("use", f"{name}: once each combat")
        rng = (cmd.effect or "").strip().lower()
        if rng not in ("close", "long"):
            raise Malformed("effect", f"{name}: say the next round's range, close or long")
        left = c.counters - lpr[0][1]
        if left <= 0:
            ctx.burn(iid, "its last life burned")
            return True
        ctx.update(iid, counters=left)
        f = combat_frame(st)
        _set_combat(ctx, f._replace(granted=f.granted + ((iid, "press", 1),),
                                    used=f.used | {(iid, "life press"), ("range_next", f.round + 1, rng)}))
        ctx.emit("granted", f"{name} burns {lpr[0][1]} life: 1 press, and the next round (if any) is at {rng} range.",
                 cards=(iid,))
        return True
    cs = _of(ctx, iid, "cancel_strike_card")
    if cs:   # the Vozhd of Gravesend
        _cancel_strike_card(ctx, cmd, iid, f, cs[0])
        return True
    pi = _of(ctx, iid, "pool_immune_round")
    if pi and cmd.effect is None:   # Valerie Diaz
        if iid not in (f.a, f.b) or not ctx.is_vampire(st.cards[_other(f, iid)]):
            raise Illegal("use", f"{name} is not in combat with a vampire")
        if (iid, "pool immune", f.round) in f.used:
            raise Illegal("use", f"{name}: once each round")
        if f.step not in ("before_range", "range", "before_strikes", "strike"):
            raise Illegal("timing", f"{name} is made immune before the round's strikes resolve")
        if st.seats[cmd.seat].pool < pi[0][1]:
            raise Illegal("cost", f"{ctx.seat_name(cmd.seat)} has no pool to burn")
        ctx.pool(cmd.seat, -pi[0][1], f"{name}'s immunity")
        f = combat_frame(st)
        _set_combat(ctx, f._replace(used=f.used | {(iid, "pool immune", f.round)}))
        ctx.emit("effect", f"{name} is immune to non-aggravated damage this round.", cards=(iid,))
        return True
    rd = [r for r in _of(ctx, iid, "round_damage") if len(r) > 4]
    if rd:   # Duma Rafiki: a weapon of the opposing minion burned instead of the damage this round
        host = c.host if c.region == "attached" else None
        if host is None or host not in (f.a, f.b):
            raise Illegal("use", f"{name}'s employer is not in this combat")
        if f.step != "strike" or f.range != "close":
            raise Illegal("timing", f"{name} burns a weapon at strike resolution at close range (use it in the strike "
                                    "step)")
        if cmd.minion is None:
            raise Malformed("minion", f"{name}: name the weapon of the opposing minion it burns as `minion`")
        w = flow.ref(ctx, cmd.seat, cmd.minion)
        o = _other(f, host)
        wc = st.cards[w]
        if wc.region != "attached" or wc.host != o or not any("weapon" in k or k == "gun" for k in ctx.rules(w).keywords):
            raise Illegal("target", f"{name}: {ctx.name(w)} is not a weapon of {ctx.name(o)}")
        used = {u for u in f.used if isinstance(u, tuple) and len(u) == 4 and u[0] == "burn weapon" and u[1] == iid}
        _set_combat(ctx, f._replace(used=(f.used - used) | {("burn weapon", iid, f.round, w)}))
        ctx.emit("effect", f"{name} will burn {ctx.name(w)} at strike resolution instead of inflicting damage.",
                 cards=(iid, w))
        return True
    lm = _of(ctx, iid, "lock_maneuver")
    if lm:
        if c.locked or c.region != "ready":
            raise Illegal("locked", f"{name} must be ready and unlocked to lock")
        if f.step not in ("before_range", "range"):
            raise Illegal("timing", f"{name} gives a maneuver before the range is determined")
        if cmd.minion is None:
            raise Malformed("minion", f"{name}: name the combatant that gets the maneuver")
        t = flow.ref(ctx, cmd.seat, cmd.minion, what="minion")
        if t not in (f.a, f.b) or st.cards[t].controller != cmd.seat or not _clan_is(ctx, t, lm[0][1]):
            raise Illegal("use", f"{name} gives a maneuver to a {lm[0][1].title()} you control in this combat")
        ctx.update(iid, locked=True)
        f = combat_frame(st)
        _set_combat(ctx, f._replace(granted=f.granted + ((t, "maneuver", 1),)))
        ctx.emit("granted", f"{name} locks: {ctx.name(t)} gets a maneuver.", cards=(iid, t))
        return True
    ex = _of(ctx, iid, "combat_extra_once")
    if ex:
        if iid not in (f.a, f.b):
            raise Illegal("use", f"{name} is not in combat")
        if f.step not in ("strike", "additional_strikes") or (f.extra_phase and f.step == "strike"):
            raise Illegal("timing", f"{name} takes its additional strike during the round's strikes")
        if (iid, "own_extra") in f.used:
            raise Illegal("use", f"{name} has already had its additional strike this combat")
        if ("limited_extra", iid, f.round) in f.used:
            raise Illegal("use", f"{name} already has a limited additional strike this round")
        merged = dict(f.extra)
        merged[iid] = merged.get(iid, 0) + ex[0][1]
        _set_combat(ctx, f._replace(extra=tuple(merged.items()),
                                    used=f.used | {(iid, "own_extra"), ("limited_extra", iid, f.round)}))
        ctx.emit("granted", f"{name} gets {ex[0][1]} additional strike this round.", cards=(iid,))
        return True
    esc = _of(ctx, iid, "blocked_escape")
    if esc:
        _, how, life = esc[0]
        act = next((x for x in reversed(st.frames) if isinstance(x, ActionFrame)), None)
        v = c.host
        if c.region != "attached" or act is None or v != act.actor or v != f.a or act.outcome != "blocked":
            raise Illegal("use", f"{name} helps its employer only when the employer's action is blocked")
        if f.round != 1 or f.step != "before_range":
            raise Illegal("timing", f"{name} is used before the combat begins (before range is determined)")
        if how == "continue":
            left = c.counters - life
            if left <= 0:
                ctx.burn(iid, "its last life burned")
            else:
                ctx.update(iid, counters=left)
            ctx.update(f.b, locked=True)
            f = combat_frame(st)
            _set_combat(ctx, f._replace(ended=True, step="end_of_round", pending=(),
                                        used=f.used | {("continue_unblocked", v, iid, ())}))
            ctx.emit("effect", f"{name}: the blocking {ctx.name(f.b)} locks; {ctx.name(v)} goes on as if unblocked.",
                     cards=(iid, f.b))
        else:
            ctx.burn(iid, "instead of entering combat")
            ctx.update(v, locked=False)
            f = combat_frame(st)
            _set_combat(ctx, f._replace(ended=True, step="end_of_round", pending=()))
            ctx.emit("effect", f"{ctx.name(v)} burns {name} and unlocks instead of entering combat.", cards=(v,))
        return True
    if _of(ctx, iid, "gianna"):
        mine = [x for x in (f.a, f.b) if st.cards[x].controller == cmd.seat and x != iid]
        if c.locked or c.region != "ready":
            raise Illegal("locked", f"{name} must be ready and unlocked to lock")
        if not mine:
            raise Illegal("use", f"{name} acts only while another minion you control is in combat")
        other = _other(f, mine[0])
        if cmd.minion is not None:
            t = flow.ref(ctx, cmd.seat, cmd.minion)
            tc = st.cards[t]
            if tc.region != "attached" or tc.host != other or "Equipment" not in ctx.cdef(t).types:
                raise Illegal("use", f"{name} burns an equipment on {ctx.name(other)}; {ctx.name(t)} is not one")
            ctx.update(iid, locked=True)
            ctx.burn(t, f"{name}")
            ctx.burn(iid, "she burns herself")
            return True
        if f.step != "strike" or f.extra_phase:
            raise Illegal("timing", f"{name}'s damage comes with the normal strike resolution: lock her in the "
                                    "strike step")
        ctx.update(iid, locked=True)
        f = combat_frame(st)
        _set_combat(ctx, f._replace(used=f.used | {("strike_resolution_damage", other, 1, iid, f.round)}))
        ctx.emit("effect", f"{name} locks: 1 unpreventable damage on {ctx.name(other)} at strike resolution.",
                 cards=(iid, other))
        return True
    op = _of(ctx, iid, "life_for_own_press")
    if op:   # Rotting Behemoth at superior
        if iid not in (f.a, f.b):
            raise Illegal("use", f"{name} is not in combat")
        if f.round != op[0][2]:
            raise Illegal("timing", f"{name} burns life for a press during the first round of combat")
        left = c.counters - op[0][1]
        if left <= 0:
            ctx.burn(iid, "its last life burned")
        else:
            ctx.update(iid, counters=left)
        f = combat_frame(st)
        _set_combat(ctx, f._replace(granted=f.granted + ((iid, "press", 1),)))
        ctx.emit("granted", f"{name} burns {op[0][1]} life for 1 press.", cards=(iid,))
        return True
    lp = _of(ctx, iid, "life_for_press")
    if lp:
        if c.region != "ready":
            raise Illegal("ready", f"{name} is not ready")
        if cmd.minion is None:
            raise Malformed("minion", f"{name}: name the combatant of yours that gets the press")
        t = flow.ref(ctx, cmd.seat, cmd.minion, what="minion")
        if t not in (f.a, f.b) or st.cards[t].controller != cmd.seat:
            raise Illegal("use", f"{name} gives a press to a minion you control in this combat")
        left = c.counters - lp[0][1]
        if left <= 0:
            ctx.burn(iid, "its last life burned")
        else:
            ctx.update(iid, counters=left)
        f = combat_frame(st)
        _set_combat(ctx, f._replace(granted=f.granted + ((t, "press", 1),)))
        ctx.emit("granted", f"{name} burns {lp[0][1]} life: {ctx.name(t)} gets 1 press.", cards=(t,))
        return True
    if _of(ctx, iid, "takes_over_combat"):
        act = next((x for x in reversed(st.frames) if isinstance(x, ActionFrame)), None)
        if c.locked or c.region != "ready":
            raise Illegal("locked", f"{name} must be ready and unlocked to lock")
        if iid in (f.a, f.b) or act is None or f.a != act.actor or st.cards[f.b].controller != cmd.seat:
            raise Illegal("use", f"{name} takes the place of a minion you control in combat with the acting minion")
        if f.round != 1 or f.step != "before_range":
            raise Illegal("timing", f"{name} takes over the combat before it begins (before range is determined)")
        old = f.b
        ctx.update(iid, locked=True)
        f = combat_frame(st)
        _set_combat(ctx, f._replace(b=iid))
        ctx.emit("combat", f"{name} locks: the combat of {ctx.name(old)} is cancelled; {name} enters combat with "
                           f"{ctx.name(f.a)} instead.", cards=(iid, f.a))
        return True
    ls = _of(ctx, iid, "lock_sets_range")
    if ls:
        _, clan, rng = ls[0]
        if c.locked or c.region != "ready":
            raise Illegal("locked", f"{name} must be ready and unlocked to lock")
        if not any(st.cards[x].controller == cmd.seat and _clan_is(ctx, x, clan) for x in (f.a, f.b)):
            raise Illegal("use", f"{name} sets the range only while a {clan.title()} you control is in combat")
        if f.step != "before_range" or f.range_set:
            raise Illegal("timing", f"{name}: the range is set before it is determined")
        ctx.update(iid, locked=True)
        f = combat_frame(st)
        _set_combat(ctx, f._replace(range=rng, range_set=True))
        ctx.emit("range", f"{name} locks: the range for this round is {rng}.", cards=(iid,))
        return True
    rs = _of(ctx, iid, "employer_sets_range")
    if rs:
        v = c.host
        if c.region != "attached" or v not in (f.a, f.b):
            raise Illegal("use", f"{name}'s employer is not in combat")
        if f.round != 1 or f.step != "before_range" or f.range_set:
            raise Illegal("timing", f"{name}: the range is set before it is determined in the first round")
        rng = (cmd.effect or "").strip().lower()
        if rng not in ("close", "long"):
            raise Malformed("effect", f"{name}: say close or long")
        vc = st.cards[v]
        if vc.counters < rs[0][1]:
            raise Illegal("cost", f"{ctx.name(v)} has {vc.counters} blood; this costs {rs[0][1]}")
        ctx.update(v, counters=vc.counters - rs[0][1])
        f = combat_frame(st)
        _set_combat(ctx, f._replace(range=rng, range_set=True))
        ctx.emit("range", f"{ctx.name(v)} burns {rs[0][1]} blood: the range for this round is {rng} ({name}).")
        return True
    ps = _of(ctx, iid, "pool_sets_range")
    if ps:   # Michael Harris
        if iid not in (f.a, f.b) or not ctx.is_vampire(st.cards[_other(f, iid)]):
            raise Illegal("use", f"{name} is not in combat with a vampire")
        if f.step != "before_range" or f.range_set:
            raise Illegal("timing", f"{name}: the range is set before it is determined (once each round)")
        rng = (cmd.effect or "").strip().lower()
        if rng not in ("close", "long"):
            raise Malformed("effect", f"{name}: say close or long")
        if st.seats[cmd.seat].pool < ps[0][1]:
            raise Illegal("cost", f"{ctx.seat_name(cmd.seat)} has no pool to burn")
        ctx.pool(cmd.seat, -ps[0][1], f"{name} sets the range")
        f = combat_frame(st)
        _set_combat(ctx, f._replace(range=rng, range_set=True))
        ctx.emit("range", f"The range for this round is {rng} ({name}).", cards=(iid,))
        return True
    return False


def _cancel_strike_card(ctx: Ctx, cmd, iid: int, f, r: tuple) -> None:
    """The Vozhd of Gravesend: burns 1 life to cancel a strike card the opposing minion has just played (back to
    before that play; the card is not paid for and goes to the ash heap; the minion chooses a strike again)."""
    from vtes_desktop.engine import effects_master

    st = ctx.st
    name = ctx.name(iid)
    if iid not in (f.a, f.b):
        raise Illegal("use", f"{name} is not in combat")
    rec = st.as_played
    if rec is None:
        raise Illegal("timing", f"{name} cancels a strike card as it is played: no card has just been played")
    _, seat, card, _before = rec
    other = _other(f, iid)
    cr = ctx.rules(card)
    if seat != st.cards[other].controller or "Combat" not in cr.types \
            or not any(e.kind in ("strike", "dodge") or e.get("strike") for md in cr.modes for e in md.effects) \
            and not re.search(r"(?i)\bstrike:", ctx.cdef(card).text):
        raise Illegal("target", f"{name} cancels a strike card played by the opposing minion")
    if st.cards[iid].counters < r[1]:
        raise Illegal("cost", f"{name} has no life to burn")
    effects_master._cancel_as_played(ctx, cmd, iid, ctx.rules(iid), "combat")   # back to before the play
    c = st.cards[iid]
    ctx.update(iid, counters=c.counters - r[1])
    ctx.emit("hurt", f"{name} burns {r[1]} life to cancel {cr.name}.", cards=(iid,))
    if c.counters - r[1] <= 0:
        ctx.burn(iid, "no life left")


def own_prevent(ctx: Ctx, cmd, m: int, f) -> bool:
    """Nephren-Ka's "can prevent 1 non-aggravated damage each combat", Gargoyle Slave's "may prevent one damage each
    combat", War Ghoul's "can prevent 1 damage each round of combat" (`prevent` using the ally itself); False if
    the ally has no such text."""
    from vtes_desktop.engine import flow
    from vtes_desktop.engine.rules_combat import _set_combat, combat_frame

    reads = _of(ctx, m, "prevent_nonagg_once") or _of(ctx, m, "prevent_own")
    if not reads:
        return False
    r = reads[0]
    nonagg = r[0] == "prevent_nonagg_once"
    per_round = r[0] == "prevent_own" and r[2] == "round"
    name = ctx.name(m)
    cf = combat_frame(ctx.st)
    if cf is None or m not in (cf.a, cf.b):
        raise Illegal("prevent", f"{name} prevents damage in combat")
    key = (m, m, f"prevent round {cf.round}") if per_round else (m, m, "prevent")
    if key in cf.used:
        raise Illegal("prevent", f"{poss(name)} prevention can be used once each {'round' if per_round else 'combat'}")
    hits = list(f.hits)
    i = next((k for k, h in enumerate(hits) if h.target == m and not h.unpreventable
              and (h.normal - h.prevented_normal > 0
                   or not nonagg and h.aggravated - h.prevented_aggravated > 0)), None)
    if i is None:
        raise Illegal("prevent", f"{name} is taking no {'non-aggravated ' if nonagg else ''}damage that can be "
                                 f"prevented")
    h = hits[i]
    want = min(r[1], cmd.amount or r[1])
    left_n = h.normal - h.prevented_normal
    pa = 0 if nonagg else min(want, h.aggravated - h.prevented_aggravated) if left_n == 0 else 0
    pn = min(want - pa, left_n)
    hits[i] = h._replace(prevented_normal=h.prevented_normal + pn, prevented_aggravated=h.prevented_aggravated + pa)
    flow.set_top(ctx, f._replace(hits=tuple(hits)))
    cf = combat_frame(ctx.st)
    _set_combat(ctx, cf._replace(used=cf.used | {key}))
    ctx.emit("prevented", f"{name} prevents {pn + pa} damage.")
    return True


def press_refusal(ctx: Ctx, m: int, to: str) -> str | None:
    """Why the ally's own press cannot be used this way ("may press to continue combat": not to end it)."""
    if to == "end" and _of(ctx, m, "press_continue_once"):
        return f"{poss(ctx.name(m))} own press is only usable to continue combat"
    return None


def _blood_for_intercept(ctx: Ctx, cmd, iid: int) -> None:
    """Corpse Minion: its employer burns X blood for +X intercept while blocking, when needed (`effect: intercept X`)."""
    from vtes_desktop.engine import flow
    from vtes_desktop.engine.rules_action import intercept, reserved_blood, stealth

    st = ctx.st
    name = ctx.name(iid)
    c = st.cards[iid]
    m = re.fullmatch(r"\+?(?:intercept\s*)?\+?(\d+)(?:\s*intercept)?", (cmd.effect or "").strip().lower())
    if m is None or int(m.group(1)) < 1:
        raise Malformed("effect", f"{name}: say how much blood the employer burns, as 'intercept N'")
    x = int(m.group(1))
    f = st.top
    v = c.host
    if c.region != "attached" or v is None or not ctx.is_vampire(st.cards[v]):
        raise Illegal("use", f"{name} is not on a vampire")
    if not isinstance(f, ActionFrame) or f.stage != "attempt" or f.blocker != v:
        raise Illegal("intercept", f"{name}: intercept can only be added by a blocking minion")
    if intercept(ctx, f, v) >= stealth(ctx, f):
        raise Illegal("intercept", f"{ctx.name(v)} already has enough intercept; intercept can be added only when needed")
    held = reserved_blood(ctx, v)
    if st.cards[v].counters - held < x:
        raise Illegal("cost", f"{ctx.name(v)} has {st.cards[v].counters} blood; this costs {x}")
    ctx.update(v, counters=st.cards[v].counters - x)
    f = st.top
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod("intercept", x, v, iid, c.cid),)))
    ctx.emit("effect", f"{ctx.name(v)} burns {x} blood for +{x} intercept ({name}).", cards=(v,))


def _reduce_bleed(ctx: Ctx, cmd, iid: int, n: int) -> None:
    """47th Street Royals: burned to reduce a bleed against its controller by *n*, before the bleed resolves."""
    from vtes_desktop.engine import flow
    from vtes_desktop.engine.effects_crypt import _OPEN, _action_kind

    st = ctx.st
    name = ctx.name(iid)
    f = st.top
    if not isinstance(f, ActionFrame) or f.stage not in _OPEN or _action_kind(f) != "bleed" \
            or f.target_seat != cmd.seat:
        raise Illegal("timing", f"{name} reduces a bleed against you, before it resolves")
    if st.cards[iid].region != "ready":
        raise Illegal("ready", f"{name} is not ready")
    ctx.burn(iid, f"to reduce the bleed by {n}")
    f = st.top
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod("bleed", -n, None, iid, st.cards[iid].cid),)))
    ctx.emit("effect", f"The bleed is reduced by {n} ({name}).")


# -- cards burned and combats begun -----------------------------------------------------------------------------

def burned(ctx: Ctx, iid: int) -> None:
    """An ally just burned: the vampire of another Methuselah that burned it in combat or with an action gains
    blood (Young Bloods); one whose text shuffles it into its owner's library goes there."""
    c = ctx.st.cards.get(iid)
    if c is None or c.region != "ash_heap":
        return
    if _soul_replace(ctx, iid, c):   # Charigger: removed from the game instead
        return
    if ctx.is_vampire(c) and "infernal" in ctx.rules(iid).traits:   # Infernal Servitor
        _check_servitors(ctx, c.controller)
    from vtes_desktop.engine.rules_combat import combat_frame

    cf = combat_frame(ctx.st)
    if cf is not None and iid in (cf.a, cf.b):   # "If a minion opposing this ally in combat is burned" (Amam)
        o = _other(cf, iid)
        oc = ctx.st.cards.get(o)
        for r in _of(ctx, o, "gain_when_opponent_burned") if oc is not None and oc.region == "ready" else ():
            ctx.update(o, counters=oc.counters + r[1])
            ctx.emit("life", f"{ctx.name(o)} gains {r[1]} life.", cards=(o,))
    for r in _of(ctx, iid, "burner_gains_blood"):
        v = _burner(ctx, iid)
        if v is not None:
            before = ctx.st.cards[v].counters
            ctx.set_blood(v, before + r[1])
            ctx.emit("blood", f"{ctx.name(v)} gains {ctx.st.cards[v].counters - before} blood for burning "
                              f"{ctx.name(iid)}.", cards=(v,))
    if not _of(ctx, iid, "shuffle_when_burned"):
        return
    ctx.move(iid, "library", seat=c.owner)
    ctx.shuffle(c.owner, "library")
    ctx.emit("shuffled", f"{ctx.name(iid)} is shuffled into {ctx.seat_name(c.owner)}'s library.")


_SOUL = "soul counters"


def _souls(ctx: Ctx, iid: int) -> int:
    return next((mk[2] for mk in ctx.st.marks if mk[0] == ("minion", iid) and mk[1] == _SOUL), 0)


def _soul_replace(ctx: Ctx, iid: int, c) -> bool:
    """Charigger, The Axe: a minion of its controller's prey, burned, is removed from the game instead, and Charigger
    gets a soul counter."""
    st = ctx.st
    seat = st.predator(c.controller)
    if seat == c.controller:
        return False
    for v in st.region(seat, "ready") + st.region(seat, "torpor"):
        for a in st.attached.get(v, ()):
            if _of(ctx, a, "soul_replace") and not st.cards[a].contested:
                n = _souls(ctx, a) + 1
                st.marks = (st.marks - {mk for mk in st.marks if mk[0] == ("minion", a) and mk[1] == _SOUL}) \
                    | {(("minion", a), _SOUL, n)}
                ctx.move(iid, "removed")
                ctx.emit("removed", f"{ctx.name(iid)} is removed from the game instead of burned; {ctx.name(a)} gets "
                                    f"a soul counter ({n} now).", cards=(iid, a))
                return True
    return False


def _burner(ctx: Ctx, iid: int) -> int | None:
    """The vampire of another Methuselah burning *iid* now: its opponent in combat, or the acting vampire of the
    action under way that targets it."""
    from vtes_desktop.engine.rules_combat import combat_frame

    st = ctx.st
    me = st.cards[iid].controller
    cf = combat_frame(st)
    if cf is not None and iid in (cf.a, cf.b):
        v = _other(cf, iid)
    else:
        act = next((x for x in reversed(st.frames) if isinstance(x, ActionFrame)), None)
        v = act.actor if act is not None and act.target_card == iid else None
    if v is None or v not in st.cards or not ctx.is_vampire(st.cards[v]) or st.cards[v].controller == me \
            or st.cards[v].region not in ("ready", "torpor"):
        return None
    return v


def strike_refusal(ctx: Ctx, m: int, desc) -> str | None:
    """Why *m* cannot use this strike: "Minions in combat with the employer cannot strike: combat ends" (Dog Pack)."""
    from vtes_desktop.engine.rules_combat import combat_frame

    f = combat_frame(ctx.st)
    if desc is not None and desc.source is not None and _of(ctx, m, "no_ranged_weapons") \
            and _ranged_weapon(ctx, desc.source):
        return f"{ctx.name(m)} cannot use ranged weapons ({ctx.name(desc.source)})"
    if desc is None or desc.kind != "combat_ends" or f is None:
        return None
    o = _other(f, m)
    for a in ctx.st.attached.get(o, ()):
        if _of(ctx, a, "no_combat_ends_strike"):
            return f"{ctx.name(m)} cannot strike: combat ends against {ctx.name(o)} ({ctx.name(a)})"
    return None


def _peek(ctx: Ctx, cmd, iid: int) -> None:
    """Fortune Teller: in your minion phase, once, look at a card picked at random from your prey's hand."""
    st = ctx.st
    name = ctx.name(iid)
    if st.active != cmd.seat or st.phase != "minion":
        raise Illegal("timing", f"{name} is used during your minion phase")
    key = (iid, ("minion use", "peek"))
    if key in st.acted:
        raise Illegal("use", f"{name} has already shown a card this minion phase")
    prey = st.prey(cmd.seat)
    hand = list(st.region(prey, "hand"))
    st.acted = st.acted | {key}
    if prey == cmd.seat or not hand:
        ctx.emit("peek", f"{poss(ctx.seat_name(prey))} hand is empty ({name}).")
        return
    t = ctx.rng().choice(hand)
    ctx.emit("peek", f"{name}: {ctx.seat_name(cmd.seat)} sees {ctx.name(t)} in {poss(ctx.seat_name(prey))} hand.",
             frozenset({cmd.seat}), f"{ctx.seat_name(cmd.seat)} looks at a card picked at random from "
             f"{poss(ctx.seat_name(prey))} hand ({name}).", cards=(t,))


def _courier(ctx: Ctx, cmd, iid: int) -> None:
    """Courier: as a minion of its controller's bleed succeeds, a look at the top card of the bled Methuselah's
    library (once each bleed), and (`effect: discard`) Courier locks to discard that card."""
    from vtes_desktop.engine import flow

    st = ctx.st
    name = ctx.name(iid)
    f = st.top
    c = st.cards[iid]
    if c.region != "ready" or c.controller != cmd.seat:
        raise Illegal("use", f"{name} is not a ready ally of {ctx.seat_name(cmd.seat)}")
    if not isinstance(f, ActionFrame) or f.stage != "resolution" or f.outcome != "successful" \
            or not (f.kind == "bleed" or f.effect == "bleed") or f.seat != cmd.seat or f.target_seat is None:
        raise Illegal("timing", f"{name} is used as a minion you control has successfully bled")
    discard = str(cmd.effect or "").strip().lower() == "discard"
    if cmd.effect and not discard:
        raise Illegal("effect", f"{name}: effect is empty (look) or discard")
    tgt = f.target_seat
    lib = st.region(tgt, "library")
    looked = any(m.kind == "courier_look" and m.card == iid for m in f.mods)
    if not discard:
        if looked:
            raise Illegal("limit", f"{name} has already looked at that card for this bleed")
        flow.set_top(ctx, f._replace(mods=f.mods + (Mod("courier_look", 0, None, iid),)))
        if not lib:
            ctx.emit("peek", f"{poss(ctx.seat_name(tgt))} library is empty ({name}).")
            return
        ctx.emit("peek", f"{name}: {ctx.seat_name(cmd.seat)} sees {ctx.name(lib[0])} on top of "
                         f"{poss(ctx.seat_name(tgt))} library.", frozenset({cmd.seat}),
                 f"{ctx.seat_name(cmd.seat)} looks at the top card of {poss(ctx.seat_name(tgt))} library ({name}).",
                 cards=(lib[0],))
        return
    if c.locked:
        raise Illegal("use", f"{name} is locked")
    if any(m.kind == "courier_discard" and m.card == iid for m in f.mods):
        raise Illegal("limit", f"{name} has already discarded that card")
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod("courier_discard", 0, None, iid),)))
    ctx.update(iid, locked=True)
    if not lib:
        ctx.emit("locked", f"{name} locks; {poss(ctx.seat_name(tgt))} library is empty.", cards=(iid,))
        return
    t = lib[0]
    ctx.move(t, "ash_heap", seat=tgt)
    ctx.emit("discarded", f"{name} locks to discard {ctx.name(t)} from the top of {poss(ctx.seat_name(tgt))} "
                          f"library.", cards=(iid, t))


def _fetch_discipline(ctx: Ctx, cmd, iid: int, clan: str) -> None:
    """Deviki Prasanta: lock in your master phase to put a master Discipline card from your library or ash heap on a
    ready vampire of *clan* you control (not one that could not take it: superior already)."""
    from vtes_desktop.engine import flow

    st = ctx.st
    name = ctx.name(iid)
    c = st.cards[iid]
    if st.active != cmd.seat or st.phase != "master" or st.frames:
        raise Illegal("timing", f"{name} is used during your master phase")
    if c.locked or c.region != "ready":
        raise Illegal("locked", f"{name} must be ready and unlocked to lock")
    if cmd.minion is None or not cmd.effect:
        raise Malformed("minion", f"{name}: name the {clan.title()} as minion and the master Discipline card as effect")
    v = flow.ref(ctx, cmd.seat, cmd.minion, what="vampire")
    vc = st.cards[v]
    if vc.controller != cmd.seat or vc.region != "ready" or not _clan_is(ctx, v, clan):
        raise Illegal("use", f"{name} puts the card on a ready {clan.title()} you control")
    pool = [i for r in ("library", "ash_heap") for i in st.region(cmd.seat, r)]
    t = next((i for i in pool if ctx.name(i).lower() == cmd.effect.strip().lower()), None)
    d = ctx.cdef(t) if t is not None else None
    if d is None or "Master" not in d.types or "discipline" not in ctx.rules(t).keywords:
        raise Illegal("use", f"{name}: {cmd.effect} is not a master Discipline card in your library or ash heap")
    tri = d.disciplines[0].lower() if d.disciplines else next(iter(re.findall(r"(?i)level of [^\[.]*\[(\w{3})\]", d.text)), "")
    if tri and ctx.discipline_level(vc, tri.lower()) >= 2:
        raise Illegal("use", f"{ctx.name(v)} already has superior [{tri.lower()}]: the card cannot go on it")
    searched = st.cards[t].region == "library"
    ctx.update(iid, locked=True)
    ctx.move(t, "attached", host=v)
    if searched:
        ctx.shuffle(cmd.seat, "library")
    ctx.emit("effect", f"{name} locks: {ctx.name(t)} goes on {ctx.name(v)}.", cards=(t, v))


def _burn_to_unlock(ctx: Ctx, cmd, iid: int) -> None:
    """Underbridge Stray: during an action directed at you (or a card you control), burn it, if it is not
    blocking, to unlock a ready minion you control."""
    from vtes_desktop.engine import flow

    st = ctx.st
    name = ctx.name(iid)
    f = st.top
    at = None if not isinstance(f, ActionFrame) else (
        f.target_seat if f.target_seat is not None else
        st.cards[f.target_card].controller if f.target_card in st.cards else None)
    if not isinstance(f, ActionFrame) or not f.directed or at != cmd.seat or f.stage == "resolution":
        raise Illegal("timing", f"{name} is burned during an action directed at you")
    if f.blocker == iid:
        raise Illegal("use", f"{name} is blocking")
    if st.cards[iid].region != "ready":
        raise Illegal("ready", f"{name} is not ready")
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the ready minion you control that unlocks")
    t = flow.ref(ctx, cmd.seat, cmd.minion, what="minion")
    tc = st.cards[t]
    if tc.controller != cmd.seat or tc.region != "ready" or t == iid:
        raise Illegal("use", f"{name} unlocks another ready minion you control")
    ctx.burn(iid, f"to unlock {ctx.name(t)}")
    ctx.update(t, locked=False)
    ctx.emit("unlocked", f"{ctx.name(t)} unlocks ({name}).", cards=(t,))


_ENTRY = "owes an ally or retainer burned"


def _entry_choices(ctx: Ctx, seat: int) -> list[int]:
    st = ctx.st
    out = [i for i in st.region(seat, "ready") if "Ally" in ctx.cdef(i).types and not st.cards[i].contested]
    out += [a for rg in ("ready", "torpor") for m in st.region(seat, rg) for a in st.attached.get(m, ())
            if "Retainer" in ctx.cdef(a).types]
    return out


def entered_play(ctx: Ctx, iid: int) -> None:
    """An ally just entered play: "After this ally enters play, burn an ally or retainer you control" (War Ghoul, the
    Vozhds): itself at once when it is the only one; otherwise owed, a `use` naming it with `minion` the card."""
    st = ctx.st
    top = st.top
    if isinstance(top, ActionFrame) and top.kind == "employ" and top.card == iid:   # Feral Hound
        rs = _of(ctx, iid, "unlock_employer")
        if rs and any(r[1] == "resolution" for r in rs):
            if st.cards[top.actor].locked:
                ctx.update(top.actor, locked=False)
                ctx.emit("unlocked", f"{ctx.name(top.actor)} unlocks ({ctx.name(iid)}).", cards=(top.actor,))
        elif rs:
            st.marks = st.marks | {(("minion", top.actor), "unlock at discard", st.turn)}
        return
    actor = top.actor if isinstance(top, ActionFrame) and top.kind == "recruit" and top.card == iid else None
    if actor is not None:
        mark = (("minion", actor), "recruited an ally", st.turn)
        first = mark not in st.marks
        st.marks = st.marks | {mark}
        if _of(ctx, iid, "link_bonus"):   # Hexaped: the vampire that recruited it
            st.marks = st.marks | {(("minion", iid), _RECRUITER, actor)}
        rep = _of(ctx, iid, "repeat_action")   # Nocturn at superior: the action again, 1 more blood each time
        olds = [mk for mk in st.marks if mk[0] == ("minion", actor) and mk[1] == _REPEAT
                and mk[2][:2] == (st.turn, st.cards[iid].cid)]
        if olds or rep:
            k = max((mk[2][2] for mk in olds), default=0)
            st.marks = st.marks - set(olds)
            if rep:
                st.marks = st.marks | {(("minion", actor), _REPEAT, (st.turn, st.cards[iid].cid, k + rep[0][1]))}
        if first and _of(ctx, iid, "unlock_recruiter_first") and st.cards[actor].locked \
                and st.cards[actor].region == "ready":
            ctx.update(actor, locked=False)
            ctx.emit("unlocked", f"{ctx.name(actor)} unlocks ({ctx.name(iid)}: its first successful recruit ally "
                                 f"action this turn).", cards=(actor,))
    entry = _of(ctx, iid, "pathos_entry")
    if entry and st.cards[iid].region == "ready":   # Reanimated Corpse: X (the blood paid), more at superior
        x = top.cost_blood if actor is not None else 0
        n = x + sum(r[1] for r in entry)
        _set_pathos(ctx, iid, n, st.cards[iid].controller)
        ctx.emit("counter", f"{ctx.name(iid)} enters play with {n} pathos counters.", cards=(iid,))
        if n == 0:
            _pathos_gone(ctx, iid)
            return
    if _of(ctx, iid, "entry_remove_for_life") and st.cards[iid].region == "ready":   # Corrupt Construction
        st.marks = st.marks | {(("minion", iid), _MAY_REMOVE, st.turn)}
        ctx.emit("note", f"{ctx.seat_name(st.cards[iid].controller)} may remove ally, retainer or vampire cards of their "
                         f"ash heap or hand from the game for {ctx.name(iid)} (a use of it), 1 life each.", cards=(iid,))
    if _of(ctx, iid, "no_life_gain") and st.cards[iid].region == "ready":   # Shambling Hordes
        st.marks = st.marks | {(("minion", iid), _LIFE_CAP, st.cards[iid].counters)}
    if _of(ctx, iid, "entry_remove_or_burn") and not st.cards[iid].contested and st.cards[iid].region == "ready":
        seat = st.cards[iid].controller
        if not any(_ally_or_vampire_card(ctx, h) for h in st.region(seat, "ash_heap")):
            ctx.burn(iid, "no ally or vampire card in the ash heap to remove")
        else:
            st.marks = st.marks | {(("minion", iid), _ENTRY, seat)}
            ctx.emit("note", f"{ctx.seat_name(seat)} removes an ally or vampire card of their ash heap from the game for "
                             f"{ctx.name(iid)} or burns it (a use of it, effect: the card or burn).", cards=(iid,))
        return
    if _of(ctx, iid, "entry_master_or_burn") and not st.cards[iid].contested and st.cards[iid].region == "ready":
        seat = st.cards[iid].controller
        if not any(_is_master_discipline(ctx, h) for h in st.region(seat, "hand")):
            ctx.burn(iid, "no master Discipline card in hand to put on it")
        else:
            st.marks = st.marks | {(("minion", iid), _ENTRY, seat)}
            ctx.emit("note", f"{ctx.seat_name(seat)} puts a master Discipline card from their hand on {ctx.name(iid)} "
                             f"or burns it (a use of it, effect: the card or burn).", cards=(iid,))
        return
    if not _of(ctx, iid, "entry_burn_other"):
        return
    if st.cards[iid].contested or st.cards[iid].region != "ready":
        return
    seat = st.cards[iid].controller
    name = ctx.name(iid)
    if _entry_choices(ctx, seat) == [iid]:
        ctx.burn(iid, "no other ally or retainer to burn as it enters play")
        return
    st.marks = st.marks | {(("minion", iid), _ENTRY, seat)}
    ctx.emit("note", f"{ctx.seat_name(seat)} burns an ally or retainer they control for {name} (a use of {name} "
                     f"naming it as minion; {name} itself is one).", cards=(iid,))


_LIFE_CAP = "life it cannot exceed"


def _ally_or_vampire_card(ctx: Ctx, h: int) -> bool:
    return bool({"Ally", "Vampire"} & set(ctx.cdef(h).types))


def _life_cap_record(ctx: Ctx, iid: int) -> None:
    """Start the record of an ally that cannot gain life (put in play some other way than recruited)."""
    st = ctx.st
    c = st.cards.get(iid)
    if c is None or c.region != "ready" or not _of(ctx, iid, "no_life_gain"):
        return
    if not any(m[0] == ("minion", iid) and m[1] == _LIFE_CAP for m in st.marks):
        st.marks = st.marks | {(("minion", iid), _LIFE_CAP, c.counters)}


def life_caps(ctx: Ctx) -> None:
    """Shambling Hordes cannot gain life: after each step, life above what it had goes to the blood bank."""
    st = ctx.st
    for mk in [m for m in st.marks if m[1] == _LIFE_CAP]:
        iid = mk[0][1]
        c = st.cards.get(iid)
        if c is None or c.region != "ready":
            st.marks = st.marks - {mk}
        elif c.counters != mk[2]:
            if c.counters > mk[2]:
                ctx.emit("life", f"{ctx.name(iid)} cannot gain life: {c.counters - mk[2]} goes to the blood bank.",
                         cards=(iid,))
                ctx.update(iid, counters=mk[2])
            else:
                st.marks = (st.marks - {mk}) | {(mk[0], _LIFE_CAP, c.counters)}


def _is_master_discipline(ctx: Ctx, h: int) -> bool:
    d = ctx.cdef(h)
    return "Master" in d.types and ("discipline" in ctx.rules(h).keywords or bool(re.search(r"(?i)master: discipline", d.text)))


def _entry_burn(ctx: Ctx, cmd, iid: int) -> None:
    from vtes_desktop.engine import flow

    st = ctx.st
    name = ctx.name(iid)
    if _of(ctx, iid, "entry_remove_or_burn"):   # Shambling Hordes
        eff = (cmd.effect or "").strip().lower()
        if eff == "burn":
            st.marks = st.marks - {(("minion", iid), _ENTRY, cmd.seat)}
            ctx.burn(iid, "no card removed for it")
            return
        card = next((h for h in st.region(cmd.seat, "ash_heap") if ctx.name(h).lower() == eff), None)
        if card is None or not _ally_or_vampire_card(ctx, card):
            raise Illegal("use", f"{name}: name an ally or vampire card of your ash heap as `effect` (or `burn`)")
        st.marks = st.marks - {(("minion", iid), _ENTRY, cmd.seat)}
        ctx.move(card, "removed")
        ctx.emit("removed", f"{ctx.name(card)} is removed from the game ({name}).", cards=(card,))
        return
    if _of(ctx, iid, "entry_master_or_burn"):   # Bima
        eff = (cmd.effect or "").strip().lower()
        if eff == "burn":
            st.marks = st.marks - {(("minion", iid), _ENTRY, cmd.seat)}
            ctx.burn(iid, "no master Discipline card put on it")
            return
        card = next((h for h in st.region(cmd.seat, "hand") if ctx.name(h).lower() == eff), None)
        if card is None:
            raise Malformed("effect", f"{name}: name the master Discipline card in your hand as `effect` (or `burn`)")
        if not _is_master_discipline(ctx, card):
            raise Illegal("use", f"{name}: {ctx.name(card)} is not a master Discipline card")
        st.marks = st.marks - {(("minion", iid), _ENTRY, cmd.seat)}
        ctx.move(card, "attached", host=iid)
        ctx.emit("attached", f"{ctx.name(card)} is put on {name}.", cards=(card, iid))
        ctx.draw(cmd.seat, 1)
        return
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the ally or retainer you control that is burned (it may be {name})")
    t = flow.ref(ctx, cmd.seat, cmd.minion)
    if t not in _entry_choices(ctx, cmd.seat):
        raise Illegal("target", f"{name}: {ctx.name(t)} is not an ally or retainer you control")
    st.marks = st.marks - {(("minion", iid), _ENTRY, cmd.seat)}
    ctx.burn(t, f"as {name} enters play")


def phase_end_refusal(ctx: Ctx, seat: int) -> str | None:
    """Why *seat*'s phase cannot end yet: an ally that entered play still owes the burning of an ally or retainer."""
    st = ctx.st
    if not st.marks:
        return None
    for m in st.marks:
        if m[1] == _ENTRY and m[2] == seat and st.cards[m[0][1]].region == "ready":
            if _of(ctx, m[0][1], "entry_master_or_burn"):
                return (f"{ctx.seat_name(seat)} must first put a master Discipline card on {ctx.name(m[0][1])} or burn "
                        f"it (a use of it)")
            if _of(ctx, m[0][1], "entry_remove_or_burn"):
                return (f"{ctx.seat_name(seat)} must first remove an ally or vampire card of their ash heap for "
                        f"{ctx.name(m[0][1])} or burn it (a use of it)")
            return (f"{ctx.seat_name(seat)} must first burn an ally or retainer they control for {ctx.name(m[0][1])} "
                    f"(a use of it naming the card as minion)")
        if m[1] == _DUTY and m[2] == seat and st.cards[m[0][1]].region in ("ready", "attached"):
            return f"{ctx.seat_name(seat)} must first choose for {ctx.name(m[0][1])} (a use of it)"
    return None


def _own_unlock_phase(ctx: Ctx, cmd, iid: int, name: str) -> None:
    st = ctx.st
    if st.phase != "unlock" or st.active != cmd.seat or st.frames:
        raise Illegal("timing", f"{name} does this during your unlock phase")


def _discard_for_life(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Vozhd of Sofia: in your unlock phase, discard an ally or retainer card for 2 life."""
    st = ctx.st
    name = ctx.name(iid)
    _own_unlock_phase(ctx, cmd, iid, name)
    want = (cmd.effect or "").strip().lower()
    hand = st.region(cmd.seat, "hand")
    card = next((h for h in hand if ctx.name(h).lower() == want), None)
    if card is None:
        raise Malformed("effect", f"{name}: name the ally or retainer card in your hand that you discard as `effect`")
    if not {"Ally", "Retainer"} & set(ctx.cdef(card).types):
        raise Illegal("use", f"{name}: {ctx.name(card)} is not an ally or retainer card")
    ctx.move(card, "ash_heap")
    ctx.emit("discarded", f"{ctx.seat_name(cmd.seat)} discards {ctx.name(card)} ({name}).", cards=(card,))
    ctx.draw(cmd.seat, 1)
    ctx.update(iid, counters=st.cards[iid].counters + r[1])
    ctx.emit("life", f"{name} gains {r[1]} life.", cards=(iid,))


def _burn_location(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """War Ghoul: lock and burn itself to burn a location, except during combat."""
    from vtes_desktop.engine import flow
    from vtes_desktop.engine.rules_combat import combat_frame

    st = ctx.st
    name = ctx.name(iid)
    c = st.cards[iid]
    if combat_frame(st) is not None:
        raise Illegal("timing", f"{name} does this except during combat")
    if c.locked or c.region != "ready":
        raise Illegal("locked", f"{name} must be ready and unlocked to lock")
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the location it burns as `minion`")
    t = flow.ref(ctx, cmd.seat, cmd.minion)
    tc = st.cards[t]
    if "location" not in ctx.rules(t).keywords or tc.region not in ("in_play", "attached"):
        raise Illegal("target", f"{name}: {ctx.name(t)} is not a location in play")
    ctx.update(iid, locked=True)
    ctx.burn(iid, "locked and burned to burn a location")
    ctx.burn(t, f"{name}")


def _blood_to_unlock(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Vozhd of Szczecin: in another Methuselah's minion phase, a Tzimisce you control burns 1 blood to unlock it."""
    from vtes_desktop.engine import flow

    st = ctx.st
    name = ctx.name(iid)
    if st.phase != "minion" or st.active == cmd.seat:
        raise Illegal("timing", f"{name} unlocks this way during another Methuselah's minion phase")
    if not st.cards[iid].locked:
        raise Illegal("use", f"{name} is not locked")
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the {r[1].title()} you control that burns {r[2]} blood as `minion`")
    v = flow.ref(ctx, cmd.seat, cmd.minion)
    vc = st.cards[v]
    if vc.controller != cmd.seat or vc.region != "ready" or not _clan_is(ctx, v, r[1]):
        raise Illegal("target", f"{name}: {ctx.name(v)} is not a ready {r[1].title()} you control")
    if vc.counters < r[2]:
        raise Illegal("cost", f"{ctx.name(v)} has no blood to burn")
    ctx.update(v, counters=vc.counters - r[2])
    ctx.update(iid, locked=False)
    ctx.emit("unlocked", f"{ctx.name(v)} burns {r[2]} blood: {name} unlocks.", cards=(v, iid))


def _discard_to_prevent(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Vozhd of Szczecin: once each combat, discard a card requiring Protean to prevent 2 damage to it."""
    from vtes_desktop.engine.rules_combat import _prevent, _set_combat, combat_frame
    from vtes_desktop.engine.state import DamageFrame

    st = ctx.st
    name = ctx.name(iid)
    f = st.top
    cf = combat_frame(st)
    if not isinstance(f, DamageFrame) or cf is None or iid not in (cf.a, cf.b) \
            or not any(h.target == iid and not h.unpreventable for h in f.hits):
        raise Illegal("timing", f"{name} prevents damage inflicted on it in combat")
    if (iid, iid, "discard prevent") in cf.used:
        raise Illegal("prevent", f"{name} can do this once each combat")
    want = (cmd.effect or "").strip().lower()
    card = next((h for h in st.region(cmd.seat, "hand") if ctx.name(h).lower() == want), None)
    if card is None:
        raise Malformed("effect", f"{name}: name the card requiring Protean in your hand that you discard as `effect`")
    rules = ctx.rules(card)
    if r[1] not in {d.lower() for m in rules.modes for d in (m.disciplines or ())} | \
            {d.lower() for d in (rules.disciplines or ())}:
        raise Illegal("use", f"{name}: {ctx.name(card)} does not require Protean")
    ctx.move(card, "ash_heap")
    ctx.emit("discarded", f"{ctx.seat_name(cmd.seat)} discards {ctx.name(card)} ({name}).", cards=(card,))
    ctx.draw(cmd.seat, 1)
    _prevent(ctx, st.top, iid, r[2], name)
    cf = combat_frame(st)
    _set_combat(ctx, cf._replace(used=cf.used | {(iid, iid, "discard prevent")}))


def _steal_from_own(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Vozhd of Juiz de Fora: in your unlock phase, steal blood from a Tzimisce you control, becoming life, up to its
    starting life (`effect` the amount)."""
    from vtes_desktop.engine import flow
    from vtes_desktop.engine.rules_action import _life

    st = ctx.st
    name = ctx.name(iid)
    _own_unlock_phase(ctx, cmd, iid, name)
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the {r[1].title()} you control as `minion`")
    v = flow.ref(ctx, cmd.seat, cmd.minion)
    vc = st.cards[v]
    if vc.controller != cmd.seat or vc.region not in ("ready", "torpor") or not _clan_is(ctx, v, r[1]):
        raise Illegal("target", f"{name}: {ctx.name(v)} is not a {r[1].title()} you control")
    try:
        n = int((cmd.effect or "1").strip())
    except ValueError:
        raise Malformed("effect", f"{name}: say how much blood it steals as `effect` (a number)") from None
    c = st.cards[iid]
    room = _life(ctx, iid, c.level) - c.counters
    if n < 1 or n > vc.counters or n > room:
        raise Illegal("use", f"{name} can steal 1 to {min(vc.counters, room)} blood (its starting life is "
                             f"{_life(ctx, iid, c.level)})")
    ctx.update(v, counters=vc.counters - n)
    ctx.update(iid, counters=c.counters + n)
    ctx.emit("blood", f"{name} steals {n} blood from {ctx.name(v)}, becoming life.", cards=(iid, v))


def _lock_prevent_employer(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Szlachta Bodyguard: the employer locks it to prevent 1 damage in combat."""
    from vtes_desktop.engine.rules_combat import _prevent, combat_frame
    from vtes_desktop.engine.state import DamageFrame

    st = ctx.st
    name = ctx.name(iid)
    c = st.cards[iid]
    host = c.host
    f = st.top
    cf = combat_frame(st)
    if c.locked:
        raise Illegal("locked", f"{name} is locked")
    if not isinstance(f, DamageFrame) or cf is None or host not in (cf.a, cf.b) \
            or not any(h.target == host and not h.unpreventable and h.normal + h.aggravated
                       > h.prevented_normal + h.prevented_aggravated for h in f.hits):
        raise Illegal("timing", f"{name} prevents damage inflicted on its employer in combat")
    ctx.update(iid, locked=True)
    _prevent(ctx, f, host, r[1], name)


def _burn_fail_directed(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Szlachta Bodyguard (an action directed at a minion you control) and Screamer (as an action directed at an ally
    you control is announced): burned to have that action fail."""
    from vtes_desktop.engine import flow

    st = ctx.st
    name = ctx.name(iid)
    f = st.top
    if not isinstance(f, ActionFrame) or not f.directed or f.stage not in ("announced", "blocks", "attempt", "declined") \
            or f.outcome is not None:
        raise Illegal("timing", f"{name} is burned during an action directed at a minion you control, before it "
                                "resolves")
    if r[2] == "announced" and f.stage != "announced":
        raise Illegal("timing", f"{name} is burned as the action is announced (before blocks)")
    t = f.target_card
    tc = st.cards.get(t) if t is not None else None
    if tc is not None and tc.region == "attached" and r[1] == "minion":
        tc = None
    if tc is None or tc.controller != cmd.seat or not ctx.is_minion(tc) \
            or (r[1] == "ally" and "Ally" not in ctx.cdef(t).types):
        raise Illegal("target", f"{name}: the action is not directed at {'an ally' if r[1] == 'ally' else 'a minion'} "
                                "you control")
    ctx.burn(iid, "to have the action fail")
    f = st.top
    flow.set_top(ctx, f._replace(outcome="unsuccessful", stage="resolution", imp=f.imp._replace(at=0, passes=0)))
    ctx.emit("unsuccessful", f"The action directed at {ctx.name(t)} fails ({name} is burned).", cards=(t,))


def used_as_announced(ctx: Ctx, cmd) -> bool:
    """A use of this family's made as an action is announced (Screamer): no implicit pass moves the action on."""
    from vtes_desktop.engine import flow

    if cmd.card == "edge" or cmd.minion is not None:
        return False
    try:
        iid = flow.ref(ctx, cmd.seat, cmd.card)
    except (Malformed, Illegal):
        return False
    return iid in ctx.st.cards and (any(r[2] == "announced" for r in _of(ctx, iid, "burn_fail_directed"))
                                    or bool(_of(ctx, iid, "lock_give_bleed_announced")))


def _burn_minus_stealth(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Screamer: burned to give a minion of your predator or prey -1 stealth (the acting minion, this action)."""
    from vtes_desktop.engine import flow

    st = ctx.st
    name = ctx.name(iid)
    f = st.top
    if not isinstance(f, ActionFrame) or f.stage not in ("announced", "blocks", "attempt", "declined"):
        raise Illegal("timing", f"{name} gives -{r[1]} stealth to an acting minion, before its action resolves")
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the acting minion that gets -{r[1]} stealth as `minion`")
    t = flow.ref(ctx, cmd.seat, cmd.minion)
    if t != f.actor:
        raise Illegal("stealth", f"stealth goes to the acting minion; {ctx.name(t)} is not acting")
    if st.cards[t].controller not in (st.prey(cmd.seat), st.predator(cmd.seat)):
        raise Illegal("target", f"{name}: {ctx.name(t)} is not controlled by your predator or prey")
    c = st.cards[iid]
    ctx.burn(iid, f"to give -{r[1]} stealth")
    f = st.top
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod("stealth", -r[1], t, iid, c.cid),)))
    ctx.emit("effect", f"{name} is burned: {ctx.name(t)} gets -{r[1]} stealth.", cards=(t,))


def _life_for_bleed(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Succubus (once each turn), Samuel Haight (once each action): the ally burns 1 life for +1 bleed during its
    own bleed, before it resolves."""
    from vtes_desktop.engine import flow
    from vtes_desktop.engine.effects_crypt import _OPEN, _action_kind

    st = ctx.st
    name = ctx.name(iid)
    f = st.top
    if not isinstance(f, ActionFrame) or f.actor != iid or f.stage not in _OPEN or _action_kind(f) != "bleed":
        raise Illegal("timing", f"{name} burns a life for +{r[1]} bleed during its own bleed, before it resolves")
    mark = (("minion", iid), "life for bleed", st.turn)
    if r[2] == "turn" and mark in st.marks:
        raise Illegal("use", f"{name} can do this once each turn")
    if r[2] == "action" and any(m.kind == "bleed" and m.card == iid for m in f.mods):
        raise Illegal("use", f"{name} can do this once each action")
    c = st.cards[iid]
    if c.counters < 1:
        raise Illegal("cost", f"{name} has no life to burn")
    if r[2] == "turn":
        st.marks = st.marks | {mark}
    ctx.update(iid, counters=c.counters - 1)
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod("bleed", r[1], iid, iid, c.cid),)))
    ctx.emit("effect", f"{name} burns 1 life: +{r[1]} bleed for this action.", cards=(iid,))
    if c.counters - 1 <= 0:
        ctx.burn(iid, "no life left")


def _lock_after_unsuccessful(ctx: Ctx, cmd, iid: int, n: int) -> None:
    """Neighborhood Watch Commander: lock as an unsuccessful action ends to inflict 1 damage on its acting vampire."""
    from vtes_desktop.engine import flow
    from vtes_desktop.engine.rules_combat import open_damage

    st = ctx.st
    name = ctx.name(iid)
    c = st.cards[iid]
    f = st.top
    if not isinstance(f, ActionFrame) or f.stage != "resolution" or f.outcome not in ("blocked", "unsuccessful"):
        raise Illegal("timing", f"{name} locks after the resolution of an unsuccessful action")
    if c.locked or c.region != "ready":
        raise Illegal("locked", f"{name} must be ready and unlocked to lock")
    if f.actor not in st.cards or not ctx.is_vampire(st.cards[f.actor]) or st.cards[f.actor].region != "ready":
        raise Illegal("use", f"{name} inflicts damage on an acting vampire; {ctx.name(f.actor)} is not one")
    if any(x.kind == "nwc_damage" for x in f.mods):
        raise Illegal("use", f"only one {name} can lock to inflict damage each action")
    ctx.update(iid, locked=True)
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod("nwc_damage", n, f.actor, iid, c.cid),)))
    open_damage(ctx, (Hit(f.actor, n, 0, source=None, via=iid),))


def combat_started(ctx: Ctx) -> None:
    """A combat just begun from a block of a directed action: the blocking ally sets the first round at close
    range (Asanbonsam Ghoul); the blocker's retainer gives it an optional maneuver that round (Corpse Balloon)."""
    from vtes_desktop.engine.rules_combat import _set_combat, combat_frame

    st = ctx.st
    cf = combat_frame(st)
    if cf is not None:
        _open_hand(ctx, cf)   # Owl Companion
        _life_cap_record(ctx, cf.a)
        _life_cap_record(ctx, cf.b)
    act = next((x for x in reversed(st.frames) if isinstance(x, ActionFrame)), None)
    if cf is None or act is None or act.blocker != cf.b or cf.round != 1:
        return
    for x, y in ((cf.a, cf.b), (cf.b, cf.a)):   # Spiritual Protector: the employer's opponent uses no equipment
        if any(_of(ctx, a, "no_equipment_opponent") for a in st.attached.get(x, ())) and ("no_equipment", y) not in cf.used:
            cf = cf._replace(used=cf.used | {("no_equipment", y)})
            _set_combat(ctx, cf)
            ctx.emit("note", f"{ctx.name(y)} cannot use equipment during this combat (the retainer of {ctx.name(x)}).",
                     cards=(y,))
    if not act.directed:
        return
    b = cf.b
    for g in list(st.region(st.cards[cf.a].controller, "ready")) if st.marks else ():   # Brigitte Gebauer
        mark = (("minion", g), _GAVE, (cf.a, st.turn))
        if mark in st.marks and _of(ctx, g, "life_if_combat"):
            st.marks = st.marks - {mark}
            n = _of(ctx, g, "life_if_combat")[0][1]
            ctx.update(g, counters=max(0, st.cards[g].counters - n))
            ctx.emit("hurt", f"{ctx.name(g)} burns {n} life (the action it helped was blocked).", cards=(g,))
            if st.cards[g].counters <= 0:
                ctx.burn(g, "no life left")
    for r_ in list(st.attached.get(cf.a, ())):   # Malajit: burned once the action he gave stealth to is blocked
        mark = (("minion", r_), _GAVE, (cf.a, st.turn))
        if _of(ctx, r_, "burn_if_blocked") and mark in st.marks:
            st.marks = st.marks - {mark}
            ctx.burn(r_, "the action was blocked")
    if _of(ctx, b, "block_close"):
        cf = cf._replace(range="close", range_set=True)
        ctx.emit("range", f"{ctx.name(b)} blocked: the range for the first round is close.", cards=(b,))
    for a in st.attached.get(b, ()):
        for r in _of(ctx, a, "block_maneuver"):
            cf = cf._replace(granted=cf.granted + ((b, "maneuver", r[1]),))
            ctx.emit("granted", f"{ctx.name(b)} gets {r[1]} optional maneuver this round ({ctx.name(a)}).", cards=(b,))
    _set_combat(ctx, cf)


def use_from_ash_heap(ctx: Ctx, cmd, iid: int) -> bool:
    """Emerald Legionnaire: in your unlock phase, with fewer copies in play than ready Harbinger of Skulls you
    control, remove 7 cards of your ash heap from the game (named in `effect`, separated by ";") to move this copy
    from your ash heap to your ready region with 2 life. False if the card has no such text."""
    st = ctx.st
    c = st.cards[iid]
    reads = _of(ctx, iid, "return_from_ash")
    if c.region != "ash_heap" or not reads:
        return False
    _, clan, n, life = reads[0]
    name = ctx.name(iid)
    if c.owner != cmd.seat:
        raise Illegal("use", f"{name} is not in your ash heap")
    if st.active != cmd.seat or st.phase != "unlock" or st.frames:
        raise Illegal("timing", f"{name} comes back from the ash heap during your own unlock phase")
    mine = [i for i in st.region(cmd.seat, "ready") if st.cards[i].controller == cmd.seat]
    copies = sum(1 for i in mine if st.cards[i].cid == c.cid)
    ready_clan = sum(1 for i in mine if _clan_is(ctx, i, clan))
    if copies >= ready_clan:
        raise Illegal("use", f"{name}: you control {copies} cop{'y' if copies == 1 else 'ies'} of it and "
                             f"{ready_clan} ready {clan.title()}; you need fewer copies than {clan.title()}")
    from vtes_desktop.engine import flow

    names = [x.strip() for x in (cmd.effect or "").split(";") if x.strip()]
    if len(names) != n:
        raise Malformed("effect", f"{name}: name the {n} cards of your ash heap removed from the game, separated by ';'")
    pool = [i for i in st.region(cmd.seat, "ash_heap") if i != iid]
    picked = []
    for nm in names:
        try:
            x = flow.ref(ctx, cmd.seat, nm)
        except (Illegal, Malformed):
            x = None
        if x is None or x not in pool or x in picked:
            x = next((i for i in pool if i not in picked and ctx.name(i).lower() == nm.lower()), None)
        if x is None:
            raise Illegal("use", f"{name}: {nm} is not another card in your ash heap")
        picked.append(x)
    for x in picked:
        ctx.move(x, "removed")
    ctx.move(iid, "ready", seat=cmd.seat, counters=life)
    ctx.emit("effect", f"{ctx.seat_name(cmd.seat)} removes {n} cards of their ash heap from the game: {name} "
                       f"returns to play with {life} life.", cards=(iid,))
    return True


# -- the legal answer -------------------------------------------------------------------------------------------

def _more_candidates(ctx: Ctx, seat: int, top) -> list:
    """Uses of the later readings, offered where they apply (the caller keeps those the engine accepts)."""
    st = ctx.st
    out: list = []
    ready = st.region(seat, "ready")
    if isinstance(top, ActionFrame) and top.stage in ("announced", "blocks", "attempt", "declined") \
            and top.outcome is None and top.actor in st.cards and st.cards[top.actor].controller == seat:
        if top.kind == "recruit":
            out += [C.Use(seat=seat, card=a) for a in st.attached.get(top.actor, ())
                    if _of(ctx, a, "burn_recruit_discount")]
        if _of(ctx, top.actor, "copy_bleed"):
            out += [C.Use(seat=seat, card=top.actor, minion=t) for t in ready if t != top.actor]
    if isinstance(top, DamageFrame):
        from vtes_desktop.engine.rules_combat import combat_frame

        cf = combat_frame(st)
        for h in top.hits if cf is not None else ():
            if h.target not in st.cards or st.cards[h.target].controller != seat:
                continue
            for i in ready:
                if _of(ctx, i, "lock_prevent_clan") and not st.cards[i].locked:
                    out.append(C.Use(seat=seat, card=i, minion=h.target))
                if _of(ctx, i, "copy_prevent") and i != h.target and st.cards[i].cid == st.cards[h.target].cid:
                    out.append(C.Use(seat=seat, card=i, minion=h.target))
    if isinstance(top, CombatFrame) and top.step in ("before_range", "range", "before_strikes", "strike"):
        out += [C.Use(seat=seat, card=m) for m in (top.a, top.b)
                if st.cards[m].controller == seat and _of(ctx, m, "pool_immune_round")]
        if top.step == "before_range" and not top.range_set:
            out += [C.Use(seat=seat, card=m, effect=r) for m in (top.a, top.b) for r in ("close", "long")
                    if st.cards[m].controller == seat and _of(ctx, m, "pool_sets_range")]
    if st.marks:
        for mk in st.marks:
            if mk[1] == _MAY_REMOVE and mk[0][1] in st.cards and st.cards[mk[0][1]].controller == seat:
                out += [C.Use(seat=seat, card=mk[0][1], effect=ctx.name(i)) for rg in ("hand", "ash_heap")
                        for i in st.region(seat, rg) if {"Ally", "Retainer", "Vampire"} & set(ctx.cdef(i).types)]
            elif mk[1] == "combat ended" and mk[0][1] in st.cards and st.cards[mk[0][1]].controller == seat \
                    and mk[2][0] == st.turn and st.cards[mk[0][1]].locked:
                out.append(C.Use(seat=seat, card=mk[0][1]))
    if st.active == seat and st.phase == "master" and not st.frames:
        for v in ready:
            for a in st.attached.get(v, ()):
                if _of(ctx, a, "master_phase_discipline"):
                    out += [C.Use(seat=seat, card=a, effect=d.lower()) for d in ctx.cdef(v).disciplines
                            if d.islower()]
    return out


def candidates(game, seat: int) -> list:
    """Commands this family may make legal for *seat* now (the caller keeps those the engine accepts)."""
    st = game.state
    top = st.top
    out: list = []
    ctx = Ctx(game, st)
    if not (st.active == seat and st.phase == "unlock"):   # (the ash heap's Emerald Legionnaire, below)
        ready = st.region(seat, "ready")
        if not any(specs(ctx, i) for i in ready) and not any(
                specs(ctx, a) for rg in (ready, st.region(seat, "torpor")) for i in rg for a in st.attached.get(i, ())):
            return out   # no ally or retainer of this family's on this seat's side
    if isinstance(top, ActionFrame) and top.target_seat == seat and top.stage in ("announced", "blocks", "attempt",
                                                                                 "declined"):
        out += [C.Use(seat=seat, card=i) for i in st.region(seat, "ready") if _of(ctx, i, "reduce_bleed_burn")]
    if isinstance(top, ActionFrame) and top.stage == "attempt":
        mine = [i for i in st.region(seat, "ready")]
        mine += [a for i in mine for a in st.attached.get(i, ())]
        for iid in mine:
            if _of(ctx, iid, "blood_for_intercept"):
                out.append(C.Use(seat=seat, card=iid, effect="intercept 1"))
            for r in _gives(ctx, iid):
                for t in (top.actor, top.blocker):
                    if t is not None:
                        out += [C.Use(seat=seat, card=iid, minion=t, effect=x) for x in r[1].split("|")]
    if st.active == seat and st.phase == "discard" and not st.frames and st.marks:
        vs = _diablerists(ctx, seat)
        for iid in st.region(seat, "ready") if vs else ():
            if _of(ctx, iid, "burn_diablerist"):
                out += [C.Use(seat=seat, card=iid, minion=v) for v in vs]
    if isinstance(top, ActionFrame) and top.stage == "resolution" and top.outcome in ("blocked", "unsuccessful"):
        out += [C.Use(seat=seat, card=i) for i in st.region(seat, "ready") if _of(ctx, i, "lock_after_unsuccessful")]
    if isinstance(top, ActionFrame) and top.stage == "attempt" and top.blocker is not None \
            and st.cards[top.blocker].controller == seat and _of(ctx, top.blocker, "life_for_intercept"):
        out.append(C.Use(seat=seat, card=top.blocker))
    if isinstance(top, CombatFrame):
        mine = [m for m in (top.a, top.b) if st.cards[m].controller == seat]
        for iid in st.region(seat, "ready"):
            if _of(ctx, iid, "lock_maneuver"):
                out += [C.Use(seat=seat, card=iid, minion=m) for m in mine]
            if _of(ctx, iid, "lock_sets_range") or _of(ctx, iid, "takes_over_combat"):
                out.append(C.Use(seat=seat, card=iid))
            if _of(ctx, iid, "life_for_press"):
                out += [C.Use(seat=seat, card=iid, minion=m) for m in mine]
            if _of(ctx, iid, "gianna") and mine:
                out.append(C.Use(seat=seat, card=iid))
                for m in mine:
                    out += [C.Use(seat=seat, card=iid, minion=a) for a in st.attached.get(_other(top, m), ())]
        for m in mine:
            for a in st.attached.get(m, ()) if top.step == "strike" and top.range == "close" else ():
                if any(len(r) > 4 for r in _of(ctx, a, "round_damage")):   # Duma Rafiki
                    out += [C.Use(seat=seat, card=a, minion=w) for w in st.attached.get(_other(top, m), ())]
            for a in st.attached.get(m, ()):
                if _of(ctx, a, "blocked_escape"):
                    out.append(C.Use(seat=seat, card=a))
            if _of(ctx, m, "combat_extra_once"):
                out.append(C.Use(seat=seat, card=m))
            for a in st.attached.get(m, ()):
                if _of(ctx, a, "employer_sets_range"):
                    out += [C.Use(seat=seat, card=a, effect=x) for x in ("close", "long")]
    if st.active == seat and st.phase == "minion" and not st.frames:
        out += [C.Use(seat=seat, card=a) for i in st.region(seat, "ready") for a in st.attached.get(i, ())
                if _of(ctx, a, "peek_prey")]
    top = st.top
    if isinstance(top, ActionFrame) and top.seat == seat and top.stage == "resolution" and top.outcome == "successful":
        for iid in st.region(seat, "ready"):
            if _of(ctx, iid, "courier_peek"):
                out += [C.Use(seat=seat, card=iid), C.Use(seat=seat, card=iid, effect="discard")]
    if st.active == seat and st.phase == "master" and not st.frames:
        for iid in st.region(seat, "ready"):
            for r in _of(ctx, iid, "lock_fetch_discipline"):
                cards = [i for rg in ("ash_heap", "library") for i in st.region(seat, rg)
                         if "discipline" in ctx.rules(i).keywords and "Master" in ctx.cdef(i).types][:10]
                out += [C.Use(seat=seat, card=iid, minion=v, effect=ctx.name(t)) for v in st.region(seat, "ready")
                        if _clan_is(ctx, v, r[1]) for t in cards]
    if st.active == seat and st.phase == "minion" and not st.frames:
        others = [i for s2 in st.live_seats() if s2 != seat for i in st.region(s2, "ready")]
        others += [a for i in others for a in st.attached.get(i, ())]
        for iid in st.region(seat, "ready"):
            if _of(ctx, iid, "self_unlock") and st.cards[iid].locked:
                out.append(C.Use(seat=seat, card=iid))
            if _of(ctx, iid, "own_action") and not st.cards[iid].locked:
                if any(r[3].startswith("self") for r in _of(ctx, iid, "own_action")):
                    out.append(C.Action(seat=seat, minion=iid, kind="card", **{"from": iid}))
                if any(r[3] == "own torpor vampire" for r in _of(ctx, iid, "own_action")):
                    out += [C.Action(seat=seat, minion=iid, kind="card", target=t, **{"from": iid})
                            for t in st.region(seat, "torpor")]
                if any(r[3].startswith("library ") for r in _of(ctx, iid, "own_action")):
                    out.append(C.Action(seat=seat, minion=iid, kind="card", **{"from": iid}))
            if _of(ctx, iid, "container_drain") and _containers(ctx, iid):
                out += [C.Action(seat=seat, minion=v, kind="card", **{"from": iid}) for v in st.region(seat, "ready")
                        if not st.cards[v].locked and _clan_is(ctx, v, _of(ctx, iid, "container_drain")[0][1])]
            if _of(ctx, iid, "own_action") and not st.cards[iid].locked:
                if any(r[3] == "methuselah" for r in _of(ctx, iid, "own_action")):
                    out += [C.Action(seat=seat, minion=iid, kind="card", target=st.seats[s2].name, **{"from": iid})
                            for s2 in st.live_seats()]
                out += [C.Action(seat=seat, minion=iid, kind="card", target=t, **{"from": iid}) for t in others]
            for a in st.attached.get(iid, ()):
                for r in _of(ctx, a, "own_action") if not st.cards[iid].locked else ():
                    out += [C.Action(seat=seat, minion=iid, kind="card", **{"from": a})] if r[3] == "employer" else \
                        [C.Action(seat=seat, minion=iid, kind="card", target=t, **{"from": a}) for t in others]
    if st.active == seat and st.phase == "unlock" and not st.frames:
        ash = st.region(seat, "ash_heap")
        for iid in ash:
            r = _of(ctx, iid, "return_from_ash")
            others = [i for i in reversed(ash) if i != iid]   # the default choice: the cards longest in the heap
            if r and len(others) >= r[0][2]:
                out.append(C.Use(seat=seat, card=iid, effect="; ".join(ctx.name(i) for i in others[:r[0][2]])))
                break
    if st.marks:
        for mk in st.marks:
            if mk[1] == _ENTRY and mk[2] == seat and st.cards[mk[0][1]].region == "ready":
                if _of(ctx, mk[0][1], "entry_remove_or_burn"):
                    out += [C.Use(seat=seat, card=mk[0][1], effect=ctx.name(h)) for h in st.region(seat, "ash_heap")
                            if _ally_or_vampire_card(ctx, h)] + [C.Use(seat=seat, card=mk[0][1], effect="burn")]
                    continue
                if _of(ctx, mk[0][1], "entry_master_or_burn"):
                    out += [C.Use(seat=seat, card=mk[0][1], effect=ctx.name(h)) for h in st.region(seat, "hand")
                            if _is_master_discipline(ctx, h)] + [C.Use(seat=seat, card=mk[0][1], effect="burn")]
                    continue
                out += [C.Use(seat=seat, card=mk[0][1], minion=t) for t in _entry_choices(ctx, seat)]
    if st.marks:
        for mk in st.marks:
            if mk[1] == _DUTY and mk[2] == seat and st.cards[mk[0][1]].region in ("ready", "attached"):
                i = mk[0][1]
                out += [C.Use(seat=seat, card=i, effect=e) for e in ("burn", "blood", "pool")]
                out += [C.Use(seat=seat, card=i, minion=v) for v in _own_ready_vampires(ctx, seat)]
    if st.active == seat and st.phase == "unlock" and not st.frames:
        for iid in st.region(seat, "ready"):
            if _of(ctx, iid, "discard_for_life"):
                out += [C.Use(seat=seat, card=iid, effect=ctx.name(h)) for h in st.region(seat, "hand")
                        if {"Ally", "Retainer"} & set(ctx.cdef(h).types)]
            for r in _of(ctx, iid, "steal_from_own"):
                out += [C.Use(seat=seat, card=iid, minion=v, effect="1") for v in st.region(seat, "ready")
                        if _clan_is(ctx, v, r[1])]
    if st.active == seat and st.phase == "minion" and not st.frames:
        locs = None
        for iid in st.region(seat, "ready"):
            if _of(ctx, iid, "burn_location") and not st.cards[iid].locked:
                if locs is None:
                    locs = [i for i, c in st.cards.items() if c.region in ("in_play", "attached")
                            and "location" in ctx.rules(i).keywords]
                out += [C.Use(seat=seat, card=iid, minion=t) for t in locs]
    if st.active != seat and st.phase == "minion":
        for iid in st.region(seat, "ready"):
            for r in _of(ctx, iid, "blood_to_unlock") if st.cards[iid].locked else ():
                out += [C.Use(seat=seat, card=iid, minion=v) for v in st.region(seat, "ready")
                        if _clan_is(ctx, v, r[1]) and st.cards[v].counters >= r[2]]
    if isinstance(top, ActionFrame) and top.directed and top.stage in ("announced", "blocks", "attempt", "declined") \
            and top.target_card in st.cards and st.cards[top.target_card].controller == seat:
        mine = list(st.region(seat, "ready"))
        mine += [a for i in mine for a in st.attached.get(i, ())]
        out += [C.Use(seat=seat, card=i) for i in mine if _of(ctx, i, "burn_fail_directed")]
    if isinstance(top, ActionFrame) and top.stage == "announced" and top.actor in st.cards \
            and st.cards[top.actor].controller == seat:
        out += [C.Use(seat=seat, card=i) for i in st.region(seat, "ready")
                if _of(ctx, i, "lock_give_bleed_announced") and not st.cards[i].locked]
    if isinstance(top, ActionFrame) and top.stage == "attempt" and top.actor in st.cards \
            and st.cards[top.actor].controller in (st.prey(seat), st.predator(seat)):
        out += [C.Use(seat=seat, card=i, minion=top.actor) for i in st.region(seat, "ready")
                if _of(ctx, i, "burn_minus_stealth")]
    if isinstance(top, DamageFrame):
        for h in top.hits:
            if st.cards[h.target].controller == seat:
                out += [C.Use(seat=seat, card=a) for a in st.attached.get(h.target, ())
                        if _of(ctx, a, "lock_prevent_employer") and not st.cards[a].locked]
        for h in top.hits:
            if st.cards[h.target].controller == seat and _of(ctx, h.target, "discard_to_prevent"):
                out += [C.Use(seat=seat, card=h.target, effect=ctx.name(c)) for c in st.region(seat, "hand")]
    out += _more_candidates(ctx, seat, top)
    if isinstance(top, CombatFrame) and top.step == "strike":
        for m in (top.a, top.b):
            if st.cards[m].controller == seat and any(r[1] == "dodge" for r in _of(ctx, m, "own_strike")):
                out.append(C.Strike(seat=seat, minion=m, strike=m, choice="dodge"))
    return out
