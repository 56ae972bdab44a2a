/**
 * `npm run bench:scale-table`: every operation of the default run (600 episodes,
 * bench/results/latest.json) beside the scale run's (`npm run bench -- --scale`,
 * bench/results/latest-2000x30000.json), as the Markdown table docs/performance.md shows.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './assets.ts';

const measureSchema = z.object({ requests: z.number(), kb: z.number(), ms: z.number() });
const resultsSchema = z.object({
  parameters: z.object({ episodes: z.number(), words: z.number() }),
  build: z.object({ seconds: z.number(), peakRssMb: z.number().nullable() }),
  databases: z.record(z.string(), z.unknown()).optional(),
  rows: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      warm: z.boolean(),
      site: measureSchema.nullable(),
    }),
  ),
});
type Results = z.infer<typeof resultsSchema>;

async function load(name: string): Promise<Results | null> {
  const file = resolve(REPO_ROOT, 'bench/results', name);
  const text = await readFile(file, 'utf8').catch(() => null);
  return text === null ? null : resultsSchema.parse(JSON.parse(text));
}

function cell(measure: z.infer<typeof measureSchema> | null | undefined): string {
  if (!measure) return 'not measured';
  const ms = Number.isNaN(measure.ms) ? '–' : String(Math.round(measure.ms));
  return `${measure.requests} / ${Math.round(measure.kb).toLocaleString('en')} / ${ms}`;
}

/** The side-by-side table of two runs' site figures (requests / KB / ms, cold medians). */
export function scaleTable(small: Results | null, large: Results | null): string {
  const size = (results: Results | null, fallback: string): string =>
    results
      ? `${results.parameters.episodes.toLocaleString('en')} × ${results.parameters.words.toLocaleString('en')}`
      : fallback;
  const lines = [
    `| operation (site, cold unless warm) | ${size(small, '600 × 9,000')} | ${size(large, '2,000 × 30,000')} |`,
    '|---|---|---|',
  ];
  const ids = [
    ...new Set(
      [...(small?.rows ?? []), ...(large?.rows ?? [])].map((row) => `${row.id}|${row.warm}`),
    ),
  ];
  for (const key of ids) {
    const [id, warm] = key.split('|');
    const find = (results: Results | null) =>
      results?.rows.find((row) => row.id === id && String(row.warm) === warm);
    const label = (find(small) ?? find(large))?.label ?? id;
    lines.push(
      `| ${warm === 'true' ? '… warm' : label} | ${cell(find(small)?.site)} | ${cell(find(large)?.site)} |`,
    );
  }
  const build = (results: Results | null): string =>
    results
      ? `${Math.round(results.build.seconds)} s, ${results.build.peakRssMb === null ? '?' : Math.round(results.build.peakRssMb)} MB peak RSS`
      : 'not measured';
  lines.push(`| \`trawl build\`: wall time, peak memory | ${build(small)} | ${build(large)} |`);
  return lines.join('\n');
}

async function main(): Promise<void> {
  const small = await load('latest.json');
  const large = await load('latest-2000x30000.json');
  console.log(scaleTable(small, large));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
