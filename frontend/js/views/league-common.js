// What the league screens share: the league links this phone knows (localStorage),
// opening a shared link, the share/copy rows, game names and dates.
//
// No accounts: a league is reached by capability links. A phone keeps, per league,
// {id, name, role, token} — its best token — plus every role's token it has seen
// (`tokens`), so an admin can hand out the member and viewer links later.
import { api, gameName, leagues } from '../api.js';
import { date as formatLocalDate, number as formatNumber, t } from '../i18n.js';
import { append, h, useStylesheet } from '../lib/dom.js';
import { publicBase, publicBaseKnown } from '../lib/public-base.js';

const KEY = 'scorekeeper.leagues';
export const RANK = { viewer: 0, member: 1, admin: 2 };
export const ROLE_NAMES = { admin: t('role.admin'), member: t('role.member'), viewer: t('role.viewer') };
// "Admin link", "Member link", …: each role's link by name (a whole phrase per role, for languages that decline).
const LINK_NAMES = { admin: t('link.admin'), member: t('link.member'), viewer: t('link.viewer') };
// The same inside a sentence ("Copy the member link").
const LINK_IN_TEXT = { admin: t('link.admin_in_text'), member: t('link.member_in_text'), viewer: t('link.viewer_in_text') };
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

/** The league screens' stylesheet (useStylesheet adds it once). */
export const ensureCss = () => useStylesheet('/css/league.css');

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

/** The member and viewer links now in use, as the server has them (an admin link reads them), kept on this
 *  phone: another admin phone may have replaced one. A league older than the kept links has none (null): what
 *  this phone has stays. Another role's link may not read them (403): nothing to learn. */
export async function learnSharedLinks(id, token) {
  let tokens;
  try {
    tokens = await leagues.sharedTokens(id, token);
  } catch (err) {
    if (err.status === 403) return;
    throw err;
  }
  for (const role of ['member', 'viewer']) {
    const shared = tokens[`${role}_token`];
    if (shared) remember({ id, role, token: shared });
  }
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
      if (token === query.t) problem = err.status === 401 ? t('league.link_replaced') : err.message;
    }
  }));
  return problem;
}

// --- share rows ---------------------------------------------------------------------------------

const ABOUT = {
  admin: t('link.about_admin'),
  member: t('link.about_member'),
  viewer: t('link.about_viewer'),
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
  let url = shareUrl(entry, role);
  const id = `link-${role}`;
  const box = h(`div.link-row.link-${role}`, { dataset: { role } },
    h('label', { for: id }, LINK_NAMES[role]),
    h('p.meta', ABOUT[role]));
  if (!url) {
    box.append(h('p.muted.no-link', role === 'admin' ? t('link.no_admin')
      : `${t('link.not_on_phone', { link: LINK_IN_TEXT[role] })} ${RANK[entry.role] === RANK.admin ? t('link.make_new_below') : t('link.ask_admin')}`));
    if (extra) box.append(extra);
    return box;
  }
  const input = h('input.link-url', { id, value: url, readonly: true, spellcheck: false, autocomplete: 'off' });
  input.addEventListener('focus', () => input.select());
  publicBaseKnown.then(() => (input.value = url = shareUrl(entry, role))); // the LAN address, once the server has said it
  const copy = h('button', { type: 'button', 'aria-label': t('link.copy_aria', { link: LINK_IN_TEXT[role] }) }, t('link.copy'));
  copy.addEventListener('click', async () => {
    const ok = await copyText(url, input);
    copy.textContent = ok ? t('link.copied') : t('link.select_copy');
    setTimeout(() => (copy.textContent = t('link.copy')), 2500);
  });
  const buttons = h('div.row.link-buttons', copy);
  if (navigator.share) {
    buttons.append(h('button', {
      type: 'button', 'aria-label': t('link.share_aria', { link: LINK_IN_TEXT[role] }),
      onclick: () => navigator.share({ title: entry.name, text: `${entry.name} — ${LINK_IN_TEXT[role]}`, url }).catch(() => {}),
    }, t('link.share')));
  }
  if (extra) buttons.append(extra);
  box.append(input, buttons);
  return box;
}

// --- games and dates ------------------------------------------------------------------------------

/** Today on this phone's calendar, as YYYY-MM-DD (not UTC's). */
/** A result's game as the league shows it: a score pad result standing for another game (an imported play
 * of "Catan") under that game's name. */
export const resultGameName = (result) => result.game_name || gameName(result.game);

export function today() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function formatDate(iso, { short = false } = {}) {
  const [y, m, d] = iso.split('-').map(Number);
  const date = new Date(y, m - 1, d);
  const options = short ? { day: 'numeric', month: 'short' } : { weekday: 'short', day: 'numeric', month: 'short' };
  if (y !== new Date().getFullYear()) options.year = 'numeric';
  return formatLocalDate(date, options);
}

export const number = (n, digits = 1) => (n === null || n === undefined ? '–' : formatNumber(Number(n.toFixed(digits)), { maximumFractionDigits: digits, useGrouping: false }));

/** "=1" for a rank shared with another row, else "1" (a screen reader hears "shared 1"). */
export function rankText(row) {
  if (!row.tied) return h('span.rank-text', String(row.rank));
  return h('span.rank-text.rank-shared', h('span', { 'aria-hidden': 'true' }, `=${row.rank}`),
    h('span.visually-hidden', t('standings.rank_shared', { n: row.rank })));
}

/** The skill estimate; in brackets, and said to be a first guess, while the player has few games. */
export function skillCell(row) {
  if (!row.rating_provisional) return number(row.rating);
  return h('span.provisional', { title: t('standings.provisional') },
    h('span', { 'aria-hidden': 'true' }, `(${number(row.rating)})`),
    h('span.visually-hidden', t('standings.provisional_aria', { value: number(row.rating) })));
}

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
  admin: t('qr.can_admin'),
  member: t('qr.can_member'),
  viewer: t('qr.can_viewer'),
};

/**
 * Show this phone's `role` link as a QR code in a modal dialog, for another phone to scan.
 * The server draws it (POST /api/qr: the link holds a token, so it never goes into a URL).
 * Resolves to the dialog, or null when this phone has no such link; rejects with the
 * server's error (offline, refused) for the caller to show.
 */
export async function showQr(entry, role) {
  await publicBaseKnown;
  const url = shareUrl(entry, role);
  if (!url) return null;
  const svg = new DOMParser().parseFromString(await api.qr(url), 'image/svg+xml').documentElement;
  if (svg.localName !== 'svg') throw new Error(t('qr.failed'));
  // segno sets a fixed width and height; a viewBox instead lets the stylesheet size it.
  if (!svg.hasAttribute('viewBox')) svg.setAttribute('viewBox', `0 0 ${svg.getAttribute('width')} ${svg.getAttribute('height')}`);
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.querySelector('title')?.remove();
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', t('qr.for_link', { link: LINK_IN_TEXT[role] }));
  svg.classList.add('qr');
  const titleId = `qr-title-${role}`;
  const dialog = h('dialog.share.qr-dialog', { 'aria-labelledby': titleId, dataset: { role } },
    h(`h2#${titleId}`, LINK_NAMES[role]),
    entry.name ? h('p.meta.qr-league', entry.name) : null,
    document.importNode(svg, true),
    h('p.qr-about', CAN[role]),
    role === 'admin' ? h('p.warning', t('qr.admin_warning')) : null,
    h('div.row', h('button.primary.qr-close', { type: 'button', onclick: () => dialog.close() }, t('table.close'))));
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
export function qrButton(leagueId, role, say, label = t('qr.button')) {
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
    type: 'button', 'aria-label': t('qr.show_aria', { link: LINK_IN_TEXT[role] }), onclick: (e) => open(e.currentTarget),
  }, label);
}

/**
 * The admin replaces a share link, once they confirm: the old one stops working for everyone.
 * Resolves to this phone's updated entry, or null if they changed their mind; rejects with the server's error.
 */
export async function replaceLink(leagueId, role) {
  const question = role === 'admin' ? t('link.confirm_replace_admin') : t('link.confirm_replace', { link: LINK_IN_TEXT[role] });
  if (!window.confirm(question)) return null;
  const { token } = await leagues.rotate(leagueId, findLeague(leagueId).token, role);
  return remember({ id: leagueId, role, token });
}
