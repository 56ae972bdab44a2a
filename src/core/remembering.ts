/**
 * A pure function of a string with its answers remembered, for text that repeats: a show's
 * transcripts say the same words over and over. Past `limit` keys every answer is forgotten at
 * once, so memory stays bounded without bookkeeping per key. Pure: no Node or DOM APIs.
 */
export function remembering<T>(compute: (key: string) => T, limit: number): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    let answer = known.get(key);
    if (answer === undefined) {
      answer = compute(key);
      if (known.size >= limit) known.clear();
      known.set(key, answer);
    }
    return answer;
  };
}
