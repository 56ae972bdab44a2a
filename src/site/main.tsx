import './zod-config.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadAnalyzer } from '../core/analyzer.ts';
import { createDatabase } from './data/database.ts';
import { prestartEngine } from './data/engine-client.ts';
import { afterFirstPaintOrInteraction, atFirstInteraction } from './data/engine-start.ts';
import { startFirstScreen } from './data/queries.ts';
import { readingMarkupOf } from './features/transcript/transcript-reading.tsx';
import { parsePageData } from './prerender/page-data.ts';
import { interactedBeforeApp, takeEarlyInput } from './shared/early-input.ts';
import { PAGE_DATA_ID, PAGE_HASH_META, pageHashSchema } from '../core/prerendered-page.ts';
import type { PageOrigin } from './data/newer-version.tsx';
import { pathWithinBase, readPageUrl } from '../core/page-url.ts';
import './styles/tokens.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

// A search submitted before this script ran (the page's early script kept it): go to its
// address as the form's GET would have, without reloading the page (issue 27, item 4).
const early = takeEarlyInput(document);
if (early.searchUrl !== null) history.pushState(null, '', early.searchUrl.href);

const path = pathWithinBase(location.pathname, import.meta.env.BASE_URL);
// A pre-rendered page carries what it shows and the version it was rendered from.
const page = parsePageData(document.getElementById(PAGE_DATA_ID)?.textContent);

if (page === null) {
  const database = createDatabase();
  // The home page with no search, filter or page in its URL shows the newest episodes first.
  startFirstScreen(
    database,
    path !== null && readPageUrl(path, new URLSearchParams(location.search)).isHomePage,
  );
  createRoot(root).render(
    <StrictMode>
      <App database={database} />
    </StrictMode>,
  );
} else {
  // Hydrate the very page that was rendered; any other address (a search in the query string,
  // or the 404 page answering an unknown path) renders afresh over it.
  const exact = path === page.path && location.search === '';
  // A list page stays on its version; an episode's page, which carries none, takes the one
  // latest.json names when it first needs the database (decision 0044). A page of the list
  // shown as rendered needs the engine only once the visitor does something (decision 0040):
  // a search, a filter, another page. Any other page (an episode's reads its transcript's times
  // for reading along, or one rendered afresh) starts it after the first paint: the page is on
  // screen from its HTML already.
  const listAsRendered = exact && readPageUrl(path, new URLSearchParams()).route.kind === 'home';
  const startAfter = listAsRendered
    ? atFirstInteraction(interactedBeforeApp(early))
    : afterFirstPaintOrInteraction();
  const database = createDatabase({
    ...(page.config === undefined ? {} : { pinned: page.config }),
    startAfter,
  });
  // At that moment the worker starts, not at the first query that awaits it (decision 0054),
  // and the database opens, its warm burst with it, and the search's stemmer loads for the
  // language the version was indexed in (decision 0086): on a list page the first query comes
  // only once React has handled the interaction, and the stemmer only once the open has
  // answered. A failure is reported by whatever needs them (each tries again).
  void startAfter
    .then(() => {
      prestartEngine();
      if (page.config !== undefined) loadAnalyzer(page.config.search).catch(() => undefined);
      return database.open();
    })
    .catch(() => undefined);
  const hash = pageHashSchema.safeParse(
    document.querySelector(`meta[name="${PAGE_HASH_META}"]`)?.getAttribute('content'),
  );
  let origin: PageOrigin | null = null;
  if (page.version !== undefined) origin = { kind: 'version', version: page.version };
  else if (hash.success) origin = { kind: 'content', path: page.path, hash: hash.data };
  const readings = exact ? readingMarkupOf(root) : new Map<number, string>();
  const app = (
    <StrictMode>
      <App database={database} page={{ ...page, origin, readings }} />
    </StrictMode>
  );
  // Hydration as a transition is rendered in slices that yield to the browser (decision 0077): a
  // focus or key typed at the first paint is handled between them, so the engine starts then
  // instead of after the whole list has hydrated. A click or a key on the page before the end
  // makes React finish hydrating at once, as it did.
  if (exact)
    startTransition(() => {
      hydrateRoot(root, app);
    });
  else createRoot(root).render(app);
}
