/**
 * The Content-Security-Policy of every response, kept in one place: ask server-core before
 * adding a source. Monaco injects inline styles and starts blob: workers; the landing page
 * embeds the YouTube and Rutube players and shows their thumbnails.
 */
export const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'child-src': ["'self'", 'blob:'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': [
    "'self'",
    'data:',
    'https://i.ytimg.com',
    'https://img.youtube.com',
    'https://rutube.ru',
    'https://pic.rutubelist.ru',
  ],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': [
    // The generator's docs preview: our own preview-frame.html, sandboxed (DocsPreview.tsx).
    "'self'",
    'https://www.youtube.com',
    'https://youtube.com',
    'https://www.youtube-nocookie.com',
    'https://rutube.ru',
  ],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/** The page of the docs preview frame, served with {@link PREVIEW_FRAME_CSP} instead. */
export const PREVIEW_FRAME_PAGE = '/preview-frame.html';

/**
 * The docs preview frame's own policy: it runs Scalar on a document nobody vetted,
 * so it may load our scripts and styles and nothing else: no connection, no image but data:, no
 * frame, no form; only our pages may embed it. The frame's guards and the neutralised document
 * already keep it offline without this (tested with the CSP off); this is the second wall.
 */
export const PREVIEW_FRAME_CSP: Record<string, string[]> = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ['data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'none'"],
  'frame-src': ["'none'"],
  'worker-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'self'"],
};

/** A policy as the header's value. */
export function serializeCsp(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/** The lint worker's script (Vite names it `lint-worker-<hash>.js`), served with {@link LINT_WORKER_CSP}. */
export const LINT_WORKER_SCRIPT = /^\/assets\/lint-worker-[\w-]+\.js$/;

/**
 * The lint worker's own policy. A dedicated worker runs under the policy of its script's
 * response, not its page's. Spectral checks schemas with Ajv, which compiles each schema into a
 * function (`new Function`): the worker, and only the worker, may do that. It has no DOM and
 * gets no network at all (`connect-src 'none'`): a ruleset or document that asks for a URL finds
 * nothing to reach, on top of the lint's own resolver that refuses to read anything.
 */
export const LINT_WORKER_CSP: Record<string, string[]> = {
  'default-src': ["'none'"],
  'script-src': ["'self'", "'unsafe-eval'"],
  'connect-src': ["'none'"],
  'worker-src': ["'none'"],
  'base-uri': ["'none'"],
};
