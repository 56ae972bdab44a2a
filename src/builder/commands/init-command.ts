import { defineCommand } from 'citty';
import { isInputError } from '../errors.ts';
import { initPodcast } from '../init.ts';

/** `trawl init`: scaffolds a podcast folder and prints the next commands. */
export const initCommand = defineCommand({
  meta: {
    name: 'init',
    description:
      'Make a podcast folder: trawl.config.json, presenters.json, speakers.json and transcripts/ (from a feed, if given)',
  },
  args: {
    dir: { type: 'positional', required: true, description: 'The podcast folder to create' },
    feed: {
      type: 'string',
      description:
        'Your RSS feed: a file (copied to feed.xml) or an http(s) URL (written to trawl.config.json, so each build downloads it); read for the title and people',
      valueHint: 'file|url',
    },
  },
  async run({ args }) {
    try {
      const result = await initPodcast({ dir: args.dir, feed: args.feed });
      console.log(`Made ${result.dir}:`);
      for (const file of result.written) console.log(`  ${file}`);
      for (const note of result.notes) console.log(`Note: ${note}`);
      console.log('Next:');
      for (const command of result.nextCommands) console.log(`  ${command}`);
    } catch (error) {
      if (!isInputError(error)) throw error;
      console.error(`trawl init failed: ${error.message}`);
      process.exitCode = 1;
    }
  },
});
