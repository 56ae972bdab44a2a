import { InputError, isInputError, lineLocator, type LineLocator } from '../errors.ts';
import type { WarningCollector } from '../warnings.ts';
import { assertWellFormedXml, decodeXmlText, skipMarkupDeclaration } from './xml.ts';

/** Where one `<item>…</item>` of a feed's text starts and ends (UTF-16 offsets, end exclusive). */
export interface ItemSpan {
  start: number;
  end: number;
}

/** The offset just past the `>` of the tag starting at `lt`; a `<` first means the tag is broken there. */
function tagEnd(text: string, lt: number): number {
  let quote = '';
  for (let index = lt + 1; index < text.length; index += 1) {
    const char = text[index];
    if (quote !== '') {
      if (char === quote) quote = '';
      else if (char === '<') return index;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return index + 1;
    else if (char === '<') return index;
  }
  return text.length;
}

const TAG_NAME = /^<(\/?)([^\s/>]+)/;

/**
 * The feed's items, found by a scanner that knows XML's markup: text inside CDATA sections,
 * comments, processing instructions and attribute values is never taken for a tag, so an
 * item's show notes cannot open or close items of their own. Items do not nest in RSS: an
 * item still open when the next one starts, or when the channel ends, ends there (it is
 * broken, and only it is skipped).
 */
export function findItemSpans(text: string): ItemSpan[] {
  const spans: ItemSpan[] = [];
  let open = -1;
  let index = 0;
  for (;;) {
    const lt = text.indexOf('<', index);
    if (lt === -1) break;
    if (text.startsWith('<!', lt)) {
      index = skipMarkupDeclaration(text, lt);
      continue;
    }
    if (text.startsWith('<?', lt)) {
      const close = text.indexOf('?>', lt);
      index = close === -1 ? text.length : close + 2;
      continue;
    }
    const end = tagEnd(text, lt);
    const tag = TAG_NAME.exec(text.slice(lt, Math.min(end, lt + 80)));
    const closing = tag?.[1] === '/';
    const name = tag?.[2];
    if (name === 'item' && !closing) {
      if (open !== -1) spans.push({ start: open, end: lt });
      open = -1;
      if (text[end - 2] === '/' && text[end - 1] === '>') spans.push({ start: lt, end });
      else open = lt;
    } else if (open !== -1 && closing && name === 'item') {
      spans.push({ start: open, end });
      open = -1;
    } else if (open !== -1 && closing && (name === 'channel' || name === 'rss')) {
      spans.push({ start: open, end: lt });
      open = -1;
    }
    index = Math.max(end, lt + 1);
  }
  if (open !== -1) spans.push({ start: open, end: text.length });
  return spans;
}

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
  // Found once for all the broken items: a feed of many broken items stays linear.
  let locate: LineLocator | undefined;
  for (const span of findItemSpans(text)) {
    const item = text.slice(span.start, span.end);
    try {
      assertWellFormedXml(file, item);
      continue;
    } catch (error) {
      if (!isInputError(error)) throw error;
      locate ??= lineLocator(text);
      const line = locate(span.start).line;
      const problem = error.message.replace(/^[^:]*(?::\d+)*: /, '');
      const where = (error.location.line ?? 1) - 1 + line;
      warnings.add(
        `skipped-item-${line}`,
        () =>
          `skipped the broken feed item at line ${line}, "${itemTitle(item)}" (line ${where}: ${problem}); fix the feed to keep it`,
      );
      kept += text.slice(last, span.start) + item.replace(/[^\n]/g, '');
      last = span.end;
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
