/**
 * Measures the transcript view and the player controls: first render of a 9,000-word
 * transcript, re-render on a new search term, and the cost of each time update while
 * playing. The scenario (src/site/bench/transcript-render-scenario.tsx, site code so it is
 * compiled and linted as such) is bundled once with Vite in
 * production mode and run in headless Chromium (the real figure) or, with `--env jsdom`, in
 * jsdom (no layout, and several times slower than a browser: a smoke run, not a figure).
 *
 *   npx tsx bench/transcript-render.ts [--words 9000] [--renders 7] [--tick 0.25]
 *     [--env chromium|jsdom|both] [--jsdom-updates 2000]
 *
 * Prints one JSON object per environment. Budgets (issue 6): render < 100 ms, time update < 4 ms.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import react from '@vitejs/plugin-react';
import { JSDOM } from 'jsdom';
import { chromium } from 'playwright-core';
import { build, type Rollup } from 'vite';

const ROOT = resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.TRAWL_CHROMIUM ?? '/usr/bin/chromium';
const STYLES = [
  'src/site/styles/tokens.css',
  'src/site/features/transcript/transcript.css',
  'src/site/features/player/player.css',
];

/** Mirrors the scenario's options (the scenario is site code, compiled with the site). */
interface ScenarioOptions {
  words: number;
  renders: number;
  tick: number;
  maxUpdates: number;
}

/** The scenario's figures, printed as they come. */
type ScenarioResult = Record<string, unknown>;

interface BenchWindow {
  TranscriptBench: { runScenario: (options: ScenarioOptions) => Promise<ScenarioResult> };
}

function isOutputChunk(
  output: Rollup.OutputChunk | Rollup.OutputAsset,
): output is Rollup.OutputChunk {
  return output.type === 'chunk';
}

async function bundleScenario(): Promise<string> {
  const result = await build({
    configFile: false,
    root: ROOT,
    logLevel: 'silent',
    plugins: [react()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      minify: true,
      lib: {
        entry: resolve(ROOT, 'src/site/bench/transcript-render-scenario.tsx'),
        formats: ['iife'],
        name: 'TranscriptBench',
        fileName: 'transcript-bench',
      },
      // The scenario's transcript is English, whose stemmer is Trawl's own. The package that
      // stems other languages loads its wasm with a top-level await, which a script (iife)
      // cannot hold: its import stays a dynamic import the scenario never reaches.
      rollupOptions: { external: ['multilingual-stemmer'] },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((entry) =>
    'output' in entry ? entry.output : [],
  );
  const chunk = outputs.find(isOutputChunk);
  if (!chunk) throw new Error('Vite produced no script for the scenario');
  return chunk.code;
}

async function styles(): Promise<string> {
  const parts = await Promise.all(
    STYLES.filter((file) => existsSync(resolve(ROOT, file))).map((file) =>
      readFile(resolve(ROOT, file), 'utf8'),
    ),
  );
  return parts.join('\n');
}

async function inChromium(code: string, options: ScenarioOptions): Promise<ScenarioResult> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // A real origin (not about:blank), as the site has; nothing leaves the browser.
    const html = `<!doctype html><html><head><style>${await styles()}</style></head><body></body></html>`;
    await page.route('http://bench.localhost/', (route) =>
      route.fulfill({ body: html, contentType: 'text/html' }),
    );
    await page.goto('http://bench.localhost/');
    await page.addScriptTag({ content: code });
    if (errors.length > 0) throw new Error(`The scenario failed to load: ${errors.join('; ')}`);
    return await page.evaluate(
      (scenario) => (window as unknown as BenchWindow).TranscriptBench.runScenario(scenario),
      options,
    );
  } finally {
    await browser.close();
  }
}

async function inJsdom(code: string, options: ScenarioOptions): Promise<ScenarioResult> {
  const dom = new JSDOM('<!doctype html><html><body></body></html>', {
    url: 'http://localhost/',
    pretendToBeVisual: true,
    runScripts: 'outside-only',
  });
  try {
    dom.window.eval(code);
    const bench: unknown = Reflect.get(dom.window, 'TranscriptBench');
    if (typeof bench !== 'object' || bench === null || !('runScenario' in bench)) {
      throw new Error('The bundled scenario did not load in jsdom');
    }
    return await (bench as BenchWindow['TranscriptBench']).runScenario(options);
  } finally {
    dom.window.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      words: { type: 'string', default: '9000' },
      renders: { type: 'string', default: '7' },
      tick: { type: 'string', default: '0.25' },
      'jsdom-updates': { type: 'string', default: '2000' },
      env: { type: 'string', default: 'chromium' },
    },
  });
  const options: ScenarioOptions = {
    words: Number(values.words),
    renders: Number(values.renders),
    tick: Number(values.tick),
    maxUpdates: Number.MAX_SAFE_INTEGER,
  };
  if (!Number.isInteger(options.words) || options.words < 1)
    throw new Error('--words must be a positive integer');
  if (!Number.isInteger(options.renders) || options.renders < 1)
    throw new Error('--renders must be a positive integer');
  if (!(options.tick > 0)) throw new Error('--tick must be a positive number of seconds');
  const env = values.env;
  if (env !== 'chromium' && env !== 'jsdom' && env !== 'both') {
    throw new Error('--env must be chromium, jsdom or both');
  }

  const code = await bundleScenario();
  let runJsdom = env !== 'chromium';
  if (env !== 'jsdom') {
    if (existsSync(CHROMIUM)) {
      console.log(
        JSON.stringify({ env: 'chromium', ...(await inChromium(code, options)) }, null, 2),
      );
    } else {
      console.log(`Chromium not found at ${CHROMIUM} (set TRAWL_CHROMIUM): running in jsdom only`);
      runJsdom = true;
    }
  }
  if (runJsdom) {
    const maxUpdates = Number(values['jsdom-updates']);
    const result = await inJsdom(code, { ...options, maxUpdates });
    console.log(JSON.stringify({ env: 'jsdom', ...result }, null, 2));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
