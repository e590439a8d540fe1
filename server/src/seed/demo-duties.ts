import type { DutyStatus } from '@backoffice/contract';
import type { Db } from '../db/client';
import { duties } from '../db/schema';
import { sanitizeCondition } from '../modules/duties/duty-sanitizer';
import type { FileStorage } from '../storage/file-storage';

type DemoDuty = { code: string; title: string; description: string; conditions: string[]; status: DutyStatus };

/** Five duties of a marketplace moderation team; conditions use bold and links (docs/decisions/0005-packages-and-duties.md). */
export const DEMO_DUTIES: DemoDuty[] = [
  {
    code: '#D1024',
    title: 'Review submitted advertisements',
    description:
      'Check every newly submitted advertisement against the posting rules before it goes live, and approve or reject it with a clear reason.',
    conditions: [
      'Review each ad within <b>24 hours</b> of submission; ads waiting more than 48 hours are <b>high priority</b>.',
      'Reject duplicates, wrong categories and ads without a real price, quoting the rule in the rejection reason.',
      'Approval and rejection are <strong>permanent</strong>: when in doubt, ask the shift lead before acting.',
    ],
    status: 'Active',
  },
  {
    code: '#D2048',
    title: 'Verify advertiser accounts',
    description:
      'Confirm that new advertisers are real people or registered businesses before their accounts are marked as verified.',
    conditions: [
      'Confirm the mobile number with a <b>one-time code</b> before setting the account to Active.',
      'Business accounts must show a business registration number that matches the <a href="https://www.drc.gov.lk">Department of Registrar of Companies</a> records.',
      'Never ask for NIC copies over WhatsApp or email; use the secure upload form only.',
    ],
    status: 'Active',
  },
  {
    code: '#D3172',
    title: 'Handle scam and fraud reports',
    description:
      'Act on user reports of fake listings, advance-payment scams and phishing links, and keep a record of every report handled.',
    conditions: [
      'Take down any ad asking for an <b>advance payment</b> or a deposit before viewing, and suspend the advertiser pending review.',
      'Report phishing links and fake bank pages to <a href="https://www.cert.gov.lk">Sri Lanka CERT</a> the same day.',
      'Escalate threats, extortion or stolen goods to <a href="mailto:trust-safety@admarket.lk">trust-safety@admarket.lk</a> within <b>2 hours</b>.',
    ],
    status: 'Active',
  },
  {
    code: '#D4310',
    title: 'Vehicle listing compliance',
    description:
      'Make sure car, motorcycle and three-wheeler ads describe a vehicle that can legally be sold and state its registration details truthfully.',
    conditions: [
      'The registration number must follow the current format (for example <b>CAB-1234</b>); check doubtful ones on the <a href="https://dmt.gov.lk">Department of Motor Traffic</a> site.',
      'Reject ads for vehicles marked <b>unregistered</b> or <b>permit</b> unless the ad states the permit holder details.',
    ],
    status: 'Active',
  },
  {
    code: '#D5096',
    title: 'Festive season promotion checks',
    description:
      'During the Avurudu and Christmas sales, check that discounted prices in promoted ads are genuine and the promotion dates are honoured.',
    conditions: [
      'The original price must be shown next to the discounted price; misleading discounts breach the <a href="https://www.caa.gov.lk">Consumer Affairs Authority</a> guidelines.',
      'Remove the festive badge from ads once the promotion has <b>ended</b>.',
    ],
    status: 'Inactive',
  },
];

const DAY = 86_400_000;

/** docs/decisions/0015-demo-data-and-admins.md: the demo duties, sanitised exactly as the API would store them. */
export async function seedDuties(db: Db, _storage: FileStorage, opts: { now?: Date } = {}): Promise<void> {
  const now = opts.now ?? new Date();
  await db.insert(duties).values(
    DEMO_DUTIES.map((d, i) => {
      const at = new Date(now.getTime() - (200 - i * 30) * DAY);
      return { ...d, conditions: d.conditions.map(sanitizeCondition), createdAt: at, updatedAt: at };
    }),
  );
}
