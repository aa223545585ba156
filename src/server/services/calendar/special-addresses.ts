import net from 'node:net';

/**
 * Addresses a feed fetch must never reach (SSRF): everything that is not a plain public unicast address.
 * IPv6 forms that carry an IPv4 address (mapped, compatible, translated, NAT64, 6to4, Teredo) are
 * judged by the IPv4 address they lead to. Sources: the IANA IPv4 and IPv6 Special-Purpose Address
 * Registries.
 */

type TRange = readonly [network: string, bits: number];

const SPECIAL_V4: TRange[] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

/** IPv6 ranges refused outright (those embedding an IPv4 address are handled below). */
const SPECIAL_V6: TRange[] = [
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID…
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing identifiers
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const V4 = new net.BlockList();
for (const [network, bits] of SPECIAL_V4) V4.addSubnet(network, bits, 'ipv4');

/** An IPv6 address as 16 bytes, or null when it is not one. A zone (`%eth0`) is ignored. */
export function ipv6Bytes(text: string): Uint8Array | null {
  const address = text.replace(/%.*$/, '');
  if (net.isIPv6(address) === false) return null;
  let groups: number[] = [];
  const [head = '', tail] = address.split('::') as [string, string | undefined];
  const parse = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    for (const piece of part.split(':')) {
      if (piece.includes('.')) {
        const v4 = piece.split('.').map(Number);
        if (v4.length !== 4) return null;
        out.push(((v4[0] as number) << 8) | (v4[1] as number), ((v4[2] as number) << 8) | (v4[3] as number));
      } else out.push(parseInt(piece, 16));
    }
    return out;
  };
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  if (!left || !right) return null;
  groups =
    tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  if (groups.length !== 8) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    bytes[2 * i] = g >> 8;
    bytes[2 * i + 1] = g & 0xff;
  });
  return bytes;
}

function inPrefix(bytes: Uint8Array, prefix: Uint8Array, bits: number): boolean {
  for (let i = 0; i < bits; i++) {
    const mask = 0x80 >> (i % 8);
    if (((bytes[i >> 3] as number) & mask) !== ((prefix[i >> 3] as number) & mask)) return false;
  }
  return true;
}

const V6 = SPECIAL_V6.map(([network, bits]) => ({ prefix: ipv6Bytes(network) as Uint8Array, bits }));
const prefix = (network: string) => ipv6Bytes(network) as Uint8Array;
/** Forms whose last 32 bits are an IPv4 address. */
const V4_IN_LAST_32: { prefix: Uint8Array; bits: number }[] = [
  { prefix: prefix('::'), bits: 96 }, // IPv4-compatible (deprecated), and :: and ::1 themselves
  { prefix: prefix('::ffff:0:0'), bits: 96 }, // IPv4-mapped
  { prefix: prefix('::ffff:0:0:0'), bits: 96 }, // IPv4-translated
  { prefix: prefix('64:ff9b::'), bits: 96 }, // NAT64
];
const SIX_TO_FOUR = prefix('2002::');

const v4At = (b: Uint8Array, at: number) => `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`;

/** True for every address that is not a plain public unicast one, and for anything that is not an address. */
export function isSpecialAddress(address: string): boolean {
  if (net.isIPv4(address)) return V4.check(address, 'ipv4');
  const bytes = ipv6Bytes(address);
  if (!bytes) return true;
  if (V6.some((r) => inPrefix(bytes, r.prefix, r.bits))) return true;
  for (const r of V4_IN_LAST_32)
    if (inPrefix(bytes, r.prefix, r.bits)) return isSpecialAddress(v4At(bytes, 12));
  if (inPrefix(bytes, SIX_TO_FOUR, 16)) return isSpecialAddress(v4At(bytes, 2));
  return false;
}
