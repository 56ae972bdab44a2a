/**
 * Drives the query-level bench page (bench/page): the same worker and chunked config as the
 * site, running Trawl's query functions or the original design's queries. Times come from
 * the page; requests and bytes from the server's log, as for the site.
 */
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../e2e/browser.ts';
import {
  databaseOf,
  type Layout,
  type PageOperation,
  type PageOutcome,
  type QueryBenchApi,
} from './page/protocol.ts';
import { NAME_SHIM } from './site-driver.ts';
import type { Measure } from './stats.ts';
import { summarise, type TrafficLog } from './traffic.ts';

declare global {
  interface Window {
    trawlQueryBench?: QueryBenchApi;
  }
}

/** A query-level figure, with the pages the worker fetched (for finding out why). */
export interface QueryMeasure {
  measure: Measure;
  outcome: PageOutcome;
}

function toMeasure(traffic: TrafficLog, mark: number, outcome: PageOutcome): QueryMeasure {
  const db = summarise(traffic.since(mark));
  return { measure: { requests: db.dbRequests, kb: db.dbKb, ms: outcome.ms }, outcome };
}

export class QueryDriver {
  private constructor(
    private readonly page: Page,
    private readonly traffic: TrafficLog,
    private readonly quietMs: number,
  ) {}

  /** Opens the bench page on one layout's database; its first screen runs at once. */
  static async open(
    session: BrowserSession,
    baseUrl: string,
    layout: Layout,
    traffic: TrafficLog,
    quietMs: number,
  ): Promise<{ driver: QueryDriver; firstScreen: QueryMeasure }> {
    const page = await session.context.newPage();
    await page.addInitScript(NAME_SHIM);
    const mark = traffic.mark();
    await page.goto(`${baseUrl}/?db=/db/${databaseOf(layout)}/&layout=${layout}`);
    const outcome = await page.evaluate(() => {
      const bench = window.trawlQueryBench;
      if (!bench) throw new Error('the bench page did not start');
      return bench.firstScreen;
    });
    await traffic.settle(quietMs);
    return {
      driver: new QueryDriver(page, traffic, quietMs),
      firstScreen: toMeasure(traffic, mark, outcome),
    };
  }

  /** Runs one operation and measures it. */
  async run(operation: PageOperation): Promise<QueryMeasure> {
    await this.traffic.settle(this.quietMs);
    const mark = this.traffic.mark();
    const outcome = await this.page.evaluate((work) => {
      const bench = window.trawlQueryBench;
      if (!bench) throw new Error('the bench page did not start');
      return bench.run(work);
    }, operation);
    await this.traffic.settle(this.quietMs);
    return toMeasure(this.traffic, mark, outcome);
  }
}
