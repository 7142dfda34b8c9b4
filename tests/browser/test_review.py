"""The review panel in the browser: after a hand played at a table with bots, the seat's own
decisions graded with the better move marked and the graph of expected points; in the replay
viewer, any hand of a record opened there reviewed for the seat chosen. axe-core checks the
panel, and a phone's width shows it without scrolling sideways.

Screenshots go to test-artifacts/ (``docs/screenshots/review-*.png`` are taken from them).
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, Page

from tests.analysis.helpers import played_record
from tests.browser.pages import create_table, play_until_summary, sit_down
from tests.browser.test_access import DESKTOP, PHONE, axe_clean
from tests.web.client import Server

GRADE_WORDS = ("best", "good", "an inaccuracy", "a mistake", "a blunder", "the only legal move")


def reviewed(page: Page) -> None:
    """Wait for the review to be drawn (the job's progress first), and check what it shows."""
    page.wait_for_selector("#reviewsummary", timeout=120_000)
    summary = page.inner_text("#reviewsummary")
    assert "decision" in summary and ("accuracy" in summary or "no choice" in summary), summary
    assert page.locator("#reviewpanel svg.reviewgraph path.made").count() == 1
    buttons = page.locator("#reviewpanel .reviewlist button")
    assert buttons.count() >= 1
    labels = [buttons.nth(i).get_attribute("aria-label") or "" for i in range(buttons.count())]
    assert all(any(w.split()[-1] in label for w in GRADE_WORDS) for label in labels), labels
    buttons.last.click()
    line = page.inner_text("#reviewpanel .reviewline")
    assert any(w in line for w in GRADE_WORDS), line
    page.click("#reviewpanel button[aria-label='next step']")
    assert page.inner_text("#reviewpanel .where").startswith("step ")
    worst = page.locator("#reviewpanel .reviewlist button.grade-blunder, #reviewpanel .reviewlist button.grade-mistake")
    (worst.first if worst.count() else buttons.first).click()  # the one to show in the screenshot


def fits(page: Page, width: int) -> None:
    """The panel and everything in it lie within the phone's width (nothing to scroll sideways to)."""
    box = page.locator("#reviewpanel").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, box
    widest = page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('#reviewpanel *')].map(e => e.getBoundingClientRect().right))"
    )
    assert widest <= width + 1, f"part of the panel reaches {widest} px at {width}"


def test_a_hand_played_at_a_table_is_reviewed(chromium: Browser, server: Server, artifacts: Path) -> None:
    page = chromium.new_context(bypass_csp=True, viewport=DESKTOP).new_page()
    create_table(page, server.url, "smear", ["human", "rule", "rule", "rule"], hands=1)
    sit_down(page)
    play_until_summary([page])
    page.click("#reviewhand")
    reviewed(page)
    # the seat's own decisions, and the panel says whose
    assert "for you" in page.inner_text("#reviewpanel h2")
    axe_clean(page, "the review panel at the table")
    page.locator("#reviewpanel").screenshot(path=str(artifacts / "review-table.png"))
    page.context.close()


def test_a_record_opened_in_the_replay_viewer_is_reviewed(
    chromium: Browser, server: Server, artifacts: Path, tmp_path: Path
) -> None:
    record = played_record("sheepshead", 11, hands=2)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page = chromium.new_context(bypass_csp=True, viewport=size, is_mobile=name == "phone").new_page()
        page.goto(server.url + "/replay")
        page.set_input_files("#file", str(path))
        page.wait_for_selector("#reviewhand")
        # the second hand, chosen as the hand picker does (Playwright's select_option leaves this
        # picker where it was; a person's choice fires the same change event as this)
        page.evaluate(
            "() => { const s = document.getElementById('hand'); s.value = '1'; s.dispatchEvent(new Event('change')); }"
        )
        assert page.inner_text("#where").startswith("hand 2")
        page.select_option("#reviewseat", value="2")
        page.click("#reviewhand")
        reviewed(page)
        assert "Review of hand 2 for seat 2" in page.inner_text("#reviewpanel h2")
        axe_clean(page, f"the review panel in the replay viewer ({name})")
        if name == "phone":
            fits(page, size["width"])
        page.locator("#reviewpanel").screenshot(path=str(artifacts / f"review-replay-{name}.png"))
        page.context.close()


def test_a_review_that_stopped_or_failed_says_why_in_german(chromium: Browser, server: Server, tmp_path: Path) -> None:
    """The server's own words on a German page: why a review stopped early (its time ran out) and
    why one failed (the server reviewing it stopped), said from the words the server keeps beside
    its English. The answers are the server's reviewer's own, given to the page for its requests."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from cardtable.web.review.jobs import STOPPED, Reviewer, ReviewLimits, check_review, job_answer

    record = played_record("smear", 12)

    async def past_its_time() -> bytes:
        reviewer = Reviewer(ReviewLimits(job_seconds=0.0))
        try:
            status, checked = check_review(json.dumps(record).encode(), 0, 0, None, 0)
            assert status == 200
            reviewer.admit("a")
            job = await reviewer.start("a", checked["key"], checked["record"], 0, 0)
            while job.state in ("queued", "running"):
                await asyncio.sleep(0.05)
            return bytes(job.answer().body)
        finally:
            reviewer.close()

    with ThreadPoolExecutor(1) as other:  # Playwright's own loop runs in this thread
        stopped = other.submit(asyncio.run, past_its_time()).result()
    assert not json.loads(stopped)["review"]["complete"]
    answers = [(200, stopped), (503, bytes(job_answer("gone", "failed", 0, None, None, STOPPED, 503).body))]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    context = chromium.new_context(locale="de-DE", bypass_csp=True, viewport=DESKTOP)
    page = context.new_page()
    page.route(
        "**/api/review?*",
        lambda route: route.fulfill(status=answers[0][0], content_type="application/json", body=answers.pop(0)[1]),
    )
    page.goto(server.url + "/replay")
    # the page reads a file once its words are loaded and said (its title in German)
    page.wait_for_function("() => document.title === 'cardtable · Nachspielen'")
    page.set_input_files("#file", str(path))
    page.wait_for_selector("#reviewhand")
    page.click("#reviewhand")
    page.wait_for_selector("#reviewpanel p.error")
    said = page.inner_text("#reviewpanel p.error")
    assert said.startswith("Nicht vollständig: die 0 s der Analyse waren nach 0 von "), said
    assert said.endswith(" Entscheidungen um."), said
    page.click("#reviewhand")
    page.wait_for_selector("#reviewpanel p.error[role=alert]")
    said = page.inner_text("#reviewpanel p.error[role=alert]")
    assert said == (
        "Keine Analyse: der Server, der dieses Spiel analysierte, hat vor dem Ende aufgehört; "
        "fordere die Analyse noch einmal an"
    ), said
    assert not answers
    context.close()
