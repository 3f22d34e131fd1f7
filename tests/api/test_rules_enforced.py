"""What the boxes and rulebooks make impossible is refused on both paths: a table's
events and a whole game's score sheet, with a 422 naming the field."""


from api_calls import new_table, post_event

from scorekeeper.games import block_buster

BLANK = "#" * 8


def grid(*rows):
    return list(rows) + [BLANK] * (8 - len(rows))


def ok(response):
    assert response.status_code in (200, 201), response.get_json()
    return response.get_json()


def refused(response, code, field):
    body = response.get_json()
    assert response.status_code == 422, body
    assert body["code"] == code, body
    assert field in body["errors"], body
    return body


def score(client, game, sheet):
    return client.post(f"/api/games/{game}/score", json=sheet)


# --- Bresk! -----------------------------------------------------------------------------------


def test_bresk_table_refuses_a_hand_in_without_the_forced_letter(client, monkeypatch):
    # The server's dice show BRESK (face index 4), then Q (index 16), then 3s (index 3).
    faces = iter([4, 16] + [3] * 21)
    monkeypatch.setattr("secrets.randbelow", lambda n: next(faces))
    code = new_table(client, "bresk", ["Ann", "Ben"])["code"]
    ok(post_event(client, code, "roll", {"dice": ["bresk"]}))
    ok(post_event(client, code, "roll", {"dice": ["alphabet"]}))
    for _ in range(21):
        ok(post_event(client, code, "roll", {"dice": ["bresk"]}))
    assert client.get(f"/api/tables/{code}").get_json()["state"]["letters_rolled"] == ["Q"]
    body = refused(post_event(client, code, "hand_in", {"seat": 0, "grid": grid("BAND#THE")}),
                   "forced_letter", "data.grid")
    assert "Q" in body["message"]
    ok(post_event(client, code, "hand_in", {"seat": 0, "grid": grid("QAT#####")}))


def test_bresk_table_counts_the_letters_a_roll_gave(client, monkeypatch):
    monkeypatch.setattr("secrets.randbelow", lambda n: 2)  # the Bresk die shows 2
    code = new_table(client, "bresk", ["Ann", "Ben"], hand_in_early=True)["code"]
    ok(post_event(client, code, "roll", {"dice": ["bresk"]}))
    refused(post_event(client, code, "hand_in", {"seat": 0, "grid": grid("CAT#####")}), "too_many_letters", "data.grid")
    ok(post_event(client, code, "hand_in", {"seat": 0, "grid": grid("AT######")}))


def test_bresk_sheet_refuses_two_players_of_one_name_and_a_grid_the_rolls_forbid(client):
    same = {"players": [{"name": "Ann", "grid": grid("CAT#####")}, {"name": "ANN", "grid": grid("AT######")}]}
    refused(score(client, "bresk", same), "duplicate_name", "players.1.name")
    rolled = {"players": [{"name": "Ann", "grid": grid("QAT#####")}, {"name": "Ben", "grid": grid("CAT#####")}],
              "rolls": ["Q"] + [3] * 21}
    refused(score(client, "bresk", rolled), "forced_letter", "players.1.grid")


def test_bresk_live_word_marking_is_off_unless_the_table_asks(client):
    assert client.get(f"/api/tables/{new_table(client, 'bresk', ['Ann'])['code']}").get_json()["options"][
        "live_word_marking"] is False
    code = new_table(client, "bresk", ["Ann"], live_word_marking=True)["code"]
    assert client.get(f"/api/tables/{code}").get_json()["options"]["live_word_marking"] is True


# --- Make 'N' Break Extreme ---------------------------------------------------------------------


def test_make_n_break_sheet_refuses_more_cards_than_the_deck_and_a_second_left_arrow(client):
    def sheet(cards):
        return {"players": ["Ann", "Ben"], "rounds": 1, "turns": [{"builder": "Ann", "die": 3, "cards": cards}]}

    body = refused(score(client, "make-n-break", sheet([{"kind": "standard", "points": 3}] * 81)),
                   "deck_used_up", "turns.0.cards.80.kind")
    assert "80 cards" in body["message"]
    refused(score(client, "make-n-break", sheet([{"kind": "extreme-5"}] * 300)), "deck_used_up",
            "turns.0.cards.80.kind")
    body = refused(score(client, "make-n-break", sheet([{"kind": "left-arrow", "completed": True}] * 3)),
                   "one_left_arrow", "turns.0.cards.1.kind")
    assert body["message"] == "The box has one '4 ←' card; it can be completed once a turn."


def test_make_n_break_table_refuses_a_second_left_arrow_in_a_turn(client):
    code = new_table(client, "make-n-break", ["Ann", "Ben", "Cy"])["code"]
    ok(post_event(client, code, "die", {"face": 2}))
    ok(post_event(client, code, "card", {"kind": "left-arrow", "completed": True}))
    refused(post_event(client, code, "card", {"kind": "left-arrow", "completed": True}), "one_left_arrow", "data.kind")


def test_make_n_break_bonus_timer_ends_with_the_bonus_build(client):
    code = new_table(client, "make-n-break", ["Ann", "Ben"])["code"]
    ok(post_event(client, code, "die", {"face": 3}))
    ok(post_event(client, code, "card", {"kind": "ten"}))
    ok(post_event(client, code, "end_turn"))
    ok(post_event(client, code, "timer", {"action": "start"}))  # the 30 s of the bonus build run
    assert client.get(f"/api/tables/{code}").get_json()["timer"]["state"] == "running"
    ok(post_event(client, code, "bonus", {"completed": True}))  # built in 12 s: the turn is over
    timer = client.get(f"/api/tables/{code}").get_json()["timer"]
    assert timer["state"] == "idle", timer  # not running on into Ben's turn


# --- Würfelspiel --------------------------------------------------------------------------------


def test_wuerfelspiel_refuses_a_31st_card_in_a_turn_on_both_paths(client):
    code = new_table(client, "wuerfelspiel", ["Ann", "Ben"])["code"]
    for _ in range(30):
        ok(post_event(client, code, "card", {"kind": "standard", "points": 2}))
    body = refused(post_event(client, code, "card", {"kind": "standard", "points": 2}), "thirty_cards", "data.kind")
    assert "30 building cards" in body["message"]
    turn = {"builder": "Ann", "stopper_rolls": [3] * 10, "cards": [{"kind": "standard", "points": 1}] * 100}
    refused(score(client, "wuerfelspiel", {"players": ["Ann", "Ben"], "turns": [turn]}), "thirty_cards",
            "turns.0.cards.30.kind")


# --- Block Buster -------------------------------------------------------------------------------

BB_BLOCKS = 9  # the 2-player board's point blocks


def bb_sheet(**changes):
    players = [{"name": "Ann", "leftover_squares": 0}, {"name": "Bob", "leftover_squares": 0}]
    sheet = {"players": players, "point_blocks": [{"shape": s, "owner": None} for s in (
        "red-circle", "red-star", "green-spiral", "green-spiral", "red-circle", "red-star",
        "red-star", "green-spiral", "red-circle")]}
    sheet.update(changes)
    return sheet


def test_block_buster_refuses_two_players_of_one_name_on_both_paths(client):
    body = client.post("/api/tables", json={"game": "block-buster", "seats": [{"name": "Ann"}, {"name": "ANN"}]})
    assert body.status_code == 422 and "seats.1.name" in body.get_json()["errors"]
    sheet = bb_sheet()
    sheet["players"][1]["name"] = " ann"
    refused(score(client, "block-buster", sheet), "duplicate_name", "players.1.name")


def test_block_buster_sheet_says_every_leftover_and_the_official_2p_box_has_16_a_colour(client):
    sheet = bb_sheet()
    del sheet["players"][1]["leftover_squares"]
    refused(score(client, "block-buster", sheet), "leftovers_missing", "players.1.leftover_squares")
    official = {"variant": "official-2p",
                "players": [{"name": "Ann", "leftover_squares": 0}, {"name": "Bob", "leftover_squares": 65}],
                "point_blocks": [{"shape": s, "owner": None} for row in block_buster.PATTERNS[4] for s in row]}
    refused(score(client, "block-buster", official), "bad_squares", "players.1.leftover_squares")
    official["players"][1]["leftover_squares"] = 64
    ok(score(client, "block-buster", official))


def test_block_buster_finish_waits_for_every_point_block_and_leftover(client):
    code = new_table(client, "block-buster", ["Ann", "Bob"])["code"]
    ok(post_event(client, code, "pass", {"seat": 0}))
    ok(post_event(client, code, "pass", {"seat": 1}))
    body = refused(post_event(client, code, "finish"), "point_blocks_missing", "point_blocks.0")
    assert "9 point blocks not entered yet" in body["message"]
    for index in range(BB_BLOCKS):
        ok(post_event(client, code, "point_block", {"index": index, "owner": None}))
    refused(post_event(client, code, "finish"), "leftovers_missing", "players.0.leftover_squares")
    ok(post_event(client, code, "leftover", {"seat": 0, "squares": 0}))
    ok(post_event(client, code, "leftover", {"seat": 1, "squares": 4}))
    assert ok(post_event(client, code, "finish"))
    assert client.get(f"/api/tables/{code}").get_json()["result"]["finished"] is True
