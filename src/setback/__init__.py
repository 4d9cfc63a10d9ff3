"""setback: every rule of Setback (Pitch, Auction Pitch, High-Low-Jack).

Immutable game states, pure transitions, rules as data:

    >>> from setback import Rules, new_game, legal_actions, apply_action
    >>> state = new_game(Rules.setback(), seed=7)
    >>> while not state.is_over:
    ...     state = apply_action(state, legal_actions(state)[0])
    >>> state.winner in (0, 1)
    True
"""

from ._version import __version__
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
from .bots.playout import PlayoutPolicy, PlayoutResult, RandomPolicy, playout_hand
from .bots.sampling import sample_states
from .cards import CARDS, Card, Rank, Suit, parse_cards
from .engine import apply_action, is_legal, legal_actions, new_game
from .errors import (
    DrawingError,
    IllegalActionError,
    InvalidNotationError,
    InvalidStateError,
    LanguageError,
    RecordError,
    RulesError,
    SetbackError,
)
from .eventlog import (
    Called,
    Dealt,
    Discarded,
    Event,
    FaceUpDiscarded,
    GameOver,
    HandScored,
    PartnerCalled,
    Pitched,
    Played,
    TrickWon,
    TrumpDeclared,
    events,
)
from .options import (
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
from .points import Point
from .records import format_hand, game_record, read_ptn, replay, write_ptn
from .refusals import Refusal
from .rules import SMUDGE, Rules
from .serialization import MAX_DOCUMENT, SCHEMA_VERSION, dumps, json_schema, loads
from .simulation import SimulationSummary, simulate
from .state import (
    MAX_ACTIONS,
    MAX_HANDS,
    ActionLog,
    EndReason,
    GameRecord,
    GameState,
    HandHistory,
    HandResult,
    Phase,
    Trick,
)
from .tables import trick_winner, trump_table
from .text import (
    action_text,
    cards_text,
    contract_text,
    hand_text,
    side_text,
    state_text,
    view_text,
)
from .trumps import TrumpTable
from .views import PlayerView, discard_keeping, observe

__all__ = [
    "CARDS",
    "MAX_ACTIONS",
    "MAX_DOCUMENT",
    "MAX_HANDS",
    "SCHEMA_VERSION",
    "SMUDGE",
    "Action",
    "ActionLog",
    "AllPass",
    "Bid",
    "CallPartner",
    "Called",
    "Card",
    "DealerMatch",
    "Dealt",
    "DeclareTrump",
    "Discard",
    "Discarded",
    "DrawOrder",
    "DrawingError",
    "EndReason",
    "Event",
    "FaceUpDiscarded",
    "GameOver",
    "GameRecord",
    "GameState",
    "HandHistory",
    "HandResult",
    "HandScored",
    "IllegalActionError",
    "InvalidNotationError",
    "InvalidStateError",
    "JokerRank",
    "KeepSix",
    "LanguageError",
    "LowTo",
    "PackRanks",
    "PartnerCalled",
    "Pass",
    "Phase",
    "Pitch",
    "Pitched",
    "Play",
    "PlayTrump",
    "Played",
    "PlayerView",
    "PlayoutPolicy",
    "PlayoutResult",
    "Point",
    "RandomPolicy",
    "Rank",
    "RecordError",
    "Refusal",
    "Rules",
    "RulesError",
    "SetbackError",
    "Settlement",
    "Shoot",
    "ShootFailed",
    "ShootFor",
    "ShootMade",
    "SimulationSummary",
    "Smudge",
    "Suit",
    "Trick",
    "TrickWon",
    "TrumpBy",
    "TrumpDeclared",
    "TrumpTable",
    "WinRule",
    "__version__",
    "action_text",
    "apply_action",
    "cards_text",
    "contract_text",
    "discard_keeping",
    "dumps",
    "events",
    "format_hand",
    "game_record",
    "hand_text",
    "is_legal",
    "json_schema",
    "legal_actions",
    "loads",
    "new_game",
    "observe",
    "parse_action",
    "parse_cards",
    "playout_hand",
    "read_ptn",
    "replay",
    "sample_states",
    "side_text",
    "simulate",
    "state_text",
    "trick_winner",
    "trump_table",
    "view_text",
    "write_ptn",
]
