import { defineCommand } from 'citty';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { dbConfigSchema } from '../../core/site-config.ts';
import { InputError, isInputError } from '../errors.ts';
import { DEFAULT_SERVE_PORT } from '../init.ts';
import { servedPagePolicy } from '../publish/media-origins.ts';
import { readLatest } from '../publish/publish.ts';
import { printReport, servedReportPath } from '../serve/error-reports.ts';
import { startServer } from '../serve/serve.ts';
import { siteMounts } from '../serve/site-mounts.ts';

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}

/** The title of the version latest.json names, checking the folder is a built database. */
async function builtTitle(dbDir: string): Promise<string> {
  const latest = await readLatest(dbDir);
  if (!latest)
    throw new InputError(
      { file: join(dbDir, 'latest.json') },
      'missing or invalid: build a database first with `trawl build <folder> --out <dir>`',
    );
  const configFile = join(dbDir, latest.latest, 'config.json');
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(configFile, 'utf8'));
  } catch {
    throw new InputError({ file: configFile }, 'missing or not JSON: rebuild the database');
  }
  const config = dbConfigSchema.safeParse(raw);
  if (!config.success)
    throw new InputError({ file: configFile }, 'not a valid database config: rebuild the database');
  return config.data.site.title;
}

/** `trawl serve`: previews the site against any built database folder. */
export const serveCommand = defineCommand({
  meta: { name: 'serve', description: 'Serve the site locally against a built database folder' },
  args: {
    db: {
      type: 'string',
      required: true,
      description: 'Database output folder of `trawl build` (holds latest.json)',
      valueHint: 'dir',
    },
    site: {
      type: 'string',
      default: 'dist/site',
      description: 'Built site folder (npm run build:site)',
      valueHint: 'dir',
    },
    media: {
      type: 'string',
      description: 'Media folder with audio/, images/, hosts/ (e.g. <podcast>/media)',
      valueHint: 'dir',
    },
    port: {
      type: 'string',
      default: String(DEFAULT_SERVE_PORT),
      description: 'Port on 127.0.0.1; 0 picks any free port',
      valueHint: 'n',
    },
  },
  async run({ args }) {
    try {
      const dbDir = resolve(args.db);
      const siteDir = resolve(args.site);
      if (!/^\d+$/.test(args.port) || Number(args.port) > 65535)
        throw new InputError({ file: '--port' }, `"${args.port}" is not a port number`);
      const title = await builtTitle(dbDir);
      if (!(await isFile(join(siteDir, 'index.html')))) {
        throw new InputError(
          { file: siteDir },
          'no index.html: build the site first (npm run build:site) or pass --site <dir>',
        );
      }
      const mediaDir = args.media === undefined ? undefined : resolve(args.media);
      if (mediaDir !== undefined && !(await stat(mediaDir).catch(() => undefined))?.isDirectory()) {
        throw new InputError({ file: mediaDir }, 'is not a folder (given with --media)');
      }
      const server = await startServer({
        mounts: siteMounts({ dbDir, siteDir, mediaDir }),
        port: Number(args.port),
        pagePolicy: servedPagePolicy(dbDir),
        errorReports: { path: servedReportPath(dbDir), onReport: printReport },
      }).catch((error: unknown) => {
        if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
          throw new InputError(
            { file: '--port' },
            `port ${args.port} is already in use: stop what uses it, or pass --port <n> (--port 0 picks a free one)`,
          );
        }
        throw error;
      });
      console.log(`Serving ${title} at ${server.url}`);
      const stop = (): void => {
        // A signal handler cannot be awaited: close, then exit, 1 if closing failed.
        void server.close().then(
          () => process.exit(0),
          (error: unknown) => {
            console.error(`trawl serve: ${error instanceof Error ? error.message : String(error)}`);
            process.exit(1);
          },
        );
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    } catch (error) {
      if (!isInputError(error)) throw error;
      console.error(`trawl serve failed: ${error.message}`);
      process.exitCode = 1;
    }
  },
});
