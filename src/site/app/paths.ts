/**
 * The site's routes, in one place. Paths are relative to the router's basename (the build's
 * base path), so links work when the site is served from a sub-folder.
 */
export const paths = {
  home: '/',
  episodePattern: 'episodes/:episodeId',
  /** An episode's own page, keeping the search's query string (without the page). */
  episode(episodeNumber: string, search = ''): string {
    const params = new URLSearchParams(search);
    params.delete('p');
    params.delete('t');
    const query = params.toString();
    return `/episodes/${encodeURIComponent(episodeNumber)}${query === '' ? '' : `?${query}`}`;
  },
} as const;
