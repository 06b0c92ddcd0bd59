/** Whom a rate limit counts (issue 32): an IPv6 client per /64, not per address. */
import { describe, expect, it } from 'vitest';
import { rateLimitKey } from '../../src/http/rate-limit.js';

describe('rateLimitKey', () => {
  it('counts an IPv4 address as itself', () => {
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client, whatever its spelling', () => {
    const keys = ['2001:db8:a:b::1', '2001:db8:a:b:ffff:ffff:ffff:ffff', '2001:0db8:000a:000b:0:0:0:2', '2001:DB8:A:B::1%eth0'].map(
      rateLimitKey,
    );
    expect(new Set(keys)).toEqual(new Set(['2001:db8:a:b::/64']));
    expect(rateLimitKey('2001:db8:a:c::1')).not.toBe(keys[0]);
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitKey('fe80::1:2:3.4.5.6')).toBe('fe80:0:0:0::/64');
  });

  it('counts an IPv4 address written as IPv6 as the IPv4 address', () => {
    expect(rateLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });
});
