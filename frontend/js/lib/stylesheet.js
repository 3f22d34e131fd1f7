// The one way a screen adds a stylesheet (the CSP allows same-origin stylesheets only, so every
// screen's styles are a <link>). Added once however often it is asked for; the promise resolves
// when the sheet has loaded (or failed, or after 3 s), so a screen can wait for its styles
// instead of showing unstyled and then jumping.

const WAIT_MS = 3000;
const loading = new Map(); // href → the promise of its <link>

export function useStylesheet(href) {
  if (loading.has(href)) return loading.get(href);
  let link = document.querySelector(`link[rel=stylesheet][href="${href}"]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  }
  const sheet = link;
  const ready = sheet.sheet
    ? Promise.resolve()
    : new Promise((resolve) => {
      sheet.addEventListener('load', resolve, { once: true });
      sheet.addEventListener('error', resolve, { once: true });
      setTimeout(resolve, WAIT_MS);
    });
  loading.set(href, ready);
  return ready;
}

/** Resolves when every stylesheet asked for so far has loaded (or failed, or timed out). */
export function stylesheetsReady() {
  return Promise.all(loading.values());
}
