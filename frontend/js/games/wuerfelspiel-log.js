// The Würfelspiel's lines in the table's log (lib/log-lines.js describe, which is handed them by the table screen).
// Pure: no DOM, so node runs it too (tests/test_log_lines.py); the shared helpers come in `common`, so the
// log's own module still loads only once the table is on screen.
import { builderOf, turnEnded } from './make-n-break-log.js';

export function logLines(t, { COMMON }) {
  const WS_CARD = { 'red-3': () => t('log.ws_red_3'), 'red-4': () => t('log.ws_red_4') };

  return {
    roll: (d) => {
      const r = (d.results || []).find((x) => x.die === 'stopper');
      return r ? t('log.stopper_rolled', { face: r.face || t('log.blank') }) : COMMON.roll(d);
    },
    stopper: (d) => t('log.stopper_typed', { face: d.face || t('log.blank') }),
    card: (d, ctx) => {
      const card = d.kind === 'standard' ? t('log.ws_points_card', { count: d.points })
        : (WS_CARD[d.kind] || (() => t('log.some_card', { kind: d.kind.replace('-', ' ') })))();
      return t('log.card_done', { name: builderOf(t, d, ctx), card });
    },
    end_turn: turnEnded(t),
  };
}
