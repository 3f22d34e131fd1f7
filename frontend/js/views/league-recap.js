// #/league/:id/recap[?season=…&day=…] — the season (or one evening) told back: the champion of each game,
// most wins, the longest winning streak, Bresk!'s longest word and best grid, Make 'N' Break's biggest turn and
// Block Buster's biggest comeback. Every award names all who are level. It can be shared as a picture: Web
// Share with the PNG where the phone has it, a download otherwise.
import { gameName, getCatalogue, leagues } from '../api.js';
import { t } from '../i18n.js';
import { h } from '../lib/dom.js';
import { recapImage } from '../lib/recap-image.js';
import { ensureCss, fill, findLeague, formatDate, saveBlob } from './league-common.js';

const TITLES = {
  most_wins: () => t('recap.most_wins'),
  longest_streak: () => t('recap.longest_streak'),
  bresk_longest_word: () => t('recap.bresk_longest_word'),
  bresk_best_grid: () => t('recap.bresk_best_grid'),
  make_n_break_best_turn: () => t('recap.make_n_break_best_turn'),
  block_buster_comeback: () => t('recap.block_buster_comeback'),
};
// What a sheet keeps that an award reads, for the note when no result kept it.
const NOT_KEPT = {
  bresk_longest_word: (count) => t('recap.not_kept_grids', { count }),
  make_n_break_best_turn: (count) => t('recap.not_kept_turns', { count }),
  block_buster_comeback: (count) => t('recap.not_kept_penalties', { count }),
};

function valueText(award) {
  const n = award.value;
  switch (award.award) {
    case 'champion': return null; // each holder's record says it
    case 'most_wins': return t('recap.wins', { count: n });
    case 'longest_streak': return t('recap.in_a_row', { count: n });
    case 'bresk_longest_word': return t('recap.letters', { count: n });
    case 'block_buster_comeback': return t('recap.lost_and_won', { count: n });
    default: return t('recap.points', { count: n });
  }
}

/** One holder in words: who, and what of theirs the award is about (a word, a round, a record, a day). */
function holderText(award, holder) {
  const when = holder.played_on ? formatDate(holder.played_on, { short: true }) : null;
  const parts = {
    champion: [holder.player, `${t('recap.wins', { count: holder.wins })} ${t('recap.of_games', { count: holder.played })}`],
    most_wins: [holder.player, t('recap.games', { count: holder.played })],
    longest_streak: [holder.player],
    bresk_longest_word: [holder.word, holder.player, when],
    bresk_best_grid: [holder.player, when],
    make_n_break_best_turn: [holder.player, holder.stage === 'sudden-death' ? t('recap.sudden_death') : t('recap.round', { round: holder.round }), when],
    block_buster_comeback: [holder.player, t('recap.final_score', { count: holder.score }), when],
  }[award.award];
  return parts.filter(Boolean).join(' · ');
}

/** An award in words, the same for the screen and the picture: {award, title, value, who: [], notes: []}. */
export function told(award) {
  const title = award.award === 'champion' ? t('recap.champion', { game: gameName(award.game) }) : TITLES[award.award]();
  const notes = [];
  if (award.value === null) {
    if (award.award === 'block_buster_comeback' && award.read) notes.push(t('recap.no_comeback'));
    else if (NOT_KEPT[award.award]) notes.push(NOT_KEPT[award.award](award.results));
    else notes.push(t('board.places_only')); // the best grid of games typed with places only
    return { award: award.award, title, value: null, who: [], notes };
  }
  const who = award.holders.map((holder) => holderText(award, holder));
  if (award.holders_total > award.holders.length) who.push(t('recap.more', { count: award.holders_total - award.holders.length }));
  if (award.holders_total > 1) notes.push(t('recap.shared'));
  if (award.read < award.results) notes.push(t('recap.from_some', { read: award.read, count: award.results }));
  return { award: award.award, title, value: valueText(award), who, notes };
}

function awardCard(award) {
  const said = told(award);
  return h(said.value === null && !said.who.length ? 'li.card.award.untold' : 'li.card.award',
    { dataset: { award: award.award, game: award.game || '' } },
    h('h2.award-title', said.title),
    said.value ? h('p.award-value', said.value) : null,
    said.who.length ? h('ul.award-holders', said.who.map((line) => h('li', line))) : null,
    said.notes.map((note) => h('p.meta.award-note', note)));
}

function scopeText(recap) {
  if (recap.day) return t('recap.evening', { date: formatDate(recap.day) });
  return t('recap.whole_season', { name: recap.season.all_time ? t('season.all_time') : recap.season.name });
}

/** The choice between the whole season and each of its evenings. */
function scopePicker(onPick) {
  const select = h('select#recap-scope');
  select.addEventListener('change', () => onPick(select.value));
  function update(recap) {
    const season = t('recap.whole_season', { name: recap.season.all_time ? t('season.all_time') : recap.season.name });
    fill(select, h('option', { value: '', selected: !recap.day }, season),
      recap.days.map((day) => h('option', { value: day, selected: day === recap.day }, t('recap.evening', { date: formatDate(day) }))));
  }
  return { el: h('div.recap-scope', h('label', { for: 'recap-scope' }, t('recap.of')), select), update };
}

function fileName(leagueName, recap) {
  const slug = (leagueName || 'league').normalize('NFKD').replace(/[^\w]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'league';
  return `${slug}-recap-${recap.day || (recap.season.all_time ? 'all-time' : `season-${recap.season.id}`)}.png`;
}

/** Share the recap as a PNG: the phone's share sheet where it takes files, else a download. */
async function share(entry, recap, say) {
  say(t('recap.sharing'));
  const picture = {
    title: entry.name || t('league.league'), scope: `${t('recap.title')} · ${scopeText(recap)} · ${t('recap.games', { count: recap.results })}`,
    awards: recap.awards.map(told), footer: t('recap.order_note'),
  };
  const blob = await recapImage(picture);
  const filename = fileName(entry.name, recap);
  const file = new File([blob], filename, { type: 'image/png' });
  if (navigator.canShare?.({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: `${picture.title} · ${t('recap.title')}` });
      say(t('recap.shared_done'));
    } catch (err) {
      say(err.name === 'AbortError' ? '' : err.message);
    }
    return;
  }
  saveBlob(blob, filename);
  say(t('recap.saved', { filename }));
}

function showRecap(parts, recap) {
  parts.scope.textContent = `${scopeText(recap)} · ${t('recap.games', { count: recap.results })}`;
  parts.picker.update(recap);
  parts.awards.replaceChildren(...(recap.awards.length ? recap.awards.map(awardCard) : [h('li.muted', t('recap.nothing'))]));
  parts.awards.removeAttribute('aria-busy');
  parts.shareButton.disabled = !recap.awards.length;
}

export function mount(root, params) {
  ensureCss();
  const { id } = params;
  const query = { season: params.query.season || '', day: params.query.day || '' };
  const entry = findLeague(id);
  const page = h('div.league-page.league-recap');
  root.append(page);
  if (!entry) {
    page.append(h('h1', t('recap.title')), h('p.card.error', { role: 'alert' }, t('player.no_link')), h('a.button', { href: '#/leagues' }, t('league.yours')));
    return;
  }
  let alive = true;
  let shown = null;
  const status = h('p.status', { role: 'status', 'aria-live': 'polite' });
  const say = (message) => (status.textContent = message);
  const load = async () => {
    parts.awards.setAttribute('aria-busy', 'true');
    try {
      const [recap] = await Promise.all([leagues.recap(id, entry.token, query), getCatalogue()]);
      if (!alive) return;
      shown = recap;
      showRecap(parts, recap);
    } catch (err) {
      if (!alive) return;
      parts.awards.replaceChildren(h('li.card.error', { role: 'alert' }, err.message));
      parts.awards.removeAttribute('aria-busy');
    }
  };
  const parts = {
    scope: h('p.meta.scope'),
    picker: scopePicker((day) => {
      query.day = day;
      const search = new URLSearchParams(Object.entries(query).filter(([, v]) => v)).toString();
      history.replaceState(history.state, '', `#/league/${encodeURIComponent(id)}/recap${search ? `?${search}` : ''}`);
      load();
    }),
    awards: h('ul.awards', { 'aria-busy': 'true' }, h('li.muted', t('recap.loading'))),
    shareButton: h('button#share-recap.primary', { type: 'button', disabled: true }, t('recap.share')),
  };
  parts.shareButton.addEventListener('click', () => shown && share(entry, shown, say).catch((err) => say(err.message)));
  const back = `#/league/${encodeURIComponent(id)}${query.season ? `?season=${encodeURIComponent(query.season)}` : ''}`;
  page.append(h('a.back', { href: back }, `← ${entry.name || t('league.league')}`), h('h1', t('recap.title')), parts.scope,
    parts.picker.el, h('div.row.recap-actions', parts.shareButton), status, parts.awards, h('p.meta.order-note', t('recap.order_note')));
  load();
  return { destroy() { alive = false; } };
}
