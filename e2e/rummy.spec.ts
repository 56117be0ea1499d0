import { expect, test, type Browser, type Page } from '@playwright/test';
import { startPassAndPlay } from './pass-player';
import { seatedAsCreator } from './room-helpers';
import { newStats, RummyPlayer, type PersonStats } from './rummy-player';

/** Up to this many deals are played while waiting for a person to declare and extend. */
const MAX_DEALS = 4;

async function person(browser: Browser, url: string, name: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByTestId('name-input').fill(name);
  await page.getByTestId('join').click();
  return page;
}

interface Seated {
  player: RummyPlayer;
  stats: PersonStats;
  seat: number;
}

test.describe('Rummy in a room', () => {
  // In full motion: moves made while cards deal, fly and land (see playwright.config.ts).
  test.use({ reducedMotion: 'no-preference' });

  test('two people and two bots play to the end of a deal by clicking; a person declares and extends a meld', async ({ browser }) => {
    test.setTimeout(420_000);
    const started = Date.now();

    // The host makes the room from the home page: several deals (so a deal without a
    // person's declaration can be followed by another), no clock, quick bots.
    const hostContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const host = await hostContext.newPage();
    await host.goto('/');
    await host.getByTestId('game-rummy').click();
    await host.locator('label', { hasText: 'Length' }).locator('select').selectOption('match');
    const limit = host.locator('label', { hasText: 'Points limit' }).locator('input');
    await limit.fill('2000');
    await limit.press('Tab');
    await host.getByTestId('clock-select').selectOption('none');
    await host.getByTestId('pace-select').selectOption('quick');
    await host.getByTestId('create-room').click();
    await seatedAsCreator(host, 'Ana');
    const url = host.url();
    await expect(host.getByTestId('seat-0')).toContainText('Ana');

    const guest = await person(browser, url, 'Bob');
    await expect(host.getByTestId('seat-1')).toContainText('Bob');
    await host.getByTestId('add-bot-2').click();
    await host.getByTestId('add-bot-3').click();
    await expect(host.getByTestId('seat-3')).toContainText(/\S/);
    await expect(host.getByTestId('start')).toBeEnabled();
    await host.getByTestId('start').click();

    const people: Seated[] = [];
    for (const [page, label] of [
      [host, 'Ana'],
      [guest, 'Bob'],
    ] as const) {
      const board = page.getByTestId('rummy-board');
      await expect(board).toBeVisible();
      people.push({ player: new RummyPlayer(page, label), stats: newStats(), seat: Number(await board.getAttribute('data-seat')) });
    }
    // Each person sees their own 13 cards and only counts for the others.
    for (const p of people) {
      await expect(p.player.page.locator('[data-testid^="hand-card-"]')).toHaveCount(13);
      for (let seat = 0; seat < 4; seat++) await expect(p.player.page.getByTestId(`player-${seat}`)).toHaveAttribute('data-cards', /^1[34]$/);
    }

    const declaredBy = new Set<string>();
    let dealsEnded = 0;
    let done = false;
    for (let step = 0; step < 4000 && !done; step++) {
      let acted = false;
      for (const p of people) {
        const page = p.player.page;
        // The end of a deal: the score table pops up for everybody.
        if (await page.getByTestId('deal-dialog').isVisible()) {
          const rows = page.getByTestId('deal-dialog').locator('[data-testid^="score-row-"]');
          await expect(rows).toHaveCount(4);
          const points = (await rows.locator('[data-testid="deal-points"]').allInnerTexts()).map(Number);
          expect(points.every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
          if (p === people[0]) {
            dealsEnded++;
            // Closing scores 0; the cards running out scores everyone.
            const text = await page.getByTestId('deal-dialog').innerText();
            if (/closed/.test(text)) expect(points).toContain(0);
            console.log(
              `deal ${dealsEnded} over after ${Math.round((Date.now() - started) / 1000)} s: ${JSON.stringify(people.map((q) => ({ who: q.player.label, ...q.stats })))}`,
            );
            const personDeclared = people.some((q) => q.stats.declared);
            const personExtended = people.some((q) => q.stats.extensions > 0);
            if (personDeclared && personExtended) done = true;
          }
          await p.player.dismissDealDialog();
          acted = true;
          continue;
        }
        if (await p.player.isMyTurn()) {
          await p.player.playTurn(p.stats);
          // The move log rather than the seat tile: a closing turn starts the next deal at once.
          if (
            !p.stats.declared &&
            (await host.getByTestId('move-log').innerText()).replace(/[\u2066-\u2069]/g, '').includes(`${p.player.label} declares with`)
          ) {
            p.stats.declared = true;
            declaredBy.add(p.player.label);
          }
          acted = true;
        }
      }
      if (done) break;
      if (!acted) await host.waitForTimeout(120);
      expect(dealsEnded, 'a person should declare and extend within a few deals').toBeLessThan(MAX_DEALS + 1);
    }

    expect(done).toBe(true);
    expect(dealsEnded).toBeGreaterThanOrEqual(1);
    expect(declaredBy.size).toBeGreaterThan(0);
    expect(people.reduce((n, p) => n + p.stats.extensions, 0)).toBeGreaterThan(0);
    for (const p of people) expect(p.stats.refusals, `${p.player.label}: the rules refused a hinted move`).toEqual([]);
    // The move log names the declaration and the extension.
    const log = host.getByTestId('move-log');
    // Names and numbers sit in bidi isolates (U+2066…2069) so right-to-left text never flips them.
    const iso = '[\\u2066-\\u2069]?';
    await expect(log).toContainText(new RegExp(`${iso}(${[...declaredBy].join('|')})${iso} declares with ${iso}\\d+${iso} points`));
    // Ana's own log words her moves in the second person ("You add to …").
    await expect(log).toContainText(new RegExp(`${iso}(Ana|Bob)${iso} adds to |You add to `));
    console.log(
      `rummy room: ${dealsEnded} deal(s), ${JSON.stringify(people.map((p) => ({ who: p.player.label, ...p.stats })))}, ${Math.round((Date.now() - started) / 1000)} s`,
    );
    await hostContext.close();
    await guest.context().close();
  });
});

test.describe('Rummy pass-and-play', () => {
  test('two people share one screen through to a declaration; hands stay hidden between turns and a reload keeps the game', async ({ page }) => {
    test.setTimeout(300_000);
    const started = Date.now();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await startPassAndPlay(page, 'rummy', ['Ana', 'Bob'], 2);

    const player = new RummyPlayer(page, 'pass-and-play');
    const stats = [newStats(), newStats()];
    const names = ['Ana', 'Bob'];
    let reloaded = false;
    let declarer: number | null = null;
    for (let turn = 0; turn < 200 && declarer === null; turn++) {
      const pass = page.getByTestId('pass-screen');
      await expect(pass.or(page.getByTestId('game-over'))).toBeVisible();
      if (await page.getByTestId('game-over').isVisible()) {
        // Someone declared and went out in one turn, or the deal ended before anyone declared: deal again (rare).
        for (const s of [0, 1]) if (await player.declaredOnTable(s)) declarer = s;
        if (declarer !== null) break;
        await page.getByTestId('play-again').click();
        continue;
      }
      // Nobody's cards show on the pass screen.
      await expect(page.locator('[data-testid^="hand-card-"]')).toHaveCount(0);
      const name = await page.getByTestId('pass-name').innerText();
      expect(names).toContain(name);

      if (turn === 3 && !reloaded) {
        await page.reload();
        await expect(page.getByTestId('pass-name')).toHaveText(name);
        reloaded = true;
      }

      await page.getByTestId('reveal').click();
      await expect(page.getByTestId('rummy-board')).toBeVisible();
      const seat = Number(await page.getByTestId('rummy-board').getAttribute('data-seat'));
      await expect(page.getByTestId(`player-${seat}`)).toContainText(name);
      // What the other person did on their turn is on the table for this one to see.
      for (const s of [0, 1]) if (await player.declaredOnTable(s)) declarer = s;
      if (declarer !== null) break;
      await player.playTurn(stats[seat]!);
    }
    expect(declarer, 'someone declares').not.toBeNull();
    expect(reloaded).toBe(true);
    await expect(page.getByTestId(`player-${declarer!}`)).toHaveAttribute('data-declared', 'true');
    await expect(page.getByTestId(`melds-of-${declarer}`).locator('[data-testid^="meld-"]')).not.toHaveCount(0);
    console.log(
      `rummy pass-and-play: ${names[declarer!]} declared after ${stats[0]!.turns + stats[1]!.turns} turns, ${Math.round((Date.now() - started) / 1000)} s`,
    );
  });
});
