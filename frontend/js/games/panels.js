// A game's phone module is found by its id: frontend/js/games/<game id>.js, exporting mount(panel, session,
// game) and, if it wants them, stylesheet (its CSS file), usesTimer, timerPresets(view), rolls(view),
// ownScores, cardScan (a function loading the module that reads a paper card from a photo,
// views/league-record.js) and screen(view) (its part of the big screen, views/screen.js: {turn, doing, board,
// timer: what the timer counts}); its dice are named by the module (components/dice.js nameDice). A game
// without one gets the plain score pad (components/score-pad.js). Its log's words are games/<game id>-log.js
// (importLogLines). Apart from views/table.js so that main.js can start a panel loading as soon as the
// table's state names its game, while the table screen's own modules are still arriving. Nothing here knows a
// game by name: docs/ADDING-A-GAME.md.
import { useStylesheet } from '../lib/dom.js';

const PANEL_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** The module's file name for a game id; null for an id no file could have (the plain pad then). */
export const panelId = (gameId) => (PANEL_ID.test(gameId) ? gameId : null);

// A panel's stylesheet is its own (`export const stylesheet`): taken up the moment its module is in.
export const importPanel = (id) => import(`./${id}.js`).then((panel) => {
  if (panel.stylesheet) useStylesheet(panel.stylesheet);
  return panel;
});

// A game's own lines in the table's log (games/<id>-log.js: logLines(t, common)), or null (none can be had:
// offline before it was kept, or an id no file could have). Not imported by the phone module: the first
// screen does not wait for the log's words, which are loaded once the table is on screen.
export const importLogLines = (gameId) => (panelId(gameId)
  ? import(`./${panelId(gameId)}-log.js`).then((m) => m.logLines, () => null)
  : Promise.resolve(null));

// The panel's module starts loading the moment the game is known, alongside everything else the
// table waits for rather than after it.
export function preloadPanel(gameId) {
  if (panelId(gameId)) importPanel(panelId(gameId)).catch(() => {}); // the table screen says so and tries again
}
