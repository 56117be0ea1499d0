import type { Cue } from '../../feel/sound';

/** Rummy's sounds: a card discarded or melded, a close. */
export const rummyCue = (e: { type: string }): Cue | null => (e.type === 'close' ? 'trick' : ['discard', 'meld', 'extend'].includes(e.type) ? 'card' : null);
