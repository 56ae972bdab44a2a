import { describe, expect, it } from 'vitest';
import { createTexts } from '../../core/messages/message-format.ts';
import { MESSAGES_DE } from '../../core/messages/messages-de.ts';
import {
  DatabaseError,
  hostProblemMessage,
  needsNewWorker,
  toDatabaseError,
} from './database-errors.ts';
import {
  answerProblem,
  displayedFile,
  engineFileError,
  engineFileProblemIn,
  looksLikeWasm,
} from './engine-files.ts';

const WASM = '/assets/sqlite3-k2cTanUO.wasm';
const WORKER = '/assets/sqlite-engine.worker-Q-yhD-hm.js';

describe('an engine file that failed (issue 26, defect 11)', () => {
  it('is told apart by its status, its type, or its first bytes', () => {
    expect(answerProblem(WASM, { status: 404, contentType: 'text/plain' }, 'wasm')).toEqual({
      file: WASM,
      problem: 'status',
      got: '404',
    });
    expect(
      answerProblem(WASM, { status: 200, contentType: 'text/html; charset=utf-8' }, 'wasm'),
    ).toEqual({ file: WASM, problem: 'wrong-type', got: 'text/html' });
    expect(
      answerProblem(WASM, { status: 200, contentType: 'application/wasm' }, 'wasm'),
    ).toBeNull();
    // A host may label the wasm as bytes: its first bytes decide.
    expect(answerProblem(WASM, { status: 200, contentType: null }, 'wasm')).toBeNull();
    expect(looksLikeWasm(new Uint8Array([0, 0x61, 0x73, 0x6d, 1]))).toBe(true);
    expect(looksLikeWasm(new TextEncoder().encode('<!doctype html>'))).toBe(false);
    expect(looksLikeWasm(new Uint8Array(0))).toBe(false);

    expect(answerProblem(WORKER, { status: 500, contentType: 'text/plain' }, 'script')?.got).toBe(
      '500',
    );
    expect(answerProblem(WORKER, { status: 200, contentType: 'text/html' }, 'script')).toEqual({
      file: WORKER,
      problem: 'wrong-type',
      got: 'text/html',
    });
    expect(
      answerProblem(
        WORKER,
        { status: 200, contentType: 'text/javascript; charset=utf-8' },
        'script',
      ),
    ).toBeNull();
  });

  it("names a file on the page's origin by its path, and any other by its URL", () => {
    expect(displayedFile(`http://127.0.0.1:4000${WASM}`, 'http://127.0.0.1:4000')).toBe(WASM);
    expect(displayedFile(`https://cdn.example${WASM}`, 'http://127.0.0.1:4000')).toBe(
      `https://cdn.example${WASM}`,
    );
  });

  it('crosses the worker boundary as a message, and comes back as an engine error', () => {
    const thrown = engineFileError({ file: WASM, problem: 'status', got: '404' });
    // What the page gets: the name and the message, on a new Error.
    const received = new Error(thrown.message);
    received.name = thrown.name;
    expect(engineFileProblemIn(received.message)).toEqual({
      file: WASM,
      problem: 'status',
      got: '404',
    });
    const error = toDatabaseError(received);
    expect(error.kind).toBe('engine');
    expect(needsNewWorker(error)).toBe(true);
    expect(hostProblemMessage(error)).toBe(
      `The search engine's file ${WASM} could not be downloaded (404).`,
    );
    expect(hostProblemMessage(error, createTexts('de', MESSAGES_DE).text)).toBe(
      `Die Datei ${WASM} der Suchmaschine konnte nicht geladen werden (404).`,
    );
  });

  it('reads no problem from other messages, or from a report of the wrong shape', () => {
    expect(engineFileProblemIn('Aborted(CompileError)')).toBeNull();
    expect(engineFileProblemIn('trawl-engine-file {"file":1}')).toBeNull();
    expect(engineFileProblemIn('trawl-engine-file {not json')).toBeNull();
    expect(toDatabaseError(new Error('database disk image is malformed'))).toBeInstanceOf(
      DatabaseError,
    );
    expect(hostProblemMessage(toDatabaseError(new Error('no such table: x')))).toBeNull();
  });

  it('says in every text how the file failed', () => {
    const say = (problem: 'network' | 'wrong-type' | 'start', got: string): string | null =>
      hostProblemMessage(toDatabaseError(engineFileError({ file: WORKER, problem, got })));
    expect(say('network', 'Failed to fetch')).toBe(
      `The search engine's file ${WORKER} could not be downloaded: the connection failed.`,
    );
    expect(say('wrong-type', 'text/html')).toBe(
      `The search engine's file ${WORKER} could not be used: the site's host sent text/html in its place.`,
    );
    expect(say('start', 'SyntaxError')).toBe(
      `The search engine could not start from its file ${WORKER}.`,
    );
  });
});
