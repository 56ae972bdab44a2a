/**
 * The search's language rules for the open database: its tokenizer and stemmer
 * (`src/core/analyzer.ts`), made from the version's config.json, so what a visitor types is
 * tokenized and stemmed as the builder indexed it. The stemmer is a module of its own per
 * language, loaded here, after config.json says which.
 */
import { loadAnalyzer, type Analyzer } from '../../core/analyzer.ts';
import { useResource, type Resource } from './resource.ts';
import { useSiteConfig } from './use-site-data.ts';

/** Waits before loading a stemmer that failed to load again. */
const ANALYZER_RETRY_MS = [1_000, 4_000, 15_000] as const;

/** The analyzer of the database's index; loading until config.json is read. */
export function useSearchAnalyzer(): Resource<Analyzer> {
  const config = useSiteConfig();
  const search = config.status === 'ready' ? config.data.search : undefined;
  const key =
    config.status === 'ready'
      ? `analyzer:${search?.version ?? 1}:${search?.language ?? 'legacy'}`
      : null;
  return useResource(key, () => loadAnalyzer(search), {
    retryAfterMs: ANALYZER_RETRY_MS,
    onError: (error) => console.warn('The search could not load its language rules.', error),
  });
}
