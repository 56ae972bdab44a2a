import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteMounts } from './site-mounts.ts';

describe('siteMounts', () => {
  it('serves the database under /db/, then the pages and the site with its SPA fallback, then the media', () => {
    expect(
      siteMounts({ dbDir: 'out', siteDir: 'dist/site', mediaDir: 'demo/podcast/media' }),
    ).toEqual([
      { prefix: '/db/', dir: resolve('out') },
      { prefix: '/', dir: resolve('dist/site'), spaFallback: true, pagesFrom: resolve('out') },
      { prefix: '/', dir: resolve('demo/podcast/media') },
    ]);
  });

  it('leaves the media mount out when there is no media folder', () => {
    expect(siteMounts({ dbDir: 'out', siteDir: 'site' })).toHaveLength(2);
  });
});
