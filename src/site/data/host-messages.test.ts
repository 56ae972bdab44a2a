import { describe, expect, it } from 'vitest';
import { DatabaseError, classifyDatabaseError, toDatabaseError } from './database-errors.ts';
import { badResponseMessage, fileName } from './host-messages.ts';
import { BAD_RESPONSE_MARKER } from './http-pages.ts';

const report = (value: unknown): string => `${BAD_RESPONSE_MARKER}${JSON.stringify(value)}`;

describe('badResponseMessage', () => {
  it("turns the worker's report into the host message, naming the file", () => {
    const message = report({
      url: 'http://127.0.0.1/db/v1-abc/db.sqlite3.004',
      problem: 'status',
      expected: '206',
      got: '204',
    });
    expect(badResponseMessage(`Error: ${message}`)).toBe(
      "This site's host answered a range request for v1-abc/db.sqlite3.004 with HTTP 204 instead of 206, so the database cannot be read.",
    );
    const failure = toDatabaseError(new Error(message));
    expect(failure).toBeInstanceOf(DatabaseError);
    expect(failure.kind).toBe('host');
    expect(classifyDatabaseError(new Error(message))).toBe('host');
  });

  it('leaves other messages and unreadable reports alone', () => {
    expect(badResponseMessage("Couldn't load x. Status: 500")).toBeNull();
    expect(badResponseMessage(`${BAD_RESPONSE_MARKER}{not json`)).toBeNull();
    expect(
      badResponseMessage(report({ url: 'x', problem: 'other', expected: '', got: '' })),
    ).toBeNull();
    expect(badResponseMessage(report(['whole-file']))).toBeNull();
    expect(classifyDatabaseError(new Error(`${BAD_RESPONSE_MARKER}{`))).toBe('query');
  });

  it('names a file by its version folder and name, or as given when it is not a URL', () => {
    expect(fileName('https://h/sub/db/v1-abc/db.sqlite3.000')).toBe('v1-abc/db.sqlite3.000');
    expect(fileName('not a url')).toBe('not a url');
  });
});
