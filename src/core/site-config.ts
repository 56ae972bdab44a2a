import { z } from 'zod';

/**
 * The podcast-specific settings the site needs. They come from the podcast folder's
 * `trawl.config.json` at build time and reach the browser inside each version's `config.json`.
 * Every field has a default, so a podcast with no config file still gets a working site.
 */
export const siteSettingsSchema = z.object({
  /** Shown as the page heading and the document title. */
  title: z.string().min(1).default('Trawl'),
  /** The header links here (the project's source repository); empty hides the link. */
  sourceUrl: z
    .string()
    .refine((url) => url === '' || /^https?:\/\//i.test(url), 'must be an http(s) URL, or empty')
    .default(''),
  /** Where audio, images, avatars and icons live. Empty means the page's own origin. */
  mediaBase: z
    .string()
    .refine(
      (base) => /^https?:\/\//i.test(base) || !/^[a-z][a-z0-9+.-]*:/i.test(base.trim()),
      'must be an http(s) URL, a path, or empty',
    )
    .default(''),
  /** Placeholder of the search input. */
  searchPlaceholder: z.string().default('no such thing as a search bar'),
  /** Presenter ids shown as hosts, in avatar order. */
  hostIds: z.array(z.number().int()).default([]),
  /** Label of the presenters' second group (presenters flagged `qiElf`). */
  secondGroupLabel: z.string().min(1).default('QI Elves'),
  /** Venue ids whose episodes count as 'wfh'. */
  wfhVenueIds: z.array(z.number().int()).default([]),
  /** Venue ids whose episodes count as 'office'. */
  officeVenueIds: z.array(z.number().int()).default([]),
  /** Episodes per result page. */
  pageSize: z.number().int().min(1).max(200).default(10),
  /** A timestamp marker stands before every Nth transcript word. */
  timestampEvery: z.number().int().min(10).default(200),
  /** Shortest search term that is applied (an empty term clears the search). */
  minSearchLength: z.number().int().min(1).max(20).default(3),
  /** Words recognised with a probability below this are marked as uncertain. */
  lowConfidence: z.number().min(0).max(1).default(0.5),
  /** 'media': audio/{episode}.mp3 on the media host; 'enclosure': the feed's enclosure URL. */
  audio: z.enum(['media', 'enclosure']).default('media'),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/**
 * A file or folder name without a path: it cannot leave the folder it is resolved against
 * (no '/', no '.' or '..', no URL).
 */
const plainName = z.string().regex(/^(?!\.\.?$)[A-Za-z0-9._-]+$/, 'must be a plain file name');

/**
 * `{db base}/{version}/config.json`: the sql.js-httpvfs chunked-database settings plus the
 * site settings. The builder writes it; the site validates it before opening the database.
 */
export const dbConfigSchema = z.object({
  /** The version folder this config belongs to. */
  version: plainName,
  serverMode: z.literal('chunked'),
  requestChunkSize: z.number().int().positive(),
  databaseLengthBytes: z.number().int().positive(),
  serverChunkSize: z.number().int().positive(),
  /** Relative to the config file's folder. */
  urlPrefix: plainName,
  suffixLength: z.number().int().min(1).max(8),
  site: siteSettingsSchema,
});

export type DbConfig = z.infer<typeof dbConfigSchema>;

/**
 * `{db base}/latest.json`: names the version folder to read, and carries a copy of that
 * version's config.json so the site starts the database one round trip sooner
 * (docs/performance.md). `config` is optional: latest.json files written before it, and
 * pages re-opening the version they are pinned to, read config.json.
 */
export const latestSchema = z
  .object({
    latest: plainName,
    config: dbConfigSchema.optional(),
  })
  .refine((value) => value.config === undefined || value.config.version === value.latest, {
    message: 'config.version must be the version latest names',
    path: ['config', 'version'],
  });

export type Latest = z.infer<typeof latestSchema>;
