// The address a rate limit counts: IPv4 as given, IPv6 by its /64 in one spelling.
import { describe, expect, it } from 'vitest';
import { limitAddress } from '../../../src/server/auth/rate-limit.js';

describe('limitAddress', () => {
  it.each([
    ['10.1.2.3', '10.1.2.3'],
    ['::ffff:10.1.2.3', '10.1.2.3'],
    ['::FFFF:10.1.2.3', '10.1.2.3'],
    ['2001:db8:5:6::1', '2001:db8:5:6::/64'],
    ['2001:0db8:0005:0006:ffff:1:2:3', '2001:db8:5:6::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['2001:db8:5:6:7::', '2001:db8:5:6::/64'],
  ])('%s counts as %s', (ip, key) => {
    expect(limitAddress(ip)).toBe(key);
  });
});
