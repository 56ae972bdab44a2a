/**
 * The site a bundle ships: built by Vite for the bundle's base path (the client, and the server
 * entry that renders its pages), or a site already built, copied after a check of its base path.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { copyContained } from '../contained-path.ts';
import { BundleError } from '../errors.ts';
import { PACKAGE_ROOT } from '../package-root.ts';
import { loadSiteBuild, type SiteBuild } from '../publish/prerender.ts';

/** True when index.html loads its assets from `basePath` (Vite writes absolute URLs). */
export function builtForBase(indexHtml: string, basePath: string): boolean {
  return indexHtml.includes(`"${basePath}assets/`);
}

/** Links that dangle or lead out of a folder: a bundle never copies what they point to. */
export function outsideError(dir: string, refused: string[]): BundleError {
  return new BundleError(
    `${dir}: ${refused.map((path) => join(dir, path)).join(', ')}: links that dangle, loop or lead outside ${dir}; replace them with the files`,
  );
}

/**
 * Builds the client (`<work>/site`) and the server entry (`<work>/server`) for `basePath`.
 * The work folder is inside the checkout, so the server entry finds the packages it imports.
 */
async function buildBoth(basePath: string, work: string): Promise<void> {
  const { build } = await import('vite');
  const common = { configFile: join(PACKAGE_ROOT, 'vite.config.ts'), base: basePath } as const;
  await build({
    ...common,
    logLevel: 'warn',
    build: { outDir: join(work, 'site'), emptyOutDir: true },
  });
  await build({
    ...common,
    logLevel: 'warn',
    build: { ssr: true, outDir: join(work, 'server'), emptyOutDir: true },
  });
}

async function checkBuiltSite(siteDir: string, basePath: string): Promise<void> {
  const indexPath = join(siteDir, 'index.html');
  const html = await readFile(indexPath, 'utf8').catch(() => {
    throw new BundleError(`${indexPath}: missing (--site must be the output of vite build)`);
  });
  if (!builtForBase(html, basePath)) {
    throw new BundleError(
      `${indexPath}: not built for base path ${basePath}; leave --site out to build it, or build with TRAWL_BASE_PATH=${basePath} npm run build:site`,
    );
  }
}

/**
 * Puts the site for `basePath` into `outDir`: the one at `site` (checked, then copied), or a
 * fresh Vite build. Returns its build (template and server entry) when it has a server entry.
 */
export async function placeSite(
  site: string | undefined,
  basePath: string,
  outDir: string,
  log: (line: string) => void,
): Promise<SiteBuild | undefined> {
  if (site !== undefined) {
    await checkBuiltSite(site, basePath);
    const { refused } = await copyContained(site, outDir);
    if (refused.length > 0) throw outsideError(site, refused);
    return loadSiteBuild(site);
  }
  log(`Building the site for base path ${basePath}…`);
  await mkdir(join(PACKAGE_ROOT, '.trawl'), { recursive: true });
  const work = join(PACKAGE_ROOT, '.trawl', `bundle-site-${randomBytes(4).toString('hex')}`);
  try {
    await buildBoth(basePath, work);
    const built = await loadSiteBuild(join(work, 'site'));
    if (built === undefined) throw new Error(`${work}: Vite built no site and server entry`);
    const { refused } = await copyContained(join(work, 'site'), outDir);
    if (refused.length > 0) throw outsideError(work, refused);
    return built;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
