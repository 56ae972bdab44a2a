import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { NO_SPEAKER_MAP, parseSpeakerMap, SpeakerResolver } from './speakers.ts';
import { WarningCollector } from '../warnings.ts';
import { readTranscriptFile } from './transcripts/detect.ts';
import { parseWhisper } from './transcripts/whisper.ts';
import type { ParsedTranscript } from './transcripts/word-collector.ts';

// Speakers in the real samples (../shared/realdata/README.md); skipped when the folder is absent.
const REALDATA = resolve(import.meta.dirname, '..', '..', '..', '../shared/realdata');
const present = existsSync(REALDATA);

async function words(file: string): Promise<ParsedTranscript> {
  const reading = await readTranscriptFile(file);
  if (reading.kind !== 'words') throw new Error(`${file}: no words`);
  return reading.transcript;
}

describe.skipIf(!present)('speakers in the real samples', () => {
  it('WhisperX (tgn-samples): SPEAKER_nn per word, a word without one takes its segment’s', async () => {
    const file = join(REALDATA, 'tgn-samples', '14.5.json');
    const transcript = await words(file);
    expect(transcript.speakerNames).toEqual(expect.arrayContaining(['SPEAKER_00', 'SPEAKER_01']));
    const json = JSON.parse(await readFile(file, 'utf8')) as {
      response: { segments: { speaker?: string | null; words: { speaker?: string | null }[] }[] };
    };
    // Every word whose own speaker is missing but whose segment has one got the segment's.
    let index = 0;
    let inherited = 0;
    for (const segment of json.response.segments) {
      for (const word of segment.words) {
        const label = transcript.speakerNames[transcript.speaker[index] ?? -1];
        if (word.speaker) expect(label).toBe(word.speaker);
        else if (segment.speaker) {
          expect(label).toBe(segment.speaker);
          inherited += 1;
        }
        index += 1;
      }
    }
    expect(index).toBe(transcript.words.length);
    const resolved = new SpeakerResolver(NO_SPEAKER_MAP, []).resolve(
      '14.5',
      transcript.speakerNames,
      transcript.speaker,
    );
    expect(resolved.names.slice(0, 2)).toEqual(['Speaker 1', 'Speaker 2']);
    expect(resolved.ids.slice(0, 2)).toEqual([-1, -2]);
    expect(inherited).toBeGreaterThanOrEqual(0);
  });

  it('WhisperX labels map to presenters through speakers.json', async () => {
    const transcript = await words(join(REALDATA, 'tgn-samples', '10.0.json'));
    const presenters = [
      {
        id: 1,
        firstName: 'James',
        middleName: null,
        lastName: 'Stacey',
        qiElf: false,
        guest: false,
        img: null,
      },
    ];
    const map = parseSpeakerMap(
      'speakers.json',
      '{"default": {"SPEAKER_00": 1}, "episodes": {"10": {"SPEAKER_01": "Jason Heaton"}}}',
      presenters,
      new Set(['10']),
      new WarningCollector(),
    );
    const resolved = new SpeakerResolver(map, presenters).resolve(
      '10',
      transcript.speakerNames,
      transcript.speaker,
    );
    expect(resolved.names).toEqual(expect.arrayContaining(['James Stacey', 'Jason Heaton']));
    expect(resolved.presenters[resolved.names.indexOf('James Stacey')]).toBe(1);
    const turns = resolved.speaker.filter((value, i) => i > 0 && value !== resolved.speaker[i - 1]);
    expect(turns.length).toBeGreaterThan(10);
  });

  it('WebVTT voices (talkpython-voices 533): 7 named speakers, one linked to a presenter', async () => {
    const transcript = await words(join(REALDATA, 'talkpython-voices', '533.vtt'));
    expect([...transcript.speakerNames].sort()).toEqual([
      'Carlton Gibson',
      'Cody Fincher',
      'David Lord',
      'Janek Nouvertné',
      'Jeff Triplett',
      'Michael Kennedy',
      'Phil Jones',
    ]);
    // Overlapping cues (37:33.44–39.28, then 37:39.12) are read, not rejected.
    const unvoiced = transcript.speaker.filter((speaker) => speaker < 0).length;
    expect(unvoiced / transcript.words.length).toBeLessThan(0.01);
    const host = {
      id: 1,
      firstName: 'Michael',
      middleName: null,
      lastName: 'Kennedy',
      qiElf: false,
      guest: false,
      img: null,
    };
    const resolved = new SpeakerResolver(NO_SPEAKER_MAP, [host]).resolve(
      '533',
      transcript.speakerNames,
      transcript.speaker,
    );
    expect(resolved.presenters.filter((id) => id !== null)).toEqual([1]);
    expect(resolved.ids).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const voices555 = await words(join(REALDATA, 'talkpython-voices', '555.vtt'));
    expect(voices555.speakerNames).toHaveLength(2);
  });

  it('openai-whisper (yonearth): segment speakers are all null, so no speakers', async () => {
    const bytes = await readFile(join(REALDATA, 'yonearth', 'episode_1.json.br'));
    const transcript = parseWhisper(
      'episode_1.json',
      JSON.parse(brotliDecompressSync(bytes).toString('utf8')),
    );
    expect(transcript.words.length).toBeGreaterThan(1000);
    expect(transcript.speakerNames).toEqual([]);
    expect(transcript.speaker).toEqual([]);
  });
});
