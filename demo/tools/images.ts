import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's ImageMagick; /usr/local/bin/convert on these machines is a stand-in. */
export const IMAGEMAGICK = '/usr/bin/convert';

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
// No timestamps or other metadata, so regenerating gives the same bytes.
const STRIP = ['-strip', '-define', 'png:exclude-chunks=date,time'];

/** Whether the real ImageMagick is installed. */
export function hasImageMagick(): boolean {
  try {
    return execFileSync(IMAGEMAGICK, ['-version'], { encoding: 'utf8' }).includes('ImageMagick');
  } catch {
    return false;
  }
}

/** A round avatar with the presenter's initials. */
export async function drawAvatar(out: string, initials: string, colour: string): Promise<void> {
  await run(IMAGEMAGICK, [
    '-size',
    '128x128',
    'xc:none',
    '-fill',
    colour,
    '-draw',
    'circle 64,64 64,2',
    '-font',
    FONT,
    '-pointsize',
    '50',
    '-fill',
    'white',
    '-gravity',
    'center',
    '-annotate',
    '+0+2',
    initials,
    ...STRIP,
    `PNG32:${out}`,
  ]);
}

/** A square cover with a big number, a label and a fish (this is a podcast called a haul). */
export async function drawCover(
  out: string,
  options: { number: string; label: string; background: string; accent: string },
): Promise<void> {
  const { number, label, background, accent } = options;
  const args = [
    '-size',
    '320x320',
    `xc:${background}`,
    '-fill',
    accent,
    '-draw',
    'ellipse 176,244 72,34 0,360',
    '-draw',
    'polygon 112,244 62,208 62,280',
    '-fill',
    background,
    '-draw',
    'circle 222,236 222,228',
    '-fill',
    accent,
    '-font',
    FONT,
    '-gravity',
    'north',
    '-pointsize',
    number.length > 3 ? '76' : '100',
    '-annotate',
    '+0+22',
    number,
    '-pointsize',
    '30',
    '-annotate',
    '+0+146',
    label,
    ...STRIP,
  ];
  if (out.endsWith('.jpg')) args.push('-quality', '82', '-sampling-factor', '4:2:0', out);
  else args.push('-colors', '64', `PNG8:${out}`);
  await run(IMAGEMAGICK, args);
}
