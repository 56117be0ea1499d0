import type { rummy } from '../../../../shared/games/rummy';
import type { Hint as GameHint } from '../../../../shared/engine/types';
import type { RummyHintWhy } from '../../../../shared/games/rummy/hint';
import type { StandIns } from '../../../../shared/games/rummy/melds';
import type { DealResult, RummyMove } from '../../../../shared/games/rummy/types';
import { computed, nextTick, ref, watch } from 'vue';
import { useElementWidth } from '../../composables/useElementWidth';
import { useGameTable } from '../../composables/useGameTable';
import { useHint } from '../../composables/useHint';
import { useShortScreen } from '../../composables/useMediaQuery';
import { useEventCues } from '../../feel/cues';
import { useFlash } from '../../feel/motion';
import { isolate } from '../../i18n/games';
import { rummyCue } from './cues';
import { declarationProgress, meldMove, meldTargetMove, previewMeld, turnGuidance } from './draft';
import { sortCards, type SortMode } from './faces';
import type { Hint } from './hint';
import { useRummyText } from './i18n';
import { moveCard, reconcileOrder, type DropTarget } from './order';
import type { TableAction } from '../../table/actions';

/**
 * The Rummy table's state and moves, apart from how it is laid out (Table.vue): the player's
 * own order of their hand (kept across a reload of the tab), the selection, the turn's draft
 * and guidance, the hint (worked out in the browser, ./hint.ts, or the room's for a coach) and
 * the score table at the end of a deal. It never changes the game itself: moves go to the room.
 */
export function useRummyTable() {
  const table = useGameTable<typeof rummy>();
  const { presence } = table;
  const busy = table.sending;
  useEventCues(table.events, rummyCue);
  /** A new deal flies in card by card (shared motion; off under reduced motion). */
  const dealing = useFlash(table.events, (e) => e.type === 'start' || e.type === 'deal', 1400);
  /**
   * Rummy's Hint button works its hint out in the browser; the room's (a coach asked) is shown the
   * same way. Costing the room nothing, it is offered in any friendly game, never in a ranked one.
   */
  const { canHint, hint: roomHint, coached } = useHint<typeof rummy>();
  const hintable = computed(() => canHint.value || table.seatedFriendly.value);
  // Rummy has a hint of its own, so the room's reasons are always Rummy's.
  const gameHint = computed(() => roomHint.value as GameHint<RummyMove, RummyHintWhy> | null);
  function clockFor(seat: number) {
    return table.view.value?.phase === 'over' ? null : table.clockFor(seat);
  }

  // The player's own arrangement of their hand survives a reload of this tab.
  const orderKey = computed(() => (table.code.value && table.seat.value !== null ? `cardroom:rummy:order:${table.code.value}:${table.seat.value}` : null));
  function savedOrder(): string[] | null {
    if (!orderKey.value) return null;
    try {
      const parsed: unknown = JSON.parse(sessionStorage.getItem(orderKey.value) ?? 'null');
      return Array.isArray(parsed) && parsed.every((c) => typeof c === 'string') ? parsed : null;
    } catch {
      return null;
    }
  }
  function saveOrder(order: string[] | null) {
    if (!orderKey.value) return;
    if (order) sessionStorage.setItem(orderKey.value, JSON.stringify(order));
    else sessionStorage.removeItem(orderKey.value);
  }

  const tx = useRummyText();
  const n = isolate;
  // The table draws only with a view (Table.vue): what runs before it (watchers) reads `table.view`.
  const view = computed(() => table.view.value!);
  const youSeat = table.you;
  const you = computed(() => table.view.value?.you ?? null);
  const myTurn = computed(() => you.value?.isTurn === true && table.view.value?.phase !== 'over');
  const playPhase = computed(() => myTurn.value && view.value.phase === 'play');
  const drawPhase = computed(() => myTurn.value && view.value.phase === 'draw');
  const meldsOpen = computed(() => view.value.round >= view.value.meldRound);

  // ---- size -------------------------------------------------------------------------------
  const root = ref<HTMLElement | null>(null);
  const width = useElementWidth(root, 390);
  const wide = computed(() => width.value >= 700);
  /** A phone on its side: the table on one side, the turn and the hand on the other. */
  const short = useShortScreen();
  const pileWidth = computed(() => (wide.value ? 64 : 46));
  const meldCardWidth = computed(() => (wide.value ? 40 : 30));

  // ---- hand order and selection -----------------------------------------------------------
  const mode = ref<SortMode>('suit');
  const saved = savedOrder();
  const arranged = ref(saved !== null);
  const order = ref<string[]>(reconcileOrder(saved ?? [], table.view.value?.hand ?? [], mode.value, arranged.value));
  const selected = ref<string[]>([]);
  const chosenAs = ref<StandIns | undefined>(undefined);
  /** The hand when this turn began, to mark what the turn brought in. */
  const turnStart = ref<string[] | null>(null);

  watch(
    () => table.view.value?.hand,
    (hand) => {
      order.value = reconcileOrder(order.value, hand ?? [], mode.value, arranged.value);
      // A hint is about the hand it was given for.
      hint.value = null;
      const held = new Set(hand ?? []);
      const kept = selected.value.filter((c) => held.has(c));
      if (kept.length !== selected.value.length) {
        selected.value = kept;
        chosenAs.value = undefined;
      }
    },
  );

  watch(
    () => [myTurn.value, table.view.value?.phase, table.view.value?.deal] as const,
    ([turn, phase]) => {
      if (!turn) turnStart.value = null;
      else if (phase === 'draw') turnStart.value = [...(table.view.value?.hand ?? [])];
    },
    { immediate: true },
  );
  const fresh = computed(() => {
    if (!myTurn.value || !turnStart.value) return [];
    const had = new Set(turnStart.value);
    return (view.value.hand ?? []).filter((c) => !had.has(c));
  });

  function toggle(card: string) {
    note.value = null;
    chosenAs.value = undefined;
    selected.value = selected.value.includes(card)
      ? selected.value.filter((c) => c !== card)
      : order.value.filter((c) => c === card || selected.value.includes(c));
  }
  function clearSelection() {
    selected.value = [];
    chosenAs.value = undefined;
  }

  function reorder(card: string, slot: number) {
    order.value = moveCard(order.value, card, slot);
    arranged.value = true;
    saveOrder([...order.value]);
  }

  function sortBy(next: SortMode) {
    mode.value = next;
    arranged.value = false;
    order.value = sortCards(view.value.hand ?? [], next);
    saveOrder(null);
  }

  // ---- messages ---------------------------------------------------------------------------
  /** Guidance the table gives itself, before anything is sent (e.g. "select a card first"). */
  const note = ref<string | null>(null);
  const hint = ref<Hint | null>(null);
  const hintedMeld = computed(() => (hint.value?.kind === 'step' && hint.value.step.kind !== 'meld' ? hint.value.step.meldId : null));
  const hintedPile = computed(() => (hint.value?.kind === 'draw' ? hint.value.from : null));
  /** The action button that plays the hint (`data-hint`), once its cards are selected. */
  const hintedButton = computed(() => {
    const h = hint.value;
    if (!h) return null;
    if (h.kind === 'step') return h.step.kind === 'meld' ? 'lay-meld' : null;
    if (h.kind === 'discard' || h.kind === 'close') return h.kind;
    if (h.kind === 'none' && h.undo) return h.undo.returnDiscard ? 'return-discard' : 'undo';
    return null;
  });
  const guidance = computed(() => turnGuidance(view.value, tx));
  watch(
    () => [table.view.value?.turn, table.view.value?.phase, table.view.value?.deal, table.view.value?.round] as const,
    () => {
      hint.value = null;
      note.value = null;
    },
  );

  // A refusal is said once, by the room page (above the table, clear of the hand), not here as well.
  function send(move: RummyMove) {
    if (busy.value) return;
    note.value = null;
    table.send(move);
  }

  function say(text: string) {
    note.value = text;
  }

  // ---- the turn's draft -------------------------------------------------------------------
  const preview = computed(() => (playPhase.value && meldsOpen.value && selected.value.length > 0 ? previewMeld(selected.value, tx, chosenAs.value) : null));
  const progress = computed(() => declarationProgress(view.value, preview.value));
  const single = computed(() => (selected.value.length === 1 ? selected.value[0]! : null));
  const lastCard = computed(() => (view.value.hand?.length === 1 ? view.value.hand[0]! : null));

  function layMeld() {
    if (selected.value.length === 0) return say(tx.t('say.selectMeld'));
    send(meldMove(selected.value, chosenAs.value));
  }

  function meldById(id: string) {
    return view.value.table.flat().find((m) => m.id === id) ?? null;
  }

  function playOnMeld(cards: string[], meldId: string) {
    const meld = meldById(meldId);
    if (!meld) return;
    if (view.value.seat === null) return;
    const move = meldTargetMove(cards, meld, cards === selected.value ? chosenAs.value : undefined);
    if (!move) return say(tx.t('say.selectForMeld'));
    send(move);
  }

  function tapMeld(meldId: string) {
    playOnMeld(selected.value, meldId);
  }

  function discardCard(card: string | null) {
    if (!card) return say(tx.t('say.selectDiscard'));
    send({ type: 'discard', card });
  }

  function drop(card: string, target: DropTarget) {
    const cards = selected.value.includes(card) ? selected.value : [card];
    if (target.kind === 'meld') playOnMeld(cards, target.meldId);
    else if (drawPhase.value) say(tx.t('say.drawFirst'));
    else discardCard(card);
  }

  function tapDiscardPile() {
    if (view.value.seat === null) return;
    if (view.value.phase !== 'play' || !myTurn.value) return send({ type: 'draw', from: 'discard' });
    discardCard(single.value);
  }

  function tapDrawPile() {
    if (view.value.seat === null) return;
    send({ type: 'draw', from: 'pile' });
  }

  function closeWith() {
    const card = lastCard.value ?? single.value;
    if (!card) return say(tx.t('say.closeHow'));
    send({ type: 'close', card });
  }

  const overMeld = ref<string | null>(null);
  const overDiscard = ref(false);
  function hover(target: DropTarget | null) {
    overMeld.value = target?.kind === 'meld' ? target.meldId : null;
    overDiscard.value = target?.kind === 'discard';
  }

  /** The hint runs the bot's meld finder: loaded on the first tap, not with the table. */
  let hintCode: Promise<typeof import('./hint')> | null = null;
  async function showHint() {
    const { hintFor } = await (hintCode ??= import('./hint'));
    apply(hintFor(view.value, tx));
  }

  // The room's hint for this very table (the coach of "How to play" asks for it) is shown the same way.
  watch(
    gameHint,
    async (given) => {
      if (!given) return;
      const { fromGame } = await (hintCode ??= import('./hint'));
      if (gameHint.value === given) apply(fromGame(view.value, given, tx));
    },
    { immediate: true },
  );

  /** Show a hint: its message, the pile or meld it names glowing, and the cards it plays selected. */
  function apply(h: Hint) {
    hint.value = h;
    note.value = null;
    if (h.kind === 'step') {
      const cards = h.step.kind === 'swap' ? [h.step.card] : h.step.cards;
      selected.value = order.value.filter((c) => cards.includes(c));
      chosenAs.value = h.step.kind !== 'swap' && Object.keys(h.step.as).length > 0 ? h.step.as : undefined;
    } else if (h.kind === 'discard' || h.kind === 'close') {
      selected.value = [h.card];
      chosenAs.value = undefined;
    }
    void nextTick(() => {
      const id = hintedMeld.value;
      root.value?.querySelector(id ? `[data-meld-id="${id}"]` : '.msg.hint')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    });
  }

  // ---- end of a deal ----------------------------------------------------------------------
  const dialogDeal = ref<DealResult | null>(null);
  /** In a replay the deal's scores show at the step that ended it, and only there. */
  const isReplay = table.replaying;
  watch(
    () => [table.events.value, table.view.value] as const,
    ([events, v]) => {
      if (isReplay.value) dialogDeal.value = v && events.some((e) => e.type === 'dealScore') && v.phase !== 'over' ? v.lastDeal : null;
    },
    { immediate: true },
  );
  watch(
    () => table.view.value?.lastDeal?.deal ?? null,
    (deal, before) => {
      if (deal === null || deal === before || before === undefined || isReplay.value) return;
      // A deal ended while we watched: a match goes on, so show its scores before the next deal.
      if (table.view.value?.phase !== 'over') dialogDeal.value = table.view.value?.lastDeal ?? null;
    },
    { immediate: true },
  );
  const showScores = ref(false);
  // The score dialog takes focus on Continue when it opens.
  const continueButton = ref<HTMLButtonElement | null>(null);
  watch(
    () => Boolean((dialogDeal.value || showScores.value) && table.view.value?.lastDeal),
    async (open) => {
      if (!open) return;
      await nextTick();
      continueButton.value?.focus();
    },
  );
  /** The discard pile's visible caption, which also starts its accessible name. */
  const discardCaption = computed(() => tx.t(playPhase.value ? 'pile.here' : drawPhase.value ? 'pile.take' : 'pile.discards'));
  /** The turn's buttons: drawing, then laying, closing or discarding, undoing, and the hint. */
  const actions = computed<TableAction[]>(() => {
    const v = table.view.value;
    if (!v) return [];
    const list: TableAction[] = [];
    const hinted = (id: string) => hintedButton.value === id;
    if (drawPhase.value) {
      list.push({
        id: 'draw',
        label: tx.t('actions.draw'),
        class: ['primary', { hinted: hintedPile.value === 'pile' }],
        disabled: busy.value,
        focusNext: true,
        hint: hintedPile.value === 'pile',
        onClick: tapDrawPile,
      });
      if (v.discardTop)
        list.push({
          id: 'take-discard',
          label: tx.t('actions.take', { card: tx.card(v.discardTop) }),
          class: { hinted: hintedPile.value === 'discard' },
          disabled: busy.value,
          hint: hintedPile.value === 'discard',
          onClick: () => send({ type: 'draw', from: 'discard' }),
        });
    } else if (playPhase.value) {
      const count = selected.value.length;
      list.push({
        id: 'lay-meld',
        label: count ? tx.t('actions.layMeldCount', { n: n(count) }) : tx.t('actions.layMeld'),
        class: 'primary',
        disabled: busy.value || count === 0,
        focusNext: true,
        hint: hinted('lay-meld'),
        onClick: layMeld,
      });
      if (you.value?.canClose && lastCard.value)
        list.push({
          id: 'close',
          label: tx.t('actions.closeWith', { card: tx.card(lastCard.value) }),
          class: 'go',
          disabled: busy.value,
          focusNext: true,
          hint: hinted('close'),
          onClick: closeWith,
        });
      else
        list.push({
          id: 'discard',
          label: single.value ? tx.t('actions.discardCard', { card: tx.card(single.value) }) : tx.t('actions.discard'),
          disabled: busy.value || !single.value,
          focusNext: true,
          hint: hinted('discard'),
          onClick: () => discardCard(single.value),
        });
      if (v.draft && v.draft.actions > 0)
        list.push({ id: 'undo', label: tx.t('actions.undo'), disabled: busy.value, hint: hinted('undo'), onClick: () => send({ type: 'undo' }) });
      const back = v.draft?.takenDiscard;
      if (back)
        list.push({
          id: 'return-discard',
          label: tx.t('actions.putBack', { card: tx.card(back) }),
          disabled: busy.value,
          hint: hinted('return-discard'),
          onClick: () => send({ type: 'undo', returnDiscard: true }),
        });
    }
    if (myTurn.value && hintable.value && !coached.value) list.push({ id: 'hint', label: tx.t('actions.hint'), onClick: () => void showHint() });
    return list;
  });

  return {
    presence,
    busy,
    dealing,
    coached,
    clockFor,
    tx,
    n,
    view: table.view,
    youSeat,
    you,
    myTurn,
    drawPhase,
    meldsOpen,
    root,
    wide,
    short,
    pileWidth,
    meldCardWidth,
    mode,
    arranged,
    order,
    selected,
    chosenAs,
    fresh,
    toggle,
    clearSelection,
    reorder,
    sortBy,
    note,
    hint,
    hintedMeld,
    hintedPile,
    guidance,
    preview,
    progress,
    tapMeld,
    drop,
    tapDiscardPile,
    tapDrawPile,
    overMeld,
    overDiscard,
    hover,
    dialogDeal,
    showScores,
    continueButton,
    discardCaption,
    actions,
  };
}
