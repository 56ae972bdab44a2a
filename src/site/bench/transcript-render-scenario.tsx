/**
 * The transcript and player render measurement, runnable in Chromium (bundled by
 * `transcript-render.ts`) or in jsdom. It renders a 9,000-word transcript with the real
 * components and plays it through with a time update every 250 ms, as browsers fire them.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { loadAnalyzer } from '../../core/analyzer.ts';
import type { TranscriptBlob } from '../../core/db-schema.ts';
import { checkSearchTerm, searchQueryOf } from '../../core/fts-query.ts';
import { buildTranscriptModel } from '../../core/transcript-model.ts';
import { ProgressBar } from '../features/player/progress-bar.tsx';
import { PlayButton } from '../features/player/play-button.tsx';
import { TranscriptView } from '../features/transcript/transcript-view.tsx';
import { MediaProvider } from '../shared/media-context.tsx';
import { createMediaUrls } from '../shared/media-url.ts';
import { createPlayerStore, PlayerStoreContext } from '../shared/player-store.ts';
import type { PlayerEpisode } from '../shared/player-state.ts';

export interface ScenarioOptions {
  words: number;
  renders: number;
  /** Seconds between time updates. */
  tick: number;
  /** Stop after this many time updates (jsdom is slow to play a whole episode through). */
  maxUpdates: number;
}

export interface Stats {
  runs: number;
  median: number;
  p95: number;
  max: number;
  mean: number;
}

export interface ScenarioResult {
  words: number;
  elements: number;
  modelMs: number;
  firstRenderMs: number;
  renderMs: Stats;
  /** The React part of `renderMs` (render and DOM commit, before style and layout). */
  commitMs: Stats;
  searchMs: Stats;
  timeUpdateMs: Stats;
  /** Time updates that changed the highlighted sentence. */
  sentenceChanges: number;
  /** Most DOM attribute changes one time update caused. */
  maxMutationsPerUpdate: number;
}

const VOCABULARY =
  'the a and of to in is it that was for on you he with as they at be this have from or one had by word but not what all were we when your can said there use an each which she do how their if will up other about out many then them these so some her would make like him into time has look two more write go see number no way could people my than first water been call who oil its now find long down day did get come made may part fact elephant octopus banana lighthouse penguin volcano telescope ice cream museum island parliament whale'.split(
    ' ',
  );

/** A deterministic transcript: sentences of 6–24 words, speakers taking turns, some unsure words. */
export function syntheticTranscript(count: number): TranscriptBlob {
  let seed = 1;
  const next = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const blob: TranscriptBlob = {
    v: 1,
    words: [],
    start: [],
    end: [],
    prob: [],
    speaker: [],
    speakerNames: ['Anna', 'Ben', 'Chidi'],
  };
  let time = 100;
  let sentenceLeft = 0;
  let turnLeft = 0;
  let speaker = 0;
  for (let i = 0; i < count; i += 1) {
    if (sentenceLeft === 0) sentenceLeft = 6 + Math.floor(next() * 19);
    if (turnLeft === 0) {
      turnLeft = 40 + Math.floor(next() * 160);
      speaker = (speaker + 1 + Math.floor(next() * 2)) % 3;
    }
    sentenceLeft -= 1;
    turnLeft -= 1;
    let word = VOCABULARY[Math.floor(next() ** 2 * VOCABULARY.length)] ?? 'the';
    if (sentenceLeft === 0) word += next() < 0.8 ? '.' : '?';
    else if (next() < 0.08) word += ',';
    const length = 20 + Math.floor(next() * 40);
    blob.words.push(word);
    blob.start.push(time);
    blob.end.push(time + length);
    blob.prob.push(next() < 0.05 ? Math.floor(next() * 50) : 60 + Math.floor(next() * 40));
    blob.speaker?.push(speaker);
    time += length + 5;
  }
  return blob;
}

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number): number =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const sum = values.reduce((total, value) => total + value, 0);
  const round = (value: number): number => Math.round(value * 1000) / 1000;
  return {
    runs: values.length,
    median: round(at(0.5)),
    p95: round(at(0.95)),
    max: round(sorted.at(-1) ?? 0),
    mean: round(sum / Math.max(1, values.length)),
  };
}

/** Runs the measurement in the current document. */
export async function runScenario(options: ScenarioOptions): Promise<ScenarioResult> {
  // The English rules of a database built before languages, as most shows so far.
  const analyzer = await loadAnalyzer(undefined);
  const blob = syntheticTranscript(options.words);
  const modelStart = performance.now();
  const model = buildTranscriptModel(blob, { timestampEvery: 200, lowConfidence: 0.5 });
  const modelMs = performance.now() - modelStart;
  const episode: PlayerEpisode = {
    episode: '12',
    title: 'Benchmark',
    duration: model.duration,
    audio_url: null,
    image: null,
  };
  const store = createPlayerStore();
  const media = createMediaUrls('http://localhost/');
  const host = document.createElement('div');
  document.body.append(host);

  const page = (searchTerm: string) => (
    <MediaProvider media={media}>
      <PlayerStoreContext.Provider value={store}>
        <PlayButton episode={episode} />
        <ProgressBar episode={episode} />
        <TranscriptView
          episode={episode}
          model={model}
          query={searchQueryOf(checkSearchTerm(searchTerm, 1, analyzer))}
          startAt={null}
          approximate={false}
          saidBy={[]}
        />
      </PlayerStoreContext.Provider>
    </MediaProvider>
  );
  // Reading layout makes a browser do style and layout inside the measured time.
  const settle = (): number => host.offsetHeight;

  const renders: number[] = [];
  const commits: number[] = [];
  for (let run = 0; run < options.renders; run += 1) {
    const root = createRoot(host);
    const start = performance.now();
    flushSync(() => root.render(page('')));
    const committed = performance.now();
    settle();
    renders.push(performance.now() - start);
    commits.push(committed - start);
    root.unmount();
  }

  const root = createRoot(host);
  flushSync(() => root.render(page('')));
  const elements = host.querySelectorAll('*').length;

  const searches: number[] = [];
  for (const term of ['the', 'ice cream', 'penguin', '', 'a', '']) {
    const start = performance.now();
    flushSync(() => root.render(page(term)));
    settle();
    searches.push(performance.now() - start);
  }

  flushSync(() => store.dispatch({ type: 'playFrom', episode, time: 0 }));
  const observer = new MutationObserver(() => undefined);
  observer.observe(host, { subtree: true, attributes: true, childList: true, characterData: true });
  const updates: number[] = [];
  let sentenceChanges = 0;
  let maxMutations = 0;
  for (
    let time = 0;
    time <= model.duration && updates.length < options.maxUpdates;
    time += options.tick
  ) {
    const start = performance.now();
    flushSync(() => store.dispatch({ type: 'timeupdate', time }));
    settle();
    updates.push(performance.now() - start);
    const records = observer.takeRecords();
    maxMutations = Math.max(maxMutations, records.length);
    if (records.some((record) => record.attributeName === 'aria-current')) sentenceChanges += 1;
  }
  observer.disconnect();
  root.unmount();
  host.remove();

  return {
    words: options.words,
    elements,
    modelMs: Math.round(modelMs * 1000) / 1000,
    firstRenderMs: Math.round((renders[0] ?? 0) * 1000) / 1000,
    renderMs: stats(renders),
    commitMs: stats(commits),
    searchMs: stats(searches),
    timeUpdateMs: stats(updates),
    sentenceChanges,
    maxMutationsPerUpdate: maxMutations,
  };
}
