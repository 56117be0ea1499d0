/** Tab and Shift+Tab wrap around the buttons of an open modal instead of leaving it. */
export function keepFocusInside(panel: HTMLElement, event: KeyboardEvent): void {
  const buttons = [...panel.querySelectorAll<HTMLElement>('button')];
  const first = buttons[0];
  const last = buttons[buttons.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}
