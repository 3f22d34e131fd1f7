"""A game's options on the phone, drawn from GET /api/games (frontend/js/lib/option-fields.js): the
new-table screen and the league's house rules show each option by its label in players' words, at
360×640 light and dark, with nothing wider than the screen and no serious axe-core violation."""

import pytest
import requests
from screens import PHONE, api_league, auth, serious_violations, with_axe

pytestmark = pytest.mark.browser

SMALL = {"width": 360, "height": 640}


@pytest.fixture(scope="module")
def catalogue(live_server):
    return {g["id"]: g for g in requests.get(f"{live_server.url}/api/games", timeout=10).json()["games"]}


@pytest.fixture(params=["light", "dark"])
def small_phone(request, browser, live_server):
    context = with_axe(browser.new_context(base_url=live_server.url, **{**PHONE, "viewport": SMALL},
                                           color_scheme=request.param))
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.scheme = request.param
    yield page
    context.close()
    assert not errors, errors


def overflowing(page) -> list[str]:
    """Elements reaching past the screen's right edge (a label or input the phone would cut off)."""
    return page.evaluate("""() => [...document.querySelectorAll('main *')]
        .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .map((el) => el.tagName + (el.id ? '#' + el.id : '') + ' ' + (el.textContent || '').slice(0, 40))""")


def cut_choices(page) -> list[str]:
    """Choices whose words do not fit their closed select (a phone shows them cut off)."""
    return page.evaluate("""() => {
        const ctx = document.createElement('canvas').getContext('2d');
        const cut = [];
        for (const select of document.querySelectorAll('main select')) {
            const style = getComputedStyle(select);
            ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
            for (const option of select.options) {
                if (ctx.measureText(option.text).width > room) cut.push(`${select.id}: ${option.text}`);
            }
        }
        return cut;
    }""")


def open_options(phone) -> None:
    """Open the new-table screen's options, once the game's catalogue has drawn them."""
    phone.wait_for_selector("details.options")
    phone.locator("details.options summary").click()


def labels_of(page, ids) -> dict[str, str]:
    return {i: page.locator(f"label[for='{i}']").inner_text() for i in ids}


@pytest.mark.parametrize("game", ["make-n-break", "block-buster", "bresk", "wuerfelspiel"])
def test_new_table_options_read_in_players_words(small_phone, catalogue, game, shots):
    phone = small_phone
    phone.goto(f"/#/new/{game}")
    open_options(phone)
    options = catalogue[game]["options"]
    shown = labels_of(phone, [f"opt-{o['name']}" for o in options])
    assert list(shown.values()) == [o["label"] for o in options]
    for option in options:
        if option["type"] == "choice":
            texts = phone.locator(f"#opt-{option['name']} option").all_inner_texts()
            assert texts == option["choice_labels"]
    assert overflowing(phone) == []
    assert cut_choices(phone) == []
    assert serious_violations(phone) == []
    phone.locator("details.options").screenshot(path=shots / f"new-table-options-{game}-{phone.scheme}.png")


def start_the_table(phone, live_server) -> dict:
    """Seat Ann and Ben, start the table on the phone, and return the table as the server keeps it."""
    inputs = phone.locator(".seats input")
    inputs.nth(0).fill("Ann")
    inputs.nth(1).fill("Ben")
    phone.get_by_role("button", name="Start the table").click()
    phone.wait_for_function("() => location.hash.startsWith('#/table/')")
    code = phone.evaluate("location.hash.split('/')[2]")
    return requests.get(f"{live_server.url}/api/tables/{code}", timeout=10).json()


def test_options_chosen_on_the_new_table_screen_reach_the_table(phone, live_server):
    phone.goto("/#/new/make-n-break")
    open_options(phone)
    phone.fill("#opt-rounds", "3")
    phone.select_option("#opt-extreme_points", "printed")
    options = start_the_table(phone, live_server)["options"]
    assert options["rounds"] == 3 and options["extreme_points"] == "printed" and options["seconds_1"] == 30


def test_house_rules_read_in_players_words(small_phone, live_server, catalogue, shots):
    phone = small_phone
    league = api_league(live_server, "Small screen club")
    links = f"t={league['admin_token']}&m={league['member_token']}&v={league['viewer_token']}"
    phone.goto(f"/#/league/{league['id']}?{links}")
    phone.wait_for_function(f"() => location.hash === '#/league/{league['id']}'")
    phone.wait_for_selector(".league-head h1:not(:empty)")
    phone.evaluate(f"location.hash = '#/league/{league['id']}/admin'")
    phone.wait_for_selector("#save-rules")
    games = phone.locator("fieldset.rules-game").evaluate_all("els => els.map((el) => el.dataset.game)")
    assert games == [g for g, game in catalogue.items()
                     if game["word_list_option"] or any(o["league"] for o in game["options"])]
    for game in games:
        options = [o for o in catalogue[game]["options"] if o["league"]]
        shown = labels_of(phone, [f"rule-{game}-{o['name']}" for o in options])
        assert list(shown.values()) == [o["label"] for o in options]
    # Integer boxes start empty, the game's own value in the placeholder and the range beside them.
    assert phone.get_attribute("#rule-make-n-break-seconds_1", "placeholder") == "30"
    assert phone.locator("#rule-make-n-break-seconds_1-range").inner_text() == "5–600, usually 30"
    assert overflowing(phone) == []
    assert cut_choices(phone) == []
    assert serious_violations(phone) == []
    phone.locator("#house-rules").screenshot(path=shots / f"league-house-rules-{phone.scheme}.png")


def test_a_value_per_player_is_typed_with_commas_and_pluses(phone, live_server):
    phone.goto("/#/new/block-buster")
    open_options(phone)
    phone.select_option("#opt-variant", "two-colour")
    phone.fill("#opt-colours", "blue + green, yellow + red")
    table = start_the_table(phone, live_server)
    assert table["options"]["colours"] == [["blue", "green"], ["yellow", "red"]]


def test_a_league_table_starts_from_the_house_rules_and_may_turn_one_off(small_phone, live_server, shots):
    """The new-table screen inside a league shows its house rules ticked; unticking one (back to the game's
    own value) reaches the table, instead of the league's value coming back."""
    phone = small_phone
    league = api_league(live_server, "House rules club")
    rules = {"bresk": {"live_word_marking": True}}
    assert requests.put(f"{live_server.url}/api/leagues/{league['id']}/rules", json=rules, timeout=10,
                        headers=auth(league["admin_token"])).status_code == 200
    phone.goto(f"/#/league/{league['id']}?t={league['member_token']}")
    phone.wait_for_selector("#start-table")
    phone.evaluate(f"location.hash = '#/new/bresk?league={league['id']}'")
    phone.wait_for_selector(".in-league")
    open_options(phone)
    assert phone.is_checked("#opt-live_word_marking")  # the league's house rule, not the game's default
    phone.uncheck("#opt-live_word_marking")
    assert serious_violations(phone) == []
    phone.locator("details.options").screenshot(path=shots / f"league-new-table-options-{phone.scheme}.png")
    table = start_the_table(phone, live_server)
    assert table["league"] == league["id"]
    assert table["options"]["live_word_marking"] is False


def test_add_player_says_so_when_the_game_has_all_its_seats(small_phone, shots):
    """Block Buster seats four: at four, "+ Add player" did nothing and said nothing. It is off, and says why, beside
    it and to a screen reader; taking a player out brings it back."""
    phone = small_phone
    phone.goto("/#/new/block-buster")
    add = phone.get_by_role("button", name="+ Add player")
    add.click()
    add.click()
    assert phone.locator(".seats input").count() == 4
    assert add.is_disabled()
    reason = phone.get_by_text("Up to 4 players in this game")
    assert reason.is_visible()
    assert add.get_attribute("aria-describedby") == reason.get_attribute("id")
    assert serious_violations(phone) == []
    phone.locator("form").screenshot(path=shots / f"new-table-all-seats-{phone.scheme}.png")
    phone.get_by_role("button", name="remove player").last.click()
    assert phone.locator(".seats input").count() == 3
    assert add.is_enabled()
    assert reason.is_hidden()
