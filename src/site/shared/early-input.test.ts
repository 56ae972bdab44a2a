import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  APP_STARTED_ATTRIBUTE,
  EARLY_SEARCH_FALLBACK_MS,
  EARLY_SEARCH_SCRIPT,
  ENGINE_START_ATTRIBUTE,
  ENGINE_WORKER_META,
  ENGINE_WANTED_ATTRIBUTE,
  EARLY_ENGINE_PROPERTY,
} from '../../core/early-search.ts';
import { PAGE_DATA_ID } from '../../core/prerendered-page.ts';
import {
  forgetTextTypedBeforeApp,
  interactedBeforeApp,
  takeEarlyInput,
  textTypedBeforeApp,
} from './early-input.ts';

// The page's early script and the app's hand-over, in jsdom: the script is the exact text the
// pre-rendered page carries, run as the page runs it.

const removeListeners: (() => void)[] = [];

/** Runs the early script as the page does, keeping its listener so the test can remove it. */
function runEarlyScript(): void {
  const add = vi.spyOn(document, 'addEventListener');
  new Function(EARLY_SEARCH_SCRIPT)();
  for (const [type, listener, options] of add.mock.calls) {
    removeListeners.push(() => document.removeEventListener(type, listener, options));
  }
  add.mockRestore();
}

/** The pre-rendered search form, with `typed` in its box. */
function preRenderedForm(typed: string): HTMLFormElement {
  document.body.innerHTML = `<form role="search"><input type="search" name="q" value=""><button type="submit">Search</button></form>`;
  const form = document.querySelector('form');
  const box = document.querySelector('input');
  if (form === null || box === null) throw new Error('no form');
  box.value = typed;
  return form;
}

/** Submits as Enter does; returns whether the browser would have gone on to load the address. */
function submit(form: HTMLFormElement): boolean {
  return form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
}

beforeEach(() => {
  history.replaceState(null, '', '/');
  document.documentElement.removeAttribute(APP_STARTED_ATTRIBUTE);
  document.documentElement.removeAttribute(ENGINE_WANTED_ATTRIBUTE);
  document.head.innerHTML = '';
});

afterEach(() => {
  for (const remove of removeListeners.splice(0)) remove();
  forgetTextTypedBeforeApp();
  vi.useRealTimers();
});

describe('the early script and the hand-over', () => {
  test('a submit before the app stays on the page and hands its address to the app', () => {
    runEarlyScript();
    const form = preRenderedForm('honey bees');
    expect(submit(form)).toBe(false);
    expect(form.getAttribute('aria-busy')).toBe('true');

    const early = takeEarlyInput(document);
    expect(early.typed).toBe('honey bees');
    expect(early.searchUrl?.href).toBe(`${location.origin}/?q=honey+bees`);
    expect(form.hasAttribute('aria-busy')).toBe(false);
    expect(textTypedBeforeApp()).toBe('honey bees');
  });

  test('text typed without a submit is handed over with no address', () => {
    runEarlyScript();
    preRenderedForm('hon');
    expect(takeEarlyInput(document)).toEqual({ typed: 'hon', searchUrl: null });
  });

  test('once the app has started, the script leaves submits to it', () => {
    runEarlyScript();
    const form = preRenderedForm('honey');
    takeEarlyInput(document);
    expect(submit(form)).toBe(true);
    expect(form.hasAttribute('aria-busy')).toBe(false);
  });

  test('a form that is not the search form is left alone', () => {
    runEarlyScript();
    document.body.innerHTML = '<form><input name="q" value="x"></form>';
    const form = document.querySelector('form');
    expect(form === null ? null : submit(form)).toBe(true);
  });

  test('if the app never starts, the form is submitted the plain way after a while', () => {
    vi.useFakeTimers();
    runEarlyScript();
    const form = preRenderedForm('honey');
    const plain = vi.spyOn(form, 'submit').mockImplementation(() => undefined);
    submit(form);
    vi.advanceTimersByTime(EARLY_SEARCH_FALLBACK_MS - 1);
    expect(plain).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(plain).toHaveBeenCalledOnce();
  });

  test('the app that starts in time is never overtaken by the plain submit', () => {
    vi.useFakeTimers();
    runEarlyScript();
    const form = preRenderedForm('honey');
    const plain = vi.spyOn(form, 'submit').mockImplementation(() => undefined);
    submit(form);
    takeEarlyInput(document);
    vi.advanceTimersByTime(EARLY_SEARCH_FALLBACK_MS);
    expect(plain).not.toHaveBeenCalled();
  });

  test('an address on another origin is never followed', () => {
    const form = preRenderedForm('honey');
    form.setAttribute('data-early-search', 'https://elsewhere.example/?q=honey');
    expect(takeEarlyInput(document).searchUrl).toBeNull();
    form.setAttribute('data-early-search', 'javascript:alert(1)');
    expect(takeEarlyInput(document).searchUrl).toBeNull();
    form.setAttribute('data-early-search', 'not a url');
    expect(takeEarlyInput(document).searchUrl).toBeNull();
  });
});

describe('the engine’s worker, started when the page will use it (decisions 0040, 0054)', () => {
  const WORKER = '/assets/sqlite-engine.worker-abc.js';

  /** Workers the script started (jsdom has none of its own): their URL and options. */
  const started: { url: string; options: unknown; worker: EventTarget }[] = [];
  class FakeWorker extends EventTarget {
    constructor(url: string, options: unknown) {
      super();
      started.push({ url, options, worker: this });
    }
  }

  beforeEach(() => {
    started.length = 0;
    vi.stubGlobal('Worker', FakeWorker);
    Reflect.deleteProperty(window, EARLY_ENGINE_PROPERTY);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(window, EARLY_ENGINE_PROPERTY);
  });

  /** The head as the built index.html has it, and a pre-rendered page's data in the body. */
  function preRenderedPage(): void {
    document.head.innerHTML = `<meta name="${ENGINE_WORKER_META}" content="${WORKER}">`;
    document.body.innerHTML = `<form role="search"><input name="q"></form><script type="application/json" id="${PAGE_DATA_ID}">{}</script>`;
  }

  const startedUrls = (): string[] => started.map((entry) => entry.url);
  const left = (): unknown => Reflect.get(window, EARLY_ENGINE_PROPERTY);

  /** The parser's end of the page, as the browser reports it. */
  function parsed(): void {
    document.dispatchEvent(new Event('readystatechange'));
  }

  test('a pre-rendered page starts nothing until the visitor interacts, then the worker once', () => {
    preRenderedPage();
    runEarlyScript();
    parsed();
    expect(startedUrls()).toEqual([]);
    expect(interactedBeforeApp({ typed: '', searchUrl: null })).toBe(false);
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(startedUrls()).toEqual([`${location.origin}${WORKER}`]);
    expect(started[0]?.options).toEqual({ type: 'module', name: 'trawl-sqlite' });
    expect(left()).toEqual({
      worker: started[0]?.worker,
      url: `${location.origin}${WORKER}`,
      error: null,
    });
    expect(interactedBeforeApp({ typed: '', searchUrl: null })).toBe(true);
  });

  test('an error before the app takes the worker is kept for it, and not reported', () => {
    preRenderedPage();
    runEarlyScript();
    document.body.dispatchEvent(new Event('focusin', { bubbles: true }));
    const failure = new ErrorEvent('error', {
      message: 'SyntaxError: bad script',
      cancelable: true,
    });
    started[0]?.worker.dispatchEvent(failure);
    expect(failure.defaultPrevented).toBe(true);
    expect(Reflect.get(Object(left()), 'error')).toBe('SyntaxError: bad script');
  });

  test('an address with a query, or a page not pre-rendered, starts it once parsed', () => {
    preRenderedPage();
    history.replaceState(null, '', '/?q=honey');
    runEarlyScript();
    parsed();
    expect(startedUrls()).toEqual([`${location.origin}${WORKER}`]);

    document.head.innerHTML = `<meta name="${ENGINE_WORKER_META}" content="${WORKER}">`;
    document.body.innerHTML = '<div id="root"></div>';
    history.replaceState(null, '', '/');
    runEarlyScript();
    parsed();
    expect(startedUrls()).toHaveLength(2);
  });

  test('a page built to start at the parse starts the worker then, and tells the app only at the interaction', () => {
    preRenderedPage();
    document.querySelector('meta')?.setAttribute(ENGINE_START_ATTRIBUTE, 'parse');
    runEarlyScript();
    parsed();
    expect(startedUrls()).toEqual([`${location.origin}${WORKER}`]);
    // The app, taking over now, would leave the database closed until the visitor acts.
    expect(interactedBeforeApp({ typed: '', searchUrl: null })).toBe(false);
    parsed();
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    // The interaction tells the app (which adopts the worker already started), no second worker.
    expect(startedUrls()).toHaveLength(1);
    expect(interactedBeforeApp({ typed: '', searchUrl: null })).toBe(true);
  });

  test('a browser set to save data starts the worker only at the interaction', () => {
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, {
        connection: { saveData: true },
      }),
    );
    preRenderedPage();
    document.querySelector('meta')?.setAttribute(ENGINE_START_ATTRIBUTE, 'parse');
    runEarlyScript();
    parsed();
    expect(startedUrls()).toEqual([]);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(startedUrls()).toEqual([`${location.origin}${WORKER}`]);
  });

  test('after the app has taken over, the script leaves the engine to it', () => {
    preRenderedPage();
    runEarlyScript();
    takeEarlyInput(document);
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(startedUrls()).toEqual([]);
    expect(left()).toBeUndefined();
  });

  test('a page without the meta tag starts nothing, and a browser that refuses the worker loses nothing', () => {
    document.body.innerHTML = `<form role="search"><input name="q"></form><script type="application/json" id="${PAGE_DATA_ID}">{}</script>`;
    runEarlyScript();
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(startedUrls()).toEqual([]);

    vi.stubGlobal('Worker', function refusingWorker() {
      throw new TypeError('module workers are not supported');
    });
    preRenderedPage();
    runEarlyScript();
    const form = document.querySelector('form');
    if (form === null) throw new Error('no form');
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(left()).toBeUndefined();
    expect(submit(form)).toBe(false);
    expect(form.getAttribute('aria-busy')).toBe('true');
  });

  test('typed text, a submit or focus in the page count as an interaction', () => {
    preRenderedPage();
    expect(interactedBeforeApp({ typed: 'ho', searchUrl: null })).toBe(true);
    expect(interactedBeforeApp({ typed: '', searchUrl: new URL('http://localhost/?q=x') })).toBe(
      true,
    );
    document.querySelector('input')?.focus();
    expect(interactedBeforeApp({ typed: '', searchUrl: null })).toBe(true);
  });
});
