/**
 * How long the table's animations last. The room never waits for them: they only decide
 * how long the table holds a finished trick on show and keeps input locked while dealing.
 */

/** Delay between two cards of the deal animation (the spec's staggered deal, 0.05 s a card). */
export const DEAL_STAGGER_MS = 50;
/** Flight time of one dealt card. */
export const DEAL_FLIGHT_MS = 350;
/** Five cards to each of four seats. */
export const DEAL_CARDS = 20;
/** Input stays locked until the last dealt card has landed. */
export const DEAL_LOCK_MS = (DEAL_CARDS - 1) * DEAL_STAGGER_MS + DEAL_FLIGHT_MS;

/** A finished trick stays in the middle this long, the last part of it flying to the winner. */
export const TRICK_HOLD_MS = 1000;
export const TRICK_SWEEP_MS = 320;
/** With reduced motion there is no sweep, but the fourth card still stays readable a moment. */
export const TRICK_HOLD_REDUCED_MS = 600;

/** Speech bubbles for doubles, projects, Baloot and Sawa. */
export const BUBBLE_MS = 2600;
/** The overlay that shows the projects that count after trick 1: the spec's 2.5 s pause. */
export const REVEAL_MS = 2500;
