import { askAhead } from './lib/ahead.js';
import { route, start } from './router.js';

// The language catalog is fetched now, while the screen's own modules load beside it
// (index.html preloads the modules every screen needs).
const shell = Promise.all([import('./i18n.js'), import('./store.js')]);

route('/', () => import('./views/home.js'));
route('/new', () => import('./views/new-table.js'));
route('/new/:game', () => import('./views/new-table.js'));
// A table: its state and the games' catalogue are asked for first, before the table screen's modules
// (lib/ahead.js), and the game's panel as soon as the state names the game. The screen mounts after the
// asks have started, so that its own first asks take their answers. A phone opens at most six connections
// to an HTTP/1.1 server: asked first, the state is not queued behind a dozen modules. The shared timer's
// first estimate of the server's clock is the state's own answer (lib/clock.js); the screen probes once it
// shows.
route('/table/:code', ({ code }) => {
  // The paths as api.js asks for them (the session upper-cases the code).
  const [table] = askAhead(`/api/tables/${encodeURIComponent(code.toUpperCase())}`, '/api/games');
  const panels = import('./games/panels.js');
  table.then((r) => (r.ok ? r.clone().json() : null))
    .then(async (view) => view && (await panels).preloadPanel(view.game)).catch(() => {});
  return import('./views/table.js');
});
// The big screen of a table: the room's view, read-only, on a TV or the laptop (views/screen.js).
route('/table/:code/screen', () => import('./views/screen.js'));
route('/screen', () => import('./views/screen-pick.js'));
route('/judge', () => import('./views/judge.js'));
route('/judge/:table', () => import('./views/judge.js'));
// The league screens: their words (i18n.js) are in before their module runs, as a module may say words when it
// runs (the standings' column heads); the module is fetched meanwhile (modulepreload fetches, it does not run).
function league(path) {
  const module = new URL(path, import.meta.url).href;
  if (!document.querySelector(`link[rel=modulepreload][href="${module}"]`)) {
    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href: module }));
  }
  return shell.then(([{ loadLeagueWords }]) => loadLeagueWords()).then(() => import(module));
}
route('/leagues', () => league('./views/league-list.js'));
route('/league/:id', () => league('./views/league.js'));
route('/league/:id/record', () => league('./views/league-record.js'));
route('/league/:id/player/:name', () => league('./views/league-player.js'));
route('/league/:id/recap', () => league('./views/league-recap.js'));
route('/league/:id/admin', () => league('./views/league-admin.js'));
route('/league/:id/disputes', () => league('./views/league-disputes.js'));
route('/league/:id/result/:result', () => league('./views/league-result.js'));

start();

const [{ t }, { store }] = await shell;

// The page around the views speaks the phone's language too (index.html is the same file for all).
document.querySelector('.topbar .brand').setAttribute('aria-label', t('main.home'));

// A guest at a plain http:// address lacks the wake lock and offline reopening: told once, in words.
if (!window.isSecureContext) import('./lib/insecure-origin.js').then(({ tellOnce }) => tellOnce());

function showNetwork() {
  const el = document.getElementById('net-status');
  // Offline is what the phone knows of its own network; unheard, what a table's silent stream says
  // (session.js): the wifi may be up with no route to the server; late asks, what api.js has waited on too long.
  const { online, unheard, lateAsks } = store.get();
  el.textContent = !online ? t('main.offline') : unheard ? t('main.not_connected') : lateAsks ? t('main.waiting') : '';
  el.hidden = !el.textContent;
}

window.addEventListener('online', () => store.set({ online: true }));
window.addEventListener('offline', () => store.set({ online: false }));
store.subscribe(showNetwork);
showNetwork();

if ('serviceWorker' in navigator) {
  // The app shell is cached for offline play; a new version takes over on the next load.
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err) => {
    console.warn('Offline mode unavailable:', err.message);
  });
  // The app now opens offline, so Home's games and the New-table form must too, whichever page this phone
  // opened first (the judge, a league): the games' catalogue is remembered once the page has settled.
  navigator.serviceWorker.ready.then(() => whenIdle(rememberGames));
}

function whenIdle(fn) {
  const later = () => (window.requestIdleCallback ? requestIdleCallback(fn, { timeout: 5000 }) : setTimeout(fn, 1000));
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

async function rememberGames() {
  if (store.get().catalogue || !navigator.onLine) return;
  const { latestCatalogue } = await import('./api.js');
  latestCatalogue().catch(() => {});
}
