/** One kind of warning, counted over the whole build. */
export interface WarningSummary {
  code: string;
  count: number;
  /** A summary sentence with the count, e.g. "312 words had no timing; interpolated". */
  message: string;
  /** The first few places it happened. */
  examples: string[];
}

interface WarningKind {
  count: number;
  describe: (count: number) => string;
  examples: string[];
}

const EXAMPLES_KEPT = 3;

/**
 * Collects warnings by kind so a build reports "312 words had no timing" once instead of
 * printing 312 lines.
 */
export class WarningCollector {
  private readonly kinds = new Map<string, WarningKind>();

  /** Counts `amount` occurrences of a warning kind; `where` is kept as an example. */
  add(code: string, describe: (count: number) => string, where?: string, amount = 1): void {
    if (amount <= 0) return;
    let kind = this.kinds.get(code);
    if (!kind) {
      kind = { count: 0, describe, examples: [] };
      this.kinds.set(code, kind);
    }
    kind.count += amount;
    if (where !== undefined && kind.examples.length < EXAMPLES_KEPT) kind.examples.push(where);
  }

  /** Adds every warning of `other` (a scratch collector for work that may be thrown away). */
  absorb(other: WarningCollector): void {
    for (const [code, kind] of other.kinds) {
      const [first, ...rest] = kind.examples;
      this.add(code, kind.describe, first, kind.count - rest.length);
      for (const example of rest) this.add(code, kind.describe, example);
    }
  }

  /** The warnings so far, in the order their kinds first appeared. */
  summary(): WarningSummary[] {
    return [...this.kinds].map(([code, kind]) => ({
      code,
      count: kind.count,
      message: kind.describe(kind.count),
      examples: [...kind.examples],
    }));
  }
}

/** "1 word" / "2 words". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** What the build says when trawl.config.json names no site address. */
export const NO_SITE_URL_WARNING =
  "trawl.config.json sets no site.siteUrl (the site's public address, https://…): without it the pages have no canonical URLs and no sitemap.xml, and og:image only where the artwork has its own URL; set it, or run trawl init with --site-url in a new folder";
