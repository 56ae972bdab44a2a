/**
 * The hand-over from a pre-rendered page to the app (issue 27, item 4): what the visitor typed
 * or submitted in the search box before the app's script ran. `src/site/main.tsx` takes it from
 * the page once, before React renders; the search box starts from the typed text.
 */
import {
  APP_STARTED_ATTRIBUTE,
  EARLY_SEARCH_ATTRIBUTE,
  ENGINE_WANTED_ATTRIBUTE,
} from '../../core/early-search.ts';

/** What the page held when the app took over. */
export interface EarlyInput {
  /** The search box's text, '' for none. */
  typed: string;
  /** The address a submit asked for (same origin), or null when nothing was submitted. */
  searchUrl: URL | null;
}

let typedBeforeApp = '';

/**
 * Marks the page as the app's (the page's early script leaves the form to it from now on) and
 * reads what was typed and submitted. A submit's address is kept only on this origin: the
 * attribute is the page's own, but nothing from the DOM is trusted to navigate elsewhere.
 */
export function takeEarlyInput(page: Document): EarlyInput {
  page.documentElement.setAttribute(APP_STARTED_ATTRIBUTE, '');
  const form = page.querySelector('form[role="search"]');
  const box = form?.querySelector('input[name="q"]');
  const typed = box instanceof HTMLInputElement ? box.value : '';
  const asked = form?.getAttribute(EARLY_SEARCH_ATTRIBUTE) ?? null;
  form?.removeAttribute(EARLY_SEARCH_ATTRIBUTE);
  form?.removeAttribute('aria-busy');
  const url = asked === null ? null : parseUrl(asked);
  typedBeforeApp = typed;
  return { typed, searchUrl: url?.origin === page.location.origin ? url : null };
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/**
 * True when the visitor did something before the app took over: the early script saw an
 * interaction (and began fetching the engine), text was typed or submitted, or focus is
 * inside the page (a page without the early script, as in development).
 */
export function interactedBeforeApp(input: EarlyInput, page: Document = document): boolean {
  const focused = page.activeElement;
  return (
    page.documentElement.hasAttribute(ENGINE_WANTED_ATTRIBUTE) ||
    input.typed !== '' ||
    input.searchUrl !== null ||
    (focused !== null && focused !== page.body && focused !== page.documentElement)
  );
}

/** The text typed before the app took over, for the search box's first render. */
export function textTypedBeforeApp(): string {
  return typedBeforeApp;
}

/** Forgets it once the search box shows it, so a later search box starts from its URL. */
export function forgetTextTypedBeforeApp(): void {
  typedBeforeApp = '';
}
