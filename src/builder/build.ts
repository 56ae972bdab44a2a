import { rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { z } from 'zod';
import { PAGE_SIZE } from '../core/db-schema.ts';
import { loadAnalyzer } from '../core/analyzer.ts';
import type { SearchIndexInfo, SiteSettings } from '../core/site-config.ts';
import { findChapterFiles } from './read/chapters.ts';
import type { NumberingNote } from './read/episode-numbering.ts';
import { writeEpisodeNumbers } from './read/episode-numbers-file.ts';
import { fetchLinkedFiles, type LinkBase, type LinkedFiles } from './read/linked-files.ts';
import type { ReadFeed } from './read/read-feed.ts';
import { DEFAULT_TIMEOUT_MS } from './read/remote/http-get.ts';
import type { StateFolder } from './read/state-folder.ts';
import { episodeTypesOf, siteEpisodeTypes } from './read/episode-types.ts';
import { formatZodIssues, InputError, ProblemCollector } from './errors.ts';
import type { InputPaths, ResolvedInputs } from './read/inputs.ts';
import { loadInputs } from './read/load-inputs.ts';
import { readMediaFolder } from './read/media-folder.ts';
import {
  collectOrigins,
  unlistableOriginWarning,
  usesLocalMedia,
} from './publish/media-origins.ts';
import { resolveCast } from './read/cast.ts';
import { versionPages, type SiteBuild } from './publish/prerender.ts';
import { createWorkDir, DEFAULT_CHUNK_SIZE, publishVersion } from './publish/publish.ts';
import { createHtmlSanitizer } from './read/sanitize-html.ts';
import { SpeakerResolver } from './read/speakers.ts';
import { readCorrections } from './read/corrections.ts';
import { findTranscripts, transcriptAliases } from './read/transcripts/find.ts';
import { NO_SITE_URL_WARNING, WarningCollector, type WarningSummary } from './warnings.ts';
import { openDatabaseWriter, type DatabaseWriter } from './index/write-db.ts';
import type { BaseDatabase } from './index/episode-fingerprint.ts';
import { fileSha256, writeResumeRecord } from './resume-record.ts';
import { copyPreviousDatabase, episodeReader, writeEpisodes } from './build-episodes.ts';

/** Steps a build reports progress for. */
export type BuildStep =
  'read' | 'links' | 'episodes' | 'optimize' | 'snippets' | 'vacuum' | 'publish' | 'pages' | 'wait';

export interface BuildProgress {
  step: BuildStep;
  done: number;
  total: number;
}

export interface BuildOptions extends InputPaths {
  /** The output folder: version folders and latest.json go here. */
  outDir: string;
  /** Bytes per chunk file; a multiple of the 16 KiB page size. Default 8 MiB. */
  chunkSize?: number;
  /** Old versions kept besides the new one. Default 3. */
  keep?: number;
  /**
   * Count a transcript whose episode is not in the feed (or whose name is not an episode number)
   * as a warning and skip it, instead of failing the build.
   */
  ignoreOrphanTranscripts?: boolean;
  /** Skip feed items that are not well-formed XML (a warning each) instead of failing. */
  recover?: boolean;
  /** Download nothing: the feed and what it links from the cache alone. */
  offline?: boolean;
  /** Each download's deadline in milliseconds. Default 30 s. */
  timeoutMs?: number;
  /** The built site to pre-render the version's pages with (`loadSiteBuild`); none: no pages. */
  siteBuild?: SiteBuild | undefined;
  onProgress?: (progress: BuildProgress) => void;
}

export interface BuildResult {
  version: string;
  outDir: string;
  versionDir: string;
  databaseBytes: number;
  chunks: number;
  episodes: number;
  /** Episodes that have a transcript with words. */
  transcripts: number;
  words: number;
  presenters: number;
  venues: number;
  site: SiteSettings;
  warnings: WarningSummary[];
  /** Old version folders deleted. */
  pruned: string[];
  /** Pre-rendered pages published with the version. */
  pages: number;
  /**
   * Episodes this build wrote; the rest came with the previous version's database, which it
   * resumed (decision 0051).
   */
  episodesWritten: number;
  inputs: ResolvedInputs;
  /** Where the feed came from and how: downloaded, unchanged, a cached or last good copy. */
  feed: Pick<ReadFeed, 'name' | 'how' | 'checked' | 'failure'>;
  /** Transcripts and chapters by where they came from, and the downloads of the feed's links. */
  links: {
    transcripts: { fromFeed: number; fromFiles: number; failed: number; untimed: number };
    chapters: { fromFeed: number; fromFiles: number; failed: number };
    requests: LinkedFiles['requests'];
  };
  /** What numbering did this build (src/builder/read/episode-numbering.ts). */
  numbering: NumberingNote[];
  /** Where the cache and the episode numbers are kept. */
  state: StateFolder;
}

const buildOptionsSchema = z.object({
  outDir: z.string().min(1, 'an output folder is required (--out)'),
  chunkSize: z
    .number()
    .int()
    .positive()
    .refine(
      (value) => value % PAGE_SIZE === 0,
      `must be a multiple of the ${PAGE_SIZE}-byte page size`,
    )
    .default(DEFAULT_CHUNK_SIZE),
  keep: z.number().int().nonnegative().default(3),
  timeoutMs: z.number().int().positive().default(DEFAULT_TIMEOUT_MS),
});

/**
 * Builds a podcast's database from its inputs and publishes it as a new version in `outDir`.
 * Input problems throw an InputError that names the file; on any failure the previous version
 * and latest.json are left untouched.
 */
export async function buildPodcast(options: BuildOptions): Promise<BuildResult> {
  const parsedOptions = buildOptionsSchema.safeParse(options);
  if (!parsedOptions.success)
    throw new InputError({ file: 'options' }, formatZodIssues(parsedOptions.error));
  const { chunkSize, keep, timeoutMs } = parsedOptions.data;
  const offline = options.offline ?? false;
  const outDir = resolve(parsedOptions.data.outDir);
  const warnings = new WarningCollector();
  // Inputs, ids, casts and transcript names are checked together: one run reports them all.
  const problems = new ProblemCollector();
  options.onProgress?.({ step: 'read', done: 0, total: 1 });
  const loaded = await loadInputs(
    options,
    { recover: options.recover ?? false, offline, timeoutMs },
    warnings,
    problems,
  );
  const { feed } = loaded;
  const numbers = new Set(feed.episodes.map((episode) => episode.episode));
  const casts = problems.attempt(() =>
    resolveCast({
      feed,
      presenters: loaded.presenters,
      venues: loaded.venues,
      derivedPresenterIds: loaded.derivedPresenterIds,
      derivedVenueIds: loaded.derivedVenueIds,
      overrides: loaded.overrides,
      warnings,
    }),
  );
  const transcriptFiles = await problems.attemptAsync(() =>
    findTranscripts(
      loaded.inputs,
      numbers,
      options.ignoreOrphanTranscripts ?? false,
      warnings,
      transcriptAliases(feed.episodes),
    ),
  );
  problems.throwIfAny();
  if (!casts || !transcriptFiles) throw new Error('unreachable: the problems were thrown');
  const chapterFiles = await findChapterFiles(loaded.inputs.base, numbers, warnings);
  const source = loaded.feedRead.source;
  const linkBase: LinkBase =
    source.kind === 'url'
      ? { kind: 'url', url: source.url }
      : loaded.inputs.base === undefined
        ? undefined
        : { kind: 'folder', dir: loaded.inputs.base };
  const linked = await fetchLinkedFiles({
    episodes: feed.episodes,
    showLanguage: feed.language,
    base: linkBase,
    localTranscripts: new Set(transcriptFiles.keys()),
    localChapters: new Set(chapterFiles.keys()),
    cache: loaded.cache,
    settings: {
      offline,
      timeoutMs,
      maxRedirects: 5,
      allowPrivate: loaded.feedRead.allowPrivateLinks,
    },
    warnings,
    onProgress: (done, total) => options.onProgress?.({ step: 'links', done, total }),
  });
  await loaded.cache.save();
  const media = await readMediaFolder(loaded.inputs.media);
  const typeIds = new Map(
    feed.episodes.map((episode) => {
      const cast = casts.get(episode.episode);
      const typed = {
        title: episode.title,
        episodeType: episode.episodeType,
        venue: cast?.venue ?? null,
        live: cast?.live ?? false,
        compilation: cast?.compilation ?? false,
      };
      return [episode.episode, episodeTypesOf(typed, loaded.config.episodeTypes)];
    }),
  );
  // The filters offer only the types some episode has.
  const usedTypes = new Set([...typeIds.values()].flat());
  const site: SiteSettings = {
    ...loaded.site,
    episodeTypes: siteEpisodeTypes(
      loaded.config.episodeTypes.filter((type) => usedTypes.has(type.id)),
    ),
  };
  const presenters = loaded.presenters.map((presenter) => ({
    ...presenter,
    imgLocal: media.hasAvatar(presenter.id),
  }));

  const chapterSources = {
    files: chapterFiles,
    downloaded: new Map([...linked.chapters].map(([episode, { file }]) => [episode, file])),
    linkFolder: source.kind === 'file' ? loaded.inputs.base : undefined,
  };
  const speakers = new SpeakerResolver(loaded.speakerMap, loaded.presenters);

  const workDir = await createWorkDir(outDir).catch((error: unknown) => {
    throw new InputError(
      { file: outDir },
      `cannot write the output folder (${error instanceof Error ? error.message : String(error)})`,
    );
  });
  const databasePath = join(workDir, 'db.sqlite3');
  const sanitizer = await createHtmlSanitizer();
  const builtFrom = JSON.stringify({
    generator: 'trawl build',
    feed: basename(source.kind === 'url' ? new URL(source.url).pathname : source.path),
    feedSha256: loaded.feedSha256,
    episodes: feed.episodes.length,
    transcripts: transcriptFiles.size + linked.transcripts.size,
  });
  if (site.siteUrl === '') warnings.add('no-site-url', () => NO_SITE_URL_WARNING);
  // The show's language decides how every text is tokenized and stemmed (decision 0022).
  const search: SearchIndexInfo = { version: 2, language: site.language };
  const analyzer = await loadAnalyzer(search);
  let base: BaseDatabase | undefined;
  const openWriter = (resume: boolean): DatabaseWriter => {
    // A first build, or the previous database could not be resumed: start from an empty file.
    if (!resume) rmSync(databasePath, { force: true });
    return openDatabaseWriter(
      databasePath,
      { title: site.title, builtFrom },
      presenters,
      loaded.venues,
      analyzer,
      resume ? base : undefined,
    );
  };
  let writer: DatabaseWriter | undefined;
  try {
    const corrections = await readCorrections(loaded.inputs.folder, numbers, warnings);
    const reader = episodeReader({
      transcriptFiles,
      linked,
      corrections,
      chapterSources,
      chapterFiles,
      speakers,
      sanitizer,
      feedName: loaded.feedRead.name,
      casts,
      typeIds,
      media,
      warnings,
      problems,
    });
    base = await copyPreviousDatabase(outDir, databasePath, loaded.state.cacheDir);
    const episodesWritten = await writeEpisodes({
      episodes: feed.episodes,
      analyzer,
      prepare: reader.prepare,
      readAhead: reader.readAhead,
      base,
      openWriter,
      onProgress: (done, total) => options.onProgress?.({ step: 'episodes', done, total }),
    });
    writer = episodesWritten.writer;
    problems.throwIfAny();
    writer.finish(
      (step) => options.onProgress?.({ step, done: 0, total: 1 }),
      speakers.showSpeakers,
    );
    const databaseSha256 = await fileSha256(databasePath);
    options.onProgress?.({ step: 'publish', done: 0, total: 1 });
    const published = await publishVersion({
      outDir,
      workDir,
      databasePath,
      site,
      search,
      mediaOrigins: collectOrigins(
        [
          ...feed.episodes.flatMap((episode) => [episode.image, episode.audioUrl]),
          ...presenters.map((presenter) => presenter.img),
          site.logo,
          site.favicon,
          site.mediaBase,
        ],
        (origin) =>
          warnings.add(`unlistable-origin-${origin}`, () => unlistableOriginWarning(origin)),
      ),
      localMedia: usesLocalMedia(
        feed.episodes.some(
          (episode) => media.hasAudio(episode.episode) || media.imageOf(episode.episode) !== null,
        ) || presenters.some((presenter) => presenter.imgLocal),
        [
          ...feed.episodes.map((episode) => episode.image),
          ...presenters.map((presenter) => presenter.img),
          site.logo,
          site.favicon,
        ],
      ),
      chunkSize,
      keep,
      onWait: () => options.onProgress?.({ step: 'wait', done: 0, total: 1 }),
      pages:
        options.siteBuild &&
        versionPages(
          options.siteBuild,
          site.siteUrl,
          (done, total) => options.onProgress?.({ step: 'pages', done, total }),
          loaded.state.cacheDir,
        ),
    });
    // The next build from this folder may resume this database, and no other (decision 0051);
    // a record that cannot be written costs that build its reuse, nothing else.
    await writeResumeRecord(loaded.state.cacheDir, databaseSha256).catch(() => undefined);
    // Numbers count as given once a site shows them: kept for every later build.
    if (feed.numbering.changed)
      await writeEpisodeNumbers(loaded.state.numbersFile, feed.numbering.given);
    return {
      version: published.version,
      outDir,
      versionDir: published.versionDir,
      databaseBytes: published.databaseBytes,
      chunks: published.chunks,
      episodes: feed.episodes.length,
      transcripts: reader.counts.transcripts,
      words: reader.counts.words,
      presenters: loaded.presenters.length,
      venues: loaded.venues.length,
      site,
      warnings: warnings.summary(),
      pruned: published.pruned,
      pages: published.pages,
      episodesWritten: episodesWritten.written,
      inputs: loaded.inputs,
      feed: {
        name: loaded.feedRead.name,
        how: loaded.feedRead.how,
        checked: loaded.feedRead.checked,
        failure: loaded.feedRead.failure,
      },
      links: {
        transcripts: {
          fromFeed: linked.transcriptCounts.fromFeed,
          fromFiles: transcriptFiles.size,
          failed: linked.transcriptCounts.failed,
          untimed: linked.transcriptCounts.untimed,
        },
        chapters: {
          fromFeed: reader.counts.chaptersFromFeed,
          fromFiles: chapterFiles.size,
          failed: linked.chapterCounts.failed,
        },
        requests: linked.requests,
      },
      numbering: feed.numbering.notes,
      state: loaded.state,
    };
  } finally {
    writer?.abort();
    sanitizer.close();
    await rm(workDir, { recursive: true, force: true });
  }
}
