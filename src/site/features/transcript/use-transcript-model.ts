import { useEffect, useMemo, useState } from 'react';
import type { TranscriptBlob } from '../../../core/db-schema.ts';
import {
  buildTranscriptModel,
  transcriptModelSteps,
  type TranscriptModel,
  type TranscriptModelOptions,
} from '../../../core/transcript-model.ts';
import { BLOCKS_FROM_WORDS } from './transcript-blocks.tsx';

/** The longest stretch of model building before the page gets the thread back. */
const SLICE_MS = 30;

/**
 * The view model of a loaded transcript. A short one is built in the render, as before; a long
 * one (more than `BLOCKS_FROM_WORDS` words) in slices of about `SLICE_MS` between the page's
 * other tasks, null until it is done (decision 0049). `atOnce` builds any transcript in the
 * render: a pre-rendering pass runs no effects.
 */
export function useTranscriptModel(
  blob: TranscriptBlob | null,
  options: TranscriptModelOptions,
  atOnce: boolean,
): TranscriptModel | null {
  const { timestampEvery, lowConfidence } = options;
  const sliced = blob !== null && !atOnce && blob.words.length > BLOCKS_FROM_WORDS;
  const direct = useMemo(
    () => (blob && !sliced ? buildTranscriptModel(blob, { timestampEvery, lowConfidence }) : null),
    [blob, sliced, timestampEvery, lowConfidence],
  );
  const [built, setBuilt] = useState<{
    blob: TranscriptBlob;
    timestampEvery: number;
    lowConfidence: number;
    model: TranscriptModel;
  } | null>(null);

  useEffect(() => {
    if (!blob || !sliced) return undefined;
    const steps = transcriptModelSteps(blob, { timestampEvery, lowConfidence });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slice = (): void => {
      const until = performance.now() + SLICE_MS;
      for (;;) {
        const step = steps.next();
        if (step.done) {
          setBuilt({ blob, timestampEvery, lowConfidence, model: step.value });
          return;
        }
        if (performance.now() >= until) break;
      }
      timer = setTimeout(slice, 0);
    };
    timer = setTimeout(slice, 0);
    return () => clearTimeout(timer);
  }, [blob, sliced, timestampEvery, lowConfidence]);

  if (direct) return direct;
  return built &&
    built.blob === blob &&
    built.timestampEvery === timestampEvery &&
    built.lowConfidence === lowConfidence
    ? built.model
    : null;
}
