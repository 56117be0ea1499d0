import * as v from 'valibot';
import { cleanText } from '../protocol';
import { MAX_PLAYER_NAME_CHARS } from './player';

/** The name a person types: cleaned like room names, something visible, at most MAX_PLAYER_NAME_CHARS characters. */
export const PlayerName = v.pipe(
  v.string('A name is text.'),
  v.maxLength(MAX_PLAYER_NAME_CHARS * 4, `Names are at most ${MAX_PLAYER_NAME_CHARS} characters.`),
  v.transform(cleanText),
  v.minLength(1, 'A name needs at least one visible character.'),
  v.maxLength(MAX_PLAYER_NAME_CHARS, `Names are at most ${MAX_PLAYER_NAME_CHARS} characters.`),
);
