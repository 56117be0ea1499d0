import { expect, type Page } from '@playwright/test';

/**
 * From the home page, by clicking: a pass-and-play game of `game` for the people named, with
 * `seats` seats (bots in the rest; the form's first choice when not given) and quick bots.
 * Ends on the first pass screen.
 */
export async function startPassAndPlay(page: Page, game: string, names: string[], seats?: number): Promise<void> {
  if (!(await page.getByTestId(`game-${game}`).isVisible())) await page.goto('/');
  await page.getByTestId(`game-${game}`).click();
  const form = page.getByTestId('pass-and-play');
  await expect(form).toBeVisible();
  if (await form.getByTestId('pass-people').isEnabled()) await form.getByTestId('pass-people').selectOption(String(names.length));
  for (const [i, name] of names.entries()) await form.getByTestId(`pass-name-${i}`).fill(name);
  if (seats !== undefined) await form.getByTestId('pass-seats').selectOption(String(seats));
  await page.getByTestId('pace-select').selectOption('quick');
  await form.getByTestId('pass-start').click();
  await page.waitForURL(/\/offline\/[0-9a-f]{16}$/);
  await expect(page.getByTestId('pass-screen')).toBeVisible();
}
