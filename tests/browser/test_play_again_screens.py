"""After the game: Play again on one phone takes every phone at the table to the new table;
the names played with are offered on the next new table."""

import pytest
import requests
from screens import api_league, auth, post_event, start_table_in_the_ui

pytestmark = pytest.mark.browser


def test_play_again_takes_every_phone_to_one_new_table_with_the_same_seats(phone, second_phone, live_server, shots):
    code = start_table_in_the_ui(phone, "scorepad", ("Ann", "Ben", "Cleo"))
    second_phone.goto(f"/#/table/{code}")
    second_phone.wait_for_selector(".live[data-state=live]")
    assert phone.locator(".after-game").is_hidden()  # not before the game is over
    post_event(live_server, code, "points", {"seat": 2, "points": 5})
    post_event(live_server, code, "finish")
    phone.wait_for_selector(".after-game .play-again")
    phone.set_viewport_size({"width": 360, "height": 640})
    phone.evaluate("scrollTo(0, 0)")
    box = phone.locator(".play-again").bounding_box()
    assert box["y"] + box["height"] <= 640  # on the first screen once the game is over
    phone.screenshot(path=shots / "play-again.png")
    phone.get_by_role("button", name="Play again").click()
    phone.wait_for_function(f"() => location.hash.startsWith('#/table/') && !location.hash.includes('{code}')")
    fresh = phone.evaluate("location.hash.split('/')[2]")
    second_phone.wait_for_function(f"() => location.hash === '#/table/{fresh}'")  # followed by itself
    for page in (phone, second_phone):
        page.wait_for_selector(".live[data-state=live]")
        assert page.locator(".scoreboard .name").all_inner_texts() == ["Ann", "Ben", "Cleo"]
        assert page.locator(".scoreboard .total").all_inner_texts() == ["0", "0", "0"]
    old = requests.get(f"{live_server.url}/api/tables/{code}", timeout=10).json()
    assert old["next_code"] == fresh
    # Back on the old table: it says where the game went on, and does not jump away again.
    second_phone.go_back()
    second_phone.wait_for_selector(f".after-game a[href='#/table/{fresh}']")
    assert second_phone.evaluate("location.hash") == f"#/table/{code}"


def test_names_played_with_are_offered_on_the_next_table(phone, live_server, shots):
    start_table_in_the_ui(phone, "scorepad", ("Ann", "Ben", "Cleo"))
    phone.goto("/#/new/block-buster")
    phone.wait_for_selector("button.same-players")
    assert phone.locator("#known-players option").evaluate_all("os => os.map(o => o.value)") == ["Ann", "Ben", "Cleo"]
    phone.locator("button.same-players").click()
    assert [i.input_value() for i in phone.locator(".seats input").all()] == ["Ann", "Ben", "Cleo"]
    phone.screenshot(path=shots / "same-players.png")


def test_a_casual_game_is_recorded_in_a_league_this_phone_belongs_to(phone, live_server):
    league = api_league(live_server, "Thursday club")
    phone.goto(f"/#/league/{league['id']}?t={league['member_token']}")
    phone.wait_for_selector("#record-result")
    code = requests.post(f"{live_server.url}/api/tables", timeout=10,
                         json={"game": "scorepad", "seats": [{"name": "Ann"}, {"name": "Ben"}]}).json()["code"]
    post_event(live_server, code, "points", {"seat": 1, "points": 7})
    post_event(live_server, code, "finish")
    phone.goto(f"/#/table/{code}")
    phone.get_by_role("button", name="Record in Thursday club").click()
    phone.wait_for_selector(".record-in-league :text('Recorded in Thursday club')")
    assert phone.get_by_role("button", name="Record in Thursday club").is_disabled()
    results = requests.get(f"{live_server.url}/api/leagues/{league['id']}/results",
                           headers=auth(league["viewer_token"]), timeout=10).json()["results"]
    assert [{p["name"]: p["score"] for p in r["players"]} for r in results] == [{"Ann": 0, "Ben": 7}]


def test_a_casual_golf_game_is_recorded_with_the_winner_the_table_named(phone, live_server):
    """Recorded with the places the game decided: the league is not golf-style, and by scores alone it would have
    named the highest total the winner."""
    league = api_league(live_server, "Thursday club")
    phone.goto(f"/#/league/{league['id']}?t={league['member_token']}")
    phone.wait_for_selector("#record-result")
    body = {"game": "scorepad", "options": {"lowest_wins": True}, "seats": [{"name": "Ann"}, {"name": "Ben"}]}
    code = requests.post(f"{live_server.url}/api/tables", timeout=10, json=body).json()["code"]
    post_event(live_server, code, "points", {"seat": 0, "points": 3})
    post_event(live_server, code, "points", {"seat": 1, "points": 7})
    post_event(live_server, code, "finish")
    phone.goto(f"/#/table/{code}")
    phone.get_by_role("button", name="Record in Thursday club").click()
    phone.wait_for_selector(".record-in-league :text('Recorded in Thursday club')")
    results = requests.get(f"{live_server.url}/api/leagues/{league['id']}/results",
                           headers=auth(league["viewer_token"]), timeout=10).json()["results"]
    assert [{p["name"]: (p["score"], p["place"]) for p in r["players"]} for r in results] == [
        {"Ann": (3, 1), "Ben": (7, 2)}]


def test_two_phones_recording_one_casual_game_in_a_league_record_it_once(phone, second_phone, live_server):
    """Each player taps "Record in …" on their own phone: the league keeps one result, and the phone that comes
    second is told it is recorded (the players it would add are there already)."""
    league = api_league(live_server, "Thursday club")
    code = requests.post(f"{live_server.url}/api/tables", timeout=10,
                         json={"game": "scorepad", "seats": [{"name": "Ann"}, {"name": "Ben"}]}).json()["code"]
    post_event(live_server, code, "points", {"seat": 1, "points": 7})
    post_event(live_server, code, "finish")
    for one in (phone, second_phone):
        # Whichever phone comes second finds the players added already: its browser logs that 409.
        one.expected_errors.append("status of 409")
        one.goto(f"/#/league/{league['id']}?t={league['member_token']}")
        one.wait_for_selector("#record-result")
        one.goto(f"/#/table/{code}")
        one.get_by_role("button", name="Record in Thursday club").wait_for()
    phone.get_by_role("button", name="Record in Thursday club").click()
    second_phone.get_by_role("button", name="Record in Thursday club").click()
    for one in (phone, second_phone):
        one.wait_for_selector(".record-in-league :text('Recorded in Thursday club')")
    results = requests.get(f"{live_server.url}/api/leagues/{league['id']}/results",
                           headers=auth(league["viewer_token"]), timeout=10).json()["results"]
    assert len(results) == 1


def test_play_again_at_a_league_table_stays_in_the_league_from_a_phone_with_its_member_link(phone, live_server):
    """The phone sends the member link it keeps for the table's league: the join code alone would make a casual
    next table."""
    league = api_league(live_server, "Thursday club")
    phone.goto(f"/#/league/{league['id']}?t={league['member_token']}")
    phone.wait_for_selector("#record-result")
    code = requests.post(f"{live_server.url}/api/tables", timeout=10, headers=auth(league["member_token"]),
                         json={"game": "scorepad", "league": league["id"],
                               "seats": [{"name": "Ann"}, {"name": "Ben"}]}).json()["code"]
    post_event(live_server, code, "finish")
    phone.goto(f"/#/table/{code}")
    phone.get_by_role("button", name="Play again").click()
    phone.wait_for_function(f"() => location.hash.startsWith('#/table/') && !location.hash.includes('{code}')")
    fresh = phone.evaluate("location.hash.split('/')[2]")
    assert requests.get(f"{live_server.url}/api/tables/{fresh}", timeout=10).json()["league"] == league["id"]
