// Browsers trust only a secure context (https://, or http://localhost) with two things a phone at the
// table needs: the screen wake lock, and the service worker that reopens the table without a
// connection. A guest who scanned the host's http://192.168.x.y code has neither, and nothing the page
// can do gives them back (README, "Phones on the local network"). So the phone says so, once, in
// words, with the one thing the host can do about it.
import { t } from '../i18n.js';
import { h } from './dom.js';

const TOLD = 'scorekeeper.insecure-origin-told';

export function tellOnce() {
  if (window.isSecureContext || localStorage.getItem(TOLD)) return;
  const dialog = h('dialog.insecure-origin', { 'aria-labelledby': 'insecure-origin-title' },
    h('h2#insecure-origin-title', t('origin.title')),
    h('p', t('origin.lacks')),
    h('p', t('origin.works')),
    h('p.muted', t('origin.host')),
    h('div.row', h('button.primary', { onclick: () => dialog.close() }, t('origin.ok'))));
  dialog.addEventListener('close', () => {
    localStorage.setItem(TOLD, '1');
    dialog.remove();
  });
  document.body.append(dialog);
  dialog.showModal();
}
