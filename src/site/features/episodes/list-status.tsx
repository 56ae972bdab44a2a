import type { ReactNode } from 'react';
import { createTexts, type Texts } from '../../../core/messages/message-format.ts';
import { useNewerAfterFailure } from '../../data/newer-version.tsx';
import { ReloadLink } from '../../shared/reload-link.tsx';
import { useTexts } from '../../shared/texts-context.tsx';
import { MessageText } from '../../shared/message-text.tsx';

const ENGLISH = createTexts('en');

/** 'showing all N episodes' when nothing narrows the list, else 'found X of N episodes'. */
export function countLineText(
  found: number,
  total: number,
  narrowed: boolean,
  texts: Texts = ENGLISH,
): string {
  const episodes = texts.count('list.episodes', total);
  if (!narrowed) return texts.text('list.showingAll', { episodes });
  return texts.text('list.found', {
    found: new Intl.NumberFormat(texts.locale).format(found),
    episodes,
  });
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
  const texts = useTexts();
  return (
    <p className="count-line" role="status">
      {countLineText(found, total, narrowed, texts)}
    </p>
  );
}

/** The empty state of a search or filter that matched nothing. */
export function EmptyResults(): ReactNode {
  const { text } = useTexts();
  return (
    <div className="empty-results">
      <h2 className="empty-results__title">{text('list.noResults')}</h2>
      <p>{text('list.tryAnother')}</p>
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
  const { text } = useTexts();
  return (
    <div className="empty-results">
      <h2 className="empty-results__title">{text('list.noSuchEpisode')}</h2>
      <p>
        <MessageText id="list.noSuchEpisodeText" values={{ episode: shortened(episode) }} /> {home}
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
  const { text } = useTexts();
  return (
    <button type="button" className="text-toggle" aria-pressed={expanded} onClick={onToggle}>
      {expanded ? text('list.collapseAll') : text('list.expandAll')}
    </button>
  );
}

/**
 * Shown when the list itself could not be loaded. The error is logged; only a `problem` the
 * visitor can make sense of (what is wrong with the site's host) is shown.
 */
export function ListLoadError({ problem = null }: { problem?: string | null }): ReactNode {
  const { text } = useTexts();
  // A later build may have deleted the page's version: then the notice above the list says
  // so, and the host's problem (its files missing) would only mislead.
  const newer = useNewerAfterFailure();
  return (
    <div className="empty-results" role="alert">
      <h2 className="empty-results__title">{text('list.loadError')}</h2>
      {problem !== null && !newer && <p className="list-load-problem">{problem}</p>}
      <p>
        {text('reload.before')}
        <ReloadLink />
        {text('reload.after')}
      </p>
    </div>
  );
}
