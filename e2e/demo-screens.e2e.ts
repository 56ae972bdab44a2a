import { expect, inject, test } from 'vitest';
import { DEMO_FACTS } from '../demo/tools/demo-facts.ts';
import { browserForFile, expectNoProblems, openPage, row, screenshot, search } from './harness.ts';

// The demo's three main screens and the player bar at a desktop and a phone width, as the
// README shows them (docs/screenshots/ holds copies of e2e/screenshots/demo-*.png), with the
// tab titles of each.

const browser = browserForFile({ audio: true });

test('home, a search, an episode page and the player bar of the demo at 1280 and 390 px', async () => {
  const baseUrl = inject('baseUrl');
  for (const width of [1280, 390]) {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(baseUrl);
    await page.getByText('showing all 10 episodes').waitFor();
    expect(await page.title()).toBe('The Curious Haul');
    await screenshot(page, `demo-home-${width}`, false);

    await search(
      page,
      DEMO_FACTS.phrase,
      `found ${DEMO_FACTS.phraseEpisodes.length} of 10 episodes`,
    );
    await page.locator('.snippet').first().waitFor();
    expect(await page.title()).toBe(`Search: ${DEMO_FACTS.phrase} · The Curious Haul`);
    await screenshot(page, `demo-search-${width}`, false);

    await page.goto(`${baseUrl}/episodes/9?q=${encodeURIComponent(DEMO_FACTS.phrase)}`);
    await row(page, '9').locator('mark').first().waitFor();
    expect(await page.title()).toMatch(/^9: .+ · The Curious Haul$/);
    await screenshot(page, `demo-episode-${width}`, false);

    // Episode 7 plays on in the bar while a search shows other episodes.
    await page.goto(baseUrl);
    await row(page, '7').getByRole('button', { name: 'Play episode 7' }).click();
    const bar = page.getByRole('region', { name: 'Audio player' });
    await bar.locator('.player-bar__chapter').waitFor();
    await search(page, 'penguin', 'found 1 of 10 episodes');
    await page.locator('.snippet').first().waitFor();
    await screenshot(page, `demo-player-${width}`, false);
    await bar.getByRole('button', { name: 'Close the player' }).click();
    expectNoProblems(problems);
    await page.close();
  }
});
