import type { ReactNode } from 'react';
import { useMedia } from '../../shared/media-context.tsx';

/** A host of the podcast and whether they are in this episode. */
export interface HostPresence {
  id: number;
  name: string;
  present: boolean;
}

/** The hosts' avatars; a host who is not in the episode is greyed out. */
export function HostAvatars({ hosts }: { hosts: readonly HostPresence[] }): ReactNode {
  const media = useMedia();
  if (hosts.length === 0) return null;
  return (
    <ul className="host-avatars" aria-label="Hosts">
      {hosts.map((host) => (
        <li
          key={host.id}
          className={host.present ? 'host-avatar' : 'host-avatar host-avatar--absent'}
        >
          <img
            src={media.hostAvatar(host.id)}
            alt={host.present ? host.name : `${host.name} (not in this episode)`}
            title={host.present ? host.name : `${host.name} (not in this episode)`}
            width={36}
            height={36}
            loading="lazy"
          />
        </li>
      ))}
    </ul>
  );
}
