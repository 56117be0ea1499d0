import { registerSW } from 'virtual:pwa-register';
import { needRefresh, setUpdater } from './state';

/** How often an open tab looks for a new deploy (also on return to a hidden tab). */
const CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (loaded as its own chunk after the page's load event, so it
 * adds nothing to the first screen). A new version waits until the person presses Reload.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => (needRefresh.value = true),
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      const check = () => {
        if (navigator.onLine && registration.installing === null) void registration.update().catch(() => undefined);
      };
      setInterval(check, CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    },
  });
  setUpdater(update);
}
