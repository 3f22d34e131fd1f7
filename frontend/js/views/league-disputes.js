// #/league/:id/disputes — the league's dispute log: every word challenged at its tables (who challenged, the
// words, ✓ or ✗, the list that judged, when), the words it argued about most, and the house words it added or
// banned. A player filter keeps one player's challenges. Which word failed shows only where the challenge
// itself asked (services/disputes.py): the log tells no more than the judge did.
import { gameName, getCatalogue, leagues } from '../api.js';
import { date, t } from '../i18n.js';
import { h } from '../lib/dom.js';
import { navigate } from '../router.js';
import { ensureCss, findLeague } from './league-common.js';

const when = (ms) => date(ms, { dateStyle: 'medium', timeStyle: 'short' });

function verdictMark(valid) {
  return h(valid ? 'span.dispute-mark.ok' : 'span.dispute-mark.bad',
    h('span', { 'aria-hidden': 'true' }, valid ? '✓' : '✗'), ' ', valid ? t('judge.valid') : t('judge.not_valid'));
}

function challengeItem(c) {
  const who = c.by ? t('disputes.challenged_by', { name: c.by }) : t('disputes.challenged');
  return h('li.dispute',
    h('p.dispute-words', h('strong', c.words.map((w) => w.toUpperCase()).join(' · ')), ' ', verdictMark(c.valid)),
    c.verdicts ? h('ul.dispute-verdicts', c.verdicts.map((v) =>
      h('li', h('span', { 'aria-hidden': 'true' }, v.valid ? '✓ ' : '✗ '), h('strong', v.word.toUpperCase()), ` — ${v.message}`))) : null,
    h('p.meta', [who, c.list, gameName(c.game), t('disputes.at_table', { code: c.table }), when(c.at_ms)].join(' · ')));
}

const CHANGES = {
  added: () => t('disputes.word_added'),
  banned: () => t('disputes.word_banned'),
  no_longer_added: () => t('disputes.word_no_longer_added'),
  no_longer_banned: () => t('disputes.word_no_longer_banned'),
};

function changeItem(c) {
  return h('li', h('strong', c.word), ' ', CHANGES[c.change](), h('span.meta', ` · ${gameName(c.game)} · ${when(c.at_ms)}`));
}

function arguedList(argued) {
  return h('ol.dispute-argued', argued.map((a) =>
    h('li', h('strong', a.word), ' ', h('span.meta', t('disputes.times', { count: a.count })))));
}

function playerPicker(id, challengers, player) {
  const select = h('select#dispute-player', {
    onchange: () => navigate(`#/league/${encodeURIComponent(id)}/disputes${select.value ? `?player=${encodeURIComponent(select.value)}` : ''}`),
  }, h('option', { value: '' }, t('disputes.everyone')),
  challengers.map((name) => h('option', { value: name, selected: name === player }, name)));
  return h('div.field', h('label', { for: 'dispute-player' }, t('disputes.who')), select);
}

function show(parts, id, log, player) {
  parts.filter.replaceChildren(playerPicker(id, log.challengers, player));
  parts.challenges.replaceChildren(...(log.challenges.length ? log.challenges.map(challengeItem)
    : [h('li.muted', player ? t('disputes.none_by', { name: player }) : t('disputes.none'))]));
  parts.argued.replaceChildren(h('h2#argued-title', t('disputes.argued')),
    log.argued.length ? arguedList(log.argued) : h('p.muted', t('disputes.none')));
  parts.changes.replaceChildren(h('h2#changes-title', t('disputes.word_changes')),
    log.word_changes.length ? h('ul.dispute-changes', log.word_changes.map(changeItem)) : h('p.muted', t('disputes.no_changes')));
  parts.challenges.removeAttribute('aria-busy');
}

export function mount(root, params) {
  ensureCss();
  const { id } = params;
  const player = params.query.player || '';
  const entry = findLeague(id);
  const page = h('div.league-page.league-disputes');
  root.append(page);
  const back = h('a.back', { href: `#/league/${encodeURIComponent(id)}` }, `← ${entry?.name || t('league.league')}`);
  if (!entry) {
    page.append(back, h('h1', t('disputes.title')), h('p.card.error', { role: 'alert' }, t('league.no_link')));
    return;
  }
  const parts = {
    filter: h('div.dispute-filter'),
    challenges: h('ul.disputes', { 'aria-busy': 'true' }, h('li.muted', t('player.loading'))),
    argued: h('section.card', { 'aria-labelledby': 'argued-title' }),
    changes: h('section.card', { 'aria-labelledby': 'changes-title' }),
  };
  page.append(back, h('h1', t('disputes.title')), h('p.meta', t('disputes.help')), parts.filter,
    h('section.card', { 'aria-labelledby': 'challenges-title' }, h('h2#challenges-title', t('disputes.challenges')), parts.challenges),
    parts.argued, parts.changes);
  Promise.all([leagues.disputes(id, entry.token, player ? { player } : {}), getCatalogue()])
    .then(([log]) => show(parts, id, log, player))
    .catch((err) => {
      parts.challenges.replaceChildren(h('li.card.error', { role: 'alert' }, err.offline ? t('disputes.offline') : err.message));
      parts.challenges.removeAttribute('aria-busy');
    });
}
