import { XMLValidator } from 'fast-xml-parser';
import { InputError, lineAndColumn } from '../errors.ts';

const PREDEFINED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

const REFERENCE = /&(?:#(\d+)|#x([0-9a-fA-F]+)|([A-Za-z_][\w.-]*));/y;

/**
 * Rejects XML that is not well-formed, naming the file, line and column. On top of
 * fast-xml-parser's validator it checks every entity reference outside CDATA and comments:
 * only the five predefined entities and character references are accepted, because Trawl
 * never expands DTD entities (no "billion laughs") and an undeclared one (`&nbsp;`,
 * `&gtgt;`) makes the document malformed.
 */
export function assertWellFormedXml(file: string, text: string): void {
  const result = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (result !== true) {
    const { line, col, msg } = result.err;
    throw new InputError({ file, line, column: col }, `malformed XML: ${msg}`);
  }
  const problem = findBadReference(text);
  if (problem) {
    const { line, column } = lineAndColumn(text, problem.offset);
    throw new InputError({ file, line, column }, `malformed XML: ${problem.message}`);
  }
  const oversized = findOversizedRun(text);
  if (oversized) {
    const { line, column } = lineAndColumn(text, oversized.offset);
    throw new InputError({ file, line, column }, oversized.message);
  }
}

/**
 * Longest text, CDATA section or tag one element may hold. Real show notes are a few KiB; the
 * XML parser and the HTML sanitiser take seconds per MiB, so a runaway element is an error
 * rather than a build that seems to hang.
 */
export const MAX_XML_RUN_CHARS = 1024 * 1024;

function findOversizedRun(text: string): { offset: number; message: string } | undefined {
  const tooLong = (offset: number, length: number, what: string) =>
    length > MAX_XML_RUN_CHARS
      ? {
          offset,
          message: `${what} of ${(length / 1024 / 1024).toFixed(1)} MiB is longer than the 1 MiB limit for one element`,
        }
      : undefined;
  let index = 0;
  while (index < text.length) {
    const lt = text.indexOf('<', index);
    const textRun = tooLong(index, (lt === -1 ? text.length : lt) - index, 'a text');
    if (textRun || lt === -1) return textRun;
    const cdata = text.startsWith('<![CDATA[', lt);
    const end = text.indexOf(cdata ? ']]>' : '>', lt);
    const stop = end === -1 ? text.length : end;
    const markup = tooLong(lt, stop - lt, cdata ? 'a CDATA section' : 'a tag');
    if (markup) return markup;
    index = stop + (cdata ? 3 : 1);
  }
  return undefined;
}

function findBadReference(text: string): { offset: number; message: string } | undefined {
  let index = 0;
  // Cached so each search scans the text once, not once per reference.
  let declaration = text.indexOf('<!');
  while (index < text.length) {
    const amp = text.indexOf('&', index);
    if (amp === -1) return undefined;
    if (declaration !== -1 && declaration < index) declaration = text.indexOf('<!', index);
    if (declaration !== -1 && declaration < amp) {
      index = skipMarkupDeclaration(text, declaration);
      continue;
    }
    REFERENCE.lastIndex = amp;
    const match = REFERENCE.exec(text);
    if (!match) {
      return { offset: amp, message: `"&" must start an entity reference such as &amp;` };
    }
    const [reference, decimal, hex, name] = match;
    if (name !== undefined && !(name in PREDEFINED_ENTITIES)) {
      return {
        offset: amp,
        message: `undefined entity ${reference} (only &amp; &lt; &gt; &quot; &apos; and &#…; are allowed outside CDATA)`,
      };
    }
    if (
      name === undefined &&
      !isXmlChar(Number.parseInt(decimal ?? hex ?? '', decimal ? 10 : 16))
    ) {
      return {
        offset: amp,
        message: `character reference ${reference} is not a valid XML character`,
      };
    }
    index = amp + reference.length;
  }
  return undefined;
}

/** Skips a CDATA section, comment or DOCTYPE (with its internal subset) starting at `start`. */
export function skipMarkupDeclaration(text: string, start: number): number {
  const close = (marker: string): number => {
    const end = text.indexOf(marker, start);
    return end === -1 ? text.length : end + marker.length;
  };
  if (text.startsWith('<![CDATA[', start)) return close(']]>');
  if (text.startsWith('<!--', start)) return close('-->');
  const bracket = text.indexOf('[', start);
  const gt = text.indexOf('>', start);
  if (bracket !== -1 && bracket < gt) return close(']>');
  return gt === -1 ? text.length : gt + 1;
}

function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

const DECODE = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));/g;

/** Decodes the predefined entities and character references of checked XML text. */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(DECODE, (_match, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return PREDEFINED_ENTITIES[name] ?? '';
    return String.fromCodePoint(Number.parseInt(decimal ?? hex ?? '', decimal ? 10 : 16));
  });
}
