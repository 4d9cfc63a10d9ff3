"""The rules of the game, by the module of the engine that holds each rule.

A rule module's tests are in `test_<module>.py`: `test_cards.py`, `test_rules.py`,
`test_trumps.py`, `test_points.py`, `test_dealing.py`, `test_bidding.py`,
`test_discarding.py`, `test_play.py`, `test_scoring.py` and `test_refusals.py` (every
refusal's code, params and words, reached from a real state). A §7 option whose rule
spans phases has one file of its own, named after the option: `test_call_partner.py`,
`test_cinch.py`, `test_dealer_free.py`, `test_discard_and_draw.py`, `test_hands_limit.py`,
`test_kitty.py`, `test_more_points.py`, `test_play_options.py`, `test_shoot.py`.

Only the rules are tested here, through the engine (`new_game`, `legal_actions`,
`apply_action`, the state and its `HandResult`). What seats see, the event log, JSON,
records, words, the bots, sampling, the kernel and the command line are tested in
`tests/` by that layer's name (`test_views.py`, `test_events.py`, ...), the §7 options
included."""
