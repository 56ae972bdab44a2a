import { useMemo, type ReactNode } from 'react';
import { useHtmlSanitizer } from '../../shared/html-sanitizer.tsx';

/** An episode's description, rendered as sanitised HTML; nothing while it is still loading. */
export function EpisodeDescription({ html }: { html: string | undefined }): ReactNode {
  const sanitize = useHtmlSanitizer();
  const clean = useMemo(() => (html === undefined ? '' : sanitize(html)), [html, sanitize]);
  if (html === undefined) return <div className="episode-row__description" aria-busy="true" />;
  return <div className="episode-row__description" dangerouslySetInnerHTML={{ __html: clean }} />;
}
