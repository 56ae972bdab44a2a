/** Shared by the subtitle formats (WebVTT, SRT): timestamps and cue payload text. */

const TIMESTAMP = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?$/;

/** Seconds of a subtitle timestamp ("01:02:03.450", "02:03,450", "2:03"), or undefined. */
export function parseCueTimestamp(text: string): number | undefined {
  const match = TIMESTAMP.exec(text.trim());
  if (!match) return undefined;
  const [, hours = '0', minutes = '0', secs = '0', fraction = '0'] = match;
  if (Number(minutes) >= 60 || Number(secs) >= 60) return undefined;
  return (
    Number(hours) * 3600 +
    Number(minutes) * 60 +
    Number(secs) +
    Number(fraction.padEnd(3, '0')) / 1000
  );
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  nbsp: ' ',
  quot: '"',
  apos: "'",
  lrm: '',
  rlm: '',
};

/** A cue payload as plain text plus the speaker named by a `<v Name>` voice tag, if any. */
export function cuePayload(lines: string[]): { text: string; speaker: string | null } {
  const joined = lines.join(' ');
  const voice = /<v(?:\.[^\s>]*)?\s+([^>]+)>/.exec(joined);
  const text = joined
    .replace(/<[^>]*>/g, ' ')
    .replace(/\{\\[^}]*\}/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (match, name: string) => {
      if (!name.startsWith('#')) return ENTITIES[name.toLowerCase()] ?? match;
      const hex = name[1] === 'x' || name[1] === 'X';
      const code = Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
    })
    .replace(/\s+/g, ' ')
    .trim();
  return { text, speaker: voice?.[1]?.trim() ?? null };
}
