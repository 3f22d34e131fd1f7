// The score pad's lines in the table's log (lib/log-lines.js describe, which is handed them by the table screen).
// Pure: no DOM, so node runs it too (tests/test_log_lines.py).
import { signedPoints } from '../lib/log-lines.js';

export function logLines(t) {
  return {
    points: (d, { seat }) => `${seat(d.seat)} ${signedPoints(d.points)}`,
    next_round: () => t('log.next_round'),
    finish: () => t('log.game_finished'),
  };
}
