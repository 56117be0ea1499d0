import type { Cue } from '../../feel/sound';

/** Eights' sounds: a card laid, a hand won. */
export const eightsCue = (e: { type: string }): Cue | null => (e.type === 'handWon' ? 'trick' : e.type === 'play' ? 'card' : null);
