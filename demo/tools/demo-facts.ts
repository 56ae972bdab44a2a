/**
 * What the demo podcast exercises, by episode. demo/README.md lists the same facts for people;
 * demo-content.test.ts checks the committed folder against them, and end-to-end tests may
 * import them instead of repeating the numbers.
 */
export const DEMO_FACTS = {
  episodes: ['1', '2', '3', '4', '4.5', '5', '6', '7', '8', '9'],
  /** Episodes without one of the four hosts (that host's avatar is greyed out). */
  episodesMissingAHost: ['2', '4', '5', '6', '8'],
  liveEpisodes: ['4', '7'],
  compilationEpisodes: ['4.5'],
  /** Recorded at a venue that is neither an office nor wfh, and neither live nor a compilation. */
  noTypeEpisode: '6',
  /** The only episode with more than 400 words: timestamp markers before words 200 and 400. */
  longEpisode: '7',
  /** A token that occurs in one episode only (its title, description and transcript). */
  uniqueWord: 'axolotl',
  uniqueWordEpisode: '3',
  /** A two-word phrase spoken in several episodes' transcripts. */
  phrase: 'ice cream',
  phraseEpisodes: ['1', '4', '5', '7', '9'],
} as const;
