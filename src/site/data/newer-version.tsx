/**
 * A pre-rendered page stays on the version it was rendered from, so it never shows rows of
 * two versions. When a newer version has been published since (a cached page, or a page left
 * open), the page says so and offers a reload, which brings the new version's page.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { loadLatestVersion } from './db-config.ts';

const PageVersionContext = createContext<string | null>(null);

/** The version the page was rendered from (null: not a pre-rendered page). */
export function PageVersionProvider({
  version,
  children,
}: {
  version: string | null;
  children: ReactNode;
}): ReactNode {
  return <PageVersionContext value={version}>{children}</PageVersionContext>;
}

/**
 * True once latest.json names another version than the page's own. Asked once after the page
 * is on screen; a failure to ask changes nothing (the page keeps working on its version).
 */
export function useNewerVersion(dbBase = `${import.meta.env.BASE_URL}db`): boolean {
  const version = useContext(PageVersionContext);
  const [newer, setNewer] = useState(false);
  useEffect(() => {
    if (version === null) return undefined;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      loadLatestVersion(dbBase, { signal: abort.signal }).then(
        (latest) => setNewer(latest !== version),
        () => undefined,
      );
    }, 0);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [version, dbBase]);
  return newer;
}
