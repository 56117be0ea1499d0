import { createRouter, createWebHistory } from 'vue-router';
import HomePage from './pages/HomePage.vue';

// Every page but home is its own lazily loaded chunk, so the first screen loads fast.
export const router = createRouter({
  history: createWebHistory(),
  routes: [
    { path: '/', name: 'home', component: HomePage },
    { path: '/r/:code', name: 'room', component: () => import('./pages/RoomPage.vue'), props: true },
    { path: '/mahjong', name: 'mahjong', component: () => import('./games/mahjong-bet/MahjongPage.vue') },
    { path: '/rummy/hotseat', name: 'rummy-hotseat', component: () => import('./games/rummy/HotSeatPage.vue') },
    { path: '/:pathMatch(.*)*', name: 'not-found', component: () => import('./pages/NotFoundPage.vue') },
  ],
});
