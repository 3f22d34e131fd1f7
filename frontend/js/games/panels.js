// A game's panel is found by its id: frontend/js/games/<game id>.js, exporting mount(panel, session, game)
// and, if it wants them, usesTimer, timerPresets(view), rolls(view), ownScores and screen(view) (its part of
// the big screen, views/screen.js: {turn, doing, board}). A game without one gets the score pad. Apart from views/table.js so that main.js can start a panel loading as soon as the
// table's state names its game, while the table screen's own modules are still arriving.
import { useStylesheet } from '../lib/dom.js';

const PANEL_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const panelId = (gameId) => (PANEL_ID.test(gameId) ? gameId : 'scorepad');
export const importPanel = (id) => import(`./${id}.js`);

// Each panel's stylesheet, where it has one: known here so that it loads alongside the panel's module.
const PANEL_CSS = {
  bresk: '/css/games/bresk.css',
  'block-buster': '/css/games/block-buster.css',
  'make-n-break': '/css/games/make-n-break.css',
  wuerfelspiel: '/css/games/make-n-break.css',
};

// The panel's module and stylesheet start loading the moment the game is known, alongside
// everything else the table waits for rather than after it.
export function preloadPanel(gameId) {
  if (PANEL_CSS[gameId]) useStylesheet(PANEL_CSS[gameId]);
  importPanel(panelId(gameId)).catch(() => {}); // the table screen says so and tries again
}
