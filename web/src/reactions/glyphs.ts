import { isReactionCode, REACTION_EMOJI, type ReactionCode, type ReactionEmoji } from '../../../shared/engine/reactions';

/** What an emoji reaction looks like (its words, for screen readers, are in the room's messages). */
export const REACTION_GLYPHS: Record<ReactionEmoji, string> = { clap: '👏', laugh: '😂', wow: '😮', thumbs_up: '👍', think: '🤔', heart: '❤️' };

export function glyphOf(code: ReactionCode): string | null {
  return (REACTION_EMOJI as readonly string[]).includes(code) ? REACTION_GLYPHS[code as ReactionEmoji] : null;
}

/** The codes a room offers that this page can word, phrases first. */
export function offered(codes: readonly string[] | undefined): { phrases: ReactionCode[]; emoji: ReactionCode[] } {
  const known = (codes ?? []).filter(isReactionCode);
  return { phrases: known.filter((c) => glyphOf(c) === null), emoji: known.filter((c) => glyphOf(c) !== null) };
}
