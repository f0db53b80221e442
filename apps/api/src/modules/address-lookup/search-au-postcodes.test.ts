import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_SUGGESTION_LIMIT } from '@store/shared/address-lookup';
import {
  AU_POSTCODES_FILE,
  buildAuPostcodeIndex,
  normaliseSearchText,
  searchAuPostcodes,
  type AuPostcodeIndex,
} from './search-au-postcodes';

const labels = (index: AuPostcodeIndex, query: string) => searchAuPostcodes(index, query).map((s) => s.label);

describe('searchAuPostcodes over the bundled GeoNames file', () => {
  let index: AuPostcodeIndex;
  beforeAll(async () => {
    index = buildAuPostcodeIndex(await readFile(AU_POSTCODES_FILE, 'utf8'));
  });

  it('indexes every state and the whole file', () => {
    expect(index.entries.length).toBeGreaterThan(16_000);
    expect(new Set(index.entries.map((e) => e.state))).toEqual(
      new Set(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']),
    );
  });

  it('matches postcodes by prefix for digits', () => {
    const found = searchAuPostcodes(index, '216');
    expect(found).toHaveLength(ADDRESS_SUGGESTION_LIMIT);
    expect(found.every((s) => s.post_code.startsWith('216'))).toBe(true);
    expect(found.map((s) => s.post_code)).toEqual([...found.map((s) => s.post_code)].sort());
    expect(labels(index, '2161')).toContain('Guildford NSW 2161');
    // Leading zeros are part of the postcode: 08xx is Darwin.
    expect(labels(index, '0800')).toEqual(['Darwin NT 0800']);
  });

  it('answers a two-digit query with the first postcodes of that range', () => {
    const found = searchAuPostcodes(index, '26');
    expect(found).toHaveLength(ADDRESS_SUGGESTION_LIMIT);
    expect(found.every((s) => s.post_code.startsWith('26'))).toBe(true);
  });

  it('matches suburb names by prefix in any case and answers complete suggestions', () => {
    const found = searchAuPostcodes(index, 'GUILDF');
    expect(found.map((s) => s.label)).toEqual(
      expect.arrayContaining(['Guildford NSW 2161', 'Guildford VIC 3451']),
    );
    expect(found[0]).toEqual({
      label: 'Guildford NSW 2161',
      street_address: null,
      city: 'Guildford',
      state: 'NSW',
      post_code: '2161',
      place_id: null,
    });
  });

  it('ranks the exact name first, then names starting with it, then later words; ties by state', () => {
    const found = labels(index, 'st marys');
    expect(found.slice(0, 3)).toEqual(['St Marys NSW 2760', 'St Marys SA 5042', 'St Marys TAS 7215']);
    // A PO box postcode comes after every street one, and says so.
    expect(searchAuPostcodes(index, 'st marys', 50).map((s) => s.label)).toContain(
      'St Marys NSW 1790 · PO Boxes',
    );
    expect(found.indexOf('St Marys East NSW 2760')).toBeLessThan(found.indexOf('North St Marys NSW 2760'));
    expect(labels(index, 'guildf').indexOf('Old Guildford NSW 2161')).toBeGreaterThan(
      labels(index, 'guildf').indexOf('Guildford WA 6055'),
    );
  });

  it("ranks a locality's street postcode first and marks PO box ones (issue 37: Parramatta)", () => {
    expect(labels(index, 'Parramat')).toEqual([
      'Parramatta NSW 2150',
      'Parramatta Westfield NSW 2150',
      'Parramatta Park QLD 4870',
      'North Parramatta NSW 2151',
      'Parramatta NSW 1740 · PO Boxes',
      'Parramatta NSW 1741 · PO Boxes',
      'Parramatta NSW 2123 · PO Boxes',
      'Parramatta NSW 2124 · PO Boxes',
    ]);
    expect(labels(index, 'sydney')[0]).toBe('Sydney NSW 2000');
    expect(labels(index, 'sydney')).not.toContain('Sydney NSW 2001 · PO Boxes');
    const poBox = searchAuPostcodes(index, '2124')[0];
    expect(poBox).toMatchObject({
      label: 'Parramatta NSW 2124 · PO Boxes',
      city: 'Parramatta',
      post_code: '2124',
    });
  });

  it.each(["o'conn", 'oconn', 'O’Conn'])('ignores punctuation: %s finds O’Connor', (query) => {
    expect(labels(index, query)).toEqual(expect.arrayContaining(["O'Connor ACT 2602", "O'Connor WA 6163"]));
  });

  it('narrows by a trailing state code or postcode', () => {
    const nsw = searchAuPostcodes(index, 'guildford nsw');
    expect(nsw.length).toBeGreaterThan(0);
    expect(nsw.every((s) => s.state === 'NSW')).toBe(true);
    expect(labels(index, 'guildford 2161')).toEqual([
      'Guildford NSW 2161',
      'Guildford West NSW 2161',
      'Old Guildford NSW 2161',
    ]);
    expect(labels(index, 'guildford vic 3451')).toEqual(['Guildford VIC 3451']);
  });

  it('answers nothing for text that matches no suburb', () => {
    expect(searchAuPostcodes(index, 'zzqx')).toEqual([]);
    expect(searchAuPostcodes(index, '99999')).toEqual([]);
    expect(searchAuPostcodes(index, "''")).toEqual([]);
  });
});

describe('buildAuPostcodeIndex', () => {
  it('keeps identical suburb, state and postcode rows once and skips unusable rows', () => {
    const row = (postcode: string, name: string, state: string) =>
      ['AU', postcode, name, 'State', state, '', '', '', '', '-33.8', '150.9', '4'].join('\t');
    const index = buildAuPostcodeIndex(
      [
        row('2161', 'Guildford', 'NSW'),
        row('2161', 'Guildford', 'NSW'),
        row('2161', 'Guildford', 'XX'),
        row('216', 'Guildford', 'NSW'),
        row('1848', 'Guildford', 'NSW'),
        '',
      ].join('\r\n'),
    );
    expect(searchAuPostcodes(index, 'guildford').map((s) => s.label)).toEqual([
      'Guildford NSW 2161',
      'Guildford NSW 1848 · PO Boxes',
    ]);
  });
});

describe('normaliseSearchText', () => {
  it.each([
    ["O'Connor", 'oconnor'],
    ['St. Marys', 'st marys'],
    ['  Kurri-Kurri  ', 'kurri kurri'],
    ['Cocos (Keeling) Islands', 'cocos keeling islands'],
    ['Béga', 'bega'],
  ])('%s -> %s', (text, expected) => {
    expect(normaliseSearchText(text)).toBe(expected);
  });
});
