import { z } from 'zod';
import {
  canonicalEpisodeNumber,
  episodeNumberFits,
  MAX_DECIMALS,
  MAX_WHOLE_DIGITS,
} from './episode-number.ts';
import { formatZodIssues, InputError, parseJsonFile } from '../errors.ts';
import { NotARegularFile, readRegularFile, writeFileAtomic } from './safe-files.ts';

/**
 * episode-numbers.json: the numbers a build gave feed items that had none of their own (or whose
 * number another item held), by the item's guid, so a number once given never changes
 * (src/builder/read/episode-numbering.ts). The build adds to it; a person may edit it.
 */

const ABOUT =
  'Episode numbers trawl build gave feed items without a number of their own, by guid. A number here never changes; edit it only to renumber an episode on purpose.';

const fileSchema = z.strictObject({
  about: z.string().optional(),
  numbers: z.record(
    z.string().min(1).max(2000),
    z
      .string()
      .refine((value) => canonicalEpisodeNumber(value) === value, {
        message: 'must be an episode number such as 12 or 12.5, written as text',
      })
      .refine(episodeNumberFits, {
        message: `must have at most ${MAX_WHOLE_DIGITS} digits before the point and ${MAX_DECIMALS} after it`,
      }),
  ),
});

/** Reads the numbers file; a missing file is an empty map. Two items with one number is an error. */
export async function readEpisodeNumbers(file: string): Promise<Map<string, string>> {
  let bytes: Buffer | undefined;
  try {
    bytes = await readRegularFile(file);
  } catch (error) {
    const reason =
      error instanceof NotARegularFile
        ? 'is not a regular file (a link or a folder); the build reads and writes it only as a plain file'
        : `cannot read (${error instanceof Error ? error.message : String(error)})`;
    throw new InputError({ file }, reason);
  }
  if (bytes === undefined) return new Map();
  const parsed = fileSchema.safeParse(parseJsonFile(file, bytes.toString('utf8')));
  if (!parsed.success) throw new InputError({ file }, formatZodIssues(parsed.error));
  const byNumber = new Map<string, string>();
  for (const [key, number] of Object.entries(parsed.data.numbers)) {
    const other = byNumber.get(number);
    if (other !== undefined) {
      throw new InputError(
        { file },
        `"${other}" and "${key}" both have number ${number}; give one another number`,
      );
    }
    byNumber.set(number, key);
  }
  return new Map(Object.entries(parsed.data.numbers));
}

/** Writes the numbers file whole (temporary file, then rename), keys in a stable order. */
export async function writeEpisodeNumbers(
  file: string,
  numbers: ReadonlyMap<string, string>,
): Promise<void> {
  const sorted = Object.fromEntries([...numbers].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  await writeFileAtomic(file, `${JSON.stringify({ about: ABOUT, numbers: sorted }, null, 2)}\n`);
}
