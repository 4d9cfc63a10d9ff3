"""Naming trump and calling a partner: what the auction's winner names before the discards
or the lead: what is open (and why not), and what each action changes.

Only where the pitcher names trump (not where the first card led names it): the draw, no
trump in the first trick, the kitty, a deal above six, the draw back, Cinch, Trickster's
games; the partner call only under call your partner (`Rules.call_partner`), right after
the declaration. One step makes both (`step_declaration`) and hands on to the discards
(`discarding.begin_discards`).
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action, CallPartner, DeclareTrump
from .cards import CARDS, Suit, pick
from .discarding import begin_discards
from .refusals import Refusal
from .rules import Rules
from .state import GameState, Hand, Phase
from .trumps import TrumpTable

__all__: list[str] = []

DECLARATIONS: tuple[Action, ...] = tuple(DeclareTrump(suit) for suit in Suit)


def legal_declarations(state: GameState) -> tuple[Action, ...]:
    """Any suit may be named trump, even one nobody holds."""
    return DECLARATIONS


def declaration_refusal(state: GameState, action: object, *, show_hand: bool) -> Refusal | None:
    """Why the pitcher may not take `action` now, or None if he may: only naming trump is
    open, and any suit may be named."""
    if isinstance(action, DeclareTrump):
        return None
    return Refusal("name_trump")


def step_declaration(
    rules: Rules, tables: Sequence[TrumpTable], hand: Hand, action: DeclareTrump | CallPartner
) -> Hand:
    """The pitcher's step of the declaration's phase (a `DeclareTrump`) or of the partner
    call's (a `CallPartner`, under call your partner: `Rules.call_partner`, right after the
    declaration). Once the last of them is made, everyone discards (the draw back and its
    forced face-up discards happen at once, recorded as forced steps), or the pitcher
    leads (`discarding.begin_discards`)."""
    setup = hand.setup
    if setup.phase is Phase.DECLARE_TRUMP:
        assert isinstance(action, DeclareTrump)
        setup = setup._replace(trump=action.suit, discarded=(0,) * rules.players)
        if rules.call_partner:
            setup = setup._replace(phase=Phase.CALL_PARTNER)
            return Hand(setup=setup, to_act=setup.pitcher, held=hand.held)
    else:
        assert setup.phase is Phase.CALL_PARTNER and isinstance(action, CallPartner)
        setup = setup._replace(called=1 << action.card.index)
    return begin_discards(rules, tables, hand, setup)


def callable_cards(rules: Rules, table: TrumpTable, held: int) -> int:
    """The cards the pitcher holding `held` may call (call your partner, a bit set): every
    trump of the pack he does not hold, jokers included."""
    return table.trump_mask & rules.pack_mask & ~held


CALLS: tuple[CallPartner, ...] = tuple(CallPartner(card) for card in CARDS)
"""`CALLS[index]`: the shared `CallPartner` of each card."""


def legal_partner_calls(state: GameState) -> tuple[Action, ...]:
    """Every `CallPartner` open to the pitcher, by card order."""
    hand = state.hand_state
    assert hand.trump is not None and hand.pitcher is not None
    table = state.standing.tables[hand.trump]
    return pick(CALLS, callable_cards(state.rules, table, state.held[hand.pitcher]))


def partner_call_refusal(state: GameState, action: object, *, show_hand: bool) -> Refusal | None:
    """Why the pitcher may not take `action` now, or None if he may: only a call of a
    trump of the pack that he does not hold is open."""
    if not isinstance(action, CallPartner):
        return Refusal("call_partner")
    hand = state.hand_state
    assert hand.trump is not None and hand.pitcher is not None
    card = action.card
    if not state.rules.pack_mask >> card.index & 1:
        return Refusal("call_not_in_pack", {"card": str(card)})
    if not state.standing.tables[hand.trump].trump_mask >> card.index & 1:
        return Refusal("call_not_trump", {"card": str(card), "trump": hand.trump.letter})
    if state.held[hand.pitcher] >> card.index & 1:
        return Refusal("call_held", {"card": str(card)})
    return None
