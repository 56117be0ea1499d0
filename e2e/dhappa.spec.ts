import { expect, test, type Locator, type Page } from '@playwright/test';
import { CARD_CORNER, clickAndWait, clickCard, jokerSwap, discardCard, findPureMeld, plainDiscard, readTable, shot } from './dhappa-player';
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

/** Draw, lay a pure run when there is one, discard a plain card. */
async function simpleTurn(page: Page, meld = true): Promise<void> {
  let t = await readTable(page);
  if (t.phase === 'pick') {
    await clickAndWait(page, 'draw');
    t = await readTable(page);
  }
  const run = meld ? findPureMeld(t.hand.map((h) => h.card)) : null;
  if (run && t.hand.length > 4) {
    for (const c of run) await clickCard(page, c);
    await clickAndWait(page, 'new-run');
    t = await readTable(page);
  }
  const card = plainDiscard(t);
  if (card) await discardCard(page, card);
}

test.describe('Dhappa Baaji table', () => {
  test('a 27-card hand fits a phone; hand, buttons and every card on screen mid-deal at five sizes, English and Arabic', async ({ browser }) => {
    test.setTimeout(120_000);
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
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.waitForTimeout(300);
        const where = `27 cards ${size.width}x${size.height}`;
        expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(size.width);
        for (const id of ['new-run', 'discard', 'draw', 'discard-pile']) await expectOnScreen(page, page.getByTestId(id), `${id} ${where}`);
        for (const b of await hand.all()) await expectOnScreen(page, b, `a hand card ${where}`);
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
      // Another turn, then the screenshots while the table (no clock) waits for this person: mid-deal.
      if (await waitMyTurn(page, 20_000)) await simpleTurn(page);
      await waitMyTurn(page, 20_000);
      await expect(page.getByTestId('dhappa-table')).not.toHaveAttribute('data-phase', 'over');
      for (const lang of ['en', 'ar']) {
        for (const size of SIZES) {
          await page.setViewportSize(size);
          await page.waitForTimeout(300);
          const where = `${lang} ${size.width}x${size.height}`;
          expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(size.width);
          // The hand, every card of it and the buttons are on screen without scrolling.
          for (const id of ['hand', 'new-run', 'undo', 'discard', 'draw', 'discard-pile']) await expectOnScreen(page, page.getByTestId(id), `${id} ${where}`);
          for (const b of await hand.all()) await expectOnScreen(page, b, `a hand card ${where}`);
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

function explain(e: unknown): string {
  const text = e instanceof Error ? `${e.message}\n${e.stack ?? ''}` : String(e);
  return text.split('\n').filter((l) => /Timeout|getByTestId|locator\(|dhappa\.spec\.ts:|Expected|Received/.test(l)).slice(0, 4).join(' / ');
}

interface Goals {
  npick: boolean;
  fanRefusal: boolean;
  refusal: boolean;
  undo: boolean;
  dhappa: boolean;
  swap: boolean;
}

/** One person's turn, trying in passing each thing the test wants to see. */
async function scriptedTurn(page: Page, goals: Goals): Promise<void> {
  let t = await readTable(page);
  if (t.phase === 'pick') {
    const deep = t.picks.filter((n) => n >= 2);
    if (!goals.npick && deep.length > 0) {
      await page.getByTestId('discard-pile').click({ timeout: 2000 });
      await expect(page.getByTestId('pick-fan')).toBeVisible();
      // A depth the view says cannot be placed: the server refuses and the table says why.
      const illegal = page.locator('[data-testid^="fan-depth-"][data-legal="false"]').first();
      if (!goals.fanRefusal && (await illegal.count()) > 0) {
        await illegal.click({ timeout: 2000 });
        await page.getByTestId('pick-confirm').click({ timeout: 2000 });
        await expect(page.getByTestId('table-error')).toContainText(/cannot pick/i, { timeout: 3000 });
        goals.fanRefusal = true;
        await page.getByTestId('discard-pile').click({ timeout: 2000 });
      }
      const n = Math.max(...deep.filter((d) => d <= 16));
      await page.getByTestId(`fan-depth-${n}`).click({ timeout: 2000 });
      await expect(page.getByTestId(`fan-depth-${n}`)).toHaveAttribute('aria-pressed', 'true');
      const before = t.discardCount;
      if (await clickAndWait(page, 'pick-confirm')) {
        t = await readTable(page);
        expect(t.discardCount).toBe(before - n);
        goals.npick = true;
      }
      // The deepest card is owed to the table: the clock's timeout places it and discards.
      return;
    }
    if (!(await clickAndWait(page, 'draw'))) return;
    t = await readTable(page);
  }
  if (t.phase !== 'play') return;
  // The clock is short: the Dhappa first, when the hand has a 2.
  const two = t.hand.find((h) => h.discardable && h.card[0] === '2');
  if (process.env.DEBUG_DHAPPA) console.log('turn', t.hand.length, t.hand.filter((h) => h.card[0] === '2').map((h) => `${h.card}:${h.discardable}`).join(' '), t.discardCount);
  if (!goals.dhappa && two) {
    const before = t.removed;
    const pile = t.discardCount;
    if (await discardCard(page, two.card)) {
      await expect(page.getByTestId('removed-count')).toHaveAttribute('data-count', String(before + pile + 1));
      goals.dhappa = true;
    }
    return;
  }
  if (!goals.refusal) {
    // One card is no run: the server refuses and the table shows the reason.
    await clickCard(page, t.hand[0]!.card);
    await page.getByTestId('new-run').click({ timeout: 2000 });
    await expect(page.getByTestId('table-error')).toBeVisible({ timeout: 3000 });
    goals.refusal = true;
    await clickCard(page, t.hand[0]!.card);
  }
  const run = findPureMeld(t.hand.map((h) => h.card));
  if (run && t.hand.length > 5) {
    for (const c of run) await clickCard(page, c);
    if (await clickAndWait(page, 'new-run')) {
      const laid = await readTable(page);
      expect(laid.draftRuns).toBe(t.draftRuns + 1);
      if (!goals.undo) {
        await clickAndWait(page, 'undo');
        const undone = await readTable(page);
        expect(undone.draftRuns).toBe(t.draftRuns);
        expect(undone.hand.length).toBe(t.hand.length);
        goals.undo = true;
        for (const c of run) await clickCard(page, c);
        await clickAndWait(page, 'new-run');
      }
      t = await readTable(page);
    }
  }
  if (!goals.swap && t.opened) {
    // A joker swap planned from this seat's hand and its team's board (see jokerSwap).
    if (await jokerSwap(page)) goals.swap = true;
    t = await readTable(page);
  }
  const card = plainDiscard(t);
  if (card) await discardCard(page, card);
}

test.describe('Dhappa Baaji moments and options', () => {
  test('the hand deals in with the shared motion (none under reduced motion); the four-colour switch recolours the cards and is kept', async ({ browser }) => {
    test.setTimeout(120_000);
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
      const dealt = await page.waitForFunction(() => (window as unknown as { dealt?: unknown }).dealt, null, { timeout: 5_000 }).then((h) => h.jsonValue() as Promise<{ cards: number; props: string[] }>);
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
  test('four people in two teams play a deal to its end by clicking: N-pick, joker swap, refusals, undo, Dhappa', async ({ browser }) => {
    test.setTimeout(900_000);
    const started = Date.now();
    const people = await Promise.all(['Ana', 'Ben', 'Cai', 'Dia'].map((n) => newPlayer(browser, n)));
    try {
      // A 30 s clock: a person's scripted turn (a dozen clicks) never races it on a busy machine.
      const link = await createRoomAndJoin(people[0]!, 'dhappa', { clock: '30', pace: 'quick' });
      for (const p of people.slice(1)) await joinByLink(p, link);
      const host = people[0]!.page;
      await expect(host.getByTestId('seat-3')).toContainText('Dia');
      await host.getByTestId('start').click();
      for (const p of people) await expect(p.page.locator('[data-testid^="hand-card-"]')).toHaveCount(27);
      // Teams alternate: each person sees a partner and two opponents.
      for (const p of people) await expect(p.page.locator('.player.partner')).toHaveCount(1);

      const goals: Goals = { npick: false, fanRefusal: false, refusal: false, undo: false, dhappa: false, swap: false };
      const scriptEnd = Date.now() + 420_000;
      const done = () => goals.npick && goals.undo && goals.dhappa && goals.refusal && goals.swap;
      let goalsAt = 0;
      while (Date.now() < scriptEnd) {
        if (await host.getByTestId('game-over').isVisible()) break;
        // With every goal seen, the people play on by clicking (draw, lay pure runs, discard) until
        // the draw pile is empty; the clock's legal timeout moves, then the bots, end the deal.
        if (done() && (await host.getByTestId('draw').getAttribute('data-count')) === '0') break;
        for (const p of people) {
          // A person the clock made away comes back.
          const back = p.page.getByTestId('im-back');
          if (await back.isVisible()) await back.click().catch(() => undefined);
          const t = await readTable(p.page);
          if (!t.myTurn) continue;
          const v = await stateVersion(p.page);
          if (done() && !goalsAt) goalsAt = Date.now();
          const turn = done() ? simpleTurn(p.page) : scriptedTurn(p.page, goals);
          await turn.catch((e: unknown) => console.log(`${p.name}: ${explain(e)}`));
          await waitForNewState(p.page, v, 500);
        }
        await host.waitForTimeout(100);
      }
      console.log('goals', JSON.stringify(goals), `${Math.round((Date.now() - started) / 1000)} s`);
      expect(goals.npick, 'an N-pick').toBe(true);
      expect(goals.undo, 'an undo').toBe(true);
      expect(goals.refusal, 'a refusal shown').toBe(true);
      expect(goals.dhappa, 'a Dhappa').toBe(true);
      expect(goals.swap, 'a joker swap').toBe(true);
      console.log(`goals seen after ${Math.round((goalsAt - started) / 1000)} s`);
      for (const p of people) await expect(p.page.getByTestId('game-over')).toBeVisible({ timeout: 300_000 });
      await expect(host.getByTestId('dhappa-table')).toHaveAttribute('data-phase', 'over');
      console.log(`four people: ${Math.round((Date.now() - started) / 1000)} s`);
    } finally {
      await closeAll(people);
    }
  });

  test('six seats, two people and four quick bots, reach the end of a deal', async ({ browser }) => {
    test.setTimeout(240_000);
    const started = Date.now();
    const a = await newPlayer(browser, 'Eli');
    const b = await newPlayer(browser, 'Fay', PHONE);
    try {
      const link = await createRoomAndJoin(a, 'dhappa', { clock: '5', pace: 'quick' });
      await joinByLink(b, link);
      await expect(a.page.getByTestId('seat-1')).toContainText('Fay');
      await startWithBots(a, [2, 3, 4, 5]);
      for (const p of [a, b]) await expect(p.page.locator('[data-testid^="hand-card-"]')).toHaveCount(21);
      await expect(a.page.locator('.player')).toHaveCount(5);
      // The people take their first turn by clicking, then leave it to the clock and the bots.
      for (const p of [a, b]) {
        if (await waitMyTurn(p.page, 30_000)) await simpleTurn(p.page).catch(() => undefined);
      }
      for (const p of [a, b]) await expect(p.page.getByTestId('game-over')).toBeVisible({ timeout: 200_000 });
      console.log(`six seats: ${Math.round((Date.now() - started) / 1000)} s`);
    } finally {
      await closeAll([a, b]);
    }
  });
});
