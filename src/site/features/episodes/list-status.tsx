import type { ReactNode } from 'react';
import { pluralize } from '../../../core/format.ts';
import { ReloadLink } from '../../shared/reload-link.tsx';

/** 'showing all N episodes' when nothing narrows the list, else 'found X of N episodes'. */
export function countLineText(found: number, total: number, narrowed: boolean): string {
  if (!narrowed) return `showing all ${pluralize(total, 'episode')}`;
  return `found ${found} of ${pluralize(total, 'episode')}`;
}

/** The count line above the list (the page shows it only when loaded and without error). */
export function CountLine({
  found,
  total,
  narrowed,
}: {
  found: number;
  total: number;
  narrowed: boolean;
}): ReactNode {
  return (
    <p className="count-line" role="status">
      {countLineText(found, total, narrowed)}
    </p>
  );
}

/** The empty state of a search or filter that matched nothing. */
export function EmptyResults(): ReactNode {
  return (
    <div className="empty-results">
      <h2 className="empty-results__title">No results found</h2>
      <p>Try doing another search.</p>
    </div>
  );
}

/** What a route named as an episode number, cut short: it is whatever the address held. */
function shortened(text: string): string {
  const characters = Array.from(text);
  return characters.length <= 24 ? text : `${characters.slice(0, 24).join('')}…`;
}

/** The episode page of a number the podcast does not have. */
export function NoSuchEpisode({ episode, home }: { episode: string; home: ReactNode }): ReactNode {
  return (
    <div className="empty-results">
      <h2 className="empty-results__title">No such episode</h2>
      <p>
        There is no episode {shortened(episode)} in this podcast. {home}
      </p>
    </div>
  );
}

/** '[+] expand all' / '[-] collapse all'. */
export function ExpandToggle({
  expanded,
  onToggle,
}: {
  expanded: boolean;
  onToggle: () => void;
}): ReactNode {
  return (
    <button type="button" className="text-toggle" aria-pressed={expanded} onClick={onToggle}>
      {expanded ? '[-] collapse all' : '[+] expand all'}
    </button>
  );
}

/**
 * Shown when the list itself could not be loaded. The error is logged; only a `problem` the
 * visitor can make sense of (what is wrong with the site's host) is shown.
 */
export function ListLoadError({ problem = null }: { problem?: string | null }): ReactNode {
  return (
    <div className="empty-results" role="alert">
      <h2 className="empty-results__title">The episodes could not be loaded</h2>
      {problem !== null && <p className="list-load-problem">{problem}</p>}
      <p>
        Please <ReloadLink />.
      </p>
    </div>
  );
}
