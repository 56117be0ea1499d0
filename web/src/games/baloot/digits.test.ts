import { describe, expect, it } from 'vitest';
import { signed } from '../words';
import { hints, learn } from './hints';
import { digits } from './labels';
import { BALOOT_MESSAGES } from './messages';

/** Every string under a message tree. */
function strings(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree];
  if (tree && typeof tree === 'object') return Object.values(tree).flatMap(strings);
  return [];
}
const WESTERN = /[0-9]/;

describe('Baloot panels keep one digit system: the cards’ (Arabic-Indic in Arabic)', () => {
  it('writes a number, and a signed one, in the reader’s digits', () => {
    expect(digits(152, 'ar')).toBe('١٥٢');
    expect(digits(signed(-24), 'ar')).toBe(signed(-24).replace('24', '٢٤'));
    expect(digits(152, 'en')).toBe('152');
  });

  it('the round summary’s Arabic words carry no Western digit', () => {
    const found = strings(BALOOT_MESSAGES.ar.summary).filter((s) => WESTERN.test(s));
    expect(found).toEqual([]);
  });

  it('the lesson’s Arabic coach (goal, lessons, reasons) carries no Western digit', () => {
    const reasons = [
      hints.ar.bid_hokum({ code: 'bid_hokum', suit: 'H', trumps: 3, high: ['JH', '9H'] }, { names: [] }),
      hints.ar.bid_sun({ code: 'bid_sun', aces: 2, tens: 1 }, { names: [] }),
      hints.ar.bid_ashkal({ code: 'bid_ashkal', aces: 2 }, { names: [] }),
    ];
    expect([...learn.goal.ar, ...learn.learned.ar, ...reasons].filter((s) => WESTERN.test(s))).toEqual([]);
  });
});
