import { useCallback, useState } from 'react';
import type { TranscriptBlob } from '../../../core/db-schema.ts';
import { useResource } from '../../data/resource.ts';

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
  // A result for another episode or an older attempt reads as loading.
  const resource = useResource(enabled ? `${id}:${attempt}` : null, () => loadTranscript(id), {
    cacheKey: `transcript:${id}`,
  });
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const load: TranscriptLoad =
    resource.status === 'ready' ? { status: 'ready', blob: resource.data } : resource;
  return { load, retry };
}
