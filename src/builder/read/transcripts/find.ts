import { readdir } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { isInside, realRoot } from '../../contained-path.ts';
import { canonicalEpisodeNumber } from '../episode-number.ts';
import { displayPath, InputError, InputProblems } from '../../errors.ts';
import { checkFolderFile } from '../folder-file.ts';
import type { ResolvedInputs } from '../inputs.ts';
import { plural, type WarningCollector } from '../../warnings.ts';
import { transcriptFileName } from './detect.ts';

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
 * The folder links in the transcripts folder must stay inside: the podcast folder when the
 * transcripts are its own, else the folder given with --transcripts.
 */
function transcriptsRoot(folder: string | undefined, dir: string): string {
  return folder !== undefined && isInside(dir, folder) ? folder : dir;
}

/**
 * Maps episode numbers to their transcript files, named by episode number or by an alias
 * (`transcriptAliases`); unmatched files are errors or warnings. Entries are read by the podcast
 * folder's rule (src/builder/read/folder-file.ts): a link counts as the file it leads to when
 * that is inside the folder; a link that leads nowhere, out of the folder or to a FIFO is
 * left out with a warning naming it.
 */
export async function findTranscripts(
  inputs: Pick<ResolvedInputs, 'folder' | 'transcripts'>,
  episodes: Set<string>,
  ignoreOrphans: boolean,
  warnings: WarningCollector,
  aliases: ReadonlyMap<string, string> = new Map(),
): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const dir = inputs.transcripts;
  const root = dir === undefined ? undefined : await realRoot(transcriptsRoot(inputs.folder, dir));
  if (dir === undefined || root === undefined) return files;
  // A linked entry is read through its real path; a plain file keeps the name it was given.
  const names = new Map<string, string>();
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.isDirectory()) continue;
    const shown = join(dir, entry.name);
    const found = await checkFolderFile(root, shown);
    if ('real' in found) {
      names.set(entry.name, entry.isSymbolicLink() ? found.real : shown);
    } else if (found.why === 'broken-link') {
      warnings.add(
        'broken-transcript-link',
        (n) => `${plural(n, 'link')} in the transcripts folder led to no file; ignored`,
        `${displayPath(shown)}: ${found.refused}`,
      );
    } else {
      warnings.add(
        'transcript-not-read',
        (n) =>
          `${plural(n, 'entry', 'entries')} in the transcripts folder ${n === 1 ? 'was' : 'were'} not a regular file inside the podcast folder (a link out of it, a FIFO, a device); not read`,
        `${displayPath(shown)}: ${found.refused}`,
      );
    }
  }
  // Every misnamed file is reported at once, not one per run.
  const problems: InputError[] = [];
  for (const [name, file] of [...names].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
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
