import { useState } from 'react';
import { profilePictureUrl, thumbnailUrl, type PublicUser } from '@backoffice/contract';
import { cx } from '../../components/ui';
import { displayName, initials } from './user-format';

/** The profile picture, or (none, or failing to load) a placeholder with the user's initials. */
export function UserAvatar({
  user,
  className,
}: {
  user: Pick<PublicUser, 'name' | 'username' | 'profilePicture'>;
  className?: string;
}) {
  // Avatars are at most 96 CSS pixels: the 96 px thumbnail, or the 480 px one on dense screens.
  const picture = profilePictureUrl(user.profilePicture);
  const src = thumbnailUrl(picture, 96);
  // The failure is remembered per URL, so a new picture gets a fresh try without an effect.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const frame = cx('shrink-0 overflow-hidden rounded-full bg-slate-800', className);
  if (!src || failedSrc === src) {
    return (
      <div
        role="img"
        aria-label={`No profile picture for ${displayName(user)}`}
        className={cx(frame, 'flex items-center justify-center font-semibold text-indigo-200 ring-1 ring-slate-700')}
      >
        <span aria-hidden="true">{initials(user)}</span>
      </div>
    );
  }
  return (
    <img
      src={src}
      srcSet={picture ? `${src} 1x, ${thumbnailUrl(picture, 480)} 2x` : undefined}
      alt={`Profile picture of ${displayName(user)}`}
      loading="lazy"
      onError={() => setFailedSrc(src)}
      className={cx(frame, 'object-cover ring-1 ring-slate-700')}
    />
  );
}
