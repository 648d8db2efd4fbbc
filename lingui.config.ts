import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ru'],
  fallbackLocales: { default: 'ru' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src/app'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
