import type { Random } from './random';

/**
 * Generated ad texts: vehicles, phones and houses, in English and Singlish, from sentence templates
 * with slots. Two ads of the same model share the heading's words and whatever templates both
 * happen to draw (as real ads share their boilerplate), and nothing else: the clean look-alikes.
 */
export interface Item {
  heading: string;
  category: string;
  facts: Record<string, string>;
}

const cars = [
  'Toyota Axio',
  'Toyota Premio',
  'Toyota Vitz',
  'Honda Fit',
  'Honda Vezel',
  'Suzuki Wagon R',
  'Nissan Leaf',
  'Toyota Aqua',
  'Suzuki Alto',
  'Mitsubishi Montero',
  'Toyota KDH',
  'Nissan X-Trail',
  'Honda Grace',
  'Perodua Axia',
  'Micro Panda',
];
const phones = [
  'iPhone 13 Pro',
  'Samsung Galaxy S22',
  'Redmi Note 12',
  'Huawei Nova 9',
  'Oppo A78',
  'iPhone 11',
  'Samsung A54',
  'Vivo Y36',
  'Nokia G21',
];
const towns = [
  'Colombo',
  'Kandy',
  'Galle',
  'Negombo',
  'Kurunegala',
  'Matara',
  'Gampaha',
  'Maharagama',
  'Kottawa',
  'Jaffna',
  'Batticaloa',
  'Anuradhapura',
  'Ratnapura',
  'Panadura',
];
const colours = ['white', 'silver', 'black', 'pearl white', 'red', 'blue', 'grey', 'wine red', 'gold'];

export function makeItem(r: Random, kind = r.pick(['car', 'car', 'phone', 'house'] as const)): Item {
  const year = String(r.int(2005, 2023));
  const town = r.pick(towns);
  if (kind === 'car') {
    const model = r.pick(cars);
    return {
      heading: `${model} ${year}`,
      category: 'Cars',
      facts: {
        model,
        year,
        town,
        colour: r.pick(colours),
        km: String(r.int(10, 190) * 1000),
        cc: r.pick(['660', '1000', '1300', '1500', '1800', '2000', '2800']),
      },
    };
  }
  if (kind === 'phone') {
    const model = r.pick(phones);
    return {
      heading: `${model} ${r.pick(['128GB', '256GB', '64GB'])}`,
      category: 'Mobile Phones',
      facts: { model, year, town, colour: r.pick(colours), km: '', cc: '' },
    };
  }
  const rooms = String(r.int(2, 6));
  return {
    heading: `${rooms} bedroom house in ${town}`,
    category: 'Houses',
    facts: {
      model: `${rooms} bedroom house`,
      year,
      town,
      colour: r.pick(colours),
      km: String(r.int(6, 40)),
      cc: rooms,
    },
  };
}

/** Another seller's ad for the same model: the same heading, its own year, colour, mileage and town. */
export function sameModel(r: Random, item: Item): Item {
  const kind = item.category === 'Cars' ? 'car' : item.category === 'Houses' ? 'house' : 'phone';
  const other = makeItem(r, kind);
  return { heading: item.heading, category: item.category, facts: { ...other.facts, model: item.facts.model! } };
}

type Template = (f: Record<string, string>, r: Random) => string;
const common: Template[] = [
  (f) => `Located in ${f.town}.`,
  (_f, r) =>
    `Price Rs. ${r.int(5, 990) * 10000} ${r.pick(['negotiable', 'slightly negotiable', 'final price', 'no bargaining'])}.`,
  (_f, r) =>
    `${r.pick(['Genuine buyers only', 'Serious buyers only please', 'No time wasters', 'Brokers please excuse'])}.`,
  (f, r) =>
    `${r.pick(['Call anytime', 'Contact after 5 pm', 'Weekend inspection possible', 'Inspection at our place'])} in ${f.town}.`,
  (_f, r) =>
    `Selling due to ${r.pick(['going abroad', 'buying a new one', 'family reasons', 'upgrade', 'shifting house'])}.`,
  (f, r) =>
    `Owner ${r.pick(['used', 'maintained', 'kept'])} with ${r.pick(['great care', 'love', 'full attention'])} since ${f.year}.`,
  () => `Hondama condition eke thiyenawa, ganan podi kathawa karanna puluwan.`,
  (f) => `${f.town} walata genath denna puluwan, kaemathi nam kiyanna.`,
  () => `Kisima prashnayak naha, hondata wada karanawa.`,
  (_f, r) =>
    `Mulu ${r.pick(['service records', 'documents', 'bill eka', 'box eka'])} thiyenawa, ${r.pick(['dan ganna', 'ikmanata ganna', 'balala ganna'])}.`,
];
const byCategory: Record<string, Template[]> = {
  Cars: [
    (f) => `${f.colour} colour, ${f.km} km only.`,
    (f) => `Engine ${f.cc} cc, ${f.year} registered.`,
    (_f, r) =>
      `${r.pick(['Auto', 'Manual', 'Tiptronic'])} gear, ${r.pick(['push start', 'keyless entry', 'reverse camera', 'multifunction steering'])}.`,
    (_f, r) =>
      `${r.pick(['Brand new tyres', 'New battery', 'Fresh service done', 'Company maintained'])}, ${r.pick(['no accidents', 'accident free', 'no repairs'])}.`,
    (f, r) =>
      `${r.pick(['Leasing available', 'Leasing can be arranged', 'Cash only', 'Finance facility available'])} for the ${f.model}.`,
    (_f, r) => `Fuel economy ${r.int(10, 25)} km per litre in town.`,
    (_f, r) =>
      `${r.pick(['First owner', 'Second owner', 'Single owner', 'One owner'])}, ${r.pick(['lady driven', 'doctor used', 'office use only', 'home use only'])}.`,
    (f, r) =>
      `${r.pick(['Original paint', 'Full option', 'Japan import', 'Registered in ' + f.year])}, ${r.pick(['A/C perfect', 'dual A/C', 'power shutters', 'alloy wheels'])}.`,
    (f) => `Mileage eka ${f.km}, engine eka hondai.`,
  ],
  'Mobile Phones': [
    (f, r) => `${f.colour} colour, battery health ${r.int(78, 100)}%.`,
    (_f, r) => `${r.pick(['With box and charger', 'Only the phone', 'Box, charger and cover included'])}.`,
    (_f, r) =>
      `${r.pick(['No scratches', 'Minor scratch on the back', 'Screen protector since day one'])}, ${r.pick(['face ID works', 'fingerprint works', 'all functions working'])}.`,
    (_f, r) =>
      `${r.pick(['Dialog', 'Mobitel', 'Hutch', 'Airtel'])} ${r.pick(['network unlocked', 'works on all networks', 'dual SIM'])}.`,
    (_f, r) =>
      `Used for ${r.int(3, 30)} months, ${r.pick(['warranty remaining', 'no warranty', 'shop warranty ended'])}.`,
    () => `Phone eka aluth wage, display eka pattai.`,
  ],
  Houses: [
    (f, r) => `${f.cc} bedrooms, ${r.int(1, 4)} bathrooms, ${r.int(6, 40)} perches.`,
    (f, r) =>
      `${r.int(1, 20)} km to ${f.town} town, ${r.pick(['bus route', 'quiet area', 'close to schools', 'near the main road'])}.`,
    (_f, r) => `${r.pick(['Clear deeds', 'Bank loan facilities available', 'Title is clear', 'Approved plan'])}.`,
    (_f, r) =>
      `${r.pick(['Pipe borne water', 'Three phase electricity', 'Parking for two vehicles', 'Solar panels installed'])}.`,
    (f, r) =>
      `Built in ${f.year}, ${r.pick(['tiled floors', 'pantry cupboards', 'roof terrace', 'garden with fruit trees'])}.`,
    () => `Gedara hondatama thiyenawa, wathura prashna naha.`,
  ],
};

/** Words a seller puts in their own sentences: what makes one ad's text its own. */
const vocabulary = (
  'the this my our a very well fully recently just bought used kept parked garage driven carefully ' +
  'daily weekly office school trips family wife father son daughter brother uncle abroad returned ' +
  'colombo kandy road highway rain sun dust clean wash polish wax interior seats leather fabric mats ' +
  'music player android screen camera sensors lights fog led projector horn alarm tint windows mirror ' +
  'spare wheel jack tools manual book keys remote two three four five months years weeks ago since ' +
  'bought from agent dealer auction import local assembled checked inspected tested mechanic garage ' +
  'tuned oil changed filters brakes pads shocks suspension clutch gearbox smooth quiet powerful economic ' +
  'fuel saving cheap cost low high maintenance easy parts available everywhere condition mint perfect ' +
  'excellent good fair honest price value money worth deal offer urgent quick sale today tomorrow ' +
  'hariyata hodata godak podi loku aluth parana wahanaya gedara paara kattiya amma thaththa malli akka ' +
  'wela giya awurudu masa dawas kiyala thiyanawa dunna gaththa wikunanna oni salli ganan kathawa'
).split(' ');

function ownSentence(r: Random): string {
  const words = Array.from({ length: r.int(6, 12) }, () => r.pick(vocabulary));
  return `${words.join(' ')}.`.replace(/^./, (c) => c.toUpperCase());
}

/** An ad's sentences: a few of its category's, a few common ones and one or two of its own, in random order. */
export function makeSentences(r: Random, item: Item): string[] {
  const own = r.shuffle([...byCategory[item.category]!]).slice(0, r.int(3, 5));
  const shared = r.shuffle([...common]).slice(0, r.int(1, 3));
  const mine: Template[] = Array.from({ length: r.int(1, 2) }, () => (_facts, rr) => ownSentence(rr));
  return r.shuffle([...own, ...shared, ...mine]).map((t) => t(item.facts, r));
}

/** Singlish respellings a reposter (or a second account) types; most fold (text-normalise.ts), a few do not. */
const respell: Record<string, string[]> = {
  thiyenawa: ['tiyenava', 'thiyanawa', 'thiyenava', 'tiyanawa'],
  hondama: ['hondhama', 'hoddama'],
  hondai: ['hondhai', 'hondaai'],
  hondata: ['hondhata'],
  karanna: ['karnna', 'kranna'],
  puluwan: ['puluvan', 'puluwn'],
  kathawa: ['kathaawa', 'katawa'],
  wada: ['vada', 'waada'],
  karanawa: ['karanava', 'krnawa'],
  naha: ['nehe', 'naa'],
  kiyanna: ['kianna', 'kiyana'],
  ganna: ['gnna', 'gannna'],
  genath: ['genat', 'gennath'],
  eka: ['eke', 'ekka'],
  aluth: ['aluthh', 'alut'],
};

export type TextEdit = 'edit' | 'reorder' | 'singlish';

/** A repost of an ad: words changed, sentences reordered, or Singlish spelt another way. */
export function editText(r: Random, heading: string, sentences: string[], edits: TextEdit[]) {
  let out = [...sentences];
  let head = heading;
  for (const edit of edits) {
    if (edit === 'reorder') out = r.shuffle(out);
    if (edit === 'singlish')
      out = out.map((s) => s.replace(/\b[a-z]+\b/g, (w) => (respell[w] && r.chance(0.7) ? r.pick(respell[w]) : w)));
    if (edit === 'edit') {
      head = r.chance(0.5) ? `${head} ${r.pick(['for sale', 'urgent sale', '- mint condition', 'quick sale'])}` : head;
      out = out.map((s) =>
        s
          .split(' ')
          .map((w) => (r.chance(0.08) ? r.pick(['very', 'good', 'nice', 'super', 'clean', 'real']) : w))
          .filter(() => !r.chance(0.04))
          .join(' '),
      );
      if (r.chance(0.5))
        out.push(r.pick(['Price can be discussed.', 'Call me for details.', 'Still available.', 'Ikmanin ganna.']));
    }
  }
  return { heading: head, details: out.join(' ') };
}
