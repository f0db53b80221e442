/**
 * Whether an IP address is a public one the image downloader may connect to (issue 43 §5): the range list is
 * ipaddr.js's, a maintained copy of IANA's special-purpose registries, not ours. Only what it calls `unicast` is
 * public; every named range (unspecified, broadcast, loopback, private, linkLocal, uniqueLocal, carrierGradeNat,
 * multicast, reserved, benchmarking, discard, 6to4, teredo, rfc6145, orchid, as112, amt, …) is refused.
 *
 * Two IPv6 forms are another way to write an IPv4 address, so they follow that address: IPv4-mapped
 * (`::ffff:a.b.c.d`, what a dual-stack socket reports) and NAT64's well-known prefix (`64:ff9b::a.b.c.d`, what a
 * DNS64 resolver answers on an IPv6-only network for an IPv4-only host). `64:ff9b::127.0.0.1` is the loopback
 * address through a translator and is refused; `64:ff9b::8.8.8.8` is as public as 8.8.8.8. Three more carry an
 * IPv4 address but are refused whatever it is: the deprecated IPv4-compatible `::/96` (ipaddr.js reads it as
 * unicast, which is why it is named here), 6to4 (`2002::/16`) and Teredo (`2001::/32`), tunnels no image host needs
 * and whose relays may sit inside a network; NAT64's local-use `64:ff9b:1::/48` is refused by its range.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The range name ipaddr.js gives an address that is in none of the special-purpose ranges. */
const PUBLIC_RANGE = 'unicast';

/** NAT64's well-known prefix `64:ff9b::/96` (RFC 6052); the rest of `64:ff9b::/32` is not a translation of it. */
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96') as [ipaddr.IPv6, number];
const NAT64_BLOCK = ipaddr.parseCIDR('64:ff9b::/32') as [ipaddr.IPv6, number];
/** The deprecated IPv4-compatible addresses (RFC 4291 §2.5.5.1), which ipaddr.js counts as unicast. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96') as [ipaddr.IPv6, number];

/** The IPv4 address in the last 32 bits of an IPv6 address. */
function lastIpv4(address: ipaddr.IPv6): ipaddr.IPv4 {
  const [high = 0, low = 0] = address.parts.slice(6);
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * True when `address` (an IPv4 or IPv6 address as text, no brackets, no zone) is public unicast; false for every
 * special-purpose range, and for text that is not an address.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return ipaddr.IPv4.parse(address).range() === PUBLIC_RANGE;
  if (family !== 6) return false;
  let v6: ipaddr.IPv6;
  try {
    // The URL standard's form (hex only): ipaddr.js reads a dotted tail as IPv4-mapped even in `::1.2.3.4`.
    v6 = ipaddr.IPv6.parse(new URL(`http://[${address}]/`).hostname.slice(1, -1));
  } catch {
    return false; // a zone id (`fe80::1%eth0`) or anything else a URL cannot hold
  }
  if (v6.range() === 'ipv4Mapped' || v6.match(NAT64_WELL_KNOWN)) return lastIpv4(v6).range() === PUBLIC_RANGE;
  if (v6.match(NAT64_BLOCK) || v6.match(IPV4_COMPATIBLE)) return false;
  return v6.range() === PUBLIC_RANGE;
}
