import type { Page } from '@playwright/test';

/**
 * Words in Latin letters on a page shown in Arabic: visible text nodes and the accessible
 * text of attributes (aria-label, title, placeholder, alt). People's names are data, not
 * words, and the site isolates them (<bdi>, a short-name element, or U+2068…U+2069), so
 * isolated text is left out; so are card indices ("K", "10"), key names in <kbd>, the
 * language toggle (it names English in English), inputs' values (the invite link), and the
 * names Arabic uses as they are: the Shift key, a QR code, a .json file.
 * Each finding reads "text  @tag#testid".
 */
export async function latinWords(page: Page): Promise<string[]> {
  const found = await page.evaluate(() => {
    const out: { text: string; at: string }[] = [];
    const at = (el: Element) => `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `#${el.getAttribute('data-testid')}` : ''}`;
    const skip = 'script, style, noscript, bdi, kbd, .short-name, [aria-hidden="true"], [data-testid="language-toggle"]';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest(skip) || !el.checkVisibility()) continue;
      out.push({ text: n.textContent ?? '', at: at(el) });
    }
    for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      if (el.closest('[data-testid="language-toggle"], .short-name, bdi')) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(name);
        if (v) out.push({ text: v, at: `${at(el)}[${name}]` });
      }
    }
    return out;
  });
  return found
    .map(({ text, at }) => ({
      text,
      at,
      rest: text
        .replace(/\u2068[^\u2069]*\u2069/g, '')
        .replace(/(^|[^A-Za-z])(10|[2-9AKQJT])(?![A-Za-z])/g, '$1')
        .replace(/\b(Shift|QR)\b|\.json\b/g, ''),
    }))
    .filter(({ rest }) => /[A-Za-z]/.test(rest))
    .map(({ text, at }) => `${text.trim()}  @${at}`);
}
