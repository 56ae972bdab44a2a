import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The pages read a real SQLite database (src/site/data/test-support): on a machine busy with
// another test file and its child processes, an answer can take longer than Testing
// Library's default second. A find* waits for its element up to this long.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
