"""The public event log: `events(state, seat, after=k)`, what each seat saw, numbered."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from setback import (
    Action,
    Bid,
    Called,
    Card,
    Dealt,
    Discarded,
    Event,
    FaceUpDiscarded,
    GameOver,
    GameState,
    HandScored,
    InvalidStateError,
    Pitch,
    Pitched,
    Played,
    Rules,
    RulesError,
    Suit,
    TrickWon,
    TrumpDeclared,
    apply_action,
    dumps,
    events,
    legal_actions,
    loads,
    new_game,
    observe,
)
from setback.eventlog import _replay, hand_counts
from setback.rules import PRESET_NAMES

from .strategies import any_rules, each_preset, examples, presets, random_states, seeds
from .support import cards_in, cinch_short_stock, kitty_declared, sorted_cards, visible, y1_declared


def _all(state: GameState, seat: int) -> tuple[object, ...]:
    """Every event, by replaying the whole game from its first deal (the slow, plain way)."""
    return tuple(_replay(state, 0, 0, tuple(state.log), seat))


@settings(max_examples=examples(4, 150), deadline=None)
@given(rules=any_rules, seed=seeds)
@each_preset
def test_events_are_numbered_from_one_and_only_ever_grow(rules: Rules, seed: int) -> None:
    """Every state's events are numbered 1, 2, 3, ...; a later state's events begin with
    an earlier state's; `after=k` gives exactly those numbered above k, found without
    replaying the hands before them."""
    states = list(random_states(rules, seed, max_steps=300))
    last = states[-1]
    seat = seed % rules.players
    everything = _all(last, seat)
    assert [event.number for event in everything] == list(range(1, len(everything) + 1))  # type: ignore[attr-defined]
    for k in range(0, len(everything) + 2, 5):
        assert events(last, seat, after=k) == everything[k:]
    for state in states[:: max(1, len(states) // 12)]:
        seen = events(state, seat)
        assert seen == everything[: len(seen)]
    actions = sum(actions for _, actions in hand_counts(last))
    assert actions == len(last.log) - len(last.hand_log)  # the hands are skipped exactly


@settings(max_examples=examples(6, 150), deadline=None)
@given(rules=presets(), seed=seeds)
def test_no_event_shows_a_card_its_seat_could_not_have_seen(rules: Rules, seed: int) -> None:
    """On the presets at every seat count, at every step: the new events of every seat, as
    JSON, name only cards the seat held, drew, discarded itself or saw face up; face-down
    discards of others only as a count."""
    _check_no_leak(rules, seed)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_no_event_leaks_on_each_preset(name: str) -> None:
    """The same on every preset by name, whatever hypothesis draws."""
    _check_no_leak(Rules.preset(name), 2024)


def _check_no_leak(rules: Rules, seed: int) -> None:
    seen: list[set[Card]] = [set() for _ in range(rules.players)]
    shown = [0] * rules.players
    for state in random_states(rules, seed, max_steps=300):
        for seat in range(rules.players):
            seen[seat] = visible(state, seat, seen[seat])
            new = events(state, seat, after=shown[seat])
            if new:
                shown[seat] = new[-1].number
            leaked = cards_in(dumps(new)) - seen[seat]
            assert not leaked, f"seat {seat} is shown {sorted(map(str, leaked))}"
            for event in new:
                if isinstance(event, Discarded) and event.seat != seat:
                    assert event.cards == () and event.drawn_cards == ()


def _play_hand(state: GameState) -> GameState:
    hands = len(state.history)
    while len(state.history) == hands:
        state = apply_action(state, legal_actions(state)[0])
    return state


def test_the_last_trick_of_a_hand_is_there_right_after_it_ends() -> None:
    state = new_game(Rules.setback(), seed=7)
    before = _play_hand(state)
    count = len(events(before, 0))
    state = _play_hand(before)  # the next hand, dealt in the same step as its last card
    played = events(state, 0, after=count)
    last_play, trick_won, scored, dealt = played[-4:]
    assert isinstance(last_play, Played) and isinstance(trick_won, TrickWon)
    assert trick_won.trick == state.history[-1].tricks[-1]
    assert trick_won.winner == state.history[-1].tricks[-1].winner
    assert last_play.card == trick_won.trick.plays[-1][1]
    assert isinstance(scored, HandScored) and scored.result == observe(state, 0).last_result
    assert scored.scores == state.scores
    assert isinstance(dealt, Dealt)
    assert (dealt.hand_number, dealt.dealer, dealt.cards) == (2, 2, state.hands[0])
    assert observe(state, 0).tricks == ()  # the view has moved on; the events have not


def test_a_deal_shows_only_the_seats_own_cards_and_calls_are_public() -> None:
    state = apply_action(new_game(Rules.setback(), seed=7), "bid 2")
    for seat in range(4):
        dealt, called = events(state, seat)
        assert dealt == Dealt(1, 0, 0, state.hands[seat])
        assert called == Called(2, 1, legal_actions(new_game(Rules.setback(), seed=7))[1])
    assert events(state, 2, after=2) == ()


def test_the_first_lead_names_trump() -> None:
    state = new_game(Rules.setback(), seed=7)
    for action in ("bid 2", "pass", "pass", "pass", "play 2C", "play 5C"):
        state = apply_action(state, action)
    first, second = events(state, 3, after=5)
    assert first == Played(6, 1, first.card, Suit.CLUBS)  # type: ignore[union-attr]
    assert second == Played(7, 2, second.card, None)  # type: ignore[union-attr]


def test_face_down_discards_show_the_count_to_others_and_the_cards_to_their_seat() -> None:
    state = new_game(Rules.six_player(), seed=3, dealer=5)
    for call in ["pass"] * 5 + ["bid 2", "trump S"]:
        state = apply_action(state, call)
    state = apply_action(state, legal_actions(state)[0])  # seat 0 discards two
    declared, own = events(state, 0, after=7)
    assert declared == TrumpDeclared(8, 5, Suit.SPADES)
    assert own == Discarded(9, 0, 2, 0, state.discards[0], ())
    assert events(state, 1, after=8) == (Discarded(9, 0, 2, 0),)


def test_the_draw_shows_a_seat_the_cards_it_drew() -> None:
    state = new_game(Rules.setback(draw=True), seed=5)
    for call in ("bid 2", "pass", "pass", "pass", "trump H"):
        state = apply_action(state, call)
    held = set(state.hands[1])
    thrown = [card for card in state.hands[1] if card.suit is not Suit.HEARTS][:2]
    state = apply_action(state, "discard " + " ".join(map(str, thrown)))
    (own,) = events(state, 1, after=6)
    assert isinstance(own, Discarded) and own.cards == tuple(sorted(thrown))
    assert own.count == own.drawn == 2 and set(own.drawn_cards) == set(state.hands[1]) - held
    (other,) = events(state, 2, after=6)
    assert other == Discarded(7, 1, 2, 2)


def test_ten_points_draw_back_and_face_up_discards() -> None:
    """The draw back happens inside the trump declaration: one Discarded per seat (eldest
    first, the pitcher last), then the face-up discards, shown to everyone."""
    rules = Rules.ten_point(players=4)
    for seed in range(40):
        state = new_game(rules, seed=seed)
        while state.phase.value == "bidding":
            state = apply_action(state, legal_actions(state)[-1])
        hand = state.hand_number
        numbered = len(events(state, 0))
        state = apply_action(state, legal_actions(state)[0])  # name trump
        while state.phase.value == "discard" and state.hand_number == hand:
            state = apply_action(state, legal_actions(state)[0])
        mine = events(state, 0, after=numbered)
        discards = [event for event in mine if isinstance(event, Discarded)]
        order = [(state.dealer + k) % 4 for k in range(1, 5)]
        pitcher = state.pitcher
        assert [d.seat for d in discards] == [s for s in order if s != pitcher] + [pitcher]
        theirs = events(state, 1, after=numbered)
        face_up = [e for e in mine if isinstance(e, FaceUpDiscarded)]
        assert face_up == [e for e in theirs if isinstance(e, FaceUpDiscarded)]
        assert {e.seat: e.cards for e in face_up} == {
            s: cards for s, cards in enumerate(state.face_up_discards) if cards
        }
        if face_up:
            return
    pytest.fail("no face-up discard in 40 hands")


def test_a_pitch_is_an_event_that_names_trump() -> None:
    rules = Rules.auction_pitch(pitch_instead_of_bid=True)
    state = new_game(rules, seed=1)
    pitch = next(a for a in legal_actions(state) if isinstance(a, Pitch))
    state = apply_action(state, pitch)
    (event,) = events(state, 3, after=1)
    assert pitch.card.suit is not None
    assert event == Pitched(2, 1, pitch.card, pitch.card.suit)


def test_the_game_ends_with_game_over() -> None:
    state = list(random_states(Rules.auction_pitch(players=3, target=5), 2))[-1]
    assert state.is_over
    *_, scored, over = events(state, 0)
    assert isinstance(scored, HandScored) and scored.result.number == len(state.history) - 1
    assert over == GameOver(scored.number + 1, state.winner, state.scores)
    assert events(state, 0, after=over.number) == ()


def test_events_go_to_json_and_back() -> None:
    state = _play_hand(new_game(Rules.six_player(), seed=2))
    everything = events(state, 4)
    assert loads(dumps(everything)) == everything
    assert all(loads(dumps(event)) == event for event in everything)
    assert '"type":"TrickWon"' in dumps(everything)


def test_an_event_loads_as_its_union() -> None:
    """`loads(text, Event)` takes any event class, as `loads(text, Action)` takes a `Bid`
    (issue 23: it said "the document holds a Dealt, not a Event")."""
    state = apply_action(new_game(Rules.setback(), seed=7), "bid 2")
    dealt, called = events(state, 0)
    assert loads(dumps(dealt), Event) == dealt and loads(dumps(called), Event) == called
    assert loads(dumps(dealt), Dealt) == dealt
    assert loads(dumps(Bid(2)), Action) == Bid(2)


@pytest.mark.parametrize(
    ("value", "kind", "message"),
    [
        ("dealt", Played, "the document holds a Dealt, not a Played"),
        ("events", Event, "the document holds a list of events, not an Event"),
        ("bid", Event, "the document holds an Action, not an Event"),
        ("dealt", Action, "the document holds an Event, not an Action"),
        ("bid", Dealt, "the document holds an Action, not an Event"),
    ],
)
def test_a_document_of_another_kind_is_named_with_its_article(
    value: str, kind: object, message: str
) -> None:
    """Messages say "an Event", "a list of events", "an Action" (issue 23: "a Events")."""
    state = apply_action(new_game(Rules.setback(), seed=7), "bid 2")
    values = {"dealt": events(state, 0)[0], "events": events(state, 0), "bid": Bid(2)}
    with pytest.raises(InvalidStateError) as caught:
        loads(dumps(values[value]), kind)  # type: ignore[call-overload]
    assert str(caught.value) == message


@pytest.mark.parametrize("seed", range(4))
def test_the_pitchers_own_draw_back_loads(seed: int) -> None:
    """Ten-point's pitcher takes the rest of the stock, then discards every non-trump,
    some of which he just drew: his own `Discarded` event lists such a card among both
    its cards and its drawn cards, and is true; it loads back (issue 23: "an event: a
    card appears twice")."""
    state = new_game(Rules.ten_point(), seed=seed)
    while not state.history:
        state = apply_action(state, legal_actions(state)[-1])
    pitcher = state.history[0].pitcher
    assert pitcher is not None
    mine = events(state, pitcher)
    assert loads(dumps(mine)) == mine
    assert all(loads(dumps(event), Event) == event for event in mine)
    own = [e for e in mine if isinstance(e, Discarded) and e.seat == pitcher]
    assert len(own) == 1
    assert set(own[0].cards) & set(own[0].drawn_cards)  # the case this test is for


def test_an_event_with_a_card_twice_in_one_list_is_refused() -> None:
    """Within one list an event's cards stay distinct (the check the draw back kept)."""
    event = Discarded(3, 1, 2, 0, (Card.parse("KS"), Card.parse("QS")))
    text = dumps(event).replace('"QS"', '"KS"')
    with pytest.raises(InvalidStateError, match="an event's cards: a card appears twice"):
        loads(text)
    text = dumps(Discarded(3, 1, 1, 2, (Card.parse("2C"),), (Card.parse("KS"), Card.parse("QS"))))
    with pytest.raises(InvalidStateError, match="an event's drawn cards: a card appears twice"):
        loads(text.replace('"QS"', '"KS"'))


def test_events_refuse_the_wrong_arguments() -> None:
    state = new_game(Rules.setback(), seed=1)
    with pytest.raises(TypeError, match="events takes a GameState, not PlayerView"):
        events(observe(state, 0), 0)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="no seat 4"):
        events(state, 4)
    with pytest.raises(TypeError, match="after must be a whole number"):
        events(state, 0, after="3")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "rules",
    [
        *(Rules.preset(name) for name in PRESET_NAMES),
        Rules.setback(draw=True),
        Rules.auction_pitch(pitch_instead_of_bid=True),
        Rules.setback(all_pass="pass_deal"),
        Rules.ten_point(players=2),  # seed 0's game has face-up discards without a choice
    ],
    ids=[*PRESET_NAMES, "draw", "pitch", "pass-deal", "ten-point-2"],
)
def test_after_k_skips_the_hands_before_it_exactly(rules: Rules) -> None:
    """The hands before event k are skipped by counting from their records; what comes
    back is exactly what replaying the whole game gives, at every k."""
    for seed in (0, 1):
        state = list(random_states(rules, seed, max_steps=400))[-1]
        everything = _all(state, 1)
        for k in range(0, len(everything) + 1, 3):
            assert events(state, 1, after=k) == everything[k:]
        # the skipping is exact, not the whole-game replay kept as a safety net
        counts = hand_counts(state)
        actions = sum(actions for _, actions in counts)
        assert actions == len(state.log) - len(state.hand_log)
        counted = sum(events for events, _ in counts)
        dealt = [event for event in everything if isinstance(event, Dealt)]
        before = len(everything) - 1 if state.is_over else dealt[-1].number - 1
        assert counted == before


@pytest.mark.parametrize(
    "rules",
    [Rules.trickster(4, kitty=2), Rules.trickster(4, kitty=3, draw=True)],
    ids=["kitty", "kitty-draw"],
)
def test_no_event_leaks_the_kitty(rules: Rules) -> None:
    """RULES §7.7.1: the kitty's cards reach only the pitcher's events (the pick-up's
    drawn cards); every other seat sees a count."""
    _check_no_leak(rules, 3)


# --- the kitty (RULES §7.7.1) -----------------------------------------------------------


def test_the_pick_up_is_an_event_showing_the_cards_only_to_the_pitcher() -> None:
    state = apply_action(kitty_declared(), "discard 4C 3D")
    mine = [e for e in events(state, 0) if isinstance(e, Discarded)]
    theirs = [e for e in events(state, 1) if isinstance(e, Discarded)]
    assert mine == [
        Discarded(7, 0, 0, 2, (), sorted_cards("AH 10H")),
        Discarded(8, 0, 2, 0, sorted_cards("4C 3D"), ()),
    ]
    assert theirs == [Discarded(7, 0, 0, 2), Discarded(8, 0, 2, 0)]


# --- Cinch's forced discards and refills (RULES §7.5.5, §7.8.8) -----------------------------


def test_y1_the_forced_face_up_discards_refills_and_the_rob_are_events() -> None:
    """RULES §7.9 Y1: the non-dealers' forced face-up discards are events naming how many
    cards the dealer gave each back; Dan's rob shows as a discard with the 8 cards taken."""
    kinds = [
        (type(event).__name__, event.seat, event.drawn)  # type: ignore[union-attr]
        for event in events(y1_declared(), 1)
        if isinstance(event, Discarded | FaceUpDiscarded)
    ]
    assert kinds == [
        ("FaceUpDiscarded", 0, 2),
        ("FaceUpDiscarded", 1, 3),
        ("FaceUpDiscarded", 2, 3),
        ("Discarded", 3, 8),
    ]


def test_a_short_stocks_choice_and_the_dealers_excess_trumps_are_events() -> None:
    """RULES §7.5.5: Carla's discard (her choice) shows what she was given from the short
    stock, to her; Dan's rob of an empty stock shows his face-down and face-up throws."""
    state = cinch_short_stock()
    stock = set(state.stock)
    for discard in ("discard 2D 3D 4D 6D 7D 8D 9D", "discard JC 7H 8H"):
        state = apply_action(state, discard)
    shown = [type(event).__name__ for event in events(state, 0)[-3:]]
    assert shown == ["FaceUpDiscarded", "Discarded", "FaceUpDiscarded"]
    given = [e for e in events(state, 2) if isinstance(e, FaceUpDiscarded) and e.seat == 2]
    assert [(e.drawn, set(e.drawn_cards)) for e in given] == [(4, stock)]
