import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Path of a transcript fixture. */
export function fixturePath(name: string): string {
  return join(import.meta.dirname, 'fixtures', name);
}

/** Text of a transcript fixture. */
export function fixtureText(name: string): string {
  return readFileSync(fixturePath(name), 'utf8');
}

/** A transcript fixture parsed as JSON. */
export function fixtureJson(name: string): unknown {
  return JSON.parse(fixtureText(name));
}
