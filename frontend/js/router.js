// Hash router: '#/table/ABC234' → the 'table' view with params {code: 'ABC234'};
// a query after the path ('#/new/bresk?league=x') arrives as params.query. A route's load(params)
// returns the view's module (and may start what the view will ask the server for).
// Hash routes need no server rewrites and work from the service worker's cache.
//
// Scroll: a new screen starts at its top; Back (or Forward) returns to where that screen
// was scrolled. Each history entry gets a key in history.state; positions are kept per key.

const routes = [];

export function route(pattern, load) {
  const names = [];
  const regex = new RegExp(
    '^' + pattern.replace(/:(\w+)/g, (_, name) => (names.push(name), '([^/]+)')) + '/?$',
  );
  routes.push({ regex, names, load });
}

export function navigate(hash) {
  if (location.hash === hash) render();
  else location.hash = hash;
}

let current = null;
const positions = new Map(); // history entry key → scrollY when it was left
let entryKey = null;

function keyOfThisEntry() {
  // An entry we have seen keeps its key: arriving at one that has a key is a Back or Forward.
  const known = history.state?.scrollKey;
  if (known) return { key: known, returning: true };
  const key = Math.random().toString(36).slice(2);
  history.replaceState({ ...(history.state || {}), scrollKey: key }, '');
  return { key, returning: false };
}

// Views fill in as their data arrives: try the saved position until the page is tall enough (≤ 1 s).
function restoreScroll(y) {
  const until = performance.now() + 1000;
  const attempt = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) > 1 && performance.now() < until) requestAnimationFrame(attempt);
  };
  attempt();
}

export async function render() {
  const [path, search = ''] = (location.hash.replace(/^#/, '') || '/').split('?');
  const main = document.getElementById('app');
  for (const { regex, names, load } of routes) {
    const match = path.match(regex);
    if (!match) continue;
    const params = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1])]));
    params.query = Object.fromEntries(new URLSearchParams(search));
    if (current?.destroy) current.destroy();
    const { key, returning } = keyOfThisEntry();
    const saved = returning ? positions.get(key) : undefined; // read now: emptying the page scrolls it
    entryKey = key;
    const view = await load(params);
    if (entryKey !== key) return; // another navigation overtook this one
    main.replaceChildren();
    // The screen's place takes the focus (a screen reader reads on from it, Tab starts in it) and a new screen starts
    // at its top, both before the screen is put in: focusing and scrolling lay the page out at once, and after the
    // mount that was the whole new screen, in this task (the screen's modules and its mount: one long task on a
    // slow phone, 62 ms of layout for a table's first screen on a CPU slowed 4×).
    main.focus({ preventScroll: true });
    if (saved === undefined) window.scrollTo(0, 0);
    current = view.mount(main, params) || null;
    if (saved !== undefined) restoreScroll(saved);
    return;
  }
  navigate('#/');
}

export function start() {
  history.scrollRestoration = 'manual';
  // Remember where each screen is scrolled (the hash has already changed when hashchange fires).
  window.addEventListener('scroll', () => entryKey && positions.set(entryKey, window.scrollY), { passive: true });
  window.addEventListener('hashchange', render);
  render();
}
