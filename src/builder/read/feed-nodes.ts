/**
 * Reading fast-xml-parser's tree of a feed: its elements, texts and attributes, and the
 * prefixes a feed uses for the namespaces Trawl reads (feed.ts parses the feed with these).
 */
import { XMLParser } from 'fast-xml-parser';
import { decodeXmlText } from './xml.ts';

/** Namespace URIs by the prefix Trawl reads them as. Both Podcasting 2.0 URIs are accepted. */
const NAMESPACES = {
  podcast: [
    'https://podcastindex.org/namespace/1.0',
    'https://github.com/podcastindex-org/podcast-namespace/blob/main/docs/1.0.md',
  ],
  itunes: ['http://www.itunes.com/dtds/podcast-1.0.dtd'],
  content: ['http://purl.org/rss/1.0/modules/content/'],
} as const;

export type Namespace = keyof typeof NAMESPACES;

const NAMESPACE_NAMES: readonly Namespace[] = ['podcast', 'itunes', 'content'];

export type XmlNode = Record<string | symbol, unknown>;

const metaSymbol: unknown = XMLParser.getMetaDataSymbol();
/** fast-xml-parser keeps each element's source offset under this symbol (captureMetaData). */
export const META: symbol | undefined = typeof metaSymbol === 'symbol' ? metaSymbol : undefined;

export function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function children(node: XmlNode, name: string): unknown[] {
  const value = node[name];
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

export function textOf(value: unknown): string {
  if (typeof value === 'string') return decodeXmlText(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (!isNode(value)) return '';
  const text = children(value, '#text').map(textOf).join('');
  const cdata = children(value, '#cdata')
    .map((part) => (typeof part === 'string' ? part : ''))
    .join('');
  return (text + cdata).trim();
}

export function attribute(value: unknown, name: string): string | null {
  if (!isNode(value)) return null;
  const raw = value[`@_${name}`];
  if (typeof raw !== 'string') return null;
  const decoded = decodeXmlText(raw).trim();
  return decoded === '' ? null : decoded;
}

function normaliseUri(uri: string): string {
  return uri
    .trim()
    .toLowerCase()
    .replace(/^http:/, 'https:')
    .replace(/\/+$/, '');
}

/** The element-name prefixes a feed uses for each namespace, found from its xmlns declarations. */
export function resolvePrefixes(declarers: XmlNode[]): Record<Namespace, string[]> {
  const prefixes: Record<Namespace, string[]> = { podcast: [], itunes: [], content: [] };
  const declared = new Set<string>();
  for (const node of declarers) {
    for (const [key, value] of Object.entries(node)) {
      if (!key.startsWith('@_xmlns:') || typeof value !== 'string') continue;
      declared.add(key.slice('@_xmlns:'.length));
      const uri = normaliseUri(value);
      for (const namespace of NAMESPACE_NAMES) {
        if (NAMESPACES[namespace].some((known) => normaliseUri(known) === uri)) {
          prefixes[namespace].push(key.slice('@_xmlns:'.length));
        }
      }
    }
  }
  // An undeclared but conventional prefix is still read: many feeds forget the declaration.
  for (const namespace of NAMESPACE_NAMES) {
    if (!declared.has(namespace)) prefixes[namespace].push(namespace);
  }
  return prefixes;
}
