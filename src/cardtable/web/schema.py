"""The database's tables, all in one place: the tables of live tables, of players and ratings, of
tournaments, and the review jobs, as SQLAlchemy `Table` objects that mirror the Alembic migrations (``migrations/``)
for queries, backups and restores.

The columns come in a few shapes that every room shares (an id, a token's hash, a name, a bot's
kind, the time a row was made); each has one helper here and its size one constant, so that a
name fits the same column wherever it is stored, and the checks on what a client sends can be
made against these sizes (`NAME`, `KIND`). A change here is a change of schema: it needs a
migration.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
    true,
)

metadata = MetaData()

#: The sizes of the shared column shapes, in characters.
ID = 32  # a table's, a tournament's id
PLAYER_ID = 16  # a player's id
HASH = 64  # a token's SHA-256 hash, in hex
NAME = 64  # a person's name at a table, a player's, an entrant's
KIND = 64  # a seat's player: "human" or a bot's name; a tournament's stand-in bot
SHORT = 16  # a status, a format, a result's source
GAME = 32  # a game's name
OWNER = 80  # a server process's name (leases), a rating's key
LANGUAGE = 8  # a language's code among `cardtable.i18n.LANGUAGES`


def _key(name: str, length: int = ID) -> Column[Any]:
    """A string column of the primary key."""
    return Column(name, String(length), primary_key=True)


def _number(name: str) -> Column[Any]:
    """A whole-number column of the primary key."""
    return Column(name, Integer, primary_key=True)


def _hash(name: str, nullable: bool = False) -> Column[Any]:
    return Column(name, String(HASH), nullable=nullable)


def _created(name: str = "created", nullable: bool = False) -> Column[Any]:
    """When the row was made (seconds since the epoch)."""
    return Column(name, Float, nullable=nullable)


# --- live tables (migrations 0001–0004) ---

tables = Table(
    "tables",
    metadata,
    _key("id"),
    Column("game", String(GAME), nullable=False),
    Column("preset", String(64), nullable=True),
    Column("rules", JSON, nullable=False),
    Column("public", Boolean, nullable=False),
    Column("hands", Integer, nullable=True),
    Column("move_seconds", Float, nullable=True),
    _hash("host_hash"),
    _hash("invite_hash"),
    Column("status", String(SHORT), nullable=False),
    _created(),
    Column("hints", Boolean, nullable=False, server_default=true()),
    Column("talk", String(8), nullable=False, server_default="phrases"),
    Column("board_seed", String(64), nullable=True),
    Column("fixed_hands", Boolean, nullable=False, server_default=false()),
    #: What made the table, shown in its summary (a tournament's round: migration 0007), else null.
    Column("origin", JSON, nullable=True),
    # --- turn-based tables (migration 0012) ---
    #: ``live`` (a sitting: the time per move is ``move_seconds``) or ``turns`` (hours or days a move).
    Column("mode", String(8), nullable=False, server_default="live"),
    #: A turn-based table's time per move, its match's bank and what time's end does (bot, abandon, replace).
    Column("turn_seconds", Float, nullable=True),
    Column("bank_seconds", Float, nullable=True),
    Column("on_timeout", String(8), nullable=True),
    #: The seat to act at a turn-based table and its wall-clock deadline (null when nobody is), written
    #: with each action; the overdue sweep looks up the deadlines passed.
    Column("to_act", Integer, nullable=True),
    Column("deadline", Float, nullable=True, index=True),
    #: What time's end did to the table, in words ("Ana ran out of time; the match is abandoned").
    Column("note", Text, nullable=True),
)

seats = Table(
    "seats",
    metadata,
    _key("table_id"),
    _number("seat"),
    Column("kind", String(KIND), nullable=False),
    Column("name", String(NAME), nullable=True),
    _hash("token_hash", nullable=True),
    #: The table's version when the seat's person was last there (migration 0012; null: never).
    Column("seen", Integer, nullable=True),
)

actions = Table(
    "actions",
    metadata,
    _key("table_id"),
    _number("version"),
    Column("seat", Integer, nullable=False),
    Column("text", Text, nullable=False),
    Column("data", JSON, nullable=True),
    Column("client_id", String(64), nullable=True),
    Column("stand_in", Boolean, nullable=False),
    _created(),
    #: When the action was stored, by the server's wall clock (`cardtable.web.clock`; migration 0012,
    #: null for older rows): a turn-based table's deadlines and banks are read from these.
    Column("at", Float, nullable=True),
)

leases = Table(
    "leases",
    metadata,
    _key("table_id"),
    Column("owner", String(OWNER), nullable=False),
    Column("until", Float, nullable=False),
    Column("wanted", String(OWNER), nullable=True),
)

# --- players and ratings (migration 0005) ---

players = Table(
    "players",
    metadata,
    _key("id", PLAYER_ID),
    Column("name", String(NAME), nullable=False),
    _hash("token_hash"),
    Column("listed", Boolean, nullable=False),
    _created(),
    # the language the server writes to the player in (`cardtable.i18n.LANGUAGES`; none: not yet
    # known, English), migration 0015
    Column("language", String(LANGUAGE), nullable=True),
)

seat_players = Table(
    "seat_players",
    metadata,
    _key("table_id"),
    _number("seat"),
    Column("player_id", String(PLAYER_ID), nullable=False, index=True),
    _created(),
    UniqueConstraint("table_id", "player_id", name="uq_seat_players_table_player"),
)

ratings = Table(
    "ratings",
    metadata,
    _key("game", GAME),
    _key("who", OWNER),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("hands", Integer, nullable=False),
    _created("updated"),
)

rated_hands = Table(
    "rated_hands",
    metadata,
    _key("table_id"),
    _number("match"),
    _number("hand"),
    Column("game", String(GAME), nullable=False),
    Column("sides", JSON, nullable=False),
    _created(),
)

# --- the players' pages: each rated one's hands and statistics (migration 0008) ---

hand_history = Table(
    "hand_history",
    metadata,
    _key("who", OWNER),  # a rating's key: player:ID or bot:NAME
    _key("table_id"),
    _number("match"),
    _number("hand"),
    Column("game", String(GAME), nullable=False),
    Column("seats", JSON, nullable=False),  # the seats it held
    Column("sides", JSON, nullable=False),  # {"seats": [[seat, ...], ...], "scores": [side's score, ...]}
    Column("mu", Float, nullable=False),  # the rating after the hand
    Column("sigma", Float, nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("counts", JSON, nullable=False),  # its statistics in the hand (`cardtable.stats`)
    _created(),
    Index("ix_hand_history_who_game_created", "who", "game", "created"),
)

table_results = Table(
    "table_results",
    metadata,
    _key("who", OWNER),
    _key("table_id"),
    Column("game", String(GAME), nullable=False),
    Column("counts", JSON, nullable=False),  # the sums of its hands' generic counts there (hands, won, ...)
    Column("people", JSON, nullable=False),  # each other seat: {"SEAT": [hands with it, hands against]}
    Column("mu_before", Float, nullable=False),  # its rating before its first hand there
    Column("mu", Float, nullable=False),  # and after its last
    _created("first"),
    _created("last"),
    Index("ix_table_results_who_last", "who", "last"),
)

stat_totals = Table(
    "stat_totals",
    metadata,
    _key("game", GAME),
    _key("who", OWNER),
    Column("counts", JSON, nullable=False),  # the sums of its hands' counts
    _created("since"),  # its first hand counted
    _created("updated"),
)

# --- tournaments (migration 0006 and after) ---

tournaments = Table(
    "tournaments",
    metadata,
    _key("id"),
    Column("name", String(80), nullable=False),
    Column("game", String(GAME), nullable=False),
    Column("preset", String(64), nullable=True),
    Column("rules", JSON, nullable=False),
    Column("format", String(SHORT), nullable=False),
    Column("rounds", Integer, nullable=False),
    Column("hands", Integer, nullable=False),
    Column("duplicate", Boolean, nullable=False),
    Column("hall", Boolean, nullable=False),
    Column("bot", String(KIND), nullable=False),
    Column("max_entrants", Integer, nullable=False),
    _hash("director_hash"),
    Column("status", String(SHORT), nullable=False),
    _created(),
    #: Counts every change (an entrant, a round, a result) up: what cached answers are kept by.
    Column("version", Integer, nullable=False, server_default="0"),
)

entrants = Table(
    "entrants",
    metadata,
    _key("tournament_id"),
    _number("number"),
    Column("name", String(NAME), nullable=False),
    _hash("token_hash"),
    Column("player_id", Text, nullable=True),
    Column("replaced_by", String(KIND), nullable=True),
    Column("team", Integer, nullable=True),
    _created(),
    #: The round being played (or the rounds started) when the director replaced the entrant.
    Column("replaced_round", Integer, nullable=True),
)

rounds = Table(
    "rounds",
    metadata,
    _key("tournament_id"),
    _number("number"),
    Column("status", String(SHORT), nullable=False),
    Column("board_seed", String(64), nullable=True),
    _created("started"),
    _created("ended", nullable=True),
)

round_tables = Table(
    "round_tables",
    metadata,
    _key("tournament_id"),
    _number("round"),
    _number("number"),
    Column("table_id", String(ID), nullable=True),
    Column("seats", JSON, nullable=False),
)

results = Table(
    "results",
    metadata,
    _key("tournament_id"),
    _number("round"),
    _number("table_number"),
    _number("hand"),
    Column("score", JSON, nullable=False),
    Column("entry", JSON, nullable=True),
    Column("source", String(SHORT), nullable=False),
    _created(),
)

#: The director's corrections of entered results, in order (the tournament's log).
result_changes = Table(
    "result_changes",
    metadata,
    _key("tournament_id"),
    _number("number"),
    Column("round", Integer, nullable=False),
    Column("table_number", Integer, nullable=False),
    Column("hand", Integer, nullable=False),
    Column("old_score", JSON, nullable=False),
    Column("new_score", JSON, nullable=False),
    Column("old_entry", JSON, nullable=True),
    Column("new_entry", JSON, nullable=True),
    _created(),
)

# --- review jobs (migration 0009) ---

review_jobs = Table(
    "review_jobs",
    metadata,
    _key("id"),
    Column("key", String(HASH), nullable=False, index=True),
    Column("state", String(SHORT), nullable=False),
    Column("done", Integer, nullable=False),
    Column("total", Integer, nullable=True),
    Column("status", Integer, nullable=False),
    Column("error", Text, nullable=True),
    Column("review", Text, nullable=True),
    Column("complete", Boolean, nullable=False),
    Column("node", String(OWNER), nullable=False),
    _created(),
    _created("updated"),
)

# --- puzzles: each player's puzzle rating, each puzzle's, the answers that moved them (migration 0010) ---

PUZZLE_ID = 16  # a puzzle's id (`cardtable.puzzles.puzzle_id`)

puzzle_ratings = Table(
    "puzzle_ratings",
    metadata,
    _key("player_id", PLAYER_ID),
    Column("rating", Float, nullable=False),
    Column("solved", Integer, nullable=False),
    Column("failed", Integer, nullable=False),
    _created("updated"),
)

puzzle_scores = Table(
    "puzzle_scores",
    metadata,
    _key("puzzle_id", PUZZLE_ID),
    Column("rating", Float, nullable=False),
    Column("tries", Integer, nullable=False),
    _created("updated"),
)

puzzle_answers = Table(
    "puzzle_answers",
    metadata,
    _key("player_id", PLAYER_ID),
    _key("puzzle_id", PUZZLE_ID),
    Column("move", String(NAME), nullable=False),
    Column("right", Boolean, nullable=False),
    Column("rating_before", Float, nullable=False),
    Column("rating_after", Float, nullable=False),
    _created(),
)

# --- players' e-mail addresses, for sign-in links and the word that a table waits (migration 0011) ---

ADDRESS = 254  # an e-mail address (`cardtable.web.mail.MAX_ADDRESS`)

player_emails = Table(
    "player_emails",
    metadata,
    _key("player_id", PLAYER_ID),
    Column("address", String(ADDRESS), nullable=False, unique=True),
    #: When a link sent there was first followed (the address is the player's), or null.
    Column("verified", Float, nullable=True),
    _created(),
)

# --- signing in: sessions on devices, one-time e-mail links, passkeys and their challenges (migration 0014) ---

SESSION_ID = 16  # a session's id (the middle of its token, ``s.ID.SECRET``)
LABEL = 80  # a session's or a passkey's label: the device and browser it was made on
CREDENTIAL = 512  # a passkey's credential id, base64url

sessions = Table(
    "sessions",
    metadata,
    _key("id", SESSION_ID),
    Column("player_id", String(PLAYER_ID), nullable=False, index=True),
    _hash("secret_hash"),
    Column("label", String(LABEL), nullable=False),
    _created(),
    _created("last_used"),
    _created("expires"),
    #: When it was ended (signed out from the player's page), or null while it lives.
    _created("ended", nullable=True),
)

signin_links = Table(
    "signin_links",
    metadata,
    Column("hash", String(HASH), primary_key=True),
    Column("player_id", String(PLAYER_ID), nullable=False, index=True),
    #: ``verify`` (the address is the player's) or ``signin`` (a session for a new device).
    Column("purpose", String(SHORT), nullable=False),
    #: The address it was sent to (a verify link confirms exactly that one).
    Column("address", String(ADDRESS), nullable=False),
    _created(),
    _created("expires"),
    _created("used", nullable=True),
)

passkeys = Table(
    "passkeys",
    metadata,
    Column("credential_id", String(CREDENTIAL), primary_key=True),
    Column("player_id", String(PLAYER_ID), nullable=False, index=True),
    Column("public_key", Text, nullable=False),
    Column("sign_count", Integer, nullable=False),
    Column("label", String(LABEL), nullable=False),
    _created(),
    _created("last_used", nullable=True),
)

passkey_challenges = Table(
    "passkey_challenges",
    metadata,
    _key("id", SESSION_ID),
    #: The challenge's bytes, base64url; taken (deleted) by the ceremony that answers it.
    Column("challenge", String(HASH), nullable=False),
    #: The player adding a passkey, or null for a sign-in.
    Column("player_id", String(PLAYER_ID), nullable=True),
    _created(),
    _created("expires"),
)

signin_failures = Table(
    "signin_failures",
    metadata,
    _key("player_id", PLAYER_ID),
    Column("failures", Integer, nullable=False),
    #: When the first failure of the current run was.
    _created("since"),
    #: Until when sign-ins to the account are refused, or null.
    _created("locked_until", nullable=True),
)

# --- notices: a word when it is your turn, by e-mail and Web Push (migration 0013) ---

ZONE = 64  # an IANA time zone's name
ENDPOINT = 1024  # a push service's endpoint URL
PUSH_KEY = 128  # a subscription's public key or auth secret (base64url)

notice_prefs = Table(
    "notice_prefs",
    metadata,
    _key("player_id", PLAYER_ID),
    Column("email", Boolean, nullable=False),
    Column("push", Boolean, nullable=False),
    #: ``each`` (a message a turn) or ``hourly`` (one digest an hour at most).
    Column("often", String(SHORT), nullable=False),
    #: Quiet hours, local hours 0..23 in ``zone``: nothing is sent from ``quiet_from`` to ``quiet_to``.
    Column("quiet_from", Integer, nullable=False),
    Column("quiet_to", Integer, nullable=False),
    Column("zone", String(ZONE), nullable=False),
    _created("updated"),
)

push_subscriptions = Table(
    "push_subscriptions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("player_id", String(PLAYER_ID), nullable=False, index=True),
    Column("endpoint", String(ENDPOINT), nullable=False, unique=True),
    Column("p256dh", String(PUSH_KEY), nullable=False),
    Column("auth", String(PUSH_KEY), nullable=False),
    _created(),
)

notice_outbox = Table(
    "notice_outbox",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("player_id", String(PLAYER_ID), nullable=False, index=True),
    Column("table_id", String(ID), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("game", String(GAME), nullable=False),
    #: The table's version after the action that made the seat wait.
    Column("version", Integer, nullable=False),
    Column("deadline", Float, nullable=False),
    Column("since", Float, nullable=False),
    _created(),
    #: When a sender took the row (null: not yet); a row is taken by one process only.
    Column("sent", Float, nullable=True, index=True),
    #: What became of it, by channel (``{"email": "sent", "push": "1/2"}``, or ``{"skipped": why}``).
    Column("results", JSON, nullable=True),
)

server_keys = Table(
    "server_keys",
    metadata,
    _key("name", SHORT),
    #: The private key (base64url of the raw P-256 number) and public key (base64url, uncompressed point).
    Column("private", Text, nullable=False),
    Column("public", Text, nullable=False),
    _created(),
)
