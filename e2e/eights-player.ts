import type { Page } from '@playwright/test';
import { stateVersion, waitForNewState } from './room-helpers';

/**
 * One Eights move by clicking, if it is this page's turn: a playable card (naming red for a
 * wild, announcing the last card when it is due), else keep the drawn card, else draw.
 */
export async function playEightsTurn(page: Page): Promise<boolean> {
  if (!(await page.getByTestId('your-turn').isVisible())) return false;
  const playable = page.locator('[data-testid^="card-"][data-playable="true"]');
  const version = await stateVersion(page);
  if ((await playable.count()) > 0) {
    const card = playable.first();
    const id = ((await card.getAttribute('data-testid')) ?? '').slice('card-'.length);
    if (await page.getByTestId('last-card').isVisible()) await page.getByTestId('last-card').click();
    await card.click();
    if (id.startsWith('W')) await page.getByTestId('colour-r').click();
  } else if (await page.getByTestId('keep').isVisible()) {
    await page.getByTestId('keep').click();
  } else {
    await page.getByTestId('draw').click();
  }
  // Wait for the room's answer before acting again (a second click would be refused as stale).
  await waitForNewState(page, version);
  return true;
}
