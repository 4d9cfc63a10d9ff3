"""The extended forms of RULES.md §6 (jokers, the off-jack, more point cards): the presets
Ten-point Pitch, Smear and Auction Pitch with Joker, their options, and the worked examples
X1 to X3 of §6.10, replayed exactly through the public API."""

from __future__ import annotations

import json
from itertools import combinations
from typing import Any

import pytest

from setback import (
    CARDS,
    Bid,
    Card,
    DealerMatch,
    Discard,
    GameState,
    HandResult,
    IllegalActionError,
    InvalidNotationError,
    InvalidStateError,
    JokerRank,
    KeepSix,
    LowTo,
    Phase,
    Play,
    Point,
    Rules,
    RulesError,
    Smudge,
    Suit,
    WinRule,
    apply_action,
    dumps,
    game_record,
    legal_actions,
    loads,
    new_game,
    observe,
    parse_action,
    parse_cards,
)

from ..support import NAMES, act, deal, hand, play


def _smear() -> Rules:
    """`Rules.smear(players=4)`, built when a test runs (not at collection)."""
    return Rules.smear(players=4)


def _ten_point() -> Rules:
    return Rules.ten_point(players=4)


def _joker_pitch() -> Rules:
    return Rules.joker_pitch(players=3)


EXTENDED_POINTS = (
    Point.HIGH,
    Point.LOW,
    Point.JACK,
    Point.OFF_JACK,
    Point.BIG_JOKER,
    Point.LITTLE_JOKER,
    Point.GAME,
    Point.TREY,
)
EXTENDED_NAMES = ["high", "low", "jack", "off_jack", "big_joker", "little_joker", "game", "trey"]
FIVE_POINTS = (Point.HIGH, Point.LOW, Point.JACK, Point.OFF_JACK, Point.GAME)


def _texts(state: GameState) -> list[str]:
    """The legal actions of the seat to act, as text, in the engine's order."""
    return [str(action) for action in legal_actions(state)]


def _cards(text: str) -> set[Card]:
    """'9♠ 3♠ LJ' as a set of cards."""
    return {Card.parse(word) for word in text.split()}


def _plays(text: str) -> set[str]:
    """'K♣ 8♣ 9♠' as the texts of the plays of those cards."""
    return {f"play {Card.parse(word)}" for word in text.split()}


def _legal_plays(state: GameState) -> set[str]:
    return {str(action) for action in legal_actions(state) if isinstance(action, Play)}


def _legal_discards(state: GameState) -> set[frozenset[Card]]:
    return {frozenset(a.cards) for a in legal_actions(state) if isinstance(a, Discard)}


def _four_of(text: str) -> set[frozenset[Card]]:
    """Every choice of 4 cards out of `text`."""
    return {frozenset(four) for four in combinations(_cards(text), 4)}


def _step(state: GameState, moves: str) -> GameState:
    """Apply plays 'C K♠ D 7♠' one at a time, each from the named seat."""
    words = moves.split()
    for name, card in zip(words[::2], words[1::2], strict=True):
        state = apply_action(state, f"play {card}", seat=NAMES[name])
    return state


def _last(state: GameState) -> HandResult:
    return state.history[-1]


# --- §6.2 points as data, §6.5-6.8 the presets ----------------------------------------


def test_points_are_worth_one_but_the_trey_three() -> None:
    """RULES §6.2: every point is worth 1 but `TREY`, worth 3; a point's value is its
    lower-case name."""
    assert {point: point.worth for point in Point} == {
        point: 3 if point is Point.TREY else 1 for point in Point
    }
    assert [point.value for point in Point] == [
        "high",
        "low",
        "jack",
        "off_jack",
        "joker",
        "big_joker",
        "little_joker",
        "ten",
        "trey",
        "game",
    ]


def test_default_points_leave_sections_1_to_5_unchanged() -> None:
    """RULES §6.2: the default is (HIGH, LOW, JACK, GAME), T = 4, no jokers, no jick."""
    rules = Rules.setback()
    assert rules.points == (Point.HIGH, Point.LOW, Point.JACK, Point.GAME)
    assert rules.total_points == 4
    assert (rules.jokers, rules.off_jack, rules.deal, rules.trumps_only) == (0, False, 6, False)
    assert Rules.auction_pitch().points == rules.points


def test_ten_point_preset() -> None:
    """RULES §6.5: 54 cards, jick, two jokers below the jacks; deal 9 (8 with six players);
    bids 3 to 10, no dealer's match, stuck dealer bids 3; draw back; trumps only; points
    High, Low, Jack, Off-jack, Big joker, Little joker, Game, Trey (T = 10), Low to the
    holder; target 52, pitcher first."""
    rules = Rules.ten_point()
    assert rules == _ten_point()
    assert (rules.jokers, rules.off_jack, rules.joker_rank) == (2, True, JokerRank.BELOW_JACKS)
    assert rules.points == EXTENDED_POINTS and rules.total_points == 10
    assert (rules.deal, rules.keep_six, rules.trumps_only) == (9, KeepSix.DRAW_BACK, True)
    assert (rules.min_bid, rules.smudge, rules.dealer_match) == (3, False, DealerMatch.NONE)
    assert rules.low_to is LowTo.HOLDER
    assert (rules.target, rules.win_rule) == (52, WinRule.PITCHER_FIRST)
    assert rules.sides == ((0, 2), (1, 3))
    assert Rules.ten_point(players=6).deal == 8
    assert Rules.ten_point(players=6).sides == ((0, 3), (1, 4), (2, 5))
    assert Rules.ten_point(players=3).sides == ((0,), (1,), (2,))


def test_smear_preset() -> None:
    """RULES §6.6: 54 cards, jick, two jokers below the jacks; deal 10 (9 with six
    players); bids 2 to 10, no dealer's match; discard to six; the Ten-point points,
    Low to the holder; target 21, highest score then pitcher."""
    rules = Rules.smear()
    assert rules == _smear()
    assert (rules.jokers, rules.off_jack, rules.joker_rank) == (2, True, JokerRank.BELOW_JACKS)
    assert rules.points == EXTENDED_POINTS and rules.total_points == 10
    assert (rules.deal, rules.keep_six, rules.trumps_only) == (10, KeepSix.NON_TRUMPS_FIRST, False)
    assert (rules.min_bid, rules.smudge, rules.dealer_match) == (2, False, DealerMatch.NONE)
    assert rules.low_to is LowTo.HOLDER
    assert (rules.target, rules.win_rule) == (21, WinRule.HIGHEST_SCORE)
    assert rules.sides == ((0, 2), (1, 3))
    assert Rules.smear(players=6).deal == 9
    assert Rules.smear(players=5).sides == ((0,), (1,), (2,), (3,), (4,))


def test_joker_pitch_preset() -> None:
    """RULES §6.7: Bicycle's form of §2: 53 cards, one joker ranked LOWEST, points High,
    Low, Jack, Joker, Game (T = 5), bids 2 to 5, target 10, Low to the holder, pitcher
    first."""
    rules = Rules.joker_pitch()
    assert (rules.players, rules.partnerships) == (4, False)
    assert (rules.jokers, rules.off_jack, rules.joker_rank) == (1, False, JokerRank.LOWEST)
    assert rules.points == (Point.HIGH, Point.LOW, Point.JACK, Point.JOKER, Point.GAME)
    assert rules.total_points == 5 and rules.deal == 6 and not rules.trumps_only
    assert (rules.min_bid, rules.smudge, rules.target) == (2, False, 10)
    assert rules.low_to is LowTo.HOLDER and rules.win_rule is WinRule.PITCHER_FIRST
    assert _joker_pitch().sides == ((0,), (1,), (2,))


def test_presets_take_keyword_overrides() -> None:
    """RULES §6: the presets are option values; any option may be overridden."""
    assert Rules.smear(target=11).target == 11
    assert Rules.smear(target=11).points == EXTENDED_POINTS
    assert Rules.ten_point(target=21).keep_six is KeepSix.DRAW_BACK
    assert Rules.joker_pitch(players=3, target=7).jokers == 1


def test_five_point_recipe_bids_up_to_5_and_smudges_at_6() -> None:
    """RULES §6.8 and §6.3: five-point (HIGH, LOW, JACK, OFF_JACK, GAME with off_jack), T = 5;
    bids run from min_bid to T, and Smudge, worth T + 1, stays its own call."""
    rules = Rules.setback(points=FIVE_POINTS, off_jack=True)
    assert rules.total_points == 5
    assert _texts(new_game(rules, seed=1, dealer=3)) == [
        "pass",
        "bid 2",
        "bid 3",
        "bid 4",
        "bid 5",
        "smudge",
    ]


@pytest.mark.parametrize(
    ("build", "message"),
    [
        # §6.2: a point set must fit the cards
        (lambda: Rules.setback(points=FIVE_POINTS), r"(?i)off_jack"),
        (
            lambda: Rules.setback(
                jokers=1, points=(Point.HIGH, Point.LOW, Point.JACK, Point.BIG_JOKER, Point.GAME)
            ),
            r"(?i)big_joker",
        ),
        (
            lambda: Rules.setback(
                jokers=1,
                points=(Point.HIGH, Point.LOW, Point.JACK, Point.LITTLE_JOKER, Point.GAME),
            ),
            r"(?i)little_joker",
        ),
        (
            lambda: Rules.setback(
                jokers=2, points=(Point.HIGH, Point.LOW, Point.JACK, Point.JOKER, Point.GAME)
            ),
            r"(?i)\bjoker\b",
        ),
        (
            lambda: Rules.setback(
                points=(Point.HIGH, Point.LOW, Point.JACK, Point.GAME, Point.HIGH)
            ),
            "twice",
        ),
        # §6.1: jokers are 0, 1 or 2
        (lambda: Rules.setback(jokers=3), "jokers"),
        # §6.4: a deal the pack cannot serve (6 × 10 > 54, 4 × 14 > 52)
        (lambda: Rules.smear(players=6, deal=10), "deal"),
        (lambda: Rules.setback(deal=14), "deal"),
        (lambda: Rules.setback(deal=9, keep_six="draw_back"), "trumps_only"),
        (lambda: Rules.ten_point(trumps_only=False), "trumps_only"),
        # §6.5.7: trumps-only play needs trump declared before the first lead
        (lambda: Rules.setback(trumps_only=True), "trumps_only"),
        # §6.9.4: LOWEST with two jokers is refused
        (lambda: Rules.smear(joker_rank=JokerRank.LOWEST), r"(?i)lowest"),
        (lambda: Rules.setback(jokers=2, joker_rank=JokerRank.LOWEST), r"(?i)lowest"),
        # §6.3: bids run from min_bid to T
        (lambda: Rules.joker_pitch(min_bid=6), "min_bid"),
        (lambda: Rules.auction_pitch(min_bid=5), "min_bid"),
    ],
)
def test_impossible_extended_options_are_refused(build: Any, message: str) -> None:
    """RULES §6.2, §6.3, §6.4, §6.9.4: impossible combinations raise RulesError naming the
    clash."""
    with pytest.raises(RulesError, match=message):
        build()


# --- §6.1 and §6.9.4 cards --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("BJ", "BJ"),
        ("bj", "BJ"),
        ("Big Joker", "BJ"),
        ("big joker", "BJ"),
        ("LJ", "LJ"),
        ("little joker", "LJ"),
        ("JK", "JK"),
        ("joker", "JK"),
        ("🃏", "JK"),
    ],
)
def test_joker_texts_parse(text: str, canonical: str) -> None:
    """RULES §6.1.1 and §6.9.4: JK (one joker), BJ and LJ (two), in any case and by name;
    🃏 is the joker."""
    card = Card.parse(text)
    assert str(card) == canonical and card.is_joker and card.suit is None


def test_jokers_are_three_distinct_cards_without_a_suit() -> None:
    """RULES §6.9.4: JK, BJ and LJ are three distinct cards; a joker's suit is None."""
    jokers = {Card.parse("JK"), Card.parse("BJ"), Card.parse("LJ")}
    assert len(jokers) == 3
    assert not Card.parse("J♠").is_joker and Card.parse("J♠").suit is Suit.SPADES


def test_jokers_sort_after_the_four_suits_big_before_little() -> None:
    """RULES §6.9.4: in sorted hands the jokers come after the four suits, big before
    little."""
    cards = [Card.parse(text) for text in ("LJ", "AS", "BJ", "2C", "KH")]
    assert [str(card) for card in sorted(cards)] == ["2C", "KH", "AS", "BJ", "LJ"]


@pytest.mark.parametrize("text", ["joker7", "BX"])
def test_unknown_joker_text_is_refused_saying_what_is_accepted(text: str) -> None:
    """Issue: an unknown card text raises InvalidNotationError listing what is accepted."""
    with pytest.raises(InvalidNotationError) as error:
        Card.parse(text)
    message = str(error.value)
    assert text in message
    assert all(name in message for name in ("JK", "BJ", "LJ"))


S1_HANDS = (
    "A: K♠ 9♦ 4♠ Q♥ 10♣ 7♦; B: A♠ 3♠ 5♦ J♦ 8♣ 2♥; C: J♠ 6♠ A♦ K♣ 9♥ 3♣; D: 2♠ 10♦ 5♥ Q♣ 4♦ 7♥"
)


@pytest.mark.parametrize("joker", ["BJ", "LJ", "JK"])
def test_a_joker_play_in_a_52_card_game_is_refused(joker: str) -> None:
    """RULES §6.9.4 and issue: a pack holds jokers only when `jokers` says so; in the
    52-card German game a play of a joker is refused."""
    state = act(deal(Rules.setback(), S1_HANDS), "A 2, B pass, C pass, D pass")
    assert state.phase is Phase.PLAY and state.to_act == 0
    with pytest.raises(IllegalActionError):
        apply_action(state, f"play {joker}", seat=0)


@pytest.mark.parametrize("kind", ["GameState", "GameRecord"])
def test_a_document_whose_cards_do_not_fit_its_rules_is_refused(kind: str) -> None:
    """Issue: loading a 52-card game whose hands hold BJ raises InvalidStateError."""
    state = deal(Rules.setback(), S1_HANDS)
    document = json.loads(dumps(state if kind == "GameState" else game_record(state)))
    assert document["kind"] == kind
    document["data"]["hands"][0][0] = "BJ"
    with pytest.raises(InvalidStateError, match="BJ"):
        loads(json.dumps(document))


# --- §6.9.1 calls: Smudge is its own call, bid N a plain bid ------------------------------


def test_smudge_is_its_own_call() -> None:
    """RULES §6.9.1: Smudge is its own call, text `smudge`."""
    assert parse_action("smudge") == Smudge() and str(Smudge()) == "smudge"
    assert parse_action("Smudge") == Smudge()
    assert parse_action("smudge") != parse_action("bid 5")


def test_bid_n_is_always_a_plain_bid() -> None:
    """RULES §6.9.1: `bid N` is always a plain bid of N (in the extended presets `bid 5` is
    an ordinary bid)."""
    assert str(Bid(5)) == "bid 5" and parse_action("bid 5") == Bid(5)
    assert str(parse_action("bid 10")) == "bid 10"


def test_german_calls_are_pass_2_3_4_and_smudge() -> None:
    """RULES §1.3 and §6.9.1: in the four-point game the calls are pass, 2, 3, 4 and the
    Smudge call (worth 5), which is `Smudge()`; a plain bid of 5 does not exist there."""
    state = deal(Rules.setback(), S1_HANDS)
    assert _texts(state) == ["pass", "bid 2", "bid 3", "bid 4", "smudge"]
    assert legal_actions(state)[-1] == Smudge()
    with pytest.raises(IllegalActionError):
        apply_action(state, "bid 5")


def test_auction_pitch_refuses_smudge() -> None:
    """RULES §2.2 and §6.9.1: Smudge exists only where `smudge` is on."""
    state = deal(Rules.auction_pitch(players=4), S1_HANDS)
    with pytest.raises(IllegalActionError):
        apply_action(state, "smudge")
    with pytest.raises(IllegalActionError):
        apply_action(state, Smudge())


def test_a_version_1_bid_of_5_loads_as_smudge() -> None:
    """RULES §6.9.1: version 1 wrote Smudge as a Bid of level 5; it loads as `Smudge()`."""
    old = '{"format":"setback","version":1,"kind":"Action","data":{"type":"Bid","level":5}}'
    assert loads(old) == Smudge()
    assert loads(dumps(Smudge())) == Smudge()
    assert loads(dumps(Bid(5))) == Bid(5)


# --- §6.10 X1 Smear ------------------------------------------------------------------------

X1_HANDS = (
    "A: 9♠ 3♠ K♣ 8♣ A♥ Q♦ 3♥ 4♦ 6♦ 9♣; "
    "B: A♠ 2♠ 7♣ 9♥ 10♥ 9♦ 5♥ 6♥ 7♦ Q♣; "
    "C: K♠ Q♠ 10♠ 8♠ 6♠ 4♠ LJ 2♥ 3♦ 5♣; "
    "D: BJ J♣ 7♠ 4♥ 10♦ 5♦ 2♣ 4♣ 6♣ 2♦"
)
X1_CALLS = "A pass, B 3, C 5, D pass"
X1_DISCARDS = {0: "3H 4D 6D 9C", 1: "5H 6H 7D QC", 2: "2H 3D 5C 6S", 3: "2C 4C 6C 2D"}
X1_IN_PLAY = {
    0: "9♠ 3♠ K♣ 8♣ A♥ Q♦",
    1: "A♠ 2♠ 7♣ 9♥ 10♥ 9♦",
    2: "K♠ Q♠ 10♠ 8♠ 4♠ LJ",
    3: "BJ J♣ 7♠ 4♥ 10♦ 5♦",
}
X1_TRICKS = [
    "C K♠ D 7♠ A 3♠ B A♠ → B",
    "B 7♣ C LJ D J♣ A 8♣ → D",
    "D 5♦ A Q♦ B 9♦ C 4♠ → C",
    "C Q♠ D BJ A 9♠ B 2♠ → C",
    "C 8♠ D 4♥ A A♥ B 9♥ → C",
    "C 10♠ D 10♦ A K♣ B 10♥ → C",
]


def _x1_declared(rules: Rules | None = None, scores: tuple[int, ...] | None = None) -> GameState:
    """X1 after the auction and Carla's ♠: the discards to six begin."""
    state = act(deal(rules or _smear(), X1_HANDS, scores=scores), X1_CALLS)
    return apply_action(state, "trump S", seat=2)


def _x1_in_play(rules: Rules | None = None, scores: tuple[int, ...] | None = None) -> GameState:
    """X1 after everyone's discard to six: Carla to lead trick 1."""
    state = _x1_declared(rules, scores)
    for seat, cards in X1_DISCARDS.items():
        state = apply_action(state, f"discard {cards}", seat=seat)
    return state


def _x1(rules: Rules | None = None, scores: tuple[int, ...] | None = None) -> GameState:
    """The whole X1 hand, every trick's winner checked."""
    return play(_x1_in_play(rules, scores), "; ".join(X1_TRICKS))


def test_x1_smear_deals_10_each() -> None:
    """RULES §6.6.2 and §6.10 X1: 10 cards each; Anna, eldest, calls first."""
    state = deal(_smear(), X1_HANDS)
    assert state.phase is Phase.BIDDING and state.to_act == 0
    assert [len(cards) for cards in state.hands] == [10, 10, 10, 10]
    assert set(state.hands[3]) == _cards("BJ J♣ 7♠ 4♥ 10♦ 5♦ 2♣ 4♣ 6♣ 2♦")
    assert _texts(state) == ["pass"] + [f"bid {n}" for n in range(2, 11)]


def test_x1_smear_dealer_may_not_match() -> None:
    """RULES §6.6.3 and §6.10 X1: after Ben 3 and Carla 5, Dan may not match: his calls are
    pass or 6 to 10."""
    state = act(deal(_smear(), X1_HANDS), "A pass, B 3, C 5")
    assert state.to_act == 3
    assert _texts(state) == ["pass", "bid 6", "bid 7", "bid 8", "bid 9", "bid 10"]
    with pytest.raises(IllegalActionError):
        apply_action(state, "bid 5", seat=3)


def test_x1_smear_pitcher_declares_trump() -> None:
    """RULES §6.4 and §6.6.4: with more than 6 dealt, the pitcher declares trump after the
    auction; then the discards to six begin with the eldest."""
    state = act(deal(_smear(), X1_HANDS), X1_CALLS)
    assert state.phase is Phase.DECLARE_TRUMP and state.to_act == 2
    assert state.pitcher == 2 and state.contract == 5
    assert _texts(state) == ["trump C", "trump D", "trump H", "trump S"]
    state = apply_action(state, "trump S", seat=2)
    assert state.trump is Suit.SPADES
    assert state.phase is Phase.DISCARD and state.to_act == 0


def test_x1_anna_discards_4_of_her_8_non_trumps_70_choices() -> None:
    """RULES §6.4 and §6.10 X1: Anna holds 8 non-trumps; she must discard 4 of them and no
    trump (70 choices)."""
    state = _x1_declared()
    choices = _legal_discards(state)
    assert len(legal_actions(state)) == 70
    assert choices == _four_of("K♣ 8♣ A♥ Q♦ 3♥ 4♦ 6♦ 9♣")
    assert not any(choice & _cards("9♠ 3♠") for choice in choices)
    with pytest.raises(IllegalActionError):
        apply_action(state, "discard 3S 3H 4D 6D", seat=0)


def test_x1_carla_discards_every_non_trump_and_one_trump_7_choices() -> None:
    """RULES §6.4 and §6.10 X1: Carla holds 7 trumps and 3 non-trumps: her discard holds all
    three non-trumps plus one trump of her choice (7 choices)."""
    state = _x1_declared()
    for seat in (0, 1):
        state = apply_action(state, f"discard {X1_DISCARDS[seat]}", seat=seat)
    assert state.to_act == 2
    non_trumps = _cards("2♥ 3♦ 5♣")
    trumps = _cards("K♠ Q♠ 10♠ 8♠ 6♠ 4♠ LJ")
    assert len(legal_actions(state)) == 7
    assert _legal_discards(state) == {frozenset(non_trumps | {trump}) for trump in trumps}


def test_x1_the_jick_may_not_be_discarded_while_dan_holds_non_trumps() -> None:
    """RULES §6.4 and §6.10 X1: J♣ is a trump once ♠ is named, so Dan may not discard it
    while he holds non-trumps; he discards 4 of his 7 non-trumps."""
    state = _x1_declared()
    for seat in (0, 1, 2):
        state = apply_action(state, f"discard {X1_DISCARDS[seat]}", seat=seat)
    assert state.to_act == 3
    assert _legal_discards(state) == _four_of("4♥ 10♦ 5♦ 2♣ 4♣ 6♣ 2♦")
    with pytest.raises(IllegalActionError):
        apply_action(state, "discard JC 2C 4C 6C", seat=3)


def test_x1_cards_in_play_after_the_discard_to_six() -> None:
    """RULES §6.10 X1 'In play': six cards each; the discards are face down, each seat sees
    only its own, and there are no face-up discards."""
    state = _x1_in_play()
    assert state.phase is Phase.PLAY and state.to_act == 2
    assert [set(cards) for cards in state.hands] == [_cards(X1_IN_PLAY[s]) for s in range(4)]
    for seat in range(4):
        view = observe(state, seat)
        assert set(view.discards) == _cards(X1_DISCARDS[seat])
        assert view.face_up_discards == ((), (), (), ())


def test_x1_trick_1_every_player_must_play_a_trump() -> None:
    """RULES §6.6.4 and §6.10 X1 trick 1: Carla must lead a trump, and every other player
    must play one; Ben's A♠ captures Anna's Trey."""
    state = _x1_in_play()
    assert _legal_plays(state) == _plays("K♠ Q♠ 10♠ 8♠ 4♠ LJ")
    state = _step(state, "C K♠")
    assert state.to_act == 3 and _legal_plays(state) == _plays("BJ J♣ 7♠")
    state = _step(state, "D 7♠")
    assert _legal_plays(state) == _plays("9♠ 3♠")
    state = _step(state, "A 3♠")
    assert _legal_plays(state) == _plays("A♠ 2♠")
    state = _step(state, "B A♠")
    assert state.tricks[-1].winner == 1 and state.to_act == 1


def test_x1_trick_2_the_jick_does_not_follow_clubs() -> None:
    """RULES §6.1.4 and §6.10 X1 trick 2: on a club lead Carla (no club) may play anything;
    J♣ does not follow ♣, so Dan may play any of his five; Anna holds clubs: K♣, 8♣ or the
    trump 9♠. The jick over-trumps the little joker."""
    state = play(_x1_in_play(), X1_TRICKS[0])
    assert _legal_plays(state) == _plays("2♠ 7♣ 9♥ 10♥ 9♦")
    state = _step(state, "B 7♣")
    assert _legal_plays(state) == _plays("Q♠ 10♠ 8♠ 4♠ LJ")
    state = _step(state, "C LJ")
    assert _legal_plays(state) == _plays("BJ J♣ 4♥ 10♦ 5♦")
    state = _step(state, "D J♣")
    assert _legal_plays(state) == _plays("K♣ 8♣ 9♠")
    state = _step(state, "A 8♣")
    assert state.tricks[-1].winner == 3


def test_x1_trick_4_the_big_joker_is_dans_only_trump() -> None:
    """RULES §6.10 X1 trick 4: the big joker is Dan's only trump, so he must play it, and
    Q♠ beats it."""
    state = play(_x1_in_play(), "; ".join(X1_TRICKS[:3]))
    assert state.to_act == 2
    state = _step(state, "C Q♠")
    assert _legal_plays(state) == _plays("BJ")
    state = _step(state, "D BJ")
    assert _legal_plays(state) == _plays("9♠")
    state = _step(state, "A 9♠")
    assert _legal_plays(state) == _plays("2♠")
    state = _step(state, "B 2♠")
    assert state.tricks[-1].winner == 2


def test_x1_points_in_award_order() -> None:
    """RULES §6.10 X1 points: High BD, Low BD (holder), Jack nobody (J♠ not in play),
    Off-jack BD, Big joker AC, Little joker BD, Game AC, Trey BD."""
    result = _last(_x1())
    assert list(result.points) == EXTENDED_NAMES
    assert result.points == {
        "high": 1,
        "low": 1,
        "jack": None,
        "off_jack": 1,
        "big_joker": 0,
        "little_joker": 1,
        "game": 0,
        "trey": 1,
    }
    assert [trick.winner for trick in result.tricks] == [1, 3, 2, 2, 2, 2]


def test_x1_card_points_41_to_8_and_the_set() -> None:
    """RULES §6.10 X1: card points AC 41, BD 8 (the jick counts 1, jokers 0); AC won 2
    points and BD 7; Carla bid 5 and is set: AC −5, BD +7. The discards are face down."""
    state = _x1()
    result = _last(state)
    assert result.card_points == (41, 8)
    assert result.points_won == (2, 7)
    assert result.made is False
    assert result.score_changes == (-5, 7) and state.scores == (-5, 7)
    assert [set(cards) for cards in result.discards] == [
        _cards(X1_DISCARDS[seat]) for seat in range(4)
    ]
    assert not any(result.face_up_discards)


def test_x1_highest_score_wins_without_pitching() -> None:
    """RULES §6.6.6 and §6.10 X1: from AC 20, BD 14 the scores become AC 15, BD 21, and BD
    win; under 'highest score' the side need not be pitching."""
    state = _x1(scores=(20, 14))
    assert state.scores == (15, 21)
    assert state.is_over and state.winner == 1


def test_x1_under_bid_out_nobody_wins() -> None:
    """RULES §1.8 and §6.10 X1: under bid-out nobody would win, because BD did not pitch."""
    state = _x1(Rules.smear(win_rule=WinRule.BID_OUT), scores=(20, 14))
    assert state.scores == (15, 21)
    assert not state.is_over and state.winner is None


SEVEN_POINTS = (
    Point.HIGH,
    Point.LOW,
    Point.JACK,
    Point.OFF_JACK,
    Point.BIG_JOKER,
    Point.LITTLE_JOKER,
    Point.TEN,
)


def test_x1_seven_point_variant() -> None:
    """RULES §6.8 and §6.10 X1: points High, Low, Jack, Off-jack, Big joker, Little joker,
    Ten (T = 7, bids 2 to 7): Ten goes to AC (Carla captured her own 10♠); AC win 2, BD 4:
    AC −5, BD +4."""
    rules = Rules.smear(points=SEVEN_POINTS)
    assert rules.total_points == 7
    assert _texts(deal(rules, X1_HANDS)) == ["pass"] + [f"bid {n}" for n in range(2, 8)]
    result = _last(_x1(rules))
    assert list(result.points) == [point.value for point in SEVEN_POINTS]
    assert result.points["ten"] == 0
    assert result.points_won == (2, 4)
    assert result.score_changes == (-5, 4)


# --- §6.10 X2 Ten-point Pitch ---------------------------------------------------------------

X2_DECK = (
    "AS QH 9S AH KS KH QS 10S 5H JH JS 8H KC 2H 7C 5S 10H 10C 6S 2S 9C AC JC 3H 4S 6D 2D "
    "7H 3C AD 5C QD 4D 6C 9D 7D 3S 9H QC 8D 7S 8C BJ 10D 3D 4C 6H 5D 8S JD 2C LJ KD 4H"
)
X2_DEALT = {
    0: "A♠ Q♥ 9♠ K♣ 2♥ 7♣ 4♠ 6♦ 2♦",
    1: "A♥ K♠ K♥ 5♠ 10♥ 10♣ 7♥ 3♣ A♦",
    2: "Q♠ 10♠ 5♥ 6♠ 2♠ 9♣ 5♣ Q♦ 4♦",
    3: "J♥ J♠ 8♥ A♣ J♣ 3♥ 6♣ 9♦ 7♦",
}
X2_CALLS = "A pass, B 5, C pass, D pass"
X2_FACE_DOWN = {
    0: "A♠ 9♠ K♣ 7♣ 4♠ 6♦ 2♦",
    1: "K♠ 5♠ 10♣ 3♣ A♦ 8♠ 2♣ K♦",
    2: "Q♠ 10♠ 6♠ 2♠ 9♣ 5♣ Q♦ 4♦",
    3: "J♠ A♣ J♣ 6♣ 9♦ 7♦",
}
X2_AFTER_DRAW = {
    0: "Q♥ 2♥ 3♠ 9♥ Q♣ 8♦",
    1: "A♥ K♥ 10♥ 7♥ J♦ LJ 4♥",
    2: "5♥ 7♠ 8♣ BJ 10♦ 3♦",
    3: "J♥ 8♥ 3♥ 4♣ 6♥ 5♦",
}
X2_IN_PLAY = {
    0: "Q♥ 9♥ 2♥ 3♠ Q♣ 8♦",
    1: "A♥ K♥ 10♥ 7♥ J♦ LJ",
    2: "5♥ BJ 7♠ 8♣ 10♦ 3♦",
    3: "J♥ 8♥ 6♥ 3♥ 4♣ 5♦",
}
X2_DEAD = {0: "3♠ Q♣ 8♦", 2: "7♠ 8♣ 10♦ 3♦", 3: "4♣ 5♦"}
X2_TRICKS = [
    "B A♥ C 5♥ D 3♥ A 2♥ → B",
    "B K♥ C BJ D 6♥ A 9♥ → B",
    "B 7♥ D 8♥ A Q♥ → A",
    "B 10♥ D J♥ → D",
    "B J♦ → B",
    "B LJ → B",
]


def _x2_dealt(rules: Rules | None = None, scores: tuple[int, ...] | None = None) -> GameState:
    deck = [Card.parse(word) for word in X2_DECK.split()]
    return new_game(rules or _ten_point(), seed=1, dealer=3, deck=deck, scores=scores)


def _x2_declared(scores: tuple[int, ...] | None = None) -> GameState:
    """X2 after Ben names ♥: the draw back is done, Ben's face-up discard is due."""
    return apply_action(act(_x2_dealt(scores=scores), X2_CALLS), "trump H", seat=1)


def _x2_in_play(scores: tuple[int, ...] | None = None) -> GameState:
    return apply_action(_x2_declared(scores), "discard 4H", seat=1)


def _x2(scores: tuple[int, ...] | None = None) -> GameState:
    return play(_x2_in_play(scores), "; ".join(X2_TRICKS))


def test_x2_the_deck_is_dealt_9_each_in_packets_of_3_from_anna() -> None:
    """RULES §6.4, §6.5.2 and §6.10 X2: 9 each in packets of 3 from the eldest; the other 18
    cards are the stock."""
    state = _x2_dealt()
    assert [set(cards) for cards in state.hands] == [_cards(X2_DEALT[s]) for s in range(4)]
    assert [str(card) for card in state.stock] == X2_DECK.split()[36:]
    assert observe(state, 0).stock_size == 18


def test_x2_auction_bids_3_to_10_without_dealers_match() -> None:
    """RULES §6.5.3 and §6.10 X2: bids 3 to 10; after Ben's 5 Dan's calls are pass or 6 to
    10 (no dealer's match)."""
    state = _x2_dealt()
    assert _texts(state) == ["pass"] + [f"bid {n}" for n in range(3, 11)]
    state = act(state, "A pass, B 5, C pass")
    assert _texts(state) == ["pass", "bid 6", "bid 7", "bid 8", "bid 9", "bid 10"]


def test_x2_stuck_dealer_must_bid_3() -> None:
    """RULES §6.5.3 and §6.10 X2: all pass: the dealer must bid 3."""
    state = act(_x2_dealt(), "A pass, B pass, C pass")
    assert state.to_act == 3 and _texts(state) == ["bid 3"]


def test_x2_pitcher_declares_trump() -> None:
    """RULES §6.5.4: after the auction the pitcher declares trump."""
    state = act(_x2_dealt(), X2_CALLS)
    assert state.phase is Phase.DECLARE_TRUMP and state.to_act == 1 and state.contract == 5


def test_x2_draw_back() -> None:
    """RULES §6.5.5 and §6.10 X2: eldest first, each player but the pitcher discards every
    non-trump face down and draws up to 6; the pitcher takes the rest of the stock and
    discards every non-trump (keeping J♦, a trump; J♣ is an ordinary club)."""
    state = _x2_declared()
    assert state.trump is Suit.HEARTS
    assert [set(cards) for cards in state.hands] == [_cards(X2_AFTER_DRAW[s]) for s in range(4)]
    assert [set(cards) for cards in state.discards] == [_cards(X2_FACE_DOWN[s]) for s in range(4)]
    assert state.stock == () and observe(state, 0).stock_size == 0


def test_x2_too_many_trumps_face_up_choices_exclude_point_cards() -> None:
    """RULES §6.5.6, §6.9.2 and §6.10 X2: Ben holds 7 trumps and discards one face up; it
    must not be a point card, so he chooses among K♥, 10♥, 7♥ and 4♥."""
    state = _x2_declared()
    assert state.phase is Phase.DISCARD and state.to_act == 1
    assert set(_texts(state)) == {"discard KH", "discard 10H", "discard 7H", "discard 4H"}
    with pytest.raises(IllegalActionError):
        apply_action(state, "discard AH", seat=1)


def test_x2_face_up_discard_is_seen_by_everyone() -> None:
    """RULES §6.5.6 and §6.9.2: face-up discards are recorded apart from face-down ones and
    every view shows them; a view shows only the seat's own face-down discards."""
    state = _x2_in_play()
    assert state.phase is Phase.PLAY and state.to_act == 1
    assert [set(cards) for cards in state.hands] == [_cards(X2_IN_PLAY[s]) for s in range(4)]
    for seat in range(4):
        view = observe(state, seat)
        assert view.face_up_discards == ((), (Card.parse("4H"),), (), ())
        assert set(view.discards) == _cards(X2_FACE_DOWN[seat])


def test_x2_trick_1_only_trumps_may_be_played() -> None:
    """RULES §6.5.7 and §6.10 X2 trick 1: only trumps may be led or played; Carla may play
    only 5♥ or BJ, her diamonds are not playable."""
    state = _x2_in_play()
    assert _legal_plays(state) == _plays("A♥ K♥ 10♥ 7♥ J♦ LJ")
    state = _step(state, "B A♥")
    assert state.to_act == 2 and _legal_plays(state) == _plays("5♥ BJ")
    state = _step(state, "C 5♥")
    assert _legal_plays(state) == _plays("J♥ 8♥ 6♥ 3♥")
    state = _step(state, "D 3♥")
    assert _legal_plays(state) == _plays("Q♥ 9♥ 2♥")


def test_x2_players_without_trump_drop_out_and_the_lead_passes_left() -> None:
    """RULES §6.5.7, §6.9.3 and §6.10 X2 tricks 3 to 6: Carla, out of trumps, is skipped;
    Anna and Dan, winning with their last trump, are out and the lead passes left to Ben;
    `to_act` never names a player who is out."""
    state = play(_x2_in_play(), "; ".join(X2_TRICKS[:2]))
    assert state.to_act == 1
    state = _step(state, "B 7♥")
    assert state.to_act == 3
    state = _step(state, "D 8♥ A Q♥")
    assert state.tricks[-1].winner == 0 and state.to_act == 1
    state = _step(state, "B 10♥")
    assert state.to_act == 3
    state = _step(state, "D J♥")
    assert state.tricks[-1].winner == 3 and state.to_act == 1
    state = _step(state, "B J♦")
    assert state.tricks[-1].plays == ((1, Card.parse("JD")),) and state.to_act == 1
    state = _step(state, "B LJ")
    assert len(state.history) == 1 and state.phase is Phase.BIDDING


def test_x2_the_hand_ends_when_nobody_holds_a_trump() -> None:
    """RULES §6.5.7 and §6.10 X2: the hand had 6 tricks of 4, 4, 3, 2, 1 and 1 cards."""
    result = _last(_x2())
    assert [len(trick.plays) for trick in result.tricks] == [4, 4, 3, 2, 1, 1]
    assert [trick.leader for trick in result.tricks] == [1, 1, 1, 1, 1, 1]
    assert [trick.winner for trick in result.tricks] == [1, 1, 0, 3, 1, 1]
    assert [seat for seat, _ in result.tricks[2].plays] == [1, 3, 0]


def test_x2_points_in_award_order() -> None:
    """RULES §6.5.8 and §6.10 X2 points: High BD, Low AC (Anna held 2♥), Jack BD, Off-jack
    BD, Big joker BD, Little joker BD, Game BD, Trey BD."""
    result = _last(_x2())
    assert list(result.points) == EXTENDED_NAMES
    assert result.points == {
        "high": 1,
        "low": 0,
        "jack": 1,
        "off_jack": 1,
        "big_joker": 1,
        "little_joker": 1,
        "game": 1,
        "trey": 1,
    }


def test_x2_game_counts_the_trumps_won_19_to_2() -> None:
    """RULES §6.5.8 and §6.10 X2: BD won A♥ 4, K♥ 3, 10♥ 10, J♥ 1, J♦ 1; AC won Q♥ 2; the
    face-up 4♥ counts for nobody."""
    result = _last(_x2())
    assert result.card_points == (2, 19)
    assert result.face_up_discards == ((), (Card.parse("4H"),), (), ())
    assert [set(cards) for cards in result.discards] == [
        _cards(X2_FACE_DOWN[seat]) for seat in range(4)
    ]


def test_x2_a_made_bid_scores_everything_won() -> None:
    """RULES §6.3 and §6.10 X2: Ben bid 5 and his side won 9; a made bid scores all of it,
    with no cap at 4: BD +9, AC +1."""
    state = _x2()
    result = _last(state)
    assert result.points_won == (1, 9) and result.made is True
    assert result.score_changes == (1, 9) and state.scores == (1, 9)


def test_x2_dead_cards_stay_hidden() -> None:
    """RULES §6.9.3: a player's dead cards stay hidden from the others in the record's
    views; face-up discards are shown to everyone."""
    state = _x2()
    for seat in range(4):
        shown = observe(state, seat).last_result
        assert shown is not None
        assert shown.face_up_discards == ((), (Card.parse("4H"),), (), ())
        for other, dead in X2_DEAD.items():
            if other != seat:
                assert set(shown.hands[other]) & _cards(dead) == set()


@pytest.mark.parametrize(
    ("before", "after", "winner"),
    [((51, 40), (52, 49), 0), ((40, 43), (41, 52), 1), ((40, 42), (41, 51), None)],
)
def test_x2_race_to_52_pitcher_first_then_point_order(
    before: tuple[int, int], after: tuple[int, int], winner: int | None
) -> None:
    """RULES §6.5.9 and §6.10 X2: from AC 51, BD 40 BD reach only 49 and Low takes AC to 52:
    AC win; from AC 40, BD 43 BD's 9 take them to 52: BD win; from AC 40, BD 42 nobody."""
    state = _x2(scores=before)
    assert state.scores == after
    assert state.winner == winner and state.is_over is (winner is not None)


# --- §6.10 X3 Auction Pitch with Joker ------------------------------------------------------

X3_HANDS = "P0: 5♠ A♦ K♦ 9♣ 8♥ 4♣; P1: JK A♠ J♠ 10♠ K♥ Q♣; P2: 2♠ Q♥ 10♦ 7♣ 3♥ 6♦"
X3_CALLS = "P0 2, P1 3, P2 pass"
X3_TRICKS = (
    "P1 JK P2 2♠ P0 5♠ → P0; P0 A♦ P1 10♠ P2 6♦ → P1; P1 A♠ P2 3♥ P0 4♣ → P1; "
    "P1 J♠ P2 7♣ P0 9♣ → P1; P1 K♥ P2 Q♥ P0 8♥ → P1; P1 Q♣ P2 10♦ P0 K♦ → P1"
)


def test_x3_auction_bids_2_to_5_and_the_dealer_may_match() -> None:
    """RULES §6.7 and §6.10 X3: bids 2 to 5; after P0 2 and P1 3, the dealer P2 may pass,
    match 3, or bid 4 or 5."""
    state = deal(_joker_pitch(), X3_HANDS, dealer=2)
    assert state.to_act == 0
    assert _texts(state) == ["pass", "bid 2", "bid 3", "bid 4", "bid 5"]
    state = act(state, "P0 2, P1 3")
    assert _texts(state) == ["pass", "bid 3", "bid 4", "bid 5"]
    state = act(state, "P2 pass")
    assert state.phase is Phase.PLAY and state.pitcher == 1 and state.to_act == 1


def test_x3_a_joker_led_first_makes_spades_trump() -> None:
    """RULES §6.1.5 and §6.10 X3 trick 1: the joker is the first lead, so ♠ is trump and the
    joker counts as a ♠ lead; P2 and P0 must play their only spade, and both beat the
    LOWEST joker."""
    state = act(deal(_joker_pitch(), X3_HANDS, dealer=2), X3_CALLS)
    state = _step(state, "P1 JK")
    assert state.trump is Suit.SPADES
    assert state.to_act == 2 and _legal_plays(state) == _plays("2♠")
    state = _step(state, "P2 2♠")
    assert _legal_plays(state) == _plays("5♠")
    state = _step(state, "P0 5♠")
    assert state.tricks[-1].winner == 0


def test_x3_points_in_award_order() -> None:
    """RULES §6.7 and §6.10 X3 points: High P1, Low P2 (held 2♠; the joker is never Low),
    Jack P1, Joker P0 (captured it), Game P1 (39, 0, 0)."""
    _, result = hand(_joker_pitch(), X3_HANDS, X3_CALLS, X3_TRICKS, dealer=2)
    assert list(result.points) == ["high", "low", "jack", "joker", "game"]
    assert result.points == {"high": 1, "low": 2, "jack": 1, "joker": 0, "game": 1}
    assert result.card_points == (0, 39, 0)


def test_x3_score() -> None:
    """RULES §6.10 X3: P1 bid 3 and won 3: P0 +1, P1 +3, P2 +1."""
    state, result = hand(_joker_pitch(), X3_HANDS, X3_CALLS, X3_TRICKS, dealer=2)
    assert result.made is True and result.points_won == (1, 3, 1)
    assert result.score_changes == (1, 3, 1) and state.scores == (1, 3, 1)


@pytest.mark.parametrize(
    ("before", "after", "winner"),
    [((9, 7, 9), (10, 10, 10), 1), ((9, 6, 9), (10, 9, 10), 2), ((9, 6, 8), (10, 9, 9), 0)],
)
def test_x3_race_to_10_pitcher_first_then_point_order(
    before: tuple[int, int, int], after: tuple[int, int, int], winner: int
) -> None:
    """RULES §2.5 and §6.10 X3 race table: all three reach 10: the pitcher P1; P1 short:
    Low takes P2 to 10 before P0's Joker; Low short too: the Joker takes P0 to 10."""
    state, _ = hand(_joker_pitch(), X3_HANDS, X3_CALLS, X3_TRICKS, dealer=2, scores=before)
    assert state.scores == after
    assert state.is_over and state.winner == winner


# --- JSON ------------------------------------------------------------------------------------


def _walk(state: GameState, steps: int) -> list[GameState]:
    """`state` and the states after each of up to `steps` first-legal actions."""
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        state = apply_action(state, legal_actions(state)[0])
        states.append(state)
    return states


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("smear", {}),
        ("ten_point", {}),
        ("joker_pitch", {"players": 3}),
        ("smear", {"players": 6}),
        ("ten_point", {"players": 3}),
    ],
)
def test_extended_states_round_trip_through_json(preset: str, options: dict[str, Any]) -> None:
    """The JSON documents carry the new options and cards: loads(dumps(state)) == state
    through a whole first hand."""
    rules = getattr(Rules, preset)(**options)
    for state in _walk(new_game(rules, seed=11), 80):
        assert loads(dumps(state)) == state


def test_worked_example_states_round_trip_through_json() -> None:
    """X1 to X3 at their turning points survive dumps/loads unchanged."""
    states = [
        _x1_declared(),
        _x1_in_play(),
        _x1(),
        _x2_declared(),
        _x2_in_play(),
        _x2(),
        hand(_joker_pitch(), X3_HANDS, X3_CALLS, X3_TRICKS, dealer=2)[0],
    ]
    for state in states:
        assert loads(dumps(state)) == state


def test_trumps_only_hand_plays_as_many_tricks_as_it_takes() -> None:
    """RULES §6.5.7: the hand ends when nobody holds a trump, so a hand may have more than
    six tricks: a pitcher who keeps seven point cards (§6.5.6: point cards are never
    discarded face up) plays seven."""
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C",
        "AH JH JD BJ LJ 3H 2H KH QH",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D",
    ]
    state = new_game(_ten_point(), hands=hands, dealer=3, seed=1)
    for call in ("pass", "bid 10", "pass", "pass", "trump H"):
        state = apply_action(state, call)
    assert state.face_up_discards[1] == parse_cards("QH KH")  # forced: K♥ Q♥ are no points
    while not state.history:
        state = apply_action(state, legal_actions(state)[0])
    tricks = state.history[0].tricks
    assert len(tricks) == 7 and [len(trick.plays) for trick in tricks][3:] == [1, 1, 1, 1]
    assert all(1 in {seat for seat, _ in trick.plays} for trick in tricks)  # Ben plays each


# --- a hand of our own, worked by hand: the five-point recipe (§6.8) ---------------------

FIVE_POINT_HANDS = (
    "A: A♥ J♦ 5♥ K♣ 4♣ 2♠; B: K♥ 3♦ 9♦ 7♣ 8♠ 3♠; C: J♥ 2♥ Q♣ 6♠ 10♠ 5♦; D: Q♥ 9♣ A♦ 4♠ 10♣ 6♦"
)


def test_five_point_hand_the_jick_led_is_a_trump_lead() -> None:
    """RULES §6.1.4 and §6.8, worked by hand. Five-point Setback, hearts trump (Anna's A♥
    leads): J♦ is the jick, a trump and no diamond. Anna leads it to trick 2: Ben and Dan,
    out of trumps, may play anything; Carla must play her J♥, which beats the jick.
    Anna and Carla take all five points: High (A♥), Low (2♥, captured in trick 1), Jack
    and Off-jack (trick 2) and Game (30 to 10); bid 2 made scores 5."""
    rules = Rules.setback(
        points=(Point.HIGH, Point.LOW, Point.JACK, Point.OFF_JACK, Point.GAME), off_jack=True
    )
    state = act(deal(rules, FIVE_POINT_HANDS), "A 2, B pass, C pass, D pass")
    state = play(state, "A A♥ B K♥ C 2♥ D Q♥ → A")
    state = apply_action(state, "play JD", seat=0)
    assert {str(a) for a in legal_actions(state)} == {
        "play 3D",
        "play 9D",
        "play 7C",
        "play 8S",
        "play 3S",
    }
    state = apply_action(state, "play 3D", seat=1)
    assert [str(a) for a in legal_actions(state)] == ["play JH"]
    state = apply_action(state, "play JH", seat=2)
    assert len(legal_actions(state)) == 5  # Dan holds no trump: any of his five cards
    state = play(
        state,
        "D A♦ → C; C Q♣ D 10♣ A K♣ B 7♣ → A; A 5♥ B 9♦ C 5♦ D 6♦ → A; "
        "A 4♣ B 8♠ C 10♠ D 9♣ → D; D 4♠ A 2♠ B 3♠ C 6♠ → C",
    )
    result = state.history[-1]
    assert dict(result.points) == {"high": 0, "low": 0, "jack": 0, "off_jack": 0, "game": 0}
    assert result.card_points == (30, 10)
    assert result.made and result.score_changes == (5, 0)


# --- rules a mutation run over §6 found unguarded (or guarded only by chance) ---------------


def test_trumps_only_does_not_combine_with_no_trump_in_the_first_trick() -> None:
    """§6.5.7 and §4.3 contradict each other: refused."""
    with pytest.raises(RulesError, match="no_trump_first_trick"):
        Rules.ten_point(no_trump_first_trick=True)


def test_ten_point_and_smear_deal_one_card_fewer_only_to_six_players() -> None:
    """RULES §6.5.2 and §6.6.2: 9 (Ten-point) and 10 (Smear) cards each, 8 and 9 with six."""
    assert [Rules.ten_point(players=n).deal for n in range(2, 7)] == [9, 9, 9, 9, 8]
    assert [Rules.smear(players=n).deal for n in range(2, 7)] == [10, 10, 10, 10, 9]


def test_face_up_discards_go_eldest_first() -> None:
    """RULES §6.9.2: face-up discards are made eldest first; Anna, then Dan, each with a
    choice of non-point trumps."""
    hands = (
        "A: K♥ Q♥ 10♥ 9♥ 8♥ 7♥ 6♥ 2♣ 3♣; B: 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ Q♣ K♣; "
        "C: A♣ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠; D: 5♥ 4♥ A♥ J♥ 3♥ 2♥ J♦ 10♠ J♠"
    )
    state = act(deal(_ten_point(), hands), "A pass, B pass, C 3, D pass")
    state = apply_action(state, "trump H", seat=2)
    assert state.phase is Phase.DISCARD and state.to_act == 0
    assert len(state.hands[0]) == 7 and len(state.hands[3]) == 7
    state = apply_action(state, "discard 6H", seat=0)
    assert state.phase is Phase.DISCARD and state.to_act == 3
    assert {str(a) for a in legal_actions(state)} == {"discard 5H", "discard 4H"}


def test_the_trump_order_of_each_card_model() -> None:
    """RULES §6.1.3: A K Q J, the jick, the jokers (big above little), 10 … 2; a lone
    LOWEST joker below the 2."""
    spades = Rules.smear().trump_tables[Suit.SPADES].order
    assert " ".join(str(CARDS[i]) for i in spades) == (
        "AS KS QS JS JC BJ LJ 10S 9S 8S 7S 6S 5S 4S 3S 2S"
    )
    hearts = Rules.joker_pitch().trump_tables[Suit.HEARTS].order
    assert " ".join(str(CARDS[i]) for i in hearts) == ("AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H JK")


def test_the_card_each_card_point_is_for() -> None:
    """RULES §6.2: Jack, Off-jack (the jick of trump's colour), Ten, Trey and the jokers."""
    for trump, jick in ((Suit.SPADES, "JC"), (Suit.HEARTS, "JD"), (Suit.DIAMONDS, "JH")):
        letter = trump.letter
        assert Point.JACK.card(trump) == Card.parse("J" + letter).index
        assert Point.OFF_JACK.card(trump) == Card.parse(jick).index
        assert Point.TEN.card(trump) == Card.parse("10" + letter).index
        assert Point.TREY.card(trump) == Card.parse("3" + letter).index
        assert Point.BIG_JOKER.card(trump) == Card.parse("BJ").index
        assert Point.LITTLE_JOKER.card(trump) == Card.parse("LJ").index
        assert Point.JOKER.card(trump) == Card.parse("JK").index


def test_a_smudge_with_every_point_but_not_every_trick_fails() -> None:
    """RULES §1.7 and §6.3: a Smudge needs every trick and every point."""
    hands = (
        "A: A♠ K♠ Q♠ A♦ A♥ 2♣; B: 2♠ 4♦ 5♥ K♣ 7♦ 8♥; C: 3♠ 10♦ 10♥ J♦ Q♦ Q♥; D: J♠ 5♦ 6♥ 7♣ 8♦ 9♥"
    )
    tricks = (
        "A A♠ B 2♠ C 3♠ D J♠ → A; A A♦ B 4♦ C 10♦ D 5♦ → A; A A♥ B 5♥ C 10♥ D 6♥ → A; "
        "A K♠ B 7♦ C Q♦ D 8♦ → A; A Q♠ B 8♥ C Q♥ D 9♥ → A; A 2♣ B K♣ C J♦ D 7♣ → B"
    )
    _, result = hand(Rules.setback(), hands, "A smudge, B pass, C pass, D pass", tricks)
    assert result.points_won == (4, 0) and result.made is False
    assert result.score_changes == (-5, 0)
