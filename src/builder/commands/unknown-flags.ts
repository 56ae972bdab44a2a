/**
 * Flags a command does not know. citty accepts any `--flag` and hands it to the command, which
 * ignores it, so a typo (`--media-bse`) would exit 0 having silently done something else.
 */

/** What the check needs of a command's argument definition (citty's `ArgsDef`). */
export type FlagDefinitions = Readonly<
  Record<string, { type?: string | undefined; alias?: string | readonly string[] | undefined }>
>;

/** Whether a command's `args` is a plain definition object (citty also allows a function or a promise). */
export function isFlagDefinitions(value: unknown): value is FlagDefinitions {
  return (
    typeof value === 'object' &&
    value !== null &&
    !('then' in value) &&
    Object.values(value).every(
      (definition) => typeof definition === 'object' && definition !== null,
    )
  );
}

/** One flag the command does not know, with the known flag it is most likely a typo of. */
export interface UnknownFlag {
  flag: string;
  nearest: string | undefined;
}

const ALWAYS_KNOWN = ['--help', '-h', '--version', '-v'];

const camelCase = (name: string): string =>
  name.replace(/-([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());

/** Every spelling of every flag the definitions accept, kebab-case first. */
export function knownFlags(definitions: FlagDefinitions): string[] {
  const flags = new Set<string>();
  for (const [name, definition] of Object.entries(definitions)) {
    if (definition.type === 'positional') continue;
    const names = [name, ...[definition.alias ?? []].flat()];
    for (const each of names) {
      const dash = each.length === 1 ? '-' : '--';
      flags.add(`${dash}${each}`);
      if (each.length > 1) flags.add(`--${camelCase(each)}`);
      if (definition.type === 'boolean' && each.length > 1) flags.add(`--no-${each}`);
    }
  }
  return [...flags];
}

/** Edit distance between two short strings (insertions, deletions, substitutions). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The flags in `rawArgs` (a command's arguments, after its name) that it does not accept. */
export function findUnknownFlags(
  rawArgs: readonly string[],
  definitions: FlagDefinitions,
): UnknownFlag[] {
  const known = knownFlags(definitions);
  const accepted = new Set([...known, ...ALWAYS_KNOWN]);
  const unknown: UnknownFlag[] = [];
  for (const arg of rawArgs) {
    if (arg === '--') break;
    if (!arg.startsWith('-') || arg === '-' || /^-\d/.test(arg)) continue;
    const flag = arg.split('=', 1)[0] ?? arg;
    if (accepted.has(flag)) continue;
    const ranked = known
      .filter((candidate) => candidate.startsWith('--') && !/[A-Z]/.test(candidate))
      .map((candidate) => ({ candidate, distance: editDistance(flag, candidate) }))
      .sort((x, y) => x.distance - y.distance || x.candidate.localeCompare(y.candidate));
    const best = ranked[0];
    const close = best !== undefined && best.distance <= Math.max(2, Math.floor(flag.length / 3));
    // '--media-bse' for '--media': a known flag with something added to it.
    const stem = ranked.find(({ candidate }) => flag.startsWith(`${candidate}-`));
    unknown.push({ flag, nearest: close ? best.candidate : stem?.candidate });
  }
  return unknown;
}

/** The message for unknown flags: each named, with the nearest known one where there is one. */
export function unknownFlagsMessage(command: string, unknown: readonly UnknownFlag[]): string {
  const lines = unknown.map(
    ({ flag, nearest }) =>
      `trawl ${command}: unknown flag ${flag}${nearest === undefined ? '' : ` (did you mean ${nearest}?)`}`,
  );
  return [...lines, `Run \`trawl ${command} --help\` for the flags it takes.`].join('\n');
}
