// What the league screens share: the league links this phone knows (localStorage),
// opening a shared link, the share/copy rows, game names and dates.
//
// No accounts: a league is reached by capability links. A phone keeps, per league,
// {id, name, role, token} — its best token — plus every role's token it has seen
// (`tokens`), so an admin can hand out the member and viewer links later.
import { api, leagues } from '../api.js';
import { append, h } from '../lib/dom.js';
import { publicBase } from '../lib/public-base.js';
import { store } from '../store.js';

const KEY = 'scorekeeper.leagues';
export const RANK = { viewer: 0, member: 1, admin: 2 };
export const ROLE_NAMES = { admin: 'Admin', member: 'Member', viewer: 'Viewer' };
// A link carries its own token (t) and the lesser ones the sharer has (m, v), so a
// member link also lets its holder share the read-only viewer link.
const LESSER = { admin: ['member', 'viewer'], member: ['viewer'], viewer: [] };
const PARAM = { admin: 't', member: 'm', viewer: 'v' };

/** Replace an element's children; like h(), arrays are flattened and null/false left out. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

export function ensureCss() {
  if (!document.querySelector('link[data-league-css]')) {
    document.head.append(h('link', { rel: 'stylesheet', href: '/css/league.css', dataset: { leagueCss: '1' } }));
  }
}

function load() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY));
    return Array.isArray(list) ? list.filter((l) => l && l.id && l.token && l.role in RANK) : [];
  } catch {
    return [];
  }
}

function save(list) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    /* private mode: the league is reachable only through its link */
  }
}

export const knownLeagues = () => load();
export const findLeague = (id) => load().find((l) => l.id === id) || null;

/** Remember a token with its role; the best role's token becomes the one used. */
export function remember({ id, name, role, token }) {
  const list = load();
  let entry = list.find((l) => l.id === id);
  if (!entry) {
    entry = { id, name, role, token, tokens: {} };
    list.unshift(entry);
  }
  entry.tokens = { ...(entry.tokens || {}), [role]: token };
  if (name) entry.name = name;
  if (RANK[role] >= RANK[entry.role] || entry.token === token) {
    entry.role = role;
    entry.token = token;
  }
  save(list);
  return entry;
}

export function rename(id, name) {
  const list = load();
  const entry = list.find((l) => l.id === id);
  if (entry && name && entry.name !== name) {
    entry.name = name;
    save(list);
  }
}

export function forget(id) {
  save(load().filter((l) => l.id !== id));
}

/** A token no longer works (replaced by the admin): drop it, fall back to the next best. */
export function dropToken(id, token) {
  const list = load();
  const entry = list.find((l) => l.id === id);
  if (!entry) return null;
  for (const [role, t] of Object.entries(entry.tokens || {})) if (t === token) delete entry.tokens[role];
  const best = Object.keys(entry.tokens || {}).sort((a, b) => RANK[b] - RANK[a])[0];
  if (!best) {
    save(list.filter((l) => l.id !== id));
    return null;
  }
  entry.role = best;
  entry.token = entry.tokens[best];
  save(list);
  return entry;
}

/** The link to hand out for `role`, or null when this phone does not have that token. */
export function shareUrl(entry, role) {
  const tokens = entry.tokens || {};
  if (!tokens[role]) return null;
  const q = new URLSearchParams({ t: tokens[role] });
  for (const lesser of LESSER[role]) if (tokens[lesser]) q.set(PARAM[lesser], tokens[lesser]);
  return `${publicBase}/#/league/${encodeURIComponent(entry.id)}?${q}`;
}

/**
 * Opening a shared link (#/league/<id>?t=…): check each token with the server, keep the
 * ones that work, and take them out of the address bar (and so out of the history).
 * Resolves to an error message when the main token does not work, else null.
 */
export async function adoptLink(id, query) {
  const given = [query.t, query.m, query.v].filter(Boolean);
  history.replaceState(history.state, '', `${location.pathname}${location.search}#/league/${encodeURIComponent(id)}`);
  let problem = null;
  await Promise.all(given.map(async (token) => {
    try {
      const league = await leagues.get(id, token);
      remember({ id, name: league.name, role: league.role, token });
    } catch (err) {
      if (token === query.t) problem = err.status === 401 ? 'This league link does not work any more: it may have been replaced. Ask the league’s admin for a new one.' : err.message;
    }
  }));
  return problem;
}

// --- share rows ---------------------------------------------------------------------------------

const ABOUT = {
  admin: 'Full control: records results, replaces links, exports. Keep it safe — anyone with this link can change the league.',
  member: 'For the players: record results and start tables in the league.',
  viewer: 'Read only: the standings, e.g. on the club’s screen.',
};

async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Not a secure context (http://192.168…): fall back to selecting the field.
    input.focus();
    input.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/** One link: what it is for, the address (selectable), Copy and Share. */
export function linkRow(entry, role, { extra = null } = {}) {
  const url = shareUrl(entry, role);
  const id = `link-${role}`;
  const box = h(`div.link-row.link-${role}`, { dataset: { role } },
    h('label', { for: id }, `${ROLE_NAMES[role]} link`),
    h('p.meta', ABOUT[role]));
  if (!url) {
    box.append(h('p.muted.no-link', role === 'admin' ? 'This phone does not have the admin link.'
      : `This phone does not have the ${role} link. ${RANK[entry.role] === RANK.admin ? 'Make a new one below (the old one stops working).' : 'Ask the league’s admin for it.'}`));
    if (extra) box.append(extra);
    return box;
  }
  const input = h('input.link-url', { id, value: url, readonly: true, spellcheck: false, autocomplete: 'off' });
  input.addEventListener('focus', () => input.select());
  const copy = h('button', { type: 'button', 'aria-label': `Copy the ${role} link` }, 'Copy');
  copy.addEventListener('click', async () => {
    const ok = await copyText(url, input);
    copy.textContent = ok ? 'Copied ✓' : 'Select and copy';
    setTimeout(() => (copy.textContent = 'Copy'), 2500);
  });
  const buttons = h('div.row.link-buttons', copy);
  if (navigator.share) {
    buttons.append(h('button', {
      type: 'button', 'aria-label': `Share the ${role} link`,
      onclick: () => navigator.share({ title: entry.name, text: `${entry.name} — ${ROLE_NAMES[role].toLowerCase()} link`, url }).catch(() => {}),
    }, 'Share…'));
  }
  if (extra) buttons.append(extra);
  box.append(input, buttons);
  return box;
}

// --- games and dates ------------------------------------------------------------------------------

let catalogue = null;

/** The games catalogue (cached in the store for offline use). */
export async function games() {
  if (catalogue) return catalogue;
  const cached = store.get().catalogue;
  try {
    catalogue = await api.games();
    store.set({ catalogue });
  } catch (err) {
    if (!cached) throw err;
    catalogue = cached;
  }
  return catalogue;
}

export function gameName(id) {
  const all = catalogue || store.get().catalogue;
  return all?.games.find((g) => g.id === id)?.name || id;
}

/** Today on this phone's calendar, as YYYY-MM-DD (not UTC's). */
export function today() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function formatDate(iso, { short = false } = {}) {
  const [y, m, d] = iso.split('-').map(Number);
  const date = new Date(y, m - 1, d);
  const options = short ? { day: 'numeric', month: 'short' } : { weekday: 'short', day: 'numeric', month: 'short' };
  if (y !== new Date().getFullYear()) options.year = 'numeric';
  return date.toLocaleDateString(undefined, options);
}

export const number = (n, digits = 1) => (n === null || n === undefined ? '–' : String(Number(n.toFixed(digits))));

export const playerHref = (leagueId, name, params = {}) => {
  const q = new URLSearchParams(Object.entries(params).filter(([, v]) => v)).toString();
  return `#/league/${encodeURIComponent(leagueId)}/player/${encodeURIComponent(name)}${q ? `?${q}` : ''}`;
};

/** Save a Blob as a file (the export needs the token header, so no plain link can fetch it). */
export function saveBlob(blob, filename) {
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: filename, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

// --- QR codes of the share links ------------------------------------------------------------------

const CAN = {
  admin: 'run this league: record and correct results, change the house rules and seasons, replace links.',
  member: 'record results and start tables in this league.',
  viewer: 'see the standings and results, but change nothing.',
};

/**
 * Show this phone's `role` link as a QR code in a modal dialog, for another phone to scan.
 * The server draws it (POST /api/qr: the link holds a token, so it never goes into a URL).
 * Resolves to the dialog, or null when this phone has no such link; rejects with the
 * server's error (offline, refused) for the caller to show.
 */
export async function showQr(entry, role) {
  const url = shareUrl(entry, role);
  if (!url) return null;
  const svg = new DOMParser().parseFromString(await api.qr(url), 'image/svg+xml').documentElement;
  if (svg.localName !== 'svg') throw new Error('The QR code could not be drawn. Try again.');
  // segno sets a fixed width and height; a viewBox instead lets the stylesheet size it.
  if (!svg.hasAttribute('viewBox')) svg.setAttribute('viewBox', `0 0 ${svg.getAttribute('width')} ${svg.getAttribute('height')}`);
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.querySelector('title')?.remove();
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', `QR code for the ${role} link`);
  svg.classList.add('qr');
  const titleId = `qr-title-${role}`;
  const dialog = h('dialog.share.qr-dialog', { 'aria-labelledby': titleId, dataset: { role } },
    h(`h2#${titleId}`, `${ROLE_NAMES[role]} link`),
    entry.name ? h('p.meta.qr-league', entry.name) : null,
    document.importNode(svg, true),
    h('p.qr-about', `Anyone who scans this can ${CAN[role]}`),
    role === 'admin' ? h('p.warning', 'Show it only to someone who should run the league.') : null,
    h('div.row', h('button.primary.qr-close', { type: 'button', onclick: () => dialog.close() }, 'Close')));
  document.body.append(dialog);
  dialog.addEventListener('close', () => dialog.remove());
  dialog.showModal();
  return dialog;
}

let qrOpening = false; // one dialog at a time, however fast the taps

/**
 * A button that shows this phone's `role` link of the league as a QR code (showQr). Focus
 * returns to it when the dialog closes; a failure is handed to `say` for the page to show.
 */
export function qrButton(leagueId, role, say, label = 'QR code') {
  const open = async (button) => {
    if (qrOpening) return;
    qrOpening = true;
    button.setAttribute('aria-busy', 'true');
    say('');
    try {
      const dialog = await showQr(findLeague(leagueId), role);
      dialog?.addEventListener('close', () => button.isConnected && button.focus());
    } catch (err) {
      say(err.message);
    } finally {
      qrOpening = false;
      button.removeAttribute('aria-busy');
    }
  };
  return h('button.show-qr', {
    type: 'button', 'aria-label': `Show QR code for the ${role} link`, onclick: (e) => open(e.currentTarget),
  }, label);
}

/**
 * The admin replaces a share link, once they confirm: the old one stops working for everyone.
 * Resolves to this phone's updated entry, or null if they changed their mind; rejects with the server's error.
 */
export async function replaceLink(leagueId, role) {
  const question = role === 'admin'
    ? 'Make a new admin link? The old admin link stops working at once, on every phone that has it. This phone gets the new one: share it only with those who run the league.'
    : `Make a new ${role} link? The old ${role} link stops working for everyone who has it.`;
  if (!window.confirm(question)) return null;
  const { token } = await leagues.rotate(leagueId, findLeague(leagueId).token, role);
  return remember({ id: leagueId, role, token });
}
