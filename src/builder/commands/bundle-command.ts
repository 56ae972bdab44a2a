import { defineCommand } from 'citty';
import { bundle } from '../deploy/bundle.ts';
import { BundleError, describeFileSystemError } from '../errors.ts';

/** The `trawl bundle` command for the CLI's command table. */
export const bundleCommand = defineCommand({
  meta: {
    name: 'bundle',
    description:
      'Make one deployable folder: the site and its pre-rendered pages, the current database version, media and host configs',
  },
  args: {
    db: {
      type: 'string',
      required: true,
      description: 'database output folder of trawl build (holds latest.json)',
    },
    out: { type: 'string', required: true, description: 'bundle folder to write' },
    'base-path': {
      type: 'string',
      default: '/',
      description: 'URL path the site is served under, e.g. /podcast/',
    },
    'media-base': {
      type: 'string',
      description: 'URL of a media host; written into the copied config.json, media not copied',
    },
    media: {
      type: 'string',
      description: 'folder of media (audio/, images/, hosts/) to copy into the site',
    },
    site: {
      type: 'string',
      description:
        'an already built site for the same base path (skips the Vite build); its server entry (../server) renders the pages when they must be rendered again',
    },
    keep: {
      type: 'string',
      default: '1',
      valueHint: 'n',
      description: 'older versions from --db to include for pages still open during a deploy',
    },
  },
  async run({ args }) {
    try {
      await bundle({
        db: args.db,
        out: args.out,
        basePath: args['base-path'],
        mediaBase: args['media-base'],
        media: args.media,
        site: args.site,
        keep: /^\d+$/.test(args.keep) ? Number(args.keep) : Number.NaN,
        log: (line) => console.log(line),
      });
    } catch (error) {
      const message = error instanceof BundleError ? error.message : describeFileSystemError(error);
      if (message === undefined) throw error;
      console.error(`trawl bundle: ${message}`);
      process.exitCode = 1;
    }
  },
});
