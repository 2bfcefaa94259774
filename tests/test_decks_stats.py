"""Draw odds are exact: checked against hand computations."""

from __future__ import annotations

from fractions import Fraction
from math import comb

from vtes_desktop.decks import stats


def test_one_copy_in_the_opening_hand():
    # 8 copies in 60 cards, 7 drawn: 1 - C(52,7)/C(60,7)
    expected = 1 - Fraction(comb(52, 7), comb(60, 7))
    assert abs(stats.at_least(60, 8, 7, 1) - float(expected)) < 1e-12


def test_two_copies_by_turn_three():
    # by turn 3 with 1 extra card a turn: 9 cards seen; at least 2 of 4 copies in 80
    seen = stats.seen_by_turn(3, 1)
    assert seen == 9
    miss = sum(comb(4, i) * comb(76, 9 - i) for i in range(2))
    expected = 1 - Fraction(miss, comb(80, 9))
    assert abs(stats.at_least(80, 4, seen, 2) - float(expected)) < 1e-12


def test_edges():
    assert stats.at_least(60, 0, 7, 1) == 0.0
    assert stats.at_least(60, 60, 7, 1) == 1.0
    assert stats.at_least(10, 3, 20, 3) == 1.0      # drawing the whole library
    assert stats.at_least(60, 3, 7, 0) == 1.0
    assert stats.seen_by_turn(1, 3) == 7 and stats.seen_by_turn(4, 0) == 7


def test_library_and_crypt_odds(db):
    bonding, dodge = db["Bonding"].id, db["Dodge"].id
    odds = {o.label: o for o in stats.library_odds({bonding: 6, dodge: 54}, db, turns=3)}
    assert odds["Bonding"].copies == 6
    assert abs(odds["Bonding"].by_turn[0] - stats.at_least(60, 6, 7, 1)) < 1e-12
    assert odds["Bonding"].by_turn[0] < odds["Bonding"].by_turn[1] < odds["Bonding"].by_turn[2]
    by_type = {o.label: o for o in stats.library_odds({bonding: 6, dodge: 54}, db, by="type")}
    assert by_type["Combat"].copies == 54
    sully, ryan = db["Sully"].id, db["Ryan"].id          # aus dom obf / ani obf pot
    crypt = {sully: 6, ryan: 6}
    odds = stats.crypt_discipline_odds(crypt, db)
    assert odds["obf"] == 1.0
    assert abs(odds["dom"] - (1 - comb(6, 4) / comb(12, 4))) < 1e-12
    assert stats.capacity_spread(crypt, db) == {4: 12}
