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
