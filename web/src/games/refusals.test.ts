import { describe, expect, it } from 'vitest';
import type { Refusal } from '../../../shared/engine/types';
import type { BalootRefusal } from '../../../shared/games/baloot/refusals';
import type { DhappaRefusal } from '../../../shared/games/dhappa/refusals';
import type { EightsRefusal } from '../../../shared/games/eights/refusals';
import type { MahjongRefusal } from '../../../shared/games/mahjong-bet/engine';
import type { RummyRefusal } from '../../../shared/games/rummy/refusals';
import type { AnyRoomRefusal } from '../../../shared/protocol/refusals';
import type { EightsHintWhy } from '../../../shared/games/eights/hint';
import type { BalootHintWhy } from '../../../shared/games/baloot/hint';
import type { DhappaHintWhy } from '../../../shared/games/dhappa/hint';
import { ROOM_HINTS, ROOM_REFUSALS } from '../i18n/room/refusals';
import type { RummyHintWhy } from '../../../shared/games/rummy/hint';
import type { MahjongHintWhy } from '../../../shared/games/mahjong-bet/hint';
import { CATALOG } from '../../../shared/games/catalog';
import { refusals as baloot } from './baloot/refusals';
import { wordRefusal, type AnyRefusalWords } from './refusals';

/**
 * Every refusal each game and the room can make, with parameters: the record is typed by the
 * refusal union, so a code the rules gain without a sample here fails the type check, and
 * each sample is worded below in both languages. Codes with variants list each one.
 */
type Samples<R extends Refusal> = { [K in R['code']]: Extract<R, { code: K }>[] };
const ctx = { names: ['Ana', 'Ben', 'Cyd', 'Dee'] };

const ROOM: Samples<AnyRoomRefusal> = {
  already_said_hello: [{ code: 'already_said_hello' }],
  already_seated: [{ code: 'already_seated' }],
  bad_json: [{ code: 'bad_json' }],
  bad_message: [
    { code: 'bad_message', type: 'join', field: 'name' },
    { code: 'bad_message', type: null, field: null },
  ],
  bad_move: [{ code: 'bad_move', field: 'move.card' }],
  bad_options: [
    { code: 'bad_options', field: 'target' },
    { code: 'bad_options', field: null },
  ],
  bad_ticket: (['friendly', 'missing', 'used', 'other_player'] as const).map((why) => ({ code: 'bad_ticket', why })),
  bad_token: [{ code: 'bad_token' }],
  cannot_remove_host: [{ code: 'cannot_remove_host' }],
  chat_rate_limited: [{ code: 'chat_rate_limited', count: 5, seconds: 10 }],
  game_started: (['start', 'join', 'addBot', 'botLevel', 'removeSeat', 'settings', 'finished'] as const).map((request) => ({ code: 'game_started', request })),
  handback_pending: [{ code: 'handback_pending' }],
  hello_first: [{ code: 'hello_first' }],
  last_warning: [{ code: 'last_warning', left: 5 }],
  no_replay: (['none', 'playing', 'gone'] as const).map((why) => ({ code: 'no_replay', game: 2, why })),
  no_hint: (['ranked', 'not_solo', 'not_your_turn'] as const).map((why) => ({ code: 'no_hint', why })),
  nonce_late: [{ code: 'nonce_late' }],
  not_a_bot: [{ code: 'not_a_bot', seat: 2 }],
  not_finished: [{ code: 'not_finished' }],
  not_host: [{ code: 'not_host' }],
  not_playing: [
    { code: 'not_playing', status: 'lobby' },
    { code: 'not_playing', status: 'finished' },
  ],
  not_seated: [{ code: 'not_seated' }],
  policy_violation: [{ code: 'policy_violation', strikes: 10, seconds: 10 }],
  rate_limited: [{ code: 'rate_limited', perSecond: 20 }],
  reaction_rate_limited: [{ code: 'reaction_rate_limited', count: 3, seconds: 6 }],
  ranked_room: [{ code: 'ranked_room' }],
  room_crowded: [{ code: 'room_crowded', connections: 32 }],
  room_full: [{ code: 'room_full', seats: 4 }],
  seat_empty: [{ code: 'seat_empty', seat: 2 }],
  seat_taken: [{ code: 'seat_taken', seat: 1 }],
  stale_move: [{ code: 'stale_move' }],
  teams_unbalanced: [{ code: 'teams_unbalanced', players: 4, each: 2, teams: [3, 1] }],
  too_large: [{ code: 'too_large', bytes: 20000, limit: 16384 }],
  unknown_reaction: [{ code: 'unknown_reaction', reaction: 'hello' }],
  unknown_room: [{ code: 'unknown_room' }],
  unknown_type: [{ code: 'unknown_type', type: 'shout' }],
  wrong_player_count: [
    { code: 'wrong_player_count', counts: [4], seated: 3 },
    { code: 'wrong_player_count', counts: [2, 3, 4], seated: 1 },
  ],
  bad_request: [{ code: 'bad_request', field: 'game' }],
  unknown_game: [{ code: 'unknown_game' }],
  too_many_rooms: [{ code: 'too_many_rooms', limit: 10, windowSeconds: 60 }],
  too_many_connections: [{ code: 'too_many_connections', limit: 60, windowSeconds: 10 }],
  cooling_off: [{ code: 'cooling_off', seconds: 7 }],
  internal: [{ code: 'internal' }],
  not_sent: [{ code: 'not_sent' }],
  unreadable_frame: [{ code: 'unreadable_frame' }],
  local_failed: [{ code: 'local_failed' }],
};

const EIGHTS: Samples<EightsRefusal> = {
  no_such_seat: [{ code: 'no_such_seat' }],
  game_over: [{ code: 'game_over' }],
  not_your_turn: [{ code: 'not_your_turn', seat: 1 }],
  card_not_in_hand: [
    { code: 'card_not_in_hand', card: 'b9#1' },
    { code: 'card_not_in_hand', card: 'nonsense' },
  ],
  must_play_drawn_or_keep: [{ code: 'must_play_drawn_or_keep', card: 'rS#2' }],
  colour_required: [{ code: 'colour_required', card: 'W4#1' }],
  colour_not_allowed: [{ code: 'colour_not_allowed' }],
  must_take: [{ code: 'must_take', count: 4 }],
  must_stack_or_take: [{ code: 'must_stack_or_take', count: 2 }],
  reverse_limit: [{ code: 'reverse_limit', limit: 4 }],
  card_not_playable: [
    { code: 'card_not_playable', card: 'g3#1', top: 'r7#1', colour: 'r' },
    { code: 'card_not_playable', card: 'yD#2', top: 'W8#1', colour: 'b' },
  ],
  already_drawn: [{ code: 'already_drawn' }],
  nothing_to_keep: [{ code: 'nothing_to_keep' }],
  cannot_catch_self: [{ code: 'cannot_catch_self' }],
  nothing_to_catch: [{ code: 'nothing_to_catch', seat: 2 }],
};

const BALOOT: Samples<BalootRefusal> = {
  game_over: [{ code: 'game_over' }],
  bad_seat: [{ code: 'bad_seat' }],
  bad_move: [{ code: 'bad_move' }],
  not_your_turn: [
    { code: 'not_your_turn', seat: 3, why: 'turn' },
    { code: 'not_your_turn', seat: null, why: 'sawa_partner' },
    { code: 'not_your_turn', seat: null, why: 'sawa_answered' },
  ],
  kawesh_not_allowed: [
    { code: 'kawesh_not_allowed', why: 'bidding_over' },
    { code: 'kawesh_not_allowed', why: 'hand' },
  ],
  not_bidding: [{ code: 'not_bidding' }],
  bad_bid: [
    { code: 'bad_bid', why: 'keep_or_sun', seat: null },
    { code: 'bad_bid', why: 'sun_claim', seat: 2 },
    { code: 'bad_bid', why: 'not_a_bid', seat: null },
  ],
  bid_too_low: [{ code: 'bid_too_low', seat: 1 }],
  wrong_suit: [
    { code: 'wrong_suit', round: 1, suit: 'H' },
    { code: 'wrong_suit', round: 2, suit: 'S' },
  ],
  suit_required: [{ code: 'suit_required' }],
  ashkal_not_allowed: [
    { code: 'ashkal_not_allowed', why: 'round' },
    { code: 'ashkal_not_allowed', why: 'position' },
  ],
  not_doubling: [{ code: 'not_doubling' }],
  wrong_level: [{ code: 'wrong_level', expected: 'triple', level: 'gahwa' }],
  declare_window_closed: [{ code: 'declare_window_closed' }],
  already_declared: [{ code: 'already_declared' }],
  no_project: [{ code: 'no_project' }],
  sawa_pending: [{ code: 'sawa_pending' }],
  not_playing: [{ code: 'not_playing' }],
  card_not_in_hand: [
    { code: 'card_not_in_hand', card: '7S' },
    { code: 'card_not_in_hand', card: '2S' },
  ],
  must_follow_suit: [{ code: 'must_follow_suit', led: 'D' }],
  must_trump: [{ code: 'must_trump', led: 'C', trump: 'H' }],
  must_overtrump: [{ code: 'must_overtrump' }],
  closed_trump_lead: [{ code: 'closed_trump_lead', trump: 'S' }],
  sawa_not_allowed: (['phase', 'first_trick', 'claimed'] as const).map((why) => ({ code: 'sawa_not_allowed', why })),
  no_sawa: [{ code: 'no_sawa' }],
};

const RUMMY: Samples<RummyRefusal> = {
  game_over: [{ code: 'game_over' }],
  not_your_turn: [{ code: 'not_your_turn', seat: 1 }],
  draw_first: [{ code: 'draw_first' }],
  too_early: [{ code: 'too_early', round: 3, opens: 4 }],
  already_drawn: [{ code: 'already_drawn' }],
  discard_closed: [{ code: 'discard_closed', opens: 4 }],
  discard_empty: [{ code: 'discard_empty' }],
  pile_empty: [{ code: 'pile_empty' }],
  no_such_meld: [{ code: 'no_such_meld' }],
  card_not_in_hand: [{ code: 'card_not_in_hand', card: 'AH#2' }],
  keep_one_card: [{ code: 'keep_one_card' }],
  not_declared: [
    { code: 'not_declared', points: null, need: 48, pure: false },
    { code: 'not_declared', points: 30, need: 48, pure: true },
    { code: 'not_declared', points: 50, need: 48, pure: false },
  ],
  nothing_to_return: [{ code: 'nothing_to_return' }],
  nothing_to_undo: [{ code: 'nothing_to_undo' }],
  cannot_close: [
    { code: 'cannot_close', why: 'cards_left', left: 1 },
    { code: 'cannot_close', why: 'cards_left', left: 4 },
    { code: 'cannot_close', why: 'not_declared', left: 0 },
  ],
  last_card: [{ code: 'last_card' }],
  discard_not_melded: [{ code: 'discard_not_melded', card: '4H#1' }],
  joker_not_melded: [{ code: 'joker_not_melded' }],
  declaration_too_small: [{ code: 'declaration_too_small', need: 48, points: 45 }],
  declaration_needs_pure: [{ code: 'declaration_needs_pure' }],
  jokers_adjacent: [{ code: 'jokers_adjacent' }],
  two_aces: [{ code: 'two_aces' }],
  duplicate_card: [{ code: 'duplicate_card' }],
  no_wrap: [{ code: 'no_wrap' }],
  not_consecutive: [{ code: 'not_consecutive' }],
  set_same_suit: [{ code: 'set_same_suit' }],
  set_too_big: [{ code: 'set_too_big' }],
  bad_stand_in: [
    { code: 'bad_stand_in', why: 'not_placed', cards: ['X2'], rank: null },
    { code: 'bad_stand_in', why: 'not_a_card', cards: [], rank: null },
    { code: 'bad_stand_in', why: 'same_card', cards: [], rank: null },
    { code: 'bad_stand_in', why: 'set_rank', cards: ['QC'], rank: 'Q' },
    { code: 'bad_stand_in', why: 'no_place', cards: ['9H', 'TH'], rank: null },
    { code: 'bad_stand_in', why: 'unassigned', cards: [], rank: null },
  ],
  meld_too_short: [{ code: 'meld_too_short' }],
  too_many_jokers: [{ code: 'too_many_jokers' }],
  not_a_meld: [{ code: 'not_a_meld' }],
  set_rank: [{ code: 'set_rank', card: '7S#1', rank: 'K' }],
  run_suit: [{ code: 'run_suit', card: '2H#1', suit: 'D' }],
  bad_order: [{ code: 'bad_order' }],
  swap_joker_for_joker: [{ code: 'swap_joker_for_joker' }],
  swap_set_incomplete: [{ code: 'swap_set_incomplete' }],
  swap_no_joker: [{ code: 'swap_no_joker', card: '8H#1' }],
};

const DHAPPA: Samples<DhappaRefusal> = {
  game_over: [{ code: 'game_over' }],
  not_your_turn: [{ code: 'not_your_turn', seat: 2 }],
  already_picked: [{ code: 'already_picked' }],
  pick_first: [{ code: 'pick_first' }],
  pile_empty: [{ code: 'pile_empty' }],
  nothing_to_undo: [{ code: 'nothing_to_undo' }],
  internal: [{ code: 'internal' }],
  discard_empty: [{ code: 'discard_empty' }],
  bad_count: [{ code: 'bad_count', count: 5, max: 3 }],
  pick_unplayable: (['open_first', 'wild', 'no_discard', 'no_fit'] as const).map((why) => ({ code: 'pick_unplayable', card: '7C#1', count: 2, why })),
  not_your_team: [{ code: 'not_your_team' }],
  no_such_run: [{ code: 'no_such_run', run: 'r9' }],
  duplicate_card: [
    { code: 'duplicate_card', card: null, kind: null },
    { code: 'duplicate_card', card: '7S', kind: 'run' },
    { code: 'duplicate_card', card: 'AH', kind: 'set' },
  ],
  card_not_in_hand: [{ code: 'card_not_in_hand', card: '7S#2' }],
  not_opened: (['wild', 'add', 'merge', 'swap'] as const).map((action) => ({ code: 'not_opened', action })),
  merge_same: [{ code: 'merge_same' }],
  pick_not_placed: [{ code: 'pick_not_placed', card: '7H#1' }],
  joker_not_placed: [{ code: 'joker_not_placed' }],
  no_lock: [
    { code: 'no_lock', clean: 1, wilds: 0 },
    { code: 'no_lock', clean: 3, wilds: 5 },
  ],
  joker_last: [{ code: 'joker_last' }],
  keep_a_card: [{ code: 'keep_a_card' }],
  no_discard_left: (['pick_not_placed', 'joker_not_placed', 'no_lock', 'joker_last'] as const).map((why) => ({ code: 'no_discard_left', card: 'X3', why })),
  no_wrap: [
    { code: 'no_wrap', why: 'ace_high' },
    { code: 'no_wrap', why: 'edge' },
  ],
  wilds_adjacent: [{ code: 'wilds_adjacent' }],
  run_too_long: [{ code: 'run_too_long', max: 12 }],
  not_consecutive: [{ code: 'not_consecutive' }],
  too_many_wilds: [{ code: 'too_many_wilds' }],
  bad_stand_in: [
    { code: 'bad_stand_in', why: 'not_placed', cards: ['2S#1'], rank: null },
    { code: 'bad_stand_in', why: 'not_a_card', cards: [], rank: null },
    { code: 'bad_stand_in', why: 'same_card', cards: [], rank: null },
    { code: 'bad_stand_in', why: 'no_place', cards: ['9H'], rank: null },
    { code: 'bad_stand_in', why: 'set_rank', cards: ['AS'], rank: '3' },
  ],
  meld_too_short: [{ code: 'meld_too_short' }],
  set_rank: [
    { code: 'set_rank', cards: ['7S#1', '7H#1'], rank: null },
    { code: 'set_rank', cards: ['KD#1'], rank: 'A' },
  ],
  not_a_meld: [{ code: 'not_a_meld' }],
  set_same_suit: [{ code: 'set_same_suit' }],
  set_too_big: [{ code: 'set_too_big' }],
  no_cards: [{ code: 'no_cards' }],
  swap_instead: [{ code: 'swap_instead', card: '8D', kind: 'run' }],
  run_suit: [{ code: 'run_suit', card: '5C#1', suit: 'H' }],
  one_shift: [{ code: 'one_shift' }],
  shift_with_wilds: [{ code: 'shift_with_wilds' }],
  no_room_for_two: [
    { code: 'no_room_for_two', two: '2S#1', card: 'JH', kind: 'run' },
    { code: 'no_room_for_two', two: '2C#1', card: 'AD', kind: 'set' },
  ],
  choose_shift: [{ code: 'choose_shift', two: '2S#1', card: 'JH' }],
  bad_shift: [
    { code: 'bad_shift', two: '2S#1', card: 'JH', shift: 'low' },
    { code: 'bad_shift', two: '2S#1', card: 'JH', shift: 'high' },
  ],
  merge_sets: [{ code: 'merge_sets' }],
  merge_suits: [{ code: 'merge_suits', suits: ['H', 'S'] }],
  merge_overlap: [{ code: 'merge_overlap' }],
  merge_gap: [{ code: 'merge_gap' }],
  swap_natural: [{ code: 'swap_natural' }],
  static_two: [{ code: 'static_two', card: '9C', kind: 'run' }],
  swap_no_joker: [{ code: 'swap_no_joker', card: '6H', kind: 'set' }],
};

const MAHJONG: Samples<MahjongRefusal> = {
  game_over: [{ code: 'game_over' }],
  bad_bet: [{ code: 'bad_bet' }],
};

/** Hints' reasons are worded by the same tables, held to the same checks. */
const EIGHTS_HINTS: Samples<EightsHintWhy> = {
  catch: [{ code: 'catch', seat: 2 }],
  stack: [
    { code: 'stack', card: 'gD#1', count: 4, lastCard: false },
    { code: 'stack', card: 'W4#2', count: 6, lastCard: true },
  ],
  take: [{ code: 'take', count: 2 }],
  draw: [{ code: 'draw', top: 'r7#1', colour: 'r' }],
  keep: [{ code: 'keep', card: 'W4#1' }],
  play_drawn: [
    { code: 'play_drawn', card: 'b3#1', lastCard: false },
    { code: 'play_drawn', card: 'b3#1', lastCard: true },
  ],
  colour: [
    { code: 'colour', card: 'y5#2', colour: 'y', lastCard: false },
    { code: 'colour', card: 'yS#1', colour: 'y', lastCard: true },
  ],
  symbol: [{ code: 'symbol', card: 'g7#1', top: 'r7#2', lastCard: false }],
  wild: [
    { code: 'wild', card: 'W8#3', colour: 'b', lastCard: false },
    { code: 'wild', card: 'WX#1', colour: 'g', lastCard: true },
  ],
};

const BALOOT_HINTS: Samples<BalootHintWhy> = {
  kawesh: [{ code: 'kawesh' }],
  bid_hokum: [
    { code: 'bid_hokum', suit: 'H', trumps: 5, high: ['JH', '9H'] },
    { code: 'bid_hokum', suit: 'S', trumps: 3, high: [] },
  ],
  bid_sun: [{ code: 'bid_sun', aces: 3, tens: 1 }],
  bid_ashkal: [{ code: 'bid_ashkal', aces: 2 }],
  keep_hokum: [{ code: 'keep_hokum', suit: 'D' }],
  bid_pass: [{ code: 'bid_pass' }],
  double: [{ code: 'double', level: 'double' }],
  no_double: [{ code: 'no_double', level: 'triple' }],
  declare: [
    { code: 'declare', kinds: ['sira'] },
    { code: 'declare', kinds: ['fifty', 'hundred'] },
  ],
  sawa: [{ code: 'sawa' }],
  sawa_accept: [{ code: 'sawa_accept' }],
  sawa_refuse: [{ code: 'sawa_refuse' }],
  lead_master: [{ code: 'lead_master', card: 'AS' }],
  lead_trump: [{ code: 'lead_trump', card: 'JH', trump: 'H' }],
  lead_low: [{ code: 'lead_low', card: '7C' }],
  follow_win: [{ code: 'follow_win', card: 'TD', led: 'D' }],
  follow_points: [{ code: 'follow_points', card: 'TD', led: 'D' }],
  follow_low: [{ code: 'follow_low', card: '8D', led: 'D' }],
  must_trump: [{ code: 'must_trump', card: '7S', led: 'H', trump: 'S' }],
  overtrump: [{ code: 'overtrump', card: 'JS', trump: 'S' }],
  ruff: [{ code: 'ruff', card: '9S', led: 'C', trump: 'S' }],
  give_points: [{ code: 'give_points', card: 'AC', led: 'H' }],
  discard_low: [{ code: 'discard_low', card: '7C', led: 'H' }],
};

const DHAPPA_HINTS: Samples<DhappaHintWhy> = {
  draw: [
    { code: 'draw', card: '8C#1', fits: false },
    { code: 'draw', card: 'QS#2', fits: true },
    { code: 'draw', card: null, fits: false },
  ],
  pick: [{ code: 'pick', count: 2, card: 'KD#1' }],
  place_pick: [{ code: 'place_pick', card: 'KD#1', cards: ['JD#1', 'QD#1', 'KD#1'] }],
  open: [{ code: 'open', cards: ['3H#3', '4H#3', '5H#2'] }],
  wild: [
    { code: 'wild', card: '2S#3', as: 'KS', cards: ['JS#2', 'QS#2', '2S#3'] },
    { code: 'wild', card: 'X1', as: 'TH', cards: ['X1'] },
  ],
  lock: [{ code: 'lock', cards: ['3C#3', '5C#2', '2C#3'], wilds: 1 }],
  meld: [{ code: 'meld', cards: ['AC#3', 'AD#3', 'AS#1'] }],
  add: [{ code: 'add', cards: ['8S#3'] }],
  swap: [{ code: 'swap', card: '6D#1', joker: 'X1' }],
  merge: [{ code: 'merge' }],
  undo: [{ code: 'undo' }],
  go_out: [{ code: 'go_out', card: '9D#1' }],
  dhappa: [{ code: 'dhappa', card: '2H#1', count: 8 }],
  discard: [{ code: 'discard', card: 'TC#3' }],
};

const RUMMY_HINTS: Samples<RummyHintWhy> = {
  take_discard: [{ code: 'take_discard', card: '9S#1' }],
  draw_pile: [{ code: 'draw_pile' }],
  close: [{ code: 'close', card: '4C#1' }],
  off_plan: [{ code: 'off_plan' }],
  cannot_meld_taken: [{ code: 'cannot_meld_taken', card: 'KD#2' }],
  blocked: [
    { code: 'blocked', blocker: 'discard_not_melded', card: '5H#1', need: null, points: null },
    { code: 'blocked', blocker: 'joker_not_melded', card: null, need: null, points: null },
    { code: 'blocked', blocker: 'declaration_too_small', card: null, need: 48, points: 31 },
    { code: 'blocked', blocker: 'declaration_needs_pure', card: null, need: null, points: null },
  ],
  discard: [{ code: 'discard', card: 'QC#1' }],
  meld: [
    { code: 'meld', cards: ['TS#1', 'JS#1', 'QS#1'], points: 60 },
    { code: 'meld', cards: ['KH#1', 'KD#1', 'X1'], points: null },
  ],
  extend: [
    { code: 'extend', cards: ['9S#2'], owner: 0 },
    { code: 'extend', cards: ['9S#2', '8S#1'], owner: 2 },
  ],
  swap: [{ code: 'swap', card: '7H#1', owner: 1 }],
};

const MAHJONG_HINTS: Samples<MahjongHintWhy> = {
  higher: [{ code: 'higher', total: 12, average: 21 }],
  lower: [{ code: 'lower', total: 27, average: 21 }],
};

type AnySamples = Record<string, Refusal[]>;

/** Each catalog game's samples, by its id: its refusals, and its hints' reasons when it words hints. */
const GAME_SAMPLES: Record<string, { refusals: AnySamples; hints?: AnySamples }> = {
  baloot: { refusals: BALOOT, hints: BALOOT_HINTS },
  dhappa: { refusals: DHAPPA, hints: DHAPPA_HINTS },
  eights: { refusals: EIGHTS, hints: EIGHTS_HINTS },
  rummy: { refusals: RUMMY, hints: RUMMY_HINTS },
  'mahjong-bet': { refusals: MAHJONG, hints: MAHJONG_HINTS },
};

/** A game's words are found by its folder (web/src/games/<id>/refusals.ts, hints.ts), as the app finds them. */
const folder = <T>(modules: Record<string, T>) => new Map(Object.entries(modules).map(([path, m]) => [path.split('/')[1]!, m]));
const refusalWords = folder(import.meta.glob<{ refusals?: AnyRefusalWords }>('./*/refusals.ts', { eager: true }));
const hintWords = folder(import.meta.glob<{ hints?: AnyRefusalWords }>('./*/hints.ts', { eager: true }));

/** The room's tables, then every catalog game's refusals and hints that have both words and samples (the test below fails on the rest). */
const TABLES: [string, AnyRefusalWords, AnySamples][] = [
  ['room', ROOM_REFUSALS, ROOM],
  ['room hints', ROOM_HINTS, { bot_pick: [{ code: 'bot_pick' }] }],
  ...CATALOG.flatMap(({ id }): [string, AnyRefusalWords, AnySamples][] => {
    const samples = GAME_SAMPLES[id];
    const refusals = refusalWords.get(id)?.refusals;
    const hints = hintWords.get(id)?.hints;
    return [
      ...(refusals && samples ? [[id, refusals, samples.refusals] as [string, AnyRefusalWords, AnySamples]] : []),
      ...(hints && samples?.hints ? [[`${id} hints`, hints, samples.hints] as [string, AnyRefusalWords, AnySamples]] : []),
    ];
  }),
];

describe('every game of the catalog is held to these checks', () => {
  it.each(CATALOG.map((g) => g.id))('%s: its refusals, and its hints if it words any, have words and samples', (id) => {
    expect(refusalWords.get(id)?.refusals, `${id}: web/src/games/${id}/refusals.ts exports no refusals`).toBeDefined();
    expect(GAME_SAMPLES[id], `${id}: no refusal samples in GAME_SAMPLES (web/src/games/refusals.test.ts)`).toBeDefined();
    if (hintWords.get(id)?.hints)
      expect(GAME_SAMPLES[id]?.hints, `${id}: web/src/games/${id}/hints.ts words hints, but GAME_SAMPLES has no hint samples`).toBeDefined();
  });

  it('has samples only for games of the catalog', () => {
    const ids = new Set(CATALOG.map((g) => g.id));
    expect(Object.keys(GAME_SAMPLES).filter((id) => !ids.has(id))).toEqual([]);
  });
});

/** What is left of Arabic text once isolated values (names, numbers, cards) and card indices are taken out. */
const latinIn = (text: string) =>
  text
    .replace(/\u2068[^\u2069]*\u2069/g, '')
    .replace(/(^|[^A-Za-z])(10|[2-9AKQJT])(?![A-Za-z])/g, '$1')
    .match(/[A-Za-z]+/g) ?? [];

describe('refusals are worded by the browser, in English and Arabic, for every code', () => {
  it.each(TABLES)('%s: the table has words for exactly the codes the refusals can carry', (_, table, samples) => {
    expect(Object.keys(table.en).sort()).toEqual(Object.keys(samples).sort());
    expect(Object.keys(table.ar).sort()).toEqual(Object.keys(samples).sort());
  });

  it.each(TABLES)('%s: every refusal reads as a sentence in both languages, the Arabic without a Latin word or a Latin comma', (_, table, samples) => {
    for (const list of Object.values(samples)) {
      for (const r of list) {
        const en = wordRefusal(r, [table], ctx, 'en', () => 'MISSING');
        const ar = wordRefusal(r, [table], ctx, 'ar', () => 'MISSING');
        const what = JSON.stringify(r);
        for (const text of [en, ar]) {
          expect(text, what).not.toBe('MISSING');
          expect(text, what).not.toMatch(/undefined|null|NaN|\[object|\{\w+\}/);
          expect(text, what).toMatch(/[.!?)]$/u);
        }
        expect(en, what).not.toMatch(/[\u0600-\u06ff]/);
        expect(ar, what).toMatch(/[\u0600-\u06ff]/);
        expect(latinIn(ar), `${what}: ${ar}`).toEqual([]);
        expect(ar, what).not.toMatch(/[,;]/);
        // The full stop follows Arabic text, never a left-to-right value it would be placed after.
        expect(ar, what).not.toMatch(/\u2069[.!?]$/);
      }
    }
  });

  it("a move's refusal is the game's sentence, a room's refusal the room's, and an unknown code a generic line", () => {
    const card = { code: 'card_not_in_hand', card: '7S' };
    expect(wordRefusal(card, [baloot, ROOM_REFUSALS], ctx, 'en', () => '?')).toBe('You do not hold \u20687 of spades\u2069.');
    expect(wordRefusal({ code: 'room_full', seats: 4 }, [ROOM_REFUSALS], ctx, 'ar', () => '?')).toContain('\u20684\u2069');
    expect(wordRefusal({ code: 'not_playing', status: 'lobby' }, [ROOM_REFUSALS], ctx, 'en', () => '?')).toBe('The game has not started yet.');
    expect(wordRefusal({ code: 'not_playing' }, [baloot], ctx, 'en', () => '?')).toBe('Cards are played once the bidding and doubling are over.');
    expect(wordRefusal({ code: 'brand_new' }, [baloot, ROOM_REFUSALS], ctx, 'ar', (c) => `fallback ${c}`)).toBe('fallback brand_new');
  });
});
