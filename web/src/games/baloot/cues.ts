import type { Cue } from '../../feel/sound';

/** Baloot's sounds: a card laid, a trick taken. */
export const balootCue = (e: { type: string }): Cue | null => (e.type === 'trick' ? 'trick' : e.type === 'play' ? 'card' : null);
