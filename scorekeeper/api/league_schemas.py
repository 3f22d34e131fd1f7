"""Marshmallow schemas for leagues: requests, responses, export/import."""

from __future__ import annotations

from marshmallow import INCLUDE, Schema, ValidationError, fields, validate

from ..cooperate import let_others_run
from ..services import house_rules
from ..services.league_import import MAX_PLAYERS
from ..text import N_
from .schemas import StrictBoolean

NAME = validate.Length(min=1, max=40)
SEASON_ID = validate.Range(min=1, max=2**31 - 1)
GAME_ID = validate.Regexp(r"^[a-z][a-z0-9-]{0,31}$", error=N_("Not a game id."))
ROLE_DESCRIPTION = "admin ⊃ member (records results, adds players) ⊃ viewer (reads)."


# --- house rules -----------------------------------------------------------------------------------


# Derived from the games' definitions (services/house_rules.py): a game's options with league=True, and the
# house words of a game that judges words. The schema checks only the shape and documents the limits;
# the values are checked once, by each option's own check, so a refusal reads the same from every door.


def _rule_field(option, nullable: bool) -> fields.Field:
    about = {"description": f"{option.label}. {option.description}", "default": option.default}
    if option.kind == "boolean":
        return StrictBoolean(metadata=about, allow_none=nullable)
    if option.kind == "integer":
        limits = {k: v for k, v in (("minimum", option.minimum), ("maximum", option.maximum)) if v is not None}
        return fields.Integer(strict=True, metadata={**about, **limits}, allow_none=nullable)
    if option.kind == "choice":
        kind = fields.String if all(isinstance(c, str) for c in option.choices) else fields.Raw
        return kind(metadata={**about, "enum": list(option.choices)}, allow_none=nullable)
    return fields.List(fields.Raw(), metadata=about, allow_none=nullable)


_HOUSE_WORDS = {"extra_words": "Words the league allows (2–15 letters).", "banned_words": "Words the league refuses."}


def _game_rules_schema(game, nullable: bool) -> type[Schema]:
    declared = {o.name: _rule_field(o, nullable) for o in game.house_rule_options()}
    if game.word_list_option:
        declared.update({name: fields.List(fields.String(), metadata={"description": about}, allow_none=nullable)
                         for name, about in _HOUSE_WORDS.items()})
    title = "".join(part.capitalize() for part in game.id.split("-"))  # block-buster → BlockBuster
    return Schema.from_dict(declared, name=f"{title}Rules{'Patch' if nullable else ''}Schema")


def _house_rules_schema(nullable: bool) -> type[Schema]:
    return Schema.from_dict(
        {game_id: fields.Nested(_game_rules_schema(game, nullable), allow_none=nullable)
         for game_id, game in sorted(house_rules.games_with_rules().items())},
        name=f"HouseRules{'Patch' if nullable else ''}Schema",
    )


HouseRulesSchema = _house_rules_schema(nullable=False)
# PATCH is a JSON merge patch (RFC 7396): null takes a house rule, or a game's whole section, away.
HouseRulesPatchSchema = _house_rules_schema(nullable=True)


# --- leagues ---------------------------------------------------------------------------------------


class LeagueCreateSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=80))
    rules = fields.Nested(HouseRulesSchema)


class LeagueCreatedSchema(Schema):
    id = fields.String(required=True, metadata={"description": "The league's public id, used in its URLs."})
    name = fields.String(required=True)
    admin_token = fields.String(required=True, metadata={"description": "Shown once: keep it."})
    member_token = fields.String(required=True, metadata={"description": "Shown once: for those who record."})
    viewer_token = fields.String(required=True, metadata={"description": "Shown once: read only."})


class SeasonSchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    default = fields.Boolean(required=True, metadata={"description": "The season covering everything."})
    starts_on = fields.String(allow_none=True, metadata={"format": "date"})
    ends_on = fields.String(allow_none=True, metadata={"format": "date"})


class SeasonCreateSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=60))
    starts_on = fields.Date(required=True)
    ends_on = fields.Date(required=True)


class SeasonChangeSchema(Schema):
    name = fields.String(validate=validate.Length(min=1, max=60))
    starts_on = fields.Date()
    ends_on = fields.Date()


class LeagueSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    role = fields.String(required=True, validate=validate.OneOf(["admin", "member", "viewer"]),
                         metadata={"description": "The caller's role. " + ROLE_DESCRIPTION})
    rules = fields.Nested(HouseRulesSchema, required=True)
    players = fields.Integer(required=True, metadata={"description": "How many players the league has."})
    seasons = fields.List(fields.Nested(SeasonSchema), required=True)


class RotateSchema(Schema):
    role = fields.String(required=True, validate=validate.OneOf(["admin", "member", "viewer"]))


class SharedTokensSchema(Schema):
    member_token = fields.String(required=True, allow_none=True, metadata={
        "description": "The member token now in use; null for a league made before links were kept "
                       "(make a new one once)."})
    viewer_token = fields.String(required=True, allow_none=True, metadata={
        "description": "The viewer token now in use; null likewise."})


class RotatedSchema(Schema):
    role = fields.String(required=True)
    token = fields.String(required=True, metadata={"description": "The new token; the old one stops working."})


# --- players ---------------------------------------------------------------------------------------


class LeaguePlayerCreateSchema(Schema):
    name = fields.String(required=True, validate=NAME)


class LeaguePlayerSchema(Schema):
    name = fields.String(required=True)


class LeaguePlayerListSchema(Schema):
    players = fields.List(fields.Nested(LeaguePlayerSchema), required=True)


class LeaguePlayerChangeSchema(Schema):
    name = fields.String(required=True, validate=NAME, metadata={"description": "The player's new name."})
    merge = StrictBoolean(load_default=False, metadata={
        "description": "When another player already has this name: make the two one player under it (their "
                       "results become theirs; refused if both played in one result). Without it: a 409 naming "
                       "that player."})


class LeaguePlayerChangedSchema(Schema):
    name = fields.String(required=True, metadata={"description": "The player's name now."})
    merged = fields.Integer(required=True, metadata={"description": "How many results a merge moved to them."})


# --- results ---------------------------------------------------------------------------------------


class LeagueResultPlayerInSchema(Schema):
    name = fields.String(required=True, validate=NAME)
    score = fields.Integer(strict=True, allow_none=True)
    place = fields.Integer(strict=True, allow_none=True, metadata={"description": "1 = first; ties share a place."})
    team = fields.String(allow_none=True, validate=NAME,
                         metadata={"description": "Players with the same label in a result form a team."})


class LeagueResultInSchema(Schema):
    id = fields.UUID(metadata={"description": "The client's id: recording it twice is a no-op."})
    game = fields.String(required=True)
    played_on = fields.Date(required=True)
    players = fields.List(fields.Nested(LeagueResultPlayerInSchema),
                          metadata={"description": "Everyone's score, or everyone's place (places win), checked "
                                                   "against what can happen in the game. With scores only, the "
                                                   "game ranks them (highest first)."})
    sheet = fields.Dict(metadata={"description": "Instead of players: a finished game's score sheet, scored by "
                                  "the game's rules (see POST /api/games/{game}/score)."})


class LeagueResultCorrectionSchema(LeagueResultInSchema):
    class Meta:
        exclude = ("id",)


class LeagueResultPlayerSchema(Schema):
    name = fields.String(required=True)
    score = fields.Integer(allow_none=True)
    place = fields.Integer(required=True)
    team = fields.String(allow_none=True)


class LeagueResultVersionSchema(Schema):
    version = fields.Integer(required=True)
    replaced_at_ms = fields.Integer(required=True)
    game = fields.String(required=True)
    played_on = fields.String(required=True, metadata={"format": "date"})
    table_code = fields.String(allow_none=True)
    sheet = fields.Dict(allow_none=True)
    players = fields.List(fields.Nested(LeagueResultPlayerSchema), required=True)


class LeagueResultSchema(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    game_name = fields.String(metadata={"description": "A score pad result's game, when it stands for another "
                                                      "game (a play imported from BG Stats or BoardGameGeek)."})
    played_on = fields.String(required=True, metadata={"format": "date"})
    table_code = fields.String(allow_none=True)
    sheet = fields.Dict()
    players = fields.List(fields.Nested(LeagueResultPlayerSchema), required=True)
    version = fields.Integer(required=True)
    created_at_ms = fields.Integer(required=True)
    updated_at_ms = fields.Integer(required=True)
    history = fields.List(fields.Nested(LeagueResultVersionSchema),
                          metadata={"description": "Earlier versions, oldest first (only on a single result)."})
    deleted_at_ms = fields.Integer(metadata={"description": "When an admin deleted it (then it has no players and "
                                                            "counts nowhere; what it was is in its history)."})


class LeagueResultListSchema(Schema):
    results = fields.List(fields.Nested(LeagueResultSchema), required=True)


class LeagueResultsQuerySchema(Schema):
    season = fields.Integer(validate=SEASON_ID, metadata={"description": "Season id; default: all time."})
    game = fields.String(validate=GAME_ID)
    player = fields.String()
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000))
    offset = fields.Integer(load_default=0, validate=validate.Range(min=0, max=2**31 - 1))


# --- standings and statistics ------------------------------------------------------------------------


class StatsQuerySchema(Schema):
    season = fields.Integer(validate=SEASON_ID, metadata={"description": "Season id; default: all time."})
    game = fields.String(validate=GAME_ID)


class StandingsQuerySchema(StatsQuerySchema):
    sort = fields.String(load_default="wins", validate=validate.OneOf(("wins", "rating")),
                         metadata={"description": "wins (default): wins, shared ones included, then win rate, then "
                                                  "games played. rating: the skill estimate first."})


class HeadToHeadQuerySchema(StatsQuerySchema):
    a = fields.String(required=True)
    b = fields.String(required=True)


class StandingSchema(Schema):
    rank = fields.Integer(required=True, metadata={
        "description": "1 for the best; rows with equal records (wins, win rate, games played; with sort=rating, "
                       "the skill estimate) share a rank (1, 1, 3) and are listed by name."})
    tied = fields.Boolean(required=True, metadata={"description": "Another row shares this rank (shown as =1)."})
    player = fields.String(required=True)
    played = fields.Integer(required=True)
    wins = fields.Integer(required=True, metadata={"description": "First places, shared ones included."})
    shared_wins = fields.Integer(required=True)
    win_rate = fields.Float(required=True)
    average_score = fields.Float(allow_none=True, metadata={
        "description": "Points per scored game, for one game only (?game=): null over all games, whose points "
                       "do not compare."})
    current_streak = fields.Integer(required=True, metadata={"description": "+3: three wins in a row; -2: two "
                                                             "games without a win."})
    longest_win_streak = fields.Integer(required=True)
    rating = fields.Float(required=True, metadata={
        "description": "Skill estimate (OpenSkill's Bradley-Terry full-pairing model, services/ratings.py): "
                       "mu - 3 sigma, a cautious estimate: 0 before any game, up when finishing ahead, down "
                       "(below 0 too) when finishing behind."})
    mu = fields.Float(required=True)
    sigma = fields.Float(required=True)
    rating_provisional = fields.Boolean(required=True, metadata={
        "description": "Fewer than 5 games: the skill estimate is a first guess (shown in brackets)."})


class StandingsSchema(Schema):
    rows = fields.List(fields.Nested(StandingSchema), required=True)
    sort = fields.String(required=True, metadata={"description": "The order the rows are in: wins or rating."})
    rating_label = fields.String(required=True, metadata={"description": "What to call the rating column."})
    rating_explanation = fields.String(required=True, metadata={"description": "The rating in one line, for people."})


class BestScoreSchema(Schema):
    score = fields.Integer(required=True)
    player = fields.String(required=True)
    played_on = fields.String(required=True)
    result_id = fields.String(required=True)
    players = fields.List(fields.String(), required=True, metadata={
        "description": "Everyone who reached this score, by name (player and played_on: the first to reach it)."})


class WinsSchema(Schema):
    player = fields.String(required=True)
    wins = fields.Integer(required=True)


class LeaderboardSchema(Schema):
    game = fields.String(required=True)
    results = fields.Integer(required=True)
    best_score = fields.Nested(BestScoreSchema, allow_none=True)
    average_score = fields.Float(allow_none=True)
    most_wins = fields.List(fields.Nested(WinsSchema), required=True)


class LeaderboardsSchema(Schema):
    games = fields.List(fields.Nested(LeaderboardSchema), required=True)


class HeadToHeadCountsSchema(Schema):
    games = fields.Integer(required=True)
    a_ahead = fields.Integer(required=True)
    b_ahead = fields.Integer(required=True)
    ties = fields.Integer(required=True)
    teammates = fields.Integer(required=True)


class HeadToHeadGameSchema(HeadToHeadCountsSchema):
    game = fields.String(required=True)


class HeadToHeadSchema(HeadToHeadCountsSchema):
    a = fields.String(required=True)
    b = fields.String(required=True)
    leader = fields.String(allow_none=True, metadata={"description": "Who finished ahead more often; null when level."})
    by_game = fields.List(fields.Nested(HeadToHeadGameSchema), required=True)


class RatingPointSchema(Schema):
    date = fields.String(required=True)
    rating = fields.Float(required=True)


class ScorePointSchema(Schema):
    date = fields.String(required=True)
    of_day = fields.Integer(required=True, metadata={
        "description": "The game's number among the player's games that day (1, 2, 3 for an evening of three)."})
    game = fields.String(required=True)
    score = fields.Integer(required=True)


class PlayerGameSchema(Schema):
    id = fields.String(required=True)
    played_on = fields.String(required=True)
    game = fields.String(required=True)
    score = fields.Integer(allow_none=True)
    place = fields.Integer(required=True)
    team = fields.String(allow_none=True)
    won = fields.Boolean(required=True)
    players = fields.List(fields.String(), required=True)


class GameAverageSchema(Schema):
    game = fields.String(required=True)
    average_score = fields.Float(required=True)
    scored = fields.Integer(required=True, metadata={"description": "Games with a score that the average is of."})


class RivalSchema(Schema):
    player = fields.String(required=True)
    times = fields.Integer(required=True, metadata={"description": "Games in which one finished ahead of the other."})
    games = fields.Integer(required=True, metadata={"description": "Games the two played against each other (not as "
                                                                    "teammates); a shared place counts, nobody ahead."})


class RivalsSchema(Schema):
    beaten_most_by = fields.List(fields.Nested(RivalSchema), required=True, metadata={
        "description": "Who finished ahead of the player most often (then by the higher share of games together); "
                       "level: all of them, by name. Empty if nobody did."})
    beats_most = fields.List(fields.Nested(RivalSchema), required=True, metadata={
        "description": "Whom the player finished ahead of most often, counted the same way."})


class PlayerPageSchema(Schema):
    player = fields.String(required=True)
    standing = fields.Nested(StandingSchema, allow_none=True)
    averages = fields.List(fields.Nested(GameAverageSchema), required=True, metadata={
        "description": "The player's average score per game (points of different games do not compare)."})
    rivals = fields.Nested(RivalsSchema, required=True)
    results = fields.List(fields.Nested(PlayerGameSchema), required=True)
    rating_history = fields.List(fields.Nested(RatingPointSchema), required=True)
    scores = fields.List(fields.Nested(ScorePointSchema), required=True)


# --- the recap of a season or an evening ----------------------------------------------------------------


class RecapQuerySchema(Schema):
    season = fields.Integer(validate=SEASON_ID, metadata={"description": "Season id; default: all time."})
    day = fields.Date(metadata={"description": "One evening (YYYY-MM-DD): that day's results within the season."})


class RecapHolderSchema(Schema):
    player = fields.String(required=True)
    wins = fields.Integer(metadata={"description": "champion, most_wins, longest_streak: first places (a streak's "
                                                    "length)."})
    played = fields.Integer(metadata={"description": "champion, most_wins, longest_streak: games played."})
    word = fields.String(metadata={"description": "bresk_longest_word: the word."})
    round = fields.Integer(metadata={"description": "make_n_break_best_turn: the turn's round."})
    stage = fields.String(metadata={"description": "make_n_break_best_turn: rounds or sudden-death."})
    score = fields.Integer(metadata={"description": "block_buster_comeback: the winner's final score."})
    played_on = fields.String(metadata={"description": "The game the award comes from: its day…"})
    result_id = fields.String(metadata={"description": "…and its result."})


class RecapAwardSchema(Schema):
    award = fields.String(required=True, validate=validate.OneOf(("champion", "most_wins", "longest_streak",
                                                                 "bresk_longest_word", "bresk_best_grid",
                                                                 "make_n_break_best_turn", "block_buster_comeback")),
                          metadata={"description": "champion (one per game played), most_wins, longest_streak "
                                                   "(wins in a row), bresk_longest_word (letters), bresk_best_grid "
                                                   "(points), make_n_break_best_turn (points), block_buster_comeback "
                                                   "(points lost to penalties by a winner)."})
    game = fields.String(allow_none=True, required=True, metadata={"description": "The game, or null for all games."})
    value = fields.Integer(allow_none=True, required=True, metadata={
        "description": "What the award counts (see award); null when no result kept what it needs."})
    holders = fields.List(fields.Nested(RecapHolderSchema), required=True, metadata={
        "description": "Everyone level at the top (a tie stays a tie), the first to reach it first; at most 20."})
    holders_total = fields.Integer(required=True, metadata={"description": "How many are level at the top."})
    results = fields.Integer(required=True, metadata={"description": "Results the award is about."})
    read = fields.Integer(required=True, metadata={
        "description": "Of those, the results that kept what the award reads (a score sheet's grids, turns or "
                       "penalties; a typed total keeps none)."})


class RecapSeasonSchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    all_time = fields.Boolean(required=True)


class RecapSchema(Schema):
    season = fields.Nested(RecapSeasonSchema, required=True)
    day = fields.String(allow_none=True, required=True, metadata={"description": "The evening told, or null."})
    results = fields.Integer(required=True, metadata={"description": "Results told (the evening's or the season's)."})
    days = fields.List(fields.String(), required=True, metadata={
        "description": "The season's evenings (days with results), newest first, at most 400."})
    awards = fields.List(fields.Nested(RecapAwardSchema), required=True)


# --- export / import ------------------------------------------------------------------------------------


class ExportSeasonSchema(Schema):
    name = fields.String(required=True)
    default = StrictBoolean(load_default=False)
    starts_on = fields.Date(allow_none=True)
    ends_on = fields.Date(allow_none=True)


MS = validate.Range(min=0, max=2**53)  # a time in ms; more would not fit the database


class ExportVersionSchema(Schema):
    version = fields.Integer(required=True, validate=validate.Range(min=1, max=1_000_000))
    replaced_at_ms = fields.Integer(required=True, validate=MS)
    game = fields.String(required=True)
    played_on = fields.Date(required=True)
    table_code = fields.String(allow_none=True)
    sheet = fields.Dict(allow_none=True)
    players = fields.List(fields.Nested(LeagueResultPlayerInSchema), required=True)


class ExportResultSchema(Schema):
    id = fields.String(required=True, validate=validate.Length(min=1, max=36))
    game = fields.String(required=True)
    game_name = fields.String(validate=validate.Length(min=1, max=80), metadata={
        "description": "A score pad result's game, when it stands for another game (an imported play)."})
    played_on = fields.Date(required=True)
    table_code = fields.String(allow_none=True, validate=validate.Length(max=6))
    sheet = fields.Dict(allow_none=True)
    digest = fields.String(validate=validate.Length(equal=64))
    version = fields.Integer(validate=validate.Range(min=1, max=1_000_000))
    created_at_ms = fields.Integer(validate=MS)
    updated_at_ms = fields.Integer(validate=MS)
    players = fields.List(fields.Nested(LeagueResultPlayerInSchema), required=True)
    history = fields.List(fields.Nested(ExportVersionSchema), load_default=list)
    deleted_at_ms = fields.Integer(allow_none=True, validate=MS,
                                   metadata={"description": "Deleted by the league: no players, what it was is "
                                                            "in its history."})


class CooperativeList(fields.List):
    """A list that lets other requests run (under gevent) every ``CHUNK`` items while it is read:
    an import of thousands of results must not stop a worker from answering the phones."""

    CHUNK = 20

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, list) or len(value) <= self.CHUNK:
            return super()._deserialize(value, attr, data, **kwargs)
        result, errors = [], {}
        for start in range(0, len(value), self.CHUNK):
            let_others_run()
            try:
                result += super()._deserialize(value[start:start + self.CHUNK], attr, data, **kwargs)
            except ValidationError as error:
                result += error.valid_data or []
                errors.update({start + i: messages for i, messages in error.messages.items()})
        if errors:
            raise ValidationError(errors, valid_data=result)
        return result


class ExportSchema(Schema):
    """A whole league, lossless: what GET …/export gives and POST /api/leagues/import takes."""

    format = fields.String(required=True, validate=validate.Equal("scorekeeper-league"))
    version = fields.Integer(required=True, validate=validate.Equal(1))
    name = fields.String(required=True, validate=validate.Length(min=1, max=80))
    rules = fields.Nested(HouseRulesSchema, load_default=dict)
    seasons = fields.List(fields.Nested(ExportSeasonSchema), load_default=list)
    players = fields.List(fields.String(validate=NAME), required=True)
    results = CooperativeList(fields.Nested(ExportResultSchema), required=True)
    standings = fields.List(fields.Dict(), load_default=list, metadata={
        "description": "The all-time standings when exported (rank, tied, player, played, wins, shared_wins, "
                       "win_rate), for reading: an import ignores them and counts the standings from the results."})


# --- a league for BG Stats -------------------------------------------------------------------------


class BgStatsGameSchema(Schema):
    id = fields.Integer(required=True, metadata={"description": "What a play's gameRefId names."})
    uuid = fields.String(required=True, metadata={"description": "The same for the game in every download."})
    name = fields.String(required=True)
    sourceGameId = fields.String(metadata={"description": "Our game's id; none for a game that a score pad "
                                                        "result stands for (an imported play of another game)."})
    highestWins = fields.Boolean(required=True, metadata={
        "description": "False for a score pad the league ranks lowest first (its house rule)."})
    noPoints = fields.Boolean(required=True)
    cooperative = fields.Boolean(required=True)


class BgStatsNamedSchema(Schema):
    id = fields.Integer(required=True)
    uuid = fields.String(required=True)
    name = fields.String(required=True)


class BgStatsScoreSchema(Schema):
    playerRefId = fields.Integer(required=True)
    score = fields.String(required=True, metadata={"description": "The score as text; empty when none was kept."})
    winner = fields.Boolean(required=True)
    rank = fields.Integer(required=True, metadata={"description": "The place the league keeps (ties share it)."})
    seatOrder = fields.Integer(required=True, metadata={
        "description": "1, 2, … for a result from a table (its seat order); 0 when not known."})
    startPlayer = fields.Boolean(required=True)
    newPlayer = fields.Boolean(required=True, metadata={
        "description": "The player's first result of this game in the file."})
    team = fields.String(metadata={"description": "Only in a team game."})


class BgStatsPlaySchema(Schema):
    uuid = fields.String(required=True, metadata={"description": "The result's id (a uuid5 of it if it is no "
                                                                 "UUID): the same in every download, so merging "
                                                                 "twice adds the play once."})
    playDate = fields.String(required=True, metadata={"description": "YYYY-MM-DD 00:00:00: a league keeps "
                                                                     "the day, not the time."})
    durationMin = fields.Integer(required=True)
    gameRefId = fields.Integer(required=True)
    locationRefId = fields.Integer(required=True)
    rounds = fields.Integer(required=True)
    usesTeams = fields.Boolean(required=True)
    ignored = fields.Boolean(required=True)
    playerScores = fields.List(fields.Nested(BgStatsScoreSchema), required=True)


class BgStatsExportSchema(Schema):
    """A league's results in the shape of BG Stats' export file (BGStatsExport.json), oldest first."""

    games = fields.List(fields.Nested(BgStatsGameSchema), required=True)
    players = fields.List(fields.Nested(BgStatsNamedSchema), required=True)
    locations = fields.List(fields.Nested(BgStatsNamedSchema), required=True)
    plays = fields.List(fields.Nested(BgStatsPlaySchema), required=True)
    challenges = fields.List(fields.Dict(), required=True)
    groups = fields.List(fields.Dict(), required=True)
    tags = fields.List(fields.Dict(), required=True)


class BgStatsFileSchema(Schema):
    """A BG Stats export file (BGStatsExport.json) as BG Stats writes it; its other lists and fields are
    allowed and not read."""

    class Meta:
        unknown = INCLUDE

    games = fields.List(fields.Dict(), load_default=list, metadata={"description": "id, name, sourceGameId?, "
                                                                                   "highestWins"})
    players = fields.List(fields.Dict(), load_default=list, metadata={"description": "id, name"})
    plays = fields.List(fields.Dict(), required=True, metadata={
        "description": "uuid, playDate, gameRefId, playerScores [playerRefId, score (text), rank, winner, team?]"})


class BgStatsImportQuerySchema(Schema):
    name = fields.String(load_default="BG Stats", validate=validate.Length(max=80),
                         metadata={"description": "The new league's name; none (or empty): BG Stats."})


WHY_LEFT_OUT = ("cooperative", "incomplete", "no_win_stats", "one_player", "not_chosen")


class BggImportQuerySchema(Schema):
    name = fields.String(load_default="BoardGameGeek", validate=validate.Length(max=80),
                         metadata={"description": "The new league's name; none: BoardGameGeek."})


class BgStatsLeftOutSchema(Schema):
    game = fields.String(required=True, metadata={"description": "The game's name in the file."})
    why = fields.String(required=True, validate=validate.OneOf(WHY_LEFT_OUT), metadata={
        "description": "cooperative (played together, no one ranked), incomplete (not finished), no_win_stats "
                       "(not to be counted, says BoardGameGeek), one_player, not_chosen (games left out)."})
    plays = fields.Integer(required=True)


class BgStatsImportedSchema(LeagueCreatedSchema):
    left_out = fields.List(fields.Nested(BgStatsLeftOutSchema), required=True, metadata={
        "description": "Plays not imported, and why: how many of each game. Games other than ours come in "
                       "as score pad results under their own names (game_name)."})


PLAYS_FORMATS = ("bgstats", "bgg")


class PlaysFileInSchema(Schema):
    """Another app's file, for an existing league: what it would add (preview), or add it (confirm)."""

    format = fields.String(required=True, validate=validate.OneOf(PLAYS_FORMATS), metadata={
        "description": "bgstats: a BG Stats export file (BGStatsExport.json); bgg: a saved BoardGameGeek plays "
                       "file (XML API2 plays)."})
    # Any JSON value passes the schema (as the API's description says of it): what it holds is the
    # reader's to refuse, after the admin link is checked.
    file = fields.Raw(required=True, allow_none=True,
                      metadata={"description": "The file's text (or, for bgstats, its JSON)."})
    players = fields.Dict(keys=fields.String(validate=validate.Length(min=1, max=80)),
                          values=fields.String(allow_none=True, validate=validate.Length(min=1, max=80)),
                          load_default=None, validate=validate.Length(max=MAX_PLAYERS),
                          metadata={"description": "Each name in the file: the league's player it is, or null "
                                                   "for a new player of that name. A name not given: the "
                                                   "suggested player (the league's of the same name, else new)."})
    games = fields.List(fields.String(validate=validate.Length(min=1, max=200)), load_default=None,
                        validate=validate.Length(max=MAX_PLAYERS), metadata={
                            "description": "The file's games (by name) whose plays come in; none: all."})


class PlaysGameSchema(Schema):
    name = fields.String(required=True, metadata={"description": "The game's name in the file."})
    game = fields.String(required=True, metadata={"description": "Ours it becomes."})
    stands_in = fields.Boolean(required=True, metadata={
        "description": "Not one of ours: its plays become results of the game that stands in (the score pad), "
                       "under the game's own name."})
    plays = fields.Integer(required=True, metadata={"description": "Its plays in the file."})
    new = fields.Integer(required=True, metadata={"description": "Of them, added (not already in the league)."})
    why = fields.String(allow_none=True, required=True, metadata={"description": "Why none comes in, if so."})


class PlaysPlayerSchema(Schema):
    name = fields.String(required=True, metadata={"description": "The name in the file."})
    plays = fields.Integer(required=True, metadata={"description": "The plays to add that name them."})
    suggested = fields.String(allow_none=True, required=True, metadata={
        "description": "The league's player of the same name (case and spacing aside), or null."})
    player = fields.String(allow_none=True, required=True, metadata={
        "description": "The league's player the plays go to (null: a new player of this name)."})


class PlaysImportSchema(Schema):
    added = fields.Integer(required=True, metadata={"description": "Results added (preview: would be)."})
    already = fields.Integer(required=True, metadata={"description": "Plays the league has already: skipped."})
    new_players = fields.List(fields.String(), required=True, metadata={"description": "Players added."})
    left_out = fields.List(fields.Nested(BgStatsLeftOutSchema), required=True)
    games = fields.List(fields.Nested(PlaysGameSchema), required=True)
    players = fields.List(fields.Nested(PlaysPlayerSchema), required=True)
