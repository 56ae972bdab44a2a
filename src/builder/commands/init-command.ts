import { defineCommand } from 'citty';
import { createInterface } from 'node:readline/promises';
import { siteUrlProblem } from '../../core/site-url.ts';
import { isInputError } from '../errors.ts';
import { initPodcast } from '../init.ts';

/** Tries a person gets at the site address before init goes on without one. */
const PROMPT_TRIES = 3;

/**
 * Asks for the site's public address on a terminal; '' when the person skips it (Enter) or
 * gives no valid one in three tries. Each refusal says what is wrong.
 */
async function askSiteUrl(): Promise<string> {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    for (let attempt = 0; attempt < PROMPT_TRIES; attempt += 1) {
      const answer = (
        await prompt.question(
          "The site's public address, for the sitemap, canonical URLs and link previews (https://…; Enter to skip): ",
        )
      ).trim();
      if (answer === '') return '';
      const problem = siteUrlProblem(answer);
      if (problem === null) return answer;
      console.error(`${JSON.stringify(answer)} ${problem}.`);
    }
    return '';
  } finally {
    prompt.close();
  }
}

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
    'site-url': {
      type: 'string',
      description:
        "The site's public address (http or https), for the sitemap, canonical URLs and og:image; asked on a terminal when not given",
      valueHint: 'url',
    },
  },
  async run({ args }) {
    try {
      const given: unknown = args['site-url'];
      const interactive = process.stdin.isTTY && process.stdout.isTTY;
      let siteUrl: string | undefined;
      if (typeof given === 'string') siteUrl = given;
      else if (interactive) siteUrl = await askSiteUrl();
      const result = await initPodcast({ dir: args.dir, feed: args.feed, siteUrl });
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
