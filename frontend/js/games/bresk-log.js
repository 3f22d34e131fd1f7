// Bresk!'s lines in the table's log (lib/log-lines.js describe, which is handed them by the table screen).
// Pure: no DOM, so node runs it too (tests/test_log_lines.py); the shared helpers come in `common`, so the
// log's own module still loads only once the table is on screen.

export function logLines(t, { face }) {
  return {
    roll: (d) => (d.results || []).map((r) => (r.die === 'alphabet' ? t('log.alphabet_die', { face: face(r) })
      : t('log.bresk_die', { face: face(r) }))).join(', ') || t('log.rolled_nothing'),
    hand_in: (d, { seat }) => t('log.handed_in', { name: seat(d.seat) }),
  };
}
