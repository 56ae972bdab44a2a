import { useMemo } from 'react';
import type { ShowSpeaker } from '../../core/speech.ts';
import type { Resource } from '../data/resource.ts';

/**
 * The URL's 'said by' speakers that this show has (a link from another show, or an old one,
 * may name others: they are left out), as one stable array per choice.
 */
export function useSaidBy(
  wanted: readonly number[],
  speakers: Resource<ShowSpeaker[]>,
): readonly number[] {
  const known =
    speakers.status === 'ready' ? speakers.data.map((speaker) => speaker.id).join(',') : null;
  const key = wanted.join(',');
  return useMemo(() => {
    const ids = key === '' ? [] : key.split(',').map(Number);
    if (known === null) return ids;
    const have = new Set(known === '' ? [] : known.split(',').map(Number));
    return ids.filter((id) => have.has(id));
  }, [key, known]);
}
