"""Master card effects the engine carries out: when the card is played, while it is in play, when it is used.

The grammar's reading of each clause (`vtes_desktop.cards.grammar.auto_permanent.reading`) names the handler
here; a clause with no reading is left to the players ("carry out by hand"). The player's choices come from
the step: `Play.target` (the card or vampire the master card goes on or chooses), `Play.choice` (an amount
of blood, or the card named to burn), `Use.minion` (the minion that gains the blood or the bonus) and
`Use.effect` (which way Blood Doll moves its blood: "to pool" or "to vampire").
"""

from __future__ import annotations

import re

from vtes_desktop.cards.grammar.auto_permanent import reading
from vtes_desktop.cards.rules import CardRules
from vtes_desktop.engine import commands as C
from vtes_desktop.engine import flow
from vtes_desktop.engine.context import HAND_SIZE, Ctx
from vtes_desktop.engine.errors import Illegal, Malformed
from vtes_desktop.engine.state import ActionFrame, Mod

PLAYED = frozenset({"choose_vampire", "fill_chosen", "add_blood", "add_blood_uncontrolled", "tribute", "tap",
                    "villein", "lock_minion", "mill_pool", "crypt_to_uncontrolled", "vessel_burn", "burn_acting",
                    "not_successful", "choose_own_ready", "wash_mpa", "canceled_action", "canceled_strike",
                    "remove_vampire", "controller_gains_capacity", "controller_cancel", "search_gehenna",
                    "show_to_hand", "discard_down_after", "ashur", "lock_all_clan", "choose_ash_vampire",
                    "gain_half_capacity", "remove_chosen", "search_crypt_clan", "show_place_uncontrolled",
                    "reveal_top_crypt", "family_draw", "pool_or_blood", "gain_pool", "add_blood_clan", "burn_target",
                    "new_hand", "converge", "take_control", "choose_infernal_baali", "add_younger_infernal",
                    "put_with_blood_per", "angel", "choose_titled", "loses_title", "bank_to_card",
                    "choose_methuselah", "groom", "put_blood", "put_blood_capacity", "gird", "sermon",
                    "put_counters", "prey_richer_burns", "referendum_fails", "cancel_blood_hunt", "contract_choose",
                    "not_on_clans", "choose_own_sect", "become_sect", "clan_unaffected", "choose_discipline",
                    "blind_choose", "ball_choose", "lock_to_put_younger", "choose_bled_you", "chosen_unpreventable",
                    "lock_titled_target", "bounty_put", "mistrust", "toy_chest", "counters_per_two",
                    "ash_to_ready", "hunt_no_blood", "dia_auto_pass"})
#: cancels "as it is played": the card just played (the previous step) is undone, its cost not paid
CANCELS = frozenset({"cancel_master", "wash", "cancel_minion", "cancel_event"})
USED = frozenset({"blood_doll", "hunting_ground", "lock_give", "lock_mpa", "lock_add_blood", "lock_add_uncontrolled",
                  "phase_add_uncontrolled", "lock_give_announce", "burn_for_bleed", "lock_after_hunt",
                  "lock_pay_unlock", "transfer_crypt", "transfer_burn_pool", "chosen_gain", "scourge",
                  "perfectionist", "carfax", "lock_hand_size_turn", "lock_edge_pool", "lock_blood_uncontrolled",
                  "lock_discard_draw", "lock_draw_discard", "lock_transfer", "lock_make_anarch", "mpa_burn_pool",
                  "lock_remove_gain", "troublemaker", "exchange_master", "chantry", "rumor_mill",
                  "zombie_gain", "vine_cancel", "cape_verde", "luanda_choose", "crematorium", "lock_mill_prey",
                  "lock_ash_to_library", "lock_peek_prey", "lock_after_success", "cavalier", "carnivale",
                  "warsaw_lock", "warsaw_burn", "mpa_discard_burn",
                  "hunt_food_lock", "heidelberg", "imbued_success_lock", "mpa_blood_to_clan", "sorrow",
                  "hunt_bonus_lock", "jungle_add", "jungle_move", "cab_add", "cab_move", "passage_fail", "insurance", "blood_trade",
                  "mpa_card_to_pool", "lock_unlock_clan", "burn_reduce_bleed", "two_oldest",
                  "lock_exchange_ash", "lock_unlock_trait", "mpa_draw",
                  "bank_unlock_choice", "bank_mpa_choice", "inquisition",
                  "lock_damage_actor", "lock_discard_pair", "lock_tutor", "rent_hunting", "social_ladder",
                  "nocturn", "add_counter_upto", "tutelage", "monster", "unlock_trait_all", "counter_to_location",
                  "lock_with_minion", "passed_lock_burn", "conclave", "clan_burn_unlock", "clan_unlock_cost",
                  "transfers_burn", "lock_reduce_bleed", "lock_edge_transfers", "path_hunting_ground",
                  "ash_for_bleed", "lock_lock_clan", "lock_lock_if_title", "vampire_to_card",
                  "lock_counters_uncontrolled", "pool_to_card", "counters_steal", "munich", "wake_to_block",
                  "houngan_gain", "host_lock_abstain", "lock_pay_votes", "line_discount", "counters_votes",
                  "counter_bleed_or_votes", "host_may_burn_unlock", "mpa_card_to", "camp_anarch", "pentex_choose",
                  "curmudgeon_choose", "pander_fail", "pander_choose", "conquest_choose", "mpa_add_counter",
                  "lock_counters_votes", "census_bleed_votes", "census_intercept", "shrine_fail", "flames",
                  "anyone_mpa_pool", "lock_hunt_stealth", "lock_mortal_discount", "lock_extra_dpa", "la_unlock",
                  "card_to_uncontrolled", "counter_kw_bleed", "counter_mummy_boost", "lock_cancel_votes"})
#: uses chosen by `effect` when a card has several
EFFECT_NAMES = {"lock_hand_size_turn": "hand size", "lock_edge_pool": "pool", "lock_blood_uncontrolled": "blood",
                "lock_discard_draw": "discard", "lock_draw_discard": "draw", "lock_transfer": "transfer"}
#: uses made "as the action is announced" (the action_announced window stays open for them)
AS_ANNOUNCED = frozenset({"lock_give_announce", "burn_for_bleed", "warsaw_lock", "hunt_food_lock", "line_discount",
                          "lock_mortal_discount"})
IN_PLAY = ("ready", "torpor", "in_play", "attached")


# -- readings of a card ------------------------------------------------------------------------------------

_READINGS: dict[int, list[tuple[str, dict, str]]] = {}


def readings(rules: CardRules) -> list[tuple[str, dict, str]]:
    """(key, values, clause text) for each clause of *rules* the engine resolves, each clause once."""
    got = _READINGS.get(rules.card_id)
    if got is None:
        got = _READINGS[rules.card_id] = _readings(rules)
    return got


def _readings(rules: CardRules) -> list[tuple[str, dict, str]]:
    out = []
    seen = set()
    for m in rules.modes:
        for e in m.effects:
            r = reading(e, rules.types)
            if e.kind == "put_in_play" and (r is None or r[0] != "put_counters"):
                continue
            if r is None or (r[0], e.text) in seen:
                continue
            seen.add((r[0], e.text))
            out.append((r[0], r[1], e.text))
    return out


def _has(ctx: Ctx, iid: int, key: str) -> list[dict]:
    return [v for k, v, _ in readings(ctx.rules(iid)) if k == key]


def _in_play_masters(ctx: Ctx, seat: int | None = None):
    """Master cards in play (on the table or on a minion), not contested: (iid, controller)."""
    for iid, c in ctx.st.cards.items():
        if c.region in ("in_play", "attached") and not c.contested and (seat is None or c.controller == seat):
            if "Master" in ctx.cdef(iid).types:
                yield iid


# -- lasting effects ------------------------------------------------------------------------------------------

def hand_size(ctx: Ctx, seat: int) -> int:
    n = HAND_SIZE + sum(m[2] for m in ctx.st.marks if m[0] == ("seat", seat) and m[1] == "hand size this turn")
    for ev in _events_in_play(ctx):   # The Bitter and Sweet Story
        for v in _has(ctx, ev, "vp_hand_size"):
            n += int(v["n"]) * int(ctx.st.seats[seat].vp)
    for iid in _in_play_masters(ctx, seat):
        for v in _has(ctx, iid, "hand_size"):
            n += int(v["n"])
    for m in ctx.st.region(seat, "ready") + ctx.st.region(seat, "torpor"):   # Trophy: Library, two at most
        got = [a for a in ctx.st.attached.get(m, ()) if _has(ctx, a, "host_hand_size") and not ctx.st.cards[a].contested]
        for a in got[:2]:
            n += sum(int(v["n"]) for v in _has(ctx, a, "host_hand_size"))
    for m in ctx.st.marks:   # Aggressive Tactics: the chosen Methuselah's hand size is reduced by one
        if m[1] == "chosen seat" and m[2] == seat and ctx.st.cards[m[0]].region == "in_play" \
                and not ctx.st.cards[m[0]].contested and _has(ctx, m[0], "chosen_hand_size"):
            n -= 1
    from vtes_desktop.engine.effects_actioncard import chosen_hand_size
    from vtes_desktop.engine.effects_attached import seat_hand_size

    n += seat_hand_size(ctx, seat)   # a card on a ready minion (Wise Spider: auto_attached)
    return n + chosen_hand_size(ctx, seat)   # political actions in play that chose this seat (Year of Fortune)


def extra_transfers(ctx: Ctx, seat: int) -> int:
    """Transfers that master cards in play give their controller each influence phase."""
    n = 0
    for iid in _in_play_masters(ctx, seat):
        for v in _has(ctx, iid, "transfers"):
            n += int(v["n"])
    if n:
        ctx.emit("transfers", f"{ctx.seat_name(seat)} has {n} more transfer{'s' if n > 1 else ''} from cards in play.")
    return n


def capacity_bonus(ctx: Ctx, iid: int) -> int:
    """+1 capacity for each master Discipline card on the vampire that says so."""
    n = 0
    for a in ctx.st.attached.get(iid, ()):
        for k, v, _ in readings(ctx.rules(a)):
            if k == "discipline_capacity" or (k == "discipline_level" and v.get("cap")):
                n += 1
    return n


def extra_cost(ctx: Ctx, cmd: C.Play, iid: int, rules: CardRules) -> int:
    """Pool a master card costs more because of cards in play (Villein: Minion Tap, a second Villein)."""
    n = 0
    name = rules.name.lower()
    for v in _in_play_masters(ctx, cmd.seat):
        for k, _, _ in readings(ctx.rules(v)):
            if k == "minion_tap_cost" and name == "minion tap":
                n += 1
    if cmd.target is not None:   # Secure Haven: master cards targeting its minion cost more
        t = _target_card(ctx, cmd)
        if t is not None:
            for a in ctx.st.attached.get(t, ()):
                if "Master" in ctx.cdef(a).types and not ctx.st.cards[a].contested:
                    n += sum(int(v["n"]) for v in _has(ctx, a, "target_cost"))
    n -= location_discount(ctx, cmd.seat, rules)   # Therbold Realty
    if any(k == "villein_cost" for k, _, _ in readings(rules)) and cmd.target is not None:
        t = _target_card(ctx, cmd)
        if t is not None:
            n += sum(1 for a in ctx.st.attached.get(t, ()) if ctx.st.cards[a].cid == rules.card_id)
    return n


# -- playing a master card --------------------------------------------------------------------------------------

def _target_card(ctx: Ctx, cmd) -> int | None:
    from vtes_desktop.engine.rules_action import target_seat

    if cmd.target is None or target_seat(ctx, cmd.seat, cmd.target) is not None:
        return None
    return flow.ref(ctx, cmd.seat, cmd.target)


_PUT_ON = re.compile(r"(?i)put this card on (?P<np>an? (?:ready )?(?:vampire|minion)(?: you control)?)"
                     r"(?P<blood> who has any amount of blood)?\b")


def _check_minion(ctx: Ctx, seat: int, t: int, np: str, name: str) -> None:
    c = ctx.st.cards[t]
    np = np.lower()
    what = "vampire" if "vampire" in np else "minion"
    ok = ctx.is_vampire(c) if what == "vampire" else ctx.is_minion(c)
    if not ok or c.region not in ("ready", "torpor") or c.contested:
        raise Illegal("target", f"{name} goes on {np}: {ctx.name(t)} is not a {what} in play")
    if "ready" in np and c.region != "ready":
        raise Illegal("target", f"{name} goes on {np}: {ctx.name(t)} is not ready")
    if "you control" in np and c.controller != seat:
        raise Illegal("target", f"{name} goes on {np}: {ctx.name(t)} is controlled by {ctx.seat_name(c.controller)}")


def check_placement(ctx: Ctx, cmd: C.Play, iid: int, rules: CardRules) -> int | None:
    """The card or minion a master card goes on, checked against its text; None for a card put in play."""
    text = ctx.cdef(iid).text
    t = _target_card(ctx, cmd)
    m = _PUT_ON.search(text)
    if not m and re.search(r"(?i)put this card on (?:an?|any) ", text):
        # another phrasing ("on an Ishtarri you control", "on a ready justicar"): a minion in play, at least
        if t is None:
            raise Malformed("target", f"{rules.name} goes on a minion: name it as the target")
        tc = ctx.st.cards[t]
        if not ctx.is_minion(tc) or tc.region not in ("ready", "torpor") or tc.contested:
            raise Illegal("target", f"{rules.name} goes on a minion in play; {ctx.name(t)} is not one")
        q = re.search(r"(?i)put this card on an? (?P<ready>ready )?(?P<noun>[a-z]+(?: antitribu)?)(?P<mine> you control)?[.,]",
                      text)
        if q and _clan_key(q.group("noun")) in _known_groups(ctx):   # "on a Malkavian antitribu", "on a ready Toreador"
            who = "a " + q.group("noun") + (" you control" if q.group("mine") else "")
            if not _fits(ctx, cmd.seat, t, who, {}) or (q.group("ready") and tc.region != "ready"):
                raise Illegal("target", f"{rules.name} goes on {q.group(0)[12:-1]}; {ctx.name(t)} is not one")
    if m:
        if t is None:
            raise Malformed("target", f"{rules.name} goes on {m.group('np')}: name it as the target")
        _check_minion(ctx, cmd.seat, t, m.group("np"), rules.name)
        if m.group("blood") and ctx.st.cards[t].counters < 1:
            raise Illegal("target", f"{rules.name} goes on a vampire with blood: {ctx.name(t)} has none")
        for k, v, _ in readings(rules):
            if k == "not_on_superior" and ctx.discipline_level(ctx.st.cards[t], v["tri"]) >= 2:
                raise Illegal("target", f"{rules.name} cannot go on {ctx.name(t)}, who has it at superior level")
        for m_ in rules.modes:   # "A vampire can have only one archetype", "... only one Ishtarri Warlord"
            for lim in m_.limits:
                if lim.per != "in play" or lim.who != "minion":
                    continue
                for a in ctx.st.attached.get(t, ()):
                    ar = ctx.rules(a)
                    if ar.card_id == rules.card_id or lim.what in ar.keywords:
                        what = rules.name if lim.what == "this card" else f"one {lim.what}"
                        raise Illegal("limit", f"{ctx.name(t)} already has {ctx.name(a)}: a minion can have only {what}")
    return t


def requirement_refusal(ctx: Ctx, seat: int, rules: CardRules) -> str | None:
    """A master card's "Requires a ready ..." : some ready minion of the player meets it, or the reason."""
    from vtes_desktop.engine.rules_action import _req_refusal

    if not rules.requirements:
        return None
    why = None
    for m in ctx.st.region(seat, "ready"):
        mc = ctx.st.cards[m]
        if mc.contested:
            continue
        why = next((w for w in (_req_refusal(ctx, mc, r, rules.name, ctx.name(m)) for r in rules.requirements) if w),
                   None)
        if why is None:
            return None
    return why or f"{rules.name} requires a ready minion you control"


def _split_choice(ctx: Ctx, seat: int, choice, name: str) -> list[tuple[int, int]]:
    """A play's choice "Vampire: N; Other: M" (blood to each), read into (card, amount) pairs."""
    if not choice or ":" not in str(choice):
        raise Malformed("choice", f"{name}: give the blood for each vampire (choice: \"Vampire: 2; Other: 1\")")
    out = []
    for part in str(choice).split(";"):
        if not part.strip():
            continue
        who, _, amt = part.rpartition(":")
        try:
            n = int(amt.strip())
        except ValueError:
            raise Malformed("choice", f"{name}: {part.strip()!r} is not \"Vampire: N\"") from None
        if n < 1:
            raise Illegal("choice", f"{name}: move at least 1 blood to each vampire named")
        t = flow.ref(ctx, seat, who.strip(), what="vampire")
        if any(t == x for x, _ in out):
            raise Illegal("choice", f"{name}: {ctx.name(t)} is named twice")
        out.append((t, n))
    if not out:
        raise Malformed("choice", f"{name}: give the blood for each vampire")
    return out


def _choice_amount(cmd: C.Play, name: str) -> int | None:
    if cmd.choice is None:
        return None
    try:
        return int(str(cmd.choice).strip())
    except ValueError:
        raise Malformed("choice", f"{name}: the choice is an amount of blood, a number, not {cmd.choice!r}") from None


def _vampire(ctx: Ctx, t: int | None, name: str, *, regions=("ready", "torpor"), what="a vampire in play") -> int:
    if t is None:
        raise Malformed("target", f"{name}: name {what} as the target")
    c = ctx.st.cards[t]
    if not ctx.is_vampire(c) or c.region not in regions or c.contested:
        raise Illegal("target", f"{name}: {ctx.name(t)} is not {what}")
    return t


def resolve_played(ctx: Ctx, cmd: C.Play, iid: int, rules: CardRules, target: int | None) -> None:
    """Carry out the clauses of a master card that act as it is played, in the card's order."""
    seat = cmd.seat
    name = rules.name
    st = ctx.st
    for key, v, _text in readings(rules):
        if key not in PLAYED:
            continue
        if key == "clan_unaffected":   # only the sect changes
            continue
        if key == "counters_per_two":   # In Memory of the Two Lands: a counter per Follower of Set and per mummy
            n = sum(1 for m in st.region(seat, "ready") + st.region(seat, "torpor")
                    if (ctx.is_vampire(st.cards[m]) and _fits(ctx, seat, m, "a " + v["clan"], v))
                    or v["kw"] in ctx.rules(m).keywords)
            ctx.update(iid, counters=n * int(v["n"]))
            ctx.emit("counters", f"{name} comes into play with {n} counter{'s' if n != 1 else ''}.", cards=(iid,))
            if not n:
                emptied(ctx, iid)
            continue
        if key == "dia_auto_pass":   # Día de los Muertos: noted for the first referendum of a Sabbat vampire
            st.marks = st.marks | {(("seat", seat), _DIA, st.turn, v["sect"])}
            ctx.emit("effect", f"The first referendum a {v['sect'].title()} vampire of {ctx.seat_name(seat)} calls this "
                               f"turn passes automatically ({name}).", cards=(iid,))
            continue
        if key == "hunt_no_blood":   # Masquerade Endangered: the blood of the hunt that just succeeded is burned
            got = [x for x in st.marks if len(x) == 4 and x[1] == _HUNT_GAIN and x[0] == target and x[3] == st.turn]
            if target is None or not got:
                raise Illegal("target", f"{name} goes on a vampire whose successful hunt was the last action")
            n = max(0, min(st.cards[target].counters - got[0][2], st.cards[target].counters))
            if n:
                ctx.set_blood(target, st.cards[target].counters - n)
            ctx.emit("blood", f"{ctx.name(target)} does not gain the blood of the hunt: {n} burned ({name}).",
                     cards=(target,))
            continue
        if key == "mistrust":   # a scarce vampire: burned in torpor, or back to its controller's uncontrolled region
            tc = st.cards[target] if target is not None else None
            if tc is None or not ctx.is_vampire(tc) or "scarce" not in ctx.rules(target).traits \
                    or tc.region not in ("ready", "torpor"):
                raise Illegal("target", f"{name}: name a scarce vampire, ready or in torpor")
            if tc.region == "torpor":
                ctx.burn(target, name)
            else:
                ctx.move(target, "uncontrolled", seat=tc.controller)
                ctx.emit("moved", f"{ctx.name(target)} goes back to {poss_name(ctx, tc.controller)} uncontrolled region "
                                  f"with its cards and counters ({name}).", cards=(target,))
            continue
        if key == "toy_chest":   # Toy Chest Test: a small Sabbat vampire put in play since the player's last turn
            tc = st.cards[target] if target is not None else None
            since = st.turn - len(st.live_seats())
            entered = tc is not None and any(len(x) == 3 and x[0] == target and x[1] == "entered from uncontrolled"
                                             and x[2] > since for x in st.marks)
            if tc is None or not ctx.is_vampire(tc) or tc.region not in ("ready", "torpor") or tc.contested \
                    or (ctx.sect(tc) or "").lower() != v["sect"] or ctx.capacity(tc) >= int(v["cap"]) or not entered:
                raise Illegal("target", f"{name}: name a {v['sect'].title()} vampire with a capacity below {v['cap']} put "
                                        "in play since your last turn")
            ctx.burn(target, name)
            continue
        if key == "bounty_put":   # Bounty: on a ready vampire, X+1 counters (X the play's choice, paid as its cost)
            if target is None or st.cards[target].region != "ready" or not ctx.is_vampire(st.cards[target]):
                raise Illegal("target", f"{name} goes on a ready vampire")
            x = master_x(ctx, cmd, iid, rules) or 0
            ctx.update(iid, counters=x + 1)
            ctx.emit("counters", f"{name} comes into play with {x + 1} counters.", cards=(iid,))
            continue
        if key == "lock_titled_target":   # Fear of Mekhet: on a ready justicar or Inner Circle member, locked
            tc = st.cards[target] if target is not None else None
            titles = (v["t1"], v["t2"])
            if tc is None or tc.region != "ready" or (ctx.title(tc) or "").lower() not in titles or tc.title_contested:
                raise Illegal("target", f"{name} goes on a ready justicar or Inner Circle member")
            ctx.update(target, locked=True)
            ctx.emit("locked", f"{ctx.name(target)} is locked ({name}).", cards=(target,))
            continue
        if key == "choose_bled_you":   # Retribution: a minion that bled this player for more than 1 since their last turn
            since = st.turn - len(st.live_seats())
            if target is None or not any(len(x) == 4 and x[0] == target and x[1] == "bled for" and x[2] == seat
                                         and x[3] > since for x in st.marks):
                raise Illegal("target", f"{name}: name a minion that successfully bled you for more than {v['n']} pool "
                                        "since your last turn")
            continue
        if key == "chosen_unpreventable":
            from vtes_desktop.engine.rules_combat import inflict

            n = int(v["n"])
            ctx.emit("effect", f"{ctx.name(target)} takes {n} unpreventable damage ({name}).", cards=(target,))
            inflict(ctx, target, n, 0)
            continue
        if key in ("blind_choose", "ball_choose"):
            _two_chosen(ctx, cmd, iid, name, key, v, target)
            continue
        if key == "lock_to_put_younger":   # Haqim's Law: Judgment: lock the Assamite (`choice`), on a younger vampire
            b = flow.ref(ctx, seat, cmd.choice, what="vampire") if cmd.choice is not None else None
            bc = st.cards[b] if b is not None else None
            if bc is None or bc.controller != seat or bc.region != "ready" or bc.locked or bc.contested \
                    or not _group_member(ctx, b, v["who"]):
                raise Illegal("choice", f"{name}: name the ready unlocked {v['who'].title()} you control to lock (choice)")
            tc = st.cards[target] if target is not None else None
            if tc is None or not ctx.is_vampire(tc) or ctx.capacity(tc) >= ctx.capacity(bc):
                raise Illegal("target", f"{name} goes on a vampire younger than {ctx.name(b)}")
            ctx.update(b, locked=True)
            ctx.emit("locked", f"{ctx.name(b)} locks to put {name} on {ctx.name(target)}.", cards=(b, target))
            continue
        if key == "choose_own_sect":   # Into the Fire, Out of the Frying Pan: a ready vampire of the player
            tc = st.cards[target] if target is not None else None
            sect = (ctx.sect(tc) or "").lower() if tc is not None else ""
            if tc is None or tc.controller != seat or tc.region != "ready" or not ctx.is_vampire(tc) or tc.contested \
                    or (sect == v["sect"]) == bool(v.get("non")):
                raise Illegal("target", f"{name}: name a ready {v.get('non') or ''}{v['sect'].title()} vampire you "
                                        "control (target)")
            continue
        if key == "become_sect":
            ctx.update(target, sect=v["sect"].title())
            ctx.emit("sect", f"{ctx.name(target)} becomes {v['sect'].title()} ({name}).", cards=(target,))
            continue
        if key == "choose_discipline":   # Agent of Power, Infernal Pact: the Discipline named as `choice`
            from vtes_desktop.cards.model import DISCIPLINES

            want = (cmd.choice or "").strip().lower() if isinstance(cmd.choice, str) else ""
            names = {k.lower(): t for k, t in DISCIPLINES.items()}
            tri = names.get(want) or (want if want in names.values() else None)
            if tri is None:
                raise Illegal("choice", f"{name}: name the Discipline chosen (choice), e.g. Auspex")
            if v.get("clan") and not _fits(ctx, seat, target, "a " + v["clan"], v):
                raise Illegal("target", f"{name} goes on a {v['clan'].title()} you control")
            st.marks = st.marks | {(iid, "discipline", tri)}
            ctx.emit("chosen", f"{name}: {want.title() if want in names else want} is chosen.", cards=(iid,))
            continue
        if key == "not_on_clans":   # Dirty Contract: not on a Nosferatu or a Giovanni
            if target is not None and any(_fits(ctx, seat, target, "a " + v[c], v) for c in ("c1", "c2")):
                raise Illegal("target", f"{name} cannot be put on a {v['c1'].title()} or a {v['c2'].title()}")
            continue
        if key == "contract_choose":   # the contracts: the vampire chosen (`choice`) to enter combat with the minion
            b = flow.ref(ctx, seat, cmd.choice, what="vampire") if cmd.choice is not None else None
            bc = st.cards[b] if b is not None else None
            who = v["who"]
            fits = bc is not None and ctx.is_vampire(bc) and bc.region in ("ready", "torpor") and not bc.contested and (
                "black hand" in ctx.rules(b).traits if who == "black hand" else _fits(ctx, seat, b, "a " + who, v))
            if fits and v.get("mine") and (bc.controller != seat or bc.region != "ready"):
                fits = False   # Priority Contract: a ready Assamite you control
            if not fits:
                raise Illegal("choice", f"{name}: choose a{'n' if who[0] in 'aeiou' else ''} {who.title()}"
                                        f"{' vampire' if who == 'black hand' else ''} in play (choice)"
                                        + (" that is ready and yours" if v.get("mine") else ""))
            if v.get("prey"):
                if target is None or st.cards[target].controller != st.prey(seat):
                    raise Illegal("target", f"{name} goes on a minion your prey controls")
            elif target is not None and st.cards[target].region != "ready":
                raise Illegal("target", f"{name} goes on a ready minion; {ctx.name(target)} is not ready")
            for nv in _has(ctx, iid, "not_on_clans"):
                if target is not None and any(_fits(ctx, seat, target, "a " + nv[c], nv) for c in ("c1", "c2")):
                    raise Illegal("target", f"{name} cannot be put on a {nv['c1'].title()} or a {nv['c2'].title()}")
            _choose(ctx, iid, b)
            continue
        if key in ("referendum_fails", "cancel_blood_hunt"):   # Vox Domini: it fails, whatever the votes
            f = st.top
            flow.set_top(ctx, f._replace(used_sources=f.used_sources | {("fails", iid)}))
            ctx.emit("effect", f"The referendum will fail ({name})." if key == "referendum_fails" else
                     f"The blood hunt is canceled ({name}).", cards=(iid,))
        elif key == "choose_vampire":
            _vampire(ctx, target, name)
        elif key == "fill_chosen":
            t = _vampire(ctx, target, name)
            c = st.cards[t]
            cap = ctx.capacity(c)
            if c.counters < cap:
                ctx.update(t, counters=cap)
                ctx.emit("blood", f"{ctx.name(t)} gains {cap - c.counters} blood, to full capacity ({name}).",
                         cards=(t,))
        elif key == "add_blood":
            t = _vampire(ctx, target, name, regions=("ready",), what="a ready vampire")
            n = int(v["n"])
            ctx.set_blood(t, st.cards[t].counters + n)
            ctx.emit("blood", f"{ctx.name(t)} gains {n} blood ({name}).", cards=(t,))
        elif key == "add_blood_uncontrolled":
            t = _vampire(ctx, target, name, regions=("uncontrolled",), what="a vampire in your uncontrolled region")
            c = st.cards[t]
            if c.owner != seat:
                raise Illegal("target", f"{name}: {ctx.name(t)} is not in your uncontrolled region")
            if v.get("cap") and ctx.capacity(c) < int(v["cap"]):
                raise Illegal("target", f"{name}: {ctx.name(t)} has capacity {ctx.capacity(c)}, less than {v['cap']}")
            if v.get("sect") and (ctx.sect(c) or "").lower() != v["sect"] or v.get("titled") and not ctx.title(c):
                raise Illegal("target", f"{name}: {ctx.name(t)} is not a {v.get('titled', '')}{v['sect'].title()} vampire")
            n = int(v["n"])
            ctx.update(t, counters=c.counters + n)
            ctx.emit("blood", f"{ctx.seat_name(seat)} adds {n} blood to {ctx.name(t)} ({name}).", frozenset({seat}),
                     f"{ctx.seat_name(seat)} adds {n} blood to a face-down vampire ({name}).", cards=(t,))
        elif key == "tribute":
            n = int(v["n"])
            got = 0
            for m in st.region(seat, "ready"):
                c = st.cards[m]
                if ctx.is_vampire(c) and not c.contested and c.counters > 0:
                    k = min(n, c.counters)
                    ctx.update(m, counters=c.counters - k)
                    got += k
            ctx.emit("blood", f"{name}: {got} blood moves from {ctx.seat_name(seat)}'s ready vampires to their pool.")
            ctx.pool(seat, got, name)
        elif key in ("tap", "villein"):
            t = _vampire(ctx, target, name)
            c = st.cards[t]
            if c.controller != seat:
                raise Illegal("target", f"{name}: {ctx.name(t)} is not a vampire you control")
            n = _choice_amount(cmd, name)
            if n is None:
                raise Malformed("choice", f"{name}: say how much blood moves to your pool (choice: a number)")
            lo, hi = (1, c.counters) if key == "tap" else (min(int(v["lo"]), c.counters), min(int(v["hi"]), c.counters))
            if not lo <= n <= hi:
                raise Illegal("choice", f"{name}: {n} blood cannot move from {ctx.name(t)}, who has {c.counters}; "
                                        f"choose from {lo} to {hi}")
            ctx.update(t, counters=c.counters - n)
            ctx.emit("blood", f"{n} blood moves from {ctx.name(t)} to {ctx.seat_name(seat)}'s pool ({name}).",
                     cards=(t,))
            ctx.pool(seat, n, name)
        elif key == "lock_minion":
            if target is None:
                raise Malformed("target", f"{name}: name the minion to lock as the target")
            c = st.cards[target]
            if not ctx.is_minion(c) or c.region != "ready" or c.contested:
                raise Illegal("target", f"{name}: {ctx.name(target)} is not a ready minion")
            if c.locked:
                raise Illegal("target", f"{name}: {ctx.name(target)} is already locked")
            ctx.update(target, locked=True)
            ctx.emit("locked", f"{ctx.name(target)} is locked ({name}).", cards=(target,))
        elif key == "mill_pool":
            n, p = int(v["n"]), int(v["pool"])
            lib = st.region(seat, "library")
            if len(lib) < n:
                raise Illegal("library", f"{name}: your library has {len(lib)} cards; {n} must be burned")
            for i in lib[:n]:
                ctx.move(i, "ash_heap")
            ctx.emit("burned", f"{ctx.seat_name(seat)} burns the top {n} cards of their library ({name}).")
            ctx.pool(seat, p, name)
        elif key == "crypt_to_uncontrolled":
            crypt = st.region(seat, "crypt")
            if not crypt:
                raise Illegal("crypt", f"{name}: your crypt is empty")
            top = crypt[0]
            ctx.move(top, "uncontrolled", seat=seat)
            ctx.emit("crypt", f"{ctx.seat_name(seat)} moves {ctx.name(top)} from the crypt to the uncontrolled region.",
                     frozenset({seat}), f"{ctx.seat_name(seat)} moves a card from the crypt to the uncontrolled region.",
                     cards=(top,))
        elif key == "burn_acting":
            f = _action(ctx, name)
            ctx.burn(f.actor, name)
        elif key == "not_successful":
            f = _action(ctx, name)
            flow.set_top(ctx, f._replace(outcome="unsuccessful", stage="resolution",
                                         imp=f.imp._replace(at=0, passes=0)))
            ctx.emit("unsuccessful", f"The action is not successful ({name}).")
        elif key == "choose_own_ready":
            t = _own_ready_vampire(ctx, seat, target, name)
            _choose(ctx, iid, t)
        elif key == "remove_vampire":
            t = _vampire(ctx, target, name)
            c = st.cards[t]
            if ctx.capacity(c) < int(v["cap"]):
                raise Illegal("target", f"{name}: {ctx.name(t)} has capacity {ctx.capacity(c)}, less than {v['cap']}")
            owner, cap = c.controller, ctx.capacity(c)
            for a in list(st.attached.get(t, ())):
                ctx.burn(a, f"{ctx.name(t)} left the game")
            ctx.move(t, "removed")
            ctx.emit("removed", f"{ctx.name(t)} is removed from the game ({name}).", cards=(t,))
            if any(k == "controller_gains_capacity" for k, _, _ in readings(rules)):
                ctx.pool(owner, cap, name)
        elif key == "search_gehenna":
            want = cmd.choice
            lib = st.region(seat, "library")
            found = None
            if want is not None:
                found = flow.ref(ctx, seat, want)
                fd = ctx.cdef(found)
                if st.cards[found].region != "library" or st.cards[found].owner != seat:
                    raise Illegal("choice", f"{name}: {fd.display} is not in your library")
                if "Event" not in fd.types or "gehenna" not in fd.text.split("\n")[0].lower():
                    raise Illegal("choice", f"{name}: {fd.display} is not a Gehenna event card")
            elif any("Event" in ctx.cdef(i).types and "gehenna" in ctx.cdef(i).text.split("\n")[0].lower() for i in lib):
                raise Malformed("choice", f"{name}: name the Gehenna event card you take (choice)")
            if found is not None:
                ctx.move(found, "hand", seat=seat)
                ctx.emit("revealed", f"{ctx.seat_name(seat)} shows {ctx.name(found)} and adds it to their hand ({name}).",
                         cards=(found,))
            ctx.shuffle(seat, "library")
        elif key == "ashur":
            same = [i for i, c in st.cards.items() if c.cid == rules.card_id and c.region == "in_play"]
            if len([i for i in same if st.cards[i].controller == seat and not st.cards[i].contested]) < 3:
                continue
            names = [x.strip() for x in (cmd.choice or "").split(";") if x.strip()]
            if not names:
                raise Malformed("choice", f"{name}: with three copies, name the library cards chosen from your ash heap "
                                          "(choice: the one to your hand first, then the others, separated by ;)")
            if len(names) > 13:
                raise Illegal("choice", f"{name}: up to thirteen cards")
            picked: list[int] = []
            for nm in names:
                cands = [i for i in st.region(seat, "ash_heap") if i not in picked and not ctx.cdef(i).is_crypt
                         and ctx.db.lookup(nm) is not None and st.cards[i].cid == ctx.db.lookup(nm).id]
                if not cands:
                    raise Illegal("choice", f"{name}: no {nm} (library card) left in your ash heap")
                picked.append(cands[0])
            for i in same:
                ctx.move(i, "removed")
            ctx.emit("removed", f"Every {name} in play is removed from the game.")
            ctx.pool(seat, int(v["pool"]), name)
            ctx.move(picked[0], "hand", seat=seat)
            for i in picked[1:]:
                ctx.move(i, "library", seat=seat)
            ctx.shuffle(seat, "library")
            ctx.emit("ashur", f"{ctx.seat_name(seat)} takes {ctx.name(picked[0])} into their hand and shuffles "
                              f"{len(picked) - 1} card{'s' if len(picked) != 2 else ''} into their library ({name}).",
                     cards=tuple(picked))
        elif key == "ash_to_ready":   # Blessed Resilience: a vampire burned from play back to the ready region
            t = target
            if t is None or st.cards[t].region != "ash_heap" or st.cards[t].owner != seat \
                    or not ctx.is_vampire(st.cards[t]):
                raise Illegal("target", f"{name}: name a vampire in your ash heap as the target")
            have = set(ctx.cdef(t).disciplines)
            lack = [d.upper() for d in (v["d1"], v["d2"]) if d.upper() not in have]
            if lack:
                raise Illegal("target", f"{name}: {ctx.name(t)} lacks superior {' and '.join(lack)}")
            ctx.move(t, "ready", seat=seat, counters=0, locked=False)
            ctx.emit("moved", f"{ctx.name(t)} moves from the ash heap to {poss_name(ctx, seat)} ready region with no "
                              f"blood ({name}).", cards=(t,))
        elif key == "choose_ash_vampire":
            t = target
            if t is None or st.cards[t].region != "ash_heap" or st.cards[t].owner != seat \
                    or not ctx.is_vampire(st.cards[t]):
                raise Illegal("target", f"{name}: name a vampire in your ash heap as the target")
        elif key == "gain_half_capacity":
            ctx.pool(seat, ctx.cdef(target).capacity // 2, name)
        elif key == "remove_chosen":
            ctx.move(target, "removed")
            ctx.emit("removed", f"{ctx.name(target)} is removed from the game ({name}).", cards=(target,))
        elif key == "search_crypt_clan":
            want = cmd.choice
            cands = [i for i in st.region(seat, "crypt") if _fits(ctx, seat, i, "a " + v["clan"], v)]
            if want is None:
                if cands:
                    raise Malformed("choice", f"{name}: name the {v['clan'].title()} you take from your crypt (choice)")
                ctx.shuffle(seat, "crypt")
                continue
            found = flow.ref(ctx, seat, want)
            if found not in cands:
                raise Illegal("choice", f"{name}: {ctx.name(found)} is not a {v['clan'].title()} in your crypt")
            n = int(next((w["n"] for k, w, _ in readings(rules) if k == "show_place_uncontrolled"), 0))
            ctx.move(found, "uncontrolled", seat=seat, counters=n)
            ctx.emit("revealed", f"{ctx.seat_name(seat)} shows {ctx.name(found)} and places it in their uncontrolled "
                                 f"region with {n} blood ({name}).", cards=(found,))
            ctx.shuffle(seat, "crypt")
        elif key == "reveal_top_crypt":
            crypt = st.region(seat, "crypt")
            if not crypt:
                continue
            top = crypt[0]
            ctx.emit("revealed", f"{ctx.seat_name(seat)} reveals {ctx.name(top)} from the top of their crypt ({name}).",
                     cards=(top,))
            for k2, w, _ in readings(rules):
                if k2 == "family_draw":
                    if _fits(ctx, seat, top, "a " + w["clan"], w):
                        ctx.move(top, "uncontrolled", seat=seat, counters=int(w["n"]))
                        ctx.emit("crypt", f"{ctx.name(top)} goes to the uncontrolled region with {w['n']} blood.",
                                 cards=(top,))
                    else:
                        ctx.move(top, "crypt", seat=seat, top=False)
                        ctx.emit("crypt", f"{ctx.name(top)} goes to the bottom of the crypt.", cards=(top,))
        elif key == "pool_or_blood":
            if target is None:
                if not any(_fits(ctx, seat, m, "a " + v["clan"], v) for m in st.region(seat, "ready")):
                    raise Illegal("requirements", f"{name}: you control no ready {v['clan'].title()}; name a vampire in "
                                                  "your uncontrolled region as the target")
                ctx.pool(seat, int(v["n"]), name)
            else:
                t = st.cards[target]
                if t.region != "uncontrolled" or t.owner != seat or not _fits(ctx, seat, target, "a " + v["clan"], v) \
                        or ctx.capacity(t) < int(v["cap"]):
                    raise Illegal("target", f"{name}: {ctx.name(target)} is not a {v['clan'].title()} of capacity "
                                            f"{v['cap']} or more in your uncontrolled region")
                ctx.update(target, counters=t.counters + int(v["b"]))
                ctx.emit("blood", f"{ctx.seat_name(seat)} adds {v['b']} blood to {ctx.name(target)} ({name}).",
                         frozenset({seat}), f"{ctx.seat_name(seat)} adds {v['b']} blood to a face-down vampire.",
                         cards=(target,))
        elif key == "take_control":
            t = target
            if t is None:
                raise Malformed("target", f"{name}: name the minion you take control of as the target")
            c = st.cards[t]
            what = v["what"]
            ok = c.region in ("ready", "torpor") and c.controller != seat and not c.contested and (
                ctx.is_minion(c) if what == "minion" else "Ally" in ctx.cdef(t).types if what == "ally"
                else _fits(ctx, seat, t, "a " + what, v))
            if v.get("ready") and c.region != "ready":
                ok = False
            if not ok:
                raise Illegal("target", f"{name}: {ctx.name(t)} is not a{' ready' if v.get('ready') else ''} {what} "
                                        "another Methuselah controls")
            if v.get("pool") and st.seats[c.controller].pool > int(v["pool"]):
                raise Illegal("target", f"{name}: {ctx.seat_name(c.controller)} has more than {v['pool']} pool")
            if re.search(r"(?i)not usable to take control of a vampire with capacity 7 or more", ctx.cdef(iid).text) \
                    and ctx.is_vampire(c) and ctx.capacity(c) >= 7:
                raise Illegal("target", f"{name} cannot take a vampire of capacity 7 or more")
            was = c.controller
            ctx.move(t, c.region, seat=seat)
            for a in st.attached.get(t, ()):
                if "Master" not in ctx.cdef(a).types:
                    ctx.update(a, controller=seat)
            ctx.emit("control", f"{ctx.seat_name(seat)} takes control of {ctx.name(t)} ({name}).", cards=(t,))
            if v.get("until"):
                when = "end of turn" if "end of your turn" in v["until"] else "unlock"
                st.marks = st.marks | {(t, "return to", was, when, seat)}
        elif key == "choose_infernal_baali":
            b = flow.ref(ctx, seat, cmd.choice, what="vampire") if cmd.choice is not None else None
            bc = st.cards[b] if b is not None else None
            if bc is None or bc.controller != seat or bc.region != "ready" or bc.locked or bc.contested \
                    or not _fits(ctx, seat, b, "a baali", v) or "infernal" not in ctx.rules(b).traits:
                raise Illegal("choice", f"{name}: name a ready unlocked infernal Baali you control (choice)")
        elif key == "add_younger_infernal":
            b = flow.ref(ctx, seat, cmd.choice, what="vampire")
            t = target
            c = st.cards[t] if t is not None else None
            if c is None or c.region != "uncontrolled" or c.owner != seat or "infernal" not in ctx.rules(t).traits \
                    or ctx.capacity(c) >= ctx.capacity(st.cards[b]):
                raise Illegal("target", f"{name}: name an infernal vampire younger than {ctx.name(b)} in your "
                                        "uncontrolled region as the target")
            ctx.update(t, counters=c.counters + int(v["n"]))
            ctx.emit("blood", f"{ctx.seat_name(seat)} adds {v['n']} blood to {ctx.name(t)} ({name}).", frozenset({seat}),
                     f"{ctx.seat_name(seat)} adds {v['n']} blood to a face-down vampire ({name}).", cards=(t,))
        elif key == "put_with_blood_per":
            n = int(v["n"]) * sum(1 for m in st.region(seat, "ready") + st.region(seat, "torpor")
                                  if _fits(ctx, seat, m, "a " + v["clan"], v))
            ctx.update(iid, counters=n)
            ctx.emit("counters", f"{name} comes into play with {n} blood.", cards=(iid,))
            if n == 0 and (_has(ctx, iid, "burn_when_empty")
                           or re.search(r"(?i)burn this card if it has no blood", ctx.cdef(iid).text)):
                ctx.burn(iid, "no blood")
        elif key == "choose_methuselah":   # Aggressive Tactics: a player named as the target
            from vtes_desktop.engine.rules_action import target_seat

            s_ = target_seat(ctx, seat, cmd.target)
            if s_ is None or st.seats[s_].ousted:
                raise Illegal("target", f"{name}: name a Methuselah still in the game as the target")
            st.marks = frozenset(m for m in st.marks if not (m[0] == iid and m[1] == "chosen seat")) | {(iid, "chosen seat", s_)}
            ctx.emit("chosen", f"{ctx.seat_name(s_)} is chosen for {name}.", cards=(iid,))
            if _has(ctx, iid, "chosen_hand_size"):   # a smaller hand size: discard down at once
                over = len(st.region(s_, "hand")) + _deferred(ctx, s_) - hand_size(ctx, s_)
                if over > 0:
                    _owe_discard(ctx, s_, over)
        elif key == "groom":   # Grooming the Protégé: minion (the giver), target (the protégé), choice (up to 3)
            if cmd.minion is None:
                raise Malformed("minion", f"{name}: name the ready vampire you control the blood comes from (minion)")
            g = flow.ref(ctx, seat, cmd.minion, what="vampire")
            gc = st.cards[g]
            if gc.controller != seat or gc.region != "ready" or not ctx.is_vampire(gc) or gc.contested:
                raise Illegal("minion", f"{name}: {ctx.name(g)} is not a ready vampire you control")
            t = target
            c = st.cards[t] if t is not None else None
            if c is None or c.region != "uncontrolled" or c.owner != seat or not ctx.is_vampire(c) \
                    or ctx.capacity(c) >= ctx.capacity(gc) \
                    or not {_clan_key(x) for x in ctx.cdef(t).clans} & {_clan_key(x) for x in ctx.cdef(g).clans}:
                raise Illegal("target", f"{name}: name a vampire of {poss_name(ctx, seat)} uncontrolled region younger "
                                        f"than {ctx.name(g)} and of the same clan as the target")
            n = _choice_amount(cmd, name)
            if n is None:
                raise Malformed("choice", f"{name}: give how much blood moves (choice, up to {v['n']})")
            if not 0 < n <= int(v["n"]) or n > gc.counters:
                raise Illegal("choice", f"{name}: move from 1 to {min(int(v['n']), gc.counters)} blood")
            ctx.set_blood(g, gc.counters - n)
            ctx.update(t, counters=c.counters + n)
            ctx.emit("blood", f"{ctx.name(g)} moves {n} blood to {ctx.name(t)} ({name}).", frozenset({seat}),
                     f"{ctx.name(g)} moves {n} blood to a face-down vampire ({name}).", cards=(g, t))
        elif key == "prey_richer_burns":   # Personal Involvement (its cost already paid)
            prey = st.prey(seat)
            if st.seats[prey].pool > st.seats[seat].pool:
                ctx.pool(prey, -int(v["n"]), name)
            else:
                ctx.emit("effect", f"{name}: {ctx.seat_name(prey)} has no more pool than {ctx.seat_name(seat)}.")
        elif key == "put_counters":   # Palla Grande: 3 counters
            ctx.update(iid, counters=st.cards[iid].counters + int(v["n"]))
            ctx.emit("counters", f"{name} comes into play with {v['n']} counters.", cards=(iid,))
        elif key in ("gird", "sermon"):   # blood from the pool (Gird Minions) or a ready vampire (Sermon of Caine) to
            split = _split_choice(ctx, seat, cmd.choice, name)   # vampires you control: choice "A: 2; B: 1"
            src = None
            if key == "sermon":
                if cmd.minion is None:
                    raise Malformed("minion", f"{name}: name the ready vampire the blood comes from (minion)")
                src = flow.ref(ctx, seat, cmd.minion, what="vampire")
                sc = st.cards[src]
                if sc.controller != seat or sc.region != "ready" or not ctx.is_vampire(sc) or sc.contested:
                    raise Illegal("minion", f"{name}: {ctx.name(src)} is not a ready vampire you control")
            total = sum(n for _, n in split)
            for t, n in split:
                tc = st.cards[t]
                ok_region = ("ready",) if key == "sermon" else ("ready", "torpor")
                if tc.controller != seat or tc.region not in ok_region or not ctx.is_vampire(tc) or tc.contested \
                        or t == src:
                    raise Illegal("choice", f"{name}: {ctx.name(t)} is not "
                                            + ("another ready vampire you control" if key == "sermon" else
                                               "a vampire you control"))
            if key == "sermon":
                if total > st.cards[src].counters:
                    raise Illegal("choice", f"{name}: {ctx.name(src)} has only {st.cards[src].counters} blood")
                ctx.update(src, counters=st.cards[src].counters - total)
            else:
                _pay_pool(ctx, seat, total, name)
            for t, n in split:
                ctx.set_blood(t, st.cards[t].counters + n)
                ctx.emit("blood", f"{ctx.name(t)} gains {n} blood ({name}).", cards=(t,))
        elif key in ("put_blood", "put_blood_capacity"):   # Powerbase: Mexico City 5; Barranquilla: a vampire's capacity
            if key == "put_blood":
                n = int(v["n"])
            else:
                t = target
                tc = st.cards[t] if t is not None else None
                if tc is None or tc.controller != seat or tc.region != "ready" or tc.contested or not ctx.is_vampire(tc) \
                        or (ctx.sect(tc) or "").lower() != v["sect"]:
                    raise Illegal("target", f"{name}: name a ready {v['sect'].title()} vampire you control as the target "
                                            "(its capacity is the blood put on the card)")
                n = ctx.capacity(tc)
            ctx.update(iid, counters=st.cards[iid].counters + n)
            ctx.emit("counters", f"{name} comes into play with {n} blood.", cards=(iid,))
        elif key == "bank_to_card":   # Short-Term Investment: 3; Slave Auction: one per Methuselah in the game
            if v.get("seats"):
                n = sum(1 for s_ in st.seats if not s_.ousted)
            elif v.get("x"):   # Secret Horde: 2X, X the cost paid (the play's choice)
                n = 2 * (master_x(ctx, cmd, iid, rules) or 0)
            else:
                n = int(v["n"])
            ctx.update(iid, counters=st.cards[iid].counters + n)
            ctx.emit("counters", f"{name} comes into play with {n} blood from the blood bank.", cards=(iid,))
        elif key == "angel":
            t = target
            c = st.cards[t] if t is not None else None
            if c is None or "Imbued" not in ctx.cdef(t).types or c.region not in ("ready", "torpor", "incapacitated"):
                raise Illegal("target", f"{name}: name an imbued as the target")
            if cmd.choice is None:
                if not c.locked:
                    raise Illegal("target", f"{name}: {ctx.name(t)} is not locked")
                ctx.update(t, locked=False)
                ctx.emit("unlocked", f"{ctx.name(t)} unlocks ({name}).", cards=(t,))
                continue
            if c.controller != seat or c.region != "ready":
                raise Illegal("target", f"{name}: {ctx.name(t)} is not a ready imbued you control")
            eq = flow.ref(ctx, seat, cmd.choice)
            ec = st.cards[eq]
            er = ctx.rules(eq)
            if ec.region != "hand" or ec.owner != seat or "Equipment" not in er.types:
                raise Illegal("choice", f"{name}: {ctx.name(eq)} is not an equipment in your hand")
            from vtes_desktop.engine.rules_action import _cost, _pay, played_from_hand
            from vtes_desktop.engine.rules_action import requirement_refusal as minion_refusal

            why = minion_refusal(ctx, eq, er, er.modes[0] if er.modes else None, t)
            if why:
                raise Illegal("requirements", why)
            pool, blood = _cost(er, None)
            _pay(ctx, seat, t, pool, blood, er.name)
            ctx.move(eq, "attached", host=t)
            ctx.emit("equipped", f"{ctx.name(t)} is equipped with {ctx.name(eq)} ({name}).", cards=(t, eq))
            from vtes_desktop.engine.rules_turn import _check_contest

            _check_contest(ctx, eq)
            played_from_hand(ctx, seat, eq, er, to="none")
        elif key == "choose_titled":
            t = target
            c = st.cards[t] if t is not None else None
            tt = (ctx.title(c) or "").lower() if c is not None else ""
            if c is None or not ctx.is_vampire(c) or c.region not in ("ready", "torpor"):
                raise Illegal("target", f"{name}: name a vampire in play as the target")
            if tt == "justicar":
                _pay_pool(ctx, seat, int(v["pool"]), name)
            elif tt not in ("prince", "primogen"):
                raise Illegal("target", f"{name}: {ctx.name(t)} is not a prince, primogen or justicar")
        elif key == "loses_title":
            ctx.update(target, title="none", title_contested=False)
            ctx.emit("title", f"{ctx.name(target)} loses their title ({name}).", cards=(target,))
        elif key == "gain_pool":
            ctx.pool(seat, int(v["n"]), name)
        elif key == "add_blood_clan":
            t = target
            if t is None:
                raise Malformed("target", f"{name}: name the {v['clan'].title()} as the target")
            c = st.cards[t]
            if c.region != "ready" or c.contested or not _fits(ctx, seat, t, "a " + v["clan"], v):
                raise Illegal("target", f"{name}: {ctx.name(t)} is not a ready {v['clan'].title()}")
            ctx.set_blood(t, c.counters + int(v["n"]))
            ctx.emit("blood", f"{ctx.name(t)} gains {v['n']} blood ({name}).", cards=(t,))
        elif key == "burn_target":
            t = target
            if t is None:
                raise Malformed("target", f"{name}: name what it burns as the target")
            c = st.cards[t]
            what = v["what"]
            if what == "vampire in torpor":
                ok = c.region == "torpor" and ctx.is_vampire(c)
            elif what == "location":
                ok = c.region in ("in_play", "attached") and "location" in ctx.rules(t).keywords
            else:
                noun = what.split(" with capacity")[0]
                ok = c.region in ("ready", "torpor") and _fits(ctx, seat, t, "a " + noun, v) \
                    and ctx.capacity(c) < int(v["below"])
            if not ok or c.contested:
                raise Illegal("target", f"{name}: {ctx.name(t)} is not a {what}")
            ctx.burn(t, name)
        elif key == "new_hand":
            hand = list(st.region(seat, "hand"))
            for i in hand:
                if i != iid:
                    ctx.move(i, "ash_heap")
            ctx.emit("discarded", f"{ctx.seat_name(seat)} discards their hand ({len(hand)} cards) ({name}).")
            ctx.draw(seat, max(0, hand_size(ctx, seat) - len(st.region(seat, "hand"))))
        elif key == "converge":
            t = target
            c = st.cards[t] if t is not None else None
            if c is None or c.region != "uncontrolled" or c.owner != seat or not _fits(ctx, seat, t, "a " + v["clan"], v):
                raise Illegal("target", f"{name}: name a {v['clan'].title()} in your uncontrolled region as the target")
            got = 0
            for m in st.region(seat, "ready"):
                mc = st.cards[m]
                if _fits(ctx, seat, m, "a " + v["clan"], v) and mc.counters > 0 and not mc.contested:
                    ctx.update(m, counters=mc.counters - 1)
                    got += 1
            ctx.update(t, counters=st.cards[t].counters + got)
            ctx.emit("blood", f"{got} blood moves to {ctx.name(t)} ({name}).", frozenset({seat}),
                     f"{got} blood moves to a face-down vampire ({name}).", cards=(t,))
        elif key == "lock_all_clan":
            for s_ in range(len(st.seats)):
                for m in st.region(s_, "ready"):
                    if not st.cards[m].locked and _fits(ctx, seat, m, "a " + v["clan"], v):
                        ctx.update(m, locked=True)
                        ctx.emit("locked", f"{ctx.name(m)} is locked ({name}).", cards=(m,))
        elif key == "vessel_burn":
            if cmd.choice is not None:
                doll = flow.ref(ctx, seat, cmd.choice)
                d = ctx.cdef(doll)
                if d.name.lower() != "blood doll" or st.cards[doll].region not in IN_PLAY:
                    raise Illegal("choice", f"{name}: only a Blood Doll in play can be burned, not {d.display}")
                ctx.burn(doll, name)


def _own_ready_vampire(ctx: Ctx, seat: int, t: int | None, name: str) -> int:
    if t is None:
        raise Malformed("target", f"{name}: name the ready vampire you choose as the target")
    c = ctx.st.cards[t]
    if c.controller != seat or c.region != "ready" or not ctx.is_vampire(c) or c.contested:
        raise Illegal("target", f"{name}: {ctx.name(t)} is not a ready vampire of {ctx.seat_name(seat)}")
    return t


def _choose(ctx: Ctx, iid: int, t: int) -> None:
    st = ctx.st
    st.marks = frozenset(m for m in st.marks if not (m[0] == iid and m[1] == "chosen")) | {(iid, "chosen", t)}
    ctx.emit("chosen", f"{ctx.name(t)} is chosen for {ctx.name(iid)}.", cards=(iid, t))


def chosen(ctx: Ctx, iid: int) -> int | None:
    for m in ctx.st.marks:
        if m[0] == iid and m[1] == "chosen":
            return m[2]
    return None


def _action(ctx: Ctx, name: str) -> ActionFrame:
    f = ctx.st.top
    if not isinstance(f, ActionFrame):
        raise Illegal("timing", f"{name} is played during an action")
    return f


def out_of_turn_timing(ctx: Ctx, cmd: C.Play, iid: int, rules: CardRules) -> bool:
    """Check an out-of-turn master card's "Only usable ..." clauses; False when the engine cannot tell them
    (the card is then carried out by hand)."""
    from vtes_desktop.engine.rules_action import bleed_amount

    cancel = [(k, v) for k, v, _ in readings(rules) if k in CANCELS]
    if cancel:
        _cancel_as_played(ctx, cmd, iid, rules, cancel[0][0])
    why = requirement_refusal(ctx, cmd.seat, rules) or _boons_barred(ctx, rules)
    if why:
        raise Illegal("requirements", why)
    only = {o for m in rules.modes for o in m.only}
    hunt = [v for k, v, _ in readings(rules) if k == "cancel_blood_hunt"]
    if hunt:
        _blood_hunt_timing(ctx, cmd, rules, hunt[0])
        return only <= {"if:a vampire is about to be burned by a blood hunt"}
    if not only:
        return True
    f = ctx.st.top
    if "referendum" in only:   # Vox Domini: during the referendum of a political action (not a blood hunt)
        from vtes_desktop.engine.state import ReferendumFrame

        if not isinstance(f, ReferendumFrame) or f.step != "polling" or f.terms == "blood hunt":
            raise Illegal("timing", f"{rules.name} is played during the referendum of a political action")
        # the engine has no automatically passing referendum, so "not usable on one" always holds
        return only <= {"referendum", "not:referendum passed", "not:if:automatically passing"}
    known = {"bleeding you", "after blocks declined", "not:in combat"} | {o for o in only if o.startswith("bleed amount>=")}
    if not only <= known:
        return False
    if "not:in combat" in only:
        from vtes_desktop.engine.state import CombatFrame

        if any(isinstance(x, CombatFrame) for x in ctx.st.frames):
            raise Illegal("timing", f"{rules.name} is not usable during combat")
        if only == {"not:in combat"}:
            return True
    if not isinstance(f, ActionFrame):
        raise Illegal("timing", f"{rules.name} is played during an action")
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    if "bleeding you" in only and (kind != "bleed" or f.target_seat != cmd.seat):
        raise Illegal("timing", f"{rules.name} is played only while a minion is bleeding you")
    if "after blocks declined" in only and f.stage != "declined":
        raise Illegal("timing", f"{rules.name} is played after blocks are declined")
    for o in only:
        if o.startswith("bleed amount>="):
            n = int(o.split(">=")[1])
            if bleed_amount(ctx, f) < n:
                raise Illegal("timing", f"{rules.name} is played only if the bleed amount is {n} or more "
                                        f"(it is {bleed_amount(ctx, f)})")
    return True


#: the step of a blood hunt referendum that passed, before the diablerist burns: a card that cancels the blood hunt
#: is played then (LSJ 20081203-2 on Gangrel Conspiracy: once the referendum succeeds, the votes and ballots cast)
HUNT_TALLIED = "blood_hunt_passed"


def blood_hunt_passed(ctx: Ctx, f) -> bool:
    """The blood hunt referendum *f* passed (rules_politics.close): if a Methuselah holds a card that cancels blood
    hunts, the referendum stays on the stack in a step of its own (`HUNT_TALLIED`) so that it can be played before
    the diablerist burns; True when that step opened (the burn then waits for `close_blood_hunt`)."""
    st = ctx.st
    for s in range(len(st.seats)):
        for iid in st.region(s, "hand"):
            if any(k == "cancel_blood_hunt" for k, _, _ in readings(ctx.rules(iid))):
                flow.push(ctx, f._replace(step=HUNT_TALLIED, imp=f.imp._replace(at=0, passes=0)))
                ctx.emit("window", "The blood hunt passed: a card that cancels it may be played before "
                                   f"{ctx.name(f.actor)} burns.")
                return True
    return False


def close_blood_hunt(ctx: Ctx, f) -> None:
    """Every Methuselah passed in the `HUNT_TALLIED` step: the diablerist burns unless the blood hunt was
    canceled (Gangrel Conspiracy, Ebony Fox Hunt, Absolution of the Diabolist)."""
    flow.pop(ctx)
    if referendum_fails(f):
        ctx.emit("effect", f"The blood hunt on {ctx.name(f.actor)} is canceled.", cards=(f.actor,))
        return
    if f.actor in ctx.st.cards and ctx.st.cards[f.actor].region in ("ready", "torpor"):
        ctx.burn(f.actor, "blood hunt")


def _blood_hunt_timing(ctx: Ctx, cmd: C.Play, rules: CardRules, v: dict) -> None:
    """A card that cancels a blood hunt is played once a blood hunt referendum has passed, before the diablerist
    burns (the `HUNT_TALLIED` step), on a vampire the card names ("a Gangrel antitribu", "a Black Hand vampire you
    control")."""
    from vtes_desktop.engine.state import ReferendumFrame

    f = ctx.st.top
    if not isinstance(f, ReferendumFrame) or f.terms != "blood hunt" or f.step != HUNT_TALLIED:
        raise Illegal("timing", f"{rules.name} is played once a blood hunt referendum has passed (the votes and "
                                "ballots cast and tallied)")
    who = v.get("who")
    if who is None:
        return
    m = f.actor
    c = ctx.st.cards.get(m)
    if c is None or c.region not in ("ready", "torpor"):
        raise Illegal("timing", f"{rules.name}: the diablerist is gone")
    fits = ctx.is_vampire(c) and "black hand" in ctx.rules(m).traits if who == "black hand vampire" \
        else _fits(ctx, cmd.seat, m, "a " + who, v)
    if not fits or (v.get("yours") and c.controller != cmd.seat):
        raise Illegal("target", f"{rules.name} cancels a blood hunt called on {'a' if who[0] not in 'aeiou' else 'an'} "
                                f"{who.title()}{' you control' if v.get('yours') else ''}; {ctx.name(m)} is not one")


def used_as_announced(ctx: Ctx, cmd) -> bool:
    """A use made as the action is announced (Creepshow Casino, Club Illusion)."""
    if cmd.card == "edge":
        return False
    try:
        iid = flow.ref(ctx, cmd.seat, cmd.card)
    except Exception:
        return False
    c = ctx.st.cards.get(iid)
    if c is None or c.region not in ("in_play", "attached") or "Master" not in ctx.cdef(iid).types:
        return False
    return any(k in AS_ANNOUNCED for k, _, _ in readings(ctx.rules(iid)))


def after_play(ctx: Ctx, seat: int, iid: int) -> None:
    """A master card is on the table: its hand size bonus takes effect at once (draw up). A card that says
    "discard down to your hand size afterward" leaves its player owing those discards. A watchtower burns the
    other watchtowers in play."""
    st = ctx.st
    if st.cards[iid].region in ("in_play", "attached"):
        kws = ctx.rules(iid).keywords
        if "watchtower" in kws:
            for s_ in st.live_seats():
                for o in list(st.region(s_, "in_play")):
                    if o != iid and any(v["kw"] in kws for v in _has(ctx, o, "burn_if_other_kind")):
                        ctx.burn(o, f"another {'watchtower'} entered play")
    if ctx.st.cards[iid].region in ("in_play", "attached") and _has(ctx, iid, "hand_size"):
        draw_up(ctx, seat)
    c = ctx.st.cards[iid]
    if "investment" in ctx.rules(iid).keywords:   # Swiss Cut: 1 blood after any Methuselah plays an investment
        for s_ in ctx.st.live_seats():
            for o in ctx.st.region(s_, "in_play"):
                if o != iid and not ctx.st.cards[o].contested:
                    for v in _has(ctx, o, "investment_feeds"):
                        ctx.update(o, counters=ctx.st.cards[o].counters + int(v["n"]))
                        ctx.emit("counters", f"{ctx.name(o)} gains {v['n']} blood ({ctx.name(iid)} was played).",
                                 cards=(o,))
    if c.region == "in_play" and not c.contested and _has(ctx, iid, "museum_gain"):   # High Museum of Art, Atlanta
        ctx.pool(seat, int(_has(ctx, iid, "museum_gain")[0]["n"]), ctx.name(iid))
        ctx.st.marks = ctx.st.marks | {(iid, "museum", seat)}
    if c.region == "attached" and c.host is not None and _has(ctx, iid, "burn_if_sect_changes"):   # Galaric's Legacy
        if re.search(r"(?i)put this card on [^.]*\{?to make them anarch\}?", ctx.cdef(iid).text):
            ctx.update(c.host, sect="Anarch")
            ctx.emit("sect", f"{ctx.name(c.host)} becomes Anarch ({ctx.name(iid)}).", cards=(c.host,))
        ctx.st.marks = ctx.st.marks | {(iid, "sect", (ctx.sect(ctx.st.cards[c.host]) or "").lower())}
    if _has(ctx, iid, "new_hand"):   # Deal with the Devil: the new hand replaces it
        ctx.st.pending_draws = tuple(p for p in ctx.st.pending_draws if p[1] != iid)
    if _has(ctx, iid, "discard_down_after"):
        over = len(ctx.st.region(seat, "hand")) + _deferred(ctx, seat) - hand_size(ctx, seat)
        if over > 0:
            _owe_discard(ctx, seat, over)


def draw_up(ctx: Ctx, seat: int) -> None:
    n = hand_size(ctx, seat) - len(ctx.st.region(seat, "hand")) - sum(1 for s, _, _ in ctx.st.pending_draws
                                                                      if s == seat)
    if n > 0:
        ctx.draw(seat, n)


# -- using a card in play ---------------------------------------------------------------------------------

def _usable(ctx: Ctx, cmd: C.Use, iid: int, *, lock: bool) -> None:
    c = ctx.st.cards[iid]
    if c.contested:
        raise Illegal("contested", f"{ctx.name(iid)} is contested and out of play")
    if lock and c.locked:
        raise Illegal("locked", f"{ctx.name(iid)} is locked")


def _own_phase(ctx: Ctx, cmd: C.Use, iid: int, phase: str) -> None:
    st = ctx.st
    if st.active != cmd.seat or st.phase != phase or st.frames:
        raise Illegal("timing", f"{ctx.name(iid)} is used in your own {phase} phase")


def _once_each_phase(ctx: Ctx, iid: int) -> None:
    key = ("used", iid)
    if key in ctx.st.phase_flags:
        raise Illegal("use", f"{ctx.name(iid)} has already been used this phase")
    ctx.st.phase_flags = ctx.st.phase_flags | {key}


def _minion(ctx: Ctx, cmd: C.Use, name: str, what: str):
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name {what} (minion)")
    return flow.ref(ctx, cmd.seat, cmd.minion, what="minion")


def _named_own_vampire(ctx: Ctx, cmd: C.Use, name: str, what: str) -> int:
    """The minion the use names (*what* says which), refused unless it is a ready vampire of the user's."""
    m = _minion(ctx, cmd, name, what)
    mc = ctx.st.cards[m]
    if mc.controller != cmd.seat or mc.region != "ready" or not ctx.is_vampire(mc) or mc.contested:
        raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready vampire you control")
    return m


def _lock(ctx: Ctx, iid: int) -> None:
    ctx.update(iid, locked=True)


def _fits(ctx: Ctx, seat: int, m: int, who: str, v: dict) -> bool:
    c = ctx.st.cards[m]
    d = ctx.cdef(m)
    who = who.lower()
    if who.endswith(" you control") and c.controller != seat:
        return False
    if "controlled by another methuselah" in who and c.controller == seat:
        return False
    noun = re.sub(r"^(?:an?|any) | you control$| controlled by another methuselah$", "", who)
    q = re.match(r"^(?P<noun>.+?) with capacity (?P<cap>\d+) or more$", noun)
    if q and q.group("noun") != "vampire":
        return ctx.is_vampire(c) and ctx.capacity(c) >= int(q.group("cap")) and \
            _fits(ctx, seat, m, "a " + q.group("noun"), v)
    if noun.startswith("vampire with capacity"):
        return ctx.is_vampire(c) and ctx.capacity(c) >= int(v["cap"])
    if noun == "minion":
        return ctx.is_minion(c)
    if noun == "vampire":
        return ctx.is_vampire(c)
    if noun == "anarch":
        return ctx.is_vampire(c) and (ctx.sect(c) or "").lower() == "anarch"
    key = _clan_key(noun)
    return ctx.is_vampire(c) and (key in {_clan_key(cl) for cl in d.clans} or key == _clan_key(ctx.sect(c) or ""))


def use(ctx: Ctx, cmd: C.Use, iid: int) -> bool:
    """Carry out the use of a master card in play; False when the engine does not resolve its uses."""
    rules = ctx.rules(iid)
    if "Master" not in rules.types and "Event" not in rules.types:
        return False
    if ctx.st.marks and pay_toll(ctx, cmd, iid):
        return True
    uses = [(k, v, t) for k, v, t in readings(rules) if k in USED]
    if not uses:
        return False
    st = ctx.st
    seat = cmd.seat
    name = rules.name
    c = st.cards[iid]
    keys = {k for k, _, _ in uses}
    # Blood Doll, Vessel: the controller of the vampire they are on uses them
    user = st.cards[c.host].controller if "blood_doll" in keys and c.host is not None else c.controller
    if user != seat:
        raise Illegal("control", f"{name} is used by {ctx.seat_name(user)}")
    f = st.top
    if "mpa_discard_burn" in keys:
        return _mpa_discard_burn(ctx, cmd, iid)
    if "blood_trade" in keys:
        return _blood_trade(ctx, cmd, iid)
    if "inquisition" in keys:
        return _inquisition(ctx, cmd, iid)
    if "conquest_choose" in keys:
        return _conquest(ctx, cmd, iid)
    if "tutelage" in keys:
        return _tutelage(ctx, cmd, iid)
    if "warsaw_burn" in keys and (cmd.effect or "").lower().strip() == "burn":   # Warsaw Station's other use
        uses = [u for u in uses if u[0] == "warsaw_burn"]
        keys = {"warsaw_burn"}
    if "lock_with_minion" in keys:
        return _lock_with_minion(ctx, cmd, iid, rules, [v for k, v, _ in uses if k == "lock_with_minion"][0])
    if "conclave" in keys:
        return _conclave(ctx, cmd, iid, rules, [v for k, v, _ in uses if k == "conclave"][0])
    if keys & {"clan_burn_unlock", "clan_unlock_cost", "transfers_burn", "host_may_burn_unlock"}:
        return _clan_unlock(ctx, cmd, iid)
    if keys & {"lock_reduce_bleed", "lock_edge_transfers"}:
        return _mapatano(ctx, cmd, iid, {k: v for k, v, _ in uses})
    if "ash_for_bleed" in keys:
        return _ash_for_bleed(ctx, cmd, iid, [v for k, v, _ in uses if k == "ash_for_bleed"][0])
    if keys & {"wake_to_block", "houngan_gain"}:
        return _host_use(ctx, cmd, iid, {k: v for k, v, _ in uses})
    if "host_lock_abstain" in keys:
        return _abstain(ctx, cmd, iid)
    if "lock_cancel_votes" in keys:
        return _cancel_votes(ctx, cmd, iid)
    if "lock_pay_votes" in keys or "counters_votes" in keys or "lock_counters_votes" in keys and st.phase != "master":
        return _lock_pay_votes(ctx, cmd, iid)
    if "mpa_add_counter" in keys:   # Powerbase: Rome: a master phase action, 1 counter
        _usable(ctx, cmd, iid, lock=False)
        _own_phase(ctx, cmd, iid, "master")
        if st.mpa < 1:
            raise Illegal("master", "no master phase action left this phase")
        st.mpa -= 1
        n = int([v for k, v, _ in uses if k == "mpa_add_counter"][0]["n"])
        ctx.update(iid, counters=c.counters + n)
        ctx.emit("counters", f"{ctx.seat_name(seat)} uses a master phase action: {n} counter on {name}.", cards=(iid,))
        return True
    if keys & {"mpa_card_to", "camp_anarch"}:
        return _camp_use(ctx, cmd, iid, {k: v for k, v, _ in uses})
    if "counter_mummy_boost" in keys:   # In Memory of the Two Lands
        from vtes_desktop.engine.effects_crypt import _action_kind

        v = [v for k, v, _ in uses if k == "counter_mummy_boost"][0]
        _usable(ctx, cmd, iid, lock=False)
        act = next((x for x in reversed(st.frames) if isinstance(x, ActionFrame)), None)
        if act is None:
            raise Illegal("timing", f"{name} is used during an action")
        if c.counters < int(v["c"]):
            raise Illegal("counters", f"{name} has no counters")
        way = (cmd.effect or "").lower().strip()
        n = int(v["n"])
        if way == "bleed":
            if f is not act or act.stage == "resolution" or _action_kind(act) != "bleed" or act.seat != seat \
                    or v["kw"] not in ctx.rules(act.actor).keywords:
                raise Illegal("timing", f"{name} gives +{n} bleed to an acting {v['kw']} of yours during its bleed")
            ctx.update(iid, counters=c.counters - int(v["c"]))
            flow.set_top(ctx, act._replace(mods=act.mods + (Mod("bleed", n, act.actor, iid, c.cid),)))
            ctx.emit("used", f"{ctx.seat_name(seat)} burns a counter from {name}: {ctx.name(act.actor)} gets +{n} bleed.",
                     cards=(iid,))
        elif way == "strength":
            m = _minion(ctx, cmd, name, f"the {v['kw']} you control that gets the strength")
            if st.cards[m].controller != seat or v["kw"] not in ctx.rules(m).keywords:
                raise Illegal("minion", f"{name}: {ctx.name(m)} is not a {v['kw']} you control")
            ctx.update(iid, counters=c.counters - int(v["c"]))
            st.marks = st.marks | {(m, "strength this action", n)}
            ctx.emit("used", f"{ctx.seat_name(seat)} burns a counter from {name}: {ctx.name(m)} gets +{n} strength.",
                     cards=(iid, m))
        else:
            raise Malformed("effect", f"{name}: say which bonus (effect: bleed or strength)")
        emptied(ctx, iid)
        return True
    if "counter_kw_bleed" in keys:   # Cursed Abattoir: a counter for +1 bleed to the bleeding zombie ally
        from vtes_desktop.engine.effects_crypt import _OPEN, _action_kind

        v = [v for k, v, _ in uses if k == "counter_kw_bleed"][0]
        _usable(ctx, cmd, iid, lock=False)
        if not isinstance(f, ActionFrame) or f.stage not in _OPEN or _action_kind(f) != "bleed" or f.seat != seat \
                or "Ally" not in ctx.cdef(f.actor).types or v["kw"] not in ctx.rules(f.actor).keywords:
            raise Illegal("timing", f"{name} is used while a {v['kw']} ally of yours bleeds")
        if c.counters < int(v["c"]):
            raise Illegal("counters", f"{name} has no counters")
        ctx.update(iid, counters=c.counters - int(v["c"]))
        flow.set_top(ctx, f._replace(mods=f.mods + (Mod("bleed", int(v["n"]), f.actor, iid, c.cid),)))
        ctx.emit("used", f"{ctx.seat_name(seat)} burns a counter from {name}: {ctx.name(f.actor)} gets +{v['n']} bleed.",
                 cards=(iid, f.actor))
        return True
    if "card_to_uncontrolled" in keys:   # Heartblood of the Clan
        v = [v for k, v, _ in uses if k == "card_to_uncontrolled"][0]
        _usable(ctx, cmd, iid, lock=False)
        _own_phase(ctx, cmd, iid, "influence")
        m = _minion(ctx, cmd, name, f"the {v['clan'].title()} in your uncontrolled region")
        mc = st.cards[m]
        if mc.region != "uncontrolled" or mc.owner != seat or not _fits(ctx, seat, m, "a " + v["clan"], v):
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a {v['clan'].title()} in your uncontrolled region")
        x = (cmd.effect or "").strip()
        n = int(x) if x.isdigit() else c.counters
        if n < 1 or n > c.counters:
            raise Illegal("effect", f"{name} has {c.counters} blood; move 1 to {c.counters} (effect)")
        ctx.update(iid, counters=c.counters - n)
        ctx.update(m, counters=mc.counters + n)
        ctx.emit("blood", f"{n} blood moves from {name} to {ctx.name(m)}.", cards=(iid, m))
        return True
    if keys & {"lock_extra_dpa", "la_unlock"}:
        return _los_angeles(ctx, cmd, iid, {k: v for k, v, _ in uses})
    if keys & {"lock_hunt_stealth", "lock_mortal_discount"}:
        return _sunset(ctx, cmd, iid, {k: v for k, v, _ in uses})
    if "flames" in keys:
        return _flames(ctx, cmd, iid)
    if "anyone_mpa_pool" in keys:
        return _strained(ctx, cmd, iid)
    if "shrine_fail" in keys:
        return _shrine(ctx, cmd, iid, [v for k, v, _ in uses if k == "shrine_fail"][0])
    if keys & {"census_bleed_votes", "census_intercept"}:
        return _census(ctx, cmd, iid, {k: v for k, v, _ in uses})
    if "pentex_choose" in keys:
        return _pentex(ctx, cmd, iid, {k: v for k, v, _ in readings(rules)})
    if "curmudgeon_choose" in keys:
        return _curmudgeon(ctx, cmd, iid)
    if keys & {"pander_fail", "pander_choose"}:
        return _joseph_pander(ctx, cmd, iid, {k: v for k, v, _ in uses})
    if "counter_bleed_or_votes" in keys:
        return _dead_pool(ctx, cmd, iid, [v for k, v, _ in uses if k == "counter_bleed_or_votes"][0])
    if keys & {"lock_lock_clan", "vampire_to_card", "pool_to_card", "munich"}:
        return _location_use(ctx, cmd, iid, {k: v for k, v, _ in uses})
    if isinstance(f, ActionFrame) and not keys <= {"warsaw_burn"}:
        if keys & AS_ANNOUNCED and f.stage == "announced" or "lock_after_hunt" in keys and f.stage == "resolution":
            return _during_action(ctx, cmd, iid, rules, uses)
        if "lock_give" in keys:
            return _lock_give(ctx, cmd, iid, rules, [(v, t) for k, v, t in uses if k == "lock_give"])
    if keys & AS_ANNOUNCED or "lock_after_hunt" in keys:
        return _during_action(ctx, cmd, iid, rules, uses)
    if "warsaw_burn" in keys and not (cmd.effect or "").strip():
        raise Malformed("effect", f"{name}: say which use (effect: burn, with minion the vampire in torpor)")
    uses = [u for u in uses if u[0] != "lock_give"] or uses   # out of an action, its other uses
    key, v, _ = uses[0]
    if key == "lock_give":
        raise Illegal("timing", f"{name} gives its bonus during an action")
    if key == "passed_lock_burn":   # Privileged Position: after a referendum a vampire of yours called passed
        _usable(ctx, cmd, iid, lock=True)
        mark = (("seat", seat), "passed referendum", st.turn)
        if mark not in st.marks:
            raise Illegal("timing", f"{name} is used after a referendum called by a vampire you control passes "
                                    "(this turn, once for it)")
        st.marks = st.marks - {mark}
        _lock(ctx, iid)
        prey = st.prey(seat)
        ctx.pool(prey, -int(v["n"]), name)
        return True
    if key == "unlock_trait_all":   # Path of Evil Revelations: 1 pool, every infernal minion of the player unlocks
        _usable(ctx, cmd, iid, lock=False)
        _own_phase(ctx, cmd, iid, "master")
        _pay_pool(ctx, seat, int(v["pool"]), name)
        ms = [m for m in st.region(seat, "ready") if st.cards[m].locked and v["trait"] in ctx.rules(m).traits]
        for m in ms:
            ctx.update(m, locked=False)
        ctx.emit("unlocked", f"{ctx.seat_name(seat)} burns {v['pool']} pool ({name}): "
                 + (", ".join(ctx.name(m) for m in ms) + " unlock." if ms else f"no locked {v['trait']} minion to unlock."),
                 cards=tuple(ms))
        return True
    if key == "counter_to_location":   # Church of the Order of St. Blaise
        _usable(ctx, cmd, iid, lock=True)
        t = _minion(ctx, cmd, name, "the location you control that uses counters")
        tc = st.cards[t]
        tr = ctx.rules(t)
        if tc.region != "in_play" or tc.controller != seat or tc.contested or "location" not in tr.keywords:
            raise Illegal("target", f"{name}: {ctx.name(t)} is not a location you control in play")
        if not tc.counters and not re.search(r"(?i)\b(?:counters?|blood)\b", ctx.cdef(t).text):
            raise Illegal("target", f"{name}: {ctx.name(t)} does not use counters")
        _lock(ctx, iid)
        ctx.update(t, counters=tc.counters + 1)
        ctx.emit("counters", f"{ctx.seat_name(seat)} locks {name}: 1 counter on {ctx.name(t)}.", cards=(iid, t))
        return True
    if key == "blood_doll":
        _usable(ctx, cmd, iid, lock=False)
        _own_phase(ctx, cmd, iid, v["phase"])
        _once_each_phase(ctx, iid)
        host = c.host
        if host is None:
            raise Illegal("use", f"{name} is not on a vampire")
        way = (cmd.effect or "").lower().strip()
        h = st.cards[host]
        if way in ("to pool", "pool"):
            if h.counters < 1:
                raise Illegal("blood", f"{ctx.name(host)} has no blood to move")
            ctx.update(host, counters=h.counters - 1)
            ctx.pool(seat, 1, f"{name}: 1 blood from {ctx.name(host)}")
        elif way in ("to vampire", "vampire", "to blood", "blood"):
            if st.seats[seat].pool < 1:
                raise Illegal("pool", f"{ctx.seat_name(seat)} has no pool to move")
            ctx.pool(seat, -1, f"{name}: 1 pool to {ctx.name(host)}")
            ctx.set_blood(host, h.counters + 1)
        else:
            raise Malformed("effect", f"{name}: say which way the blood moves (effect: to pool, or to vampire)")
        return True
    if key == "hunting_ground":
        _usable(ctx, cmd, iid, lock=False)
        _own_phase(ctx, cmd, iid, "unlock")
        m = _minion(ctx, cmd, name, "the ready vampire that gains the blood")
        mc = st.cards[m]
        regions = ("ready", "torpor") if "anyregion" in v else ("ready",)   # Tabriz Assembly: "a True Brujah you control"
        if mc.controller != seat or mc.region not in regions or not ctx.is_vampire(mc) or mc.contested:
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a {'' if 'anyregion' in v else 'ready '}vampire you "
                                    "control")
        if v.get("titled") and not ctx.title(mc):
            raise Illegal("minion", f"{name}: {ctx.name(m)} has no title")
        if v.get("hgclan") and not (_fits(ctx, seat, m, "a " + v["hgclan"], v) or v["hgclan"] in ctx.rules(m).traits):
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not {v['hgclan'].title()}")
        if (m, "hunting ground") in st.acted:
            raise Illegal("hunting ground", f"{ctx.name(m)} has already gained blood from a hunting ground this turn")
        _once_each_phase(ctx, iid)
        st.acted = st.acted | {(m, "hunting ground")}
        n = int(v["n"])
        ctx.set_blood(m, mc.counters + n)
        ctx.emit("blood", f"{ctx.name(m)} gains {n} blood ({name}).", cards=(m,))
        return True
    if key == "path_hunting_ground":   # Burial Site Hunting Ground: a vampire of the Path, or a wraith or zombie ally
        _usable(ctx, cmd, iid, lock=False)
        _own_phase(ctx, cmd, iid, "unlock")
        m = _minion(ctx, cmd, name, "the ready vampire or ally that gains the blood or life")
        mc = st.cards[m]
        if mc.controller != seat or mc.region != "ready" or mc.contested:
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready minion you control")
        ally = "Ally" in ctx.cdef(m).types and set(v["kinds"].split(" or ")) & set(ctx.rules(m).keywords)
        if not ally and not (ctx.is_vampire(mc) and (ctx.cdef(m).path or "").lower() == v["path"]):
            raise Illegal("minion", f"{name}: {ctx.name(m)} neither follows the Path of {v['path'].title()} nor is a "
                                    f"{v['kinds']} ally")
        if (m, "hunting ground") in st.acted:
            raise Illegal("hunting ground", f"{ctx.name(m)} has already gained blood from a hunting ground this turn")
        if ally:
            from vtes_desktop.engine.effects_actioncard import _start_life

            if mc.counters >= _start_life(ctx, m):
                raise Illegal("minion", f"{name}: {ctx.name(m)} already has its starting life")
        _once_each_phase(ctx, iid)
        st.acted = st.acted | {(m, "hunting ground")}
        n = int(v["n"])
        if ally:
            ctx.update(m, counters=mc.counters + n)
        else:
            ctx.set_blood(m, mc.counters + n)
        ctx.emit("blood", f"{ctx.name(m)} gains {n} {'life' if ally else 'blood'} ({name}).", cards=(m,))
        return True
    if key == "carfax":
        _usable(ctx, cmd, iid, lock=False)
        _own_phase(ctx, cmd, iid, "unlock")
        m = _minion(ctx, cmd, name, "the ready Anarch that gains the blood")
        mc = st.cards[m]
        if mc.controller != seat or mc.region != "ready" or mc.contested or (ctx.sect(mc) or "").lower() != "anarch":
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready Anarch you control")
        if (m, "hunting ground") in st.acted:
            raise Illegal("hunting ground", f"{ctx.name(m)} has already gained blood from a hunting ground this turn")
        if ("used", iid) in st.phase_flags:
            baron = any((ctx.title(st.cards[b]) or "").lower() == "baron" and not st.cards[b].contested
                        for b in st.region(seat, "ready"))
            if not baron or ("used again", iid) in st.phase_flags:
                raise Illegal("use", f"{name} has already been used this phase"
                                     + ("" if baron else " (a second Anarch gains blood only if you control a ready baron)"))
            st.phase_flags = st.phase_flags | {("used again", iid)}
        else:
            st.phase_flags = st.phase_flags | {("used", iid)}
        st.acted = st.acted | {(m, "hunting ground")}
        n = int(v["n"])
        ctx.set_blood(m, mc.counters + n)
        ctx.emit("blood", f"{ctx.name(m)} gains {n} blood ({name}).", cards=(m,))
        return True
    if key == "perfectionist":
        f = st.top
        host = c.host
        if not isinstance(f, ActionFrame) or f.stage != "resolution" or f.actor != host or f.outcome != "successful":
            raise Illegal("timing", f"{name}: used after the vampire it is on performs a successful action")
        if any("Reaction" in ctx.db[cid].types for mm, cid in f.played if mm != f.actor):
            raise Illegal("timing", f"{name}: reaction cards were played during that action")
        if (host, ("used", iid)) in st.acted:
            raise Illegal("use", f"{name} has already been used this turn")
        st.acted = st.acted | {(host, ("used", iid))}
        n = int(v["n"])
        ctx.set_blood(host, st.cards[host].counters + n)
        ctx.emit("blood", f"{ctx.name(host)} gains {n} blood ({name}).", cards=(host,))
        return True
    if key == "scourge":
        _own_phase(ctx, cmd, iid, "discard")
        m = _minion(ctx, cmd, name, "the vampire to burn")
        mc = st.cards[m]
        if not ctx.is_vampire(mc) or mc.region not in ("ready", "torpor") or mc.contested:
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a vampire in play")
        if ctx.capacity(mc) > int(v["cap"]):
            raise Illegal("minion", f"{name}: {ctx.name(m)} has capacity {ctx.capacity(mc)}, more than {v['cap']}")
        _once_each_phase(ctx, iid)
        ctx.burn(m, name)
        return True
    if key == "cape_verde":
        _usable(ctx, cmd, iid, lock=True)
        if st.phase != "master" or st.frames:
            raise Illegal("timing", f"{name} is used during a master phase")
        m = _named_own_vampire(ctx, cmd, name, "the vampire whose blood moves")
        mc = st.cards[m]
        way = (cmd.effect or "").lower().strip()
        n = int(v["n"])
        if way in ("to pool", "pool"):
            names = {_clan_key(x) for x in v["clans"].split(" or ")}
            if not names & ({_clan_key(x) for x in ctx.cdef(m).clans} | {_clan_key(ctx.sect(mc) or "")}):
                raise Illegal("minion", f"{name}: {ctx.name(m)} is not {v['clans'].title()}")
            if mc.counters < n:
                raise Illegal("blood", f"{ctx.name(m)} has no blood to move")
            _lock(ctx, iid)
            ctx.update(m, counters=mc.counters - n)
            ctx.pool(seat, n, f"{name}: blood from {ctx.name(m)}")
        elif way in ("to vampire", "vampire"):
            if st.seats[seat].pool < n:
                raise Illegal("pool", f"{ctx.seat_name(seat)} has no pool to move")
            _lock(ctx, iid)
            ctx.pool(seat, -n, f"{name}: to {ctx.name(m)}")
            ctx.set_blood(m, st.cards[m].counters + n)
        else:
            raise Malformed("effect", f"{name}: say which way the blood moves (effect: to pool, or to vampire)")
        return True
    if key == "luanda_choose":
        _usable(ctx, cmd, iid, lock=True)
        _own_phase(ctx, cmd, iid, "master")
        m = _minion(ctx, cmd, name, "the vampire you choose")
        mc = st.cards[m]
        if mc.controller != seat or mc.region not in ("ready", "torpor") or not ctx.is_vampire(mc) or mc.contested:
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a vampire you control")
        _lock(ctx, iid)
        st.marks = st.marks | {(iid, "luanda", m, st.turn)}
        ctx.emit("chosen", f"{ctx.seat_name(seat)} locks {name} and chooses {ctx.name(m)}.", cards=(iid, m))
        return True
    if key == "warsaw_burn":
        vv = next(w for k, w, _ in readings(rules) if k == "warsaw_burn")
        m = _minion(ctx, cmd, name, f"the {vv['clan'].title()} in torpor")
        mc = st.cards[m]
        if mc.region != "torpor" or mc.controller != seat or not _fits(ctx, seat, m, "a " + vv["clan"], vv):
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a {vv['clan'].title()} of yours in torpor")
        ctx.burn(iid, name)
        ctx.move(m, "ready", seat=seat, locked=mc.locked, counters=mc.counters, wounded=False)
        ctx.emit("ready", f"{ctx.name(m)} moves from torpor to the ready region ({name}).", cards=(m,))
        return True
    if key in ("cavalier", "carnivale"):
        f = st.top
        host = c.host
        if not isinstance(f, ActionFrame) or f.actor != host:
            raise Illegal("timing", f"{name} is used during an action of the vampire it is on")
        if key == "carnivale":
            if f.stage == "resolution":
                raise Illegal("timing", f"{name}: the action has been resolved")
            ctx.burn(iid, name)
            n = int(v["n"])
            flow.set_top(ctx, ctx.st.top._replace(mods=f.mods + (Mod("stealth", n, host, iid, rules.card_id),)))
            ctx.emit("used", f"{ctx.name(host)} gets +{n} stealth ({name}).", cards=(host,))
            return True
        if f.stage != "resolution" or f.outcome != "successful" or not f.cost_blood:
            raise Illegal("timing", f"{name}: used after a successful action of its vampire that cost blood")
        if (host, ("used", iid)) in st.acted:
            raise Illegal("use", f"{name} has already been used this turn")
        hc = st.cards[host]
        if hc.counters < int(v["cost"]):
            raise Illegal("cost", f"{ctx.name(host)} has no blood to burn")
        st.acted = st.acted | {(host, ("used", iid))}
        ctx.update(host, counters=hc.counters - int(v["cost"]), locked=False)
        ctx.emit("unlocked", f"{ctx.name(host)} burns 1 blood and unlocks ({name}).", cards=(host,))
        return True
    if key == "imbued_success_lock":
        _usable(ctx, cmd, iid, lock=True)
        f = st.top
        if not isinstance(f, ActionFrame) or f.stage != "resolution" or f.outcome != "successful" \
                or "Imbued" not in ctx.cdef(f.actor).types:
            raise Illegal("timing", f"{name} is used when an imbued successfully performs an action")
        m = _minion(ctx, cmd, name, "the imbued in your uncontrolled region")
        mc = st.cards[m]
        if mc.region != "uncontrolled" or mc.owner != seat or "Imbued" not in ctx.cdef(m).types:
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not an imbued in your uncontrolled region")
        _lock(ctx, iid)
        ctx.update(m, counters=mc.counters + int(v["n"]))
        ctx.emit("blood", f"{ctx.seat_name(seat)} locks {name}: 1 blood to {ctx.name(m)}.", cards=(m,))
        return True
    if key == "mpa_blood_to_clan":
        _usable(ctx, cmd, iid, lock=False)
        _own_phase(ctx, cmd, iid, "master")
        _once_each_phase(ctx, iid)
        m = _minion(ctx, cmd, name, f"the {v['clan'].title()} that gets the blood")
        mc = st.cards[m]
        if mc.controller != seat or mc.region not in ("ready", "torpor") or not _fits(ctx, seat, m, "a " + v["clan"], v):
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a {v['clan'].title()} you control")
        n = min(int(v["n"]), c.counters)
        ctx.update(iid, counters=c.counters - n)
        ctx.set_blood(m, mc.counters + n)
        ctx.emit("blood", f"{n} blood moves from {name} to {ctx.name(m)}.", cards=(m,))
        if st.cards[iid].counters == 0 and re.search(r"(?i)burn this card if it has no blood", ctx.cdef(iid).text):
            ctx.burn(iid, "no blood")   # the card's own text (carried out by hand otherwise)
        return True
    if key in ("bank_unlock_choice", "bank_mpa_choice"):   # the powerbases' blood: `effect` says which way
        _usable(ctx, cmd, iid, lock=False)
        _own_phase(ctx, cmd, iid, "unlock" if key == "bank_unlock_choice" else "master")
        eff = (cmd.effect or "").strip().lower()
        into = v.get("n") or v.get("max")
        if not eff:
            eff = "pool" if not into else ""
        if not eff:
            raise Malformed("effect", f"{name}: say which use (effect: pool to move blood to your pool, or add"
                                      + (" and the pool to move, e.g. add 2)" if v.get("max") else ")"))
        if key == "bank_unlock_choice":
            _once_each_phase(ctx, iid)
        else:
            if st.mpa < 1:
                raise Illegal("master", "no master phase action left this phase")
            st.mpa -= 1
        if eff == "pool":
            n = c.counters if v["out"] == "all" else min(int(v["out"]), c.counters)
            if n < 1:
                raise Illegal("use", f"{name} has no blood to move")
            ctx.update(iid, counters=c.counters - n)
            ctx.pool(seat, n, name)
            ctx.emit("blood", f"{n} blood moves from {name} to {poss_name(ctx, seat)} pool.", cards=(iid,))
            emptied(ctx, iid)
            return True
        m_ = re.fullmatch(r"add(?: (\d))?", eff)
        if not m_ or not into:
            raise Illegal("effect", f"{name}: the uses are pool" + (" and add" if into else ""))
        if v.get("max"):   # Washington, D.C.: up to 3 pool, each with 1 more blood from the bank
            k = int(m_.group(1) or 0)
            if not 0 < k <= int(v["max"]):
                raise Illegal("effect", f"{name}: move from 1 to {v['max']} pool (effect: add N)")
            _pay_pool(ctx, seat, k, name)
            ctx.update(iid, counters=st.cards[iid].counters + 2 * k)
            ctx.emit("counters", f"{ctx.seat_name(seat)} moves {k} pool to {name}, with {k} more blood from the bank.",
                     cards=(iid,))
            return True
        if v.get("pool"):   # New York: 1 pool burned to bring 3 from the bank
            _pay_pool(ctx, seat, int(v["pool"]), name)
        ctx.update(iid, counters=st.cards[iid].counters + int(v["n"]))
        ctx.emit("counters", f"{v['n']} blood moves from the blood bank to {name}.", cards=(iid,))
        return True
    if key == "lock_unlock_trait":   # Watchtower: Four Ride Forth: lock in your discard phase to unlock a Black Hand
        _usable(ctx, cmd, iid, lock=True)
        _own_phase(ctx, cmd, iid, "discard")
        m = _minion(ctx, cmd, name, f"the ready {v['trait'].title()} vampire to unlock")
        mc = st.cards[m]
        if mc.region != "ready" or mc.contested or not ctx.is_vampire(mc) or v["trait"] not in ctx.rules(m).traits:
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready {v['trait'].title()} vampire")
        if not mc.locked:
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not locked")
        _lock(ctx, iid)
        ctx.update(m, locked=False)
        ctx.emit("unlocked", f"{ctx.seat_name(seat)} locks {name}: {ctx.name(m)} unlocks.", cards=(m,))
        return True
    if key == "mpa_draw":   # Watchtower: Chosen are Called: a master phase action draws 3, then discard down
        _usable(ctx, cmd, iid, lock=False)
        _own_phase(ctx, cmd, iid, "master")
        if st.mpa < 1:
            raise Illegal("master", "no master phase action left this phase")
        st.mpa -= 1
        n = {"two": 2, "three": 3}.get(v["n"]) or int(v["n"])
        ctx.emit("used", f"{ctx.seat_name(seat)} uses a master phase action: {name} draws {n} cards.", cards=(iid,))
        ctx.draw(seat, n)
        over = len(st.region(seat, "hand")) + _deferred(ctx, seat) - hand_size(ctx, seat)
        if over > 0:
            _owe_discard(ctx, seat, over)
        return True
    if key == "lock_exchange_ash":   # Garibaldi-Meucci Museum: effect = the card from hand, minion = from the ash heap
        _usable(ctx, cmd, iid, lock=True)
        _own_phase(ctx, cmd, iid, "unlock")
        if cmd.effect is None or cmd.minion is None:
            raise Malformed("effect", f"{name}: name the card from your hand (effect) and the card requiring an "
                                      f"{v['req'].title()} from your ash heap (minion)")
        give = flow.ref(ctx, seat, cmd.effect)
        take = flow.ref(ctx, seat, cmd.minion)
        if st.cards[give].region != "hand" or st.cards[give].owner != seat:
            raise Illegal("effect", f"{name}: {ctx.name(give)} is not a card in your hand")
        if st.cards[take].region != "ash_heap" or st.cards[take].owner != seat \
                or v["req"] not in {r.lower() for r in ctx.cdef(take).requirements}:
            raise Illegal("minion", f"{name}: {ctx.name(take)} is not a card requiring an {v['req'].title()} in your ash heap")
        _pay_pool(ctx, seat, int(v["pool"]), name)
        _lock(ctx, iid)
        ctx.move(give, "ash_heap")
        ctx.move(take, "hand", seat=seat)
        ctx.emit("exchanged", f"{ctx.seat_name(seat)} locks {name} and exchanges {ctx.name(give)} from hand for "
                              f"{ctx.name(take)} from the ash heap.", cards=(give, take))
        return True
    if key == "passage_fail":   # Secret Passage: burned while its ready minion is the target of a directed action
        from vtes_desktop.engine.effects_crypt import _OPEN

        _usable(ctx, cmd, iid, lock=False)
        host = c.host
        if not isinstance(f, ActionFrame) or f.stage not in _OPEN or host is None or f.target_card != host \
                or v.get("ready") and st.cards[host].region != "ready":
            raise Illegal("timing", f"{name} is burned while {ctx.name(host)} is {'ready and ' if v.get('ready') else ''}"
                                    "the target of an action")
        ctx.burn(iid, "to make the action fail")
        f = st.top
        flow.set_top(ctx, f._replace(outcome="unsuccessful", stage="resolution", imp=f.imp._replace(at=0, passes=0)))
        ctx.emit("unsuccessful", f"The action fails ({name}).")
        return True
    if key == "burn_reduce_bleed":   # Dummy Corporation: burned while a minion bleeds you, the bleed 2 less
        from vtes_desktop.engine.effects_crypt import _OPEN, _action_kind

        _usable(ctx, cmd, iid, lock=False)
        if not isinstance(f, ActionFrame) or f.stage not in _OPEN or _action_kind(f) != "bleed" \
                or f.target_seat != seat:
            raise Illegal("timing", f"{name} reduces a bleed against you, while a minion is bleeding you")
        n = int(v["n"])
        ctx.burn(iid, f"to reduce the bleed by {n}")
        f = st.top
        flow.set_top(ctx, f._replace(mods=f.mods + (Mod("bleed", -n, None, iid, c.cid),)))
        ctx.emit("effect", f"The bleed is reduced by {n} ({name}).")
        return True
    if key == "two_oldest":   # Gurchon Hall: 1 blood to each of the two oldest ready vampires, once a turn
        _usable(ctx, cmd, iid, lock=False)
        _own_phase(ctx, cmd, iid, "unlock")
        _once_each_phase(ctx, iid)
        mine = sorted((m for m in st.region(seat, "ready") if ctx.is_vampire(st.cards[m]) and not st.cards[m].contested),
                      key=lambda m: -ctx.capacity(st.cards[m]))
        got = mine[:2]
        if len(mine) > 2 and ctx.capacity(st.cards[mine[1]]) == ctx.capacity(st.cards[mine[2]]):
            edge = ctx.capacity(st.cards[mine[1]])
            tied = [m for m in mine if ctx.capacity(st.cards[m]) == edge]
            pick = flow.ref(ctx, seat, cmd.minion, what="vampire") if cmd.minion is not None else None
            if pick not in tied:
                raise Illegal("minion", f"{name}: several vampires are tied among your oldest; name the one that "
                                        f"gains blood (minion): {', '.join(ctx.name(m) for m in tied)}")
            got = [m for m in mine if ctx.capacity(st.cards[m]) > edge][:2]
            if len(got) < 2:
                got.append(pick)
            if len(got) < 2:
                raise Illegal("minion", f"{name}: the vampires tied among your oldest are too many to tell apart here")
        for m in got:
            if (m, "hunting ground") in st.acted:
                continue   # a vampire gains blood from only one hunting ground each turn
            st.acted = st.acted | {(m, "hunting ground")}
            ctx.set_blood(m, st.cards[m].counters + int(v["n"]))
            ctx.emit("blood", f"{ctx.name(m)} gains {v['n']} blood ({name}).", cards=(m,))
        return True
    if key == "lock_unlock_clan":   # Glutton: lock to unlock a ready Ishtarri you control, which burns 1 blood
        _usable(ctx, cmd, iid, lock=True)
        if v.get("phase"):   # Command Performance: in your minion phase, any ready Daughter of Cacophony
            _own_phase(ctx, cmd, iid, v["phase"])
        m = _minion(ctx, cmd, name, f"the {v['clan'].title()} to unlock")
        mc = st.cards[m]
        if (mc.controller != seat and not v.get("phase")) or mc.region != "ready" or mc.contested \
                or not _fits(ctx, mc.controller, m, "a " + v["clan"], v):
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready {v['clan'].title()}"
                                    + ("" if v.get("phase") else " you control"))
        if not mc.locked:
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not locked")
        _lock(ctx, iid)
        ctx.update(m, locked=False)
        burn = sum(int(x["n"]) for x in _has(ctx, iid, "unlocked_burns"))
        burn = min(burn, mc.counters)
        if burn:
            ctx.set_blood(m, mc.counters - burn)
        ctx.emit("unlocked", f"{ctx.seat_name(seat)} locks {name}: {ctx.name(m)} unlocks"
                             + (f" and burns {burn} blood." if burn else "."), cards=(m,))
        return True
    if key == "mpa_card_to_pool":   # the investments: a master phase action moves 1 blood from the card to the pool
        _usable(ctx, cmd, iid, lock=False)
        _own_phase(ctx, cmd, iid, "master")
        if c.counters < 1:
            raise Illegal("use", f"{name} has no blood left")
        if st.mpa < 1:
            raise Illegal("master", "no master phase action left this phase")
        st.mpa -= 1
        n = min(int(v["n"]), c.counters)
        ctx.update(iid, counters=c.counters - n)
        ctx.pool(seat, n, name)
        ctx.emit("blood", f"{ctx.seat_name(seat)} uses a master phase action: {n} blood moves from {name} to their "
                          "pool.", cards=(iid,))
        emptied(ctx, iid)
        return True
    if key == "sorrow":
        _usable(ctx, cmd, iid, lock=True)
        m = _minion(ctx, cmd, name, "the card to unlock")
        mc = st.cards[m]
        if mc.controller != seat or ctx.is_minion(mc) or mc.region not in ("in_play", "attached") or not mc.locked \
                or m == iid:
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a locked card you control that is not a minion")
        _lock(ctx, iid)
        ctx.update(m, locked=False)
        st.skip_unlock = st.skip_unlock | {m, iid}
        ctx.emit("unlocked", f"{ctx.seat_name(seat)} locks {name} to unlock {ctx.name(m)}; neither unlocks in their "
                             "next unlock phase.", cards=(m,))
        return True
    if key == "hunt_bonus_lock":
        _usable(ctx, cmd, iid, lock=True)
        f = st.top
        kind = (f.kind if f.kind != "card" else (f.effect or "card")) if isinstance(f, ActionFrame) else None
        if kind != "hunt" or f.stage != "resolution" or f.outcome != "successful":
            raise Illegal("timing", f"{name} is used after a vampire successfully hunts")
        _lock(ctx, iid)
        ctx.set_blood(f.actor, st.cards[f.actor].counters + 1)
        ctx.emit("blood", f"{ctx.name(f.actor)} gains 1 more blood ({name}).", cards=(f.actor,))
        return True
    if key in ("cab_add", "cab_move"):   # Threestar Cab Company: 1 blood banked in the master phase, spent in the unlock
        _usable(ctx, cmd, iid, lock=True)
        if st.phase == "master" and "cab_add" in {k for k, _, _ in readings(rules)}:
            _own_phase(ctx, cmd, iid, "master")
            _lock(ctx, iid)
            ctx.update(iid, counters=c.counters + 1)
            ctx.emit("blood", f"{ctx.seat_name(seat)} locks {name} to move 1 blood from the bank to it.", cards=(iid,))
            return True
        _own_phase(ctx, cmd, iid, "unlock")
        if c.counters < 1:
            raise Illegal("use", f"{name} has no blood to move")
        if cmd.minion is None:
            _lock(ctx, iid)
            ctx.update(iid, counters=c.counters - 1)
            ctx.pool(seat, 1, name)
            return True
        m = flow.ref(ctx, seat, cmd.minion, what="minion")
        mc = st.cards[m]
        if mc.controller != seat or mc.region != "ready" or not ctx.is_vampire(mc):
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready vampire you control")
        if (m, "hunting ground") in st.acted:
            raise Illegal("hunting ground", f"{ctx.name(m)} has already gained blood from a hunting ground this turn")
        _lock(ctx, iid)
        st.acted = st.acted | {(m, "hunting ground")}
        ctx.update(iid, counters=c.counters - 1)
        ctx.set_blood(m, mc.counters + 1)
        ctx.emit("blood", f"1 blood moves from {name} to {ctx.name(m)}.", cards=(m,))
        return True
    if key in ("jungle_add", "jungle_move"):
        _usable(ctx, cmd, iid, lock=True)
        _own_phase(ctx, cmd, iid, "unlock")
        vals = {k: w for k, w, _ in readings(rules)}
        if (cmd.effect or "").lower().strip() == "add":
            w = vals["jungle_add"]
            if c.counters >= int(w["max"]):
                raise Illegal("use", f"{name} already has {c.counters} blood")
            _lock(ctx, iid)
            ctx.update(iid, counters=c.counters + int(w["n"]))
            ctx.emit("blood", f"{ctx.seat_name(seat)} locks {name} to add 1 blood to it.", cards=(iid,))
            return True
        w = vals["jungle_move"]
        m = _minion(ctx, cmd, name, f"the ready {w['clan'].title()} that gets the blood (or effect: add)")
        mc = st.cards[m]
        if mc.controller != seat or mc.region != "ready" or not _fits(ctx, seat, m, "a " + w["clan"], w):
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready {w['clan'].title()} you control")
        if (m, "hunting ground") in st.acted:
            raise Illegal("hunting ground", f"{ctx.name(m)} has already gained blood from a hunting ground this turn")
        _lock(ctx, iid)
        st.acted = st.acted | {(m, "hunting ground")}
        n = st.cards[iid].counters
        ctx.update(iid, counters=0)
        ctx.set_blood(m, mc.counters + n)
        ctx.emit("blood", f"{n} blood moves from {name} to {ctx.name(m)}.", cards=(m,))
        return True
    if key == "insurance":
        _usable(ctx, cmd, iid, lock=True)
        if st.active != seat:
            raise Illegal("timing", f"{name} is used during your turn")
        names = [x.strip() for x in (cmd.effect or "").split(";") if x.strip()]
        picked: list[int] = []
        for nm in names:
            d = ctx.db.lookup(nm)
            cands = [i for i in st.region(seat, "in_play") if i not in picked and d is not None
                     and st.cards[i].cid == d.id and "location" in ctx.rules(i).keywords]
            if not cands:
                raise Illegal("effect", f"{name}: no location {nm} of yours in play")
            picked.append(cands[0])
        _lock(ctx, iid)
        for i in picked:
            ctx.burn(i, name)
        ctx.pool(seat, len(picked), name)
        return True
    if key == "heidelberg":
        return _heidelberg(ctx, cmd, iid, name, v)
    if key == "monster":   # after a combat of its vampire ends with the opponent not ready: 1 blood to unlock, once a turn
        host = c.host
        hc = st.cards[host] if host is not None else None
        if hc is None or hc.region != "ready":
            raise Illegal("use", f"{name}: its vampire is not ready")
        if any(type(x).__name__ == "CombatFrame" for x in st.frames):
            raise Illegal("timing", f"{name} is used after the combat ends")
        fought = [x for x in st.marks if len(x) == 4 and x[0] == host and x[1] == "after combat" and x[3] == st.turn]
        if not fought:
            raise Illegal("timing", f"{name}: {ctx.name(host)} has not been in a combat that ended this turn")
        if all(x[2] in st.cards and st.cards[x[2]].region == "ready" for x in fought):
            raise Illegal("use", f"{name}: the opposing minion is still ready")
        if (host, ("monster", iid)) in st.acted:
            raise Illegal("use", f"{name} has already been used this turn")
        if not hc.locked:
            raise Illegal("use", f"{name}: {ctx.name(host)} is not locked")
        n = int(v["n"])
        if hc.counters < n:
            raise Illegal("cost", f"{ctx.name(host)} has no blood to burn")
        st.acted = st.acted | {(host, ("monster", iid))}
        ctx.update(host, counters=hc.counters - n, locked=False)
        ctx.emit("unlocked", f"{ctx.name(host)} burns {n} blood and unlocks ({name}).", cards=(host,))
        return True
    if key == "add_counter_upto":   # Powerbase: Madrid: a counter in your unlock phase while it has 3 or fewer
        _usable(ctx, cmd, iid, lock=False)
        _own_phase(ctx, cmd, iid, "unlock")
        if c.counters > int(v["max"]):
            raise Illegal("use", f"{name} has {c.counters} counters, more than {v['max']}")
        _once_each_phase(ctx, iid)
        ctx.update(iid, counters=c.counters + int(v["n"]))
        ctx.emit("counters", f"{ctx.seat_name(seat)} adds {v['n']} counter to {name}.", cards=(iid,))
        return True
    if key == "nocturn":   # Nocturn Theater: lock it and a ready vampire of yours (minion) to lock a prey's minion (effect)
        _usable(ctx, cmd, iid, lock=True)
        _own_phase(ctx, cmd, iid, "unlock")
        m = _minion(ctx, cmd, name, "the ready vampire of yours that locks")
        mc = st.cards[m]
        if mc.controller != seat or mc.region != "ready" or mc.contested or not ctx.is_vampire(mc) or mc.locked:
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready unlocked vampire you control")
        if not cmd.effect:
            raise Malformed("effect", f"{name}: name the minion of your prey to lock (effect)")
        t = flow.ref(ctx, seat, cmd.effect, what="minion")
        tc = st.cards[t]
        if tc.controller != st.prey(seat) or tc.region != "ready" or not ctx.is_minion(tc) or tc.locked:
            raise Illegal("effect", f"{name}: {ctx.name(t)} is not an unlocked ready minion of your prey")
        _lock(ctx, iid)
        ctx.update(m, locked=True)
        ctx.update(t, locked=True)
        ctx.emit("locked", f"{ctx.seat_name(seat)} locks {name} and {ctx.name(m)}: {ctx.name(t)} is locked.", cards=(m, t))
        return True
    if key == "lock_damage_actor":   # The Crocodile Temple
        from vtes_desktop.engine.rules_combat import open_damage
        from vtes_desktop.engine.state import Hit

        _usable(ctx, cmd, iid, lock=True)
        fr = st.top
        tc = st.cards.get(fr.target_card) if isinstance(fr, ActionFrame) and fr.target_card is not None else None
        if not isinstance(fr, ActionFrame) or fr.stage != "resolution" or fr.outcome != "successful" or not fr.directed \
                or not (fr.target_seat == seat or (tc is not None and tc.controller == seat)):
            raise Illegal("timing", f"{name} locks after the resolution of a successful action directed at you")
        if fr.actor not in st.cards or st.cards[fr.actor].region != "ready":
            raise Illegal("use", f"{name}: the acting minion is no longer ready")
        _lock(ctx, iid)
        ctx.emit("used", f"{ctx.seat_name(seat)} locks {name}: {v['n']} environmental damage to {ctx.name(fr.actor)}.",
                 cards=(fr.actor,))
        open_damage(ctx, (Hit(fr.actor, int(v["n"]), 0, source=None, via=iid),))
        return True
    if key == "lock_discard_pair":   # Specialization: two copies of a card (named by effect) for 1 pool
        _usable(ctx, cmd, iid, lock=True)
        _own_phase(ctx, cmd, iid, "unlock")
        if not cmd.effect:
            raise Malformed("effect", f"{name}: name the card two copies of which you discard (effect)")
        want = cmd.effect.strip().lower()
        pair = [h for h in st.region(seat, "hand") if ctx.cdef(h).name.lower() == want
                or ctx.cdef(h).display.lower() == want][:2]
        if len(pair) < 2:
            raise Illegal("effect", f"{name}: you do not have two copies of {cmd.effect} in hand")
        _lock(ctx, iid)
        for h in pair:
            ctx.move(h, "ash_heap")
        ctx.emit("discarded", f"{ctx.seat_name(seat)} locks {name} and discards two copies of {ctx.name(pair[0])}.",
                 cards=tuple(pair))
        ctx.pool(seat, int(v["n"]), name)
        ctx.draw(seat, 2)
        return True
    if key == "lock_tutor":   # Al's Army Apparatus: a weapon from the library (effect names it), then shuffle, discard down
        _usable(ctx, cmd, iid, lock=True)
        _own_phase(ctx, cmd, iid, v["phase"])
        if not cmd.effect:
            raise Malformed("effect", f"{name}: name the {v['what']} to take from your library (effect)")
        want = cmd.effect.strip().lower()
        got = next((x for x in st.region(seat, "library") if (ctx.cdef(x).name.lower() == want
                                                             or ctx.cdef(x).display.lower() == want)), None)
        if got is None:
            raise Illegal("effect", f"{name}: there is no {cmd.effect} in your library")
        if v["what"] not in ctx.rules(got).keywords:
            raise Illegal("effect", f"{name}: {ctx.name(got)} is not a {v['what']}")
        _lock(ctx, iid)
        ctx.move(got, "hand", seat=seat)
        ctx.emit("searched", f"{ctx.seat_name(seat)} locks {name} and takes {ctx.name(got)} from their library.",
                 cards=(got,))
        ctx.shuffle(seat, "library")
        over = len(st.region(seat, "hand")) + _deferred(ctx, seat) - hand_size(ctx, seat)
        if over > 0:
            _owe_discard(ctx, seat, over)
        return True
    if key == "social_ladder":   # on its vampire: removed in the influence phase, its blood to an older uncontrolled one
        _usable(ctx, cmd, iid, lock=False)
        _own_phase(ctx, cmd, iid, "influence")
        host = c.host
        if host is None or st.cards[host].region != "ready":
            raise Illegal("use", f"{name}: its vampire is not ready")
        t = _minion(ctx, cmd, name, "the older vampire in your uncontrolled region")
        tc = st.cards[t]
        if tc.region != "uncontrolled" or tc.owner != seat or not ctx.is_vampire(tc) \
                or ctx.capacity(tc) <= ctx.capacity(st.cards[host]):
            raise Illegal("minion", f"{name}: name a vampire in your uncontrolled region older than {ctx.name(host)}")
        n = st.cards[host].counters
        ctx.update(t, counters=tc.counters + n)
        ctx.emit("blood", f"{ctx.name(host)} is removed from the game; {n} blood moves to a vampire in "
                          f"{poss_name(ctx, seat)} uncontrolled region ({name}).", cards=(host,))
        ctx.update(host, counters=0)
        for a in list(st.attached.get(host, ())):
            ctx.burn(a, f"{ctx.name(host)} left play")
        ctx.move(host, "removed")
        return True
    if key == "crematorium":
        _usable(ctx, cmd, iid, lock=True)
        _own_phase(ctx, cmd, iid, "unlock")
        m = _minion(ctx, cmd, name, "the vampire in torpor with no blood")
        mc = st.cards[m]
        if mc.region != "torpor" or not ctx.is_vampire(mc) or mc.counters > 0 or mc.contested:
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a vampire in torpor with no blood")
        _lock(ctx, iid)
        ctx.burn(m, name)
        return True
    if key in ("lock_mill_prey", "lock_peek_prey"):
        _usable(ctx, cmd, iid, lock=True)
        if key == "lock_peek_prey":
            _own_phase(ctx, cmd, iid, "master")
        prey = st.prey(seat)
        n = {"two": 2, "three": 3}.get(v["n"], None) or int(v["n"])
        top = list(st.region(prey, "library")[:n])
        _lock(ctx, iid)
        if key == "lock_mill_prey":
            for i in top:
                ctx.move(i, "ash_heap")
            ctx.emit("burned", f"{ctx.seat_name(seat)} locks {name}: the top {len(top)} cards of "
                               f"{poss_name(ctx, prey)} library are burned: {', '.join(ctx.name(i) for i in top)}.",
                     cards=tuple(top))
        else:
            ctx.emit("looked", f"{ctx.seat_name(seat)} looks at the top of {poss_name(ctx, prey)} library: "
                               f"{', '.join(ctx.name(i) for i in top) or 'nothing'}.", frozenset({seat}),
                     f"{ctx.seat_name(seat)} locks {name} and looks at the top {len(top)} cards of "
                     f"{poss_name(ctx, prey)} library.")
        return True
    if key == "lock_ash_to_library":
        _usable(ctx, cmd, iid, lock=True)
        _own_phase(ctx, cmd, iid, "discard")
        m = _minion(ctx, cmd, name, "the card from your ash heap")
        if st.cards[m].region != "ash_heap" or st.cards[m].owner != seat or ctx.cdef(m).is_crypt:
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a library card in your ash heap")
        _lock(ctx, iid)
        ctx.move(m, "library", seat=seat, top=False)
        ctx.emit("moved", f"{ctx.name(m)} goes from the ash heap to the bottom of {poss_name(ctx, seat)} library "
                          f"({name}).", cards=(m,))
        return True
    if key == "lock_after_success":
        _usable(ctx, cmd, iid, lock=True)
        f = st.top
        if not isinstance(f, ActionFrame) or f.stage != "resolution" or f.outcome != "successful" or f.card is None:
            raise Illegal("timing", f"{name} is used after resolution of a successful action with a card")
        cr = ctx.rules(f.card)
        wants = {x.strip().lower() for x in v["req"].split(" or ")}
        from vtes_desktop.cards.model import DISCIPLINES

        needs = {d.lower() for d in cr.disciplines}
        ok = any((DISCIPLINES.get(w.capitalize()) or w).lower() in needs for w in wants) \
            or any(w in {c.lower() for c in cr.clans} for w in wants)
        if not ok:
            raise Illegal("timing", f"{name}: {ctx.name(f.card)} does not require {v['req'].title()}")
        if v.get("pool"):
            _lock(ctx, iid)
            ctx.pool(seat, int(v["pool"]), name)
        else:
            m = _minion(ctx, cmd, name, f"the {v['clan'].title()} that gains the blood")
            mc = st.cards[m]
            if mc.controller != seat or mc.region not in ("ready", "torpor") or not _fits(ctx, seat, m, "a " + v["clan"], v):
                raise Illegal("minion", f"{name}: {ctx.name(m)} is not a {v['clan'].title()} you control")
            _lock(ctx, iid)
            ctx.set_blood(m, mc.counters + int(v["n"]))
            ctx.emit("blood", f"{ctx.name(m)} gains {v['n']} blood ({name}).", cards=(m,))
        return True
    if key == "zombie_gain":
        _usable(ctx, cmd, iid, lock=False)
        _own_phase(ctx, cmd, iid, "unlock")
        if (iid, "unlocked at start", st.turn) not in st.marks:
            raise Illegal("use", f"{name} was not unlocked at the start of your turn")
        m = _named_own_vampire(ctx, cmd, name, "the ready vampire that gains the blood")
        mc = st.cards[m]
        _once_each_phase(ctx, iid)
        n = int(v["n"])
        ctx.set_blood(m, mc.counters + n)
        ctx.emit("blood", f"{ctx.name(m)} gains {n} blood ({name}).", cards=(m,))
        return True
    if key == "vine_cancel":
        if (cmd.effect or "").lower().strip() == "lock":
            return False   # the upkeep (pay_toll)
        _usable(ctx, cmd, iid, lock=True)
        _cancel_as_played(ctx, cmd, iid, rules, "vine")
        _lock(ctx, iid)
        return True
    if key == "chantry":
        _usable(ctx, cmd, iid, lock=True)
        _own_phase(ctx, cmd, iid, "master")
        m = _minion(ctx, cmd, name, f"the {v['clan'].capitalize()} in torpor")
        mc = st.cards[m]
        if mc.region != "torpor" or not _fits(ctx, seat, m, "a " + v["clan"], v) or mc.contested:
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a {v['clan'].capitalize()} in torpor")
        way = (cmd.effect or "pool").strip()
        _lock(ctx, iid)
        if way.lower() == "pool":
            from vtes_desktop.engine.rules_action import _pay

            _pay(ctx, seat, None, int(v["n"]), 0, name)
        else:
            payer = flow.ref(ctx, seat, way, what="vampire")
            pc = st.cards[payer]
            if pc.controller != seat or pc.region != "ready" or not _fits(ctx, seat, payer, "a " + v["clan"], v) \
                    or pc.counters < 1:
                raise Illegal("effect", f"{name}: {ctx.name(payer)} is not a ready {v['clan'].capitalize()} of yours "
                                        "with blood to burn")
            ctx.update(payer, counters=pc.counters - 1)
            ctx.emit("paid", f"{ctx.name(payer)} burns 1 blood ({name}).", cards=(payer,))
        ctx.move(m, "ready", seat=mc.controller, locked=mc.locked, counters=st.cards[m].counters, wounded=False)
        ctx.emit("ready", f"{ctx.name(m)} moves from torpor to the ready region ({name}).", cards=(m,))
        return True
    if key == "rumor_mill":
        f = st.top
        if not isinstance(f, ActionFrame) or f.stage == "resolution":
            raise Illegal("timing", f"{name} is used during an action")
        picked = [x for x in st.marks if x[0] == iid and x[1] == "chosen for action"]
        if (cmd.effect or "").lower().strip() == "intercept":
            if not picked:
                raise Illegal("use", f"{name}: no vampire has been chosen during this action")
            m = picked[0][2]
            mc = st.cards[m]
            if mc.counters < int(v["cost"]):
                raise Illegal("cost", f"{ctx.name(m)} has no blood to burn")
            ctx.update(m, counters=mc.counters - int(v["cost"]))
            n = int(v["n"])
            flow.set_top(ctx, f._replace(mods=f.mods + (Mod("intercept", n, m, iid, rules.card_id),)))
            ctx.emit("used", f"{ctx.name(m)} burns 1 blood for +{n} intercept ({name}).", cards=(m,))
            return True
        _usable(ctx, cmd, iid, lock=True)
        m = _minion(ctx, cmd, name, "the vampire you choose")
        mc = st.cards[m]
        if not ctx.is_vampire(mc) or mc.region != "ready" or mc.contested:
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready vampire")
        _lock(ctx, iid)
        st.marks = st.marks - set(picked) | {(iid, "chosen for action", m)}
        ctx.emit("chosen", f"{ctx.seat_name(seat)} locks {name} and chooses {ctx.name(m)}.", cards=(iid, m))
        return True
    if key == "exchange_master":
        return _exchange_master(ctx, cmd, iid, name)
    if key == "troublemaker":
        return _troublemaker(ctx, cmd, iid, name, first=True)
    if key == "mpa_burn_pool":
        _own_phase(ctx, cmd, iid, "master")
        if st.seats[seat].pool >= int(v["lt"]):
            raise Illegal("use", f"{name}: you have {st.seats[seat].pool} pool, not fewer than {v['lt']}")
        if st.mpa < 1:
            raise Illegal("master", "no master phase action left this phase")
        st.mpa -= 1
        ctx.burn(iid, name)
        ctx.pool(seat, int(v["n"]), name)
        return True
    if key == "chosen_gain":
        _usable(ctx, cmd, iid, lock=False)
        _own_phase(ctx, cmd, iid, "unlock")
        m = chosen(ctx, iid)
        mc = st.cards[m] if m is not None else None
        if mc is None or mc.controller != seat or mc.region != "ready" or mc.contested:
            raise Illegal("minion", f"{name}: the chosen vampire is not a ready vampire of yours")
        _once_each_phase(ctx, iid)
        n = int(v["n"])
        ctx.set_blood(m, mc.counters + n)
        ctx.emit("blood", f"{ctx.name(m)} gains {n} blood ({name}).", cards=(m,))
        return True
    if key == "phase_add_uncontrolled":
        _usable(ctx, cmd, iid, lock=False)
        _own_phase(ctx, cmd, iid, "influence")
        m = _minion(ctx, cmd, name, "the vampire in your uncontrolled region")
        mc = st.cards[m]
        if mc.region != "uncontrolled" or mc.owner != seat or not ctx.is_vampire(mc):
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not in your uncontrolled region")
        _once_each_phase(ctx, iid)
        n = int(v["n"])
        ctx.update(m, counters=mc.counters + n)
        ctx.emit("blood", f"{ctx.seat_name(seat)} adds {n} blood to {ctx.name(m)} ({name}).", frozenset({seat}),
                 f"{ctx.seat_name(seat)} adds {n} blood to a face-down vampire ({name}).", cards=(m,))
        return True
    if keys & set(EFFECT_NAMES):
        return _lock_uses(ctx, cmd, iid, rules, uses)
    if keys & {"transfer_crypt", "transfer_burn_pool"}:
        return _transfers_use(ctx, cmd, iid, rules, {k: v for k, v, _ in uses})
    _usable(ctx, cmd, iid, lock=True)
    if key == "lock_pay_unlock":
        _own_phase(ctx, cmd, iid, "discard")
        m = _named_own_vampire(ctx, cmd, name, "the vampire to unlock")
        mc = st.cards[m]
        if not mc.locked:
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not locked")
        from vtes_desktop.engine.rules_action import _pay

        _pay(ctx, seat, None, int(v["pool"]), 0, name)
        _lock(ctx, iid)
        ctx.update(m, locked=False)
        ctx.emit("unlocked", f"{ctx.seat_name(seat)} locks {name}: {ctx.name(m)} unlocks.", cards=(m,))
        return True
    if key == "lock_make_anarch":
        _own_phase(ctx, cmd, iid, "master")
        m = _named_own_vampire(ctx, cmd, name, "the vampire that becomes Anarch")
        mc = st.cards[m]
        if ctx.title(mc) or (ctx.sect(mc) or "").lower() == "anarch":
            raise Illegal("minion", f"{name}: {ctx.name(m)} is titled or already Anarch")
        _lock(ctx, iid)
        ctx.update(m, sect="Anarch")
        ctx.emit("anarch", f"{ctx.name(m)} becomes Anarch ({name}).", cards=(m,))
        return True
    if key == "lock_remove_gain":
        _own_phase(ctx, cmd, iid, "unlock")
        m = _minion(ctx, cmd, name, "the ready minion you remove")
        mc = st.cards[m]
        if mc.controller != seat or mc.region != "ready" or not ctx.is_minion(mc) or mc.contested:
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready minion you control")
        r = ctx.rules(m)
        x = ctx.capacity(mc) if ctx.is_vampire(mc) else max(r.pool_cost or 0, r.blood_cost or 0, 0)
        _lock(ctx, iid)
        for a in list(st.attached.get(m, ())):
            ctx.burn(a, f"{ctx.name(m)} left the game")
        ctx.move(m, "removed")
        ctx.emit("removed", f"{ctx.name(m)} is removed from the game ({name}).", cards=(m,))
        ctx.pool(seat, x, name)
        return True
    if key == "lock_mpa":
        _own_phase(ctx, cmd, iid, "master")
        _lock(ctx, iid)
        st.mpa += 1
        ctx.emit("master", f"{ctx.seat_name(seat)} locks {name}: +1 master phase action.")
        return True
    if key == "lock_add_blood":
        m = _named_own_vampire(ctx, cmd, name, "the ready vampire that gains the blood")
        mc = st.cards[m]
        _lock(ctx, iid)
        n = int(v["n"])
        ctx.set_blood(m, mc.counters + n)
        ctx.emit("blood", f"{ctx.seat_name(seat)} locks {name}: {ctx.name(m)} gains {n} blood.", cards=(m,))
        return True
    if key == "lock_add_uncontrolled":
        if "anytime" not in v:
            _own_phase(ctx, cmd, iid, "influence")
        m = _minion(ctx, cmd, name, "the vampire in your uncontrolled region")
        mc = st.cards[m]
        clan = v["clan"].strip()
        if mc.region != "uncontrolled" or mc.owner != seat or not ctx.is_vampire(mc):
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not in your uncontrolled region")
        if not _fits(ctx, seat, m, "a " + clan, v):
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not {clan}")
        _lock(ctx, iid)
        n = int(v["n"])
        ctx.update(m, counters=mc.counters + n)
        ctx.emit("blood", f"{ctx.seat_name(seat)} locks {name} to add {n} blood to {ctx.name(m)}.", frozenset({seat}),
                 f"{ctx.seat_name(seat)} locks {name} to add {n} blood to a face-down vampire.", cards=(m,))
        return True
    return False


def _during_action(ctx: Ctx, cmd: C.Use, iid: int, rules: CardRules, uses) -> bool:
    st = ctx.st
    f = st.top
    name = rules.name
    if not isinstance(f, ActionFrame):
        raise Illegal("timing", f"{name} is used during an action")
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    actor = st.cards[f.actor]
    for key, v, _ in uses:
        if key in AS_ANNOUNCED:
            if f.stage != "announced":
                raise Illegal("timing", f"{name} is used as the action is announced")
            if f.seat != cmd.seat:
                raise Illegal("control", f"{name}: the acting minion is not yours")
            if key == "hunt_food_lock":
                _usable(ctx, cmd, iid, lock=True)
                if kind != "hunt" or (ctx.sect(actor) or "").lower() != v["sect"]:
                    raise Illegal("timing", f"{name} is used as an Anarch announces a hunting action")
                _lock(ctx, iid)
                st.marks = st.marks | {(iid, "blood if successful", f.actor)}
                ctx.emit("used", f"{ctx.seat_name(cmd.seat)} locks {name}.", cards=(iid,))
                return True
            if key == "warsaw_lock":
                _usable(ctx, cmd, iid, lock=True)
                if f.directed or not _fits(ctx, cmd.seat, f.actor, "a " + v["clan"], v):
                    raise Illegal("timing", f"{name} is used as a {v['clan'].title()} announces an undirected action")
                _lock(ctx, iid)
                st.marks = st.marks | {(iid, "unlock if successful", f.actor)}
                ctx.emit("used", f"{ctx.seat_name(cmd.seat)} locks {name}.", cards=(iid,))
                return True
            if key == "line_discount":   # The Line: an action card with a blood cost costs 1 blood less
                _usable(ctx, cmd, iid, lock=True)
                if f.card is None or "Action" not in ctx.cdef(f.card).types or not ctx.is_vampire(actor) \
                        or not f.cost_blood:
                    raise Illegal("timing", f"{name} is locked as a vampire you control plays an action card with a "
                                            "blood cost")
                _lock(ctx, iid)
                n = min(int(v["n"]), f.cost_blood)
                flow.set_top(ctx, f._replace(cost_blood=f.cost_blood - n))
                ctx.emit("used", f"{ctx.seat_name(cmd.seat)} locks {name}: {ctx.name(f.card)} costs {n} blood less.",
                         cards=(iid,))
                return True
            if key == "lock_give_announce":
                _usable(ctx, cmd, iid, lock=True)
                if f.directed or not ctx.is_vampire(actor):
                    raise Illegal("timing", f"{name} is used as a vampire you control announces an undirected action")
                _lock(ctx, iid)
                n = int(v["n"])
                flow.set_top(ctx, f._replace(mods=f.mods + (Mod("stealth", n, f.actor, iid, rules.card_id),)))
                ctx.emit("used", f"{ctx.seat_name(cmd.seat)} locks {name}: {ctx.name(f.actor)} gets +{n} stealth.",
                         cards=(iid, f.actor))
                return True
            # burn_for_bleed: the acting Anarch burns blood for +1 bleed, once in the action
            _usable(ctx, cmd, iid, lock=False)
            if kind != "bleed" or (ctx.sect(actor) or "").lower() != "anarch":
                raise Illegal("timing", f"{name} is used as an Anarch announces a bleed action")
            if any(m.card == iid for m in f.mods):
                raise Illegal("use", f"{name} has already been used in this action")
            from vtes_desktop.engine.rules_action import _pay

            _pay(ctx, cmd.seat, f.actor, 0, int(v["cost"]), name)
            n = int(v["n"])
            flow.set_top(ctx, ctx.st.top._replace(mods=f.mods + (Mod("bleed", n, f.actor, iid, rules.card_id),)))
            ctx.emit("used", f"{ctx.name(f.actor)} gets +{n} bleed ({name}).", cards=(iid, f.actor))
            return True
        if key == "lock_after_hunt":
            _usable(ctx, cmd, iid, lock=True)
            if f.stage != "resolution" or f.outcome != "successful" or kind != "hunt" \
                    or (ctx.sect(actor) or "").lower() != "anarch":
                raise Illegal("timing", f"{name} is used after an Anarch successfully hunts")
            _lock(ctx, iid)
            n = int(v["n"])
            ctx.set_blood(f.actor, actor.counters + n)
            ctx.emit("blood", f"{ctx.seat_name(cmd.seat)} locks {name}: {ctx.name(f.actor)} gains {n} blood.",
                     cards=(f.actor,))
            return True
    return False


_ACTIONS = ("bleed", "hunt", "equip", "employ", "recruit", "political", "leave_torpor", "rescue", "diablerie",
            "become_anarch")


def _lock_give(ctx: Ctx, cmd: C.Use, iid: int, rules: CardRules, options: list[tuple[dict, str]]) -> bool:
    st = ctx.st
    f: ActionFrame = st.top
    name = rules.name
    _usable(ctx, cmd, iid, lock=True)
    if f.stage == "resolution":
        raise Illegal("timing", f"{name}: the action has been resolved")
    if any("first action" in o for m in rules.modes for o in m.only):
        earlier = {a[0] for a in st.acted if a[1] in _ACTIONS or (isinstance(a[1], tuple) and a[1][0] == "card")}
        if earlier <= {f.actor}:
            raise Illegal("timing", f"{name} is not usable during the first action of a minion phase")
    m = flow.ref(ctx, cmd.seat, cmd.minion, what="minion") if cmd.minion is not None else None
    for v, _text in options:
        stat = v["stat"]
        who = m if m is not None else (f.actor if stat == "stealth" else None)
        if who is None:
            raise Malformed("minion", f"{name}: name the minion that gets the intercept (minion)")
        c = st.cards[who]
        if stat == "stealth" and who != f.actor:
            continue
        if v.get("monster") and not ctx.is_vampire(st.cards[f.actor]):   # Vigil: The Thin Line
            raise Illegal("timing", f"{name} gives its bonus when a monster is acting")
        if v.get("undirected") and f.directed:   # Wall Street Night
            raise Illegal("timing", f"{name} gives its bonus during an undirected action")
        creed = v.get("monster") and _clan_key(v["who"].split(" ", 1)[1]) in {_clan_key(x) for x in ctx.cdef(who).clans}
        if c.region != "ready" or c.contested or not (creed or _fits(ctx, cmd.seat, who, v["who"], v)):
            continue
        if v.get("pool"):
            from vtes_desktop.engine.rules_action import _pay

            _pay(ctx, cmd.seat, None, int(v["pool"]), 0, name)
        _lock(ctx, iid)
        n = int(v["n"])
        flow.set_top(ctx, f._replace(mods=f.mods + (Mod(stat, n, who, iid, rules.card_id),)))
        for pv in _has(ctx, iid, "unblocked_penalty"):   # WMRH Talk Radio
            st.marks = st.marks | {(iid, "unblocked penalty", who, cmd.seat, int(pv["n"]))}
        ctx.emit("used", f"{ctx.seat_name(cmd.seat)} locks {name}: {ctx.name(who)} gets +{n} {stat}.",
                 cards=(iid, who))
        return True
    target = ctx.name(m) if m is not None else ctx.name(f.actor)
    raise Illegal("minion", f"{name} cannot give its bonus to {target}: "
                            + "; ".join(f"+{v['n']} {v['stat']} goes to {v['who']}"
                                        + (" (the acting minion)" if v["stat"] == "stealth" else "")
                                        for v, _ in options))


_NO_UNLOCK = ("clan_no_unlock", "clan_unlock_cost")
_MAY_UNLOCK = "may unlock for blood"


def _held_locked(ctx: Ctx) -> None:
    """As the active Methuselah's unlock phase begins, after the unlocking: their vampires of a clan that a card in
    play keeps from unlocking as normal (Children of Osiris: Followers of Set; Whispers of the Nictuku: Nosferatu)
    and that were locked stay locked; each may burn 1 blood to unlock this phase (a `use` of the card)."""
    st = ctx.st
    prev = ctx.before
    for m in st.region(st.active, "ready"):   # Obsession, Kindred Society Games: kept locked, a toll to unlock
        for a in st.attached.get(m, ()):
            if st.cards[a].contested or not _has(ctx, a, "host_no_unlock"):
                continue
            before = prev.cards.get(m)
            if before is not None and before.locked and not st.cards[m].locked:
                ctx.update(m, locked=True)
                if _has(ctx, a, "obsession_toll") or _has(ctx, a, "games_toll"):
                    st.marks = st.marks | {(("seat", st.active), "toll", 1, a)}
                if _has(ctx, a, "host_may_burn_unlock"):   # Detection
                    st.marks = st.marks | {(m, _MAY_UNLOCK, st.turn)}
                ctx.emit("locked", f"{ctx.name(m)} does not unlock as normal ({ctx.name(a)}); "
                         + ("1 blood to unlock, or it is burned (use, effect: blood or burn)." if _has(ctx, a, "obsession_toll")
                            else "1 blood to unlock (use, effect: blood), or the card moves to a younger locked vampire "
                                 "(use, minion)." if _has(ctx, a, "games_toll") else "it may burn 1 blood to unlock (use)."),
                         cards=(m,))
    for x in [x for x in st.marks if len(x) == 3 and x[1] == "ball locked"]:   # Toreador Grand Ball
        m = x[2]
        if st.cards[x[0]].region != "in_play" or st.cards[x[0]].contested:
            continue
        before = prev.cards.get(m)
        if before is not None and before.locked and m in st.region(st.active, "ready") and not st.cards[m].locked:
            ctx.update(m, locked=True)
            ctx.emit("locked", f"{ctx.name(m)} does not unlock as normal ({ctx.name(x[0])}).", cards=(m,))
    cards = [(a, v) for s_ in st.live_seats() for a in st.region(s_, "in_play") if not st.cards[a].contested
             for k in _NO_UNLOCK for v in _has(ctx, a, k)]
    if not cards:
        return
    for m in st.region(st.active, "ready"):
        before = prev.cards.get(m)
        if before is None or not before.locked or st.cards[m].locked:
            continue
        hit = [a for a, v in cards if _group_fits(ctx, m, v["clan"])]
        if hit:
            ctx.update(m, locked=True)
            st.marks = st.marks | {(m, _MAY_UNLOCK, st.turn)}
            ctx.emit("locked", f"{ctx.name(m)} does not unlock as normal ({ctx.name(hit[0])}); it may burn 1 blood to "
                               "unlock.", cards=(m,))


def _clan_unlock(ctx: Ctx, cmd: C.Use, iid: int) -> bool:
    """Children of Osiris, Whispers of the Nictuku: in their controller's unlock phase, a vampire kept locked burns
    1 blood to unlock (`minion`); Whispers: any Methuselah burns it with 1 pool and 4 transfers in their influence
    phase (`effect: burn`)."""
    from vtes_desktop.engine.rules_turn import _spend

    st = ctx.st
    name = ctx.name(iid)
    if st.cards[iid].contested:
        raise Illegal("contested", f"{name} is contested and out of play")
    tb = _has(ctx, iid, "transfers_burn")
    if (cmd.effect or "").strip().lower() == "burn" and tb:
        _own_phase(ctx, cmd, iid, "influence")
        n = {"four": 4}.get(tb[0]["n"], 4)
        if st.seats[cmd.seat].pool < int(tb[0]["pool"]):
            raise Illegal("cost", f"{name}: you have no pool to burn")
        _spend(ctx, cmd.seat, n, f"burning {name}")
        _pay_pool(ctx, cmd.seat, int(tb[0]["pool"]), f"burning {name}")
        ctx.burn(iid, ctx.seat_name(cmd.seat))
        return True
    host = st.cards[iid].host if st.cards[iid].region == "attached" else None   # Detection: its own vampire
    if cmd.minion is None and host is None:
        raise Malformed("minion", f"{name}: name the vampire that burns 1 blood to unlock (minion)"
                        + (", or effect: burn to burn the card" if tb else ""))
    m = flow.ref(ctx, cmd.seat, cmd.minion, what="vampire") if cmd.minion is not None else host
    mc = st.cards[m]
    if st.active != cmd.seat or st.phase != "unlock" or st.frames or mc.controller != cmd.seat:
        raise Illegal("timing", f"{name}: a vampire burns blood to unlock during its controller's unlock phase")
    if (m, _MAY_UNLOCK, st.turn) not in st.marks or not mc.locked:
        raise Illegal("minion", f"{name}: {ctx.name(m)} is not a vampire kept locked by it this phase")
    if mc.counters < 1:
        raise Illegal("cost", f"{ctx.name(m)} has no blood to burn")
    st.marks = st.marks - {(m, _MAY_UNLOCK, st.turn)}
    ctx.update(m, counters=mc.counters - 1, locked=False)
    ctx.emit("unlocked", f"{ctx.name(m)} burns 1 blood to unlock ({name}).", cards=(m,))
    return True


_ANARCH_MAKING = re.compile(r"(?i)\b(?:becomes?|make[s]?\b[^.]*?) anarch\b")


def _los_angeles(ctx: Ctx, cmd: C.Use, iid: int, vs: dict) -> bool:
    """Powerbase: Los Angeles: in its player's discard phase, locked for +1 discard phase action; after that, a card
    requiring an Anarch or making a vampire Anarch discarded this phase lets a ready locked Anarch of theirs unlock
    (`minion`), once."""
    st = ctx.st
    name = ctx.name(iid)
    _own_phase(ctx, cmd, iid, "discard")
    if cmd.minion is not None and "la_unlock" in vs:
        mark = (iid, "la unlock", st.turn)
        if mark not in st.marks:
            raise Illegal("timing", f"{name}: no card requiring an Anarch or making a vampire Anarch has been discarded "
                                    "with its discard phase action")
        m = _minion(ctx, cmd, name, "the ready Anarch to unlock")
        mc = st.cards[m]
        if mc.region != "ready" or not mc.locked or (ctx.sect(mc) or "").lower() != vs["la_unlock"]["sect"]:
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready locked Anarch")
        st.marks = st.marks - {mark}
        ctx.update(m, locked=False)
        ctx.emit("unlocked", f"{ctx.name(m)} unlocks ({name}).", cards=(m,))
        return True
    _usable(ctx, cmd, iid, lock=True)
    _lock(ctx, iid)
    st.dpa += int(vs["lock_extra_dpa"]["n"])
    st.marks = st.marks | {(iid, "la dpa", st.turn)}
    ctx.emit("used", f"{ctx.seat_name(cmd.seat)} locks {name}: +1 discard phase action.", cards=(iid,))
    return True


def _la_discard(ctx: Ctx, prev) -> None:
    """Powerbase: Los Angeles locked this discard phase: a card requiring an Anarch or making a vampire Anarch went
    from its player's hand to the ash heap (a discard) this step."""
    st = ctx.st
    seat = st.active
    las = [x[0] for x in st.marks if len(x) == 3 and x[1] == "la dpa" and x[2] == st.turn
           and st.cards[x[0]].controller == seat]
    if not las:
        return
    b, a = prev.regions.get((seat, "hand"), ()), st.regions.get((seat, "hand"), ())
    gone = [x for x in b if x not in a and st.cards[x].region == "ash_heap"]
    for x in gone:
        d = ctx.cdef(x)
        if "anarch" in [r.lower() for r in d.requirements] or _ANARCH_MAKING.search(d.text):
            for iid in las:
                st.marks = st.marks - {(iid, "la dpa", st.turn)} | {(iid, "la unlock", st.turn)}
            return


def _sunset(ctx: Ctx, cmd: C.Use, iid: int, vs: dict) -> bool:
    """Sunset Strip, Hollywood: locked as its player's minion announces recruiting a mortal ally or employing a mortal
    retainer, the cost 1 blood or pool less; or (`effect: hunt`) for +1 hunting stealth to every vampire until its
    player's next unlock phase."""
    st = ctx.st
    name = ctx.name(iid)
    _usable(ctx, cmd, iid, lock=True)
    f = st.top
    if (cmd.effect or "").lower().strip() == "hunt" and "lock_hunt_stealth" in vs:
        _lock(ctx, iid)
        st.marks = st.marks | {(iid, "hunt stealth until unlock", cmd.seat)}
        ctx.emit("used", f"{ctx.seat_name(cmd.seat)} locks {name}: vampires get +1 stealth on hunt actions until "
                         f"{poss_name(ctx, cmd.seat)} next unlock phase.", cards=(iid,))
        return True
    v = vs.get("lock_mortal_discount")
    if v is not None and isinstance(f, ActionFrame) and f.stage == "announced" and f.seat == cmd.seat \
            and f.kind in ("recruit", "employ") and f.card is not None and v["kw"] in ctx.rules(f.card).keywords \
            and (f.cost_pool or f.cost_blood):
        _lock(ctx, iid)
        n = int(v["n"])
        f = f._replace(cost_pool=max(0, f.cost_pool - n)) if f.cost_pool else f._replace(cost_blood=max(0, f.cost_blood - n))
        flow.set_top(ctx, f)
        ctx.emit("used", f"{ctx.seat_name(cmd.seat)} locks {name}: {ctx.name(f.card)} costs {n} less.", cards=(iid,))
        return True
    raise Illegal("timing", f"{name} is locked as your minion announces recruiting or employing a mortal with a cost, "
                            "or with effect: hunt")


def _strained(ctx: Ctx, cmd: C.Use, iid: int) -> bool:
    """Strained Vitae Supply: any Methuselah, with a master phase action in their own master phase, moves 1 pool onto
    it; it burns once its counters reach the number of Methuselahs in the game."""
    st = ctx.st
    name = ctx.name(iid)
    v = _has(ctx, iid, "anyone_mpa_pool")[0]
    _own_phase(ctx, cmd, iid, "master")
    if st.mpa < 1:
        raise Illegal("master", "no master phase action left this phase")
    n = int(v["n"])
    _pay_pool(ctx, cmd.seat, n, name)
    st.mpa -= 1
    ctx.update(iid, counters=st.cards[iid].counters + n)
    ctx.emit("counters", f"{ctx.seat_name(cmd.seat)} puts {n} pool on {name}.", cards=(iid,))
    if _has(ctx, iid, "burn_at_seats") and st.cards[iid].counters >= len(st.live_seats()):
        ctx.burn(iid, f"{st.cards[iid].counters} counters")
    return True


def _flames(ctx: Ctx, cmd: C.Use, iid: int) -> bool:
    """Flames of Insurrection: the controller of an anarch whose combat opponent left the ready region (noted by the
    state checks this turn) moves a counter from the bank to a vampire of their uncontrolled region (`minion`)."""
    st = ctx.st
    name = ctx.name(iid)
    owed = [x for x in st.marks if len(x) == 4 and x[0] == ("seat", cmd.seat) and x[1] == "flames" and x[2] == iid
            and x[3] == st.turn]
    if not owed:
        raise Illegal("timing", f"{name}: no minion opposing an anarch of yours in combat has left the ready region")
    m = _minion(ctx, cmd, name, "the vampire of your uncontrolled region that gets the counter")
    mc = st.cards[m]
    if mc.region != "uncontrolled" or mc.owner != cmd.seat or not ctx.is_vampire(mc):
        raise Illegal("minion", f"{name}: {ctx.name(m)} is not a vampire in your uncontrolled region")
    st.marks = st.marks - {owed[0]}
    ctx.update(m, counters=mc.counters + 1)
    ctx.emit("counters", f"1 blood from the bank on {ctx.name(m)} ({name}).", cards=(m,))
    return True


def _shrine(ctx: Ctx, cmd: C.Use, iid: int, v: dict) -> bool:
    """Yoruba Shrine: as a directed action at a ready Assamite of its player is announced, or in the polling step
    (before votes) of a referendum whose terms name one, locked: the acting minion unlocks and the action or the
    referendum fails."""
    from vtes_desktop.engine.state import ReferendumFrame

    st = ctx.st
    seat = cmd.seat
    name = ctx.name(iid)
    _usable(ctx, cmd, iid, lock=True)
    f = st.top
    mine = [m for m in st.region(seat, "ready") if _fits(ctx, seat, m, "a " + v["clan"], v) and not st.cards[m].contested]
    if isinstance(f, ActionFrame):
        early = f.stage == "announced" or (f.stage == "blocks" and f.blocker is None and not f.declined)
        if not early or not f.directed or f.target_card not in mine:
            raise Illegal("timing", f"{name} is locked as a directed action at a ready {v['clan'].title()} you control "
                                    "is announced")
        _lock(ctx, iid)
        ctx.update(f.actor, locked=False)
        f = st.top
        flow.set_top(ctx, f._replace(outcome="unsuccessful", stage="resolution", imp=f.imp._replace(at=0, passes=0)))
        ctx.emit("unsuccessful", f"{ctx.seat_name(seat)} locks {name}: {ctx.name(f.actor)} unlocks and the action "
                                 "fails.", cards=(iid, f.actor))
        return True
    if isinstance(f, ReferendumFrame) and f.step == "polling" and not f.votes_started and f.terms:
        terms = f.terms.lower()
        if not any(ctx.name(m).lower() in terms or f"#{m}" in terms for m in mine):
            raise Illegal("timing", f"{name}: the terms of this referendum choose no {v['clan'].title()} of yours")
        _lock(ctx, iid)
        if f.actor is not None and f.actor in st.cards:
            ctx.update(f.actor, locked=False)
        flow.set_top(ctx, st.top._replace(used_sources=st.top.used_sources | {("fails", iid)}))
        ctx.emit("effect", f"{ctx.seat_name(seat)} locks {name}: the acting minion unlocks and the referendum will "
                           "fail.", cards=(iid,))
        return True
    raise Illegal("timing", f"{name} is locked as a directed action at your {v['clan'].title()} is announced, or in "
                            "the polling step of a referendum whose terms choose one")


def _census(ctx: Ctx, cmd: C.Use, iid: int, vs: dict) -> bool:
    """Census Taker: during an action its ready unlocked Black Hand vampire locks to give another Sabbat vampire
    acting +1 bleed (`effect: bleed`) or 2 votes in the referendum of its political action (`effect: votes`, cast
    with the card), or another Black Hand vampire +1 intercept (`effect: intercept`, `minion`)."""
    from vtes_desktop.engine.state import ReferendumFrame

    st = ctx.st
    name = ctx.name(iid)
    c = st.cards[iid]
    h = c.host
    if c.contested or h is None or st.cards[h].region != "ready" or st.cards[h].locked:
        raise Illegal("use", f"{name}: its vampire is not ready and unlocked")
    act = next((x for x in reversed(st.frames) if isinstance(x, ActionFrame)), None)
    if act is None:
        raise Illegal("timing", f"{name} is used during an action")
    way = (cmd.effect or "").lower().strip()
    f = st.top
    if way in ("bleed", "votes"):
        v = vs["census_bleed_votes"]
        a = st.cards[act.actor]
        if act.actor == h or not ctx.is_vampire(a) or (ctx.sect(a) or "").lower() != v["sect"]:
            raise Illegal("minion", f"{name} gives its bonus to another acting {v['sect'].title()} vampire")
        if way == "bleed":
            if f is not act or act.stage == "resolution" or (act.kind if act.kind != "card" else act.effect) != "bleed":
                raise Illegal("timing", f"{name} gives +{v['n']} bleed during a bleed action, before it is resolved")
            ctx.update(h, locked=True)
            flow.set_top(ctx, f._replace(mods=f.mods + (Mod("bleed", int(v["n"]), act.actor, iid, c.cid),)))
            ctx.emit("used", f"{ctx.name(h)} locks ({name}): {ctx.name(act.actor)} gets +{v['n']} bleed.", cards=(h,))
            return True
        if not isinstance(f, ReferendumFrame) or f.step != "polling":
            raise Illegal("timing", f"{name} gives its votes in the polling step of the action's referendum")
        ctx.update(h, locked=True)
        flow.set_top(ctx, f._replace(gained=f.gained + ((act.seat, iid, int(v["v"])),)))
        ctx.emit("used", f"{ctx.name(h)} locks ({name}): {v['v']} votes for {ctx.name(act.actor)} to cast.", cards=(h,))
        return True
    if way == "intercept" and "census_intercept" in vs:
        v = vs["census_intercept"]
        if not isinstance(f, ActionFrame) or f.stage == "resolution":
            raise Illegal("timing", f"{name} gives intercept during an action, before it is resolved")
        m = _minion(ctx, cmd, name, "the other Black Hand vampire that gets the intercept")
        if m == h or not ctx.is_vampire(st.cards[m]) or "black hand" not in ctx.rules(m).traits \
                or st.cards[m].region != "ready":
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not another ready Black Hand vampire")
        ctx.update(h, locked=True)
        flow.set_top(ctx, f._replace(mods=f.mods + (Mod("intercept", int(v["n"]), m, iid, c.cid),)))
        ctx.emit("used", f"{ctx.name(h)} locks ({name}): {ctx.name(m)} gets +{v['n']} intercept.", cards=(h, m))
        return True
    raise Malformed("effect", f"{name}: say which bonus (effect: bleed, votes or intercept)")


def _pentex(ctx: Ctx, cmd: C.Use, iid: int, vs: dict) -> bool:
    """Pentex(TM) Loves You!: during an action, locked to choose a Sabbat vampire (`minion`); once during that
    action the chosen vampire, if it is the acting one, burns 1 blood for +1 bleed (`effect: bleed`)."""
    st = ctx.st
    name = ctx.name(iid)
    f = st.top
    if not isinstance(f, ActionFrame) or f.stage == "resolution":
        raise Illegal("timing", f"{name} is used during an action")
    picked = [x for x in st.marks if x[0] == iid and x[1] == "chosen for action"]
    if (cmd.effect or "").lower().strip() == "bleed":
        v = vs["pentex_burn"]
        if not picked:
            raise Illegal("use", f"{name}: no vampire has been chosen during this action")
        m = picked[0][2]
        if m != f.actor:
            raise Illegal("use", f"{name}: {ctx.name(m)} is not the acting vampire")
        if any(x.card == iid and x.kind == "bleed" for x in f.mods):
            raise Illegal("use", f"{name}: the chosen vampire has already burned blood for bleed this action")
        mc = st.cards[m]
        if mc.counters < int(v["cost"]):
            raise Illegal("cost", f"{ctx.name(m)} has no blood to burn")
        ctx.update(m, counters=mc.counters - int(v["cost"]))
        n = int(v["n"])
        flow.set_top(ctx, f._replace(mods=f.mods + (Mod("bleed", n, m, iid, st.cards[iid].cid),)))
        ctx.emit("used", f"{ctx.name(m)} burns 1 blood for +{n} bleed ({name}).", cards=(m,))
        return True
    _usable(ctx, cmd, iid, lock=True)
    m = _minion(ctx, cmd, name, "the Sabbat vampire you choose")
    mc = st.cards[m]
    if not ctx.is_vampire(mc) or mc.region != "ready" or mc.contested or (ctx.sect(mc) or "").lower() != "sabbat":
        raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready Sabbat vampire")
    _lock(ctx, iid)
    st.marks = st.marks - set(picked) | {(iid, "chosen for action", m)}
    ctx.emit("chosen", f"{ctx.seat_name(cmd.seat)} locks {name} and chooses {ctx.name(m)}.", cards=(iid, m))
    return True


def _joseph_pander(ctx: Ctx, cmd: C.Use, iid: int, vs: dict) -> bool:
    """Joseph Pander: during a directed action at a Pander of its player, locked with 1 pool burned: the action
    fails; in its player's master phase, a Pander of theirs is chosen (`minion`) to enter combat once this turn."""
    from vtes_desktop.engine.effects_crypt import _OPEN

    st = ctx.st
    seat = cmd.seat
    name = ctx.name(iid)
    f = st.top
    if isinstance(f, ActionFrame) and "pander_fail" in vs:
        v = vs["pander_fail"]
        _usable(ctx, cmd, iid, lock=True)
        t = f.target_card
        if f.stage not in _OPEN or not f.directed or t is None or t not in st.cards or st.cards[t].controller != seat \
                or not _fits(ctx, seat, t, "a " + v["clan"], v):
            raise Illegal("timing", f"{name} makes fail an action directed at a {v['clan'].title()} you control")
        _pay_pool(ctx, seat, int(v["pool"]), name)
        _lock(ctx, iid)
        f = st.top
        flow.set_top(ctx, f._replace(outcome="unsuccessful", stage="resolution", imp=f.imp._replace(at=0, passes=0)))
        ctx.emit("unsuccessful", f"{ctx.seat_name(seat)} locks {name}: the action fails.", cards=(iid,))
        return True
    v = vs.get("pander_choose")
    if v is None:
        raise Illegal("timing", f"{name} is locked during an action directed at a Pander you control")
    _usable(ctx, cmd, iid, lock=False)
    _own_phase(ctx, cmd, iid, "master")
    _once_each_phase(ctx, iid)
    m = _minion(ctx, cmd, name, f"the {v['clan'].title()} you choose")
    mc = st.cards[m]
    if mc.controller != seat or mc.region != "ready" or mc.contested or not _fits(ctx, seat, m, "a " + v["clan"], v):
        raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready {v['clan'].title()} you control")
    st.marks = st.marks | {(iid, "luanda", m, st.turn)}
    ctx.emit("chosen", f"{ctx.seat_name(seat)} chooses {ctx.name(m)} ({name}).", cards=(iid, m))
    return True


def _curmudgeon(ctx: Ctx, cmd: C.Use, iid: int) -> bool:
    """Curmudgeon: in its player's prey's unlock phase, its player chooses a minion of the prey (`minion`), for
    this turn (blocked: the card locks for 1 blood to its vampire)."""
    st = ctx.st
    name = ctx.name(iid)
    prey = st.prey(cmd.seat)
    if st.active != prey or st.phase != "unlock" or st.frames:
        raise Illegal("timing", f"{name}: the minion is chosen during your prey's unlock phase")
    m = _minion(ctx, cmd, name, "the minion of your prey")
    if st.cards[m].controller != prey or not ctx.is_minion(st.cards[m]):
        raise Illegal("minion", f"{name}: {ctx.name(m)} is not a minion your prey controls")
    st.marks = frozenset(x for x in st.marks if not (len(x) == 4 and x[0] == iid and x[1] == "curmudgeon")) \
        | {(iid, "curmudgeon", m, st.turn)}
    ctx.emit("chosen", f"{ctx.seat_name(cmd.seat)} chooses {ctx.name(m)} ({name}).", cards=(iid, m))
    return True


def _camp_use(ctx: Ctx, cmd: C.Use, iid: int, vs: dict) -> bool:
    """Twilight Camp and Swiss Cut. A master phase action moves 1 blood from the card to a ready vampire of the
    clan or sect it names (`minion`), or to the pool (Swiss Cut, `effect: pool`). Twilight Camp, in the influence
    phase: 1 blood burned from it makes a non-titled non-Anarch vampire its player put in play this phase Anarch
    (`minion`, `effect: anarch`)."""
    st = ctx.st
    seat = cmd.seat
    name = ctx.name(iid)
    c = st.cards[iid]
    _usable(ctx, cmd, iid, lock=False)
    if c.counters < 1:
        raise Illegal("use", f"{name} has no blood left")
    if "camp_anarch" in vs and st.phase == "influence":
        _own_phase(ctx, cmd, iid, "influence")
        m = _minion(ctx, cmd, name, "the vampire you put in play this phase")
        mc = st.cards[m]
        if (m, "entered from uncontrolled", st.turn) not in st.marks or mc.region != "ready" or mc.controller != seat:
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a vampire you put in play from your uncontrolled "
                                    "region this phase")
        if ctx.title(mc) or (ctx.sect(mc) or "").lower() == "anarch":
            raise Illegal("minion", f"{name}: {ctx.name(m)} is titled or already Anarch")
        n = int(vs["camp_anarch"]["n"])
        ctx.update(iid, counters=c.counters - n)
        ctx.update(m, sect="Anarch")
        ctx.emit("sect", f"{ctx.seat_name(seat)} burns {n} blood from {name}: {ctx.name(m)} becomes Anarch.",
                 cards=(iid, m))
        emptied(ctx, iid)
        return True
    v = vs.get("mpa_card_to")
    if v is None:
        raise Illegal("timing", f"{name} makes a vampire Anarch in your influence phase")
    _own_phase(ctx, cmd, iid, "master")
    if st.mpa < 1:
        raise Illegal("master", "no master phase action left this phase")
    n = min(int(v["n"]), c.counters)
    if (cmd.effect or "").strip().lower() in ("pool", "to pool") and v.get("pool"):
        st.mpa -= 1
        ctx.update(iid, counters=c.counters - n)
        ctx.pool(seat, n, name)
    else:
        m = _minion(ctx, cmd, name, f"the {v['clan'].title()} that gets the blood"
                    + (" (or effect: pool)" if v.get("pool") else ""))
        mc = st.cards[m]
        if mc.region != "ready" or mc.contested or not _fits(ctx, seat, m, "a " + v["clan"], v) \
                or (v.get("pool") and mc.controller != seat):
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready {v['clan'].title()}"
                                    + (" you control" if v.get("pool") else ""))
        st.mpa -= 1
        ctx.update(iid, counters=c.counters - n)
        ctx.set_blood(m, mc.counters + n)
        ctx.emit("blood", f"{ctx.seat_name(seat)} uses a master phase action: {n} blood moves from {name} to "
                          f"{ctx.name(m)}.", cards=(iid, m))
    emptied(ctx, iid)
    return True


def _dead_pool(ctx: Ctx, cmd: C.Use, iid: int, v: dict) -> bool:
    """Dead Pool: a counter burned for +2 bleed while a Lasombra of its player bleeds (before resolution), or in
    the polling step of a referendum for 2 votes to a Lasombra of its player (`minion`), cast with the card."""
    from vtes_desktop.engine.effects_crypt import _OPEN, _action_kind
    from vtes_desktop.engine.state import ReferendumFrame

    st = ctx.st
    name = ctx.name(iid)
    _usable(ctx, cmd, iid, lock=False)
    c = int(v["c"])
    n = int(v["n"])
    if st.cards[iid].counters < c:
        raise Illegal("counters", f"{name} has no counters")
    f = st.top
    if isinstance(f, ReferendumFrame) and f.step == "polling":
        m = _minion(ctx, cmd, name, f"the {v['clan'].title()} you control that gets the votes")
        mc = st.cards[m]
        if mc.controller != cmd.seat or mc.region != "ready" or not _fits(ctx, cmd.seat, m, "a " + v["clan"], v):
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready {v['clan'].title()} you control")
        ctx.update(iid, counters=st.cards[iid].counters - c)
        flow.set_top(ctx, st.top._replace(gained=st.top.gained + ((cmd.seat, iid, n),)))
        ctx.emit("used", f"{ctx.seat_name(cmd.seat)} burns a counter from {name}: {ctx.name(m)} gets {n} votes to cast.",
                 cards=(iid, m))
        return True
    if isinstance(f, ActionFrame) and f.stage in _OPEN and _action_kind(f) == "bleed" and f.seat == cmd.seat \
            and _fits(ctx, cmd.seat, f.actor, "a " + v["clan"], v):
        ctx.update(iid, counters=st.cards[iid].counters - c)
        flow.set_top(ctx, f._replace(mods=f.mods + (Mod("bleed", n, f.actor, iid, st.cards[iid].cid),)))
        ctx.emit("used", f"{ctx.seat_name(cmd.seat)} burns a counter from {name}: {ctx.name(f.actor)} gets +{n} bleed.",
                 cards=(iid, f.actor))
        return True
    raise Illegal("timing", f"{name} is used while a {v['clan'].title()} you control bleeds, or in the polling step")


def _lock_pay_votes(ctx: Ctx, cmd: C.Use, iid: int) -> bool:
    """Oxford University, England: in the polling step of a political action, locked with X pool burned
    (`effect` X) for 2X votes, cast afterward with `vote` `with` the card."""
    from vtes_desktop.engine.state import ReferendumFrame

    st = ctx.st
    name = ctx.name(iid)
    counters = bool(_has(ctx, iid, "counters_votes"))   # Alamut: X counters, no lock
    rome = bool(_has(ctx, iid, "lock_counters_votes"))   # Powerbase: Rome: locked, X counters burned for X votes
    _usable(ctx, cmd, iid, lock=not counters)
    f = st.top
    political = any(isinstance(fr, ActionFrame) and fr.kind == "political" for fr in st.frames)
    if not isinstance(f, ReferendumFrame) or f.step != "polling" or not political:
        raise Illegal("timing", f"{name} is used during the polling step of a political action")
    x = (cmd.effect or "").strip()
    if not x.isdigit() or int(x) < 1:
        raise Malformed("effect", f"{name}: say how much {'counters' if counters else 'pool'} you burn (effect: X, "
                                  "at least 1)")
    x = int(x)
    if rome:
        if st.cards[iid].counters < x:
            raise Illegal("counters", f"{name} has {st.cards[iid].counters} counters")
        _lock(ctx, iid)
        ctx.update(iid, counters=st.cards[iid].counters - x)
        flow.set_top(ctx, st.top._replace(gained=st.top.gained + ((cmd.seat, iid, x),)))
        ctx.emit("used", f"{ctx.seat_name(cmd.seat)} locks {name} and burns {x} counters: {x} votes to cast.", cards=(iid,))
        emptied(ctx, iid)
        return True
    if counters:
        m = _minion(ctx, cmd, name, "the vampire you control that gets the votes")
        mc = st.cards[m]
        if mc.controller != cmd.seat or mc.region != "ready" or not ctx.is_vampire(mc) or mc.contested:
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready vampire you control")
        if st.cards[iid].counters < x:
            raise Illegal("counters", f"{name} has {st.cards[iid].counters} counters")
        ctx.update(iid, counters=st.cards[iid].counters - x)
        flow.set_top(ctx, st.top._replace(gained=st.top.gained + ((cmd.seat, iid, x),)))
        ctx.emit("used", f"{ctx.seat_name(cmd.seat)} burns {x} counters from {name}: {ctx.name(m)} gets {x} votes "
                         "to cast.", cards=(iid, m))
        return True
    _pay_pool(ctx, cmd.seat, x, name)
    _lock(ctx, iid)
    flow.set_top(ctx, st.top._replace(gained=st.top.gained + ((cmd.seat, iid, 2 * x),)))
    ctx.emit("used", f"{ctx.seat_name(cmd.seat)} locks {name} and burns {x} pool: {2 * x} votes to cast.", cards=(iid,))
    return True


def _abstain(ctx: Ctx, cmd: C.Use, iid: int) -> bool:
    """Saulot's Guiding Wisdom: during a referendum, before the vampire (`minion`) has voted, its Salubri locks to
    force it to abstain (vote_refusal)."""
    from vtes_desktop.engine.state import ReferendumFrame

    st = ctx.st
    name = ctx.name(iid)
    c = st.cards[iid]
    f = st.top
    if not isinstance(f, ReferendumFrame) or f.step != "polling":
        raise Illegal("timing", f"{name}: its Salubri locks during a referendum, in the polling step")
    h = c.host
    if c.contested or h is None or st.cards[h].region != "ready" or st.cards[h].locked:
        raise Illegal("use", f"{name}: its Salubri is not ready and unlocked")
    m = _minion(ctx, cmd, name, "the vampire forced to abstain")
    if not ctx.is_vampire(st.cards[m]) or st.cards[m].region != "ready":
        raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready vampire")
    if (m,) in f.used_sources:
        raise Illegal("minion", f"{name}: {ctx.name(m)} has already cast its votes")
    ctx.update(h, locked=True)
    flow.set_top(ctx, st.top._replace(used_sources=st.top.used_sources | {("abstain", m)}))
    ctx.emit("used", f"{ctx.name(h)} locks ({name}): {ctx.name(m)} abstains.", cards=(h, m))
    return True


def _cancel_votes(ctx: Ctx, cmd: C.Use, iid: int) -> bool:
    """Demonstration: in the polling step of a political action's referendum, the card locks and the votes and
    ballots of a vampire (`minion`) are canceled: those it cast are taken back, and it casts no more."""
    from vtes_desktop.engine import effects_action
    from vtes_desktop.engine.state import ReferendumFrame

    st = ctx.st
    name = ctx.name(iid)
    f = st.top
    _usable(ctx, cmd, iid, lock=True)
    if not isinstance(f, ReferendumFrame) or f.step != "polling" or f.terms == "blood hunt":
        raise Illegal("timing", f"{name} is locked during the referendum of a political action, in the polling step")
    m = _minion(ctx, cmd, name, "the vampire whose votes and ballots are canceled")
    if not ctx.is_vampire(st.cards[m]) or st.cards[m].region not in ("ready", "torpor"):
        raise Illegal("minion", f"{name}: {ctx.name(m)} is not a vampire in play")
    ctx.update(iid, locked=True)
    ctx.emit("used", f"{ctx.seat_name(cmd.seat)} locks {name}: the votes and ballots of {ctx.name(m)} are canceled.",
             cards=(iid, m))
    effects_action.abstain(ctx, m, name)
    return True


def _host_use(ctx: Ctx, cmd: C.Use, iid: int, vs: dict) -> bool:
    """A master card's vampire uses it: Trophy: Domain (during another Methuselah's action, before blocks are over,
    once each action: 1 blood to unlock and then attempt to block); Houngan (in its player's unlock phase, the
    Samedi locks for 1 more blood, once)."""
    from vtes_desktop.engine.effects_crypt import _OPEN

    st = ctx.st
    name = ctx.name(iid)
    c = st.cards[iid]
    _usable(ctx, cmd, iid, lock=False)
    h = c.host
    hc = st.cards[h] if h is not None else None
    if hc is None or hc.region != "ready" or hc.contested:
        raise Illegal("use", f"{name} is not on a ready vampire")
    if "wake_to_block" in vs:
        f = st.top
        v = vs["wake_to_block"]
        if not isinstance(f, ActionFrame) or f.stage not in _OPEN or f.seat == hc.controller \
                or hc.controller not in (f.blockers or ()):
            raise Illegal("timing", f"{name}: its vampire unlocks to block an action it may block, before blocks are over")
        if not hc.locked:
            raise Illegal("use", f"{ctx.name(h)} is not locked")
        if any(x.card == iid and x.kind == "woke" for x in f.mods):
            raise Illegal("use", f"{name} has already been used in this action")
        n = int(v["n"])
        if hc.counters < n:
            raise Illegal("cost", f"{ctx.name(h)} has no blood to burn")
        ctx.update(h, counters=hc.counters - n, locked=False)
        flow.set_top(ctx, st.top._replace(mods=st.top.mods + (Mod("woke", 0, h, iid, c.cid),)))
        ctx.emit("unlocked", f"{ctx.name(h)} burns {n} blood to unlock and attempt to block ({name}).", cards=(h,))
        return True
    v = vs["houngan_gain"]
    _own_phase(ctx, cmd, iid, "unlock")
    if hc.locked:
        raise Illegal("use", f"{ctx.name(h)} is locked")
    _once_each_phase(ctx, iid)
    ctx.update(h, locked=True)
    ctx.set_blood(h, st.cards[h].counters + 1)
    ctx.emit("blood", f"{ctx.name(h)} locks to gain 1 more blood ({name}).", cards=(h,))
    return True


def _location_use(ctx: Ctx, cmd: C.Use, iid: int, vs: dict) -> bool:
    """The Louvre, Paris (locks a Toreador, or any minion for the controller of the Prince of Paris: `minion`);
    Wasserschloss Anif (a Tremere moves 1 blood onto it in the master phase, `minion`; locked in the influence
    phase, all its counters to an uncontrolled Tremere, `minion`); Grand Temple of Set (1 pool onto it in the
    master phase, once; locked in the influence phase, X counters burned to steal a vampire of the prey with
    capacity below X, `minion`, X its capacity + 1 or `effect`); Powerbase: Munich (as Cape Verde, for vampires
    with Oblivion: `minion`, `effect: to pool` or `to vampire`)."""
    st = ctx.st
    seat = cmd.seat
    name = ctx.name(iid)
    c = st.cards[iid]
    if "lock_lock_clan" in vs:
        _usable(ctx, cmd, iid, lock=True)
        m = _minion(ctx, cmd, name, "the minion to lock")
        mc = st.cards[m]
        if mc.region != "ready" or mc.locked or mc.contested:
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready unlocked minion")
        clan = vs["lock_lock_clan"]["clan"]
        title = (vs.get("lock_lock_if_title") or {}).get("title", "")
        has_title = bool(title) and any(
            title in ctx.cdef(x).text.split(":", 1)[0].lower() and ctx.title(st.cards[x]) and not st.cards[x].title_contested
            and not st.cards[x].contested for x in st.region(seat, "ready"))
        if not (_fits(ctx, seat, m, "a " + clan, vs["lock_lock_clan"]) or has_title):
            raise Illegal("minion", f"{name} locks a {clan.title()}" + (f", or any minion if you control the "
                                                                        f"{title.title()}" if title else ""))
        _lock(ctx, iid)
        ctx.update(m, locked=True)
        ctx.emit("locked", f"{ctx.seat_name(seat)} locks {name}: {ctx.name(m)} is locked.", cards=(iid, m))
        return True
    if "vampire_to_card" in vs and st.phase == "master":
        v = vs["vampire_to_card"]
        _usable(ctx, cmd, iid, lock=False)
        _own_phase(ctx, cmd, iid, "master")
        m = _minion(ctx, cmd, name, f"the {v['clan'].title()} whose blood moves")
        mc = st.cards[m]
        if mc.controller != seat or mc.region != "ready" or mc.contested or not _fits(ctx, seat, m, "a " + v["clan"], v):
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready {v['clan'].title()} you control")
        if (m, ("to card", iid)) in st.acted:
            raise Illegal("use", f"{ctx.name(m)} has already moved blood to {name} this turn")
        n = int(v["n"])
        if mc.counters < n:
            raise Illegal("blood", f"{ctx.name(m)} has no blood to move")
        st.acted = st.acted | {(m, ("to card", iid))}
        ctx.update(m, counters=mc.counters - n)
        ctx.update(iid, counters=c.counters + n)
        ctx.emit("blood", f"{ctx.name(m)} moves {n} blood to {name}.", cards=(m, iid))
        return True
    if "lock_counters_uncontrolled" in vs and st.phase == "influence":
        v = vs["lock_counters_uncontrolled"]
        _usable(ctx, cmd, iid, lock=True)
        _own_phase(ctx, cmd, iid, "influence")
        m = _minion(ctx, cmd, name, f"the {v['clan'].title()} in your uncontrolled region")
        mc = st.cards[m]
        if mc.region != "uncontrolled" or mc.owner != seat or not _fits(ctx, seat, m, "a " + v["clan"], v):
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a {v['clan'].title()} in your uncontrolled region")
        n = c.counters
        _lock(ctx, iid)
        ctx.update(iid, counters=0)
        ctx.update(m, counters=mc.counters + n)
        ctx.emit("blood", f"{ctx.seat_name(seat)} locks {name}: its {n} counters move to {ctx.name(m)}.", cards=(iid, m))
        return True
    if "pool_to_card" in vs and st.phase == "master":
        _usable(ctx, cmd, iid, lock=False)
        _own_phase(ctx, cmd, iid, "master")
        _once_each_phase(ctx, iid)
        n = int(vs["pool_to_card"]["n"])
        _pay_pool(ctx, seat, n, name)
        ctx.update(iid, counters=st.cards[iid].counters + n)
        ctx.emit("counters", f"{ctx.seat_name(seat)} moves {n} counter from their pool to {name}.", cards=(iid,))
        return True
    if "counters_steal" in vs and st.phase == "influence":
        _usable(ctx, cmd, iid, lock=True)
        _own_phase(ctx, cmd, iid, "influence")
        t = _minion(ctx, cmd, name, "the vampire of your prey to steal")
        tc = st.cards[t]
        if tc.controller != st.prey(seat) or tc.region not in ("ready", "torpor") or not ctx.is_vampire(tc) or tc.contested:
            raise Illegal("minion", f"{name}: {ctx.name(t)} is not a vampire your prey controls")
        x = ctx.capacity(tc) + 1
        if cmd.effect and cmd.effect.strip().isdigit():
            x = int(cmd.effect.strip())
            if x <= ctx.capacity(tc):
                raise Illegal("effect", f"{name}: X must be more than {ctx.name(t)}'s capacity "
                                        f"({ctx.capacity(tc)})")
        if c.counters < x:
            raise Illegal("counters", f"{name} has {c.counters} counters; stealing {ctx.name(t)} burns {x}")
        _lock(ctx, iid)
        ctx.update(iid, counters=c.counters - x)
        ctx.move(t, tc.region, seat=seat)
        for a in st.attached.get(t, ()):
            if "Master" not in ctx.cdef(a).types:
                ctx.update(a, controller=seat)
        ctx.emit("control", f"{ctx.seat_name(seat)} burns {x} counters from {name} and steals {ctx.name(t)}.",
                 cards=(iid, t))
        return True
    if "munich" in vs:
        v = vs["munich"]
        _usable(ctx, cmd, iid, lock=True)
        _own_phase(ctx, cmd, iid, "master")
        m = _minion(ctx, cmd, name, "the vampire with Oblivion whose blood moves")
        mc = st.cards[m]
        if mc.controller != seat or mc.region != "ready" or not ctx.is_vampire(mc) or mc.contested \
                or not ctx.discipline_level(mc, v["tri"]):
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready vampire with {v['disc'].title()} you control")
        way = (cmd.effect or "").lower().strip()
        n = int(v["n"])
        if way in ("to pool", "pool"):
            if mc.counters < n:
                raise Illegal("blood", f"{ctx.name(m)} has no blood to move")
            _lock(ctx, iid)
            ctx.update(m, counters=mc.counters - n)
            ctx.pool(seat, n, f"{name}: blood from {ctx.name(m)}")
        elif way in ("to vampire", "vampire"):
            _pay_pool(ctx, seat, n, f"{name}: to {ctx.name(m)}")
            _lock(ctx, iid)
            ctx.set_blood(m, st.cards[m].counters + n)
        else:
            raise Malformed("effect", f"{name}: say which way the blood moves (effect: to pool, or to vampire)")
        return True
    raise Illegal("timing", f"{name} is not usable now")


_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


def _ash_for_bleed(ctx: Ctx, cmd: C.Use, iid: int, v: dict) -> bool:
    """Dis Pater: once each action, while a Giovanni of its player bleeds their prey and blocks are over (the
    bleed about to succeed), seven cards of their ash heap are removed from the game for +1 bleed: the cards named
    in `effect` (separated by ';'), else the seven oldest."""
    from vtes_desktop.engine.effects_crypt import _action_kind

    st = ctx.st
    seat = cmd.seat
    name = ctx.name(iid)
    _usable(ctx, cmd, iid, lock=False)
    f = st.top
    if not isinstance(f, ActionFrame) or f.stage != "declined" or _action_kind(f) != "bleed" or f.seat != seat \
            or f.target_seat != st.prey(seat) or not _fits(ctx, seat, f.actor, "a " + v["clan"], v):
        raise Illegal("timing", f"{name} is used when a {v['clan'].title()} you control is about to successfully bleed "
                                "your prey (blocks declined)")
    if any(x.card == iid for x in f.mods):
        raise Illegal("use", f"{name} has already been used in this action")
    n = _NUMBERS.get(v["cards"], 7)
    ash = list(st.region(seat, "ash_heap"))
    if cmd.effect:
        picked = []
        for want in (w.strip().lower() for w in cmd.effect.split(";") if w.strip()):
            got = next((x for x in ash if x not in picked and ctx.cdef(x).name.lower() == want), None)
            if got is None:
                raise Illegal("effect", f"{name}: no {want!r} in your ash heap")
            picked.append(got)
        if len(picked) != n:
            raise Illegal("effect", f"{name}: name {n} cards of your ash heap (you named {len(picked)})")
    else:
        if len(ash) < n:
            raise Illegal("cost", f"{name}: your ash heap holds {len(ash)} cards; {n} are removed")
        picked = ash[:n]
    for x in picked:
        ctx.move(x, "removed")
    flow.set_top(ctx, st.top._replace(mods=st.top.mods + (Mod("bleed", int(v["n"]), f.actor, iid, st.cards[iid].cid),)))
    ctx.emit("effect", f"{ctx.seat_name(seat)} removes {n} cards of their ash heap from the game ({name}): "
                       f"{ctx.name(f.actor)} gets +{v['n']} bleed.", cards=(iid, f.actor))
    return True


def _mapatano(ctx: Ctx, cmd: C.Use, iid: int, vs: dict) -> bool:
    """Mapatano Utando: locked while a minion bleeds its player, the bleed 1 less; or locked in its player's
    influence phase, the Edge burned, for 4 more transfers."""
    from vtes_desktop.engine.effects_crypt import _OPEN, _action_kind

    st = ctx.st
    seat = cmd.seat
    name = ctx.name(iid)
    _usable(ctx, cmd, iid, lock=True)
    f = st.top
    if "lock_reduce_bleed" in vs and isinstance(f, ActionFrame) and f.stage in _OPEN and _action_kind(f) == "bleed" \
            and f.target_seat == seat:
        n = int(vs["lock_reduce_bleed"]["n"])
        _lock(ctx, iid)
        flow.set_top(ctx, f._replace(mods=f.mods + (Mod("bleed", -n, None, iid, st.cards[iid].cid),)))
        ctx.emit("effect", f"{ctx.seat_name(seat)} locks {name}: the bleed is reduced by {n}.", cards=(iid,))
        return True
    if "lock_edge_transfers" in vs and st.active == seat and st.phase == "influence" and not st.frames:
        if st.edge != seat:
            raise Illegal("edge", f"{name}: you do not have the Edge to burn")
        n = int(vs["lock_edge_transfers"]["n"])
        _lock(ctx, iid)
        st.edge = None
        st.transfers += n
        ctx.emit("transfers", f"{ctx.seat_name(seat)} locks {name} and burns the Edge: {n} more transfers.", cards=(iid,))
        return True
    raise Illegal("timing", f"{name} is locked while a minion is bleeding you, or in your influence phase with the Edge")


def _conclave(ctx: Ctx, cmd: C.Use, iid: int, rules: CardRules, v: dict) -> bool:
    """Camarilla Conclave: a counter burned during a political action of a Camarilla vampire of its player for
    +1 stealth to the acting vampire (during the action), or in its polling step, before any vote is cast, for
    -1 vote to each non-Camarilla vampire in that referendum (`effect: votes`)."""
    from vtes_desktop.engine.state import ReferendumFrame

    st = ctx.st
    name = rules.name
    _usable(ctx, cmd, iid, lock=False)
    act = next((x for x in reversed(st.frames) if isinstance(x, ActionFrame)), None)
    if act is None or act.kind != "political" or act.seat != cmd.seat \
            or (ctx.sect(st.cards[act.actor]) or "").lower() != v["sect"]:
        raise Illegal("timing", f"{name} is used during a political action of a {v['sect'].title()} vampire you control")
    if not st.cards[iid].counters:
        raise Illegal("counters", f"{name} has no counters")
    f = st.top
    if isinstance(f, ReferendumFrame):
        if f.step != "polling" or f.votes_started:
            raise Illegal("timing", f"{name} takes votes away in the polling step, before votes and ballots are cast")
        flow.set_top(ctx, f._replace(used_sources=f.used_sources | {("conclave", iid)}))
        msg = f"each non-{v['sect'].title()} vampire gets -1 vote"
    elif f is act and act.stage != "resolution":
        flow.set_top(ctx, act._replace(mods=act.mods + (Mod("stealth", 1, act.actor, iid, rules.card_id),)))
        msg = f"{ctx.name(act.actor)} gets +1 stealth"
    else:
        raise Illegal("timing", f"{name} gives stealth before the action is resolved, or takes votes in its polling step")
    ctx.update(iid, counters=st.cards[iid].counters - int(v["n"]))
    ctx.emit("used", f"{ctx.seat_name(cmd.seat)} burns a counter from {name}: {msg}.", cards=(iid,))
    emptied(ctx, iid)
    return True


def _lock_with_minion(ctx: Ctx, cmd: C.Use, iid: int, rules: CardRules, v: dict) -> bool:
    """Paris Opera House: during an action, lock the card and a ready unlocked Daughter of Cacophony of the
    player (`minion`) to give the acting minion +1 stealth; without `minion` (or naming the acting Daughter of
    Cacophony itself), its other clause: the card alone is locked for +1 stealth to an acting Daughter of
    Cacophony of the player."""
    st = ctx.st
    f = st.top
    name = rules.name
    if not isinstance(f, ActionFrame) or f.stage == "resolution":
        raise Illegal("timing", f"{name} gives its stealth during an action, before it is resolved")
    _usable(ctx, cmd, iid, lock=True)
    m = flow.ref(ctx, cmd.seat, cmd.minion, what="minion") if cmd.minion is not None else None
    n = int(v["n"])
    if m is None or m == f.actor:
        if f.seat != cmd.seat or not _fits(ctx, cmd.seat, f.actor, v["who"], v):
            raise Illegal("minion", f"{name} alone gives +{n} stealth to an acting {v['who'][2:]}; name the "
                                    f"{v['who'][2:]} to lock with it (minion) to give another acting minion +{n} stealth")
        _lock(ctx, iid)
    else:
        mc = st.cards[m]
        if mc.region != "ready" or mc.contested or mc.locked or not _fits(ctx, cmd.seat, m, v["who"], v):
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready unlocked {v['who'][2:]}")
        _lock(ctx, iid)
        ctx.update(m, locked=True)
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod("stealth", n, f.actor, iid, rules.card_id),)))
    ctx.emit("used", f"{ctx.seat_name(cmd.seat)} locks {name}" + (f" and {ctx.name(m)}" if m not in (None, f.actor) else "")
             + f": {ctx.name(f.actor)} gets +{n} stealth.", cards=(iid, f.actor))
    return True


# -- moments of the turn ----------------------------------------------------------------------------------

def end_of_discard_phase(ctx: Ctx) -> None:
    """At the end of the active Methuselah's discard phase: cards that go to the predator change hands; the
    turn's hand size bonuses end; minions NRA PAC unlocks do; the next Methuselah's unlocked Club Zombie is noted
    (start of their turn)."""
    st = ctx.st
    seat = st.active
    end_of_turn(ctx)
    _give_back(ctx, "end of turn")
    due = {m for m in st.marks if len(m) == 3 and m[1] in ("unlock at end of turn", "hunted")}
    for m in due:
        if m[1] == "unlock at end of turn" and m[0] in st.cards and st.cards[m[0]].locked \
                and st.cards[m[0]].region == "ready":
            ctx.update(m[0], locked=False)
            ctx.emit("unlocked", f"{ctx.name(m[0])} unlocks at the end of the turn (NRA PAC).", cards=(m[0],))
    st.marks = st.marks - due
    nxt = st.prey(seat)
    for iid in st.region(nxt, "in_play"):
        if not st.cards[iid].locked and not st.cards[iid].contested and _has(ctx, iid, "zombie_gain"):
            st.marks = st.marks | {(iid, "unlocked at start", st.turn + 1)}
    for iid in list(st.region(seat, "in_play")):
        if st.cards[iid].contested:
            continue
        if _has(ctx, iid, "predator_takes") or _has(ctx, iid, "scourge"):
            pred = st.predator(seat)
            if pred != seat:
                ctx.move(iid, "in_play", seat=pred)
                ctx.emit("control", f"{ctx.seat_name(pred)} takes control of {ctx.name(iid)}.", cards=(iid,))


def check_limits(ctx: Ctx, cmd: C.Play, iid: int, rules: CardRules) -> None:
    """"Only one X can be played in a game": a second copy is refused (and boons while Blood Trade says so)."""
    why = _boons_barred(ctx, rules)
    if why:
        raise Illegal("boon", why)
    for m in rules.modes:
        for lim in m.limits:
            if lim.per == "turn" and lim.who == "all":
                mark = ("turn", rules.card_id, ctx.st.turn)
                if mark in ctx.st.events_played:
                    raise Illegal("limit", f"only one {rules.name} can be played each turn, and one has been")
                ctx.st.events_played = ctx.st.events_played | {mark}
            if lim.per == "game":
                mark = ("game", rules.card_id)
                if mark in ctx.st.events_played:
                    raise Illegal("limit", f"only one {rules.name} can be played in a game, and one has been")
                ctx.st.events_played = ctx.st.events_played | {mark}
                return


# -- candidates for the legal-move answer ---------------------------------------------------------------------

_TARGETED = frozenset({"choose_vampire", "fill_chosen", "add_blood", "add_blood_uncontrolled", "tap", "villein",
                       "lock_minion", "choose_own_ready", "put_blood_capacity"})


def play_candidates(game, seat: int, iid: int, rules: CardRules) -> list[C.Command]:
    """Plays of a master card from hand that name what it goes on or chooses (each still to be checked)."""
    st = game.state
    if "Master" not in rules.types or st.phase != "master" or st.active != seat or st.frames or st.mpa < 1:
        return []   # out of the player's master phase (or its actions) the plain play gives the refusal
    keys = {k for k, _, _ in readings(rules)}
    if rules.pool_cost == -1 and "bank_to_card" in keys:   # Secret Horde: X given as the choice
        return [C.Play(seat=seat, card=iid, choice=str(x)) for x in range(1, min(st.seats[seat].pool, 6))]
    if "groom" in keys:   # Grooming the Protégé: the giver (minion), the protégé (target), the blood (choice)
        return [C.Play(seat=seat, card=iid, minion=g, target=t, choice=str(n)) for g in st.region(seat, "ready")
                for t in st.region(seat, "uncontrolled") for n in range(1, min(3, st.cards[g].counters) + 1)]
    if keys & {"gird", "sermon"}:   # Gird Minions, Sermon of Caine: 1 blood to one vampire (more by hand-typed choice)
        mine = [m for m in st.region(seat, "ready") + (st.region(seat, "torpor") if "gird" in keys else [])]
        if "gird" in keys:
            return [C.Play(seat=seat, card=iid, choice=f"{game.db[st.cards[m].cid].name}: 1") for m in mine]
        return [C.Play(seat=seat, card=iid, minion=a, choice=f"{game.db[st.cards[b].cid].name}: 1")
                for a in mine for b in mine if a != b and st.cards[a].counters]
    if "choose_methuselah" in keys:   # Aggressive Tactics: a Methuselah, named as the target
        return [C.Play(seat=seat, card=iid, target=s.name) for s in st.seats if not s.ousted]
    text = game.db[st.cards[iid].cid].text
    if not (keys & _TARGETED or _PUT_ON.search(text)):
        return []
    regions = ("uncontrolled",) if "add_blood_uncontrolled" in keys else ("ready", "torpor")
    out: list[C.Command] = []
    for s in range(len(st.seats)):
        if regions == ("uncontrolled",) and s != seat:
            continue
        for region in regions:
            for m in st.region(s, region):
                choice = None
                if keys & {"tap", "villein"}:
                    if st.cards[m].controller != seat:
                        continue
                    hi = st.cards[m].counters
                    for k, v, _ in readings(rules):
                        if k == "villein":
                            hi = min(hi, int(v["hi"]))
                    choice = str(hi)
                out.append(C.Play(seat=seat, card=iid, target=m, choice=choice))
    return out


def use_candidates(game, seat: int) -> list[C.Command]:
    """Uses of master cards in play that the engine resolves (each still to be checked)."""
    st = game.state
    out: list[C.Command] = []
    if any(m[:2] == (("seat", seat), "discard") for m in st.marks):   # discards owed come first
        return [C.Discard(seat=seat, card=i) for i in st.region(seat, "hand")]
    rec = st.as_played
    if rec is not None and rec[1] != seat and (_has_game(game, rec[2], "controller_cancel")
                                               or _has_game(game, rec[2], "anyone_cancel")):
        out.append(C.Use(seat=seat, card=rec[2], effect="cancel"))
    tolls = [m[3] for m in st.marks if m[1] == "toll" and m[0] == ("seat", seat)]
    if tolls:   # then tolls owed
        return [C.Use(seat=seat, card=tolls[0], effect=e) for e in ("pool", "lock", "blood", "burn")] + [
            C.Use(seat=seat, card=tolls[0], minion=v) for v in st.region(seat, "ready") + st.region(seat, "torpor")]
    acting = isinstance(st.top, ActionFrame)
    held = [x[0] for x in st.marks if len(x) == 3 and x[1] == _MAY_UNLOCK and x[2] == st.turn
            and x[0] in st.cards and st.cards[x[0]].controller == seat]
    if held:   # Children of Osiris, Whispers of the Nictuku: 1 blood to unlock, whoever controls the card
        cards = [a for s_ in range(len(st.seats)) for a in st.region(s_, "in_play")
                 if _has_game(game, a, "clan_burn_unlock") or _has_game(game, a, "clan_unlock_cost")]
        out += [C.Use(seat=seat, card=a, minion=m) for a in cards for m in held]
    mine = list(st.region(seat, "in_play"))
    for m in st.region(seat, "ready") + st.region(seat, "torpor"):
        mine += st.attached.get(m, ())
    for iid in mine:
        c = st.cards[iid]
        if c.contested:
            continue
        if "Master" not in game.db[c.cid].types:
            continue
        keys = {k for k, _, _ in readings(game_rules(game, iid)) if k in USED}
        if not keys:
            continue
        if "blood_doll" in keys:
            out += [C.Use(seat=seat, card=iid, effect=e) for e in ("to pool", "to vampire")]
        if "lock_lock_clan" in keys and not c.locked:   # The Louvre, Paris
            out += [C.Use(seat=seat, card=iid, minion=m) for s_ in range(len(st.seats)) for m in st.region(s_, "ready")
                    if not st.cards[m].locked]
        if "vampire_to_card" in keys and st.phase == "master":   # Wasserschloss Anif
            out += [C.Use(seat=seat, card=iid, minion=m) for m in st.region(seat, "ready")]
        if "lock_counters_uncontrolled" in keys and st.phase == "influence" and not c.locked:
            out += [C.Use(seat=seat, card=iid, minion=m) for m in st.region(seat, "uncontrolled")]
        if "pool_to_card" in keys and st.phase == "master":   # Grand Temple of Set
            out.append(C.Use(seat=seat, card=iid))
        if "counters_steal" in keys and st.phase == "influence" and not c.locked:
            out += [C.Use(seat=seat, card=iid, minion=m) for m in st.region(st.prey(seat), "ready")]
        if "munich" in keys and st.phase == "master" and not c.locked:   # Powerbase: Munich
            out += [C.Use(seat=seat, card=iid, minion=m, effect=e) for m in st.region(seat, "ready")
                    for e in ("to pool", "to vampire")]
        if keys & {"lock_reduce_bleed", "lock_edge_transfers"} and not c.locked:   # Mapatano Utando
            out.append(C.Use(seat=seat, card=iid))
        if "passed_lock_burn" in keys and (("seat", seat), "passed referendum", st.turn) in st.marks:
            out.append(C.Use(seat=seat, card=iid))   # Privileged Position
        if "unlock_trait_all" in keys and st.phase == "master" and not acting:   # Path of Evil Revelations
            out.append(C.Use(seat=seat, card=iid))
        if "counter_to_location" in keys:   # Church of the Order of St. Blaise
            out += [C.Use(seat=seat, card=iid, minion=m) for m in st.region(seat, "in_play") if m != iid]
        if "lock_with_minion" in keys and acting:   # Paris Opera House
            out += [C.Use(seat=seat, card=iid)] + [C.Use(seat=seat, card=iid, minion=m) for m in st.region(seat, "ready")]
        if "lock_mpa" in keys or "lock_give" in keys and acting:
            out.append(C.Use(seat=seat, card=iid))
        if "perfectionist" in keys and acting:
            out.append(C.Use(seat=seat, card=iid))
        if keys & {"hunting_ground", "lock_add_blood", "carfax", "path_hunting_ground"}:
            out += [C.Use(seat=seat, card=iid, minion=m) for m in st.region(seat, "ready")]
        if "lock_give" in keys and acting:
            out += [C.Use(seat=seat, card=iid, minion=m) for s in range(len(st.seats)) for m in st.region(s, "ready")]
        if keys & {"lock_add_uncontrolled", "phase_add_uncontrolled"}:
            out += [C.Use(seat=seat, card=iid, minion=m) for m in st.region(seat, "uncontrolled")]
        if "chosen_gain" in keys:
            out.append(C.Use(seat=seat, card=iid))
        for k in keys & set(EFFECT_NAMES):
            if k == "lock_blood_uncontrolled":
                out += [C.Use(seat=seat, card=iid, effect=EFFECT_NAMES[k], minion=m) for m in st.region(seat, "uncontrolled")]
            else:
                out.append(C.Use(seat=seat, card=iid, effect=EFFECT_NAMES[k]))
        if "transfer_crypt" in keys:
            out.append(C.Use(seat=seat, card=iid, effect="draw"))
        if "transfer_burn_pool" in keys:
            out.append(C.Use(seat=seat, card=iid, effect="burn"))
        if keys & {"lock_make_anarch", "lock_remove_gain"}:
            out += [C.Use(seat=seat, card=iid, minion=m) for m in st.region(seat, "ready")]
        if keys & {"zombie_gain"}:
            out += [C.Use(seat=seat, card=iid, minion=m) for m in st.region(seat, "ready")]
        if keys & {"cavalier", "carnivale"} and acting:
            out.append(C.Use(seat=seat, card=iid))
        if "imbued_success_lock" in keys and acting:
            out += [C.Use(seat=seat, card=iid, minion=m) for m in st.region(seat, "uncontrolled")]
        if "mpa_card_to" in keys and st.phase == "master":   # Twilight Camp, Swiss Cut
            out += [C.Use(seat=seat, card=iid, minion=m) for m in st.region(seat, "ready")]
            out.append(C.Use(seat=seat, card=iid, effect="pool"))
        if "mpa_blood_to_clan" in keys:
            out += [C.Use(seat=seat, card=iid, minion=m) for m in st.region(seat, "ready")]
        if "hunt_bonus_lock" in keys and acting:
            out.append(C.Use(seat=seat, card=iid))
        if keys & {"jungle_add", "jungle_move"}:
            out.append(C.Use(seat=seat, card=iid, effect="add"))
            out += [C.Use(seat=seat, card=iid, minion=m) for m in st.region(seat, "ready")]
        if keys & {"cab_add", "cab_move"}:   # Threestar Cab Company: to the card or the pool, or to a vampire
            out.append(C.Use(seat=seat, card=iid))
            out += [C.Use(seat=seat, card=iid, minion=m) for m in st.region(seat, "ready")]
        if "sorrow" in keys:
            out += [C.Use(seat=seat, card=iid, minion=m) for m in st.region(seat, "in_play") if m != iid]
        if "heidelberg" in keys and not acting:
            mine_ = [m for m in st.region(seat, "ready") if game.db[st.cards[m].cid].is_crypt]
            out += [C.Use(seat=seat, card=iid, minion=x, effect=f"{game.db[st.cards[y].cid].name}: 1 blood")
                    for x in mine_ for y in mine_ if x != y]
        if "crematorium" in keys:
            out += [C.Use(seat=seat, card=iid, minion=m) for s in range(len(st.seats)) for m in st.region(s, "torpor")]
        if keys & {"lock_mill_prey", "lock_peek_prey"}:
            out.append(C.Use(seat=seat, card=iid))
        if "lock_ash_to_library" in keys:
            out += [C.Use(seat=seat, card=iid, minion=m) for m in st.region(seat, "ash_heap")]
        if "lock_after_success" in keys and acting:
            out.append(C.Use(seat=seat, card=iid))
            out += [C.Use(seat=seat, card=iid, minion=m) for m in st.region(seat, "ready")]
        if "cape_verde" in keys:
            out += [C.Use(seat=seat, card=iid, minion=m, effect=e) for m in st.region(seat, "ready")
                    for e in ("to pool", "to vampire")]
        if "luanda_choose" in keys:
            out += [C.Use(seat=seat, card=iid, minion=m) for m in st.region(seat, "ready")]
        if "chantry" in keys:
            out += [C.Use(seat=seat, card=iid, minion=m, effect="pool") for s in range(len(st.seats))
                    for m in st.region(s, "torpor")]
        if "rumor_mill" in keys and acting:
            out.append(C.Use(seat=seat, card=iid, effect="intercept"))
            out += [C.Use(seat=seat, card=iid, minion=m) for s in range(len(st.seats)) for m in st.region(s, "ready")]
        if "troublemaker" in keys:
            out.append(C.Use(seat=seat, card=iid, effect="give"))
            out += [C.Use(seat=seat, card=iid, effect="lock", minion=m) for m in st.region(st.prey(seat), "ready")]
        if keys & {"mpa_burn_pool", "mpa_card_to_pool"}:
            out.append(C.Use(seat=seat, card=iid))
        if "lock_end_combat" in keys and st.top is not None and type(st.top).__name__ == "CombatFrame":
            out.append(C.Use(seat=seat, card=iid))
        if "lock_exchange_ash" in keys and st.phase == "unlock" and st.active == seat:
            ash = [a for a in st.region(seat, "ash_heap") if "anarch" in {r.lower() for r in game.db[st.cards[a].cid].requirements}]
            out += [C.Use(seat=seat, card=iid, effect=h, minion=a) for h in st.region(seat, "hand") for a in ash]
        if "add_counter_upto" in keys:
            out.append(C.Use(seat=seat, card=iid))
        if "monster" in keys and any(len(x) == 4 and x[1] == "after combat" for x in st.marks):
            out.append(C.Use(seat=seat, card=iid))
        if keys & {"bank_unlock_choice", "bank_mpa_choice"}:
            out += [C.Use(seat=seat, card=iid, effect=e) for e in ("pool", "add", "add 1", "add 2", "add 3")]
        if "lock_damage_actor" in keys and acting:
            out.append(C.Use(seat=seat, card=iid))
        if "lock_discard_pair" in keys:
            names = [game.db[st.cards[h].cid].name for h in st.region(seat, "hand")]
            out += [C.Use(seat=seat, card=iid, effect=n) for n in sorted({n for n in names if names.count(n) > 1})]
        if "lock_tutor" in keys:
            lib = {game.db[st.cards[x].cid].name for x in st.region(seat, "library")
                   if "weapon" in game_rules(game, x).keywords}
            out += [C.Use(seat=seat, card=iid, effect=n) for n in sorted(lib)]
        if "social_ladder" in keys:
            out += [C.Use(seat=seat, card=iid, minion=m) for m in st.region(seat, "uncontrolled")]
        if "mpa_draw" in keys:
            out.append(C.Use(seat=seat, card=iid))
        if "lock_unlock_trait" in keys:
            out += [C.Use(seat=seat, card=iid, minion=m) for s_ in range(len(st.seats)) for m in st.region(s_, "ready")
                    if st.cards[m].locked]
        if "two_oldest" in keys:
            out.append(C.Use(seat=seat, card=iid))
            out += [C.Use(seat=seat, card=iid, minion=m) for m in st.region(seat, "ready")]
        if "burn_reduce_bleed" in keys and acting:
            out.append(C.Use(seat=seat, card=iid))
        if "lock_unlock_clan" in keys:
            out += [C.Use(seat=seat, card=iid, minion=m) for s_ in range(len(st.seats)) for m in st.region(s_, "ready")
                    if st.cards[m].locked]
        if "nocturn" in keys and st.phase == "unlock":
            prey = st.prey(seat)
            out += [C.Use(seat=seat, card=iid, minion=m, effect=game.db[st.cards[t].cid].name)
                    for m in st.region(seat, "ready") if not st.cards[m].locked
                    for t in st.region(prey, "ready") if not st.cards[t].locked]
        if "lock_pay_unlock" in keys:
            out += [C.Use(seat=seat, card=iid, minion=m) for m in st.region(seat, "ready") if st.cards[m].locked]
        if keys & (AS_ANNOUNCED | {"lock_after_hunt"}) and acting:
            out.append(C.Use(seat=seat, card=iid))
    if st.active == seat and st.phase == "unlock" and not st.frames:   # The New Inquisition, whoever controls it
        for s_ in range(len(st.seats)):
            for iid in st.region(s_, "in_play"):
                if s_ != seat and _has_game(game, iid, "rent_hunting"):   # Kingston Penitentiary
                    out += [C.Use(seat=seat, card=iid, minion=m) for m in st.region(seat, "ready")]
                if "Event" in game.db[st.cards[iid].cid].types and _has_game(game, iid, "inquisition"):
                    out += [C.Use(seat=seat, card=iid, minion=m) for m in st.region(st.prey(seat), "ready")]
    if st.active == seat and st.phase == "minion" and not st.frames:
        # actions that master cards in play provide (steal or burn them, enter combat with their vampire)
        cards = []
        for s in range(len(st.seats)):
            cards += st.region(s, "in_play")
            for m in st.region(s, "ready"):
                cards += st.attached.get(m, ())
        for iid in cards:
            if "Event" in game.db[st.cards[iid].cid].types:   # Break the Code, The New Inquisition
                if _has_game(game, iid, "monster_enters_imbued"):
                    imbued = [t for s in range(len(st.seats)) if s != seat for t in st.region(s, "ready")
                              if "Imbued" in game.db[st.cards[t].cid].types]
                    out += [C.Action(seat=seat, minion=m, kind="card", target=t, **{"from": iid})
                            for m in st.region(seat, "ready") for t in imbued]
                if _has_game(game, iid, "burn_referendum"):
                    out += [C.Action(seat=seat, minion=m, kind="political", **{"from": iid}) for m in st.region(seat, "ready")]
                continue
            if "Master" not in game.db[st.cards[iid].cid].types:
                continue
            others = [m for s in range(len(st.seats)) if s != seat for m in st.region(s, "ready")]
            if _has_game(game, iid, "luanda_action"):
                out += [C.Action(seat=seat, minion=m, kind="card", target=t, **{"from": iid})
                        for m in st.region(seat, "ready") for t in others]
            if _has_game(game, iid, "host_enter_combat") and st.cards[iid].host in st.region(seat, "ready"):   # Shakar
                out += [C.Action(seat=seat, minion=st.cards[iid].host, kind="card", target=t, **{"from": iid})
                        for s in range(len(st.seats)) for t in st.region(s, "ready") if t != st.cards[iid].host]
            if _has_game(game, iid, "leopold_move") and st.cards[iid].host in st.region(seat, "ready"):
                out += [C.Action(seat=seat, minion=st.cards[iid].host, kind="card", target=t, **{"from": iid})
                        for t in others]
            if _has_game(game, iid, "drain_action") and st.cards[iid].controller != seat:   # the powerbases' blood
                out += [C.Action(seat=seat, minion=m, kind="card", **{"from": iid}) for m in st.region(seat, "ready")]
            if _has_game(game, iid, "burn_referendum"):   # Anarch Revolt: a referendum to burn it
                out += [C.Action(seat=seat, minion=m, kind="political", **{"from": iid}) for m in st.region(seat, "ready")]
            if _has_game(game, iid, "card_action") or _has_game(game, iid, "enter_combat_action") \
                    or _has_game(game, iid, "host_burns_action"):
                choose = _has_game(game, iid, "choose_own_ready")
                out += [C.Action(seat=seat, minion=m, kind="card", target=m if choose else None, **{"from": iid})
                        for m in st.region(seat, "ready")]
    return out


def _has_game(game, iid: int, key: str) -> bool:
    return any(k == key for k, _, _ in readings(game_rules(game, iid)))


_RULES_BY_CID: dict[int, CardRules] = {}


def game_rules(game, iid: int) -> CardRules:
    cid = game.state.cards[iid].cid
    r = _RULES_BY_CID.get(cid)
    if r is None:
        from vtes_desktop.cards.rules import compile_rules

        r = _RULES_BY_CID[cid] = compile_rules(game.db[cid])
    return r


# -- actions provided by master cards on the table: steal or burn the card ---------------------------------------

def _action_who_fits(ctx: Ctx, m: int, v: dict) -> bool:
    c = ctx.st.cards[m]
    d = ctx.cdef(m)
    who = v.get("who") or v.get("clans") or v.get("clans2") or ""
    clans = {x.lower() for x in d.clans}
    if v.get("notclan") and who == "any minion":   # "any minion who is not Toreador"
        return ctx.is_minion(c) and _clan_key(v["notclan"]) not in {_clan_key(x) for x in clans}
    if v.get("titled"):   # "any titled vampire"
        return ctx.is_vampire(c) and bool(ctx.title(c)) and not c.title_contested
    if who.startswith("vampire") or who == "any vampire":
        return ctx.is_vampire(c)
    if who in ("minions", "other minions", "any minion"):
        return ctx.is_minion(c)
    nc = v.get("notclan") or v.get("notclan2")
    if nc:
        return ctx.is_minion(c) and _clan_key(nc) not in {_clan_key(x) for x in clans}
    want = v.get("clans") or v.get("clans2") or ""
    names = {_clan_key(x.strip()) for x in want.split(" or ")}
    if "anarch" in names or "anarchs" in names:
        return ctx.is_vampire(c) and (ctx.sect(c) or "").lower() == "anarch"
    return ctx.is_vampire(c) and bool(names & ({_clan_key(x) for x in clans} | {_clan_key(ctx.sect(c) or "")}))


_ALIAS = {"assamite": "banu haqim", "follower of set": "ministry", "setite": "ministry"}


def _clan_key(name: str) -> str:
    n = name.lower().strip()
    n = n[:-1] if n.endswith("s") and not n.endswith("ss") else n
    return _ALIAS.get(n, n)


def announce_from(ctx: Ctx, cmd: C.Action, m: int) -> tuple[dict, tuple[int, ...]]:
    """A (D) action that a master card on the table provides: steal it, or burn it. Directed at its controller."""
    st = ctx.st
    iid = flow.ref(ctx, cmd.seat, cmd.from_)
    c = st.cards[iid]
    name = ctx.name(iid)
    if c.region == "attached" and not c.contested and (_has(ctx, iid, "enter_combat_action")
                                                         or _has(ctx, iid, "host_burns_action")):
        return _haven_action(ctx, cmd, m, iid)
    if c.region == "attached" and not c.contested and _has(ctx, iid, "host_enter_combat"):   # Shakar
        trait = _has(ctx, iid, "host_enter_combat")[0]["trait"]
        if c.host != m:
            raise Illegal("card", f"only the vampire with {name} takes this action")
        t = flow.ref(ctx, cmd.seat, cmd.target, what="vampire") if cmd.target is not None else None
        tc = st.cards[t] if t is not None else None
        if tc is None or not ctx.is_vampire(tc) or tc.region != "ready" or t == m \
                or ctx.capacity(tc) >= ctx.capacity(st.cards[m]) or trait in ctx.rules(t).traits:
            raise Illegal("target", f"{name}: name a ready younger non-{trait.title()} vampire as the target")
        directed = tc.controller != cmd.seat
        ctx.emit("action_goal", f"{ctx.name(m)} acts to enter combat with {ctx.name(t)} ({name}).", cards=(m, t))
        return dict(from_card=iid, directed=directed, target_seat=tc.controller if directed else None, effect="combat",
                    target_card=t, base_stealth=0), ((tc.controller,) if directed else ())
    if c.region == "in_play" and not c.contested and _has(ctx, iid, "bank_to_card_action"):   # Heartblood of the Clan
        v = _has(ctx, iid, "bank_to_card_action")[0]
        if not _fits(ctx, cmd.seat, m, "a " + v["clan"], v):
            raise Illegal("requirements", f"only an {v['clan'].title()} adds blood to {name}")
        ctx.emit("action_goal", f"{ctx.name(m)} acts to add blood to {name}.", cards=(m, iid))
        return dict(from_card=iid, directed=False, target_seat=None, effect="bank_to_card", base_stealth=0), ()
    if c.region == "in_play" and not c.contested and c.controller == cmd.seat and _has(ctx, iid, "blood_to_card_action"):
        v = _has(ctx, iid, "blood_to_card_action")[0]   # Powerbase: Rome: a Giovanni moves blood onto it
        if not _fits(ctx, cmd.seat, m, "a " + v["clan"], v):
            raise Illegal("requirements", f"only a {v['clan'].title()} you control moves blood to {name}")
        if st.cards[m].counters < 1:
            raise Illegal("cost", f"{ctx.name(m)} has no blood to move")
        ctx.emit("action_goal", f"{ctx.name(m)} acts to move blood to {name}.", cards=(m, iid))
        return dict(from_card=iid, directed=False, target_seat=None, effect="blood_to_card",
                    base_stealth=int(v.get("stealth") or 0)), ()
    if c.region == "attached" and not c.contested and _has(ctx, iid, "any_enter"):   # Shakar: the Hunt, Haqim's Law
        v = _has(ctx, iid, "any_enter")[0]
        if not _group_member(ctx, m, v["who"]):
            raise Illegal("requirements", f"{ctx.name(m)} is not {v['who'].title()}: not chosen for {name}")
        h = c.host
        hc = st.cards[h]
        if hc.region != "ready" or h == m or hc.controller == cmd.seat:
            raise Illegal("target", f"{name}: {ctx.name(h)} is not a ready minion of another Methuselah")
        ctx.emit("action_goal", f"{ctx.name(m)} acts to enter combat with {ctx.name(h)} ({name}).", cards=(m, h))
        return dict(from_card=iid, directed=True, target_seat=hc.controller, effect="combat", target_card=h,
                    base_stealth=int(v.get("stealth") or 0)), (hc.controller,)
    if c.region == "attached" and not c.contested and _has(ctx, iid, "contract_enter"):   # the contracts
        v = _has(ctx, iid, "contract_enter")[0]
        if chosen(ctx, iid) != m:
            raise Illegal("card", f"only the vampire chosen for {name} takes this action")
        h = c.host
        hc = st.cards[h]
        if v.get("unless") and hc.controller == cmd.seat:
            raise Illegal("target", f"{name}: the chosen vampire and {ctx.name(h)} are controlled by the same Methuselah")
        if hc.region != "ready" or h == m:
            raise Illegal("target", f"{name}: {ctx.name(h)} is not a ready minion to enter combat with")
        directed = hc.controller != cmd.seat
        ctx.emit("action_goal", f"{ctx.name(m)} acts to enter combat with {ctx.name(h)} ({name}).", cards=(m, h))
        return dict(from_card=iid, directed=directed, target_seat=hc.controller if directed else None, effect="combat",
                    target_card=h, base_stealth=int(v.get("stealth") or 0)), ((hc.controller,) if directed else ())
    if c.region == "attached" and not c.contested and _has(ctx, iid, "take_to_self") and c.host != m:   # Houngan
        v = _has(ctx, iid, "take_to_self")[0]
        if not _fits(ctx, cmd.seat, m, "a " + v["clan"], v):
            raise Illegal("requirements", f"only another {v['clan'].title()} moves {name} to themselves")
        ctx.emit("action_goal", f"{ctx.name(m)} acts to move {name} to themselves.", cards=(m, iid))
        return dict(from_card=iid, directed=False, target_seat=None, effect="move", target_card=m,
                    base_stealth=int(v.get("stealth") or 0)), ()
    if c.region == "in_play" and not c.contested and c.controller == cmd.seat and _has(ctx, iid, "investment_raid"):
        v = _has(ctx, iid, "investment_raid")[0]   # Wall Street Night: locked for the raid on an investment
        if c.locked:
            raise Illegal("locked", f"{name} is locked")
        t = flow.ref(ctx, cmd.seat, cmd.target) if cmd.target is not None else None
        tc = st.cards[t] if t is not None else None
        if tc is None or tc.region != "in_play" or tc.controller == cmd.seat or "investment" not in ctx.rules(t).keywords:
            raise Illegal("target", f"{name}: name an investment card of another Methuselah as the target")
        _lock(ctx, iid)
        ctx.emit("action_goal", f"{ctx.name(m)} locks {name} to take a counter from {ctx.name(t)}.", cards=(m, t))
        return dict(from_card=iid, directed=True, target_seat=tc.controller, effect="raid", target_card=t,
                    base_stealth=int(v.get("stealth") or 0)), (tc.controller,)
    if c.region == "in_play" and not c.contested and c.controller == cmd.seat and _has(ctx, iid, "assault_enter"):
        t = flow.ref(ctx, cmd.seat, cmd.target, what="minion") if cmd.target is not None else None
        if t is None or st.cards[t].controller != st.prey(cmd.seat) or st.cards[t].region != "ready" \
                or not ctx.is_minion(st.cards[t]):
            raise Illegal("target", f"{name}: name a ready minion your prey controls as the target")
        tc = st.cards[t]   # Frontal Assault
        ctx.emit("action_goal", f"{ctx.name(m)} acts to enter combat with {ctx.name(t)} ({name}).", cards=(m, t))
        return dict(from_card=iid, directed=True, target_seat=tc.controller, effect="combat", target_card=t,
                    base_stealth=0), (tc.controller,)
    own = _own_action(ctx, cmd, m, iid)   # Saulot's Avenging Fist, Lazarene Inquisitor, Remover, Cairo Int'l Airport
    if own is not None:
        return own
    if c.region == "attached" and not c.contested and _has(ctx, iid, "leopold_move"):
        if c.host != m:
            raise Illegal("card", f"only the vampire with {name} can move it")
        t = flow.ref(ctx, cmd.seat, cmd.target, what="vampire") if cmd.target is not None else None
        if t is None or t == m or not ctx.is_vampire(st.cards[t]) or st.cards[t].region not in ("ready", "torpor"):
            raise Illegal("target", f"{name} moves to another vampire in play: name it as the target")
        tc = st.cards[t]
        directed = tc.controller != cmd.seat
        upd = dict(from_card=iid, directed=directed, target_seat=tc.controller if directed else None, effect="move",
                   target_card=t, base_stealth=int(_has(ctx, iid, "leopold_move")[0].get("stealth") or 0))
        ctx.emit("action_goal", f"{ctx.name(m)} acts to move {name} to {ctx.name(t)}.", cards=(m, iid, t))
        return upd, ((tc.controller,) if directed else ())
    if c.region == "in_play" and c.controller == cmd.seat and (_has(ctx, iid, "luanda_action")
                                                             or _has(ctx, iid, "pander_choose")):   # Joseph Pander
        if (iid, "luanda", m, st.turn) not in st.marks:
            raise Illegal("card", f"{ctx.name(m)} is not the vampire chosen with {name} this turn")
        t = flow.ref(ctx, cmd.seat, cmd.target, what="minion") if cmd.target is not None else None
        if t is None or not ctx.is_minion(st.cards[t]) or st.cards[t].region != "ready" \
                or st.cards[t].controller == cmd.seat:
            raise Illegal("target", f"{name}: name a ready minion of another Methuselah as the target")
        st.marks = st.marks - {(iid, "luanda", m, st.turn)}
        tc = st.cards[t]
        upd = dict(from_card=iid, directed=True, target_seat=tc.controller, effect="combat", target_card=t,
                   base_stealth=int((_has(ctx, iid, "luanda_action") or [{}])[0].get("stealth") or 0))
        ctx.emit("action_goal", f"{ctx.name(m)} acts to enter combat with {ctx.name(t)} ({name}).", cards=(m, t))
        return upd, (tc.controller,)
    if c.region == "in_play" and not c.contested and _has(ctx, iid, "monster_enters_imbued"):   # Break the Code
        from vtes_desktop.engine.effects_actioncard import is_monster

        if not is_monster(ctx, m):
            raise Illegal("requirements", f"{ctx.name(m)} is not a monster ({name}: a ready monster enters combat)")
        t = flow.ref(ctx, cmd.seat, cmd.target, what="minion") if cmd.target is not None else None
        if t is None or "Imbued" not in ctx.cdef(t).types or st.cards[t].region != "ready" \
                or st.cards[t].controller == cmd.seat:
            raise Illegal("target", f"{name}: name a ready imbued of another Methuselah as the target")
        tc = st.cards[t]
        ctx.emit("action_goal", f"{ctx.name(m)} acts to enter combat with {ctx.name(t)} ({name}).", cards=(m, t))
        return dict(from_card=iid, directed=True, target_seat=tc.controller, effect="combat", target_card=t,
                    base_stealth=0), (tc.controller,)
    drain = _has(ctx, iid, "drain_action") if c.region == "in_play" and not c.contested else []
    if drain:   # the powerbases: another Methuselah's vampire moves all the blood on it to its controller's pool
        who = drain[0]["who"]
        if c.controller == cmd.seat:
            raise Illegal("target", f"{name} is yours: the action to take its blood is directed at another Methuselah")
        mc = st.cards[m]
        if (who != "minion" and not ctx.is_vampire(mc)) or ("sabbat" in who and (ctx.sect(mc) or "").lower() != "sabbat"):
            raise Illegal("requirements", f"{ctx.name(m)} cannot take the blood on {name}: {who}s can")
        strip = bool(drain[0].get("strip"))   # Powerbase: Madrid: its counters are burned, not taken
        ctx.emit("action_goal", f"{ctx.name(m)} acts to {'burn the counters' if strip else 'take the blood'} on {name}.",
                 cards=(m, iid))
        return dict(from_card=iid, directed=True, target_seat=c.controller, effect="strip" if strip else "drain",
                    base_stealth=0), (c.controller,)
    opts = _has(ctx, iid, "card_action") if c.region in ("in_play", "attached") and not c.contested else []
    if not opts:
        raise Illegal("card", f"{name} provides no action the engine carries out: use manual moves")
    v = dict(opts[0])
    v["verb"] = v.get("verb") or "burn"
    v["who"] = v.get("who") or v.get("who2") or ""
    if not v["who"] and not v.get("clans") and not v.get("clans2") and not v.get("titled"):
        v["who"] = "any minion"
    if c.region == "attached" and (v["verb"] != "burn" or c.host == m):
        raise Illegal("requirements", f"{ctx.name(m)} cannot {v['verb']} {name}, which is on it")
    if c.controller == cmd.seat:
        raise Illegal("target", f"{name} is yours: the action to {v['verb']} it is directed at another Methuselah")
    if not _action_who_fits(ctx, m, v):
        raise Illegal("requirements", f"{ctx.name(m)} cannot {v['verb']} {name}: "
                                      f"{v.get('who') or v.get('clans') or v.get('clans2') or 'titled vampires'} can")
    if v["verb"] == "steal" and ctx.rules(iid).unique:
        d = ctx.cdef(iid)
        if any(o.controller == cmd.seat and o.region in ("in_play", "attached") and ctx.db[o.cid].name == d.name
               for o in st.cards.values()):
            raise Illegal("contest", f"you already control {d.display}")
    ctx.emit("action_goal", f"{ctx.name(m)} acts to {v['verb']} {name}.", cards=(m, iid))
    upd = dict(from_card=iid, directed=True, target_seat=c.controller, effect=v["verb"],
               base_stealth=int(v.get("stealth") or 0))
    if ctx.title(st.cards[m]) and not st.cards[m].title_contested:   # Powerbase: Barranquilla: titled +1 stealth
        upd["base_stealth"] += sum(int(x["n"]) for x in _has(ctx, iid, "titled_action_stealth"))
    if v.get("mods") and _group_fits(ctx, m, v["mods"]):   # "...; Malkavians get -1 stealth during that action"
        upd["base_stealth"] += int(v["ms"])
    if v.get("costp"):   # "as a (D) action that costs 1 pool"
        upd["cost_pool"] = int(v["costp"])
    if v.get("costb"):   # "as a (D) action that costs 1 blood"
        if not ctx.is_vampire(st.cards[m]) or st.cards[m].counters < int(v["costb"]):
            raise Illegal("cost", f"{ctx.name(m)} has {st.cards[m].counters} blood; the action costs {v['costb']}")
        upd["cost_blood"] = int(v["costb"])
    if v["verb"] == "steal" and _has(ctx, iid, "choose_own_ready"):   # the thief's choice, named as the target
        t = flow.ref(ctx, cmd.seat, cmd.target, what="vampire") if cmd.target is not None else None
        upd["target_card"] = _own_ready_vampire(ctx, cmd.seat, t, name)
    return upd, (c.controller,)


def _own_action(ctx: Ctx, cmd: C.Action, m: int, iid: int) -> tuple[dict, tuple[int, ...]] | None:
    """(D) actions a master card gives its vampire or its controller's minions: enter combat with a non-Salubri
    vampire (+1 stealth against a Tremere), burn up to 2 blood from a ready vampire, lock any card of another
    Methuselah, burn 1 blood on an uncontrolled vampire of the prey. None when the card gives none of these."""
    st = ctx.st
    c = st.cards[iid]
    name = ctx.name(iid)
    if c.contested:
        return None
    host = c.region == "attached" and c.host == m
    t = flow.ref(ctx, cmd.seat, cmd.target) if cmd.target is not None else None
    tc = st.cards[t] if t is not None else None
    if host and _has(ctx, iid, "host_enter_combat_vs"):
        v = _has(ctx, iid, "host_enter_combat_vs")[0]
        if tc is None or not ctx.is_vampire(tc) or tc.region != "ready" or tc.controller == cmd.seat \
                or _fits(ctx, cmd.seat, t, "a " + v["clan"], v):
            raise Illegal("target", f"{name}: name a ready non-{v['clan'].title()} vampire of another Methuselah")
        ctx.emit("action_goal", f"{ctx.name(m)} acts to enter combat with {ctx.name(t)} ({name}).", cards=(m, t))
        return dict(from_card=iid, directed=True, target_seat=tc.controller, effect="combat", target_card=t,
                    base_stealth=1 if _fits(ctx, cmd.seat, t, "a " + v["plus"], v) else 0), (tc.controller,)
    for key, what, eff in (("host_burn_blood", "a ready vampire of another Methuselah", "burn_blood"),
                           ("host_lock_any", "a card of another Methuselah", "lock_card")):
        vs = _has(ctx, iid, key) if host else []
        if not vs:
            continue
        ok = tc is not None and tc.controller != cmd.seat and (
            (tc.region == "ready" and ctx.is_vampire(tc)) if eff == "burn_blood"
            else tc.region in ("ready", "in_play", "attached") and not tc.locked)
        if not ok:
            raise Illegal("target", f"{name}: name {what}" + ("" if eff == "burn_blood" else ", unlocked") + " as the target")
        ctx.emit("action_goal", f"{ctx.name(m)} acts to {'burn blood from' if eff == 'burn_blood' else 'lock'} "
                                f"{ctx.name(t)} ({name}).", cards=(m, t))
        return dict(from_card=iid, directed=True, target_seat=tc.controller, effect=eff, target_card=t,
                    base_stealth=int(vs[0].get("stealth") or 0)), (tc.controller,)
    vs = _has(ctx, iid, "burn_uncontrolled_action") if c.region == "in_play" and c.controller == cmd.seat else []
    if vs:
        prey = st.prey(cmd.seat)
        if tc is None or tc.region != "uncontrolled" or t not in st.region(prey, "uncontrolled"):
            raise Illegal("target", f"{name}: name a vampire in your prey's uncontrolled region as the target")
        ctx.emit("action_goal", f"{ctx.name(m)} acts to burn blood on {ctx.name(t)} ({name}).", cards=(m, t))
        return dict(from_card=iid, directed=True, target_seat=prey, effect="burn_blood", target_card=t,
                    base_stealth=0), (prey,)
    return None


_ONLY_IN_COMBAT = re.compile(r"(?i)only usable when an? (\w+) vampire you control is in combat with another \1 vampire")


def use_in_combat(ctx: Ctx, cmd: C.Use, iid: int) -> bool:
    """A master card in play used in combat: lock before range is determined to end it (Elysium: The Arboretum
    between Camarilla vampires, Purchase Pact between Sabbat vampires, Garibaldi-Meucci Museum between Anarchs).
    False for any other card."""
    from vtes_desktop.engine import rules_combat
    from vtes_desktop.engine.state import CombatFrame

    st = ctx.st
    c = st.cards[iid]
    if c.region not in ("in_play", "attached") or "Master" not in ctx.cdef(iid).types:
        return False
    opts = _has(ctx, iid, "lock_end_combat")
    if not opts and _has(ctx, iid, "lock_other_end_combat"):
        return _savannah(ctx, cmd, iid)
    if not opts and _has(ctx, iid, "host_lock_end_combat"):   # Saulot's Guiding Wisdom
        return _host_end_combat(ctx, cmd, iid)
    if not opts:
        return False
    name = ctx.name(iid)
    _usable(ctx, cmd, iid, lock=True)
    f = rules_combat.combat_frame(st)
    if not isinstance(st.top, CombatFrame) or f is None or f.step != "before_range":
        raise Illegal("timing", f"{name} is locked before range is determined to end combat")
    mine = [m for m in (f.a, f.b) if st.cards[m].controller == cmd.seat]
    if not mine:
        raise Illegal("use", f"{name}: no minion of yours is in this combat")
    sect = opts[0].get("sect")
    only = _ONLY_IN_COMBAT.search(ctx.cdef(iid).text)
    sect = sect or (only.group(1).lower() if only else None)
    if sect:
        both = [m for m in (f.a, f.b) if ctx.is_vampire(st.cards[m]) and (ctx.sect(st.cards[m]) or "").lower() == sect]
        if len(both) < 2 or not any(m in mine for m in both):
            raise Illegal("requirements", f"{name} ends a combat between a {sect.title()} vampire you control and "
                                          f"another {sect.title()} vampire")
    _lock(ctx, iid)
    rules_combat._set_combat(ctx, f._replace(ended=True, step="end_of_round", imp=f.imp._replace(at=0, passes=0),
                                             pending=()))
    ctx.emit("combat_ends", f"{ctx.seat_name(cmd.seat)} locks {name}: combat ends.", cards=(iid,))
    return True


def _host_end_combat(ctx: Ctx, cmd: C.Use, iid: int) -> bool:
    """Saulot's Guiding Wisdom: once each turn, before range is determined, its ready unlocked Salubri locks to end
    a combat involving another minion of its player."""
    from vtes_desktop.engine import rules_combat
    from vtes_desktop.engine.state import CombatFrame

    st = ctx.st
    name = ctx.name(iid)
    c = st.cards[iid]
    h = c.host
    f = rules_combat.combat_frame(st)
    if not isinstance(st.top, CombatFrame) or f is None or f.step != "before_range":
        raise Illegal("timing", f"{name}: its Salubri locks before range is determined to end combat")
    if c.contested or h is None or st.cards[h].region != "ready" or st.cards[h].locked or c.controller != cmd.seat:
        raise Illegal("use", f"{name}: its Salubri is not a ready unlocked vampire of yours")
    if not [m for m in (f.a, f.b) if m != h and st.cards[m].controller == cmd.seat]:
        raise Illegal("requirements", f"{name} ends a combat involving another minion you control")
    if (h, ("end combat", iid)) in st.acted:
        raise Illegal("use", f"{name} has already ended a combat this turn")
    st.acted = st.acted | {(h, ("end combat", iid))}
    ctx.update(h, locked=True)
    rules_combat._set_combat(ctx, f._replace(ended=True, step="end_of_round", imp=f.imp._replace(at=0, passes=0),
                                             pending=()))
    ctx.emit("combat_ends", f"{ctx.name(h)} locks ({name}): combat ends.", cards=(h,))
    return True


def _savannah(ctx: Ctx, cmd: C.Use, iid: int) -> bool:
    """Powerbase: Savannah: before range is determined, its player locks another unique location they control
    (`minion`) to end a combat involving an acting vampire they control."""
    from vtes_desktop.engine import rules_combat
    from vtes_desktop.engine.state import CombatFrame

    st = ctx.st
    name = ctx.name(iid)
    if st.cards[iid].contested:
        raise Illegal("contested", f"{name} is contested and out of play")
    f = rules_combat.combat_frame(st)
    if not isinstance(st.top, CombatFrame) or f is None or f.step != "before_range":
        raise Illegal("timing", f"{name} ends combat before range is determined")
    act = next((x for x in reversed(st.frames) if isinstance(x, ActionFrame)), None)
    if act is None or act.actor not in (f.a, f.b) or st.cards[act.actor].controller != cmd.seat \
            or not ctx.is_vampire(st.cards[act.actor]):
        raise Illegal("requirements", f"{name} ends a combat involving an acting vampire you control")
    loc = _minion(ctx, cmd, name, "the other unique location you control to lock")
    lc = st.cards[loc]
    lr = ctx.rules(loc)
    if loc == iid or lc.region != "in_play" or lc.controller != cmd.seat or lc.contested or lc.locked \
            or "location" not in lr.keywords or not lr.unique:
        raise Illegal("minion", f"{name}: {ctx.name(loc)} is not another unlocked unique location you control")
    _lock(ctx, loc)
    rules_combat._set_combat(ctx, f._replace(ended=True, step="end_of_round", imp=f.imp._replace(at=0, passes=0),
                                             pending=()))
    ctx.emit("combat_ends", f"{ctx.seat_name(cmd.seat)} locks {ctx.name(loc)} ({name}): combat ends.", cards=(loc,))
    return True


def announce_burn_referendum(ctx: Ctx, cmd: C.Action, m: int) -> dict | None:
    """A political action announced `from` a master card in play that vampires can call a referendum to burn
    (Anarch Revolt, Elysium: The Arboretum); None for any other card. The referendum and the burning when it
    passes are the action cards' (effects_actioncard: `own:burn_referendum`)."""
    st = ctx.st
    try:
        src = flow.ref(ctx, cmd.seat, cmd.from_)
    except (Malformed, Illegal):
        return None
    c = st.cards[src]
    if "Master" not in ctx.cdef(src).types and "Event" not in ctx.cdef(src).types:
        return None
    spec = _has(ctx, src, "burn_referendum")
    if not spec:
        return None
    name = ctx.name(src)
    if c.region not in ("in_play", "attached") or c.contested:
        raise Illegal("card", f"{name} is not in play")
    mc = st.cards[m]
    if not ctx.is_vampire(mc):
        raise Illegal("political", f"only vampires call a referendum to burn {name}")
    who = spec[0]["who"]
    sect = next((x for x in ("camarilla", "sabbat", "anarch") if x in who), None)
    if sect and (ctx.sect(mc) or "").lower() != sect:
        raise Illegal("political", f"only {sect.title()} vampires call a referendum to burn {name}; {ctx.name(m)} is not one")
    if "titled" in who and (not ctx.title(mc) or mc.title_contested):
        raise Illegal("political", f"only titled vampires call a referendum to burn {name}; {ctx.name(m)} has no title")
    ctx.emit("action_goal", f"{ctx.name(m)} calls a referendum to burn {name}.", cards=(m, src))
    return dict(from_card=src, effect="own:burn_referendum", base_stealth=1)


def _haven_action(ctx: Ctx, cmd: C.Action, m: int, iid: int) -> tuple[dict, tuple[int, ...]]:
    """Haven Uncovered: minions enter combat with the vampire it is on; that vampire burns it. (D) actions."""
    st = ctx.st
    c = st.cards[iid]
    host = c.host
    name = ctx.name(iid)
    if m == host:
        v = _has(ctx, iid, "host_burns_action")
        if not v:
            raise Illegal("card", f"{ctx.name(m)} cannot act with {name}")
        if c.controller == cmd.seat:
            raise Illegal("target", f"{name} is yours: burning it is an action against another Methuselah")
        upd = dict(from_card=iid, directed=True, target_seat=c.controller, effect="burn",
                   base_stealth=int(v[0].get("stealth") or 0))
        ctx.emit("action_goal", f"{ctx.name(m)} acts to burn {name}.", cards=(m, iid))
        return upd, (c.controller,)
    v = _has(ctx, iid, "enter_combat_action")
    hc = st.cards[host]
    if not v:
        raise Illegal("card", f"{name}: only the vampire it is on can act with it")
    if hc.controller == cmd.seat:
        raise Illegal("target", f"{ctx.name(host)} is yours: entering combat with it is an action against another "
                                "Methuselah")
    if hc.region != "ready":
        raise Illegal("target", f"{ctx.name(host)} is not ready")
    upd = dict(from_card=iid, directed=True, target_seat=hc.controller, effect="combat", target_card=host,
               base_stealth=int(v[0].get("stealth") or 0))
    ctx.emit("action_goal", f"{ctx.name(m)} acts to enter combat with {ctx.name(host)} ({name}).", cards=(m, host))
    return upd, (hc.controller,)


def succeed_from(ctx: Ctx, f: ActionFrame) -> None:
    st = ctx.st
    iid = f.from_card
    c = st.cards[iid]
    if f.effect == "combat":
        t = f.target_card
        if st.cards[t].region != "ready":
            ctx.emit("fizzle", f"{ctx.name(t)} is no longer ready.")
            return
        from vtes_desktop.engine import rules_combat

        rules_combat.start(ctx, f.actor, t)
        return
    if c.region not in ("in_play", "attached"):
        ctx.emit("fizzle", f"{ctx.name(iid)} is no longer in play.")
        return
    if f.effect == "burn":
        # the Paths: "... as a (D) action that inflicts 1 unpreventable environmental damage on acting vampires"
        dmg = max((int(v.get("dmg") or v.get("dmg2") or 0) for v in _has(ctx, iid, "card_action")), default=0)
        ctx.burn(iid, f"{ctx.name(f.actor)}'s action")
        a = st.cards.get(f.actor)
        if dmg and a is not None and a.region == "ready" and ctx.is_vampire(a):
            from vtes_desktop.engine.rules_combat import inflict

            ctx.emit("effect", f"{ctx.name(f.actor)} takes {dmg} unpreventable environmental damage "
                               f"({ctx.name(iid)}).", cards=(f.actor,))
            inflict(ctx, f.actor, dmg, 0)
        return
    if f.effect == "raid":   # Wall Street Night: 1 counter of the investment to the acting Methuselah's pool
        t = f.target_card
        tc = st.cards[t]
        if tc.region != "in_play" or not tc.counters:
            ctx.emit("fizzle", f"{ctx.name(t)} has no counter to take.")
            return
        n = min(int(_has(ctx, iid, "investment_raid")[0]["n"]), tc.counters)
        ctx.update(t, counters=tc.counters - n)
        ctx.pool(f.seat, n, f"{ctx.name(t)} ({ctx.name(iid)})")
        emptied(ctx, t)
        return
    if f.effect == "bank_to_card":   # Heartblood of the Clan: 1 blood from the bank onto the card
        n = int(_has(ctx, iid, "bank_to_card_action")[0]["n"])
        ctx.update(iid, counters=st.cards[iid].counters + n)
        ctx.emit("blood", f"{ctx.name(f.actor)} adds {n} blood to {ctx.name(iid)}.", cards=(iid,))
        return
    if f.effect == "blood_to_card":   # Powerbase: Rome: up to 2 blood from the acting Giovanni onto the card
        a = st.cards[f.actor]
        n = min(int(_has(ctx, iid, "blood_to_card_action")[0]["n"]), a.counters)
        ctx.update(f.actor, counters=a.counters - n)
        ctx.update(iid, counters=st.cards[iid].counters + n)
        ctx.emit("blood", f"{ctx.name(f.actor)} moves {n} blood to {ctx.name(iid)}.", cards=(f.actor, iid))
        return
    if f.effect == "burn_blood":   # Lazarene Inquisitor (up to 2), Cairo Int'l Airport (1)
        t = f.target_card
        tc = st.cards[t]
        n = max((int(v["n"]) for k in ("host_burn_blood", "burn_uncontrolled_action") for v in _has(ctx, iid, k)),
                default=0)
        if tc.region not in ("ready", "uncontrolled") or not tc.counters:
            ctx.emit("fizzle", f"{ctx.name(t)} has no blood to burn.")
            return
        n = min(n, tc.counters)
        ctx.update(t, counters=tc.counters - n)
        ctx.emit("blood", f"{ctx.name(f.actor)} burns {n} blood from {ctx.name(t)} ({ctx.name(iid)}).", cards=(t,))
        return
    if f.effect == "lock_card":   # Remover
        t = f.target_card
        if st.cards[t].region in ("ready", "in_play", "attached"):
            ctx.update(t, locked=True)
            ctx.emit("locked", f"{ctx.name(f.actor)} locks {ctx.name(t)} ({ctx.name(iid)}).", cards=(t,))
        return
    if f.effect == "strip":   # Powerbase: Madrid: all its counters burned
        ctx.update(iid, counters=0)
        ctx.emit("counters", f"{ctx.name(f.actor)} burns all the counters on {ctx.name(iid)}.", cards=(iid,))
        emptied(ctx, iid)
        return
    if f.effect == "drain":   # the powerbases: all the blood on the card to the acting Methuselah's pool
        n = c.counters
        ctx.update(iid, counters=0)
        if n:
            ctx.pool(f.seat, n, ctx.name(iid))
        ctx.emit("blood", f"{ctx.name(f.actor)} moves {n} blood from {ctx.name(iid)} to "
                          f"{poss_name(ctx, f.seat)} pool.", cards=(iid,))
        emptied(ctx, iid)
        return
    if f.effect == "move":   # Society of Leopold moves to the target vampire; Houngan to the acting Samedi
        t = f.target_card
        if st.cards[t].region in ("ready", "torpor"):
            ctx.move(iid, "attached", host=t)
            ctx.update(iid, controller=f.seat if t == f.actor else c.controller)
            ctx.emit("moved", f"{ctx.name(iid)} moves to {ctx.name(t)}.", cards=(iid, t))
        return
    ctx.move(iid, "in_play", seat=f.seat)
    ctx.emit("control", f"{ctx.seat_name(f.seat)} steals {ctx.name(iid)}.", cards=(iid,))
    if f.target_card is not None and _has(ctx, iid, "choose_own_ready"):
        _choose(ctx, iid, f.target_card)


def block_refusal(ctx: Ctx, m: int) -> str | None:
    """Why minion *m* cannot block because of a master card on it (Pentex Subversion), or None; a master card on
    the acting vampire that makes blockers burn blood (Dominion) takes it here."""
    st = ctx.st
    for a in st.attached.get(m, ()):
        if "Master" in ctx.cdef(a).types and not st.cards[a].contested and _has(ctx, a, "cannot_block"):
            return f"{ctx.name(m)} cannot block ({ctx.name(a)})"
    f = st.top
    for s_ in range(len(st.seats)):   # Giovanni Discrimination: a tax on blocking
        for a in st.region(s_, "in_play"):
            if st.cards[a].contested or "Master" not in ctx.cdef(a).types:
                continue
            for v in _has(ctx, a, "block_tax"):
                if _fits(ctx, st.cards[m].controller, m, "a " + v["clan"], v):
                    n = int(v["n"])
                    if st.cards[m].counters < n:
                        return f"{ctx.name(m)} must burn {n} blood to attempt a block and has none ({ctx.name(a)})"
                    ctx.update(m, counters=st.cards[m].counters - n)
                    ctx.emit("paid", f"{ctx.name(m)} burns {n} blood to attempt the block ({ctx.name(a)}).", cards=(m,))
    if isinstance(f, ActionFrame):   # Artistically Inept: Toreador cannot attempt to block that vampire's actions
        for a in st.attached.get(f.actor, ()):
            if "Master" in ctx.cdef(a).types and not st.cards[a].contested:
                for v in _has(ctx, a, "no_block_by_clan"):
                    if _fits(ctx, st.cards[m].controller, m, "a " + v["clan"], v):
                        return f"{v['clan'].title()} cannot attempt to block {ctx.name(f.actor)}'s actions ({ctx.name(a)})"
                if _has(ctx, a, "hunt_changeling_block") and (f.kind if f.kind != "card" else f.effect) == "hunt" \
                        and (ctx.is_vampire(st.cards[m]) or not re.match(r"(?i)(?:unique )?changeling\b",
                                                                          ctx.cdef(m).text.strip())):
                    return f"only changelings can block the hunt actions of {ctx.name(f.actor)} ({ctx.name(a)})"
    if isinstance(f, ActionFrame) and st.marks:   # Blind Spot; Toreador Grand Ball
        for x in st.marks:
            if len(x) == 4 and x[0] == "blind spot" and x[1] == f.actor and x[2] == m and x[3] == st.turn:
                return f"{ctx.name(m)} cannot block while {ctx.name(f.actor)} acts (Blind Spot)"
            if len(x) == 3 and x[1] == "ball free" and x[2] == f.actor and st.cards[x[0]].region == "in_play" \
                    and not st.cards[x[0]].contested and (f.kind if f.kind != "card" else f.effect) != "bleed":
                return f"{poss_name_card(ctx, f.actor)} non-bleed actions cannot be blocked ({ctx.name(x[0])})"
    if isinstance(f, ActionFrame) and _laibon_taxed(ctx, m, f.actor):   # Transcendent Laibon
        mc = st.cards[m]
        if mc.counters < 1:
            return f"{ctx.name(m)} must burn 1 blood or life to attempt to block {ctx.name(f.actor)} and has none"
        ctx.update(m, counters=mc.counters - 1)
        ctx.emit("paid", f"{ctx.name(m)} burns 1 to attempt the block (Transcendent Laibon).", cards=(m,))
    if isinstance(f, ActionFrame) and ctx.is_vampire(st.cards[m]):
        for a in st.attached.get(f.actor, ()):
            if "Master" in ctx.cdef(a).types and not st.cards[a].contested:
                for v in _has(ctx, a, "block_costs_blood"):
                    n = int(v["n"])
                    if st.cards[m].counters < n:
                        return f"{ctx.name(m)} must burn {n} blood to attempt to block {ctx.name(f.actor)} and has none"
                    ctx.update(m, counters=st.cards[m].counters - n)
                    ctx.emit("paid", f"{ctx.name(m)} burns {n} blood to attempt the block ({ctx.name(a)}).", cards=(m,))
    return None


def _transfers_use(ctx: Ctx, cmd: C.Use, iid: int, rules: CardRules, uses: dict) -> bool:
    """Wider View: transfers spent in the influence phase to draw from the crypt (and remove an uncontrolled
    crypt card: `minion`, or the card just drawn when none is named), or to burn the card for pool."""
    from vtes_desktop.engine.rules_turn import _spend

    st = ctx.st
    seat = cmd.seat
    name = rules.name
    _usable(ctx, cmd, iid, lock=False)
    _own_phase(ctx, cmd, iid, "influence")
    way = (cmd.effect or "").lower().strip()
    if way == "draw" and "transfer_crypt" in uses:
        crypt = st.region(seat, "crypt")
        if not crypt:
            raise Illegal("crypt", f"{name}: your crypt is empty")
        gone = None
        if cmd.minion is not None:
            gone = flow.ref(ctx, seat, cmd.minion, what="crypt card")
            g = st.cards[gone]
            if g.region != "uncontrolled" or g.owner != seat:
                raise Illegal("minion", f"{name}: {ctx.name(gone)} is not in your uncontrolled region")
        _spend(ctx, seat, int(uses["transfer_crypt"]["n"]), f"{name}'s draw")
        top = crypt[0]
        ctx.move(top, "uncontrolled", seat=seat)
        gone = top if gone is None else gone
        ctx.move(gone, "removed")
        ctx.emit("crypt", f"{ctx.seat_name(seat)} draws {ctx.name(top)} from the crypt ({name}) and removes "
                          f"{ctx.name(gone)} from the game.", frozenset({seat}),
                 f"{ctx.seat_name(seat)} draws a crypt card ({name}) and removes "
                 + ("it" if gone == top else "another uncontrolled card") + " from the game.", cards=(top,))
        return True
    if way == "burn" and "transfer_burn_pool" in uses:
        v = uses["transfer_burn_pool"]
        _spend(ctx, seat, int(v["n"]), f"burning {name}")
        ctx.burn(iid, f"{int(v['n'])} transfers")
        ctx.pool(seat, int(v["pool"]), name)
        return True
    raise Malformed("effect", f"{name}: say which use (effect: draw, or burn)")


def _events_in_play(ctx: Ctx):
    for s in range(len(ctx.st.seats)):
        for iid in ctx.st.region(s, "in_play"):
            if "Event" in ctx.cdef(iid).types and not ctx.st.cards[iid].contested:
                yield iid


def end_of_minion_phase(ctx: Ctx) -> None:
    """After the active Methuselah's minion phase ends: Thirst burns blood of their small vampires that did not
    hunt."""
    st = ctx.st
    seat = st.active
    _loner(ctx, seat)
    for iid in list(st.region(seat, "in_play")):   # Frontal Assault: burned as the influence phase begins
        for v in _has(ctx, iid, "assault_end") if not st.cards[iid].contested else ():
            k = sum(1 for m in st.region(st.prey(seat), "ready") if ctx.is_minion(st.cards[m]))
            ctx.burn(iid, "its player's influence phase")
            if k:
                ctx.pool(seat, -int(v["n"]) * k, f"{ctx.name(iid)}: {k} ready minion{'s' if k > 1 else ''} of the prey")
    thirst = [v for ev in _events_in_play(ctx) for v in _has(ctx, ev, "thirst")]
    if not thirst:
        return
    gehenna = sum(1 for ev in _events_in_play(ctx) if "gehenna" in ctx.cdef(ev).text.split("\n")[0].lower())
    for v in thirst:
        for m in st.region(seat, "ready"):
            mc = st.cards[m]
            if ctx.is_vampire(mc) and not mc.contested and ctx.capacity(mc) < gehenna \
                    and (m, "hunted", st.turn) not in st.marks and mc.counters > 0:
                ctx.update(m, counters=mc.counters - int(v["n"]))
                ctx.emit("blood", f"{ctx.name(m)} burns 1 blood (Thirst).", cards=(m,))


def _loner(ctx: Ctx, seat: int) -> None:
    """Loner, as the influence phase begins: its ready vampire succeeded at an action this turn and no other minion
    of its controller attempted one: 1 blood from the bank."""
    st = ctx.st
    for m in st.region(seat, "ready"):
        if (m, "succeeded", st.turn) not in st.marks:
            continue
        others = {a[0] for a in st.acted if a[0] != m and (a[1] in _ACTIONS or (isinstance(a[1], tuple) and a[1][0] == "card"))
                  and a[0] in st.cards and st.cards[a[0]].controller == seat}
        if others:
            ctx.emit("effect", f"{ctx.name(m)} gains no blood from Loner: another of {poss_name(ctx, seat)} minions acted.")
            continue
        _archetype_blood(ctx, m, "loner")


def master_phase_actions(ctx: Ctx) -> int:
    """Extra master phase actions from master cards the active Methuselah controls (Not to Be)."""
    return sum(len(_has(ctx, iid, "extra_mpa")) for iid in ctx.st.region(ctx.st.active, "in_play")
               if not ctx.st.cards[iid].contested)


def start_of_discard_phase(ctx: Ctx) -> None:
    """Events that act as each discard phase begins (Dragonbound); Not to Be takes a discard phase action and
    is burned."""
    st = ctx.st
    for iid in list(st.region(st.active, "in_play")):   # Palla Grande: a counter burned each discard phase
        c = st.cards[iid]
        if c.contested or "Master" not in ctx.cdef(iid).types:
            continue
        for v in _has(ctx, iid, "discard_counter"):
            if c.counters:
                ctx.update(iid, counters=c.counters - min(int(v["n"]), c.counters))
                ctx.emit("counters", f"{ctx.name(iid)} loses {v['n']} counter.", cards=(iid,))
                emptied(ctx, iid)
    st = ctx.st
    seat = st.active
    for iid in list(st.region(seat, "in_play")):   # The Uncoiling burns another event at random
        if st.cards[iid].region == "in_play" and not st.cards[iid].contested and _has(ctx, iid, "uncoil_burn"):
            others = [e for e in _events_in_play(ctx) if e != iid]
            if others:
                victim = others[ctx.rng().randrange(len(others))]
                ctx.burn(victim, f"{ctx.name(iid)}, at random")
    for m in st.region(seat, "ready") + st.region(seat, "torpor"):   # Agent of Power: burned in its player's discard phase
        for a in list(st.attached.get(m, ())):
            if st.cards[a].controller == seat and _has(ctx, a, "burn_own_discard"):
                ctx.burn(a, "its player's discard phase")
    for iid in list(st.region(seat, "in_play")):
        if not st.cards[iid].contested and _has(ctx, iid, "fewer_dpa_burn"):
            st.dpa = max(0, st.dpa - 1)
            ctx.burn(iid, "its discard phase")
    for iid in list(_events_in_play(ctx)):
        for v in _has(ctx, iid, "discard_burn_torpor"):
            k = sum(1 for m in st.region(seat, "torpor") if ctx.is_vampire(st.cards[m]))
            if k:
                ctx.pool(seat, -int(v["n"]) * k, f"{ctx.name(iid)}: {k} vampire{'s' if k > 1 else ''} in torpor")


def intercept_bonus(ctx: Ctx, minion: int, actor: int) -> int:
    """Intercept that events in play give a would-be blocker (The Unmasking: allies against vampires)."""
    n = 0
    st = ctx.st
    for a in st.attached.get(minion, ()):   # a master card on the minion (Sight Beyond Sight)
        if "Master" in ctx.cdef(a).types and not st.cards[a].contested:
            n += sum(int(v["n"]) for v in _has(ctx, a, "host_intercept"))
            bl = _has(ctx, a, "host_intercept_bleed")   # Guardian Angel: during bleeds at its controller
            if bl and isinstance(st.top, ActionFrame) and st.top.target_seat == st.cards[a].controller:
                from vtes_desktop.engine.effects_crypt import _action_kind

                if _action_kind(st.top) == "bleed":
                    n += sum(int(v["n"]) for v in bl)
    if "Ally" in ctx.cdef(minion).types and ctx.is_vampire(st.cards[actor]):
        for iid in _events_in_play(ctx):
            for v in _has(ctx, iid, "allies_intercept"):
                n += int(v["n"])
    f = st.top
    if isinstance(f, ActionFrame) and f.target_card is not None and f.target_card in st.cards \
            and ctx.is_vampire(st.cards[minion]):   # Communal Haven: Temple
        me = st.cards[minion].controller
        tc = st.cards[f.target_card]
        for a in st.region(me, "in_play"):
            if st.cards[a].contested or "Master" not in ctx.cdef(a).types:
                continue
            for v in _has(ctx, a, "temple_intercept"):
                if tc.controller == me and ctx.is_vampire(tc) and (ctx.sect(tc) or "").lower() == v["sect"] \
                        and (ctx.sect(st.cards[minion]) or "").lower() == v["sect"]:
                    n += int(v["n"])
    if "Imbued" in ctx.cdef(minion).types:   # Break the Code: imbued -1 intercept against monsters
        from vtes_desktop.engine.effects_actioncard import is_monster

        for iid in _events_in_play(ctx):
            for v in _has(ctx, iid, "imbued_intercept"):
                if is_monster(ctx, actor):
                    n += int(v["n"])
    return n


# -- lock uses that change the hand: hand size this turn, discard or draw with the hand put right afterward ------

def _lock_uses(ctx: Ctx, cmd: C.Use, iid: int, rules: CardRules, uses) -> bool:
    st = ctx.st
    seat = cmd.seat
    name = rules.name
    opts = [(k, v) for k, v, _ in uses if k in EFFECT_NAMES]
    want = (cmd.effect or "").lower().strip()
    if len(opts) > 1:
        pick = [(k, v) for k, v in opts if EFFECT_NAMES[k] == want]
        if not pick:
            raise Malformed("effect", f"{name}: say which use (effect: "
                                      + ", or ".join(EFFECT_NAMES[k] for k, _ in opts) + ")")
        opts = pick
    key, v = opts[0]
    _usable(ctx, cmd, iid, lock=True)
    n = int(v.get("n", 1))
    if key == "lock_edge_pool":
        _own_phase(ctx, cmd, iid, "unlock")
        if v.get("edge") and st.edge != seat:
            raise Illegal("edge", f"{name}: you do not have the Edge")
        _lock_counted(ctx, iid, rules)
        ctx.pool(seat, n, name)
    elif key == "lock_transfer":
        _own_phase(ctx, cmd, iid, "influence")
        _lock_counted(ctx, iid, rules)
        st.transfers += n
        ctx.emit("transfers", f"{ctx.seat_name(seat)} locks {name}: +{n} transfer.")
    elif key == "lock_blood_uncontrolled":
        m = _minion(ctx, cmd, name, "the vampire in your uncontrolled region")
        mc = st.cards[m]
        if mc.region != "uncontrolled" or mc.owner != seat or not ctx.is_vampire(mc):
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not in your uncontrolled region")
        _lock_counted(ctx, iid, rules)
        ctx.update(m, counters=mc.counters + n)
        ctx.emit("blood", f"{ctx.seat_name(seat)} locks {name} to add {n} blood to {ctx.name(m)}.", frozenset({seat}),
                 f"{ctx.seat_name(seat)} locks {name} to add {n} blood to a face-down vampire.", cards=(m,))
    elif key == "lock_hand_size_turn":
        _lock_counted(ctx, iid, rules)
        st.marks = st.marks | {(("seat", seat), "hand size this turn", n, iid)}
        ctx.emit("hand_size", f"{ctx.seat_name(seat)} locks {name}: +{n} hand size this turn.")
        draw_up(ctx, seat)
    elif key == "lock_discard_draw":
        if not st.region(seat, "hand"):
            raise Illegal("hand", f"{name}: you have no card to discard")
        _lock_counted(ctx, iid, rules)
        _owe_discard(ctx, seat, 1, then_draw=True)
    elif key == "lock_draw_discard":
        _lock_counted(ctx, iid, rules)
        ctx.draw(seat, n)
        over = len(st.region(seat, "hand")) + _deferred(ctx, seat) - hand_size(ctx, seat)
        if over > 0:
            _owe_discard(ctx, seat, over)
    return True


def _lock_counted(ctx: Ctx, iid: int, rules: CardRules) -> None:
    """Lock the card; a card that counts its locks gets a counter, and burns at its limit (Dreams of the Sphinx)."""
    _lock(ctx, iid)
    keys = {k: v for k, v, _ in readings(rules)}
    if "counter_on_lock" in keys:
        c = ctx.update(iid, counters=ctx.st.cards[iid].counters + 1)
        lim = keys.get("burn_at_counters")
        if lim and c.counters >= int(lim["n"]):
            ctx.burn(iid, f"{c.counters} counters")


def _deferred(ctx: Ctx, seat: int) -> int:
    return sum(1 for s, _, _ in ctx.st.pending_draws if s == seat)


def _owe_discard(ctx: Ctx, seat: int, n: int, *, then_draw: bool = False) -> None:
    st = ctx.st
    st.marks = frozenset(m for m in st.marks if m[:2] != (("seat", seat), "discard")) | {
        (("seat", seat), "discard", owed_discards(ctx, seat) + n, then_draw)}
    ctx.emit("discard_down", f"{ctx.seat_name(seat)} must discard {owed_discards(ctx, seat)} card"
                             f"{'s' if owed_discards(ctx, seat) > 1 else ''}" + (" and draw up" if then_draw else "") + ".")


def owed_discards(ctx: Ctx, seat: int) -> int:
    return sum(m[2] for m in ctx.st.marks if m[:2] == (("seat", seat), "discard"))


def refuse_while_discarding(ctx: Ctx, cmd) -> None:
    """A Methuselah who must discard down, or pay a toll, does so before anything else happens at the table."""
    if cmd.type in ("undo", "concede", "time_out") or not ctx.st.marks:
        return
    for m in ctx.st.marks:
        if m[1] == "discard" and isinstance(m[0], tuple) and m[0][0] == "seat":
            s = m[0][1]
            if cmd.type == "discard" and cmd.seat == s:
                return
            raise Illegal("discard down", f"{ctx.seat_name(s)} must first discard {m[2]} card"
                                          f"{'s' if m[2] > 1 else ''} (discard step)")
        if m[1] == "toll" and isinstance(m[0], tuple) and m[0][0] == "seat":
            s = m[0][1]
            if cmd.type == "use" and cmd.seat == s:
                return
            if _has(ctx, m[3], "mekhet_move"):
                raise Illegal("toll", f"{ctx.seat_name(s)} must first move {ctx.name(m[3])} to another justicar or "
                                      "Inner Circle member (use, minion)")
            if _has(ctx, m[3], "founder_burn") or _has(ctx, m[3], "conquest_toll"):
                raise Illegal("toll", f"{ctx.seat_name(s)} must first settle {ctx.name(m[3])} (use, "
                                      + ("minion: the vampire burned)" if _has(ctx, m[3], "founder_burn")
                                         else "effect: pool or burn)"))
            if _has(ctx, m[3], "leopold_upkeep") or _has(ctx, m[3], "obsession_toll") or _has(ctx, m[3], "games_toll"):
                raise Illegal("toll", f"{ctx.seat_name(s)} must first pay the toll of {ctx.name(m[3])} on "
                                      f"{ctx.name(ctx.st.cards[m[3]].host)} (use, effect: blood; or burn / minion)")
            raise Illegal("toll", f"{ctx.seat_name(s)} must first pay {ctx.name(m[3])}: {m[2]} more time"
                                  f"{'s' if m[2] > 1 else ''} 1 pool (use, effect: pool) or 1 blood of a vampire "
                                  "they control (use, minion)")


def _conquest(ctx: Ctx, cmd: C.Use, iid: int) -> bool:
    """Conquest of Humanity: any Methuselah, in their own unlock phase, once, chooses a location their prey controls
    (`minion`); the prey then burns 2 pool or lets it burn (a toll, before anything else)."""
    st = ctx.st
    seat = cmd.seat
    name = ctx.name(iid)
    _own_phase(ctx, cmd, iid, "unlock")
    if (iid, "conquest by", seat, st.turn) in st.marks:
        raise Illegal("use", f"{name}: you have already chosen a location this unlock phase")
    loc = _minion(ctx, cmd, name, "the location your prey controls")
    prey = st.prey(seat)
    lc = st.cards[loc]
    if lc.region != "in_play" or lc.controller != prey or "location" not in ctx.rules(loc).keywords:
        raise Illegal("minion", f"{name}: {ctx.name(loc)} is not a location your prey controls")
    st.marks = st.marks | {(iid, "conquest by", seat, st.turn), (iid, "conquest", loc), (("seat", prey), "toll", 1, iid)}
    ctx.emit("chosen", f"{ctx.seat_name(seat)} chooses {ctx.name(loc)} ({name}): {ctx.seat_name(prey)} burns 2 pool "
                       "or it is burned.", cards=(loc,))
    return True


def _mekhet_others(ctx: Ctx, host: int) -> list[int]:
    st = ctx.st
    return [m for s_ in st.live_seats() for m in st.region(s_, "ready") + st.region(s_, "torpor")
            if m != host and ctx.is_vampire(st.cards[m]) and not st.cards[m].title_contested
            and (ctx.title(st.cards[m]) or "").lower() in ("justicar", "inner circle")]


def _mekhet(ctx: Ctx) -> None:
    """Fear of Mekhet: as its vampire's controller's unlock phase begins, the vampire burns 5 blood or is burned;
    having paid, its controller moves the card to another justicar or Inner Circle member (a toll: `use` the card
    with `minion`), or it burns when there is none."""
    st = ctx.st
    seat = st.active
    for m in list(st.region(seat, "ready") + st.region(seat, "torpor")):
        for a in list(st.attached.get(m, ())):
            vs = _has(ctx, a, "mekhet_burn")
            if not vs or st.cards[a].contested:
                continue
            n = int(vs[0]["n"])
            mc = st.cards[m]
            if mc.counters < n:
                ctx.emit("effect", f"{ctx.name(m)} cannot burn {n} blood ({ctx.name(a)}).", cards=(m,))
                ctx.burn(m, ctx.name(a))
                continue
            ctx.update(m, counters=mc.counters - n)
            ctx.emit("blood", f"{ctx.name(m)} burns {n} blood ({ctx.name(a)}).", cards=(m,))
            if _mekhet_others(ctx, m):
                st.marks = st.marks | {(("seat", seat), "toll", 1, a)}
            else:
                ctx.burn(a, "no other justicar or Inner Circle member")


def _founder_toll(ctx: Ctx) -> None:
    """Recalled to the Founder: the active Methuselah controlling 3 or more vampires of one clan burns one of them
    (a toll: `use` the event with `minion`), unless a vampire of capacity 6 or more was burned to it before."""
    st = ctx.st
    seat = st.active
    for ev in _events_in_play(ctx):
        for v in _has(ctx, ev, "founder_burn"):
            if (("seat", seat), "founder immune", ev) in st.marks:
                continue
            if _founder_choices(ctx, seat, int(v["n"])):
                st.marks = st.marks | {(("seat", seat), "toll", 1, ev)}
                ctx.emit("toll", f"{ctx.seat_name(seat)} controls {v['n']} or more vampires of one clan and burns one of "
                                 f"them ({ctx.name(ev)}; use, minion).")


def _founder_choices(ctx: Ctx, seat: int, n: int) -> list[int]:
    st = ctx.st
    by: dict[str, list[int]] = {}
    for m in st.region(seat, "ready") + st.region(seat, "torpor"):
        mc = st.cards[m]
        if ctx.is_vampire(mc) and not mc.contested:
            for cl in ctx.cdef(m).clans:
                by.setdefault(_clan_key(cl), []).append(m)
    return [m for ms in by.values() if len(ms) >= n for m in ms]


def _leopold_tolls(ctx: Ctx) -> None:
    """Society of Leopold: in its vampire's controller's unlock phase, the vampire burns 1 blood or is burned."""
    st = ctx.st
    seat = st.active
    for m in st.region(seat, "ready") + st.region(seat, "torpor"):
        for a in st.attached.get(m, ()):
            if "Master" in ctx.cdef(a).types and not st.cards[a].contested and _has(ctx, a, "leopold_upkeep"):
                st.marks = st.marks | {(("seat", seat), "toll", 1, a)}
                ctx.emit("toll", f"{ctx.name(m)} must burn 1 blood or be burned ({ctx.name(a)}; use, effect: blood "
                                 "or burn).")


def start_of_unlock_phase(ctx: Ctx) -> None:
    """As the active Methuselah's unlock phase begins: Smiling Jack takes a counter from its controller's pool,
    and the other Methuselahs' Smiling Jacks make this one pay a toll for each of their counters; each Fame on
    a vampire in torpor makes this Methuselah burn pool."""
    st = ctx.st
    seat = st.active
    _give_back(ctx, "unlock")
    st.marks = st.marks - {x for x in st.marks if len(x) == 3 and x[1] == "hunt stealth until unlock" and x[2] == seat}
    _leopold_tolls(ctx)
    _held_locked(ctx)   # Children of Osiris, Whispers of the Nictuku
    for m in st.region(seat, "ready") + st.region(seat, "torpor"):   # Masquerade Endangered, Rötschreck
        for a in list(st.attached.get(m, ())):
            if "Master" in ctx.cdef(a).types and _has(ctx, a, "host_burn_next_unlock"):
                ctx.burn(a, f"the next unlock phase of {ctx.name(m)}")
    _founder_toll(ctx)   # Recalled to the Founder
    _mekhet(ctx)   # Fear of Mekhet
    for m in st.region(seat, "ready"):
        for a in st.attached.get(m, ()):
            if "Master" in ctx.cdef(a).types and not st.cards[a].contested:
                for v in _has(ctx, a, "laibon_gain"):   # Transcendent Laibon
                    ctx.set_blood(m, st.cards[m].counters + int(v["n"]))
                    ctx.emit("blood", f"{ctx.name(m)} gains {v['n']} blood ({ctx.name(a)}).", cards=(m,))
                for v in _has(ctx, a, "houngan_gain"):   # Houngan: 1 blood as the phase begins (its use: 1 more)
                    ctx.set_blood(m, st.cards[m].counters + int(v["n"]))
                    ctx.emit("blood", f"{ctx.name(m)} gains {v['n']} blood ({ctx.name(a)}).", cards=(m,))
                for v in _has(ctx, a, "trophy_hunting"):
                    if (m, "hunting ground") not in st.acted:
                        st.acted = st.acted | {(m, "hunting ground")}
                        ctx.set_blood(m, st.cards[m].counters + int(v["n"]))
                        ctx.emit("blood", f"{ctx.name(m)} gains {v['n']} blood ({ctx.name(a)}).", cards=(m,))
    for s in st.live_seats():
        for m in st.region(s, "torpor"):
            for a in st.attached.get(m, ()):
                if "Master" in ctx.cdef(a).types and not st.cards[a].contested:
                    for v in _has(ctx, a, "torpor_tax"):
                        if not st.seats[seat].ousted:
                            ctx.pool(seat, -int(v["n"]), f"{ctx.name(m)} is in torpor ({ctx.name(a)})")
    for iid in list(st.region(seat, "in_play")):   # Dr. Marisa Fletcher: two counters each of its player's unlock phases
        if not st.cards[iid].contested and "Event" in ctx.cdef(iid).types:
            for v in _has(ctx, iid, "unlock_add_counters"):
                n = 2 if v["n"] == "two" else int(v["n"])
                ctx.update(iid, counters=st.cards[iid].counters + n)
                ctx.emit("counters", f"{ctx.name(iid)} gets {n} counters.", cards=(iid,))
    for s in st.live_seats():
        for iid in st.region(s, "in_play"):
            c = st.cards[iid]
            if c.contested or "Master" not in ctx.cdef(iid).types:
                continue
            keys = {k: v for k, v, _ in readings(ctx.rules(iid))}
            if "shortage" in keys:   # Cultivated Blood Shortage: each Ventrue burns 1 blood or is locked
                v = keys["shortage"]
                for m in list(st.region(seat, "ready")):
                    mc = st.cards[m]
                    if not ctx.is_vampire(mc) or mc.contested or not _fits(ctx, seat, m, "a " + v["clan"], v):
                        continue
                    if mc.counters >= int(v["n"]):
                        ctx.set_blood(m, mc.counters - int(v["n"]))
                        ctx.emit("blood", f"{ctx.name(m)} burns {v['n']} blood ({ctx.name(iid)}).", cards=(m,))
                    elif not mc.locked:
                        ctx.update(m, locked=True)
                        ctx.emit("locked", f"{ctx.name(m)} has no blood to burn and is locked ({ctx.name(iid)}).",
                                 cards=(m,))
            if s == seat and "burn_own_unlock" in keys:   # Festivo dello Estinto
                ctx.burn(iid, "its player's unlock phase")
                continue
            if s == seat and "unlock_card_to_pool" in keys and c.counters:   # Powerbase: Mexico City
                n = min(int(keys["unlock_card_to_pool"]["n"]), c.counters)
                ctx.update(iid, counters=c.counters - n)
                ctx.pool(seat, n, ctx.name(iid))
                ctx.emit("blood", f"{n} blood moves from {ctx.name(iid)} to {poss_name(ctx, seat)} pool.", cards=(iid,))
                emptied(ctx, iid)
                if st.cards[iid].region != "in_play":
                    continue
            if "revolt_tax" in keys:   # Anarch Revolt: the active Methuselah with no ready Anarch burns 1 pool
                v = keys["revolt_tax"]
                if not any(ctx.is_vampire(st.cards[m]) and not st.cards[m].contested
                           and (ctx.sect(st.cards[m]) or "").lower() == v["sect"] for m in st.region(seat, "ready")):
                    ctx.pool(seat, -int(v["n"]), f"no ready {v['sect'].title()} ({ctx.name(iid)})")
            if "chapterhouse" in keys and s != seat and seat in (st.prey(s), st.predator(s)):
                grounds = sum(1 for g in st.region(seat, "in_play") if not st.cards[g].contested
                              and "hunting ground" in ctx.rules(g).keywords)
                if grounds:
                    ctx.pool(seat, -int(keys["chapterhouse"]["n"]) * grounds,
                             f"{grounds} hunting ground{'s' if grounds > 1 else ''} ({ctx.name(iid)})")
            if s == seat and "unlock_counter_from_pool" in keys:
                n = int(keys["unlock_counter_from_pool"]["n"])
                ctx.update(iid, counters=c.counters + n)
                ctx.pool(seat, -n, f"a counter moved to {ctx.name(iid)}")
            if s == seat and "vine_upkeep" in keys:
                st.marks = st.marks | {(("seat", seat), "toll", 1, iid)}
                ctx.emit("toll", f"{ctx.seat_name(seat)} must lock {ctx.name(iid)} or burn 1 pool.")
            if "toll_or_burn_vampire" in keys:
                st.marks = st.marks | {(("seat", seat), "toll", 1, iid)}
                ctx.emit("toll", f"{ctx.seat_name(seat)} must burn 1 pool, or a vampire they control of capacity "
                                 f"{keys['toll_or_burn_vampire']['cap']} or more to burn {ctx.name(iid)}.")
            elif s != seat and "toll_per_counter" in keys and c.counters > 0:
                st.marks = st.marks | {(("seat", seat), "toll", c.counters, iid)}
                ctx.emit("toll", f"{ctx.seat_name(seat)} must burn 1 pool or 1 blood from a vampire they control "
                                 f"{c.counters} time{'s' if c.counters > 1 else ''} ({ctx.name(iid)}).")


def cancel_option(ctx: Ctx, cmd: C.Use, iid: int) -> bool:
    """Golconda: the controller of the vampire it removes can burn 2 pool to cancel it as it is played
    (`use` naming the card, `effect: cancel`, as the very next step)."""
    st = ctx.st
    if (cmd.effect or "").lower().strip() != "cancel":
        return False
    rec = st.as_played
    if rec is None or st.cards[rec[2]].cid != st.cards[iid].cid:
        return False
    iid = rec[2]   # the copy just played, whichever copy the step named
    opt = _has(ctx, iid, "controller_cancel") or _has(ctx, iid, "anyone_cancel")
    if not opt:
        return False
    _, seat, card, before = rec
    if _has(ctx, iid, "controller_cancel"):
        # the vampire it removed, and its controller, in the state before the card was played
        gone = [i for i, c in st.cards.items() if c.region == "removed" and before.cards.get(i) is not None
                and before.cards[i].region in ("ready", "torpor")]
        if not gone or before.cards[gone[0]].controller != cmd.seat:
            raise Illegal("cancel", f"only the controller of the vampire {ctx.name(iid)} removes can cancel it")
    fresh = before.clone()
    for k in type(st).__slots__:
        setattr(st, k, getattr(fresh, k))
    st._own = 0
    from vtes_desktop.engine.rules_action import _pay, played_from_hand

    ctx.emit("canceled", f"{ctx.seat_name(cmd.seat)} cancels {ctx.name(iid)} as it is played.", cards=(iid,))
    played_from_hand(ctx, seat, card, ctx.rules(card))
    st.mpa -= 1
    _pay(ctx, cmd.seat, None, int(opt[0]["pool"]), 0, f"canceling {ctx.name(iid)}")
    return True


def _troublemaker(ctx: Ctx, cmd: C.Use, iid: int, name: str, *, first: bool) -> bool:
    """Anarch Troublemaker, in its controller's unlock phase: `effect: lock` with `minion` (a vampire of the
    prey's; the same player may lock a second one with another step this phase), `effect: burn` with `minion`
    (an equipment on one of the prey's minions), or `effect: give` (neither); control passes to the prey."""
    st = ctx.st
    seat = cmd.seat
    _own_phase(ctx, cmd, iid, "unlock")
    prey = st.prey(seat)
    way = (cmd.effect or "").lower().strip()
    if way not in ("lock", "burn", "give") or (first is False and way != "lock"):
        raise Malformed("effect", f"{name}: say what it does (effect: lock, burn or give)")
    if way in ("lock", "burn"):
        m = _minion(ctx, cmd, name, "the vampire to lock" if way == "lock" else "the equipment to burn")
        mc = st.cards[m]
        if way == "lock":
            if not ctx.is_vampire(mc) or mc.region != "ready" or mc.controller != prey or mc.contested:
                raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready vampire of {ctx.seat_name(prey)}")
            if mc.locked:
                raise Illegal("minion", f"{name}: {ctx.name(m)} is already locked")
            ctx.update(m, locked=True)
            ctx.emit("locked", f"{ctx.name(m)} is locked ({name}).", cards=(m,))
        else:
            host = mc.host
            if mc.region != "attached" or "Equipment" not in ctx.cdef(m).types or host is None \
                    or st.cards[host].controller != prey:
                raise Illegal("minion", f"{name}: {ctx.name(m)} is not an equipment on a minion of "
                                        f"{ctx.seat_name(prey)}")
            ctx.burn(m, name)
    if first:
        ctx.move(iid, "in_play", seat=prey)
        ctx.emit("control", f"{ctx.seat_name(seat)} gives {ctx.seat_name(prey)} control of {name}.", cards=(iid,))
        if way == "lock":
            st.phase_flags = st.phase_flags | {("troublemaker", seat, iid)}
    else:
        st.phase_flags = st.phase_flags - {("troublemaker", seat, iid)}
    return True


def _exchange_master(ctx: Ctx, cmd: C.Use, iid: int, name: str) -> bool:
    """Anthelios: any Methuselah, once each master phase (their own), uses a master phase action to exchange a
    master card in hand (`effect` names it) for one in their ash heap (`minion` names it)."""
    st = ctx.st
    seat = cmd.seat
    _own_phase(ctx, cmd, iid, "master")
    if cmd.effect is None or cmd.minion is None:
        raise Malformed("effect", f"{name}: name the master card from your hand (effect) and the one from your ash "
                                  "heap (minion)")
    give = flow.ref(ctx, seat, cmd.effect)
    take = flow.ref(ctx, seat, cmd.minion)
    if st.cards[give].region != "hand" or st.cards[give].owner != seat or "Master" not in ctx.cdef(give).types:
        raise Illegal("effect", f"{name}: {ctx.name(give)} is not a master card in your hand")
    if st.cards[take].region != "ash_heap" or st.cards[take].owner != seat or "Master" not in ctx.cdef(take).types:
        raise Illegal("minion", f"{name}: {ctx.name(take)} is not a master card in your ash heap")
    if ("used", iid) in st.phase_flags:
        raise Illegal("use", f"{name} has already been used this master phase")
    if st.mpa < 1:
        raise Illegal("master", "no master phase action left this phase")
    st.mpa -= 1
    st.phase_flags = st.phase_flags | {("used", iid)}
    ctx.move(give, "ash_heap")
    ctx.move(take, "hand", seat=seat)
    ctx.emit("exchanged", f"{ctx.seat_name(seat)} exchanges {ctx.name(give)} from hand for {ctx.name(take)} from the "
                          f"ash heap ({name}).", cards=(give, take))
    return True


def _inquisition(ctx: Ctx, cmd: C.Use, iid: int) -> bool:
    """The New Inquisition: in their own unlock phase, once, any Methuselah may choose a ready vampire of their
    prey (`minion`), which takes 1 unpreventable environmental damage."""
    from vtes_desktop.engine.rules_combat import inflict

    st = ctx.st
    seat = cmd.seat
    name = ctx.name(iid)
    _own_phase(ctx, cmd, iid, "unlock")
    m = _minion(ctx, cmd, name, "the ready vampire of your prey")
    mc = st.cards[m]
    if mc.controller != st.prey(seat) or mc.region != "ready" or mc.contested or not ctx.is_vampire(mc):
        raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready vampire of your prey")
    key = ("used", iid, seat)
    if key in st.phase_flags:
        raise Illegal("use", f"{name} has already been used this phase")
    st.phase_flags = st.phase_flags | {key}
    n = sum(int(v["n"]) for v in _has(ctx, iid, "chosen_damage"))
    ctx.emit("chosen", f"{ctx.seat_name(seat)} chooses {ctx.name(m)}: {n} unpreventable environmental damage ({name}).",
             cards=(m,))
    inflict(ctx, m, n, 0)
    return True


def _rent_hunting(ctx: Ctx, cmd: C.Use, iid: int) -> bool:
    """Kingston Penitentiary: another Methuselah, in their own unlock phase, gives its controller 1 pool to lock it
    and move 1 blood from the bank to a ready vampire they control (`minion`); one hunting ground a turn."""
    st = ctx.st
    seat = cmd.seat
    name = ctx.name(iid)
    c = st.cards[iid]
    _usable(ctx, cmd, iid, lock=True)
    _own_phase(ctx, cmd, iid, "unlock")
    m = _minion(ctx, cmd, name, "the ready vampire you control that gains the blood")
    mc = st.cards[m]
    if mc.controller != seat or mc.region != "ready" or mc.contested or not ctx.is_vampire(mc):
        raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready vampire you control")
    if (m, "hunting ground") in st.acted:
        raise Illegal("use", f"{ctx.name(m)} has already gained blood from a hunting ground this turn")
    n = int(_has(ctx, iid, "rent_hunting")[0]["n"])
    _pay_pool(ctx, seat, 1, name)
    ctx.pool(c.controller, 1, f"given by {ctx.seat_name(seat)} ({name})")
    _lock(ctx, iid)
    st.acted = st.acted | {(m, "hunting ground")}
    ctx.set_blood(m, mc.counters + n)
    ctx.emit("blood", f"{ctx.name(m)} gains {n} blood ({name}).", cards=(m,))
    return True


def _tutelage(ctx: Ctx, cmd: C.Use, iid: int) -> bool:
    """Inconnu Tutelage: any Methuselah, in their influence phase, spends 4 transfers and removes a vampire of
    their uncontrolled region (`minion`) to take any card of their library (`effect`) into their hand, then shuffles
    and discards down to hand size."""
    from vtes_desktop.engine.rules_turn import _spend

    st = ctx.st
    seat = cmd.seat
    name = ctx.name(iid)
    _own_phase(ctx, cmd, iid, "influence")
    v = _has(ctx, iid, "tutelage")[0]
    if cmd.minion is None or not cmd.effect:
        raise Malformed("minion", f"{name}: name the vampire of your uncontrolled region removed (minion) and the "
                                  "library card taken (effect)")
    gone = flow.ref(ctx, seat, cmd.minion, what="vampire")
    g = st.cards[gone]
    if g.region != "uncontrolled" or g.owner != seat or not ctx.is_vampire(g):
        raise Illegal("minion", f"{name}: {ctx.name(gone)} is not a vampire in your uncontrolled region")
    want = cmd.effect.strip().lower()
    got = next((x for x in st.region(seat, "library") if ctx.cdef(x).name.lower() == want
                or ctx.cdef(x).display.lower() == want), None)
    if got is None:
        raise Illegal("effect", f"{name}: there is no {cmd.effect} in your library")
    _spend(ctx, seat, 4 if v["n"] == "four" else int(v["n"]), name)
    ctx.update(gone, counters=0)
    ctx.move(gone, "removed")
    ctx.move(got, "hand", seat=seat)
    ctx.emit("searched", f"{ctx.seat_name(seat)} removes {ctx.name(gone)} from the game and takes {ctx.name(got)} "
                         f"from their library ({name}).", cards=(got,))
    ctx.shuffle(seat, "library")
    over = len(st.region(seat, "hand")) + _deferred(ctx, seat) - hand_size(ctx, seat)
    if over > 0:
        _owe_discard(ctx, seat, over)
    return True


def anyone_uses(ctx: Ctx, cmd: C.Use, iid: int) -> bool:
    """A card in play that any Methuselah may use (Anthelios; Tension in the Ranks' burning)."""
    c = ctx.st.cards[iid]
    if c.region == "attached" and not c.contested and _has(ctx, iid, "host_may_burn_unlock"):   # Detection
        return _clan_unlock(ctx, cmd, iid)
    if c.region != "in_play" or c.contested:
        return False
    if _has(ctx, iid, "inquisition"):
        return _inquisition(ctx, cmd, iid)
    if _has(ctx, iid, "conquest_choose"):
        return _conquest(ctx, cmd, iid)
    if _has(ctx, iid, "flames"):
        return _flames(ctx, cmd, iid)
    if _has(ctx, iid, "anyone_mpa_pool"):
        return _strained(ctx, cmd, iid)
    if _has(ctx, iid, "clan_burn_unlock") or _has(ctx, iid, "clan_unlock_cost") or _has(ctx, iid, "transfers_burn"):
        return _clan_unlock(ctx, cmd, iid)   # Children of Osiris, Whispers of the Nictuku
    if _has(ctx, iid, "tutelage"):
        return _tutelage(ctx, cmd, iid)
    if c.controller != cmd.seat and _has(ctx, iid, "rent_hunting"):   # Kingston Penitentiary
        return _rent_hunting(ctx, cmd, iid)
    if _has(ctx, iid, "mpa_discard_burn"):
        return _mpa_discard_burn(ctx, cmd, iid)
    if _has(ctx, iid, "blood_trade"):
        return _blood_trade(ctx, cmd, iid)
    if c.controller != cmd.seat and _has(ctx, iid, "uncoil_burned_by"):   # The Uncoiling
        st = ctx.st
        if st.active != cmd.seat or st.phase != "discard" or st.frames:
            raise Illegal("timing", f"{ctx.name(iid)} is burned with a discard phase action, in your own discard phase")
        if st.dpa < 1:
            raise Illegal("discard", "the discard phase action has been used")
        x = sum(1 for e in _events_in_play(ctx) if e != iid)
        from vtes_desktop.engine.rules_action import _pay

        _pay(ctx, cmd.seat, None, x, 0, f"burning {ctx.name(iid)}")
        st.dpa -= 1
        ctx.burn(iid, ctx.seat_name(cmd.seat))
        return True
    if c.controller == cmd.seat or not _has(ctx, iid, "exchange_master"):
        return False
    return _exchange_master(ctx, cmd, iid, ctx.name(iid))


_X_COPIES = re.compile(r"(?i)this card costs x pool, where x is the number of (?P<what>[a-z' ]+?)s? in your ash heap")


def master_x(ctx: Ctx, cmd: C.Play, iid: int, rules: CardRules) -> int | None:
    """X of a master card with an X cost: the copies in its player's ash heap when the text says so (Glutton),
    otherwise the play's `choice` (Secret Horde); None for a card without an X cost."""
    if rules.pool_cost != -1:
        return None
    m = _X_COPIES.search(ctx.cdef(iid).text)
    if m:
        name = ctx.cdef(iid).name
        return sum(1 for i in ctx.st.region(cmd.seat, "ash_heap") if ctx.cdef(i).name == name)
    from vtes_desktop.engine.effects_action import x_value

    return x_value(cmd, rules)


def emptied(ctx: Ctx, iid: int) -> None:
    """Counters were just removed from card *iid* (by a use the engine resolves, or by hand): a card that says
    "burn this card when it has no counters/blood" burns once the last one is gone."""
    c = ctx.st.cards.get(iid)
    if c is None or c.counters or c.region not in ("in_play", "attached") or ctx.is_minion(c):
        return
    d = ctx.cdef(iid)
    if ("Master" in d.types or "Event" in d.types) and _has(ctx, iid, "burn_when_empty"):
        ctx.burn(iid, "no counters left")


def card_votes(ctx: Ctx, f, seat: int, iid: int) -> int | None:
    """Votes a master card in play gives its controller when cast with `vote` (`with` the card), or None when
    its text gives none the engine reads: lock for +1 vote per titled Camarilla vampire or Lasombra (Palace of
    Versailles, Power Structure), the Mausoleum's 1 or 2, Sense Vibrations on its ready Laibon, City Gangrel
    Connections' vote in political actions, Ferraille's 3 votes for 1 pool once each turn."""
    rs = [(k, v) for k, v, _ in readings(ctx.rules(iid)) if k.startswith("vote_") and k != "vote_lock"]
    if not rs:   # Tabriz Assembly: its controller gets +1 vote in the referendum to burn it
        tab = [v for v in _has(ctx, iid, "burn_referendum") if v.get("ctrl_vote")]
        if not tab:
            return None
        from vtes_desktop.engine.effects_actioncard import _burn_ref_card

        if _burn_ref_card(f) != iid:
            raise Illegal("vote", f"{ctx.name(iid)} gives its vote only in the referendum to burn it")
        return int(tab[0]["ctrl_vote"])
    st = ctx.st
    c = st.cards[iid]
    name = ctx.name(iid)
    key, v = rs[0]
    political = any(isinstance(fr, ActionFrame) and fr.kind == "political" for fr in st.frames)
    if c.contested:
        raise Illegal("contested", f"{name} is contested and out of play")
    if key not in ("vote_lock_host", "vote_burn_pool", "vote_lock_counters") and not political:
        raise Illegal("vote", f"{name} gives votes only in the referendum of a political action")
    if key in ("vote_lock_each", "vote_lock_unless", "vote_lock_host", "vote_lock_counters", "vote_lock_big") and c.locked:
        raise Illegal("vote", f"{name} is locked: it gives its votes by locking")
    n = int(v.get("n") or 0)
    if key == "vote_lock_each":
        who = v["who"]
        count = 0
        for m in st.region(seat, "ready"):
            mc = st.cards[m]
            if not ctx.is_vampire(mc) or mc.contested:
                continue
            if who == "titled camarilla vampire":
                ok = bool(ctx.title(mc)) and not mc.title_contested and (ctx.sect(mc) or "").lower() == "camarilla"
            else:
                ok = _fits(ctx, seat, m, "a " + who, v)
            count += ok
        if not count and _has(ctx, iid, "vote_burn_without"):   # Bastille Opera House: locked and burned for 1
            if c.locked:
                raise Illegal("vote", f"{name} is locked")
            ctx.burn(iid, name)
            return int(_has(ctx, iid, "vote_burn_without")[0]["n"])
        if not count:
            raise Illegal("vote", f"{name}: you control no ready {who} to give a vote to")
        n *= count
    elif key == "vote_lock_counters":   # Powerbase: Madrid: +1 vote per counter, to a titled Sabbat vampire of yours
        if not any(ctx.is_vampire(st.cards[m]) and ctx.title(st.cards[m]) and not st.cards[m].contested
                   and (ctx.sect(st.cards[m]) or "").lower() == v["sect"] for m in st.region(seat, "ready")):
            raise Illegal("vote", f"{name}: you control no ready titled {v['sect'].title()} vampire to give the votes to")
        n = c.counters
        if not n:
            raise Illegal("vote", f"{name} has no counters")
    elif key == "vote_lock_big":   # Esgrima: 3 votes to a vampire with capacity above 6 (one of the player's)
        cap = int(v["cap"])
        if not any(ctx.is_vampire(st.cards[m]) and not st.cards[m].contested and ctx.capacity(st.cards[m]) > cap
                   for m in st.region(seat, "ready")):
            raise Illegal("vote", f"{name}: you control no ready vampire with a capacity above {cap} to give the votes to")
    elif key == "vote_lock_unless":
        other = v["other"].lower()
        if not any(ctx.cdef(i).name.lower() == other for i, x in st.cards.items()
                   if x.region in ("in_play", "attached") and not x.contested):
            n += 1
    elif key == "vote_lock_host":
        if c.host is None or st.cards[c.host].region != "ready":
            raise Illegal("vote", f"{name}: its vampire is not ready; only ready vampires vote")
    elif key == "vote_burn_pool":
        flag = ("used", iid, "turn", st.turn)
        if flag in st.phase_flags:
            raise Illegal("use", f"{name} has already been used this turn")
        _pay_pool(ctx, seat, int(v["pool"]), name)
        st.phase_flags = st.phase_flags | {flag}
    if key in ("vote_lock_each", "vote_lock_unless", "vote_lock_host", "vote_lock_counters", "vote_lock_big"):
        _lock(ctx, iid)
    return n


def location_discount(ctx: Ctx, seat: int, rules: CardRules) -> int:
    """Pool a location costs its player less (Therbold Realty), never below nothing."""
    if "location" not in rules.keywords or not (rules.pool_cost or 0) > 0:
        return 0
    n = sum(int(v["n"]) for m in _in_play_masters(ctx, seat) for v in _has(ctx, m, "location_discount"))
    return min(n, rules.pool_cost)


def master_strength(ctx: Ctx, m: int) -> int:
    """Strength a minion gets in combat from master cards: on it ("This vampire gets +2 strength": The Art of
    Pain) or in play for its controller's clan ("Gangrel you control get +1 strength": Gangrel Revel)."""
    st = ctx.st
    c = st.cards[m]
    n = 0
    if st.marks:   # In Memory of the Two Lands: +1 strength for this action
        n += sum(x[2] for x in st.marks if len(x) == 3 and x[0] == m and x[1] == "strength this action")
    for a in st.attached.get(m, ()):
        if not st.cards[a].contested and "Master" in ctx.cdef(a).types:
            n += sum(int(v["n"]) for v in _has(ctx, a, "host_strength"))
            n += sum(int(v["n"]) for v in _has(ctx, a, "discipline_strength"))   # Blooding by the Code
    if c.controller is not None and ctx.is_vampire(c):
        mine = None
        for iid in st.region(c.controller, "in_play"):
            for v in _has(ctx, iid, "clan_strength") if not st.cards[iid].contested else ():
                if mine is None:
                    from vtes_desktop.cards.grammar.auto_action import clan_key

                    mine = {clan_key(x) for x in ctx.cdef(m).clans}
                if clan_key(v["clan"]) in mine:
                    n += int(v["n"])
    return n


def press_from_master(ctx: Ctx, seat: int, m: int, iid: int, to: str) -> bool:
    """A press named by a master card in play that its controller locks to give a minion they control in combat
    (Police Department: only to end combat; Mob Connections: only to continue). False for any other card; the
    press itself is recorded by the caller."""
    st = ctx.st
    c = st.cards[iid]
    if c.region != "in_play" or "Master" not in ctx.cdef(iid).types:
        return False
    opts = _has(ctx, iid, "lock_press")
    if not opts:
        return False
    name = ctx.name(iid)
    if c.controller != seat:
        raise Illegal("use", f"{name} is not yours")
    if c.contested:
        raise Illegal("contested", f"{name} is contested and out of play")
    if c.locked:
        raise Illegal("locked", f"{name} is locked")
    if st.cards[m].controller != seat:
        raise Illegal("press", f"{name} gives a press to a minion you control")
    if opts[0]["to"] != to:
        raise Illegal("press", f"{name}'s press is only usable to {opts[0]['to']} combat")
    _lock(ctx, iid)
    ctx.emit("lock", f"{ctx.seat_name(seat)} locks {name} to give {ctx.name(m)} a press.", cards=(iid, m))
    return True


def master_bleed_cap(ctx: Ctx, seat: int, n: int) -> int:
    """The pool *seat* burns to a bleed of *n*, capped by their master cards in play (Protected Resources: more
    than 2 becomes 2)."""
    st = ctx.st
    for iid in st.region(seat, "in_play"):
        if not st.cards[iid].contested:
            for v in _has(ctx, iid, "master_bleed_cap"):
                if n > int(v["n"]):
                    ctx.emit("effect", f"{ctx.seat_name(seat)} burns {v['n']} pool instead of {n} ({ctx.name(iid)}).",
                             cards=(iid,))
                    n = int(v["n"])
    if n > 0:   # Alamut: the pool this bleed takes; Retribution: its amount; noted for after_action
        st.marks = st.marks - {x for x in st.marks if len(x) == 3 and x[1] in ("bled pool", "bled amount")} \
            | {(("seat", seat), "bled pool", min(n, max(0, st.seats[seat].pool))), (("seat", seat), "bled amount", n)}
    return n


def path_discount(ctx: Ctx, rules: CardRules, minion: int | None, blood: int) -> int:
    """Blood taken off a card's cost by master cards in play, whoever controls them (the Paths: "Cards requiring
    Necromancy [nec] cost Giovanni 1 fewer blood"): the playing vampire is of the clan and the card requires the
    Discipline; never more than the blood cost."""
    if blood <= 0 or minion is None or minion not in ctx.st.cards or not ctx.is_vampire(ctx.st.cards[minion]):
        return 0
    need = {d.lower() for d in ctx.db[rules.card_id].disciplines}
    if not need:
        return 0
    from vtes_desktop.cards.grammar.auto_action import clan_key

    clans = {clan_key(x) for x in ctx.cdef(minion).clans}
    n = 0
    for iid in _in_play_masters(ctx):
        for v in _has(ctx, iid, "path_discount"):
            if v["tri"] in need and clan_key(v["clan"]) in clans:
                if v.get("slave") and not _is_slave(ctx, minion):   # The Path of Service: slave Gargoyles only
                    continue
                n += int(v.get("n") or v.get("n2") or 0)
    return min(n, blood)


def _is_slave(ctx: Ctx, m: int) -> bool:
    """A slave Gargoyle: "Slave" in the heading of the vampire's text ("Camarilla Tremere Slave: ...")."""
    return bool(re.search(r"\bslave\b", ctx.cdef(m).text.split(":", 1)[0], re.I))


def extra_blood_cost(ctx: Ctx, rules: CardRules) -> int:
    """Blood (or life) a minion card costs more because of events in play (Narrow Minds: cards that change the
    target of a bleed)."""
    if not any(e.kind == "redirect_bleed" for m in rules.modes for e in m.effects):
        return 0
    return sum(int(v["n"]) for iid in _events_in_play(ctx) for v in _has(ctx, iid, "redirect_cost"))


def heal_per_blood(ctx: Ctx, m: int) -> int:
    """Non-aggravated damage vampire *m* heals for each blood it burns (rules_combat.inflict): 1, or 2 with
    Regenerative Blood on it."""
    st = ctx.st
    n = 1
    for a in st.attached.get(m, ()):
        if not st.cards[a].contested and "Master" in ctx.cdef(a).types:
            for v in _has(ctx, a, "heal_two_per_blood"):
                if _clan_key(v["clan"]) in {_clan_key(x) for x in ctx.cdef(m).clans}:
                    n = max(n, int(v["n"]))
    return n


def strikes_chosen(ctx: Ctx, f, strikes: dict) -> None:
    """The strikes of a combat round resolve (rules_combat._resolve_strikes): Creep Show's vampire gains 1 blood, once
    each turn, when the opposing minion's strike is a dodge or ends combat."""
    st = ctx.st
    for m, s_ in strikes.items():
        if s_.kind not in ("dodge", "combat_ends") and not s_.also_dodge:
            continue
        other = f.b if m == f.a else f.a
        for a in st.attached.get(other, ()):
            if st.cards[a].contested or "Master" not in ctx.cdef(a).types or (a, "creep show") in st.acted:
                continue
            for v in _has(ctx, a, "creep_gain"):
                if ctx.is_vampire(st.cards[other]) and st.cards[other].region == "ready":
                    st.acted = st.acted | {(a, "creep show")}
                    before = st.cards[other].counters
                    ctx.set_blood(other, before + int(v["n"]))
                    ctx.emit("blood", f"{ctx.name(other)} gains {st.cards[other].counters - before} blood "
                                      f"({ctx.name(a)}).", cards=(other,))
                    break


_HUNT_GAIN = "blood gained hunting"
_DIA = "first sect referendum passes"


def referendum_called(ctx: Ctx) -> None:
    """A referendum was just called (rules_politics.start): if it is the first one this turn of a Sabbat vampire
    whose player played Día de los Muertos, it passes automatically (effects_action's automatic pass, which skips
    the polling step)."""
    st = ctx.st
    if not st.marks:
        return
    from vtes_desktop.engine.state import ReferendumFrame

    ref = st.top
    if not isinstance(ref, ReferendumFrame) or ref.terms == "blood hunt" or ref.actor not in st.cards:
        return
    c = st.cards[ref.actor]
    got = sorted((x for x in st.marks if len(x) == 4 and x[1] == _DIA and x[0] == ("seat", c.controller)
                  and x[2] == st.turn and ctx.is_vampire(c) and (ctx.sect(c) or "").lower() == x[3]), key=repr)
    if got:
        from vtes_desktop.engine.effects_action import AUTO_PASS

        st.marks = (st.marks - {got[0]}) | {(("seat", c.controller), AUTO_PASS, st.turn)}


def after_action(ctx: Ctx, f: ActionFrame) -> None:
    """As an action ends: WMRH Talk Radio's minion that did not block makes the location's controller burn pool;
    choices made for the action (The Rumor Mill) end; events that watch actions (NRA PAC, Hunger Moon, Thirst)."""
    st = ctx.st
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    if st.marks and (kind != "hunt" or f.outcome != "successful"):   # Masquerade Endangered: the last hunt only
        st.marks = st.marks - {x for x in st.marks if len(x) == 4 and x[1] == _HUNT_GAIN}
    if kind == "hunt":
        st.marks = st.marks | {(f.actor, "hunted", st.turn)}
    if kind == "rescue" and f.outcome == "successful" and f.actor in st.attached:   # Humanitas: 1 blood less
        for a in st.attached[f.actor]:
            for v in _has(ctx, a, "rescue_stealth_cheaper") if not st.cards[a].contested else ():
                back = int(v["b"])
                for who, paid in ((f.actor, f.cost_blood), (f.target_card, f.rescue_split)):
                    k = min(back, paid)
                    if k and who in st.cards and st.cards[who].region in ("ready", "torpor"):
                        ctx.set_blood(who, st.cards[who].counters + k)
                        ctx.emit("blood", f"{ctx.name(who)} burns {k} less blood for the rescue ({ctx.name(a)}).",
                                 cards=(who,))
                        back -= k
    if st.marks:   # In Memory of the Two Lands: strength for the action ends with it
        st.marks = st.marks - {x for x in st.marks if len(x) == 3 and x[1] == "strength this action"}
    if f.outcome == "successful" and f.actor in st.attached and any(_has(ctx, a, "loner") for a in st.attached[f.actor]):
        st.marks = st.marks | {(f.actor, "succeeded", st.turn)}   # Loner
    if kind == "diablerie" and f.outcome == "successful" and f.actor in st.attached:   # Trophy: Diablerie
        for a in list(st.attached[f.actor]):
            if _has(ctx, a, "burn_after_diablerie"):
                ctx.burn(a, f"{ctx.name(f.actor)} committed diablerie")
    if kind == "bleed" and st.marks:   # Alamut: the pool lost to an Assamite's bleed goes onto it
        amt = [x for x in st.marks if len(x) == 3 and x[1] == "bled amount"]
        st.marks = st.marks - set(amt)
        if amt and f.outcome == "successful" and amt[0][0] == ("seat", f.target_seat) and amt[0][2] > 1:
            st.marks = st.marks | {(f.actor, "bled for", f.target_seat, st.turn)}   # Retribution
        bled = [x for x in st.marks if len(x) == 3 and x[1] == "bled pool"]
        st.marks = st.marks - set(bled)
        if bled and f.outcome == "successful" and bled[0][0] == ("seat", f.target_seat):
            for iid in st.region(f.seat, "in_play"):
                for v in _has(ctx, iid, "bled_pool_to_card") if not st.cards[iid].contested else ():
                    if _fits(ctx, f.seat, f.actor, "a " + v["clan"], v) and bled[0][2]:
                        ctx.update(iid, counters=st.cards[iid].counters + bled[0][2])
                        ctx.emit("counters", f"{bled[0][2]} pool lost to the bleed goes onto {ctx.name(iid)}.",
                                 cards=(iid,))
    if kind == "bleed" and f.outcome == "successful":   # Protected Resources: burned after its player's bleed
        for iid in st.region(f.seat, "in_play"):
            if not st.cards[iid].contested and _has(ctx, iid, "burn_after_own_bleed"):
                ctx.burn(iid, f"{ctx.name(f.actor)} bled successfully")
    if kind == "bleed" and f.outcome == "successful" and f.target_seat == st.prey(f.seat) \
            and st.cards[f.actor].region == "ready":
        for a in st.attached.get(f.actor, ()):
            if "Master" in ctx.cdef(a).types and not st.cards[a].contested:
                for v in _has(ctx, a, "capitalist"):
                    if (f.actor, ("used", a)) not in st.acted:
                        st.acted = st.acted | {(f.actor, ("used", a))}
                        ctx.set_blood(f.actor, st.cards[f.actor].counters + int(v["n"]))
                        ctx.emit("blood", f"{ctx.name(f.actor)} gains {v['n']} blood ({ctx.name(a)}).",
                                 cards=(f.actor,))
    if kind == "hunt" and f.outcome == "successful" and f.actor in st.cards and st.cards[f.actor].region == "ready":
        for s_ in st.live_seats():   # Festivo dello Estinto: Sabbat hunters fill up to capacity
            for a in st.region(s_, "in_play"):
                if st.cards[a].contested or "Master" not in ctx.cdef(a).types:
                    continue
                for v in _has(ctx, a, "hunt_fill"):
                    ac = st.cards[f.actor]
                    cap = ctx.capacity(ac)
                    if _group_fits(ctx, f.actor, v["who"]) and ac.counters < cap:
                        ctx.update(f.actor, counters=cap)
                        ctx.emit("blood", f"{ctx.name(f.actor)} gains {cap - ac.counters} blood, to full capacity "
                                          f"({ctx.name(a)}).", cards=(f.actor,))
    if kind == "bleed" and f.outcome == "successful" and f.actor in st.cards and st.cards[f.actor].region == "ready":
        for a in st.attached.get(f.actor, ()):   # The Damned: 1 more blood burned after each successful bleed
            if "Master" in ctx.cdef(a).types and not st.cards[a].contested:
                for v in _has(ctx, a, "damned_burn"):
                    n = min(int(v["n"]), st.cards[f.actor].counters)
                    if n:
                        ctx.update(f.actor, counters=st.cards[f.actor].counters - n)
                        ctx.emit("blood", f"{ctx.name(f.actor)} burns {n} blood ({ctx.name(a)}).", cards=(f.actor,))
    if f.outcome == "successful":
        for ev in list(_events_in_play(ctx)):
            if kind == "equip" and _has(ctx, ev, "equip_unlocks"):
                st.marks = st.marks | {(f.actor, "unlock at end of turn", st.turn)}
            for v in _has(ctx, ev, "hunt_tithe") if kind == "hunt" else ():
                a = st.cards[f.actor]
                n = min(int(v["n"]), a.counters)
                if n and a.region in ("ready", "torpor"):
                    ctx.update(f.actor, counters=a.counters - n)
                    e = ctx.update(ev, counters=st.cards[ev].counters + n)
                    ctx.emit("blood", f"{n} blood moves from {ctx.name(f.actor)} to {ctx.name(ev)}.", cards=(ev,))
                    for lim in _has(ctx, ev, "burn_at_blood"):
                        if e.counters >= int(lim["n"]):
                            ctx.burn(ev, f"{e.counters} blood")
    for x in [x for x in st.marks if len(x) == 3 and x[1] == "blood if successful"]:   # Hospital Food
        st.marks = st.marks - {x}
        if f.outcome == "successful" and x[2] == f.actor and st.cards[f.actor].region in ("ready", "torpor"):
            ctx.set_blood(f.actor, st.cards[f.actor].counters + 1)
            ctx.emit("blood", f"{ctx.name(f.actor)} gains 1 more blood ({ctx.name(x[0])}).", cards=(f.actor,))
    for x in [x for x in st.marks if len(x) == 3 and x[1] == "unlock if successful"]:
        st.marks = st.marks - {x}
        if f.outcome == "successful" and x[2] == f.actor and st.cards[f.actor].region == "ready":
            ctx.update(f.actor, locked=False)
            ctx.emit("unlocked", f"{ctx.name(f.actor)} unlocks ({ctx.name(x[0])}).", cards=(f.actor,))
    done = {x for x in st.marks if len(x) == 3 and x[1] == "chosen for action"}
    if done:
        st.marks = st.marks - done
    for m in [x for x in st.marks if x[1] == "unblocked penalty"]:
        st.marks = st.marks - {m}
        iid, _, minion, seat, n = m
        if not (f.outcome == "blocked" and f.blocker == minion) and not st.seats[seat].ousted:
            ctx.pool(seat, -n, f"{ctx.name(minion)} did not block ({ctx.name(iid)})")


def troublemaker_second(ctx: Ctx, cmd: C.Use, iid: int) -> bool:
    if ("troublemaker", cmd.seat, iid) not in ctx.st.phase_flags:
        return False
    return _troublemaker(ctx, cmd, iid, ctx.name(iid), first=False)


def pay_toll(ctx: Ctx, cmd: C.Use, iid: int) -> bool:
    """The toll a Methuselah owes a card (Smiling Jack): 1 pool (`effect: pool`) or 1 blood of a vampire they
    control (`minion`), once per step."""
    st = ctx.st
    owed = [m for m in st.marks if m[1] == "toll" and m[0] == ("seat", cmd.seat) and m[3] == iid]
    if not owed:
        return False
    mark = owed[0]
    name = ctx.name(iid)
    if _has(ctx, iid, "leopold_upkeep"):   # Society of Leopold: the vampire burns 1 blood, or is burned
        host = st.cards[iid].host
        way = (cmd.effect or "").lower().strip()
        if way == "blood":
            if st.cards[host].counters < 1:
                raise Illegal("blood", f"{ctx.name(host)} has no blood: it is burned (effect: burn)")
            ctx.update(host, counters=st.cards[host].counters - 1)
            ctx.emit("paid", f"{ctx.name(host)} burns 1 blood ({name}).", cards=(host,))
        elif way == "burn":
            ctx.burn(host, name)
        else:
            raise Malformed("effect", f"{name}: the vampire burns 1 blood (effect: blood) or is burned (effect: burn)")
        st.marks = st.marks - {mark}
        return True
    if _has(ctx, iid, "mekhet_move"):   # Fear of Mekhet: moved to another justicar or Inner Circle member
        host = st.cards[iid].host
        can = _mekhet_others(ctx, host)
        t = flow.ref(ctx, cmd.seat, cmd.minion, what="vampire") if cmd.minion is not None else None
        if can and t not in can:
            raise Illegal("minion", f"{name} moves to another justicar or Inner Circle member: "
                                    + ", ".join(ctx.name(x) for x in can) + " (minion)")
        if can:
            ctx.move(iid, "attached", host=t)
            ctx.emit("moved", f"{name} moves to {ctx.name(t)}.", cards=(iid, t))
        else:
            ctx.burn(iid, "no other justicar or Inner Circle member")
        st.marks = st.marks - {mark}
        return True
    if _has(ctx, iid, "founder_burn"):   # Recalled to the Founder: one of the vampires of the clan is burned
        v = _has(ctx, iid, "founder_burn")[0]
        can = _founder_choices(ctx, cmd.seat, int(v["n"]))
        m = flow.ref(ctx, cmd.seat, cmd.minion, what="vampire") if cmd.minion is not None else None
        if m not in can:
            raise Illegal("minion", f"{name}: burn one of " + ", ".join(ctx.name(x) for x in can) + " (minion)")
        cap = ctx.capacity(st.cards[m])
        ctx.burn(m, name)
        imm = _has(ctx, iid, "founder_immune")
        if imm and cap >= int(imm[0]["cap"]):
            st.marks = st.marks | {(("seat", cmd.seat), "founder immune", iid)}
            ctx.emit("effect", f"{ctx.seat_name(cmd.seat)} ignores {name} until the end of the game.")
        st.marks = st.marks - {mark}
        return True
    if _has(ctx, iid, "conquest_toll"):   # Conquest of Humanity: 2 pool, or the chosen location burns
        loc = next((x[2] for x in st.marks if len(x) == 3 and x[0] == iid and x[1] == "conquest"), None)
        way = (cmd.effect or "").lower().strip()
        n = int(_has(ctx, iid, "conquest_toll")[0]["n"])
        if way == "pool":
            _pay_pool(ctx, cmd.seat, n, name)
        elif way == "burn":
            if loc is not None and st.cards[loc].region == "in_play":
                ctx.burn(loc, name)
        else:
            raise Malformed("effect", f"{name}: burn {n} pool (effect: pool) or let the location burn (effect: burn)")
        st.marks = st.marks - {mark} - {x for x in st.marks if len(x) == 3 and x[0] == iid and x[1] == "conquest"}
        return True
    if _has(ctx, iid, "obsession_toll") or _has(ctx, iid, "games_toll"):   # Obsession, Kindred Society Games
        host = st.cards[iid].host
        hc = st.cards[host]
        way = (cmd.effect or "").lower().strip()
        if way == "blood":
            if hc.counters < 1:
                raise Illegal("blood", f"{ctx.name(host)} has no blood to burn")
            ctx.update(host, counters=hc.counters - 1, locked=False)
            ctx.emit("paid", f"{ctx.name(host)} burns 1 blood to unlock ({name}).", cards=(host,))
        elif way == "burn" and _has(ctx, iid, "obsession_toll"):
            ctx.burn(host, name)
        elif _has(ctx, iid, "games_toll") and (cmd.minion is not None or way == "move"):
            younger = [x for s_ in st.live_seats() for x in st.region(s_, "ready") if x != host and st.cards[x].locked
                       and ctx.is_vampire(st.cards[x]) and ctx.capacity(st.cards[x]) < ctx.capacity(hc)]
            if not younger:
                ctx.burn(iid, "no younger locked vampire to move it to")
            else:
                t = flow.ref(ctx, cmd.seat, cmd.minion, what="vampire") if cmd.minion is not None else None
                if t not in younger:
                    raise Illegal("minion", f"{name} moves to a younger locked vampire: "
                                            + ", ".join(ctx.name(x) for x in younger))
                ctx.move(iid, "attached", host=t)
                ctx.emit("moved", f"{ctx.name(host)} puts {name} on {ctx.name(t)}.", cards=(iid, t))
        else:
            raise Malformed("effect", f"{name}: the vampire burns 1 blood to unlock (effect: blood)"
                            + (" or is burned (effect: burn)" if _has(ctx, iid, "obsession_toll")
                               else " or moves the card to a younger locked vampire (minion)"))
        st.marks = st.marks - {mark}
        return True
    if (cmd.effect or "").lower().strip() == "lock" and _has(ctx, iid, "vine_upkeep"):   # Bleeding the Vine
        if st.cards[iid].locked:
            raise Illegal("locked", f"{name} is already locked: burn 1 pool (effect: pool)")
        _lock(ctx, iid)
        st.marks = st.marks - {mark}
        return True
    big = _has(ctx, iid, "toll_or_burn_vampire")
    if big and cmd.minion is not None:   # Antediluvian Awakening: burn a big vampire to burn the card
        m = flow.ref(ctx, cmd.seat, cmd.minion, what="minion")
        mc = st.cards[m]
        if mc.controller != cmd.seat or not ctx.is_vampire(mc) or mc.region not in ("ready", "torpor") \
                or ctx.capacity(mc) < int(big[0]["cap"]):
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a vampire of yours with capacity "
                                    f"{big[0]['cap']} or more")
        ctx.burn(m, name)
        ctx.burn(iid, f"{ctx.name(m)} was burned")
        st.marks = frozenset(x for x in st.marks if not (x[1] == "toll" and x[3] == iid))
        return True
    if cmd.minion is not None:
        m = flow.ref(ctx, cmd.seat, cmd.minion, what="minion")
        mc = st.cards[m]
        if mc.controller != cmd.seat or not ctx.is_vampire(mc) or mc.region not in ("ready", "torpor") or mc.counters < 1:
            raise Illegal("minion", f"{name}: {ctx.name(m)} is not a vampire of yours with blood to burn")
        ctx.update(m, counters=mc.counters - 1)
        ctx.emit("paid", f"{ctx.name(m)} burns 1 blood ({name}).", cards=(m,))
    elif (cmd.effect or "").lower().strip() == "pool":
        ctx.pool(cmd.seat, -1, name)
    else:
        raise Malformed("effect", f"{name}: pay with 1 pool (effect: pool) or name the vampire that burns 1 blood")
    st.marks = (st.marks - {mark}) | ({(mark[0], "toll", mark[2] - 1, iid)} if mark[2] > 1 else set())
    return True


def discard_owed(ctx: Ctx, cmd) -> bool:
    """A discard the player owes (down to hand size, or Barrens' discard and draw): no phase action used."""
    st = ctx.st
    owed = [m for m in st.marks if m[:2] == (("seat", cmd.seat), "discard")]
    if not owed:
        return False
    mark = owed[0]
    iid = flow.ref(ctx, cmd.seat, cmd.card)
    if st.cards[iid].region != "hand" or st.cards[iid].owner != cmd.seat:
        raise Illegal("discard", f"{ctx.name(iid)} is not in {ctx.seat_name(cmd.seat)}'s hand")
    ctx.move(iid, "ash_heap")
    ctx.emit("discarded", f"{ctx.seat_name(cmd.seat)} discards {ctx.name(iid)}.")
    left = mark[2] - 1
    st.marks = (st.marks - {mark}) | ({(mark[0], "discard", left, mark[3])} if left > 0 else set())
    if left == 0 and mark[3]:
        draw_up(ctx, cmd.seat)
    return True


def end_of_turn(ctx: Ctx) -> None:
    """Hand size bonuses "this turn" end; a Methuselah above their hand size then discards down."""
    st = ctx.st
    temp = {m for m in st.marks if m[1] == "hand size this turn"}
    if not temp:
        return
    st.marks = st.marks - temp
    for seat in {m[0][1] for m in temp}:
        over = len(st.region(seat, "hand")) + _deferred(ctx, seat) - hand_size(ctx, seat)
        if over > 0 and not st.seats[seat].ousted:
            _owe_discard(ctx, seat, over)


# -- cancel a card "as it is played" ----------------------------------------------------------------------------
#
# Every step that plays a card from hand leaves a record (the state before it) in `State.marks`; the record
# lasts until the next step ends, so only that step can cancel the card. Cancelling restores the state from
# before the card was played, except that the card goes to its owner's ash heap and is replaced as usual.

_PLAYS = {"play": "card", "action": "card", "strike": "strike", "maneuver": "using", "press": "using",
          "prevent": "using"}


def note_as_played(ctx: Ctx, cmd) -> None:
    """At the end of each step: forget the previous card played; remember the one this step played, if any.
    (Also the state checks of master cards in play.)"""
    st = ctx.st
    state_checks(ctx)
    st.as_played = None
    if cmd.type not in _PLAYS or getattr(cmd, _PLAYS[cmd.type], None) in (None, "hand"):
        return
    before = ctx.before
    gone = [i for i in before.region(cmd.seat, "hand") if st.cards[i].region != "hand"]
    if len(gone) != 1:
        return
    if before.as_played is not None:   # keep one state, not a chain of them
        before = before.clone()
        before.as_played = None
    st.as_played = ("as played", cmd.seat, gone[0], before)


def _cancel_as_played(ctx: Ctx, cmd: C.Play, iid: int, rules: CardRules, key: str) -> None:
    st = ctx.st
    name = rules.name
    rec = st.as_played
    if rec is None:
        raise Illegal("timing", f"{name} cancels a card as it is played: no card has just been played")
    _, seat, card, before = rec
    d = ctx.cdef(card)
    types = set(d.types)
    if key in ("cancel_master", "wash"):
        if "Master" not in types:
            raise Illegal("timing", f"{name} cancels a master card; {d.display} is not one")
        if seat == cmd.seat:
            raise Illegal("target", f"{name} cancels a master card played by another Methuselah")
        if key == "wash" and seat not in (st.prey(cmd.seat), st.predator(cmd.seat)):
            raise Illegal("target", f"{name} cancels a master card played by your predator or prey")
    elif key == "cancel_event":
        if "Event" not in types:
            raise Illegal("timing", f"{name} cancels an event card; {d.display} is not one")
    elif key == "vine":
        if "Master" not in types or re.search(r"(?i)\bout-of-turn\b", d.text.split("\n")[0]):
            raise Illegal("timing", f"{name} cancels a master card that is not out-of-turn; {d.display} is not one")
        if seat == cmd.seat:
            raise Illegal("target", f"{name} cancels a master card played by another Methuselah")
    elif types & {"Master", "Event"} or d.is_crypt:
        raise Illegal("timing", f"{name} cancels a minion card; {d.display} is not one")
    now = st.clone()   # the fields as they stand after the play (st itself goes back to before it just below)
    was_oot = any(s_ == seat for s_, _ in now.oot) and not any(s_ == seat for s_, _ in before.oot)
    fresh = before.clone()
    for k in type(st).__slots__:
        setattr(st, k, getattr(fresh, k))
    st._own = 0
    if "Master" in types:
        st.mpa, st.phase_flags = now.mpa, now.phase_flags
        st.oot = now.oot if key != "wash" or not was_oot else before.oot
        if key in ("wash", "vine") and not was_oot:
            st.mpa += 1
    if "Event" in types:   # the discard phase action stays spent, the event may still be played later
        st.dpa, st.phase_flags = now.dpa, now.phase_flags - {"event"}
        st.events_played = frozenset(x for x in now.events_played if x != d.id)
    ctx.emit("canceled", f"{ctx.seat_name(cmd.seat)} cancels {d.display} as it is played ({name}); its cost is "
                         "not paid.", cards=(card,))
    from vtes_desktop.engine.rules_action import played_from_hand

    played_from_hand(ctx, seat, card, ctx.rules(card))
    f_now, f = now.top, st.top
    if isinstance(f_now, ActionFrame) and isinstance(f, ActionFrame) and f_now.played - f.played:
        # the canceled card has still been played (ruling ANK 20190104): its minion plays no second copy of it
        flow.set_top(ctx, f._replace(played=f.played | f_now.played))


def target_refusal(ctx: Ctx, seat: int, target: int | None) -> str | None:
    """Why an action of *seat* cannot target minion *target* (Secure Haven), or None."""
    if target is None or target not in ctx.st.cards:
        return None
    t = ctx.st.cards[target]
    if t.controller == seat:
        return None
    for a in ctx.st.attached.get(target, ()):
        if "Master" in ctx.cdef(a).types and not ctx.st.cards[a].contested and (
                _has(ctx, a, "untargetable") or _has(ctx, a, "untargetable_ready") and t.region == "ready"):
            return f"{ctx.name(target)} cannot be the target of other Methuselahs' actions ({ctx.name(a)})"
    return None


def actor_refusal(ctx: Ctx, m: int, f: dict | None = None) -> str | None:
    """Why minion *m* cannot act because of a master card on it (Malkavian Derangement: Paranoia), or cannot
    take the action being announced, *f* (Oath of Loyalty: not bleed the card's controller); or None."""
    for a in ctx.st.attached.get(m, ()):
        if "Master" in ctx.cdef(a).types and not ctx.st.cards[a].contested:
            if _has(ctx, a, "no_actions"):
                return f"{ctx.name(m)} cannot perform actions ({ctx.name(a)})"
            if f is not None:   # Depravity: no ally recruited, no retainer employed; Humanitas: no diablerie
                for v in _has(ctx, a, "host_no_kinds"):
                    if f.get("kind") in (("recruit", "employ") if v["what"].startswith("recruit") else ("diablerie",)):
                        return f"{ctx.name(m)} cannot {v['what']} ({ctx.name(a)})"
            if f is not None and "bleed" in (f.get("kind"), f.get("effect")) and f.get("target_seat") == ctx.st.cards[a].controller \
                    and _has(ctx, a, "no_bleed_you"):
                return f"{ctx.name(m)} cannot attempt to bleed {ctx.seat_name(ctx.st.cards[a].controller)} ({ctx.name(a)})"
    return None


def vote_refusal(ctx: Ctx, m: int) -> str | None:
    """Why vampire *m* cannot cast votes or ballots because of a master card on it (Infamous Warlock), or None;
    a vampire forced to abstain in this referendum (Saulot's Guiding Wisdom)."""
    if ("abstain", m) in getattr(ctx.st.top, "used_sources", ()):
        return f"{ctx.name(m)} is forced to abstain (Saulot's Guiding Wisdom)"
    for a in ctx.st.attached.get(m, ()):
        if "Master" in ctx.cdef(a).types and not ctx.st.cards[a].contested and _has(ctx, a, "no_votes"):
            return f"{ctx.name(m)} cannot cast votes or ballots ({ctx.name(a)})"
        if "Master" in ctx.cdef(a).types and not ctx.st.cards[a].contested and _has(ctx, a, "no_vote_own_hunt"):
            top = ctx.st.top   # The Hunt Club: not in the blood hunt referendum on this vampire
            if getattr(top, "terms", None) == "blood hunt" and getattr(top, "actor", None) == m:
                return f"{ctx.name(m)} cannot cast votes or ballots in the blood hunt on them ({ctx.name(a)})"
    return None


def bleed_bonus(ctx: Ctx, m: int) -> int:
    """Bleed a minion gets from master cards on it (Trophy: Revered +2, Gangrel Atavism -1), and from master cards
    in play that give a clan bleed (Palla Grande, New Carthage)."""
    n = 0
    st = ctx.st
    for a in st.attached.get(m, ()):
        if "Master" in ctx.cdef(a).types and not st.cards[a].contested:
            n += sum(int(v["n"]) for v in _has(ctx, a, "host_bleed"))
            n += sum(int(v["n"]) for v in _has(ctx, a, "caller_bleed_vote"))   # Ancestor Spirit
    for s_ in st.live_seats():
        for a in st.region(s_, "in_play"):
            if not st.cards[a].contested and "Master" in ctx.cdef(a).types:
                for v in _has(ctx, a, "clan_bleed"):
                    if _group_fits(ctx, m, v["who"]):
                        n += int(v["n"])
    return n


_LOA: dict[int, tuple] = {}


def frame_bleed(ctx: Ctx, f: ActionFrame) -> int:
    """Bleed the acting minion of bleed action *f* gets from master cards its controller has in play, against the
    bled Methuselah (Blessings of the Loa: a Samedi of capacity 4 or more bleeding the prey, +1 for each vampire in
    torpor that player controls); read by rules_action.bleed_amount."""
    st = ctx.st
    if f.target_seat is None or f.actor not in st.cards:
        return 0
    n = 0
    for a in st.region(f.seat, "in_play"):
        c = st.cards[a]
        got = _LOA.get(c.cid)
        if got is None:
            got = _LOA[c.cid] = tuple(_has(ctx, a, "loa_bleed"))
        if not got or c.contested:
            continue
        m = st.cards[f.actor]
        if f.target_seat != st.prey(f.seat) or m.controller != f.seat or not ctx.is_vampire(m):
            return 0
        for v in got:
            if _clan_key(v["clan"]) in {_clan_key(x) for x in ctx.cdef(f.actor).clans} \
                    and ctx.capacity(m) >= int(v["cap"]):
                n += int(v["n"]) * sum(1 for t in st.region(f.seat, "torpor") if ctx.is_vampire(st.cards[t]))
    return n


def _group_fits(ctx: Ctx, m: int, who: str) -> bool:
    """Whether minion *m* is one of *who*: "titled brujah", "toreador antitribu", "non-titled toreador antitribu",
    "sabbat vampires", "assamites", "brujah princes and brujah justicars", "ventrue and malkavians"..."""
    c = ctx.st.cards[m]
    if not ctx.is_vampire(c):
        return False
    title = (ctx.title(c) or "").lower() if not c.title_contested else ""
    for part in re.split(r" and |, ", who.lower().strip()):
        part = part.strip()
        if part.endswith(" princes") or part.endswith(" justicars"):
            clan, t = part.rsplit(" ", 1)
            if title == t[:-1] and _group_fits(ctx, m, clan):
                return True
            continue
        if part.startswith("titled "):
            if title and (part == "titled vampires" or _group_fits(ctx, m, part[7:])):
                return True
            continue
        if part.startswith("non-titled "):
            if not title and _group_fits(ctx, m, part[11:]):
                return True
            continue
        if part in ("vampires", "vampire"):
            return True
        noun = re.sub(r" vampires?$", "", part)
        noun = "follower of set" if noun == "followers of set" else noun
        key = _clan_key(noun)
        if key in {_clan_key(x) for x in ctx.cdef(m).clans} or key == _clan_key(ctx.sect(c) or ""):
            return True
    return False


def master_votes(ctx: Ctx, f, m: int) -> int:
    """Votes master cards in play give or take from vampire *m* casting its votes: New Carthage (titled Brujah +1,
    Ventrue -1), Ventrue Directorate Assembly (each ready Ventrue +1 in political actions), Foundation Exhibit
    (its player's non-titled Toreador antitribu +1)."""
    st = ctx.st
    n = 0
    political = None
    for a in st.attached.get(m, ()):   # Paragon: +1 vote in referendums called by younger vampires
        if "Master" in ctx.cdef(a).types and not st.cards[a].contested:
            for v in _has(ctx, a, "younger_caller_vote"):
                if f.actor is not None and f.actor in st.cards and ctx.is_vampire(st.cards[f.actor]) \
                        and ctx.capacity(st.cards[f.actor]) < ctx.capacity(st.cards[m]):
                    n += int(v["n"])
            if f.actor == m:   # Ancestor Spirit: +1 vote in a referendum its vampire calls
                n += len(_has(ctx, a, "caller_bleed_vote"))
            tw = _TITLE_WORTH.search(ctx.cdef(a).text)   # Saulot's Guiding Wisdom: a title worth 2 votes
            if tw:
                n += int(tw.group(1))
    n += _conductor_votes(ctx, f, m)
    for src in getattr(f, "used_sources", ()):   # Camarilla Conclave: -1 vote to each non-Camarilla vampire
        if isinstance(src, tuple) and len(src) == 2 and src[0] == "conclave" and src[1] in st.cards:
            cv = _has(ctx, src[1], "conclave")
            if cv and (ctx.sect(st.cards[m]) or "").lower() != cv[0]["sect"]:
                n -= 1
    for s_ in st.live_seats():
        for a in st.region(s_, "in_play"):
            if st.cards[a].contested or "Master" not in ctx.cdef(a).types:
                continue
            for k, v, _ in readings(ctx.rules(a)):
                if k == "clan_bleed" and v.get("votes") and _group_fits(ctx, m, v["who"]):
                    n += int(v["votes"])
                elif k == "clan_votes" and _group_fits(ctx, m, v["who"]):
                    if "non-titled" in v["who"] and st.cards[m].controller != s_:
                        continue   # "you control"
                    if v.get("pol"):
                        if political is None:
                            political = any(isinstance(fr, ActionFrame) and fr.kind == "political" for fr in st.frames)
                        if not political:
                            continue
                    n += int(v.get("n") or 1)
    return n


_TITLE_WORTH = re.compile(r"(?i)to represent a (?:unique )?[a-z ]+ title worth (\d+) votes?")


def _conductor_votes(ctx: Ctx, f, m: int) -> int:
    """Conductor: while its Daughter of Cacophony is unlocked or acting, each unlocked or acting Daughter of
    Cacophony gets +1 vote (each Conductor in play counts once)."""
    st = ctx.st
    n = 0
    for a, c in st.cards.items():
        if c.region != "attached" or c.contested or c.host is None or "Master" not in ctx.cdef(a).types:
            continue
        for v in _has(ctx, a, "conductor_votes"):
            h = st.cards[c.host]
            on = (not h.locked or f.actor == c.host) and (not st.cards[m].locked or f.actor == m) \
                and _fits(ctx, st.cards[m].controller, m, "a " + v["clan"], v)
            if m == c.host:   # rules_politics.vote already reads "gets +1 vote" on the vampire the card is on
                n -= 0 if on else int(v["n"])
            elif on:
                n += int(v["n"])
    return n


def _burns_in_torpor(ctx: Ctx, a: int) -> bool:
    from vtes_desktop.engine.effects_action import burns_in_torpor

    return burns_in_torpor(ctx, a)


def state_checks(ctx: Ctx) -> None:
    """After each step: master cards that burn once their minion is in torpor (Secure Haven), or make its
    controller burn pool as it goes to torpor (Fame; noted once, until the vampire leaves torpor)."""
    st = ctx.st
    prev = ctx.before
    if st.seats is not prev.seats and any(a.vp > b.vp for a, b in zip(st.seats, prev.seats)):
        _vp_draw_up(ctx)   # victory points went up (The Bitter and Sweet Story)
    if st.marks and any(x[1] == "fbi damage" for x in st.marks if len(x) == 3):
        _fbi_after_combat(ctx)   # FBI Special Affairs Division: damage owed once the combat is over
    if st.last_referendum is not prev.last_referendum and st.last_referendum and not st.last_referendum[0]:
        _traditionalist(ctx, prev)   # a referendum just failed
    if st.marks:
        kinds = _mark_kinds(st.marks)
        if "sect" in kinds:
            _sect_changed(ctx)   # Galaric's Legacy
        if "museum" in kinds:
            _museum(ctx)   # High Museum of Art, Atlanta
    if st.phase == "master" and st.seats is not prev.seats and st.active < len(prev.seats) \
            and st.seats[st.active].pool > prev.seats[st.active].pool:
        _prey_gained(ctx)   # The Realm of the Black Sun
    if st.seats is not prev.seats and len(st.seats) > 2:
        _conniver(ctx, prev)   # Conniver
    if st.frames is not prev.frames and len(prev.frames) > len(st.frames) \
            and any(type(x).__name__ == "CombatFrame" for x in prev.frames) \
            and not any(type(x).__name__ == "CombatFrame" for x in st.frames):
        _bravo(ctx, prev)   # a combat just ended
    if st.regions is prev.regions and st.attached is prev.attached:
        return   # nobody moved: nothing new to check
    if prev.frames and any(type(x).__name__ == "CombatFrame" for x in prev.frames):
        _fbi_allies_burned(ctx, prev)
        _combat_over(ctx, prev)
        _sociopath(ctx, prev)
        _combat_fall(ctx, prev)   # Dead Pool
    if st.marks:   # Aggressive Tactics left play: the chosen Methuselah's hand size is back, draw up
        left = {x for x in st.marks if len(x) == 3 and x[1] == "chosen seat" and st.cards[x[0]].region != "in_play"}
        if left:
            st.marks = st.marks - left
            for x in left:
                if _has(ctx, x[0], "chosen_hand_size") and not st.seats[x[2]].ousted:
                    draw_up(ctx, x[2])
    if st.phase == "discard" and st.marks:
        _la_discard(ctx, prev)   # Powerbase: Los Angeles
    _zombies_burned(ctx, prev)   # Cursed Abattoir
    _left_ready_gain(ctx, prev)   # Priority Contract
    _laibon_burns(ctx)   # Transcendent Laibon
    _bounty(ctx, prev)   # Bounty
    for s in range(len(st.seats)):   # vampires put in play from the uncontrolled region (Twilight Camp, Toy Chest Test)
        b, a = prev.regions.get((s, "uncontrolled"), ()), st.regions.get((s, "uncontrolled"), ())
        if b is not a and len(a) < len(b):
            for x in b:
                if x not in a and st.cards[x].region == "ready":
                    st.marks = st.marks | {(x, "entered from uncontrolled", st.turn)}
    for s in range(len(st.seats)):   # ready minions burned or sent to torpor this step (Tension in the Ranks)
        b, a = prev.regions.get((s, "ready"), ()), st.regions.get((s, "ready"), ())
        if b is not a and b != a:
            gone = [i for i in b if i not in a and st.cards[i].region in ("torpor", "ash_heap")
                    and ctx.is_minion(st.cards[i])]
            if gone:
                _minions_fell(ctx, s, gone)
    attached = st.attached
    regions = st.regions
    carrying = [(s, m) for s in range(len(st.seats)) for m in regions.get((s, "torpor"), ()) if attached.get(m)]
    if not carrying and not st.marks:
        return
    seen = set()
    for s, m in carrying:
        if True:
            for a in list(attached[m]):
                if "Master" not in ctx.cdef(a).types or st.cards[a].contested:
                    if _burns_in_torpor(ctx, a):     # Repulsion [OBE] (effects_action)
                        ctx.burn(a, f"{ctx.name(m)} is in torpor")
                    continue
                if _has(ctx, a, "burn_after_torpor"):
                    ctx.burn(a, f"{ctx.name(m)} went to torpor")
                    continue
                for v in _has(ctx, a, "torpor_burns_pool"):
                    seen.add(a)
                    if (a, "torpor seen") not in st.marks:
                        st.marks = st.marks | {(a, "torpor seen")}
                        if not st.seats[s].ousted:
                            ctx.pool(s, -int(v["n"]), f"{ctx.name(m)} went to torpor ({ctx.name(a)})")
    if st.marks:
        stale = {x for x in st.marks if len(x) == 2 and x[1] == "torpor seen" and x[0] not in seen}
        if stale:
            st.marks = st.marks - stale


def _fbi_allies_burned(ctx: Ctx, prev) -> None:
    """FBI Special Affairs Division: an ally of the combat under way at the start of the step was burned, and its
    opponent was the acting vampire: a counter on the event, and damage owed to that vampire after the combat."""
    st = ctx.st
    evs = [e for e in _events_in_play(ctx) if _has(ctx, e, "fbi")]
    if not evs:
        return
    cf = next((x for x in reversed(prev.frames) if type(x).__name__ == "CombatFrame"), None)
    act = next((x for x in reversed(prev.frames) if isinstance(x, ActionFrame)), None)
    if cf is None or act is None or act.actor not in (cf.a, cf.b):
        return
    other = cf.b if act.actor == cf.a else cf.a
    if "Ally" not in ctx.cdef(other).types or st.cards[other].region != "ash_heap" \
            or not ctx.is_vampire(st.cards[act.actor]):
        return
    for e in evs:
        v = _has(ctx, e, "fbi")[0]
        ctx.update(e, counters=st.cards[e].counters + int(v["n"]))
        ctx.emit("counters", f"{ctx.name(other)} was burned in combat with {ctx.name(act.actor)}: a counter on "
                             f"{ctx.name(e)}.", cards=(e,))
        st.marks = st.marks | {(act.actor, "fbi damage", (e, int(v["dmg"]), st.cards[e].counters))}
    _fbi_after_combat(ctx)


def _combat_over(ctx: Ctx, prev) -> None:
    """A combat under way at the start of the step is over: a vampire with Monster may unlock afterward; noted as
    (vampire, "after combat", opponent, turn)."""
    st = ctx.st
    cf = next((x for x in reversed(prev.frames) if type(x).__name__ == "CombatFrame"), None)
    if cf is None or any(type(x).__name__ == "CombatFrame" and (x.a, x.b) == (cf.a, cf.b) for x in st.frames):
        return
    for me, other in ((cf.a, cf.b), (cf.b, cf.a)):
        if me in st.cards and any(_has(ctx, a, "monster") for a in st.attached.get(me, ())):
            st.marks = st.marks | {(me, "after combat", other, st.turn)}



def _bravo(ctx: Ctx, prev) -> None:
    """Bravo: its vampire's successful action to enter combat, the combat just over."""
    cf = next(x for x in reversed(prev.frames) if type(x).__name__ == "CombatFrame")
    if not ctx.st.attached.get(cf.a):
        return
    act = next((x for x in reversed(prev.frames) if isinstance(x, ActionFrame)), None)
    if act is not None and act.actor == cf.a and act.effect == "combat" and act.outcome == "successful":
        _archetype_blood(ctx, cf.a, "bravo")


def _archetype_blood(ctx: Ctx, m: int, key: str) -> None:
    """Vampire *m*, still ready, gains blood from a master card on it that reads *key*, once per turn."""
    st = ctx.st
    if m not in st.cards or st.cards[m].region != "ready":
        return
    for a in st.attached.get(m, ()):
        if st.cards[a].contested or "Master" not in ctx.cdef(a).types:
            continue
        for v in _has(ctx, a, key):
            if (m, (key, a)) not in st.acted:
                st.acted = st.acted | {(m, (key, a))}
                ctx.set_blood(m, st.cards[m].counters + int(v["n"]))
                ctx.emit("blood", f"{ctx.name(m)} gains {v['n']} blood ({ctx.name(a)}).", cards=(m,))


def _combat_fall(ctx: Ctx, prev) -> None:
    """Dead Pool: a vampire in the combat under way at the start of the step, against a Lasombra of the card's
    player, left the ready region: 1 counter on the card."""
    st = ctx.st
    cf = next((x for x in reversed(prev.frames) if type(x).__name__ == "CombatFrame"), None)
    if cf is None:
        return
    for me, other in ((cf.a, cf.b), (cf.b, cf.a)):
        if other in st.cards and me in st.cards and prev.cards[other].region == "ready" \
                and st.cards[other].region != "ready" and ctx.is_vampire(st.cards[me]) \
                and (ctx.sect(st.cards[me]) or "").lower() == "anarch":   # Flames of Insurrection
            for s_ in st.live_seats():
                for iid in st.region(s_, "in_play"):
                    if _has(ctx, iid, "flames") and not st.cards[iid].contested:
                        st.marks = st.marks | {(("seat", st.cards[me].controller), "flames", iid, st.turn)}
        if other not in st.cards or prev.cards[other].region != "ready" or st.cards[other].region == "ready" \
                or not ctx.is_vampire(prev.cards[other]) or me not in st.cards:
            continue
        seat = st.cards[me].controller
        for iid in st.region(seat, "in_play") if seat is not None else ():
            for v in _has(ctx, iid, "combat_fall_counter") if not st.cards[iid].contested else ():
                if _fits(ctx, seat, me, "a " + v["clan"], v):
                    ctx.update(iid, counters=st.cards[iid].counters + int(v["n"]))
                    ctx.emit("counters", f"{ctx.name(other)} left the ready region: a counter on {ctx.name(iid)}.",
                             cards=(iid,))


def _sociopath(ctx: Ctx, prev) -> None:
    """Sociopath: its vampire, still ready, burned the opposing minion or sent the opposing vampire to torpor in
    the combat under way at the start of the step."""
    st = ctx.st
    cf = next((x for x in reversed(prev.frames) if type(x).__name__ == "CombatFrame"), None)
    if cf is None:
        return
    for me, other in ((cf.a, cf.b), (cf.b, cf.a)):
        if not st.attached.get(me) or other not in st.cards or prev.cards[other].region != "ready":
            continue
        if st.cards[other].region in ("torpor", "ash_heap", "removed"):
            _archetype_blood(ctx, me, "sociopath")


_MARKS_SEEN: list = [None, frozenset()]


def _mark_kinds(marks: frozenset) -> frozenset:
    """The second items of the 3-tuple marks (their kinds), remembered for the last set of marks seen (the set
    rarely changes from one step to the next)."""
    if marks is not _MARKS_SEEN[0]:
        _MARKS_SEEN[0] = marks
        _MARKS_SEEN[1] = frozenset(x[1] for x in marks if len(x) == 3 and isinstance(x[1], str))
    return _MARKS_SEEN[1]


def _bounty(ctx: Ctx, prev) -> None:
    """Bounty: its vampire sent to torpor in the combat under way at the start of the step: the opposing minion's
    controller moves up to 2 counters from it to their pool; burned in combat or by diablerie: the opposing
    minion's controller (the diablerist's) takes all of them."""
    st = ctx.st
    for host, cards in prev.attached.items():
        pc = prev.cards.get(host)
        if pc is None or st.cards[host].region == pc.region:
            continue
        for a in cards:
            if not _has(ctx, a, "bounty_torpor") or prev.cards[a].contested:
                continue
            cf = next((x for x in reversed(prev.frames) if type(x).__name__ == "CombatFrame" and host in (x.a, x.b)), None)
            act = next((x for x in reversed(prev.frames) if isinstance(x, ActionFrame)), None)
            other = (cf.b if cf.a == host else cf.a) if cf is not None else None
            if other is None and act is not None and act.kind == "diablerie" and act.target_card == host:
                other = act.actor
            if other is None or other not in st.cards or st.cards[other].controller is None:
                continue
            who = st.cards[other].controller
            n = prev.cards[a].counters
            if st.cards[host].region == "torpor" and cf is not None:
                n = min(int(_has(ctx, a, "bounty_torpor")[0]["n"]), n)
                ctx.update(a, counters=st.cards[a].counters - n)
            elif st.cards[host].region not in ("ash_heap", "removed"):
                continue
            if n and not st.seats[who].ousted:
                ctx.pool(who, n, f"{ctx.name(a)} on {ctx.name(host)}")
            if st.cards[a].region == "attached":
                emptied(ctx, a)


def _black_throne(ctx: Ctx, a: int) -> None:
    """The Black Throne: contract *a*'s minion just left the ready region; a Black Throne whose player controls an
    Assamite chosen for the contract (chosen as it was played, or every one of a group) locks for 1 pool."""
    st = ctx.st
    ch = chosen(ctx, a)
    group = [v["who"] for v in _has(ctx, a, "any_enter")]
    for s_ in st.live_seats():
        for iid in st.region(s_, "in_play"):
            c = st.cards[iid]
            for v in _has(ctx, iid, "contract_fall_pool") if not c.contested and not c.locked else ():
                ok = ch is not None and ch in st.cards and st.cards[ch].controller == s_ \
                    and _fits(ctx, s_, ch, "a " + v["clan"], v)
                ok = ok or any(_group_member(ctx, m, w) and "assamite" in w for w in group
                               for m in st.region(s_, "ready"))
                if ok:
                    _lock(ctx, iid)
                    ctx.pool(s_, int(v["n"]), ctx.name(iid))


def _zombies_burned(ctx: Ctx, prev) -> None:
    """Cursed Abattoir: a zombie ally (from the ready region) or retainer (from a minion) of its player was burned
    this step: 1 counter on it for each."""
    st = ctx.st
    abattoirs = [(s_, iid, v) for s_ in st.live_seats() for iid in st.region(s_, "in_play")
                 if not st.cards[iid].contested for v in _has(ctx, iid, "zombie_burned_counter")]
    if not abattoirs:
        return
    for s_, iid, v in abattoirs:
        was = list(prev.regions.get((s_, "ready"), ())) + [a for h, cs in prev.attached.items()
                                                           if prev.cards[h].controller == s_ for a in cs]
        n = sum(1 for x in was if st.cards[x].region == "ash_heap" and prev.cards[x].region != "ash_heap"
                and v["kw"] in ctx.rules(x).keywords and ({"Ally", "Retainer"} & set(ctx.cdef(x).types)))
        if n:
            ctx.update(iid, counters=st.cards[iid].counters + n * int(v["n"]))
            ctx.emit("counters", f"{n} {v['kw']} burned: {n} counter{'s' if n > 1 else ''} on {ctx.name(iid)}.",
                     cards=(iid,))


def _left_ready_gain(ctx: Ctx, prev) -> None:
    """Priority Contract: its minion, ready at the start of the step, left the ready region: the card is burned
    (if it is still in play) and its controller gains 3 pool."""
    st = ctx.st
    for host, cards in prev.attached.items():
        pc = prev.cards.get(host)
        if pc is None or pc.region != "ready" or st.cards[host].region == "ready":
            continue
        for a in cards:
            if "contract" in ctx.rules(a).keywords:
                _black_throne(ctx, a)
            vs = _has(ctx, a, "leave_ready_gain")
            if not vs or prev.cards[a].contested:
                continue
            owner = prev.cards[a].controller
            if st.cards[a].region == "attached":
                ctx.burn(a, f"{ctx.name(host)} left the ready region")
            if owner is not None and not st.seats[owner].ousted:
                ctx.pool(owner, int(vs[0]["n"]), ctx.name(a))


def _sect_changed(ctx: Ctx) -> None:
    """Galaric's Legacy: burned once its vampire's sect is no longer the one it had when the card was put on it."""
    st = ctx.st
    for x in [x for x in st.marks if len(x) == 3 and x[1] == "sect"]:
        iid, _, sect = x
        c = st.cards.get(iid)
        if c is None or c.region != "attached" or c.host is None:
            st.marks = st.marks - {x}
        elif (ctx.sect(st.cards[c.host]) or "").lower() != sect:
            st.marks = st.marks - {x}
            ctx.burn(iid, f"{ctx.name(c.host)} changed sects")


def _two_chosen(ctx: Ctx, cmd: C.Play, iid: int, name: str, key: str, v: dict, target: int | None) -> None:
    """Blind Spot: a vampire of the player (`target`) and an ally or younger vampire of their prey (`choice`),
    for this turn. Toreador Grand Ball: two ready Toreador of the player, `target` locked (it does not unlock as
    normal), `choice` the one whose non-bleed actions cannot be blocked."""
    st = ctx.st
    seat = cmd.seat
    b = flow.ref(ctx, seat, cmd.choice, what="minion") if cmd.choice is not None else None
    tc = st.cards[target] if target is not None else None
    bc = st.cards[b] if b is not None else None
    if key == "blind_choose":
        if tc is None or tc.controller != seat or not ctx.is_vampire(tc) or tc.region not in ("ready", "torpor"):
            raise Illegal("target", f"{name}: name a vampire you control (target)")
        if bc is None or bc.controller != st.prey(seat) or bc.region != "ready" or not (
                "Ally" in ctx.cdef(b).types or (ctx.is_vampire(bc) and ctx.capacity(bc) < ctx.capacity(tc))):
            raise Illegal("choice", f"{name}: choose an ally or a vampire younger than {ctx.name(target)} that your "
                                    "prey controls (choice)")
        st.marks = st.marks | {("blind spot", target, b, st.turn)}
        ctx.emit("chosen", f"{name}: while {ctx.name(target)} acts this turn, {ctx.name(b)} cannot block or play "
                           "reaction cards.", cards=(target, b))
        return
    ok = [x for x in (target, b) if x is not None and st.cards[x].controller == seat and st.cards[x].region == "ready"
          and not st.cards[x].contested and _fits(ctx, seat, x, "a " + v["clan"], v)]
    if len(ok) < 2 or target == b:
        raise Illegal("target", f"{name}: name two ready {v['clan'].title()} you control, the one locked as the "
                                "target and the other as the choice")
    ctx.update(target, locked=True)
    st.marks = st.marks | {(iid, "ball locked", target), (iid, "ball free", b)}
    ctx.emit("locked", f"{ctx.name(target)} is locked ({name}); {poss_name_card(ctx, b)} non-bleed actions cannot be "
                       "blocked.", cards=(target, b))


def _group_member(ctx: Ctx, m: int, who: str) -> bool:
    """"black hand vampire" (the trait), "independent or anarch assamite" (the clan, of either sect)."""
    c = ctx.st.cards[m]
    if not ctx.is_vampire(c):
        return False
    if who == "black hand vampire":
        return "black hand" in ctx.rules(m).traits
    sects, clan = who.rsplit(" ", 1)
    return _clan_key(clan) in {_clan_key(x) for x in ctx.cdef(m).clans} \
        and (ctx.sect(c) or "").lower() in sects.split(" or ")


def poss_name_card(ctx: Ctx, m: int) -> str:
    n = ctx.name(m)
    return n + ("'" if n.endswith("s") else "'s")


def reaction_refusal(ctx: Ctx, f, m: int) -> str | None:
    """Why minion *m* cannot play a reaction card to action *f* because of a master card (Blind Spot), or None."""
    st = ctx.st
    if not st.marks:
        return None
    for x in st.marks:
        if len(x) == 4 and x[0] == "blind spot" and x[1] == f.actor and x[2] == m and x[3] == st.turn:
            return f"{ctx.name(m)} cannot play reaction cards while {ctx.name(f.actor)} acts (Blind Spot)"
    return None


def fallen_sect(ctx: Ctx, sect: str) -> str:
    """For context.sect, once an event has been played this game: with Fall of the Camarilla (or of the Sabbat)
    in play, vampires of that sect are considered Independent."""
    low = sect.lower()
    for ev in _events_in_play(ctx):
        for v in _has(ctx, ev, "sect_considered"):
            if v["sect"] == low:
                return v["as"].title()
    return sect


def chosen_discipline(ctx: Ctx, a: int, trigram: str, lvl: int) -> tuple[str, int]:
    """For context.discipline_level: a master card on the vampire whose Discipline was chosen as it was played
    (mark (card, "discipline", trigram)): Agent of Power gives a level of it (its trigram is returned, the caller
    adds the level), Infernal Pact the superior level; ("", lvl) otherwise."""
    if not ctx.st.marks:
        return "", lvl
    got = next((m[2] for m in ctx.st.marks if m[0] == a and m[1] == "discipline"), None)
    if got is None or got != trigram.lower():
        return "", lvl
    if _has(ctx, a, "chosen_superior"):
        return "", 2
    if _has(ctx, a, "chosen_level"):
        return got, lvl
    return "", lvl


def _museum(ctx: Ctx) -> None:
    """High Museum of Art, Atlanta: its controller (noted as it came into play) loses control (burned, contested,
    stolen): they burn 4 pool; a new controller gains 4."""
    st = ctx.st
    for x in [x for x in st.marks if len(x) == 3 and x[1] == "museum"]:
        iid, _, was = x
        c = st.cards.get(iid)
        held = c is not None and c.region == "in_play" and not c.contested
        if held and c.controller == was:
            continue
        st.marks = st.marks - {x}
        if not st.seats[was].ousted:
            ctx.pool(was, -int(_has(ctx, iid, "museum_burn")[0]["n"]) if _has(ctx, iid, "museum_burn") else 0,
                     f"losing control of {ctx.name(iid)}")
        if held:
            ctx.pool(c.controller, int(_has(ctx, iid, "museum_gain")[0]["n"]), ctx.name(iid))
            st.marks = st.marks | {(iid, "museum", c.controller)}


def equip_surcharge(ctx: Ctx, rules: CardRules) -> int:
    """Pool more that an equipment card costs because of master cards in play (Centralized Background Check:
    weapons cost 1 more)."""
    if "weapon" not in rules.keywords:
        return 0
    n = 0
    for s_ in ctx.st.live_seats():
        for a in ctx.st.region(s_, "in_play"):
            if not ctx.st.cards[a].contested:
                n += sum(int(v.get("n") or 1) for v in _has(ctx, a, "weapon_surcharge"))
    return n


def _laibon_taxed(ctx: Ctx, m: int, laibon: int | None) -> int:
    """Transcendent Laibon on *laibon*: what ally or younger vampire *m* pays to block it or act at it (0: nothing)."""
    st = ctx.st
    if laibon is None or laibon not in st.attached:
        return 0
    n = 0
    for a in st.attached.get(laibon, ()):
        for v in _has(ctx, a, "laibon_tax") if not st.cards[a].contested else ():
            mc, lc = st.cards[m], st.cards[laibon]
            if "Ally" in ctx.cdef(m).types or (ctx.is_vampire(mc) and ctx.is_vampire(lc)
                                                and ctx.capacity(mc) < ctx.capacity(lc)):
                n += int(v["n"])
    return n


def _laibon_burns(ctx: Ctx) -> None:
    """Transcendent Laibon: burned once its minion is not ready or has fewer than three Aye or three Orun."""
    st = ctx.st
    for host, cards in list(st.attached.items()):
        for a in list(cards):
            vs = _has(ctx, a, "laibon_burn")
            if not vs:
                continue
            names = [ctx.cdef(x).name.lower() for x in st.attached.get(host, ())]
            if st.cards[host].region != "ready" or names.count(vs[0]["a"]) < 3 or names.count(vs[0]["o"]) < 3:
                ctx.burn(a, f"{ctx.name(host)} is not ready or lacks three Aye and three Orun")


def _conniver(ctx: Ctx, prev) -> None:
    """Conniver: its player's prey lost pool during the turn of a Methuselah who is neither: the card locks and its
    vampire gains 1 blood."""
    st = ctx.st
    for s_ in st.live_seats():
        prey = st.prey(s_)
        if st.active in (s_, prey) or prey is None or prey >= len(prev.seats) \
                or st.seats[prey].pool >= prev.seats[prey].pool:
            continue
        for m in st.region(s_, "ready") + st.region(s_, "torpor"):
            for a in st.attached.get(m, ()):
                c = st.cards[a]
                for v in _has(ctx, a, "conniver") if not c.locked and not c.contested else ():
                    _lock(ctx, a)
                    ctx.set_blood(m, st.cards[m].counters + int(v["n"]))
                    ctx.emit("blood", f"{ctx.seat_name(prey)} lost pool: {ctx.name(a)} locks, {ctx.name(m)} gains "
                                      f"{v['n']} blood.", cards=(a, m))


def _prey_gained(ctx: Ctx) -> None:
    """The Realm of the Black Sun: the active Methuselah gained pool in their master phase: their predator, if
    they control the card, gains 1 pool (once each master phase)."""
    st = ctx.st
    pred = st.predator(st.active)
    if pred is None or pred == st.active:
        return
    for iid in st.region(pred, "in_play"):
        if st.cards[iid].contested or ("realm", iid) in st.phase_flags:
            continue
        for v in _has(ctx, iid, "prey_master_gain"):
            st.phase_flags = st.phase_flags | {("realm", iid)}
            ctx.pool(pred, int(v["n"]), ctx.name(iid))


def _traditionalist(ctx: Ctx, prev) -> None:
    """Traditionalist: a referendum just failed (the frame on top of the previous state), and its vampire cast
    votes or ballots against it."""
    st = ctx.st
    f = next((x for x in reversed(prev.frames) if type(x).__name__ == "ReferendumFrame"), None)
    if f is None:
        return
    for a, c in st.cards.items():
        if c.region != "attached" or c.host is None or c.contested or not _has(ctx, a, "traditionalist"):
            continue
        label = ctx.cdef(c.host).display
        if any(src == label or str(src).startswith(label + " (") for _s, src, _n in f.votes_against):
            _archetype_blood(ctx, c.host, "traditionalist")


def _fbi_after_combat(ctx: Ctx) -> None:
    st = ctx.st
    if any(type(x).__name__ == "CombatFrame" for x in st.frames):
        return
    from vtes_desktop.engine.rules_combat import inflict

    owed = sorted((x for x in st.marks if len(x) == 3 and x[1] == "fbi damage"), key=str)
    st.marks = st.marks - set(owed)
    for m, _, (e, dmg, _n) in owed:
        if m in st.cards and st.cards[m].region in ("ready", "torpor"):
            ctx.emit("effect", f"{ctx.name(m)} takes {dmg} unpreventable environmental damage ({ctx.name(e)}).",
                     cards=(m,))
            inflict(ctx, m, dmg, 0)
        if e in st.cards and st.cards[e].region == "in_play":
            for lim in _has(ctx, e, "burn_at_counters_event"):
                if st.cards[e].counters >= int(lim["n"]):
                    ctx.burn(e, f"{lim['n']} counters")


def recruit_discount(ctx: Ctx, m: int) -> int:
    """Pool or blood less that a recruit ally action costs minion *m* (Charisma on it)."""
    n = 0
    for a in ctx.st.attached.get(m, ()):
        if "Master" in ctx.cdef(a).types and not ctx.st.cards[a].contested:
            n += sum(int(v["n"]) for v in _has(ctx, a, "recruit_discount"))
    return n


def hunt_bonus(ctx: Ctx, actor: int) -> int:
    """Hunt a vampire gets from master cards its controller has in play (The Hungry Coyote: Sabbat +1)."""
    st = ctx.st
    c = st.cards[actor]
    n = 0
    # Masquerade Endangered: the blood before this successful hunt (only ever called as a hunt succeeds)
    st.marks = st.marks - {x for x in st.marks if len(x) == 4 and x[1] == _HUNT_GAIN} \
        | {(actor, _HUNT_GAIN, c.counters, st.turn)}
    for iid in st.region(c.controller, "in_play"):
        if st.cards[iid].contested:
            continue
        for v in _has(ctx, iid, "hunt_bonus"):
            if ctx.is_vampire(c) and (ctx.sect(c) or "").lower() == v["sect"]:
                n += int(v["n"])
    return n + sum(x + 1 for x in _aye_counts(ctx, actor))


def _aye_counts(ctx: Ctx, m: int) -> list[int]:
    """Guinea-Bissau Carnival, for a hunting Laibon *m*: X, the Aye it has, once for each such card in play."""
    st = ctx.st
    out = []
    for s_ in st.live_seats():
        for iid in st.region(s_, "in_play"):
            for v in _has(ctx, iid, "aye_hunt") if not st.cards[iid].contested else ():
                c = st.cards[m]
                laibon = ctx.is_vampire(c) and ("laibon" in (ctx.sect(c) or "").lower()
                                                or re.match(r"(?i)laibon\b", ctx.cdef(m).text.strip()) is not None)
                if laibon:
                    out.append(sum(1 for a in st.attached.get(m, ()) if ctx.cdef(a).name.lower() == v["what"]))
    return out


def poss_name(ctx: Ctx, seat: int) -> str:
    from vtes_desktop.engine.context import poss

    return poss(ctx.seat_name(seat))


_GROUPS: set[str] = set()


def _known_groups(ctx: Ctx) -> set[str]:
    """Clan and sect names of the card list (as `_clan_key` spells them)."""
    if not _GROUPS:
        for v in ctx.db.crypt:
            _GROUPS.update(_clan_key(c) for c in v.clans)
            if v.sect:
                _GROUPS.add(_clan_key(v.sect))
    return _GROUPS


def _give_back(ctx: Ctx, when: str) -> None:
    """Control taken "until the end of your turn" or "until your next unlock phase" goes back."""
    st = ctx.st
    for m in [x for x in st.marks if len(x) == 5 and x[1] == "return to" and x[3] == when and x[4] == st.active]:
        st.marks = st.marks - {m}
        t, _, was, _, _ = m
        c = st.cards[t]
        if c.region in ("ready", "torpor") and not st.seats[was].ousted and c.controller != was:
            ctx.move(t, c.region, seat=was)
            for a in st.attached.get(t, ()):
                if "Master" not in ctx.cdef(a).types:
                    ctx.update(a, controller=was)
            ctx.emit("control", f"{ctx.seat_name(was)} takes back control of {ctx.name(t)}.", cards=(t,))


def actor_stealth(ctx: Ctx, m: int, kind: str | None = None) -> int:
    """Stealth master cards on the acting minion give it (Bestial Visage, New in Town: -1), and master cards in
    play give every political action (The Malkavian Seven Miseries: -1)."""
    n = 0
    if kind in ("political", "bleed", "hunt"):
        st = ctx.st
        for s_ in st.live_seats():
            for a in st.region(s_, "in_play"):
                if not st.cards[a].contested and "Master" in ctx.cdef(a).types:
                    if kind == "political":
                        n += sum(int(v["n"]) for v in _has(ctx, a, "political_stealth"))
                    for v in _has(ctx, a, "clan_action_stealth"):   # The Khabar, Carthage Remembered, Festivo
                        if v["kind"] == kind and _group_fits(ctx, m, v["who"]):
                            n += int(v["n"])
        if kind == "hunt":   # Guinea-Bissau Carnival: +X stealth, X the Aye of the hunting Laibon
            n += sum(_aye_counts(ctx, m))
            if st.marks and ctx.is_vampire(st.cards[m]) and any(   # Sunset Strip, Hollywood
                    len(x) == 3 and x[1] == "hunt stealth until unlock" for x in st.marks):
                n += 1
            if ctx.is_vampire(st.cards[m]) and any(   # Strained Vitae Supply: no normal +1 stealth (once, however many)
                    _has(ctx, a, "no_hunt_stealth") for s_ in st.live_seats() for a in st.region(s_, "in_play")
                    if not st.cards[a].contested):
                n -= 1
    for a in ctx.st.attached.get(m, ()):
        if "Master" in ctx.cdef(a).types and not ctx.st.cards[a].contested:
            n += sum(int(v["n"]) for v in _has(ctx, a, "host_stealth"))
            if kind == "diablerie":   # Depravity, The Hunt Club
                n += sum(int(v["n"]) for v in _has(ctx, a, "host_diablerie_stealth"))
            if kind == "rescue":   # Humanitas
                n += sum(int(v["n"]) for v in _has(ctx, a, "rescue_stealth_cheaper"))
    return n


def blocked(ctx: Ctx, f: ActionFrame) -> None:
    """The acting vampire is blocked: a master card on it makes the blocker's controller burn pool (Aching Beauty);
    Millicent Smith burns herself and the acting vampire (no combat follows: the vampire is gone)."""
    st = ctx.st
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    if kind == "hunt" and ctx.is_vampire(st.cards[f.actor]) and st.cards[f.actor].region == "ready":
        for ev in list(_events_in_play(ctx)):   # Dr. Marisa Fletcher: a small hunter blocked is burned
            if _has(ctx, ev, "fletcher") and ctx.capacity(st.cards[f.actor]) < st.cards[ev].counters \
                    and st.cards[f.actor].region == "ready":
                ctx.update(ev, counters=0)
                ctx.emit("counters", f"All the counters on {ctx.name(ev)} are burned.", cards=(ev,))
                ctx.burn(f.actor, f"blocked while hunting ({ctx.name(ev)})")
    if ctx.is_vampire(st.cards[f.actor]) and st.cards[f.actor].region == "ready":
        for iid in list(st.region(f.seat, "in_play")):
            if not st.cards[iid].contested and _has(ctx, iid, "millicent") and st.cards[f.actor].region == "ready":
                ctx.burn(iid, f"{ctx.name(f.actor)} was blocked")
                ctx.burn(f.actor, ctx.name(iid))
    for a in st.attached.get(f.actor, ()):
        if "Master" in ctx.cdef(a).types and not st.cards[a].contested and f.blocker is not None:
            for v in _has(ctx, a, "blocked_penalty"):
                ctx.pool(st.cards[f.blocker].controller, -int(v["n"]), f"blocking {ctx.name(f.actor)} ({ctx.name(a)})")
            for v in _has(ctx, a, "younger_blocker_burns"):   # Paragon (below: Rebel, on the blocker)
                b = st.cards[f.blocker]
                if ctx.is_vampire(b) and ctx.capacity(b) < ctx.capacity(st.cards[f.actor]) and b.counters:
                    n = min(int(v["n"]), b.counters)
                    ctx.update(f.blocker, counters=b.counters - n)
                    ctx.emit("blood", f"{ctx.name(f.blocker)} burns {n} blood for blocking {ctx.name(f.actor)} "
                                      f"({ctx.name(a)}).", cards=(f.blocker,))
    if f.blocker is not None and f.blocker in st.cards and st.cards[f.blocker].locked \
            and ctx.is_vampire(st.cards[f.blocker]):   # Elysium: Sforzesco Castle locks instead of the blocker
        bs = st.cards[f.blocker].controller
        for iid in st.region(bs, "in_play"):
            ic = st.cards[iid]
            if ic.locked or ic.contested:
                continue
            for v in _has(ctx, iid, "block_lock_instead"):
                if (ctx.sect(st.cards[f.actor]) or "").lower() == v["sect"] and ctx.is_vampire(st.cards[f.actor]):
                    _lock(ctx, iid)
                    ctx.update(f.blocker, locked=False)
                    ctx.emit("locked", f"{ctx.seat_name(bs)} locks {ctx.name(iid)} instead of {ctx.name(f.blocker)}.",
                             cards=(iid, f.blocker))
                    break
            if not st.cards[f.blocker].locked:
                break
    if st.marks:   # Curmudgeon: the minion chosen this turn is blocked: the card locks, 1 blood to its vampire
        for x in [x for x in st.marks if len(x) == 4 and x[1] == "curmudgeon" and x[2] == f.actor and x[3] == st.turn]:
            cc = st.cards.get(x[0])
            if cc is None or cc.region != "attached" or cc.locked or cc.contested or cc.host is None:
                continue
            h = cc.host
            if st.cards[h].region in ("ready", "torpor"):
                _lock(ctx, x[0])
                ctx.set_blood(h, st.cards[h].counters + 1)
                ctx.emit("blood", f"{ctx.name(f.actor)} was blocked: {ctx.name(x[0])} locks, {ctx.name(h)} gains 1 "
                                  "blood.", cards=(x[0], h))
    if f.blocker is not None and f.blocker in st.cards:   # Rebel: blocking a titled vampire or a political action
        actor = st.cards[f.actor]
        titled = ctx.is_vampire(actor) and bool(ctx.title(actor)) and not actor.title_contested
        for a in st.attached.get(f.blocker, ()):
            if "Master" not in ctx.cdef(a).types or st.cards[a].contested:
                continue
            for v in _has(ctx, a, "rebel_block"):
                b = st.cards[f.blocker]
                if (titled or kind == "political") and b.region == "ready" and (f.blocker, ("rebel", a)) not in st.acted:
                    st.acted = st.acted | {(f.blocker, ("rebel", a))}
                    ctx.set_blood(f.blocker, b.counters + int(v["n"]))
                    ctx.emit("blood", f"{ctx.name(f.blocker)} gains {v['n']} blood ({ctx.name(a)}).", cards=(f.blocker,))


def _vp_draw_up(ctx: Ctx) -> None:
    """The Bitter and Sweet Story: a Methuselah whose hand size went up (with their victory points, or as the
    event comes into play) draws up at once."""
    st = ctx.st
    if not any(_has(ctx, ev, "vp_hand_size") for ev in _events_in_play(ctx)):
        return
    for s in st.live_seats():
        draw_up(ctx, s)


def referendum_fails(f) -> bool:
    """A card made this referendum fail whatever the votes (Vox Domini)."""
    return any(isinstance(k, tuple) and len(k) == 2 and k[0] == "fails" for k in f.used_sources)


def tally_extra(ctx: Ctx, f) -> int:
    """Votes against a referendum that events in play add (Urban Jungle: +2 against blood hunts)."""
    if f.terms != "blood hunt":
        return 0
    return sum(int(v["n"]) for e in _events_in_play(ctx) for v in _has(ctx, e, "blood_hunt_against"))


def referendum_passed(ctx: Ctx, f) -> None:
    """A referendum passed: the vampire that called it gains 1 blood once a turn (Guru); Privileged Position's
    player may lock it this turn, once for this referendum."""
    st = ctx.st
    m = f.actor
    if m is not None and m in st.cards and st.cards[m].controller is not None:
        st.marks = st.marks - {x for x in st.marks if len(x) == 3 and x[1] == "passed referendum"} \
            | {(("seat", st.cards[m].controller), "passed referendum", st.turn)}
    if m is None or m not in st.cards or st.cards[m].region not in ("ready", "torpor"):
        return
    for a in st.attached.get(m, ()):
        if "Master" in ctx.cdef(a).types and not st.cards[a].contested:
            for v in _has(ctx, a, "guru"):
                if (m, ("guru", a)) not in st.acted:
                    st.acted = st.acted | {(m, ("guru", a))}
                    ctx.set_blood(m, st.cards[m].counters + int(v["n"]))
                    ctx.emit("blood", f"{ctx.name(m)} gains {v['n']} blood ({ctx.name(a)}).", cards=(m,))


def after_event(ctx: Ctx, iid: int) -> None:
    """An event has come into play: hand sizes it changes are drawn up to at once; Blood Trade burns every boon."""
    for v in _has(ctx, iid, "put_counters"):   # Waiting Game: its counters as it comes into play
        ctx.update(iid, counters=ctx.st.cards[iid].counters + int(v["n"]))
        ctx.emit("counters", f"{ctx.name(iid)} comes into play with {v['n']} counters.", cards=(iid,))
    if _has(ctx, iid, "vp_hand_size"):
        _vp_draw_up(ctx)
    for v in _has(ctx, iid, "fourth_cycle"):   # The Fourth Cycle: Gehenna events and convictions burn, small vampires
        st = ctx.st                            # go to torpor
        for i, c in list(st.cards.items()):
            if i != iid and c.region in ("in_play", "attached") and not ctx.is_minion(c):
                d = ctx.cdef(i)
                if ("Event" in d.types and "gehenna" in ctx.rules(i).keywords) or "Conviction" in d.types:
                    ctx.burn(i, ctx.name(iid))
        for s_ in st.live_seats():
            for m in list(st.region(s_, "ready")):
                mc = st.cards[m]
                if ctx.is_vampire(mc) and ctx.capacity(mc) <= int(v["cap"]):
                    ctx.move(m, "torpor", seat=mc.controller, counters=mc.counters, locked=mc.locked, wounded=False)
                    ctx.emit("torpor", f"{ctx.name(m)} goes to torpor ({ctx.name(iid)}).", cards=(m,))
    if _has(ctx, iid, "burn_all_boons"):
        st = ctx.st
        for i, c in list(st.cards.items()):
            if c.region in ("in_play", "attached") and "boon" in ctx.rules(i).keywords:
                ctx.burn(i, ctx.name(iid))


def event_refusal(ctx: Ctx, rules: CardRules) -> str | None:
    """Why an event cannot be put in play: "Requires N or more Gehenna events in play" (The New Inquisition), or
    events in play (The Fourth Cycle: no Gehenna events)."""
    for r in rules.requirements:
        m = re.fullmatch(r"gehenna>=(\d+)", r)
        if m:
            have = sum(1 for e in _events_in_play(ctx) if "gehenna" in ctx.rules(e).keywords)
            if have < int(m.group(1)):
                return f"{rules.name} requires {m.group(1)} or more Gehenna events in play; there {'is' if have == 1 else 'are'} {have}"
    if "gehenna" not in rules.keywords:
        return None
    for e in _events_in_play(ctx):
        if _has(ctx, e, "no_gehenna_play"):
            return f"Gehenna events cannot be played ({ctx.name(e)})"
    return None


def _boons_barred(ctx: Ctx, rules: CardRules) -> str | None:
    if "boon" not in rules.keywords:
        return None
    for ev in _events_in_play(ctx):
        if _has(ctx, ev, "no_more_boons"):
            return f"no more boons can be put in play ({ctx.name(ev)})"
    return None


def _blood_trade(ctx: Ctx, cmd: C.Use, iid: int) -> bool:
    """Blood Trade: in their own unlock phase, once, any Methuselah moves 1 blood from a vampire they control
    (`minion`) to a vampire another Methuselah controls (`effect` names it)."""
    st = ctx.st
    seat = cmd.seat
    name = ctx.name(iid)
    v = _has(ctx, iid, "blood_trade")[0]
    if st.active != seat or st.phase != "unlock" or st.frames:
        raise Illegal("timing", f"{name} is used in your own unlock phase")
    key = ("blood trade", iid, seat)
    if key in st.phase_flags:
        raise Illegal("use", f"{name} has already been used this phase")
    a = _minion(ctx, cmd, name, "your vampire that gives the blood")
    if cmd.effect is None:
        raise Malformed("effect", f"{name}: name the other Methuselah's vampire that gets the blood (effect)")
    b = flow.ref(ctx, seat, cmd.effect, what="vampire")
    ac, bc = st.cards[a], st.cards[b]
    if ac.controller != seat or not ctx.is_vampire(ac) or ac.region not in ("ready", "torpor") or ac.counters < 1:
        raise Illegal("minion", f"{name}: {ctx.name(a)} is not a vampire of yours with blood")
    if bc.controller == seat or not ctx.is_vampire(bc) or bc.region not in ("ready", "torpor"):
        raise Illegal("effect", f"{name}: {ctx.name(b)} is not a vampire another Methuselah controls")
    st.phase_flags = st.phase_flags | {key}
    n = int(v["n"])
    ctx.update(a, counters=ac.counters - n)
    ctx.set_blood(b, bc.counters + n)
    ctx.emit("blood", f"{n} blood moves from {ctx.name(a)} to {ctx.name(b)} ({name}).", cards=(a, b))
    return True


def _minions_fell(ctx: Ctx, seat: int, gone: list[int]) -> None:
    st = ctx.st
    for s in range(len(st.seats)):
        for iid in st.region(s, "in_play"):
            if st.cards[iid].contested:
                continue
            for v in _has(ctx, iid, "assault_gain"):   # Frontal Assault: its player's prey lost a ready minion
                if st.prey(s) == seat and not st.seats[s].ousted:
                    ctx.pool(s, int(v["n"]) * len(gone), ctx.name(iid))
            for v in _has(ctx, iid, "tension"):
                for m in gone:
                    if not st.seats[seat].ousted:
                        ctx.pool(seat, -int(v["n"]), f"{ctx.name(m)} left the ready region ({ctx.name(iid)})")


def _mpa_discard_burn(ctx: Ctx, cmd: C.Use, iid: int) -> bool:
    """Tension in the Ranks: any Methuselah uses a master phase action and discards two master cards (`effect`:
    their names, separated by ;) to burn it."""
    st = ctx.st
    seat = cmd.seat
    name = ctx.name(iid)
    if st.active != seat or st.phase != "master" or st.frames:
        raise Illegal("timing", f"{name} is burned with a master phase action, in your own master phase")
    if st.mpa < 1:
        raise Illegal("master", "no master phase action left this phase")
    names = [x.strip() for x in (cmd.effect or "").split(";") if x.strip()]
    if len(names) != 2:
        raise Malformed("effect", f"{name}: name the two master cards you discard (effect: \"A; B\")")
    picked: list[int] = []
    for nm in names:
        d = ctx.db.lookup(nm)
        cands = [i for i in st.region(seat, "hand") if i not in picked and d is not None and st.cards[i].cid == d.id
                 and "Master" in ctx.cdef(i).types]
        if not cands:
            raise Illegal("effect", f"{name}: no master card {nm} in your hand")
        picked.append(cands[0])
    st.mpa -= 1
    for i in picked:
        ctx.move(i, "ash_heap")
    ctx.emit("discarded", f"{ctx.seat_name(seat)} discards {' and '.join(ctx.name(i) for i in picked)} to burn {name}.")
    ctx.burn(iid, ctx.seat_name(seat))
    ctx.draw(seat, 2)
    return True


def _heidelberg(ctx: Ctx, cmd: C.Use, iid: int, name: str, v: dict | None = None) -> bool:
    """Heidelberg Castle: lock to move blood, equipment and retainers between two ready vampires you control, not
    during an action. `minion` is one vampire; `effect` is "OTHER: item; item": "N blood" moves N blood to OTHER
    ("-N blood" from it), a card named moves from the vampire it is on to the other one."""
    st = ctx.st
    seat = cmd.seat
    v = v or {}
    if any(isinstance(x, ActionFrame) for x in st.frames):
        raise Illegal("timing", f"{name} cannot be used during an action")
    if v.get("phase"):   # Communal Haven: Cathedral: in your master phase, between Sabbat vampires, equipment only
        _own_phase(ctx, cmd, iid, v["phase"])
    _usable(ctx, cmd, iid, lock=True)
    a = _minion(ctx, cmd, name, "one of the two vampires")
    if not cmd.effect or ":" not in cmd.effect:
        raise Malformed("effect", f"{name}: say what moves (effect: \"Other vampire: 2 blood; Some Equipment\")")
    other, items = cmd.effect.split(":", 1)
    b = flow.ref(ctx, seat, other.strip(), what="vampire")
    for v_ in (a, b):
        vc = st.cards[v_]
        if vc.controller != seat or vc.region != "ready" or not ctx.is_vampire(vc) or vc.contested:
            raise Illegal("minion", f"{name}: {ctx.name(v_)} is not a ready vampire you control")
        if v.get("sect") and (ctx.sect(vc) or "").lower() != v["sect"]:
            raise Illegal("minion", f"{name}: {ctx.name(v_)} is not a {v['sect'].title()} vampire")
    if a == b:
        raise Illegal("minion", f"{name} moves things between two different vampires")
    moves = [x.strip() for x in items.split(";") if x.strip()]
    if not moves:
        raise Malformed("effect", f"{name}: say what moves")
    _lock(ctx, iid)
    for it in moves:
        mb = re.fullmatch(r"(?P<sign>-)?(?P<n>\d+) blood", it.lower())
        if mb:
            src, dst = (b, a) if mb.group("sign") else (a, b)
            n = int(mb.group("n"))
            if st.cards[src].counters < n:
                raise Illegal("blood", f"{name}: {ctx.name(src)} has only {st.cards[src].counters} blood")
            ctx.update(src, counters=st.cards[src].counters - n)
            ctx.set_blood(dst, st.cards[dst].counters + n)
            ctx.emit("blood", f"{n} blood moves from {ctx.name(src)} to {ctx.name(dst)} ({name}).", cards=(src, dst))
            continue
        card = flow.ref(ctx, seat, it)
        cc = st.cards[card]
        kinds = set(ctx.cdef(card).types)
        allowed = {"Equipment"} if v.get("kinds") == "equipment" else {"Equipment", "Retainer"}
        if cc.region != "attached" or cc.host not in (a, b) or not kinds & allowed:
            raise Illegal("effect", f"{name}: {ctx.name(card)} is not an {' or '.join(sorted(allowed)).lower()} on "
                                    "either vampire")
        dst = b if cc.host == a else a
        ctx.move(card, "attached", host=dst)
        ctx.emit("moved", f"{ctx.name(card)} moves to {ctx.name(dst)} ({name}).", cards=(card, dst))
    return True


def action_extra_blood(ctx: Ctx, kind: str, m: int, target: int | None) -> int:
    """Blood an action costs more because of events in play (Torpid Blood: actions by vampires in torpor, rescuing
    an older vampire)."""
    st = ctx.st
    n = 0
    if kind == "political":   # Bureaucratic Overload: political actions cost 1 more blood
        for s_ in st.live_seats():
            for a in st.region(s_, "in_play"):
                if not st.cards[a].contested and "Master" in ctx.cdef(a).types:
                    n += sum(int(v["n"]) for v in _has(ctx, a, "political_cost"))
    if target is not None and target in st.cards:   # Transcendent Laibon: allies and younger vampires acting at it
        n += _laibon_taxed(ctx, m, target)
    if target is not None and target in st.cards and st.cards[target].controller != st.cards[m].controller:
        for a in st.attached.get(target, ()):   # Chanjelin Ward: other Methuselahs' actions at its vampire
            if not st.cards[a].contested and "Master" in ctx.cdef(a).types and _has(ctx, a, "ward_cost"):
                n += 1
    for ev in _events_in_play(ctx):
        if st.cards[m].region == "torpor":
            n += sum(int(v["n"]) for v in _has(ctx, ev, "torpor_action_cost"))
        if kind == "rescue" and target is not None and ctx.capacity(st.cards[target]) > ctx.capacity(st.cards[m]):
            n += sum(int(v["n"]) for v in _has(ctx, ev, "older_rescue_cost"))
    return n


def _pay_pool(ctx: Ctx, seat: int, n: int, what: str) -> None:
    from vtes_desktop.engine.rules_action import _pay

    _pay(ctx, seat, None, n, 0, what)
