"""What strong players do: positions built by hand, each with the one answer players accept.

Each position is a state, the seat to act and the accepted action. `test_strong_play.py`
asks the bot levels for their choice there; `benchmarks/positions.py` shows, by a large
evaluation of every legal action, that the accepted one is clearly best.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from setback import GameState, Rules, apply_action, new_game

from .support import act, deal, play


@dataclass(frozen=True)
class Position:
    """One position: how to build it, and what a strong player does there."""

    name: str
    build: Callable[[], GameState]
    accepted: str
    """The accepted action, as text."""
    why: str


def _low_onto_partner() -> GameState:
    # German rules: Low goes to whoever takes it. A pitches spades and leads the ace, the
    # highest trump; C, A's partner, throws the 2 of trumps onto it, not the queen (two card
    # points toward Game).
    state = deal(
        Rules.setback(),
        "A: A♠ K♠ 9♦ Q♥ 10♣ 7♦; B: 6♠ 3♥ 5♦ J♦ 8♣ 2♥; C: 2♠ Q♠ A♦ K♣ 9♥ 3♣; D: 4♠ 10♦ 5♥ Q♣ 4♦ 7♥",
    )
    state = act(state, "A 2, B pass, C pass, D pass")
    return _plays(state, "A A♠, B 6♠")


def _lowest_trump_onto_partner() -> GameState:
    # The same, but C's lowest trump is the 3 (the 2 is nowhere in sight): it may be Low.
    state = deal(
        Rules.setback(),
        "A: A♠ K♠ 9♦ Q♥ 10♣ 7♦; B: 6♠ 3♥ 5♦ J♦ 8♣ 2♥; C: 3♠ 9♠ A♦ K♣ 9♥ 3♣; D: 7♠ 10♦ 5♥ Q♣ 4♦ 7♥",
    )
    state = act(state, "A 2, B pass, C pass, D pass")
    return _plays(state, "A A♠, B 6♠")


def _ace_last_to_pointless_trick() -> GameState:
    # German rules. A pitches and leads the 6 of spades; B plays the 9 and C the 7. D, last
    # to play, holds the ace of trumps: the trick is his partner B's and has no point in
    # it, and A still holds the jack, so D keeps the ace and plays the 8.
    state = deal(
        Rules.setback(),
        "A: 6♠ J♠ 9♦ Q♥ 10♣ 7♦; B: K♠ 9♠ 5♦ J♦ 8♣ 2♥; C: 7♠ 5♠ A♦ K♣ 9♥ 3♣; D: A♠ 8♠ 5♥ Q♣ 4♦ 7♥",
    )
    state = act(state, "A 2, B pass, C pass, D pass")
    return _plays(state, "A 6♠, B 9♠, C 7♠")


def _touching_low_trumps() -> GameState:
    # German rules (Low to its taker), spades trump. B pitches and leads the ace of trumps,
    # which takes the trick whatever C plays; C holds the 4 and the 3 of trumps and plays
    # the 4, keeping the 3, which is Low if the 2 is not in play, for a trick of A's.
    state = deal(
        Rules.setback(),
        "A: K♠ Q♠ 9♦ Q♥ 10♣ 7♦; B: A♠ 8♠ 5♦ J♦ 8♣ 2♥; C: 4♠ 3♠ A♦ K♣ 9♥ 3♣; D: J♠ 10♦ 5♥ Q♣ 4♦ 7♥",
    )
    state = act(state, "A pass, B 2, C pass, D pass")
    return _plays(state, "B A♠")


def _dealer_matches() -> GameState:
    # German rules: A bids 3, B and C pass. D, the dealer, may match a bid: with a hand
    # worth about 3 he takes the contract at 3, not at 4.
    state = deal(
        Rules.setback(),
        "A: 8♠ J♦ 9♦ Q♥ 10♣ 7♦; B: 6♠ 3♥ 5♦ J♣ 8♣ 2♥; C: 7♠ 5♠ A♦ K♣ 9♥ 3♣; D: A♠ K♠ 10♠ 3♠ K♦ 9♣",
    )
    return act(state, "A 3, B pass, C pass")


def _no_top_without_top_trump() -> GameState:
    # German rules: A bids 2. B holds six spades, K Q J 10 3 2, but not the ace: a Smudge
    # (all four points) or a 4 needs High, which the ace takes whenever it is in play; B
    # bids 3.
    state = deal(
        Rules.setback(),
        "A: A♦ J♦ 9♦ Q♥ 10♣ 7♦; B: K♠ Q♠ J♠ 10♠ 3♠ 2♠; C: 7♠ 5♠ A♥ K♣ 9♥ 3♣; D: 6♠ 3♥ 5♦ J♣ 8♣ 2♥",
    )
    return act(state, "A 2")


def _defender_ducks_first_trick() -> GameState:
    # Trickster's 10-point game for five, call your partner (seed 2): B pitches diamonds,
    # calls the K♦ and leads the A♦; C and D follow low. E, a defender, holds 7♦ J♦ and
    # the little joker: the called king still comes (A must play it to this trick), so E
    # ducks with the 7 and keeps his points.
    state = new_game(Rules.trickster(10, players=5), seed=2)
    for action in ("bid 5", "pass", "pass", "pass", "pass", "trump D", "call KD"):
        state = apply_action(state, action)
    return _plays(state, "B A♦, C 2♦, D 5♦")


def _bank_a_point_when_last() -> GameState:
    # Trickster's 10-point game (seed 8): A pitches clubs at 6 and leads the 7; B plays
    # the 2 and C the 9. D, last, holds 8♣ A♣ and J♠, the off-jack (a point): both the 8
    # and the jack win here, and a higher trump may take the jack later, so D banks it.
    state = new_game(Rules.trickster(10), seed=8)
    for action in ("bid 5", "pass", "pass", "bid 6", "trump C", "discard 6C"):
        state = apply_action(state, action)
    return _plays(state, "A 7♣, B 2♣, C 9♣")


def _plays(state: GameState, moves: str) -> GameState:
    """Plays 'A A♠, B 6♠' (a trick not yet complete), or whole tricks as `play` takes them."""
    from .support import NAMES

    *whole, part = moves.split(";")
    if whole:
        state = play(state, ";".join(whole))
    for move in part.split(","):
        name, card = move.split()
        state = apply_action(state, f"play {card}", seat=NAMES[name])
    return state


POSITIONS = (
    Position(
        "low-onto-partner",
        _low_onto_partner,
        "play 2S",
        "Low goes to its taker: the 2 of trumps onto the partner's ace banks the point",
    ),
    Position(
        "lowest-trump-onto-partner",
        _lowest_trump_onto_partner,
        "play 3S",
        "the lowest trump held may be Low: onto the partner's ace it comes home",
    ),
    Position(
        "ace-last-to-pointless-trick",
        _ace_last_to_pointless_trick,
        "play 8S",
        "last to a trick with no point in it: keep the ace of trumps for the jack still out",
    ),
    Position(
        "touching-low-trumps",
        _touching_low_trumps,
        "play 4S",
        "the 4 and the 3 of trumps are alike here: play the 4, keep the 3 that may be Low",
    ),
    Position(
        "dealer-matches",
        _dealer_matches,
        "bid 3",
        "the dealer may match: the contract at 3, not 4",
    ),
    Position(
        "no-top-without-top-trump",
        _no_top_without_top_trump,
        "bid 3",
        "without the ace, neither the Smudge nor 4: both need High",
    ),
    Position(
        "defender-ducks-first-trick",
        _defender_ducks_first_trick,
        "play 7D",
        "call your partner: the called card must still come to trick 1, so a defender ducks",
    ),
    Position(
        "bank-a-point-when-last",
        _bank_a_point_when_last,
        "play JS",
        "last to a trick it wins: the off-jack, which a higher trump may take later, comes home",
    ),
)
