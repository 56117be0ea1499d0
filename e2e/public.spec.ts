import { expect, test, type Locator } from '@playwright/test';
import { closeAll, joinByLink, newPlayer, seatedAsCreator, setLanguage, shots } from './room-helpers';

/** Text as a reader sees it: the page isolates numbers and names (U+2068…U+2069) for right-to-left text. */
const seen = (locator: Locator) => async () => ((await locator.textContent()) ?? '').replace(/[\u2068\u2069]/g, '');

/**
 * Public tables: a host lists a friendly room from its lobby, and another person — in their
 * own browser context — sees it on their home page, kept current without a reload, and joins
 * it in one click. Screenshots of the home list: e2e/artifacts/public-home-<lang>-<size>.png.
 */
test('a public friendly room appears on another person’s home page, stays current, and they join it in one click', async ({ browser }) => {
  const host = await newPlayer(browser, 'Rana');
  const guest = await newPlayer(browser, 'Omar');
  const third = await newPlayer(browser, 'Lina');
  try {
    // The host's page is in Arabic: the room records it, and the list shows it.
    await host.page.goto('/');
    await setLanguage(host.page, 'ar');
    await host.page.getByTestId('game-eights').click();
    await host.page.getByTestId('clock-select').selectOption('30');
    await host.page.getByTestId('create-room').click();
    await seatedAsCreator(host.page, host.name);
    const code = host.page.url().split('/r/')[1]!;

    // Not public yet: the guest's home page does not list it.
    await guest.page.goto('/');
    await expect(guest.page.getByTestId('public-tables')).toBeVisible();
    await guest.page.waitForTimeout(3500);
    await expect(guest.page.getByTestId(`public-room-${code}`)).toHaveCount(0);

    // The host lists it; the guest's page shows it on its next poll, without a reload.
    await host.page.getByTestId('public-toggle').check();
    await expect(host.page.getByTestId('public-toggle')).toBeChecked();
    await host.page.screenshot({ path: 'e2e/artifacts/public-lobby-ar-desktop.png', fullPage: true });
    const row = guest.page.getByTestId(`public-room-${code}`);
    await expect(row).toBeVisible({ timeout: 10_000 });
    await expect.poll(seen(row)).toContain('Rana');
    await expect.poll(seen(row)).toContain('7 of 8 seats free');
    await expect.poll(seen(row)).toContain('30 s a turn');
    await expect.poll(seen(row)).toContain('Arabic');

    // Someone else takes a seat: the guest's list follows, still without a reload.
    await joinByLink(third, `/r/${code}`);
    await expect.poll(seen(row), { timeout: 10_000 }).toContain('6 of 8 seats free');

    await shots(guest.page, 'public-home');
    await expect.poll(seen(row)).toContain('6 of 8 seats free');

    // One click: the room, with the seat form ready.
    await guest.page.getByTestId(`public-join-${code}`).click();
    await guest.page.waitForURL(new RegExp(`/r/${code}\\?join=1$`));
    await expect(guest.page.getByTestId('name-input')).toBeFocused();
    await guest.page.keyboard.type(guest.name);
    await guest.page.keyboard.press('Enter');
    await expect(guest.page.getByTestId('name-input')).toBeHidden();
    await expect(host.page.getByTestId('seat-2')).toContainText('Omar');

    // The game starts: the room leaves the list on the third person's home page.
    await third.page.goto('/');
    const listed = third.page.getByTestId(`public-room-${code}`);
    await expect.poll(seen(listed), { timeout: 10_000 }).toContain('5 of 8 seats free');
    await host.page.getByTestId('start').click();
    await expect(listed).toHaveCount(0, { timeout: 10_000 });
  } finally {
    await closeAll([host, guest, third]);
  }
});
