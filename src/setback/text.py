"""Display text for people: cards with suit symbols, hands grouped by suit, actions, and a
readable picture of a game state or a player's view.

`str(card)` and `str(action)` are the canonical ASCII forms (`"5D"`, `"play 5D"`) that
`Card.parse` and `parse_action` read and the JSON documents store; the functions here
give the forms a player reads (`"5♦"`, `"play 5♦"`), and `parse_action` reads those too.
`str(state)` and `str(view)` call `state_text` and `view_text`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .actions import Action, DeclareTrump, Discard, Pitch, Play
from .cards import Card, Suit
from .errors import InvalidStateError, kind_error
from .phase import Phase
from .rules import Rules

if TYPE_CHECKING:  # only for annotations: state.py and views.py import this module
    from .state import GameState, Trick
    from .views import PlayerView

__all__ = [
    "action_text",
    "cards_text",
    "contract_text",
    "hand_text",
    "side_text",
    "state_text",
    "view_text",
]


def cards_text(cards: Iterable[Card]) -> str:
    """Cards with their suit symbols, in the order given, or `"-"` for none.

    Examples:
        >>> from setback import parse_cards
        >>> cards_text(parse_cards("KS 10H JK"))
        'K♠ 10♥ 🃏'
    """
    return " ".join(card.symbol for card in _cards("cards_text", cards)) or "-"


def _cards(function: str, cards: Iterable[Card]) -> list[Card]:
    """`cards` as a list, each checked to be a `Card` (else `TypeError`, naming `function`)."""
    if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
        raise kind_error(function, "cards (an iterable of Card)", cards)
    listed = list(cards)
    for card in listed:
        if type(card) is not Card:
            raise kind_error(function, "cards (an iterable of Card)", card)
    return listed


def _hand_order(card: Card) -> tuple[int, int]:
    """Spades first, then hearts, clubs, diamonds (black and red alternate), jokers last;
    high ranks first within a suit."""
    if card.suit is None:
        return 4, -card.rank
    return (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS).index(card.suit), -card.rank


def hand_text(cards: Iterable[Card]) -> str:
    """A hand grouped by suit as players hold it: each suit's symbol, then its ranks high
    to low; suits alternate in colour; jokers last. `"-"` for no cards.

    Examples:
        >>> from setback import parse_cards
        >>> hand_text(parse_cards("2S KS 10H 4C JK"))
        '♠ K 2   ♥ 10   ♣ 4   🃏'
    """
    groups: dict[Suit | None, list[str]] = {}
    for card in sorted(_cards("hand_text", cards), key=_hand_order):
        if card.suit is None:
            groups.setdefault(None, []).append(card.symbol)
        else:
            groups.setdefault(card.suit, []).append(card.rank.text)
    return (
        "   ".join(
            " ".join(ranks) if suit is None else f"{suit.symbol} {' '.join(ranks)}"
            for suit, ranks in groups.items()
        )
        or "-"
    )


def action_text(action: Action) -> str:
    """An action as a player reads it, with suit symbols: `"play 5♦"`, `"trump ♠"`,
    `"discard 2♣ 7♦"` (`"discard nothing"` for none), `"bid 3"`, `"pass"`, `"smudge"`.

    `parse_action` reads every one of these back (and a bare card, `"5♦"`, as a play).

    Examples:
        >>> from setback import parse_action
        >>> action_text(parse_action("play 5D")), action_text(parse_action("discard"))
        ('play 5♦', 'discard nothing')
    """
    if isinstance(action, Play):
        return f"play {action.card.symbol}"
    if isinstance(action, Pitch):
        return f"pitch {action.card.symbol}"
    if isinstance(action, Discard):
        return "discard " + (cards_text(action.cards) if action.cards else "nothing")
    if isinstance(action, DeclareTrump):
        return f"trump {action.suit.symbol}"
    if not isinstance(action, Action):
        raise kind_error("action_text", "an action (Pass, Bid, Smudge, Play, ...)", action)
    return str(action)


def side_text(rules: Rules, side: int | None) -> str:
    """A side by its seats: `"seat 1"`, or `"seats 0+2"` for a partnership; `"nobody"` for
    None."""
    _check_rules("side_text", rules)
    if side is None:
        return "nobody"
    if type(side) is not int:
        raise kind_error("side_text", "a side (int) or None", side)
    if not 0 <= side < len(rules.sides):
        raise InvalidStateError(
            f"no side {side}: these rules have sides 0 to {len(rules.sides) - 1}"
        )
    seats = rules.sides[side]
    return f"seat {seats[0]}" if len(seats) == 1 else "seats " + "+".join(map(str, seats))


def contract_text(rules: Rules, contract: int) -> str:
    """A contract in words: `"smudge"` for the Smudge's level (where the rules have it),
    else `"bid N"`."""
    _check_rules("contract_text", rules)
    if type(contract) is not int:
        raise kind_error("contract_text", "a contract (int)", contract)
    return "smudge" if rules.smudge and contract == rules.smudge_level else f"bid {contract}"


def _check_rules(function: str, rules: object) -> None:
    if not isinstance(rules, Rules):
        raise kind_error(function, "a Rules value", rules)


def _scores(rules: Rules, scores: tuple[int, ...]) -> str:
    return ", ".join(f"{side_text(rules, side)} {score}" for side, score in enumerate(scores))


def _trick(trick: Trick) -> str:
    return ", ".join(f"seat {seat} {card.symbol}" for seat, card in trick.plays) or "-"


def _common(
    rules: Rules,
    phase: Phase,
    to_act: int | None,
    dealer: int,
    hand_number: int,
    scores: tuple[int, ...],
    winner: int | None,
    bids: tuple[tuple[int, Action], ...],
    pitcher: int | None,
    contract: int | None,
    trump: Suit | None,
    trick: Trick | None,
    tricks: tuple[Trick, ...],
    face_up: tuple[tuple[Card, ...], ...],
) -> list[str]:
    """The lines a state and a view share: the game, the hand, the auction and the play."""
    lines = [f"{rules.players} players, {len(rules.sides)} sides, target {rules.target}"]
    lines.append(f"Scores: {_scores(rules, scores)}")
    if phase is Phase.GAME_OVER:
        lines.append(f"Game over after hand {hand_number + 1}: {side_text(rules, winner)} won")
        return lines
    lines.append(f"Hand {hand_number + 1}, dealer seat {dealer}")
    lines.append(f"{phase.value.replace('_', ' ').capitalize()}: seat {to_act} to act")
    if bids:
        lines.append("Auction: " + ", ".join(f"seat {s} {action_text(a)}" for s, a in bids))
    if pitcher is not None and contract is not None:
        lines.append(f"Contract: seat {pitcher} {contract_text(rules, contract)}")
    if trump is not None:
        lines.append(f"Trump: {trump.symbol}")
    for seat, cards in enumerate(face_up):
        if cards:
            lines.append(f"Seat {seat} discarded face up: {cards_text(cards)}")
    for number, done in enumerate(tricks, 1):
        lines.append(f"Trick {number}: {_trick(done)} -> seat {done.winner}")
    if trick is not None and (phase is Phase.PLAY or trick.plays):
        lines.append(f"Trick {len(tricks) + 1}: {_trick(trick)}")
    return lines


def state_text(state: GameState) -> str:
    """The whole game at this moment, every hand shown (a state is the omniscient
    object; show a player `view_text` of their view). Lines: the table, the scores, the
    hand and whose turn it is, the auction, contract and trump, the tricks, every hand.

    Examples:
        >>> from setback import Rules, new_game
        >>> print(state_text(new_game(Rules.setback(), seed=7)))
        4 players, 2 sides, target 21
        Scores: seats 0+2 0, seats 1+3 0
        Hand 1, dealer seat 0
        Bidding: seat 1 to act
        Seat 0: ♠ J 8   ♥ K 8   ♦ J 8
        Seat 1: ♠ 3   ♥ 10   ♣ J 7 2   ♦ 2
        Seat 2: ♠ A 10   ♣ A Q 5   ♦ K
        Seat 3: ♠ 4   ♥ Q 5   ♣ 10   ♦ A 6
    """
    from .state import GameState  # state.py imports this module

    if not isinstance(state, GameState):
        raise kind_error("state_text", "a GameState", state)
    lines = _common(
        state.rules,
        state.phase,
        state.to_act,
        state.dealer,
        state.hand_number,
        state.scores,
        state.winner,
        state.bids,
        state.pitcher,
        state.contract,
        state.trump,
        state.trick,
        state.tricks,
        state.face_up_discards,
    )
    if state.phase is not Phase.GAME_OVER:
        discards = state.discards
        for seat, cards in enumerate(state.hands):
            thrown = f"   (discarded {cards_text(discards[seat])})" if discards[seat] else ""
            lines.append(f"Seat {seat}: {hand_text(cards)}{thrown}")
    return "\n".join(lines)


def view_text(view: PlayerView) -> str:
    """What one seat sees, as text: the same picture as `state_text`, but only this seat's
    own hand (and discards), the others' card counts, and its choices when it is its turn.

    Examples:
        >>> from setback import Rules, new_game, observe
        >>> print(view_text(observe(new_game(Rules.setback(), seed=7), 1)))
        Seat 1's view: 4 players, 2 sides, target 21
        Scores: seats 0+2 0, seats 1+3 0
        Hand 1, dealer seat 0
        Bidding: seat 1 to act
        Your hand: ♠ 3   ♥ 10   ♣ J 7 2   ♦ 2
        Cards held: seat 0 6, seat 1 6, seat 2 6, seat 3 6
        Your choices: pass, bid 2, bid 3, bid 4, smudge
    """
    from .views import PlayerView  # views.py imports this module

    if not isinstance(view, PlayerView):
        raise kind_error("view_text", "a PlayerView", view)
    lines = _common(
        view.rules,
        view.phase,
        view.to_act,
        view.dealer,
        view.hand_number,
        view.scores,
        view.winner,
        view.bids,
        view.pitcher,
        view.contract,
        view.trump,
        view.trick,
        view.tricks,
        view.face_up_discards,
    )
    lines[0] = f"Seat {view.seat}'s view: {lines[0]}"
    if view.phase is not Phase.GAME_OVER:
        lines.append(f"Your hand: {hand_text(view.hand)}")
        if view.discards:
            lines.append(f"You discarded: {cards_text(view.discards)}")
        sizes = ", ".join(f"seat {seat} {size}" for seat, size in enumerate(view.hand_sizes))
        lines.append(f"Cards held: {sizes}")
        if view.legal_actions:
            lines.append("Your choices: " + ", ".join(map(action_text, view.legal_actions)))
    return "\n".join(lines)
