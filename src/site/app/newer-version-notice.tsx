import { useTexts } from '../shared/texts-context.tsx';
import type { ReactNode } from 'react';
import { useNewerVersion } from '../data/newer-version.tsx';
import { ReloadLink } from '../shared/reload-link.tsx';

/** Says that the archive has been updated since this page was made, with a reload link. */
export function NewerVersionNotice(): ReactNode {
  const newer = useNewerVersion();
  const { text } = useTexts();
  if (!newer) return null;
  return (
    <p className="newer-version" role="status">
      {text('newer.text')} <ReloadLink>{text('newer.reload')}</ReloadLink>
    </p>
  );
}
