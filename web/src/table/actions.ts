import type { HTMLAttributes } from 'vue';

/**
 * One button of a table's action bar, as data: the bar draws each the same way, with the test
 * hooks the drivers use (`data-testid` = id, `data-hint` while the hint points at it, and
 * `data-focus-next` for the button the keyboard goes to after the hand).
 */
export interface TableAction {
  id: string;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** The hint's next click. */
  hint?: boolean;
  /** The keyboard's next stop after the hand (the turn's main button). */
  focusNext?: boolean;
  /** A toggle (`aria-pressed`). */
  pressed?: boolean;
  class?: HTMLAttributes['class'];
  title?: string;
}
