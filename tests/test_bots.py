"""Bots: they play every preset and variant from views alone, deterministically."""

from __future__ import annotations

import random

import pytest

from setback import Phase, PlayerView, Rules, RulesError, Suit, apply_action, new_game, observe
from setback.bots import Bot, HeuristicBot, MonteCarloBot, RandomBot, play_game
from setback.bots.montecarlo import _voids, determinize

from .strategies import play_until

RULES = [
    Rules.setback(),
    Rules.six_player(),
    Rules.auction_pitch(players=3),
    Rules.cutthroat(players=5),
    Rules.setback(draw=True),
    Rules.setback(pitch_instead_of_bid=True),
    Rules.setback(no_trump_first_trick=True, low_to="holder"),
    Rules.cutthroat(players=2, all_pass="redeal"),
    Rules.ten_point(),
    Rules.ten_point(players=3),
    Rules.smear(),
    Rules.smear(players=6),
    Rules.joker_pitch(players=3),
]
MAKERS = {
    "random": lambda seed: RandomBot(seed=seed),
    "cautious": lambda seed: RandomBot(seed=seed, cautious=True),
    "heuristic": lambda seed: HeuristicBot(seed=seed),
    "montecarlo": lambda seed: MonteCarloBot(seed=seed, determinizations=4),
}


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.players}p")
@pytest.mark.parametrize("kind", list(MAKERS))
def test_every_bot_plays_every_preset_and_variant(rules: Rules, kind: str) -> None:
    bots = [MAKERS[kind](seat) for seat in range(rules.players)]
    assert all(isinstance(bot, Bot) for bot in bots)
    final = play_game(rules, bots, seed=11, max_hands=2)
    assert len(final.history) >= 1 or final.is_over


@pytest.mark.parametrize("kind", list(MAKERS))
def test_bots_are_deterministic_given_a_seed(kind: str) -> None:
    rules = Rules.setback(pitch_instead_of_bid=True)

    def run() -> object:
        return play_game(rules, [MAKERS[kind](s) for s in range(4)], seed=5, max_hands=2)

    assert run() == run()


class _Spy:
    """A bot that records what it is given."""

    def __init__(self) -> None:
        self.seen: list[object] = []
        self.inner = HeuristicBot(seed=1)

    def choose(self, view: PlayerView):  # type: ignore[no-untyped-def]
        self.seen.append(view)
        return self.inner.choose(view)


def test_bots_see_only_their_own_view() -> None:
    spy = _Spy()
    play_game(
        Rules.setback(), [spy, HeuristicBot(), HeuristicBot(), HeuristicBot()], seed=2, max_hands=1
    )
    assert spy.seen and all(isinstance(v, PlayerView) and v.seat == 0 for v in spy.seen)


def test_play_game_needs_a_bot_per_seat() -> None:
    with pytest.raises(RulesError, match="4 seats need 4 bots"):
        play_game(Rules.setback(), [HeuristicBot()], seed=1)


def test_heuristic_beats_cautious_random_players() -> None:
    """A small fixed sample (the full measurement is benchmarks/strength.py)."""
    wins = 0
    for game in range(20):
        heuristic = [HeuristicBot(seed=game * 4 + k) for k in range(2)]
        cautious = [RandomBot(seed=game * 4 + 2 + k, cautious=True) for k in range(2)]
        bots = [heuristic[0], cautious[0], heuristic[1], cautious[1]]
        final = play_game(Rules.setback(), bots, seed=game, dealer=game % 4, max_hands=500)
        wins += final.winner == 0
    assert wins >= 17


def test_cautious_random_passes_whenever_it_may() -> None:
    bot = RandomBot(seed=1, cautious=True)
    state = new_game(Rules.setback(), seed=1, dealer=3)
    assert str(bot.choose(observe(state, 0))) == "pass"
    for _ in range(3):
        state = apply_action(state, "pass")
    assert str(bot.choose(observe(state, 3))) == "bid 2"


@pytest.mark.parametrize("seed", range(12))
def test_determinized_deals_agree_with_the_view(seed: int) -> None:
    """MonteCarloBot's guesses keep the seat's own cards, the others' card counts, every
    card seen, and the voids shown in play."""
    rules = Rules.setback()
    rng = random.Random(seed)
    bots = [HeuristicBot(seed=s) for s in range(4)]
    state = new_game(rules, seed=seed)
    state = play_until(
        state,
        lambda s: s.phase is Phase.PLAY and len(s.tricks) >= 1 + seed % 4,
        lambda s: bots[s.to_act].choose(observe(s, s.to_act)),  # type: ignore[index,arg-type]
    )
    view = observe(state, state.to_act)  # type: ignore[arg-type]
    voids = _voids(view)
    for _ in range(10):
        guess = determinize(view, rng)
        assert guess.hands[view.seat] == view.hand
        assert tuple(len(h) for h in guess.hands) == view.hand_sizes
        assert guess.trick == view.trick and guess.tricks == view.tricks
        played = {c for t in view.tricks for c in t.cards}
        held = [c for h in guess.hands for c in h]
        assert len(set(held)) == len(held) and not played & set(held)
        for other, suits in enumerate(voids):
            if other != view.seat:
                assert not any(c.suit in suits for c in guess.hands[other])


def test_voids_are_read_from_third_suits_and_trump_leads_only() -> None:
    """Not following suit reveals nothing (trumping is allowed), a third suit does."""
    from .support import act, deal, play
    from .test_examples import S1_HANDS

    state = act(deal(Rules.setback(), S1_HANDS), "A 2, B pass, C pass, D pass")
    state = play(state, "A K♠ B A♠ C 6♠ D 2♠ → B; B 8♣ C K♣ D Q♣ A 10♣ → C")
    state = play(state, "C A♦ D 4♦ A 7♦ B 5♦ → C; C 9♥ D 5♥ A Q♥ B 2♥ → A")
    state = apply_action(state, "play 9D")
    state = apply_action(state, "play 3S")  # Ben trumps a diamond: no void shown
    assert _voids(observe(state, 2)) == [set(), set(), set(), set()]
    state = play(state, "C J♠ D 10♦ → C")
    state = apply_action(state, "play 3C")
    state = apply_action(state, "play 7H")  # Dan plays a heart to a club lead: void in clubs
    assert _voids(observe(state, 0)) == [set(), set(), set(), {Suit.CLUBS}]
