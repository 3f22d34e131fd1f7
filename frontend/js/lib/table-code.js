// A table's code as people type it: six letters and digits without the easily confused ones (no I, L, O,
// 0 or 1), read in any case. The server makes them (TABLE_CODE_ALPHABET in scorekeeper/models.py).
const CODE = /^[A-HJKMNP-Z2-9]{6}$/;

/** The code typed into `text`, upper-cased, or null when it cannot be a table's code. */
export function tableCode(text) {
  const code = text.trim().toUpperCase();
  return CODE.test(code) ? code : null;
}
