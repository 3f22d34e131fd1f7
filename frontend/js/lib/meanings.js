// "What does it mean?": a word's senses (WordNet, in English) and its base forms', asked of the server
// only after a ruling, so a verdict never waits for them; offline, the phone says they need the
// connection. Used by the judge (components/judge.js) and by a Bresk! player's scored words (games/bresk.js).
import { api, LATE, unlessLate } from '../api.js';
import { t } from '../i18n.js';
import { h } from './dom.js';

// The parts of speech the server names (WordNet's four, and the common words' own), in the phone's language.
const PART_OF_SPEECH = {
  noun: () => t('meaning.pos.noun'),
  verb: () => t('meaning.pos.verb'),
  adjective: () => t('meaning.pos.adjective'),
  adverb: () => t('meaning.pos.adverb'),
  article: () => t('meaning.pos.article'),
  pronoun: () => t('meaning.pos.pronoun'),
  preposition: () => t('meaning.pos.preposition'),
  conjunction: () => t('meaning.pos.conjunction'),
  determiner: () => t('meaning.pos.determiner'),
  'auxiliary verb': () => t('meaning.pos.auxiliary_verb'),
};

/** One sense: "noun — a small restaurant…", the part of speech said in the phone's language. */
function senseItem(sense) {
  const pos = PART_OF_SPEECH[sense.pos]?.() || sense.pos;
  // The senses are WordNet's English on every phone: marked so, a German screen reader reads them as English.
  return h('li', h('em.meaning-pos', pos), ' — ', h('span', { lang: 'en' }, sense.gloss),
    sense.form ? h('span.meaning-form', { lang: 'en' }, ` (${sense.form})`) : null);
}

/** A word's meanings: its own senses, then its base forms' ("finch, the base form of FINCHES"); or why there are none. */
function wordMeanings(w) {
  const head = h('h3.meaning-word', w.normalized || w.word);
  if (!w.valid) return h('section.meaning', head, h('p.meaning-note', t('meaning.not_valid', { message: w.message })));
  if (!w.found) return h('section.meaning', head, h('p.meaning-note', t('meaning.none')));
  return h('section.meaning', head, ...w.entries.map((e) => h('div.meaning-entry',
    e.base ? h('p.meaning-base', t('meaning.base_form', { base: e.lemma, word: w.normalized })) : null,
    e.derived ? h('p.meaning-base', t('meaning.made_from', { base: e.lemma, word: w.normalized })) : null,
    h('ul.meaning-senses', e.senses.map(senseItem)))));
}

/** The meanings of `words` by list `lexiconId` (as table `table` judges, if given), into `region`.
 *  True when shown; `current()` false drops a late answer. */
export async function fillMeanings(region, lexiconId, words, current = () => true, table = undefined) {
  const say = (...nodes) => region.replaceChildren(...nodes);
  if (!navigator.onLine) {
    say(h('p.meaning-note', t('meaning.offline')));
    return false;
  }
  say(h('p.meaning-note', t('meaning.loading')));
  try {
    const asked = api.meanings(lexiconId, words, table);
    // The verdict covers the top bar that says the phone is waiting for the server: the meanings' place says it.
    if ((await unlessLate(asked)) === LATE && current()) say(h('p.meaning-note', t('meaning.still_trying')));
    const found = await asked;
    if (!current()) return false;
    say(...found.words.map(wordMeanings), h('p.meaning-source', t('meaning.source', { source: found.source })));
    return true;
  } catch (err) {
    if (current()) say(h('p.meaning-note', err.offline ? t('meaning.offline') : err.message));
    return false;
  }
}
