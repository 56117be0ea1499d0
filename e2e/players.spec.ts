import AxeBuilder from '@axe-core/playwright';
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { closeAll, newPlayer, setLanguage, shots, type Player } from './room-helpers';

/**
 * Issue 21, "Players": every browser is a player from its first visit; the profile (/me) keeps
 * it with a passkey, and a second device (another browser context) signs in with that passkey
 * and gets the same profile. Chromium's virtual authenticator (CDP WebAuthn) stands in for the
 * phone's passkey; the credential is copied to the second context as a synced passkey would be.
 */

interface Me {
  player: { id: string; name: string; avatar: { initials: string; colour: string } };
  passkeys: number;
}

async function me(page: Page): Promise<Me> {
  const res = await page.request.get('/api/players/me');
  expect(res.status()).toBe(200);
  return (await res.json()) as Me;
}

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { cdp, authenticatorId };
}

async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

test('a profile kept with a passkey opens on a second browser context, which becomes that player', async ({ browser }) => {
  const people: Player[] = [];
  try {
    const alice = await newPlayer(browser, 'Alice');
    people.push(alice);
    const page = alice.page;
    await page.goto('/');
    await page.getByRole('link', { name: 'Your profile' }).click();
    await expect(page).toHaveURL(/\/me$/);
    await expect(page.getByTestId('me-anonymous')).toContainText('Clearing the browser’s data');
    // The player was made on the first visit: an HttpOnly cookie the page's scripts cannot read.
    const cookie = (await alice.context.cookies()).find((c) => c.name === 'cr_player');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('cr_player');

    // A bad name is refused with the reason, and changes nothing.
    await page.getByTestId('me-name').fill('   ');
    await page.getByTestId('me-save-name').click();
    await expect(page.getByTestId('me-notice')).toContainText('at least one visible character');
    await page.getByTestId('me-name').fill('Alice Qasim');
    await page.getByTestId('me-save-name').click();
    await expect(page.getByTestId('me-notice')).toHaveText('Name saved.');
    await expect(page.getByTestId('me-avatar')).toHaveText('AQ');
    const kept = await me(page);
    expect(kept.player.name).toBe('Alice Qasim');

    for (const lang of ['en', 'ar'] as const) {
      await setLanguage(page, lang);
      expect(await axeViolations(page), lang).toEqual([]);
    }
    await setLanguage(page, 'en');
    await shots(page, 'players-me');

    const first = await virtualAuthenticator(page);
    await page.getByTestId('me-keep').click();
    await expect(page.getByTestId('me-kept')).toBeVisible();
    await expect(page.getByTestId('me-notice')).toHaveText('Done: your profile is kept with a passkey.');
    expect((await me(page)).passkeys).toBe(1);
    await shots(page, 'players-me-kept');
    const { credentials } = await first.cdp.send('WebAuthn.getCredentials', { authenticatorId: first.authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.rpId).toBe('localhost');

    // Another device: a fresh browser with an anonymous profile of its own.
    const phone = await newPlayer(browser, 'Phone', { width: 390, height: 844 });
    people.push(phone);
    await phone.page.goto('/me');
    await expect(phone.page.getByTestId('me-anonymous')).toBeVisible();
    const anonymous = await me(phone.page);
    expect(anonymous.player.id).not.toBe(kept.player.id);
    const second = await virtualAuthenticator(phone.page);
    await second.cdp.send('WebAuthn.addCredential', { authenticatorId: second.authenticatorId, credential: credentials[0]! });
    await setLanguage(phone.page, 'ar');
    await phone.page.getByTestId('me-sign-in').click();
    await expect(phone.page.getByTestId('me-notice')).toContainText('أهلًا بعودتك يا Alice Qasim');
    await expect(phone.page.getByTestId('me-name')).toHaveValue('Alice Qasim');
    await expect(phone.page.getByTestId('me-avatar')).toHaveText('AQ');
    await expect(phone.page.getByTestId('me-kept')).toBeVisible();
    await setLanguage(phone.page, 'en');

    // The cookie was replaced: this browser is now Alice, after a reload too, with her avatar colour.
    expect((await me(phone.page)).player).toEqual(kept.player);
    await phone.page.reload();
    await expect(phone.page.getByTestId('me-name')).toHaveValue('Alice Qasim');
    // The first device stays signed in, and a rename on one is seen on the other.
    await phone.page.getByTestId('me-name').fill('Alice Q');
    await phone.page.getByTestId('me-save-name').click();
    await expect(phone.page.getByTestId('me-notice')).toHaveText('Name saved.');
    expect((await me(page)).player).toEqual({ ...kept.player, name: 'Alice Q' });
  } finally {
    await closeAll(people);
  }
});
