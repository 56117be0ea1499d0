import { defineStore } from 'pinia';
import '../../../stores/pinia';
import { ref } from 'vue';
import { FULL_MOTION, REDUCED_MOTION, createMahjongSession } from './session';
import { browserStorage } from './storage';

function randomSeed(): string {
  const words = new Uint32Array(2);
  globalThis.crypto.getRandomValues(words);
  return Array.from(words, (word) => word.toString(36)).join('-');
}

/** The page's session, kept in Pinia so a game survives leaving and reopening /mahjong. */
export const useMahjongStore = defineStore('mahjong-bet', () => {
  /** Mirrors the player's prefers-reduced-motion setting (the page keeps it current). */
  const reducedMotion = ref(false);
  const session = createMahjongSession({
    storage: browserStorage(),
    now: () => Date.now(),
    newSeed: randomSeed,
    timings: () => (reducedMotion.value ? REDUCED_MOTION : FULL_MOTION),
  });
  return { ...session, reducedMotion };
});
