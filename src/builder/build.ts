import { rm } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { z } from 'zod';
import { PAGE_SIZE } from '../core/db-schema.ts';
import { loadAnalyzer } from '../core/analyzer.ts';
import type { SearchIndexInfo, SiteSettings } from '../core/site-config.ts';
import { findChapterFiles, readEpisodeChapters } from './read/chapters.ts';
import { episodeTypesOf, siteEpisodeTypes } from './read/episode-types.ts';
import { displayPath, formatZodIssues, InputError, ProblemCollector } from './errors.ts';
import type { InputPaths, ResolvedInputs } from './read/inputs.ts';
import { loadInputs } from './read/load-inputs.ts';
import { readMediaFolder } from './read/media-folder.ts';
import { collectOrigins, unlistableOriginWarning } from './publish/media-origins.ts';
import { resolveCast } from './read/cast.ts';
import { versionPages, type SiteBuild } from './publish/prerender.ts';
import { createWorkDir, DEFAULT_CHUNK_SIZE, publishVersion } from './publish/publish.ts';
import { createHtmlSanitizer } from './read/sanitize-html.ts';
import { episodeDescription } from './read/episode-description.ts';
import { SpeakerResolver } from './read/speakers.ts';
import { readEpisodeTranscript } from './read/transcripts/episode-transcript.ts';
import { findTranscripts } from './read/transcripts/find.ts';
import { plural, WarningCollector, type WarningSummary } from './warnings.ts';
import { openDatabaseWriter } from './index/write-db.ts';

/** Steps a build reports progress for. */
export type BuildStep = 'episodes' | 'optimize' | 'vacuum' | 'publish' | 'wait';

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
  inputs: ResolvedInputs;
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
  const { chunkSize, keep } = parsedOptions.data;
  const outDir = resolve(parsedOptions.data.outDir);
  const warnings = new WarningCollector();
  // Inputs, ids, casts and transcript names are checked together: one run reports them all.
  const problems = new ProblemCollector();
  const loaded = await loadInputs(options, options.recover ?? false, warnings, problems);
  const { feed } = loaded;
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
      loaded.inputs.transcripts,
      new Set(feed.episodes.map((episode) => episode.episode)),
      options.ignoreOrphanTranscripts ?? false,
      warnings,
    ),
  );
  problems.throwIfAny();
  if (!casts || !transcriptFiles) throw new Error('unreachable: the problems were thrown');
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

  const chapterSources = await findChapterFiles(
    loaded.inputs.base,
    new Set(feed.episodes.map((episode) => episode.episode)),
    warnings,
  );
  const speakers = new SpeakerResolver(loaded.speakerMap, loaded.presenters);

  const workDir = await createWorkDir(outDir).catch((error: unknown) => {
    throw new InputError(
      { file: outDir },
      `cannot write the output folder (${error instanceof Error ? error.message : String(error)})`,
    );
  });
  const databasePath = join(workDir, 'db.sqlite3');
  const sanitizer = createHtmlSanitizer();
  const builtFrom = JSON.stringify({
    generator: 'trawl build',
    feed: basename(loaded.inputs.feed),
    feedSha256: loaded.feedSha256,
    episodes: feed.episodes.length,
    transcripts: transcriptFiles.size,
  });
  // The show's language decides how every text is tokenized and stemmed (decision 0022).
  const search: SearchIndexInfo = { version: 2, language: site.language };
  const analyzer = await loadAnalyzer(search);
  const writer = openDatabaseWriter(
    databasePath,
    { title: site.title, builtFrom },
    presenters,
    loaded.venues,
    analyzer,
  );
  try {
    let words = 0;
    let transcripts = 0;
    const total = feed.episodes.length;
    for (const [index, episode] of feed.episodes.entries()) {
      const file = transcriptFiles.get(episode.episode);
      let transcript = null;
      if (file === undefined) {
        warnings.add(
          'no-transcript',
          (n) => `${plural(n, 'episode')} had no transcript`,
          `episode ${episode.episode}`,
        );
      } else {
        // A broken transcript is kept in `problems`, reported with every other at the end.
        const reading = await problems.attemptAsync(() =>
          readEpisodeTranscript(file, episode, warnings),
        );
        if (reading?.kind === 'no-words') {
          warnings.add(
            'transcript-without-words',
            (n) => `${plural(n, 'transcript')} held no timed words; stored without a transcript`,
            `${displayPath(file)}: ${reading.reason}`,
          );
        } else if (reading !== undefined) {
          transcript = reading.transcript;
          transcripts += 1;
          words += transcript.words.length;
          const where = displayPath(file);
          warnings.add(
            'interpolated',
            (n) => `${plural(n, 'word')} had no timing; interpolated from their neighbours`,
            where,
            transcript.interpolated,
          );
          warnings.add(
            'dropped-words',
            (n) => `${plural(n, 'empty word')} dropped`,
            where,
            transcript.dropped,
          );
          if (transcript.timing === 'approximate') {
            warnings.add(
              'approximate',
              (n) =>
                `${plural(n, 'transcript')} had only cue-level timing; word times are approximate`,
              where,
            );
          }
        }
      }
      const chapters = await readEpisodeChapters(
        chapterSources,
        episode.episode,
        episode.chaptersUrl,
        warnings,
      );
      const resolved = transcript
        ? speakers.resolve(episode.episode, transcript.speakerNames, transcript.speaker)
        : null;
      const description = episodeDescription(sanitizer, loaded.inputs.feed, episode, warnings);
      const cast = casts.get(episode.episode);
      writer.addEpisode(
        {
          episode: episode.episode,
          title: episode.title,
          pubDate: episode.pubDate,
          image: episode.image,
          duration: episode.duration,
          audioUrl: episode.audioUrl,
          presenters: cast?.presenters ?? [],
          venue: cast?.venue ?? null,
          live: cast?.live ?? false,
          compilation: cast?.compilation ?? false,
          typeIds: typeIds.get(episode.episode) ?? [],
          audioLocal: media.hasAudio(episode.episode),
          imageLocal: media.imageOf(episode.episode),
          descriptionHtml: description.html,
          descriptionText: description.text,
        },
        transcript,
        { speakers: resolved, chapters },
      );
      options.onProgress?.({ step: 'episodes', done: index + 1, total });
    }
    problems.throwIfAny();
    writer.finish(
      (step) => options.onProgress?.({ step, done: 0, total: 1 }),
      speakers.showSpeakers,
    );
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
      chunkSize,
      keep,
      onWait: () => options.onProgress?.({ step: 'wait', done: 0, total: 1 }),
      pages: options.siteBuild && versionPages(options.siteBuild, site.siteUrl),
    });
    return {
      version: published.version,
      outDir,
      versionDir: published.versionDir,
      databaseBytes: published.databaseBytes,
      chunks: published.chunks,
      episodes: feed.episodes.length,
      transcripts,
      words,
      presenters: loaded.presenters.length,
      venues: loaded.venues.length,
      site,
      warnings: warnings.summary(),
      pruned: published.pruned,
      pages: published.pages,
      inputs: loaded.inputs,
    };
  } finally {
    writer.abort();
    sanitizer.close();
    await rm(workDir, { recursive: true, force: true });
  }
}
