import { InputError, isInputError, lineAndColumn } from '../errors.ts';
import type { WarningCollector } from '../warnings.ts';
import { assertWellFormedXml, decodeXmlText } from './xml.ts';

/** One `<item>…</item>` of a feed's text. */
const ITEM = /<item[\s>][\s\S]*?<\/item\s*>/g;

function itemTitle(item: string): string {
  const match = /<title[^>]*>([\s\S]*?)<\/title\s*>/.exec(item);
  const raw = (match?.[1] ?? '').replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1');
  const title = decodeXmlText(raw).replace(/\s+/g, ' ').trim();
  return title === '' ? '(no title)' : title.length > 80 ? `${title.slice(0, 77)}…` : title;
}

/**
 * `trawl build --recover`: a feed that is not well-formed XML keeps its good items. Each
 * `<item>` is checked on its own; a broken one is blanked out (its lines stay, so later line
 * numbers are still the file's) with a warning naming its line, its title and the problem.
 * A feed whose problem is outside every item (the channel's own tags) still fails.
 */
export function recoverBrokenItems(file: string, text: string, warnings: WarningCollector): string {
  try {
    assertWellFormedXml(file, text);
    return text;
  } catch (error) {
    if (!isInputError(error)) throw error;
  }
  let kept = '';
  let last = 0;
  for (const match of text.matchAll(ITEM)) {
    const item = match[0];
    try {
      assertWellFormedXml(file, item);
      continue;
    } catch (error) {
      if (!isInputError(error)) throw error;
      const line = lineAndColumn(text, match.index).line;
      const problem = error.message.replace(/^[^:]*(?::\d+)*: /, '');
      const where = (error.location.line ?? 1) - 1 + line;
      warnings.add(
        `skipped-item-${line}`,
        () =>
          `skipped the broken feed item at line ${line}, "${itemTitle(item)}" (line ${where}: ${problem}); fix the feed to keep it`,
      );
      kept += text.slice(last, match.index) + item.replace(/[^\n]/g, '');
      last = match.index + item.length;
    }
  }
  kept += text.slice(last);
  try {
    assertWellFormedXml(file, kept);
  } catch (error) {
    if (!isInputError(error)) throw error;
    throw new InputError(
      error.location,
      `${error.message.replace(/^[^:]*(?::\d+)*: /, '')} (outside any <item>, so --recover cannot skip it)`,
    );
  }
  return kept;
}
