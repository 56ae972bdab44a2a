import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's nginx; installed with apt-get when missing. */
export const NGINX_BIN = process.env.TRAWL_NGINX ?? '/usr/sbin/nginx';

/** Debian's hook that tells package scripts whether to start services (101: do not). */
const POLICY_RC_D = '/usr/sbin/policy-rc.d';

/** Installs Debian's nginx when it is missing (needs root) and returns its path. */
export async function ensureNginx(): Promise<string> {
  if (existsSync(NGINX_BIN)) return NGINX_BIN;
  if (process.getuid?.() !== 0) {
    throw new Error(`${NGINX_BIN} is missing: run 'sudo apt-get install -y nginx' first`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // The tests start nginx themselves: the package must not start a system one on port 80
  // (as scripts/test.sh, which installs it before the tests).
  const policy = existsSync(POLICY_RC_D) ? undefined : POLICY_RC_D;
  if (policy !== undefined) await writeFile(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    await run('apt-get', ['update', '-qq'], { env, maxBuffer: 64 << 20 });
    await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx'], {
      env,
      maxBuffer: 64 << 20,
    });
  } finally {
    if (policy !== undefined) await rm(policy, { force: true });
  }
  if (!existsSync(NGINX_BIN))
    throw new Error(`apt-get installed nginx but ${NGINX_BIN} is missing`);
  return NGINX_BIN;
}

/** A free TCP port on 127.0.0.1 (free when asked; nginx binds it right after). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Points a server block's `listen` directives at one loopback port; the rest of the block is
 * used as written.
 */
export function listenOn(serverBlock: string, port: number): string {
  let replaced = false;
  const text = serverBlock.replace(/^(\s*)listen\s+[^;]+;\n/gm, (_line, indent: string) => {
    if (replaced) return '';
    replaced = true;
    return `${indent}listen 127.0.0.1:${port};\n`;
  });
  if (!replaced) throw new Error('the server block has no listen directive');
  return text;
}

/** A complete nginx.conf around one server block, with every path inside `prefix`. */
export function fullNginxConf(prefix: string, serverBlock: string): string {
  const lines = [
    'daemon off;',
    'worker_processes 1;',
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/error.log warn;`,
  ];
  // Workers drop to "nobody" when started as root; keep them able to read the test folders.
  if (process.getuid?.() === 0) lines.push('user root;');
  lines.push(
    'events { worker_connections 128; }',
    'http {',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    `    access_log ${prefix}/access.log;`,
    '    sendfile on;',
    `    client_body_temp_path ${prefix}/tmp/body;`,
    `    proxy_temp_path ${prefix}/tmp/proxy;`,
    `    fastcgi_temp_path ${prefix}/tmp/fastcgi;`,
    `    uwsgi_temp_path ${prefix}/tmp/uwsgi;`,
    `    scgi_temp_path ${prefix}/tmp/scgi;`,
    serverBlock,
    '}',
    '',
  );
  return lines.join('\n');
}

export interface NginxInstance {
  url: string;
  port: number;
  prefix: string;
  /** Stops nginx (TERM, then KILL) and removes its prefix folder. Safe to call twice. */
  stop: () => Promise<void>;
  errorLog: () => Promise<string>;
}

async function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts nginx in the foreground on a loopback port with a generated nginx.conf around
 * `serverBlock` (whose listen lines are replaced). Validates the config with `nginx -t` first.
 */
export async function startNginx(serverBlock: string): Promise<NginxInstance> {
  const nginx = await ensureNginx();
  const prefix = await mkdtemp(join(tmpdir(), 'trawl-nginx-'));
  await mkdir(join(prefix, 'tmp'), { recursive: true });
  const port = await freePort();
  const confPath = join(prefix, 'nginx.conf');
  await writeFile(confPath, fullNginxConf(prefix, listenOn(serverBlock, port)));
  const args = ['-p', prefix, '-e', join(prefix, 'error.log'), '-c', confPath];
  try {
    await run(nginx, [...args, '-t', '-q']);
  } catch (error) {
    const stderr = error instanceof Error && 'stderr' in error ? String(error.stderr) : '';
    await rm(prefix, { recursive: true, force: true });
    throw new Error(`nginx rejected the generated config:\n${stderr}`, { cause: error });
  }
  const child = spawn(nginx, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  // If the test process dies before afterAll, nginx must not outlive it.
  const killOnExit = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  let stderr = '';
  child.stderr.on('data', (part: Buffer) => {
    stderr += part.toString();
  });
  const errorLog = (): Promise<string> =>
    readFile(join(prefix, 'error.log'), 'utf8').catch(() => '');
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    process.off('exit', killOnExit);
    await stopProcess(child);
    await rm(prefix, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await portAnswers(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = await errorLog();
      await stop();
      throw new Error(`nginx did not start on port ${port}:\n${stderr}\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `http://127.0.0.1:${port}`, port, prefix, stop, errorLog };
}

/**
 * The generated server block made deliberately wrong in two ways: gzip on for everything,
 * database chunks (application/octet-stream) included, and byte ranges switched off.
 * check-host must report both.
 */
export function misconfigure(serverBlock: string): string {
  const text = serverBlock
    .replace(/gzip off;/g, 'gzip on;')
    .replace(/gzip_types [^;]+;/, 'gzip_types *;')
    .replace(/gzip_min_length \d+;/, 'gzip_min_length 1;')
    .replace(/(server_tokens off;\n)/, '$1    max_ranges 0;\n');
  if (!text.includes('max_ranges 0;') || !text.includes('gzip_types *;')) {
    throw new Error('the server block no longer has the lines misconfigure() changes');
  }
  return text;
}
