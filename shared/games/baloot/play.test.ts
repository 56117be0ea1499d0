import { describe, expect, it } from 'vitest';
import { baloot } from './index';
import { Rng } from '../../cards/rng';
import { apply, legalMoves, sawaFollow } from './engine';
import { biddingState, deepFreeze, must, pass, pastTricks, play, playingState, pointsPlayed, refusal, run, type PlayingOptions } from './test-helpers';
import type { BalootMove, BalootState } from './types';
import { view } from './view';

const HANDS = [
  ['AS', 'KS', '7H', '8D', '9C'],
  ['AH', 'TH', 'QD', 'JC', '8S'],
  ['JS', '9S', 'TD', 'KC', '7C'],
  ['QS', 'KH', '9H', 'AD', 'TC'],
];
const hokumBought = (scores: [number, number] = [0, 0]) =>
  run(biddingState(HANDS, '9D', { scores }), [
    [0, { type: 'bid', bid: 'hokum' }],
    [1, pass],
    [2, pass],
    [3, pass],
    [0, { type: 'bid', bid: 'hokum' }],
  ]);
const noDouble: BalootMove = { type: 'noDouble' };

/** Plays out what is left of the round with the first legal card each time. */
function finish(s: BalootState): BalootState {
  const round = s.roundNo;
  while (s.roundNo === round && s.phase === 'playing') {
    const card = legalMoves(s, s.turn).find((m) => m.type === 'play')!;
    s = must(s, s.turn, card);
  }
  return s;
}

/** A state with two cards each, six tricks played with the given card points per team. */
function lastTwoTricks(o: PlayingOptions & { team0: number }): BalootState {
  const played = pointsPlayed(o.hands, o.type === 'hokum' ? (o.trump ?? 'S') : undefined);
  const tricks = pastTricks([
    { winner: 0, points: o.team0 },
    { winner: 1, points: played - o.team0 },
    { winner: 2, points: 0 },
    { winner: 3, points: 0 },
    { winner: 0, points: 0 },
    { winner: 1, points: 0 },
  ]);
  return playingState({ tricks, projectTeam: null, ...o });
}

describe('doubling', () => {
  it('Hokum: the defender after the buyer is asked first, then the other defender', () => {
    let s = hokumBought();
    expect(s.phase).toBe('doubling');
    expect(s.turn).toBe(1);
    expect(view(s, 1).actions.double).toEqual({ level: 'double', canClose: true });
    s = must(s, 1, noDouble);
    expect(s.turn).toBe(3);
    s = must(s, 3, noDouble);
    expect(s.phase).toBe('playing');
    expect(s.turn).toBe(0);
    expect(s.contract!.level).toBe(1);
  });
  it('Hokum: Double (defender), Triple (buyer), Four (the doubler), Gahwa (buyer)', () => {
    let s = must(hokumBought(), 1, { type: 'double', level: 'double', open: false });
    expect(s.contract).toMatchObject({ level: 2, open: false, raiser: 1 });
    expect(s.turn).toBe(0);
    expect(refusal(s, 2, { type: 'double', level: 'triple' })).toBe('not_your_turn');
    expect(refusal(s, 0, { type: 'double', level: 'four' })).toBe('wrong_level');
    s = must(s, 0, { type: 'double', level: 'triple' });
    expect(s.turn).toBe(1);
    s = must(s, 1, { type: 'double', level: 'four' });
    expect(s.turn).toBe(0);
    s = must(s, 0, { type: 'double', level: 'gahwa', open: true });
    expect(s.phase).toBe('playing');
    expect(view(s, 2).contract).toMatchObject({ level: 5, open: true, raiser: 0 });
  });
  it('declining a raise starts the play at the current level', () => {
    let s = run(hokumBought(), [
      [1, noDouble],
      [3, { type: 'double', level: 'double' }],
    ]);
    expect(s.turn).toBe(0);
    s = must(s, 0, noDouble);
    expect(s.phase).toBe('playing');
    expect(s.contract!.level).toBe(2);
  });
  it('Closed forbids leading a trump while the leader holds another suit', () => {
    const hands = [
      ['JS', 'AH'],
      ['7D', '8D'],
      ['9D', 'TD'],
      ['7C', '8C'],
    ];
    const closed = playingState({ hands, type: 'hokum', trump: 'S', level: 2, open: false, raiser: 1 });
    expect(refusal(closed, 0, play('JS'))).toBe('closed_trump_lead');
    expect(view(closed, 0).playable).toEqual(['AH']);
    const open = playingState({ hands, type: 'hokum', trump: 'S', level: 2, open: true, raiser: 1 });
    expect(refusal(open, 0, play('JS'))).toBeNull();
  });
  it('Sun: a single Double, only when the buyers are above 100 and the defenders at or below 100', () => {
    const sunBy0 = (scores: [number, number]) => must(biddingState(HANDS, '9D', { scores }), 0, { type: 'bid', bid: 'sun' });
    expect(sunBy0([100, 50]).phase).toBe('playing');
    expect(sunBy0([101, 101]).phase).toBe('playing');
    const s = sunBy0([101, 100]);
    expect(s.phase).toBe('doubling');
    expect(view(s, 1).actions.double).toEqual({ level: 'double', canClose: false });
    const d = must(s, 1, { type: 'double', level: 'double' });
    expect(d.phase).toBe('playing');
    expect(d.contract!.level).toBe(2);
  });
  it('a doubled round: the winner takes the pot times the multiplier', () => {
    const hands = [
      ['AS', '7H'],
      ['7S', 'AH'],
      ['KS', '8H'],
      ['8S', 'TH'],
    ];
    const s = finish(lastTwoTricks({ hands, team0: 60, level: 3, raiser: 0 }));
    expect(s.lastRound).toMatchObject({ cardPoints: [75, 55], result: 'made', multiplier: 3, awarded: [78, 0] });
  });
  it('Gahwa: winning it wins the match whatever the scores', () => {
    const hands = [
      ['KS', 'QS'],
      ['7H', '8H'],
      ['AH', '9H'],
      ['TH', 'JH'],
    ];
    const s = finish(lastTwoTricks({ hands, type: 'hokum', trump: 'S', team0: 80, level: 5, raiser: 0, scores: [0, 140] }));
    expect(s.phase).toBe('over');
    expect(s.outcome!.winners).toEqual([0, 2]);
    expect(s.lastRound!.baloot).toEqual([0, 0]);
  });
});

describe('trick play', () => {
  const hands = [
    ['AS', '7H'],
    ['7S', 'AH'],
    ['KS', '8H'],
    ['8S', 'TH'],
  ];
  it('the player to the dealer’s right leads the first trick', () => {
    const s = playingState({ hands: [['AS'], ['7S'], ['KS'], ['8S']], dealer: 1 });
    expect(s.turn).toBe(2);
  });
  it('illegal cards are refused with the rule they break', () => {
    const s = must(lastTwoTricks({ hands, team0: 60 }), 0, play('AS'));
    const r = apply(s, 1, play('AH'));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toEqual({ code: 'must_follow_suit', led: 'S' });
    expect(refusal(s, 1, play('KS'))).toBe('card_not_in_hand');
    expect(refusal(s, 2, play('KS'))).toBe('not_your_turn');
    expect(view(s, 1).playable).toEqual(['7S']);
  });
  it('the trick winner leads the next trick; the last trick is worth 10 more', () => {
    let s = lastTwoTricks({ hands, team0: 60 });
    s = run(s, [
      [0, play('AS')],
      [1, play('7S')],
      [2, play('KS')],
      [3, play('8S')],
    ]);
    expect(s.turn).toBe(0);
    expect(s.tricks[6]).toMatchObject({ winner: 0, points: 15 });
    const r = apply(
      run(s, [
        [0, play('7H')],
        [1, play('AH')],
        [2, play('8H')],
      ]),
      3,
      play('TH'),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events.find((e) => e.type === 'trick')).toMatchObject({ seat: 1, points: 31 });
    expect(r.state.lastRound).toMatchObject({ cardPoints: [75, 55], cardGamePoints: [15, 11], result: 'made', awarded: [15, 11] });
  });
  it('a full round deals out 130 card points in Sun and 162 in Hokum', () => {
    for (const type of ['sun', 'hokum'] as const) {
      let s = run(biddingState(HANDS, '9D'), [[0, { type: 'bid', bid: type === 'sun' ? 'sun' : 'hokum' }]]);
      if (type === 'hokum')
        s = run(s, [
          [1, pass],
          [2, pass],
          [3, pass],
          [0, { type: 'bid', bid: 'hokum' }],
          [1, noDouble],
          [3, noDouble],
        ]);
      s = finish(s);
      const r = s.lastRound!;
      expect(r.cardPoints[0] + r.cardPoints[1]).toBe(type === 'sun' ? 130 : 162);
      expect(r.cardGamePoints[0] + r.cardGamePoints[1]).toBe(type === 'sun' ? 26 : 16);
      expect(r.tricks[0] + r.tricks[1]).toBe(8);
    }
  });
});

describe('Baloot', () => {
  const hands = [
    ['KS', 'QS'],
    ['7H', '8H'],
    ['AH', '9H'],
    ['TH', 'JH'],
  ];
  it('announced when the same player plays the second of K and Q of trump; +2, Hokum only', () => {
    let s = lastTwoTricks({ hands, type: 'hokum', trump: 'S', team0: 80 });
    expect(s.balootHolder).toBe(0);
    s = run(s, [
      [0, play('KS')],
      [1, play('7H')],
      [2, play('AH')],
      [3, play('TH')],
    ]);
    expect(view(s, 1).baloot).toBeNull();
    const r = apply(s, 0, play('QS'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events.map((e) => e.type)).toContain('baloot');
    expect(view(r.state, 1).baloot).toBe(0);
    const end = finish(r.state);
    expect(end.lastRound).toMatchObject({ cardPoints: [120, 42], cardGamePoints: [12, 4], baloot: [2, 0], awarded: [14, 4] });
  });
  it('is never blocked: it counts for a failing buyer', () => {
    const s = finish(lastTwoTricks({ hands, type: 'hokum', trump: 'S', team0: 0 }));
    expect(s.lastRound).toMatchObject({ cardPoints: [40, 122], result: 'khasara', baloot: [2, 0], awarded: [2, 16] });
  });
  it('not in Sun, and not when K and Q of trump are in different hands', () => {
    expect(playingState({ hands, type: 'sun' }).balootHolder).toBeNull();
    const split = [
      ['KS', '7S'],
      ['QS', '8H'],
      ['AH', '9H'],
      ['TH', 'JH'],
    ];
    expect(playingState({ hands: split, type: 'hokum', trump: 'S' }).balootHolder).toBeNull();
  });
  it('is never multiplied', () => {
    const s = finish(lastTwoTricks({ hands, type: 'hokum', trump: 'S', team0: 80, level: 2, raiser: 1 }));
    expect(s.lastRound!.awarded).toEqual([16 * 2 + 2, 0]);
  });
});

describe('Kaboot', () => {
  it('one team takes all 8 tricks: 44 in Sun, not multiplied', () => {
    const hands = [
      ['AS', 'AH'],
      ['7S', '7H'],
      ['KS', 'KH'],
      ['8S', '8H'],
    ];
    const played = pointsPlayed(hands);
    const tricks = pastTricks([0, 2, 0, 2, 0, 2].map((winner, i) => ({ winner, points: i === 0 ? played : 0 })));
    const s = finish(playingState({ hands, tricks, level: 2, raiser: 1 }));
    expect(s.lastRound).toMatchObject({ result: 'kaboot', kaboot: 0, tricks: [8, 0], awarded: [44, 0] });
  });
});

describe('Sawa', () => {
  const winning = [
    ['AS', 'AH'],
    ['7S', 'KH'],
    ['KS', '8H'],
    ['8S', 'TH'],
  ];
  it('is offered on any of the player’s turns from the second trick on, mid-trick too', () => {
    expect(refusal(playingState({ hands: winning }), 0, { type: 'sawa' })).toBe('sawa_not_allowed');
    const s = lastTwoTricks({ hands: winning, team0: 60 });
    expect(view(s, 0).actions.sawa).toBe(true);
    const mid = must(s, 0, play('AS'));
    expect(view(mid, 1).actions.sawa).toBe(true);
    expect(view(mid, 0).actions.sawa).toBe(false);
    expect(must(mid, 1, { type: 'sawa' }).phase).toBe('sawa');
    expect(refusal(s, 1, { type: 'sawa' })).toBe('not_your_turn');
  });
  it('accepted mid-trick: the cards already on the table go to the claimant’s team as well', () => {
    const s = run(lastTwoTricks({ hands: winning, team0: 60 }), [
      [0, play('AS')],
      [1, { type: 'sawa' }],
      [2, { type: 'sawaAnswer', accept: true }],
      [0, { type: 'sawaAnswer', accept: true }],
    ]);
    const remaining = 11 + 11 + 4 + 4 + 10; // AS (on the table) AH KH KS TH
    const played = 120 - remaining;
    expect(s.lastRound).toMatchObject({ end: 'sawa', sawa: { claimant: 1, accepted: true }, cardPoints: [60, played - 60 + remaining + 10], tricks: [3, 5] });
  });
  it('shows the claimant’s hand to everyone and waits 15 s for both opponents', () => {
    const s = must(lastTwoTricks({ hands: winning, team0: 60 }), 0, { type: 'sawa' });
    expect(s.phase).toBe('sawa');
    expect(baloot.activeSeats(s)).toEqual([1, 3]);
    expect(baloot.turnSeconds!(s, 10)).toBe(15);
    expect(view(s, 3).sawa).toEqual({ claimant: 0, hand: ['AS', 'AH'], pending: [1, 3], answers: [], status: 'pending' });
    expect(view(s, null).sawa!.hand).toEqual(['AS', 'AH']);
    expect(refusal(s, 2, { type: 'sawaAnswer', accept: true })).toBe('not_your_turn');
    expect(refusal(s, 0, play('AS'))).toBe('sawa_pending');
  });
  it('accepted: the claimant’s team takes every remaining card and the last-trick 10', () => {
    const s = run(lastTwoTricks({ hands: winning, team0: 60 }), [
      [0, { type: 'sawa' }],
      [1, { type: 'sawaAnswer', accept: true }],
      [3, { type: 'sawaAnswer', accept: true }],
    ]);
    const remaining = 11 + 11 + 4 + 4 + 10; // AS AH KH KS TH
    const played = 120 - remaining;
    expect(s.lastRound).toMatchObject({ end: 'sawa', sawa: { claimant: 0, accepted: true }, cardPoints: [60 + remaining + 10, played - 60], tricks: [5, 3] });
  });
  it('refused: play goes on with the hand shown; winning every trick scores normally', () => {
    let s = run(lastTwoTricks({ hands: winning, team0: 60 }), [
      [0, { type: 'sawa' }],
      [1, { type: 'sawaAnswer', accept: false }],
      [3, { type: 'sawaAnswer', accept: false }],
    ]);
    expect(s.phase).toBe('playing');
    expect(view(s, 1).sawa).toMatchObject({ status: 'refused', hand: ['AS', 'AH'] });
    expect(refusal(s, 0, { type: 'sawa' })).toBe('sawa_not_allowed');
    s = finish(s);
    expect(s.lastRound).toMatchObject({ end: 'played', result: 'made', sawa: { claimant: 0, accepted: false } });
  });
  it('a refused claim that loses a trick is a foul (Qayd): offenders 0, the others 26 plus their projects', () => {
    const losing = [
      ['AS', '7H'],
      ['7S', 'AH'],
      ['KS', '8H'],
      ['8S', 'TH'],
    ];
    const declared = [[], [{ kind: 'sira' as const, cards: ['QD', 'JD', 'TD'], rank: 14 }], [], []];
    let s = lastTwoTricks({ hands: losing, team0: 60, declared, projectTeam: 1 });
    s = run(s, [
      [0, { type: 'sawa' }],
      [3, { type: 'sawaAnswer', accept: false }],
      [1, { type: 'sawaAnswer', accept: false }],
    ]);
    s = finish(s);
    expect(s.lastRound).toMatchObject({ end: 'qayd', result: 'qayd', qayd: 0, awarded: [0, 30] });
  });
});

describe('Sawa: the opponent who answers last decides for the team (a person beside a bot has the last word)', () => {
  const winning = [
    ['AS', 'AH'],
    ['7S', 'KH'],
    ['KS', '8H'],
    ['8S', 'TH'],
  ];
  const claimed = () => must(lastTwoTricks({ hands: winning, team0: 60 }), 0, { type: 'sawa' });
  const answer = (s: BalootState, seat: number, accept: boolean) => {
    const r = apply(s, seat, { type: 'sawaAnswer', accept });
    if (!r.ok) throw new Error(r.error.code);
    return r;
  };

  it('a first refusal does not end the claim: the partner still answers, sees it, and may accept', () => {
    const first = answer(claimed(), 3, false);
    expect(first.events).toEqual([{ type: 'sawaAnswer', seat: 3, accept: false, decided: false }]);
    expect(first.state.phase).toBe('sawa');
    expect(baloot.activeSeats(first.state)).toEqual([1]);
    expect(view(first.state, 1).actions.sawaAnswer).toBe(true);
    expect(view(first.state, 1).sawa).toMatchObject({ pending: [1], answers: [{ seat: 3, accept: false }], status: 'pending' });
    expect(view(first.state, 3).actions.sawaAnswer).toBe(false);
    const last = answer(first.state, 1, true);
    expect(last.events[0]).toEqual({ type: 'sawaAnswer', seat: 1, accept: true, decided: true });
    expect(last.state.lastRound).toMatchObject({ end: 'sawa', sawa: { claimant: 0, accepted: true } });
  });

  it('a first acceptance waits for the partner, whose refusal refuses the claim', () => {
    const last = answer(answer(claimed(), 1, true).state, 3, false);
    expect(last.events).toEqual([{ type: 'sawaAnswer', seat: 3, accept: false, decided: true }]);
    expect(last.state.phase).toBe('playing');
    expect(last.state.sawa).toMatchObject({ status: 'refused', pending: [] });
  });

  it('a seat that has answered cannot answer again', () => {
    expect(refusal(answer(claimed(), 3, false).state, 3, { type: 'sawaAnswer', accept: true })).toBe('not_your_turn');
  });

  it("a bot answering after its partner gives the partner's answer, so it never overrules a person", () => {
    for (const accept of [true, false]) {
      const s = answer(claimed(), 3, accept).state;
      for (let i = 0; i < 20; i++) expect(baloot.botMove(s, 1, new Rng(`follow-${i}`))).toEqual({ type: 'sawaAnswer', accept });
    }
    // The first to answer decides for itself (its own bot), and a seat with nothing to answer follows no one.
    const s = claimed();
    expect(sawaFollow(s, 1)).toBeNull();
    expect(sawaFollow(answer(s, 3, true).state, 0)).toBeNull();
  });

  it('a game stored before this rule keeps its own (one refusal ends the claim), so a reloaded room replays its moves as played', () => {
    const old = claimed();
    delete old.sawaLastWord;
    delete old.sawa!.answers;
    const refused = answer(old, 3, false);
    expect(refused.events).toEqual([{ type: 'sawaAnswer', seat: 3, accept: false, decided: true }]);
    expect(refused.state.phase).toBe('playing');
    expect(sawaFollow(answer(old, 3, true).state, 1)).toBeNull();
    expect(answer(answer(old, 1, true).state, 3, true).state.lastRound).toMatchObject({ end: 'sawa' });
  });
});

describe('rounds and the match', () => {
  const hands = [
    ['AS', '7H'],
    ['7S', 'AH'],
    ['KS', '8H'],
    ['8S', 'TH'],
  ];
  it('a finished round flows into the next deal with the next dealer', () => {
    const s = finish(lastTwoTricks({ hands, team0: 60, dealer: 3 }));
    expect(s.phase).toBe('bidding');
    expect(s.dealer).toBe(0);
    expect(s.turn).toBe(1);
    expect(s.scores).toEqual([15, 11]);
    expect(s.hands.every((h) => h.length === 5)).toBe(true);
    expect(view(s, 2).lastRound).toMatchObject({ awarded: [15, 11] });
    expect(view(s, 2).scores).toEqual([15, 11]);
  });
  it('the match ends when a team reaches the target', () => {
    const s = finish(lastTwoTricks({ hands, team0: 60, scores: [140, 100] }));
    expect(s.phase).toBe('over');
    expect(s.outcome).toMatchObject({ winners: [0, 2], scores: [155, 111, 155, 111] });
    expect(baloot.activeSeats(s)).toEqual([]);
    expect(refusal(s, 0, pass)).toBe('game_over');
  });
  it('both teams over in one round: the higher total wins', () => {
    const s = finish(lastTwoTricks({ hands, team0: 60, scores: [140, 146] }));
    expect(s.outcome!.winners).toEqual([1, 3]);
  });
  it('both teams over and equal: another round is played', () => {
    const s = finish(lastTwoTricks({ hands, team0: 60, scores: [141, 145] }));
    expect(s.scores).toEqual([156, 156]);
    expect(s.outcome).toBeNull();
    expect(s.phase).toBe('bidding');
  });
  it('the target is a room option', () => {
    const s = finish(lastTwoTricks({ hands, team0: 60, options: { target: 15 } }));
    expect(s.outcome!.winners).toEqual([0, 2]);
  });
});

describe('clock and seats', () => {
  it('timeouts: Pass, keep a lone Hokum, no double, the weakest legal card, refuse a Sawa', () => {
    const b = biddingState(HANDS, '9D');
    expect(baloot.timeoutMove(b, 0)).toEqual(pass);
    expect(baloot.timeoutMove(b, 1)).toBeNull();
    const sw = run(b, [
      [0, { type: 'bid', bid: 'hokum' }],
      [1, pass],
      [2, pass],
      [3, pass],
    ]);
    expect(baloot.timeoutMove(sw, 0)).toEqual({ type: 'bid', bid: 'hokum', suit: 'D' });
    expect(baloot.timeoutMove(hokumBought(), 1)).toEqual(noDouble);
    const follow = playingState({ hands: [['QS'], ['AS', '7S', 'KH'], ['8S'], ['9S']], leader: 0, trick: [{ seat: 0, card: 'QS' }] });
    expect(baloot.timeoutMove(follow, 1)).toEqual(play('7S'));
    const ruff = playingState({ hands: [['QS'], ['JH', '8H', 'AD', 'TC'], ['8S'], ['9S']], type: 'hokum', trump: 'H', trick: [{ seat: 0, card: 'QS' }] });
    expect(baloot.timeoutMove(ruff, 1)).toEqual(play('8H'));
    const lead = playingState({ hands: [['AD', 'TC', '7D', 'JH'], ['8S'], ['9S'], ['TS']], type: 'hokum', trump: 'H' });
    expect(baloot.timeoutMove(lead, 0)).toEqual(play('7D'));
    const sawa = must(
      lastTwoTricks({
        hands: [
          ['AS', 'AH'],
          ['7S', 'KH'],
          ['KS', '8H'],
          ['8S', 'TH'],
        ],
        team0: 60,
      }),
      0,
      { type: 'sawa' },
    );
    expect(baloot.timeoutMove(sawa, 1)).toEqual({ type: 'sawaAnswer', accept: false });
    expect(baloot.timeoutMove(sawa, 0)).toBeNull();
  });
  it('a seat returns to its player only between tricks', () => {
    const s = playingState({
      hands: [
        ['AS', '7H'],
        ['7S', 'AH'],
        ['KS', '8H'],
        ['8S', 'TH'],
      ],
    });
    expect(baloot.canHandBack!(s, 0)).toBe(true);
    expect(baloot.canHandBack!(must(s, 0, play('AS')), 0)).toBe(false);
    expect(baloot.canHandBack!(biddingState(HANDS, '9D'), 2)).toBe(true);
  });
  it('the room clock applies except for a Sawa answer', () => {
    expect(baloot.turnSeconds!(biddingState(HANDS, '9D'), 10)).toBe(10);
    expect(baloot.turnSeconds!(biddingState(HANDS, '9D'), null)).toBeNull();
  });
  it('apply never changes the state it is given', () => {
    const s = deepFreeze(hokumBought());
    const before = JSON.stringify(s);
    expect(apply(s, 1, { type: 'double', level: 'double', open: false }).ok).toBe(true);
    expect(apply(s, 0, noDouble).ok).toBe(false);
    expect(JSON.stringify(s)).toBe(before);
  });
});
