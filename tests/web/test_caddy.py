"""The deployment recipe of ``docs/deploy.md``, run: a real Caddy in front of a real ``cardtable serve``.

The Caddyfile is read from ``docs/deploy/`` and changed only where a test must: the site's name
becomes ``https://cards.test:PORT`` (Chromium is told that name is 127.0.0.1), the upstream port is
the test server's, ``tls internal`` replaces Let's Encrypt, and a global block turns off Caddy's
admin endpoint, keeps its local certificate authority out of the machine's trust store and moves
its plain-http port off 80. Chromium then creates a table and plays a whole hand through
``https://`` with the live connection on ``wss://``; a WebSocket from another site's page is
refused through the proxy; ``/healthz`` and ``/readyz`` answer through it and ``/metrics`` does not;
a client cannot dodge the per-address limits by sending its own ``X-Forwarded-For`` through Caddy.

The systemd units of ``docs/deploy/`` are checked with ``systemd-analyze verify`` where it is
installed, read as INI files for the settings the recipe relies on, and the commands they run are
run (systemd itself is not: the tests run in a container without it).

Without Caddy or Chromium the tests skip locally and fail in CI (`tests.conftest.need`).
"""

from __future__ import annotations

import asyncio
import configparser
import contextlib
import gzip
import os
import re
import shlex
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import websockets

from tests.conftest import need
from tests.web.client import Server, free_port

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "docs" / "deploy"
NAME = "cards.test"


def caddyfile_for_test(upstream: int, port: int, http_port: int) -> str:
    """The docs' Caddyfile with only the site's name and the upstream port changed, and what a
    test needs added (internal TLS, no admin endpoint, no trust-store change, http off port 80)."""
    text = (DEPLOY / "Caddyfile").read_text()
    site = re.compile(r"^cards\.example\.org \{$", re.MULTILINE)
    upstream_line = re.compile(r"^(\s*reverse_proxy) 127\.0\.0\.1:8000$", re.MULTILINE)
    assert len(site.findall(text)) == 1 and len(upstream_line.findall(text)) == 1, "the recipe's Caddyfile changed"
    text = site.sub(f"https://{NAME}:{port} {{\n\ttls internal", text)
    text = upstream_line.sub(rf"\1 127.0.0.1:{upstream}", text)
    return f"{{\n\tadmin off\n\tskip_install_trust\n\thttp_port {http_port}\n}}\n\n" + text


class Caddy:
    """``caddy run`` on a Caddyfile, with its data (the local certificate authority) in ``home``."""

    def __init__(self, config: str, home: Path, port: int) -> None:
        self.port = port
        self.home = home
        path = home / "Caddyfile"
        path.write_text(config)
        env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"), "XDG_CONFIG_HOME": str(home)}
        self.log = (home / "caddy.log").open("wb")
        self.proc = subprocess.Popen(
            ["caddy", "run", "--config", str(path), "--adapter", "caddyfile"],
            env=env, stdout=self.log, stderr=subprocess.STDOUT,
        )  # fmt: skip

    def root(self) -> Path:
        return self.home / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"

    def wait(self) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("caddy stopped: " + (self.home / "caddy.log").read_text()[-2000:])
            if self.root().exists():
                try:
                    get(self, "/healthz")
                    return
                except (httpx.HTTPError, ssl.SSLError, OSError):
                    pass
            time.sleep(0.2)
        raise RuntimeError("caddy did not start in 30 s: " + (self.home / "caddy.log").read_text()[-2000:])

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.log.close()


def tls(caddy: Caddy) -> ssl.SSLContext:
    """TLS that trusts only the test Caddy's own certificate authority, and checks the name."""
    return ssl.create_default_context(cafile=str(caddy.root()))


def get(caddy: Caddy, path: str, **headers: str) -> httpx.Response:
    """``GET https://cards.test:PORT/path`` through Caddy (connecting to 127.0.0.1, naming cards.test)."""
    with httpx.Client(verify=tls(caddy), timeout=10) as client:
        return client.get(
            f"https://127.0.0.1:{caddy.port}{path}",
            headers={"Host": f"{NAME}:{caddy.port}", **headers},
            extensions={"sni_hostname": NAME},
        )


@contextlib.contextmanager
def behind_caddy(home: Path, *server_args: str) -> Iterator[tuple[Server, Caddy]]:
    """``cardtable serve`` on 127.0.0.1 as the recipe runs it (``--public-url``, the proxy trusted
    by default), and the recipe's Caddy in front of it."""
    need(shutil.which("caddy") is not None, "Caddy (apt install caddy)")
    port = free_port()
    public = ("--host", "127.0.0.1", "--public-url", f"https://{NAME}:{port}")
    server = Server(f"sqlite:///{home / 'tables.db'}", *public, *server_args).start()
    caddy = Caddy(caddyfile_for_test(server.port, port, free_port()), home, port)
    try:
        caddy.wait()
        yield server, caddy
    finally:
        caddy.stop()
        server.stop()


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Caddy]]:
    with behind_caddy(tmp_path_factory.mktemp("caddy")) as both:
        yield both


def test_health_answers_through_the_proxy_and_the_metrics_do_not(proxied: tuple[Server, Caddy]) -> None:
    _, caddy = proxied
    health, ready = get(caddy, "/healthz"), get(caddy, "/readyz")
    assert (health.status_code, ready.status_code) == (200, 200), (health.text, ready.text)
    assert get(caddy, "/metrics").status_code == 404
    home = get(caddy, "/")
    assert home.status_code == 200 and home.headers.get("content-type", "").startswith("text/html")
    # The server's security headers come through the proxy (web.md section 5).
    assert "script-src 'self'" in home.headers.get("content-security-policy", "")
    assert home.headers.get("x-content-type-options") == "nosniff"
    assert home.headers.get("referrer-policy") == "no-referrer"


def test_a_websocket_from_another_sites_page_is_refused_through_the_proxy(proxied: tuple[Server, Caddy]) -> None:
    server, caddy = proxied
    made = server.post("/api/tables", {"game": "smear", "seats": ["human", "rule", "rule", "rule"]}).json()
    url = f"wss://{NAME}:{caddy.port}/ws/tables/{made['table']}"

    async def attempt(origin: str) -> str:
        sock = socket.create_connection(("127.0.0.1", caddy.port))
        try:
            async with websockets.connect(url, sock=sock, ssl=tls(caddy), origin=origin, open_timeout=10) as ws:
                await ws.send('{"t": "hello", "token": null, "v": 0}')
                return "open"
        except websockets.InvalidStatus as e:
            return f"refused {e.response.status_code}"

    async def both() -> tuple[str, str]:
        return await attempt("https://evil.example"), await attempt(f"https://{NAME}:{caddy.port}")

    elsewhere, own = asyncio.run(both())
    assert elsewhere == "refused 403"
    assert own == "open"  # the same handshake from the server's own origin goes through


def test_a_whole_hand_in_chromium_over_https_and_wss_and_another_sites_page_is_refused(
    proxied: tuple[Server, Caddy], tmp_path: Path
) -> None:
    from tests.browser.conftest import chromium_path
    from tests.browser.pages import create_table, join, play_until_summary, sit_down

    path = chromium_path()
    need(path is not None, "Chromium (apt install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    _, caddy = proxied
    base = f"https://{NAME}:{caddy.port}"
    sockets: list[str] = []
    problems: list[str] = []
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=[f"--host-resolver-rules=MAP {NAME} 127.0.0.1"])
        try:
            # The test's certificate authority is not the machine's: Chromium is told to accept it.
            # The pages run under the Content-Security-Policy as it comes through the proxy.
            desk = browser.new_context(ignore_https_errors=True).new_page()
            phone = browser.new_context(ignore_https_errors=True, viewport={"width": 375, "height": 667}).new_page()
            for page in (desk, phone):
                page.on("websocket", lambda ws: sockets.append(ws.url))
                page.on(
                    "console", lambda msg: problems.append(msg.text) if "Content Security Policy" in msg.text else None
                )
            link = create_table(desk, base, "smear", ["human", "human", "rule", "rule"], hands=1)
            assert link.startswith(base + "/t/"), link
            sit_down(desk)
            join(phone, link, "Bo")
            play_until_summary([desk, phone])
            assert desk.locator("#handsummary").count() == 1 and phone.locator("#handsummary").count() == 1
            assert desk.url.startswith(base) and phone.url.startswith(base)
            table = desk.url.split("/t/")[1].split("?")[0]
            live = f"wss://{NAME}:{caddy.port}/ws/tables/{table}"
            assert all(u.startswith(live) for u in sockets), sockets
            # A page of another site, in the same browser, cannot open the table's live connection.
            evil = browser.new_context(ignore_https_errors=True).new_page()
            evil.route("https://evil.test/", lambda route: route.fulfill(body="<html><body>hi</body></html>"))
            evil.goto("https://evil.test/")
            opened = evil.evaluate(
                """url => new Promise(done => {
                    const ws = new WebSocket(url);
                    ws.onopen = () => done("open");
                    ws.onerror = () => done("refused");
                })""",
                live,
            )
            assert opened == "refused"
            # and the same from the server's own page opens (the refusal is the origin's)
            assert (
                desk.evaluate(
                    """url => new Promise(done => {
                    const ws = new WebSocket(url);
                    ws.onopen = () => { ws.close(); done("open"); };
                    ws.onerror = () => done("refused");
                })""",
                    live,
                )
                == "open"
            )
        finally:
            browser.close()
    assert len(sockets) >= 2, sockets
    assert problems == [], problems


def test_a_forged_forwarded_for_through_the_proxy_is_not_believed(tmp_path: Path) -> None:
    """Caddy replaces a client's own ``X-Forwarded-For`` with the address it sees: a client that
    names a new address on every request through the proxy is still one address to the server,
    and its table creations run into the per-address limit."""
    with behind_caddy(tmp_path, "--creates-per-minute", "3") as (_, caddy):
        statuses = []
        with httpx.Client(verify=tls(caddy), timeout=10) as client:
            for n in range(5):
                r = client.post(
                    f"https://127.0.0.1:{caddy.port}/api/tables",
                    json={"game": "smear", "seats": ["human", "rule", "rule", "rule"]},
                    headers={"Host": f"{NAME}:{caddy.port}", "X-Forwarded-For": f"203.0.113.{n + 1}"},
                    extensions={"sni_hostname": NAME},
                )
                statuses.append(r.status_code)
    assert statuses == [201, 201, 201, 429, 429], statuses


UNITS = ("cardtable.service", "cardtable-backup.service", "cardtable-backup.timer")


def unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=False, delimiters=("=",))
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # systemd's keys keep their case
    parser.read_string((DEPLOY / name).read_text())
    return parser


#: Where the recipe keeps the settings, which the units' commands name.
ENV_FILE = "/etc/cardtable/cardtable.env"


def cardtable_argv(name: str) -> list[str]:
    """The arguments a unit gives ``cardtable``, read from its ``ExecStart`` as systemd splits it
    (and, for a ``/bin/sh -c`` line, as the shell then splits its script)."""
    words = shlex.split(unit(name)["Service"]["ExecStart"].replace("$$", "$").replace("%%", "%"))
    if words[:2] == ["/bin/sh", "-c"]:
        words = shlex.split(words[2])
        assert words[0] == "exec", words
        words = words[1:]
    assert words[0] == "/opt/cardtable/bin/cardtable", words
    return words[1:]


def test_the_systemd_units_say_what_the_recipe_relies_on() -> None:
    from cardtable.cli import build_parser
    from cardtable.web.settings import FROM_ENVIRONMENT, read_env_file

    server = unit("cardtable.service")["Service"]
    # the command line, parsed by the command line's own parser: the settings come from the file,
    # which cardtable reads itself (no ${...} for systemd to fill in, no EnvironmentFile)
    args = build_parser().parse_args(cardtable_argv("cardtable.service"))
    assert (args.command, args.host, args.port, args.env_file) == ("serve", "127.0.0.1", 8000, ENV_FILE)
    assert args.db is None and args.public_url is None and "${" not in server["ExecStart"]
    assert "EnvironmentFile" not in server
    assert (server["KillSignal"], server["Restart"], server["User"]) == ("SIGTERM", "on-failure", "cardtable")
    assert float(server["TimeoutStopSec"]) > 10  # the server's own stop takes at most 10 s
    assert (server["NoNewPrivileges"], server["ProtectSystem"], server["ProtectHome"]) == ("yes", "strict", "yes")
    assert set(read_env_file(str(DEPLOY / "cardtable.env"))) == set(FROM_ENVIRONMENT)
    backup = unit("cardtable-backup.service")["Service"]
    args = build_parser().parse_args(cardtable_argv("cardtable-backup.service"))
    assert (args.command, args.action, args.env_file, args.db) == ("db", "backup", ENV_FILE, None)
    assert args.file.startswith("/var/backups/cardtable/tables-") and backup["Type"] == "oneshot"
    assert "EnvironmentFile" not in backup
    assert unit("cardtable-backup.timer")["Timer"]["Persistent"] == "true"


def test_the_systemd_units_pass_systemd_analyze_verify(tmp_path: Path) -> None:
    """``systemd-analyze verify`` on the units, with the program they start pointed at this
    environment's ``cardtable`` (verify refuses a unit whose program does not exist). It warns and
    still succeeds on a bad value, so any line naming a unit fails the test."""
    need(shutil.which("systemd-analyze") is not None, "systemd-analyze (apt install systemd)")
    here = shutil.which("cardtable") or str(Path(sys.executable).with_name("cardtable"))
    assert Path(here).exists(), "the cardtable command is not installed beside this Python"
    for name in UNITS:
        (tmp_path / name).write_text((DEPLOY / name).read_text().replace("/opt/cardtable/bin/cardtable", here))
    done = subprocess.run(
        ["systemd-analyze", "verify", *(str(tmp_path / name) for name in UNITS)],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    said = [line for line in (done.stdout + done.stderr).splitlines() if any(name in line for name in UNITS)]
    assert done.returncode == 0 and said == [], done.stdout + done.stderr


def unit_command(name: str, key: str, env_file: Path, port: int, backups: Path) -> list[str]:
    """A unit's command as systemd would run it here: ``%%`` and ``$$`` unescaped, the program,
    the settings file, the port and the backup folder pointed at this test's."""
    line = unit(name)["Service"][key]
    assert "${" not in line  # nothing for systemd to fill in: cardtable reads its settings itself
    line = line.replace("%%", "%").replace("$$", "$")
    line = line.replace("/opt/cardtable/bin/cardtable", f"{shlex.quote(sys.executable)} -m cardtable")
    line = line.replace(ENV_FILE, shlex.quote(str(env_file)))
    line = line.replace("--port 8000", f"--port {port}").replace("/var/backups/cardtable", str(backups))
    return shlex.split(line)


def test_the_units_commands_serve_stop_on_sigterm_and_back_up(tmp_path: Path) -> None:
    """The commands the units run, run: the server's, with the settings of a ``cardtable.env`` as
    the recipe makes it (``600``, in a fresh environment without them, its database URL holding
    ``&``), serves from that database (``/readyz``, a table made lands in its file) and refuses a
    host that is not the public URL's, then ends with status 0 on the unit's ``KillSignal`` within
    its ``TimeoutStopSec``; the backup service's makes a backup of that database that restores."""
    from tests.web.client import SRC

    port = free_port()
    db_file = tmp_path / "tables.db"
    env_file = tmp_path / "cardtable.env"
    recipe = (DEPLOY / "cardtable.env").read_text()
    url = f"sqlite:///{db_file}?timeout=20&cached_statements=50"
    env_file.write_text(re.sub(r"(?m)^CARDTABLE_DB=.*$", lambda _: f"CARDTABLE_DB={url}", recipe))
    env_file.chmod(0o600)
    env = {k: v for k, v in os.environ.items() if not k.startswith("CARDTABLE_")}
    env |= {"PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", ""), "XDG_DATA_HOME": str(tmp_path / "xdg")}
    backups = tmp_path / "backups"
    backups.mkdir()
    serve = unit_command("cardtable.service", "ExecStart", env_file, port, backups)
    proc = subprocess.Popen(serve, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert proc.poll() is None and time.monotonic() < deadline, "the unit's server did not start"
            try:
                ready = httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        assert ready.status_code == 200
        created = httpx.post(
            f"http://127.0.0.1:{port}/api/tables",
            json={"game": "smear", "seats": ["human", "rule", "rule", "rule"]},
            headers={"Origin": "https://cards.example.org"},
        )
        assert created.status_code == 201, created.text
        assert db_file.is_file() and not (tmp_path / "xdg").exists()  # the file's database, not the default
        assert httpx.get(f"http://127.0.0.1:{port}/healthz", headers={"Host": "cards.example.org"}).status_code == 200
        assert httpx.get(f"http://127.0.0.1:{port}/healthz", headers={"Host": "rebound.example"}).status_code == 400
        stop = unit("cardtable.service")["Service"]
        proc.send_signal(getattr(signal, stop["KillSignal"]))
        assert proc.wait(float(stop["TimeoutStopSec"])) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    for key in ("ExecStart", "ExecStartPost"):
        done = subprocess.run(
            unit_command("cardtable-backup.service", key, env_file, port, backups),
            env=env, capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip
        assert done.returncode == 0, done.stdout + done.stderr
    made = list(backups.glob("tables-*.jsonl.gz"))
    assert len(made) == 1 and re.fullmatch(r"tables-\d{8}T\d{6}Z\.jsonl\.gz", made[0].name), made
    from cardtable.cli import main

    assert main(["db", "restore", str(made[0]), "--db", f"sqlite:///{tmp_path / 'restored.db'}"]) == 0
    with gzip.open(made[0], "rt") as f:
        assert any('"table": "tables"' in line or '"table":"tables"' in line for line in f)  # the table made
