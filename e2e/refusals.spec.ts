import { expect, test, type Browser, type Locator, type Page, type WebSocketRoute } from '@playwright/test';
import { dhappaDeck } from '../shared/games/dhappa/cards';
import { latinWords } from './latin';
import { closeAll, createRoomAndJoin, joinByLink, stateVersion, type Player } from './room-helpers';
import { NAMED_SIZES } from './screen-checks';

/**
 * Refusals are data worded by the browser: each one provoked here — by clicking where the page
 * lets a person, by a forged frame on the page's own socket where it does not — reads as the
 * words table's sentence in English and has no Latin word in Arabic, and it is said once, in the
 * room page's line above the table, clear of the hand.
 */

const LANGS = [
  { lang: 'en', locale: 'en-GB' },
  { lang: 'ar', locale: 'ar-SA' },
] as const;
type Lang = (typeof LANGS)[number]['lang'];

/** A player whose room socket can carry forged frames (the page's own socket, routed through Playwright). */
interface Forger extends Player {
  forge(msg: object): void;
}

async function newForger(browser: Browser, name: string, locale: string, viewport = { width: 1280, height: 800 }): Promise<Forger> {
  const context = await browser.newContext({ viewport, locale });
  const page = await context.newPage();
  let server: WebSocketRoute | null = null;
  // Frames flow both ways as usual; `forge` adds one as if the page had sent it.
  await page.routeWebSocket(/\/api\/rooms\/[a-z0-9]+\/ws/, (ws) => {
    server = ws.connectToServer();
  });
  return {
    name,
    context,
    page,
    forge(msg) {
      if (!server) throw new Error('no room socket yet');
      server.send(JSON.stringify(msg));
    },
  };
}

const toastOf = (page: Page) => page.getByTestId('toast');

/**
 * The refusal line says `expected` (the table's sentence) in English, or Arabic with no Latin
 * word. `provoke` again when the table moved between reading its version and the forged move
 * arriving (the room then says stale_move instead), or when it moved on while the line was read
 * (a bot's move clears the line): every check is made on one showing of it.
 */
async function expectRefusal(page: Page, lang: Lang, expected: { en: RegExp | string; ar: RegExp | string }, provoke?: () => Promise<void>): Promise<void> {
  const toast = toastOf(page);
  const check = async (timeout?: number) => {
    await expect(toast).toHaveText(expected[lang], { timeout });
    // One message: nothing else on the table says it again.
    await expect(page.getByRole('alert')).toHaveCount(1, { timeout });
    if (lang === 'ar') {
      const text = (await toast.textContent({ timeout })) ?? '';
      expect(text).toMatch(/[\u0600-\u06ff]/);
      expect(text).not.toMatch(/[,;]/);
      expect(
        (await latinWords(page)).filter((w) => w.includes('#toast')),
        text,
      ).toEqual([]);
    }
  };
  if (!provoke) return check();
  await expect(async () => {
    await provoke();
    await check(3000);
  }).toPass({ timeout: 30_000 });
}

/** The refusal line and the hand (cards at the bottom of the table) do not overlap. */
async function expectClearOfHand(page: Page, hand: Locator): Promise<void> {
  const box = await toastOf(page).boundingBox();
  expect(box).not.toBeNull();
  for (const card of await hand.all()) {
    const c = await card.boundingBox();
    if (!c || c.width === 0) continue;
    const overlaps = box!.x < c.x + c.width && c.x < box!.x + box!.width && box!.y < c.y + c.height && c.y < box!.y + box!.height;
    expect(overlaps, `refusal over a card at ${JSON.stringify(c)}`).toBe(false);
  }
}

/** Provokes the refusal again at each size (it shows for 4 s), checks it is clear of the hand and keeps a screenshot. */
async function atEverySize(p: Forger, lang: Lang, name: string, hand: Locator, provoke: () => Promise<void>): Promise<void> {
  for (const size of NAMED_SIZES) {
    await p.page.setViewportSize(size);
    await p.page.waitForTimeout(200);
    // Again if the line went (its 4 s, or the table moved on) before it was measured and shot.
    await expect(async () => {
      await provoke();
      await expect(toastOf(p.page)).toBeVisible({ timeout: 3000 });
      await expectClearOfHand(p.page, hand);
      await p.page.screenshot({ path: `e2e/artifacts/refusal-${name}-${lang}-${size.name}.png` });
    }).toPass({ timeout: 30_000 });
  }
}

async function startWithBots(host: Player, seats: number[], table: Locator): Promise<void> {
  for (const seat of seats) await host.page.getByTestId(`add-bot-${seat}`).click();
  await expect(host.page.getByTestId(`seat-${seats[seats.length - 1]}`)).toContainText(/\S/);
  await host.page.getByTestId('start').click();
  await expect(table).toBeVisible();
}

const iso = (s: string) => `\u2068${s}\u2069`;

for (const { lang, locale } of LANGS) {
  test.describe(`refusals in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    test('the room: a non-host starting, a full room, a ticket in a friendly room', async ({ browser }) => {
      test.setTimeout(120_000);
      const ana = await newForger(browser, 'Ana', locale);
      const ben = await newForger(browser, 'Ben', locale);
      const cy = await newForger(browser, 'Cy', locale);
      try {
        const link = await createRoomAndJoin(ana, 'baloot', { pace: 'quick' });
        await joinByLink(ben, link);
        // The lobby offers Start to the host only: Ben's is forged.
        ben.forge({ t: 'start' });
        await expectRefusal(ben.page, lang, { en: 'Only the host can do that.', ar: 'المضيف وحده يستطيع ذلك.' });

        await ana.page.getByTestId('add-bot-2').click();
        await ana.page.getByTestId('add-bot-3').click();
        await expect(ana.page.getByTestId('seat-3')).toContainText(/\S/);
        await cy.page.goto(link);
        await expect(cy.page.getByTestId('seat-3')).toContainText(/\S/);
        cy.forge({ t: 'join', name: 'Cy' });
        await expectRefusal(cy.page, lang, {
          en: `All ${iso('4')} seats are taken; you can watch.`,
          ar: `المقاعد الـ${iso('4')} كلها مشغولة؛ يمكنك المشاهدة.`,
        });

        // A queue's ticket opens only a ranked room (the page sends one only there): a forged one here is refused.
        cy.forge({ t: 'join', name: 'Cy', ticket: 'A'.repeat(43) });
        await expectRefusal(cy.page, lang, { en: 'This is a friendly room: join it without a ticket.', ar: 'هذه غرفة ودية: ادخلها دون تذكرة.' });
      } finally {
        await closeAll([ana, ben, cy]);
      }
    });

    test('Eights: a card that does not match, or one not held; said clear of the hand at five sizes', async ({ browser }) => {
      test.setTimeout(150_000);
      const ana = await newForger(browser, 'Ana', locale);
      try {
        await createRoomAndJoin(ana, 'eights', { pace: 'quick' });
        const { page } = ana;
        await startWithBots(ana, [1], page.getByTestId('hand'));
        await expect(page.getByTestId('your-turn')).toBeVisible({ timeout: 30_000 });
        const hand = page.locator('[data-testid="hand"] [data-card]');
        const provoke = async () => {
          const unplayable = await page
            .locator('[data-testid="hand"] [data-playable="false"]')
            .first()
            .getAttribute('data-card', { timeout: 1000 })
            .catch(() => null);
          ana.forge({ t: 'move', version: await stateVersion(page), move: { type: 'play', card: unplayable ?? 'b9#2' } });
        };
        await expectRefusal(
          page,
          lang,
          {
            en: /^(\u2068[^\u2069]+\u2069 does not go on \u2068[^\u2069]+\u2069: play \u2068[a-z]+\u2069, the same number or symbol, or a wild\.|You do not hold \u2068[^\u2069]+\u2069\.)$/,
            ar: /^(الورقة \u2068[^\u2069]+\u2069 لا تُلعب على \u2068[^\u2069]+\u2069: العب اللون \u2068[^\u2069]+\u2069 أو الرقم أو الرمز نفسه، أو ورقة حرة\.|الورقة \u2068[^\u2069]+\u2069 ليست في يدك\.)$/,
          },
          provoke,
        );
        await atEverySize(ana, lang, 'eights', hand, provoke);
      } finally {
        await closeAll([ana]);
      }
    });

    test('Dhappa Baaji: discarding a card not held (forged), said once and clear of the hand at five sizes', async ({ browser }) => {
      test.setTimeout(240_000);
      const ana = await newForger(browser, 'Ana', locale);
      try {
        await createRoomAndJoin(ana, 'dhappa', { pace: 'quick' });
        const { page } = ana;
        await startWithBots(ana, [1, 2, 3], page.getByTestId('dhappa-table'));
        await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="dhappa-table"]')?.dataset.myTurn === 'true', null, {
          timeout: 60_000,
        });
        await page.getByTestId('draw').click();
        await expect(page.getByTestId('draw')).toBeDisabled();
        const hand = page.locator('[data-testid^="hand-card-"]');
        const held = new Set(await hand.evaluateAll((cards) => cards.map((c) => (c as HTMLElement).dataset.card)));
        const notHeld = dhappaDeck().find((c) => !held.has(c) && !c.startsWith('X'))!;
        const provoke = async () => ana.forge({ t: 'move', version: await stateVersion(page), move: { type: 'discard', card: notHeld } });
        await expectRefusal(
          page,
          lang,
          { en: /^You do not hold \u2068[^\u2069]+ of [a-z]+\u2069\.$/, ar: /^الورقة \u2068[^\u2069]+\u2069 ليست في يدك\.$/ },
          provoke,
        );
        await atEverySize(ana, lang, 'dhappa', hand, provoke);
      } finally {
        await closeAll([ana]);
      }
    });

    test('Baloot and Rummy: a card played during the bidding, a discard before the draw (forged)', async ({ browser }) => {
      test.setTimeout(240_000);
      const ana = await newForger(browser, 'Ana', locale);
      const ben = await newForger(browser, 'Ben', locale);
      try {
        await createRoomAndJoin(ana, 'baloot', { pace: 'relaxed' });
        await startWithBots(ana, [1, 2, 3], ana.page.locator('[data-testid^="hand-card-"]').first());
        const card = await ana.page.locator('[data-testid^="hand-card-"]').first().getAttribute('data-card');
        await expectRefusal(
          ana.page,
          lang,
          {
            en: /^(Cards are played once the bidding and doubling are over\.|It is \u2068[^\u2069]+\u2069's turn, not yours\.)$/,
            ar: /^(تُلعب الأوراق بعد انتهاء الشراء والدبل\.|الدور لـ\u2068[^\u2069]+\u2069 وليس لك\.)$/,
          },
          async () => ana.forge({ t: 'move', version: await stateVersion(ana.page), move: { type: 'play', card } }),
        );

        await createRoomAndJoin(ben, 'rummy', { pace: 'relaxed' });
        await startWithBots(ben, [1], ben.page.locator('[data-testid^="hand-card-"]').first());
        const mine = await ben.page.locator('[data-testid^="hand-card-"]').first().getAttribute('data-card');
        await expectRefusal(
          ben.page,
          lang,
          {
            en: /^(Draw a card first: from the pile, or the top discard\.|It is \u2068[^\u2069]+\u2069's turn, not yours\.)$/,
            ar: /^(اسحب ورقة أولًا: من الكومة، أو الورقة المرمية في الأعلى\.|الدور لـ\u2068[^\u2069]+\u2069 وليس لك\.)$/,
          },
          async () => ben.forge({ t: 'move', version: await stateVersion(ben.page), move: { type: 'discard', card: mine } }),
        );
        await ben.page.screenshot({ path: `e2e/artifacts/refusal-rummy-${lang}-desktop.png` });
      } finally {
        await closeAll([ana, ben]);
      }
    });
  });
}
