import { nextTick, onBeforeUnmount, onMounted, watch, type Ref, type WatchSource } from 'vue';

/**
 * Keeps keyboard focus on the page when the control that had it goes away or is disabled
 * (Join replaced by the seat list, a bid panel by the hand, Draw by the play buttons): after
 * each change it moves to the control marked `data-focus-next` with the lowest number that
 * can take focus now, else to `root` itself. Focus the player put somewhere that still exists
 * is never moved.
 */
export function useFocusRescue(root: Ref<HTMLElement | null>, changes: WatchSource): void {
  let last: HTMLElement | null = null;
  const track = (e: FocusEvent) => {
    if (e.target instanceof HTMLElement && root.value?.contains(e.target)) last = e.target;
  };
  onMounted(() => document.addEventListener('focusin', track));
  onBeforeUnmount(() => document.removeEventListener('focusin', track));

  watch(
    changes,
    async () => {
      await nextTick();
      const here = root.value;
      if (!here || !last) return;
      const active = document.activeElement;
      // A focused button just disabled counts as lost: the browser blurs it a moment later.
      const lost = !active || active === document.body || !active.isConnected || (active as HTMLButtonElement).disabled === true;
      if (!lost) return;
      // A control disabled while its move was on the way dropped focus: it comes back to it.
      const target = last.isConnected && usable(last) ? last : (nextControl(here) ?? here);
      target.focus({ preventScroll: false });
      // A root that cannot take focus leaves `last` as it was, so focus returns to that control
      // once it is usable again (a bet button locked while its round plays out).
      if (document.activeElement === target) last = target;
    },
    { flush: 'post' },
  );
}

function usable(el: HTMLElement): boolean {
  return !(el as HTMLButtonElement).disabled && el.getAttribute('aria-disabled') !== 'true' && el.getClientRects().length > 0;
}

/**
 * The marked control to go to next: lowest `data-focus-next` first, then document order.
 * When none can act now (someone else's turn), a marked one that can still take focus and be
 * read (a hand card marked aria-disabled) beats the page's root.
 */
export function nextControl(root: HTMLElement): HTMLElement | null {
  const marked = [...root.querySelectorAll<HTMLElement>('[data-focus-next]')];
  marked.sort((a, b) => Number(a.dataset.focusNext) - Number(b.dataset.focusNext));
  return marked.find(usable) ?? marked.find(readable) ?? null;
}

function readable(el: HTMLElement): boolean {
  return !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0;
}
