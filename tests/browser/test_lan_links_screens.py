"""The laptop that runs `make run` opens the app at localhost; the links and QR codes it shows reach the phones."""

import io

import pytest
import segno
from screens import PHONE, start_table_in_the_ui
from support import LiveServer, migrate

from scorekeeper import create_app

pytestmark = pytest.mark.browser

LAN = "http://192.0.2.44:8000"  # what `make run` found; TEST-NET, so nothing is ever reached by mistake


@pytest.fixture(scope="module")
def lan_server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("lan")
    url = f"sqlite:///{tmp / 'lan.sqlite3'}"
    migrate(create_app({"SQLALCHEMY_DATABASE_URI": url}))
    server = LiveServer(url, tmp, workers=1, env={"SCOREKEEPER_LAN_URL": LAN})
    yield server
    server.stop()


@pytest.fixture
def laptop(browser, lan_server):
    context = browser.new_context(base_url=lan_server.url.replace("127.0.0.1", "localhost"), **PHONE)
    yield context.new_page()
    context.close()


def svg_of(url: str, title: str) -> str:
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=8, border=4, xmldecl=False, title=title)
    return out.getvalue().decode()


def test_the_invite_link_and_qr_code_of_a_table_made_at_localhost_use_the_lan_address(laptop, shots):
    code = start_table_in_the_ui(laptop, "scorepad", ("Ann", "Ben"))
    laptop.locator(".table-head button.code").click()
    link = laptop.locator("dialog.share .join-link").inner_text()
    assert link == f"{LAN}/#/table/{code}"
    qr = laptop.locator("dialog.share img.qr").get_attribute("src")
    drawn = laptop.evaluate(f"fetch('{qr}').then(r => r.text())")
    assert drawn == svg_of(link, f"Join table {code}")
    laptop.screenshot(path=shots / "invite-lan.png")


def test_league_links_and_their_qr_codes_made_at_localhost_use_the_lan_address(laptop):
    laptop.goto("/#/leagues")
    laptop.fill("#league-name", "Thursday club")
    laptop.get_by_role("button", name="Create", exact=True).click()
    laptop.wait_for_selector(".created")
    links = [laptop.locator(f".created .link-{role} input").input_value() for role in ("admin", "member", "viewer")]
    assert all(link.startswith(f"{LAN}/#/league/") for link in links), links
    laptop.get_by_role("link", name="Open the league").click()
    laptop.locator(".share-league summary").click()
    laptop.locator(".link-viewer button.show-qr").click()
    laptop.wait_for_selector("dialog.qr-dialog svg.qr")
    assert laptop.locator(".share-status").inner_text() == ""  # the server drew it: the link is ours
