import { describe, expect, it } from 'vitest';
import { fixtureText } from './fixture-text.ts';
import { parseTranscript, transcriptFileName, type TranscriptReading } from './detect.ts';

function formatOf(reading: TranscriptReading): string {
  return reading.kind === 'words' ? reading.transcript.format : reading.kind;
}

describe('parseTranscript', () => {
  it('detects every format by content, whatever the extension says', () => {
    expect(formatOf(parseTranscript('1.json', fixtureText('whisper.json')))).toBe('whisper');
    expect(formatOf(parseTranscript('1.json', fixtureText('whisper-wrapped.json')))).toBe(
      'whisper',
    );
    expect(formatOf(parseTranscript('1.json', fixtureText('whisperx.json')))).toBe('whisperx');
    expect(formatOf(parseTranscript('1.json', fixtureText('whisper-cpp.json')))).toBe(
      'whisper-cpp',
    );
    expect(formatOf(parseTranscript('1.json', fixtureText('podcast.json')))).toBe('podcast-json');
    expect(formatOf(parseTranscript('1.srt', fixtureText('cues.vtt')))).toBe('webvtt');
    expect(formatOf(parseTranscript('1.vtt', fixtureText('cues.srt')))).toBe('srt');
    expect(formatOf(parseTranscript('1.txt', fixtureText('cues.srt')))).toBe('srt');
  });

  it('reports a segment-less Whisper page as having no words instead of failing', () => {
    const reading = parseTranscript('53.json', fixtureText('whisper-no-segments.json'));
    expect(reading).toEqual({
      kind: 'no-words',
      reason: 'Whisper JSON without "segments" (no timed words)',
    });
  });

  it('rejects empty files, unknown JSON and unknown text, naming the file', () => {
    expect(() => parseTranscript('/t/1.json', '  \n')).toThrow(
      /1\.json: the transcript file is empty/,
    );
    expect(() => parseTranscript('/t/2.json', '{"hello": "world"}')).toThrow(
      /2\.json: not a recognised transcript format/,
    );
    expect(() => parseTranscript('/t/3.json', '[1, 2]')).toThrow(
      /3\.json: a JSON transcript must be an object/,
    );
    expect(() => parseTranscript('/t/4.srt', 'just some words')).toThrow(
      /4\.srt: not a recognised transcript format/,
    );
  });

  it('rejects broken JSON with the line and column', () => {
    expect(() => parseTranscript('/t/5.json', '{\n  "segments": []\n  "x": 1\n}')).toThrow(
      /5\.json:3:3: not valid JSON \(Expected ',' or '}' after property value\)/,
    );
    expect(() => parseTranscript('/t/6.json', '{"segments": [,]}')).toThrow(
      /6\.json: not valid JSON \(Unexpected token/,
    );
  });
});

describe('transcriptFileName', () => {
  it('splits the episode number from the extension, including compressed files', () => {
    expect(transcriptFileName('/x/14.5.json')).toEqual({ stem: '14.5', extension: 'json' });
    expect(transcriptFileName('10.0.VTT')).toEqual({ stem: '10.0', extension: 'vtt' });
    expect(transcriptFileName('7.json.br')).toEqual({ stem: '7', extension: 'json' });
    expect(transcriptFileName('notes.txt')).toBeUndefined();
  });
});
