import { expect, test, type Page } from '@playwright/test';
import { checkNow, report } from './axe';
import { playEightsTurn } from './eights-player';
import { botReplay } from './replay-file';
import { closeAll, createRoomAndJoin, newPlayer, type Player } from './room-helpers';
import { expectNoProblems, shootEverySize } from './screen-checks';

const PHONE = { width: 390, height: 844 };

/** Where a check is made: the page's language and size. */
async function whereNow(page: Page): Promise<string> {
  const vp = page.viewportSize()!;
  return `${await page.evaluate(() => document.documentElement.lang)} ${vp.width}x${vp.height}`;
}

/**
 * The result card at the size shown now: the winner named once (in the heading, not again in a
 * sentence under it), the card over the top of the table with the hand's top edge uncovered, and
 * at phone size axe (e2e/axe.ts).
 */
async function checkResultCard(page: Page, names: string[], found: Map<string, string[]>): Promise<void> {
  const where = await whereNow(page);
  const over = page.getByTestId('game-over');
  await expect(over).toBeVisible();
  await expect(page.getByTestId('play-again')).toBeVisible();
  const heading = (await over.locator('h2').textContent()) ?? '';
  const rest = ((await over.textContent()) ?? '').replace(heading, '');
  for (const name of names) if (heading.includes(name)) expect.soft(rest, `winner named twice at ${where}`).not.toContain(`${name} wins`);
  const card = await over.boundingBox();
  const hand = await page.getByTestId('hand').boundingBox();
  if (card && hand && page.viewportSize()!.height >= 700)
    expect.soft(card.y + card.height, `game-over card clear of the hand at ${where}`).toBeLessThanOrEqual(hand.y + 1);
  if (where.endsWith(' 390x844')) await checkNow(page, `result card ${where}`, found);
}

/** The replay with every hand open at the size shown now: the hands sit beside the table, never over it. */
async function checkReplayHands(page: Page): Promise<void> {
  const where = await whereNow(page);
  await expect(page.getByTestId('replay-hands')).toBeVisible();
  const hands = (await page.getByTestId('replay-hands').boundingBox())!;
  const table = (await page.locator('.table-wrap').boundingBox())!;
  const overlap =
    Math.min(hands.x + hands.width, table.x + table.width) - Math.max(hands.x, table.x) > 1 &&
    Math.min(hands.y + hands.height, table.y + table.height) - Math.max(hands.y, table.y) > 1;
  expect.soft(overlap, `all-hands panel clear of the table at ${where}`).toBe(false);
  // The header names the game in the page's language.
  await expect(page.getByTestId('replay-title')).toContainText(where.startsWith('ar') ? 'الثمانيات' : 'Eights');
}

async function setLanguage(page: Page, lang: 'en' | 'ar') {
  const now = await page.evaluate(() => document.documentElement.lang);
  if (now !== lang) await page.getByTestId('language-toggle').click();
  // Arabic's words load first: the page is in it once the document says so.
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

test('a finished Eights game shows "Deal verified" on a result card that fits every size; its replay link in a fresh browser steps to the same result', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const ana = await newPlayer(browser, 'Ana', PHONE);
  const players: Player[] = [ana];
  try {
    await createRoomAndJoin(ana, 'eights', { pace: 'quick' });
    await ana.page.getByTestId('add-bot-1').click();
    await ana.page.getByTestId('start').click();
    await expect(ana.page.getByTestId('hand')).toBeVisible();
    for (let i = 0; i < 600 && !(await ana.page.getByTestId('game-over').isVisible()); i++) {
      if (!(await playEightsTurn(ana.page))) await ana.page.waitForTimeout(100);
    }
    const over = ana.page.getByTestId('game-over');
    await expect(over).toBeVisible({ timeout: 20_000 });
    await expect(ana.page.getByTestId('deal-verified')).toHaveText(/Deal verified/);
    await expect(ana.page.getByTestId('deal-warning')).toHaveCount(0);
    const code = new URL(ana.page.url()).pathname.split('/')[2]!;
    // The room's recorded outcome is data (winners' seats); the browser words it.
    const info = (await (await ana.page.request.get(`/api/rooms/${code}`)).json()) as { outcome: { winners: number[] }; seats: ({ name: string } | null)[] };
    const winner = info.seats[info.outcome.winners[0]!]!.name;
    const names = info.seats.flatMap((seat) => (seat ? [seat.name] : []));
    await ana.page.screenshot({ path: 'e2e/artifacts/fair-game-over-en-390x844.png' });
    // The result card's controls (Show table, How?, Watch the replay) are buttons of 44 px at every size.
    const axeFound = new Map<string, string[]>();
    const resultCard = { scope: '[data-testid="game-over"]', keys: ['replay-link', 'game-over-fold'], ready: () => checkResultCard(ana.page, names, axeFound) };
    const found = await shootEverySize(ana.page, 'result-card', 'en', resultCard);
    await setLanguage(ana.page, 'ar');
    await expect(ana.page.getByTestId('deal-verified')).toHaveText(/التوزيع موثَّق/);
    found.push(...(await shootEverySize(ana.page, 'result-card', 'ar', resultCard)));
    expect(report(axeFound), 'the result card passes axe').toBe('');
    await ana.page.setViewportSize(PHONE);
    await ana.page.screenshot({ path: 'e2e/artifacts/fair-game-over-ar-390x844.png' });
    const link = new URL((await ana.page.getByTestId('replay-link').getAttribute('href'))!, ana.page.url()).toString();
    expect(link).toMatch(/\/r\/[a-z0-9]{12}\/replay\/1$/);

    // A stranger's fresh browser opens the shared link: the replay is recomputed there.
    const viewer = await newPlayer(browser, 'Viewer', PHONE);
    players.push(viewer);
    const page = viewer.page;
    await page.goto(link);
    await expect(page.getByTestId('replay-verdict')).toHaveAttribute('data-ok', 'true');
    await expect(page.getByTestId('replay-verdict')).toContainText(winner);
    await expect(page.getByTestId('replay-deal')).toContainText('Deal verified');
    const total = Number(await page.getByTestId('replay-slider').getAttribute('max'));
    expect(total).toBeGreaterThan(3);
    // A shared link opens at the first deal.
    await expect(page.getByTestId('replay-step')).toHaveText(`Move 0 of ${total}`);
    // From the deal, step by step, then play at speed to the end.
    await page.getByTestId('replay-first').click();
    await expect(page.getByTestId('replay-step')).toHaveText(`Move 0 of ${total}`);
    await expect(page.locator('[data-testid^="card-"]')).toHaveCount(7);
    for (let i = 1; i <= 3; i++) {
      await page.getByTestId('replay-forward').click();
      await expect(page.getByTestId('replay-step')).toHaveText(`Move ${i} of ${total}`);
    }
    await page.getByTestId('replay-back').click();
    await expect(page.getByTestId('replay-step')).toHaveText(`Move 2 of ${total}`);
    await page.getByTestId('replay-speed').selectOption('8');
    await page.getByTestId('replay-play').click();
    await expect(page.getByTestId('replay-step')).toHaveText(`Move ${total} of ${total}`, { timeout: 60_000 });
    // The final table: the same winner as the room announced.
    await expect(page.locator('main.stage')).toContainText(winner);
    await page.getByTestId('replay-all-hands').check();
    await expect(page.getByTestId('replay-hands')).toBeVisible();

    // The transport and chapter arrows are 44 px to tap at every size, in both languages.
    await page.getByTestId('replay-slider').fill(String(Math.floor(total / 2)));
    for (const lang of ['en', 'ar'] as const) {
      await setLanguage(page, lang);
      found.push(
        ...(await shootEverySize(page, 'replay', lang, {
          scope: 'nav.controls',
          keys: ['replay-play', 'replay-next-turn'],
          ready: () => checkReplayHands(page),
        })),
      );
    }
    expectNoProblems(found);

    // A downloaded replay opens again from the file; a bad file is named as such.
    await page.setViewportSize(PHONE);
    await setLanguage(page, 'en');
    await page.getByTestId('replay-more').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('replay-download').click()]);
    const file = await download.path();
    await page.goto('/replay');
    await page
      .getByTestId('replay-file')
      .setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"cardroom-replay","version":1}') });
    await expect(page.getByTestId('replay-error')).toContainText('That file is not a valid replay: game is missing.');
    await page.screenshot({ path: 'e2e/artifacts/fair-replay-bad-file-en-390x844.png' });
    await page.getByTestId('replay-file').setInputFiles(file);
    await expect(page.getByTestId('replay-verdict')).toHaveAttribute('data-ok', 'true');
    // A file opens at the first deal.
    await expect(page.getByTestId('replay-step')).toHaveText(`Move 0 of ${total}`);
  } finally {
    await closeAll(players);
  }
});

for (const [id, players, options] of [
  ['baloot', 4, { target: 52 }],
  ['rummy', 3, {}],
  ['dhappa', 4, {}],
] as const) {
  test(`a ${id} replay opens from a file, reproduces its game and opens every hand`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/replay');
    await page
      .getByTestId('replay-file')
      .setInputFiles({ name: `${id}.json`, mimeType: 'application/json', buffer: Buffer.from(botReplay(id, players, options)) });
    await expect(page.getByTestId('replay-verdict')).toHaveAttribute('data-ok', 'true');
    await expect(page.getByTestId('replay-deal')).toContainText('Deal verified');
    await page.getByTestId('replay-first').click();
    await page.getByTestId('replay-all-hands').check();
    await expect(page.getByTestId('replay-hands').locator('.hand-row')).toHaveCount(players);
    await page.getByTestId('replay-forward').click();
    await expect(page.getByTestId('replay-step')).toContainText('Move 1 of');
    // "Jump to" goes by the chapters the game names (Game.chapters): Baloot's tricks and deals;
    // Rummy and Dhappa name no tricks. Every game's turns.
    const stepNow = async () => Number((await page.getByTestId('replay-step').textContent())!.match(/Move (\d+)/)![1]);
    const jumps = id === 'baloot' ? (['turn', 'trick', 'deal'] as const) : (['turn'] as const);
    for (const chapter of jumps) {
      const before = await stepNow();
      await page.getByTestId(`replay-next-${chapter}`).click();
      await expect.poll(stepNow, { message: `next ${chapter} from move ${before}` }).toBeGreaterThan(before);
    }
    if (id !== 'baloot') await expect(page.getByTestId('replay-next-trick')).toHaveCount(0);
    // Bids are history in a replay (the seats' bubbles), never buttons to bid with.
    await expect(page.getByTestId('bid-panel')).toHaveCount(0);
    if (id === 'baloot') {
      // From the end, back across every deal: a round's summary shows only at the step that
      // ended that round (the table then deals the next one), never over another round.
      const t0 = Date.now();
      const summary = page.getByTestId('round-summary');
      const roundNow = async () => Number((await page.getByTestId('round-number').textContent())!.match(/\d+/)![0]);
      await page.getByTestId('replay-last').click();
      let shown = 0;
      while ((await stepNow()) > 0) {
        await page.getByTestId('replay-prev-deal').click();
        if (await summary.isVisible()) {
          shown++;
          expect(Number(await summary.getAttribute('data-round')), `summary at move ${await stepNow()}`).toBe((await roundNow()) - 1);
        }
        if ((await stepNow()) === 0) break;
        await page.getByTestId('replay-back').click();
        await expect(summary, `no summary at move ${await stepNow()}`).toHaveCount(0);
      }
      expect(shown, 'a round summary at the steps that ended rounds').toBeGreaterThan(0);
      // A stranger's replay calls nobody "You".
      await expect(page.locator('main.stage')).not.toContainText('(You)');
      console.log(`baloot replay, back across deals: ${Date.now() - t0} ms`);
    }
    await page.getByTestId('replay-first').click();
    await page.getByTestId('replay-forward').click();
    for (const lang of ['en', 'ar'] as const) {
      await setLanguage(page, lang);
      await page.screenshot({ path: `e2e/artifacts/fair-replay-${id}-${lang}-390x844.png` });
    }
    // The transport row reads in the page's direction: in Arabic the first step is at the right.
    const x = async (id: string) => (await page.getByTestId(id).boundingBox())!.x;
    expect(await x('replay-first')).toBeGreaterThan(await x('replay-last'));
  });
}
