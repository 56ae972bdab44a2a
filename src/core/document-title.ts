import type { Texts } from '../../core/messages/message-format.ts';

/**
 * The browser tab's title for each route: what the page shows, then the show's name, so a row
 * of tabs (and the history list) tells the pages apart.
 */
export type TitledView =
  | { kind: 'home' }
  | { kind: 'episode'; heading: string }
  | { kind: 'search'; term: string }
  | { kind: 'not-found' };

const SEPARATOR = ' · ';

/** '<episode heading> · <show>', 'Search: <term> · <show>', 'Not found · <show>' or '<show>'. */
export function documentTitle(show: string, view: TitledView, text: Texts['text']): string {
  switch (view.kind) {
    case 'home':
      return show;
    case 'episode':
      return view.heading + SEPARATOR + show;
    case 'search':
      return text('title.search', { term: view.term }) + SEPARATOR + show;
    case 'not-found':
      return text('title.notFound') + SEPARATOR + show;
  }
}
