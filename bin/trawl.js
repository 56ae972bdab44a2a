#!/usr/bin/env node
// The `trawl` command. The CLI is TypeScript; tsx compiles it on the fly so a checkout
// runs it without a build step (`npx trawl …`).
import { register } from 'tsx/esm/api';

// The pages are rendered with React, which picks its build by NODE_ENV when first imported:
// the development build checks every element and renders several times slower.
process.env.NODE_ENV ??= 'production';
register();
await import('../src/builder/commands/cli.ts');
