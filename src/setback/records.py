"""Game records: every action of a game, `replay`, and a readable text form of a hand."""

from __future__ import annotations

import attrs

from .engine import apply_action, new_game_as
from .errors import (
    IllegalActionError,
    InvalidNotationError,
    InvalidStateError,
    RecordError,
    RulesError,
    kind_error,
    shown,
)
from .rules import Rules
from .state import MAX_ACTIONS, GameRecord, GameState, HandResult

__all__ = ["format_hand", "game_record", "read_ptn", "replay", "write_ptn"]


def game_record(state: GameState) -> GameRecord:
    """The record of `state`'s game so far: how it began and every action since.

    Args:
        state: any game state.

    Returns:
        A `GameRecord` that `replay` turns back into `state`.

    Examples:
        >>> from setback import Rules, new_game, apply_action
        >>> state = apply_action(new_game(Rules.setback(), seed=3), "bid 2")
        >>> [str(action) for action in game_record(state).actions]
        ['bid 2']
    """
    if type(state) is not GameState:
        raise kind_error("game_record", "a GameState", state)
    return attrs.evolve(state.origin, actions=tuple(state.log))


_HAND_ACTIONS = 1_000
"""More actions than any one hand takes: a state may hold up to `MAX_ACTIONS` plus the
actions of the hand in progress."""


def replay(record: GameRecord) -> GameState:
    """The state that `record` leads to: `new_game` as it began, then every action.

    Args:
        record: a `GameRecord`, e.g. from `game_record` or `loads`.

    Returns:
        The identical state the record was made from.

    Raises:
        InvalidStateError: the record does not make a game: a bad start, or an
            action that was not legal when it came (named, with its number).
        TypeError: `record` is not a `GameRecord`, or one of its fields or actions is
            of the wrong kind.
    """
    if type(record) is not GameRecord:
        raise kind_error("replay", "a GameRecord", record)
    if len(record.actions) > MAX_ACTIONS + _HAND_ACTIONS:
        raise InvalidStateError(
            f"{len(record.actions)} actions: more than a game holds ({MAX_ACTIONS})"
        )
    try:
        state = new_game_as(record)
    except (InvalidNotationError, RulesError, InvalidStateError) as error:
        raise InvalidStateError(f"the game cannot begin: {error}") from error
    for number, action in enumerate(record.actions):
        try:
            state = apply_action(state, action)
        except (IllegalActionError, InvalidNotationError) as error:
            raise InvalidStateError(
                f"action {number} ({action}) cannot be replayed: {error}"
            ) from error
    return state


def _side_name(rules: Rules, side: int | None) -> str:
    if side is None:
        return "nobody"
    if type(side) is not int or not 0 <= side < len(rules.sides):
        raise InvalidStateError(f"no side {shown(side)} under these rules")
    seats = rules.sides[side]
    return f"seat {seats[0]}" if len(seats) == 1 else "seats " + "+".join(map(str, seats))


def format_hand(result: HandResult, rules: Rules) -> str:
    """A finished hand as readable text for logs, like a bridge hand record.

    Args:
        result: a finished hand, from `state.history`.
        rules: the game's rules (to name the sides).

    Returns:
        Several lines: the hand's number counted from 1 (`result.number + 1`), the
        deal, the auction, the kitty the pitcher took (where shown), the discards, every
        trick with its winner, the points and the score changes.

    Examples:
        >>> from setback import Rules, new_game, apply_action, legal_actions
        >>> state = new_game(Rules.setback(), seed=3)
        >>> while not state.history:
        ...     state = apply_action(state, legal_actions(state)[0])
        >>> print(format_hand(state.history[0], Rules.setback()).splitlines()[0])
        Hand 1: dealer seat 0, seat 0 bid 2, trump ♣

    Raises:
        TypeError: `result` is not a `HandResult` or `rules` not a `Rules` value.
        InvalidStateError: the hand was not played under `rules` (other seats or sides).
    """
    if type(result) is not HandResult:
        raise kind_error("format_hand", "a HandResult", result)
    if type(rules) is not Rules:
        raise kind_error("format_hand", "a Rules value", rules)
    if len(result.hands) != rules.players or len(result.card_points) != len(rules.sides):
        raise InvalidStateError(
            f"a hand of {len(result.hands)} seats and {len(result.card_points)} sides was not "
            f"played under these rules ({rules.players} seats, {len(rules.sides)} sides)"
        )
    if result.pitcher is None:
        head = f"Hand {result.number + 1}: dealer seat {result.dealer}, passed out"
    else:
        smudged = result.contract is not None and result.contract == rules.smudge_contract
        if smudged:
            call = "smudge"
        elif result.contract is not None and result.contract == rules.shoot_contract:
            call = "shoot"
        else:
            call = f"bid {result.contract}" if result.contract else "free"
        trump = result.trump.symbol if result.trump is not None else "none"
        head = (
            f"Hand {result.number + 1}: dealer seat {result.dealer}, "
            f"seat {result.pitcher} {call}, trump {trump}"
        )
        if result.called is not None:  # call your partner: the pairing, now public
            alone = result.partner in (None, result.pitcher)
            pairing = "alone" if alone else f"partner seat {result.partner}"
            head += f", called {result.called.symbol} ({pairing})"
    lines = [head]
    for seat, cards in enumerate(result.hands):
        lines.append(f"  seat {seat}: {' '.join(card.symbol for card in cards)}")
    lines.append("  auction: " + ", ".join(f"{seat} {action}" for seat, action in result.bids))
    if result.kitty and result.pitcher is not None:
        kitty = " ".join(card.symbol for card in result.kitty)
        lines.append(f"  seat {result.pitcher} took the kitty {kitty}")
    for seat, cards in enumerate(result.discards):
        if cards:
            lines.append(f"  seat {seat} discarded {' '.join(card.symbol for card in cards)}")
    for seat, cards in enumerate(result.face_up_discards):
        if cards:
            faces = " ".join(card.symbol for card in cards)
            lines.append(f"  seat {seat} discarded face up {faces}")
    for number, trick in enumerate(result.tricks, 1):
        plays = "  ".join(f"{seat} {card.symbol}" for seat, card in trick.plays)
        lines.append(f"  trick {number}: {plays}  -> {trick.winner}")
    if result.pitcher is not None:
        points = ", ".join(f"{name} {_side_name(rules, side)}" for name, side in result.awards)
        lines.append(f"  points: {points}; card points {'-'.join(map(str, result.card_points))}")
        outcome = "made" if result.made else "set"
        changes = " ".join(f"{change:+d}" for change in result.score_changes)
        lines.append(f"  {outcome}; score changes {changes}")
    return "\n".join(lines)


MAX_PTN = 1_000_000
"""The longest PTN text `read_ptn` reads, in characters: far more than a game's record."""


def read_ptn(text: str) -> GameRecord:
    """The game record of a Trickster Cards PTN text: the record players paste from the
    app (a PBN-like text of tags such as `[Deal "E:3.2.75.A2 ..."]`).

    The tags read: `Event`, `GameCode` (Pitch), `GameOptionsJson` (Trickster's Pitch
    options, read into `Rules`), `Seed` (setback's own: the seed of later deals, 0 if
    none), and for each hand `Dealer`, `GameScores` (the scores before the hand, one a
    seat), `Deal` (the dealer, then each hand clockwise from the dealer), `Undealt` (the
    stock, in order), `Auction` (the calls from the dealer's left: `Pass`, `2`, and the
    pitcher's bid with its trump, `3♥`), `Declarer` and `Contract` (`3♥`), `CardsAdded`
    and `CardsRemoved` (`S:HAH5`: what a seat took from the kitty or the stock and what
    it discarded), and `Play` (the first leader, then a line a trick, the cards of each
    seat in a fixed column clockwise from that leader, `-` for none). Other tags (the
    players' names, dates) are skipped. Seats are Trickster's compass points clockwise
    from South: S, W, N, E are setback's seats 0, 1, 2, 3 (S, N with two players; S, W, E
    with three; S, SW, NW, NE, SE with five; S, SW, NW, N, NE, SE with six).

    The options are those of Trickster's Pitch games: `variation` (`FourPoint` to
    `ThirteenPoint`, or its number), `players`, `isPartnership`, `isTwoTeams`,
    `gameOverScore`, `minBid`, `lowGoesToTaker`, `playTrump`, `drawOption`, `deck`,
    `stickTheDealer`, `dealerMaySteal`, `offerShootBid`, `shootAllTricks`, `kitty`,
    `tenOfTrumpReplacesGamePoint`, `pitcherLeadsTrump`, `setOpponentsAndWin` (false
    only), `gameCode`; the table's `noWatching`, `noSuggestions` and `noChat`, and keys
    beginning with `_`, are skipped. An option left out keeps the value of
    `Rules.trickster(points, players)`.

    A hand without an `Auction` is bid by its `Declarer` at the `Contract`, every other
    seat passing (a record of the play alone). A record may stop anywhere in its last
    hand (the first tricks of a hand): the record then holds the actions up to there.
    (`CardsRemoved` gives a seat's discarded cards together, so a record that stops where
    a seat that has discarded, as the pitcher after the kitty, is to discard again reads
    with that discard made, and empty.) The first hand's cards become the record's
    `hands` or `deck` (`deck` when the `Undealt` order or the cards drawn need it);
    every later hand must be the one the seed deals, as `write_ptn` writes them.

    Args:
        text: the PTN text.

    Returns:
        A `GameRecord` that `replay` turns into the game as far as the text goes.

    Examples:
        >>> record = read_ptn('''
        ... [GameOptionsJson "{\\"lowGoesToTaker\\":true}"]
        ... [Deal "E:3.2.75.A2 Q.3.8.543 K.AQ74..J T2.5.A9.7"]
        ... [Auction "S"]
        ... 2 3♥ Pass Pass
        ... [Play "W"]
        ... HA H5 H2 H3
        ... ''')
        >>> [str(action) for action in record.actions][:6]
        ['bid 2', 'bid 3', 'pass', 'pass', 'trump H', 'play AH']

    Raises:
        RecordError: the text is no PTN (a line that is no tag, a card, seat, call or
            hand that cannot be read, a tag twice in a hand, no `Deal`, a second game,
            options that are no JSON object, a text longer than `MAX_PTN`), or it does
            not replay: a call, discard or card that is not legal where it comes (the
            error's `hand`, `trick` and `card` say which, and so does its message), a
            `Declarer`, `Contract`, `GameScores` or `CardsAdded` that the replay
            contradicts, a hand not given (`-`), a later hand the seed does not deal.
            A `RecordError` is an `InvalidStateError`.
        RulesError: an option setback does not play, or a `GameCode` other than Pitch
            (the message names it).
        TypeError: `text` is not a `str`.
    """
    if type(text) is not str:
        raise kind_error("read_ptn", "a PTN text (str)", text)
    if len(text) > MAX_PTN:
        raise RecordError(f"a PTN text of {len(text)} characters: at most {MAX_PTN}")
    from ._ptn import read  # on first use: the Play page's wheel leaves PTN out

    return read(text)


def write_ptn(record: GameRecord) -> str:
    """The PTN text of a game record: the tags `read_ptn` reads, every hand of the game.

    Written: `Event`, `GameCode`, `GameOptionsJson` (every option), `Seed`, and for each
    hand `Dealer`, `GameScores` (unless the first hand starts from no score sheet),
    `Deal`, `Undealt`, `Declarer` and `Contract` (once trump is named), `Auction`,
    `CardsAdded` and `CardsRemoved` (where cards were taken or discarded) and `Play`.

    `read_ptn(write_ptn(record)) == record` when the first hand was dealt from the seed,
    or given as `hands` sorted as `GameState.hands` sorts them; a first hand given as a
    `deck` comes back as the same deal (a `deck` of the same hands and stock).

    Args:
        record: a `GameRecord` under the rules of one of Trickster's Pitch games
            (`Rules.trickster`, with the options Trickster has).

    Returns:
        The PTN text, one tag a line, ending with a newline.

    Raises:
        RulesError: the rules are no Trickster game (the message names the first option
            that Trickster has not), or call your partner, which PTN does not show.
        InvalidStateError: the record does not replay (see `replay`).
        TypeError: `record` is not a `GameRecord`.
    """
    if type(record) is not GameRecord:
        raise kind_error("write_ptn", "a GameRecord", record)
    replay(record)
    from ._ptn import write  # on first use: the Play page's wheel leaves PTN out

    return write(record)
