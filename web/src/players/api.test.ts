import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { ar } from '../i18n/ar';
import { installPlayerMessages } from './i18n';
import { failureNotice, PlayerApiError } from './api';

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
