import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { episode, renderPanel, transcriptBody } from './test-support/transcript-panel-setup.tsx';
import { wholeText } from '../../shared/test-support/whole-text.ts';

describe('TranscriptPanel: following along and sharing a moment', () => {
  it('stops following when the visitor scrolls, and follows again on request', async () => {
    const user = userEvent.setup();
    const { store } = renderPanel();
    const body = await transcriptBody();
    const follow = screen.getByRole('button', { name: 'Follow along' });
    expect(follow).toHaveAttribute('aria-pressed', 'true');
    act(() => {
      store.dispatch({ type: 'playFrom', episode, time: 0 });
    });
    fireEvent.wheel(body, { deltaY: 200 });
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    // Playing from a word brings it back after a scroll…
    await user.click(within(body).getByRole('button', { name: 'Today' }));
    expect(follow).toHaveAttribute('aria-pressed', 'true');
    // …but not after the visitor turned it off.
    await user.click(follow);
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    await user.click(within(body).getByRole('button', { name: 'luxury?' }));
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    await user.click(follow);
    expect(follow).toHaveAttribute('aria-pressed', 'true');
  });

  it('starts with follow-along off when the visitor asks for reduced motion', async () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query === '(prefers-reduced-motion: reduce)',
          media: query,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          addListener: () => undefined,
          removeListener: () => undefined,
          dispatchEvent: () => false,
        }) satisfies MediaQueryList,
    );
    try {
      renderPanel();
      await transcriptBody();
      expect(screen.getByRole('button', { name: 'Follow along' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('copies a link to the word clicked or moved to, or the word being played', async () => {
    const user = userEvent.setup();
    const { store } = renderPanel();
    const body = await transcriptBody();
    // Without playing: the transcript's start, then the word the keys move to.
    expect(screen.getByRole('button', { name: 'Copy link to this moment (0:00)' })).toBeVisible();
    within(body).getByRole('button', { name: 'Welcome' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    await user.click(screen.getByRole('button', { name: 'Copy link to this moment (0:03)' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `${window.location.origin}/episodes/12?t=3`,
    );
    expect(screen.getByText(wholeText('Link to 0:03 copied'))).toBeInTheDocument();
    expect(store.getState().status).toBe('idle');
    // Playing: the word being spoken, not the start of its sentence (0:19).
    act(() => {
      store.dispatch({ type: 'playFrom', episode, time: 20.5 });
    });
    await user.click(
      await screen.findByRole('button', { name: 'Copy link to this moment (0:20)' }),
    );
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `${window.location.origin}/episodes/12?t=20`,
    );
    act(() => {
      store.dispatch({ type: 'timeupdate', time: 22.2 });
    });
    expect(screen.queryByText(/copied/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy link to this moment (0:22)' })).toBeVisible();
  });

  it('shows the link to copy by hand when the clipboard refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const { store } = renderPanel();
    await transcriptBody();
    act(() => {
      store.dispatch({ type: 'playFrom', episode, time: 4.2 });
    });
    // The highlighter connects in an effect that may run after the body shows: wait for it.
    await user.click(
      await screen.findByRole('button', { name: 'Copy link to this moment (0:04)' }),
    );
    expect(screen.getByRole('textbox', { name: 'Link to this moment' })).toHaveValue(
      `${window.location.origin}/episodes/12?t=4`,
    );
  });
});
