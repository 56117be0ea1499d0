import { WebAuthnError } from '@simplewebauthn/browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { ar } from '../i18n/ar';
import { installPlayerMessages } from './i18n';
import { failureNotice, PlayerApiError, rename } from './api';

describe("the profile screen's failures", () => {
  it("are worded in the reader's language, never with the browser's or the server's English", () => {
    installPlayerMessages();
    i18n.global.mergeLocaleMessage('ar', ar);
    const browserRefusal = new WebAuthnError({ message: 'The operation is insecure.', code: 'ERROR_INVALID_DOMAIN', cause: new Error('SecurityError') });
    const failures = [
      browserRefusal,
      new DOMException('The authenticator was previously registered.', 'InvalidStateError'),
      new PlayerApiError('unknown_passkey', 'This passkey does not keep any profile here.', 404),
      new PlayerApiError('http', 'HTTP 502', 502),
      new TypeError('Failed to fetch'),
    ];
    for (const e of failures) {
      const notice = failureNotice(e);
      for (const locale of ['en', 'ar'] as const) {
        i18n.global.locale.value = locale;
        expect(i18n.global.te(notice.key), `${notice.key} in ${locale}`).toBe(true);
        const text = i18n.global.t(notice.key, notice.params ?? {});
        // The browser's reason (English whatever the page's language) is never shown.
        if (!(e instanceof PlayerApiError)) expect(text).not.toContain((e as Error).message);
        if (locale === 'ar') expect(text).not.toMatch(/[A-Za-z]/);
      }
    }
    i18n.global.locale.value = 'en';
    expect(failureNotice(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'))).toEqual({ key: 'me.cancelled' });
    expect(failureNotice(new PlayerApiError('passkey_taken', 'This passkey is already registered.', 409))).toEqual({ key: 'me.refused.passkey_taken' });
  });
});

describe('a rename', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('outlives the page it was typed on (a name typed just before moving on is not lost)', async () => {
    const sent: RequestInit[] = [];
    const player = { id: 'p1', name: 'سارة', rating: { mu: 25, sigma: 8.333 }, games: 0, passkeys: 0, createdAt: 0 };
    vi.stubGlobal('fetch', (_path: string, init: RequestInit) => {
      sent.push(init);
      return Promise.resolve(new Response(JSON.stringify({ player }), { status: 200 }));
    });
    await rename('سارة').catch(() => undefined);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'PATCH', keepalive: true });
    expect(JSON.parse(String(sent[0]!.body))).toEqual({ name: 'سارة' });
  });
});
