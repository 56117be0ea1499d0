import { describe, expect, it } from 'vitest';
import { handover, passSeats } from './pass';

describe('pass-and-play: who holds the device', () => {
  const base = { seats: [0, 2], shown: null, waiting: null, playing: true, active: [] as number[] };

  it('a person whose turn it is keeps the device', () => {
    expect(handover({ ...base, shown: 0, active: [0] })).toEqual({ t: 'keep' });
  });

  it('the turn moving to another person passes the device to them', () => {
    expect(handover({ ...base, shown: 0, active: [2] })).toEqual({ t: 'pass', to: 1 });
    expect(handover({ ...base, shown: 1, active: [0] })).toEqual({ t: 'pass', to: 0 });
  });

  it('while bots move, whoever has the device keeps it, and a pass screen stays for its person', () => {
    expect(handover({ ...base, shown: 0, active: [1] })).toEqual({ t: 'keep' });
    expect(handover({ ...base, waiting: 1, active: [3] })).toEqual({ t: 'keep' });
  });

  it('with nobody shown and bots to move (a resume), the next person round the table gets it', () => {
    expect(handover({ ...base, active: [1] })).toEqual({ t: 'pass', to: 1 });
    expect(handover({ ...base, active: [3] })).toEqual({ t: 'pass', to: 0 });
  });

  it('several people to move at once: the next one round the table from whoever was shown', () => {
    const seats = [0, 1, 2];
    expect(handover({ ...base, seats, shown: 1, active: [0, 2] })).toEqual({ t: 'pass', to: 2 });
    expect(handover({ ...base, seats, shown: 2, active: [0, 1] })).toEqual({ t: 'pass', to: 0 });
    expect(handover({ ...base, seats, active: [1, 2] })).toEqual({ t: 'pass', to: 1 });
  });

  it('outside a game the table shows at once (the first person’s), and stays with whoever has it', () => {
    expect(handover({ ...base, playing: false })).toEqual({ t: 'show', to: 0 });
    expect(handover({ ...base, playing: false, shown: 1 })).toEqual({ t: 'keep' });
  });
});

describe('pass-and-play seats at a team game', () => {
  const alternate = [0, 1, 0, 1];
  it('partners sit on one team, opponents on the two, each person in a seat of their own', () => {
    expect(passSeats(alternate, 2, true)).toEqual([0, 2]);
    expect(passSeats(alternate, 2, false)).toEqual([0, 1]);
    expect(passSeats([0, 1, 0, 1, 0, 1], 3, true)).toEqual([0, 2, 4]);
    expect(passSeats([0, 1, 0, 1, 0, 1], 4, true)).toEqual([0, 2, 4, 1]);
    expect(passSeats([0, 1, 0, 1, 0, 1], 3, false)).toEqual([0, 1, 2]);
  });
});
