import { z } from 'zod';
import { episodeTypeSchema, type EpisodeTypeInfo } from '../../core/site-config.ts';

/**
 * Episode types are data: trawl.config.json's `episodeTypes` lists each type's id, label and
 * a rule, which the builder evaluates per episode (`episodes.type_ids`). Rules:
 * - `{ "field": "itunes:episodeType" | "title", "equals" | "contains" | "matches": text }`:
 *   a feed field equals a text, contains it (both case-insensitive), or matches a regular
 *   expression (case-insensitive);
 * - `{ "venue": [ids] }`: the episode's venue is one of these;
 * - `{ "flag": "live" | "compilation" }`: the spec's flags (from overrides);
 * - `{ "any": [rules] }`, `{ "all": [rules] }`, `{ "not": rule }`.
 */

/** What a rule can look at. */
export interface TypedEpisode {
  title: string;
  /** `itunes:episodeType` ('full', 'trailer', 'bonus'), lower case, or null. */
  episodeType: string | null;
  venue: number | null;
  live: boolean;
  compilation: boolean;
}

export type TypeRule =
  | { field: 'itunes:episodeType' | 'title'; equals?: string; contains?: string; matches?: string }
  | { venue: number[] }
  | { flag: 'live' | 'compilation' }
  | { any: TypeRule[] }
  | { all: TypeRule[] }
  | { not: TypeRule };

function compiles(source: string): boolean {
  try {
    new RegExp(source, 'iu');
    return true;
  } catch {
    return false;
  }
}

const fieldRule = z
  .strictObject({
    field: z.enum(['itunes:episodeType', 'title']),
    equals: z.string().min(1).optional(),
    contains: z.string().min(1).optional(),
    matches: z.string().min(1).refine(compiles, 'not a valid regular expression').optional(),
  })
  .refine(
    (rule) =>
      [rule.equals, rule.contains, rule.matches].filter((t) => t !== undefined).length === 1,
    'a field rule needs exactly one of "equals", "contains" or "matches"',
  );

export const typeRuleSchema: z.ZodType<TypeRule> = z.lazy(() =>
  z.union([
    fieldRule,
    z.strictObject({ venue: z.array(z.number().int().nonnegative()).min(1) }),
    z.strictObject({ flag: z.enum(['live', 'compilation']) }),
    z.strictObject({ any: z.array(typeRuleSchema).min(1) }),
    z.strictObject({ all: z.array(typeRuleSchema).min(1) }),
    z.strictObject({ not: typeRuleSchema }),
  ]),
);

/** One entry of trawl.config.json's `episodeTypes`. */
export const episodeTypeConfigSchema = z.strictObject({
  ...episodeTypeSchema.shape,
  rule: typeRuleSchema,
});

export type EpisodeTypeConfig = z.infer<typeof episodeTypeConfigSchema>;

/** The list, with unique ids. */
export const episodeTypesConfigSchema = z
  .array(episodeTypeConfigSchema)
  .refine(
    (types) => new Set(types.map((type) => type.id)).size === types.length,
    'type ids must be unique',
  );

/** Whether an episode meets a rule. */
export function meetsRule(episode: TypedEpisode, rule: TypeRule): boolean {
  if ('any' in rule) return rule.any.some((inner) => meetsRule(episode, inner));
  if ('all' in rule) return rule.all.every((inner) => meetsRule(episode, inner));
  if ('not' in rule) return !meetsRule(episode, rule.not);
  if ('venue' in rule) return episode.venue !== null && rule.venue.includes(episode.venue);
  if ('flag' in rule) return episode[rule.flag];
  const value = (rule.field === 'title' ? episode.title : episode.episodeType) ?? '';
  if (rule.matches !== undefined) return new RegExp(rule.matches, 'iu').test(value);
  const folded = value.toLocaleLowerCase('en');
  if (rule.equals !== undefined) return folded.trim() === rule.equals.toLocaleLowerCase('en');
  return rule.contains !== undefined && folded.includes(rule.contains.toLocaleLowerCase('en'));
}

/** The ids of the types an episode has, in the configured order. */
export function episodeTypesOf(
  episode: TypedEpisode,
  types: readonly EpisodeTypeConfig[],
): string[] {
  return types.filter((type) => meetsRule(episode, type.rule)).map((type) => type.id);
}

/** Venue ids a rule names (checked against the venues at build time). */
export function ruleVenueIds(rule: TypeRule): number[] {
  if ('any' in rule) return rule.any.flatMap(ruleVenueIds);
  if ('all' in rule) return rule.all.flatMap(ruleVenueIds);
  if ('not' in rule) return ruleVenueIds(rule.not);
  if ('venue' in rule) return rule.venue;
  return [];
}

/** What the site is told about the types (id and label, no rules). */
export function siteEpisodeTypes(types: readonly EpisodeTypeConfig[]): EpisodeTypeInfo[] {
  return types.map(({ id, label }) => ({ id, label }));
}
