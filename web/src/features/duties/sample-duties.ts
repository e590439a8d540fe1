import type { Duty } from '@backoffice/contract';

/**
 * docs/product.md#error-catalogue: when the list cannot be loaded the screen falls back to these two built-in sample
 * duties. Their `_id`s are not uuids, so the server refuses any change to them (an error alert).
 */
export const SAMPLE_DUTIES: readonly Duty[] = [
  {
    _id: 'sample-duty-1',
    id: '#D0001',
    title: 'Review submitted advertisements',
    description: 'Check every new advertisement against the posting rules before it goes live.',
    conditions: [
      'Review each ad within <b>24 hours</b> of submission.',
      'Reject ads that break the <a href="https://www.caa.gov.lk" rel="noopener noreferrer">Consumer Affairs Authority</a> rules, giving the reason.',
    ],
    status: 'Active',
  },
  {
    _id: 'sample-duty-2',
    id: '#D0002',
    title: 'Respond to user reports',
    description: 'Answer reports of scams, wrong categories and offensive content from marketplace users.',
    conditions: ['Acknowledge every report within <b>4 hours</b>.'],
    status: 'Active',
  },
];
