// Hash router: '#/table/ABC234' → the 'table' view with params {code: 'ABC234'};
// a query after the path ('#/new/bresk?league=x') arrives as params.query.
// Hash routes need no server rewrites and work from the service worker's cache.

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

export async function render() {
  const [path, search = ''] = (location.hash.replace(/^#/, '') || '/').split('?');
  const main = document.getElementById('app');
  for (const { regex, names, load } of routes) {
    const match = path.match(regex);
    if (!match) continue;
    const params = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1])]));
    params.query = Object.fromEntries(new URLSearchParams(search));
    if (current?.destroy) current.destroy();
    const view = await load();
    main.replaceChildren();
    current = view.mount(main, params) || null;
    main.focus({ preventScroll: true });
    return;
  }
  navigate('#/');
}

export function start() {
  window.addEventListener('hashchange', render);
  render();
}
