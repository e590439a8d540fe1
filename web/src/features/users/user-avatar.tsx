import { useState } from 'react';
import { profilePictureUrl, type PublicUser } from '@backoffice/contract';
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
  const src = profilePictureUrl(user.profilePicture);
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
      alt={`Profile picture of ${displayName(user)}`}
      loading="lazy"
      onError={() => setFailedSrc(src)}
      className={cx(frame, 'object-cover ring-1 ring-slate-700')}
    />
  );
}
