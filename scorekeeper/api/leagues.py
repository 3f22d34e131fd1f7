"""Leagues: players, seasons, house rules, results, standings, ratings, export/import.

Access is by capability token (``Authorization: Bearer <token>``): the admin, member
or viewer token handed out when the league is created. Views stay thin: the work is in
services.leagues.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import unicodedata
from urllib.parse import quote

from flask import Response, current_app, g, jsonify, request

from .. import i18n, offload
from ..cooperate import pause_collector, resume_collector
from ..limits import count_import, exports
from ..services import (
    bgg_plays,
    bgstats,
    bgstats_import,
    disputes,
    league_corrections,
    league_import,
    league_links,
    league_queries,
    leagues,
    plays_files,
    plays_import,
    ratings,
    recaps,
)
from ..services import standings as league_standings
from .blueprint import Blueprint
from .dispute_schemas import DisputesQuerySchema, DisputesSchema
from .league_link import league_token
from .league_schemas import (
    BggImportQuerySchema,
    BgStatsExportSchema,
    BgStatsFileSchema,
    BgStatsImportedSchema,
    BgStatsImportQuerySchema,
    ExportSchema,
    HeadToHeadQuerySchema,
    HeadToHeadSchema,
    HouseRulesPatchSchema,
    HouseRulesSchema,
    LeaderboardsSchema,
    LeagueCreatedSchema,
    LeagueCreateSchema,
    LeaguePlayerChangedSchema,
    LeaguePlayerChangeSchema,
    LeaguePlayerCreateSchema,
    LeaguePlayerListSchema,
    LeaguePlayerSchema,
    LeagueResultCorrectionSchema,
    LeagueResultInSchema,
    LeagueResultListSchema,
    LeagueResultSchema,
    LeagueResultsQuerySchema,
    LeagueSchema,
    PlayerPageSchema,
    PlaysFileInSchema,
    PlaysImportSchema,
    RecapQuerySchema,
    RecapSchema,
    RotatedSchema,
    RotateSchema,
    SeasonChangeSchema,
    SeasonCreateSchema,
    SeasonSchema,
    SharedTokensSchema,
    StandingsQuerySchema,
    StandingsSchema,
    StatsQuerySchema,
)

SECURITY = [{"leagueToken": []}]
MAX_IMPORT_BYTES = 8 * 1024 * 1024  # league_import.MAX_RESULTS results with players and corrections


class LeagueBlueprint(Blueprint):
    """Adds the Bearer token scheme to the OpenAPI document when registered."""

    def register_views_in_doc(self, api, app, spec, *, name, parameters):
        if "leagueToken" not in spec.components.security_schemes:
            spec.components.security_scheme("leagueToken", {
                "type": "http", "scheme": "bearer",
                "description": "A league's admin, member or viewer token, as handed out at creation or rotation.",
            })
        return super().register_views_in_doc(api, app, spec, name=name, parameters=parameters)


blp = LeagueBlueprint("leagues", __name__, url_prefix="/api/leagues",
                      description="Leagues: players, seasons, results, standings and ratings, by capability token.")


def _auth(league_id: str, need: str = "viewer"):
    """The league and the asker's role; a request that may write holds the league's lock until it commits."""
    return leagues.authorize(league_id, league_token(), need, lock=request.method not in ("GET", "HEAD"))


def _errors(*codes):
    descriptions = {401: "No token, or not this league's.", 403: "The token's role is not enough.",
                    404: "Not found.", 409: "Conflicts with what is stored.",
                    413: "Too big: more bytes, results, players or seasons than an import may hold.",
                    422: "Refused: the field is named.",
                    503: "Busy: other imports are running on this server; try again (retry_after seconds)."}

    def decorate(view):
        for code in codes:
            view = blp.alt_response(code, description=descriptions[code], success=False)(view)
        return view

    return decorate


def _neutralised(cell):
    """OWASP's advice against CSV injection: text that a spreadsheet would read as a formula
    (starting with = + - @, a tab or a carriage return) gets a leading apostrophe. Numbers stay numbers."""
    if isinstance(cell, str) and cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + cell
    return cell


# The imports: each endpoint's check of its body's size, before its schema reads it.
def _plays_file_size(body):
    """An existing league's import: its BG Stats file (sent as JSON) bounded as a new league's is."""
    if isinstance(body, dict) and isinstance(body.get("file"), dict):
        bgstats_import.check_size(body["file"])


IMPORTS = {"leagues.import_league": league_import.check_size, "leagues.import_bgstats": bgstats_import.check_size,
           "leagues.import_bgg": lambda _body: None,  # XML: bounded while it is read (services/bgg_plays.py)
           "leagues.preview_plays_import": _plays_file_size, "leagues.confirm_plays_import": _plays_file_size}


@blp.before_request
def _bigger_imports():
    if request.endpoint in IMPORTS:
        count_import()  # before the body is read or handed on
        request.max_content_length = MAX_IMPORT_BYTES
        if current_app.config["OFFLOAD"]:
            return offload.forward(request.get_data())  # this worker only carries the bytes (offload.py says why)
        pause_collector()  # resumed at teardown, whatever happens (cooperate.py says why)
        g.collector_paused = True
        body = request.get_json(silent=True) if request.is_json else None
        g.parsed_json = body  # parsed once: the arguments parser takes it from here (api/blueprint.py)
        IMPORTS[request.endpoint](body)  # 413 before the schema builds anything


@blp.teardown_request
def _after_imports(_exc):
    if g.pop("collector_paused", False):
        resume_collector()


@blp.route("", methods=["POST"])
@blp.arguments(LeagueCreateSchema)
@blp.response(201, LeagueCreatedSchema)
@_errors(422)
def create_league(payload):
    """Start a league. The three tokens are shown only now: admin, member (records) and viewer (reads)."""
    league, tokens = leagues.create(payload["name"], payload.get("rules"))
    return {"id": league.public_id, "name": league.name, **{f"{r}_token": t for r, t in tokens.items()}}


@blp.route("/import", methods=["POST"])
@blp.arguments(ExportSchema)
@blp.response(201, LeagueCreatedSchema)
@_errors(413, 422, 503)
def import_league(payload):
    """A new league from an export (all or nothing); returns its new tokens."""
    league, tokens = league_import.import_league(payload)
    return {"id": league.public_id, "name": league.name, **{f"{r}_token": t for r, t in tokens.items()}}


@blp.route("/import/bgstats", methods=["POST"])
@blp.arguments(BgStatsImportQuerySchema, location="query")
@blp.arguments(BgStatsFileSchema)
@blp.response(201, BgStatsImportedSchema)
@_errors(413, 422, 503)
def import_bgstats(query, payload):
    """A new league from a BG Stats export file (all or nothing): the plays of our games, each once (its uuid
    becomes the result's id); the plays of other games are left out and counted in the answer."""
    league, tokens, left_out = bgstats_import.import_file(payload, query["name"])
    return {"id": league.public_id, "name": league.name, **{f"{r}_token": t for r, t in tokens.items()},
            "left_out": left_out}


@blp.route("/import/bgg", methods=["POST"])
@blp.arguments(BggImportQuerySchema, location="query")
@blp.response(201, BgStatsImportedSchema)
@blp.doc(requestBody={"required": True, "description": "A saved BoardGameGeek plays file (XML API2 plays).",
                      "content": {"application/xml": {"schema": {"type": "string"}}}})
@_errors(413, 422, 503)
def import_bgg(query):
    """A new league from a saved BoardGameGeek plays file (all or nothing): each play once (its id kept as
    ``bgg-<id>``); plays of other games as score pad results under their names; unfinished ones left out."""
    league, tokens, left_out = plays_import.new_league(bgg_plays.read(request.get_data()), query["name"])
    return {"id": league.public_id, "name": league.name, **{f"{r}_token": t for r, t in tokens.items()},
            "left_out": left_out}


@blp.route("/<league_id:league_id>/import/preview", methods=["POST"])
@blp.arguments(PlaysFileInSchema)
@blp.response(200, PlaysImportSchema)
@blp.doc(security=SECURITY)
@_errors(401, 403, 413, 422, 503)
def preview_plays_import(payload, league_id):
    """What a BG Stats or BoardGameGeek file would add to this league (admin), every play checked; nothing is
    written. The same body, confirmed, adds exactly this."""
    league, _role = _auth(league_id, "admin")
    file = plays_files.read(payload["format"], payload["file"])
    return plays_import.preview(league, file, payload["players"], payload["games"])


@blp.route("/<league_id:league_id>/import/confirm", methods=["POST"])
@blp.arguments(PlaysFileInSchema)
@blp.response(200, PlaysImportSchema)
@blp.doc(security=SECURITY)
@_errors(401, 403, 413, 422, 503)
def confirm_plays_import(payload, league_id):
    """Add a BG Stats or BoardGameGeek file's plays to this league (admin), all or nothing, with its names
    mapped onto the league's players; plays the league has already (by their id) are skipped and counted."""
    league, _role = _auth(league_id, "admin")
    file = plays_files.read(payload["format"], payload["file"])
    return plays_import.confirm(league, file, payload["players"], payload["games"])


@blp.route("/<league_id:league_id>")
@blp.response(200, LeagueSchema)
@blp.doc(security=SECURITY)
@_errors(401)
def get_league(league_id):
    """Name, seasons, house rules, how many players, and the caller's role."""
    league, role = _auth(league_id)
    return leagues.view(league, role)


@blp.route("/<league_id:league_id>/tokens")
@blp.response(200, SharedTokensSchema)
@blp.doc(security=SECURITY)
@_errors(401, 403)
def shared_tokens(league_id):
    """Admin: the member and viewer tokens now in use, to hand out again without replacing anyone's."""
    league, _ = _auth(league_id, "admin")
    return {f"{role}_token": token for role, token in league_links.shared_tokens(league, league_token()).items()}


@blp.route("/<league_id:league_id>/tokens/rotate", methods=["POST"])
@blp.arguments(RotateSchema)
@blp.response(200, RotatedSchema)
@blp.doc(security=SECURITY)
@_errors(401, 403)
def rotate_token(payload, league_id):
    """Admin: replace the admin, member or viewer token (the old link stops working at once)."""
    league, _ = _auth(league_id, "admin")
    return {"role": payload["role"], "token": leagues.rotate(league, payload["role"], league_token())}


@blp.route("/<league_id:league_id>/rules", methods=["PUT"])
@blp.arguments(HouseRulesSchema)
@blp.response(200, HouseRulesSchema)
@blp.doc(security=SECURITY)
@_errors(401, 403)
def replace_rules(payload, league_id):
    """Admin: replace the house rules."""
    league, _ = _auth(league_id, "admin")
    return leagues.set_rules(league, payload)


@blp.route("/<league_id:league_id>/rules", methods=["PATCH"])
@blp.arguments(HouseRulesPatchSchema)
@blp.response(200, HouseRulesSchema)
@blp.doc(security=SECURITY)
@_errors(401, 403)
def change_rules(payload, league_id):
    """Admin: change only the house rules named (a JSON merge patch: null takes a rule, or a game's rules, away)."""
    league, _ = _auth(league_id, "admin")
    return leagues.set_rules(league, payload, merge=True)


@blp.route("/<league_id:league_id>/players", methods=["POST"])
@blp.arguments(LeaguePlayerCreateSchema)
@blp.response(201, LeaguePlayerSchema)
@blp.doc(security=SECURITY)
@_errors(401, 403, 409)
def add_player(payload, league_id):
    """Member: add a player (names are unique in a league, whatever their case)."""
    league, _ = _auth(league_id, "member")
    return {"name": leagues.add_player(league, payload["name"]).name}


@blp.route("/<league_id:league_id>/players")
@blp.response(200, LeaguePlayerListSchema)
@blp.doc(security=SECURITY)
@_errors(401)
def list_players(league_id):
    """The league's players, in the order they joined."""
    league, _ = _auth(league_id)
    return {"players": [{"name": p.name} for p in leagues.players(league)]}


@blp.route("/<league_id:league_id>/players/<string:name>", methods=["PATCH"])
@blp.arguments(LeaguePlayerChangeSchema)
@blp.response(200, LeaguePlayerChangedSchema)
@blp.doc(security=SECURITY)
@_errors(401, 403, 404, 409)
def rename_player(payload, league_id, name):
    """Admin: rename a player. A name another player has: 409 naming them, unless ``merge`` makes the two one."""
    league, _ = _auth(league_id, "admin")
    player, merged = league_corrections.rename_player(league, name, payload["name"], payload["merge"])
    return {"name": player.name, "merged": merged}


@blp.route("/<league_id:league_id>/players/<string:name>", methods=["DELETE"])
@blp.response(204)
@blp.doc(security=SECURITY)
@_errors(401, 403, 404, 409)
def remove_player(league_id, name):
    """Admin: remove a player who has no results (409 for one who has: merge or rename them instead)."""
    league, _ = _auth(league_id, "admin")
    league_corrections.remove_player(league, name)


@blp.route("/<league_id:league_id>/players/<string:name>")
@blp.arguments(StatsQuerySchema, location="query")
@blp.response(200, PlayerPageSchema)
@blp.doc(security=SECURITY)
@_errors(401, 404)
def player_page(query, league_id, name):
    """One player: standing (with its rank), average score per game, rivals, results (newest first), rating
    history per day and scores over time (numbered within a day)."""
    league, _ = _auth(league_id)
    return league_standings.player_page(league, name, query.get("season"), query.get("game"))


@blp.route("/<league_id:league_id>/seasons", methods=["POST"])
@blp.arguments(SeasonCreateSchema)
@blp.response(201, SeasonSchema)
@blp.doc(security=SECURITY)
@_errors(401, 403)
def add_season(payload, league_id):
    """Admin: a season is a date range (both days included)."""
    league, _ = _auth(league_id, "admin")
    return leagues.season_dict(leagues.add_season(league, payload["name"], payload["starts_on"], payload["ends_on"]))


@blp.route("/<league_id:league_id>/seasons/<int:season_id>", methods=["PATCH"])
@blp.arguments(SeasonChangeSchema)
@blp.response(200, SeasonSchema)
@blp.doc(security=SECURITY)
@_errors(401, 403, 404, 422)
def change_season(payload, league_id, season_id):
    """Admin: change a season's name or days (only those sent). The default season cannot change."""
    league, _ = _auth(league_id, "admin")
    return leagues.season_dict(league_corrections.edit_season(league, season_id, payload))


@blp.route("/<league_id:league_id>/seasons/<int:season_id>", methods=["DELETE"])
@blp.response(204)
@blp.doc(security=SECURITY)
@_errors(401, 403, 404, 422)
def delete_season(league_id, season_id):
    """Admin: delete a season; its results stay in the league. The default season cannot go."""
    league, _ = _auth(league_id, "admin")
    league_corrections.delete_season(league, season_id)


@blp.route("/<league_id:league_id>/results", methods=["POST"])
@blp.arguments(LeagueResultInSchema)
@blp.response(201, LeagueResultSchema, description="Recorded.")
@blp.alt_response(200, schema=LeagueResultSchema, description="This id was recorded before: the first result.")
@blp.doc(security=SECURITY)
@_errors(401, 403, 409)
def record_result(payload, league_id):
    """Member: record a finished game, with everyone's score or place, or a score sheet. Idempotent by id."""
    league, _ = _auth(league_id, "member")
    result, created = leagues.record(league, payload)
    return leagues.result_dict(result, league_queries.player_names(league)), 201 if created else 200


@blp.route("/<league_id:league_id>/results")
@blp.arguments(LeagueResultsQuerySchema, location="query")
@blp.response(200, LeagueResultListSchema)
@blp.doc(security=SECURITY)
@_errors(401, 404)
def list_results(query, league_id):
    """Results newest first, by season, game and player."""
    league, _ = _auth(league_id)
    return {"results": leagues.list_results(league, query.get("season"), query.get("game"), query.get("player"),
                                            query["limit"], query["offset"])}


@blp.route("/<league_id:league_id>/results/<result_id:result_id>")
@blp.response(200, LeagueResultSchema)
@blp.doc(security=SECURITY)
@_errors(401, 404)
def get_result(league_id, result_id):
    """One result with its history of corrections."""
    league, _ = _auth(league_id)
    return leagues.result_dict(leagues.get_result(league, result_id), league_queries.player_names(league), history=True)


@blp.route("/<league_id:league_id>/results/<result_id:result_id>", methods=["PUT"])
@blp.arguments(LeagueResultCorrectionSchema)
@blp.response(200, LeagueResultSchema)
@blp.doc(security=SECURITY)
@_errors(401, 403, 404, 409)
def correct_result(payload, league_id, result_id):
    """Admin: correct a result; the previous version is kept in its history.

    A result scored from a sheet keeps its sheet and is scored again: send no players (e.g. to change
    the day), or players with names only to change who played (the sheet's players, in order, take
    those names). Players with scores or places, or another sheet, replace the sheet."""
    league, _ = _auth(league_id, "admin")
    result = leagues.correct(league, result_id, payload)
    return leagues.result_dict(result, league_queries.player_names(league), history=True)


@blp.route("/<league_id:league_id>/results/<result_id:result_id>", methods=["DELETE"])
@blp.response(200, LeagueResultSchema)
@blp.doc(security=SECURITY)
@_errors(401, 403, 404)
def delete_result(league_id, result_id):
    """Admin: delete a result recorded by mistake. It counts nowhere from now on; it is still found by its id
    (with ``deleted_at_ms``), what it was kept in its history. Deleting it again changes nothing."""
    league, _ = _auth(league_id, "admin")
    result = league_corrections.delete_result(league, result_id)
    return leagues.result_dict(result, league_queries.player_names(league), history=True)


@blp.route("/<league_id:league_id>/standings")
@blp.arguments(StandingsQuerySchema, location="query")
@blp.response(200, StandingsSchema)
@blp.doc(security=SECURITY)
@_errors(401, 404)
def standings(query, league_id):
    """Best first (wins, then win rate, then games played; or ``sort=rating``), each with its rank: rows level
    share it (1, 1, 3) and are listed by name. Played, wins, shared wins, win rate, average score (one game
    only), streaks, and the skill estimate (provisional under 5 games)."""
    league, _ = _auth(league_id)
    rows = league_standings.standings(league, query.get("season"), query.get("game"), query["sort"])
    return {"rows": rows, "sort": query["sort"], "rating_label": i18n.render(ratings.LABEL),
            "rating_explanation": i18n.render(ratings.EXPLANATION)}


@blp.route("/<league_id:league_id>/disputes")
@blp.arguments(DisputesQuerySchema, location="query")
@blp.response(200, DisputesSchema)
@blp.doc(security=SECURITY)
@_errors(401)
def dispute_log(query, league_id):
    """The dispute log: every word challenged at the league's tables, newest first (who challenged, the words,
    the verdict and the list that judged), the words argued about most, and the house words added or banned."""
    league, _ = _auth(league_id)
    return i18n.localize(disputes.disputes(league, query.get("player")))


@blp.route("/<league_id:league_id>/leaderboards")
@blp.arguments(StatsQuerySchema, location="query")
@blp.response(200, LeaderboardsSchema)
@blp.doc(security=SECURITY)
@_errors(401, 404)
def leaderboards(query, league_id):
    """Per game: best score (who, when), average score, most wins."""
    league, _ = _auth(league_id)
    boards = league_standings.leaderboards(league, query.get("season"))
    if query.get("game"):
        boards = [b for b in boards if b["game"] == query["game"]]
    return {"games": boards}


@blp.route("/<league_id:league_id>/head-to-head")
@blp.arguments(HeadToHeadQuerySchema, location="query")
@blp.response(200, HeadToHeadSchema)
@blp.doc(security=SECURITY)
@_errors(401, 404)
def head_to_head(query, league_id):
    """Two players: games together, who finished ahead (and who leads, null when level), ties, games as
    teammates; in all and per game."""
    league, _ = _auth(league_id)
    return league_standings.head_to_head(league, query["a"], query["b"], query.get("season"), query.get("game"))


@blp.route("/<league_id:league_id>/recap")
@blp.arguments(RecapQuerySchema, location="query")
@blp.response(200, RecapSchema)
@blp.doc(security=SECURITY)
@_errors(401, 404)
def recap(query, league_id):
    """The season told back (all time by default), or one evening (``day``): the champion of each game, most
    wins, the longest winning streak, Bresk!'s longest word and best grid, Make 'N' Break's biggest turn and
    Block Buster's biggest comeback from penalties. Level holders all hold an award."""
    league, _ = _auth(league_id)
    return recaps.recap(league, query.get("season"), query.get("day"))


@blp.route("/<league_id:league_id>/export")
@blp.response(200, ExportSchema)
@blp.doc(security=SECURITY)
@_errors(401, 403)
@exports
def export(league_id):
    """Admin: the whole league as JSON (rules, seasons, players, results with history, and the all-time standings
    with their ranks); import takes it back."""
    league, _ = _auth(league_id, "admin")
    response = jsonify(league_standings.export(league))
    response.headers["Content-Disposition"] = _attachment(leagues.export_filename(league, "json", dt.date.today()))
    return response


@blp.route("/<league_id:league_id>/export/bgstats")
@blp.response(200, BgStatsExportSchema)
@blp.doc(security=SECURITY)
@_errors(401)
@exports
def export_bgstats(league_id):
    """Every result in the shape of BG Stats' export file, for BG Stats to merge: the same league downloaded
    again gives the same uuids, so no play comes in twice."""
    league, _ = _auth(league_id)
    response = jsonify(bgstats.export(league))
    # BG Stats names its own export BGStatsExport.json: so named, the file is recognised for what it is.
    filename = "BGStatsExport-" + leagues.export_filename(league, "json", dt.date.today())
    response.headers["Content-Disposition"] = _attachment(filename)
    return response


@blp.route("/<league_id:league_id>/export.csv")
@blp.response(200, description="One row per player per result, for a spreadsheet: UTF-8 with a byte-order mark, "
              "headers in the asker's language (" + ", ".join(str(c) for c in leagues.CSV_COLUMNS) + "), game names; "
              "the ids are in the JSON export.", content_type="text/csv")
@blp.doc(security=SECURITY)
@_errors(401)
@exports
def export_csv(league_id):
    """Every result as CSV, one row per player, oldest first."""
    league, _ = _auth(league_id)
    out = io.StringIO()
    out.write("\ufeff")  # a byte-order mark: Excel on Windows reads the file as UTF-8 only with it
    writer = csv.writer(out)
    writer.writerow([i18n.render(column) for column in leagues.CSV_COLUMNS])
    writer.writerows([_neutralised(cell) for cell in row] for row in leagues.export_rows(league))
    filename = leagues.export_filename(league, "csv", dt.date.today())
    return Response(out.getvalue(), mimetype="text/csv", headers={"Content-Disposition": _attachment(filename)})


def _attachment(filename: str) -> str:
    """A download's name for every browser: RFC 6266's UTF-8 ``filename*``, and a plain-ASCII ``filename``."""
    plain = unicodedata.normalize("NFKD", filename).encode("ascii", "ignore").decode() or "league"
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(filename)}"
