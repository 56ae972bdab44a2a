import { defineCommand, runMain } from 'citty';
import { buildCommand } from './build-command.ts';
import { bundleCommand } from './bundle-command.ts';
import { checkHostCommand } from './check-host-command.ts';
import { initCommand } from './init-command.ts';
import { serveCommand } from './serve-command.ts';
import { findUnknownFlags, isFlagDefinitions, unknownFlagsMessage } from './unknown-flags.ts';

// The `trawl` command table. Commands only orchestrate; pure modules do the work.
// To add a command: import it and add one entry to subCommands.
const COMMANDS = {
  init: initCommand,
  build: buildCommand,
  serve: serveCommand,
  bundle: bundleCommand,
  'check-host': checkHostCommand,
};

const isCommandName = (name: string | undefined): name is keyof typeof COMMANDS =>
  name !== undefined && Object.hasOwn(COMMANDS, name);

const main = defineCommand({
  meta: {
    name: 'trawl',
    version: '0.1.0',
    description: "Build and serve a searchable site of a podcast's episodes and transcripts",
  },
  subCommands: COMMANDS,
});

// A flag the command does not take is a mistake to name, not a value to ignore.
const [name, ...rest] = process.argv.slice(2);
if (isCommandName(name)) {
  const definitions: unknown = COMMANDS[name].args;
  const unknown = isFlagDefinitions(definitions) ? findUnknownFlags(rest, definitions) : [];
  if (unknown.length > 0) {
    console.error(unknownFlagsMessage(name, unknown));
    process.exit(2);
  }
}
await runMain(main);
