import { describe, expect, it } from 'vitest';
import { displayTitle } from './display-title.ts';

describe('displayTitle', () => {
  it.each([
    ['#180 Python at the edge', '180', 'Python at the edge'],
    ['#180: Python at the edge', '180', 'Python at the edge'],
    ['Episode 57: Rocket in your Pocket', '57', 'Rocket in your Pocket'],
    ['Episode 08 - "The Ones That Got Away"', '8', '"The Ones That Got Away"'],
    ['Ep. 12 - Hello', '12', 'Hello'],
    ['EP 17 - Bees', '17', 'Bees'],
    ['1377: "R9X"', '1377', '"R9X"'],
    ['The Grey NATO – 249 – Summer', '249', 'Summer'],
    [
      'The Grey NATO - Ep 110 - The Isolation Tapes // Film Club Vol 4',
      '110',
      'The Isolation Tapes // Film Club Vol 4',
    ],
    ['The Grey Nato - Episode 10 - "Collection Inspection"', '10', '"Collection Inspection"'],
    ['14.5: A half', '14.5', 'A half'],
    ['The Grey Nato Ep 25 - Dream Watches 2017', '25', 'Dream Watches 2017'],
    ['The Grey NATO- Ep 60 - Blue Planet, Green Car', '60', 'Blue Planet, Green Car'],
  ])('shows %j of episode %s as %j', (title, episode, shown) => {
    expect(displayTitle(title, episode)).toBe(shown);
  });

  it.each([
    ['10 things about bees', '10'],
    ['Episode 57: Someone else', '58'],
    ['The Grey Nato', '3'],
    ['Lagrange was here', '12'],
    ['#180', '180'],
    ['2024: the year in review', '7'],
    ['Why I love episode 5', '5'],
    ['', '1'],
  ])('keeps %j of episode %s whole', (title, episode) => {
    expect(displayTitle(title, episode)).toBe(title);
  });
});
