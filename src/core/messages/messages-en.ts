/**
 * The interface's texts in English: the catalogue every other language translates and falls
 * back to (docs/decisions/0026-interface-in-the-shows-language.md). The site's bundle carries
 * only this one; a show in another language gets its catalogue inside config.json.
 * `{name}` is a value put in; a key ending in `.one` or `.other` is a plural form (a catalogue
 * may add `.zero`, `.two`, `.few`, `.many` for a language that has them: `ExtraPluralKey`).
 */
export const MESSAGES_EN = {
  'search.label': 'Search episodes',
  'search.button': 'Search',
  'search.placeholder': 'Search episodes and transcripts',
  'search.suggestions': 'Suggestions',
  'search.tooShort': 'Type at least {count} characters to search.',
  'search.noTokens': '“{term}” has no words or numbers to search for.',
  'search.didYouMean': 'Did you mean',
  'order.label': 'Order',
  'order.newest': 'Newest first',
  'order.best': 'Best match',
  'list.showingAll': 'showing all {episodes}',
  'list.found': 'found {found} of {episodes}',
  'list.episodes.one': '{count} episode',
  'list.episodes.other': '{count} episodes',
  'list.noResults': 'No results found',
  'list.tryAnother': 'Try doing another search.',
  'list.noSuchEpisode': 'No such episode',
  'list.noSuchEpisodeText': 'There is no episode {episode} in this podcast.',
  'list.expandAll': '[+] expand all',
  'list.collapseAll': '[-] collapse all',
  'filters.show': '[+] show filters ({count})',
  'filters.hide': '[-] hide filters ({count})',
  'list.loadError': 'The episodes could not be loaded',
  'reload.before': 'Please ',
  'reload.link': 'reload page',
  'reload.after': '.',
  'pages.label': 'Pages',
  'pages.first': 'First page',
  'pages.previous': 'Previous page',
  'pages.page': 'page',
  'pages.of': 'of {count}',
  'pages.next': 'Next page',
  'pages.last': 'Last page',
  'filters.searchIn': 'Search in',
  'filters.field.title': 'title',
  'filters.field.description': 'description',
  'filters.field.words': 'transcript',
  'filters.field.episode': 'episode number',
  'filters.types': 'Episode types',
  'filters.presenters': 'Presenters',
  'filters.searchPresenters': 'Search presenters',
  'filters.noOne': 'No one found',
  'filters.presentersFailed': 'Presenters could not be loaded',
  'filters.venues': 'Venues',
  'filters.searchVenues': 'Search venues',
  'filters.nothingFound': 'Nothing found',
  'filters.venuesFailed': 'Venues could not be loaded',
  'filters.saidBy': 'Said by (transcript matches)',
  'filters.anyone': 'Anyone',
  'errors.notFound': '404 Not Found',
  'errors.home': 'Go back home',
  'errors.wrong': 'Something went wrong.',
  'newer.text': 'This archive has been updated since this page was loaded.',
  'newer.reload': 'Reload for the newest episodes',
  'player.play': 'Play',
  'player.pause': 'Pause',
  'player.label': 'Audio player',
  'player.back': 'Back {seconds} seconds',
  'player.forward': 'Forward {seconds} seconds',
  'player.speed': 'Playback speed',
  'player.close': 'Close the player',
  'player.closeTitle': 'Stop and close the player',
  'transcript.found': 'found {utterances} of "{term}"',
  'transcript.utterances.one': '{count} utterance',
  'transcript.utterances.other': '{count} utterances',
  'transcript.failed': 'The transcript could not be loaded.',
  'transcript.approximate': 'Word times are approximate for this episode.',
  'transcript.of': 'Transcript of episode {episode}',
  'matches.label': 'Matches',
  'matches.previous': 'Previous match',
  'matches.next': 'Next match',
  'episode.back': 'Back',
  'episode.backToList': 'Back to the filtered list',
  'episode.backToSearch': 'Back to the search for “{term}”',
  'episode.others': 'Other episodes',
  'snippets.unavailable': 'snippets unavailable',
  'chapters.label': 'Chapters',
  'transcript.none': 'No transcript yet',
  'moment.copy': 'Copy link to this moment',
  'moment.copied': 'Link to {time} copied',
  'player.playEpisode': 'Play episode {episode}',
  'player.pauseEpisode': 'Pause episode {episode}',
  'player.chapter': 'Chapter: {title}',
  'player.seekIn': 'Seek in {heading}',
  'episode.artwork': 'Artwork of episode {episode}',
  'player.pressPlay': 'Press play to listen from {time}',
  'player.blocked': 'Your browser did not let the episode start by itself. {from}.',
  'player.audioFailed': 'The audio could not be loaded. Press play to try again.',
  'player.seekEpisode': 'Seek in episode {episode}',
  'player.elapsedOf': '{elapsed} of {length}',
  'transcript.follow': 'Follow along',
  'transcript.followOn': 'The transcript keeps the words being played in view',
  'transcript.followOff': 'Keep the words being played in view',
  'transcript.retry': 'Try again',
  'snippets.where': 'Where it was said in episode {episode}',
  'snippets.playFrom': 'Play from {time}',
  'snippets.more': 'and {count} more',
  'snippets.passages.one': 'and {count} more passage',
  'snippets.passages.other': 'and {count} more passages',
  'matches.previousButton': '‹ Previous',
  'matches.nextButton': 'Next ›',
  'matches.position': '{position} of {count}',
  'episode.all': 'All episodes',
  'episode.previous': 'Previous episode',
  'episode.next': 'Next episode',
  'moment.copyAt': 'Copy link to this moment ({time})',
  'moment.field': 'Link to this moment',
  'chapters.of': 'Chapters of episode {episode}',
  'transcript.underConstruction': 'Under construction',
  'filters.hosts': 'Hosts',
  'filters.guests': 'Guests',
  'episode.showTranscript': '[+] show transcript',
  'episode.hideTranscript': '[-] hide transcript',
  'episode.onlyLive': 'Show only live episodes (again: show all types)',
  'episode.live': 'Live',
  'episode.onlyCompilations': 'Show only compilations (again: show all types)',
  'episode.compilation': 'Compilation',
  // Issue 24 item 4 leftovers: texts that were still written into the components.
  'quote.toolbar': 'Quote from {range}',
  'quote.copy': 'Copy quote',
  'quote.share': 'Share',
  'quote.suggest': 'Suggest a correction',
  'quote.copied': 'Quote copied',
  'quote.shared': 'Quote shared',
  'quote.manual': 'Quote to copy',
  'quote.marks': '“{text}”',
  'downloads.label': 'Download transcript',
  'downloads.prefix': 'Download:',
  'downloads.as': 'Download transcript as {format}',
  'typo.showing': 'Showing results for {term}',
  'typo.instead': 'search instead for {term}',
  'typo.typed': '‘{term}’',
  'title.search': 'Search: {term}',
  'title.notFound': 'Not found',
  'title.description': 'Search the episodes and transcripts of {show}.',
  'search.sorry': 'Sorry about that. Please try a different search.',
  'search.sorryReported':
    'Sorry about that. A report has been filed. Please try a different search.',
  'search.problem': 'Problem while searching',
  'search.failed': 'Search failed',
  'search.noRules': 'The search could not load the rules of its language. Try again in a moment.',
  'transcript.pageCopy':
    "The text below is this page's copy: reading along and its matches are off.",
  'loading.episode': 'Loading the episode',
  'loading.episodes': 'Loading episodes',
  'header.source': 'source code',
  'speaker.numbered': 'Speaker {number}',
  'host.numbered': 'Host {number}',
  'filters.elsewhere': 'Elsewhere',
  'title.listPage': '{show} · page {page} of {count}',
  'title.listPageDescription': 'Episodes of {show}, page {page} of {count}.',
  'engine.fileStatus': "The search engine's file {file} could not be downloaded ({status}).",
  'engine.fileNetwork':
    "The search engine's file {file} could not be downloaded: the connection failed.",
  'engine.fileWrongType':
    "The search engine's file {file} could not be used: the site's host sent {type} in its place.",
  'engine.start': 'The search engine could not start from its file {file}.',
} as const;

/** The name of one interface text. */
export type MessageKey = keyof typeof MESSAGES_EN;

/** Plural keys: the base of keys that end in `.one` and `.other` ('list.episodes'). */
export type PluralKey = PluralBase<MessageKey>;

type PluralBase<K extends string> = K extends `${infer Base}.other` ? Base : never;

/**
 * The plural categories past `one` and `other` that a language may name (Intl.PluralRules:
 * Arabic has all four, Hebrew `two`). English needs none, so they are not keys of its own.
 */
export const EXTRA_PLURAL_FORMS = ['zero', 'two', 'few', 'many'] as const;

/** A plural category past `one` and `other`. */
export type ExtraPluralForm = (typeof EXTRA_PLURAL_FORMS)[number];

/** A plural form a catalogue may add ('list.episodes.two'); without it, `.other` applies. */
export type ExtraPluralKey = `${PluralKey}.${ExtraPluralForm}`;

/** A whole catalogue: every interface text in one language, and its extra plural forms. */
export type Catalogue = Readonly<
  Record<MessageKey, string> & Partial<Record<ExtraPluralKey, string>>
>;

/** Every message key, in catalogue order. */
export const MESSAGE_KEYS = Object.keys(MESSAGES_EN).filter(isMessageKey);

/** True for a string that names an interface text. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES_EN, key);
}

function isExtraPluralForm(form: string): form is ExtraPluralForm {
  return EXTRA_PLURAL_FORMS.some((known) => known === form);
}

/** The `.other` key an extra plural form stands beside, or null for any other string. */
export function otherFormOf(key: string): MessageKey | null {
  const dot = key.lastIndexOf('.');
  const other = `${key.slice(0, dot)}.other`;
  return dot > 0 && isExtraPluralForm(key.slice(dot + 1)) && isMessageKey(other) ? other : null;
}

/** True for a string that names an extra plural form of a plural text ('list.episodes.few'). */
export function isExtraPluralKey(key: string): key is ExtraPluralKey {
  return otherFormOf(key) !== null;
}
