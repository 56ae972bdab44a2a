import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { countLineText } from './list-status.tsx';
import { Pagination, parsePageInput } from './pagination.tsx';

const pageHref = (page: number): string => `/page/${page}`;

/** Pagination with its page held in state, as the app holds it in the URL. */
function Pager({
  pageCount,
  start = 1,
  log = [],
}: {
  pageCount: number;
  start?: number;
  log?: number[];
}): ReactNode {
  const [page, setPage] = useState(start);
  return (
    <Pagination
      page={page}
      pageCount={pageCount}
      onPage={(next) => {
        log.push(next);
        setPage(next);
      }}
      pageHref={pageHref}
    />
  );
}

describe('parsePageInput', () => {
  it('accepts whole numbers from 1 to the page count only', () => {
    expect(parsePageInput('1', 5)).toBe(1);
    expect(parsePageInput(' 5 ', 5)).toBe(5);
    expect(parsePageInput('0', 5)).toBeNull();
    expect(parsePageInput('6', 5)).toBeNull();
    expect(parsePageInput('', 5)).toBeNull();
    expect(parsePageInput('2.5', 5)).toBeNull();
    expect(parsePageInput('-1', 5)).toBeNull();
    expect(parsePageInput('1e1', 50)).toBeNull();
  });
});

describe('Pagination', () => {
  it('drops a committed page number when Back lands on the page it was typed on', async () => {
    const user = userEvent.setup();
    const asked: number[] = [];
    const onPage = (next: number): void => {
      asked.push(next);
    };
    const { rerender } = render(
      <Pagination
        page={3}
        pageCount={3}
        onPage={onPage}
        pageHref={pageHref}
        navigation="at page 3"
      />,
    );
    const input = screen.getByRole('textbox', { name: 'page' });
    await user.clear(input);
    await user.type(input, '2');
    await user.tab();
    expect(asked).toEqual([2]);
    expect(input).toHaveValue('2');
    // The router renders Back (to page 3) without having rendered page 2.
    rerender(
      <Pagination
        page={3}
        pageCount={3}
        onPage={onPage}
        pageHref={pageHref}
        navigation="back at page 3"
      />,
    );
    expect(input).toHaveValue('3');
  });

  it('moves with << < > >> and disables them at the ends', async () => {
    const user = userEvent.setup();
    render(<Pager pageCount={4} />);
    const input = screen.getByRole('textbox', { name: 'page' });
    expect(input).toHaveValue('1');
    expect(screen.getByText('of 4')).toBeInTheDocument();
    const link = (name: string): HTMLElement => screen.getByRole('link', { name });
    expect(link('First page')).toHaveAttribute('aria-disabled', 'true');
    expect(link('First page')).not.toHaveAttribute('href');
    expect(link('Previous page')).toHaveAttribute('aria-disabled', 'true');
    expect(link('Next page')).toHaveAttribute('href', '/page/2');
    expect(link('Last page')).toHaveAttribute('href', '/page/4');
    await user.click(link('Next page'));
    expect(input).toHaveValue('2');
    expect(link('Previous page')).toHaveAttribute('href', '/page/1');
    await user.click(link('Last page'));
    expect(input).toHaveValue('4');
    expect(link('Next page')).toHaveAttribute('aria-disabled', 'true');
    expect(link('Last page')).not.toHaveAttribute('href');
    await user.click(link('Previous page'));
    expect(input).toHaveValue('3');
    await user.click(link('First page'));
    expect(input).toHaveValue('1');
  });

  it('leaves a click with a modifier key to the browser (a new tab)', async () => {
    const user = userEvent.setup();
    const log: number[] = [];
    render(<Pager pageCount={4} log={log} />);
    const next = screen.getByRole('link', { name: 'Next page' });
    // The document hears the click after React's root has: whether the app took it over.
    const clicked = new Promise<boolean>((resolve) => {
      document.addEventListener(
        'click',
        (event) => {
          resolve(event.defaultPrevented);
          // jsdom cannot open a new tab.
          event.preventDefault();
        },
        { once: true },
      );
    });
    await user.keyboard('{Control>}');
    await user.click(next);
    await user.keyboard('{/Control}');
    expect(await clicked).toBe(false);
    expect(log).toEqual([]);
  });

  it('commits a typed page on Enter and on blur', async () => {
    const user = userEvent.setup();
    const log: number[] = [];
    render(<Pager pageCount={12} log={log} />);
    const input = screen.getByRole('textbox', { name: 'page' });
    await user.clear(input);
    await user.type(input, '11');
    expect(log).toEqual([]);
    await user.keyboard('{Enter}');
    expect(log).toEqual([11]);
    expect(input).toHaveValue('11');
    await user.clear(input);
    await user.type(input, '3');
    await user.tab();
    expect(log).toEqual([11, 3]);
    expect(input).toHaveValue('3');
  });

  it('reverts an empty or out-of-range page, and takes digits only', async () => {
    const user = userEvent.setup();
    const log: number[] = [];
    render(<Pager pageCount={5} start={2} log={log} />);
    const input = screen.getByRole('textbox', { name: 'page' });
    await user.clear(input);
    await user.tab();
    expect(input).toHaveValue('2');
    await user.clear(input);
    await user.type(input, '9{Enter}');
    expect(input).toHaveValue('2');
    await user.clear(input);
    await user.type(input, '0{Enter}');
    expect(input).toHaveValue('2');
    await user.clear(input);
    await user.type(input, '-a.4');
    expect(input).toHaveValue('4');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('2');
    expect(log).toEqual([]);
  });

  it('hides the whole pagination at one page or none', () => {
    const { rerender } = render(
      <Pagination page={1} pageCount={1} onPage={() => undefined} pageHref={pageHref} />,
    );
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'page' })).toBeNull();
    rerender(<Pagination page={1} pageCount={0} onPage={() => undefined} pageHref={pageHref} />);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull();
    rerender(<Pagination page={1} pageCount={2} onPage={() => undefined} pageHref={pageHref} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'page' })).toHaveValue('1');
  });
});

describe('countLineText', () => {
  it('says "showing all" until something narrows the list', () => {
    expect(countLineText(600, 600, false)).toBe('showing all 600 episodes');
    expect(countLineText(3, 600, true)).toBe('found 3 of 600 episodes');
    expect(countLineText(1, 1, true)).toBe('found 1 of 1 episode');
  });
});
