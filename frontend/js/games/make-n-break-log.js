// Make 'N' Break's lines in the table's log (lib/log-lines.js describe, which is handed them by the table screen).
// Pure: no DOM, so node runs it too (tests/test_log_lines.py); the shared helpers come in `common`, so the
// log's own module still loads only once the table is on screen.
// Shared with the Würfelspiel's lines (wuerfelspiel-log.js): who built, and a turn's end.
export const builderOf = (t, d, { seat }) => (Number.isInteger(d.builder) ? seat(d.builder) : t('log.the_builder'));
export const turnEnded = (t) => (d, ctx) => t('log.turn_ended', { name: builderOf(t, d, ctx) });

export function logLines(t, { COMMON, duration }) {
  const MNB_CARD = {
    standard: (d) => t('log.mnb_standard', { points: d.points }),
    'red-hand': (d) => t('log.mnb_red_hand', { count: d.points }),
    'extreme-4': (d) => (d.points ? t('log.mnb_extreme_4_points', { count: d.points }) : t('log.mnb_extreme_4')),
    'extreme-5': (d) => (d.points ? t('log.mnb_extreme_5_points', { count: d.points }) : t('log.mnb_extreme_5')),
    'left-arrow': () => t('log.mnb_left_arrow'),
  };

  const mnbSeconds = (view, setting) => view?.state?.options?.[`seconds_${setting}`];

  return {
    roll: (d, { view }) => {
      const r = (d.results || []).find((x) => x.die === 'make-n-break');
      if (!r) return COMMON.roll(d);
      const seconds = mnbSeconds(view, r.face);
      return seconds ? t('log.mnb_rolled_time', { face: r.face, duration: duration(seconds) }) : t('log.mnb_rolled', { face: r.face });
    },
    die: (d, ctx) => {
      const seconds = mnbSeconds(ctx.view, d.face);
      const name = builderOf(t, d, ctx);
      return seconds ? t('log.mnb_die_time', { name, face: d.face, duration: duration(seconds) }) : t('log.mnb_die', { name, face: d.face });
    },
    card: (d, ctx) => {
      const name = builderOf(t, d, ctx);
      if (d.kind === 'ten') return t('log.mnb_ten', { name });
      const card = (MNB_CARD[d.kind] || (() => t('log.some_card', { kind: d.kind })))(d);
      return d.completed === false ? t('log.card_missed', { name, card }) : t('log.card_done', { name, card });
    },
    bonus: (d, ctx) => (d.completed ? t('log.bonus_done', { name: builderOf(t, d, ctx) }) : t('log.bonus_missed', { name: builderOf(t, d, ctx) })),
    end_turn: turnEnded(t),
  };
}
