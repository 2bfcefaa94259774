"""The golden file of compiled card rules: which cards, how they render, how to regenerate it.

Regenerate after a reviewed change to the grammar, then review the diff entry by entry against the card
text (each entry carries the text):

    .venv/bin/python tests/cards/golden.py
"""

from __future__ import annotations

import json
from pathlib import Path

GOLDEN = Path(__file__).with_name("golden_rules.json")

#: Cards chosen across every type and discipline: the most used of each type in the TWDA sample, the most
#: used card of each discipline, the most used crypt cards with special abilities, and cards for particular
#: constructs (levels by discipline or type, alternatives, "As above", hand-written rules, Imbued powers).
NAMES = [
    "Dreams of the Sphinx", "Giant's Blood", "Pentex(TM) Subversion", "Villein", "Direct Intervention", "Vessel",
    "Blood Doll", "Information Highway", "Powerbase: Montreal", "Wider View", "On the Qui Vive", "Deflection",
    "Telepathic Misdirection", "Delaying Tactics", "Eyes of Argus", "My Enemy's Enemy",
    "Wake with Evening's Freshness", "Forced Awakening", "Govern the Unaligned", "Entrancement",
    "Aranthebes, The Immortal", "Bum's Rush", "Graverobbing", "Magic of the Smith", "Enchant Kindred", "Deep Song",
    "Scouting Mission", "Unleash Hell's Fury", "Lost in Crowds", "Conditioning", "Freak Drive", "Faceless Night",
    "Elder Impersonation", "Cloak the Gathering", "Enkil Cog", "Spying Mission", "Forgotten Labyrinth",
    "Voter Captivation", "Heart of Nizchetus", "Ivory Bow", "Bowl of Convergence", ".44 Magnum", "Sniper Rifle",
    "Sport Bike", "Palatial Estate", "Leather Jacket", "Carlton Van Wyk", "Mylan Horseed", "Ossian",
    "Vagabond Mystic", "Gregory Winter", "Ponticulus", "Swallowed by the Night", "Breath of Thanatos",
    "Hide the Mind", "Resist Earth's Grasp", "Majesty", "Taste of Vitae", "Earth Meld", "Form of Mist",
    "Carrion Crows", "Rolling with the Punches", "Immortal Grapple", "Target Vitals", "Pursuit", "Canine Horde",
    "Weighted Walking Stick", "Hidden Strength", "Aid from Bats", "Psyche!", "Kine Resources Contested",
    "Banishment", "Parity Shift", "Reins of Power", "Anarchist Uprising", "Ancient Influence", "Ancilla Empowerment",
    "Political Stranglehold", "The Unmasking", "Scourge of the Enochians", "Dragonbound", "Anthelios, The Red Star",
    "Mr. Winthrop", "Raven Spy", "J. S. Simmons, Esq.", "Tasha Morgan", "Homunculus", "Form of the Bat",
    "Spectral Divination", "Murmur of the False Will", "React with Conviction", "Second Sight",
    "Strike with Conviction", "Discern", "Vigilance", "Champion", "Rejuvenate", "Draba", "Monstrous Form",
    "Steely Tenacity", "Abandoning the Flesh", "Crimson Fury", "Predator's Transformation", "Mirror Image",
    "Kindred Spirits", "As the Crow", "Inspire", "Barrenness", "Project", "Shattering Crescendo", "Stone Travel",
    "Call of the Hungry Dead", "Repulsion", "Shadow Sentinel", "Shadow Play", "Black Sunrise", "Abjure", "Hive Mind",
    "Donnybrook", "Nose of the Hound", "Fractura", "Domain of Evernight", "Under My Skin", "Blissful Agony", "Surge",
    "Changeling", "Brick by Brick", "Determine", "Arika", "Cybele", "Antonio d'Erlette", "Mistress Fanchon",
    "Marcus Vitel", "Le Dinh Tho", "Anneke", "Blackhorse Tanner", "Lucinde, Alastor", "Rafael de Corazon", "Selena",
    "Alexandra", "François Villon", "Lutz von Hohenzollern", "Queen Anne", "Stanislava", "Carna, The Princess Witch",
    "Leandro", "Midget", "Tupdog", "Victor Pelletier", "Adana de Sforza", "Aire of Elation", "Swift Cover",
    "Sword of Judgment", "Dodge", "Enhanced Senses", "Bonding", "Blur", "Flash", "Skin of Steel",
    "Lightning Reflexes", "Glancing Blow", "Theo Bell", "Anson", "Ablative Skin", "Abombwe",
    "Absolution of the Diabolist", "Abbot", "Absolute Tyranny", "Academic Hunting Ground", "Madness of the Bard",
    "Pressing Flesh", "Stutter-Step", "Donate", "Anna \"Dictatrix11\" Suljic", "Eternal Vigilance",
    "Slum Hunting Ground",
]


def entry(card) -> dict:
    from vtes_desktop.cards.rules import compile_rules

    d = compile_rules(card).as_json()
    d["text"] = card.text
    return d


def build(db) -> dict:
    return {name: entry(db.lookup(name)) for name in NAMES}


def dump(data: dict) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False, sort_keys=False) + "\n"


def main() -> None:
    from vtes_desktop.cards import load_db

    GOLDEN.write_text(dump(build(load_db())), encoding="utf-8")
    print(f"wrote {GOLDEN} ({len(NAMES)} cards)")


if __name__ == "__main__":
    main()
