import { describe, expect, it, vi } from 'vitest';
import { i18n } from './index';
import { installMessages } from './install';

describe('installMessages (every screen merges its words the same way)', () => {
  it('merges both languages under the namespace, once per messages module', () => {
    const merge = vi.spyOn(i18n.global, 'mergeLocaleMessage');
    const words = { en: { hello: 'Hello {name}' }, ar: { hello: 'مرحبا {name}' } };
    installMessages(words, 'probe');
    installMessages(words, 'probe');
    expect(merge).toHaveBeenCalledTimes(2);
    expect(i18n.global.t('probe.hello', { name: 'Ana' })).toBe('Hello Ana');
    expect(i18n.global.getLocaleMessage('ar')).toMatchObject({ probe: { hello: 'مرحبا {name}' } });
    merge.mockRestore();
  });

  it('merges at the root without a namespace', () => {
    installMessages({ en: { rootProbe: { title: 'Top' } }, ar: { rootProbe: { title: 'أعلى' } } });
    expect(i18n.global.t('rootProbe.title')).toBe('Top');
  });
});
