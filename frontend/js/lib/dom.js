// Building the page. h('button#go.primary', {onclick}, 'Start') → an element. Text is always set
// as text, never parsed as HTML, so names people type can never become markup. useStylesheet(href)
// is the one way a screen adds its styles (one module with h(): every screen needs both, and each
// module more is a round trip more before a screen shows).

export function h(tag, attrs = {}, ...children) {
  // 'p.meta#help' and 'p#help.meta' both work: the name first, then .classes and #id in any order.
  const parts = tag.split(/(?=[.#])/);
  const name = /^[.#]/.test(parts[0]) ? 'div' : parts.shift();
  const el = document.createElement(name || 'div');
  for (const part of parts) {
    if (part[0] === '#') el.id = part.slice(1);
    else el.classList.add(part.slice(1));
  }
  if (attrs === null || typeof attrs !== 'object' || attrs instanceof Node || Array.isArray(attrs)) {
    children.unshift(attrs);
    attrs = {};
  }
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key in el && typeof value !== 'string') el[key] = value;
    else el.setAttribute(key, value === true ? '' : value);
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** `el.replaceChildren(...children)`, except that a child that would look the same (its markup, at the same
 *  place) stays the element it is, untouched: redrawn while a finger is on one of its buttons (another
 *  phone's change arriving), the tap would be lost. For redrawing the same thing with new data only: a kept
 *  child keeps its listeners, so they must not hold values that differ between the two drawings. */
export function renew(el, children) {
  const fresh = document.createElement(el.tagName);
  append(fresh, children);
  const next = [...fresh.childNodes];
  const now = [...el.childNodes];
  const markup = (node) => node.outerHTML ?? node.textContent;
  next.forEach((node, i) => {
    if (!now[i]) el.append(node);
    else if (markup(now[i]) !== markup(node)) now[i].replaceWith(node);
  });
  for (const extra of now.slice(next.length)) extra.remove();
}

// A screen's stylesheet (the CSP allows same-origin stylesheets only, so every screen's styles
// are a <link>). Added once however often it is asked for; the promise resolves
// when the sheet has loaded (or failed, or after 3 s), so a screen can wait for its styles
// instead of showing unstyled and then jumping.

const WAIT_MS = 3000;
const loading = new Map(); // href → the promise of its <link>

export function useStylesheet(href) {
  if (loading.has(href)) return loading.get(href);
  let link = document.querySelector(`link[rel=stylesheet][href="${href}"]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  }
  const sheet = link;
  const ready = sheet.sheet
    ? Promise.resolve()
    : new Promise((resolve) => {
      sheet.addEventListener('load', resolve, { once: true });
      sheet.addEventListener('error', resolve, { once: true });
      setTimeout(resolve, WAIT_MS);
    });
  loading.set(href, ready);
  return ready;
}

/** Resolves when every stylesheet asked for so far has loaded (or failed, or timed out). */
export function stylesheetsReady() {
  return Promise.all(loading.values());
}

/**
 * A guard for buttons that count something (a card built): `guard(fn)` runs fn for a tap unless `el`
 * had one in the last `ms`. A finger's double tap comes 50–300 ms apart, and no one completes two builds
 * in that time, so it counts once. The server cannot tell (an action queued offline reaches it seconds
 * after the tap, and several arrive back to back): the phone knows when the finger tapped. While it
 * waits, `el` carries `data-settling`.
 */
export function tapGuard(el, ms = 600) {
  let until = 0;
  let timer = 0;
  const settled = () => {
    until = 0;
    delete el.dataset.settling;
  };
  const guard = (fn) => {
    const now = performance.now();
    if (now < until) return;
    until = now + ms;
    el.dataset.settling = '';
    clearTimeout(timer);
    timer = setTimeout(settled, ms);
    fn();
  };
  // Another tap in between (Undo after a wrong card) means the next one is no double tap.
  guard.reset = () => {
    clearTimeout(timer);
    settled();
  };
  return guard;
}

/** Scrolls `el` into view, smoothly unless the phone asks for less motion (a jump is what it asked for). */
export function scrollToView(el, block = 'nearest') {
  const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
  el.scrollIntoView({ block, behavior: still ? 'auto' : 'smooth' });
}

/** One figure on the big screen (views/screen.js): a label over a large value. The games' `screen(view)`
 *  build their boards from these, so every game's board reads the same way across a room. */
export function stat(label, value, cls = '') {
  return h(`div.sb-stat${cls}`, h('span.sb-label', label), value instanceof Node ? value : h('span.sb-value', String(value)));
}
