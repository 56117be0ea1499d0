import { describe, expect, it } from 'vitest';
import { flattenMessages, placeholders, type MessageTree } from '../i18n/compare';
import { PASS_FORM_MESSAGES, SAVED_GAMES_MESSAGES } from '../offline/messages';
import { CREATE_ROOM_MESSAGES, NOT_FOUND_MESSAGES } from '../pages/messages';
import { RANKED_MESSAGES } from './messages';
import { QUEUE_REFUSALS } from './queue-client';
import { NAMED_TIERS } from './tiers';

describe.each([
  ['ranked screens', RANKED_MESSAGES],
  ['pass-and-play form', PASS_FORM_MESSAGES],
  ['saved games list', SAVED_GAMES_MESSAGES],
  ['not-found page', NOT_FOUND_MESSAGES],
  ['room creation refusals', CREATE_ROOM_MESSAGES],
])('%s words', (_, messages) => {
  const en = flattenMessages(messages.en as unknown as MessageTree);
  const ar = flattenMessages(messages.ar as unknown as MessageTree);

  it('has the same keys in English and Arabic, with the same placeholders', () => {
    expect([...ar.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of en) expect(placeholders(ar.get(key)!), key).toEqual(placeholders(text));
  });

  it('words every Arabic message in Arabic', () => {
    for (const [key, text] of ar) expect(text, key).toMatch(/[\u0600-\u06ff]/);
  });
});

it('names every named tier in both languages', () => {
  for (const id of NAMED_TIERS) {
    expect(RANKED_MESSAGES.en.ranked.tiers[id]).toBeTruthy();
    expect(RANKED_MESSAGES.ar.ranked.tiers[id]).toMatch(/[\u0600-\u06ff]/);
  }
});

it('words every refusal of the queue screen in both languages (the queue sends codes, not sentences)', () => {
  for (const code of QUEUE_REFUSALS) {
    // A ban is worded with its end (ranked.banned).
    if (code === 'banned') continue;
    expect(RANKED_MESSAGES.en.ranked.queue.refused[code], code).toMatch(/[a-z]/);
    expect(RANKED_MESSAGES.ar.ranked.queue.refused[code], code).toMatch(/[\u0600-\u06ff]/);
  }
});
