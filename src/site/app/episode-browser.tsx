import { useTexts } from '../shared/texts-context.tsx';
import { useCallback, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useHref, useLocation, useNavigate } from 'react-router';
import { hasTranscript, type EpisodeRow } from '../../core/db-schema.ts';
import { applyTypeButton } from '../../core/episode-filters.ts';
import {
  checkBeforeAnalyzer,
  checkSearchTerm,
  searchQueryOf,
  termProblem,
} from '../../core/fts-query.ts';
import {
  episodeQuery,
  listLocation,
  listQuery,
  searchBehind,
  type PageUrl,
} from '../../core/page-url.ts';
import { hasPrefixPart, rankByRelevance, rankWholeWordsFirst } from '../../core/ranking.ts';
import { countAlteredFilters } from '../../core/search-state.ts';
import type { SiteSettings } from '../../core/site-config.ts';
import { hostProblemMessage } from '../data/database-errors.ts';
import {
  useEpisodes,
  useEpisodeSearch,
  usePresenters,
  useShowSpeakers,
  useVenues,
} from '../data/use-site-data.ts';
import type { RowTypeButton } from '../features/episodes/episode-row.tsx';
import {
  CountLine,
  EmptyResults,
  ExpandToggle,
  ListLoadError,
  NoSuchEpisode,
} from '../features/episodes/list-status.tsx';
import { Pagination } from '../features/episodes/pagination.tsx';
import { FiltersPanel, FiltersToggle } from '../features/filters/filters-panel.tsx';
import { SearchErrorCard, SearchProblem } from '../features/search/search-error-card.tsx';
import { DidYouMean } from '../features/search/did-you-mean.tsx';
import { OrderSelect } from '../features/search/order-select.tsx';
import { SearchForm } from '../features/search/search-form.tsx';
import { TypoNotice } from '../features/search/typo-notice.tsx';
import { Spinner } from '../shared/spinner.tsx';
import type { UpdateSearchState } from '../shared/use-page-url.ts';
import { documentTitle, episodeHeading, type TitledView } from '../../core/document-title.ts';
import { EpisodePage } from './episode-page.tsx';
import { EpisodeResults } from './episode-results.tsx';
import { paths } from './paths.ts';
import { useEpisodeList } from './use-episode-list.ts';
import { useExpandedRows } from './use-expanded-rows.ts';
import { useSearchAnalyzer } from '../data/use-analyzer.ts';
import { useSaidBy } from './use-said-by.ts';
import { useListRows } from './use-list-rows.ts';
import { useTypoCorrection } from './use-typo-correction.ts';
import { useDocumentTitle } from './use-site-settings.ts';

const NO_EPISODES: EpisodeRow[] = [];
const NO_ROWS: never[] = [];

/**
 * The search, the filters and the episode list, or an episode's own page, driven by the URL.
 * Both routes share this component, so moving between them keeps what was loaded.
 */
export function EpisodeBrowser({
  url,
  update,
  settings,
  configFailed,
}: {
  /** The page's URL, read once (`usePageUrl`). */
  url: PageUrl;
  update: UpdateSearchState;
  settings: SiteSettings;
  configFailed: boolean;
}): ReactNode {
  const { state, route } = url;
  const texts = useTexts();
  const { text } = texts;
  const episodeId = route.kind === 'episode' ? route.episode : undefined;
  // Only an identity that changes with every navigation, for the page box.
  const location = useLocation();
  const presenters = usePresenters();
  const venues = useVenues();
  const episodes = useEpisodes();
  const [attempt, setAttempt] = useState(0);
  // The URL's term is checked and tokenised here, once, with the index's language rules;
  // everything below reads this value.
  const { minSearchLength } = settings;
  const analyzer = useSearchAnalyzer();
  const ready = analyzer.status === 'ready' ? analyzer.data : null;
  const urlCheck = useMemo(
    () =>
      ready
        ? checkSearchTerm(state.term, minSearchLength, ready)
        : checkBeforeAnalyzer(state.term, minSearchLength),
    [state.term, minSearchLength, ready],
  );
  const speakers = useShowSpeakers();
  const saidBy = useSaidBy(state.saidBy, speakers);
  const analyzerError = analyzer.status === 'error' ? analyzer.error : null;
  const typedSearch = useEpisodeSearch(urlCheck, state.fields, attempt, saidBy, analyzerError);
  // A term that found nothing may show its nearest words' results (decision 0035).
  const { check, search, correction } = useTypoCorrection(urlCheck, typedSearch, {
    asTyped: state.asTyped,
    analyzer: ready,
    minLength: minSearchLength,
    fields: state.fields,
    attempt,
    saidBy,
  });
  const linkQuery = useMemo(() => episodeQuery(url), [url]);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { expandAll, isExpanded, onToggleExpanded, onExpandAll } = useExpandedRows();
  const filtersId = useId();
  const listTop = useRef<HTMLDivElement>(null);

  const { episodeTypes } = settings;
  const typeIds = useMemo(() => episodeTypes.map((type) => type.id), [episodeTypes]);
  const searchIds = search.status === 'ready' ? search.ids : null;
  // Every episode, or before they load, the rows a pre-rendered page carried.
  const rows = useListRows(url, episodes);
  const searchHits = search.status === 'ready' ? search.hits : null;
  const total = rows?.total ?? 0;
  const bestMatch = check.kind === 'search' && state.order === 'best';
  // 'Best match' ranks the hits the search already read: switching order reads nothing.
  // A last word that is a prefix too puts whole-word matches first in either order.
  const rank = useMemo(() => {
    if (!searchHits) return null;
    if (bestMatch) return rankByRelevance(searchHits.parts, searchHits.ids, total);
    return hasPrefixPart(searchHits.parts)
      ? rankWholeWordsFirst(searchHits.parts, searchHits.ids)
      : null;
  }, [bestMatch, searchHits, total]);
  // A pre-rendered list page ('/page/3') carries only its own rows: page 3 is their first.
  const pagesBefore = rows === null ? 0 : Math.floor(rows.offset / settings.pageSize);
  const listState = useMemo(
    () => (pagesBefore === 0 ? state : { ...state, page: state.page - pagesBefore }),
    [state, pagesBefore],
  );
  const list = useEpisodeList(
    rows?.rows ?? NO_EPISODES,
    listState,
    episodeId,
    searchIds,
    typeIds,
    settings.pageSize,
    rank,
  );
  const altered = countAlteredFilters(state, typeIds);
  const noSuchEpisode = rows !== null && list.routeEpisode === null;
  // A pre-rendered home page carries its first page of rows: the rest count, unseen.
  const homeSnapshot = rows?.partial === true && route.kind === 'home';
  const foundCount = homeSnapshot ? rows.total : list.found.length;
  const pageCount = homeSnapshot ? Math.ceil(rows.total / settings.pageSize) : list.pageCount;
  // A show without a single transcript has nothing to expand (a pre-rendered page's rows say
  // so alike before and after the whole list loads).
  const anyTranscript = useMemo(() => rows === null || rows.rows.some(hasTranscript), [rows]);
  let view: TitledView = { kind: 'home' };
  if (noSuchEpisode) view = { kind: 'not-found' };
  else if (list.routeEpisode)
    view = { kind: 'episode', heading: episodeHeading(list.routeEpisode) };
  else if (check.kind === 'search') view = { kind: 'search', term: check.term };
  else if (list.page + pagesBefore > 1)
    view = { kind: 'list', page: list.page + pagesBefore, count: pageCount };
  useDocumentTitle(documentTitle(settings.title, view, texts.text));

  const navigate = useNavigate();
  const onSearch = useCallback(
    (next: string, again = false) => {
      setAttempt((value) => value + 1);
      // A search typed on an episode's page searches the archive: the list shows its results.
      // A submit ends a typing that already searched: it takes that typing's history entry.
      if (episodeId === undefined)
        update({ term: next }, { replace: again || next === state.term });
      else void navigate(paths.list(listQuery(url, { term: next })));
    },
    [update, navigate, url, episodeId, state.term],
  );
  // Results as the visitor types (issue 27), on the list only: one history entry per typing,
  // whose URL follows the box (replaceState). An episode's page waits for a submit.
  const onType = useCallback(
    (next: string, again: boolean) => update({ term: next }, { replace: again }),
    [update],
  );
  const { types } = state;
  const onTypeButton = useCallback(
    (type: RowTypeButton) => update({ types: applyTypeButton(types, type, typeIds) }),
    [types, update, typeIds],
  );
  const onPage = useCallback(
    (page: number) => {
      update({ page });
      listTop.current?.scrollIntoView?.({ block: 'start' });
    },
    [update],
  );
  // The pages' links: '/page/N' for the plain list, which a static host answers without
  // scripts; a search's pages keep its query string.
  const siteRoot = useHref(paths.home).replace(/\/$/, '');
  const { others } = url;
  const pageHref = useCallback(
    (page: number) => `${siteRoot}${listLocation({ ...state, page, moment: null }, others)}`,
    [siteRoot, state, others],
  );

  // A pre-rendered page keeps its rows while the whole list cannot load (it is tried again).
  const listFailed = configFailed || (episodes.status === 'error' && rows === null);
  const loading = rows === null || search.status === 'loading';
  const routeEpisode = list.routeEpisode;
  // The episodes either side of an episode's page, in the archive's order (newest first).
  const neighbours = useMemo(() => {
    const at = routeEpisode
      ? (rows?.rows.findIndex((row) => row.id === routeEpisode.id) ?? -1)
      : -1;
    if (at < 0 || !rows) return { newer: null, older: null };
    return { newer: rows.rows[at - 1] ?? null, older: rows.rows[at + 1] ?? null };
  }, [rows, routeEpisode]);
  // Without scripts the form's GET goes to the list, from an episode's page too.
  const listHref = useHref(paths.home);
  const searchForm = (
    <SearchForm
      action={listHref}
      term={state.term}
      placeholder={settings.searchPlaceholder}
      minLength={settings.minSearchLength}
      analyzer={ready}
      onSearch={onSearch}
      onType={episodeId === undefined ? onType : undefined}
    />
  );
  const dataList = rows === null ? 'loading' : rows.partial ? 'page' : 'whole';

  if (episodeId !== undefined) {
    // An episode's page: no count line and no filters, only the way back and around.
    let page: ReactNode;
    if (listFailed) {
      page = (
        <ListLoadError
          problem={episodes.status === 'error' ? hostProblemMessage(episodes.error, text) : null}
        />
      );
    } else if (rows === null) {
      page = <Spinner label={texts.text('loading.episode')} />;
    } else if (routeEpisode) {
      page = (
        <EpisodePage
          episode={routeEpisode}
          older={neighbours.older}
          newer={neighbours.newer}
          presenters={presenters.status === 'ready' ? presenters.data : NO_ROWS}
          venues={venues.status === 'ready' ? venues.data : NO_ROWS}
          settings={settings}
          linkQuery={linkQuery}
          searchBehind={searchBehind(url)}
          query={searchQueryOf(check)}
          searchFields={state.fields}
          saidBy={saidBy}
          startAt={url.startAt}
          endAt={url.endAt}
        />
      );
    } else {
      page = (
        <NoSuchEpisode
          episode={episodeId}
          home={<Link to={paths.home}>{text('errors.home')}</Link>}
        />
      );
    }
    return (
      <>
        {searchForm}
        <div ref={listTop} className="results" data-list={dataList}>
          {page}
        </div>
      </>
    );
  }

  let body: ReactNode;
  if (listFailed) {
    body = (
      <ListLoadError
        problem={episodes.status === 'error' ? hostProblemMessage(episodes.error, text) : null}
      />
    );
  } else if (search.status === 'error') {
    body = (
      <SearchErrorCard
        // One report for each failed search.
        reportKey={`${attempt}:${state.term}:${search.title}`}
        title={search.title}
        problem={
          search.error === undefined
            ? search.problem
            : (hostProblemMessage(search.error, text) ?? search.problem)
        }
        reportTo={settings.errorReports}
      />
    );
  } else if (loading) {
    body = <Spinner label={texts.text('loading.episodes')} />;
  } else {
    body = (
      <>
        {correction && (
          <TypoNotice
            corrected={correction.corrected}
            typed={correction.typed}
            correctedHref={paths.list(listQuery(url, { term: correction.corrected }))}
            typedHref={paths.list(listQuery(url, { term: correction.typed, asTyped: true }))}
          />
        )}
        <CountLine found={foundCount} total={rows?.total ?? 0} narrowed={list.narrowed} />
        {list.found.length === 0 && <EmptyResults />}
        {list.found.length === 0 && check.kind === 'search' && searchHits && (
          <DidYouMean
            term={check.term}
            parsed={check.parsed}
            hits={searchHits.parts}
            onSearch={onSearch}
          />
        )}
        {list.found.length > 0 && (
          <EpisodeResults
            episodes={list.visible}
            presenters={presenters.status === 'ready' ? presenters.data : NO_ROWS}
            venues={venues.status === 'ready' ? venues.data : NO_ROWS}
            settings={settings}
            linkQuery={linkQuery}
            query={searchQueryOf(check)}
            searchFields={state.fields}
            saidBy={saidBy}
            speakers={speakers.status === 'ready' ? speakers.data : NO_ROWS}
            startAt={url.startAt}
            isExpanded={isExpanded}
            onToggleExpanded={onToggleExpanded}
            onTypeButton={onTypeButton}
          />
        )}
        <Pagination
          page={list.page + pagesBefore}
          pageCount={pageCount}
          onPage={onPage}
          pageHref={pageHref}
          navigation={location}
        />
      </>
    );
  }

  return (
    <>
      {searchForm}
      <div className="toolbar">
        <FiltersToggle
          open={filtersOpen}
          alteredCount={altered}
          controls={filtersId}
          onToggle={() => setFiltersOpen((open) => !open)}
        />
        {anyTranscript && <ExpandToggle expanded={expandAll} onToggle={onExpandAll} />}
        {check.kind === 'search' && (
          <OrderSelect order={state.order} onOrder={(order) => update({ order })} />
        )}
      </div>
      {filtersOpen && (
        <FiltersPanel
          id={filtersId}
          fields={state.fields}
          types={state.types}
          presenterIds={state.presenterIds}
          venueIds={state.venueIds}
          presenters={presenters}
          venues={venues}
          hostIds={settings.hostIds}
          secondGroupLabel={settings.secondGroupLabel}
          episodeTypes={episodeTypes}
          onFieldsChange={(fields) => update({ fields })}
          onTypesChange={(next) => update({ types: next })}
          onPresentersChange={(presenterIds) => update({ presenterIds })}
          onVenuesChange={(venueIds) => update({ venueIds })}
          speakers={speakers}
          saidBy={state.saidBy}
          onSaidByChange={(ids) => update({ saidBy: ids })}
        />
      )}
      {search.status === 'off' && search.problem !== null && (
        <SearchProblem message={termProblem(check, texts) ?? search.problem} />
      )}
      <div ref={listTop} className="results" data-list={dataList}>
        {body}
      </div>
    </>
  );
}
