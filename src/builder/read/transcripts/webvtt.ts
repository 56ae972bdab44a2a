import { InputError } from '../../errors.ts';
import { cuePayload, parseCueTimestamp } from './cue-text.ts';
import { WordCollector, type ParsedTranscript } from './word-collector.ts';

/** Whether text is a WebVTT file (it must start with "WEBVTT"). */
export function looksLikeWebVtt(text: string): boolean {
  return /^\uFEFF?WEBVTT(?:[ \t]|\r?\n|$)/.test(text);
}

/** Splits subtitle text into blocks of non-blank lines, each with its first line number. */
export function subtitleBlocks(text: string): { line: number; lines: string[] }[] {
  const blocks: { line: number; lines: string[] }[] = [];
  let current: { line: number; lines: string[] } | undefined;
  text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .forEach((content, index) => {
      if (content.trim() === '') {
        current = undefined;
        return;
      }
      if (!current) {
        current = { line: index + 1, lines: [] };
        blocks.push(current);
      }
      current.lines.push(content);
    });
  return blocks;
}

/**
 * Reads WebVTT. Cues are segment-level, so each cue's words are spread over its span by their
 * length and the timing is 'approximate'. `<v Speaker>` voice tags become speaker labels;
 * NOTE, STYLE and REGION blocks are skipped.
 */
export function parseWebVtt(file: string, text: string): ParsedTranscript {
  if (!looksLikeWebVtt(text))
    throw new InputError({ file, line: 1 }, 'a WebVTT file must start with "WEBVTT"');
  const collector = new WordCollector(file, (line) => `line ${line}`);
  const [, ...blocks] = subtitleBlocks(text);
  for (const block of blocks) {
    const first = block.lines[0] ?? '';
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(first)) continue;
    const timingIndex = block.lines.findIndex((line) => line.includes('-->'));
    if (timingIndex === -1 || timingIndex > 1) {
      throw new InputError(
        { file, line: block.line },
        'expected a cue timing line like "00:00:01.000 --> 00:00:04.000"',
      );
    }
    const timingLine = block.line + timingIndex;
    const [startText = '', rest = ''] = (block.lines[timingIndex] ?? '').split('-->');
    const start = parseCueTimestamp(startText);
    const end = parseCueTimestamp(rest.trim().split(/\s+/)[0] ?? '');
    if (start === undefined || end === undefined) {
      throw new InputError(
        { file, line: timingLine },
        `cue timing "${block.lines[timingIndex] ?? ''}" is not valid`,
      );
    }
    const payload = cuePayload(block.lines.slice(timingIndex + 1));
    collector.addSpread(payload.text, start, end, payload.speaker, timingLine);
  }
  if (collector.size === 0) throw new InputError({ file }, 'the WebVTT file has no cues with text');
  return collector.finish('webvtt', 'approximate');
}
