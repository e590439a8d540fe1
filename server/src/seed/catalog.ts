import type { Rng } from './random';

/** Realistic Sri Lankan marketplace vocabulary for demo ads. */
export const DISTRICTS = [
  'Ampara',
  'Anuradhapura',
  'Badulla',
  'Batticaloa',
  'Colombo',
  'Galle',
  'Gampaha',
  'Hambantota',
  'Jaffna',
  'Kalutara',
  'Kandy',
  'Kegalle',
  'Kilinochchi',
  'Kurunegala',
  'Mannar',
  'Matale',
  'Matara',
  'Monaragala',
  'Mullaitivu',
  'Nuwara Eliya',
  'Polonnaruwa',
  'Puttalam',
  'Ratnapura',
  'Trincomalee',
  'Vavuniya',
] as const;

const towns: Record<string, string[]> = {
  Colombo: ['Nugegoda', 'Dehiwala', 'Maharagama', 'Kottawa', 'Wellawatte', 'Rajagiriya'],
  Gampaha: ['Negombo', 'Kadawatha', 'Ja-Ela', 'Kiribathgoda', 'Wattala'],
  Kandy: ['Peradeniya', 'Katugastota', 'Kundasale', 'Digana'],
  Galle: ['Hikkaduwa', 'Karapitiya', 'Ambalangoda'],
  Kurunegala: ['Kuliyapitiya', 'Pannala', 'Wariyapola'],
};
export const townIn = (rng: Rng, district: string) => rng.pick(towns[district] ?? [district]);

const lkr = (n: number) => `Rs. ${n.toLocaleString('en-LK')}`;

/**
 * An ad's text and its asking price in whole rupees (null: jobs, services, an ad with no price).
 * Each maker draws its random values in one fixed order: the same seed gives the same ads.
 */
type Maker = (rng: Rng, place: string) => { title: string; heading: string; details: string; price: number | null };

export const CATEGORIES: Record<string, { hue: [number, number, number]; make: Maker }> = {
  'Land sale': {
    hue: [86, 160, 72],
    make: (rng, place) => {
      const perches = rng.pick([6, 8, 10, 12, 15, 20, 40]);
      const perPerch = rng.int(4, 40) * 50_000;
      const shape = rng.pick(['flat', 'slightly sloped', 'square shaped']);
      const fromRoad = rng.int(1, 15) * 100;
      return {
        title: `${perches} Perches Land`,
        heading: `${perches} Perches Land for Sale in ${place}`,
        details: `Clear deed, ${shape} bare land ${fromRoad} m from the main road. ${lkr(perPerch)} per perch, negotiable. Water and electricity available.`,
        price: perches * perPerch,
      };
    },
  },
  'House sale': {
    hue: [214, 140, 60],
    make: (rng, place) => {
      const beds = rng.int(2, 6);
      const kind = rng.pick(['Two Storey', 'Single Storey', 'Luxury']);
      const baths = rng.int(1, 4);
      const floors = rng.pick(['tiled', 'titanium']);
      const parking = rng.int(1, 3);
      const land = rng.int(6, 20);
      const price = rng.int(150, 900) * 100_000;
      return {
        title: `${beds} Bedroom House`,
        heading: `${beds} Bedroom ${kind} House for Sale in ${place}`,
        details: `${beds} bedrooms, ${baths} bathrooms, ${floors} floors, parking for ${parking} vehicles, on ${land} perches. Price ${lkr(price)}.`,
        price,
      };
    },
  },
  Vacancies: {
    hue: [90, 120, 220],
    make: (rng, place) => {
      const job = rng.pick([
        'Accounts Assistant',
        'Sales Executive',
        'Driver',
        'Cashier',
        'Graphic Designer',
        'Security Officer',
        'Receptionist',
      ]);
      return {
        title: job,
        heading: `${job} Wanted - ${place}`,
        details: `Immediate vacancy for a ${job.toLowerCase()}. Salary ${lkr(rng.int(45, 150) * 1000)} plus allowances. Apply with your CV.`,
        // A salary is not an asking price.
        price: null,
      };
    },
  },
  Vehicles: {
    hue: [200, 60, 60],
    make: (rng) => {
      const car = rng.pick([
        'Toyota Aqua',
        'Suzuki Wagon R',
        'Honda Vezel',
        'Toyota Axio',
        'Nissan Leaf',
        'Bajaj RE Three Wheeler',
        'Honda Dio Scooter',
      ]);
      const year = rng.int(2008, 2022);
      const km = rng.int(20, 180) * 1000;
      const owner = rng.pick(['first owner', 'second owner']);
      const condition = rng.pick(['excellent', 'very good']);
      const price = rng.int(25, 160) * 100_000;
      return {
        title: `${car} ${year}`,
        heading: `${car} ${year} for Sale`,
        details: `${km} km, ${owner}, ${condition} condition. ${lkr(price)}.`,
        price,
      };
    },
  },
  Electronics: {
    hue: [120, 80, 200],
    make: (rng) => {
      const item = rng.pick([
        'Samsung 55" Smart TV',
        'LG Inverter Refrigerator',
        'Sony Home Theatre',
        'Dell Laptop i5',
        'Canon EOS Camera',
        'Singer Washing Machine',
      ]);
      const condition = rng.pick(['Brand New', 'Used', 'Like New']);
      const price = rng.int(30, 400) * 1000;
      return { title: item, heading: `${item} - ${condition}`, details: `With warranty. ${lkr(price)}.`, price };
    },
  },
  'Mobile phones': {
    hue: [40, 170, 190],
    make: (rng) => {
      const phone = rng.pick([
        'iPhone 13 128GB',
        'Samsung Galaxy A54',
        'Redmi Note 12',
        'Huawei Nova 9',
        'iPhone 11 64GB',
        'Oppo A78',
      ]);
      const condition = rng.pick(['Brand new, sealed', 'Used, no scratches']);
      const price = rng.int(35, 320) * 1000;
      return { title: phone, heading: `${phone} for Sale`, details: `${condition}. ${lkr(price)}.`, price };
    },
  },
  'Property rentals': {
    hue: [180, 150, 50],
    make: (rng, place) => {
      const kind = rng.pick(['Annex', 'Apartment', 'House', 'Room', 'Shop Space']);
      const rent = rng.int(15, 250) * 1000;
      return {
        title: `${kind} for Rent`,
        heading: `${kind} for Rent in ${place}`,
        details: `Monthly rent ${lkr(rent)}, ${rng.int(3, 12)} months advance.`,
        // The monthly rent, as rentals are priced.
        price: rent,
      };
    },
  },
  Services: {
    hue: [220, 90, 160],
    make: (rng, place) => {
      const service = rng.pick([
        'House Wiring & Electrical',
        'CCTV Installation',
        'Plumbing',
        'Catering',
        'AC Repair',
        'Tuition - O/L Maths',
      ]);
      return {
        title: service,
        heading: `${service} Services - ${place}`,
        details: `Reliable and affordable. Call for a free quotation. Island-wide service from ${lkr(rng.int(2, 20) * 500)}.`,
        // "From Rs. …" is a starting rate, not a price.
        price: null,
      };
    },
  },
};

export const REJECTION_REASONS = [
  'Duplicate advertisement',
  'Prohibited item',
  'Images do not match the description',
  'Missing price information',
  'Contact details in the images',
  'Posted in the wrong category',
];
