import type { ReactNode } from 'react';
import {
  TRANSCRIPT_FORMATS,
  transcriptFile,
  type TranscriptFormat,
} from '../../../core/transcript-files.ts';
import type { TranscriptModel } from '../../../core/transcript-model.ts';
import { useTexts } from '../../shared/texts-context.tsx';

interface TranscriptDownloadsProps {
  episode: string;
  model: TranscriptModel;
}

const FORMATS: readonly TranscriptFormat[] = ['vtt', 'srt', 'txt'];

/** The file name of an episode's transcript: `episode-7.vtt` (a safe name, whatever the number). */
export function transcriptFileName(episode: string, format: TranscriptFormat): string {
  const safe = episode.replace(/[^A-Za-z0-9._-]/g, '_');
  return `episode-${safe}.${TRANSCRIPT_FORMATS[format].extension}`;
}

function download(episode: string, model: TranscriptModel, format: TranscriptFormat): void {
  // Made on demand from the words on the page: a file per click, nothing kept.
  const blob = new Blob([transcriptFile(model, format)], {
    type: `${TRANSCRIPT_FORMATS[format].mime};charset=utf-8`,
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = transcriptFileName(episode, format);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** 'Download transcript': WebVTT (with speakers' voices), SRT and plain text. */
export function TranscriptDownloads({ episode, model }: TranscriptDownloadsProps): ReactNode {
  const { text } = useTexts();
  return (
    <div className="transcript-downloads" role="group" aria-label={text('downloads.label')}>
      <span className="transcript-downloads__label" aria-hidden="true">
        {text('downloads.prefix')}
      </span>
      {FORMATS.map((format) => (
        <button
          key={format}
          type="button"
          className="transcript-tool"
          aria-label={text('downloads.as', { format: TRANSCRIPT_FORMATS[format].label })}
          onClick={() => download(episode, model, format)}
        >
          {TRANSCRIPT_FORMATS[format].label}
        </button>
      ))}
    </div>
  );
}
