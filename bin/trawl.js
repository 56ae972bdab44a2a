#!/usr/bin/env node
// The `trawl` command. The CLI is TypeScript; tsx compiles it on the fly so a checkout
// runs it without a build step (`npx trawl …`).
import { register } from 'tsx/esm/api';

register();
await import('../src/builder/cli.ts');
