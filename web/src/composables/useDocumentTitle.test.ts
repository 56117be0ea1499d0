import { describe, expect, it } from 'vitest';
import { effectScope, nextTick, ref } from 'vue';
import type { Router } from 'vue-router';
import { installDocumentTitle, useDocumentTitle } from './useDocumentTitle';

describe('document titles', () => {
  const document = { title: '' };
  const route = ref({ meta: { title: 'titles.home' } as { title?: string } });
  const words: Record<string, string> = { 'titles.home': 'Home', 'titles.room': 'Room' };
  installDocumentTitle(
    { currentRoute: route } as unknown as Router,
    (k) => words[k] ?? k,
    'titles.home',
    (t) => (document.title = t),
  );

  it('follows the route, and a page that sets its own title while it is mounted', async () => {
    await nextTick();
    expect(document.title).toBe('Home');
    route.value = { meta: { title: 'titles.room' } };
    await nextTick();
    expect(document.title).toBe('Room');

    const turn = ref(false);
    const page = effectScope();
    page.run(() => useDocumentTitle(() => (turn.value ? '● Your turn — Eights' : 'Eights — Cardroom')));
    await nextTick();
    expect(document.title).toBe('Eights — Cardroom');
    turn.value = true;
    await nextTick();
    expect(document.title).toBe('● Your turn — Eights');

    page.stop(); // unmounted: back to the route's title
    await nextTick();
    expect(document.title).toBe('Room');
  });

  it('falls back to the route while the page has nothing to say, and a stale page never clears a newer one', async () => {
    const game = ref<string | null>(null);
    const old = effectScope();
    old.run(() => useDocumentTitle(() => game.value));
    await nextTick();
    expect(document.title).toBe('Room');
    const next = effectScope();
    next.run(() => useDocumentTitle('Mahjong'));
    await nextTick();
    old.stop();
    await nextTick();
    expect(document.title).toBe('Mahjong');
    next.stop();
    await nextTick();
    expect(document.title).toBe('Room');
  });
});
