"""The game loop: `new_game`, `legal_actions`, `is_legal`, `apply_action`.

This module dispatches on the phase and closes a hand (`close_hand`: the hand scored by
`scoring`, the next one dealt by `dealing`); each rule lives in its own module.
"""

from __future__ import annotations

import operator
import secrets
from collections.abc import Callable, Sequence

from .actions import (
    Action,
    Bid,
    CallPartner,
    DeclareTrump,
    Discard,
    Pass,
    Pitch,
    Play,
    Shoot,
    Smudge,
    parse_action,
)
from .bidding import call_refusal, call_table, legal_calls, step_call
from .cards import BIT, Card, cards_of, mask_of, parse_cards
from .dealing import deal, next_dealer, shuffled_pack, start_hand
from .declaring import (
    declaration_refusal,
    legal_declarations,
    legal_partner_calls,
    partner_call_refusal,
    step_declaration,
)
from .discarding import discard_refusal, legal_discards, step_discard
from .errors import (
    IllegalActionError,
    InvalidNotationError,
    InvalidStateError,
    echoed,
    kind_error,
    shown,
)
from .options import WinRule
from .play import legal_plays, play_refusal, plays_of, step_play
from .refusals import Refusal
from .rules import MAX_SCORE, MAX_SEED_BITS, Rules
from .scoring import game_end, hand_result, played_hands
from .state import (
    EMPTY_HISTORY,
    EMPTY_LOG,
    MAX_ACTIONS,
    MAX_HANDS,
    GameRecord,
    GameState,
    Hand,
    Phase,
    advance,
    make_state,
    with_phase,
)
from .tables import trump_tables
from .trumps import TrumpTable

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
        TypeError: `rules` is not a `Rules` value, or the seed, the dealer or a score is
            not an `int` (`bool` is not taken).
        InvalidStateError: the seed, dealer, hands, deck or scores do not fit the rules
            (a seed has at most 256 bits; a score is at most 10**12 either way).
        InvalidNotationError: a card's text is not a card.
    """
    if type(rules) is not Rules:
        raise kind_error("new_game", "a Rules value", rules)
    if seed is None:
        seed = secrets.randbits(64)
    elif type(seed) is not int:
        raise TypeError(f"seed must be a whole number (int) or None, not {type(seed).__name__}")
    elif seed.bit_length() > MAX_SEED_BITS:
        raise InvalidStateError(
            f"seed must be a whole number of at most {MAX_SEED_BITS} bits, not {shown(seed)}"
        )
    if type(dealer) is not int:
        raise TypeError(f"dealer must be a seat (int), not {type(dealer).__name__}")
    if not 0 <= dealer < rules.players:
        raise InvalidStateError(
            f"dealer must be a seat from 0 to {rules.players - 1}, not {shown(dealer)}"
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
        size = len(rules.pack_indices)
        if len(fixed_deck) != size or mask_of(fixed_deck) != rules.pack_mask:
            raise InvalidStateError(
                f"a deck must hold each of the {size} cards of this pack once; got "
                f"{len(fixed_deck)} cards, {len(set(fixed_deck))} different"
                + ("" if mask_of(fixed_deck) & ~rules.pack_mask == 0 else ", some not in it")
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
    return start_hand(
        rules,
        origin,
        0,
        dealer,
        sheet,
        EMPTY_HISTORY,
        EMPTY_LOG,
        dealt,
        tables=trump_tables(rules),
        calls=call_table(rules),
    )


def new_game_as(origin: GameRecord) -> GameState:
    """The game as the record `origin` began (its rules, seed, dealer, hands, deck and
    scores; its actions are not played): the start that `replay`, the event log, the
    coach's review and the PTN reader each replay from. Raises what `new_game` raises."""
    return new_game(
        origin.rules,
        seed=origin.seed,
        dealer=origin.dealer,
        hands=origin.hands,
        deck=origin.deck,
        scores=origin.scores,
    )


def _check_scores(rules: Rules, scores: Sequence[int] | None) -> tuple[int, ...]:
    sides = len(rules.sides)
    if scores is None:
        return (0,) * sides
    if isinstance(scores, str | bytes) or not isinstance(scores, Sequence):
        raise TypeError(f"scores must be a sequence of ints, not {type(scores).__name__}")
    if len(scores) != sides:
        raise InvalidStateError(
            f"scores must be {sides} whole numbers, one per side, not {len(scores)}"
        )
    sheet = tuple(scores)
    for score in sheet:
        if type(score) is not int:
            raise TypeError(f"a score must be a whole number (int), not {type(score).__name__}")
        if not -MAX_SCORE <= score <= MAX_SCORE:
            raise InvalidStateError(
                f"a score must be from -{MAX_SCORE:_} to {MAX_SCORE:_}, not {shown(score)}"
            )
    top = max(sheet)
    if (
        rules.win_rule is not WinRule.BID_OUT
        and rules.hands_limit is None  # a fixed number of hands ignores the target
        and top >= rules.target
        # under HIGHEST_SCORE, sides tied at the top play on (scoring.game_winner)
        and (rules.win_rule is not WinRule.HIGHEST_SCORE or sheet.count(top) == 1)
    ):
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
    foreign = used & ~rules.pack_mask
    if foreign:
        names = " ".join(str(card) for card in cards_of(foreign))
        raise InvalidStateError(
            f"hands: {names} not in this pack ({len(rules.pack_indices)} cards)"
        )
    stock = tuple(i for i in shuffled_pack(seed, 0, rules.pack_indices) if not used >> i & 1)
    return masks, stock


_ACTIONS = frozenset((Pass, Bid, Smudge, Shoot, Play, Pitch, DeclareTrump, CallPartner, Discard))
_PLAY = Phase.PLAY
_BIDDING = Phase.BIDDING
_GAME_OVER = Phase.GAME_OVER

_LEGAL: dict[Phase, Callable[[GameState], tuple[Action, ...]]] = {
    Phase.BIDDING: legal_calls,
    Phase.DECLARE_TRUMP: legal_declarations,
    Phase.CALL_PARTNER: legal_partner_calls,
    Phase.DISCARD: legal_discards,
    Phase.PLAY: legal_plays,
}
_REFUSAL: dict[Phase, Callable[..., Refusal | None]] = {
    Phase.BIDDING: call_refusal,
    Phase.DECLARE_TRUMP: declaration_refusal,
    Phase.CALL_PARTNER: partner_call_refusal,
    Phase.DISCARD: discard_refusal,
    Phase.PLAY: play_refusal,
}


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """The actions open to the seat to act, in a stable order; empty once the game is over.

    Order: pass, then calls from low to high, then the other actions (pitches,
    trump declarations, discards fewest first, plays), cards by suit, then
    rank.

    Args:
        state: any game state.

    Returns:
        The legal actions of `state.to_act`.

    Raises:
        TypeError: `state` is not a `GameState`.

    Examples:
        >>> from setback import Rules, new_game
        >>> [str(a) for a in legal_actions(new_game(Rules.setback(), seed=1))]
        ['pass', 'bid 2', 'bid 3', 'bid 4', 'smudge']
    """
    if type(state) is not GameState:
        raise _not_a_state("legal_actions", state)
    hand = state.hand
    playable = hand.playable  # the cards the last step found open: 0 outside trick play
    if playable:
        return plays_of(playable)  # legal_plays(state), without the call
    phase = hand.setup.phase  # `state.phase`, without the property's call
    if phase is _BIDDING:  # by identity: an Enum's hash is a Python call
        return legal_calls(state)
    if phase is _GAME_OVER:
        return ()
    return _LEGAL[phase](state)


def refusal(state: GameState, action: Action, *, seat: int | None = None) -> Refusal | None:
    """Why `action` may not be applied to `state` now (its code and params, see
    `setback.refusals`), or None if it may.

    The same code decides the legal actions, so the two cannot disagree. The
    reason names the acting seat's cards only when `seat` is given (the caller
    says the action comes from that seat, which holds them).

    Raises:
        TypeError: `state` is not a `GameState`, `action` is not an action value, or
            `seat` is not an `int` (or None).
    """
    if type(state) is not GameState:
        raise _not_a_state("refusal", state)
    if type(action) not in _ACTIONS:
        raise _not_an_action("refusal", action, text=False)
    if seat is not None and type(seat) is not int:
        raise _not_a_seat(seat)
    return _refusal(state, action, seat)


def _refusal(state: GameState, action: Action, seat: int | None) -> Refusal | None:
    phase = state.hand.setup.phase  # `state.phase`, without the property's call
    if phase is _BIDDING and seat is None:  # every call of the auction comes this way
        return call_refusal(state, action, show_hand=False)
    if phase is _GAME_OVER:
        return Refusal("game_over", {"side": state.winner})
    if seat is not None:
        if not 0 <= seat < state.rules.players:
            return Refusal(
                "no_such_seat", {"value": echoed(seat), "last_seat": state.rules.players - 1}
            )
        if seat != state.to_act:
            return Refusal("not_your_turn", {"seat": state.to_act})
    if phase is _BIDDING:  # by identity: an Enum's hash is a Python call
        return call_refusal(state, action, show_hand=True)
    return _REFUSAL[phase](state, action, show_hand=seat is not None)


_KINDS = "an action (Pass, Bid, Smudge, Shoot, Play, Pitch, DeclareTrump, CallPartner or Discard)"


def _not_a_state(function: str, value: object) -> TypeError:
    """A `TypeError` for a value that is not a `GameState` (a `PlayerView` is named as
    one: it is what a seat sees, not the game)."""
    if type(value).__name__ == "PlayerView":
        return TypeError(
            f"{function} takes a GameState, not a PlayerView (a view is what one seat "
            "sees; the server keeps the GameState)"
        )
    return kind_error(function, "a GameState", value)


def _not_an_action(function: str, value: object, *, text: bool = True) -> TypeError:
    return kind_error(function, _KINDS + (" or its text" if text else ""), value)


def _not_a_seat(value: object) -> TypeError:
    return TypeError(f"seat must be a seat number (int) or None, not {type(value).__name__}")


def is_legal(state: GameState, action: Action | str) -> bool:
    """Whether `action` (a value or its text) may be applied to `state` now.

    Args:
        state: any game state.
        action: an action value, or its text; text that is no action is not legal.

    Returns:
        True if `apply_action(state, action)` would succeed.

    Raises:
        TypeError: `state` is not a `GameState`, or `action` is neither an action
            value nor text.

    Examples:
        >>> from setback import Rules, new_game
        >>> state = new_game(Rules.setback(), seed=1)
        >>> is_legal(state, "bid 2"), is_legal(state, "bid 1"), is_legal(state, "fold")
        (True, False, False)
    """
    if type(state) is not GameState:
        raise _not_a_state("is_legal", state)
    if isinstance(action, str):
        try:
            action = parse_action(action)
        except InvalidNotationError:
            return False
    elif type(action) not in _ACTIONS:
        raise _not_an_action("is_legal", action)
    return _refusal(state, action, None) is None


def apply_action(state: GameState, action: Action | str, *, seat: int | None = None) -> GameState:
    """The state after the seat to act takes `action` (a value or its text).

    Args:
        state: the state to act in; it is not changed.
        action: an action from `legal_actions(state)`, or its text.
        seat: the seat that sends the action, if known (a server passes the
            authenticated seat); an action from another seat than the one
            to act is refused, and only then does a refusal name the cards
            that seat holds.

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
        IllegalActionError: the action is not legal now, or not this seat's to take (also
            the action that would end a hand past `MAX_ACTIONS` actions or `MAX_HANDS` hands
            in the game).
        InvalidNotationError: `action` is text that is no action.
        TypeError: `state` is not a `GameState`, `action` is neither an action value
            nor text, or `seat` is not an `int` (`bool` is not taken).
    """
    if type(state) is not GameState:
        raise _not_a_state("apply_action", state)
    hand = state.hand
    if (
        type(action) is Play and seat is None and hand.playable & BIT[action.card.index]
    ):  # the hot path: a card the last step found open (play.open_cards: only in trick play)
        standing = state.standing
        after = step_play(standing.rules, standing.tables, hand, action.card)
        if after.to_act is None:  # the hand is over: score it, deal the next
            return close_hand(state, action, after)
        return advance(state, action, after)
    if isinstance(action, str):
        action = parse_action(action)
    elif type(action) not in _ACTIONS:
        raise _not_an_action("apply_action", action)
    if seat is not None and type(seat) is not int:
        raise _not_a_seat(seat)
    why = _refusal(state, action, seat)  # refuse, step, wrap
    if why is not None:
        raise IllegalActionError(action, state.to_act if seat is None else seat, why)
    standing = state.standing
    after = step_core(standing.rules, standing.tables, hand, action)
    if after.to_act is None:  # the hand is over (passed out, or its last card): score it
        return close_hand(state, action, after)
    return advance(state, action, after)


def close_hand(state: GameState, action: Action, hand: Hand) -> GameState:
    """The state after `action` ended the hand (`hand`, the core its last step left): the
    hand scored and recorded (`scoring`), the scores settled, and the game over or the
    next hand dealt (`dealing.start_hand`)."""
    standing = state.standing  # the game's fields, read once (not through the properties)
    rules = standing.rules
    result = hand_result(rules, standing.tables, hand)
    scores = tuple(map(operator.add, standing.scores, result.score_changes))  # one per side
    history = standing.history.add(result)
    played = 0 if rules.hands_limit is None else played_hands(history)
    end = game_end(rules, standing.scores, result, played)
    log = standing.earlier_log.extend((*state.hand_log, action))
    if log.length > MAX_ACTIONS:
        raise IllegalActionError(
            action,
            state.to_act,
            Refusal("too_many_actions", {"count": log.length, "most": MAX_ACTIONS}),
        )
    if history.length > MAX_HANDS:
        raise IllegalActionError(
            action,
            state.to_act,
            Refusal("too_many_hands", {"count": history.length, "most": MAX_HANDS}),
        )
    setup = hand.setup
    if end is None:
        dealer = next_dealer(rules, result)
        return start_hand(
            rules,
            standing.origin,
            result.number + 1,
            dealer,
            scores,
            history,
            log,
            last_hand=setup,
            tables=standing.tables,
            calls=standing.calls,
        )
    over = with_phase(setup, Phase.GAME_OVER)
    return make_state(
        rules=rules,
        origin=standing.origin,
        scores=scores,
        history=history,
        winner=end[0],
        hand=Hand(setup=over, to_act=None, held=(0,) * rules.players),
        log=log,
        tables=standing.tables,
        calls=standing.calls,
        last_hand=setup,
        end_reason=end[1],
    )


def step_core(rules: Rules, tables: Sequence[TrumpTable], hand: Hand, action: Action) -> Hand:
    """The hand core after the seat to act in `hand` takes `action`, unchecked: the step
    of the phase's own module (the auction's, the declaration's and partner call's, the
    discards' or trick play's). The checked engine asks it after the refusal, the playout
    kernel without one."""
    phase = hand.setup.phase
    if phase is _BIDDING:
        return step_call(rules, tables, hand, action)
    if phase is _PLAY:
        assert isinstance(action, Play)
        return step_play(rules, tables, hand, action.card)
    if phase is Phase.DECLARE_TRUMP or phase is Phase.CALL_PARTNER:
        assert isinstance(action, DeclareTrump | CallPartner)
        return step_declaration(rules, tables, hand, action)
    assert isinstance(action, Discard)
    return step_discard(rules, tables, hand, action)
