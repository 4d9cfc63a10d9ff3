"""The play options of RULES §7.1: `play_trump` (must follow suit, trump only when void),
`trump_by` and `pitcher_leads_trump`, their defaults (§7.8.14), the clashes refused, and
the worked hand Y3 (§7.9)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from setback import (
    AllPass,
    DealerMatch,
    IllegalActionError,
    LowTo,
    Phase,
    PlayTrump,
    Rules,
    RulesError,
    TrumpBy,
    apply_action,
    legal_actions,
    new_game,
)
from setback.rules import PRESET_NAMES

from .. import reference
from ..support import act, deal, legal_plays, play

WHEN_VOID = PlayTrump.WHEN_VOID

# --- §7.9 Y3: must follow suit ------------------------------------------------------------

Y3_HANDS = "A: A♦ K♦ J♦ 2♦ A♣ 7♣; B: Q♦ 5♦ 5♣ 4♠ 9♥ 6♥; C: 8♦ K♣ 7♥ 9♠ 3♠ 2♥; D: 3♦ 10♥ J♠ 8♥ 7♠ 6♠"
Y3_TRICKS = [
    "A A♦ B 5♦ C 8♦ D 3♦ → A",
    "A A♣ B 5♣ C K♣ D 6♠ → A",
    "A K♦ B Q♦ C 2♥ D 7♠ → A",
    "A J♦ B 4♠ C 3♠ D 8♥ → A",
    "A 7♣ B 6♥ C 7♥ D J♠ → A",
    "A 2♦ B 9♥ C 9♠ D 10♥ → A",
]


def y3_rules(play_trump: PlayTrump = WHEN_VOID) -> Rules:
    """The closest rules to Y3's `Rules.trickster(4)` that exist yet: four players in two
    partnerships, the four points, target 11, no Smudge, no dealer's match, a redeal when
    all pass, trump declared by the pitcher and his first lead a trump (RULES §7.3,
    §7.8.5, §7.8.6)."""
    return Rules.setback(
        target=11,
        smudge=False,
        dealer_match=DealerMatch.NONE,
        all_pass=AllPass.REDEAL,
        low_to=LowTo.HOLDER,
        trump_by=TrumpBy.DECLARE,
        pitcher_leads_trump=True,
        play_trump=play_trump,
    )


def y3_declared(play_trump: PlayTrump = WHEN_VOID) -> Any:
    """Y3 up to the first lead: Anna bids 4 (the shoot of Y3 does not exist yet: a plain
    bid of every point stands in for it), the others pass, Anna names ♦."""
    state = act(deal(y3_rules(play_trump), Y3_HANDS), "A 4, B pass, C pass, D pass")
    assert state.phase is Phase.DECLARE_TRUMP and state.to_act == 0
    return apply_action(state, "trump D", seat=0)


def test_y3_tricks_under_must_follow_suit() -> None:
    """RULES §7.9 Y3 with `play_trump=WHEN_VOID`: every trick as worked, each legal card
    claim exact. Built by hand (no `Rules.trickster(4)` and no shoot yet): a 4-player
    partnership game to 11 with trump declared and led by the pitcher, and a plain bid of 4
    instead of the shoot, so the made bid scores +4 and does not end the game."""
    state = y3_declared()
    # Anna must lead a trump (pitcher_leads_trump)
    assert legal_plays(state) == {"play AD", "play KD", "play JD", "play 2D"}
    state = apply_action(state, "play AD", seat=0)
    # trick 1: trump is led, so each must play a trump
    assert legal_plays(state) == {"play QD", "play 5D"}
    state = apply_action(state, "play 5D", seat=1)
    assert legal_plays(state) == {"play 8D"}
    state = apply_action(state, "play 8D", seat=2)
    assert legal_plays(state) == {"play 3D"}
    state = apply_action(state, "play 3D", seat=3)
    assert state.tricks[-1].winner == 0
    state = apply_action(state, "play AC", seat=0)
    # trick 2: Ben holds a club, so 5♣ is his only legal card (he may not trump with Q♦)
    assert legal_plays(state) == {"play 5C"}
    with pytest.raises(IllegalActionError) as refused:
        apply_action(state, "play QD", seat=1)
    assert refused.value.code == "follow_suit"
    assert refused.value.params == {"card": "QD", "led": "C", "playable": ["5C"]}
    state = apply_action(state, "play 5C", seat=1)
    assert legal_plays(state) == {"play KC"}
    state = apply_action(state, "play KC", seat=2)
    # Dan is void in clubs and may play anything
    assert legal_plays(state) == {"play 10H", "play JS", "play 8H", "play 7S", "play 6S"}
    state = apply_action(state, "play 6S", seat=3)
    assert state.tricks[-1].winner == 0
    state = play(state, "; ".join(Y3_TRICKS[2:]))
    result = state.history[-1]
    assert [trick.winner for trick in result.tricks] == [0] * 6
    assert result.points == {"high": 0, "low": 0, "jack": 0, "game": 0}
    assert result.card_points == (28, 0)
    assert result.made is True and result.score_changes == (4, 0)
    assert not state.is_over  # the shoot would have won the game (shoot_made=WIN)


def test_y3_same_hand_under_anytime() -> None:
    """RULES §7.9 Y3, "the same hand under ANYTIME": in trick 2 Ben's legal cards are 5♣
    and Q♦; he trumps with Q♦, Carla must play K♣, Dan plays 10♥, and Ben's trick holds
    19 of the 28 card points, so BD win Game whatever follows and Anna's bid of 4 (standing
    in for the shoot) is set."""
    state = y3_declared(PlayTrump.ANYTIME)
    state = play(state, Y3_TRICKS[0])
    state = apply_action(state, "play AC", seat=0)
    assert legal_plays(state) == {"play 5C", "play QD"}
    state = apply_action(state, "play QD", seat=1)
    assert legal_plays(state) == {"play KC"}
    state = apply_action(state, "play KC", seat=2)
    assert legal_plays(state) == {"play 10H", "play JS", "play 8H", "play 7S", "play 6S"}
    state = apply_action(state, "play 10H", seat=3)
    assert state.tricks[-1].winner == 1
    assert sum(card.points for card in state.tricks[-1].cards) == 19 > 28 // 2
    rng = random.Random(3)
    while state.hand_number == 0:
        state = apply_action(state, rng.choice(legal_actions(state)))
    result = state.history[-1]
    assert result.points["game"] == 1
    assert result.made is False and result.score_changes[0] == -4


# --- WHEN_VOID, rule by rule ---------------------------------------------------------------


def _after_lead(rules: Rules, hands: str, lead: str, trump: str | None = None) -> Any:
    """Anna bids 2 and the others pass; Anna names `trump` (where trump is declared) and
    leads `lead`: Ben is to play."""
    state = act(deal(rules, hands), "A 2, B pass, C pass, D pass")
    if trump is not None:
        state = apply_action(state, f"trump {trump}", seat=0)
    return apply_action(state, f"play {lead}", seat=0)


def test_to_a_trump_lead_a_holder_of_trump_must_trump() -> None:
    """§7.1.1: "if trump is led, a player holding a trump must play one" (any trump)."""
    rules = Rules.setback(play_trump=WHEN_VOID)
    hands = (
        "A: AS 2C 3C 4C 5C 6C; B: 9S 3S KH QH JH 10H; C: 7C 8C 9C 10C JC QC; D: 2D 3D 4D 5D 6D 7D"
    )
    state = _after_lead(rules, hands, "AS")
    assert legal_plays(state) == {"play 9S", "play 3S"}
    with pytest.raises(IllegalActionError) as refused:
        apply_action(state, "play KH", seat=1)
    assert refused.value.code == "follow_trump"


def test_holding_the_led_suit_a_seat_may_not_trump() -> None:
    """§7.1.1: "a player holding a card of the led suit must play one, and he may trump
    only when he holds none": with a club and a trump in hand, to a club lead, the club
    only under WHEN_VOID; the club or the trump under ANYTIME."""
    hands = (
        "A: AS KC 3C 4C 5C 6C; B: 9S 8S 2C KH QH JH; C: 7C 8C 9C 10C JC QC; D: 2D 3D 4D 5D 6D 7D"
    )
    for play_trump, expected in (
        (WHEN_VOID, {"play 2C"}),
        (PlayTrump.ANYTIME, {"play 2C", "play 8S"}),
    ):
        state = act(
            deal(Rules.setback(play_trump=play_trump), hands), "A 2, B pass, C pass, D pass"
        )
        state = play(state, "A AS B 9S C 7C D 2D → A")
        state = apply_action(state, "play KC", seat=0)
        assert legal_plays(state) == expected, play_trump


def test_a_seat_void_in_the_led_suit_may_play_anything() -> None:
    """§7.1.1: "a player holding none of the led suit may play any card", a trump or not."""
    hands = (
        "A: AS KC 3C 4C 5C 6C; B: 9S 8S KH QH JH 2D; C: 7C 8C 9C 10C JC QC; D: 3D 4D 5D 6D 7D 8D"
    )
    state = act(deal(Rules.setback(play_trump=WHEN_VOID), hands), "A 2, B pass, C pass, D pass")
    state = play(state, "A AS B 9S C 7C D 3D → A")
    state = apply_action(state, "play KC", seat=0)
    assert legal_plays(state) == {"play 8S", "play KH", "play QH", "play JH", "play 2D"}


def test_no_trump_first_trick_still_rules_trick_one() -> None:
    """§7.1.1 and §4.3: in trick 1 the first-trick rule overrides (void in the led suit, a
    non-trump first, though WHEN_VOID alone would allow a trump); from trick 2 on, must
    follow suit."""
    rules = Rules.setback(no_trump_first_trick=True, play_trump=WHEN_VOID)
    assert (rules.trump_by, rules.pitcher_leads_trump) == (TrumpBy.DECLARE, False)
    hands = (
        "A: KC AS 3C 4C 5C 6C; B: 9S 8S KH QH JH 2C; C: 7C 8C 9C 10C JC QC; D: 9H 2D 3D 4D 5D 6D"
    )
    state = _after_lead(rules, hands, "KC", trump="S")
    assert legal_plays(state) == {"play 2C"}
    state = apply_action(state, "play 2C", seat=1)
    state = apply_action(state, "play 7C", seat=2)
    # Dan: void in clubs, holding non-trumps only: any; (no trump here) all open
    assert legal_plays(state) == {"play 9H", "play 2D", "play 3D", "play 4D", "play 5D", "play 6D"}
    hands = (
        "A: KC AS 3C 4C 5C 6C; B: 9S 8S KH QH JH 2C; C: 7C 8C 9C 10C JC QC; D: 2S 2D 3D 4D 5D 6D"
    )
    state = _after_lead(rules, hands, "KC", trump="S")
    state = apply_action(apply_action(state, "play 2C", seat=1), "play 7C", seat=2)
    # void in clubs: a non-trump first (§4.3), though WHEN_VOID alone would let him trump
    assert legal_plays(state) == {"play 2D", "play 3D", "play 4D", "play 5D", "play 6D"}
    with pytest.raises(IllegalActionError) as refused:
        apply_action(state, "play 2S", seat=3)
    assert refused.value.code == "no_trump_first_trick"
    state = apply_action(state, "play 2D", seat=3)
    assert state.tricks[-1].winner == 0
    state = apply_action(state, "play 3C", seat=0)  # trick 2: Ben holds no club now
    assert legal_plays(state) == {"play 9S", "play 8S", "play KH", "play QH", "play JH"}
    state = apply_action(state, "play 9S", seat=1)
    assert legal_plays(state) == {"play 8C", "play 9C", "play 10C", "play JC", "play QC"}


def test_the_off_jack_follows_trump_not_its_printed_suit() -> None:
    """§7.1.1 with §6.1.4: "by suit under trump": with ♠ trump and the jick a trump, J♣
    is no club: holding J♣ and a club, to a club lead, only the club; holding J♣ as his
    only "club", a seat is void in clubs and may play anything; to a trump lead J♣ must
    be played by a seat whose only trump it is."""
    rules = Rules.setback(off_jack=True, play_trump=WHEN_VOID)
    hands = (
        "A: AS KC 3C 4C 5C 6C; B: JC 2C KH QH 10H 9H; C: 7C 8C 9C 10C QC 3S; D: JS 2D 3D 4D 5D 6D"
    )
    state = act(deal(rules, hands), "A 2, B pass, C pass, D pass")
    state = apply_action(state, "play AS", seat=0)
    assert legal_plays(state) == {"play JC"}  # the jick is Ben's only trump
    hands = (
        "A: AS KC 3C 4C 5C 6C; B: JC 2C KH QH 10H 9S; C: 7C 8C 9C 10C QC 3S; D: JS 2D 3D 4D 5D 6D"
    )
    state = act(deal(rules, hands), "A 2, B pass, C pass, D pass")
    state = play(state, "A AS B 9S C 3S D JS → A")
    state = apply_action(state, "play KC", seat=0)
    assert legal_plays(state) == {"play 2C"}  # J♣ is a trump: he must follow with 2♣
    hands = (
        "A: AS KC 3C 4C 5C 6C; B: JC 2D KH QH 10H 9S; C: 7C 8C 9C 10C QC 3S; D: JS 2C 3D 4D 5D 6D"
    )
    state = act(deal(rules, hands), "A 2, B pass, C pass, D pass")
    state = play(state, "A AS B 9S C 3S D JS → A")
    state = apply_action(state, "play KC", seat=0)
    assert legal_plays(state) == {"play JC", "play 2D", "play KH", "play QH", "play 10H"}


def test_a_joker_is_a_trump_to_must_follow_suit() -> None:
    """§7.1.1 with §6.1: the joker is a trump, so a seat holding the led suit may not play
    it, and a seat void in the led suit may."""
    rules = Rules.joker_pitch(players=4, play_trump=WHEN_VOID)
    hands = (
        "A: AS KC 3C 4C 5C 6C; B: JK 2C KH QH 10H 9S; C: 7C 8C 9C 10C QC 3S; D: JS 2D 3D 4D 5D 6D"
    )
    state = act(deal(rules, hands), "A 2, B pass, C pass, D pass")
    state = play(state, "A AS B 9S C 3S D JS → A")
    state = apply_action(state, "play KC", seat=0)
    assert legal_plays(state) == {"play 2C"}
    anytime = act(deal(Rules.joker_pitch(players=4), hands), "A 2, B pass, C pass, D pass")
    anytime = apply_action(play(anytime, "A AS B 9S C 3S D JS → A"), "play KC", seat=0)
    assert legal_plays(anytime) == {"play 2C", "play JK"}


def test_must_follow_suit_combines_with_smudge_and_the_pitch() -> None:
    """§7.1.1 under every preset form but trumps-only: Smudge and pitch instead of bid
    (§4.2, LEAD only) take WHEN_VOID; the pitched card is the first lead, a trump, so a
    seat holding a trump must play one."""
    smudging = Rules.setback(play_trump=WHEN_VOID)
    assert smudging.smudge and smudging.play_trump is WHEN_VOID
    rules = Rules.auction_pitch(players=4, pitch_instead_of_bid=True, play_trump=WHEN_VOID)
    hands = (
        "A: AS KC 3C 4C 5C 6C; B: 9S 2C KH QH 10H 9H; C: 7C 8C 9C 10C QC 3S; D: JS 2D 3D 4D 5D 6D"
    )
    state = apply_action(deal(rules, hands), "pitch AS", seat=0)
    state = apply_action(state, "pass", seat=3)  # after a pitch only the dealer answers
    assert state.phase is Phase.PLAY and state.to_act == 1
    assert legal_plays(state) == {"play 9S"}


# --- trump_by and pitcher_leads_trump ------------------------------------------------------


def test_trump_declared_on_a_six_card_deal_without_the_draw() -> None:
    """§7.1.2: `DECLARE` without draw on a 6-card deal (Trickster's 4-point game): after
    the auction the pitcher names trump, nobody discards, and he leads; with
    `pitcher_leads_trump` his first lead must be a trump, without it any card."""
    hands = (
        "A: AS KC 3C 4C 5C 6C; B: 9S 8S KH QH JH 2D; C: 7C 8C 9C 10C JC QC; D: 3D 4D 5D 6D 7D 8D"
    )
    for leads, expected in (
        (True, {"play AS"}),
        (False, {"play AS", "play KC", "play 3C", "play 4C", "play 5C", "play 6C"}),
    ):
        rules = Rules.setback(trump_by=TrumpBy.DECLARE, pitcher_leads_trump=leads)
        assert rules.declares_trump and rules.must_lead_trump is leads
        state = act(deal(rules, hands), "A 2, B pass, C pass, D pass")
        assert state.phase is Phase.DECLARE_TRUMP
        state = apply_action(state, "trump S", seat=0)
        assert state.phase is Phase.PLAY and state.to_act == 0 and state.trump is not None
        assert legal_plays(state) == expected


# every preset's play options, exactly (§7.8.14: what the other options imply)
PRESET_PLAY_OPTIONS = {
    "setback": (PlayTrump.ANYTIME, TrumpBy.LEAD, False),
    "auction-pitch": (PlayTrump.ANYTIME, TrumpBy.LEAD, False),
    "cutthroat": (PlayTrump.ANYTIME, TrumpBy.LEAD, False),
    "six": (PlayTrump.ANYTIME, TrumpBy.DECLARE, True),
    "ten-point": (PlayTrump.ONLY, TrumpBy.DECLARE, True),
    "smear": (PlayTrump.ANYTIME, TrumpBy.DECLARE, True),
    "joker-pitch": (PlayTrump.ANYTIME, TrumpBy.LEAD, False),
    "trickster-4": (PlayTrump.ANYTIME, TrumpBy.DECLARE, True),
    "trickster-5": (PlayTrump.ANYTIME, TrumpBy.DECLARE, True),
    "trickster-6": (PlayTrump.ANYTIME, TrumpBy.DECLARE, True),
    "trickster-7": (PlayTrump.ONLY, TrumpBy.DECLARE, True),
    "trickster-9": (PlayTrump.ANYTIME, TrumpBy.DECLARE, True),
    "trickster-10": (PlayTrump.ONLY, TrumpBy.DECLARE, True),
    "trickster-11": (PlayTrump.ONLY, TrumpBy.DECLARE, True),
    "trickster-13": (PlayTrump.ONLY, TrumpBy.DECLARE, True),
    "cinch": (PlayTrump.ANYTIME, TrumpBy.DECLARE, False),  # §7.5.6: the pitcher leads any card
    "pedro-sancho": (PlayTrump.ANYTIME, TrumpBy.LEAD, False),
    "dom-pedro": (PlayTrump.ANYTIME, TrumpBy.LEAD, False),
}


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_preset_expresses_its_play_through_the_fields(name: str) -> None:
    """§7.1: each preset's `play_trump`, `trump_by` and `pitcher_leads_trump`, exactly,
    with the read-only values they give (`trumps_only`, `declares_trump`,
    `must_lead_trump`), at every seat count the preset takes."""
    counts = {"setback": (4, 6), "six": (None,), "ten-point": range(2, 7), "smear": range(2, 7)}
    counts["cinch"] = (4,)
    small, large = (2, 3, 4), (4, 6)
    counts.update({f"trickster-{n}": small if n <= 6 else large for n in (4, 5, 6, 7, 10, 11, 13)})
    counts["trickster-9"] = (4,)
    for players in counts.get(name, range(2, 9)):
        rules = Rules.preset(name, players=players)
        play_trump, trump_by, leads = PRESET_PLAY_OPTIONS[name]
        if name == "setback" and players == 6:
            play_trump, trump_by, leads = PRESET_PLAY_OPTIONS["six"]
        assert (rules.play_trump, rules.trump_by, rules.pitcher_leads_trump) == (
            play_trump,
            trump_by,
            leads,
        )
        assert rules.trumps_only is (play_trump is PlayTrump.ONLY)
        assert rules.declares_trump is (trump_by is TrumpBy.DECLARE)
        assert rules.must_lead_trump is leads


@pytest.mark.parametrize(
    ("options", "trump_by", "leads"),
    [
        ({}, TrumpBy.LEAD, False),
        ({"draw": True}, TrumpBy.DECLARE, True),
        ({"no_trump_first_trick": True}, TrumpBy.DECLARE, False),
        ({"draw": True, "no_trump_first_trick": True}, TrumpBy.DECLARE, False),
        ({"deal": 8}, TrumpBy.DECLARE, True),
        ({"deal": 9, "keep_six": "non_trumps_first"}, TrumpBy.DECLARE, True),
        ({"deal": 9, "keep_six": "discard_and_draw"}, TrumpBy.DECLARE, False),
        ({"deal": 8, "no_trump_first_trick": True}, TrumpBy.DECLARE, False),
        ({"pitch_instead_of_bid": True}, TrumpBy.LEAD, False),
        ({"play_trump": "when_void"}, TrumpBy.LEAD, False),
    ],
)
def test_left_unset_the_play_options_take_what_the_others_imply(
    options: dict[str, Any], trump_by: TrumpBy, leads: bool
) -> None:
    """§7.8.14: `trump_by` is DECLARE exactly with the draw, §4.3 or a deal above six;
    `pitcher_leads_trump` true exactly with the draw or a deal above six, not with §4.3;
    the plain oracle says the same."""
    rules = Rules.setback(**options)
    assert (rules.trump_by, rules.pitcher_leads_trump) == (trump_by, leads)
    assert reference.implied_trump_by(rules) is trump_by
    assert reference.implied_pitcher_leads_trump(rules) is leads
    assert Rules.setback(**options, trump_by=trump_by, pitcher_leads_trump=leads) == rules


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"draw": True, "trump_by": "lead"}, "trump_by LEAD does not combine with draw"),
        (
            {"no_trump_first_trick": True, "trump_by": "lead"},
            "trump_by LEAD does not combine with no_trump_first_trick",
        ),
        ({"deal": 8, "trump_by": "lead"}, "trump_by LEAD does not combine with a deal of 8"),
        ({"pitcher_leads_trump": True}, "pitcher_leads_trump needs trump_by DECLARE"),
        (
            {"trump_by": "lead", "pitcher_leads_trump": True},
            "pitcher_leads_trump needs trump_by DECLARE",
        ),
        (
            {"no_trump_first_trick": True, "pitcher_leads_trump": True},
            "pitcher_leads_trump does not combine with no_trump_first_trick",
        ),
        (
            {"trump_by": "declare", "pitch_instead_of_bid": True},
            "pitch_instead_of_bid does not combine with trump_by DECLARE",
        ),
        (
            {"draw": True, "pitch_instead_of_bid": True},
            "pitch_instead_of_bid does not combine with draw",
        ),
        ({"play_trump": "only"}, r"trumps_only \(play_trump ONLY\) needs trump_by DECLARE"),
        ({"trumps_only": True}, r"trumps_only \(play_trump ONLY\) needs trump_by DECLARE"),
        (
            {"trumps_only": True, "play_trump": "when_void"},
            "trumps_only=True conflicts with play_trump WHEN_VOID",
        ),
        (
            {"trumps_only": False, "play_trump": "only"},
            "trumps_only=False conflicts with play_trump ONLY",
        ),
        (
            {"trump_by": "declare", "play_trump": "only", "no_trump_first_trick": True},
            "trumps_only does not combine with no_trump_first_trick",
        ),
        ({"deal": 9, "keep_six": "draw_back"}, r"DRAW_BACK needs trumps_only \(play_trump ONLY\)"),
        (
            {"deal": 9, "keep_six": "draw_back", "play_trump": "when_void"},
            r"DRAW_BACK needs trumps_only \(play_trump ONLY\)",
        ),
        ({"play_trump": "sometimes"}, "PlayTrump must be one of ANYTIME, WHEN_VOID, ONLY"),
        ({"trump_by": "pitch"}, "TrumpBy must be one of LEAD, DECLARE"),
    ],
)
def test_play_options_that_make_no_game_are_refused(options: dict[str, Any], message: str) -> None:
    """§7.1, §7.8.9: each clash is a RulesError naming it."""
    with pytest.raises(RulesError, match=message):
        Rules.setback(**options)


@pytest.mark.parametrize(
    "options",
    [
        {"trump_by": "declare"},  # Trickster's 4 points: declared, six cards, no draw
        {"trump_by": "declare", "pitcher_leads_trump": True},
        {"draw": True, "pitcher_leads_trump": False},  # the draw, the pitcher leads any card
        {"deal": 8, "pitcher_leads_trump": False},
        {"trump_by": "declare", "play_trump": "only"},  # trumps only on a six-card deal
        {"draw": True, "play_trump": "when_void"},
        {"no_trump_first_trick": True, "play_trump": "when_void"},
        {"pitch_instead_of_bid": True, "play_trump": "when_void"},
        {"trumps_only": False, "play_trump": "when_void"},
    ],
)
def test_play_options_that_are_a_game_are_allowed(options: dict[str, Any]) -> None:
    """§7.1: the explicit values that make a real game build, and a game plays through."""
    rules = Rules.setback(**options)
    rng = random.Random(1)
    state = new_game(rules, seed=1)
    while state.hand_number < 2 and not state.is_over:
        state = apply_action(state, rng.choice(legal_actions(state)))


def test_trumps_only_is_a_keyword_and_a_read_only_value() -> None:
    """§7.1.1: `trumps_only=True` means `play_trump=ONLY`; the value is read-only."""
    ten = Rules.ten_point()
    assert ten == Rules.ten_point(trumps_only=True) == Rules.ten_point(play_trump="only")
    assert hash(ten) == hash(Rules.ten_point(trumps_only=True))
    assert Rules.smear(trumps_only=True).play_trump is PlayTrump.ONLY
    assert Rules.smear(trumps_only=False).play_trump is PlayTrump.ANYTIME
    with pytest.raises(AttributeError):
        ten.trumps_only = False  # type: ignore[misc]
    with pytest.raises(TypeError, match="trumps_only must be True or False"):
        Rules.smear(trumps_only=1)


# --- JSON ------------------------------------------------------------------------------------
