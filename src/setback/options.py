"""The option enums of `Rules`: the dealer's match, the all-pass policy, Low, the win rule,
where a lone joker ranks, how hands come down to six, how a hand is settled, the pack's
ranks, when a trump may be played, how trump is chosen, and shooting the moon."""

from __future__ import annotations

import enum

__all__ = [
    "AllPass",
    "DealerMatch",
    "DrawOrder",
    "JokerRank",
    "KeepSix",
    "LowTo",
    "PackRanks",
    "PlayTrump",
    "Settlement",
    "ShootFailed",
    "ShootFor",
    "ShootMade",
    "TrumpBy",
    "WinRule",
]

MAX_LEVEL = 36
"""The highest bid of any rule set: the most points `Rules.points` may be worth in all (T
= 36 in Dom Pedro, `Rules.dom_pedro`), the highest `min_bid`, and the highest level a
`Bid` may carry (read as `actions.MAX_LEVEL`); a Smudge or a shoot is worth one more."""


class DealerMatch(enum.Enum):
    """Whether the dealer, calling last, may match the highest bid and take the contract."""

    NONE = "none"
    """The dealer must bid higher, like everyone else."""
    BELOW_MAX = "below_max"
    """The dealer may match any bid but the top call (Smudge, or the highest plain bid
    where there is no Smudge)."""
    ANY = "any"
    """The dealer may match any bid, Smudge included."""


class AllPass(enum.Enum):
    """What happens when everyone before the dealer passes."""

    DEALER_EXACTLY_MIN = "dealer_exactly_min"
    """The stuck dealer must bid exactly the minimum bid."""
    DEALER_AT_LEAST_MIN = "dealer_at_least_min"
    """The stuck dealer must bid, any call of at least the minimum."""
    REDEAL = "redeal"
    """The dealer may pass too; then the same dealer deals a new hand."""
    PASS_DEAL = "pass_deal"
    """The dealer may pass too; then the deal passes to the left."""
    DEALER_FREE = "dealer_free"
    """The dealer may bid or pass, and his pass does not pass the hand out: he becomes the
    pitcher with contract 0 (always made), names trump where trump is declared, and plays
    (Cinch's rule)."""
    ELDEST_FREE = "eldest_free"
    """The dealer may bid or pass, and his pass does not pass the hand out: the eldest hand
    (the dealer's left) becomes the pitcher with contract 0 (always made), names trump
    where trump is declared, and leads (Foster's Auction Pitch: "the eldest hand pitches
    without the obligation of making anything"). The eldest's own pass in the auction is
    an ordinary pass."""

    @property
    def plays_free(self) -> bool:
        """Whether a hand everyone passed is played at contract 0 (`DEALER_FREE`,
        `ELDEST_FREE`) instead of being passed out or bid by a stuck dealer."""
        return self is AllPass.DEALER_FREE or self is AllPass.ELDEST_FREE


class LowTo(enum.Enum):
    """Who scores the Low point."""

    CAPTURER = "capturer"
    """The side that wins the trick containing the lowest trump."""
    HOLDER = "holder"
    """The side that held the lowest trump when trick play began."""


class WinRule(enum.Enum):
    """Who wins when scores reach the target."""

    BID_OUT = "bid_out"
    """Only the pitching side, at the end of a hand in which it made its bid."""
    PITCHER_FIRST = "pitcher_first"
    """Anyone reaching the target; the pitcher's points count first, then High, Low,
    Jack and Game in that order."""
    HIGHEST_SCORE = "highest_score"
    """The highest score once anyone reaches the target; a tie at the top goes to the
    pitching side if it is among the tied, else play goes on."""


class JokerRank(enum.Enum):
    """Where the joker ranks among the trumps."""

    BELOW_JACKS = "below_jacks"
    """Below the jack of trumps and the off-jack, above the 10 (always so with two jokers,
    the big above the little)."""
    LOWEST = "lowest"
    """Below the 2 of trumps (one joker only); it is then never Low."""


class KeepSix(enum.Enum):
    """How hands dealt more than six cards come down to six before trick play."""

    FREE_DISCARD = "free_discard"
    """Everyone discards the extra cards face down, any cards (six-player Setback)."""
    NON_TRUMPS_FIRST = "non_trumps_first"
    """Smear's discard to six: face down, and a discard may hold a trump only when it holds
    every non-trump of the hand."""
    DRAW_BACK = "draw_back"
    """Ten-point Pitch's draw back: everyone but the pitcher discards every non-trump and
    draws to six; the pitcher takes the rest of the stock and discards every non-trump;
    then anyone above six discards non-point trumps face up."""
    DISCARD_AND_DRAW = "discard_and_draw"
    """Trickster Cards' 9-point game: in `draw_order` (the pitcher last), each player
    discards face down any cards (trumps too), keeping at least 3 and at most 6, and at
    once draws from the stock back to six; with a short stock he keeps at least six minus
    the stock's size."""
    ROB_THE_PACK = "rob_the_pack"
    """Cinch's discard and rob, every discard face up but the dealer's non-trumps: eldest
    first, each player but the dealer discards every non-trump and is given cards from the
    stock's front back to six (a short stock: he keeps as many of his non-trumps as it
    lacks, his choice); then the dealer adds the rest of the stock to his hand and discards
    down to six, trumps kept first (his non-trumps face down). Anyone with seven trumps or
    more keeps six of them and discards trumps that are no point card."""


class DrawOrder(enum.Enum):
    """Where the draw back's (`KeepSix.DRAW_BACK`) or the discard and draw's
    (`KeepSix.DISCARD_AND_DRAW`) discards and draws begin."""

    ELDEST = "eldest"
    """At eldest hand, clockwise, the pitcher last (Ten-point Pitch)."""
    PITCHER_LEFT = "pitcher_left"
    """At the pitcher's left, clockwise, the pitcher last (Trickster Cards' games)."""


class Settlement(enum.Enum):
    """How a played hand's points become score changes."""

    EACH = "each"
    """Every side scores the points it took; a set pitching side loses its bid instead."""
    DIFFERENCE = "difference"
    """Cinch, two sides only: a made bid scores the side with more points the
    difference (a tie, nothing); a set one scores the other side its points plus the bid,
    and the pitching side nothing."""


class PackRanks(enum.Enum):
    """Which ranks of each suit the pack holds; the jokers are added to it."""

    ALL = "all"
    """2 to A: 52 cards."""
    FIVE_UP = "five_up"
    """5 to A (no 2, 3 or 4): 40 cards."""
    NINE_UP = "nine_up"
    """9 to A: 24 cards."""
    TWO_AND_NINE_UP = "two_and_nine_up"
    """The 2s and 9 to A: 28 cards."""
    NO_FOURS = "no_fours"
    """Every rank but the 4: 48 cards."""


class PlayTrump(enum.Enum):
    """When a trump may be played to a trick led in another suit. Under every
    value, to a trump lead a player holding a trump must play one, a player holding none of
    the led suit (its suit under trump: the off-jack is a trump) may play any card, and no
    trump in the first trick (`Rules.no_trump_first_trick`) overrides the rule in trick 1."""

    ANYTIME = "anytime"
    """Follow suit or trump: a player may trump although he could follow (the German
    rule; Trickster's "Anytime")."""
    WHEN_VOID = "when_void"
    """Must follow suit: a player holding a card of the led suit must play one, and may
    trump only when he holds none (the common American rule; Trickster's "FollowSuit")."""
    ONLY = "only"
    """Trumps only (Ten-point Pitch): only trumps are led or played, a player with no trump
    is out, and the hand ends when nobody holds one (`Rules.trumps_only`)."""


class TrumpBy(enum.Enum):
    """How trump is chosen."""

    LEAD = "lead"
    """The pitcher's first card led sets trump."""
    DECLARE = "declare"
    """The pitcher names trump after the auction (phase `DECLARE_TRUMP`), before the first
    lead: the draw, no trump in the first trick, a deal above six, Trickster's games."""


class ShootFor(enum.Enum):
    """What a shoot the moon (the `Shoot` call) must win to be made."""

    ALL_POINTS = "all_points"
    """Every point of `rules.points` (P = T): a tied Game or a point card not in play makes
    it impossible."""
    ALL_TRICKS = "all_tricks"
    """Every trick played."""


class ShootMade(enum.Enum):
    """What a made shoot does."""

    WIN = "win"
    """It scores as a made bid of T, and the pitching side wins the game at once."""
    SCORE = "score"
    """It scores as a made bid of T, and nothing more."""


class ShootFailed(enum.Enum):
    """What a failed shoot does."""

    LOSE = "lose"
    """The pitcher is set by T and the game ends: the highest score among the other sides
    wins (a tie to the side first clockwise from the pitcher)."""
    SET_BACK = "set_back"
    """The pitcher is set by T, and nothing more."""
