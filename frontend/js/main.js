import { route, start } from './router.js';
import { store } from './store.js';

route('/', () => import('./views/home.js'));
route('/new', () => import('./views/new-table.js'));
route('/new/:game', () => import('./views/new-table.js'));
route('/table/:code', () => import('./views/table.js'));
route('/judge', () => import('./views/judge.js'));
route('/judge/:table', () => import('./views/judge.js'));
route('/leagues', () => import('./views/league-list.js'));
route('/league/:id', () => import('./views/league.js'));
route('/league/:id/record', () => import('./views/league-record.js'));
route('/league/:id/player/:name', () => import('./views/league-player.js'));
route('/league/:id/admin', () => import('./views/league-admin.js'));
route('/league/:id/result/:result', () => import('./views/league-result.js'));

function showNetwork() {
  const el = document.getElementById('net-status');
  const { online } = store.get();
  el.textContent = online ? '' : 'Offline';
  el.hidden = online;
}

window.addEventListener('online', () => store.set({ online: true }));
window.addEventListener('offline', () => store.set({ online: false }));
store.subscribe(showNetwork);
showNetwork();

if ('serviceWorker' in navigator) {
  // The app shell is cached for offline play; a new version takes over on the next load.
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err) => {
    console.warn('Offline mode unavailable:', err.message);
  });
}

start();
