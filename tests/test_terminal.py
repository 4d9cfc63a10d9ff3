"""`setback play` as a person uses it: scripted sessions in a pseudo-terminal (pexpect) that
play a whole hand in each language, and whole games in-process that check every screen
for English left untranslated, the notes, the choices' letters and the summaries."""

from __future__ import annotations

import io
import os
import re
import signal
import sys

import pexpect
import pytest

from setback import (
    DrawOrder,
    GameState,
    IllegalActionError,
    PlayTrump,
    Point,
    Rules,
    TrumpBy,
    apply_action,
    new_game,
    observe,
)
from setback.bots import HeuristicBot
from setback.cli import main
from setback.terminal import TerminalGame, language_of, rules_lines
from setback.text import LANGUAGES, translation

from . import support
from .support import TEN_FIVE, english_left, trickster_4, y1_declared

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _session(lang: str, *args: str, columns: int = 200) -> pexpect.spawn:
    env = {
        **os.environ,
        "LC_ALL": "",
        "LC_MESSAGES": "",
        "LANG": "C.UTF-8",
        "COLUMNS": str(columns),
    }
    return pexpect.spawn(
        sys.executable,
        ["-m", "setback", "play", "--lang", lang, *args],
        encoding="utf-8",
        env=env,
        timeout=30,
        dimensions=(50, columns),
        preexec_fn=_as_a_shell_starts_it,
    )


def _as_a_shell_starts_it() -> None:
    """In the child, before `setback` starts: Ctrl-C as a shell leaves it to a program it
    starts, neither ignored nor blocked. A test worker may have SIGINT blocked or ignored
    (the full suite under xdist did: the game then never heard the ^C), and a child
    inherits both across exec."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_whole_hand_in_a_pseudo_terminal(lang: str) -> None:
    """Answer the bots' level with a bare Enter (medium, in the header), then type the first
    choice at every prompt until the first hand's summary, then quit."""
    _ = translation(lang).gettext
    over = _("Hand {number} over.").format(number=1)
    child = _session(lang, "--seed", "3")
    child.expect_exact(_("The bots' level: {levels}? [{default}] ").split("{")[0])
    child.sendline("")
    medium = translation(lang).pgettext("level", "medium")
    child.expect_exact(_("Level of the bots: {level}.").format(level=medium))
    prompts = 0
    while True:
        seen = child.expect_exact(["> ", over])
        if seen == 1:
            break
        prompts += 1
        child.sendline("a")
        assert prompts < 40
    child.expect_exact("> ")
    child.sendline(_("quit"))
    child.expect_exact(_("Bye."))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert prompts >= 6  # a bid and six cards at least (seed 3: seat 0 plays every trick)


@pytest.mark.parametrize("columns", [80, 120])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_line_fits_the_terminal_so_no_word_is_split(lang: str, columns: int) -> None:
    """Issue 40, item 4: at 80 and 120 columns the terminal broke words (`Passen alle and`
    / `eren`, `Platz 1 p` / `assen`). Every line is now wrapped to the terminal's width
    between words: help, the rules, a hand's screens and its summary."""
    _ = translation(lang).gettext
    over = _("Hand {number} over.").format(number=1)
    child = _session(lang, "--seed", "3", columns=columns)
    seen = io.StringIO()
    child.logfile_read = seen
    child.expect_exact(_("The bots' level: {levels}? [{default}] ").split("{")[0])
    child.sendline("")  # the level: medium
    child.expect_exact("> ")
    for command in (_("help"), _("rules")):
        child.sendline(command)
        child.expect_exact("> ")
    for _turn in range(40):  # the first choice at every prompt, to the hand's summary
        child.sendline("a")
        if child.expect_exact(["> ", over]) == 1:
            break
    child.expect_exact("> ")
    child.sendline(_("quit"))
    child.expect(pexpect.EOF)
    lines = ANSI.sub("", seen.getvalue()).replace("\r\n", "\n").split("\n")
    assert max(map(len, lines)) <= columns
    assert sum(len(line) > 60 for line in lines) > 10  # long lines were wrapped, not absent
    words = set(" ".join(lines).split())
    for word in ("anderen", "passen", "others", "Dealer"):  # whole, where the text has them
        assert not {word[:3], word[3:]} <= words or word in words


def test_a_line_is_wrapped_between_words_and_continues_indented() -> None:
    from setback.terminal import wrapped

    text = "  Note: the pitcher's first card names trump: ♠ (spades) is trump."
    assert wrapped(text, 30) == (
        "  Note: the pitcher's first\n    card names trump: ♠\n    (spades) is trump."
    )
    assert wrapped(text, None) == text and wrapped("short\n  two", 10) == "short\n  two"
    assert wrapped("a verylongwordthatdoesnotfit here", 12) == (
        "a\n  verylongwordthatdoesnotfit\n  here"
    )


def test_ctrl_c_in_a_pseudo_terminal_says_the_game_is_lost() -> None:
    child = _session("en", "--seed", "3", "--bot", "easy")
    child.expect_exact("Level of the bots: easy.")
    child.expect_exact("> ")
    child.sendcontrol("c")
    child.expect_exact("This game was not saved and is lost (setback play --save FILE")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


@pytest.mark.parametrize(
    ("lang", "answer"),
    [("en", "q"), ("en", "quit"), ("en", "QUIT"), ("de", "ende"), ("en", None)],
    ids=["q", "quit", "QUIT", "de", "ctrl-d"],
)
def test_leaving_at_the_level_prompt_ends_cleanly(lang: str, answer: str | None) -> None:
    """q, quit (or its word in the game's language), or Ctrl-D at the bots' level prompt
    leave at once: a goodbye, no game begun, no traceback, exit status 0."""
    _ = translation(lang).gettext
    child = _session(lang, "--seed", "3")
    seen = io.StringIO()
    child.logfile_read = seen
    child.expect_exact(_("The bots' level: {levels}? [{default}] ").split("{")[0])
    if answer is None:
        child.sendeof()
    else:
        child.sendline(answer)
    child.expect_exact(_("Bye."))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    screen = seen.getvalue()
    assert "Traceback" not in screen
    opening = _(
        "setback: you are seat {seat}; seed {seed}. A letter picks a choice, a number "
        "bids; or type an action or a card. 'help' lists them, 'rules' tells the "
        "rules, 'quit' leaves."
    )
    assert opening.split("{")[0] not in screen  # no game began


class _Person:
    """Standard input that answers what the screen asks: `first` lines, then the first
    choice (`a`) at every prompt, or the example the screen gives where there are too many
    choices to letter."""

    def __init__(self, first: list[str], screen: io.StringIO, lang: str) -> None:
        self.lines = list(first)
        self.screen = screen
        self.example = (
            translation(lang)
            .gettext("Your turn: {phase}. Type the action, e.g. {example}")
            .split("{example}")[0]
            .split("}")[-1]
        )
        self.answers = 0

    def readline(self) -> str:
        self.answers += 1
        if self.answers > 3000:
            return ""
        if self.lines:
            return self.lines.pop(0) + "\n"
        for last in self.screen.getvalue().rsplit("\n", 3)[-3:-1]:  # the keep form may follow
            if self.example in last:
                return last.split(self.example)[-1] + "\n"
        return "a\n"


def _game(monkeypatch: pytest.MonkeyPatch, lines: list[str], *args: str) -> str:
    out = io.StringIO()
    lang = args[args.index("--lang") + 1] if "--lang" in args else "en"
    monkeypatch.setattr("sys.stdin", _Person(lines, out, lang))
    monkeypatch.setattr("sys.stdout", out)
    assert main(["play", *args]) == 0
    return out.getvalue()


PRESETS = (
    "setback",
    "ten-point",
    "smear",
    "auction-pitch",
    "six",
    "trickster-6",
    "trickster-13",
    "cinch",
    "pedro-sancho",
    "dom-pedro",
)
COMMANDS = ["help", "rules", "z", "7", "zz top"]
"""Typed once, at the first prompt: every kind of answer the game explains."""


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
@pytest.mark.parametrize("preset", PRESETS)
def test_a_whole_game_shows_no_english(
    monkeypatch: pytest.MonkeyPatch, lang: str, preset: str
) -> None:
    """A whole game (a short one) of `setback play --lang LANG`, with help, the rules, a
    wrong letter, a number out of the auction and words that are no action: no catalog
    message is shown in English where the language says it otherwise."""
    out = _game(
        monkeypatch,
        COMMANDS,
        "--lang",
        lang,
        "--seed",
        "5",
        "--target",
        "4",
        "--rules",
        preset,
    )
    assert translation(lang).gettext("Game over: {side} won. Scores: {scores}.")[:8] in out
    assert english_left(lang, out) == set()
    if lang == "fr":  # French spacing: a space before every colon and semicolon
        assert re.findall(r".{0,20}\S[:;](?:\s|$)", out, re.MULTILINE) == []


def test_the_english_catalog_check_finds_english() -> None:
    """The check above is not blind: an English screen is English to it."""
    out = "Hand 1 over.\nYour hand: ♠ K\n"
    assert {"Your hand", "over"} & english_left("de", out)
    # a name the language keeps in English is no leftover, but its English words alone are
    assert english_left("sv", "Off-three: AC") == set()
    assert english_left("sv", "the three of spades") == {"three", "spades"}


def test_a_bare_number_bids_and_letters_choose(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23: '3' picked choice 3 (which was "bid 4"); now a number is a bid, a letter a
    choice."""
    out = _game(monkeypatch, ["3", "quit"], "--seed", "3")
    assert "  a. pass\n  b. bid 3\n  c. bid 4\n  d. smudge\n> " in out  # 3 was "bid 4"
    assert "Contract: you bid 3." in out


def test_the_rules_command_summarises_the_rules_in_force() -> None:
    lines = rules_lines(Rules.setback())
    assert (
        lines[0]
        == "4 players in 2 partnerships, partners opposite; the first to 21 wins (see Winning)."
    )
    assert "Trump: the pitcher leads first, and that card's suit is trump." in lines
    assert "Points: High 1, Low 1, Jack 1, Game 1. Low goes to whoever wins it in a trick." in lines
    ten = rules_lines(Rules.ten_point())
    assert "Trump: the pitcher names it before leading." in ten
    assert any(line.startswith("Play: only trumps may be led or played") for line in ten)
    assert "Trey 3" in " ".join(ten)
    assert rules_lines(Rules.setback(), "de")[0] == (
        "4 Spieler in 2 Teams, Partner gegenüber; wer zuerst 21 erreicht, gewinnt (siehe Sieg)."
    )


def test_the_rules_command_says_must_follow_suit_and_the_first_lead() -> None:
    """Under `PlayTrump.WHEN_VOID` the play line says you must follow suit; with
    `pitcher_leads_trump` the trump line says the first lead is a trump."""
    lines = rules_lines(Rules.setback(play_trump=PlayTrump.WHEN_VOID))
    assert (
        "Play: you must follow the suit led, and may trump only when you hold none of it; to a "
        "trump lead play a trump if you hold one; with none of the suit led, play anything. "
        "The highest trump wins, else the highest card of the suit led."
    ) in lines
    assert not any("you may trump even when" in line for line in lines)
    declared = rules_lines(Rules.setback(trump_by=TrumpBy.DECLARE, pitcher_leads_trump=True))
    assert (
        "Trump: the pitcher names it before leading, and his first lead must be a trump if he "
        "holds one."
    ) in declared
    german = rules_lines(Rules.setback(play_trump=PlayTrump.WHEN_VOID), "de")
    assert any(
        line.startswith("Stichspiel: du musst die ausgespielte Farbe bedienen") for line in german
    )


def test_the_locale_of_the_environment_picks_the_language() -> None:
    assert language_of({"LANG": "de_DE.UTF-8"}) == "de"
    assert language_of({"LC_ALL": "sv_SE.UTF-8", "LANG": "de_DE.UTF-8"}) == "sv"
    assert language_of({"LC_MESSAGES": "fr_FR", "LANG": "de_DE"}) == "fr"
    assert language_of({"LC_ALL": "", "LANG": "fr_CA.UTF-8@euro"}) == "fr"
    assert language_of({"LANG": "C.UTF-8"}) == "en"
    assert language_of({"LANG": "es_ES.UTF-8"}) == "en"
    assert language_of({}) == "en"


def test_play_without_lang_speaks_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    out = _game(monkeypatch, ["quit"], "--seed", "3")
    assert "Din hand: " in out and "Hej då." in out


def _lines(out: str, start: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith(start)]


def test_notes_say_once_why_a_rule_decided(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23: the game never said that the first lead names trump, why a side past the
    target plays on, or why the game ended."""
    out = _game(monkeypatch, [], "--seed", "5", "--target", "5")
    notes = _lines(out, "  Note: ")
    assert notes == [
        "  Note: the pitcher's first card names trump: ♦ (diamonds) is trump.",
        "  Note: you & seat 2 passed 5 (6) without winning: only the pitcher's side wins, at "
        "the end of a hand in which it made its bid.",
    ]
    game_over = out.index("Game over: seat 1 & seat 3 won.")
    assert out[game_over:].splitlines()[1] == (
        "  Why: seat 1 & seat 3 made their bid and reached 5: only the pitcher's side wins, "
        "in a hand in which it made its bid, whatever the others' score."
    )


def test_a_card_is_refused_in_one_sentence_however_it_is_typed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 23: a bare card got "not one of your choices now" with no rule, `play 4d` the
    rule, and a card not held the same words as an illegal one."""
    # seed 3: seat 0 leads after bidding 3; K♥ is not in its hand
    out = _game(monkeypatch, ["3", "KH", "play kh", "K♥", "quit"], "--seed", "3")
    refusals = [line for line in out.splitlines() if "not allowed" in line]
    assert refusals == [">   play K♥ is not allowed: you do not hold K♥"] * 3  # issue 40: "you"
    # a card held but not allowed: seat 2 must follow the trump led (♣), and holds K♦
    state = new_game(Rules.setback(), seed=7)
    for action in ("bid 2", "pass", "pass", "pass", "play 2C"):
        state = apply_action(state, action)
    game = TerminalGame(state, {}, 2, lambda: "", io.StringIO())
    view = observe(state, 2)
    said = set()
    for typed in ("K♦", "kd", "play KD", "PLAY k♦"):
        with pytest.raises(IllegalActionError) as caught:
            game.interpret(view, game.show(view), typed)
        said.add(str(caught.value))
    assert said == {
        "play KD by seat 2 is illegal: trump (♣) was led: a player holding a trump must play "
        "one; play one of 5♣ Q♣ A♣"
    }


def test_the_choices_are_listed_in_the_order_of_the_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    out = _game(monkeypatch, ["3", "quit"], "--seed", "3")
    hand = out.split("Contract: you bid 3.\n")[1].splitlines()[0]
    assert hand == "Your hand: ♠ 10 2   ♥ Q 6   ♣ 8 2"
    choices = out.split("Your turn: Play. Choices:\n")[1].splitlines()[:6]
    assert choices == [
        "  a. play 10♠",
        "  b. play 2♠",
        "  c. play Q♥",
        "  d. play 6♥",
        "  e. play 8♣",
        "  f. play 2♣",
    ]


def test_tricks_and_card_points_won_so_far_are_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    out = _game(monkeypatch, ["3", "a", "a", "quit"], "--seed", "3")
    assert _lines(out, "Won so far: ") == [
        "Won so far: you & seat 2: 0 tricks, 0 card points | seat 1 & seat 3: 1 trick, 13 card "
        "points",
        "Won so far: you & seat 2: 1 trick, 1 card point | seat 1 & seat 3: 1 trick, 13 card "
        "points",
    ]


def test_ten_point_marks_dead_cards_aligns_the_summary_and_draws_in_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ten-point Pitch: the draw back's log in the order it happens (the pitcher takes the
    stock, then discards; the others discard, then draw), the cards that are not trumps
    marked dead, and a summary whose point values line up under long names."""
    out = _game(monkeypatch, [], "--seed", "1", "--rules", "ten-point", "--target", "5")
    draws = out.split("Hand 1 over.")[0]
    assert "  you discarded 7 face down (9♣ Q♣ 2♦ 9♦ 2♥ 4♥ 8♥) and drew 4: 4♦ 10♦ 7♥ 5♠" in draws
    assert "  seat 3 took the rest of the stock (6 cards) and discarded 10 face down" in draws
    assert "Your hand: ♠ J 7 5   (dead, not trumps: ♥ 7   ♦ 10 4)" in draws
    summary = out.split("Hand 1 over.\n")[1].splitlines()
    rows = [line for line in summary if re.match(r"  [A-Z][a-z -]+ +\+\d+  ", line)]
    assert [row.split("  ")[1].strip() for row in rows] == [
        "High",
        "Low",
        "Jack",
        "Off-jack",
        "Big joker",
        "Little joker",
        "Game",
        "Trey",
    ]
    assert len({row.index("+") for row in rows}) == 1  # one column, after "Little joker"
    assert [row.split("+")[1].split()[0] for row in rows] == ["1"] * 7 + ["3"]


def test_a_seat_count_the_preset_cannot_have_is_answered_with_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 23: `--players 7` answered with a Python call (Rules.cutthroat(players=7))."""
    assert main(["play", "--players", "7"]) == 2
    assert capsys.readouterr().err == (
        "setback: --rules setback takes --players 4 or 6 (without --players: 4); for 7 "
        "players each for himself: --rules cutthroat --players 7\n"
    )
    assert main(["play", "--rules", "ten-point", "--players", "9"]) == 2
    assert capsys.readouterr().err == (
        "setback: --rules ten-point takes --players 2 to 6 (without --players: 4)\n"
    )


def test_actions_are_typed_in_the_screens_language(monkeypatch: pytest.MonkeyPatch) -> None:
    out = _game(monkeypatch, ["bieten 3", "spielen 10♠", "ende"], "--seed", "3", "--lang", "de")
    assert "Kontrakt: du, Gebot 3." in out
    assert "  Stich 1 an Platz 1: 10♠ K♠ 2♦ 6♠" in out and out.rstrip().endswith("Tschüss.")
    out = _game(monkeypatch, ["bud 3", "sluta"], "--seed", "3", "--lang", "sv")
    assert "Kontrakt: du, bud 3." in out and out.rstrip().endswith("Hej då.")


def test_rules_summary_says_where_the_draw_back_begins() -> None:
    """The `rules` command names the pitcher's left when the draw back begins there
    (`DrawOrder.PITCHER_LEFT`), in every language, and says nothing of it otherwise."""
    left = Rules.ten_point(draw_order=DrawOrder.PITCHER_LEFT)
    words = {
        "en": "The draw back starts at the pitcher's left.",
        "de": "Das Abwerfen und Nachziehen beginnt links vom Spielmacher.",
        "sv": "Kastandet och dragandet börjar till vänster om pitchern.",
        "fr": "L'écart et la pioche commencent à gauche du pitcher.",
    }
    for lang, sentence in words.items():
        assert sentence in " ".join(rules_lines(left, lang)), lang
        assert sentence not in " ".join(rules_lines(Rules.ten_point(), lang)), lang


@pytest.mark.parametrize("lang", ["en", "de", "sv", "fr"])
def test_the_kitty_is_told_to_the_pitcher_with_its_cards_and_to_the_others_as_a_count(
    lang: str,
) -> None:
    """RULES §7.7.1: a seat at the table reads that the pitcher took the kitty (its cards
    only when it is the pitcher's own line), and the rules summary names the kitty."""
    from setback import apply_action, events, new_game, parse_cards

    deck = parse_cards(
        "KH QH 7H AS KS 2C QS JS 10C JH 5H KD 9C 4C 3D 5D 6D 8S JC 9D 7D QD 2S 3S AH 10H 3C 5C "
        "6C 7C 8C QC KC AC 2D 4D 8D 10D JD AD 2H 3H 4H 6H 8H 9H 4S 5S 6S 7S 9S 10S"
    )
    rules = Rules.trickster(4, kitty=2)
    state = new_game(rules, deck=deck, dealer=3, seed=1)
    for action in ("bid 2", "pass", "pass", "pass", "trump H", "discard 4C 3D"):
        state = apply_action(state, action)
    said = {}
    for seat in (0, 1):
        game = TerminalGame(
            new_game(rules, deck=deck, dealer=3, seed=1),
            {},
            seat,
            lambda: "",
            io.StringIO(),
            lang=lang,
        )
        picked = next(e for e in events(state, seat) if type(e).__name__ == "Discarded")
        said[seat] = game.discarded(picked)  # type: ignore[arg-type]
    english = {0: "  you took the kitty (2 cards: 10♥ A♥)", 1: "  seat 0 took the kitty (2 cards)"}
    if lang == "en":
        assert said == english
    else:
        assert said[0] != english[0] and "10♥ A♥" in said[0] and "2" in said[1]
        assert "♥" not in said[1]
    summary = " ".join(rules_lines(rules, lang))
    assert "2" in summary and summary != " ".join(rules_lines(Rules.trickster(4), lang))


# --- the rules summary ------------------------------------------------------------------


def test_setback_play_tells_the_call_and_takes_it() -> None:
    from setback.terminal import rules_lines, verbs

    assert "call CARD" in verbs(TEN_FIVE)
    assert any(
        line.startswith("Call your partner: after naming trump") for line in rules_lines(TEN_FIVE)
    )
    assert any(line.startswith("Partner rufen:") for line in rules_lines(TEN_FIVE, "de"))


def test_setback_play_names_the_shoot_in_its_rules_summary() -> None:
    """`setback play`'s rules summary says the shoot is a call and what makes it, in every
    language."""
    from setback.terminal import rules_lines

    lines = [rules_lines(trickster_4(), lang=lang) for lang in ("en", "de", "sv", "fr")]
    assert "made only by winning every point." in " ".join(lines[0])
    assert "gewonnen nur mit jedem Punkt." in " ".join(lines[1])
    assert any("every trick." in line for line in rules_lines(trickster_4(shoot="all_tricks")))
    assert all("shoot" not in line for line in rules_lines(Rules.trickster(4)))


def test_the_rules_summary_names_the_off_cards_the_pack_and_the_settlement() -> None:
    """The `rules` command's summary says which off cards are trumps, the short pack's
    size and the difference settlement."""
    from setback.terminal import rules_lines

    rules = Rules(off_ace=True, off_five=True, settlement="difference", pack_ranks="five_up")
    lines = rules_lines(rules)
    assert "Deal: 6 cards each, in packets of three. The pack has 40 cards." in lines
    assert (
        "Trumps also: Off-ace, Off-five (the card of that rank in the other suit of trump's "
        "colour)." in lines
    )
    assert any(line.startswith("Scoring: only one side scores a hand.") for line in lines)
    assert not any("Trumps also" in line for line in rules_lines(Rules()))


def test_the_rules_summary_names_the_jokers_and_game_only_where_they_are() -> None:
    """`setback play`'s rules summary: Dom Pedro's joker is the lowest trump, beating every
    plain card; two jokers rank below the jacks; the Game line only where Game is a point
    (Pedro's Ten is no Game by card points)."""
    from setback.terminal import rules_lines

    dom = rules_lines(Rules.dom_pedro())
    assert (
        "Trumps also: the joker, the lowest trump (below the 2): it beats every card of a "
        "plain suit, and any other trump beats it."
    ) in dom
    assert not any(line.startswith("Game:") for line in dom)
    assert "Trumps also: the big and the little joker, below the jacks." in rules_lines(
        Rules.ten_point()
    )
    assert "Trumps also: the joker, below the jacks." in rules_lines(Rules.trickster(6))
    assert any(line.startswith("Game:") for line in rules_lines(Rules()))


# --- issue 40: the keep form, and what the German screen said -----------------------------


def _session_at(state: GameState, seat: int, lines: list[str], lang: str = "en") -> str:
    """A `setback play` screen from `state`, the person at `seat` typing `lines` (then
    leaving), the other seats heuristic bots."""
    typed = iter([*lines, "quit"])
    out = io.StringIO()
    bots = {s: HeuristicBot() for s in range(state.rules.players) if s != seat}
    game = TerminalGame(state, bots, seat, lambda: next(typed) + "\n", out, lang=lang)  # type: ignore[arg-type]
    game.run()
    return out.getvalue()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_robbing_dealer_types_the_cards_he_keeps(lang: str) -> None:
    """Issue 40, item 7 (RULES §7.9 Y1): Cinch's dealer holds 17 cards and throws 11.
    The screen offers `keep CARDS`; `keep J♠ 2♦` (his trumps are kept by rule, and the
    hint says so) throws the other 11, face down; `keep J♠` alone is refused with how many
    more to name."""
    _ = translation(lang).gettext
    keep = _("keep {cards}").split()[0]
    out = _session_at(y1_declared(), 3, [f"{keep} J♠", f"{keep} J♠ 2♦"], lang)
    # issue 50: "keep J♠ 10♠" read as keeping two cards; the hint names the trumps kept
    # anyway and how many are kept in all
    hint = _(
        "  Or name the cards you keep besides your trumps {cards}, which stay in your hand "
        "anyway ({count} cards kept in all); the others are discarded: {example}"
    )
    example = _("keep {cards}").format(cards="J♠ 10♠")
    assert hint.format(cards="Q♥ 7♥ 6♥ 4♥", count=6, example=example) in out
    refused = (
        _("{action} is not allowed: {reason}")
        .split("{reason}")[0]
        .format(action=_("keep {cards}").format(cards="J♠"))
    )
    assert refused in out
    thrown = _("you discarded {count} face down: {cards}").format(
        count=11, cards="5♣ 8♣ 10♣ J♣ 3♦ 7♦ 9♦ K♦ 2♠ 6♠ 10♠"
    )
    assert thrown in out
    assert english_left(lang, out) == set() if lang != "en" else "keep CARDS" not in out


def test_a_short_discard_offers_no_keep_form(monkeypatch: pytest.MonkeyPatch) -> None:
    """Six players discard 2 of 8 (28 choices, typed): the keep form is offered; the draw's
    discards of a card or two (lettered) are not long."""
    out = _game(
        monkeypatch, ["pass", "quit"], "--seed", "1", "--rules", "setback", "--players", "6"
    )
    assert "Or name the cards you keep" not in out.split("Your turn: Bidding")[0]


def test_the_german_screen_words_bids_refusals_and_help_as_a_german_player_reads_them() -> None:
    """Issue 40, item 6: `0` got English advice about leading zeros; `spielen` a list of
    English words naming actions Cinch lacks; errors said "Platz 0" for "du"; the auction
    said "du bieten 3"; the rob "den Stapel geraubt"; `hilfe` promised letters a to z
    where no choice has a letter."""
    state = new_game(Rules.cinch(), seed=2, dealer=3)
    out = _session_at(state, 0, ["0", "03", "spielen"], "de")
    assert ">   0 ist kein Gebot: die Gebote gehen von 1 bis 14\n" in out
    assert "bid" not in out and "Nullen" not in out
    assert "Gebote: du: bieten 3, Platz 1: passen" in out  # `03` bids 3; not "du bieten 3"
    said = _lines(out, ">   nicht verstanden: 'spielen'")[0]
    assert "smudge" not in said.lower() and "pitch" not in said and "play" not in said
    assert english_left("de", said) == set() and "spielen KARTE" in said
    # a card not held, in the player's words
    held = new_game(Rules.setback(), seed=3)
    out = _session_at(held, 0, ["3", "K♥"], "de")
    assert "spielen K♥ ist nicht erlaubt: du hast K♥ nicht" in out
    assert "Platz 0" not in out.split("\n", 1)[1]  # but in "du bist Platz 0" at the start
    rob = _session_at(y1_declared(), 3, ["hilfe", "behalten J♠ 2♦"], "de")
    assert "geraubt" not in rob and "a bis z" not in rob
    assert "Für Buchstaben gibt es zu viele Möglichkeiten" in rob


def _summary(state: GameState, seat: int, lang: str = "en") -> list[str]:
    """The summary `setback play` shows `seat` of the last finished hand."""
    game = TerminalGame(state, {}, seat, lambda: "", io.StringIO(), lang=lang)
    game.summary(state.history[-1], state.scores)
    return game.out.getvalue().splitlines()  # type: ignore[attr-defined]


def test_card_points_are_shown_only_where_game_is_a_point() -> None:
    """Issue 40, item 8: Cinch and Trickster 7 to 13 play no Game, so card points score
    nothing there: neither the summary nor the running count shows them (RULES §7.8.3)."""
    cinch = support.y1_played()
    assert cinch.history and Point.GAME not in cinch.rules.points
    lines = _summary(cinch, 0)
    assert not any("card points" in line for line in lines)
    assert "  changes: you & seat 2: +4 | seat 1 & seat 3: +0" in lines
    s1 = support.play(
        support.act(support.deal(Rules.setback(), support.S1_HANDS), "A 2, B pass, C pass, D pass"),
        support.S1_TRICKS,
    )
    assert "  card points: you & seat 2: 33 | seat 1 & seat 3: 7" in _summary(s1, 0)
    midway = support.y1_played(upto=4)
    game = TerminalGame(midway, {}, 1, lambda: "", io.StringIO())
    assert game.played_so_far(observe(midway, 1)) == (
        "Won so far: seat 0 & seat 2: 1 trick | you & seat 3: 0 tricks"
    )


def test_a_call_your_partner_summary_names_the_sides_and_why_each_score_moved() -> None:
    """Issue 40, item 9 (docs/rules/trickster.md, P1): Ben calls A♠, which Dan holds; they
    take 9 points and make the bid of 6, the other three take 1."""
    state = support.play(support.p1_called(), support.P1_TRICKS)
    assert _summary(state, 0)[-4:] == [
        "  sides: seat 1 and seat 3 (who held A♠) against you & seat 2 & seat 4",
        "  seat 1 & seat 3 took 9 points, bid made: +9 each",
        "  you & seat 2 & seat 4 took 1 point: +1 each",
        "  scores: you: 1 | seat 1: 9 | seat 2: 1 | seat 3: 9 | seat 4: 1",
    ]
    assert "  sides: seat 1 and you (who held A♠) against seat 0 & seat 2 & seat 4" in _summary(
        state, 3
    )
    german = _summary(state, 0, "de")
    assert "  Parteien: Platz 1 und Platz 3 (A♠ gerufen); dagegen: du & Platz 2 & Platz 4" in (
        german
    )
    assert "  Platz 1 & Platz 3: 9 Punkte, Gebot geschafft: je +9" in german


def test_the_rules_summary_words_eldest_free() -> None:
    """RULES §7.8.15: `AllPass.ELDEST_FREE` in the `rules` command, in every language."""
    rules = Rules.pedro_sancho(all_pass="eldest_free")
    english = "If everyone passes, the eldest hand plays for nothing (contract 0, never set)."
    assert english in " ".join(rules_lines(rules))
    german = (
        "Passen alle, spielt der Spieler links vom Geber frei (Gebot 0, ihm wird nie etwas "
        "abgezogen)."
    )
    assert german in " ".join(rules_lines(rules, "de"))
