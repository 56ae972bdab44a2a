/**
 * What a visitor does on a pre-rendered page before the app has taken it over (issue 27, item
 * 4). The page's HTML carries a small inline script (this text, allowed by its hash in the
 * CSP) that runs before the first paint. A search submitted then does not reload the page: the
 * script keeps the form's request as an address and marks the form busy, and the app, once
 * its script has run, goes to that address without a reload and searches as soon as the
 * engine is ready. Without JavaScript the form is a plain GET, as before (decision 0013).
 *
 * If the app never takes over (its script failed to load), the script submits the form the
 * plain way after `EARLY_SEARCH_FALLBACK_MS`, so a submit is never lost.
 */
import { PAGE_DATA_ID } from './prerendered-page.ts';

/** On `<html>`: the app's script has run and handles the search form itself. */
export const APP_STARTED_ATTRIBUTE = 'data-app';

/** On the search form: the address a submit before the app asked for (as a GET would). */
export const EARLY_SEARCH_ATTRIBUTE = 'data-early-search';

/** A `<meta>` in the page's head naming the engine's worker script and its wasm (space-separated URLs, the worker first). */
export const ENGINE_WORKER_META = 'trawl-engine';

/**
 * The window property where the early script leaves the engine worker it started, for the app
 * to adopt: `{ worker, url, error }`, `error` the message of an `error` event before then.
 */
export const EARLY_ENGINE_PROPERTY = '__trawlEarlyEngine';

/**
 * On the engine's `<meta>`: `parse` starts the worker (its script and wasm downloaded and
 * compiled) once a pre-rendered page is parsed, not at the first interaction; the database is
 * still opened only at the interaction. Set by a build with `TRAWL_ENGINE_START=parse`
 * (vite-engine-switch.ts, decision 0080); absent, the worker waits for the interaction.
 */
export const ENGINE_START_ATTRIBUTE = 'data-start';

/** On `<html>`: the visitor interacted before the app (the early script started the engine). */
export const ENGINE_WANTED_ATTRIBUTE = 'data-engine';

/** The events that count as the visitor's first interaction, which starts the engine. */
export const ENGINE_INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/** How long a submit waits for the app before the form is submitted the plain way. */
export const EARLY_SEARCH_FALLBACK_MS = 20_000;

/**
 * The inline script's text, exactly as the page carries it (its SHA-256 is in the CSP). Plain
 * ES5 with no dependency, so any browser runs it at once: it listens on the document, so the
 * form need not exist yet.
 */
export const EARLY_SEARCH_SCRIPT =
  `document.addEventListener('submit',function(e){` +
  `var f=e.target,h=document.documentElement;` +
  `if(h.hasAttribute('${APP_STARTED_ATTRIBUTE}')||!(f instanceof HTMLFormElement)||f.getAttribute('role')!=='search')return;` +
  `e.preventDefault();` +
  `var q=new URLSearchParams();new FormData(f).forEach(function(v,k){if(typeof v==='string')q.append(k,v)});` +
  `var u=new URL(f.action,location.href);u.search=q.toString();u.hash='';` +
  `f.setAttribute('${EARLY_SEARCH_ATTRIBUTE}',u.href);f.setAttribute('aria-busy','true');` +
  `setTimeout(function(){if(!h.hasAttribute('${APP_STARTED_ATTRIBUTE}'))f.submit()},${EARLY_SEARCH_FALLBACK_MS})` +
  `},true);` +
  // The engine (decisions 0040, 0054, 0081): its worker is started once the page is parsed
  // where the engine's meta asks for it (`data-start="parse"`, the default build) and when the
  // page will need the database at once (an address with a query, or a page that was not
  // pre-rendered); else at the visitor's first interaction while the app's script has not yet
  // run (after, the app starts it itself). Started here, the worker fetches and compiles the
  // wasm while the app's script downloads, runs and hydrates; the app adopts it
  // (engine-client.ts). An error before then is kept for the app to report.
  // `go(1)` is an interaction (or a page that needs the database at once): the app is told, and
  // opens the database; `go(0)` starts the worker alone, where the meta asks for it at the parse.
  `(function(d){var s=0;function go(n){var h=d.documentElement,m=d.querySelector('meta[name="${ENGINE_WORKER_META}"]');if(h.hasAttribute('${APP_STARTED_ATTRIBUTE}'))return;if(n)h.setAttribute('${ENGINE_WANTED_ATTRIBUTE}','');if(s)return;s=1;if(!m)return;` +
  // The wasm (and the worker's script) are prefetched from the page at once: the worker's
  // thread asks for its script, then the wasm, only once it has started and run its script.
  `var f=(m.getAttribute('content')||'').split(' ');f.forEach(function(u){if(!u)return;var l=d.createElement('link');l.rel='prefetch';l.href=u;d.head.appendChild(l)});` +
  `try{var u=new URL(f[0],location.href).href,w=new Worker(u,{type:'module',name:'trawl-sqlite'}),e={worker:w,url:u,error:null};` +
  `w.addEventListener('error',function(v){v.preventDefault();if(e.error===null)e.error=v.message||''});window.${EARLY_ENGINE_PROPERTY}=e}catch(x){}}` +
  `${JSON.stringify(ENGINE_INTERACTIONS)}.forEach(function(t){d.addEventListener(t,function(){go(1)},{capture:true,passive:true})});` +
  `d.addEventListener('readystatechange',function(){var m=d.querySelector('meta[name="${ENGINE_WORKER_META}"]');` +
  // A browser set to save data (Save-Data) downloads the engine only at the interaction.
  `if(location.search||!d.getElementById('${PAGE_DATA_ID}'))go(1);else if(m&&m.getAttribute('${ENGINE_START_ATTRIBUTE}')==='parse'&&!(navigator.connection&&navigator.connection.saveData))go(0)})})(document);`;
