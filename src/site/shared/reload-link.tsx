import { useTexts } from './texts-context.tsx';
import type { MouseEvent, ReactNode } from 'react';

/** A 'reload page' link: a real link to this page that reloads it. */
export function ReloadLink({ children }: { children?: ReactNode }): ReactNode {
  const { text } = useTexts();
  const reload = (event: MouseEvent<HTMLAnchorElement>): void => {
    event.preventDefault();
    window.location.reload();
  };
  return (
    <a href={typeof window === 'undefined' ? '' : window.location.href} onClick={reload}>
      {children ?? text('reload.link')}
    </a>
  );
}
