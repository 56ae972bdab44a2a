/**
 * Podcasting 2.0 JSON chapters: from `chapters/<episode>.json` in the podcast folder, else from
 * what a feed item's `podcast:chapters` URL names: a file downloaded through the cache
 * (src/builder/read/linked-files.ts), or a path inside the podcast folder. A file that does not
 * parse, or a path that leads outside the folder, is a warning naming it, never a failed build.
 */
import { readdir, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { z } from 'zod';
import { isSafeChapterUrl, MAX_SPEECH_LABEL, type Chapter } from '../../core/speech.ts';
import { canonicalEpisodeNumber } from './episode-number.ts';
import { realRoot } from '../contained-path.ts';
import { checkFolderFile } from './folder-file.ts';
import { displayPath } from '../errors.ts';
import { readRegularFile } from './safe-files.ts';
import { plural, type WarningCollector } from '../warnings.ts';

/** Largest chapters file read: real ones are a few kilobytes. */
export const MAX_CHAPTERS_BYTES = 1024 * 1024;

/** Most chapters kept per episode. */
export const MAX_CHAPTERS = 1000;

const chapterEntry = z.object({
  startTime: z.number().finite().nonnegative(),
  title: z.string().optional(),
  url: z.string().optional(),
  img: z.string().optional(),
  toc: z.boolean().optional(),
});

const chaptersFileSchema = z.object({
  chapters: z.array(chapterEntry).max(MAX_CHAPTERS),
});

/** Why a chapters file gave no chapters. */
export class ChaptersError extends Error {}

/**
 * Reads a Podcasting 2.0 chapters document: chapters by start time, `toc: false` ones (not
 * for the table of contents) left out, links kept only when they are http(s) (images may also
 * be relative to the media folder). Throws ChaptersError saying what is wrong.
 */
export function parseChapters(text: string): { chapters: Chapter[]; unsafeLinks: number } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ChaptersError(
      `not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const parsed = chaptersFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new ChaptersError(`not Podcasting 2.0 chapters${where}: ${issue?.message ?? ''}`);
  }
  let unsafeLinks = 0;
  const chapters = parsed.data.chapters
    .filter((entry) => entry.toc !== false)
    .sort((a, b) => a.startTime - b.startTime)
    .map((entry, index): Chapter => {
      const title = (entry.title ?? '').replace(/\s+/g, ' ').trim();
      const chapter: Chapter = {
        title: title === '' ? `Chapter ${index + 1}` : title.slice(0, MAX_SPEECH_LABEL),
        start: Math.round(entry.startTime * 100),
      };
      if (entry.url !== undefined) {
        if (isSafeChapterUrl(entry.url, false)) chapter.url = entry.url;
        else unsafeLinks += 1;
      }
      if (entry.img !== undefined) {
        if (isSafeChapterUrl(entry.img, true)) chapter.image = entry.img;
        else unsafeLinks += 1;
      }
      return chapter;
    });
  return { chapters, unsafeLinks };
}

/**
 * The file inside `folder` that a feed's relative URL names, or a reason it names none:
 * URLs with a scheme (http, file, data…), absolute paths, `..` that climbs out (also when
 * percent-encoded) and symbolic links that lead outside are all refused.
 */
export async function resolveFolderUrl(
  folder: string,
  url: string,
): Promise<{ file: string } | { refused: string }> {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//'))
    return { refused: 'it is not a path inside the podcast folder (nothing is downloaded)' };
  let path: string;
  try {
    path = decodeURIComponent(url.replace(/[?#].*$/s, ''));
  } catch {
    return { refused: 'it is not a valid URL path' };
  }
  if (path === '' || path.includes('\0') || path.includes('\\') || isAbsolute(path))
    return { refused: 'it is not a relative path inside the podcast folder' };
  const root = resolve(folder);
  const inside = (base: string, target: string): boolean => {
    const rel = relative(base, target);
    return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
  };
  const file = resolve(root, path);
  if (!inside(root, file)) return { refused: 'it leads outside the podcast folder' };
  const realFolder = await realRoot(root);
  const found = realFolder === undefined ? undefined : await checkFolderFile(realFolder, file);
  if (found === undefined || ('refused' in found && found.why === 'broken-link'))
    return { refused: 'no such file in the podcast folder' };
  return 'refused' in found ? { refused: found.refused } : { file: found.real };
}

/** Chapter sources found before the episodes are built. */
export interface ChapterSources {
  /** `chapters/<episode>.json` by canonical episode number. */
  files: Map<string, string>;
  /** Files the feed's links gave (downloaded), by episode number. */
  downloaded: Map<string, string>;
  /** Where the feed's relative chapter paths lead; none for a feed read from a URL. */
  linkFolder: string | undefined;
}

/**
 * Lists `chapters/*.json` of the podcast folder (if any); other names are a warning. Only
 * regular files inside the podcast folder count: a link that leads out of it (or nowhere) and
 * a FIFO or device (which would block the build) are left out with a warning.
 */
export async function findChapterFiles(
  folder: string | undefined,
  episodes: ReadonlySet<string>,
  warnings: WarningCollector,
): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const root = folder === undefined ? undefined : await realRoot(folder);
  if (folder === undefined || root === undefined) return files;
  const dir = join(folder, 'chapters');
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.') || entry.isDirectory()) continue;
    const found = await checkFolderFile(root, join(dir, entry.name));
    if ('refused' in found) {
      warnings.add(
        'chapters-not-a-file',
        (n) =>
          `${plural(n, 'entry', 'entries')} in chapters/ ${n === 1 ? 'was' : 'were'} not a regular file inside the podcast folder (a link out of it or to nothing, a FIFO, a device); not read`,
        displayPath(join(dir, entry.name)),
      );
      continue;
    }
    const match = /^(.+)\.json$/i.exec(entry.name);
    const episode = match?.[1] === undefined ? undefined : canonicalEpisodeNumber(match[1]);
    if (episode === undefined || !episodes.has(episode)) {
      warnings.add(
        'chapters-not-used',
        (n) =>
          `${plural(n, 'file')} in chapters/ did not name an episode of the feed (<episode>.json); ignored`,
        displayPath(join(dir, entry.name)),
      );
      continue;
    }
    files.set(episode, found.real);
  }
  return files;
}

/**
 * An episode's chapters: its `chapters/<episode>.json`, else the file its feed item's
 * `podcast:chapters` link gave. Problems are warnings; the episode then has no chapters.
 */
export async function readEpisodeChapters(
  sources: ChapterSources,
  episode: string,
  feedUrl: string | null,
  warnings: WarningCollector,
): Promise<Chapter[]> {
  let file = sources.files.get(episode) ?? sources.downloaded.get(episode);
  // A URL with a scheme is downloaded, or its failure warned of, by linked-files.ts.
  const relative =
    feedUrl !== null && !/^[a-z][a-z0-9+.-]*:/i.test(feedUrl) && !feedUrl.startsWith('//');
  if (file === undefined && relative && sources.linkFolder !== undefined) {
    const found = await resolveFolderUrl(sources.linkFolder, feedUrl);
    if ('refused' in found) {
      warnings.add(
        'chapters-url-refused',
        (n) =>
          `${plural(n, 'podcast:chapters URL')} did not name a file in the podcast folder; not read`,
        `episode ${episode}: "${feedUrl.slice(0, 200)}": ${found.refused}`,
      );
      return [];
    }
    file = found.file;
  }
  if (file === undefined) return [];
  const bad = (reason: string): Chapter[] => {
    warnings.add(
      'bad-chapters',
      (n) => `${plural(n, 'chapters file')} could not be read; those episodes have no chapters`,
      `${displayPath(file)}: ${reason}`,
    );
    return [];
  };
  try {
    const size = (await stat(file)).size;
    if (size > MAX_CHAPTERS_BYTES)
      return bad(`${size.toLocaleString('en')} bytes, more than a chapters file may have`);
    // Never through a link at its last step, never blocking on a FIFO swapped in meanwhile.
    const bytes = await readRegularFile(file);
    if (bytes === undefined) return bad('the file is gone');
    const { chapters, unsafeLinks } = parseChapters(bytes.toString('utf8'));
    warnings.add(
      'unsafe-chapter-link',
      (n) => `${plural(n, 'chapter link')} left out: not http or https`,
      displayPath(file),
      unsafeLinks,
    );
    return chapters;
  } catch (error) {
    return bad(error instanceof Error ? error.message : String(error));
  }
}
