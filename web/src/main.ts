import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import { installDocumentTitle } from './composables/useDocumentTitle';
import { i18n } from './i18n';
import { router } from './router';
import './styles.css';

createApp(App).use(createPinia()).use(router).use(i18n).mount('#app');
installDocumentTitle(router, (key) => i18n.global.t(key), 'titles.home', (title) => (document.title = title));

// The service worker (offline shell, install, update prompt) is its own chunk, registered
// once the page has loaded so the first screen does not wait for it.
const registerServiceWorker = () => void import('./pwa/register').then((m) => m.registerServiceWorker());
if (document.readyState === 'complete') registerServiceWorker();
else window.addEventListener('load', registerServiceWorker, { once: true });
