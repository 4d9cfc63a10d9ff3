"""`Rules`: every option of the game as one validated value, and the named presets."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from .cards import CARDS, Card, Rank, Suit, index_of
from .errors import RulesError, shown
from .options import (
    MAX_LEVEL,
    AllPass,
    DealerMatch,
    DrawOrder,
    JokerRank,
    KeepSix,
    LowTo,
    PackRanks,
    PlayTrump,
    Settlement,
    ShootFailed,
    ShootFor,
    ShootMade,
    TrumpBy,
    WinRule,
)
from .points import FOUR_POINTS, Point
from .trumps import CardModel

__all__ = ["Rules", "seat_side"]

SMUDGE = 5
"""The contract value of a Smudge in the four-point game: above the highest plain bid, 4.
With other points it is `Rules.smudge_level` (one above every point of the hand)."""

MAX_TARGET = 10**12
"""The highest `Rules.target`: far above any game (a target of 10**9 is a game that never
ends), low enough that every score prints and saves."""
MAX_SCORE = 10**12
"""The largest score, either way, a game may start from (`new_game(scores=...)`) or a
loaded view or hand may hold."""
MAX_CALL = MAX_LEVEL + 1
"""The highest level a call may carry (37): a plain bid goes up to `actions.MAX_LEVEL`
(36, which the action table and its ids are built on), a Smudge or a shoot one above T.
A point set worth more than `MAX_LEVEL` is refused."""
MAX_SEED_BITS = 256
"""The most bits a seed may have."""


_E = TypeVar("_E", bound=enum.Enum)


def _enum_converter(kind: type[_E]) -> Callable[[Any], _E]:
    def convert(value: Any) -> _E:
        if isinstance(value, kind):
            return value
        if type(value) is str:
            for member in kind:
                if value.lower() in (member.value, member.name.lower()):
                    return member
        choices = ", ".join(member.name for member in kind)
        raise RulesError(f"{kind.__name__} must be one of {choices}, not {shown(value)}")

    return convert


def _to_dealer_match(value: Any) -> DealerMatch:
    return _enum_converter(DealerMatch)(value)


def _to_all_pass(value: Any) -> AllPass:
    return _enum_converter(AllPass)(value)


def _to_low_to(value: Any) -> LowTo:
    return _enum_converter(LowTo)(value)


def _to_win_rule(value: Any) -> WinRule:
    return _enum_converter(WinRule)(value)


def _to_joker_rank(value: Any) -> JokerRank:
    return _enum_converter(JokerRank)(value)


def _to_keep_six(value: Any) -> KeepSix:
    return _enum_converter(KeepSix)(value)


def _to_draw_order(value: Any) -> DrawOrder:
    return _enum_converter(DrawOrder)(value)


def _to_play_trump(value: Any) -> PlayTrump:
    return _enum_converter(PlayTrump)(value)


def _to_trump_by(value: Any) -> TrumpBy:
    return _enum_converter(TrumpBy)(value)


def _to_settlement(value: Any) -> Settlement:
    return _enum_converter(Settlement)(value)


def _to_shoot(value: Any) -> ShootFor | None:
    return None if value is None else _enum_converter(ShootFor)(value)


def _to_shoot_made(value: Any) -> ShootMade:
    return _enum_converter(ShootMade)(value)


def _to_shoot_failed(value: Any) -> ShootFailed:
    return _enum_converter(ShootFailed)(value)


def _to_pack_ranks(value: Any) -> PackRanks:
    return _enum_converter(PackRanks)(value)


_PACK_RANKS: dict[PackRanks, tuple[int, ...]] = {
    PackRanks.ALL: tuple(range(2, 15)),
    PackRanks.FIVE_UP: tuple(range(5, 15)),
    PackRanks.NINE_UP: tuple(range(9, 15)),
    PackRanks.TWO_AND_NINE_UP: (2, *range(9, 15)),
    PackRanks.NO_FOURS: (2, 3, *range(5, 15)),
}
"""The ranks of each suit in each pack."""

_OFF_CARDS = (("off_ace", Rank.ACE), ("off_five", Rank.FIVE), ("off_three", Rank.THREE))
"""The off cards' fields and ranks (the jick's is `off_jack`, `Rank.JACK`)."""


def _to_points(value: Any) -> tuple[Point, ...]:
    if type(value) not in (tuple, list):
        raise TypeError(f"points must be a tuple of Point values, not {type(value).__name__}")
    if len(value) > len(Point):
        raise RulesError(f"points: {len(value)} points listed; there are {len(Point)} points")
    return tuple(_enum_converter(Point)(point) for point in value)


def _int_in(name: str, low: int, high: int) -> Callable[[Any, Any, Any], None]:
    def check(_instance: Any, _attribute: Any, value: Any) -> None:
        if type(value) is not int:
            raise TypeError(f"{name} must be a whole number (int), not {type(value).__name__}")
        if value < low:
            raise RulesError(f"{name} must be at least {low}, not {shown(value)}")
        if value > high:
            raise RulesError(f"{name} must be from {low} to {high:_}, not {shown(value)}")

    return check


MAX_HANDS_LIMIT = 10_000
"""The most hands `Rules.hands_limit` may name: as many as a game may hold."""


def _hands_limit(_instance: Any, _attribute: Any, value: Any) -> None:
    if value is not None:
        _int_in("hands_limit", 1, MAX_HANDS_LIMIT)(_instance, _attribute, value)


def _derived(method: str) -> Any:
    """A field computed once from the options by `method` when the value is built. attrs
    sets every field before it runs the validators, so the options' validators are run
    here first: an option that makes no game raises its own error, never a wrong value."""

    def compute(rules: Any) -> Any:
        for field in attrs.fields(type(rules)):
            if field.init and field.validator is not None:
                field.validator(rules, field, getattr(rules, field.name))
        return getattr(rules, method)()

    return attrs.field(
        init=False, eq=False, repr=False, default=attrs.Factory(compute, takes_self=True)
    )


_NO_LEAD_IMPLIED = frozenset({KeepSix.ROB_THE_PACK, KeepSix.DISCARD_AND_DRAW})
"""The keep-six methods after which the pitcher, unless told otherwise, may lead any
card: Cinch's rob and the discard and draw (whose preset says he must lead a trump)."""

_IMPLIED_FROM = frozenset(
    {"players", "partnerships", "draw", "no_trump_first_trick", "deal", "keep_six", "kitty"}
)
"""The options the defaults of `trump_by` and `pitcher_leads_trump` read."""


def _implied(method: str) -> Any:
    """The default of an option left unset: what the other options imply, computed by
    `method`. The options it reads are checked first, so a wrong one raises
    its own error."""

    def compute(rules: Any) -> Any:
        for field in attrs.fields(type(rules)):
            if field.name in _IMPLIED_FROM and field.validator is not None:
                field.validator(rules, field, getattr(rules, field.name))
        return getattr(rules, method)()

    return attrs.Factory(compute, takes_self=True)


def _is_bool(_instance: Any, attribute: Any, value: Any) -> None:
    if type(value) is not bool:
        raise TypeError(
            f"{attribute.name} must be True or False (bool), not {type(value).__name__}"
        )


def _is_option(attribute: Any, _value: Any) -> bool:
    return bool(attribute.init)


def _rules_of(options: dict[str, Any]) -> Rules:
    """`Rules(**options)`: how a pickled `Rules` value is built again."""
    return Rules(**options)


@attrs.frozen(init=False)  # `__init__` takes `trumps_only` too; the hash is computed once
class Rules:
    """Every option of a game of Setback, checked when the value is built.

    Build one with a preset, changing any option by keyword, e.g.
    `Rules.setback(target=11)`; `Rules()` is the German partnership game.
    Options that make no game together raise `RulesError`.

    Examples:
        >>> rules = Rules.setback(low_to=LowTo.HOLDER)
        >>> rules.sides
        ((0, 2), (1, 3))
        >>> Rules.setback(players=3)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        setback.errors.RulesError: the partnership game is for 4 or 6 players; ...
    """

    players: int = attrs.field(default=4, validator=_int_in("players", 2, 8))
    """Number of seats, 2 to 8."""
    partnerships: bool = attrs.field(default=True, validator=_is_bool)
    """Sides of two, partners opposite (seats i and i + players/2); else each for himself."""
    target: int = attrs.field(default=21, validator=_int_in("target", 1, MAX_TARGET))
    """The score that wins the game (how, is the `win_rule`)."""
    min_bid: int = attrs.field(default=2, validator=_int_in("min_bid", 1, MAX_LEVEL))
    """The lowest bid, from 1 to `total_points` (the highest plain bid)."""
    smudge: bool = attrs.field(default=True, validator=_is_bool)
    """Whether Smudge (every trick and every point, worth `total_points + 1`) can be bid."""
    dealer_match: DealerMatch = attrs.field(default=DealerMatch.ANY, converter=_to_dealer_match)
    """Whether the dealer may match the highest bid."""
    all_pass: AllPass = attrs.field(default=AllPass.DEALER_EXACTLY_MIN, converter=_to_all_pass)
    """What happens when all before the dealer pass."""
    low_to: LowTo = attrs.field(default=LowTo.CAPTURER, converter=_to_low_to)
    """Who scores Low."""
    win_rule: WinRule = attrs.field(default=WinRule.BID_OUT, converter=_to_win_rule)
    """Who wins when scores reach the target."""
    draw: bool = attrs.field(default=False, validator=_is_bool)
    """The draw (Nachziehen): the pitcher declares trump, everyone discards non-trumps and
    draws as many from the stock, and the pitcher must lead a trump if he holds one."""
    pitch_instead_of_bid: bool = attrs.field(default=False, validator=_is_bool)
    """Pitch instead of bid: a player may, instead of calling, lead a card face up (`Pitch`),
    a bid of T (`max_plain_bid`, 4 in the four-point game) in its suit; after it only the
    dealer acts (pass, pitch a card of his own, or Smudge)."""
    no_trump_first_trick: bool = attrs.field(default=False, validator=_is_bool)
    """No trump in the first trick: the pitcher declares trump and may lead any card; in
    the first trick, to a non-trump lead, nobody may trump unless he holds only trumps."""
    jokers: int = attrs.field(default=0, validator=_int_in("jokers", 0, 2))
    """Jokers in the pack: 0, 1 (`JK`, 53 cards) or 2 (`BJ` and `LJ`, 54)."""
    off_jack: bool = attrs.field(default=False, validator=_is_bool)
    """Whether the jack of the other suit of trump's colour (the jick) is a trump, ranking
    below the jack of trumps."""
    joker_rank: JokerRank = attrs.field(default=JokerRank.BELOW_JACKS, converter=_to_joker_rank)
    """Where a lone joker ranks among the trumps; two jokers always rank below the jacks."""
    points: tuple[Point, ...] = attrs.field(default=FOUR_POINTS, converter=_to_points)
    """The points a hand awards, in award order: the order of
    `HandResult.points` and of the pitcher-first race. Scoring walks this tuple."""
    deal: int = attrs.field(
        default=attrs.Factory(
            lambda rules: 8 if rules.partnerships and rules.players == 6 else 6, takes_self=True
        ),
        validator=_int_in("deal", 1, 54),
    )
    """Cards dealt to each seat, in packets of three (the last smaller): 6, or 8 in the
    six-player partnership game; above 6, hands come down to six as `keep_six` says."""
    keep_six: KeepSix = attrs.field(default=KeepSix.FREE_DISCARD, converter=_to_keep_six)
    """How hands of more than six cards come down to six (used when `deal` is above 6)."""
    play_trump: PlayTrump = attrs.field(default=PlayTrump.ANYTIME, converter=_to_play_trump)
    """When a trump may be played to a trick led in another suit: `ANYTIME`
    (follow suit or trump, the default), `WHEN_VOID` (must follow suit; trump only holding
    none of the led suit) or `ONLY` (Ten-point Pitch's trumps-only play: only trumps are
    led or played, a player with no trump is out, tricks may be short and the hand ends when
    nobody holds a trump). The keyword `trumps_only=True` means `ONLY`."""
    off_ace: bool = attrs.field(default=False, validator=_is_bool)
    """Whether the ace of the other suit of trump's colour (the off-ace) is a trump, ranking
    just below the ace of trumps; like the jick it is then no card of its
    printed suit."""
    off_five: bool = attrs.field(default=False, validator=_is_bool)
    """Whether the five of the other suit of trump's colour (the off-five, Cinch's left
    pedro) is a trump, ranking between the 5 and the 4 of trumps."""
    off_three: bool = attrs.field(default=False, validator=_is_bool)
    """Whether the three of the other suit of trump's colour (the off-three) is a trump,
    ranking between the 3 and the 2 of trumps."""
    settlement: Settlement = attrs.field(default=Settlement.EACH, converter=_to_settlement)
    """How a hand's points become score changes: each side its own (`EACH`), or Cinch's
    difference between the two sides (`DIFFERENCE`, two sides only)."""
    pack_ranks: PackRanks = attrs.field(default=PackRanks.ALL, converter=_to_pack_ranks)
    """Which ranks the pack holds (`ALL`: 52 cards; `FIVE_UP`, `NINE_UP`, `TWO_AND_NINE_UP`,
    `NO_FOURS`); the jokers are added to it."""
    kitty: int = attrs.field(default=0, validator=_int_in("kitty", 0, 6))
    """The kitty (Trickster Cards): 0 (the default, none) to 6 cards dealt face down after
    the hands. Once trump is declared the pitcher adds them to his hand and discards as many
    face down, any cards, trumps included (then the draw, if on); nobody else sees them.
    Needs trump declared (`trump_by` `DECLARE`, implied when left unset) and a deal of at
    most six (no `keep_six` method)."""
    trump_by: TrumpBy = attrs.field(default=_implied("_implied_trump_by"), converter=_to_trump_by)
    """How trump is chosen: `LEAD` (the first card led sets it) or `DECLARE`
    (the pitcher names it after the auction). Left unset, `DECLARE` exactly with the draw,
    no trump in the first trick or a deal above six (which need it), else `LEAD`; `LEAD`
    with any of them is refused. `DECLARE` alone, on a deal of six, is Trickster's
    four-point game."""
    pitcher_leads_trump: bool = attrs.field(
        default=_implied("_implied_pitcher_leads_trump"), validator=_is_bool
    )
    """Whether the pitcher's first lead must be a trump if he holds one; only
    with `trump_by` `DECLARE`, and never with no trump in the first trick. Left unset, true
    exactly with the draw or a deal above six (the free discard, the discard to six, the
    draw back; not Cinch's `KeepSix.ROB_THE_PACK` nor `KeepSix.DISCARD_AND_DRAW`, whose
    preset sets it) and without no trump in the first trick."""
    draw_order: DrawOrder = attrs.field(default=DrawOrder.ELDEST, converter=_to_draw_order)
    """Where the draw back (`KeepSix.DRAW_BACK`) and the discard and draw
    (`KeepSix.DISCARD_AND_DRAW`) begin: at eldest (`ELDEST`, Ten-point Pitch) or at the
    pitcher's left (`PITCHER_LEFT`, Trickster Cards); the pitcher is last either way. Only
    `ELDEST` without them (the draw of `draw` is always eldest first)."""
    shoot: ShootFor | None = attrs.field(default=None, converter=_to_shoot)
    """Shoot the moon: `None` (the default) has no such call; `ShootFor.ALL_POINTS` or
    `ALL_TRICKS` adds the call `Shoot`, above every bid (its contract is
    `smudge_level`, T + 1), which nobody may overcall or match, made by winning every
    point or every trick. Not with `smudge` or `pitch_instead_of_bid`."""
    shoot_made: ShootMade = attrs.field(default=ShootMade.WIN, converter=_to_shoot_made)
    """What a made shoot does: `WIN` (the default: it scores as a made bid and the pitching
    side wins the game at once) or `SCORE` (it only scores)."""
    shoot_failed: ShootFailed = attrs.field(default=ShootFailed.LOSE, converter=_to_shoot_failed)
    """What a failed shoot does: `LOSE` (the default: the pitcher is set by T and the game
    ends, won by the highest score among the other sides, a tie to the side first clockwise
    from the pitcher) or `SET_BACK` (the pitcher is only set by T)."""
    hands_limit: int | None = attrs.field(default=None, validator=_hands_limit)
    """A game of a fixed number of hands (Trickster Cards): `None` (the default) plays to
    the `target`; a number, from 1 to 10,000, ignores the target, and after that many
    played hands (passed-out hands do not count) the highest score wins; sides tied at
    the top play one more hand at a time."""
    call_partner: bool = attrs.field(default=False, validator=_is_bool)
    """Call your partner (five-player Trickster, 7, 10, 11 and 13 points): after naming
    trump the pitcher calls a trump he does not hold (`CallPartner`, phase
    `CALL_PARTNER`); its holder when play begins is his partner for the hand and must play
    it to the first trick (nobody may discard it). Points go to seats; for settlement the
    pitcher and partner are one side and the other seats the other, and each seat's score
    takes its side's change. Only with 5 seats each for himself, `trump_by` `DECLARE` and
    the draw back (trumps only)."""

    # --- derived once, when the value is built, after the options they read are checked
    # (fields, not cached properties: attrs' cached properties on a slotted class slow down
    # every attribute read of the class) --------------------------------------------------
    side_count: int = _derived("_side_count")
    """How many sides there are: `players // 2` with partnerships, else `players`."""
    seat_sides: tuple[int, ...] = _derived("_seat_sides")
    """The side of each seat, seat 0 first: `(0, 1, 0, 1)` for partnerships of four.

    The one seating table: everything that needs a seat's side reads it (or
    `side_of`, which checks the seat).
    """
    sides: tuple[tuple[int, ...], ...] = _derived("_sides")
    """The seats of each side, side 0 first: `((0, 2), (1, 3))` for partnerships."""
    discard_count: int = _derived("_discard_count")
    """Cards each player discards face down after trump is declared: `deal - 6` under
    `KeepSix.FREE_DISCARD` and `NON_TRUMPS_FIRST` (2 in the six-player game), else 0
    (the draw's, the draw back's, the discard and draw's and the rob's discards vary)."""
    pack_indices: tuple[int, ...] = _derived("_pack_indices")
    """Internal: the card indices of the pack, in `pack`'s order (read `pack`)."""
    pack: tuple[Card, ...] = _derived("_pack")
    """The cards of the pack, in index order: the suited cards of `pack_ranks` (all 52 by
    default), then BJ and LJ (two jokers) or JK (one)."""
    pack_mask: int = _derived("_pack_mask")
    """Internal: the pack as a bit set (read `pack`)."""
    card_model: CardModel = _derived("_card_model")  # noqa: RUF009 (a frozen value)
    """Internal: the cards that join the trumps (the jick, the off cards, the jokers) and
    where a lone joker ranks, which the trump tables are built from."""
    total_points: int = _derived("_total_points")
    """T, the most points one side can win in a hand: the worth of every point in
    `points` (4 in the four-point game, 10 in Ten-point Pitch and Smear)."""
    declares_trump: bool = _derived("_declares_trump")
    """Whether the pitcher names trump before the first lead, instead of the first card
    setting it: `trump_by` is `DECLARE` (read-only)."""
    must_lead_trump: bool = _derived("_must_lead_trump")
    """Whether the pitcher's first lead must be a trump if he holds one: the same as
    `pitcher_leads_trump` (read-only)."""
    trumps_only: bool = _derived("_trumps_only")
    """Whether only trumps are led or played: `play_trump` is `ONLY` (read-only; the
    constructor keyword `trumps_only=True` sets it)."""
    _hash: int = _derived("_hash_of")

    def __init__(self, *, trumps_only: bool | None = None, **options: Any) -> None:
        """Every option by keyword (the fields above); `trumps_only=True` is
        `play_trump=PlayTrump.ONLY` (and `False` any other `play_trump`).

        Raises:
            RulesError: an option makes no game, or `trumps_only` and `play_trump` disagree.
            TypeError: an option is of the wrong kind, or there is no such option.
        """
        if trumps_only is not None:
            if type(trumps_only) is not bool:
                raise TypeError(
                    f"trumps_only must be True or False (bool), not {type(trumps_only).__name__}"
                )
            if "play_trump" in options:
                play = _to_play_trump(options["play_trump"])
                if (play is PlayTrump.ONLY) is not trumps_only:
                    raise RulesError(
                        f"trumps_only={trumps_only} conflicts with play_trump {play.name}: "
                        "trumps_only means play_trump ONLY"
                    )
            elif trumps_only:
                options["play_trump"] = PlayTrump.ONLY
        self.__attrs_init__(**options)

    def __hash__(self) -> int:
        """The hash of the options, computed once (every state's and view's hash includes
        it)."""
        return self._hash

    def __attrs_post_init__(self) -> None:
        if self.partnerships and self.players not in (4, 6):
            raise RulesError(
                f"partnerships need 4 or 6 players (sides of two, partners opposite); "
                f"for {self.players} players use Rules.cutthroat(players={self.players})"
            )
        self._check_points()
        if self.joker_rank is JokerRank.LOWEST and self.jokers != 1:
            raise RulesError(
                f"joker_rank LOWEST is for a single joker (jokers=1), not jokers={self.jokers}: "
                "two jokers always rank below the jacks"
            )
        if self.deal < 6:
            raise RulesError(f"deal must be at least 6 cards, not {self.deal}")
        self._check_pack()
        if self.settlement is Settlement.DIFFERENCE and self.side_count != 2:
            raise RulesError(
                f"settlement DIFFERENCE needs exactly two sides, not {self.side_count}: "
                "it scores the difference between the pitching side and the other"
            )
        if self.draw and self.deal > 6:
            raise RulesError(
                f"draw does not combine with a deal of {self.deal}: the hands already come "
                f"down to six by keep_six ({self.keep_six.name})"
            )
        self._check_play_options()
        self._check_kitty()
        if self.draws_back and not self.trumps_only:
            raise RulesError(
                "keep_six DRAW_BACK needs trumps_only (play_trump ONLY): the draw back leaves "
                "hands of different "
                "sizes, which only trumps-only play can finish"
            )
        if self.robs_the_pack:
            self._check_rob()
        if self.keep_six in (KeepSix.DISCARD_AND_DRAW, KeepSix.ROB_THE_PACK) and self.deal <= 6:
            raise RulesError(
                f"keep_six {self.keep_six.name} needs a deal above 6, not {self.deal}: it "
                "brings the hands down to six"
            )
        if self.draw_order is not DrawOrder.ELDEST and not (
            self.draws_back or self.discards_and_draws
        ):
            raise RulesError(
                f"draw_order {self.draw_order.name} needs keep_six DRAW_BACK or "
                "DISCARD_AND_DRAW with a deal above 6: it orders their discards and draws "
                "(the draw of `draw` is always eldest first)"
            )
        if self.trumps_only and self.no_trump_first_trick:
            raise RulesError("trumps_only does not combine with no_trump_first_trick")
        if self.call_partner:
            self._check_call_partner()
        if self.shoot is not None and (self.smudge or self.pitch_instead_of_bid):
            clash = "smudge" if self.smudge else "pitch_instead_of_bid"
            raise RulesError(
                f"shoot does not combine with {clash}: "
                + (
                    "both are the call above every bid (use smudge=False)"
                    if self.smudge
                    else "a pitch is a bid of T, which a shoot outranks"
                )
            )
        if self.total_points > MAX_LEVEL:
            raise RulesError(
                f"points: worth {self.total_points} in all, so the highest bid would be "
                f"{self.total_points}; bids go up to {MAX_LEVEL}"
            )
        if self.min_bid > self.total_points:
            raise RulesError(
                f"min_bid {self.min_bid} is above the {self.total_points} points a hand awards"
            )

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its options: unpickling builds the value again (checked, the derived
        tables computed by the version that loads it, and a pickle a few hundred bytes)."""
        return (_rules_of, (attrs.asdict(self, recurse=False, filter=_is_option),))

    def _check_play_options(self) -> None:
        """The play options: `trump_by`, `pitcher_leads_trump` and pitch instead of bid."""
        declaring = self._declaring_variants()
        if self.trump_by is TrumpBy.LEAD and declaring:
            raise RulesError(
                "trump_by LEAD does not combine with "
                + ", ".join(declaring)
                + ": there the pitcher declares trump before the first lead (trump_by DECLARE)"
            )
        if self.pitcher_leads_trump and self.trump_by is TrumpBy.LEAD:
            raise RulesError(
                "pitcher_leads_trump needs trump_by DECLARE: where the first lead sets trump, "
                "it is always a trump"
            )
        if self.pitcher_leads_trump and self.no_trump_first_trick:
            raise RulesError(
                "pitcher_leads_trump does not combine with no_trump_first_trick: there the "
                "pitcher may lead any card"
            )
        if self.pitch_instead_of_bid and self.trump_by is TrumpBy.DECLARE:
            raise RulesError(
                "pitch_instead_of_bid does not combine with "
                + ", ".join(declaring or ["trump_by DECLARE"])
                + ": there the pitcher declares trump before the first lead"
            )
        if self.trumps_only and self.trump_by is TrumpBy.LEAD:
            raise RulesError(
                "trumps_only (play_trump ONLY) needs trump_by DECLARE (implied by a deal "
                "above 6, draw or no_trump_first_trick): the first lead cannot both set trump "
                "and be one"
            )

    def _check_kitty(self) -> None:
        """The kitty: only where the pitcher declares trump on a deal
        of at most six, with no keep-six method."""
        if not self.kitty:  # trump_by LEAD with a kitty: `_check_play_options` names it
            return
        if self.deal > 6:
            raise RulesError(
                f"kitty does not combine with a deal of {self.deal}: there the hands come "
                f"down to six by keep_six ({self.keep_six.name}); a kitty needs a deal of "
                "at most 6"
            )
        if self.keep_six is not KeepSix.FREE_DISCARD:
            raise RulesError(
                f"kitty does not combine with keep_six {self.keep_six.name}: the pitcher's "
                "kitty discard is the only discard down to six"
            )

    def _check_call_partner(self) -> None:
        """Call your partner needs five seats each for himself, declared trump and the
        draw back with trumps only."""
        clashes = []
        if self.players != 5 or self.partnerships:
            clashes.append(
                f"{self.players} players"
                + (" in partnerships" if self.partnerships else "")
                + " (it needs 5 players each for himself)"
            )
        if self.trump_by is not TrumpBy.DECLARE:
            clashes.append(f"trump_by {self.trump_by.name} (it needs DECLARE)")
        if not (self.draws_back and self.trumps_only):
            clashes.append(
                "no trumps-only draw back (it needs keep_six DRAW_BACK with a deal above 6 "
                "and play_trump ONLY)"
            )
        if clashes:
            raise RulesError("call_partner does not combine with " + "; ".join(clashes))

    def _check_pack(self) -> None:
        """The cards the deal needs fit the pack, and the off cards are in it."""
        pack = len(self.pack_indices)
        needed = self.deal * self.players + self.kitty
        if needed > pack:
            named = "" if self.pack_ranks is PackRanks.ALL else f" ({self.pack_ranks.name})"
            kitty = f" and a kitty of {self.kitty}" if self.kitty else ""
            raise RulesError(
                f"deal: {self.players} players of {self.deal} cards{kitty} need "
                f"{needed} cards; the pack{named} has {pack}"
            )
        ranks = _PACK_RANKS[self.pack_ranks]
        for name, rank in _OFF_CARDS:
            if getattr(self, name) and rank not in ranks:
                raise RulesError(
                    f"{name} needs the {Rank(rank).name.lower()}s in the pack; "
                    f"pack_ranks {self.pack_ranks.name} has none"
                )

    def _check_rob(self) -> None:
        """Cinch's discard and rob throws only trumps that are no point card above six: a
        hand of seven trumps must hold one, so the pack holds at most six point cards (the
        A and 2 of trumps and every card a point names)."""
        named = {point.card(Suit.SPADES) for point in self.points}
        named |= {index_of(Suit.SPADES, Rank.ACE), index_of(Suit.SPADES, Rank.TWO)}
        count = sum(1 for card in named if card is not None and self.pack_mask >> card & 1)
        if count > 6:
            raise RulesError(
                f"keep_six ROB_THE_PACK needs at most 6 point cards among the trumps, not "
                f"{count} (the A, the 2 and the points' cards): a hand of seven trumps "
                "must hold one that is no point card to discard"
            )

    def _check_points(self) -> None:
        points = self.points
        if not points:
            raise RulesError("points: a hand must award at least one point")
        twice = sorted({point.name for point in points if points.count(point) > 1})
        if twice:
            raise RulesError(f"points: {', '.join(twice)} listed twice; each point at most once")
        needs = {
            Point.OFF_JACK: (self.off_jack, "off_jack=True"),
            Point.JOKER: (self.jokers == 1, "jokers=1"),
            Point.BIG_JOKER: (self.jokers == 2, "jokers=2"),
            Point.LITTLE_JOKER: (self.jokers == 2, "jokers=2"),
            Point.OFF_ACE: (self.off_ace, "off_ace=True"),
            Point.OFF_FIVE: (self.off_five, "off_five=True"),
            Point.OFF_THREE: (self.off_three, "off_three=True"),
            Point.SNOOZER: (self.jokers == 1, "jokers=1"),
        }
        for point in points:
            fits, needed = needs.get(point, (True, ""))
            if not fits:
                raise RulesError(f"points: {point.name} needs {needed}")
        if Point.SNOOZER in points and Point.JOKER in points:
            raise RulesError(
                "points: SNOOZER and JOKER are both the joker; a point set holds one of them"
            )
        ranks = _PACK_RANKS[self.pack_ranks]
        for point in points:
            card = point.card(Suit.SPADES)
            if card is not None and CARDS[card].suit is not None and CARDS[card].rank not in ranks:
                raise RulesError(
                    f"points: {point.name} is for a {CARDS[card].rank.name.lower()}, and "
                    f"pack_ranks {self.pack_ranks.name} has none"
                )

    # --- presets ----------------------------------------------------------------

    @classmethod
    def setback(cls, players: int = 4, **overrides: Any) -> Rules:
        """The German partnership game: 4 players, Smudge, the dealer may
        match any bid, a stuck dealer bids 2, Low to the capturer, bid-out to 21.

        With `players=6`: three sides of two (seats i and i + 3), 8 cards each,
        trump declared, everyone discards 2, as `six_player()`.

        Raises:
            RulesError: `players` is not 4 or 6 (see `cutthroat`), or an
                override is not an option or makes no game.
        """
        _check_count("setback", players)
        if overrides.get("partnerships", True) and players not in (4, 6):
            raise RulesError(
                f"the partnership game is for 4 or 6 players; for {shown(players)} players "
                f"use Rules.cutthroat(players={shown(players)})"
            )
        return cls._build(overrides, players=players)

    @classmethod
    def six_player(cls, **overrides: Any) -> Rules:
        """The six-player partnership game: `Rules.setback(players=6)`.

        Raises:
            RulesError: an override is not an option, or makes no game.
        """
        return cls.setback(6, **overrides)

    @classmethod
    def cutthroat(cls, players: int = 3, **overrides: Any) -> Rules:
        """The German rules with each player for himself, 2 to 8 players.

        Raises:
            RulesError: an override is not an option, or makes no game.
        """
        return cls._build(overrides, players=players, partnerships=False)

    @classmethod
    def auction_pitch(cls, players: int = 4, **overrides: Any) -> Rules:
        """Traditional Auction Pitch: 2 to 8 players each for himself, bids 2
        to 4 and no Smudge, the dealer may match, High and Low to the holder, target 7,
        the pitcher's points first and then High, Low, Jack, Game.

        Raises:
            RulesError: an override is not an option, or makes no game.
        """
        return cls._build(
            overrides,
            players=players,
            partnerships=False,
            target=7,
            smudge=False,
            low_to=LowTo.HOLDER,
            win_rule=WinRule.PITCHER_FIRST,
        )

    @classmethod
    def ten_point(cls, players: int = 4, **overrides: Any) -> Rules:
        """Ten-point Pitch: 54 cards with the jick and two jokers, 9 cards each
        (8 with six players), bids 3 to 10 without the dealer's match, declared trump, the
        draw back and the face-up discard of excess trumps, trumps-only play, ten points
        (the Trey worth 3), Low to the holder, pitcher first to 52. Partnerships with 4 or
        6 players, else each for himself (2 to 6).

        Raises:
            RulesError: `players` is not 2 to 6, or an override makes no game.
        """
        _extended_players("ten_point", players)
        return cls._build(
            overrides,
            players=players,
            partnerships=players in (4, 6),
            **_TEN_POINT_FORMS,
            deal=8 if players == 6 else 9,
            keep_six=KeepSix.DRAW_BACK,
            play_trump=PlayTrump.ONLY,
            min_bid=3,
            win_rule=WinRule.PITCHER_FIRST,
            target=52,
        )

    @classmethod
    def smear(cls, players: int = 4, **overrides: Any) -> Rules:
        """Smear: 54 cards with the jick and two jokers, 10 cards each (9 with
        six players), bids 2 to 10 without the dealer's match, declared trump, everyone
        discards down to six (a trump only with every non-trump), six tricks, ten points
        (the Trey worth 3), Low to the holder, highest score to 21 (a tie at the top to
        the pitching side). Partnerships with 4 or 6 players, else each for himself (2 to 6).

        Raises:
            RulesError: `players` is not 2 to 6, or an override makes no game.
        """
        _extended_players("smear", players)
        return cls._build(
            overrides,
            players=players,
            partnerships=players in (4, 6),
            **_TEN_POINT_FORMS,
            deal=9 if players == 6 else 10,
            keep_six=KeepSix.NON_TRUMPS_FIRST,
            win_rule=WinRule.HIGHEST_SCORE,
            target=21,
        )

    @classmethod
    def joker_pitch(cls, players: int = 4, **overrides: Any) -> Rules:
        """Auction Pitch with Joker: traditional Auction Pitch with one
        joker ranked lowest, worth a point to its capturer and never Low; points High, Low,
        Jack, Joker, Game (bids 2 to 5), target 10. A joker led first makes ♠ trump.

        Raises:
            RulesError: an override is not an option, or makes no game.
        """
        return cls._build(
            overrides,
            players=players,
            partnerships=False,
            jokers=1,
            joker_rank=JokerRank.LOWEST,
            points=(Point.HIGH, Point.LOW, Point.JACK, Point.JOKER, Point.GAME),
            target=10,
            smudge=False,
            low_to=LowTo.HOLDER,
            win_rule=WinRule.PITCHER_FIRST,
        )

    @classmethod
    def trickster(cls, points: int, players: int = 4, **overrides: Any) -> Rules:
        """Trickster Cards' Pitch games of `points` points: 4, 5, 6, 7, 9, 10, 11 or 13.

        Common to all: trump declared by the pitcher, who must lead a trump; one round of
        bidding from `points // 2` to `points`, no Smudge, no dealer's match, a redeal by
        the same dealer when everyone passes; Low to the holder; every point in its order
        counts at once, the pitcher's first (pitcher first).

        - 4, 5 and 6 points: 6 cards each, follow suit or trump, target 11; the points
          High, Low, Jack, Game (4), with the jick and its point (5), and one joker below
          the jacks with its point (6). 2 to 4 players; 4 play as partners unless
          `partnerships=False`.
        - 9 points: 52 cards, 9 cards each, the discard and draw from the pitcher's left
          (each keeps 3 to 6 cards, any of them, and draws back to six), follow suit or
          trump; the points High, Low, Jack, Five (the 5 of trumps, worth 5) and Game;
          target 31. 4 players, partners unless `partnerships=False`.
        - 7, 10, 11 and 13 points: 54 cards (two jokers, the jick), 9 cards each, the draw
          back from the pitcher's left, trumps only; the points High, Low, Jack, Off-jack,
          Big and Little joker and Ten (7; the 10 of trumps replaces Game), with the Trey
          (10), and the off-ace (11) or the off-three (13); targets 21, 32, 52 and 52.
          4 players (partners unless `partnerships=False`), 6 (three sides of two), or
          5 with call your partner (`call_partner`): the 50-card pack without the 4s
          (`PackRanks.NO_FOURS` with both jokers), 10 cards each and no stock; the
          pitcher calls a trump he does not hold, and its holder is his partner for the
          hand.

        Raises:
            RulesError: `points` is not one of those, `players` is not allowed
                for it, or an override is not an option or makes no game.
        """
        if type(points) is not int:
            raise TypeError(f"Rules.trickster takes points (int), not {type(points).__name__}")
        if points not in TRICKSTER_POINTS:
            raise RulesError(
                f"Rules.trickster is for {', '.join(map(str, TRICKSTER_POINTS))} points, "
                f"not {shown(points)}"
            )
        _check_count("trickster", players)
        small = points <= 6
        allowed = (2, 3, 4) if small else (4,) if points == 9 else (4, 5, 6)
        if players not in allowed:
            raise RulesError(
                f"Rules.trickster({points}) is for "
                f"{' or '.join(map(str, allowed))} players, not {shown(players)}"
            )
        common: dict[str, Any] = {
            "players": players,
            "partnerships": players in (4, 6),
            "points": _TRICKSTER_SETS[points],
            "min_bid": sum(point.worth for point in _TRICKSTER_SETS[points]) // 2,
            "smudge": False,
            "dealer_match": DealerMatch.NONE,
            "all_pass": AllPass.REDEAL,
            "low_to": LowTo.HOLDER,
            "win_rule": WinRule.PITCHER_FIRST,
            "trump_by": TrumpBy.DECLARE,
            "pitcher_leads_trump": True,
        }
        if small:
            return cls._build(
                overrides,
                **common,
                target=11,
                off_jack=points >= 5,
                jokers=1 if points == 6 else 0,
            )
        if points == 9:
            return cls._build(
                overrides,
                **common,
                target=31,
                deal=9,
                keep_six=KeepSix.DISCARD_AND_DRAW,
                draw_order=DrawOrder.PITCHER_LEFT,
            )
        five: dict[str, Any] = {}
        if players == 5:  # call your partner: the 50-card pack, 10 each, none left
            five = {"pack_ranks": PackRanks.NO_FOURS, "deal": 10, "call_partner": True}
        return cls._build(
            overrides,
            **common,
            target={7: 21, 10: 32}.get(points, 52),
            jokers=2,
            off_jack=True,
            off_ace=points == 11,
            off_three=points == 13,
            **({"deal": 9} | five),
            keep_six=KeepSix.DRAW_BACK,
            draw_order=DrawOrder.PITCHER_LEFT,
            play_trump=PlayTrump.ONLY,
        )

    @classmethod
    def cinch(cls, **overrides: Any) -> Rules:
        """Cinch (Double Pedro, High Five): four players as partners, 9 cards each; one round
        of bidding from 1 to 14, no dealer's match, and when all pass the dealer is pitcher
        for nothing (`AllPass.DEALER_FREE`); the pitcher names trump, and the left pedro
        (the other five of trump's colour) is a trump between the 5 and the 4. Then the
        discard and rob (`KeepSix.ROB_THE_PACK`): everyone but the dealer discards his
        non-trumps face up and is given cards back to six, and the dealer robs the pack.
        The pitcher leads any card; follow suit or trump. Points High, Low, Jack, Ten
        (Game), Five and Off-five (the pedros, worth 5 each), every one to its capturer:
        14 in all. The side with more points scores the difference, or a set pitching side
        gives the others their points plus the bid (`Settlement.DIFFERENCE`); first to 51.

        Examples:
            >>> Rules.cinch().total_points, Rules.cinch().deal
            (14, 9)

        Raises:
            RulesError: an override is not an option, or makes no game.
        """
        return cls._build(
            overrides,
            players=4,
            partnerships=True,
            deal=9,
            keep_six=KeepSix.ROB_THE_PACK,
            off_five=True,
            points=CINCH_POINTS,
            min_bid=1,
            smudge=False,
            dealer_match=DealerMatch.NONE,
            all_pass=AllPass.DEALER_FREE,
            low_to=LowTo.CAPTURER,
            settlement=Settlement.DIFFERENCE,
            target=51,
            win_rule=WinRule.HIGHEST_SCORE,
            trump_by=TrumpBy.DECLARE,
            pitcher_leads_trump=False,
        )

    @classmethod
    def pedro_sancho(cls, players: int = 4, **overrides: Any) -> Rules:
        """Pedro Sancho: Auction Pitch (2 to 8 players each for himself, 6 cards each, the
        first card led sets trump, follow suit or trump, the dealer may match) with six
        points in this order, every one to the side that captured its card: High, Low,
        Jack, Ten (the 10 of trumps, "Game"), Five (the 5 of trumps, "Pedro", 5 points)
        and Nine (the 9 of trumps, "Sancho", 9 points): 18 in all; bids 1 to 18, a stuck
        dealer bids 1, pitcher first to 50.

        Raises:
            RulesError: an override is not an option, or makes no game.
        """
        return cls._build(
            overrides,
            players=players,
            partnerships=False,
            points=PEDRO_POINTS,
            min_bid=1,
            target=50,
            smudge=False,
            low_to=LowTo.CAPTURER,
            win_rule=WinRule.PITCHER_FIRST,
        )

    @classmethod
    def dom_pedro(cls, players: int = 4, **overrides: Any) -> Rules:
        """Dom Pedro, or Snoozer: Pedro Sancho with one joker (53 cards) ranked below the 2
        of trumps, the Snoozer, worth 15 to its capturer (it wins any trick of a plain
        suit, and a trump lead beats it); points High, Low, Jack, Ten, Trey (the 3 of
        trumps, 3), Five (5), Nine (9) and Snoozer (15), every one to its capturer: 36 in
        all; bids 1 to 36, a stuck dealer bids 1, pitcher first to 50. A joker led first
        makes ♠ trump; the joker is never High or Low.

        Raises:
            RulesError: an override is not an option, or makes no game.
        """
        dom = {"jokers": 1, "joker_rank": JokerRank.LOWEST, "points": DOM_PEDRO_POINTS}
        return cls.pedro_sancho(players, **{**dom, **overrides})  # Pedro Sancho's own rules

    @classmethod
    def preset(cls, name: str, players: int | None = None, **overrides: Any) -> Rules:
        """The preset called `name` (`PRESET_NAMES`: "setback", "auction-pitch",
        "cutthroat", "six", "ten-point", "smear", "joker-pitch", "trickster-4" to
        "trickster-13", "cinch", "pedro-sancho", "dom-pedro"), with `players` seats where
        the preset takes a count, and any option changed by keyword.

        The one table of preset names: the command line (and any adapter) reads it.

        Examples:
            >>> Rules.preset("ten-point", players=3).total_points
            10

        Raises:
            RulesError: no preset has that name, or the players or an option make no game.
        """
        if name not in PRESET_NAMES:
            if type(name) is not str:
                raise TypeError(
                    f"Rules.preset takes a preset's name (str), not {type(name).__name__}"
                )
            raise RulesError(f"no preset {shown(name)}; presets are {', '.join(PRESET_NAMES)}")
        if name == "six":
            if players not in (None, 6):
                raise RulesError("the six-player preset is for 6 players")
            return cls.six_player(**overrides)
        if name.startswith("trickster-"):
            if players is not None:
                overrides["players"] = players
            return cls.trickster(int(name.removeprefix("trickster-")), **overrides)
        if players is not None:
            overrides["players"] = players
        return getattr(cls, name.replace("-", "_"))(**overrides)  # type: ignore[no-any-return]

    @classmethod
    def _build(cls, overrides: dict[str, Any], **defaults: Any) -> Rules:
        known = {field.name for field in attrs.fields(cls) if field.init} | {"trumps_only"}
        unknown = sorted(set(overrides) - known)
        if unknown:
            names = ", ".join(name[:40] for name in unknown[:5])
            raise RulesError(f"no such option: {names}; options are {sorted(known)}")
        return cls(**{**defaults, **overrides})

    # --- derived: computed from the options on first use (after they were checked) ----

    def _side_count(self) -> int:
        """How many sides there are: `players // 2` with partnerships, else `players`."""
        return self.players // 2 if self.partnerships else self.players

    def _seat_sides(self) -> tuple[int, ...]:
        """The side of each seat, seat 0 first: `(0, 1, 0, 1)` for partnerships of four.

        The one seating table: everything that needs a seat's side reads it (or
        `side_of`, which checks the seat).
        """
        return tuple(seat_side(seat, self.side_count) for seat in range(self.players))

    def _sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side, side 0 first: `((0, 2), (1, 3))` for partnerships."""
        table = self.seat_sides
        return tuple(
            tuple(seat for seat in range(self.players) if table[seat] == side)
            for side in range(self.side_count)
        )

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: the same as `deal`."""
        return self.deal

    def _discard_count(self) -> int:
        """Cards each player discards face down after trump is declared: `deal - 6` under
        `KeepSix.FREE_DISCARD` and `NON_TRUMPS_FIRST` (2 in the six-player game), else 0
        (the draw's, the draw back's, the discard and draw's and the rob's discards vary)."""
        if self.deal <= 6 or self.draws_back or self.discards_and_draws or self.robs_the_pack:
            return 0
        return self.deal - 6

    @property
    def discards(self) -> int:
        """The same as `discard_count` (the older name)."""
        return self.discard_count

    @property
    def draws_back(self) -> bool:
        """Whether hands come down to six by the draw back (`KeepSix.DRAW_BACK` with a deal
        above six, Ten-point Pitch): the one place that asks both options."""
        return self.deal > 6 and self.keep_six is KeepSix.DRAW_BACK

    @property
    def discards_and_draws(self) -> bool:
        """Whether hands come down to six by the discard and draw
        (`KeepSix.DISCARD_AND_DRAW`, a deal above six: Trickster Cards' 9-point game)."""
        return self.deal > 6 and self.keep_six is KeepSix.DISCARD_AND_DRAW

    @property
    def robs_the_pack(self) -> bool:
        """Whether hands come down to six by Cinch's discard and rob (`KeepSix.ROB_THE_PACK`
        with a deal above six)."""
        return self.deal > 6 and self.keep_six is KeepSix.ROB_THE_PACK

    @property
    def discards_to_six(self) -> bool:
        """Whether every player discards down to six after trump is declared (a deal above
        six under `KeepSix.FREE_DISCARD` or `NON_TRUMPS_FIRST`)."""
        return self.discard_count > 0

    @property
    def non_trumps_first(self) -> bool:
        """Whether a discard down to six may hold a trump only with every non-trump of the
        hand (`KeepSix.NON_TRUMPS_FIRST` with a deal above six, Smear)."""
        return self.deal > 6 and self.keep_six is KeepSix.NON_TRUMPS_FIRST

    def _pack_indices(self) -> tuple[int, ...]:
        """The card indices of the pack: the suited cards of `pack_ranks`, then BJ and LJ
        (two jokers) or JK (one)."""
        ranks = _PACK_RANKS[self.pack_ranks]
        suited = tuple(index for index in range(52) if CARDS[index].rank in ranks)
        return suited + ((), (54,), (52, 53))[self.jokers]

    def _pack(self) -> tuple[Card, ...]:
        """The cards of the pack (`pack_indices` as `Card` values)."""
        return tuple(CARDS[index] for index in self.pack_indices)

    def _pack_mask(self) -> int:
        """Internal: the pack as a bit set (read `pack`)."""
        mask = 0
        for index in self.pack_indices:
            mask |= 1 << index
        return mask

    def _card_model(self) -> CardModel:
        """The card model the trump tables are built from."""
        return CardModel(
            jokers=self.jokers,
            off_jack=self.off_jack,
            lowest_joker=self.joker_rank is JokerRank.LOWEST,
            off_ace=self.off_ace,
            off_five=self.off_five,
            off_three=self.off_three,
        )

    def _total_points(self) -> int:
        """T, the most points one side can win in a hand: the worth of every point in
        `points` (4 in the four-point game, 10 in Ten-point Pitch and Smear)."""
        return sum(point.worth for point in self.points)

    @property
    def max_plain_bid(self) -> int:
        """The highest plain bid: every point of the hand (`total_points`)."""
        return self.total_points

    @property
    def smudge_level(self) -> int:
        """The contract value of a Smudge, or of a shoot (`Shoot`): one above the highest
        plain bid (5 with four points)."""
        return self.total_points + 1

    @property
    def max_bid(self) -> int:
        """The highest call: Smudge or the shoot (`smudge_level`) where the rules have one,
        else the highest plain bid."""
        top = self.smudge or self.shoot is not None
        return self.smudge_level if top else self.max_plain_bid

    @property
    def smudge_contract(self) -> int | None:
        """The contract that is a Smudge (`smudge_level`), or None where the rules have
        none (`smudge`): the one home of which contract is a Smudge, made by winning every
        trick and every point (scoring settles by it, `setback.text` words it)."""
        return self.smudge_level if self.smudge else None

    @property
    def shoot_contract(self) -> int | None:
        """The contract that is a shoot the moon (`smudge_level`), or None where the rules
        have none (`shoot`): the one home of which contract is a shoot."""
        return None if self.shoot is None else self.smudge_level

    def _declares_trump(self) -> bool:
        """Whether the pitcher names trump before the first lead: `trump_by` is `DECLARE`."""
        return self.trump_by is TrumpBy.DECLARE

    def _must_lead_trump(self) -> bool:
        """Whether the pitcher's first lead must be a trump if he holds one:
        `pitcher_leads_trump`."""
        return self.pitcher_leads_trump

    def _trumps_only(self) -> bool:
        """Whether only trumps are led or played: `play_trump` is `ONLY`."""
        return self.play_trump is PlayTrump.ONLY

    def _hash_of(self) -> int:
        return hash(tuple(getattr(self, field.name) for field in attrs.fields(Rules) if field.init))

    def _implied_trump_by(self) -> TrumpBy:
        """`trump_by` left unset: `DECLARE` exactly where another option needs it (the draw,
        no trump in the first trick, a deal above six), else `LEAD`."""
        return TrumpBy.DECLARE if self._declaring_variants() else TrumpBy.LEAD

    def _implied_pitcher_leads_trump(self) -> bool:
        """`pitcher_leads_trump` left unset: true with the draw or a deal above six (the free
        discard, the discard to six, the draw back; not Cinch's rob nor the discard and draw,
        whose preset sets it), unless no trump in the first trick."""
        deal_above = self.deal > 6 and self.keep_six not in _NO_LEAD_IMPLIED
        return (self.draw or deal_above) and not self.no_trump_first_trick

    def _declaring_variants(self) -> list[str]:
        names = [name for name in ("draw", "no_trump_first_trick") if getattr(self, name)]
        names += [f"a deal of {self.deal}"] if self.deal > 6 else []
        return names + ([f"a kitty of {self.kitty}"] if self.kitty else [])

    def side_of(self, seat: int) -> int:
        """The side that `seat` plays for: an index into `sides` and into scores.

        Raises:
            RulesError: there is no such seat.
        """
        if type(seat) is not int:
            raise TypeError(f"side_of takes a seat (int), not {type(seat).__name__}")
        if not 0 <= seat < self.players:
            raise RulesError(f"no seat {shown(seat)}: seats are 0 to {self.players - 1}")
        return self.seat_sides[seat]


TRICKSTER_POINTS = (4, 5, 6, 7, 9, 10, 11, 13)
"""The point games `Rules.trickster` takes."""

PRESET_NAMES = (
    "setback",
    "auction-pitch",
    "cutthroat",
    "six",
    "ten-point",
    "smear",
    "joker-pitch",
    *(f"trickster-{points}" for points in TRICKSTER_POINTS),
    "cinch",
    "pedro-sancho",
    "dom-pedro",
)
"""The names `Rules.preset` takes: each is the classmethod of that name (`-` for `_`),
"six" is `Rules.six_player()` and "trickster-N" is `Rules.trickster(N)`."""

_SEVEN_POINTS = (
    Point.HIGH,
    Point.LOW,
    Point.JACK,
    Point.OFF_JACK,
    Point.BIG_JOKER,
    Point.LITTLE_JOKER,
    Point.TEN,
)
_TRICKSTER_SETS: dict[int, tuple[Point, ...]] = {
    4: FOUR_POINTS,
    5: (Point.HIGH, Point.LOW, Point.JACK, Point.OFF_JACK, Point.GAME),
    6: (Point.HIGH, Point.LOW, Point.JACK, Point.OFF_JACK, Point.JOKER, Point.GAME),
    7: _SEVEN_POINTS,
    9: (Point.HIGH, Point.LOW, Point.JACK, Point.FIVE, Point.GAME),
    10: (*_SEVEN_POINTS, Point.TREY),
    11: (*_SEVEN_POINTS, Point.TREY, Point.OFF_ACE),
    13: (*_SEVEN_POINTS, Point.TREY, Point.OFF_THREE),
}
"""The points of each of Trickster's games, in award order (T is the game's name)."""

CINCH_POINTS = (Point.HIGH, Point.LOW, Point.JACK, Point.TEN, Point.FIVE, Point.OFF_FIVE)
"""Cinch's points, in award order (T = 14): the right pedro and the left pedro are worth 5."""

PEDRO_POINTS = (Point.HIGH, Point.LOW, Point.JACK, Point.TEN, Point.FIVE, Point.NINE)
"""Pedro Sancho's points, in Foster's order (T = 18)."""

DOM_PEDRO_POINTS = (
    Point.HIGH,
    Point.LOW,
    Point.JACK,
    Point.TEN,
    Point.TREY,
    Point.FIVE,
    Point.NINE,
    Point.SNOOZER,
)
"""Dom Pedro's points, in Foster's order of precedence (T = 36)."""

TEN_POINTS = (
    Point.HIGH,
    Point.LOW,
    Point.JACK,
    Point.OFF_JACK,
    Point.BIG_JOKER,
    Point.LITTLE_JOKER,
    Point.GAME,
    Point.TREY,
)
"""The points of Ten-point Pitch and Smear, in award order (T = 10)."""


_TEN_POINT_FORMS: dict[str, Any] = {
    "jokers": 2,
    "off_jack": True,
    "points": TEN_POINTS,
    "smudge": False,
    "dealer_match": DealerMatch.NONE,
    "all_pass": AllPass.DEALER_EXACTLY_MIN,
    "low_to": LowTo.HOLDER,
}
"""What Ten-point Pitch and Smear share: the 54-card pack with the jick,
the ten points, no Smudge, no dealer's match, a stuck dealer, Low to the holder."""


def _check_count(preset: str, players: object) -> None:
    if type(players) is not int:
        raise TypeError(
            f"Rules.{preset} takes players as a whole number (int), not {type(players).__name__}"
        )


def _extended_players(preset: str, players: object) -> None:
    _check_count(preset, players)
    if not 2 <= players <= 6:  # type: ignore[operator]
        raise RulesError(f"Rules.{preset} is for 2 to 6 players, not {shown(players)}")


def seat_side(seat: int, side_count: int) -> int:
    """The seating rule: seat `seat` plays for side `seat % side_count`.

    With partnerships of two this puts partners opposite (seats i and
    i + players/2); in cutthroat (as many sides as seats) each seat is its own
    side. `Rules.seat_sides` is built from it, and `HandResult.pitching_side`
    asks it, so the rule has one home.
    """
    return seat % side_count
