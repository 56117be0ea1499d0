import { isolate } from '../../i18n/games';
import type { baloot } from '../../../../shared/games/baloot';
import type { BalootMove, Play, RoundSummary } from '../../../../shared/games/baloot/types';
import { computed, onBeforeUnmount, onMounted, reactive, ref, shallowRef, watch } from 'vue';
import { useI18n } from 'vue-i18n';
import { useGameTable } from '../../composables/useGameTable';
import { useEventCues } from '../../feel/cues';
import { balootCue } from './cues';
import { useReducedMotion, useShortScreen } from '../../composables/useMediaQuery';
import { bidBubble, eventBubbles, latestBids, type Bubble, type TableEvent } from './bids';
import { installBalootMessages } from './i18n';
import { SUIT_SYMBOLS, type CardLocale } from './labels';
import { useFourColour } from './prefs';
import { POSITIONS, positionOf, seatAt, usThem, waitingSeats, handCountsOf } from './seats';
import { BUBBLE_MS, DEAL_LOCK_MS, REVEAL_MS, TRICK_HOLD_MS, TRICK_HOLD_REDUCED_MS, TRICK_SWEEP_MS } from './timing';
import { finishedTrick, type FinishedTrick } from './trick';
import { expandSummary } from './summary';
import { whyNotPlayable } from './illegal';
import { useHint } from '../../composables/useHint';

/**
 * The Baloot table's state, apart from how it is laid out (Table.vue): what the table is showing
 * (the deal, a finished trick held then swept, bubbles, the project reveal, the round summary),
 * the seats and the centre, and the moves, locked while an animation runs.
 */
export function useBalootTable() {
  /**
   * The Baloot table, drawn from this seat's view only; moves go through the room store.
   * The room never waits for the table: animations (deal, finished trick, sweep) only decide
   * how long input stays locked here.
   */
  installBalootMessages();
  const { view, events, presence, sending, send: sendMove, clockFor: roomClock, doneReading, you, replaying, version } = useGameTable<typeof baloot>();
  useEventCues(events, balootCue);
  const { t, locale } = useI18n();
  const me = computed(() => view.value?.seat ?? null);
  const cardLocale = computed<CardLocale>(() => (locale.value === 'ar' ? 'ar' : 'en'));
  const fourColour = useFourColour();
  const reducedMotion = useReducedMotion();
  /** Names come with the room's seats (the game deals in seat order), not in every view. */
  const players = computed(() => presence.value?.map((s, i) => s?.name ?? `#${i + 1}`) ?? []);
  const name = (seat: number) => players.value[seat] ?? `#${seat + 1}`;
  const handCounts = computed(() => (view.value ? handCountsOf(view.value) : [0, 0, 0, 0]));

  // ---- sizes ------------------------------------------------------------------------------
  const root = ref<HTMLElement | null>(null);
  const arena = ref<HTMLElement | null>(null);
  const tableWidth = ref(390);
  const arenaSize = reactive({ w: 390, h: 420 });
  let observer: ResizeObserver | null = null;
  onMounted(() => {
    observer = new ResizeObserver(() => {
      if (root.value) tableWidth.value = root.value.clientWidth;
      if (arena.value) {
        arenaSize.w = arena.value.clientWidth;
        arenaSize.h = arena.value.clientHeight;
      }
    });
    if (root.value) observer.observe(root.value);
    if (arena.value) observer.observe(arena.value);
  });
  onBeforeUnmount(() => observer?.disconnect());
  /** A phone on its side: the table on one side, scores, actions and hand on the other. */
  const short = useShortScreen();
  const handWidth = computed(() => (short.value ? Math.min(tableWidth.value / 2, 340) : Math.min(tableWidth.value, 760)) - 16);
  const trickCardWidth = computed(() => Math.round(Math.min(84, Math.max(50, Math.min(arenaSize.w, arenaSize.h) * 0.16))));
  const avatarSize = computed(() => (tableWidth.value >= 700 ? 58 : 48));
  /** The seats sit around a table about as wide as it is tall, not at the far ends of a wide screen. */
  const ringWidth = computed(() => Math.round(Math.min(arenaSize.w, Math.max(360, arenaSize.h * 1.5))));

  // ---- timers -----------------------------------------------------------------------------
  const timers = new Set<ReturnType<typeof setTimeout>>();
  function later(ms: number, fn: () => void): ReturnType<typeof setTimeout> {
    const id = setTimeout(() => {
      timers.delete(id);
      fn();
    }, ms);
    timers.add(id);
    return id;
  }
  function cancel(id: ReturnType<typeof setTimeout> | null) {
    if (id === null) return;
    clearTimeout(id);
    timers.delete(id);
  }
  onBeforeUnmount(() => timers.forEach(clearTimeout));

  // ---- what the table is showing ------------------------------------------------------------
  const dealing = ref(false);
  const held = shallowRef<FinishedTrick | null>(null);
  const sweeping = ref(false);
  const revealing = ref(false);
  const summary = shallowRef<RoundSummary | null>(null);
  /** The version the round's summary opened at, while the room holds the next clock for it (not when reopened). */
  let heldAt: number | null = null;
  function holdSummary(round: RoundSummary | null) {
    summary.value = round;
    heldAt = round ? version.value : null;
  }
  const transient = reactive(new Map<number, { bubble: Bubble; id: number }>());
  let bubbleId = 0;
  let prevPlays: Play[] = view.value?.trick?.plays.slice() ?? [];
  let holdTimer: ReturnType<typeof setTimeout> | null = null;
  let sweepTimer: ReturnType<typeof setTimeout> | null = null;
  let afterHold: (() => void)[] = [];

  function releaseHold() {
    held.value = null;
    sweeping.value = false;
    const queued = afterHold;
    afterHold = [];
    queued.forEach((fn) => fn());
  }

  /** Keep a finished trick in the middle a moment, then sweep it to its winner. */
  function showTrick(trick: FinishedTrick) {
    cancel(holdTimer);
    cancel(sweepTimer);
    if (held.value) releaseHold();
    held.value = trick;
    sweeping.value = false;
    const hold = reducedMotion.value ? TRICK_HOLD_REDUCED_MS : TRICK_HOLD_MS;
    sweepTimer = reducedMotion.value ? null : later(hold - TRICK_SWEEP_MS, () => (sweeping.value = true));
    holdTimer = later(hold, releaseHold);
  }
  function whenTrickCleared(fn: () => void) {
    if (held.value) afterHold.push(fn);
    else fn();
  }

  function startDeal() {
    if (reducedMotion.value) return;
    dealing.value = true;
    later(DEAL_LOCK_MS + 150, () => (dealing.value = false));
  }

  function setBubble(bubble: Bubble) {
    const id = ++bubbleId;
    transient.set(bubble.seat, { bubble, id });
    later(BUBBLE_MS, () => {
      if (transient.get(bubble.seat)?.id === id) transient.delete(bubble.seat);
    });
  }

  let latest: readonly TableEvent[] | null = null;
  function onEvents(events: readonly TableEvent[]) {
    latest = events;
    const v = view.value;
    for (const b of eventBubbles(events)) setBubble(b);
    const trick = finishedTrick(prevPlays, events);
    if (trick) showTrick(trick);
    if (events.some((e) => e.type === 'projects')) {
      whenTrickCleared(() => {
        revealing.value = true;
        later(REVEAL_MS, () => (revealing.value = false));
      });
    }
    const round = v?.lastRound ? expandSummary(v.lastRound, v.scores) : null;
    // The match's last round is told by the one end-of-match screen (the room's), not a second panel.
    const matchOver = events.some((e) => e.type === 'match') || v?.phase === 'over';
    const roundEnded = events.some((e) => e.type === 'round');
    // Not when a replay moved to another step while the last trick was held.
    if (round && !matchOver && roundEnded) whenTrickCleared(() => holdSummary(replaying.value && latest !== events ? null : round));
    // A replay's table cannot be clicked: the summary shows at its round's last step only.
    if (matchOver || (replaying.value && !roundEnded)) summary.value = null;
    if (events.some((e) => e.type === 'deal' || e.type === 'start')) {
      revealing.value = false;
      // A new deal starts clean: no "Sawa!" or "No" from the last one.
      transient.clear();
      whenTrickCleared(startDeal);
    }
    prevPlays = v?.trick?.plays.slice() ?? [];
  }
  watch(events, onEvents);
  // A replay draws a fresh table for a step it jumped to: that step's events are its own (its round's summary).
  if (replaying.value) onEvents(events.value);
  // The table loads while the first deal is already on its way: still show it being dealt.
  if (events.value.some((e) => e.type === 'start')) startDeal();

  /** Closed: the room starts the next deal's clock once everyone at the table has closed theirs (or after a few seconds). */
  function closeSummary() {
    holdSummary(null);
    doneReading();
  }
  /**
   * The round's summary hides the table, so it goes when the room's reading hold ends: once the
   * next turn's clock starts or the table moves on (a bid, with no clock), nothing may run under it.
   */
  const clockRunning = computed(() => roomClock(null) !== null);
  watch([clockRunning, version], ([running, now]) => {
    if (heldAt === null || replaying.value || !summary.value) return;
    if (running || now > heldAt) holdSummary(null);
  });

  // ---- moves ------------------------------------------------------------------------------
  const leaving = ref<string | null>(null);
  watch(sending, (on) => {
    if (!on) leaving.value = null;
  });
  const locked = computed(() => dealing.value || held.value !== null || sending.value);

  function send(move: BalootMove) {
    if (locked.value) return;
    if (sendMove(move) && move.type === 'play') leaving.value = move.card;
  }

  const myAction = computed<'bid' | 'double' | 'play' | 'sawa' | null>(() => {
    const v = view.value;
    if (!v || v.seat === null) return null;
    if (v.actions.sawaAnswer) return 'sawa';
    if (v.actions.bids.length > 0) return 'bid';
    if (v.actions.double) return 'double';
    if (v.phase === 'playing' && v.turn === v.seat) return 'play';
    return null;
  });
  const canPlay = computed(() => myAction.value === 'play' && !locked.value);
  // A summary the person reopened makes way when their own turn comes, so their clock never starts
  // under it (reopened during their turn, it stays: they saw the turn). The round's own summary
  // keeps its reading hold (above).
  watch(myAction, (action) => {
    if (action && heldAt === null && summary.value && !replaying.value) summary.value = null;
  });
  /** Why the greyed card just tapped cannot be played, until the table moves on. */
  const refusedNote = ref<string | null>(null);
  watch(version, () => (refusedNote.value = null));
  function sayRefused(card: string) {
    refusedNote.value = view.value ? whyNotPlayable(view.value, card, cardLocale.value, { names: players.value }) : null;
  }
  /** The hint's card or Sawa answer (its buttons are the action bar's). */
  const { hint } = useHint<typeof baloot>();
  const hintedCard = computed(() => (hint.value?.move.type === 'play' ? hint.value.move.card : null));
  const hintedAnswer = computed(() => (hint.value?.move.type === 'sawaAnswer' ? hint.value.move.accept : null));

  // ---- seats ------------------------------------------------------------------------------
  const seats = computed(() => POSITIONS.map((position) => ({ position, seat: seatAt(position, me.value) })));
  const bidsBySeat = computed(() => (view.value?.bidding ? latestBids(view.value.bidding.bids) : new Map()));

  function bubbleText(b: Bubble): string {
    if (b.key === 'declare') {
      const list = String(b.params?.kinds ?? '')
        .split(',')
        .filter(Boolean)
        .map((k) => t(`baloot.project.kinds.${k}`))
        .join(' + ');
      return t('baloot.bubble.declare', { list });
    }
    return t(`baloot.bubble.${b.key}`);
  }
  function bubbleFor(seat: number): { text: string; tone: string } | null {
    const tr = transient.get(seat);
    if (tr) return { text: bubbleText(tr.bubble), tone: tr.bubble.tone };
    const v = view.value;
    const rec = v?.phase === 'bidding' ? bidsBySeat.value.get(seat) : undefined;
    if (!rec) return null;
    const b = bidBubble(rec);
    return { text: t(`baloot.bubble.${b.key}`, { suit: b.suit ? SUIT_SYMBOLS[b.suit] : '' }), tone: 'bid' };
  }
  function chipsFor(seat: number): { text: string; tone: string }[] {
    const v = view.value;
    if (!v) return [];
    const out: { text: string; tone: string }[] = [];
    // Project badges stay up through trick 1 and the reveal; beaten ones turn grey.
    if ((v.phase === 'playing' || v.phase === 'sawa') && v.tricksWon[0] + v.tricksWon[1] <= 1) {
      for (const p of v.projects) if (p.seat === seat) out.push({ text: t(`baloot.project.kinds.${p.kind}`), tone: p.counted === false ? 'lost' : 'project' });
    }
    if (v.baloot === seat && v.phase !== 'bidding') out.push({ text: t('baloot.hud.baloot'), tone: 'baloot' });
    return out;
  }
  function clockFor(seat: number): { deadline: number | null; seconds: number } | null {
    const v = view.value;
    if (!v || v.phase === 'over' || dealing.value) return null;
    const c = roomClock(seat);
    if (c) return c;
    if (waitingSeats(v).includes(seat)) return { deadline: null, seconds: 0 };
    return null;
  }
  const seatLabels = computed(() => ({
    dealer: t('baloot.seat.dealer'),
    dealerMark: t('baloot.seat.dealerMark'),
    bot: t('baloot.seat.bot'),
    away: t('baloot.seat.away'),
    offline: t('baloot.seat.offline'),
    cards: '',
  }));

  // ---- centre -----------------------------------------------------------------------------
  const centrePlays = computed(() => {
    const plays = held.value?.plays ?? view.value?.trick?.plays ?? [];
    return plays.map((p) => ({ ...p, position: positionOf(p.seat, me.value) }));
  });
  const winnerPosition = computed(() => (held.value ? positionOf(held.value.winner, me.value) : null));
  const showPublic = computed(() => view.value?.phase === 'bidding' && !held.value);
  const showContract = computed(() => view.value?.phase === 'doubling' && view.value.contract !== null);
  const contractTitle = computed(() => {
    const c = view.value?.contract;
    if (!c) return '';
    return c.type === 'sun' ? t('baloot.contract.sun') : t('baloot.contract.hokum', { suit: c.trump ? SUIT_SYMBOLS[c.trump] : '' });
  });
  /** The contract in force with its raise, e.g. "Hokum ♥ · ×2 · closed". */
  const contractText = computed(() => {
    const c = view.value?.contract;
    if (!c || view.value?.phase === 'bidding') return null;
    const parts = [contractTitle.value];
    if (c.ashkal) parts.push(t('baloot.contract.ashkal'));
    // Level 1 plain, 2–4 Double to Four (×2 to ×4), 5 Gahwa.
    if (c.level >= 5) parts.push(t('baloot.contract.gahwa'));
    else if (c.level > 1) parts.push(t('baloot.contract.times', { n: c.level }));
    if (c.type === 'hokum' && c.level > 1) parts.push(c.open ? t('baloot.contract.open') : t('baloot.contract.closed'));
    return parts.join(' · ');
  });
  const dealOrder = computed(() => {
    const dealer = view.value?.dealer ?? 0;
    return [1, 2, 3, 4].map((k) => positionOf((dealer + k) % 4, me.value));
  });
  const countedProjects = computed(() => (view.value?.projects ?? []).filter((p) => p.counted !== null));
  const exposed = computed(() => {
    const s = view.value?.sawa;
    if (!s || s.status !== 'refused' || s.claimant === me.value) return null;
    return { position: positionOf(s.claimant, me.value), hand: s.hand };
  });

  /** My partner's answer to a Sawa, when they answered first: mine decides for the team. */
  const sawaPartner = computed(() => {
    const s = view.value?.sawa;
    const seat = me.value;
    const said = seat === null || !s ? undefined : s.answers.find((a) => a.seat === (seat + 2) % 4);
    return said ? { name: isolate(name(said.seat)), accept: said.accept } : null;
  });

  // ---- scores -----------------------------------------------------------------------------
  const scores = computed(() => usThem(view.value?.scores ?? [0, 0], me.value));
  const buyerName = computed(() => (view.value?.contract ? isolate(name(view.value.contract.buyer)) : ''));
  return {
    view,
    presence,
    you,
    replaying,
    t,
    locale,
    me,
    cardLocale,
    fourColour,
    reducedMotion,
    players,
    name,
    handCounts,
    root,
    arena,
    arenaSize,
    short,
    handWidth,
    trickCardWidth,
    avatarSize,
    ringWidth,
    dealing,
    sweeping,
    revealing,
    summary,
    closeSummary,
    leaving,
    locked,
    send,
    myAction,
    canPlay,
    refusedNote,
    sayRefused,
    seatLabels,
    hintedCard,
    hintedAnswer,
    seats,
    bubbleFor,
    chipsFor,
    clockFor,
    centrePlays,
    winnerPosition,
    showPublic,
    showContract,
    contractTitle,
    contractText,
    dealOrder,
    countedProjects,
    exposed,
    sawaPartner,
    scores,
    buyerName,
  };
}
