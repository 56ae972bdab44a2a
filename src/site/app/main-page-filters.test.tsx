import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixtureDatabaseForFile } from '../data/test-support/fixture-database.ts';
import { currentUrl, renderApp } from './test-support/render-app.tsx';

// The main page's filters on the database the real builder makes from its fixture podcast:
// episodes 15, 14.5, 5, 4, 3, 2, 1 (newest first), 5 per page, hosts 6 and 7.
const fixture = fixtureDatabaseForFile();

/** Headings of the rows on screen, in order. */
function rowTitles(): string[] {
  return screen
    .queryAllByRole('article')
    .map((row) => within(row).getByRole('heading', { level: 2 }).textContent ?? '');
}

async function loaded(): Promise<void> {
  await screen.findByText(/showing all|found \d+ of/);
}

describe('filters', () => {
  it('opens the panel and counts altered groups', async () => {
    const { user, router } = renderApp(fixture.database, '/?p=2');
    await loaded();
    await user.click(screen.getByRole('button', { name: '[+] show filters (0)' }));
    expect(screen.getByRole('button', { name: '[-] hide filters (0)' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const types = screen.getByRole('group', { name: 'Episode types' });
    expect(
      within(types)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual(['live', 'qi offices', 'wfh', 'compilation']);
    const fields = screen.getByRole('group', { name: 'Search in' });
    expect(
      within(fields)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual(['title', 'description', 'transcript', 'episode number']);

    await user.click(within(types).getByRole('checkbox', { name: 'live' }));
    expect(screen.getByRole('button', { name: '[-] hide filters (1)' })).toBeInTheDocument();
    // Episode 5 fits no type: it shows only while every type is on.
    expect(screen.getByText('found 4 of 7 episodes')).toBeInTheDocument();
    expect(rowTitles()).not.toContain('5: Nothing Said Yet');
    expect(currentUrl(router)).toBe('/?typesOff=live');

    await user.click(within(fields).getByRole('checkbox', { name: 'transcript' }));
    expect(screen.getByRole('button', { name: '[-] hide filters (2)' })).toBeInTheDocument();
    await user.click(within(types).getByRole('checkbox', { name: 'live' }));
    expect(screen.getByText('showing all 7 episodes')).toBeInTheDocument();
    expect(rowTitles()).toContain('5: Nothing Said Yet');
  });

  it('narrows by presenter, grouped as Hosts, the second group and Guests', async () => {
    const { user } = renderApp(fixture.database);
    await loaded();
    await user.click(screen.getByRole('button', { name: '[+] show filters (0)' }));
    const select = await screen.findByRole('combobox', { name: 'Presenters' });
    expect(screen.getByText('Search presenters')).toBeInTheDocument();
    await user.click(select);
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toHaveTextContent(
      /^HostsAda FairweatherBram J\. OkaforElvesCleo HartGuestsDev Patel$/,
    );
    await user.type(select, 'zzz');
    expect(screen.getByText('No one found')).toBeInTheDocument();
    await user.clear(select);
    await user.type(select, 'Cleo{Enter}');
    expect(await screen.findByText('found 2 of 7 episodes')).toBeInTheDocument();
    expect(rowTitles()).toEqual(['4: Compilation of the best bits', '2: Numbers Nobody Can Say']);
    expect(screen.getByRole('button', { name: '[-] hide filters (1)' })).toBeInTheDocument();
  });

  it('narrows by venue, grouped by country in alphabetical order', async () => {
    const { user, router } = renderApp(fixture.database);
    await loaded();
    await user.click(screen.getByRole('button', { name: '[+] show filters (0)' }));
    const select = await screen.findByRole('combobox', { name: 'Venues' });
    await user.click(select);
    const listbox = await screen.findByRole('listbox');
    const text = listbox.textContent ?? '';
    expect(text.indexOf('Australia')).toBeLessThan(text.indexOf('United Kingdom'));
    expect(text.indexOf('Home')).toBeLessThan(text.indexOf('The Office'));
    await user.type(select, 'nowhere');
    expect(screen.getByText('Nothing found')).toBeInTheDocument();
    await user.clear(select);
    await user.type(select, 'Theatre{Enter}');
    expect(await screen.findByText('found 2 of 7 episodes')).toBeInTheDocument();
    expect(rowTitles()).toEqual(['14.5: A half episode: Narwhal Special', '3: Live From Sydney']);
    expect(currentUrl(router)).toBe('/?venues=3');
  });

  it('applies the Live and Compilation buttons with the toggle rule', async () => {
    const { user } = renderApp(fixture.database);
    await loaded();
    const live = within(screen.getByRole('article', { name: '3: Live From Sydney' })).getByRole(
      'button',
      {
        name: 'Live',
      },
    );
    await user.click(live);
    expect(screen.getByText('found 2 of 7 episodes')).toBeInTheDocument();
    expect(rowTitles()).toEqual(['14.5: A half episode: Narwhal Special', '3: Live From Sydney']);
    expect(screen.getByRole('button', { name: '[+] show filters (1)' })).toBeInTheDocument();
    // Only live was on: clicking Live again turns every type back on.
    await user.click(
      within(screen.getByRole('article', { name: '3: Live From Sydney' })).getByRole('button', {
        name: 'Live',
      }),
    );
    expect(screen.getByText('showing all 7 episodes')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('article', { name: '4: Compilation of the best bits' })).getByRole(
        'button',
        {
          name: 'Compilation',
        },
      ),
    );
    expect(rowTitles()).toEqual(['4: Compilation of the best bits']);
  });
});
