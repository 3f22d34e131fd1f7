"""Hostile input: each gets a clear 4xx naming what is wrong, and nothing is stored."""

import uuid

import pytest


def count_tables(client):
    # Every table gets a fresh code; the scorepad catalogue call has no side effects.
    from scorekeeper.extensions import db
    from scorekeeper.models import Table

    with client.application.app_context():
        return db.session.query(Table).count()


def seats(*names):
    return {"game": "scorepad", "seats": [{"name": n} for n in names]}


@pytest.mark.parametrize("body", ["[" * 50_000 + "]" * 50_000, '{"seats": ' + "[" * 5_000 + "]" * 5_000 + "}"])
def test_json_nested_too_deep_is_400(client, body):
    response = client.post("/api/tables", data=body, content_type="application/json")
    assert response.status_code == 400 and response.get_json()["code"] == "bad_request"
    assert count_tables(client) == 0


@pytest.mark.parametrize(("path", "body", "field"), [
    ("/api/lexicons/en/challenge", '{"words": ["\\ud800"]}', "words.0"),
    ("/api/lexicons/en/challenge", '{"words": ["ok"], "x\\u0000": 1}', "_schema"),
    ("/api/tables", '{"game": "block-buster", "seats": [{"name": "A"}, {"name": "B"}], '
                    '"options": {"teams": ["\\udfff", "B"]}}', "options.teams.0"),
    ("/api/leagues/import", '{"name": "Club\\u0000"}', "name"),
])
def test_text_no_database_can_store_is_refused_with_its_field_not_a_crash(client, path, body, field):
    """JSON may escape half of a character ("\\ud800"), which no UTF-8 text can hold, and NUL, which PostgreSQL
    refuses: the word judge answered 500 to the first. Refused wherever they are, with the field named."""
    response = client.post(path, data=body, content_type="application/json")
    assert response.status_code == 422, response.get_json()
    assert response.get_json()["errors"] == {field: ["This text holds a character that cannot be stored."]}
    assert count_tables(client) == 0


def test_an_escaped_pair_of_halves_is_one_character_and_kept(client):
    response = client.post("/api/tables", data='{"game": "scorepad", "seats": [{"name": "Ann \\ud83c\\udfb2"}]}',
                           content_type="application/json")
    assert response.status_code == 201 and response.get_json()["seats"] == ["Ann \U0001f3b2"]


def test_huge_body_is_413_before_it_is_read(client):
    response = client.post("/api/tables", data='{"seats": [' + '{"name": "x"},' * 40_000 + "]}",
                           content_type="application/json")
    assert response.status_code == 413 and response.get_json()["status"] == 413
    assert count_tables(client) == 0


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                                          "application/xml"])
def test_bodies_that_are_not_json_are_415(client, content_type):
    response = client.post("/api/tables", data='{"game": "scorepad", "seats": [{"name": "Ann"}]}',
                           content_type=content_type)
    assert response.status_code == 415 and response.get_json()["code"] == "unsupported_media_type"
    assert count_tables(client) == 0


@pytest.mark.parametrize(
    "name",
    [
        "Ann\u202eevil",  # right-to-left override: could make a name display as another
        "A\u200bnn",  # zero-width space: "Ann" and "A​nn" would look the same
        "Ann\u0000",  # NUL
        "\u2066Ann\u2069",  # isolates
        "Ann\ufeff",  # byte order mark
        "\ue000Ann",  # private use
    ],
)
def test_invisible_and_control_characters_in_names_are_refused(client, name):
    response = client.post("/api/tables", json=seats(name))
    assert response.status_code == 422
    assert "seats.0.name" in response.get_json()["errors"]
    assert count_tables(client) == 0
    league = client.post("/api/leagues", json={"name": name})
    assert league.status_code == 422 and "name" in league.get_json()["errors"]


# Characters that show nothing: a zero-width joiner, the combining grapheme joiner, the Hangul fillers, the blank
# Braille pattern, a variation selector.
BLANK = ["\u200d", "\u034f", "\u3164", "\u115f", "\u1160", "\uffa0", "\u2800", "\ufe0f"]


@pytest.mark.parametrize("name", [*BLANK, "\u3164\u3164 \u2800", "\u200d\u034f"])
def test_names_that_show_nothing_are_refused(client, name):
    response = client.post("/api/tables", json=seats(name, "Ben"))
    assert response.status_code == 422 and "seats.0.name" in response.get_json()["errors"], response.get_json()
    assert count_tables(client) == 0
    league = client.post("/api/leagues", json={"name": name})
    assert league.status_code == 422 and "name" in league.get_json()["errors"]


@pytest.mark.parametrize("blank", BLANK)
def test_names_that_differ_only_by_characters_that_show_nothing_are_the_same_name(client, blank):
    for name in (f"A{blank}nn", f"Ann{blank}", f"{blank}Ann"):
        response = client.post("/api/tables", json=seats("Ann", name))
        assert response.status_code == 422 and "seats.1.name" in response.get_json()["errors"], (name, response.json)
    lg = client.post("/api/leagues", json={"name": "Club"}).get_json()
    admin = {"Authorization": f"Bearer {lg['admin_token']}"}
    assert client.post(f"/api/leagues/{lg['id']}/players", json={"name": "Ann"}, headers=admin).status_code == 201
    again = client.post(f"/api/leagues/{lg['id']}/players", json={"name": f"An{blank}n"}, headers=admin)
    assert again.status_code == 409, again.get_json()


@pytest.mark.parametrize(
    "name",
    ["Zoë", "👩‍👩‍👧 family", "אנה", "Ann 🎲", "Robert'); DROP TABLE tables;--", "<img src=x onerror=alert(1)>",
     "../../etc/passwd", "%s%s%n", "${jndi:ldap://x}"],
)
def test_honest_odd_names_are_kept_exactly(client, name):
    response = client.post("/api/tables", json=seats(name, "Ben"))
    assert response.status_code == 201
    code = response.get_json()["code"]
    assert client.get(f"/api/tables/{code}").get_json()["seats"] == [name, "Ben"]
    assert count_tables(client) == 1


def test_names_that_only_differ_by_joiners_or_case_are_the_same_name(client):
    response = client.post("/api/tables", json=seats("ANN", "ann"))
    assert response.status_code == 422 and "seats.1.name" in response.get_json()["errors"]
    response = client.post("/api/tables", json=seats("Ann\u200d", "Ann"))
    assert response.status_code == 422


def test_sql_looking_words_are_only_words(client):
    response = client.get("/api/lexicons/en/words/cat' OR '1'='1")
    assert response.status_code == 200 and response.get_json()["valid"] is False
    code = client.post("/api/tables", json=seats("Ann")).get_json()["code"]
    evil = client.post(f"/api/tables/{code}/events", json={
        "id": str(uuid.uuid4()), "type": "points", "data": {"seat": "0; DROP TABLE events", "points": 1}})
    assert evil.status_code == 422 and "data.seat" in evil.get_json()["errors"]
    assert client.get(f"/api/tables/{code}/events").get_json()["events"] == []


@pytest.mark.parametrize("code", ["../../etc", "ZZZZZZ%00", "' OR 1=1 --", "A" * 300])
def test_odd_table_codes_are_404(client, code):
    assert client.get(f"/api/tables/{code}").status_code == 404


def test_nul_bytes_never_reach_the_database(client):
    body = {"id": str(uuid.uuid4()), "type": "points", "data": {"seat": 0, "points": 1}}
    assert client.post("/api/tables/ZZZZZZ%00/events", json=body).status_code == 404
    league = client.post("/api/leagues", json={"name": "Club"}).get_json()
    response = client.get(f"/api/leagues/{league['id']}/players/Ann%00",
                          headers={"Authorization": f"Bearer {league['viewer_token']}"})
    assert response.status_code == 404


def test_an_unknown_game_is_not_echoed_back_in_full(client):
    """The refusal repeated a 5,000-character game id whole."""
    league = client.post("/api/leagues", json={"name": "Club"}).get_json()
    recorded = client.post(f"/api/leagues/{league['id']}/results", json={"game": "x" * 5000, "played_on": "2024-01-01"},
                           headers={"Authorization": f"Bearer {league['member_token']}"})
    for response in (client.post("/api/tables", json={"game": "x" * 5000, "seats": [{"name": "Ann"}]}),
                     client.post("/api/tables", json={"game": {"x" * 5000: 1}, "seats": [{"name": "Ann"}]}), recorded):
        body = response.get_json()
        assert response.status_code == 422, body
        assert len(response.get_data()) < 1000 and "x" * 41 not in body["message"]


def test_a_streamed_body_past_the_limit_is_413_not_a_cut_one(client):
    """A body sent in chunks (no Content-Length) was cut at the 256 KiB limit without a word, and the cut JSON
    answered 400 "Invalid JSON body"; a body with its length said is 413 before it is read. Both are 413 now."""
    import io

    body = b'{"game": "scorepad", "seats": [' + b'{"name": "x"},' * 40_000 + b'{"name": "y"}]}'
    response = client.post("/api/tables", input_stream=io.BytesIO(body), environ_base={"wsgi.input_terminated": True},
                           headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"})
    assert response.status_code == 413 and response.get_json()["status"] == 413
    assert count_tables(client) == 0
    honest = b'{"game": "scorepad", "seats": [{"name": "Ann"}]}'
    response = client.post("/api/tables", input_stream=io.BytesIO(honest), environ_base={"wsgi.input_terminated": True},
                           headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"})
    assert response.status_code == 201
