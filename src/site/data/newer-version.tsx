/**
 * A pre-rendered page that is older than the published archive (a cached page, or a page left
 * open) says so and offers a reload, which brings the new version's page.
 *
 * A list page (`/`, `/page/<n>`) knows the version it was rendered from and stays on it, so it
 * never shows rows of two versions; it is older when latest.json names another. An episode's
 * page carries no version (decision 0044): it is older when the version latest.json names
 * lists another content hash for its path (`pages.json`), or none.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { loadLatestPageHash, loadLatestVersion } from './db-config.ts';

/** What a pre-rendered page knows of where it came from. */
export type PageOrigin =
  { kind: 'version'; version: string } | { kind: 'content'; path: string; hash: string };

const PageOriginContext = createContext<PageOrigin | null>(null);

/** The page's origin (null: not a pre-rendered page). */
export function PageVersionProvider({
  origin,
  children,
}: {
  origin: PageOrigin | null;
  children: ReactNode;
}): ReactNode {
  return <PageOriginContext value={origin}>{children}</PageOriginContext>;
}

/** Whether the archive latest.json names is newer than the page (see the module comment). */
async function isNewer(origin: PageOrigin, dbBase: string, signal: AbortSignal): Promise<boolean> {
  if (origin.kind === 'version')
    return (await loadLatestVersion(dbBase, { signal })) !== origin.version;
  return (await loadLatestPageHash(dbBase, origin.path, { signal })) !== origin.hash;
}

/**
 * True once the published archive is newer than the page. Asked once after the page is on
 * screen; a failure to ask changes nothing (the page keeps working).
 */
export function useNewerVersion(dbBase = `${import.meta.env.BASE_URL}db`): boolean {
  const origin = useContext(PageOriginContext);
  const [newer, setNewer] = useState(false);
  useEffect(() => {
    if (origin === null) return undefined;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      isNewer(origin, dbBase, abort.signal).then(setNewer, () => undefined);
    }, 0);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [origin, dbBase]);
  return newer;
}
