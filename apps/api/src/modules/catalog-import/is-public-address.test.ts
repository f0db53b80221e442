/**
 * The image downloader's address check (issue 43 §5): one address of every special-purpose range ipaddr.js names,
 * plus the IPv6 forms that carry an IPv4 address, is refused; public IPv4 and IPv6 addresses, and the IPv4-mapped
 * and NAT64 forms of a public IPv4 address, pass. The downloader refuses a URL naming any refused address before it
 * connects.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createImageDownloader } from './download-product-images';
import { isPublicAddress } from './is-public-address';
import { createLocalFileStore } from '../../storage/local-file-store';

/** [address, the range it stands for]: none may be downloaded from. */
const REFUSED: readonly (readonly [string, string])[] = [
  // IPv4
  ['0.0.0.0', 'unspecified (0.0.0.0/8)'],
  ['0.1.2.3', 'unspecified (0.0.0.0/8)'],
  ['255.255.255.255', 'broadcast'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.1.2.3', 'private 10/8'],
  ['172.16.0.1', 'private 172.16/12'],
  ['172.31.255.255', 'private 172.16/12'],
  ['192.168.1.1', 'private 192.168/16'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.255', 'carrier-grade NAT'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['192.0.0.8', 'reserved: IETF protocol assignments'],
  ['192.0.2.1', 'reserved: TEST-NET-1'],
  ['198.51.100.1', 'reserved: TEST-NET-2'],
  ['203.0.113.1', 'reserved: TEST-NET-3'],
  ['198.18.0.1', 'reserved: benchmarking'],
  ['192.88.99.1', 'reserved: 6to4 relay anycast'],
  ['240.0.0.1', 'reserved: class E'],
  ['192.175.48.1', 'as112'],
  ['192.52.193.1', 'amt'],
  // IPv6
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['fe80::1', 'link-local'],
  ['fc00::1', 'unique local'],
  ['fd12:3456:789a::1', 'unique local'],
  ['ff02::1', 'multicast'],
  ['fec0::1', 'deprecated site-local'],
  ['100::1', 'discard'],
  ['2001:db8::1', 'documentation'],
  ['2001:2::1', 'benchmarking'],
  ['2001:10::1', 'deprecated ORCHID'],
  ['2001:20::1', 'ORCHIDv2'],
  ['3fff::1', 'documentation (RFC 9637)'],
  ['5f00::1', 'segment routing'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, in hex'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
  ['::127.0.0.1', 'IPv4-compatible loopback (::/96)'],
  ['::7f00:1', 'IPv4-compatible loopback, in hex (::/96)'],
  ['::8.8.8.8', 'IPv4-compatible, deprecated whatever it carries (::/96)'],
  ['::ffff:0:8.8.8.8', 'IPv4-translated (rfc6145)'],
  ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback, in hex'],
  ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
  ['64:ff9b:1::808:808', 'NAT64 local-use (RFC 8215)'],
  ['64:ff9b:0:0:1::808:808', 'in 64:ff9b::/32 but not the well-known /96'],
  ['2002:7f00:1::1', '6to4 of loopback'],
  ['2002:808:808::1', '6to4, whatever it carries'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['2001:4:112::1', 'as112v6'],
  // Not addresses
  ['', 'empty'],
  ['localhost', 'a name'],
  ['0x7f000001', 'a number'],
  ['fe80::1%eth0', 'a zone id'],
];

const PUBLIC: readonly string[] = [
  '8.8.8.8',
  '1.1.1.1',
  '151.101.1.1',
  '100.63.255.255', // just below carrier-grade NAT
  '172.32.0.1', // just above 172.16/12
  '2606:4700:4700::1111',
  '2a00:1450:4001:82b::200e',
  '::ffff:8.8.8.8', // IPv4-mapped, as a dual-stack socket reports an IPv4 peer
  '64:ff9b::808:808', // NAT64 of 8.8.8.8, as DNS64 answers on an IPv6-only network
  '64:ff9b::1.1.1.1',
];

describe('isPublicAddress', () => {
  it.each(REFUSED)('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(PUBLIC)('lets %s through', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('the image downloader', () => {
  it('refuses a URL naming a private address in any IPv6 form, before connecting', async () => {
    const mediaDir = await mkdtemp(path.join(os.tmpdir(), 'public-address-'));
    const mediaStore = () => createLocalFileStore({ root: mediaDir });
    try {
      const strict = createImageDownloader({ media: mediaStore(), timeoutMs: 200, retries: 0 });
      for (const host of [
        '[::ffff:127.0.0.1]',
        '[::127.0.0.1]',
        '[64:ff9b::7f00:1]',
        '[2002:7f00:1::1]',
        '[fd00::1]',
        '100.64.0.1',
        '0.0.0.0',
      ]) {
        expect(await strict.download(`http://${host}:9/x.png`), host).toEqual({
          missing: expect.stringContaining('private network address'),
        });
      }
    } finally {
      await rm(mediaDir, { recursive: true, force: true });
    }
  });
});
