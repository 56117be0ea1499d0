import { describe, expect, it } from 'vitest';
import { cuesFor } from '../feel/sound';
import { balootCue } from './baloot/cues';
import { dhappaCue, dhappaDealt } from './dhappa/cues';
import { eightsCue } from './eights/cues';
import { rummyCue } from './rummy/cues';

const ev = (...types: string[]) => types.map((type) => ({ type }));

describe("each game's sounds", () => {
  it('Baloot: a card laid clicks, the fourth card of a trick sweeps instead', () => {
    expect(cuesFor(ev('play'), balootCue)).toEqual(['card']);
    expect(cuesFor(ev('play', 'trick'), balootCue)).toEqual(['trick']);
    expect(cuesFor(ev('bid'), balootCue)).toEqual([]);
  });
  it('Eights: a card laid clicks, a draw is silent', () => {
    expect(cuesFor(ev('play'), eightsCue)).toEqual(['card']);
    expect(cuesFor(ev('draw'), eightsCue)).toEqual([]);
    expect(cuesFor(ev('play', 'handWon'), eightsCue)).toEqual(['trick']);
  });
  it('Rummy: discards and melds click, a close sweeps', () => {
    expect(cuesFor(ev('draw', 'discard'), rummyCue)).toEqual(['card']);
    expect(cuesFor(ev('meld', 'close'), rummyCue)).toEqual(['trick']);
  });
  it('Dhappa: discards and runs click, picking up the pile sweeps', () => {
    expect(cuesFor(ev('add'), dhappaCue)).toEqual(['card']);
    expect(cuesFor(ev('pick', 'meld'), dhappaCue)).toEqual(['trick']);
    expect(cuesFor(ev('draw'), dhappaCue)).toEqual([]);
  });
  it("Dhappa: the hand deals in at a game's start and at each new deal of a match, not on a draw or pick", () => {
    expect(ev('start', 'deal').map(dhappaDealt)).toEqual([true, true]);
    expect(ev('draw', 'pick', 'dealScore', 'discard').map(dhappaDealt)).toEqual([false, false, false, false]);
  });
});
