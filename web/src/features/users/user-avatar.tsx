import { useState } from 'react';
import { profilePictureUrl, thumbnailUrl, type PublicUser } from '@backoffice/contract';
import { cx } from '../../components/ui';
import { displayName, initials } from './user-format';

/** The profile picture, or (none, or failing to load) a placeholder with the user's initials. */
export function UserAvatar({
  user,
  className,
}: {
  user: Pick<PublicUser, 'name' | 'username' | 'profilePicture' | 'profilePictureThumbnails'>;
  className?: string;
}) {
  // Avatars are at most 96 CSS pixels: the 96 px thumbnail, or the 480 px one on dense screens.
  const picture = profilePictureUrl(user.profilePicture);
  const thumbnails = user.profilePictureThumbnails;
  const thumbnail = thumbnailUrl(picture, 96, thumbnails);
  // Failures are remembered per URL, so a new picture gets a fresh try without an effect. A
  // thumbnail on the image host may not have been made yet: the original is tried next.
  const [failed, setFailed] = useState<readonly string[]>([]);
  const frame = cx('shrink-0 overflow-hidden rounded-full bg-slate-800', className);
  const src =
    thumbnail && !failed.includes(thumbnail)
      ? thumbnail
      : thumbnails && picture && !failed.includes(picture)
        ? picture
        : null;
  if (!picture || !src) {
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
  const dense = thumbnailUrl(picture, 480, thumbnails);
  return (
    <img
      src={src}
      srcSet={src === thumbnail && dense !== thumbnail ? `${src} 1x, ${dense} 2x` : undefined}
      alt={`Profile picture of ${displayName(user)}`}
      loading="lazy"
      onError={() => setFailed((f) => [...f, src])}
      className={cx(frame, 'object-cover ring-1 ring-slate-700')}
    />
  );
}
