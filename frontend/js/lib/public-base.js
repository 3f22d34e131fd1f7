// Where links and QR codes for other phones point. A page opened at localhost (the laptop
// that runs the app) cannot hand out its own address: no phone reaches it. The server
// knows the LAN address (or SCOREKEEPER_PUBLIC_URL) and says so at /api/links.
//
// Nothing waits for that answer to draw a screen: `publicBase` is this page's own origin
// until the server has said otherwise, and `publicBaseKnown` resolves once it has (at once
// when the page was not opened at a loopback address).
import { http } from '../api.js';

const LOOPBACK = /^(localhost|.*\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

async function find() {
  if (!LOOPBACK.test(location.hostname)) return location.origin;
  try {
    const { base_url: base } = await http.get('/api/links', { signal: AbortSignal.timeout(3000) });
    return base || location.origin;
  } catch {
    return location.origin; // offline: the best there is; the table's own links come from the server
  }
}

export let publicBase = location.origin;
export const publicBaseKnown = find().then((base) => {
  publicBase = base;
  return base;
});
