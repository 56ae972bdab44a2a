import type { ReactNode } from 'react';
import { FallbackImage, initialsOf } from '../../shared/fallback-image.tsx';
import { useMedia } from '../../shared/media-context.tsx';

/** A host of the podcast and whether they are in this episode. */
export interface HostPresence {
  id: number;
  name: string;
  present: boolean;
  img?: string | null | undefined;
  img_local?: 0 | 1 | undefined;
}

function label(host: HostPresence): string {
  return host.present ? host.name : `${host.name} (not in this episode)`;
}

/**
 * The hosts' avatars; a host who is not in the episode is greyed out. An avatar that does not
 * load shows the host's initials.
 */
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
          <FallbackImage
            className="host-avatar__image"
            src={media.hostAvatar(host)}
            alt={label(host)}
            title={label(host)}
            width={36}
            height={36}
            fallback={
              <span
                className="host-avatar__image host-avatar__initials"
                role="img"
                aria-label={label(host)}
                title={label(host)}
              >
                {initialsOf(host.name)}
              </span>
            }
          />
        </li>
      ))}
    </ul>
  );
}
