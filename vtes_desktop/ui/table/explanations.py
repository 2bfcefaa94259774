"""Short explanations of the rules, in our own words, keyed by the engine's rule ids.

No Qt. The engine names the rule behind every refusal (`Refused.rule`: the
keys below are the ones `grep 'Illegal("' vtes_desktop/engine/*.py` lists)
and the kind of every event (`Event.kind`, mapped to a rule by `EVENT_RULES`).
A refusal or a log line opens `explain(...)`: a title, a few sentences, and
the VEKN rulings of the cards involved (`db.rulings(card)`: text and
references), where the cards have some.

The texts are ours, written for a player at the table; they explain, they
decide nothing (the engine does).
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: rule id -> (title, explanation)
RULES: dict[str, tuple[str, str]] = {
    "timing": ("When a card can be played",
               "Every card has a moment: action modifiers during an action of the minion playing them, reactions "
               "during another Methuselah's action, combat cards during combat (and only in the step their text "
               "names: maneuvers when the range is set, strikes in the strike step, presses in the press step), "
               "master cards in your master phase. Outside its moment a card waits in your hand."),
    "phase": ("The five phases",
              "A turn runs unlock, master, minion, influence, discard. Actions are taken in the minion phase, "
              "transfers are made in the influence phase, master cards are played in the master phase, and "
              "each thing waits for its phase."),
    "turn": ("Whose turn it is",
             "Only the active Methuselah takes actions, plays master cards (other than out-of-turn ones) and "
             "ends the phase. The others answer: they block, play reactions and vote."),
    "impulse": ("The impulse",
                "The impulse is the right to act now. It starts with the acting Methuselah and goes round the "
                "table; a window closes when everyone has passed in turn. With nothing under way there is "
                "nothing to pass: the active Methuselah ends the phase instead."),
    "card type": ("What kind of card it is",
                  "A card is used the way its type says: an action card by announcing an action with it, an "
                  "action modifier by the acting minion, a reaction by a minion of another Methuselah, a combat "
                  "card in combat. A card with two types (or two levels) may be one thing at one level and "
                  "another at the other."),
    "mode": ("A card's levels and types",
             "A card with a basic and a superior text, or with two types, does something different at each: "
             "one level may be an action modifier and the other a combat card. The text at the level you "
             "name is the one that must fit the moment."),
    "requirements": ("Requirements",
                     "A card may require a discipline (at basic or superior level), a clan, a sect, a title or a "
                     "capacity of the minion that plays it. A minion without it cannot play the card."),
    "cost": ("Paying costs",
             "A card's cost is paid in pool by the Methuselah or in blood by the vampire playing it. If it "
             "cannot be paid in full, the card cannot be played."),
    "control": ("Your own cards",
                "You play cards with your own minions and use only the cards you control."),
    "locked": ("Locked minions",
               "Acting and blocking lock a minion. A locked minion cannot act or block until it unlocks in its "
               "controller's unlock phase; it can still play reactions that do not need it to lock, and fight."),
    "ready": ("Ready minions",
              "Only minions in the ready region act, block and vote; a vampire in torpor can only try to leave "
              "it."),
    "torpor": ("Torpor",
               "A vampire that cannot mend its damage goes to torpor. From there its only action is to leave "
               "torpor (costing 2 blood); others may rescue it, or diablerize it."),
    "repeat": ("Once each turn",
               "A minion can bleed only once each turn and can take only one political action each turn; "
               "other actions may be repeated while the minion is unlocked."),
    "mandatory": ("Hunting when empty",
                  "A vampire with no blood must hunt as its first action if it is able to; it takes no other "
                  "action before that."),
    "target": ("Choosing a target",
               "A bleed is aimed at a Methuselah, by default your prey. Some cards let you bleed others; you can "
               "never bleed yourself or an ousted Methuselah."),
    "stealth": ("Stealth",
                "Stealth helps an action get past a block. It is added only while a block attempt is under "
                "way, and only as much as is needed to exceed the blocker's intercept."),
    "intercept": ("Intercept",
                  "Intercept helps a minion block. Only the minion trying to block adds intercept, and only "
                  "as much as is needed to equal the action's stealth."),
    "block": ("Blocking",
              "After an action is announced, the Methuselahs it may affect may try to block it, one attempt "
              "at a time: a directed action by its target, an undirected one by the acting Methuselah's prey "
              "and predator. The block succeeds when the blocker's intercept is at least the action's stealth; "
              "a blocked action fails and the two minions usually enter combat."),
    "blocks": ("Declining to block",
               "A Methuselah who may block can decline; once everyone who may block has declined, the action "
               "succeeds."),
    "action modifier": ("Action modifiers",
                        "Action modifiers are played by the acting minion, during its own action."),
    "reaction": ("Reactions",
                 "Reactions are played by ready, unlocked minions of Methuselahs other than the acting one, "
                 "during someone else's action."),
    "combat": ("Combat",
               "Combat is fought between two ready minions, in rounds: effects before range, the range, effects "
               "before strikes, the strikes, damage, additional strikes, presses, the end of the round."),
    "maneuver": ("Range and maneuvers",
                 "Combat starts at close range. In the range step each side may maneuver to change it (close or "
                 "long), alternately; a minion cannot maneuver twice in a row, so the other side can answer."),
    "strike": ("Strikes",
               "Each minion chooses one strike a round: a hand strike (damage equal to its strength), a weapon, "
               "or a strike card. At long range only ranged strikes hit. Strikes resolve together, first "
               "strikes first; a dodge avoids the opposing strike, and combat ends stops the combat at once."),
    "press": ("Presses",
              "In the press step a minion with a press may continue the combat for another round, or end it; "
              "the other side may answer with a press of its own to cancel it."),
    "prevent": ("Preventing damage",
                "While damage is resolved, the minion taking it may prevent some with cards or effects. "
                "What is not prevented is taken: a vampire burns a blood for each damage to mend it (and goes "
                "to torpor when it cannot), an ally or retainer loses life."),
    "limited": ("(Limited) effects",
                "A (limited) effect can be used only once for the same purpose: one bleed increase per bleed, "
                "one additional strike effect per round."),
    "referendum": ("Referendums",
                   "A successful political action calls a referendum: the terms are chosen, then everyone votes "
                   "during polling. It passes with more votes for than against; a tie fails."),
    "terms": ("The terms of a referendum",
              "The acting Methuselah chooses the terms (who, how much) before polling begins."),
    "vote": ("Votes",
             "Votes come from titled vampires, the Edge (burned for 1 vote), the card that called the "
             "referendum (1 vote for its caller), a political action card from hand (1), and cards that give "
             "votes. Once cast, a vote cannot change."),
    "political action": ("Votes from political action cards",
                         "Each Methuselah gains at most 1 vote from political action cards in a referendum: "
                         "either the card that called it (its caller) or one card discarded from hand."),
    "political": ("Political actions", "Only vampires call referendums."),
    "edge": ("The Edge",
             "The Edge goes to the Methuselah whose bleed succeeds. Its holder may take 1 pool in their unlock "
             "phase, or burn it for 1 vote in a referendum."),
    "transfers": ("Transfers",
                  "In your influence phase you have 4 transfers (fewer on the first turns). Moving 1 pool to an "
                  "uncontrolled vampire costs 1 transfer; taking 1 blood back costs 2; moving a card from the "
                  "crypt costs 4 transfers and 1 pool."),
    "influence": ("Bringing a vampire into play",
                  "A vampire in your uncontrolled region comes into play, in your influence phase, once it has "
                  "as much blood as its capacity."),
    "capacity": ("Capacity",
                 "A vampire holds at most its capacity in blood, and comes into play only with that much."),
    "crypt": ("The crypt", "Crypt cards are moved to the uncontrolled region; an empty crypt gives nothing."),
    "merge": ("Merging", "An advanced vampire merges with its base version when both are in play."),
    "master": ("Master cards",
               "Master cards are played in your master phase, one master phase action each turn unless a card "
               "gives more."),
    "out-of-turn": ("Out-of-turn master cards",
                    "An out-of-turn master card is played during another Methuselah's turn, at most one between "
                    "two of your own turns, and it uses up your next master phase action."),
    "event": ("Events", "Events are put in play with your discard phase action."),
    "discard": ("The discard phase",
                "In your discard phase you may discard one card and draw one to replace it."),
    "hand": ("Your hand", "You can play only cards from your own hand."),
    "pool": ("Pool", "Pool is your life as a Methuselah: at 0 you are ousted."),
    "blood": ("Blood", "A vampire spends its blood on costs and mends damage with it."),
    "equip": ("Equipment", "Equipment is put on a minion with an equip action; it can move between your minions."),
    "recruit": ("Recruited allies", "An ally recruited this turn waits until your next turn to act."),
    "hunt": ("Hunting", "A vampire hunts to gain 1 blood, undirected, with +1 stealth."),
    "anarch": ("Becoming anarch", "An untitled vampire may take an action to become anarch."),
    "diablerie": ("Diablerie",
                  "A vampire may diablerize a vampire in torpor: it takes its blood, may gain its disciplines, "
                  "and a blood hunt referendum may follow."),
    "contest": ("Contested cards", "Two copies of a unique card contest each other; a contested card is out "
                                   "of play, and its controllers pay each unlock phase to keep contesting."),
    "contested": ("Contested cards", "A contested card is out of play until the contest ends."),
    "burn option": ("The burn option", "A card with the burn option may be burned in your unlock phase, once."),
    "use": ("Using a card in play", "A card in play is used through the step it is for: a maneuver, a strike, "
                                    "a press; other effects are carried out by hand."),
    "resolve": ("Everyone passes", "Resolve passes for everyone, in order, until the window open now closes."),
    "finish": ("Finishing an action", "Finish passes for everyone until the action under way is over."),
    "manual": ("Effects carried out by hand",
               "Some effects are left to the players: carry them out with manual moves, then say Done."),
    "done": ("Done", "Done closes an effect the players carried out by hand."),
    "undo": ("Taking a step back",
             "You may take back your own last step while nobody has played since and nothing hidden was seen."),
    "ousted": ("Ousted Methuselahs", "An ousted Methuselah takes no further part in the game."),
    "minion": ("Minions", "Vampires and allies (and Imbued) are minions: they act, block and fight."),
    "level": ("Basic and superior",
              "A card with a basic and a superior text is played at one level: superior needs the discipline "
              "at superior level."),
    "card": ("Cards", "The card named is not in this game."),
    "damage": ("Damage", "Damage is given in whole points, normal or aggravated."),
    "rescue": ("Rescue", "A vampire may rescue a vampire in torpor, paying blood for it."),
    "leave_torpor": ("Leaving torpor", "A vampire in torpor may leave it with an action costing 2 blood."),
    "bleed": ("Bleeding", "A successful bleed makes the target Methuselah burn pool, and gives you the Edge."),
    "action": ("Actions",
               "A ready, unlocked minion takes an action by announcing it; the action may be blocked, and "
               "succeeds if nobody blocks it."),
    "ousting": ("Ousting", "A Methuselah at 0 pool is ousted; their predator gains 1 victory point and 6 pool."),
    "cancel": ("Cancelling a card",
               "Some cards cancel another card as it is played, or end an effect; only the player the card names "
               "may do it, and only at that moment."),
    "choice": ("The choice a card asks for",
               "Some cards ask their player to choose: an amount X, a number of blood to move, one option among "
               "several. The choice must be one the card allows."),
    "discard down": ("Too many cards in hand",
                     "When an effect leaves a Methuselah with more cards than her hand size, she discards down "
                     "to it before play goes on."),
    "discipline": ("A Discipline from diablerie",
                   "A vampire that diablerizes an older vampire may add a master Discipline card from its "
                   "Methuselah's hand, library or ash heap, within its capacity and the card's own limits."),
    "exclusive": ("Cards that exclude each other",
                  "Some cards cannot be played in the same action, combat or round as another named card."),
    "game over": ("The game is over",
                  "Once one Methuselah is left standing, or time is called, nothing more is played: the victory "
                  "points are counted."),
    "hunting ground": ("Hunting grounds",
                       "A vampire gains blood from only one hunting ground each turn, whichever it uses."),
    "imbued": ("The Imbued",
               "Imbued are hunter minions with life instead of blood; their Methuselah plays conviction and "
               "power cards for them."),
    "incapacitated": ("Incapacitated Imbued",
                      "An Imbued with no life is incapacitated instead of going to torpor. It leaves the "
                      "incapacitated region by burning 3 conviction in its unlock phase, and another "
                      "Methuselah's minion may burn it with a directed action."),
    "conviction": ("Conviction",
                   "Conviction cards sit on an Imbued and pay for its powers; one is put on each Imbued in your "
                   "unlock phase, from your hand or your ash heap, and some effects burn them."),
    "power": ("Powers",
              "Power cards are the Imbued's abilities, paid for with conviction; only an Imbued with the "
              "virtue the power needs can use it, and an Imbued has only one copy of each."),
    "library": ("Your library",
                "An effect that burns or draws cards from your library needs that many cards in it."),
    "limit": ("Only so many",
              "Some cards say how many can be used: one on each minion, one each turn, one each game. A second "
              "one is refused."),
    "counters": ("Counters on a card",
                 "Some cards are paid for or spent with the counters on them (blood, pathos, ritual and the "
                 "like). Without enough counters there, the effect cannot be used; a card may also hold only so "
                 "many."),
    "full": ("No more room",
             "A card that holds something (another card, blood counters) takes only as much as its text allows; "
             "once it is full, nothing more can be put on it."),
    "toll": ("A cost owed first",
             "Some cards in play make a Methuselah pay before she may go on (a toll); pay it first."),
    "trophy": ("Red List trophies",
               "A vampire that burns a Red List minion (by diablerie, or in combat that turn) may be given a "
               "master trophy card; only trophy cards can be given, from hand, library or ash heap, or those "
               "already in play and not yet awarded."),
    "withdraw": ("Withdrawing",
                 "A Methuselah whose library is exhausted and who starts her turn with fewer cards than her "
                 "hand size may announce, in her unlock phase, that she withdraws. If nobody ousts her before "
                 "her next turn, she leaves then with half a victory point, and her predator gains nothing."),
    "effect": ("What a card's effect needs",
               "A card's effect works on what its text names (a master card in your hand, a vampire you "
               "control...); a choice outside that is refused."),
    "unlock": ("Unlocking",
               "Minions unlock in their controller's unlock phase; an effect that unlocks a minion at another "
               "time needs a locked minion to work on."),
    "boon": ("Boons",
             "Boon cards are favours owed between Methuselahs; while a card in play forbids them, none can be "
             "played."),
    "withdrawn": ("Withdrawn", "A Methuselah who has withdrawn takes no further part in the game."),
}

#: an event kind -> the rule it follows
EVENT_RULES: dict[str, str] = {
    "action": "action", "block": "block", "blocked": "block", "block_failed": "block", "declined": "blocks",
    "successful": "action", "unsuccessful": "action", "bled": "bleed", "hunted": "hunt", "edge": "edge",
    "combat": "combat", "combat_over": "combat", "combat_ends": "strike", "range": "maneuver",
    "maneuver": "maneuver", "strike": "strike", "no_strike": "strike", "damage": "prevent", "hurt": "prevent",
    "prevented": "prevent", "press": "press", "round": "press", "torpor": "torpor", "burned": "prevent",
    "incapacitated": "prevent", "referendum": "referendum", "referendum_result": "referendum", "vote": "vote",
    "terms": "terms", "transfer": "transfers", "influenced": "influence", "crypt": "crypt", "merged": "merge",
    "played": "timing", "paid": "cost", "master": "master", "event": "event", "discarded": "discard",
    "drew": "discard", "equipped": "equip", "employed": "equip", "recruited": "recruit", "ousted": "ousting",
    "vp": "ousting", "left_torpor": "leave_torpor", "rescued": "rescue", "diablerie": "diablerie",
    "anarch": "anarch", "contested": "contest", "contest_won": "contest", "yielded": "contest",
    "manual": "manual", "done": "done", "undo": "undo", "phase": "phase", "pool": "pool", "conviction": "conviction",
    "power": "power", "no_combat": "combat", "immune": "prevent", "steal": "strike", "title_won": "contest",
    "title_contested": "contest", "offer": "diablerie", "conceded": "ousting",
}


@dataclass(frozen=True, slots=True)
class Explanation:
    rule: str
    title: str
    text: str
    said: str = ""                                     # the refusal or the log line it explains
    rulings: tuple[tuple[str, str, tuple], ...] = ()   # (card name, ruling text, references)


def rule_text(rule: str | None) -> tuple[str, str]:
    if rule and rule in RULES:
        return RULES[rule]
    return ("The rules", "The engine follows the VEKN rulebook here; no short explanation is written for this "
                         f"rule{' (' + rule + ')' if rule else ''} yet.")


def rule_of_event(kind: str) -> str | None:
    return EVENT_RULES.get(kind)


def explain(rule: str | None, said: str = "", cards=(), db=None) -> Explanation:
    """The explanation of *rule*, with the VEKN rulings of *cards* (CardDefs) when *db* has some."""
    title, text = rule_text(rule)
    rulings = []
    seen = set()
    for cdef in cards:
        if cdef is None or cdef.id in seen or db is None:
            continue
        seen.add(cdef.id)
        for r in db.rulings(cdef):
            rulings.append((cdef.display, r.text, tuple(r.references)))
    return Explanation(rule=rule or "", title=title, text=text, said=said, rulings=tuple(rulings))


def explain_line(line, cards=(), db=None) -> Explanation:
    """The explanation of a log line (`LogLine`), by its event's kind."""
    rule = rule_of_event(getattr(line, "kind", "") or "")
    if rule is None and getattr(line, "manual", False):
        rule = "manual"
    return explain(rule, line.text, cards, db)
