import { z } from 'zod/mini';
import { correctionTargetSchema } from './correction-target.ts';
import { DEFAULT_LANGUAGE, languageTagSchema } from './language.ts';
import { messagesSchema } from './messages/message-format.ts';
import { siteUrlProblem } from './site-url.ts';
import { MAX_WARM_PAGES } from './warm-pages.ts';

/** An http(s) URL, or empty. */
const httpUrlOrEmpty = z
  .string()
  .check(
    z.refine((url) => url === '' || /^https?:\/\//i.test(url), 'must be an http(s) URL, or empty'),
  );

/**
 * A path on the site's own origin ('/reports'), or empty: never a URL of another origin (the
 * pages may connect to their own origin only), never '//host' or a backslash.
 */
const sameOriginPathOrEmpty = z
  .string()
  .check(
    z.refine(
      (value) => value === '' || /^\/(?![/\\])[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/.test(value),
      "must be a path on the site's own origin, such as /reports, or empty",
    ),
  );

/** An http(s) URL, a relative path (under the media base), or empty: never another scheme. */
const mediaReferenceSchema = z
  .string()
  .check(
    z.refine(
      (value) => /^https?:\/\//i.test(value) || !/^\s*[a-z][a-z0-9+.-]*:/i.test(value),
      'must be an http(s) URL, a path, or empty',
    ),
  );

/**
 * A CSS colour the site may put into a style: a hex colour, rgb()/hsl() with plain numbers, or
 * a colour name. Nothing else reaches a stylesheet (no `url(`, no `;`).
 */
export const CSS_COLOR =
  /^(?:#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|(?:rgb|rgba|hsl|hsla)\(\s*[\d.]+%?(?:\s*[,\s]\s*[\d.]+%?){2}(?:\s*[,/]\s*[\d.]+%?)?\s*\)|[a-z]{3,30})$/i;

const cssColorSchema = z.string().check(
  z.trim(),
  z.refine(
    (value) => value === '' || CSS_COLOR.test(value),
    'must be a CSS colour such as #1a6b8f, rgb(26 107 143) or teal',
  ),
);

/** A type id: what links carry in `typesOff` (lower-case letters, digits and '-'). */
export const TYPE_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** One episode type as the site shows it. */
export const episodeTypeSchema = z.object({
  id: z
    .string()
    .check(z.regex(TYPE_ID, 'a type id is lower-case letters, digits and "-" (e.g. "bonus")')),
  label: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
});

export type EpisodeTypeInfo = z.infer<typeof episodeTypeSchema>;

function uniqueIds(types: readonly { id: string }[]): boolean {
  return new Set(types.map((type) => type.id)).size === types.length;
}

/**
 * The podcast-specific settings the site needs. They come from the podcast folder's
 * `trawl.config.json` at build time and reach the browser inside each version's `config.json`.
 * Every field has a default, so a podcast with no config file still gets a working site.
 */
export const siteSettingsSchema = z.object({
  /** Shown as the page heading and the document title. */
  title: z._default(z.string().check(z.minLength(1)), 'Trawl'),
  /**
   * The show's language, a BCP 47 tag ('de', 'pt-BR'): the feed's channel `<language>` unless
   * trawl.config.json sets it. Search folds and stems by it (`searchIndexSchema`).
   */
  language: z._default(languageTagSchema, DEFAULT_LANGUAGE),
  /** The header links here (the project's source repository); empty hides the link. */
  sourceUrl: z._default(httpUrlOrEmpty, ''),
  /**
   * The public address of the site (`https://example.org/show/`): canonical links, Open Graph
   * URLs, the sitemap and robots.txt name it. Empty: pages have no canonical link or sitemap.
   */
  siteUrl: z._default(
    z.string().check(
      z.refine((url) => url === '' || siteUrlProblem(url) === null, {
        error: (issue) =>
          `must be the site's public http(s) address, or empty: ${typeof issue.input === 'string' ? siteUrlProblem(issue.input) : 'not text'}`,
      }),
    ),
    '',
  ),
  /** Where audio, images, avatars and icons live. Empty means the page's own origin. */
  mediaBase: z._default(mediaReferenceSchema, ''),
  /**
   * Interface texts by key (`src/core/messages/messages-en.ts`) over the site's English ones.
   * In trawl.config.json: the show's own texts. In config.json: the catalogue of the show's
   * language with those over it (`src/core/messages/catalogues.ts`).
   */
  messages: z._default(messagesSchema, {}),
  /** Placeholder of the search input. */
  searchPlaceholder: z._default(z.string(), 'Search episodes and transcripts'),
  /** Presenter ids shown as hosts, in avatar order. */
  hostIds: z._default(z.array(z.int()), []),
  /**
   * Label of the presenters' second group (presenters flagged `qiElf`). Empty: no second group;
   * those presenters are listed with everyone else.
   */
  secondGroupLabel: z._default(z.string(), ''),
  /**
   * The episode types the filters panel offers, in order. The builder stores each episode's
   * type ids (`episodes.type_ids`) from the rules in trawl.config.json; none: no type group.
   */
  episodeTypes: z
    ._default(z.array(episodeTypeSchema), [])
    .check(z.refine(uniqueIds, 'type ids must be unique')),
  /** Accent colour of links and buttons (a CSS colour); empty keeps the site's own. */
  accentColor: z._default(cssColorSchema, ''),
  /**
   * The header's logo and the page's favicon: an http(s) URL, a path under the media base, or
   * empty for the site's built-in one. The build fills both from the feed's channel image
   * unless trawl.config.json sets them.
   */
  logo: z._default(mediaReferenceSchema, ''),
  favicon: z._default(mediaReferenceSchema, ''),
  /** Episodes per result page. */
  pageSize: z._default(z.int().check(z.minimum(1), z.maximum(200)), 10),
  /** A timestamp marker stands before every Nth transcript word. */
  timestampEvery: z._default(z.int().check(z.minimum(10)), 200),
  /** Shortest search term that is applied (an empty term clears the search). */
  minSearchLength: z._default(z.int().check(z.minimum(1), z.maximum(20)), 3),
  /** Words recognised with a probability below this are marked as uncertain. */
  lowConfidence: z._default(z.number().check(z.minimum(0), z.maximum(1)), 0.5),
  /**
   * How long the page waits for one database query (a search, a page of the list, a
   * transcript) before it gives up with a message and drops the worker. Bounded, so no
   * setting can leave a spinner turning for ever.
   */
  queryTimeoutSeconds: z._default(z.int().check(z.minimum(1), z.maximum(120)), 30),
  /**
   * Where an episode's audio comes from when the media folder had its file at build time
   * (`episodes.audio_local`): 'media' plays `audio/{episode}.mp3`, 'enclosure' the feed's
   * enclosure URL. An episode without a local file always plays its enclosure.
   */
  audio: z._default(z.enum(['media', 'enclosure']), 'media'),
  /**
   * Where the site reports an error it shows (a failed search): a path on the site's own origin
   * that accepts a POST of a small JSON report (`trawl serve` receives and prints them). Empty:
   * nothing is reported, and the error message does not say that a report was filed.
   */
  errorReports: z._default(sameOriginPathOrEmpty, ''),
  /**
   * Where 'Suggest a correction' on a selected quote goes: an http(s) URL template with
   * `{episode}`, `{title}`, `{start}`, `{end}`, `{text}`, `{link}`, `{body}`, or an email
   * address. Empty: the site offers no suggestions (src/core/correction-target.ts).
   */
  correctionTarget: z._default(correctionTargetSchema, ''),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/**
 * How the search tables were written (docs/decisions/0022-search-in-every-language.md). Version
 * 2: the builder tokenised every text itself (`src/core/tokenizer.ts`) for `language`, and the
 * term tables hold every token. A config without it is version 1: English, SQLite's own
 * `unicode61` tokenizer, term tables of plain ASCII tokens only.
 */
export const searchIndexSchema = z.object({
  version: z.literal(2),
  /** The language tag the index was folded and stemmed for. */
  language: languageTagSchema,
});

export type SearchIndexInfo = z.infer<typeof searchIndexSchema>;

/** An http(s) origin: scheme, host and optional port, nothing else. */
export const ORIGIN =
  /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$|^https?:\/\/\[[0-9a-f:.]+\](?::\d{1,5})?$/i;

/**
 * A file or folder name without a path: it cannot leave the folder it is resolved against
 * (no '/', no '.' or '..', no URL).
 */
const plainName = z
  .string()
  .check(z.regex(/^(?!\.\.?$)[A-Za-z0-9._-]+$/, 'must be a plain file name'));

/** A chunk's name in config.json's `chunks` list: 32 hex digits of its SHA-256. */
export const CHUNK_HASH = /^[0-9a-f]{32}$/;

/**
 * `{db base}/{version}/config.json`: the sql.js-httpvfs chunked-database settings plus the
 * site settings. The builder writes it; the site validates it before opening the database.
 */
export const dbConfigSchema = z
  .object({
    /** The version folder this config belongs to. */
    version: plainName,
    serverMode: z.literal('chunked'),
    requestChunkSize: z.int().check(z.positive()),
    databaseLengthBytes: z.int().check(z.positive()),
    serverChunkSize: z.int().check(z.positive()),
    /** Relative to the config file's folder. */
    urlPrefix: plainName,
    suffixLength: z.int().check(z.minimum(1), z.maximum(8)),
    /**
     * The chunk files in order, each named by 32 hex digits of its SHA-256: chunk `i` is
     * `<db>/chunks/<chunks[i]>.bin` (decision 0060). Absent in versions built before it, whose
     * chunks are `urlPrefix` + index in the version folder. Hex digits only, so no entry can
     * name another folder or an origin.
     */
    chunks: z.optional(
      z.array(z.string().check(z.regex(CHUNK_HASH, 'must be 32 hex digits (a chunk hash)'))),
    ),
    site: siteSettingsSchema,
    /**
     * Every origin other than the site's own that the database and settings name for images and
     * audio (episode artwork, enclosures, avatars, logo, favicon, mediaBase), sorted. The
     * builder derives it (`src/builder/publish/media-origins.ts`); `trawl serve`, `trawl bundle` and the
     * host configs allow exactly these in img-src and media-src. Absent in older versions.
     */
    mediaOrigins: z._default(
      z.array(z.string().check(z.regex(ORIGIN, 'must be an http(s) origin'))),
      [],
    ),
    /**
     * True when the site reads files of its own media folder (audio, artwork, avatars or a logo
     * under the media base), false when every one is an absolute URL (a feed-only show); absent
     * in versions built before it. `trawl bundle` says what must be uploaded by it.
     */
    localMedia: z.optional(z.boolean()),
    /** How the search tables were written; absent in versions built before languages. */
    search: z.optional(searchIndexSchema),
    /**
     * The pages every search reads first (`src/core/warm-pages.ts`), as runs of SQLite page
     * numbers `[first, count]`: the engine fetches them in one burst as it starts (decision
     * 0066). A hint only: absent in older versions, and pages past the database's end are
     * never asked for.
     */
    warmPages: z.optional(
      z
        .array(
          z.tuple([
            z.int().check(z.minimum(1)),
            z.int().check(z.minimum(1), z.maximum(MAX_WARM_PAGES)),
          ]),
        )
        .check(z.maxLength(MAX_WARM_PAGES)),
    ),
  })
  .check(
    z.refine(
      (config) =>
        config.chunks === undefined ||
        config.chunks.length ===
          Math.max(1, Math.ceil(config.databaseLengthBytes / config.serverChunkSize)),
      {
        message: 'must list one chunk per serverChunkSize bytes of databaseLengthBytes',
        path: ['chunks'],
      },
    ),
  );

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
    config: z.optional(dbConfigSchema),
  })
  .check(
    z.refine((value) => value.config === undefined || value.config.version === value.latest, {
      message: 'config.version must be the version latest names',
      path: ['config', 'version'],
    }),
  );

export type Latest = z.infer<typeof latestSchema>;
