import { describe, expect, it } from 'vitest';
import { checkFeedUrl } from '../../src/server/services/calendar/feed-fetch.ts';
import { isSpecialAddress } from '../../src/server/services/calendar/special-addresses.ts';

describe('the feed fetch refuses special-purpose addresses (SSRF)', () => {
  it('refuses IPv4-compatible (::/96) and NAT64 (64:ff9b::/96) forms of private addresses', () => {
    for (const address of [
      '::7f00:1',
      '::127.0.0.1',
      '::a00:1',
      '::a9fe:a9fe',
      '64:ff9b::7f00:1',
      '64:ff9b::10.0.0.1',
      '64:ff9b::a9fe:a9fe',
    ])
      expect(isSpecialAddress(address), address).toBe(true);
  });

  it('refuses every other IPv6 form that leads to a private IPv4 address', () => {
    for (const address of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1', // the form a URL parser writes for [::ffff:127.0.0.1]
      '::ffff:c0a8:101',
      '::ffff:0:a00:1', // IPv4-translated
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '2002:c0a8:101::1', // 6to4 of 192.168.1.1
      '2001:0:4136:e378:8000:63bf:f5ff:fffe', // Teredo
    ])
      expect(isSpecialAddress(address), address).toBe(true);
  });

  it('refuses special IPv6 ranges: unspecified, loopback, ULA, link- and site-local, multicast, documentation, discard', () => {
    for (const address of [
      '::',
      '::1',
      'fd00::1',
      'fc00::1',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      'ff0e::1',
      '2001:db8::1',
      '3fff::1',
      '100::1',
      '64:ff9b:1::1',
      '5f00::1',
      '2001:2::1',
    ])
      expect(isSpecialAddress(address), address).toBe(true);
  });

  it('refuses special IPv4 ranges, including documentation and benchmarking', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '192.0.2.1',
      '198.51.100.7',
      '203.0.113.9',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
    ])
      expect(isSpecialAddress(address), address).toBe(true);
  });

  it('lets public addresses through, whatever their form', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '2606:4700:4700::1111',
      '2a00:1450:4001:82b::200e',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ])
      expect(isSpecialAddress(address), address).toBe(false);
  });

  it('refuses what is not an address at all', () => {
    for (const address of ['', 'localhost', '1.2.3', '::g', '1:2:3:4:5:6:7:8:9'])
      expect(isSpecialAddress(address), address).toBe(true);
  });

  it('checks a feed URL written with such an address', () => {
    for (const url of [
      'http://[::ffff:127.0.0.1]/cal.ics',
      'http://[::127.0.0.1]/cal.ics',
      'http://[64:ff9b::7f00:1]/',
      'https://[fd12::1]/',
      'http://0x7f.1/',
    ])
      expect(() => checkFeedUrl(url, false), url).toThrow(
        'The feed URL points to a private or local address',
      );
    expect(checkFeedUrl('https://[2606:4700:4700::1111]/cal.ics', false).hostname).toBe(
      '[2606:4700:4700::1111]',
    );
  });
});
