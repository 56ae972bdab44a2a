/** The site's transcript files (src/core/transcript-files.ts) read back by the builder's own parsers. */
import { describe, expect, it } from 'vitest';
import { parseSrt } from './srt.ts';
import { parseWebVtt } from './webvtt.ts';
import type { TranscriptBlob } from '../../../core/db-schema.ts';
import {
  transcriptCues,
  transcriptToSrt,
  transcriptToText,
  transcriptToWebVtt,
} from '../../../core/transcript-files.ts';
import { buildTranscriptModel } from '../../../core/transcript-model.ts';

const options = { timestampEvery: 200, lowConfidence: 0.5 };

/** Anna says a sentence, Ben answers with two, with a '<' and '&' to escape. */
function conversation(): TranscriptBlob {
  const words = ['Hello', 'there', 'friend.', 'Fish', '&', 'chips?', 'Yes', '<please>.'];
  return {
    v: 1,
    words,
    start: words.map((_, i) => i * 100),
    end: words.map((_, i) => i * 100 + 80),
    prob: words.map(() => 95),
    speaker: [0, 0, 0, 1, 1, 1, 1, 1],
    speakerNames: ['Anna', 'Ben'],
  };
}

describe('transcript files', () => {
  const model = buildTranscriptModel(conversation(), options);

  it('cuts cues at sentences and speakers', () => {
    expect(transcriptCues(model)).toEqual([
      { start: 0, end: 2.8, speaker: 'Anna', text: 'Hello there friend.' },
      { start: 3, end: 5.8, speaker: 'Ben', text: 'Fish & chips?' },
      { start: 6, end: 7.8, speaker: 'Ben', text: 'Yes <please>.' },
    ]);
  });

  it('writes WebVTT with voices and escaped text, which a WebVTT reader reads back', () => {
    const vtt = transcriptToWebVtt(model);
    expect(vtt).toBe(
      'WEBVTT\n\n' +
        '00:00:00.000 --> 00:00:02.800\n<v Anna>Hello there friend.\n\n' +
        '00:00:03.000 --> 00:00:05.800\n<v Ben>Fish &amp; chips?\n\n' +
        '00:00:06.000 --> 00:00:07.800\n<v Ben>Yes &lt;please&gt;.\n',
    );
    const parsed = parseWebVtt('episode.vtt', vtt);
    expect(parsed.words).toEqual(conversation().words);
    expect(parsed.speaker.map((index) => parsed.speakerNames[index])).toEqual([
      'Anna',
      'Anna',
      'Anna',
      'Ben',
      'Ben',
      'Ben',
      'Ben',
      'Ben',
    ]);
  });

  it('writes numbered SRT that an SRT reader reads back', () => {
    const srt = transcriptToSrt(model);
    expect(srt.split('\n').slice(0, 4)).toEqual([
      '1',
      '00:00:00,000 --> 00:00:02,800',
      'Anna: Hello there friend.',
      '',
    ]);
    const parsed = parseSrt('episode.srt', srt);
    // SRT has no voices: the speaker's name is text, as subtitles show it.
    expect(parsed.words.join(' ')).toBe(
      'Anna: Hello there friend. Ben: Fish & chips? Ben: Yes ‹please›.',
    );
  });

  it('writes plain text a paragraph per speaker', () => {
    expect(transcriptToText(model)).toBe(
      'Anna: Hello there friend.\n\nBen: Fish & chips? Yes <please>.\n',
    );
  });

  it('never lets a cue overlap the next, and a word with a line break stays on its cue', () => {
    const blob: TranscriptBlob = {
      v: 1,
      words: ['one.', 'two\n-->\nthree.'],
      start: [0, 100],
      end: [150, 200],
      prob: [95, 95],
    };
    const unspeakered = buildTranscriptModel(blob, options);
    const vtt = transcriptToWebVtt(unspeakered);
    expect(vtt).toContain('00:00:00.000 --> 00:00:01.000\none.');
    expect(vtt).toContain('\ntwo --&gt; three.\n');
    expect(parseWebVtt('x.vtt', vtt).words).toEqual(['one.', 'two', '-->', 'three.']);
  });
});
