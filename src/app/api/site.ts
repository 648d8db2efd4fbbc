import { useEffect, useState } from 'react';
import type { SiteSettings } from '../../shared/api-types';
import { publicHttp } from './http';

let cached: Promise<SiteSettings> | undefined;
let resolved: SiteSettings | undefined;

/** Operator details (`GET /api/public/v1/site`); fetched once per page load, retried after a failure. */
export function fetchSiteSettings(): Promise<SiteSettings> {
  cached ??= publicHttp
    .get('/api/public/v1/site')
    .json<SiteSettings>()
    .then(
      (settings) => {
        resolved = settings;
        return settings;
      },
      (error: unknown) => {
        cached = undefined;
        throw error;
      },
    );
  return cached;
}

/** Forgets the fetched settings; for tests. */
export function resetSiteSettingsCache(): void {
  cached = undefined;
  resolved = undefined;
}

/** The site settings, or undefined while loading or when the server cannot be reached. */
export function useSiteSettings(): SiteSettings | undefined {
  const [settings, setSettings] = useState<SiteSettings | undefined>(resolved);
  useEffect(() => {
    if (resolved) return;
    let alive = true;
    fetchSiteSettings().then(
      (value) => alive && setSettings(value),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);
  return settings;
}

/** The operator's name for the page's language: the Russian form on Russian pages, when set. */
export function localOperatorName(settings: SiteSettings, locale: string): string {
  const ru = settings.operatorNameRu?.trim();
  return locale.startsWith('ru') && ru ? ru : settings.operatorName;
}
