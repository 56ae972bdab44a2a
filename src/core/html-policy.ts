/**
 * The HTML allowlist for episode descriptions. The builder sanitises with it at build time and
 * the site sanitises again at render time, so both apply exactly the same rules. Feeds carry
 * arbitrary publisher HTML: only simple formatting and http(s)/mailto links survive.
 */

/** Elements kept; anything else is removed but its text is kept. */
export const ALLOWED_TAGS: readonly string[] = Object.freeze([
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'em',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'u',
  'ul',
]);

/** Attributes kept on the allowed elements. No `style`, `class`, event handlers or `data-*`. */
export const ALLOWED_ATTR: readonly string[] = Object.freeze(['href', 'title', 'lang', 'dir']);

/** Link targets allowed in `href`: absolute http, https and mailto only. */
export const ALLOWED_URI_REGEXP = /^(?:https?|mailto):/i;

/** The DOMPurify settings of the policy (structurally a DOMPurify `Config`). */
export interface PurifyPolicyConfig {
  ALLOWED_TAGS: string[];
  ALLOWED_ATTR: string[];
  ALLOWED_URI_REGEXP: RegExp;
  ALLOW_DATA_ATTR: false;
  ALLOW_ARIA_ATTR: false;
  ALLOW_UNKNOWN_PROTOCOLS: false;
  KEEP_CONTENT: true;
}

/** A fresh DOMPurify config for the policy; fresh arrays so no caller can change the shared lists. */
export function purifyConfig(): PurifyPolicyConfig {
  return {
    ALLOWED_TAGS: [...ALLOWED_TAGS],
    ALLOWED_ATTR: [...ALLOWED_ATTR],
    ALLOWED_URI_REGEXP,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    KEEP_CONTENT: true,
  };
}

// Characters DOMPurify strips from attribute values before it tests a URI.
// eslint-disable-next-line no-control-regex
const URI_IGNORED = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;

/** Whether a link target passes the policy (whitespace and control characters ignored, as DOMPurify does). */
export function isAllowedUrl(url: string): boolean {
  return ALLOWED_URI_REGEXP.test(url.replace(URI_IGNORED, ''));
}
