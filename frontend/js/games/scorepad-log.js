// The score pad's lines in the table's log (lib/log-lines.js describe, which is handed them by the table screen).
// Pure: no DOM, so node runs it too (tests/test_log_lines.py); the shared helpers come in `common`, so the
// log's own module still loads only once the table is on screen.
export function logLines(t, { signedPoints }) {
  return {
    points: (d, { seat }) => `${seat(d.seat)} ${signedPoints(d.points)}`,
    next_round: () => t('log.next_round'),
    finish: () => t('log.game_finished'),
  };
}
