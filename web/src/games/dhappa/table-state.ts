import type { dhappa } from '../../../../shared/games/dhappa';
import type { DealResult, DhappaMove, RunView } from '../../../../shared/games/dhappa/types';
import { computed, nextTick, ref, shallowRef, watch } from 'vue';
import { useElementWidth } from '../../composables/useElementWidth';
import { useShortScreen } from '../../composables/useMediaQuery';
import { useGameTable } from '../../composables/useGameTable';
import { useEventCues } from '../../feel/cues';
import { useFlash } from '../../feel/motion';
import { dhappaCue, dhappaDealt } from './cues';
import { cardLocale, cardName as fullCardName } from '../../cards/names';
import { useDhappaText } from './i18n';
import { isolate } from '../../i18n/games';
import { canMerge, hintMarks, keepHeld, mergeMove, pickFan, planForRun, planNewRun, sortHand, toggleCard, withHint, type Plan, type SortMode } from './logic';
import { useHint } from '../../composables/useHint';
import { words as dhappaWords } from './words';
import type { TableAction } from '../../table/actions';

/**
 * The Dhappa Baaji table's state and moves, apart from how it is laid out (Table.vue): drawn from
 * the seat's view only; moves go through the room. The hand (selection, sorting, cards new this
 * turn), the runs, the discard fan, the 2's question, the deal's breakdown and the hint's marks.
 */
export function useDhappaTable() {
  /** Up to 27 cards deal in, staggered; the stagger is capped so the last lands inside the flash. */
  const DEAL_STAGGER_CAP = 20;
  const DEAL_MS = 1500;

  const {
    view,
    events,
    options,
    sending,
    send: sendMove,
    clockFor: roomClock,
    lastError,
    presence,
    doneReading,
    you: youSeat,
    replaying,
  } = useGameTable<typeof dhappa>();
  useEventCues(events, dhappaCue);
  /** The shared deal motion (styles.css): on while a new hand lands, never under reduced motion. */
  const dealing = useFlash(events, dhappaDealt, DEAL_MS);
  const { t, locale } = useDhappaText();

  const me = computed(() => view.value?.seat ?? null);
  const you = computed(() => view.value?.you ?? null);
  const over = computed(() => view.value?.phase === 'over');
  const myTurn = computed(() => you.value?.isTurn === true && !over.value);
  const pickPhase = computed(() => myTurn.value && view.value?.phase === 'pick');
  const playPhase = computed(() => myTurn.value && view.value?.phase === 'play');
  const names = computed(() => view.value?.players.map((p) => p.name) ?? []);
  /** The team to call "Your team": the viewer's (in a replay, not merely the team of the seat shown). */
  const yourTeam = computed(() => (youSeat.value === null ? null : (view.value?.players[youSeat.value]?.team ?? null)));

  // ---- the deal's breakdown ---------------------------------------------------------------
  /** Over the next deal of a match from the deal's end until closed; in a replay, at that step only. */
  const summaryDeal = shallowRef<DealResult | null>(null);
  watch(
    events,
    (evs) => {
      const v = view.value;
      if (evs.some((e) => e.type === 'dealScore') && v?.lastDeal && v.phase !== 'over') summaryDeal.value = v.lastDeal;
      else if (replaying.value) summaryDeal.value = null;
    },
    { immediate: true },
  );
  watch(over, (o) => o && (summaryDeal.value = null));
  /** Closed: the room starts the next deal's clock once everyone at the table has closed theirs (or after a few seconds). */
  function closeSummary() {
    summaryDeal.value = null;
    doneReading();
  }

  // ---- size -------------------------------------------------------------------------------
  const root = ref<HTMLElement | null>(null);
  const width = useElementWidth(root, 390);
  const wide = computed(() => width.value >= 760);
  /** A phone on its side: the hand lies in one row and the buttons shrink, so both stay on screen. */
  const short = useShortScreen();
  const handCard = computed(() => (width.value >= 760 ? 56 : 42));
  const runCard = computed(() => (width.value >= 760 ? 38 : 30));
  const pileCard = computed(() => (short.value ? 34 : width.value >= 760 ? 64 : 46));
  /** The hand's row (web/src/table/HandRow.vue), measured to fit the cards. */
  const handRow = ref<{ root: HTMLElement | null } | null>(null);
  const handEl = computed(() => handRow.value?.root ?? null);
  const handWidth = useElementWidth(handEl, 360);
  /**
   * How far each hand card overlaps the one before it (0: side by side, 3 px apart), so a
   * 27-card hand fits in one row on a short screen, two on a desktop and three on a phone.
   * The hand's start padding gives every row's first card the same room.
   */
  const handOverlap = computed(() => {
    const n = hand.value.length;
    const w = handCard.value;
    const rows = short.value ? 1 : wide.value ? 2 : 3;
    const perRow = Math.ceil(n / rows);
    if (perRow <= 1) return 0;
    const step = Math.floor((handWidth.value - w - 4) / (perRow - 1));
    return step >= w + 3 ? 0 : Math.min(w - 14, w - step);
  });

  // ---- hand -------------------------------------------------------------------------------
  const mode = ref<SortMode>('suit');
  const hand = computed(() => sortHand(view.value?.hand ?? [], mode.value));
  const selected = ref<string[]>([]);
  const discardable = computed(() => new Set(you.value?.discardable ?? []));
  watch(
    () => view.value?.hand,
    (h) => (selected.value = keepHeld(selected.value, h ?? [])),
  );
  /** Cards this turn brought in (drawn or picked), to mark them. */
  const turnStart = ref<string[] | null>(null);
  watch(
    () => [myTurn.value, view.value?.phase, view.value?.deal] as const,
    ([turn, phase]) => {
      if (!turn) turnStart.value = null;
      else if (phase === 'pick') turnStart.value = [...(view.value?.hand ?? [])];
    },
    { immediate: true },
  );
  const fresh = computed(() => {
    if (!turnStart.value) return new Set<string>();
    const had = new Set(turnStart.value);
    return new Set(hand.value.filter((c) => !had.has(c)));
  });

  function toggle(card: string) {
    note.value = null;
    selected.value = toggleCard(selected.value, card, hand.value);
  }
  /** Full name in the reader's language ("Queen of diamonds"), never the index glyphs. */
  function cardName(card: string): string {
    return card.startsWith('X') ? t('dhappa.card.joker') : fullCardName(card, cardLocale(locale.value));
  }
  function handLabel(card: string): string {
    let s = cardName(card);
    if (fresh.value.has(card)) s = t('dhappa.card.fresh', { card: s });
    return s;
  }

  // ---- runs -------------------------------------------------------------------------------
  const myTeam = computed(() => view.value?.teams.find((tm) => tm.team === you.value?.team) ?? null);
  const teamsInOrder = computed(() => {
    const teams = view.value?.teams ?? [];
    const mine = you.value?.team ?? 0;
    return [...teams].sort((a, b) => (a.team === mine ? -1 : b.team === mine ? 1 : 0));
  });
  const selectedRuns = ref<string[]>([]);
  watch(
    () => myTeam.value?.runs.map((r) => r.id).join(','),
    () => {
      const ids = new Set(myTeam.value?.runs.map((r) => r.id) ?? []);
      selectedRuns.value = selectedRuns.value.filter((id) => ids.has(id));
    },
  );
  const mergeReady = computed(() => {
    if (selectedRuns.value.length !== 2 || !myTeam.value) return false;
    const [a, b] = selectedRuns.value.map((id) => myTeam.value!.runs.find((r) => r.id === id));
    return !!a && !!b && canMerge(a, b);
  });

  // ---- messages ---------------------------------------------------------------------------
  // A refusal is said once, by the room page (above the table, clear of the hand); the table only acts on it.
  const note = ref<string | null>(null);
  watch(lastError, (e) => {
    // The server says the 2 could go either way: ask (the view check should have asked first).
    if (e?.game && e.refusal.code === 'choose_shift' && lastAdd.value) shiftAsk.value = lastAdd.value;
  });
  const line = computed(() => {
    const v = view.value;
    if (!v) return '';
    if (over.value) return t('dhappa.line.over');
    if (!myTurn.value) return t('dhappa.line.waiting', { name: isolate(names.value[v.turn] ?? '') });
    if (pickPhase.value) return t('dhappa.line.yourPick');
    if (v.draft?.deepest && !v.draft.deepestPlaced) return t('dhappa.line.owe', { card: cardName(v.draft.deepest) });
    if (v.draft && v.draft.unplacedJokers.length > 0) return t('dhappa.line.jokers');
    return t('dhappa.line.yourPlay');
  });
  const lastEvent = computed(() => {
    const evs = events.value;
    const ctx = { names: names.value, options: options.value };
    for (let i = evs.length - 1; i >= 0; i--) {
      const line = dhappaWords.line(evs[i]!, ctx);
      if (line) return line;
    }
    return '';
  });

  // ---- moves ------------------------------------------------------------------------------
  const lastAdd = ref<{ run: string; cards: string[] } | null>(null);
  const shiftAsk = ref<{ run: string; cards: string[] } | null>(null);

  function send(move: DhappaMove) {
    if (sending.value) return;
    note.value = null;
    if (move.type === 'add') lastAdd.value = { run: move.run, cards: [...move.cards] };
    if (sendMove(move) && (move.type === 'meld' || move.type === 'add' || move.type === 'swap')) selected.value = [];
  }
  function follow(chosen: Plan) {
    const plan = withHint(chosen, hint.value?.move ?? null);
    if (plan.kind === 'none') return (note.value = t('dhappa.note.select'));
    if (plan.kind === 'shift') return (shiftAsk.value = { run: plan.run, cards: plan.cards });
    send(plan.move);
  }
  function newRun(cards = selected.value) {
    if (!playPhase.value) return (note.value = t('dhappa.note.notNow'));
    follow(planNewRun(cards));
  }
  function clickRun(run: RunView) {
    if (!playPhase.value) return (note.value = t('dhappa.note.notNow'));
    if (selected.value.length > 0) return follow(planForRun(run, selected.value));
    selectedRuns.value = selectedRuns.value.includes(run.id) ? selectedRuns.value.filter((id) => id !== run.id) : [...selectedRuns.value, run.id].slice(-2);
  }
  function dropOnRun(run: RunView, card: string) {
    if (!playPhase.value) return;
    follow(planForRun(run, selected.value.includes(card) ? selected.value : [card]));
  }
  function chooseShift(shift: 'low' | 'high') {
    const ask = shiftAsk.value;
    shiftAsk.value = null;
    if (ask) send({ type: 'add', run: ask.run, cards: ask.cards, shift });
  }
  function merge() {
    const runs = myTeam.value?.runs ?? [];
    const [a, b] = selectedRuns.value.map((id) => runs.find((r) => r.id === id));
    if (!a || !b) return (note.value = t('dhappa.note.selectRuns'));
    selectedRuns.value = [];
    send(mergeMove(a, b));
  }
  function discard() {
    if (selected.value.length !== 1) return (note.value = t('dhappa.note.selectOne'));
    send({ type: 'discard', card: selected.value[0]! });
  }
  const dragOverNew = ref(false);
  function dragStart(card: string, e: DragEvent) {
    e.dataTransfer?.setData('text/plain', card);
    if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
  }
  function dropNew(e: DragEvent) {
    dragOverNew.value = false;
    const card = e.dataTransfer?.getData('text/plain');
    if (card) newRun(selected.value.includes(card) ? selected.value : [card]);
  }

  // ---- the discard fan --------------------------------------------------------------------
  const fanOpen = ref(false);
  const depth = ref<number | null>(null);
  const fan = computed(() => (view.value ? pickFan(view.value, 16) : []));
  const picks = computed(() => you.value?.picks ?? []);
  watch(pickPhase, (p) => {
    if (!p) fanOpen.value = false;
  });
  function openFan() {
    if (!pickPhase.value || (view.value?.discard.length ?? 0) === 0) return;
    fanOpen.value = !fanOpen.value;
    depth.value = picks.value.length ? Math.max(...picks.value.filter((n) => n <= 16)) : 1;
    if (!Number.isFinite(depth.value)) depth.value = 1;
  }
  function pick() {
    if (depth.value === null) return;
    fanOpen.value = false;
    send({ type: 'pick', count: depth.value });
  }

  // The fan and the 2's question are dialogs: focus goes into them when they open, and back to
  // what opened them (the discard pile, the hand) when they close without a move.
  function focusIn(...selectors: string[]) {
    void nextTick(() => {
      for (const sel of selectors) {
        const el = root.value?.querySelector<HTMLButtonElement>(sel);
        if (el && !el.disabled) return el.focus();
      }
    });
  }
  function focusLost(): boolean {
    const a = document.activeElement;
    return !a || a === document.body || !a.isConnected;
  }
  watch(fanOpen, (open) => {
    if (open) focusIn('[data-testid="pick-fan"] .fan-card[aria-pressed="true"]', '[data-testid="pick-fan"] .fan-card');
    else void nextTick(() => focusLost() && focusIn('[data-testid="discard-pile"]', '[data-focus-next]'));
  });
  watch(shiftAsk, (ask, before) => {
    if (ask && !before) focusIn('[data-testid="shift-low"]');
    else if (!ask) void nextTick(() => focusLost() && focusIn('[data-focus-next]'));
  });

  // ---- hint (solo play) -------------------------------------------------------------------
  const { hint, why: hintWhy } = useHint<typeof dhappa>();
  /** The next click of the hint's move, marked `data-hint`: the cards to select, then what to press. */
  const hinted = computed(() =>
    hintMarks(hint.value?.move ?? null, { selected: selected.value, selectedRuns: selectedRuns.value, fanOpen: fanOpen.value, depth: depth.value }),
  );
  const mark = (target: string) => hinted.value.target === target || undefined;
  const hintedRun = computed(() => (hinted.value.target?.startsWith('run-') ? hinted.value.target.slice(4) : null));

  // ---- seats ------------------------------------------------------------------------------
  function clockFor(seat: number) {
    return over.value ? null : roomClock(seat);
  }
  const myClock = computed(() => (me.value === null ? null : clockFor(me.value)));
  const others = computed(() => {
    const v = view.value;
    if (!v) return [];
    const n = v.players.length;
    const start = me.value ?? 0;
    const order = Array.from({ length: n }, (_, i) => (start + i + (me.value === null ? 0 : 1)) % n).filter((s) => s !== me.value);
    return order.map((s) => v.players[s]!);
  });
  /** The turn's buttons after New run: merging runs, undoing, and the discard that ends the turn. */
  const actions = computed<TableAction[]>(() => {
    const idle = !playPhase.value || sending.value;
    const undone = idle || !view.value?.draft?.steps;
    const one = selected.value.length === 1 ? selected.value[0]! : null;
    return [
      {
        id: 'merge',
        label: t('dhappa.action.merge'),
        class: { ready: mergeReady.value },
        disabled: idle || selectedRuns.value.length !== 2,
        hint: !!mark('merge'),
        onClick: merge,
      },
      { id: 'undo', label: t('dhappa.action.undo'), disabled: undone, hint: !!mark('undo'), onClick: () => send({ type: 'undo' }) },
      { id: 'undo-all', label: t('dhappa.action.undoAll'), disabled: undone, hint: !!mark('undo-all'), onClick: () => send({ type: 'undoAll' }) },
      {
        id: 'discard',
        label: you.value?.canGoOut && hand.value.length === 1 ? t('dhappa.action.goOut') : t('dhappa.action.discard'),
        class: 'primary',
        disabled: idle || one === null || !discardable.value.has(one),
        focusNext: true,
        hint: !!mark('discard'),
        onClick: discard,
      },
    ];
  });

  return {
    replaying,
    DEAL_STAGGER_CAP,
    view,
    sending,
    presence,
    dealing,
    t,
    me,
    you,
    over,
    myTurn,
    pickPhase,
    playPhase,
    names,
    yourTeam,
    summaryDeal,
    closeSummary,
    root,
    wide,
    short,
    handCard,
    runCard,
    pileCard,
    handRow,
    handOverlap,
    mode,
    hand,
    selected,
    discardable,
    fresh,
    toggle,
    cardName,
    handLabel,
    teamsInOrder,
    selectedRuns,
    note,
    line,
    lastEvent,
    shiftAsk,
    send,
    newRun,
    clickRun,
    dropOnRun,
    chooseShift,
    dragOverNew,
    dragStart,
    dropNew,
    fanOpen,
    depth,
    fan,
    picks,
    openFan,
    pick,
    hintWhy,
    hinted,
    mark,
    hintedRun,
    clockFor,
    myClock,
    others,
    actions,
  };
}
