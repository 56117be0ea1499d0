import type { Cue } from '../../feel/sound';

/** Dhappa's sounds: a card discarded or laid, the pile picked up or killed. */
export const dhappaCue = (e: { type: string }): Cue | null =>
  ['pick', 'dhappa'].includes(e.type) ? 'trick' : ['discard', 'meld', 'add'].includes(e.type) ? 'card' : null;

/** The cards deal in (the shared fx-dealing motion) when a game starts and at each new deal of a match. */
export const dhappaDealt = (e: { type: string }): boolean => e.type === 'start' || e.type === 'deal';
