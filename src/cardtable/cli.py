"""The ``cardtable`` command.

``cardtable replay [--json] FILE`` and ``cardtable legal [--json] FILE`` are the record contract's
commands (exit status 0 ok, 1 an illegal or malformed action, 2 a malformed record, 3 an internal
error to report, 130 interrupted).
``cardtable verify FILE`` checks the hands' shuffle commitments (exit status 0 all that are
revealed match, 1 a mismatch, 2 a malformed record). ``cardtable rules GAME`` lists a game's rule
options and presets; ``cardtable watch GAME`` plays a match between bots (``--bots``) and prints
it. Bad input of any kind gets one clear line and a non-zero status.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import importlib
import json
import math
import os
import random
import re
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from cardtable import i18n, registry, shuffle, sim, sim_ray
from cardtable.analysis import command as analyze_command
from cardtable.bots import bot_names, make_bot
from cardtable.bots.external import close_bots, with_options
from cardtable.bots.listen import listeners, tell_action, tell_hand
from cardtable.bots.report import Marks, stand_in_line, thought_line
from cardtable.cards import cards_of, format_card
from cardtable.core import CHANCE, BadNotation, CardtableError, option_table
from cardtable.i18n import phrase
from cardtable.narrate import narrate_deal, narrate_hand_end, narrate_step
from cardtable.plain import run_plain
from cardtable.progress import Progress
from cardtable.record import (
    ILLEGAL,
    MALFORMED,
    OK,
    BadRecord,
    HandLog,
    ReplayStopped,
    check_writable,
    read_records,
    report,
    verify_shuffles,
    write_text,
)
from cardtable.render import pretty_card
from cardtable.strict import excerpt, is_number_text, loads, one_line
from cardtable.table import Table, make_table, pretty_action, save_record, seat_bots


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see '{self.prog} --help')\n")


#: Exit status of an internal error (a bug to report) and of a command ended by Ctrl-C (contract §7).
INTERNAL, INTERRUPTED = 3, 130


def _number(text: str) -> int:
    """A whole-number option: ASCII digits only (``-`` allowed), at most 12 of them."""
    if not is_number_text(text, negative=True):
        raise argparse.ArgumentTypeError(f"invalid int value: {excerpt(text)} (ASCII digits, at most 12)")
    return int(text)


def _seconds(text: str) -> float:
    """A server's pause or time option: a finite number of seconds, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value < math.inf or len(text) > 20:
        raise argparse.ArgumentTypeError(f"invalid seconds: {excerpt(text)} (a number of seconds, 0 or more)")
    return value


def _some_seconds(text: str) -> float:
    """A time limit: a finite number of seconds above 0."""
    value = _seconds(text)
    if not value:
        raise argparse.ArgumentTypeError("invalid seconds: 0 (a number of seconds above 0)")
    return value


def _minutes(text: str) -> float:
    """A budget of CPU time: a finite number of minutes above 0."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value < math.inf or len(text) > 20:
        raise argparse.ArgumentTypeError(f"invalid minutes: {excerpt(text)} (a number of minutes above 0)")
    return value


def _number_from(low: float, high: float, what: str) -> Callable[[str], float]:
    """An argument type: a number from ``low`` to ``high``, refused in one line as an invalid ``what``."""

    def number(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not low <= value <= high or len(text) > 20:
            raise argparse.ArgumentTypeError(f"invalid {what}: {excerpt(text)} (a number from {low:g} to {high:g})")
        return value

    return number


#: A share from 0 to 1.
_share = _number_from(0, 1, "share")
#: The weight of a learned policy's prior, from 0 to 100.
_prior_weight = _number_from(0, 100, "weight")


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity where the system says it), at least one."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # no affinity on this system
        return max(1, os.cpu_count() or 1)


def _at_least(least: int) -> Callable[[str], int]:
    """A whole-number option of ``least`` or more (a count of workers, a limit on things at once)."""

    def count(text: str) -> int:
        value = _number(text)
        if value < least:
            raise argparse.ArgumentTypeError(f"invalid count: {excerpt(text)} ({least} or more)")
        return value

    return count


def _bot_programs(given: list[str] | None) -> tuple[tuple[str, str], ...] | None:
    """``--bot NAME=COMMAND`` options: names of letters, digits, ``-`` and ``_``, not a bot kind."""
    if not given:
        return None
    out = []
    for item in given:
        name, eq, command = item.partition("=")
        if not eq or not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,31}", name) or not command.strip():
            raise CardtableError(
                phrase("--bot {item}: expected NAME=COMMAND, such as --bot mybot='node mybot.mjs'", item=excerpt(item))
            )
        if name in bot_names():
            raise CardtableError(phrase("--bot {name}: that is the name of a bot kind already", name=name))
        out.append((name, command.strip()))
    return tuple(out)


def _port(text: str) -> int:
    """A TCP port, 0 to 65535 (0: any free port)."""
    value = _at_least(0)(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"invalid port: {excerpt(text)} (0 to 65535)")
    return value


def _parse_value(text: str) -> Any:
    """A ``--rule`` value: JSON where it reads as strict JSON (``true``, ``2``, ``null``), else the text."""
    try:
        return loads(text)
    except BadNotation:
        return text


def rule_options(pairs: Sequence[str]) -> dict[str, Any]:
    """Read ``name=value`` pairs (values as JSON where they parse: ``true``, ``2``, ``null``)."""
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise CardtableError(phrase("--rule {pair}: expected name=value, e.g. kitty_size=2", pair=excerpt(pair)))
        out[name.strip()] = _parse_value(value.strip())
    return out


#: The command's own description in ``cardtable --help``.
DESCRIPTION = (
    "Play Seep, Four-Point Smear and Sheepshead against bots (at the terminal or in the browser), "
    "watch bots play, pit them against each other, and check, replay and step through records."
)

#: The exit statuses of the record commands, for their help.
RECORD_STATUSES = (
    "exit status: 0 ok, 1 an illegal or malformed action, 2 a malformed record or bad input, "
    "3 an internal error to report, 130 interrupted"
)

#: The longest a refusal's one line may be, all of it (a longer one is cut with an ellipsis).
MAX_REFUSAL = 300

#: The exit statuses of every other command.
STATUSES = "exit status: 0 ok, 2 bad input (one line says what), 3 an internal error to report, 130 interrupted"

#: How bots are named in ``--bots``.
BOT_NAMES = (
    "random, rule, rule:classic (the earlier rule-based bot, where a game keeps one), search:LEVEL "
    "(easy, medium, hard), search:LEVEL@SECONDS (a time limit per move), search:classic:LEVEL[@SECONDS], "
    "cmd:COMMAND (a program in the bot protocol, docs/bot-protocol.md; cmd:@2:COMMAND gives it 2 s a move, "
    "cmd:NAME=VALUE:COMMAND sets one of its options)"
)

#: The record viewer's keys (`cardtable.tui.viewer.ViewerScreen`), for ``view --help``.
VIEWER_KEYS = (
    "right or l: forward; left or j: back; Home: the start; End: the end; Page Down or ]: the next record; "
    "Page Up or [: the previous record; q or Escape: quit; Ctrl-C: quit (status 130)"
)

#: The exit statuses of ``sim``.
SIM_STATUSES = (
    "exit status: 0 ok, 1 a bot was stood in for at most of its decisions (no result is printed for it), "
    "2 bad input (one line says what), 3 an internal error to report, 130 interrupted (the summary of "
    "what was finished is printed)"
)


def bot_option_pairs(given: Sequence[str] | None) -> list[tuple[str, str]]:
    """``--bot-option NAME=VALUE`` options, in order."""
    out = []
    for item in given or ():
        name, eq, value = item.partition("=")
        if not eq or not name.strip():
            raise CardtableError(
                phrase("--bot-option {item}: expected NAME=VALUE, such as --bot-option depth=3", item=excerpt(item))
            )
        out.append((name.strip(), value.strip()))
    return out


def _bot_option_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--bot-option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set an option of every program bot (cmd:…) named in --bots, as it declares it in its hello "
        "(repeat for more; docs/bot-protocol.md)",
    )


def _version() -> str:
    """The installed package's version, or the package's own version string when not installed."""
    try:
        from importlib.metadata import PackageNotFoundError, version

        return version("cardtable")
    except (ImportError, PackageNotFoundError):
        from cardtable import __version__

        return __version__


def _command(sub: Any, name: str, summary: str, description: str, statuses: str = STATUSES) -> _Parser:
    """A subcommand with its one-line summary (in ``cardtable --help``), its description and its
    exit statuses (in ``cardtable NAME --help``)."""
    parser: _Parser = sub.add_parser(
        name,
        help=summary,
        description=description,
        epilog=statuses,
    )
    return parser


def _build_parser() -> _Parser:
    parser = _Parser(prog="cardtable", description=DESCRIPTION, epilog="'cardtable COMMAND --help' says more.")
    parser.add_argument("--version", action="version", version=f"cardtable {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = _command(
        sub,
        "replay",
        "check and replay a record (.json or .jsonl)",
        "Replay every hand of a record (each record of a .jsonl file, numbered), checking every action "
        "against the rules; prints each hand's result and score, the match, the winner and who acts next.",
        RECORD_STATUSES,
    )
    p.add_argument("--json", action="store_true", help="print the replay report as JSON")
    p.add_argument("file")

    p = _command(
        sub,
        "legal",
        "the legal actions at the end of a record",
        "The legal actions of the seat to act at the end of a record, one a line (each record of a "
        ".jsonl file, numbered); a record whose match or hand is over says so.",
        RECORD_STATUSES,
    )
    p.add_argument("--json", action="store_true", help="print a JSON list")
    p.add_argument("file")

    p = _command(
        sub,
        "verify",
        "check the shuffle commitments of a record's hands",
        "Check each hand's shuffle commitment against its revealed salt and deal, one line a hand.",
        "exit status: 0 every revealed commitment matches, 1 a mismatch, 2 a malformed record, "
        "3 an internal error to report, 130 interrupted",
    )
    p.add_argument("file")
    p.set_defaults(json=False)

    p = _command(
        sub,
        "rules",
        "a game's rule options and presets",
        "A game's house-rule options (name, default, the rule it changes, its meaning and, where they are "
        "few, its values) and its presets (named sets of options).",
    )
    p.add_argument("game", choices=registry.names())

    p = _command(
        sub,
        "watch",
        "bots play a match and it is printed as it goes",
        "Bots play a match and it is told as it goes: every seat's hand at the deal (all cards are shown, "
        "so the bury and the discards are named), every move, each hand's result.",
    )
    _game_arguments(p)
    p.add_argument(
        "--bots",
        default="rule",
        help=f"the bots: one name for all, or one per seat, comma-separated: {BOT_NAMES} (default rule)",
    )
    _bot_option_argument(p)
    p.add_argument("--hands", type=_number, default=1, help="how many hands to play (default 1)")
    p.add_argument("--seed", type=_number, default=None, help="seed for the deals and the bots")
    p.add_argument(
        "--pause",
        type=_seconds,
        default=0.0,
        metavar="SECONDS",
        help="wait this long after each move, so the game can be followed (default 0: print at once)",
    )
    p.add_argument("--record", metavar="FILE", help="also save the match as a record")
    p.add_argument("--force", action="store_true", help="replace the --record file if it exists")

    p = _command(
        sub,
        "play",
        "play against bots at the terminal (no game: a menu)",
        "Play against bots at the terminal table (a full-screen app; with no game, a menu first), or in "
        "plain line mode (--plain: text in, text out). Without a terminal (input or output not a "
        "terminal) plain mode is used, and a line on standard error says so.",
        "exit status: 0 ok, 1 (plain mode) the input ended in the middle of the match, 2 bad input (one "
        "line says what), 3 an internal error to report, 130 interrupted",
    )
    p.add_argument("game", nargs="?", choices=registry.names())
    p.add_argument("--preset", help="a named set of house rules (see 'cardtable rules GAME')")
    p.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="one house-rule option; repeat it for more (see 'cardtable rules GAME')",
    )
    p.add_argument("--seat", type=_number, default=0, help="your seat (default 0)")
    p.add_argument(
        "--bots",
        default="rule",
        help=f"the bots: one name for all, or one per other seat, comma-separated: {BOT_NAMES} (default rule)",
    )
    _bot_option_argument(p)
    p.add_argument(
        "--hint-bot",
        default=None,
        metavar="BOT",
        help="where hints come from: a search level (search:easy, search:medium, search:hard; default "
        "search:medium) or a program bot (cmd:COMMAND) whose info messages give its candidates and values",
    )
    p.add_argument("--seed", type=_number, default=None, help="seed for the deals and the bots")
    p.add_argument("--plain", action="store_true", help="plain line mode: text in, text out")
    p.add_argument(
        "--letters",
        action="store_true",
        help="plain mode: cards with suit letters (10D), not symbols (10♦), for screen readers and plain terminals",
    )
    p.add_argument(
        "--pause",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help="the terminal table's pause after each bot's move, so it can be followed (default 0.6; "
        "a finished trick stays twice as long)",
    )

    p = _command(
        sub,
        "view",
        "step through a record, forwards and back, seeing every hand",
        "Step through a record at the terminal, forwards and back, seeing every hand; a .jsonl file's "
        f"records one after another. Keys: {VIEWER_KEYS}.",
        "exit status: 0 ok, 2 a malformed record or one that does not replay, 3 an internal error to report, "
        "130 ended by Ctrl-C",
    )
    p.add_argument("file")

    p = sub.add_parser(
        "sim",
        help="a duplicate-deal tournament between bots",
        epilog=SIM_STATUSES,
        description="A duplicate tournament between bots: every deal (or match) is played once per seating "
        "arrangement, the same cards in each. Reports per bot the mean points per hand with a 95% confidence "
        "interval, the deals won (deal mode: deals where its points beat every other bot's) or the matches won "
        "(--matches), and the time per decision. In --json, each bot has deal_wins in deal mode and match_wins in "
        "match mode (there are no matches in deal mode, and deals are not the unit in match mode). Every seat of "
        "every arrangement has a bot of its own (a program bot, a process of its own), so no bot is told two "
        "hands of one deal. A move a stand-in made for a bot (a program that answered late, wrongly or not at "
        "all) is counted for the bot (stand_ins, by kind, in --json) and marked in the records; a bot stood in "
        "for at most of its decisions gets no result. Progress is shown on standard error when it is a terminal.",
    )
    _game_arguments(p)
    p.add_argument(
        "--bots",
        required=True,
        help=f"bot names, comma-separated, at most one per seat: {BOT_NAMES}",
    )
    _bot_option_argument(p)
    p.add_argument("--deals", type=_number, default=None, help="how many deals, one hand each (default 100)")
    p.add_argument(
        "--matches",
        type=_number,
        default=None,
        metavar="N",
        help="play N whole matches instead of deals, and report matches won: a match ends when the game's rules "
        "end it (Smear: the target; Seep: one baazi) or after --hands-per-match hands",
    )
    p.add_argument(
        "--hands-per-match",
        type=_number,
        default=None,
        metavar="H",
        help="with --matches: the hands a match lasts in a game whose match has no end of its own (Sheepshead; "
        f"default one deal by each seat), and the cap for the other games (default {sim.HAND_CAP}); "
        "a match ended this way goes to the bot whose seats have the most points on average, a tie between all "
        "being a draw",
    )
    p.add_argument(
        "--seed",
        type=_number,
        default=None,
        help="seed for deals and bots (default: a fresh one, printed, so the run can be repeated)",
    )
    p.add_argument(
        "--jobs",
        type=_number,
        default=1,
        help="worker processes (default 1); with --backend ray the cluster's CPUs set how many tasks run at once",
    )
    p.add_argument(
        "--backend",
        choices=sim.BACKENDS,
        default="process",
        help="where to play: process, a local process pool (default); ray, a Ray cluster "
        "(needs pip install 'cardtable[ray]')",
    )
    p.add_argument(
        "--address", help="with --backend ray: the cluster to connect to (default: start a local Ray instance)"
    )
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    p.add_argument(
        "--records",
        metavar="FILE",
        help="where to write every hand as records (default sim-GAME-SEED.jsonl; its name is printed)",
    )
    p.add_argument("--no-records", action="store_true", help="do not write the records")
    p.add_argument("--force", action="store_true", help="replace the records file if it exists")
    p.add_argument(
        "--quiet",
        action="store_true",
        help="nothing on standard error but a refusal: no progress, no line naming the records file and the seed",
    )

    analyze_command.add_parser(sub, _some_seconds, _at_least(1), _number)

    p = _command(
        sub,
        "learn",
        "a game's first lesson, step by step, then a first hand against gentle bots",
        "A game's first lesson at the terminal: short steps on prepared deals, each with what to look at and "
        "the move to make, typed as the record writes it (play QC, bid 13, capture KH 6H+7C; suit symbols "
        "work too). Every move is checked by the engine: one that is not allowed is refused with the rule it "
        "breaks, in plain words, and a legal move that is not the lesson's is explained and tried again. "
        "Without a game, the games that have a lesson are listed.",
        "exit status: 0 ok (or stopped with q), 2 bad input (one line says what), 3 an internal error to "
        "report, 130 interrupted",
    )
    p.add_argument("game", nargs="?", help="the game: " + ", ".join(registry.names()))
    p.add_argument("--no-hand", action="store_true", help="do not offer the first hand against bots at the end")
    p.add_argument(
        "--lang",
        help=LANG_HELP.format(what="lesson's"),
    )

    p = _command(
        sub,
        "train",
        "train a policy by playing, on the batched engine (PyTorch on CPU)",
        "Train a learned policy for GAME (docs/rl.md, 'A policy learned by playing'): it imitates the "
        "rule-based bot at every seat of --tables tables, then improves by PPO against it and earlier copies "
        "of itself. Every --eval-every updates the policy plays the rule-based bot on --eval-deals paired "
        "duplicate deals and a line is added to OUT/curve.jsonl; OUT/checkpoint.pt lets --resume go on, "
        "OUT/policy.npz and policy.json are the policy ('--bots learned:OUT/policy'). Needs the train and "
        "batch extras. A run is seeded; CPU time counts against --minutes.",
    )
    p.add_argument("game", choices=registry.names())
    p.add_argument("--out", required=True, metavar="DIR", help="where the run keeps its checkpoint, curve and policy")
    p.add_argument("--seed", type=_number, default=1, help="the run's seed (default 1)")
    p.add_argument("--resume", action="store_true", help="go on from OUT/checkpoint.pt")
    p.add_argument("--imitate", type=_at_least(0), default=300, help="imitation updates (default 300)")
    p.add_argument(
        "--rollouts",
        type=_at_least(0),
        default=0,
        help="updates learning from every move played out, after imitation (default 0; needs --prior)",
    )
    p.add_argument("--updates", type=_at_least(0), default=200, help="PPO updates after imitation (default 200)")
    p.add_argument("--minutes", type=_minutes, help="stop after this many minutes of CPU time")
    p.add_argument("--tables", type=_at_least(2), default=1024, help="tables stepped at once (default 1024)")
    p.add_argument("--steps", type=_at_least(1), default=24, help="steps of every table per update (default 24)")
    p.add_argument(
        "--lr", type=_number_from(0, 1, "learning rate"), default=1e-3, help="Adam's step before PPO (default 0.001)"
    )
    p.add_argument(
        "--factored",
        action="store_true",
        help="a token's logit the sum of its words' (its kind, card, rank, suit), learned across tokens",
    )
    p.add_argument("--hidden", default="256,256", help="the hidden layers' sizes, comma-separated (default 256,256)")
    p.add_argument("--self-share", type=_share, default=0.25, help="share of tables against an earlier copy (0.25)")
    p.add_argument("--eval-every", type=_at_least(1), default=25, help="updates between measures (default 25)")
    p.add_argument("--eval-deals", type=_at_least(2), default=2000, help="paired deals a measure (default 2000)")
    p.add_argument("--eval-seed", type=_number, default=99, help="the measures' deals (default 99)")
    p.add_argument(
        "--prior",
        type=_prior_weight,
        default=0.0,
        help="start from the rule-based bot's play: this weight on its token's logit (default 0, none)",
    )

    p = _command(
        sub,
        "puzzles",
        "puzzles from real hands: make them from records, or solve them",
        "Puzzles cut from real hands, where one move was clearly best from what the seat could know. "
        "'cardtable puzzles make RECORDS... --out FILE' cuts them from records (docs/learn.md); 'cardtable "
        "puzzles' (or 'puzzles solve') asks them at the terminal, the ones that come with cardtable or those "
        "of --file, with a puzzle rating kept in --rating FILE.",
    )
    puzzle_sub = p.add_subparsers(dest="puzzles_command", metavar="make|solve", parser_class=_Parser)
    q = puzzle_sub.add_parser("make", help="cut puzzles from records")
    q.add_argument("records", nargs="+", help="record files (.json or .jsonl)")
    q.add_argument("--out", required=True, help="the puzzles file to write (one JSON object a line)")
    q.add_argument("--level", default="easy", help="the search level that values the moves (default easy)")
    q.add_argument("--most", type=_number, default=None, help="at most this many puzzles of each game")
    q.add_argument("--budget", type=_some_seconds, default=None, help="stop after this many seconds")
    q.add_argument("--seed", type=_number, default=0, help="the seed of the search (default 0)")
    q.add_argument("--force", action="store_true", help="replace --out if it exists")
    q = puzzle_sub.add_parser("solve", help="solve puzzles at the terminal (the default)")
    _solve_arguments(q)
    _solve_arguments(p)

    p = sub.add_parser("serve", help="run the web table server (needs pip install 'cardtable[web]')")
    p.add_argument(
        "--host",
        default="0.0.0.0",
        help="the address to listen on (default 0.0.0.0: every network of this machine, so others can "
        "join; 127.0.0.1: this machine only)",
    )
    p.add_argument("--port", type=_port, default=8000, help="the port (default 8000)")
    p.add_argument(
        "--public-url",
        metavar="URL",
        help="the address people use, behind a TLS reverse proxy (https://cards.example.org): links are "
        "built from it and pages from elsewhere are refused",
    )
    p.add_argument(
        "--smtp",
        metavar="URL",
        help="where e-mail goes out: smtp://[USER:PASSWORD@]HOST[:PORT] (?starttls=1) or smtps://...; "
        "default CARDTABLE_SMTP, else no e-mail is sent",
    )
    p.add_argument("--mail-from", metavar="ADDRESS", help="the sender of the server's e-mail (CARDTABLE_MAIL_FROM)")
    p.add_argument(
        "--trusted-proxy",
        action="append",
        metavar="ADDR",
        help="a reverse proxy whose X-Forwarded-For/-Proto headers are believed (repeat for more; "
        "default with --public-url: 127.0.0.1 and ::1)",
    )
    p.add_argument(
        "--advertise",
        action="append",
        metavar="ADDR",
        help="an address of this machine to print and put in links instead of the detected one (repeats)",
    )
    p.add_argument(
        "--allowed-host", action="append", metavar="NAME", help="another host name the server answers to (repeats)"
    )
    p.add_argument(
        "--waiting-expiry",
        type=_seconds,
        metavar="SECONDS",
        help="close a table that waits this long for its people (default 21600; 0: never)",
    )
    p.add_argument(
        "--idle-expiry",
        type=_seconds,
        metavar="SECONDS",
        help="close a finished or deserted table idle this long (default 86400; 0: never)",
    )
    p.add_argument(
        "--creates-per-minute",
        type=_at_least(1),
        metavar="N",
        help="tables one address may create a minute (default 10)",
    )
    p.add_argument(
        "--joins-per-minute", type=_at_least(1), metavar="N", help="seats one address may take a minute (default 60)"
    )
    p.add_argument(
        "--waiting-per-address",
        type=_at_least(1),
        metavar="N",
        help="tables waiting for people that one address may hold (default 20)",
    )
    p.add_argument(
        "--replay-seconds",
        type=_some_seconds,
        metavar="SECONDS",
        help="longest a record sent to the replay viewer may take to replay (default 20)",
    )
    p.add_argument(
        "--cluster",
        action="store_true",
        help="one of several servers over one PostgreSQL database: each table served by one of them "
        "under a lease, handed over when asked or when its server dies (docs/web.md)",
    )
    p.add_argument(
        "--lease-seconds", type=_some_seconds, metavar="SECONDS", help="with --cluster: a lease's term (default 10)"
    )
    p.add_argument(
        "--bot",
        action="append",
        metavar="NAME=COMMAND",
        help="offer a bot program in the bot protocol as NAME at this server's tables "
        "(docs/bot-protocol.md; repeats). Tables can seat only the programs named here",
    )
    p.add_argument("--log-format", choices=["text", "json"], help="one line per event: text (default) or json")
    p.add_argument(
        "--env-file",
        metavar="FILE",
        help="read CARDTABLE_DB (and CARDTABLE_PUBLIC_URL) from FILE: NAME=VALUE lines, read without a shell "
        "(docs/deploy.md); --db and --public-url win over it, it over the environment",
    )
    p.add_argument("--db", metavar="URL", help="the database (default: a SQLite file in your data directory)")
    p.add_argument("--bot-pause", type=_seconds, metavar="SECONDS", help="pause before a bot's move (default 0.8)")
    p.add_argument("--summary-pause", type=_seconds, metavar="SECONDS", help="pause after a hand (default 4)")
    p.add_argument("--grace", type=_seconds, metavar="SECONDS", help="before a bot plays for a dropped person (60)")
    p.add_argument("--bot-workers", type=_at_least(0), metavar="N", help="search bot processes (2; 0: a thread)")
    p.add_argument(
        "--max-bot-seconds",
        type=_some_seconds,
        metavar="SECONDS",
        help="longest a table's bot may think a move (10)",
    )
    p.add_argument("--connections-per-address", type=_at_least(1), metavar="N", help="WebSockets from one address (32)")
    p.add_argument("--max-tables", type=_at_least(1), metavar="N", help="open tables on the server (default 1000)")
    p.add_argument("--seed", type=int, help=argparse.SUPPRESS)  # tests and benchmarks: deals not secret
    # tests that move the clock (CARDTABLE_CLOCK_FILE): how often time's end and the notices are looked at
    p.add_argument("--sweep-every", type=_some_seconds, help=argparse.SUPPRESS)
    p.add_argument("--notice-every", type=_some_seconds, help=argparse.SUPPRESS)

    p = sub.add_parser("db", help="the web table server's database")
    p.add_argument(
        "action",
        choices=["upgrade", "backup", "restore"],
        help="upgrade: apply the schema's migrations; backup FILE: write the database to FILE (JSON lines, "
        "gzip if FILE ends in .gz); restore FILE: load FILE into an empty database",
    )
    p.add_argument("file", nargs="?", metavar="FILE", help="the backup file (backup and restore)")
    p.add_argument("--db", metavar="URL", help="the database (default: a SQLite file in your data directory)")
    p.add_argument("--force", action="store_true", help="backup: replace FILE if it exists")
    p.add_argument(
        "--env-file",
        metavar="FILE",
        help="read CARDTABLE_DB (and CARDTABLE_PUBLIC_URL) from FILE: NAME=VALUE lines, read without a shell "
        "(docs/deploy.md); --db and --public-url win over it, it over the environment",
    )

    p = sub.add_parser(
        "ratings",
        help="the web tables' ratings: calibrate the bots among themselves, or show them",
        description="calibrate: play a duplicate tournament of the bots (as cardtable sim) and rate every hand as "
        "the web tables do, writing the bots' ratings into the database; show: print the bots' and the listed "
        "players' ratings (docs/ratings.md).",
        epilog=STATUSES,
    )
    p.add_argument("action", choices=["calibrate", "show"])
    p.add_argument("game", choices=registry.names())
    p.add_argument("--bots", help="the bots, comma-separated (default random,rule,search:easy,search:medium)")
    p.add_argument("--deals", type=_at_least(1), default=100, help="how many deals (default 100)")
    p.add_argument("--seed", type=_number, default=0, help="the tournament's seed (default 0)")
    p.add_argument(
        "--jobs",
        type=_at_least(1),
        default=None,
        help="worker processes (default: one per CPU this process may use; the ratings are the same with any)",
    )
    p.add_argument("--db", metavar="URL", help="the database (default: a SQLite file in your data directory)")
    p.add_argument(
        "--env-file",
        metavar="FILE",
        help="read CARDTABLE_DB (and CARDTABLE_PUBLIC_URL) from FILE: NAME=VALUE lines, read without a shell "
        "(docs/deploy.md); --db and --public-url win over it, it over the environment",
    )
    return parser


def build_parser() -> _Parser:
    """The command line's parser: every subcommand with its description and exit statuses."""
    parser = _build_parser()
    _describe_web_commands(parser)
    return parser


def _describe_web_commands(parser: _Parser) -> None:
    """The descriptions and exit statuses of the web table's commands (their options are theirs)."""
    for action in parser._actions:
        choices = getattr(action, "choices", None) or {}
        if "serve" in choices:
            choices[
                "serve"
            ].description = "Run the web table server: people and bots at one table, each from their own device."
            choices["serve"].epilog = STATUSES
        if "db" in choices:
            choices["db"].description = "Manage the web table server's database (upgrade: apply its migrations)."
            choices["db"].epilog = STATUSES


def _game_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", choices=registry.names())
    p.add_argument("--preset", help="a named set of house rules (see 'cardtable rules GAME')")
    p.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="one house-rule option; repeat it for more (see 'cardtable rules GAME')",
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    Every way a command can end is one line at most: bad input gets its refusal (status 2 unless
    the command says otherwise), Ctrl-C gets "interrupted" (status 130, after keeping what was
    finished), and anything unexpected, a bug, gets "internal error: please report" (status 3),
    never a traceback.
    """
    command = "command"
    try:
        args = build_parser().parse_args(argv)
        command = args.command
        status: int = _COMMANDS[command](args)
    except CardtableError as e:
        _say(one_line(f"cardtable {command}: {_refusal(e)}", MAX_REFUSAL))
        return MALFORMED
    except BrokenPipeError:
        _drop_stdout()
        return OK
    except KeyboardInterrupt:
        with i18n.speaking(i18n.language_of_environment(os.environ)):
            said = i18n._("interrupted")
            _say(f"cardtable {command}: {said}")
        return INTERRUPTED
    except Exception as e:
        with i18n.speaking(i18n.language_of_environment(os.environ)):
            said = i18n._("internal error: please report")
        _say(one_line(f"cardtable {command}: {said}: {type(e).__name__}: {e}", MAX_REFUSAL))
        return INTERNAL
    return status


def _refusal(error: CardtableError) -> str:
    """A refusal as the terminal's locale says it (`cardtable.i18n.language_of_environment`):
    where its message was made of phrases (the command line's own refusals, the engine's
    refusals), said in that language; any other in English, as written."""
    message = error.args[0] if len(error.args) == 1 else None
    if not isinstance(message, i18n.Phrase):
        return str(error)
    with i18n.speaking(i18n.language_of_environment(os.environ)):
        return i18n.say(message)


def _say(line: str) -> None:
    """One line on standard error, whatever state standard error is in."""
    with contextlib.suppress(OSError, ValueError):
        print(line, file=sys.stderr, flush=True)


def _drop_stdout() -> None:
    """After a broken pipe: send what is left of standard output nowhere, so the flush at exit
    does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def _cmd_replay(args: argparse.Namespace) -> int:
    return _each_record(args, _replay_text)


def _cmd_legal(args: argparse.Namespace) -> int:
    return _each_record(args, _legal_text)


def _each_record(args: argparse.Namespace, show_text: Any) -> int:
    """Run a replay-style command over every record of the file; the worst status wins."""
    try:
        records = read_records(args.file)
    except BadRecord as e:
        return _fail(args, MALFORMED, e.hand, None, None, e.reason)
    worst = OK
    many = len(records) > 1
    for r, record in enumerate(records):
        if many and not args.json:
            print(f"record {r + 1} of {len(records)}:")
        try:
            rep = report(record)
        except BadRecord as e:
            worst = max(worst, _fail(args, MALFORMED, e.hand, None, None, e.reason))
            continue
        except ReplayStopped as e:
            worst = max(worst, _fail(args, ILLEGAL, e.hand, e.action, e.text, e.reason))
            continue
        if args.command == "legal":
            if args.json:
                print(json.dumps(rep["legal"]))
            else:
                show_text(rep)
        elif args.json:
            print(json.dumps(rep))
        else:
            show_text(rep)
    return worst


def _fail(
    args: argparse.Namespace,
    status: int,
    hand: int | None,
    action: int | None,
    text: str | None,
    reason: str,
) -> int:
    if args.json:
        err = {"hand": hand, "action": action, "text": text, "reason": reason}
        print(json.dumps({"ok": False, "error": err}))
    where = f"hand {hand}" if hand is not None else ""
    if action is not None:
        where += f", action {action} ({excerpt(text)})"
    named = os.path.basename(args.file) in reason  # the reason names the file already
    line = f"cardtable {args.command}: {'' if named else args.file + ': '}{where + ': ' if where else ''}{reason}"
    print(one_line(line, MAX_REFUSAL), file=sys.stderr)
    return status


_VERIFY_LINES = {
    shuffle.VERIFIED: "verified",
    shuffle.NO_SHUFFLE: "no shuffle",
    shuffle.COMMITMENT_ONLY: "commitment only (the salt is not revealed yet)",
    shuffle.MISMATCH: "MISMATCH: the commitment does not match the salt and the deal",
}


def _cmd_verify(args: argparse.Namespace) -> int:
    """One line per hand; exit 0 when every revealed commitment matches, 1 on a mismatch, 2 for a
    malformed record."""
    try:
        records = read_records(args.file)
    except BadRecord as e:
        return _fail(args, MALFORMED, e.hand, None, None, e.reason)
    worst = OK
    for r, record in enumerate(records):
        try:
            statuses = verify_shuffles(record)
        except BadRecord as e:
            worst = max(worst, _fail(args, MALFORMED, e.hand, None, None, e.reason))
            continue
        where = f"record {r}, " if len(records) > 1 else ""
        for h, status in enumerate(statuses):
            print(f"{where}hand {h}: {_VERIFY_LINES[status]}")
            if status == shuffle.MISMATCH:
                worst = max(worst, ILLEGAL)
    return worst


def _replay_text(rep: dict[str, Any]) -> None:
    for i, hand in enumerate(rep["hands"]):
        line = f"hand {i}: dealer {hand['dealer']}, {hand['result']}"
        if "score" in hand:
            line += f", score {hand['score']}"
        print(line)
    print(f"match: {json.dumps(rep['match'])}")
    if rep["winner"] is not None:
        print(f"winner: seats {', '.join(map(str, rep['winner']))}")
    if rep["to_act"] is not None:
        print(f"to act: seat {rep['to_act']}; legal: {', '.join(rep['legal'])}")
    elif rep["next_dealer"] is not None:
        print(f"next dealer: seat {rep['next_dealer']}")


def _legal_text(rep: dict[str, Any]) -> None:
    for action in rep["legal"]:
        print(action)
    if not rep["legal"]:
        if rep["winner"] is not None:
            print(f"no legal actions: the match is over (won by seats {', '.join(map(str, rep['winner']))})")
        elif rep["next_dealer"] is not None:
            print(f"no legal actions: the hand is over (seat {rep['next_dealer']} deals next)")
        else:
            print("no legal actions: the hand is over")


def _cmd_rules(args: argparse.Namespace) -> int:
    rules_class = type(registry.get_game(args.game).rules)
    print(f"{args.game} rule options (name, default, rule, meaning, values):")
    choices = {f.name: f.metadata.get("choices") for f in dataclasses.fields(rules_class)}
    for name, default, rule, doc in option_table(rules_class):
        values = choices.get(name)
        listed = f"  (one of: {', '.join(json.dumps(v) for v in values)})" if values else ""
        print(f"  {name} = {json.dumps(default)}  [{rule}]  {doc}{listed}")
    print("presets:")
    for name, options in sorted(registry.presets(args.game).items()):
        print(f"  {name}: {json.dumps(options) if options else '(all defaults)'}")
    return OK


def _cmd_watch(args: argparse.Namespace) -> int:
    if args.hands < 1:
        raise CardtableError(phrase("--hands: expected at least 1"))
    if args.record:
        check_writable(args.record, args.force)  # before the match is played, not after
    game = registry.get_game(args.game, args.preset, **rule_options(args.rule))
    options = bot_option_pairs(args.bot_option)
    names = {seat: with_options(name, options) for seat, name in seat_bots(args.bots, range(game.seats)).items()}
    bots: dict[int, Any] = {}
    try:
        for seat, name in names.items():  # a bot of its own for every seat: a program, a process of its own
            bots[seat] = make_bot(game, name)
        return _watch(args, game, bots)
    finally:
        close_bots(bots.values())


def _watch(args: argparse.Namespace, game: Any, bots: dict[int, Any]) -> int:
    rng = random.Random(args.seed)
    bot_rng = random.Random(rng.random())  # the bots' own stream: the same seed deals the same cards to any bots
    log = HandLog(game, dealer=rng.randrange(game.seats))
    marks = Marks()
    try:
        _watch_hands(args, game, bots, rng, bot_rng, log, marks)
    except KeyboardInterrupt:
        # Ctrl-C: keep the match so far (a record may end with an unfinished hand).
        if args.record and log.record()["hands"]:
            _save_watched(args, log, marks)
            print(f"cardtable watch: interrupted; the match so far is in {args.record}", file=sys.stderr)
        else:
            print("cardtable watch: interrupted", file=sys.stderr)
        return INTERRUPTED
    if args.record:
        _save_watched(args, log, marks)
        print(f"saved {args.record}")
    return OK


def _watch_hands(
    args: argparse.Namespace,
    game: Any,
    bots: dict[int, Any],
    rng: random.Random,
    bot_rng: random.Random,
    log: HandLog,
    marks: Marks,
) -> None:
    for n in range(args.hands):
        state = log.deal(rng)
        marks.new_hand()
        print(f"--- {narrate_deal(game, state, None, n + 1)[0]}", flush=True)
        held = _show_dealt(game, state, [0] * game.seats)
        listening = listeners(bots)
        tell_hand(game, state, listening)
        while (seat := game.actor(state)) is not None and seat != CHANCE:
            legal = list(game.legal_actions(state))
            asked = len(legal) > 1
            action = bots[seat].act(game.observe(state, seat), legal, bot_rng) if asked else legal[0]
            index = len(log.actions)
            before, state = state, log.act(action)
            why, thought = marks.note(bots[seat], index) if asked else (None, None)
            tell_action(game, before, action, state, listening)
            if thought is not None:  # what the bot weighed, before what it did
                print(f"  {thought_line(f'Seat {seat}', thought, pretty_action)}", flush=True)
            # Every hand is shown, so a card laid face down is named too.
            for line in narrate_step(game, before, action, state, None, open_hands=True):
                print(f"  {line}", flush=True)
            if why is not None:
                print(f"  {stand_in_line(f'Seat {seat}', why)}", flush=True)
            held = _show_dealt(game, state, held, "  ")
            if args.pause:
                time.sleep(args.pause)
        if game.outcome(state) is not None:
            print("result:")
            # The last hand watched ends the session: nobody deals next.
            for line in narrate_hand_end(game, state, None, match_over=n + 1 == args.hands):
                print(f"  {line}")
        if game.winner(state) is not None:
            print(f"The match is won by seats {' and '.join(map(str, game.winner(state)))}.")
            break
        if n + 1 < args.hands and log.next_hand() is None:
            break


def _show_dealt(game: Any, state: Any, held: list[int], indent: str = "") -> list[int]:
    """Print the hand of each seat that has been dealt cards since ``held`` (each seat's count of
    cards before); returns the counts now. A seat is shown once its cards come, so a game that deals
    in parts (Seep: the bidder's four cards, the rest after the bid) never shows an empty hand."""
    places = game.card_places(state)
    now = [int(places.get(f"hand {seat}", 0)).bit_count() for seat in range(game.seats)]
    for seat in range(game.seats):
        if now[seat] > held[seat]:
            hand = places.get(f"hand {seat}", 0)
            print(f"{indent}Seat {seat}: {' '.join(pretty_card(format_card(c)) for c in cards_of(hand))}", flush=True)
    return now


def _save_watched(args: argparse.Namespace, log: HandLog, marks: Marks) -> None:
    # Checked before it is written (`save_record`), so a saved match always replays.
    save_record(args.record, marks.apply(log.record()), force=args.force)


def _is_terminal(stream: Any) -> bool:
    """Whether ``stream`` is a terminal (a closed or replaced stream is not)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def _game_list() -> str:
    """The registered games in words: ``seep, sheepshead or smear``."""
    games = registry.names()
    return ", ".join(games[:-1]) + " or " + games[-1] if len(games) > 1 else "".join(games)


def _cmd_play(args: argparse.Namespace) -> int:
    plain = args.plain
    if not plain and not (_is_terminal(sys.stdin) and _is_terminal(sys.stdout)):
        # The full-screen table needs a terminal both ways: without one, the plain line mode.
        if args.game is None:
            raise CardtableError(
                phrase("no terminal: name a game for the plain line mode ({games})", games=_game_list())
            )
        plain = True
    if args.game is None and plain:
        raise CardtableError(phrase("--plain needs a game: {games}", games=_game_list()))
    if not plain and args.letters:
        raise CardtableError(phrase("--letters is for the plain line mode (--plain)"))
    bots = ",".join(with_options(b.strip(), bot_option_pairs(args.bot_option)) for b in args.bots.split(","))
    table: Table | None = None
    if args.game is not None:
        # Built before anything is said, so that bad input is refused first, alone.
        table = make_table(args.game, args.preset, rule_options(args.rule), args.seat, bots, args.seed, args.hint_bot)
    try:
        if plain:
            assert table is not None
            if not args.plain:
                _say("cardtable play: no terminal, so the plain line mode (--plain) is used")
            return run_plain(table, sys.stdin, sys.stdout, letters=args.letters)
        try:
            from cardtable.tui import run_app
        except ImportError as e:
            need = f"the terminal table needs Textual ({e.name or e})"
            raise CardtableError(f"{need}; install it with pip install -e '.[tui]' or use --plain") from None
        status: int = run_app(table, pause=args.pause)
        return status
    finally:
        if table is not None:
            table.close()


def _cmd_view(args: argparse.Namespace) -> int:
    try:
        from cardtable.tui import run_viewer
    except ImportError as e:
        raise CardtableError(
            f"the viewer needs Textual ({e.name or e}); install it with pip install -e '.[tui]'"
        ) from None
    try:
        return run_viewer(args.file)
    except ReplayStopped as e:
        raise CardtableError(f"{args.file}: {e}") from None


def _cmd_sim(args: argparse.Namespace) -> int:
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(bots) < 1:
        raise CardtableError(phrase("--bots: name at least one bot"))
    if args.deals is not None and args.matches is not None:
        raise CardtableError(phrase("--deals and --matches: give one or the other"))
    matches = args.matches is not None
    count = args.matches if matches else 100 if args.deals is None else args.deals
    if count < 1:
        raise CardtableError(
            phrase("--{option} must be at least 1 (got {n})", option="matches" if matches else "deals", n=count)
        )
    if args.jobs < 1:
        raise CardtableError(phrase("--jobs must be at least 1 (got {n})", n=args.jobs))
    if args.hands_per_match is not None and not matches:
        raise CardtableError(phrase("--hands-per-match is for --matches only"))
    if args.hands_per_match is not None and args.hands_per_match < 1:
        raise CardtableError(phrase("--hands-per-match must be at least 1"))
    if args.address is not None and args.backend != "ray":
        raise CardtableError(phrase("--address is for --backend ray only"))
    if args.backend == "ray":
        sim_ray.load_ray()  # fail at once, before any work, if the extra is missing
    bots = [with_options(b, bot_option_pairs(args.bot_option)) for b in bots]
    options = dict(registry.presets(args.game)[args.preset]) if args.preset else {}
    if args.preset is not None:
        registry.get_game(args.game, args.preset)
    options |= rule_options(args.rule)
    fresh = args.seed is None
    seed: int = random.SystemRandom().randrange(10**9) if fresh else args.seed
    job = sim.job_for(args.game, options, bots, seed, matches=matches, hands=args.hands_per_match)
    path = None if args.no_records else args.records or f"sim-{args.game}-{seed}.jsonl"
    if path is not None:
        check_writable(path, args.force)  # before the run, not after it
    unit = "matches" if matches else "deals"
    stream = sim_ray.stream(args.address) if args.backend == "ray" else None
    shown = Progress(unit, count, terminal=None if not args.quiet else False)
    try:
        with shown:
            summary, results = sim.run(job, count, args.jobs, shown.update, stream=stream)
    except sim.Interrupted as stop:
        # Ctrl-C: keep every unit finished before it, their records and their summary.
        _sim_output(args, path, stop.summary, stop.results)
        kept = f"; their records are in {path}" if path is not None else ""
        _say(f"cardtable sim: interrupted after {len(stop.results)} of {count} {unit}{kept}")
        return INTERRUPTED
    _sim_output(args, path, summary, results)
    again = f" (seed {seed}: --seed {seed} plays this run again)" if fresh else ""
    if args.quiet:
        pass
    elif path is not None:
        _say(f"cardtable sim: wrote the records to {path}{again}")
    elif fresh:
        _say(f"cardtable sim: no records written{again}")
    withheld = summary.withheld()
    if withheld:
        _say(f"cardtable sim: no result for {', '.join(withheld)}: a stand-in made most of its moves")
        return ILLEGAL
    return OK


def _sim_output(args: argparse.Namespace, path: str | None, summary: sim.Summary, results: list[sim.Result]) -> None:
    if path is not None:
        write_text(path, "".join(line + "\n" for line in sim.records_lines(results)), args.force)
    if args.json:
        print(json.dumps(summary.to_json()))
    else:
        sim.print_summary(summary)


def _web() -> Any:
    """The web server's module, or one line naming the extra to install."""
    try:
        # import_module, not "from cardtable.web import serve": it goes through sys.modules every time
        return importlib.import_module("cardtable.web.serve")
    except ImportError as e:
        raise CardtableError(
            f"the web table needs the web extra ({e.name or e}); install it with pip install 'cardtable[web]'"
        ) from None


def _cmd_serve(args: argparse.Namespace) -> int:
    web = _web()
    status: int = web.serve(
        args.host,
        args.port,
        args.db,
        args.env_file,
        bot_pause=args.bot_pause,
        summary_pause=args.summary_pause,
        grace=args.grace,
        bot_workers=args.bot_workers,
        max_bot_seconds=args.max_bot_seconds,
        connections_per_address=args.connections_per_address,
        max_open_tables=args.max_tables,
        seed=args.seed,
        public_url=args.public_url,
        smtp=args.smtp,
        mail_from=args.mail_from,
        trusted_proxies=tuple(args.trusted_proxy) if args.trusted_proxy else None,
        advertise=tuple(args.advertise) if args.advertise else None,
        allowed_hosts=tuple(args.allowed_host) if args.allowed_host else None,
        waiting_expiry=args.waiting_expiry,
        idle_expiry=args.idle_expiry,
        log_format=args.log_format,
        create_every=60 / args.creates_per_minute if args.creates_per_minute else None,
        create_burst=args.creates_per_minute,
        join_every=60 / args.joins_per_minute if args.joins_per_minute else None,
        join_burst=max(20, args.joins_per_minute) if args.joins_per_minute else None,
        waiting_per_address=args.waiting_per_address,
        replay_seconds=args.replay_seconds,
        cluster=args.cluster or None,
        bot_programs=_bot_programs(args.bot),
        lease_seconds=args.lease_seconds,
        sweep_every=args.sweep_every,
        notice_every=args.notice_every,
    )
    return status


def _cmd_db(args: argparse.Namespace) -> int:
    if args.action == "upgrade":
        if args.file is not None:
            raise CardtableError(phrase("upgrade takes no file (got {file})", file=repr(args.file)))
        status: int = _web().db_upgrade(args.db, args.env_file)
        return status
    if args.file is None:
        raise CardtableError(phrase("{action} needs the backup FILE", action=args.action))
    url = _web().database_url(args.db, args.env_file)  # one line naming the extra when it is missing
    backup = importlib.import_module("cardtable.web.ops.backup")
    status = backup.run(args.action, args.file, url, args.force)
    return status


def _cmd_ratings(args: argparse.Namespace) -> int:
    url = _web().database_url(args.db, args.env_file)  # one line naming the extra when it is missing
    command = importlib.import_module("cardtable.web.players.command")
    bots = [b.strip() for b in args.bots.split(",") if b.strip()] if args.bots is not None else None
    if bots is not None and not bots:
        raise CardtableError(phrase("--bots: name at least one bot"))
    jobs = args.jobs if args.jobs is not None else usable_cpus()
    status: int = command.run(args.action, args.game, bots, args.deals, args.seed, jobs, url)
    return status


def _cmd_analyze(args: argparse.Namespace) -> int:
    return analyze_command.run(args, _fail)


def _solve_arguments(p: Any) -> None:
    p.add_argument("--file", help="a puzzles file (default: the puzzles that come with cardtable)")
    p.add_argument("--game", help="only this game's puzzles")
    p.add_argument("--rating", metavar="FILE", help="keep your puzzle rating in this file (read, then updated)")
    p.add_argument("--lang", help=LANG_HELP.format(what="puzzles'"))


#: What ``--lang`` says, for the lessons and the puzzles at the terminal.
LANG_HELP = "the {what} language: en, de or hi (default: the terminal's locale, from LANGUAGE, LC_ALL or LANG)"


def _language(args: argparse.Namespace) -> str:
    """The language ``--lang`` names, else the terminal's locale's; a refusal for any other."""
    lang: str = i18n.language_of_environment(os.environ) if args.lang is None else args.lang
    if lang not in i18n.LANGUAGES:
        known = ", ".join(i18n.LANGUAGES)
        raise BadNotation(phrase("--lang: expected one of {known}, not {said}", known=known, said=repr(lang[:20])))
    return lang


def _cmd_learn(args: argparse.Namespace) -> int:
    from cardtable import coach, learn

    if args.game is None:
        with i18n.speaking(_language(args)):
            print(
                i18n._("Lessons: {games}. Start one with: cardtable learn GAME").format(games=", ".join(learn.games()))
            )
        return OK
    les = learn.lesson(args.game)
    with i18n.speaking(_language(args)):
        finished = coach.run_lesson(les, sys.stdin, sys.stdout)
        if not finished or args.no_hand or not coach.ask(sys.stdin, sys.stdout, i18n._("Play your first hand now?")):
            return OK
    play = build_parser().parse_args(["play", les.game, "--bots", les.bots, *_rule_args(les.rules)])
    return _cmd_play(play)


def _rule_args(rules: Any) -> list[str]:
    return [x for name, value in rules.items() for x in ("--rule", f"{name}={json.dumps(value)}")]


def _cmd_train(args: argparse.Namespace) -> int:
    from cardtable.learned.train import Settings, Trainer, command_line, speaker

    try:
        hidden = [int(x) for x in args.hidden.split(",")]
    except ValueError:
        hidden = []
    if not hidden or not all(0 < h <= 4096 for h in hidden):
        raise CardtableError(
            phrase("--hidden {sizes}: expected layer sizes such as 256,256", sizes=excerpt(args.hidden))
        )
    settings = Settings(
        game=args.game,
        seed=args.seed,
        hidden=hidden,
        tables=args.tables,
        imitate=args.imitate,
        updates=args.updates,
        minutes=args.minutes,
        steps=args.steps,
        self_share=args.self_share,
        eval_every=args.eval_every,
        eval_deals=args.eval_deals,
        eval_seed=args.eval_seed,
        prior=args.prior,
        rollouts=args.rollouts,
        lr=args.lr,
        factored=args.factored,
    )
    argv = sys.argv[2:] if len(sys.argv) > 2 and sys.argv[1] == "train" else []
    trainer = Trainer(settings, Path(args.out), resume=args.resume, command=command_line(argv))
    point = trainer.run(speaker())
    print(json.dumps(point))
    return OK


def _cmd_puzzles(args: argparse.Namespace) -> int:
    from cardtable import coach, puzzles

    if args.puzzles_command == "make":
        check_writable(args.out, args.force)
        records = [r for path in args.records for r in read_records(path)]
        found = puzzles.make(records, level=args.level, seed=args.seed, most=args.most, budget=args.budget)
        puzzles.write(args.out, found)
        themes: dict[str, int] = {}
        for p in found:
            themes[p.theme] = themes.get(p.theme, 0) + 1
        said = ", ".join(f"{n} {t}" for t, n in sorted(themes.items(), key=lambda x: -x[1]))
        print(f"{len(found)} puzzles from {len(records)} records written to {args.out}" + (f": {said}" if said else ""))
        return OK
    found = puzzles.read(args.file) if args.file else puzzles.shipped()
    if args.game is not None:
        if args.game not in registry.names():
            games = ", ".join(registry.names())
            raise BadNotation(phrase("no game {name}: expected one of {games}", name=repr(args.game[:40]), games=games))
        found = [p for p in found if p.game == args.game]
    if not found:
        if args.game:
            raise BadNotation(phrase("no puzzles to solve for {game}", game=args.game))
        raise BadNotation(phrase("no puzzles to solve"))
    daily = puzzles.of_the_day(found, int(time.time() // 86400))
    found = [p for p in found if p is daily] + [p for p in found if p is not daily]  # today's first
    rating = _read_rating(args.rating)

    def keep(r: Any) -> None:
        if args.rating:
            write_text(args.rating, json.dumps(dataclasses.asdict(r)) + "\n", force=True)

    with i18n.speaking(_language(args)):
        coach.run_puzzles(found, sys.stdin, sys.stdout, rating, keep, daily=daily is not None)
    return OK


def _read_rating(path: str | None) -> Any:
    from cardtable import puzzles

    if path is None or not os.path.exists(path):
        return puzzles.Rating()
    try:
        with open(path, encoding="utf-8") as f:
            obj = json.loads(f.read(1000))
        return puzzles.Rating(float(obj["value"]), int(obj["solved"]), int(obj["failed"]))
    except (OSError, ValueError, KeyError, TypeError):
        raise BadNotation(f"--rating {path[:80]}: not a puzzle rating file") from None


_COMMANDS = {
    "replay": _cmd_replay,
    "legal": _cmd_legal,
    "verify": _cmd_verify,
    "rules": _cmd_rules,
    "watch": _cmd_watch,
    "sim": _cmd_sim,
    "play": _cmd_play,
    "view": _cmd_view,
    "serve": _cmd_serve,
    "db": _cmd_db,
    "analyze": _cmd_analyze,
    "ratings": _cmd_ratings,
    "learn": _cmd_learn,
    "train": _cmd_train,
    "puzzles": _cmd_puzzles,
}


if __name__ == "__main__":
    sys.exit(main())
