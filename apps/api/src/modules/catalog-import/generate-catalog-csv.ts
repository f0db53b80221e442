/**
 * A synthetic auto-parts catalog in WooCommerce CSV format, for the import benchmark and load tests
 * (`npm run catalog:generate`). Deterministic for a given seed. Pure: returns the CSV text.
 */
import { stringify } from 'csv-stringify/sync';

const CATEGORIES: { title: string; children: { title: string; nouns: string[] }[] }[] = [
  {
    title: 'Brakes',
    children: [
      { title: 'Brake Pads', nouns: ['Front Brake Pad Set', 'Rear Brake Pad Set', 'Ceramic Brake Pads'] },
      { title: 'Brake Rotors', nouns: ['Front Disc Rotor Pair', 'Rear Disc Rotor Pair', 'Slotted Rotor'] },
      {
        title: 'Brake Fluid',
        nouns: ['DOT 4 Brake Fluid 500ml', 'DOT 5.1 Brake Fluid 1L', 'Racing Brake Fluid'],
      },
    ],
  },
  {
    title: 'Engine',
    children: [
      { title: 'Oil Filters', nouns: ['Oil Filter', 'Cartridge Oil Filter', 'Heavy Duty Oil Filter'] },
      { title: 'Spark Plugs', nouns: ['Iridium Spark Plug', 'Platinum Spark Plug', 'Copper Spark Plug'] },
      { title: 'Timing Belts', nouns: ['Timing Belt Kit', 'Timing Belt', 'Timing Kit with Water Pump'] },
    ],
  },
  {
    title: 'Suspension',
    children: [
      { title: 'Shock Absorbers', nouns: ['Front Shock Absorber', 'Rear Shock Absorber', 'Foam Cell Shock'] },
      {
        title: 'Coil Springs',
        nouns: ['Front Coil Spring Pair', 'Rear Coil Spring Pair', 'Raised Coil Springs'],
      },
      { title: 'Control Arms', nouns: ['Lower Control Arm', 'Upper Control Arm', 'Control Arm Bush Kit'] },
    ],
  },
  {
    title: 'Electrical',
    children: [
      { title: 'Batteries', nouns: ['Car Battery', 'AGM Deep Cycle Battery', 'Start Stop Battery'] },
      { title: 'Alternators', nouns: ['Alternator', 'Alternator Regulator', 'High Output Alternator'] },
      { title: 'Starter Motors', nouns: ['Starter Motor', 'Starter Solenoid', 'Gear Reduction Starter'] },
    ],
  },
  {
    title: 'Lighting',
    children: [
      {
        title: 'Headlight Globes',
        nouns: ['H4 Headlight Globe Pair', 'H7 Headlight Globe Pair', 'LED Headlight Kit'],
      },
      { title: 'Light Bars', nouns: ['20in LED Light Bar', '40in LED Light Bar', 'Driving Light Pair'] },
      { title: 'Tail Lights', nouns: ['Tail Light Assembly', 'LED Tail Light Pair', 'Trailer Light Kit'] },
    ],
  },
  {
    title: 'Cooling',
    children: [
      { title: 'Radiators', nouns: ['Radiator', 'Alloy Performance Radiator', 'Radiator Cap'] },
      { title: 'Water Pumps', nouns: ['Water Pump', 'Electric Water Pump', 'Water Pump Gasket'] },
      { title: 'Thermostats', nouns: ['Thermostat', 'Thermostat Housing', 'Low Temp Thermostat'] },
    ],
  },
  {
    title: 'Exhaust',
    children: [
      { title: 'Mufflers', nouns: ['Rear Muffler', 'Centre Muffler', 'Stainless Muffler'] },
      { title: 'Extractors', nouns: ['Extractors', 'Tuned Extractors', 'Extractor Gasket Kit'] },
      { title: 'Catalytic Converters', nouns: ['Catalytic Converter', 'High Flow Cat', 'DPF Back Pipe'] },
    ],
  },
  {
    title: 'Accessories',
    children: [
      { title: 'Floor Mats', nouns: ['Rubber Floor Mat Set', 'Carpet Floor Mats', 'Cargo Liner'] },
      { title: 'Seat Covers', nouns: ['Canvas Seat Cover Pair', 'Neoprene Seat Covers', 'Rear Seat Cover'] },
      { title: 'Roof Racks', nouns: ['Roof Rack Cross Bars', 'Alloy Roof Platform', 'Roof Basket'] },
    ],
  },
];

/** Invented brand names (no real company's), so a synthetic catalog never passes for a real one. */
const BRANDS = [
  'Austral Drive',
  'Bushline',
  'Coralwave Auto',
  'Dusttrail',
  'Emberlite',
  'Fernvale Parts',
  'Gumtree Garage',
  'Highway Kestrel',
  'Ironstone',
  'Jarrah Works',
  'Koala Torque',
  'Lyrebird Lighting',
  'Mallee Motorsport',
  'Nullarbor Gear',
  'Opal Coast',
  'Pindan Performance',
  'Quokka Spares',
  'Riverina Auto',
  'Saltbush Supply',
  'Tasman Drive',
  'Uluru Offroad',
  'Victoria Point',
  'Wattle Tools',
  'Xanthorrhoea',
  'Yarra Motor Co',
  'Zephyr Filters',
  'Billabong Batteries',
  'Coolabah Covers',
  'Dingo Ridge',
  'Eucalypt Engineering',
];

const VEHICLES = [
  ['Toyota Hilux', '2015-2024'],
  ['Ford Ranger', '2011-2022'],
  ['Mazda BT-50', '2011-2020'],
  ['Holden Commodore VE', '2006-2013'],
  ['Toyota Corolla', '2012-2019'],
  ['Hyundai i30', '2012-2017'],
  ['Mitsubishi Triton', '2015-2023'],
  ['Nissan Navara D23', '2015-2024'],
  ['Isuzu D-Max', '2012-2020'],
  ['Subaru Outback', '2009-2014'],
  ['Mazda 3', '2013-2018'],
  ['Kia Cerato', '2013-2018'],
  ['Toyota LandCruiser 200', '2007-2021'],
  ['Volkswagen Amarok', '2011-2022'],
  ['Ford Falcon FG', '2008-2016'],
] as const;

const FEATURES = [
  'Made to OE specification',
  'Direct bolt-in fitment',
  'Tested for Australian conditions',
  'Corrosion-resistant finish',
  '12 month warranty',
  'Low noise and dust',
  'Includes fitting hardware',
];

/** The WooCommerce columns the generator writes. */
export const GENERATED_CSV_HEADERS = [
  'ID',
  'Type',
  'SKU',
  'Name',
  'Published',
  'Is featured?',
  'Visibility in catalog',
  'Short description',
  'Description',
  'Date sale price starts',
  'Date sale price ends',
  'In stock?',
  'Stock',
  'Weight (kg)',
  'Sale price',
  'Regular price',
  'Categories',
  'Tags',
  'Images',
  'Parent',
  'Brands',
  'Meta: _seo_title',
  'Meta: _seo_description',
  'Meta: _badge',
] as const;

/**
 * Mulberry32: a small deterministic PRNG, uniform in [0, 1), so a seed always gives the same catalog (and the
 * same fitments and queries for the benchmarks that generate them).
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` simple products across 8 categories x 3 child categories and 30 brands, priced $5-$600 (about one in
 * six on sale, as a whole percent or a fixed amount), mostly with stock, some untracked or sold out. Titles and
 * SKUs are unique. The Images column is empty. Same `seed` -> same text. Throws RangeError on a bad count.
 */
export function generateCatalogCsv(options: { count: number; seed?: number }): string {
  return [...generateCatalogCsvChunks(options)].join('');
}

/**
 * generateCatalogCsv's text in pieces: the header line, then `rowsPerChunk` products (default 5,000) at a time, so
 * a file of a million products (about 1 GB, past the longest string V8 holds) can be written as it is made
 * (issue 42 §3). The pieces joined are generateCatalogCsv's text for the same options. Throws RangeError on a bad
 * count or chunk size.
 */
export function* generateCatalogCsvChunks(options: {
  count: number;
  seed?: number;
  rowsPerChunk?: number;
}): Generator<string> {
  const { count, rowsPerChunk = 5000 } = options;
  if (!Number.isSafeInteger(count) || count < 0)
    throw new RangeError(`count must be a whole number >= 0, got ${count}`);
  if (!Number.isSafeInteger(rowsPerChunk) || rowsPerChunk < 1)
    throw new RangeError(`rowsPerChunk must be a whole number >= 1, got ${rowsPerChunk}`);
  const rand = seededRandom(options.seed ?? 1);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;

  yield stringify([[...GENERATED_CSV_HEADERS]]);
  let rows: string[][] = [];
  for (let i = 0; i < count; i++) {
    if (rows.length === rowsPerChunk) {
      yield stringify(rows);
      rows = [];
    }
    const category = pick(CATEGORIES);
    const child = pick(category.children);
    const noun = pick(child.nouns);
    const brand = pick(BRANDS);
    const [model, years] = pick(VEHICLES);
    const partNumber = `${brand
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 3)
      .toUpperCase()}-${String(10000 + i)}`;
    const title = `${brand} ${noun} ${partNumber} to suit ${model} ${years}`;

    // Prices: mostly $5-$150, a tail up to $600, ending in .95 or .00.
    const dollars = Math.min(600, Math.max(5, Math.round(5 + 600 * rand() ** 2.2)));
    const cents = dollars * 100 - (rand() < 0.7 && dollars > 5 ? 5 : 0);
    let sale = '';
    let saleEnds = '';
    const r = rand();
    if (r < 0.1) {
      const percent = pick([10, 15, 20, 25]);
      const saleCents = cents - (cents * percent) / 100;
      sale = Number.isInteger(saleCents) ? (saleCents / 100).toFixed(2) : '';
    } else if (r < 0.17) {
      const off = Math.min(cents - 100, pick([500, 1000, 2000]));
      if (off > 0) sale = ((cents - off) / 100).toFixed(2);
    }
    if (sale !== '' && rand() < 0.2) saleEnds = '2020-12-31';

    const stockRoll = rand();
    const stock = stockRoll < 0.1 ? '' : stockRoll < 0.15 ? '0' : String(Math.floor(rand() * 200) + 1);
    const inStock = stock === '0' ? '0' : '1';
    const features = [...FEATURES];
    for (let k = features.length - 1; k > 0; k--) {
      const j = Math.floor(rand() * (k + 1));
      [features[k], features[j]] = [features[j] as string, features[k] as string];
    }
    features.length = 3;
    const description =
      `<p>${brand} ${noun.toLowerCase()} for the ${model} (${years}).</p>` +
      `<ul>${features.map((f) => `<li>${f}</li>`).join('')}</ul>` +
      `<p>Part number ${partNumber}. Check fitment against your vehicle before ordering.</p>`;

    rows.push([
      String(1000 + i),
      'simple',
      partNumber,
      title,
      '1',
      rand() < 0.03 ? '1' : '0',
      'visible',
      `${noun} by ${brand} to suit ${model}.`,
      description,
      '',
      saleEnds,
      inStock,
      stock,
      (Math.round((0.1 + rand() * 12) * 100) / 100).toString(),
      sale,
      (cents / 100).toFixed(2),
      `${category.title} > ${child.title}`,
      [child.title.toLowerCase(), model.toLowerCase(), brand.toLowerCase()].join(', '),
      '',
      '',
      brand,
      `${title} | Auto Parts`,
      `Buy the ${brand} ${noun} for ${model} ${years} online. Fast delivery Australia-wide.`,
      rand() < 0.05 ? 'New' : '',
    ]);
  }
  if (rows.length > 0) yield stringify(rows);
}
