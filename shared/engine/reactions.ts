/**
 * Quick reactions at the table: a fixed vocabulary of phrase and emoji codes. A game picks a
 * few of them (`Game.reactions`); the room checks a reaction against its game's set and sends
 * the code, never text, so the browser words each phrase in the reader's language.
 */
export const REACTION_PHRASES = ['well_played', 'good_luck', 'hurry', 'sorry', 'sorry_partner', 'thanks', 'nice_one', 'oops'] as const;
export const REACTION_EMOJI = ['clap', 'laugh', 'wow', 'thumbs_up', 'think', 'heart'] as const;

export type ReactionPhrase = (typeof REACTION_PHRASES)[number];
export type ReactionEmoji = (typeof REACTION_EMOJI)[number];
export type ReactionCode = ReactionPhrase | ReactionEmoji;

/** The set of a game that declares none. */
export const DEFAULT_REACTIONS: readonly ReactionCode[] = ['well_played', 'good_luck', 'thanks', 'oops', 'clap', 'laugh', 'wow', 'thumbs_up'];

export function isReactionCode(code: string): code is ReactionCode {
  return (REACTION_PHRASES as readonly string[]).includes(code) || (REACTION_EMOJI as readonly string[]).includes(code);
}

/** A game's reactions, or the default set. */
export function reactionsOf(game: { reactions?: readonly ReactionCode[] }): readonly ReactionCode[] {
  return game.reactions ?? DEFAULT_REACTIONS;
}
