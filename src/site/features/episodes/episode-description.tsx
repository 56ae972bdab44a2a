import DOMPurify from 'dompurify';
import { useMemo, type ReactNode } from 'react';
import { purifyConfig } from '../../../core/html-policy.ts';

/** Sanitises description HTML with the shared policy (the builder applied it too). */
export function sanitizeDescription(html: string): string {
  return DOMPurify.sanitize(html, purifyConfig());
}

/** An episode's description, rendered as sanitised HTML; nothing while it is still loading. */
export function EpisodeDescription({ html }: { html: string | undefined }): ReactNode {
  const clean = useMemo(() => (html === undefined ? '' : sanitizeDescription(html)), [html]);
  if (html === undefined) return <div className="episode-row__description" aria-busy="true" />;
  return <div className="episode-row__description" dangerouslySetInnerHTML={{ __html: clean }} />;
}
