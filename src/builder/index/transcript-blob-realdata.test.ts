import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { toStoredTranscript } from '../../core/transcript-blob.ts';
import { parseTranscript } from '../read/transcripts/detect.ts';
import {
  BLOB_DEFLATE_LEVEL,
  decodeTranscriptBlob,
  encodeTranscriptBlob,
  toTranscriptBlob,
} from './transcript-blob.ts';

// Real transcripts nobody on the project wrote (../shared/realdata/README.md), never copied
// into the repository: this test skips when the folder is absent.
const REALDATA = resolve(import.meta.dirname, '../../../../shared/realdata');
const present = existsSync(REALDATA);

/** A few transcripts of every kind there: German Whisper JSON, WhisperX, Chinese SRT, Whisper. */
function samples(): string[] {
  const pick = (folder: string, ending: string, count: number): string[] =>
    readdirSync(join(REALDATA, folder))
      .filter((name) => name.endsWith(ending))
      .sort()
      .slice(0, count)
      .map((name) => join(REALDATA, folder, name));
  return [
    ...pick('de-futurehistories', '.json', 2),
    ...pick('tgn-samples', '.json', 4),
    ...pick('zh-pie', '.srt', 2),
    ...pick('yonearth', '.json.br', 2),
  ];
}

describe.skipIf(!present)('transcripts.data version 3 on real transcripts (decision 0056)', () => {
  it('reads back every word, time, confidence and speaker, and is smaller than version 2', async () => {
    let before = 0;
    let after = 0;
    for (const file of samples()) {
      const bytes = await readFile(file);
      const text = file.endsWith('.br')
        ? brotliDecompressSync(bytes).toString('utf8')
        : bytes.toString('utf8');
      const reading = parseTranscript(file.replace(/\.br$/, ''), text);
      if (reading.kind !== 'words') continue;
      const blob = toTranscriptBlob(reading.transcript);
      const stored = encodeTranscriptBlob(blob);
      expect({ file, blob: decodeTranscriptBlob(stored) }).toEqual({ file, blob });
      before += deflateRawSync(JSON.stringify(toStoredTranscript(blob)), {
        level: BLOB_DEFLATE_LEVEL,
      }).length;
      after += stored.length;
    }
    expect(before).toBeGreaterThan(0);
    // Measured: 85 % of version 2 over every German, WhisperX, Chinese and Whisper sample.
    expect(after / before).toBeLessThan(0.9);
  });
});
