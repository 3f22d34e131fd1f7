"""A phone set to German (de-DE) sees German: html lang, the texts, no English left on the
main path of every game, axe-core clean, nothing wider than a 360 px screen. The language can
be switched on the phone and stays switched; an English phone still sees English."""

import json
from pathlib import Path

import pytest
import requests
from screens import api_league, auth, missing_values, new_table, post_event, serious_violations, with_axe
from support import phone_catalog

pytestmark = pytest.mark.browser

SMALL = {"width": 360, "height": 640}
GERMAN_PHONE = {"viewport": SMALL, "device_scale_factor": 2, "is_mobile": True, "has_touch": True,
                "locale": "de-DE"}

# Anything wider than the screen (German words are long): the elements that stick out on the right.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [];
  for (const el of document.querySelectorAll('body *')) {
    const box = el.getBoundingClientRect();
    if (box.width && box.right > width + 1 && getComputedStyle(el).position !== 'fixed') {
      const text = (el.textContent || '').trim().slice(0, 40);
      wide.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')}: ${Math.round(box.right)} px "${text}"`);
    }
  }
  // A word wider than its button spills over the button's edge.
  for (const el of document.querySelectorAll('button, .button')) {
    if (el.checkVisibility() && el.scrollWidth > el.clientWidth + 1) {
      wide.push(`${el.textContent.trim()}: wider than its button`);
    }
  }
  const page = document.documentElement.scrollWidth;
  return [page > width ? `page ${page} px` : null, ...wide]
    .filter(Boolean);
}"""


@pytest.fixture
def german(browser, live_server):
    context = with_axe(browser.new_context(base_url=live_server.url, **GERMAN_PHONE))
    page = context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, f"console errors: {errors}"


SERVER_CATALOG = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations" / "de" / "LC_MESSAGES" / \
    "messages.po"


def _fixed(text: str) -> str:
    """The longest part of ``text`` with no value in it."""
    return max(text.split("{"), key=len).split("}")[-1].strip(" .:;,")


def english_only_texts() -> list[str]:
    """The app's English sentences and phrases (two words or more) that German says otherwise: the phone's
    own, and the server's (score lines, reasons, options, verdicts, refusals), which the API says in the
    phone's language."""
    from babel.messages.pofile import read_po

    english, german = phone_catalog("en"), phone_catalog("de")
    out = set()
    for key, entry in english.items():
        for text in (entry.values() if isinstance(entry, dict) else [entry]):
            fixed = _fixed(text)
            if len(fixed.split()) >= 2 and fixed not in json.dumps(german[key], ensure_ascii=False):
                out.add(fixed)
    with SERVER_CATALOG.open("rb") as po:
        for message in read_po(po, locale="de"):
            if not message.id:
                continue
            texts = message.id if isinstance(message.id, tuple) else (message.id,)
            said = " ".join(message.string if isinstance(message.string, tuple) else (message.string,))
            for text in texts:
                fixed = _fixed(text)
                if len(fixed.split()) >= 2 and fixed not in said:
                    out.add(fixed)
    return sorted(out)


# Every text on the page a person can read or hear (the text itself and the names of controls), what the
# server wrote included: game summaries, option labels, score lines, reasons and verdicts come from the
# API in the phone's language and are checked like the phone's own words.
READABLE = """() => {
  const page = document.body.cloneNode(true);
  document.body.append(page);  // laid out, so innerText sees what a person sees
  page.hidden = false;
  const text = [page.innerText, ...[...page.querySelectorAll('[aria-label], [title], [placeholder]')].map((el) =>
    ['aria-label', 'title', 'placeholder'].map((a) => el.getAttribute(a) || '').join(' '))].join('\\n');
  page.remove();
  return text;
}"""


def check_screen(page, shots, name, english_allowed=()):
    """German, axe-clean, nothing missing or wider than the screen, no sentence of the app left in English."""
    assert page.evaluate("document.documentElement.lang") == "de"
    assert not serious_violations(page), name
    assert not missing_values(page), name
    assert not page.evaluate(OVERFLOW), f"{name}: wider than the screen"
    readable = page.evaluate(READABLE)
    left = [text for text in english_only_texts() if text in readable and text not in english_allowed]
    assert not left, f"{name}: still in English: {left}"
    page.screenshot(path=shots / f"de-{name}.png", full_page=True)


def test_home_in_german_and_switched_to_english_and_back(german, shots):
    german.goto("/")
    german.wait_for_selector(".games .game")
    assert german.locator("h1").inner_text() == "Punkte zählen am Tisch"
    assert german.get_by_role("link", name="Tisch starten").is_visible()
    check_screen(german, shots, "home")
    german.get_by_role("button", name="English").click()
    german.wait_for_function("document.documentElement.lang === 'en'")
    german.wait_for_selector("h1:text('Keep score at the table')")
    german.reload()  # remembered on this phone, whatever the phone's language
    german.wait_for_selector("h1:text('Keep score at the table')")
    assert german.get_by_role("button", name="English").get_attribute("aria-pressed") == "true"
    german.get_by_role("button", name="Deutsch").click()
    german.wait_for_selector("h1:text('Punkte zählen am Tisch')")


def test_every_request_asks_for_the_chosen_language(german):
    asked = []
    def seen(request):
        if "/api/" in request.url:
            asked.append((request.url, request.headers.get("accept-language")))

    german.on("request", seen)
    german.goto("/")
    german.wait_for_selector(".games .game")
    assert asked and all(language == "de" for _, language in asked), asked


def test_an_english_phone_sees_english(phone):
    phone.goto("/")
    phone.wait_for_selector(".games .game")
    assert phone.evaluate("document.documentElement.lang") == "en"
    assert phone.locator("h1").inner_text() == "Keep score at the table"


# Headless Chromium has no voices: record what the page asks to be spoken, and in which language.
RECORD_SPEECH = """
(() => {
  window.__spoken = [];
  const synth = { speak(u) { window.__spoken.push([u.text, u.lang]); }, cancel() {}, getVoices: () => [] };
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; } };
})();
"""


def open_table(page, code):
    page.goto(f"/#/table/{code}")
    page.wait_for_selector(".live[data-state=live]")
    page.wait_for_selector(".after-panel:not([hidden])")


def test_a_score_pad_started_in_german(german, shots):
    german.goto("/")
    german.get_by_role("link", name="Tisch starten").click()
    german.wait_for_selector("form .seats input")
    german.select_option("#game", "scorepad")
    german.wait_for_function("() => location.hash === '#/new/scorepad'")
    # The options and the summary come from GET /api/games, said in German.
    german.wait_for_selector(".option label", state="attached")  # under "Options", folded
    labels = german.locator(".option label").all_text_contents()
    assert "Runden (0: bis jemand auf Beenden tippt)" in labels and "Niedrigste Summe gewinnt (wie beim Golf)" in labels
    check_screen(german, shots, "new-table")
    inputs = german.locator(".seats input")
    inputs.nth(0).fill("Anna")
    inputs.nth(1).fill("Bernd")
    german.get_by_role("button", name="Tisch starten").click()
    german.wait_for_selector(".live[data-state=live]")
    german.wait_for_selector(".after-panel:not([hidden])")
    assert german.locator(".live").inner_text() == "Live"
    assert german.locator(".table-title").inner_text() == "Punktezettel"  # a thing, not a brand: said in German
    german.get_by_role("button", name="Anna").click()
    german.wait_for_function("() => document.querySelector('.log li')?.textContent.includes('Anna +1')")
    assert german.get_by_role("button", name="Rückgängig").is_enabled()
    assert german.locator(".timer .timer-status").inner_text() == "Zeit wählen, dann starten"
    check_screen(german, shots, "table-scorepad")


def test_make_n_break_turn_in_german(german, live_server, shots):
    code = new_table(live_server, "make-n-break", ["Anna", "Bernd"])
    open_table(german, code)
    assert german.locator(".mnb-builds-label").text_content() == "Baut jetzt"
    german.get_by_role("button", name="2 gewürfelt").click()
    german.get_by_role("button", name="Normal 2").click()
    german.wait_for_function(
        "() => document.querySelector('.mnb-turn-points').textContent.startsWith('Dieser Zug: Anna +2')")
    check_screen(german, shots, "table-make-n-break-build")
    german.get_by_role("button", name="Zug beenden").click()
    german.wait_for_selector(".mnb-last:not([hidden])")
    assert german.locator(".mnb-last h2").inner_text() == "Zug 1: Anna hat gebaut"
    check_screen(german, shots, "table-make-n-break")


def test_wuerfelspiel_stopper_speaks_german(german, live_server, shots):
    code = new_table(live_server, "wuerfelspiel", ["Anna", "Bernd"], stopper="app", pace_ms=500)
    german.add_init_script(RECORD_SPEECH)
    open_table(german, code)
    assert "die App würfelt für Bernd" in german.locator(".mnb-roles").inner_text()
    # Who builds, in the totals: written by a stylesheet it stayed English on a German phone (" · building").
    assert german.locator(".ws-totals li.now .name").inner_text() == "Anna · baut"
    german.get_by_role("button", name="Los!").click()
    german.wait_for_selector(".ws-stopp:not([hidden])", timeout=30000)
    german.wait_for_function("() => window.__spoken.some(([text]) => text === 'Stopp!')")
    spoken = german.evaluate("window.__spoken")
    assert spoken[0] == ["Los!", "de-DE"] and spoken[-1] == ["Stopp!", "de-DE"]
    assert {language for _, language in spoken} == {"de-DE"}  # the totals too, read as German numbers
    german.get_by_role("button", name="Karte 3").click()
    german.wait_for_function("() => document.querySelector('.mnb-turn-points').textContent === 'Dieser Zug: Anna +3'")
    check_screen(german, shots, "table-wuerfelspiel")


def test_bresk_roll_and_grid_in_german(german, live_server, shots):
    code = new_table(live_server, "bresk", ["Anna", "Bernd"])
    open_table(german, code)
    assert german.locator(".bresk-ask-big").inner_text() == "Bresk-Würfel werfen"
    german.get_by_role("button", name="Anna", exact=True).click()
    # The seat is claimed at the server: the title follows its answer.
    german.wait_for_selector(".bresk-seat[aria-pressed=true]:has-text('Anna · dieses Handy')")
    assert german.locator(".bresk-entry-title").inner_text() == "Mein Raster — Anna"
    german.locator(".dice-buttons button").click()
    german.wait_for_function("() => !document.querySelector('.dice-faces p.muted')")
    check_screen(german, shots, "table-bresk")


def test_block_buster_point_block_in_german(german, live_server, shots):
    code = new_table(live_server, "block-buster", ["Anna", "Bernd", "Cem"])
    open_table(german, code)
    assert german.locator(".bb-board-card h2").inner_text() == "Punkteblöcke"
    # A tap on a point block asks who holds it; counting the spaces is one tap further.
    german.locator(".bb-tile").first.click()
    german.wait_for_selector("dialog.bb-picker[open]")
    assert german.locator("dialog.bb-picker .bb-ask").inner_text() == "Wer hat ihn?"
    german.wait_for_function("() => document.getAnimations().every((a) => a.playState === 'finished')")  # slid in
    check_screen(german, shots, "block-buster-picker")
    german.get_by_role("button", name="Nicht sicher? Felder zählen").click()
    german.wait_for_selector("dialog.bb-editor[open]")
    german.locator(".bb-stepper").first.get_by_role("button", name="Mehr", exact=False).click()
    assert "führt" in german.locator(".bb-owner-text").inner_text()
    check_screen(german, shots, "block-buster-editor")
    german.get_by_role("button", name="Speichern").click()
    german.wait_for_selector("dialog.bb-editor:not([open])", state="attached")
    check_screen(german, shots, "table-block-buster")


def test_a_finished_game_and_the_judge_in_german(german, live_server, shots):
    code = new_table(live_server, "make-n-break", ["Anna", "Bernd"], rounds=1)
    for builder in (0, 1):
        post_event(live_server, code, "die", {"face": 1, "builder": builder})
        post_event(live_server, code, "card", {"kind": "standard", "points": 2 + builder, "builder": builder})
        post_event(live_server, code, "end_turn", {"builder": builder})
    open_table(german, code)
    german.wait_for_selector(".after-game:not([hidden])")
    assert german.get_by_role("button", name="Nochmal spielen").is_visible()
    assert german.locator(".mnb-winner").inner_text() == "★ Bernd gewinnt!"
    # The score sheet's lines and the reason, as the server says them to a German phone.
    assert german.locator(".scores > p.meta").inner_text() == "höchste Summe nach 1 Runde"
    assert "Runde 1: 1 Karte geschafft" in " ".join(german.locator(".scoreboard .lines").all_text_contents())
    assert german.locator(".mnb-table tbody th").all_inner_texts() == ["Runde 1"]
    check_screen(german, shots, "game-over")
    german.goto("/#/judge")
    german.wait_for_selector(".lexicon-status")
    german.fill("#judge-input", "HOUSE")
    german.get_by_role("button", name="Prüfen").click()
    german.wait_for_selector(".verdict:not([hidden])")
    german.wait_for_function("() => document.getAnimations().every((a) => a.playState === 'finished')")  # faded in
    assert german.locator(".verdict-word").inner_text() == "Gültig"
    assert german.locator(".verdict-meta").inner_text().startswith("1 Wort")
    check_screen(german, shots, "judge")


def test_a_league_in_german(german, live_server, shots):
    league = api_league(live_server, "Donnerstag", ("Anna", "Bernd"))
    body = {"game": "make-n-break", "played_on": "2026-03-05",
            "players": [{"name": "Anna", "score": 12}, {"name": "Bernd", "score": 9}]}
    response = requests.post(f"{live_server.url}/api/leagues/{league['id']}/results", json=body,
                             headers=auth(league["member_token"]), timeout=10)
    assert response.status_code == 201, response.text
    german.goto(f"/#/league/{league['id']}?t={league['admin_token']}")
    german.wait_for_selector("table.standings tbody tr")
    assert german.locator("#standings-title").inner_text() == "Tabelle"
    assert german.get_by_role("link", name="Ergebnis eintragen").is_visible()
    # Dates the German way: "Do., 5. März" (the year only when it is not this one).
    assert "5. März" in german.locator(".result-date").first.inner_text()
    check_screen(german, shots, "league")
    german.goto(f"/#/league/{league['id']}/player/Anna")
    german.wait_for_selector(".player-title")
    german.wait_for_selector(".summary:not([aria-busy])")
    assert "1. von 2" not in german.locator(".results").inner_text()  # Anna won: "★ Gewonnen"
    assert "★ Gewonnen" in german.locator(".results").inner_text()
    check_screen(german, shots, "league-player")


def test_a_german_phones_csv_download_is_a_file_a_spreadsheet_opens_in_german(german, live_server):
    import datetime as dt

    league = api_league(live_server, "Würfelabend", players=("Jürgen", "Anna"))
    body = {"game": "wuerfelspiel", "played_on": "2026-11-30",
            "players": [{"name": "Jürgen", "score": 9}, {"name": "Anna", "score": 7}]}
    assert requests.post(f"{live_server.url}/api/leagues/{league['id']}/results", json=body,
                         headers=auth(league["member_token"]), timeout=10).status_code == 201
    german.goto(f"/#/league/{league['id']}?t={league['viewer_token']}")
    german.wait_for_selector("table.standings tbody tr")
    with german.expect_download() as download:
        german.locator("#export-csv").click()
    assert download.value.suggested_filename == f"Würfelabend-{dt.date.today().isoformat()}.csv"
    text = Path(download.value.path()).read_bytes().decode("utf-8")
    assert text.startswith("\ufeffErgebnis,Datum,Spiel,Spieler,Punkte,Platz,Team")
    assert "Make 'n' Break Würfelspiel,Jürgen,9,1" in text


def test_block_buster_shared_win_asked_in_german_fits_its_button(german, live_server, shots):
    """A shared win's "Beenden: Annabelle und Clarissa teilen sich den Sieg" ran over "Noch nicht" beside it and
    past the screen's edge: the summary's buttons kept their words on one line."""
    code = new_table(live_server, "block-buster", ["Annabelle", "Clarissa"])
    for seat in (0, 1):  # the first player's start penalty (5) against the second's five leftover squares
        post_event(live_server, code, "pass", {"seat": seat})
        post_event(live_server, code, "leftover", {"seat": seat, "squares": 5 * seat})
    for index in range(9):
        post_event(live_server, code, "point_block", {"index": index, "owner": None})
    open_table(german, code)
    german.locator(".bb-finish").click()
    dialog = german.locator("dialog.bb-summary[open]")
    dialog.wait_for()
    german.wait_for_function("() => document.getAnimations().every((a) => a.playState === 'finished')")  # slid in
    finish = dialog.locator(".bb-summary-finish")
    assert finish.inner_text().replace("\n", " ") == "Beenden: Annabelle und Clarissa teilen sich den Sieg"
    not_yet = dialog.get_by_role("button", name="Noch nicht")
    a, b = not_yet.bounding_box(), finish.bounding_box()
    assert a["x"] + a["width"] <= b["x"] and b["x"] + b["width"] <= 360  # side by side, both on the screen
    check_screen(german, shots, "block-buster-shared-win")
