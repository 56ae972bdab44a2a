import { describe, expect, it } from 'vitest';
import type { TranscriptBlob } from './db-schema.ts';
import {
  buildTranscriptModel,
  sentenceAtTime,
  transcriptModelSteps,
  wordAtTime,
} from './transcript-model.ts';

/** A blob of `count` words, one per second, a sentence every five words. */
function blobOf(count: number, extra: Partial<TranscriptBlob> = {}): TranscriptBlob {
  const words = Array.from({ length: count }, (_, i) => (i % 5 === 4 ? `w${i}.` : `w${i}`));
  return {
    v: 1,
    words,
    start: words.map((_, i) => i * 100),
    end: words.map((_, i) => i * 100 + 80),
    prob: words.map((_, i) => (i % 7 === 0 ? 30 : 95)),
    ...extra,
  };
}

const options = { timestampEvery: 200, lowConfidence: 0.5 };

describe('buildTranscriptModel', () => {
  it('converts centiseconds and percentages', () => {
    const model = buildTranscriptModel(blobOf(3, { prob: [95, 30, -1] }), options);
    expect(model.words.map((w) => [w.start, w.end, w.probability, w.lowConfidence])).toEqual([
      [0, 0.8, 0.95, false],
      [1, 1.8, 0.3, true],
      [2, 2.8, null, false],
    ]);
    expect(model.duration).toBe(2.8);
  });

  it('puts a timestamp marker before word 0 and every Nth word', () => {
    expect(buildTranscriptModel(blobOf(450), options).markers).toEqual([0, 200, 400]);
    expect(buildTranscriptModel(blobOf(400), options).markers).toEqual([0, 200]);
    expect(buildTranscriptModel(blobOf(25), { ...options, timestampEvery: 10 }).markers).toEqual([
      0, 10, 20,
    ]);
    expect(buildTranscriptModel(blobOf(0), options).markers).toEqual([]);
  });

  it('splits paragraphs at markers and segments at sentence ends', () => {
    const model = buildTranscriptModel(blobOf(12), { ...options, timestampEvery: 10 });
    expect(model.paragraphs).toEqual([
      { start: 0, end: 10, speaker: null, presenter: null, continues: false },
      { start: 10, end: 12, speaker: null, presenter: null, continues: true },
    ]);
    expect(model.segments).toEqual([
      [
        { start: 0, end: 5, sentence: 0, marker: 0 },
        { start: 5, end: 10, sentence: 1, marker: null },
      ],
      [{ start: 10, end: 12, sentence: 2, marker: 10 }],
    ]);
  });

  it('keeps a marker inside a sentence inline, and breaks the paragraph at its end', () => {
    const model = buildTranscriptModel(blobOf(12), { ...options, timestampEvery: 7 });
    expect(model.markers).toEqual([0, 7]);
    expect(model.paragraphs).toEqual([
      { start: 0, end: 10, speaker: null, presenter: null, continues: false },
      { start: 10, end: 12, speaker: null, presenter: null, continues: true },
    ]);
    expect(model.segments).toEqual([
      [
        { start: 0, end: 5, sentence: 0, marker: 0 },
        { start: 5, end: 7, sentence: 1, marker: null },
        { start: 7, end: 10, sentence: 1, marker: 7 },
      ],
      [{ start: 10, end: 12, sentence: 2, marker: null }],
    ]);
  });

  it('never breaks a paragraph inside a sentence', () => {
    const model = buildTranscriptModel(blobOf(2000), options);
    for (const paragraph of model.paragraphs.slice(1)) {
      expect(model.words[paragraph.start - 1]?.text.endsWith('.')).toBe(true);
    }
    expect(model.markers).toEqual([0, 200, 400, 600, 800, 1000, 1200, 1400, 1600, 1800]);
    // The markers still stand before every 200th word.
    const markerWords = model.segments.flat().flatMap((segment) => segment.marker ?? []);
    expect(markerWords).toEqual(model.markers);
  });

  it('keeps a sentence without punctuation in one paragraph, and ends it after 24 words', () => {
    const words = Array.from({ length: 15 }, (_, i) => `w${i}`);
    const model = buildTranscriptModel({ ...blobOf(15), words }, { ...options, timestampEvery: 5 });
    expect(model.paragraphs).toEqual([
      { start: 0, end: 15, speaker: null, presenter: null, continues: false },
    ]);
    expect(model.segments[0]?.map((segment) => segment.marker)).toEqual([0, 5, 10]);
    // A run that never ends is cut at 24 words: the paragraph breaks there, not at a marker.
    const long = Array.from({ length: 30 }, (_, i) => `w${i}`);
    const cut = buildTranscriptModel(
      { ...blobOf(30), words: long },
      { ...options, timestampEvery: 10 },
    );
    expect(cut.paragraphs.map((paragraph) => [paragraph.start, paragraph.end])).toEqual([
      [0, 24],
      [24, 30],
    ]);
  });

  it('starts a paragraph at each change of speaker, and unknown speakers continue it', () => {
    const blob = blobOf(8, {
      speaker: [0, 0, -1, 1, 1, -1, 0, 0],
      speakerNames: ['Anna', 'Ben'],
    });
    const model = buildTranscriptModel(blob, options);
    expect(model.paragraphs).toEqual([
      { start: 0, end: 3, speaker: 'Anna', presenter: null, continues: false },
      { start: 3, end: 6, speaker: 'Ben', presenter: null, continues: false },
      { start: 6, end: 8, speaker: 'Anna', presenter: null, continues: false },
    ]);
    // A sentence that crosses a speaker change is split into one segment per paragraph.
    expect(model.segments[0]).toEqual([{ start: 0, end: 3, sentence: 0, marker: 0 }]);
    expect(model.segments[1]).toEqual([
      { start: 3, end: 5, sentence: 0, marker: null },
      { start: 5, end: 6, sentence: 1, marker: null },
    ]);
  });

  it('names a speaker without a name, and keeps leading unattributed words', () => {
    const model = buildTranscriptModel(blobOf(4, { speaker: [-1, 2, 2, 2] }), options);
    expect(model.paragraphs).toEqual([
      { start: 0, end: 1, speaker: null, presenter: null, continues: false },
      { start: 1, end: 4, speaker: 'Speaker 3', presenter: null, continues: false },
    ]);
  });

  it('is one paragraph when the transcript has no speakers', () => {
    expect(buildTranscriptModel(blobOf(9), options).paragraphs).toEqual([
      { start: 0, end: 9, speaker: null, presenter: null, continues: false },
    ]);
  });

  it('carries a speaker over a marker without a new label', () => {
    const blob = blobOf(12, {
      speaker: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1],
      speakerNames: ['Anna', 'Ben'],
    });
    const model = buildTranscriptModel(blob, { ...options, timestampEvery: 5 });
    expect(model.paragraphs).toEqual([
      { start: 0, end: 5, speaker: 'Anna', presenter: null, continues: false },
      { start: 5, end: 10, speaker: 'Anna', presenter: null, continues: true },
      { start: 10, end: 12, speaker: 'Ben', presenter: null, continues: false },
    ]);
  });
});

describe('speakers and chapters in the model', () => {
  it('heads a paragraph with chapters at their times and names the speaker again after one', () => {
    const blob = blobOf(12, {
      speaker: [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1],
      speakerNames: ['Dora Finch', 'Speaker 1'],
      speakerPresenters: [6, null],
      speakerIds: [3, -1],
      chapters: [
        { title: 'Start', start: 0 },
        // 6.9 s: word 7 starts at 7 s, within the 0.3 s lead.
        { title: 'Middle', start: 690 },
        { title: 'Also middle', start: 700 },
        { title: 'After the end', start: 9000 },
      ],
    });
    const model = buildTranscriptModel(blob, options);
    expect(model.paragraphs).toEqual([
      {
        start: 0,
        end: 7,
        speaker: 'Dora Finch',
        presenter: 6,
        continues: false,
        chapters: [{ title: 'Start', start: 0 }],
      },
      {
        start: 7,
        end: 8,
        speaker: 'Dora Finch',
        presenter: 6,
        continues: false,
        chapters: [
          { title: 'Middle', start: 690 },
          { title: 'Also middle', start: 700 },
        ],
      },
      { start: 8, end: 12, speaker: 'Speaker 1', presenter: null, continues: false },
    ]);
    expect(model.speakerCodes).toEqual([3, 3, 3, 3, 3, 3, 3, 3, -1, -1, -1, -1]);
    expect(model.chapters).toHaveLength(4);
  });

  it('has no codes or chapters for a transcript without them', () => {
    const model = buildTranscriptModel(blobOf(3), options);
    expect(model.speakerCodes).toBeNull();
    expect(model.chapters).toEqual([]);
    expect(model.paragraphs.some((paragraph) => paragraph.chapters)).toBe(false);
  });
});

describe('sentenceAtTime and wordAtTime', () => {
  const model = buildTranscriptModel(blobOf(12), options);

  it('finds the sentence started last by a given time', () => {
    expect(sentenceAtTime(model, -1)).toBe(-1);
    expect(sentenceAtTime(model, 0)).toBe(0);
    expect(sentenceAtTime(model, 4.99)).toBe(0);
    expect(sentenceAtTime(model, 5)).toBe(1);
    expect(sentenceAtTime(model, 999)).toBe(2);
  });

  it('finds the word being spoken', () => {
    expect(wordAtTime(model, -1)).toBe(0);
    expect(wordAtTime(model, 7.5)).toBe(7);
    expect(wordAtTime(model, 999)).toBe(11);
  });
});

describe('transcriptModelSteps', () => {
  it('builds a long model a slice at a time in every pass, the same model as at once', () => {
    const blob = blobOf(41_000);
    const steps = transcriptModelSteps(blob, options);
    let pauses = 0;
    let step = steps.next();
    while (!step.done) {
      pauses += 1;
      step = steps.next();
    }
    // The sentences, the words and the segments each pause every 20,000 words (2 × 3), and
    // the passes between them once each: no pass over all 41,000 words in one step.
    expect(pauses).toBeGreaterThanOrEqual(2 * 3 + 3);
    // Compared as JSON: a deep equality of 41,000 word objects takes seconds.
    expect(JSON.stringify(step.value)).toBe(JSON.stringify(buildTranscriptModel(blob, options)));
  });
});
