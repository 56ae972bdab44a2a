import { z } from 'zod';
import * as mini from 'zod/mini';
import { siteSettingsSchema } from '../../core/site-config.ts';
import { episodeTypesConfigSchema, type EpisodeTypeConfig } from './episode-types.ts';
import { formatZodIssues, InputError, parseJsonFile } from '../errors.ts';

const titlePatternSchema = z.string().superRefine((source, context) => {
  let pattern: RegExp;
  try {
    pattern = new RegExp(source, 'iu');
  } catch (error) {
    context.addIssue({
      code: 'custom',
      message: `not a valid regular expression (${error instanceof Error ? error.message : String(error)})`,
    });
    return;
  }
  // An extra alternative that matches the empty string reveals how many groups the pattern has.
  const groups = (new RegExp(`${pattern.source}|`, 'u').exec('')?.length ?? 1) - 1;
  if (groups < 1)
    context.addIssue({
      code: 'custom',
      message: 'needs one capture group around the episode number',
    });
});

/**
 * The site settings trawl.config.json may set: any of them but `episodeTypes`, no other key.
 * The settings' schema is `zod/mini`'s (the site's script carries it, decision 0077), so its
 * functions shape it here.
 */
const siteSettingsConfigSchema = mini._default(
  mini.strictObject(mini.partial(mini.omit(siteSettingsSchema, { episodeTypes: true })).shape),
  {},
);

/** `trawl.config.json`: site settings plus how to read the feed. Unknown keys are errors. */
export const podcastConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  /** Site settings; `episodeTypes` comes from the top-level list below, with its rules. */
  site: siteSettingsConfigSchema,
  /** Episode types: id, label and the rule the builder evaluates (src/builder/read/episode-types.ts). */
  episodeTypes: episodeTypesConfigSchema.default([]),
  /** A regular expression (applied case-insensitively to item titles) whose first group is the episode number. */
  episodeNumberPattern: titlePatternSchema.optional(),
  /**
   * Two feed items with one number: 'renumber' (default) keeps it on the older and gives the
   * newer one its own; 'keep-newest' keeps only the later pubDate; 'error' rejects the feed.
   */
  duplicateEpisodes: z.enum(['renumber', 'keep-newest', 'error']).default('renumber'),
  /** The feed's URL: `trawl build <folder>` downloads it (http or https only). */
  feedUrl: z
    .url({ protocol: /^https?$/, hostname: /./, error: 'must be an http:// or https:// URL' })
    .optional(),
});

export type PodcastConfigInput = z.input<typeof podcastConfigSchema>;

/** A validated podcast config. `site` holds only the settings the file sets. */
export interface PodcastConfig {
  site: Partial<Omit<z.infer<typeof siteSettingsSchema>, 'episodeTypes'>>;
  titlePattern: RegExp | undefined;
  duplicateEpisodes: 'renumber' | 'keep-newest' | 'error';
  episodeTypes: EpisodeTypeConfig[];
  feedUrl: string | undefined;
}

/** The config used when a podcast folder has no trawl.config.json. */
export const DEFAULT_PODCAST_CONFIG: PodcastConfig = {
  site: {},
  titlePattern: undefined,
  duplicateEpisodes: 'renumber',
  episodeTypes: [],
  feedUrl: undefined,
};

/** Validates the text of a trawl.config.json, naming the file and the offending key. */
export function parsePodcastConfig(file: string, text: string): PodcastConfig {
  const raw = parseJsonFile(file, text);
  const result = podcastConfigSchema.safeParse(raw);
  if (!result.success) throw new InputError({ file }, formatZodIssues(result.error));
  const { site, episodeNumberPattern, duplicateEpisodes, episodeTypes, feedUrl } = result.data;
  // zod fills every default in; keep only what the file sets so the build can choose
  // defaults of its own (the feed's title for `title`).
  const rawSite = isRecord(raw) && isRecord(raw.site) ? raw.site : {};
  return {
    site: Object.fromEntries(Object.entries(site).filter(([key]) => key in rawSite)),
    titlePattern:
      episodeNumberPattern === undefined ? undefined : new RegExp(episodeNumberPattern, 'iu'),
    duplicateEpisodes,
    episodeTypes,
    feedUrl,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
