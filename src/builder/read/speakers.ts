/**
 * Turns the speaker labels a transcript file carries (`SPEAKER_00`, a VTT voice `Anna Smith`,
 * a Podcasting 2.0 `Host`) into people: `speakers.json` maps labels to presenter ids or plain
 * names (a default map for the show, overrides per episode), a label that is a presenter's name
 * links to that presenter, an unmapped diarisation label becomes 'Speaker 1', 'Speaker 2'… in
 * order of first appearance, and any other label is kept as the name it is.
 */
import { z } from 'zod';
import {
  foldName,
  MAX_SHOW_SPEAKERS,
  MAX_SPEECH_LABEL,
  type ShowSpeaker,
} from '../../core/speech.ts';
import { canonicalEpisodeNumber } from './episode-number.ts';
import { displayPath, formatZodIssues, InputError, parseJsonFile } from '../errors.ts';
import { presenterName, type Presenter } from './people.ts';
import { plural, type WarningCollector } from '../warnings.ts';

const target = z.union([
  z.number().int().nonnegative(),
  z.string().trim().min(1).max(MAX_SPEECH_LABEL),
]);
const labelMap = z.record(z.string().trim().min(1).max(MAX_SPEECH_LABEL), target);

const speakersFileSchema = z.strictObject({
  default: labelMap.default({}),
  episodes: z.record(z.string(), labelMap).default({}),
});

/** A label's person: a presenter id or a plain name. */
export type SpeakerTarget = number | string;

/** A parsed `speakers.json`. */
export interface SpeakerMap {
  file: string | null;
  default: Map<string, SpeakerTarget>;
  /** Per canonical episode number. */
  episodes: Map<string, Map<string, SpeakerTarget>>;
}

/** What `trawl init` writes: nothing mapped yet. */
export const EMPTY_SPEAKERS_JSON = `${JSON.stringify({ default: {}, episodes: {} }, null, 2)}\n`;

export const NO_SPEAKER_MAP: SpeakerMap = { file: null, default: new Map(), episodes: new Map() };

/**
 * Reads `speakers.json`. Presenter ids must exist and episode keys must be episode numbers:
 * either problem is an error naming the file and the key. An override for an episode the feed
 * does not have (one since deleted or renumbered) is a warning naming it, and is not used: like
 * a chapters file of no episode (src/builder/read/chapters.ts), it does not block the build.
 */
export function parseSpeakerMap(
  file: string,
  text: string,
  presenters: readonly Presenter[],
  feedEpisodes: ReadonlySet<string>,
  warnings: WarningCollector,
): SpeakerMap {
  const parsed = speakersFileSchema.safeParse(parseJsonFile(file, text));
  if (!parsed.success) throw new InputError({ file }, formatZodIssues(parsed.error));
  const ids = new Set(presenters.map((presenter) => presenter.id));
  const toMap = (labels: Record<string, SpeakerTarget>, where: string) => {
    const map = new Map<string, SpeakerTarget>();
    for (const [label, value] of Object.entries(labels)) {
      if (typeof value === 'number' && !ids.has(value))
        throw new InputError({ file }, `${where}"${label}": ${value} is an unknown presenter id`);
      map.set(label.trim(), value);
    }
    return map;
  };
  const episodes = new Map<string, Map<string, SpeakerTarget>>();
  for (const [key, labels] of Object.entries(parsed.data.episodes)) {
    const episode = canonicalEpisodeNumber(key);
    if (episode === undefined)
      throw new InputError({ file }, `episodes."${key}": is not an episode number like 14 or 14.5`);
    const map = toMap(labels, `episodes.${key}.`);
    if (!feedEpisodes.has(episode)) {
      warnings.add(
        'speakers-episode-not-in-feed',
        (n) =>
          `${plural(n, 'speakers.json override')} named an episode that is not in the feed; ignored`,
        `${displayPath(file)}: episodes."${key}": episode ${episode} is not in the feed`,
      );
      continue;
    }
    episodes.set(episode, map);
  }
  return { file, default: toMap(parsed.data.default, 'default.'), episodes };
}

/** The speakers of one transcript, in the order the transcript's `speaker` indexes use. */
export interface ResolvedSpeakers {
  /** Per word: index into `names`, -1 for unknown. */
  speaker: number[];
  names: string[];
  presenters: (number | null)[];
  /**
   * Per speaker: the show-wide id of a named speaker (1, 2…), or -N for 'Speaker N' (0 past
   * the limit of named speakers).
   */
  ids: number[];
}

/** Diarisation output rather than a name: SPEAKER_00, spk_1, Speaker 2, S3, 4. */
const DIARISATION_LABEL = /^(?:speaker|spkr?|s)?[\s_-]*\d+$/i;

/**
 * Resolves labels to people across a build, and numbers the show's named speakers (the
 * 'said by' options) in order of first appearance.
 */
export class SpeakerResolver {
  private readonly presenterByName = new Map<string, Presenter>();
  private readonly presenterById = new Map<number, Presenter>();
  private readonly showIds = new Map<string, ShowSpeaker>();

  constructor(
    private readonly map: SpeakerMap,
    presenters: readonly Presenter[],
  ) {
    const firstNames = new Map<string, Presenter | null>();
    for (const presenter of presenters) {
      this.presenterById.set(presenter.id, presenter);
      this.presenterByName.set(foldName(presenterName(presenter)), presenter);
      const first = foldName(presenter.firstName);
      // A first name two presenters share names neither of them.
      firstNames.set(first, firstNames.has(first) ? null : presenter);
    }
    for (const [first, presenter] of firstNames) {
      if (presenter && !this.presenterByName.has(first)) this.presenterByName.set(first, presenter);
    }
  }

  /** The named speakers seen so far, by id. */
  get showSpeakers(): ShowSpeaker[] {
    return [...this.showIds.values()];
  }

  /** Resolves one transcript's labels (`labels[speaker[i]]` is word i's label). */
  resolve(
    episode: string,
    labels: readonly string[],
    speaker: readonly number[],
  ): ResolvedSpeakers {
    const episodeMap = this.map.episodes.get(episode);
    const names: string[] = [];
    const presenters: (number | null)[] = [];
    const ids: number[] = [];
    const indexByKey = new Map<string, number>();
    const labelIndex = new Map<number, number>();
    let unnamed = 0;
    // Labels in order of first appearance, so 'Speaker 1' is the first to speak.
    for (const label of speaker) {
      if (label < 0 || labelIndex.has(label)) continue;
      const text = labels[label] ?? '';
      const mapped = episodeMap?.get(text) ?? this.map.default.get(text);
      let person: { name: string; presenter: number | null } | null = null;
      if (typeof mapped === 'number') person = this.presenter(mapped);
      else {
        const name = mapped ?? text;
        const presenter = this.presenterByName.get(foldName(name));
        if (presenter) person = this.presenter(presenter.id);
        else if (mapped !== undefined || !DIARISATION_LABEL.test(name))
          person = { name: name.slice(0, MAX_SPEECH_LABEL), presenter: null };
      }
      let key: string;
      if (person === null) {
        unnamed += 1;
        person = { name: `Speaker ${unnamed}`, presenter: null };
        key = `?${text}`;
      } else {
        key = person.presenter === null ? `n:${foldName(person.name)}` : `p:${person.presenter}`;
      }
      let index = indexByKey.get(key);
      if (index === undefined) {
        index = names.length;
        indexByKey.set(key, index);
        names.push(person.name);
        presenters.push(person.presenter);
        ids.push(key.startsWith('?') ? -unnamed : this.showId(key, person));
      }
      labelIndex.set(label, index);
    }
    return {
      speaker: speaker.map((label) => (label < 0 ? -1 : (labelIndex.get(label) ?? -1))),
      names,
      presenters,
      ids,
    };
  }

  private presenter(id: number): { name: string; presenter: number } {
    const presenter = this.presenterById.get(id);
    return { name: presenter ? presenterName(presenter) : `Presenter ${id}`, presenter: id };
  }

  private showId(key: string, person: { name: string; presenter: number | null }): number {
    const known = this.showIds.get(key);
    if (known) return known.id;
    // Past the limit a speaker stays on the page but cannot be searched by.
    if (this.showIds.size >= MAX_SHOW_SPEAKERS) return 0;
    const id = this.showIds.size + 1;
    this.showIds.set(key, { id, ...person });
    return id;
  }
}
