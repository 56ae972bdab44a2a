/**
 * Clock times for the player and the transcript: 'm:ss' under an hour, 'h:mm:ss' from an
 * hour on (the spec's mm:ss would read '75:02' for a long episode).
 */

/** Formats seconds as 'm:ss', or 'h:mm:ss' from an hour on. Negative or NaN reads '0:00'. */
export function formatClockTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = whole % 60;
  const ss = String(secs).padStart(2, '0');
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, '0')}:${ss}`;
  return `${minutes}:${ss}`;
}

const CLOCK = /^(?:(\d+):)?(\d+):([0-5]\d)$/;
const PLAIN_SECONDS = /^\d+(?:\.\d+)?$/;

/**
 * Reads a moment as written in a link: plain seconds ('754', '754.5'), 'm:ss' or 'h:mm:ss'.
 * Returns null for anything else (negative, empty, '1:75', words).
 */
export function parseClockTime(text: string): number | null {
  const trimmed = text.trim();
  if (PLAIN_SECONDS.test(trimmed)) {
    const value = Number(trimmed);
    return Number.isFinite(value) ? value : null;
  }
  const match = CLOCK.exec(trimmed);
  if (!match) return null;
  const hours = match[1] === undefined ? 0 : Number(match[1]);
  const minutes = Number(match[2]);
  const seconds = Number(match[3]);
  if (match[1] !== undefined && minutes > 59) return null;
  return hours * 3600 + minutes * 60 + seconds;
}
