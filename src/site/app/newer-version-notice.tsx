import type { ReactNode } from 'react';
import { useNewerVersion } from '../data/newer-version.tsx';
import { ReloadLink } from '../shared/reload-link.tsx';

/** Says that the archive has been updated since this page was made, with a reload link. */
export function NewerVersionNotice(): ReactNode {
  const newer = useNewerVersion();
  if (!newer) return null;
  return (
    <p className="newer-version" role="status">
      This archive has been updated since this page was loaded.{' '}
      <ReloadLink>Reload for the newest episodes</ReloadLink>
    </p>
  );
}
