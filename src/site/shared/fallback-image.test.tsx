import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FallbackImage, initialsOf, titleInitials } from './fallback-image.tsx';

describe('FallbackImage', () => {
  it('shows the image until it fails to load, then the fallback, and tries a new URL', () => {
    const fallback = <span>tile 12</span>;
    const props = { alt: 'Artwork of episode 12', width: 72, height: 72, fallback };
    const { rerender } = render(<FallbackImage {...props} src="https://media.example/12.jpg" />);
    const image = screen.getByRole('img', { name: 'Artwork of episode 12' });
    expect(image).toHaveAttribute('src', 'https://media.example/12.jpg');
    expect(screen.queryByText('tile 12')).toBeNull();
    act(() => {
      fireEvent.error(image);
    });
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('tile 12')).toBeInTheDocument();
    rerender(<FallbackImage {...props} src="https://media.example/12-new.jpg" />);
    expect(screen.getByRole('img', { name: 'Artwork of episode 12' })).toHaveAttribute(
      'src',
      'https://media.example/12-new.jpg',
    );
  });

  it('shows the fallback at once without a URL', () => {
    render(<FallbackImage src={null} alt="" width={36} height={36} fallback={<span>AL</span>} />);
    expect(screen.getByText('AL')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('initialsOf', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  mary   ann  evans ')).toBe('ME');
    expect(initialsOf('Cher')).toBe('C');
    expect(initialsOf('Émile Zola')).toBe('ÉZ');
    expect(initialsOf('')).toBe('?');
  });
});

describe('titleInitials', () => {
  it('takes the first two words after a leading article', () => {
    expect(titleInitials('The Mike Neumann Show')).toBe('MN');
    expect(titleInitials('No Agenda')).toBe('NA');
    expect(titleInitials('a "Quoted" podcast')).toBe('QP');
    expect(titleInitials('Trawl')).toBe('T');
    expect(titleInitials(' – ')).toBe('?');
  });
});
