#!/usr/bin/env node
// The `trawl` command. The CLI is TypeScript; tsx compiles it on the fly so a checkout
// runs it without a build step (`npx trawl …`).
import { register } from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';

// The pages are rendered with React, which picks its build by NODE_ENV when first imported:
// the development build checks every element and renders several times slower.
process.env.NODE_ENV ??= 'production';
// Test runs start the CLI hundreds of times: they bundle it once (scripts/cli-bundle.ts)
// and name the bundle here, which skips compiling the sources on every start.
const bundle = process.env.TRAWL_CLI_BUNDLE;
if (bundle) {
  await import(pathToFileURL(bundle).href);
} else {
  register();
  await import('../src/builder/commands/cli.ts');
}
