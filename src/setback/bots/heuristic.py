"""`HeuristicBot`: bids from the expected points of its hand and plays by simple rules."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

from ..actions import Action, Bid, DeclareTrump, Discard, Pass, Pitch, Play, Shoot, Smudge
from ..cards import CARDS, Card, Rank, Suit
from ..options import JokerRank, KeepSix, LowTo
from ..points import FOUR_POINTS, Point
from ..rules import Rules
from ..state import Phase, Trick
from ..tables import trump_table
from ..trumps import trump_named_by
from ..views import PlayerView
from ._base import bot_seed, check_view, decision_rng, guarded, highest_call

_PASS = Pass()


_HOLD_CHANCE = {
    Point.OFF_JACK: 0.7,
    Point.JOKER: 0.6,
    Point.BIG_JOKER: 0.6,
    Point.LITTLE_JOKER: 0.55,
    Point.TEN: 0.55,
    Point.TREY: 0.45,
    Point.OFF_ACE: 0.8,
    Point.NINE: 0.5,
    Point.FIVE: 0.45,
    Point.OFF_FIVE: 0.4,
    Point.OFF_THREE: 0.4,
    Point.SNOOZER: 0.5,
}
"""How likely a held card point of the extended forms comes home (times its worth): a
high trump more often than a low one."""
LOST_CHANCE = 0.1
"""How likely a card point of the extended forms not held comes home (times its worth)."""
HIGH_CHANCE = {Rank.ACE: 1.0, Rank.KING: 0.65, Rank.QUEEN: 0.4}
"""`expected_points`' chance of High by the top trump held (a lower one: 0.15)."""
LOW_CHANCE = {
    True: {Rank.TWO: 1.0, Rank.THREE: 0.6, Rank.FOUR: 0.35},
    False: {Rank.TWO: 0.7, Rank.THREE: 0.45, Rank.FOUR: 0.25},
}
"""`expected_points`' chance of Low by the lowest trump held (a higher one: 0.1), when Low
goes to its holder (True) and when to its capturer (False)."""


_RICH = frozenset((Point.NINE, Point.SNOOZER))
"""The points worth 9 or more (Sancho, the 9 of trumps, and the Snoozer, the joker): a rule
set with one is a game of capturing card points (Pedro Sancho, Dom Pedro), whose
bidding, leads and follows the bot plays by the points each card may capture."""


@functools.lru_cache(maxsize=64)
def captures_points(rules: Rules) -> bool:
    """Whether `rules` award a point worth 9 or more (`NINE`, `SNOOZER`: the Pedro games):
    the bot then bids, leads and follows by the points it may capture."""
    return any(point in _RICH for point in rules.points)


def card_point_values(rules: Rules, trump: Suit) -> dict[int, int]:
    """The card points of the extended forms under `trump` (the jick, the off cards, the
    jokers, the 10, 9, 5 and 3 of trumps: every card a point of `rules.points` names but
    High, Low, Jack and Game): card index to worth."""
    values = {}
    for point in rules.points:
        card = point.card(trump)
        if card is not None and point not in FOUR_POINTS:
            values[card] = point.worth
    return values


def hold_chance(point: Point, rules: Rules) -> float:
    """How likely `point`'s card comes home when held (times its worth): `_HOLD_CHANCE`, but
    a lone joker below the 2 rarely does."""
    if rules.joker_rank is JokerRank.LOWEST and point is Point.JOKER:
        return 0.15
    return _HOLD_CHANCE[point]


def expected_points(hand: tuple[Card, ...], trump: Suit, rules: Rules) -> float:
    """A rough estimate of the points `hand` takes with `trump` as trump."""
    if captures_points(rules):
        return _capture_estimate(hand, trump, rules)
    table = trump_table(trump, rules)
    held = {c.index for c in hand}
    extended = sum(
        (hold_chance(point, rules) if point.card(trump) in held else LOST_CHANCE) * point.worth
        for point in rules.points
        if point not in FOUR_POINTS
    )
    in_trump = [card for card in hand if table.is_trump(card)]
    trumps = sorted((card.rank for card in in_trump if card.suit is trump), reverse=True)
    count = len(in_trump)
    if not trumps:
        return extended if count else 0.0
    if not count:
        return 0.0
    top = trumps[0]
    high = HIGH_CHANCE.get(top, 0.15)
    low = LOW_CHANCE[rules.low_to is LowTo.HOLDER].get(trumps[-1], 0.1)
    if Rank.JACK in trumps:
        jack = 0.85 if count >= 3 or top > Rank.JACK else 0.5
    else:
        jack = 0.25 if top >= Rank.KING and count >= 2 else 0.1
    tens = sum(1 for card in hand if card.rank == Rank.TEN)
    honours = sum(card.points for card in hand if card.rank != Rank.TEN)
    game = min(0.9, 0.2 + 0.2 * tens + 0.03 * honours + 0.08 * count)
    return high + low + jack + game + 0.15 * max(0, count - 2) + extended


_STOCK_CAPTURE = 0.3
"""What more of a card point not held the pitcher takes home (times its worth) when he
takes the rest of the stock (`KeepSix.DRAW_BACK`), above `_LOST_CHANCE`."""


def _stock_capture(hand: tuple[Card, ...], trump: Suit, rules: Rules) -> float:
    """What the pitcher's draw adds to `hand`'s worth with `trump`: in the draw back the
    pitcher takes the rest of the stock, and with it the trumps that capture the card
    points he lacks (0 under any other way to keep six)."""
    if rules.keep_six is not KeepSix.DRAW_BACK:
        return 0.0
    held = {card.index for card in hand}
    missing = (
        worth for index, worth in card_point_values(rules, trump).items() if index not in held
    )
    return _STOCK_CAPTURE * sum(missing)


def _capture_estimate(hand: tuple[Card, ...], trump: Suit, rules: Rules) -> float:
    """The points `hand` may take with `trump` in a game of captured card points: each point
    card it holds comes home the more often the more trumps above it it holds, and each
    one it lacks is captured the more often the stronger its trumps are (an unseen card is
    in another hand only about as often as the deal fills the hands)."""
    table = trump_table(trump, rules)
    power = table.power[trump]
    trumps = sorted((c for c in hand if table.is_trump(c)), key=lambda c: -power[c.index])
    if not trumps:
        return 0.0
    held = {c.index for c in hand}
    count = len(trumps)
    unseen = len(rules.pack) - len(hand)
    dealt = (rules.players - 1) * rules.deal / unseen if unseen else 0.0  # a card's chance
    ranks = [c.rank for c in trumps if c.suit is trump]
    highest = max(power[index] for index in rules.pack_indices)
    strength = min(1.0, 0.12 * count + 0.25 * (Rank.ACE in ranks) + 0.12 * (Rank.KING in ranks))
    total = 0.0
    for point in rules.points:
        card = point.card(trump)
        if point is Point.HIGH:
            total += (
                {Rank.ACE: 1.0, Rank.KING: 0.6, Rank.QUEEN: 0.35}.get(ranks[0], 0.1)
                if ranks
                else 0.0
            )
            continue
        if point is Point.LOW:
            low = rules.low_to is LowTo.HOLDER
            two = Rank.TWO in ranks
            total += (0.9 if low else 0.3 + 0.3 * strength) if two else 0.25 * strength
            continue
        if card is None:  # Game: the card points
            total += 0.3 + 0.3 * strength
            continue
        if card in held:  # the more trumps above it, the safer; the highest trump wins
            above = sum(1 for c in trumps if power[c.index] > power[card])
            boss = power[card] == highest
            chance = 0.95 if boss else min(0.9, 0.3 + 0.15 * above + 0.05 * (count - 1))
        else:
            chance = dealt * (0.15 + 0.6 * strength)
        total += chance * point.worth
    return total


def best_suit(hand: tuple[Card, ...], rules: Rules) -> tuple[Suit, float]:
    """The suit that makes the best trump for `hand`, and its estimate."""
    return max(
        ((suit, expected_points(hand, suit, rules)) for suit in Suit),
        key=lambda pair: (pair[1], pair[0]),
    )


def _trump_holders(view: PlayerView, trump: Suit) -> set[int]:
    """The other seats that may still hold a trump: not those that played no trump to a
    trump lead (a player holding one must play one there)."""
    rules = view.rules
    table = trump_table(trump, rules)
    live = set(range(rules.players)) - {view.seat}
    for done in (*view.tricks, *([view.trick] if view.trick is not None else [])):
        if done.plays and table.is_trump(done.plays[0][1]):
            live -= {seat for seat, card in done.plays if not table.is_trump(card)}
    return live


def _still_to_play(view: PlayerView, trick: Trick) -> list[int]:
    """The other seats still to play to `trick`: under trumps only, not those that played
    nothing to the last finished trick (they are out)."""
    rules = view.rules
    played = {seat for seat, _ in trick.plays}
    if rules.trumps_only and view.tricks:
        played |= set(range(rules.players)) - {seat for seat, _ in view.tricks[-1].plays}
    return [
        seat
        for seat in ((view.seat + k) % rules.players for k in range(1, rules.players))
        if seat not in played
    ]


def _low_in_hand(view: PlayerView, trump: Suit) -> Card | None:
    """When Low goes to its taker: the lowest trump of `view`'s hand if it is a low one
    (a 4 or lower) and may still be Low (no lower one of the trump suit played yet), else
    None."""
    if view.rules.low_to is not LowTo.CAPTURER:
        return None
    mine = [card for card in view.hand if card.suit is trump]
    if not mine:
        return None
    lowest = min(mine, key=lambda card: card.rank)
    if lowest.rank > Rank.FOUR:
        return None
    played = (
        card for done in (*view.tricks, view.trick) if done is not None for card in done.cards
    )
    if any(card.suit is trump and card.rank < lowest.rank for card in played):
        return None
    return lowest


def winning_play(
    trick: Trick, trump: Suit | None, rules: Rules | None = None
) -> tuple[int, Card] | None:
    """The `(seat, card)` winning `trick` so far (None before the lead)."""
    if not trick.plays:
        return None
    named = trump if trump is not None else trump_named_by(trick.plays[0][1])
    table = trump_table(named, rules)
    seat = table.winner(trick.plays)
    return next(play for play in trick.plays if play[0] == seat)


def strength(card: Card, trick: Trick, trump: Suit, rules: Rules | None = None) -> int:
    """How strong `card` would be in `trick` (0 if it cannot win)."""
    table = trump_table(trump, rules)
    led = table.suit_of(trick.plays[0][1] if trick.plays else card)
    return table.strength(card, led)


class HeuristicBot:
    """A rule-of-thumb player: a fair opponent and a baseline for stronger bots.

    It bids from the expected points of its hand, pitches its strongest suit,
    pulls trumps as pitcher, protects its jack and tens, and feeds Game cards
    to tricks its side wins. In the Pedro games (a point worth 9 or more) it
    values a hand by the card points it may capture, bids cheaply to name trump,
    leads its highest trump while nobody may hold a higher one, and plays its
    Pedro, Sancho or Snoozer on a trick it surely wins. By default it plays without
    randomness: the same view always gets the same action.

    With `mistakes` (the `"easy"` level: 0.25) it slips as a beginner does, at that
    share of its decisions that offer a choice (drawn from `seed` and the view, so the
    same seed and view still give the same action): in the auction it misjudges its hand
    by a point, up or down (and calls what that hand would); naming trump it takes
    its longest suit; in trick play it plays another of its legal cards, at random.
    Discards and the call of a partner are never slips.

    Raises:
        ValueError: `boldness` is not a number, or `mistakes` is not from 0 to 1.
    """

    def __init__(
        self, *, seed: int | None = None, boldness: float = 0.0, mistakes: float = 0.0
    ) -> None:
        """`boldness` is added to the hand's estimate in the auction: above 0 bids more;
        `mistakes`: the share of its choices that are slips (0: none)."""
        if not isinstance(boldness, int | float) or isinstance(boldness, bool):
            raise ValueError(f"boldness must be a number, not {boldness!r}")
        if (
            not isinstance(mistakes, int | float)
            or isinstance(mistakes, bool)
            or not 0 <= mistakes <= 1
        ):
            raise ValueError(f"mistakes must be a number from 0 to 1, not {mistakes!r}")
        self.seed = bot_seed(seed) if mistakes else seed
        """The seed it was built with (None: one is drawn only with `mistakes`, which are
        keyed by it and the view; without them it plays without randomness)."""
        self.boldness = boldness
        """Added to the hand's estimate in the auction: above 0 bids more, below 0 less."""
        self.mistakes = float(mistakes)
        """The share of its decisions with a choice that are a beginner's slips (see the
        class)."""

    @guarded
    def choose(self, view: PlayerView) -> Action:
        """The heuristic's action for `view`.

        Raises:
            TypeError: `view` is not a `PlayerView`.
            InvalidStateError: it is not `view.seat`'s turn, or the view is one it cannot
                use, which `observe` never gives (no legal action, or one `loads` refuses).
        """
        legal = check_view(self, view).legal_actions
        if len(legal) == 1:
            return legal[0]
        if self.mistakes and view.phase in (Phase.BIDDING, Phase.DECLARE_TRUMP, Phase.PLAY):
            assert self.seed is not None  # drawn when built with mistakes
            rng = decision_rng(self.seed, view)
            if rng.random() < self.mistakes:
                return self._slip(view, rng)
        return self._choose(view)

    def _choose(self, view: PlayerView) -> Action:
        """The heuristic's own action (no slip)."""
        if view.phase is Phase.BIDDING:
            return self._call(view)
        if view.phase is Phase.DECLARE_TRUMP:
            return DeclareTrump(best_suit(view.hand, view.rules)[0])
        if view.phase is Phase.CALL_PARTNER:  # the highest trump it lacks
            return highest_call(view)
        if view.phase is Phase.DISCARD:
            return self._discard(view)
        return self._play(view)

    def _slip(self, view: PlayerView, rng: random.Random) -> Action:
        """A beginner's slip (see the class): the hand misjudged by a point in the auction,
        the longest suit as trump, another legal card in trick play."""
        legal = view.legal_actions
        if view.phase is Phase.BIDDING:
            return self._call(view, rng.choice((-1.0, 1.0)))
        if view.phase is Phase.DECLARE_TRUMP:
            longest = max(Suit, key=lambda suit: (sum(c.suit is suit for c in view.hand), suit))
            if DeclareTrump(longest) in legal:
                return DeclareTrump(longest)
        best = self._choose(view)
        others = [action for action in legal if action != best]
        return rng.choice(others)

    # --- the auction ---------------------------------------------------------------

    def _call(self, view: PlayerView, misjudged: float = 0.0) -> Action:
        legal, rules = view.legal_actions, view.rules
        suit, estimate = best_suit(view.hand, rules)
        if rules.partnerships:
            estimate += 0.4
        estimate += _stock_capture(view.hand, suit, rules) + self.boldness + misjudged
        pitches = [a for a in legal if isinstance(a, Pitch)]
        bids = [a for a in legal if isinstance(a, Bid)]
        if view.trick is not None:  # a pitch lies on the table: we are the dealer
            if estimate >= 4.3 and pitches:
                return self._pitch_card(view, pitches, suit)
            return _PASS
        if estimate >= 3.6 and pitches:
            return self._pitch_card(view, pitches, suit)
        partner_bid = any(
            isinstance(action, Bid | Smudge | Shoot)
            and rules.side_of(seat) == rules.side_of(view.seat)
            for seat, action in view.bids
        )
        # the call above every bid (a Smudge, or a shoot): only with a very strong hand
        smudge = next((action for action in legal if isinstance(action, Smudge | Shoot)), None)
        long_trump = len([c for c in view.hand if c.suit is suit]) >= 5
        strong = estimate >= rules.total_points + 0.6 and long_trump
        if strong and smudge is not None and not partner_bid:
            return smudge
        # in games of more points a weak pitcher feeds the defenders: ask for more
        threshold = 2.0 + 0.4 * (rules.total_points - 4)
        if captures_points(rules):  # the pitcher names trump: worth a cheap bid
            threshold = rules.min_bid + 1.0
        wanted = min(rules.max_plain_bid, int(estimate)) if estimate >= threshold else 0
        if partner_bid:  # outbid a partner only with a hand that should name trump instead
            wanted = wanted if estimate >= 3.5 + 0.5 * (rules.total_points - 4) else 0
        fitting = [bid for bid in bids if bid.level <= wanted]
        if fitting:
            return min(fitting, key=lambda bid: bid.level)
        if _PASS in legal:
            return _PASS
        return min(bids, key=lambda bid: bid.level) if bids else legal[0]

    def _pitch_card(self, view: PlayerView, pitches: list[Pitch], suit: Suit) -> Action:
        mine = [a for a in pitches if a.card.suit is suit]
        return max(mine or pitches, key=lambda a: a.card.rank)

    # --- discards --------------------------------------------------------------------

    def _discard(self, view: PlayerView) -> Action:
        legal = [a for a in view.legal_actions if isinstance(a, Discard)]
        trump = view.trump
        assert trump is not None
        table = trump_table(trump, view.rules)
        extra = card_point_values(view.rules, trump)

        def keep_value(card: Card) -> float:
            is_trump = table.is_trump(card)
            value = float(min(card.rank, Rank.ACE)) + (30 if is_trump else 0)
            if card.suit is trump and card.rank in (Rank.TWO, Rank.THREE, Rank.JACK):
                value += 20
            value += 20 * extra.get(card.index, 0)
            return value + (8 if card.rank in (Rank.TEN, Rank.ACE) else 0)

        if view.rules.discards_and_draws:
            return self._discard_and_draw(view, legal, keep_value)
        kitty = view.rules.kitty and view.seat == view.pitcher and not view.discards
        if view.rules.deal > 6 or kitty:  # down to six, or the kitty's discard: any cards
            return min(legal, key=lambda a: sum(keep_value(card) for card in a.cards))
        # the draw: throw every non-trump that is not an ace or a ten
        throw = tuple(c for c in view.hand if not table.is_trump(c) and c.rank < Rank.TEN)
        best = max(
            (a for a in legal if set(a.cards) <= set(throw)),
            key=lambda a: len(a.cards),
            default=None,
        )
        return best if best is not None else legal[0]

    @staticmethod
    def _discard_and_draw(
        view: PlayerView, legal: list[Discard], keep_value: Callable[[Card], float]
    ) -> Action:
        """The discard and draw (`KeepSix.DISCARD_AND_DRAW`): keep the trumps (the point
        cards above all) and the side aces, throw the rest and draw for them; as many as
        the bounds allow (the least valuable go first, the most valuable stay). A side ten
        goes too: any trump takes it, and a card drawn for it may be a trump."""
        assert view.trump is not None
        table = trump_table(view.trump, view.rules)
        sizes = [len(a.cards) for a in legal]
        fewest, most = min(sizes), max(sizes)
        ranked = sorted(view.hand, key=keep_value)  # least worth keeping first
        weak = [card for card in ranked if not table.is_trump(card) and card.rank != Rank.ACE]
        count = min(max(len(weak), fewest), most)
        chosen = Discard(ranked[:count])
        return chosen if chosen in legal else legal[0]

    # --- trick play --------------------------------------------------------------------

    def _play(self, view: PlayerView) -> Action:
        cards = [a.card for a in view.legal_actions if isinstance(a, Play)]
        trick = view.trick
        assert trick is not None
        trump = view.trump
        if trump is None:  # leading the first card: it sets trump
            suit, _ = best_suit(view.hand, view.rules)
            named = [c for c in cards if c.suit is suit]
            return Play(max(named or cards, key=lambda c: c.rank))
        table = trump_table(trump, view.rules)
        power = table.power[trump]
        played = {c for t in view.tricks for c in t.cards} | set(trick.cards)
        unseen_trumps = [
            CARDS[i]
            for i in table.order
            if CARDS[i] not in played
            and CARDS[i] not in view.hand
            and view.rules.pack_mask >> i & 1
        ]

        capture = captures_points(view.rules)
        # in a game of captured points, the others who showed they hold no trump are out
        live = _trump_holders(view, trump) if capture else {-1}

        def higher_out(card: Card) -> bool:
            """Whether a trump higher than `card` may still be in another hand."""
            return bool(live) and any(power[c.index] > power[card.index] for c in unseen_trumps)

        if capture:
            if not trick.plays:
                lead = self._capture_lead(view, cards, trump, higher_out)
                if lead is not None:
                    return Play(lead)
            else:
                follow = self._capture_follow(view, cards, trick, trump, live)
                if follow is not None:
                    return Play(follow)
        if not trick.plays:
            return Play(self._lead(view, cards, trump, higher_out))
        return Play(self._follow(view, cards, trick, trump, higher_out, unseen_trumps))

    def _capture_lead(
        self, view: PlayerView, cards: list[Card], trump: Suit, higher_out: Callable[[Card], bool]
    ) -> Card | None:
        """A lead in a game of captured card points, or None to lead as in any game: the
        highest trump while nobody else may hold one above it (pulling the others' point
        trumps, a point card of its own included once it is the highest left)."""
        table = trump_table(trump, view.rules)
        power = table.power[trump]
        trumps = sorted(
            (c for c in cards if table.is_trump(c)), key=lambda c: power[c.index], reverse=True
        )
        if trumps and not higher_out(trumps[0]):
            return trumps[0]
        return None

    def _capture_follow(
        self, view: PlayerView, cards: list[Card], trick: Trick, trump: Suit, live: set[int]
    ) -> Card | None:
        """A follow in a game of captured card points, or None to follow as in any game: a
        trick this card surely wins (the last to play, or nobody after it may hold a
        trump) takes the winning card worth the most points, so a point card of its own
        comes home."""
        rules = view.rules
        table = trump_table(trump, rules)
        extra = card_point_values(rules, trump)
        leader = winning_play(trick, trump, rules)
        assert leader is not None
        if rules.side_of(leader[0]) == rules.side_of(view.seat):
            return None  # a partner's trick: fed as in any game
        best = strength(leader[1], trick, trump, rules)
        after = {
            (view.seat + k) % rules.players for k in range(1, rules.players - len(trick.plays))
        }
        winners = [c for c in cards if strength(c, trick, trump, rules) > best]
        if not winners:
            return None
        sure = [c for c in winners if not after or (table.is_trump(c) and not after & live)]
        if not sure:
            return None
        return max(
            sure,
            key=lambda c: (
                extra.get(c.index, 0) + (1 if c.suit is trump and c.rank == Rank.JACK else 0),
                -table.power[trump][c.index] if table.is_trump(c) else -c.rank,
            ),
        )

    def _lead(
        self, view: PlayerView, cards: list[Card], trump: Suit, higher_out: Callable[[Card], bool]
    ) -> Card:
        pitching = view.pitcher is not None and view.rules.side_of(
            view.pitcher
        ) == view.rules.side_of(view.seat)
        table = trump_table(trump, view.rules)
        power, extra = table.power[trump], card_point_values(view.rules, trump)
        trumps = sorted(
            (c for c in cards if table.is_trump(c)), key=lambda c: power[c.index], reverse=True
        )
        if trumps and not higher_out(trumps[0]) and (pitching or view.rules.trumps_only):
            return trumps[0]  # the highest trump left wins: it pulls trumps, and banks its point
        others = [c for c in cards if not table.is_trump(c)]
        aces = [c for c in others if c.rank == Rank.ACE]
        if aces:
            return aces[0]
        if others:
            return min(others, key=lambda c: (c.points, c.rank))
        return min(cards, key=lambda c: (c.rank == Rank.JACK or c.index in extra, power[c.index]))

    def _follow(
        self,
        view: PlayerView,
        cards: list[Card],
        trick: Trick,
        trump: Suit,
        higher_out: Callable[[Card], bool],
        unseen_trumps: list[Card],
    ) -> Card:
        rules = view.rules
        table = trump_table(trump, rules)
        extra = card_point_values(rules, trump)
        leader = winning_play(trick, trump, rules)
        assert leader is not None
        lead_seat, lead_card = leader
        best = strength(lead_card, trick, trump, rules)
        partner_winning = rules.side_of(lead_seat) == rules.side_of(view.seat)
        after = _still_to_play(view, trick)
        last = all(rules.side_of(seat) == rules.side_of(view.seat) for seat in after)
        power = table.power[trump]
        holders = _trump_holders(view, trump)
        foes = [seat for seat in after if rules.side_of(seat) != rules.side_of(view.seat)]

        def beaten(card: Card) -> bool:
            """Whether an opponent still to play may beat `card`: with a higher trump (a
            trump: one still unseen; any other card: any unseen trump), unless each of them
            showed he holds none; a card of the led suit also by a higher one of that suit
            (any but the ace)."""
            trumping = [seat for seat in foes if seat in holders]
            if table.is_trump(card):
                return bool(trumping) and any(
                    power[c.index] > power[card.index] for c in unseen_trumps
                )
            return bool(foes) and (
                card.rank != Rank.ACE or (bool(trumping) and bool(unseen_trumps))
            )

        stands = not beaten(lead_card)
        low = _low_in_hand(view, trump)  # Low to its taker: the trump that may be Low

        def point_card(card: Card) -> bool:
            """The jack of trumps or a card point of the extended forms."""
            return (card.suit is trump and card.rank == Rank.JACK) or card.index in extra

        pointers = [c for c in unseen_trumps if point_card(c)]

        def keeps(card: Card) -> bool:
            """A trump above a point card still out, kept to take it: the highest trump
            left, or any other that is not itself a point card (a player feeds his
            partner's trick a small card and keeps the queen that may take the jack, or the
            ten that may take the Five). In trumps-only play every trick is of trumps and
            the point card cannot wait: only a queen or higher is kept."""
            high = card.rank >= Rank.QUEEN or not rules.trumps_only
            return (
                table.is_trump(card)
                and (not higher_out(card) or (high and not point_card(card)))
                and any(power[c.index] < power[card.index] for c in pointers)
            )

        if partner_winning and (last or stands):  # feed the point cards and Game cards home
            return max(
                [c for c in cards if not keeps(c)] or cards,
                key=lambda c: (
                    c.points
                    + (5 if c.suit is trump and c.rank == Rank.JACK else 0)
                    + (5 if c == low else 0)
                    + 5 * extra.get(c.index, 0),
                    -c.rank,
                ),
            )
        winners = [c for c in cards if strength(c, trick, trump, rules) > best]
        trick_value = sum(c.points for c in trick.cards) + sum(
            3 for c in trick.cards if c.suit is trump and c.rank in (Rank.JACK, Rank.TWO)
        )
        trick_value += sum(3 * extra.get(c.index, 0) for c in trick.cards)
        # a point card a higher trump may still take: bank it while it surely wins, when last
        # or, for a card worth more than a point (the Five), whenever nobody after can beat it
        if winners:
            at_risk = [
                c
                for c in winners
                if point_card(c)
                and higher_out(c)
                and not beaten(c)
                and (last or extra.get(c.index, 0) > 1)
            ]
            if at_risk:
                return max(at_risk, key=lambda c: (extra.get(c.index, 1), -power[c.index]))
        if winners and (trick_value > 0 or last or not partner_winning):
            safe_winners = [c for c in winners if not table.is_trump(c) or not beaten(c)]
            # a trick worth taking is tried with a card that may be beaten, but never with a
            # point card (the jack, the Five, ...): the opponent who beats it takes it too
            risky = [c for c in winners if not point_card(c)]
            pool = safe_winners or (risky if trick_value >= 3 else [])
            if pool:
                return min(
                    pool,
                    key=lambda c: (
                        table.is_trump(c),
                        c.rank == Rank.JACK or c.index in extra,
                        table.power[trump][c.index] if table.is_trump(c) else c.rank,
                    ),
                )
        # cannot or need not win: throw the cheapest card, keeping tens, jack and low trumps
        return min(
            cards,
            key=lambda c: (
                c.points
                + (6 if table.is_trump(c) else 0)
                + (10 if c.suit is trump and c.rank == Rank.JACK else 0)
                + (10 if c == low else 0)
                + 10 * extra.get(c.index, 0),
                min(c.rank, Rank.ACE),
            ),
        )
