/**
 * Where 'Suggest a correction' sends a visitor: the show's issue tracker (a URL template) or an
 * email address, from `correctionTarget` in trawl.config.json. Only http(s) and mailto ever
 * come out: the setting is checked when it is read and the filled-in address again.
 */
import { z } from 'zod/mini';
import { formatClockTime } from './time-format.ts';

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
const PLACEHOLDER = /\{(episode|title|start|end|text|link|body)\}/g;

/**
 * `correctionTarget`: empty (no 'Suggest a correction'), an email address (bare or
 * `mailto:`), or an http(s) URL template with `{episode}`, `{title}`, `{start}`, `{end}`,
 * `{text}`, `{link}` or `{body}` where the suggestion's details go.
 */
export const correctionTargetSchema = z.string().check(
  z.trim(),
  z.maxLength(2000),
  z.refine(
    (value) => value === '' || EMAIL.test(value.replace(/^mailto:/i, '')) || isHttpTemplate(value),
    'must be an http(s) URL template (https://example.org/issues/new?title={title}&body={body}) or an email address',
  ),
);

function isHttpTemplate(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  return URL.canParse(value.replace(PLACEHOLDER, 'x'));
}

/** What a suggestion is about. */
export interface CorrectionDetails {
  episode: string;
  episodeTitle: string;
  start: number;
  end: number;
  text: string;
  link: string;
}

/** The body of a suggestion: where, what the transcript says, and a line for the fix. */
export function correctionBody(details: CorrectionDetails): string {
  return [
    `Episode ${details.episode}: ${details.episodeTitle}`,
    `${formatClockTime(details.start)}–${formatClockTime(details.end)} (${details.link})`,
    '',
    'The transcript says:',
    `> ${details.text}`,
    '',
    'It should say:',
    '',
  ].join('\n');
}

/**
 * The address to open for a suggestion, or null when the show has no target or the filled-in
 * address is not http(s) or mailto (a hostile template never becomes a `javascript:` link).
 */
export function correctionUrl(target: string, details: CorrectionDetails): string | null {
  const trimmed = target.trim();
  if (trimmed === '' || !correctionTargetSchema.safeParse(trimmed).success) return null;
  const title = `Transcript correction: episode ${details.episode} at ${formatClockTime(details.start)}`;
  const body = correctionBody(details);
  let url: string;
  if (!/^https?:/i.test(trimmed)) {
    const address = trimmed.replace(/^mailto:/i, '');
    url = `mailto:${address}?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(body)}`;
  } else {
    const values: Record<string, string> = {
      episode: details.episode,
      title,
      start: String(Math.floor(details.start)),
      end: String(Math.ceil(details.end)),
      text: details.text,
      link: details.link,
      body,
    };
    url = trimmed.replace(PLACEHOLDER, (_, name: string) => encodeURIComponent(values[name] ?? ''));
  }
  if (!URL.canParse(url)) return null;
  const protocol = new URL(url).protocol;
  return protocol === 'https:' || protocol === 'http:' || protocol === 'mailto:' ? url : null;
}
