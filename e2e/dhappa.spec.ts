import { expect, test, type Locator, type Page } from '@playwright/test';
import { checkBoth, report } from './axe';
import { Feed, noGoals, playDeal, turnsBySeat, type Goals, type Person } from './dhappa-driver';
import { CARD_CORNER, clickAndWait, clickCard, discardCard, findPureMeld, plainDiscard, readTable, shot } from './dhappa-player';
import { closeAll, createRoomAndJoin, joinByLink, newPlayer, stateVersion, waitForNewState, type Player } from './room-helpers';

const PHONE = { width: 390, height: 844 };
const SIZES = [PHONE, { width: 360, height: 740 }, { width: 844, height: 390 }, { width: 768, height: 1024 }, { width: 1440, height: 900 }];

/** The element lies inside the viewport (a pixel of rounding allowed) with room to click it. */
async function expectOnScreen(page: Page, el: Locator, what: string): Promise<void> {
  await expect(el, what).toBeVisible();
  const box = (await el.boundingBox())!;
  const vp = page.viewportSize()!;
  expect(box.y, `${what}: top`).toBeGreaterThanOrEqual(-1);
  expect(box.y + box.height, `${what}: bottom`).toBeLessThanOrEqual(vp.height + 1);
  expect(box.x, `${what}: left`).toBeGreaterThanOrEqual(-1);
  expect(box.x + box.width, `${what}: right`).toBeLessThanOrEqual(vp.width + 1);
}

/**
 * Every element the locator finds is visible and inside the viewport, read in one look at the page
 * (a 27-card hand measured card by card took two round trips a card, at ten sizes and languages).
 */
async function expectAllOnScreen(page: Page, els: Locator, what: string): Promise<void> {
  const vp = page.viewportSize()!;
  const offScreen = async () => {
    const boxes = await els.evaluateAll((nodes) =>
      nodes.map((n) => {
        const r = n.getBoundingClientRect();
        const visible = r.width > 0 && r.height > 0 && n.checkVisibility({ visibilityProperty: true });
        return { card: (n as HTMLElement).dataset.card ?? n.tagName, visible, x: r.x, y: r.y, right: r.right, bottom: r.bottom };
      }),
    );
    if (boxes.length === 0) return ['none found'];
    return boxes
      .filter((b) => !b.visible || b.y < -1 || b.bottom > vp.height + 1 || b.x < -1 || b.right > vp.width + 1)
      .map((b) => `${b.card} ${b.visible ? `at ${Math.round(b.x)},${Math.round(b.y)}–${Math.round(b.right)},${Math.round(b.bottom)}` : 'hidden'}`);
  };
  await expect.poll(offScreen, { message: `${what}: every one visible and inside ${vp.width}x${vp.height}`, timeout: 5_000 }).toEqual([]);
}

/**
 * The deal's breakdown at the end of a one-deal game: for each team, going out + the board −
 * the hands is the deal's score; the hands listed one by one add up to the hands' row; and the
 * deal's score is the one the result card shows, in the result card itself, on the screen as
 * the game ends.
 */
async function expectBreakdownAddsUp(page: Page): Promise<void> {
  const summary = page.getByTestId('game-over').getByTestId('deal-summary');
  await expect(summary).toHaveCount(1);
  await expect(page.getByTestId('deal-summary')).toHaveCount(1);
  const value = async (row: string, team: number) => Number(await summary.getByTestId(row).locator(`[data-team="${team}"]`).getAttribute('data-value'));
  const shownScores = await page.locator('[data-testid="game-over"] table.totals tbody tr td:first-of-type').allTextContents();
  for (const team of [0, 1]) {
    const out = await value('deal-summary-out-row', team);
    const board = await value('deal-summary-board', team);
    const hands = await value('deal-summary-hands', team);
    const net = await value('deal-summary-net', team);
    expect(out + board + hands, `team ${team}: going out + board − hands`).toBe(net);
    const perHand = await summary.locator(`li[data-team="${team}"]`).evaluateAll((lis) => lis.map((li) => Number((li as HTMLElement).dataset.value)));
    expect(perHand.length, `team ${team}: every hand listed`).toBeGreaterThan(0);
    expect(
      perHand.reduce((a, b) => a + b, 0),
      `team ${team}: the hands one by one`,
    ).toBe(hands);
    expect(Number(shownScores[team]), `team ${team}: the result card's score`).toBe(net);
  }
  await summary.scrollIntoViewIfNeeded();
  await expect(summary).toBeInViewport();
  await shot(page, 'dhappa-breakdown-en-390x844');
  await page.getByTestId('language-toggle').click();
  await expect(summary).toContainText('التوزيع');
  await shot(page, 'dhappa-breakdown-ar-390x844');
  await page.getByTestId('language-toggle').click();
}

async function startWithBots(host: Player, botSeats: number[]): Promise<void> {
  for (const seat of botSeats) await host.page.getByTestId(`add-bot-${seat}`).click();
  await expect(host.page.getByTestId(`seat-${botSeats[botSeats.length - 1]}`)).toContainText(/bot/i);
  await host.page.getByTestId('start').click();
  await expect(host.page.getByTestId('dhappa-table')).toBeVisible();
}

async function waitMyTurn(page: Page, ms: number): Promise<boolean> {
  return page
    .waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="dhappa-table"]')?.dataset.myTurn === 'true', null, { timeout: ms, polling: 100 })
    .then(() => true)
    .catch(() => false);
}

/**
 * Waits for this person's turn in a live deal. The bots go out fast: a deal they ended first
 * (rare) is followed by the next one, which the host starts.
 */
async function myTurnMidDeal(page: Page): Promise<void> {
  const table = page.getByTestId('dhappa-table');
  for (let deal = 0; deal < 3; deal++) {
    await page.waitForFunction(
      () => {
        const t = document.querySelector<HTMLElement>('[data-testid="dhappa-table"]');
        return t?.dataset.myTurn === 'true' || t?.dataset.phase === 'over';
      },
      null,
      { timeout: 30_000, polling: 100 },
    );
    if ((await table.getAttribute('data-phase')) !== 'over') return;
    await page.getByTestId('play-again').click();
    await expect(page.locator('[data-testid^="hand-card-"]')).toHaveCount(27);
  }
  throw new Error('no live deal reached this person');
}

test.describe('Dhappa Baaji table', () => {
  test('a 27-card hand fits a phone; hand, buttons and every card on screen mid-deal at five sizes, English and Arabic', async ({ browser }) => {
    // Every card of a 27-card hand is clicked, then measured at five sizes in two languages.
    test.setTimeout(240_000);
    const host = await newPlayer(browser, 'Maya', PHONE);
    try {
      await createRoomAndJoin(host, 'dhappa', { clock: 'none', pace: 'quick' });
      await startWithBots(host, [1, 2, 3]);
      const { page } = host;
      const hand = page.locator('[data-testid^="hand-card-"]');
      await expect(hand).toHaveCount(27);
      // Every card can be scrolled to and clicked, and the page never gets wider than the phone.
      for (const b of await hand.all()) {
        await b.scrollIntoViewIfNeeded();
        await b.click({ position: CARD_CORNER });
        await expect(b).toHaveAttribute('aria-pressed', 'true');
        await b.click({ position: CARD_CORNER });
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // All 27 on screen at once, with the buttons, at every size (the table above them scrolls).
      // On this person's turn, so the bots cannot end the deal meanwhile (a quick bot can go out
      // before the first turn comes round: then the next deal is the one measured).
      await myTurnMidDeal(page);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.waitForTimeout(300);
        const where = `27 cards ${size.width}x${size.height}`;
        expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(size.width);
        for (const id of ['new-run', 'discard', 'draw', 'discard-pile']) await expectOnScreen(page, page.getByTestId(id), `${id} ${where}`);
        await expectAllOnScreen(page, hand, `the hand's cards ${where}`);
        await shot(page, `dhappa-27-en-${size.width}x${size.height}`);
      }
      await page.setViewportSize(PHONE);
      // The keyboard selects too: focus a card, Space toggles it.
      const first = hand.first();
      await first.focus();
      await page.keyboard.press('Space');
      await expect(first).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press('Space');
      await expect(first).toHaveAttribute('aria-pressed', 'false');
      await page.getByTestId('sort-rank').click();
      await expect(page.getByTestId('sort-rank')).toHaveAttribute('aria-pressed', 'true');

      // Drag and drop: with a pure run selected, dragging one of its cards onto "New run" lays it.
      let dragged = false;
      if (await waitMyTurn(page, 30_000)) {
        await clickAndWait(page, 'draw');
        const t = await readTable(page);
        const run = findPureMeld(t.hand.map((h) => h.card));
        if (run) {
          for (const c of run) await clickCard(page, c);
          const v = await stateVersion(page);
          await page.getByTestId(`hand-card-${run[0]}`).dragTo(page.getByTestId('new-run'), { sourcePosition: CARD_CORNER });
          await waitForNewState(page, v);
          expect((await readTable(page)).draftRuns).toBe(t.draftRuns + 1);
          dragged = true;
        }
        const card = plainDiscard(await readTable(page));
        if (card) await discardCard(page, card);
      }
      console.log(`drag and drop laid a run: ${dragged}`);
      // The screenshots while the table (no clock) waits for this person's next turn: mid-deal.
      await myTurnMidDeal(page);
      for (const lang of ['en', 'ar']) {
        for (const size of SIZES) {
          await page.setViewportSize(size);
          await page.waitForTimeout(300);
          const where = `${lang} ${size.width}x${size.height}`;
          expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(size.width);
          // The hand, every card of it and the buttons are on screen without scrolling.
          for (const id of ['hand', 'new-run', 'undo', 'discard', 'draw', 'discard-pile']) await expectOnScreen(page, page.getByTestId(id), `${id} ${where}`);
          await expectAllOnScreen(page, hand, `the hand's cards ${where}`);
          await shot(page, `dhappa-${lang}-${size.width}x${size.height}`);
        }
        if (lang === 'en') await page.getByTestId('language-toggle').click();
      }
      await page.getByTestId('language-toggle').click();
    } finally {
      await closeAll([host]);
    }
  });
});

async function seated(players: Player[], feeds: Feed[], cards: number): Promise<Person[]> {
  const people: Person[] = [];
  for (const [i, p] of players.entries()) {
    // A click that cannot happen fails the test in seconds, not at its end.
    p.page.setDefaultTimeout(10_000);
    await expect(p.page.locator('[data-testid^="hand-card-"]')).toHaveCount(cards);
    const seat = Number(await p.page.getByTestId('dhappa-table').getAttribute('data-seat'));
    people.push({ ...p, feed: feeds[i]!, seat, turns: 0 });
  }
  return people;
}

/** Every turn of a person was theirs, by clicking: no clock timeout, no bot on their seat, each turn counted. */
function expectOnlyClicks(people: Person[], watcher: Feed): void {
  const turns = turnsBySeat(watcher);
  for (const p of people) {
    expect(
      p.feed.events.filter((e) => e.type === 'timeout'),
      `${p.name}: no turn ran out of time`,
    ).toEqual([]);
    expect([...p.feed.botPlayed], `${p.name}: no bot played a person's seat`).toEqual([]);
    expect(turns.get(p.seat) ?? 0, `${p.name}: every turn ended by a click`).toBe(p.turns);
  }
}

test.describe('Dhappa Baaji moments and options', () => {
  // In full motion: the deal's own motion is checked here (see playwright.config.ts).
  test.use({ reducedMotion: 'no-preference' });

  test('the hand deals in with the shared motion (none under reduced motion); the four-colour switch recolours the cards and is kept', async ({ browser }) => {
    // Every card of a 27-card hand is clicked, then measured at five sizes in two languages.
    test.setTimeout(240_000);
    const host = await newPlayer(browser, 'Maya', PHONE);
    try {
      const { page } = host;
      await createRoomAndJoin(host, 'dhappa', { clock: 'none', pace: 'relaxed' });
      // Notes what the deal looks like the moment the table takes the shared class.
      await page.evaluate(() => {
        const w = window as unknown as { dealt?: { cards: number; props: string[] } };
        const seen = new MutationObserver(() => {
          const table = document.querySelector('[data-testid="dhappa-table"].fx-dealing');
          if (!table) return;
          seen.disconnect();
          requestAnimationFrame(() => {
            const cards = [...table.querySelectorAll('[data-testid^="hand-card-"]')];
            const frames = cards.flatMap((c) => c.getAnimations().flatMap((a) => (a.effect as KeyframeEffect | null)?.getKeyframes() ?? []));
            const props = new Set(frames.flatMap((f) => Object.keys(f)));
            for (const k of ['offset', 'computedOffset', 'easing', 'composite']) props.delete(k);
            w.dealt = { cards: cards.filter((c) => c.getAnimations().length > 0).length, props: [...props].sort() };
          });
        });
        seen.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
      });
      await startWithBots(host, [1, 2, 3]);
      const table = page.getByTestId('dhappa-table');
      // The deal: the table took the shared class and the hand's cards ran an animation of
      // transform and opacity only...
      const dealt = await page
        .waitForFunction(() => (window as unknown as { dealt?: unknown }).dealt, null, { timeout: 5_000 })
        .then((h) => h.jsonValue() as Promise<{ cards: number; props: string[] }>);
      expect(dealt.cards, 'hand cards dealing in').toBeGreaterThan(20);
      expect(dealt.props).toEqual(['opacity', 'transform']);
      // ...and it ends.
      await expect(table).not.toHaveClass(/fx-dealing/, { timeout: 3_000 });

      // Four colours: a diamond turns blue and a club green, on this device, after a reload too.
      const diamond = page.locator('[data-testid^="hand-card-"][data-card*="D"] .card').first();
      const club = page.locator('[data-testid^="hand-card-"][data-card*="C"] .card').first();
      const toggle = page.getByTestId('four-colour');
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await expect(diamond).toHaveClass(/ink-red/);
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await expect(diamond).toHaveClass(/ink-blue/);
      await expect(club).toHaveClass(/ink-green/);
      await shot(page, 'dhappa-four-colour-en-390x844');
      await page.reload();
      await expect(page.getByTestId('four-colour')).toHaveAttribute('aria-pressed', 'true');
      await expect(diamond).toHaveClass(/ink-blue/);
      // A reload brings the table back without dealing it again.
      await expect(table).not.toHaveClass(/fx-dealing/);
      await page.getByTestId('four-colour').click();
      await expect(diamond).toHaveClass(/ink-red/);

      // Reduced motion: a new game's deal lands without the class or any card animation.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await createRoomAndJoin(host, 'dhappa', { clock: 'none', pace: 'relaxed' });
      await startWithBots(host, [1, 2, 3]);
      await expect(page.locator('[data-testid^="hand-card-"]')).toHaveCount(27);
      expect(await table.evaluate((t) => t.classList.contains('fx-dealing'))).toBe(false);
      expect(await page.locator('[data-testid^="hand-card-"]').evaluateAll((cards) => cards.filter((c) => c.getAnimations().length > 0).length)).toBe(0);
    } finally {
      await closeAll([host]);
    }
  });
});

test.describe('Dhappa Baaji rooms', () => {
  test('four people in two teams play every turn of a deal by clicking, to its end: N-pick, joker swap, refusals, undo, Dhappa', async ({ browser }) => {
    test.setTimeout(180_000);
    const started = Date.now();
    const players = await Promise.all(['Ana', 'Ben', 'Cai', 'Dia'].map((n) => newPlayer(browser, n)));
    const feeds = players.map((p) => new Feed(p.page));
    try {
      // No turn clock: a busy machine must not turn a slow click into a timeout move (none happens: asserted).
      const link = await createRoomAndJoin(players[0]!, 'dhappa', { clock: 'none', pace: 'quick' });
      await Promise.all(players.slice(1).map((p) => joinByLink(p, link)));
      const host = players[0]!.page;
      for (const seat of [1, 2, 3]) await expect(host.getByTestId(`seat-${seat}`)).toContainText(/Ben|Cai|Dia/);
      await host.getByTestId('start').click();
      const people = await seated(players, feeds, 27);
      // Teams alternate: each person sees a partner and two opponents.
      for (const p of people) await expect(p.page.locator('.player.partner')).toHaveCount(1);

      const goals = noGoals();
      const seen = () => goals.npick && goals.swap && goals.undo && goals.dhappa && goals.refusal;
      // A deal that offers no N-pick or no joker swap (rare) is followed by another one.
      for (let deal = 1; ; deal++) {
        const t0 = Date.now();
        await playDeal(people, goals, 150_000 - (Date.now() - started));
        for (const p of people) await expect(p.page.getByTestId('game-over')).toBeVisible();
        await expect(host.getByTestId('dhappa-table')).toHaveAttribute('data-phase', 'over');
        console.log(
          `deal ${deal}: ${Math.round((Date.now() - t0) / 1000)} s, ${feeds[0]!.version} moves, turns ${people.map((p) => `${p.name} ${p.turns}`).join(', ')}; ${JSON.stringify(goals)}`,
        );
        if (seen()) break;
        await host.getByTestId('play-again').click();
        for (const p of people) await expect(p.page.locator('[data-testid^="hand-card-"]')).toHaveCount(27);
      }
      expect(goals.npick, 'an N-pick of two or more cards').toBe(true);
      expect(goals.swap, 'a joker swap').toBe(true);
      expect(goals.undo, 'an undo').toBe(true);
      expect(goals.refusal, 'a refusal shown').toBe(true);
      expect(goals.dhappa, 'a Dhappa').toBe(true);
      expectOnlyClicks(people, feeds[0]!);
      console.log(`four people: ${Math.round((Date.now() - started) / 1000)} s`);
    } finally {
      await closeAll(players);
    }
  });

  test('six seats, two people and four quick bots, play to the end of a deal (the people click every turn); the result passes axe', async ({ browser }) => {
    test.setTimeout(120_000);
    const started = Date.now();
    const players = [await newPlayer(browser, 'Eli'), await newPlayer(browser, 'Fay', PHONE)];
    const feeds = players.map((p) => new Feed(p.page));
    try {
      const link = await createRoomAndJoin(players[0]!, 'dhappa', { clock: 'none', pace: 'quick' });
      await joinByLink(players[1]!, link);
      await expect(players[0]!.page.getByTestId('seat-1')).toContainText('Fay');
      await startWithBots(players[0]!, [2, 3, 4, 5]);
      const people = await seated(players, feeds, 21);
      await expect(players[0]!.page.locator('.player')).toHaveCount(5);
      // The people just play their plans (nothing forced).
      const goals: Goals = { ...noGoals(), npick: true, fanRefusal: true, refusal: true, undo: true, dhappa: true, swap: true };
      await playDeal(people, goals, 100_000);
      for (const p of people) await expect(p.page.getByTestId('game-over')).toBeVisible();
      expectOnlyClicks(people, feeds[0]!);
      await expectBreakdownAddsUp(players[1]!.page);
      // The result card with its deal breakdown passes axe in both languages (e2e/axe.ts).
      const found = new Map<string, string[]>();
      await checkBoth(players[1]!.page, 'dhappa result', found);
      expect(report(found)).toBe('');
      expect(people[0]!.turns + people[1]!.turns, 'the people took turns').toBeGreaterThan(0);
      console.log(`six seats: ${Math.round((Date.now() - started) / 1000)} s, turns ${people.map((p) => `${p.name} ${p.turns}`).join(', ')}`);
    } finally {
      await closeAll(players);
    }
  });
});
