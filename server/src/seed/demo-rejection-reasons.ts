import type { RejectionReasonBody } from '@backoffice/contract';
import type { Db } from '../db/client';
import { rejectionReasons } from '../db/schema';

/** The reasons a Sri Lankan classifieds moderation team gives most, ready for the Reject modal. */
export const DEMO_REJECTION_REASONS: Required<RejectionReasonBody>[] = [
  {
    title: 'Duplicate ad',
    text: 'This advertisement repeats one you have already posted. Please keep a single ad per item and edit it instead of posting it again.',
    status: 'active',
  },
  {
    title: 'Wrong category',
    text: 'This advertisement is in the wrong category. Please post it again under the category that matches the item, for example a three-wheeler under Vehicles, not Electronics.',
    status: 'active',
  },
  {
    title: 'Prohibited item',
    text: 'This item cannot be advertised on our site (for example weapons, medicines, wildlife or counterfeit goods). Please read the posting rules before posting again.',
    status: 'active',
  },
  {
    title: 'Misleading price',
    text: 'The price must be the real selling price in LKR. Prices such as Rs. 1 or "call for price" with a different amount in the description are not allowed.',
    status: 'active',
  },
  {
    title: 'Poor photos',
    text: 'The photos are blurred, too dark or do not show the item being sold. Please add clear photos of the actual item taken by you.',
    status: 'active',
  },
  {
    title: 'Contact details in images',
    text: 'Phone numbers, email addresses and links are not allowed in the images. Please remove them; buyers reach you through the contact number of your ad.',
    status: 'active',
  },
  {
    title: 'Advance payment request',
    text: 'Advertisements asking for an advance payment or a deposit before viewing are not allowed.',
    status: 'inactive',
  },
];

/** Inserts the demo rejection reasons, oldest first in the order above. */
export async function seedRejectionReasons(db: Db, opts: { now?: Date } = {}): Promise<void> {
  const now = (opts.now ?? new Date()).getTime();
  await db
    .insert(rejectionReasons)
    .values(DEMO_REJECTION_REASONS.map((r, i) => ({ ...r, createdAt: new Date(now - (60 - i) * 60_000) })));
}
