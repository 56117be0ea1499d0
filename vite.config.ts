import vue from '@vitejs/plugin-vue';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompileMessages } from './scripts/precompile-messages.ts';
import { routePreloads } from './scripts/route-preloads.ts';
import { chunkGroups } from './scripts/chunks.ts';
import { CATALOG } from './shared/games/catalog.ts';

const FELT = '#0f3d2e';
// Every game by name, from the catalog, so a new game is in the installed app's description too.
const GAME_NAMES = new Intl.ListFormat('en', { type: 'conjunction' }).format(CATALOG.map((g) => g.name));

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [
    // Options API off: every component is <script setup> (smaller Vue runtime on the first screen).
    vue({ features: { optionsAPI: false } }),
    precompileMessages(),
    routePreloads(),
    // Installable app + offline shell: a Workbox service worker (dist/sw.js) precaches the app
    // shell and every lazily loaded chunk. A new deploy waits for the person to press Reload
    // (web/src/pwa/), and the page registers the worker itself, after load.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Cardroom',
        short_name: 'Cardroom',
        description: `Card games with friends or bots, in any browser: ${GAME_NAMES}.`,
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: FELT,
        background_color: FELT,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Everything the SPA can load, so every page and game table opens offline; the link
        // preview images (og/) are only for other sites' crawlers.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['og/**'],
        // SPA routes open from the cached shell; the API and files (preview images…) never do.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/og\//, /\.[a-z0-9]+$/i],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  resolve: {
    alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) },
  },
  // The offline room's Web Worker (web/src/offline/) is an ES module chunk like the rest,
  // emitted under assets/ and so precached by the service worker with them.
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // No modulepreload polyfill in the first screen's script (about 250 B gzipped of the 60 KB
    // budget): every browser we target but Safari before 17 preloads natively, and there a
    // preload hint is only a head start, the imports still load.
    modulePreload: { polyfill: false },
    target: 'es2022',
    // A table page's modules in a few files rather than dozens (scripts/chunks.ts).
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups, includeDependenciesRecursively: false } } },
  },
  server: {
    // `vite` alone serves the SPA with hot reload; API and sockets go to `wrangler dev`.
    proxy: { '/api': { target: 'http://localhost:8787', ws: true } },
  },
});
