"""The OpenSpiel game `python_setback`, registered with `pyspiel` when this module is
imported (the extra `setback[rl]`).

    >>> import pyspiel
    >>> import setback.rl.openspiel
    >>> game = pyspiel.load_game("python_setback", {"preset": "auction-pitch", "players": 3})
    >>> game.num_players(), game.num_distinct_actions()
    (3, 264)

Parameters: `preset` (a name of `setback.rules.PRESET_NAMES`, default `setback`),
`players` (0: the preset's own count), `options` (`Rules` options as text,
`"target:11;low_to:holder"`; `points:high+low+jack+game` for a sequence: OpenSpiel's
game strings keep `=` and `,` for themselves), `hands`
(hands per game: 1 by default; more plays a match that ends when a side wins or after
that many hands) and `dealer` (the first hand's dealer).

The deal is chance nodes, one card at a time: outcome `i` puts the card of index `i`
next in the deck, uniformly among the cards not yet placed, and the full deck is
dealt as the rules say (packets of three from the dealer's left, the rest is the
stock). Every deal and stock order is exactly as likely as with a shuffled pack,
and a state's chance history is the deck itself. The player actions are the ids of
`setback.rl.ACTIONS`. `returns()` gives each player the score change of its side
over the hands played (partners share it).
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import numpy as np  # setback.rl, imported first, has checked the extra's other packages

try:
    import pyspiel
except ImportError as error:  # pragma: no cover - the extra is installed in the extras run
    raise ImportError(
        "setback.rl.openspiel needs open_spiel, part of the extra 'rl': pip install '.[rl]' "
        "from a checkout, 'setback[rl]' once released"
    ) from error

from ..bots.sampling import sample_states
from ..cards import CARDS, cards_of
from ..engine import new_game
from ..errors import RulesError
from ..options import Settlement
from ..records import format_hand
from ..rules import PRESET_NAMES, Rules
from ..state import GameState, Phase
from ..views import PlayerView, observe
from ._observation import encode_observation, observation_layout
from ._pettingzoo import rules_from
from ._table import ACTIONS, DISCARD_BASE, DONE_ID, NUM_ACTIONS, Position, apply_id, legal_ids

__all__ = ["GAME_TYPE", "SetbackGame", "SetbackState", "parse_options"]

_PARAMETERS = {"preset": "setback", "players": 0, "options": "", "hands": 1, "dealer": 0}

GAME_TYPE = pyspiel.GameType(
    short_name="python_setback",
    long_name="Python Setback (Pitch, Auction Pitch, Smear, Ten-point Pitch)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.REWARDS,
    max_num_players=8,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMETERS,
)
"""The game's type: sequential, explicit chance, imperfect information, general sum,
rewards at the end of each hand."""


def _option_value(text: str) -> Any:
    low = text.strip().lower()
    if low in ("true", "false"):
        return low == "true"
    if low.lstrip("-").isdigit():
        return int(low)
    if "+" in low:
        return tuple(part for part in low.split("+") if part)
    return low


def parse_options(text: str) -> dict[str, Any]:
    """`Rules` options from the `options` parameter: `"target:11;draw:true"` (items
    `name:value`, separated by `;` or spaces); numbers and true/false are read as such,
    `a+b+c` as a sequence (the `points`).

    Examples:
        >>> parse_options("target:11; points:high+low+game")
        {'target': 11, 'points': ('high', 'low', 'game')}

    Raises:
        RulesError: an item is not `name:value`.
    """
    options: dict[str, Any] = {}
    for item in text.replace(";", " ").split():
        name, sep, value = item.partition(":")
        if not sep or not name.strip():
            raise RulesError(f"options are name:value items, separated by ';': {item!r}")
        options[name.strip()] = _option_value(value)
    return options


def _rules_of(params: dict[str, Any]) -> Rules:
    unknown = sorted(set(params) - set(_PARAMETERS))
    if unknown:
        raise RulesError(
            f"no such parameter: {', '.join(unknown)}; parameters are {', '.join(_PARAMETERS)}"
        )
    preset = str(params.get("preset", "setback"))
    if preset not in PRESET_NAMES:
        raise RulesError(f"no preset {preset!r:.40}; presets are {', '.join(PRESET_NAMES)}")
    options = parse_options(str(params.get("options", "")))
    players = int(params.get("players", 0))
    if players:
        options["players"] = players
    return rules_from(preset, options, tuple(_PARAMETERS))


@attrs.frozen
class _Match:
    """Everything a `SetbackState` holds, as one immutable value (so cloning a state copies
    one reference)."""

    rules: Rules
    cap: int
    """Hands per game at most."""
    position: Position | None
    """None while the deck is dealt."""
    deck: tuple[int, ...]
    """The cards placed in the deck so far, while dealing."""
    dealer: int
    scores: tuple[int, ...]
    """The score sheet before the current hand."""
    totals: tuple[int, ...]
    """Each side's score change over the hands played."""
    hands: int
    """Hands finished."""
    log: tuple[tuple[int, int], ...]
    """The current hand's `(seat, action id)` steps."""
    over: bool = False
    last: tuple[int, ...] = ()
    """Each side's score change from the last player action (empty: none); the deal's
    chance nodes keep it, so the next decision still sees it."""

    def __deepcopy__(self, memo: object) -> _Match:
        return self


def _first(rules: Rules, cap: int, dealer: int) -> _Match:
    zero = (0,) * rules.side_count
    return _Match(rules, cap, None, (), dealer, zero, zero, 0, ())


def _deal(match: _Match, card: int) -> _Match:
    deck = (*match.deck, card)
    if len(deck) < len(match.rules.pack_indices):
        return attrs.evolve(match, deck=deck)
    state = new_game(
        match.rules,
        seed=0,
        dealer=match.dealer,
        deck=[CARDS[i] for i in deck],
        scores=match.scores,
    )
    return attrs.evolve(match, position=Position(state), deck=())


def _act(match: _Match, action: int) -> _Match:
    assert match.position is not None
    state = match.position.state
    seat, before = state.to_act, len(state.history)
    assert seat is not None
    position = apply_id(match.position, action)
    after = position.state
    log = (*match.log, (seat, action))
    if len(after.history) == before:
        return attrs.evolve(match, position=position, log=log, last=())
    changes = after.history[-1].score_changes
    totals = tuple(a + b for a, b in zip(match.totals, changes, strict=True))
    hands = match.hands + 1
    if after.is_over or hands >= match.cap:
        return attrs.evolve(
            match,
            position=position,
            log=log,
            totals=totals,
            hands=hands,
            over=True,
            scores=after.scores,
            last=changes,
        )
    return attrs.evolve(
        match,
        position=None,
        deck=(),
        dealer=after.dealer,
        scores=after.scores,
        totals=totals,
        hands=hands,
        log=(),
        last=changes,
    )


class SetbackGame(pyspiel.Game):  # type: ignore[misc]
    """Setback for OpenSpiel: `pyspiel.load_game("python_setback", {...})` builds one."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_PARAMETERS, **(params or {})}
        self.rules = _rules_of(params)
        """The rules played, from the game's parameters."""
        rules = self.rules
        self.hands = int(params["hands"])
        """The most hands a game plays (the `hands` parameter): it ends sooner when a side
        wins."""
        self.first_dealer = int(params["dealer"])
        """The seat that deals the first hand (the `dealer` parameter)."""
        if self.hands < 1:
            raise RulesError(f"hands must be at least 1, not {self.hands}")
        if not 0 <= self.first_dealer < rules.players:
            raise RulesError(f"dealer must be a seat from 0 to {rules.players - 1}")
        per_hand = (  # a kitty's discard is one step per card; the call of a partner one
            2 * rules.players
            + 1
            + rules.players * (rules.deal + 1)
            + len(rules.pack_indices)
            + rules.kitty
            + rules.call_partner
        )
        # the most a hand changes a score: the top call, or under the difference a set
        # bid's points and bid (`Settlement.DIFFERENCE`, Cinch: up to 14 + 14)
        most = rules.max_bid
        if rules.settlement is Settlement.DIFFERENCE:
            most += rules.total_points
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=len(CARDS),
            num_players=rules.players,
            min_utility=-float(most * self.hands),
            max_utility=float(most * self.hands),
            utility_sum=None,
            max_game_length=per_hand * self.hands,
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self, *_: Any) -> SetbackState:
        """The start of the game: the first deal's chance nodes."""
        return SetbackState(self)

    def max_chance_nodes_in_history(self) -> int:
        """One chance node per card of each hand's deck."""
        return len(self.rules.pack_indices) * self.hands

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        """The observer of tensors and strings (OpenSpiel asks for it)."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return _Observer(
            self.rules, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        )


class SetbackState(pyspiel.State):  # type: ignore[misc]
    """A state of `python_setback`: chance nodes while the deck is dealt, then the seat to
    act chooses an id of `setback.rl.ACTIONS`."""

    def __init__(self, game: SetbackGame) -> None:
        super().__init__(game)
        self._match = _first(game.rules, game.hands, game.first_dealer)

    @property
    def position(self) -> Position | None:
        """The library's state and any discard in progress (None while dealing)."""
        return self._match.position

    def current_player(self) -> int:
        """The seat to act, `pyspiel.PlayerId.CHANCE` while dealing, or `TERMINAL`."""
        match = self._match
        if match.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if match.position is None:
            return int(pyspiel.PlayerId.CHANCE)
        to_act = match.position.state.to_act
        assert to_act is not None
        return to_act

    def _legal_actions(self, player: int) -> list[int]:
        assert self._match.position is not None
        return list(legal_ids(self._match.position))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not yet placed in the deck, each equally likely."""
        match = self._match
        placed = set(match.deck)
        rest = [i for i in match.rules.pack_indices if i not in placed]
        p = 1.0 / len(rest)
        return [(i, p) for i in sorted(rest)]

    def _apply_action(self, action: int) -> None:
        if self._match.position is None:
            self._match = _deal(self._match, int(action))
        else:
            self._match = _act(self._match, int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {CARDS[action]}"
        return ACTIONS[action]

    def is_terminal(self) -> bool:
        """Whether the game (or the match's last hand) is over."""
        return self._match.over

    def returns(self) -> list[float]:
        """Each player's side's score change over the hands played so far."""
        match = self._match
        side_of = match.rules.seat_sides
        return [float(match.totals[side_of[seat]]) for seat in range(match.rules.players)]

    def rewards(self) -> list[float]:
        """Each player's side's score change from the last player action (nonzero when it
        ended a hand; the next hand's chance nodes keep it)."""
        match = self._match
        if not match.last:
            return [0.0] * match.rules.players
        side_of = match.rules.seat_sides
        return [float(match.last[side_of[seat]]) for seat in range(match.rules.players)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SetbackState:
        """A state that `player_id` cannot tell from this one: the hidden cards (others'
        hands, the stock, others' face-down discards) placed at random, consistent with
        everything the seat saw (`setback.sample_states`)."""
        match = self._match
        clone: SetbackState = self.get_game().new_initial_state()
        if match.position is None or match.over:
            clone._match = match
            return clone
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        view = observe(match.position.state, player_id)
        sampled = _sample(view, rng)
        pending = match.position.pending
        if pending and match.position.state.to_act != player_id:
            pending = _guess_pending(sampled, pending.bit_count())
        clone._match = attrs.evolve(
            match,
            position=Position(sampled, pending),
            log=_relabel(match.log, player_id, sampled, pending),
        )
        return clone

    def __str__(self) -> str:
        match = self._match
        if match.position is None:
            dealt = " ".join(str(CARDS[i]) for i in match.deck)
            return f"hand {match.hands + 1}, dealer {match.dealer}, dealing: {dealt}"
        state = match.position.state
        if match.over and not state.is_over:  # the match's last hand is played: the library
            # has dealt the next one, which the match does not play, so it is not shown
            played = f"{match.hands} hand" + ("" if match.hands == 1 else "s")
            scores = " ".join(map(str, match.scores))
            return (
                f"{format_hand(state.history[-1], match.rules)}\n"
                f"match over after {played}: scores {scores}"
            )
        text = str(state)
        if match.position.pending:
            text += f"\ndiscard chosen: {_cards(match.position.pending)}"
        return text


def _cards(mask: int) -> str:
    return " ".join(map(str, cards_of(mask))) or "-"


def _sample(view: PlayerView, rng: random.Random) -> GameState:
    """One full state consistent with `view`: the library's uniform sampler of hidden cards."""
    return sample_states(view, rng, 1)[0]


def _guess_pending(state: Any, count: int) -> int:
    """Cards another seat may have chosen so far for its discard: `count` cards of one of
    its legal discards in the sampled world."""
    from ..actions import Discard
    from ..cards import mask_of
    from ..engine import legal_actions

    for action in legal_actions(state):
        cards = action.cards if isinstance(action, Discard) else ()
        if len(cards) > count:
            return mask_of(cards[:count])
    return 0


def _relabel(
    log: tuple[tuple[int, int], ...], player: int, state: Any, pending: int
) -> tuple[tuple[int, int], ...]:
    """The hand's steps with other seats' face-down discards replaced by the sampled ones."""
    chosen = {
        seat: iter([*state.discards[seat], *(cards_of(pending) if seat == state.to_act else ())])
        for seat in range(state.rules.players)
        if seat != player
    }
    out = []
    for seat, action in log:
        if seat != player and DISCARD_BASE <= action < DONE_ID:
            card = next(chosen[seat], None)
            if card is not None:
                action = DISCARD_BASE + card.index
        out.append((seat, action))
    return tuple(out)


class _Observer:
    """OpenSpiel's observer: the flat tensor of `setback.rl.observation_layout` (with
    `trick_of_card` for the information state) and its named views; the strings."""

    def __init__(self, rules: Rules, iig_obs_type: Any) -> None:
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("python_setback has no observation of every player's cards")
        self.rules = rules
        self.recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.public = bool(iig_obs_type.public_info)
        layout = observation_layout(rules, recall=self.recall)
        self.tensor = np.zeros(layout[-1].stop, np.float32)
        self.dict = {
            field.name: self.tensor[field.start : field.stop].reshape(field.shape)
            for field in layout
        }

    def set_from(self, state: SetbackState, player: int) -> None:
        match = state._match
        self.tensor.fill(0.0)
        if match.position is None:
            self.dict["seat"][player] = 1.0
            self.dict["dealer"][match.dealer] = 1.0
            target = float(self.rules.target)
            self.dict["scores"][:] = [max(-10.0, min(10.0, s / target)) for s in match.scores]
            return
        game_state = match.position.state
        pending = match.position.pending if game_state.to_act == player else 0
        self.tensor[:] = encode_observation(
            observe(game_state, player),
            pending,
            hand_over=match.over and not game_state.is_over,
            recall=self.recall,
            private=self.private,
        )

    def string_from(self, state: SetbackState, player: int) -> str:
        match = state._match
        head = f"p{player} hand {match.hands + 1} dealer {match.dealer} scores {match.scores}"
        if match.position is None:
            return f"{head} dealing {len(match.deck)}"
        game_state = match.position.state
        view = observe(game_state, player)
        parts = [head]
        if self.private:
            parts.append(f"hand {' '.join(map(str, view.hand)) or '-'}")
            if view.discards:
                parts.append(f"discarded {' '.join(map(str, view.discards))}")
            if game_state.to_act == player and match.position.pending:
                parts.append(f"chosen {_cards(match.position.pending)}")
        if self.recall:
            steps = [
                f"{seat}:discard ?"
                if seat != player and DISCARD_BASE <= action < DONE_ID
                else f"{seat}:{ACTIONS[action]}"
                for seat, action in match.log
            ]
            parts.append("log " + ",".join(steps))
        else:
            if view.trump is not None:
                parts.append(f"trump {view.trump.letter}")
            if view.pitcher is not None:
                parts.append(f"pitcher {view.pitcher} contract {view.contract}")
            if view.trick is not None:
                plays = " ".join(f"{s}:{c}" for s, c in view.trick.plays)
                parts.append(f"trick {view.trick.leader}> {plays}")
            parts.append(f"sizes {view.hand_sizes} tricks {len(view.tricks)}")
        if any(view.face_up_discards):
            parts.append("face up " + " ".join(map(str, sum(view.face_up_discards, ()))))
        if match.over:
            parts.append("over")
        elif game_state.phase is not Phase.GAME_OVER:
            parts.append(f"to act {game_state.to_act}")
        return " | ".join(parts)


pyspiel.register_game(GAME_TYPE, SetbackGame)
