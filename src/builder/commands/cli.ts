import { defineCommand, runMain } from 'citty';
import { buildCommand } from './build-command.ts';
import { bundleCommand } from './bundle-command.ts';
import { checkHostCommand } from './check-host-command.ts';
import { initCommand } from './init-command.ts';
import { serveCommand } from './serve-command.ts';

// The `trawl` command table. Commands only orchestrate; pure modules do the work.
// To add a command: import it and add one entry to subCommands.
const main = defineCommand({
  meta: {
    name: 'trawl',
    version: '0.1.0',
    description: "Build and serve a searchable site of a podcast's episodes and transcripts",
  },
  subCommands: {
    init: initCommand,
    build: buildCommand,
    serve: serveCommand,
    bundle: bundleCommand,
    'check-host': checkHostCommand,
  },
});

await runMain(main);
