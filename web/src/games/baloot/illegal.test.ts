import { describe, expect, it } from 'vitest';
import { apply, cardRefusal } from '../../../../shared/games/baloot/engine';
import { playingState } from '../../../../shared/games/baloot/test-helpers';
import { view } from '../../../../shared/games/baloot/view';
import { whyNotPlayable } from './illegal';

const HANDS = [
  ['AS', 'KS', '7H', '8D'],
  ['AH', 'TH', 'QD', 'JC'],
  ['JS', '9S', 'TD', 'KC'],
  ['QS', 'KH', '9H', 'AD'],
];
const ctx = { names: ['Ana', 'Bo', 'Cy', 'Di'] };

describe('a greyed Baloot card says why it cannot be played', () => {
  it('names the suit to follow, in English and Arabic', () => {
    // Hearts led by seat 0; seat 1 holds hearts, so its diamond is greyed.
    const s = playingState({ hands: HANDS, leader: 0, trick: [{ seat: 0, card: '7H' }] });
    const v = view(s, 1);
    expect(v.playable).not.toContain('QD');
    expect(whyNotPlayable(v, 'QD', 'en', ctx)).toMatch(/^You must follow suit: play a card of .*hearts/);
    expect(whyNotPlayable(v, 'QD', 'ar', ctx)).toContain('عليك أن تلعب من النوع نفسه');
    expect(whyNotPlayable(v, 'AH', 'en', ctx)).toBeNull();
  });

  it('says a trump is owed in Hokum when the led suit is missing', () => {
    const s = playingState({
      hands: [
        ['7H', 'AC'],
        ['8S', 'QD'],
        ['JS', '9S'],
        ['QS', 'KH'],
      ],
      type: 'hokum',
      trump: 'S',
      leader: 0,
      trick: [{ seat: 0, card: '7H' }],
    });
    expect(whyNotPlayable(view(s, 1), 'QD', 'en', ctx)).toMatch(/must play a trump/);
  });

  it('is the engine’s own refusal of that card, and says nothing when it is not the reader’s turn', () => {
    const s = playingState({ hands: HANDS, leader: 0, trick: [{ seat: 0, card: '7H' }] });
    const sent = apply(s, 1, { type: 'play', card: 'QD' });
    expect(sent.ok).toBe(false);
    expect(cardRefusal(s.hands[1]!, s.trick, s.contract!, 'QD')).toEqual(sent.ok ? null : sent.error);
    expect(whyNotPlayable(view(s, 2), 'TD', 'en', ctx)).toBeNull();
  });
});
