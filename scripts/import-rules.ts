/**
 * The repository's import rules, as pure functions over an import graph: which folder may
 * import which, and no import cycles. `scripts/check-imports.ts` builds the graph from the
 * files git tracks and runs these; `npm run lint` calls it.
 */

/** Repository-relative file paths ('src/site/app/app.tsx') to the files each one imports. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** One boundary: files under `target` must not import files under `from`. */
export interface ImportZone {
  target: string;
  from: string;
  /** Folders under `from` that `target` may still import. */
  except?: readonly string[];
  /** Importing files the zone leaves out (tests and their support code, say). */
  exempt?: (file: string) => boolean;
  message: string;
}

export interface ImportViolation {
  file: string;
  imported: string;
  message: string;
}

const SITE_FEATURES = ['search', 'filters', 'episodes', 'transcript', 'player', 'snippets'];

/** Tests and test support may reach across the site/builder line to build real databases. */
const isTestCode = (file: string): boolean =>
  /\.test\.tsx?$/.test(file) || file.includes('/test-support/');

/**
 * The builder's stages, in the order a build walks them. A stage may import the stages before
 * it (and the builder's top-level helpers), never one after it; `serve/` and `deploy/` work on a
 * published version, so they may use `publish/` but never the readers or the index writer.
 */
const BUILDER_STAGES: readonly { stage: string; mayImport: readonly string[] }[] = [
  { stage: 'read', mayImport: [] },
  { stage: 'index', mayImport: ['read'] },
  { stage: 'publish', mayImport: ['read', 'index'] },
  { stage: 'serve', mayImport: ['publish'] },
  { stage: 'deploy', mayImport: ['publish'] },
];
const BUILDER_FOLDERS = ['read', 'index', 'publish', 'serve', 'deploy', 'commands'];
/** The builder's top-level orchestrators: commands call them, stages never do. */
const BUILDER_ORCHESTRATORS = ['src/builder/build.ts', 'src/builder/init.ts'];

const builderStageZones = (): ImportZone[] =>
  BUILDER_STAGES.flatMap(({ stage, mayImport }) => [
    ...BUILDER_FOLDERS.filter((other) => other !== stage && !mayImport.includes(other)).map(
      (other) => ({
        target: `src/builder/${stage}`,
        from: `src/builder/${other}`,
        exempt: isTestCode,
        message: `the builder's ${stage}/ stage must not import ${other}/ (docs/architecture.md, "The builder by stages")`,
      }),
    ),
    ...BUILDER_ORCHESTRATORS.map((orchestrator) => ({
      target: `src/builder/${stage}`,
      from: orchestrator,
      exempt: isTestCode,
      message: `a builder stage must not import the orchestrator ${orchestrator}: it calls the stages`,
    })),
  ]);

/** The one-way arrows of docs/architecture.md's folder table. */
export const IMPORT_ZONES: readonly ImportZone[] = [
  { target: 'src/core', from: 'src/site', message: 'core is shared: it must not import the site' },
  {
    target: 'src/core',
    from: 'src/builder',
    message: 'core is shared: it must not import the builder',
  },
  {
    target: 'src/site',
    from: 'src/builder',
    exempt: isTestCode,
    message: 'the site never imports the builder',
  },
  {
    target: 'src/builder',
    from: 'src/site',
    exempt: isTestCode,
    message: 'the builder never imports the site',
  },
  ...builderStageZones(),
  ...BUILDER_ORCHESTRATORS.map((orchestrator) => ({
    target: orchestrator,
    from: 'src/builder/commands',
    message: 'the orchestrators never import the command table: commands call them',
  })),
  {
    target: 'demo',
    from: 'src/builder',
    exempt: isTestCode,
    message: 'the demo is a podcast folder: it runs the trawl CLI as a user does',
  },
  { target: 'src', from: 'demo', message: 'src never imports the demo: the demo uses src' },
  { target: 'src', from: 'bench', message: 'src never imports the benchmark' },
  {
    target: 'src',
    from: 'scripts',
    exempt: isTestCode,
    message: 'src never imports the scripts (tests may use the corpus generator)',
  },
  { target: 'src', from: 'e2e', message: 'src never imports the end-to-end tests' },
  {
    target: 'src/site/shared',
    from: 'src/site/features',
    message: 'shared code must not import features',
  },
  {
    target: 'src/site/shared',
    from: 'src/site/app',
    message: 'shared code must not import the app shell',
  },
  {
    target: 'src/site/data',
    from: 'src/site/features',
    message: 'the data module must not import features',
  },
  {
    target: 'src/site/features',
    from: 'src/site/app',
    message: 'features must not import the app shell',
  },
  ...['src/site/features', 'src/site/shared', 'src/site/data', 'src/site/app'].map((target) => ({
    target,
    from: 'src/site/prerender',
    message: 'the pre-renderer sits above the app: only it and main.tsx import it',
  })),
  ...SITE_FEATURES.map((feature) => ({
    target: `src/site/features/${feature}`,
    from: 'src/site/features',
    except: [`src/site/features/${feature}`],
    message: 'features do not import each other: compose them in src/site/app',
  })),
];

const isUnder = (file: string, folder: string): boolean =>
  file === folder || file.startsWith(`${folder}/`);

/** Every import that crosses a zone the wrong way. */
export function findZoneViolations(
  graph: ImportGraph,
  zones: readonly ImportZone[] = IMPORT_ZONES,
): ImportViolation[] {
  const violations: ImportViolation[] = [];
  for (const [file, imports] of graph) {
    for (const zone of zones) {
      if (!isUnder(file, zone.target) || zone.exempt?.(file)) continue;
      for (const imported of imports) {
        if (!isUnder(imported, zone.from)) continue;
        if (zone.except?.some((folder) => isUnder(imported, folder))) continue;
        violations.push({ file, imported, message: zone.message });
      }
    }
  }
  return violations;
}

/**
 * Every import cycle, each as the list of files around it (first file repeated at the end),
 * found by Tarjan's strongly connected components and reported once per component.
 */
export function findCycles(graph: ImportGraph): string[][] {
  interface Visit {
    index: number;
    low: number;
    onStack: boolean;
  }
  const visits = new Map<string, Visit>();
  const stack: string[] = [];
  const cycles: string[][] = [];

  const enter = (file: string): Visit => {
    const visit = { index: visits.size, low: visits.size, onStack: true };
    visits.set(file, visit);
    stack.push(file);
    return visit;
  };

  const walk = (start: string): void => {
    // Iterative depth-first search: deep import chains must not overflow the call stack.
    const frames = [{ file: start, visit: enter(start), next: 0 }];
    for (let frame = frames.at(-1); frame !== undefined; frame = frames.at(-1)) {
      const imports = graph.get(frame.file) ?? [];
      const imported = imports[frame.next];
      if (imported !== undefined) {
        frame.next += 1;
        if (!graph.has(imported)) continue;
        const seen = visits.get(imported);
        if (seen === undefined) frames.push({ file: imported, visit: enter(imported), next: 0 });
        else if (seen.onStack) frame.visit.low = Math.min(frame.visit.low, seen.index);
        continue;
      }
      frames.pop();
      const parent = frames.at(-1);
      if (parent) parent.visit.low = Math.min(parent.visit.low, frame.visit.low);
      if (frame.visit.low !== frame.visit.index) continue;
      const component = stack.splice(stack.lastIndexOf(frame.file));
      for (const member of component) {
        const visit = visits.get(member);
        if (visit) visit.onStack = false;
      }
      if (component.length > 1 || imports.includes(frame.file)) {
        cycles.push(cyclePath(graph, component));
      }
    }
  };

  for (const file of graph.keys()) if (!visits.has(file)) walk(file);
  return cycles;
}

/** One concrete loop through a strongly connected component, for the message. */
function cyclePath(graph: ImportGraph, component: readonly string[]): string[] {
  const members = new Set(component);
  const path = [[...component].sort()[0] ?? ''];
  for (;;) {
    const current = path[path.length - 1] ?? '';
    const next = (graph.get(current) ?? []).find((file) => members.has(file));
    if (next === undefined) return path;
    const earlier = path.indexOf(next);
    path.push(next);
    if (earlier >= 0) return path.slice(earlier);
  }
}
