/**
 * Analyzers for tests, loaded as the builder and the site load them (`loadAnalyzer`): English
 * as the builder now indexes it, and the rules of a database built before languages.
 */
import { loadAnalyzer, type Analyzer } from '../analyzer.ts';

/** English, as `trawl build` indexes an English show (version 2). */
export const ENGLISH: Analyzer = await loadAnalyzer({ version: 2, language: 'en' });

/** A database built before languages: English, term tables of plain ASCII tokens. */
export const LEGACY_ENGLISH: Analyzer = await loadAnalyzer(undefined);

/** The analyzer of a show in `language` (a BCP 47 tag), as `trawl build` indexes it. */
export function analyzerFor(language: string): Promise<Analyzer> {
  return loadAnalyzer({ version: 2, language });
}
