"""The server's e-mail (`cardtable.web.mail`), its wall clock (`cardtable.web.clock`) and the
players' addresses (migration 0011)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.web.clock import FileClock, ManualClock, SystemClock, from_environment
from cardtable.web.mail import Mailer, MailError, check_address, parse_smtp, smtp_error
from tests.web.mailsink import body, smtp_sink


def test_a_message_reaches_the_smtp_server() -> None:
    with smtp_sink() as sink:
        mailer = Mailer(sink.url, "cardtable <tables@cards.example.org>")
        mailer.send("ana@example.org", "Your turn", "Table abc waits for you: https://x/t/abc")
        (msg,) = sink.wait_for("ana@example.org")
        assert msg["Subject"] == "Your turn"
        assert msg["From"] == "cardtable <tables@cards.example.org>"
        assert "https://x/t/abc" in body(msg)


def test_no_server_sends_nothing_and_says_so() -> None:
    mailer = Mailer(None, "x@y.z")
    assert not mailer.enabled
    with pytest.raises(MailError, match="no --smtp"):
        mailer.send("a@b.org", "s", "t")


def test_an_unreachable_server_is_one_line() -> None:
    mailer = Mailer("smtp://127.0.0.1:9", "x@y.z")  # the discard port: nothing listens there
    with pytest.raises(MailError) as e:
        mailer.send("a@b.org", "s", "t")
    assert "\n" not in str(e.value) and "127.0.0.1:9" in str(e.value)


def test_smtp_urls() -> None:
    s = parse_smtp("smtp://u%40x:p%3Aw@mail.example.org:587?starttls=1")
    assert (s.host, s.port, s.starttls, s.tls, s.user, s.password) == (
        "mail.example.org",
        587,
        True,
        False,
        "u@x",
        "p:w",
    )
    assert parse_smtp("smtps://mail.example.org").port == 465
    assert parse_smtp("smtp://mail.example.org").port == 25
    for bad in ("http://x", "smtp://", "smtp://h:99999", "mail.example.org"):
        assert smtp_error(bad) is not None
    assert smtp_error(None) is None


@pytest.mark.parametrize("text", ["ana@example.org", " Ana.B+x@Example.ORG "])
def test_addresses(text: str) -> None:
    assert check_address(text) == text.strip().rsplit("@", 1)[0] + "@" + text.strip().rsplit("@", 1)[1].lower()


@pytest.mark.parametrize(
    "text",
    ["", "ana", "ana@host", "a b@example.org", "<a@b.org>", "a@b.org\nBcc: x@y.org", 5, None, "x" * 250 + "@b.org"],
)
def test_bad_addresses_are_refused_in_one_line(text: object) -> None:
    with pytest.raises(ValueError) as e:
        check_address(text)
    assert str(e.value).startswith("address:") and "\n" not in str(e.value)


def test_clocks(tmp_path: Path) -> None:
    m = ManualClock(1000.0)
    m.advance(86400)
    assert m.now() == 87400.0
    f = tmp_path / "offset"
    c = FileClock(f)
    base = SystemClock().now()
    assert abs(c.now() - base) < 5  # no file: no offset
    f.write_text("172800")
    assert c.now() - base > 172800 - 5
    f.write_text("not a number")
    assert abs(c.now() - base) < 5
    assert isinstance(from_environment({"CARDTABLE_CLOCK_FILE": str(f)}), FileClock)
    assert isinstance(from_environment({}), SystemClock)


def test_migration_0011_matches_the_schema_and_goes_down(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine, inspect

    from cardtable.web import schema
    from cardtable.web.ops.migrate import MIGRATIONS

    url = f"sqlite:///{tmp_path / 'tables.db'}"
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url)
    command.upgrade(config, "head")
    engine = create_engine(url)
    seen = inspect(engine)
    table = schema.player_emails
    assert [c["name"] for c in seen.get_columns(table.name)] == [c.name for c in table.columns]
    assert seen.get_pk_constraint(table.name)["constrained_columns"] == ["player_id"]
    command.downgrade(config, "0010")
    assert table.name not in inspect(engine).get_table_names()
    command.upgrade(config, "head")
    assert table.name in inspect(engine).get_table_names()
    engine.dispose()
