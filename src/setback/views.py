"""What one seat may know: `observe(state, seat) -> PlayerView`."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .actions import Action, Discard
from .cards import Card, Suit, cards_of, parse_cards
from .engine import legal_actions
from .errors import IllegalActionError, RulesError, kind_error, shown
from .refusals import Refusal
from .rules import Rules
from .state import GameState, HandResult, Phase, Trick

__all__ = ["PlayerView", "discard_keeping", "observe"]


@attrs.frozen
class PlayerView:
    """The game as one seat sees it: what a server may send to that player.

    It holds the seat's own hand and face-down discards, everything played face
    up (the auction, pitched cards, the trick in progress, this hand's finished
    tricks, the last finished hand), the scores and how many cards everyone
    holds; never another seat's hand or discards, the undealt stock, the kitty
    (only its size, and its cards to the pitcher once he took it), or the seed.
    """

    rules: Rules
    """The rules of the game."""
    seat: int
    """The seat this view belongs to."""
    phase: Phase
    """What the game is waiting for (`Phase.GAME_OVER` once a side has won)."""
    to_act: int | None
    """The seat whose turn it is; None when the game is over."""
    dealer: int
    """The seat that dealt the current hand."""
    hand_number: int
    """The current hand's number, counting from 0 (in JSON too); screens count from 1:
    `hand_number` 0 is shown as "Hand 1"."""
    scores: tuple[int, ...]
    """One score per side: `scores[rules.side_of(seat)]`."""
    hand: tuple[Card, ...]
    """The seat's own cards, by suit then rank."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    stock_size: int
    """How many cards are still undealt."""
    bids: tuple[tuple[int, Action], ...]
    """The current hand's auction so far."""
    pitcher: int | None
    """The seat that won the current hand's auction, once it is over; None during the
    auction and once the game is over."""
    contract: int | None
    """The winning bid (`rules.smudge_level` for a Smudge), once the auction is over; None
    during the auction and once the game is over."""
    trump: Suit | None
    """The trump suit, once it is known; None before that and once the game is over."""
    trick: Trick | None
    """The trick in progress (a pitched card lies here face up while the dealer answers)."""
    tricks: tuple[Trick, ...]
    """The current hand's finished tricks."""
    discards: tuple[Card, ...]
    """The seat's own face-down discards this hand."""
    legal_actions: tuple[Action, ...]
    """What the seat may do now; empty when it is not its turn."""
    last_result: HandResult | None
    """The last finished hand, with other seats' face-down cards removed."""
    winner: int | None
    """The side that won, once the game is over; else None."""
    face_up_discards: tuple[tuple[Card, ...], ...] = ()
    """Every seat's face-up discards this hand (Ten-point's excess trumps), seen by all."""
    kitty_size: int = 0
    """How many cards lie face down in the kitty (`Rules.kitty`): the kitty's size until
    the pitcher takes it, once trump is declared; then 0."""
    kitty: tuple[Card, ...] = ()
    """The kitty's cards, shown to the pitcher once he has taken them (they are in his
    hand or his discards); empty for every other seat, who never sees them."""
    called: Card | None = None
    """The card the pitcher called this hand (call your partner), seen by all once
    called; None before and without a call."""
    partner: int | None = None
    """The seat of the pitcher's partner (call your partner; the pitcher's own seat when he
    plays alone), once the called card has been played, or when this seat holds it; None
    until then (nobody else learns who holds it) and without a call."""

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat is to act."""
        return self.to_act == self.seat

    def __str__(self) -> str:
        """What this seat sees, as readable lines: `setback.text.view_text`."""
        from .text import view_text  # display only: text reads views, views do not need it

        return view_text(self)

    def _repr_svg_(self) -> str:
        """The table as this seat sees it, for Jupyter: `setback.svg.view_svg`."""
        from .svg import view_svg  # the pictures import this module

        return view_svg(self)


def public_result(result: HandResult, seat: int) -> HandResult:
    """A finished hand as `seat` may see it: others' face-down discards, the cards of a
    passed-out hand and others' dead cards (never played, under `trumps_only`) stay
    hidden."""
    hands = result.hands
    if result.pitcher is None:
        hands = tuple(cards if s == seat else () for s, cards in enumerate(hands))
    else:
        played: list[set[Card]] = [set() for _ in hands]
        for trick in result.tricks:
            for player, card in trick.plays:
                played[player].add(card)
        hands = tuple(
            cards if s == seat else tuple(c for c in cards if c in played[s])
            for s, cards in enumerate(hands)
        )
    discards = tuple(cards if s == seat else () for s, cards in enumerate(result.discards))
    if result.kitty and seat != result.pitcher:  # the kitty: the pitcher's alone
        return attrs.evolve(result, hands=hands, discards=discards, kitty=())
    return attrs.evolve(result, hands=hands, discards=discards)


def seen_partner(state: GameState, seat: int) -> int | None:
    """Call your partner: the pitcher's partner as `seat` may know him (`PlayerView.partner`):
    once the called card has been played, or when `seat` holds it; else None."""
    called = state.hand_state.called
    if not called or state.phase is Phase.GAME_OVER or state.phase is Phase.CALL_PARTNER:
        return None
    if state.held[seat] & called or not any(held & called for held in state.held):
        return state.partner  # this seat holds it, or it has been played
    return None


def observe(state: GameState, seat: int) -> PlayerView:
    """What `seat` may know of `state`, and nothing more.

    Args:
        state: the full game state (kept on the server).
        seat: the seat whose view is wanted.

    Returns:
        The seat's `PlayerView`, safe to send to that player.

    Examples:
        >>> from setback import Rules, new_game
        >>> view = observe(new_game(Rules.setback(), seed=7), 1)
        >>> view.hand_sizes, view.is_my_turn, len(view.legal_actions)
        ((6, 6, 6, 6), True, 5)

    Raises:
        RulesError: there is no such seat.
        TypeError: `state` is not a `GameState` (a `PlayerView` is not one), or `seat` is
            not an `int` (`bool` is not taken).
    """
    if type(state) is not GameState:
        if isinstance(state, PlayerView):
            raise TypeError(
                "observe takes a GameState, not a PlayerView (a view is already what one seat sees)"
            )
        raise TypeError(f"observe takes a GameState, not {type(state).__name__}")
    rules = state.rules
    if type(seat) is not int:
        raise TypeError(f"observe takes a seat (int), not {type(seat).__name__}")
    if not 0 <= seat < rules.players:
        raise RulesError(f"no seat {shown(seat)}: seats are 0 to {rules.players - 1}")
    last = public_result(state.history[-1], seat) if state.history else None
    setup, stock = state.hand_state, len(state.hand_state.stock)
    kitty_size, kitty = 0, cards_of(0)
    if rules.kitty and state.phase is not Phase.GAME_OVER:
        if setup.trump is None:  # face down, the stock's first cards
            kitty_size = rules.kitty
            stock -= rules.kitty
        elif seat == setup.pitcher:
            kitty = cards_of(setup.kitty)
    partner = seen_partner(state, seat)
    return PlayerView(
        rules=rules,
        seat=seat,
        phase=state.phase,
        to_act=state.to_act,
        dealer=state.dealer,
        hand_number=state.hand_number,
        scores=state.scores,
        hand=cards_of(state.held[seat]),
        hand_sizes=tuple(mask.bit_count() for mask in state.held),
        stock_size=stock,
        bids=state.bids,
        pitcher=state.pitcher,
        contract=state.contract,
        trump=state.trump,
        trick=state.trick,
        tricks=state.tricks,
        discards=state.discards[seat],
        face_up_discards=state.face_up_discards,
        kitty_size=kitty_size,
        kitty=kitty,
        legal_actions=legal_actions(state) if state.to_act == seat else (),
        last_result=last,
        winner=state.winner,
        called=state.called,
        partner=partner,
    )


def discard_keeping(view: PlayerView, keep: Iterable[Card | str] | str) -> Discard:
    """The discard that keeps the cards `keep`: the "keep" form of a long discard, for a
    client whose player would rather name the few cards he keeps than the many he throws
    (Cinch's dealer robbing the pack holds 17 cards and throws 11).

    Of the view's legal discards, those that throw none of `keep`, the one that throws
    the most cards: the whole complement where it is legal ("keep" all six cards of the
    hand to be), and else what the rules make him throw besides (Cinch's rob keeps the
    trumps by itself, so the dealer names only the non-trumps he keeps). Where several
    discards of that size keep the named cards, the player must name more.

    Args:
        view: the seat's view, on its turn to discard.
        keep: the cards to keep (card values or text, or one text: `"JS 2D"`).

    Returns:
        The `Discard` to send (one of `view.legal_actions`).

    Raises:
        IllegalActionError: no discard is due (`no_discard_now`), a named card is not in
            the hand (`not_held`), no legal discard keeps them (`keep_no_discard`), or
            several do (`keep_more`, with how many more cards to name); the action is
            the text `"keep ..."`.
        InvalidNotationError: a card's text is no card.
        TypeError: `view` is not a `PlayerView`.

    Examples:
        >>> from setback import Rules, apply_action, new_game, observe
        >>> state = new_game(Rules.six_player(), seed=3)
        >>> for call in ("pass", "pass", "pass", "pass", "pass", "bid 2", "trump S"):
        ...     state = apply_action(state, call)
        >>> view = observe(state, 1)  # seat 1 throws 2 of his 8 cards: he names the 6 he keeps
        >>> str(discard_keeping(view, "2D 3D JD KD 6H JH"))
        'discard 2C 8C'
    """
    if not isinstance(view, PlayerView):
        raise kind_error("discard_keeping", "a PlayerView", view)
    kept = parse_cards(keep)
    named = list(dict.fromkeys(kept))  # in the order given, each card once
    tried = "keep " + " ".join(map(str, named))
    texts = [str(card) for card in named]
    discards = [a for a in view.legal_actions if isinstance(a, Discard)]
    if not discards:
        raise IllegalActionError(tried, view.seat, Refusal("no_discard_now"))
    missing = [str(card) for card in named if card not in view.hand]
    if missing:
        why = Refusal("not_held", {"seat": view.seat, "cards": missing})
        raise IllegalActionError(tried, view.seat, why)
    fits = [d for d in discards if not set(named) & set(d.cards)]
    if not fits:
        raise IllegalActionError(tried, view.seat, Refusal("keep_no_discard", {"cards": texts}))
    most = max(len(d.cards) for d in fits)
    best = [d for d in fits if len(d.cards) == most]
    if len(best) > 1:  # how many more to name: the kept cards not common to every choice
        common = set(view.hand).difference(*(d.cards for d in best))
        more = len(view.hand) - most - len(common)
        why = Refusal("keep_more", {"cards": texts, "count": more})
        raise IllegalActionError(tried, view.seat, why)
    return best[0]
