"""The schema comes only from migrations: after upgrading, the database matches the models exactly."""

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from scorekeeper.extensions import db


def test_migrations_build_exactly_the_models(app):
    with app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        differences = compare_metadata(context, db.metadata)
    # alembic_version is the migrations' own bookkeeping, not a model.
    assert [d for d in differences if not (d[0] == "remove_table" and d[1].name == "alembic_version")] == []


def test_tables_played_before_event_trails_keep_their_undo_and_redo(app):
    """0006 moves the undo stacks from lists in the snapshot to the events; down and up again keeps them."""
    import uuid

    from flask_migrate import downgrade, upgrade
    from sqlalchemy import text

    from scorekeeper import jsonio

    client = app.test_client()
    code = client.post("/api/tables", json={"game": "scorepad", "seats": [{"name": "Ann"}]}).get_json()["code"]

    def send(kind, data):
        body = {"id": str(uuid.uuid4()), "type": kind, "data": data}
        response = client.post(f"/api/tables/{code}/events", json=body)
        assert response.status_code == 201, response.get_json()
        return response.get_json()["table"]

    for n in (1, 2, 3, 4, 5):
        send("points", {"seat": 0, "points": n})
    send("undo", {"seq": 5})
    send("undo", {"seq": 4})
    with app.app_context():
        try:
            downgrade(revision="0005")
            snapshot = db.session.execute(text("SELECT snapshot FROM tables WHERE code = :c"), {"c": code}).scalar()
            snapshot = jsonio.loads(snapshot) if isinstance(snapshot, str) else snapshot
            assert (snapshot["done"], snapshot["undone"]) == ([1, 2, 3], [5, 4])
            db.session.commit()
        finally:
            upgrade()
    table = send("redo", {"seq": 4})
    assert table["result"]["players"][0]["total"] == 10 and table["redo_seq"] == 5
    table = send("undo", {"seq": 4})
    table = send("undo", {"seq": 3})
    assert table["result"]["players"][0]["total"] == 3 and (table["undo_seq"], table["redo_seq"]) == (2, 3)
    for seq in (3, 4, 5):
        table = send("redo", {"seq": seq})
    assert table["result"]["players"][0]["total"] == 15 and table["redo_seq"] is None


def test_league_players_named_with_characters_that_show_nothing_are_found_by_the_new_comparison(app):
    """0008 recomputes the stored name keys: a player added as "Ann" + a Hangul filler before it is the same
    player as "Ann" after it (and a second such player in one league keeps its old key rather than clash)."""
    from flask_migrate import downgrade, upgrade
    from sqlalchemy import text

    client = app.test_client()
    lg = client.post("/api/leagues", json={"name": "Club"}).get_json()
    admin = {"Authorization": f"Bearer {lg['admin_token']}"}
    for name in ("Ann\u3164", "Ben"):
        assert client.post(f"/api/leagues/{lg['id']}/players", json={"name": name}, headers=admin).status_code == 201
    with app.app_context():
        try:
            downgrade(revision="0007")
            keys = db.session.execute(text("SELECT name_key FROM league_players ORDER BY name_key")).scalars().all()
            assert keys == ["ann\u1160", "ben"]  # as 0007 stored them (NFKC turns U+3164 into U+1160)
            db.session.execute(text("INSERT INTO league_players (league_id, name, name_key, created_at_ms) "
                                    "SELECT league_id, 'Ben\u2800', 'ben\u2800', 0 FROM league_players LIMIT 1"))
            db.session.commit()
        finally:
            upgrade()
        keys = db.session.execute(text("SELECT name_key FROM league_players ORDER BY name_key")).scalars().all()
        assert keys == ["ann", "ben", "ben\u2800"]
    again = client.post(f"/api/leagues/{lg['id']}/players", json={"name": "Ann"}, headers=admin)
    assert again.status_code == 409, again.get_json()
