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

type Maker = (rng: Rng, place: string) => { title: string; heading: string; details: string };

export const CATEGORIES: Record<string, { hue: [number, number, number]; make: Maker }> = {
  'Land sale': {
    hue: [86, 160, 72],
    make: (rng, place) => {
      const perches = rng.pick([6, 8, 10, 12, 15, 20, 40]);
      const price = rng.int(4, 40) * 50_000;
      return {
        title: `${perches} Perches Land`,
        heading: `${perches} Perches Land for Sale in ${place}`,
        details: `Clear deed, ${rng.pick(['flat', 'slightly sloped', 'square shaped'])} bare land ${rng.int(1, 15) * 100} m from the main road. ${lkr(price)} per perch, negotiable. Water and electricity available.`,
      };
    },
  },
  'House sale': {
    hue: [214, 140, 60],
    make: (rng, place) => {
      const beds = rng.int(2, 6);
      return {
        title: `${beds} Bedroom House`,
        heading: `${beds} Bedroom ${rng.pick(['Two Storey', 'Single Storey', 'Luxury'])} House for Sale in ${place}`,
        details: `${beds} bedrooms, ${rng.int(1, 4)} bathrooms, ${rng.pick(['tiled', 'titanium'])} floors, parking for ${rng.int(1, 3)} vehicles, on ${rng.int(6, 20)} perches. Price ${lkr(rng.int(150, 900) * 100_000)}.`,
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
      return {
        title: `${car} ${year}`,
        heading: `${car} ${year} for Sale`,
        details: `${rng.int(20, 180) * 1000} km, ${rng.pick(['first owner', 'second owner'])}, ${rng.pick(['excellent', 'very good'])} condition. ${lkr(rng.int(25, 160) * 100_000)}.`,
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
      return {
        title: item,
        heading: `${item} - ${rng.pick(['Brand New', 'Used', 'Like New'])}`,
        details: `With warranty. ${lkr(rng.int(30, 400) * 1000)}.`,
      };
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
      return {
        title: phone,
        heading: `${phone} for Sale`,
        details: `${rng.pick(['Brand new, sealed', 'Used, no scratches'])}. ${lkr(rng.int(35, 320) * 1000)}.`,
      };
    },
  },
  'Property rentals': {
    hue: [180, 150, 50],
    make: (rng, place) => {
      const kind = rng.pick(['Annex', 'Apartment', 'House', 'Room', 'Shop Space']);
      return {
        title: `${kind} for Rent`,
        heading: `${kind} for Rent in ${place}`,
        details: `Monthly rent ${lkr(rng.int(15, 250) * 1000)}, ${rng.int(3, 12)} months advance.`,
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
