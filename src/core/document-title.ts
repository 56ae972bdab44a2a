import type { EpisodeRow } from './db-schema.ts';
import { displayTitle } from './display-title.ts';
import type { Texts } from './messages/message-format.ts';

/**
 * An episode's heading as its row, its tab, its pre-rendered page and the lock screen show it:
 * 'number: title', the number once ('180: Python at …' for a feed title '#180 Python at …').
 */
export function episodeHeading(episode: Pick<EpisodeRow, 'episode' | 'title'>): string {
  return `${episode.episode}: ${displayTitle(episode.title, episode.episode)}`;
}

/**
 * The browser tab's title for each route: what the page shows, then the show's name, so a row
 * of tabs (and the history list) tells the pages apart. The pre-renderer writes the same title
 * into each page's head.
 */
export type TitledView =
  | { kind: 'home' }
  /** A page of the list after the first: 2 … count. */
  | { kind: 'list'; page: number; count: number }
  | { kind: 'episode'; heading: string }
  | { kind: 'search'; term: string }
  | { kind: 'not-found' };

const SEPARATOR = ' · ';

/**
 * '<episode heading> · <show>', 'Search: <term> · <show>', 'Not found · <show>',
 * '<show> · page 2 of 5' or '<show>'.
 */
export function documentTitle(show: string, view: TitledView, text: Texts['text']): string {
  switch (view.kind) {
    case 'home':
      return show;
    case 'list':
      return text('title.listPage', { show, page: view.page, count: view.count });
    case 'episode':
      return view.heading + SEPARATOR + show;
    case 'search':
      return text('title.search', { term: view.term }) + SEPARATOR + show;
    case 'not-found':
      return text('title.notFound') + SEPARATOR + show;
  }
}
