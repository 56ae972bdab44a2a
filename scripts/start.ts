import { resolve } from 'node:path';
import { build as buildSite } from 'vite';
import { buildWithCli, DEMO_FOLDER, DEMO_MEDIA, REPO_ROOT, serveSite } from './demo-site.ts';

// `npm start`: builds the production site, then the demo podcast's database with its
// pre-rendered pages, and serves both on 127.0.0.1 (PORT, default 8080, or the next free port) until interrupted.
const dbDir = resolve(REPO_ROOT, '.trawl/demo-db');

console.log('Building the site…');
const configFile = resolve(REPO_ROOT, 'vite.config.ts');
await buildSite({ configFile, logLevel: 'warn' });
// The server entry `trawl build` pre-renders the pages with (dist/server).
await buildSite({ configFile, logLevel: 'warn', build: { ssr: true } });
console.log('Building the demo podcast’s database…');
await buildWithCli(DEMO_FOLDER, dbDir);

const firstPort = Number(process.env.PORT ?? 8080);
let server;
for (let port = firstPort; port < firstPort + 20 && !server; port += 1) {
  server = await serveSite(dbDir, DEMO_MEDIA, { port }).catch((error: unknown) => {
    if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') return undefined;
    throw error;
  });
}
server ??= await serveSite(dbDir, DEMO_MEDIA, { port: 0 });
console.log(`\nTrawl is serving the demo podcast at ${server.url}\nPress Ctrl+C to stop.`);
