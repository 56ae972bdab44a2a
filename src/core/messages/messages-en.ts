/**
 * The interface's texts in English: the catalogue every other language translates and falls
 * back to (docs/decisions/0026-interface-in-the-shows-language.md). The site's bundle carries
 * only this one; a show in another language gets its catalogue inside config.json.
 * `{name}` is a value put in; a key ending in `.one` or `.other` is a plural form.
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
  'transcript.found': 'found {utterances} of “{term}”',
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
} as const;

/** The name of one interface text. */
export type MessageKey = keyof typeof MESSAGES_EN;

/** A whole catalogue: every interface text in one language. */
export type Catalogue = Readonly<Record<MessageKey, string>>;

/** Every message key, in catalogue order. */
export const MESSAGE_KEYS = Object.keys(MESSAGES_EN).filter(isMessageKey);

/** True for a string that names an interface text. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES_EN, key);
}
