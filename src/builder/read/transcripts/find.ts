import { readdir, stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { canonicalEpisodeNumber } from '../episode-number.ts';
import { displayPath, InputError, InputProblems } from '../../errors.ts';
import { plural, type WarningCollector } from '../../warnings.ts';
import { transcriptFileName } from './detect.ts';

/** Why a link cannot be followed, in words. */
function linkProblem(error: unknown): string {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (code === 'ENOENT') return 'it points to nothing (dangling link)';
  if (code === 'ELOOP') return 'it points back to itself (a loop of links)';
  return error instanceof Error ? error.message : String(error);
}

/**
 * The other names a transcript file may have for each episode: the item's `<guid>` and the file
 * name (without its extension) of each of its `podcast:transcript` URLs, so the files a feed
 * links can be dropped into `transcripts/` as they are named. A name two episodes share names
 * neither; a number is always an episode number.
 */
export function transcriptAliases(
  episodes: { episode: string; guid: string | null; transcripts: { url: string }[] }[],
): Map<string, string> {
  const aliases = new Map<string, string | null>();
  const add = (name: string, episode: string): void => {
    if (name === '' || name.length > 200 || /[/\\\0]/.test(name)) return;
    if (canonicalEpisodeNumber(name) !== undefined) return;
    const earlier = aliases.get(name);
    aliases.set(name, earlier === undefined || earlier === episode ? episode : null);
  };
  for (const { episode, guid, transcripts } of episodes) {
    if (guid !== null) add(guid.trim(), episode);
    for (const { url } of transcripts) {
      let path: string;
      try {
        path = decodeURIComponent(new URL(url, 'http://relative.invalid/').pathname);
      } catch {
        continue;
      }
      const stem = transcriptFileName(posix.basename(path))?.stem;
      if (stem !== undefined) add(stem, episode);
    }
  }
  return new Map([...aliases].filter((entry): entry is [string, string] => entry[1] !== null));
}

/**
 * Maps episode numbers to their transcript files, named by episode number or by an alias
 * (`transcriptAliases`); unmatched files are errors or warnings.
 */
export async function findTranscripts(
  dir: string | undefined,
  episodes: Set<string>,
  ignoreOrphans: boolean,
  warnings: WarningCollector,
  aliases: ReadonlyMap<string, string> = new Map(),
): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  if (dir === undefined) return files;
  const names: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isFile()) names.push(entry.name);
    if (!entry.isSymbolicLink()) continue;
    // Symbolic links count when they lead to a file (a folder of links to an archive works).
    const link = join(dir, entry.name);
    const target = await stat(link).catch((error: unknown) => linkProblem(error));
    if (typeof target === 'string') {
      warnings.add(
        'broken-transcript-link',
        (n) => `${plural(n, 'link')} in the transcripts folder led to no file; ignored`,
        `${displayPath(link)}: ${target}`,
      );
    } else if (target.isFile()) names.push(entry.name);
  }
  // Every misnamed file is reported at once, not one per run.
  const problems: InputError[] = [];
  for (const name of names.sort()) {
    const file = join(dir, name);
    const parts = transcriptFileName(name);
    // `trawl init` puts a README beside the transcripts; it is no transcript and no mistake.
    if (!parts && /^readme(?:\.[a-z]+)?$/i.test(name)) continue;
    if (!parts) {
      warnings.add(
        'not-a-transcript',
        (n) =>
          `${plural(n, 'file')} in the transcripts folder had no transcript extension (.json, .vtt, .srt); ignored`,
        displayPath(file),
      );
      continue;
    }
    const episode = canonicalEpisodeNumber(parts.stem) ?? aliases.get(parts.stem);
    const problem =
      episode === undefined
        ? `the file name "${parts.stem}" is not an episode number, nor an item's guid or transcript file name (name transcripts <episode>.${parts.extension}, e.g. 14.5.${parts.extension})`
        : episodes.has(episode)
          ? undefined
          : `episode ${episode} is not in the feed`;
    if (problem !== undefined) {
      if (!ignoreOrphans) {
        problems.push(
          new InputError(
            { file },
            `${problem}; remove the transcript or pass --ignore-orphan-transcripts`,
          ),
        );
        continue;
      }
      warnings.add(
        'orphan-transcript',
        (n) => `${plural(n, 'transcript')} had no episode in the feed; skipped`,
        `${displayPath(file)}: ${problem}`,
      );
      continue;
    }
    const canonical = episode ?? '';
    const earlier = files.get(canonical);
    if (earlier) {
      problems.push(
        new InputError(
          { file, episode: canonical },
          `episode ${canonical} already has a transcript, ${displayPath(earlier)}: keep one`,
        ),
      );
      continue;
    }
    files.set(canonical, file);
  }
  if (problems.length > 0) throw new InputProblems(problems);
  return files;
}
