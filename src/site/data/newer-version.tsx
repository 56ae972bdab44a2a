/**
 * A pre-rendered page that is older than the published archive (a cached page, or a page left
 * open) says so and offers a reload, which brings the new version's page.
 *
 * A list page (`/`, `/page/<n>`) knows the version it was rendered from and stays on it, so it
 * never shows rows of two versions; it is older when latest.json names another. An episode's
 * page carries no version (decision 0044): it is older when the version latest.json names
 * lists another content hash for its path (`pages.json`), or none.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { loadLatestPageHash, loadLatestVersion } from './db-config.ts';

/** What a pre-rendered page knows of where it came from. */
export type PageOrigin =
  { kind: 'version'; version: string } | { kind: 'content'; path: string; hash: string };

interface PageVersion {
  /** True once the published archive is newer than the page. */
  newer: boolean;
  /** Asks latest.json again (after a failure that a newer archive would explain). */
  recheck: () => void;
}

const NOT_PRERENDERED: PageVersion = { newer: false, recheck: () => undefined };

const PageVersionContext = createContext<PageVersion>(NOT_PRERENDERED);

/** Whether the archive latest.json names is newer than the page (see the module comment). */
async function isNewer(origin: PageOrigin, dbBase: string, signal: AbortSignal): Promise<boolean> {
  if (origin.kind === 'version')
    return (await loadLatestVersion(dbBase, { signal })) !== origin.version;
  return (await loadLatestPageHash(dbBase, origin.path, { signal })) !== origin.hash;
}

/**
 * Holds whether the page is older than the published archive: asked once after the page is on
 * screen, and again whenever a reader calls `recheck` (a search that failed because the page's
 * version was deleted by a later build, say). A failure to ask changes nothing: the page keeps
 * working.
 */
export function PageVersionProvider({
  origin,
  dbBase = `${import.meta.env.BASE_URL}db`,
  children,
}: {
  /** The page's origin (null: not a pre-rendered page). */
  origin: PageOrigin | null;
  dbBase?: string;
  children: ReactNode;
}): ReactNode {
  const [newer, setNewer] = useState(false);
  // Each recheck is a new ask; the first is made once the page is on screen.
  const [asks, setAsks] = useState(0);
  useEffect(() => {
    if (origin === null) return undefined;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      isNewer(origin, dbBase, abort.signal).then(
        (answer) => {
          if (answer) setNewer(true);
        },
        () => undefined,
      );
    }, 0);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [origin, dbBase, asks]);
  const recheck = useCallback(() => setAsks((count) => count + 1), []);
  const value = useMemo(
    () => (origin === null ? NOT_PRERENDERED : { newer, recheck }),
    [origin, newer, recheck],
  );
  return <PageVersionContext value={value}>{children}</PageVersionContext>;
}

/** True once the published archive is newer than the page (false: not a pre-rendered page). */
export function useNewerVersion(): boolean {
  return useContext(PageVersionContext).newer;
}

/**
 * For a failure that a newer archive would explain (a later build deleted the page's
 * version): asks latest.json again once, when the failure is shown, and says whether the
 * archive is newer than the page.
 */
export function useNewerAfterFailure(): boolean {
  const { newer, recheck } = useContext(PageVersionContext);
  useEffect(recheck, [recheck]);
  return newer;
}
