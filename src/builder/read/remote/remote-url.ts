import { BlockList, isIP } from 'node:net';

/**
 * What a download may reach. Only http and https, and, for the links inside a feed that came
 * from somewhere public, no address of this machine or its private network: a hostile feed
 * must not make a build in CI read a cloud metadata service or an intranet page and publish it.
 */

/** Loopback, private, link-local, carrier-grade NAT, multicast and reserved ranges. */
const PRIVATE_RANGES = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv6');
}

/** True for an IP address of this machine or a private network (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return PRIVATE_RANGES.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The host of a URL as an IP address, without IPv6 brackets, or undefined for a name. */
export function literalAddress(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) === 0 ? undefined : host;
}

/** True when a URL names this machine or a private network by its address or as localhost. */
export function namesPrivateHost(url: URL): boolean {
  const address = literalAddress(url);
  if (address !== undefined) return isPrivateAddress(address);
  const host = url.hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost');
}

/** A URL as messages show it: any password in it is hidden. */
export function shownUrl(url: string | URL): string {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    const text = String(url);
    return text.length > 200 ? `${text.slice(0, 197)}…` : text;
  }
  if (parsed.password === '') return parsed.href;
  const copy = new URL(parsed.href);
  copy.password = '***';
  return copy.href;
}

/** True when text looks like a URL with a scheme (`https://…`, `file:…`), not a file path. */
export function hasUrlScheme(text: string): boolean {
  // A Windows drive letter (C:\feed.xml) is a path, not a scheme.
  return /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[a-z]:[\\/]/i.test(text);
}

/** The reason a URL cannot be downloaded (not http or https, not a URL), or undefined. */
export function unfetchableReason(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'not a valid URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `only http:// and https:// URLs are downloaded, not ${url.protocol}`;
  if (url.hostname === '') return 'the URL names no host';
  return undefined;
}
