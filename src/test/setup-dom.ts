import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The site's test files share one jsdom per worker (`isolate: false` in vitest.config.ts: a
// new jsdom and a new import of React for each file cost more CPU than the tests). Each file
// still starts as in a new tab: the app's own modules are imported afresh (their module-level
// stores are empty), and the document and storage hold nothing from the file before.
// (Files that run in Node, `@vitest-environment node`, have no document to clear.)
vi.resetModules();
if (typeof document !== 'undefined') {
  localStorage.clear();
  sessionStorage.clear();
  for (const name of document.documentElement.getAttributeNames()) {
    document.documentElement.removeAttribute(name);
  }
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.title = '';
  window.history.replaceState(null, '', '/');
}

// The pages read a real SQLite database (src/site/data/test-support): on a machine busy with
// another test file and its child processes, an answer can take longer than Testing
// Library's default second. A find* waits for its element up to this long.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
