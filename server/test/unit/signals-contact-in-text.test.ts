import { describe, expect, it } from 'vitest';
import { contactInText, findContacts } from '../../src/signals/contact-in-text';

const inDetails = (details: string) => findContacts({ heading: '', details });
const phones = (details: string) => inDetails(details).map((c) => c.phone);

describe('contact_in_text: phone numbers', () => {
  it.each([
    ['Call 077 123 4567 now'],
    ['tel 0771234567'],
    ['+94 77 123 4567'],
    ['077-123-4567'],
    ['077.123.4567'],
    ['(077) 123 4567'],
    ['94771234567'],
    ['0094771234567'],
    ['0 7 7 1 2 3 4 5 6 7'],
    ['0.7.7.1.2.3.4.5.6.7'],
    ['077*123*4567'],
    ['O77 l23 4567'],
    ['zero seven seven one two three four five six seven'],
    ['call 077 double one 23 456 after 5'],
    ['Tel:0771234567Rs.5000'],
    ['2012/2013 model Rs.3,450,000 call 077 1234567'],
  ])('reads %s as +94…, in E.164', (text) => {
    const [found] = inDetails(text);
    expect(found?.type).toBe('phone');
    expect(found?.phone).toMatch(/^\+947[0-8]\d{7}$/);
  });

  it('gives the exact number and where it was written', () => {
    const [found] = inDetails('Toyota Axio, call 077 123 4567 anytime');
    expect(found).toEqual({
      field: 'details',
      type: 'phone',
      start: 18,
      end: 30,
      text: '077 123 4567',
      phone: '+94771234567',
    });
    expect(findContacts({ heading: 'Axio 0771234567', details: '' })[0]).toMatchObject({ field: 'heading', start: 5 });
  });

  it('reads digits spelt out in Sinhala, Tamil and Singlish', () => {
    expect(phones('අමතන්න බිංදුව හත හත එක දෙක තුන හතර පහ හය හත')).toEqual(['+94771234567']);
    expect(phones('அழைக்கவும் பூஜ்ஜியம் ஏழு ஏழு ஒன்று இரண்டு மூன்று நான்கு ஐந்து ஆறு ஏழு')).toEqual(['+94771234567']);
    expect(phones('kathakaranna binduwa hatha hatha eka deka thuna hathara paha haya hatha')).toEqual(['+94771234567']);
  });

  it('ends a spelt-out number before a figure that follows it', () => {
    expect(phones('For details බිංදුව හත හත එක දෙක තුන හතර පහ හය හත  126GB, 8GB RAM')).toEqual(['+94771234567']);
  });

  it('reads a Colombo landline', () => {
    expect(phones('Contact 011 2 345 678 (office)')).toEqual(['+94112345678']);
  });

  it.each([
    ['Price Rs. 4,500,000 negotiable'],
    ['Rs.112500000 final'],
    ['Price 112345678'],
    ['Rs 77123456/='],
    ['Year 2012/2013, mileage 85,000 km'],
    ['Mileage 0771234 km'],
    ['Model KDH 201, chassis NZE141-6012345'],
    ['Engine 1500cc, 2015 registered, 1st owner'],
    ['Available from 07.12.2023 10.30am'],
    ['4 bedrooms, 15 perches, 1840 sq ft, Rs. 38 mn'],
    ['IMEI 356938035643809'],
    ['Lease balance 0712345 for 51 months'],
    ['I have one two three ideas'],
    ['Meka eka hondai, deka thuna parak balanna'],
  ])('finds no phone number in %s', (text) => {
    expect(inDetails(text)).toEqual([]);
  });
});

describe('contact_in_text: emails, addresses and handles', () => {
  it('finds emails, written plainly or spelt out', () => {
    expect(inDetails('mail kamal.perera@gmail.com today')).toMatchObject([
      { type: 'email', text: 'kamal.perera@gmail.com' },
    ]);
    expect(inDetails('kamal at gmail dot com')).toMatchObject([{ type: 'email' }]);
    expect(inDetails('kamal [at] yahoo [dot] com')).toMatchObject([{ type: 'email' }]);
  });

  it('finds web addresses', () => {
    expect(inDetails('see www.lankacars.lk or lankacars.com/ads').map((c) => c.text)).toEqual([
      'www.lankacars.lk',
      'lankacars.com/ads',
    ]);
    expect(inDetails('https://example.com/x.')).toMatchObject([{ type: 'url', text: 'https://example.com/x' }]);
  });

  it('finds WhatsApp, Telegram and Viber handles and links, with the number in a link', () => {
    expect(inDetails('wa.me/94771234567')).toMatchObject([{ type: 'handle', phone: '+94771234567' }]);
    expect(inDetails('t.me/lanka_deals')).toMatchObject([{ type: 'handle' }]);
    expect(inDetails('Telegram: @lanka_deals')).toMatchObject([{ type: 'handle', text: 'Telegram: @lanka_deals' }]);
  });

  it('leaves "@Colombo", a model name with a dot and a price in decimals alone', () => {
    expect(inDetails('Available @Colombo, Rs.5.5 mn, Vitz.2015 model')).toEqual([]);
  });
});

describe('contact_in_text as a signal', () => {
  it('is one signal with every contact as evidence, or none', () => {
    const [signal] = contactInText.detect({ heading: 'Axio 077 123 4567', details: 'or kamal@gmail.com' });
    expect(signal?.kind).toBe('contact_in_text');
    expect((signal?.evidence as { contacts: unknown[] }).contacts).toHaveLength(2);
    expect(contactInText.detect({ heading: 'Toyota Axio 2012', details: 'Rs. 4,500,000, 85,000 km' })).toEqual([]);
  });
});
