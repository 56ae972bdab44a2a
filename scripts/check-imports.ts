/**
 * `npm run lint`'s import check: builds the import graph of the TypeScript files git knows
 * (relative imports only; packages are ESLint's `no-restricted-imports` business) and fails on
 * any import that crosses a folder boundary the wrong way, or any import cycle. Type-only
 * imports count: a type cycle still ties two modules together.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { findCycles, findZoneViolations, type ImportGraph } from './import-rules.ts';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|js)$/;

/** The repository's source files, tracked or new but not ignored, as repo-relative paths. */
function listSourceFiles(): string[] {
  const output = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  return output
    .split('\0')
    .filter((file) => SOURCE.test(file) && existsSync(join(REPO_ROOT, file)));
}

/** Resolves a relative specifier the way the bundler does for this repository's files. */
function resolveRelative(from: string, specifier: string, files: ReadonlySet<string>): string {
  const bare = specifier.replace(/[?#].*$/, '');
  const base = normalize(join(dirname(from), bare)).replaceAll('\\', '/');
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`];
  return candidates.find((candidate) => files.has(candidate)) ?? base;
}

export function buildImportGraph(files: readonly string[]): ImportGraph {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(join(REPO_ROOT, file), 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    graph.set(
      file,
      importedFiles
        .map((entry) => entry.fileName)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => resolveRelative(file, specifier, known)),
    );
  }
  return graph;
}

const graph = buildImportGraph(listSourceFiles());
const problems = [
  ...findZoneViolations(graph).map(
    ({ file, imported, message }) => `${file}: imports ${imported}: ${message}`,
  ),
  ...findCycles(graph).map((cycle) => `import cycle: ${cycle.join(' → ')}`),
];
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`${problems.length} import problem(s)`);
  process.exit(1);
}
console.log(`imports: ${graph.size} files, no boundary crossed, no cycle`);
