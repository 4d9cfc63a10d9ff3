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


def _trump_when_the_rest_hold_none() -> GameState:
    # German rules (seed 132): C pitches spades with the king; D plays the 7, A the 6 and B,
    # with no trump, the 5 of diamonds. C leads the 2 of diamonds and D takes it with the
    # queen. A holds the 10 of diamonds and the 3 of trumps, and only B, who showed he holds
    # no trump, plays after him: the 3 takes the trick for sure (it may even be Low), where
    # the 10 would give D ten points toward Game.
    state = new_game(Rules.setback(), seed=132)
    for action in ("pass", "bid 2", "pass", "pass"):
        state = apply_action(state, action)
    return _plays(state, "C K♠ D 7♠ A 6♠ B 5♦ → C; C 2♦, D Q♦")


def _no_jack_on_a_trick_it_may_lose() -> GameState:
    # German rules (seed 25): A pitches spades (B bids 2 and the dealer, A, matches). After
    # four tricks A leads the king of hearts and B follows with the 8. C, A's partner, holds
    # the 9 of hearts and the jack of trumps; D, still to play, may trump or hold the ace:
    # C follows with the 9 and keeps his jack, rather than risk it to win the trick.
    state = new_game(Rules.setback(), seed=25)
    for action in ("bid 2", "pass", "pass", "bid 2"):
        state = apply_action(state, action)
    return _plays(
        state,
        "A 8♠ B 2♦ C 5♠ D 3♠ → A; A 9♣ B 4♣ C 3♣ D 6♣ → A; A K♦ B 3♦ C 7♠ D 9♦ → C; "
        "C 7♦ D A♦ A 2♠ B Q♦ → A; A K♥, B 8♥",
    )


def _take_what_the_partner_may_lose() -> GameState:
    # German rules (seed 13): A pitches diamonds (B bids 2, A matches). In the fifth trick
    # B leads the ace of spades and C follows with the 7. D, B's partner, holds the king of
    # trumps, the highest left, and the queen of spades; A, still to play, may trump the
    # ace: D takes the trick with the king, where the queen fed to the ace may be lost.
    state = new_game(Rules.setback(), seed=13)
    for action in ("bid 2", "pass", "pass", "bid 2"):
        state = apply_action(state, action)
    return _plays(
        state,
        "A A♦ B 5♦ C A♥ D 7♦ → A; A 4♥ B 3♣ C 2♣ D 5♥ → D; D 3♥ A 7♥ B 6♠ C 2♠ → A; "
        "A 8♣ B 10♣ C 5♣ D 4♣ → B; B A♠, C 7♠",
    )


def _keep_the_trumps_above_the_five() -> GameState:
    # Trickster's 9-point game (seed 47): C pitches hearts at 4; after the discard and
    # draw, C leads the king and D follows with the 8. A, C's partner, holds the ace, 10, 6
    # and 3 of trumps: the king stands (A holds the ace), so A feeds it, but with the 3,
    # keeping the 10 and the 6, which may still take the Five (worth 5), not yet seen.
    state = new_game(Rules.trickster(9), seed=47)
    for action in (
        "pass",
        "bid 4",
        "pass",
        "pass",
        "trump H",
        "discard 4C KC 3D 6D 3S 5S",
        "discard 3C 6C 7C 9C 2D 9S",
        "discard QC 4D QD 4S 7S 8S",
        "discard 2C 8C 7D 8D JD 2S",
    ):
        state = apply_action(state, action)
    return _plays(state, "C K♥, D 8♥")


def _trumps_only_keep_the_queen() -> GameState:
    # Trickster's 10-point game (seed 10): B bids 5 and D 6; D names diamonds and, after
    # the draw back, leads the ace; A follows with the 4. B, D's partner, holds the 9 and
    # the queen of trumps: the ace stands, so B feeds it, with the 9, keeping the queen,
    # which may still take the 10, the jacks, the jokers or the trey. (In trumps-only play
    # only a queen or higher is kept so: every trick is of trumps and a small one cannot
    # wait for a point card.)
    state = new_game(Rules.trickster(10), seed=10)
    for action in ("bid 5", "pass", "bid 6", "pass", "trump D"):
        state = apply_action(state, action)
    return _plays(state, "D A♦, A 4♦")


def _bank_the_five() -> GameState:
    # Trickster's 9-point game (seed 72): B pitches clubs at 4 and, after the discards and
    # draws, leads the 2; C plays the 4 of hearts (he holds no trump) and D, B's partner,
    # takes it with the ace. A wins the next trick and leads the 7 of hearts. B holds the
    # 5 and 9 of trumps and the aces of hearts and spades: only C plays after him but his
    # partner, and C holds no trump, so B trumps with the Five (worth 5), which a higher
    # trump could take later, and banks it now.
    state = new_game(Rules.trickster(9), seed=72)
    for action in (
        "bid 4",
        "pass",
        "pass",
        "pass",
        "trump C",
        "discard 5D 8D 9D 5H 3S 7S",
        "discard 2D 3D KH 6S 10S QS",
        "discard 7D QD 3H 8H JS",
        "discard 4D 6H JH 4S 8S KS",
    ):
        state = apply_action(state, action)
    return _plays(state, "B 2♣ C 4♥ D A♣ A 3♣ → D; D A♦ A Q♣ B Q♥ C K♦ → A; A 7♥")


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
    Position(
        "trump-when-the-rest-hold-none",
        _trump_when_the_rest_hold_none,
        "play 3S",
        "the only player still to play showed he holds no trump: a low trump takes the trick",
    ),
    Position(
        "no-jack-on-a-trick-it-may-lose",
        _no_jack_on_a_trick_it_may_lose,
        "play 9H",
        "an opponent still to play may beat it: the jack is not risked on a trick of 3 points",
    ),
    Position(
        "take-what-the-partner-may-lose",
        _take_what_the_partner_may_lose,
        "play KD",
        "an opponent may still trump the partner's ace: the highest trump takes it",
    ),
    Position(
        "keep-the-trumps-above-the-five",
        _keep_the_trumps_above_the_five,
        "play 3H",
        "feeding a partner's trick: the smallest trump, keeping those that may take the Five",
    ),
    Position(
        "trumps-only-keep-the-queen",
        _trumps_only_keep_the_queen,
        "play 9D",
        "feeding a partner's trick in trumps-only play: the 9, keeping the queen for the points",
    ),
    Position(
        "bank-the-five",
        _bank_the_five,
        "play 5C",
        "nobody after can beat it: the Five, which a higher trump may take later, comes home",
    ),
)
