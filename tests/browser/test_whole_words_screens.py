"""What a phone says is said whole: a blank die face has a name a screen reader speaks, the game's title and
Block Buster's "Skipped 2 or more" are never cut (by the layout or in the text itself) on a 360 px screen."""

import pytest
from screens import new_table

pytestmark = pytest.mark.browser

SMALL = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
GAMES = ["make-n-break", "wuerfelspiel", "block-buster", "bresk", "scorepad"]

# Whether an element shows all its text: nothing clipped by its box (where a layout's "…" would go), nothing
# past the screen's edge.
WHOLE = """(el) => ({ text: el.textContent, clipped: el.scrollWidth > el.clientWidth + 1,
                       right: el.getBoundingClientRect().right, width: document.documentElement.clientWidth })"""


@pytest.fixture(params=["en-GB", "de-DE"])
def small_phone(request, browser, live_server):
    context = browser.new_context(base_url=live_server.url, locale=request.param, **SMALL)
    page = context.new_page()
    yield page
    context.close()


def open_table(page, live_server, game) -> None:
    code = new_table(live_server, game, ("Annabelle", "Bartholomew"))
    page.goto(f"/#/table/{code}")
    page.wait_for_selector(".table-screen:not(.loading) .live[data-state=live]")


@pytest.mark.parametrize("game", GAMES)
def test_the_game_title_is_whole_at_360_px_in_normal_and_large_text(small_phone, live_server, game):
    open_table(small_phone, live_server, game)
    for text_size in ("100%", "150%"):  # the phone's own text size: the page's text follows the root's
        small_phone.evaluate("(size) => (document.documentElement.style.fontSize = size)", text_size)
        title = small_phone.locator(".table-title").evaluate(WHOLE)
        assert not title["clipped"] and title["right"] <= title["width"], (text_size, title)
        assert not title["text"].endswith("…"), title


def test_block_buster_skipped_more_says_what_it_does_whole(small_phone, live_server):
    open_table(small_phone, live_server, "block-buster")
    german = small_phone.evaluate("document.documentElement.lang") == "de"
    button = small_phone.get_by_role("button", name="2 oder mehr übersprungen" if german else "Skipped 2 or more")
    shown = button.first.evaluate(WHOLE)
    assert not shown["clipped"] and shown["right"] <= shown["width"], shown
    assert "…" not in shown["text"], shown


def test_a_blank_die_face_has_a_name_a_screen_reader_says(small_phone, live_server):
    open_table(small_phone, live_server, "scorepad")
    german = small_phone.evaluate("document.documentElement.lang") == "de"
    small_phone.evaluate("""async () => {
        const { face } = await import('/js/components/dice.js');
        // Each game's module names its own dice as it loads (the stopper is the Würfelspiel's, the
        // alphabet die Bresk!'s): here, on a score pad's table, as their tables would have them loaded.
        await Promise.all(['wuerfelspiel', 'bresk'].map((id) => import(`/js/games/${id}.js`)));
        const faces = document.createElement('div');
        faces.className = 'test-faces';
        faces.append(face({ die: 'stopper', face: 0 }), face({ die: 'alphabet', face: '#' }),
                     face({ die: 'd6', face: 4 }));
        document.querySelector('main').append(faces);
    }""")
    faces = small_phone.locator(".test-faces")
    names = ["Stopp-Würfel: leer", "Buchstabenwürfel: leer", "Würfel: 4"] if german else \
        ["Stopper die: blank", "Alphabet die: blank", "Die: 4"]
    for name in names:
        assert faces.get_by_role("img", name=name, exact=True).count() == 1, (name, faces.inner_html())
    assert faces.locator(".die").all_inner_texts() == ["", "", "4"]  # the faces still show what the die shows
