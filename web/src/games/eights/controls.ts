import type { Colour } from '../../../../shared/games/eights/cards';
import type { eights } from '../../../../shared/games/eights';
import type { EightsHandSummary, EightsMove, EightsView } from '../../../../shared/games/eights/types';
import { computed, nextTick, ref, watch, type Ref } from 'vue';
import { useHint } from '../../composables/useHint';
import type { TableAction } from '../../table/actions';
import { canCallLastCard, cardFace, drawLabel, type Msg } from './face';

/**
 * Eights' own controls at the table, apart from how it is drawn: playing a card (a wild asks its
 * colour first), "Last card!", where focus goes back after a card leaves the hand, what the hint
 * marks one step at a time, and the match's hand summary.
 */
export function useEightsControls(opts: {
  view: Ref<EightsView | null>;
  t: (key: string, params?: Record<string, string | number>) => string;
  say: (msg: Msg) => string;
  myTurn: Ref<boolean>;
  sending: Ref<boolean>;
  send: (move: EightsMove) => unknown;
  hand: Ref<string[] | null>;
  /** The hand's card buttons, in hand order. */
  buttons: () => HTMLElement[];
}) {
  const { view, sending, send, hand, buttons, t, say, myTurn } = opts;
  const playable = computed(() => new Set(view.value?.playable ?? []));
  const picking = ref<string | null>(null);
  const callLast = ref(false);
  const showLastCall = computed(() => view.value !== null && canCallLastCard(view.value));
  /** Where the keyboard was in the hand when a card left it, to put focus back afterwards. */
  let refocusAt: number | null = null;

  watch(showLastCall, (show) => {
    if (!show) callLast.value = false;
  });
  watch(playable, (cards) => {
    if (picking.value && !cards.has(picking.value)) picking.value = null;
  });

  function play(id: string, e?: MouseEvent) {
    if (!playable.value.has(id) || sending.value) return;
    // A click made with Enter/Space has no pointer position (detail 0).
    refocusAt = e && e.detail === 0 ? buttons().findIndex((b) => b.dataset.card === id) : null;
    if (cardFace(id).wild) picking.value = id;
    else playCard(id);
  }

  function playCard(id: string, color?: Colour) {
    send({ type: 'play', card: id, ...(color ? { color } : {}), ...(callLast.value && showLastCall.value ? { lastCard: true } : {}) });
  }

  function pickColour(colour: Colour) {
    const id = picking.value;
    picking.value = null;
    if (id) playCard(id, colour);
  }

  function cancelPick() {
    const id = picking.value;
    picking.value = null;
    void nextTick(() =>
      buttons()
        .find((b) => b.dataset.card === id)
        ?.focus(),
    );
  }

  watch(hand, async () => {
    if (refocusAt === null) return;
    const at = refocusAt;
    refocusAt = null;
    await nextTick();
    if (document.activeElement && document.activeElement !== document.body) return;
    const all = buttons();
    all[Math.min(at, all.length - 1)]?.focus();
  });

  watch(
    () => view.value?.drawnCard,
    async (id) => {
      if (!id) return;
      await nextTick();
      buttons()
        .find((b) => b.dataset.card === id)
        ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    },
  );

  const { hint, why: hintWhy } = useHint<typeof eights>();
  /**
   * What the hint highlights (`data-hint`), one step at a time: "Last card!" first when the move
   * needs it, then the card (or Draw, Keep, Catch), then the colour of a wild in the picker.
   */
  const hinted = computed(() => {
    const m = hint.value?.move;
    if (!m) return { card: null, button: null, colour: null, lastCall: false };
    if (m.type !== 'play') return { card: null, button: m.type === 'catch' ? `catch-${m.target}` : m.type, colour: null, lastCall: false };
    const lastCall = m.lastCard === true && showLastCall.value && !callLast.value;
    return {
      card: lastCall || picking.value === m.card ? null : m.card,
      button: null,
      colour: picking.value === m.card ? (m.color ?? null) : null,
      lastCall,
    };
  });

  const summary = ref<EightsHandSummary | null>(null);
  let seenHand: number | null = null;
  watch(
    () => view.value?.lastHand?.hand ?? (view.value ? 0 : null),
    (n) => {
      if (n === null) return;
      // The hand that had already ended when the table opened is old news.
      if (seenHand !== null && n !== seenHand && view.value?.target != null && view.value.lastHand) summary.value = view.value.lastHand;
      seenHand = n;
    },
    { immediate: true },
  );

  /** The turn's buttons: keep the drawn card or draw, "Last card!", and a catch per forgotten call. */
  const actions = computed<TableAction[]>(() => {
    const v = view.value;
    if (!v) return [];
    const mark = hinted.value.button;
    const main: TableAction = v.canKeep
      ? {
          id: 'keep',
          label: t('eights.action.keep'),
          class: 'keep',
          disabled: sending.value,
          focusNext: true,
          hint: mark === 'keep',
          onClick: () => send({ type: 'keep' }),
        }
      : {
          id: 'draw',
          label: say(drawLabel(v)),
          class: { draw: true, urgent: myTurn.value && (v.step === 'stack' || v.playable.length === 0) },
          disabled: !v.canDraw || sending.value,
          focusNext: true,
          hint: mark === 'draw',
          onClick: () => send({ type: 'draw' }),
        };
    const list = [main];
    if (showLastCall.value)
      list.push({
        id: 'last-card',
        label: t('eights.action.lastCard'),
        class: 'last-call',
        pressed: callLast.value,
        hint: hinted.value.lastCall,
        onClick: () => (callLast.value = !callLast.value),
      });
    for (const s of v.catchable)
      list.push({
        id: `catch-${s}`,
        label: t('eights.action.catch', { name: v.seats[s]?.name ?? '' }),
        class: 'catch',
        disabled: sending.value,
        hint: mark === `catch-${s}`,
        onClick: () => send({ type: 'catch', target: s }),
      });
    return list;
  });

  return { actions, playable, picking, callLast, showLastCall, play, pickColour, cancelPick, hinted, hintWhy, summary };
}
