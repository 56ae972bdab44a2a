import { describe, expect, it } from 'vitest';
import { BUDGETS, budgetsFor, checkBudget, LONG_TRANSCRIPT_WORDS } from './budgets.ts';
import {
  budgetFigure,
  checkBudgets,
  formatBudgets,
  formatOperations,
  historyLine,
  markdownTable,
  LANDING_EXTRAS,
  operationRow,
  SNIPPET_EXTRAS,
} from './report.ts';

const firstScreen = operationRow('first-screen', 'first screen', false, {
  site: [
    { requests: 5, kb: 64, ms: 700 },
    { requests: 5, kb: 64, ms: 760 },
    { requests: 6, kb: 80, ms: 820 },
  ],
  trawl: [{ requests: 5, kb: 64, ms: 600 }],
  baseline: [{ requests: 14, kb: 272, ms: 1400 }],
});
const common = operationRow('search-common', 'search "the"', false, {
  site: [{ requests: 3, kb: 48, ms: 210 }],
  siteAfter: [{ requests: 2, kb: 32, ms: 320 }],
  trawl: [{ requests: 3, kb: 48, ms: 180 }],
  baseline: [{ requests: 56, kb: 29_184, ms: 3562 }],
});
const commonWarm = operationRow('search-common', 'search "the"', true, {
  site: [{ requests: 0, kb: 0, ms: 20 }],
  trawl: [{ requests: 0, kb: 0, ms: 2 }],
  baseline: [{ requests: 0, kb: 0, ms: 14 }],
});

describe('operation rows', () => {
  it('keeps medians per target and the baseline ÷ Trawl ratio at the query level', () => {
    expect(firstScreen.site).toEqual({ requests: 5, kb: 64, ms: 760 });
    expect(common.ratio?.kb).toBe(608);
    expect(commonWarm.ratio).toEqual({ requests: 1, kb: 1, ms: 7 });
  });

  it('has no ratio when a target was not measured', () => {
    const row = operationRow('next-page', 'next page', false, {
      site: [{ requests: 1, kb: 16, ms: 90 }],
      trawl: [],
      baseline: [],
    });
    expect(row.ratio).toBeNull();
    expect(row.trawl).toBeNull();
  });
});

const snippets = operationRow('snippets-phrase', 'snippets: phrase', false, {
  site: [
    { requests: 9, kb: 160, ms: 500 },
    { requests: 7, kb: 140, ms: 450 },
    { requests: 8, kb: 150, ms: 700 },
  ],
  trawl: [],
  baseline: [],
  extras: [
    {
      [SNIPPET_EXTRAS.countLine]: { requests: 6, kb: 112, ms: 400 },
      [SNIPPET_EXTRAS.countLineWithout]: { requests: 6, kb: 112, ms: 380 },
      [SNIPPET_EXTRAS.transcripts]: { requests: 10, kb: 450, ms: Number.NaN },
    },
    {
      [SNIPPET_EXTRAS.countLine]: { requests: 6, kb: 112, ms: 420 },
      [SNIPPET_EXTRAS.countLineWithout]: { requests: 6, kb: 112, ms: 460 },
      [SNIPPET_EXTRAS.transcripts]: { requests: 10, kb: 450, ms: Number.NaN },
    },
    { [SNIPPET_EXTRAS.countLine]: { requests: 6, kb: 112, ms: 410 } },
  ],
});

describe('extra figures under a row (snippets)', () => {
  it('keeps the median of each extra over the runs that have it, and its ratio to the row', () => {
    expect(snippets.site).toEqual({ requests: 8, kb: 150, ms: 500 });
    const extra = (label: string) => snippets.extras.find((entry) => entry.label === label);
    expect(extra(SNIPPET_EXTRAS.countLine)?.site).toEqual({ requests: 6, kb: 112, ms: 410 });
    expect(extra(SNIPPET_EXTRAS.countLineWithout)?.site?.ms).toBe(420);
    expect(extra(SNIPPET_EXTRAS.transcripts)?.ratio?.kb).toBe(3);
  });

  it('checks the snippet budgets and the count line with the tables against without', () => {
    expect(budgetFigure([snippets], null, 'snippets-phrase', 'kb')).toBe(150);
    expect(budgetFigure([snippets], null, 'snippets-phrase', 'count-line-delay-ms')).toBe(-10);
    expect(budgetFigure([common], null, 'search-common', 'count-line-delay-ms')).toBeNull();
    const checks = checkBudgets([snippets], null).filter(
      (check) => check.operation === 'snippets-phrase',
    );
    expect(checks.map((check) => [check.metric, check.met])).toEqual([
      ['requests', true],
      ['kb', true],
      ['count-line-delay-ms', true],
    ]);
  });

  it('prints each extra under its row, with the ratio only where the label asks for one', () => {
    const table = formatOperations([snippets]).split('\n');
    expect(table[3]).toMatch(
      /^\| {3}… count line \(with the snippet tables\) +\| 6 \/ 112 \/ 410 /,
    );
    const transcripts = table.find((line) => line.includes('whole transcripts'));
    expect(transcripts).toMatch(/\| 10 \/ 450 \/ – +\|.*\| 1\.3× \/ 3\.0× \/ – +\|$/);
  });
});

describe('budgets', () => {
  it('says by how much a figure is under or over', () => {
    const [requests] = BUDGETS;
    if (!requests) throw new Error('no budgets');
    expect(checkBudget(requests, 5).verdict).toBe('✓ 1 requests under');
    expect(checkBudget({ ...requests, metric: 'kb', limit: 64 }, 80).verdict).toBe(
      '✗ 16 KB over (+25%)',
    );
    expect(
      checkBudget({ ...requests, metric: 'kb-ratio', kind: 'min', limit: 100 }, 70),
    ).toMatchObject({
      met: false,
      verdict: '✗ 30× short (-30%)',
    });
    expect(checkBudget(requests, null)).toMatchObject({ met: false, verdict: '✗ not measured' });
  });

  it('checks the site figures, the first visit and the query-level ratios', () => {
    const rows = [firstScreen, common, commonWarm];
    const visit = { requests: 20, kb: 1800, compressedKb: 760, beforeFirstScreenKb: 41 };
    expect(budgetFigure(rows, visit, 'first-screen', 'ms')).toBe(760);
    expect(budgetFigure(rows, visit, 'first-screen', 'first-screen-kb')).toBe(41);
    // The first screen's baseline (bench page) ms ÷ the site's ms.
    const baselineMs = firstScreen.baseline?.ms ?? Number.NaN;
    expect(budgetFigure(rows, visit, 'first-screen', 'site-ms-ratio')).toBeCloseTo(
      baselineMs / 760,
    );
    expect(budgetFigure(rows, visit, 'episode-page', 'ms')).toBeNull();
    expect(budgetFigure(rows, visit, 'search-common', 'kb')).toBe(48);
    expect(budgetFigure(rows, visit, 'search-common', 'kb-ratio')).toBe(608);
    expect(budgetFigure(rows, visit, 'first-screen', 'first-visit-kb')).toBe(760);
    expect(budgetFigure(rows, visit, 'transcript', 'kb')).toBeNull();
    const checks = checkBudgets(rows, visit);
    expect(checks).toHaveLength(BUDGETS.length);
    expect(
      checks.filter((check) => check.operation === 'transcript').every((check) => !check.met),
    ).toBe(true);
  });

  it("gives a 30,000-word transcript issue 27's 128 KB, and one of 9,000 words issue 7's 100 KB", () => {
    const limit = (words: number, metric: string): number | undefined =>
      budgetsFor(words).find(
        (budget) => budget.operation === 'transcript' && budget.metric === metric,
      )?.limit;
    expect(limit(9_000, 'kb')).toBe(100);
    expect(limit(LONG_TRANSCRIPT_WORDS - 1, 'kb')).toBe(100);
    expect(limit(30_000, 'kb')).toBe(128);
    expect(limit(30_000, 'requests')).toBe(4);
    expect(budgetsFor(30_000)).toHaveLength(BUDGETS.length);
  });

  it('checks the build against 15 minutes and 4 GB, and counts a build not timed as missed', () => {
    const build = (seconds: number, gb: number) =>
      checkBudgets([], null, { seconds, peakRssBytes: gb * 1e9 }).filter(
        (check) => check.operation === 'trawl-build',
      );
    expect(build(14 * 60, 3.9).map((check) => [check.metric, check.met])).toEqual([
      ['build-minutes', true],
      ['build-peak-gb', true],
    ]);
    expect(build(16 * 60, 4.5).map((check) => check.verdict)).toEqual([
      '✗ 1 min over (+7%)',
      '✗ 0.5 GB over (+13%)',
    ]);
    const untimed = checkBudgets([], null).filter((check) => check.operation === 'trawl-build');
    expect(untimed.map((check) => check.verdict)).toEqual(['✗ not measured', '✗ not measured']);
  });
});

describe('tables', () => {
  it('pads a Markdown table to its widest cells', () => {
    expect(markdownTable(['a', 'long header'], [['wide cell', '1']])).toBe(
      [
        '| a         | long header |',
        '|-----------|-------------|',
        '| wide cell | 1           |',
      ].join('\n'),
    );
  });

  it('prints each target as requests / KB / ms, warm rows and follow-up reads indented', () => {
    expect(formatOperations([firstScreen, common, commonWarm])).toMatchInlineSnapshot(`
      "| operation (cold unless warm)      | Trawl site: req / KB / ms | Trawl query: req / KB / ms | baseline query: req / KB / ms | baseline ÷ Trawl query |
      |-----------------------------------|---------------------------|----------------------------|-------------------------------|------------------------|
      | first screen                      | 5 / 64 / 760              | 5 / 64 / 600               | 14 / 272 / 1400               | 2.8× / 4.3× / 2.3×     |
      | search "the"                      | 3 / 48 / 210              | 3 / 48 / 180               | 56 / 29184 / 3562             | 19× / 608× / 20×       |
      |   … then what the new rows load   | 2 / 32 / 320              |                            |                               |                        |
      |   … warm (again in the same page) | 0 / 0 / 20                | 0 / 0 / 2                  | 0 / 0 / 14                    | 1.0× / 1.0× / 7.0×     |"
    `);
  });

  it('prints the budgets with their verdicts', () => {
    const checks = [
      checkBudget({ operation: 'first-screen', metric: 'ms', kind: 'max', limit: 800 }, 760),
      checkBudget({ operation: 'transcript', metric: 'kb-ratio', kind: 'min', limit: 5 }, 12.25),
    ];
    expect(formatBudgets(checks, (id) => id.replace('-', ' '))).toMatchInlineSnapshot(`
      "| budget                           | limit    | Trawl  | verdict       |
      |----------------------------------|----------|--------|---------------|
      | first screen: wall time          | ≤ 800 ms | 760 ms | ✓ 40 ms under |
      | transcript: KB: baseline ÷ Trawl | ≥ 5×     | 12×    | ✓ 7.3× above  |"
    `);
  });

  it('writes one history line with the site figures and the budget count', () => {
    const line = historyLine({
      date: new Date('2026-11-22T05:40:00Z'),
      commit: 'abc1234',
      key: 'e600-w9000-s1',
      delayMs: 50,
      runs: 3,
      rows: [firstScreen, common, commonWarm],
      checks: [
        checkBudget({ operation: 'first-screen', metric: 'ms', kind: 'max', limit: 800 }, 760),
      ],
      buildSeconds: 24.3,
      peakRssMb: 374,
    });
    expect(line).toBe(
      '- 2026-11-22 05:40 UTC · abc1234 · e600-w9000-s1, 50 ms delay, 3 runs · budgets 1/1 · ' +
        'first screen 5/64/760 · rare – · the 3/48/210 · phrase – · ' +
        'snippets rare – the – phrase – · transcript – · build 24.3 s 374 MB',
    );
  });
});

describe('from landing to results, and the engine comparison (issue 27)', () => {
  const landing = operationRow('landing-search', 'search at the first paint', false, {
    site: [
      { requests: 3, kb: 48, ms: 900 },
      { requests: 3, kb: 48, ms: 700 },
      { requests: 3, kb: 48, ms: 800 },
    ],
    trawl: [],
    baseline: [],
    extras: [
      { [LANDING_EXTRAS.paint]: { requests: 0, kb: 0, ms: 300 } },
      { [LANDING_EXTRAS.paint]: { requests: 0, kb: 0, ms: 200 } },
      { [LANDING_EXTRAS.paint]: { requests: 0, kb: 0, ms: 250 } },
    ],
  });

  it("divides the results by the same loads' first paint, and checks it against 3×", () => {
    expect(budgetFigure([landing], null, 'landing-search', 'landing-paint-ratio')).toBe(800 / 250);
    const check = checkBudgets([landing], null).find(
      (each) => each.metric === 'landing-paint-ratio',
    );
    expect(check).toMatchObject({ limit: 3, met: false, verdict: '✗ 0.2× over (+7%)' });
    expect(budgetFigure([common], null, 'landing-search', 'landing-paint-ratio')).toBeNull();
  });

  it('prints the sql.js-httpvfs column only when it was measured', () => {
    expect(formatOperations([common]).split('\n')[0]).not.toContain('sql.js-httpvfs');
    const compared = operationRow('search-common', 'search "the"', false, {
      site: [{ requests: 2, kb: 32, ms: 150 }],
      trawl: [{ requests: 2, kb: 32, ms: 100 }],
      legacy: [{ requests: 2, kb: 32, ms: 130 }],
      baseline: [{ requests: 56, kb: 29_184, ms: 3562 }],
    });
    const [header, , row] = formatOperations([compared]).split('\n');
    expect(header).toContain('Trawl query on sql.js-httpvfs');
    expect(row).toMatch(/\| 2 \/ 32 \/ 100 +\| 2 \/ 32 \/ 130 +\| 56 \/ 29184 \/ 3562 /);
  });
});
