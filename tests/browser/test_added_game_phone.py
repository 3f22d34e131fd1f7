"""A game added as a contributor adds one plays on a phone: Tally (tests/fixtures/newgame/, its rules module,
phone module and log lines side by side), registered by its one line (``SCOREKEEPER_GAMES=tally``) on a server
of its own, is started from the home screen, played through its own panel, and scored; axe-core clean.

tests/test_adding_a_game.py runs the registry-wide checks on the same game; this is its phone's smoke test.
"""

import pytest
from screens import serious_violations, start_table_in_the_ui, with_axe
from support import CAST, ROOT, sqlite_live_server

pytestmark = pytest.mark.browser

NEWGAME = ROOT / "tests" / "fixtures" / "newgame"


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    """The browser tier's server (conftest.py), with Tally's line set and its folder importable: the phone
    fixtures of conftest.py open their pages on this one."""
    server = sqlite_live_server(tmp_path_factory.mktemp("tally"),
                                env={"SCOREKEEPER_GAMES": "tally", "PYTHONPATH": str(NEWGAME)})
    yield server
    server.stop()


def totals(phone) -> dict[str, str]:
    return dict(zip(phone.locator(".scoreboard .name").all_inner_texts(),
                    phone.locator(".scoreboard .total").all_inner_texts(), strict=True))


def test_a_phone_starts_a_tally_table_plays_it_through_its_panel_and_sees_the_score(phone, shots):
    with_axe(phone.context)
    code = start_table_in_the_ui(phone, "tally", CAST[:2])
    marks = phone.locator(".panel button.seat")
    marks.first.wait_for()
    assert marks.all_inner_texts() == list(CAST[:2])  # its own panel: a button per player,
    assert phone.locator("#points").count() == 0  # not the plain score pad a game without a phone module gets

    for seat, after in ((0, {"Anna": "1", "Ben": "0"}), (1, {"Anna": "1", "Ben": "1"}), (0, {"Anna": "2", "Ben": "1"})):
        marks.nth(seat).click()
        phone.wait_for_function("([names, want]) => names.every((n, i) => document.querySelectorAll("
                                "'.scoreboard .total')[i]?.textContent === want[n])", arg=[list(CAST[:2]), after])
    assert totals(phone) == {"Anna": "2", "Ben": "1"}
    phone.get_by_text("Anna +1").first.wait_for()  # its log lines (tally-log.js) say what each tap did
    assert serious_violations(phone) == []
    phone.screenshot(path=shots / "added-game-tally-playing.png", full_page=True)

    marks.first.click()  # the third mark: Anna reaches the target (3) and wins
    phone.wait_for_selector(".scoreboard li.leader .name:text-is('Anna')")
    phone.wait_for_function("() => [...document.querySelectorAll('.panel button.seat')].every((b) => b.disabled)")
    assert totals(phone) == {"Anna": "3", "Ben": "1"}
    assert phone.evaluate("location.hash") == f"#/table/{code}"
    assert serious_violations(phone) == []
    phone.screenshot(path=shots / "added-game-tally-won.png", full_page=True)
