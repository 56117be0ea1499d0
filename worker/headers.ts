import type { MiddlewareHandler } from 'hono';

/**
 * Security and caching headers for every response the site sends: API answers, the SPA's
 * HTML and its static files (assets run Worker-first, see wrangler.toml). WebSocket upgrades
 * (101) are left alone: they have no body and their response cannot be rebuilt.
 */

/**
 * The SPA's Content-Security-Policy. Scripts come only from the site's own files (Vite emits
 * no inline script; vue-i18n compiles messages without eval). Style sheets too come only from
 * files, but style *attributes* are allowed ('unsafe-inline' for style-src-attr only): Vue
 * renders static parts of templates through innerHTML, where a `style="…"` attribute counts as
 * inline style. Attributes cannot run script or carry selectors, so no <style> element or
 * injected sheet is allowed. `data:` images are the invite QR code. The room socket is
 * same-origin; it is named explicitly because older Safari does not count ws(s): as 'self'.
 */
export function contentSecurityPolicy(url: URL): string {
  const socketOrigin = `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${socketOrigin}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "frame-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Powerful features the site never uses, switched off for it and anything it could embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  // Invite links carry the room code: never send them to another site.
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'Cross-Origin-Opener-Policy': 'same-origin',
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Files that must be checked on every use, or a deploy would not reach people. */
const ALWAYS_REVALIDATE = new Set(['/sw.js', '/registerSW.js', '/manifest.webmanifest', '/index.html']);

/** The Cache-Control a response gets, or null to keep what it has. */
export function cacheControlFor(pathname: string, res: Response): string | null {
  if (pathname.startsWith('/api/')) return res.headers.has('Cache-Control') ? null : 'no-store';
  // Vite names every file under /assets/ by its content hash.
  if (pathname.startsWith('/assets/') && res.status === 200) return IMMUTABLE;
  if (ALWAYS_REVALIDATE.has(pathname) || res.headers.get('Content-Type')?.startsWith('text/html')) return REVALIDATE;
  return null;
}

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status === 101) return;
    const url = new URL(c.req.url);
    // Responses from ASSETS or a Durable Object have immutable headers: work on a copy.
    c.res = new Response(c.res.body, c.res);
    const headers = c.res.headers;
    headers.set('Content-Security-Policy', contentSecurityPolicy(url));
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
    const cache = cacheControlFor(url.pathname, c.res);
    if (cache) headers.set('Cache-Control', cache);
  };
}
