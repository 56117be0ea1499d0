import { createRouter, createWebHistory } from 'vue-router';
import HomePage from './pages/HomePage.vue';

declare module 'vue-router' {
  interface RouteMeta {
    /** i18n key of the page's document.title (a page may set its own: useDocumentTitle). */
    title?: string;
  }
}

// Every page but home is its own lazily loaded chunk, so the first screen loads fast.
// The Worker answers paths outside these routes with status 404: keep shared/site/routes.ts in step.
export const router = createRouter({
  history: createWebHistory(),
  routes: [
    { path: '/', name: 'home', component: HomePage, meta: { title: 'titles.home' } },
    // A finished game recomputed in the browser; /replay opens a downloaded replay file.
    { path: '/r/:code/replay/:n', name: 'replay', component: () => import('./pages/ReplayPage.vue'), props: true, meta: { title: 'titles.replay' } },
    { path: '/replay', name: 'replay-file', component: () => import('./pages/ReplayPage.vue'), meta: { title: 'titles.replay' } },
    { path: '/r/:code', name: 'room', component: () => import('./pages/RoomPage.vue'), props: true, meta: { title: 'titles.roomLoading' } },
    // Offline games against bots: the same room page, its room hosted in a Web Worker.
    { path: '/offline/:offlineId', name: 'offline', component: () => import('./pages/RoomPage.vue'), props: true, meta: { title: 'titles.roomLoading' } },
    // Ranked play (issue 21): the queue, a game's leaderboard, a player's profile.
    { path: '/play/:game/:tier/:seats', name: 'queue', component: () => import('./pages/QueuePage.vue'), props: true },
    { path: '/leaderboard/:game', name: 'leaderboard', component: () => import('./pages/LeaderboardPage.vue'), props: true },
    { path: '/players/:id', name: 'profile', component: () => import('./pages/ProfilePage.vue'), props: true },
    // This browser's player: name, avatar, passkeys (issue 21).
    { path: '/me', name: 'me', component: () => import('./pages/MePage.vue') },
    // "How to play": a coached first deal against bots, its room hosted in a Web Worker as an offline game's.
    { path: '/learn/:game', name: 'learn', component: () => import('./learn/LearnPage.vue'), props: true, meta: { title: 'titles.roomLoading' } },
    { path: '/mahjong', name: 'mahjong', component: () => import('./games/mahjong-bet/MahjongPage.vue'), meta: { title: 'titles.mahjong' } },
    // Hot-seat Rummy's old address: pass-and-play is now offered for every game on the home page, Rummy's opened.
    { path: '/rummy/hotseat', name: 'rummy-hotseat', redirect: { path: '/', query: { pass: 'rummy' } } },
    { path: '/:pathMatch(.*)*', name: 'not-found', component: () => import('./pages/NotFoundPage.vue'), meta: { title: 'titles.notFound' } },
  ],
});
