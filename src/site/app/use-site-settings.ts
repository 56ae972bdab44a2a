import { useEffect } from 'react';
import { siteSettingsSchema, type SiteSettings } from '../../core/site-config.ts';
import { useSiteConfig } from '../data/use-site-data.ts';

/** Settings until config.json arrives (and if it never does): the schema's defaults. */
export const DEFAULT_SETTINGS: SiteSettings = siteSettingsSchema.parse({});

/**
 * The podcast's settings, the defaults while they load; `ready` once config.json is read,
 * `failed` when it could not be.
 */
export function useSiteSettings(): { settings: SiteSettings; ready: boolean; failed: boolean } {
  const config = useSiteConfig();
  return {
    settings: config.status === 'ready' ? config.data.site : DEFAULT_SETTINGS,
    ready: config.status === 'ready',
    failed: config.status === 'error',
  };
}

/** Sets the browser tab's title while the component is on screen. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
