import type { ParsedFeed } from './feed.ts';
import {
  derivePresenters,
  feedHostIds,
  nameKey,
  presenterName,
  type DerivedPresenters,
  type Presenter,
} from './people.ts';

/**
 * The presenters of a build with a presenters file: the feed's `podcast:person` tags say who
 * is in each episode, week after week; the file adds people and corrects what the feed says
 * about them (decision 0020). It never freezes the list: a guest the feed names for the first
 * time next week is a presenter without anyone editing the file.
 *
 * - A feed person whose name (any case) is a listed presenter's whole name, or one of its
 *   `feedNames`, is that presenter: the file's id, names and flags; its avatar, else the feed's.
 * - A feed person the file does not list is added, with the id the feed alone would give them
 *   (order of first appearance, as `derivePresenters`), or, when the file uses that id for
 *   someone else, the next id above every id in use.
 * - A listed presenter the feed never names stays (for overrides and speakers).
 */
export function mergePresenters(feed: ParsedFeed, listed: Presenter[]): DerivedPresenters {
  const presenters = listed.map((presenter) => ({ ...presenter }));
  const byId = new Map(presenters.map((presenter) => [presenter.id, presenter]));
  const idByName = new Map<string, number>();
  for (const presenter of presenters) {
    for (const name of [presenterName(presenter), ...(presenter.feedNames ?? [])]) {
      if (!idByName.has(nameKey(name))) idByName.set(nameKey(name), presenter.id);
    }
  }
  const used = new Set(byId.keys());
  let next = Math.max(0, ...used) + 1;
  for (const person of derivePresenters(feed).presenters) {
    const key = nameKey(person.firstName);
    const known = idByName.get(key);
    if (known !== undefined) {
      const presenter = byId.get(known);
      if (presenter !== undefined && presenter.img === null) presenter.img = person.img;
      continue;
    }
    let id = person.id;
    if (used.has(id)) {
      while (used.has(next)) next += 1;
      id = next;
    }
    used.add(id);
    next = Math.max(next, id + 1);
    const added = { ...person, id };
    presenters.push(added);
    byId.set(id, added);
    idByName.set(key, id);
  }
  presenters.sort((a, b) => a.id - b.id);
  return { presenters, hostIds: feedHostIds(feed, idByName), idByName };
}
