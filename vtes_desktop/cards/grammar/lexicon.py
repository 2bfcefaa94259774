"""The words of card text the grammar knows, by class.

The effect clauses outside the core vocabulary are read as frames (subject,
verb, object, amount, condition, duration); a frame is accepted only when
every word of the clause is known here, is a number, or is part of a name
(a card, clan, discipline, sect or title). Words outside these lists are
reported as left over by the coverage report.
"""

from __future__ import annotations

import re
from functools import lru_cache

from vtes_desktop.cards.model import DISCIPLINES

# -- verbs: every form -> lemma ----------------------------------------------------------------------

_IRREGULAR = {
    "get": "gets got gotten getting", "take": "takes took taken taking", "put": "puts putting",
    "choose": "chooses chose chosen choosing choses", "lose": "loses lost losing", "pay": "pays paid paying",
    "go": "goes went gone going", "give": "gives gave given giving", "have": "has had having",
    "do": "does did done doing", "make": "makes made making", "send": "sends sent sending",
    "begin": "begins began begun beginning", "leave": "leaves left leaving", "keep": "keeps kept keeping",
    "lead": "leads led leading", "win": "wins won winning", "draw": "draws drew drawn drawing",
    "steal": "steals stole stolen stealing", "become": "becomes became becoming", "set": "sets setting",
    "cast": "casts casting", "be": "is are was were been being", "come": "comes came coming",
    "see": "sees saw seen seeing", "hold": "holds held holding", "find": "finds found finding",
    "bleed": "bleeds bled bleeding", "tell": "tells told telling", "split": "splits splitting",
    "pick": "picks picked picking", "fall": "falls fell fallen", "speak": "speaks spoke spoken",
    "can": "", "may": "", "must": "", "cannot": "", "could": "", "would": "", "should": "", "will": "",
    "strike": "strikes struck striking", "shuffle": "shuffles shuffled shuffling reshuffle reshuffles",
    "bid": "bids bidding", "hit": "hits hitting", "cut": "cuts cutting", "run": "runs ran running",
}
_REGULAR = """
abstain accept act add affect agree allocate allow announce answer apply ask attach attempt avoid ban block
burn call cancel cause cease change check collect combine commit compare complete conduct consider contain
contest continue control copy cost count credit debt decide declare decline decrease deal defend destroy
determine diablerize differ direct discard distribute divide dodge double earn elect employ end enter equal equip
establish exceed exchange exhaust fail flip follow gain grant guess handle heal hunt ignore include increase
indicate inflict interrupt involve join kill last lock look maneuver match meet mend merge move name need note
occur oust own pass perform place play possess prevent press proceed provide queue rearrange receive recruit
reduce refer remain remove reorder repay replace represent require rescue reset resolve restore restrict result
retarget retrieve return reveal reverse save search select shift show skip spend start stay succeed suffer
switch tally target tap torture transfer treat try turn unlock untap use vote wake withdraw yield destroy
attack diablerise hide raise enslave protect survive trade tie abandon stun guess collect open grant break
redirect reorganize rearrange sacrifice summon assign win lose tally tie bet roll
"""


def _regular_forms(v: str) -> list[str]:
    forms = [v]
    if v.endswith("y") and v[-2] not in "aeiou":
        forms += [v[:-1] + "ies", v[:-1] + "ied", v + "ing"]
    elif v.endswith(("s", "sh", "ch", "x", "z")):
        forms += [v + "es", v + "ed", v + "ing"]
    elif v.endswith("e"):
        forms += [v + "s", v + "d", v[:-1] + "ing"]
    else:
        forms += [v + "s", v + "ed", v + "ing"]
        if re.fullmatch(r"[^aeiou]*[aeiou][bdgmnpt]", v):     # stop -> stopped
            forms += [v + v[-1] + "ed", v + v[-1] + "ing"]
    return forms


VERB_FORMS: dict[str, str] = {}
for _v in _REGULAR.split():
    for _f in _regular_forms(_v):
        VERB_FORMS.setdefault(_f, _v)
for _v, _fs in _IRREGULAR.items():
    VERB_FORMS[_v] = _v
    for _f in _fs.split():
        VERB_FORMS[_f] = _v
VERB_FORMS.update({"diablerized": "diablerize", "diablerizes": "diablerize", "diablerizing": "diablerize",
                   "canceled": "cancel", "canceling": "cancel", "cancelled": "cancel", "unlocks": "unlock",
                   "equipped": "equip", "equipping": "equip", "controlled": "control", "controlling": "control",
                   "committed": "commit", "committing": "commit", "ousted": "oust", "untapped": "untap",
                   "can't": "can", "won't": "will", "doesn't": "do", "don't": "do", "isn't": "be", "aren't": "be",
                   "hadn't": "have", "wasn't": "be"})

MODALS = frozenset("can may must cannot could would should will can't won't".split())
AUXILIARIES = frozenset("is are was were be been being has have had do does did".split())
#: verbs that never start an effect by themselves (they are the glue of a clause)
WEAK_VERBS = frozenset("be have do can may must cannot could would should will".split())

# -- everything else ---------------------------------------------------------------------------------

FUNCTION_WORDS = frozenset("""
a an the this that these those any each every all another other others no none its it it's his her hers him
himself herself itself their theirs them themselves they he she you your yours yourself my one ones two three
four five six seven eight nine ten eleven twelve thirteen zero some both either neither which whichever whose
who whom what whatever such same several many more most much less fewer least first second third last next
only up to at least of in on onto into out from for by with without within between among against toward towards
through over under above below before after during while until till unless if when whenever where wherever
whether though although because since as than then thereafter afterward afterwards otherwise instead also
even just still yet again already not nor or and but so too very here there now once twice per via
about around across along upon rather except including inclusive regardless how however
""".split())

GAME_WORDS = frozenset("""
vampire vampires minion minions ally allies retainer retainers methuselah methuselahs methuselah's imbued
mortal mortals monster monsters ghoul ghouls werewolf werewolves wraith wraiths mummy mummies zombie zombies
demon demons animal animals changeling changelings mage mages hunter hunters slave slaves gargoyle gargoyles
creature creatures corpse corpses spirit spirits human humans dhampir fledgling fledglings giant
card cards library libraries crypt crypts hand hands ash heap heaps pool blood bank counter counters life
region regions play game table seat seating player players opponent prey predator predators controller controllers
owner owners bearer employer edge victory point points title titles titled untitled vote votes ballot ballots
referendum referendums polling step steps phase phases turn turns round rounds combat combats combatant combatants
action actions modifier modifiers reaction reactions strike strikes damage maneuver maneuvers press presses
range close long stealth intercept bleed bleeds hunt hunts strength capacity capacities generation age cost costs
discipline disciplines level levels inferior superior basic advanced version base merged unmerged
clan clans clanless sect sects path paths creed creeds virtue virtues conviction convictions power powers
master masters event events location locations equipment equipments weapon weapons gun guns melee vehicle
electronic ammo haven havens trifle out-of-turn unique non-unique contested contest uncontested
unlock unlocked locked lock ready unready torpor incapacitated burned ousted wounded
acting blocking blocked unblocked unblockable blocker blockers reacting opposing striking attacking
directed undirected successful unsuccessful successfully unsuccessfully bled
aggravated non-aggravated environmental unpreventable preventable ranged non-ranged hand-strike
effect effects ability abilities text textless nameless trait traits type types kind name named
requirement requirements rules rule normal normally usual regular standard original new old older oldest
younger youngest highest lowest higher lower larger smaller greater more fewer equal equals amount amounts
number numbers total sum half double doubled extra additional optional mandatory random randomly chosen
remainder rest remaining current currently previous following future later immediately automatically
simultaneously individually secretly truthfully correctly incorrectly directly exactly consecutive cumulative
full entire whole single each top bottom face face-down facedown face-up up down back side
beginning start end ending middle time times moment duration
able unable capable eligible possible applicable appropriate enough needed required considered treated
involved involving resulting pertaining existing surviving respective temporary permanent transient
non-action non-bleed non-combat non-political non-strike non-weapon non-vehicle non-electronic non-location
non-master non-retainer non-ally non-mortal non-hunt non-acting non-blocking non-ready non-titled non-unique
non-mandatory non-contested non-out-of-turn non-aggravated non-derivative non-sterile non-scarce non-infernal
non-red non-seraph non-black non-bleeding
sterile scarce infernal seraph black red list red-list hunter-list blood-cursed cursed
circle inner justicar justicars prince princes primogen baron barons archbishop archbishops bishop bishops
cardinal cardinals regent regents priscus prisci magaji kholo imperator inquisitor member members
camarilla sabbat anarch anarchs laibon independent independents antitribu
gehenna frenzy grapple aim archetype elysium hunting ground grounds haven boon boons multiplier contract
pact corruption transfusion ritual sigil ghost
government hostage debt liaison
option options choice choices decision decisions penalty purposes difference link
unmerge merged age
first-round second-round choose-strike yes-or-no
x y
uncontrolled political resolution means size influence diablerie immune immunity force excess worth initial way
limit limits rounded favor alternatively open reach investment well ante antes addition met damaging diablerist
belong belongs restriction restrictions never coin longer research replacement replacements status heads tails city
minimum maximum plus case clockwise counter-clockwise area victim terms bidder bidders winner loser odd special
allegiance empty listed effective concluded container advancement order opposition question free transferred front
redirect bonus roll die declaration playable multiplication division subtraction correct directive withdrawal
brought reduction high defaults anew etc source stun sequencing agreement occurred yes pertains binding
opportunity benefit derivative direction minus combination matter created enforced repaid due recent subsequent
prevention destruction modifying working sided wishes pathos derangement taint poison usable e g i s thuggee vs manuever
""".split())

DISCIPLINE_WORDS = frozenset(k.lower() for k in DISCIPLINES) | frozenset(DISCIPLINES.values()) | frozenset(
    v.upper().lower() for v in DISCIPLINES.values())

SECTS = ("camarilla", "sabbat", "anarch", "laibon", "independent")
TITLES = ("prince", "justicar", "inner circle", "primogen", "baron", "bishop", "archbishop", "cardinal",
          "regent", "priscus", "magaji", "kholo", "imperator", "inquisitor")


CLANS = ("abomination", "ahrimane", "akunanse", "assamite", "baali", "banu haqim", "blood brother", "brujah",
         "caitiff", "daughter of cacophony", "follower of set", "gangrel", "gargoyle", "giovanni", "guruhi",
         "harbinger of skulls", "hecata", "ishtarri", "kiasyd", "lasombra", "malkavian", "ministry", "nagaraja",
         "nosferatu", "osebo", "pander", "ravnos", "salubri", "samedi", "toreador", "tremere", "true brujah",
         "tzimisce", "ventrue", "brujah antitribu", "gangrel antitribu", "malkavian antitribu",
         "nosferatu antitribu", "salubri antitribu", "toreador antitribu", "tremere antitribu", "ventrue antitribu",
         "avenger", "defender", "innocent", "judge", "martyr", "redeemer", "visionary")


class Vocabulary:
    """The known words. Names (a capitalised word inside a sentence) are known through `names`."""

    def __init__(self) -> None:
        self.words: set[str] = set(FUNCTION_WORDS) | set(GAME_WORDS) | set(DISCIPLINE_WORDS) | set(VERB_FORMS)
        for c in CLANS:
            self.words.update(c.split())
        self.names: set[str] = set()

    def known(self, tok: str) -> bool:
        if tok in self.words or tok in self.names:
            return True
        if _NUMBERISH.fullmatch(tok):
            return True
        if tok.endswith("'s") and self.known(tok[:-2]):
            return True
        if tok.endswith("s'") and self.known(tok[:-1]):
            return True
        if tok.startswith("non-") and self.known(tok[4:]):
            return True
        if tok.endswith("s") and (tok[:-1] in self.words or tok[:-1] in self.names):
            return True
        if "-" in tok and all(self.known(p) for p in tok.split("-") if p):
            return True
        if "_" in tok:
            return True     # a clan name of several words or a /Card Name/, joined by the frame reader
        return False


_NUMBERISH = re.compile(r"[+\-]?(?:\d+x?|x)(?:[+\-](?:\d+|x))?r?|\d+(?:st|nd|rd|th)|\[[a-z0-9 ]+\]|\(d\)|\(limited\)")
_TOKEN = re.compile(r"[a-z]+(?:_[a-z]+)+|\[[^\W_][\w ]*\]|\(d\)|\(limited\)|[+\-]?\d+[^\W\d_]*(?:[+\-]\w+)?|[+\-]?x(?:[+\-]\d+)?\b|"
                    r"[^\W\d_](?:[\w'\-]*[^\W_])?", re.I)


@lru_cache(maxsize=16384)
def _tokens(text: str) -> tuple[str, ...]:
    return tuple(_TOKEN.findall(text.lower()))


def tokenize(text: str) -> list[str]:
    """Lower-case word tokens; icons ([dom]), (D) and (limited) stay whole."""
    return list(_tokens(text))


def unknown_words(toks: list[str], known) -> list[str]:
    """The tokens *known* does not know; a word naming a kind of counter ("3 training counters") is known."""
    out = []
    for i, w in enumerate(toks):
        if known(w):
            continue
        if i + 1 < len(toks) and toks[i + 1] in ("counter", "counters"):
            continue
        out.append(w)
    return out
