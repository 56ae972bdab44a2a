import { useCallback, useEffect, useState } from 'react';
import type { TranscriptBlob } from '../../../core/db-schema.ts';

export type TranscriptLoad =
  | { status: 'loading' }
  | { status: 'error'; error: Error }
  | { status: 'ready'; blob: TranscriptBlob };

/** Loads an episode's transcript when asked (`enabled`), with a retry for failures. */
export function useTranscript(
  id: number,
  enabled: boolean,
  loadTranscript: (id: number) => Promise<TranscriptBlob>,
): { load: TranscriptLoad; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<{ key: string; load: TranscriptLoad } | null>(null);
  const key = `${id}:${attempt}`;

  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    loadTranscript(id).then(
      (blob) => {
        if (live) setLoad({ key, load: { status: 'ready', blob } });
      },
      (error: unknown) => {
        if (!live) return;
        const failure = error instanceof Error ? error : new Error(String(error));
        setLoad({ key, load: { status: 'error', error: failure } });
      },
    );
    return () => {
      live = false;
    };
  }, [id, key, enabled, loadTranscript]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  // A result for another episode or an older attempt reads as loading.
  return { load: load?.key === key ? load.load : { status: 'loading' }, retry };
}
