import { expect, test, type Page } from '@playwright/test';
import { axe, lessonShots } from './learn-kit';
import { setLanguage } from './room-helpers';

/**
 * Learn at the table (issue 19): each "How to play" played to its end by clicking the move the
 * coach highlights (`data-hint`) at every turn, and the Hint button of a solo game. Screenshots
 * of a lesson in progress and of a hint, at five sizes in both languages, into the folder SHOTS
 * names (none without it).
 */
/**
 * Plays the lesson as a newcomer would: at each of their turns the first highlighted element is
 * clicked (the coach's move, step by step) until the coach says the deal is over. Returns how many
 * clicks it took; `midway` runs once, on the person's second turn.
 */
async function followCoach(page: Page, midway?: () => Promise<void>): Promise<number> {
  const coach = page.getByTestId('coach');
  let clicks = 0;
  let turns = 0;
  let lastVersion = -1;
  for (let i = 0; i < 600; i++) {
    const step = await coach.getAttribute('data-step');
    if (step === 'end') return clicks;
    const hinted = page.locator('[data-hint]').first();
    if (step === 'turn' && (await hinted.count()) > 0) {
      const version = Number(await page.locator('main.stage').getAttribute('data-version'));
      if (version !== lastVersion) {
        lastVersion = version;
        if (++turns === 2 && midway) await midway();
      }
      await hinted.click({ timeout: 3000 }).catch(() => undefined);
      clicks++;
    }
    await page.waitForTimeout(120);
  }
  throw new Error('the lesson did not end');
}

test('Eights: How to play, played to its end by clicking the hinted moves, in English; the coach is axe clean', async ({ page }) => {
  const started = Date.now();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await setLanguage(page, 'en');
  await page.getByTestId('learn-eights').click();
  await expect(page).toHaveURL(/\/learn\/eights$/);
  const coach = page.getByTestId('coach');
  await expect(coach).toHaveAttribute('data-step', 'goal');
  await expect(coach).toContainText('first to play every card');
  expect(await axe(page, '[data-testid="coach"]')).toEqual([]);
  await page.getByTestId('coach-start').click();
  const clicks = await followCoach(page, async () => {
    await expect(page.getByTestId('coach-why')).not.toHaveText(/Looking/);
    expect(await axe(page, '[data-testid="coach"]')).toEqual([]);
    await lessonShots(page, 'eights');
    await setLanguage(page, 'en');
  });
  expect(clicks).toBeGreaterThan(5);
  await expect(coach).toContainText('You finished your first deal');
  await expect(page.getByTestId('game-over')).toBeVisible();
  // The lesson is not a saved game: the home page lists none.
  expect(await page.evaluate(() => localStorage.getItem('cardroom:offline'))).toBeNull();
  await page.getByTestId('coach-play-now').click();
  await expect(page).toHaveURL(/\/offline\//);
  console.log(`eights lesson: ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

test('Rummy: How to play, played to its end by clicking the hinted moves, in Arabic', async ({ page }) => {
  const started = Date.now();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await setLanguage(page, 'ar');
  await page.getByTestId('learn-rummy').click();
  const coach = page.getByTestId('coach');
  await expect(coach).toHaveAttribute('data-step', 'goal');
  await expect(coach).toContainText('تخلّص من أوراقك');
  await page.getByTestId('coach-start').click();
  await followCoach(page, async () => {
    await expect(page.getByTestId('coach-why')).toContainText('تلميح');
    expect(await axe(page, '[data-testid="coach"]')).toEqual([]);
    await lessonShots(page, 'rummy');
    await setLanguage(page, 'ar');
  });
  await expect(coach).toContainText('أنهيت أول توزيعة لك');
  await expect(page.getByTestId('coach-play-now')).toBeVisible();
  console.log(`rummy lesson: ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

test('Mahjong hand betting: How to play, played to its end by clicking the hinted bets, in English then Arabic; its Hint button after', async ({ page }) => {
  const started = Date.now();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await setLanguage(page, 'en');
  await page.getByTestId('learn-mahjong-bet').click();
  await expect(page).toHaveURL(/\/mahjong\?learn=1$/);
  const coach = page.getByTestId('coach');
  await expect(coach).toHaveAttribute('data-step', 'goal');
  // Nothing to bet on before the lesson starts.
  await expect(page.getByTestId('mj-bet-higher')).toBeDisabled();
  await page.getByTestId('coach-start').click();
  for (let bet = 1; bet <= 5; bet++) {
    if (bet === 3) await setLanguage(page, 'ar');
    const hinted = page.locator('[data-hint]');
    await expect(hinted).toHaveCount(1);
    await expect(page.getByTestId('coach-why')).toContainText(bet < 3 ? 'bet' : 'راهن');
    if (bet === 2) {
      expect(await axe(page, '[data-testid="coach"]')).toEqual([]);
      await lessonShots(page, 'mahjong');
      await setLanguage(page, 'en');
    }
    await hinted.click();
    await expect(page.getByTestId('mj-outcome')).toHaveAttribute('data-round', String(bet));
  }
  await expect(coach).toHaveAttribute('data-step', 'end');
  await expect(coach).toContainText('أنهيت');
  await expect(page.getByTestId('mj-bet-higher')).toBeDisabled();
  // Play now: a real game, whose Hint button shows a bet and why.
  await page.getByTestId('coach-play-now').click();
  await expect(page).toHaveURL(/\/mahjong$/);
  await expect(coach).toHaveCount(0);
  await expect(page.locator('[data-hint]')).toHaveCount(0);
  await page.getByTestId('hint').click();
  await expect(page.getByTestId('hint-why')).toContainText('راهن');
  await page.locator('[data-hint]').click();
  await expect(page.getByTestId('mj-outcome')).toHaveAttribute('data-round', '1');
  console.log(`mahjong lesson: ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

test('Eights against bots: the Hint button shows a legal move and why, in both languages, and the room accepts it', async ({ page }) => {
  const started = Date.now();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await setLanguage(page, 'en');
  await page.getByTestId('play-now-eights').click();
  await expect(page).toHaveURL(/\/offline\//);
  // The person's turn (bots may play first).
  await expect(page.getByTestId('your-turn')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('hint').click();
  const why = page.getByTestId('hint-why');
  await expect(why).toBeVisible();
  const hinted = page.locator('[data-hint]').first();
  await expect(hinted).toBeVisible();
  // What it highlights is something the table lets the person do now.
  const card = await hinted.getAttribute('data-card');
  if (card) expect(await hinted.getAttribute('data-playable')).toBe('true');
  await setLanguage(page, 'ar');
  await expect(why).not.toHaveText(/[A-Za-z]{3,}/);
  await lessonShots(page, 'eights-hint');
  await setLanguage(page, 'en');
  const version = Number(await page.locator('main.stage').getAttribute('data-version'));
  // Play the hint as shown, step by step (Last card!, the card, its colour).
  for (let i = 0; i < 4 && Number(await page.locator('main.stage').getAttribute('data-version')) === version; i++) {
    if ((await page.locator('[data-hint]').count()) === 0) break;
    await page.locator('[data-hint]').first().click();
    await page.waitForTimeout(150);
  }
  await expect.poll(async () => Number(await page.locator('main.stage').getAttribute('data-version'))).toBeGreaterThan(version);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  console.log(`eights hint: ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
