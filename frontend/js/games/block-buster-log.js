// Block Buster's lines in the table's log (lib/log-lines.js describe, which is handed them by the table screen).
// Pure: no DOM, so node runs it too (tests/test_log_lines.py); the shared helpers come in `common`, so the
// log's own module still loads only once the table is on screen.
import { judge, seatOfColour } from './block-buster-rules.js';

export function logLines(t, { MINUS }) {
  const SHAPES = {
    'red-circle': t('bb.red_circle'), 'red-star': t('bb.red_star'), 'green-spiral': t('bb.green_spiral'),
    'blue-wave': t('bb.blue_wave'), 'yellow-moon': t('bb.yellow_moon'),
  };

  function blockPlace(state, index) {
    const columns = state?.rules?.columns;
    if (!columns) return '';
    return ` (${t('bb.row_column', { row: Math.floor(index / columns) + 1, column: (index % columns) + 1 })})`;
  }

  function pointBlock(d, { state, seat }) {
    const shape = SHAPES[state?.rules?.pattern?.[d.index]] || t('log.bb_point');
    const where = blockPlace(state, d.index);
    const holder = (colour) => seat(seatOfColour(state)[colour]);
    if (!d.counts) {
      return d.owner ? t('log.bb_took', { name: holder(d.owner), shape, where }) : t('log.bb_nobody_took', { shape, where });
    }
    const verdict = judge(d.counts, state);
    if (!verdict.owner) {
      const tie = verdict.tie && verdict.why.match(/^tie ([^:\s]+)/);
      const why = tie ? t('log.bb_tie', { score: tie[1] }) : t('log.bb_nobody_around');
      return t('log.bb_nobody_took_why', { shape, why, where });
    }
    // Taken once no placement can change it, or once everyone has passed; until then it is a lead.
    const params = { name: holder(verdict.owner), shape, n: d.counts[verdict.owner], where };
    return verdict.clinched || state.all_passed ? t('log.bb_took_counted', params) : t('log.bb_leads_counted', params);
  }

  return {
    skip: (d, { seat }) => t('log.bb_skipped', { name: seat(d.seat), count: d.spaces, minus: MINUS }),
    pass: (d, { seat }) => t('log.passed', { name: seat(d.seat) }),
    point_block: pointBlock,
    leftover: (d, { seat }) => t('log.bb_leftover', { name: seat(d.seat), count: d.squares,
      penalty: d.squares ? ` (${MINUS}${d.squares})` : '' }),
    finish: () => t('log.game_finished'),
  };
}
