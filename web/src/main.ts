import { ROOM_CODE_PATTERN } from '../../shared/protocol/room-code';
import { createApp } from 'vue';
import App from './App.vue';
import { installDocumentTitle } from './composables/useDocumentTitle';
import { i18n, initialLocale, setLocale } from './i18n';
import { router } from './router';
import { openEarlySocket } from './stores/early-socket';
import './styles.css';

// A player from the first visit (its own small chunk, fetched at once: the home page's budget).
// An invite link's room: its socket opens now, while the room page's code downloads — on a
// browser's very first visit once the player's cookie exists (so that the seat remembers its
// player), which is still before the room page's code has arrived.
const firstVisit = localStorage.getItem('cardroom:player') === null;
const playerEnsured = import('./players/ensure').then((m) => m.default());
const roomCode = /^\/r\/([^/]+)\/?$/.exec(location.pathname)?.[1];
if (roomCode && ROOM_CODE_PATTERN.test(roomCode) && navigator.onLine !== false) {
  if (firstVisit) void playerEnsured.then(() => openEarlySocket(roomCode));
  else openEarlySocket(roomCode);
}

const app = createApp(App).use(router).use(i18n);
installDocumentTitle(
  router,
  (key) => i18n.global.t(key),
  'titles.home',
  (title) => (document.title = title),
);
// An Arabic reader's words arrive before the first paint, so the page never flashes English.
void setLocale(initialLocale, false).finally(() => app.mount('#app'));

// The service worker (offline shell, install, update prompt) is its own chunk, registered
// once the page has loaded and gone idle, so neither its code nor its precaching competes with
// the first screen (a table paints once the room's first view has arrived, after load).
const whenIdle = (fn: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 1000));
const registerServiceWorker = () => void whenIdle(() => void import('./pwa/register').then((m) => m.registerServiceWorker()));
if (document.readyState === 'complete') registerServiceWorker();
else window.addEventListener('load', registerServiceWorker, { once: true });
