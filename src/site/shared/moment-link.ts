/**
 * Links to a moment of an episode: `episodes/<n>?t=<seconds>`. The `t` parameter is read
 * with zod and accepts seconds ('754'), 'm:ss' ('12:34') or 'h:mm:ss'.
 */
import { z } from 'zod';
import { parseClockTime } from '../../core/time-format.ts';

const momentParamSchema = z
  .string()
  .max(16)
  .transform((text, context) => {
    const seconds = parseClockTime(text);
    if (seconds === null) {
      context.addIssue({ code: 'custom', message: `'${text}' is not a time` });
      return z.NEVER;
    }
    return seconds;
  })
  .pipe(
    z
      .number()
      .nonnegative()
      .max(24 * 3600),
  );

/** The moment a `t` query parameter names, in seconds, or null when it is absent or unreadable. */
export function parseMomentParam(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const parsed = momentParamSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The absolute address of a moment of an episode, for sharing. */
export function momentUrl(
  episode: string,
  seconds: number,
  origin: string = window.location.origin,
  base: string = import.meta.env.BASE_URL,
): string {
  const path = `${base.endsWith('/') ? base : `${base}/`}episodes/${encodeURIComponent(episode)}`;
  return `${origin}${path}?t=${Math.max(0, Math.floor(seconds))}`;
}
