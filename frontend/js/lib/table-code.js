import { t } from '../i18n.js';
import { navigate } from '../router.js';

// A table's code as people type it: six letters and digits without the easily confused ones (no I, L, O,
// 0 or 1), read in any case. The server makes them (TABLE_CODE_ALPHABET in scorekeeper/models.py).
const CODE = /^[A-HJKMNP-Z2-9]{6}$/;

/** The code typed into `text`, upper-cased, or null when it cannot be a table's code. */
export function tableCode(text) {
  const code = text.trim().toUpperCase();
  return CODE.test(code) ? code : null;
}

/** The code form's submit: opens `hashFor(code)` for a well-formed code in `input`, else says in `help`
 * what a code looks like (the home's join form, the big screen's front door). */
export function openOnSubmit(form, input, help, hashFor) {
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const code = tableCode(input.value);
    if (!code) {
      help.textContent = t('home.join_bad_code');
      help.classList.add('error');
      return;
    }
    navigate(hashFor(code));
  });
}
