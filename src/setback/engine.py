"""The game loop: `new_game`, `legal_actions`, `is_legal`, `apply_action`.

This module only dispatches on the phase; each rule lives in its own module.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from .actions import Action, Bid, DeclareTrump, Discard, Pass, Pitch, Play, parse_action
from .bidding import apply_call, dealer_may_match, legal_calls
from .cards import SUIT_MASKS, Card, cards_of, mask_of, parse_cards
from .dealing import deal, shuffled_pack, start_hand
from .discarding import (
    apply_declaration,
    apply_discard,
    discardable,
    legal_declarations,
    legal_discards,
)
from .errors import IllegalActionError, InvalidNotationError, InvalidStateError, RulesError
from .play import apply_play, legal_cards, legal_plays
from .rules import SMUDGE, AllPass, DealerMatch, Rules, WinRule
from .state import GameRecord, GameState, Phase

__all__ = ["apply_action", "is_legal", "legal_actions", "new_game"]


def new_game(
    rules: Rules,
    *,
    seed: int | None = None,
    dealer: int = 0,
    hands: Sequence[Sequence[Card | str] | str] | None = None,
    deck: Sequence[Card | str] | str | None = None,
    scores: Sequence[int] | None = None,
) -> GameState:
    """A new game with its first hand dealt and the auction open.

    Args:
        rules: the rules of the game.
        seed: every shuffle of the game comes from it; `None` draws one from
            the OS, kept in `state.seed` so the game can be replayed.
        dealer: the seat that deals the first hand.
        hands: deal exactly these cards (one sequence of cards or card text
            per seat) for the first hand; the stock is the other cards,
            shuffled from the seed.
        deck: the whole shuffled pack for the first hand, dealt in packets of
            three clockwise from the dealer's left; the rest is the stock.
        scores: resume from a score sheet, one score per side.

    Later hands are always shuffled from the seed.

    Returns:
        The state at the start of the first hand: `Phase.BIDDING`, eldest to act.

    Examples:
        >>> state = new_game(Rules.setback(), seed=7)
        >>> state.phase, state.to_act, state.scores
        (<Phase.BIDDING: 'bidding'>, 1, (0, 0))

    Raises:
        RulesError: `rules` is not a `Rules` value.
        InvalidStateError: the seed, dealer, hands, deck or scores do not fit the rules.
        InvalidNotationError: a card's text is not a card.
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a Rules value, not {rules!r}")
    if seed is None:
        seed = secrets.randbits(64)
    elif not isinstance(seed, int) or isinstance(seed, bool) or seed.bit_length() > 256:
        raise InvalidStateError(f"seed must be a whole number of at most 256 bits, not {seed!r}")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < rules.players:
        raise InvalidStateError(
            f"dealer must be a seat from 0 to {rules.players - 1}, not {dealer!r}"
        )
    sheet = _check_scores(rules, scores)
    if hands is not None and deck is not None:
        raise InvalidStateError("give hands or deck, not both")
    dealt = None
    fixed_hands = fixed_deck = None
    if hands is not None:
        if isinstance(hands, str):
            raise InvalidStateError("hands must be one sequence of cards per seat, not one text")
        fixed_hands = tuple(parse_cards(hand) for hand in hands)
        dealt = _check_hands(rules, seed, fixed_hands)
    elif deck is not None:
        fixed_deck = parse_cards(deck)
        if len(fixed_deck) != 52 or len(set(fixed_deck)) != 52:
            raise InvalidStateError(
                f"a deck must hold each of the 52 cards once; got {len(fixed_deck)} cards, "
                f"{len(set(fixed_deck))} different"
            )
        dealt = deal(rules, dealer, [card.index for card in fixed_deck])
    origin = GameRecord(
        rules=rules,
        seed=seed,
        dealer=dealer,
        scores=None if scores is None else sheet,
        hands=fixed_hands,
        deck=fixed_deck,
    )
    return start_hand(rules, origin, 0, dealer, sheet, (), dealt)


def _check_scores(rules: Rules, scores: Sequence[int] | None) -> tuple[int, ...]:
    sides = len(rules.sides)
    if scores is None:
        return (0,) * sides
    sheet = tuple(scores)
    if len(sheet) != sides or not all(
        isinstance(s, int) and not isinstance(s, bool) for s in sheet
    ):
        raise InvalidStateError(f"scores must be {sides} whole numbers, one per side: {scores!r}")
    if rules.win_rule is not WinRule.BID_OUT and max(sheet) >= rules.target:
        raise InvalidStateError(
            f"scores {sheet} already reach the target {rules.target}: under "
            f"{rules.win_rule.name} that game is over"
        )
    return sheet


def _check_hands(
    rules: Rules, seed: int, parsed: tuple[tuple[Card, ...], ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if len(parsed) != rules.players:
        raise InvalidStateError(
            f"hands: need {rules.players} hands, one per seat; got {len(parsed)}"
        )
    for seat, hand in enumerate(parsed):
        if len(hand) != rules.hand_size:
            raise InvalidStateError(
                f"hands: seat {seat} has {len(hand)} cards; each seat is dealt {rules.hand_size}"
            )
    everything = [card for hand in parsed for card in hand]
    if len(set(everything)) != len(everything):
        twice = sorted({str(c) for c in everything if everything.count(c) > 1})
        raise InvalidStateError(f"hands: dealt twice: {' '.join(twice)}")
    masks = tuple(mask_of(hand) for hand in parsed)
    used = mask_of(everything)
    stock = tuple(i for i in shuffled_pack(seed, 0) if not used >> i & 1)
    return masks, stock


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """The actions open to the seat to act, in a stable order; empty once the game is over.

    Order: pass, then calls from low to high, then the other actions (pitches,
    trump declarations, discards fewest first, plays), cards by suit, then
    rank. Computed once per state and cached in it.

    Args:
        state: any game state.

    Returns:
        The legal actions of `state.to_act`.

    Examples:
        >>> from setback import Rules, new_game
        >>> [str(a) for a in legal_actions(new_game(Rules.setback(), seed=1))]
        ['pass', 'bid 2', 'bid 3', 'bid 4', 'smudge']
    """
    cached = state._legal
    if cached is not None:
        return cached
    phase = state.phase
    if phase is Phase.PLAY:
        legal = legal_plays(state)
    elif phase is Phase.BIDDING:
        legal = legal_calls(state)
    elif phase is Phase.DISCARD:
        legal = legal_discards(state)
    elif phase is Phase.DECLARE_TRUMP:
        legal = legal_declarations(state)
    else:
        legal = ()
    object.__setattr__(state, "_legal", legal)
    return legal


def is_legal(state: GameState, action: Action | str) -> bool:
    """Whether `action` (a value or its text) may be applied to `state` now.

    Args:
        state: any game state.
        action: an action value, or its text; text that is no action is not legal.

    Returns:
        True if `apply_action(state, action)` would succeed.

    Examples:
        >>> from setback import Rules, new_game
        >>> state = new_game(Rules.setback(), seed=1)
        >>> is_legal(state, "bid 2"), is_legal(state, "bid 1"), is_legal(state, "fold")
        (True, False, False)
    """
    if isinstance(action, str):
        try:
            action = parse_action(action)
        except InvalidNotationError:
            return False
    return action in legal_actions(state)


def apply_action(state: GameState, action: Action | str, *, seat: int | None = None) -> GameState:
    """The state after the seat to act takes `action` (a value or its text).

    Args:
        state: the state to act in; it is not changed.
        action: an action from `legal_actions(state)`, or its text.
        seat: the seat that sends the action, if known (a server passes the
            authenticated seat); an action from another seat than the one
            to act is refused.

    Returns:
        The new state. When the action ends a hand, the hand is scored and
        recorded in `history`, and the next hand is dealt (or the game ends).

    Examples:
        >>> from setback import Rules, new_game
        >>> state = new_game(Rules.setback(), seed=1, dealer=3)
        >>> apply_action(state, "bid 2", seat=0).bids
        ((0, Bid(2)),)
        >>> apply_action(state, "pass", seat=1)
        Traceback (most recent call last):
        ...
        setback.errors.IllegalActionError: pass by seat 1 is illegal: it is seat 0's turn

    Raises:
        IllegalActionError: the action is not legal now, or not this seat's to take.
        InvalidNotationError: `action` is text that is no action.
    """
    if isinstance(action, str):
        action = parse_action(action)
    legal = state._legal
    if legal is None:
        legal = legal_actions(state)
    if seat is not None and seat != state.to_act:
        raise IllegalActionError(action, seat, _not_your_turn(state))
    if action not in legal:
        raise IllegalActionError(action, state.to_act, _why_illegal(state, action))
    phase = state.phase
    if phase is Phase.PLAY:
        return apply_play(state, action)  # type: ignore[arg-type]
    if phase is Phase.BIDDING:
        return apply_call(state, action)
    if phase is Phase.DISCARD:
        return apply_discard(state, action)  # type: ignore[arg-type]
    return apply_declaration(state, action)  # type: ignore[arg-type]


# --- why an action is illegal (off the hot path) ------------------------------------


def _not_your_turn(state: GameState) -> str:
    if state.to_act is None:
        return "the game is over"
    return f"it is seat {state.to_act}'s turn"


def _why_illegal(state: GameState, action: Any) -> str:
    phase = state.phase
    if phase is Phase.GAME_OVER:
        return f"the game is over (side {state.winner} won)"
    if not isinstance(action, Pass | Bid | Play | Pitch | DeclareTrump | Discard):
        return f"{action!r} is not an action (use the action classes or parse_action)"
    if phase is Phase.BIDDING:
        return _why_call_illegal(state, action)
    if phase is Phase.DECLARE_TRUMP:
        return "the pitcher must first name trump (e.g. 'trump S')"
    if phase is Phase.DISCARD:
        return _why_discard_illegal(state, action)
    if not isinstance(action, Play):
        return "the auction is over: play a card"
    return _why_card_illegal(state, action)


def _why_call_illegal(state: GameState, action: Action) -> str:
    rules, hand = state.rules, state.hand
    if not isinstance(action, Pass | Bid | Pitch):
        return "the auction is still on: pass or bid"
    seat = state.to_act
    assert seat is not None
    if isinstance(action, Pitch):
        if not rules.pitch_instead_of_bid:
            return "pitching instead of bidding is not part of these rules"
        if not state.held[seat] >> action.card.index & 1:
            return f"seat {seat} does not hold {action.card.symbol}"
        return f"a pitch is a bid of 4, and 4 cannot be bid now (highest so far {hand.high})"
    if state.trick is not None:
        return "a card was pitched: the dealer may only pass, pitch a card or call Smudge"
    dealer_turn = seat == hand.dealer
    if isinstance(action, Pass):
        if rules.all_pass is AllPass.DEALER_EXACTLY_MIN:
            return f"everyone else passed: the dealer must bid {rules.min_bid}"
        return f"everyone else passed: the dealer must bid at least {rules.min_bid}"
    level = action.level
    if level == SMUDGE and not rules.smudge:
        return "these rules have no Smudge (the highest bid is 4)"
    if level < rules.min_bid:
        return f"the lowest bid is {rules.min_bid}"
    if dealer_turn and hand.high == 0:
        return f"everyone else passed: the dealer must bid exactly {rules.min_bid}"
    if level == hand.high and dealer_turn and not dealer_may_match(rules, hand.high):
        if rules.dealer_match is DealerMatch.NONE:
            return f"the dealer may not match the highest bid ({hand.high}) in these rules"
        return f"the dealer may not match the top call ({hand.high})"
    return f"a bid must be higher than the highest so far ({hand.high}, by seat {hand.bidder})"


def _why_discard_illegal(state: GameState, action: Action) -> str:
    if not isinstance(action, Discard):
        return "everyone discards before play: e.g. 'discard 2C 7D' (or 'discard' for none)"
    seat = state.to_act
    assert seat is not None
    missing = [card.symbol for card in action.cards if not state.held[seat] >> card.index & 1]
    if missing:
        return f"seat {seat} does not hold {' '.join(missing)}"
    allowed, fewest, most = discardable(state)
    if state.rules.discards:
        return f"every player discards exactly {fewest} cards"
    if any(not allowed >> card.index & 1 for card in action.cards):
        return "trumps may not be discarded in the draw"
    return f"the stock can refill only {most} cards"


def _why_card_illegal(state: GameState, action: Play) -> str:
    seat = state.to_act
    assert seat is not None and state.trick is not None
    card, held = action.card, state.held[seat]
    if not held >> card.index & 1:
        return f"seat {seat} does not hold {card.symbol}"
    trump = state.hand.trump
    led = state.trick.led_suit
    allowed = " ".join(c.symbol for c in cards_of(legal_cards(state)))
    assert trump is not None
    if led is None:
        return f"the pitcher's first lead must be a trump ({trump.symbol}): play one of {allowed}"
    if led is not trump and not state.tricks and state.rules.no_trump_first_trick:
        return f"no trump may be played to the first trick unless you must: play one of {allowed}"
    if led is trump:
        return f"trump ({trump.symbol}) was led and seat {seat} holds trump: play one of {allowed}"
    held_led = " ".join(c.symbol for c in cards_of(held & SUIT_MASKS[led]))
    return (
        f"must follow {led.symbol} or trump ({trump.symbol}): {card.symbol} is neither, "
        f"and seat {seat} holds {held_led}"
    )
