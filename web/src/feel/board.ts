import { createHaptics, type NavigatorLike } from './haptics';
import { SoundBoard, type AudioLike } from './sound';

function browserAudio(): AudioLike | null {
  const Ctor = globalThis.AudioContext as typeof AudioContext | undefined;
  return Ctor ? (new Ctor() as unknown as AudioLike) : null;
}

/** The page's one sound board, unlocked by the first pointer press or key press on the page. */
export const sound = new SoundBoard({ storage: typeof localStorage === 'undefined' ? null : localStorage, audio: browserAudio });
if (typeof window !== 'undefined') {
  const unlock = () => {
    sound.unlock();
    window.removeEventListener('pointerdown', unlock, true);
    window.removeEventListener('keydown', unlock, true);
  };
  window.addEventListener('pointerdown', unlock, true);
  window.addEventListener('keydown', unlock, true);
}

/** The page's haptics, off whenever the sound board is muted. */
export const haptics = createHaptics({ navigator: () => (typeof navigator === 'undefined' ? null : (navigator as NavigatorLike)), muted: () => sound.muted });
