import { describe, expect, it } from 'vitest';
import { refusedRange } from '../../../server/outbound/address-ranges';

// What a webhook may connect to, address by address; the routes and the forwarder's use of it
// are in webhook-targets.test.ts and alert-webhook-targets.test.ts.

describe('refusedRange', () => {
  it.each([
    ['0.1.2.3', 'unspecified'],
    ['10.255.0.1', 'private'],
    ['100.127.255.254', 'shared (CGNAT)'],
    ['127.8.9.10', 'this machine'],
    ['169.254.169.254', 'link-local'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'reserved'],
    ['192.168.0.1', 'private'],
    ['198.19.0.1', 'reserved'],
    ['224.0.0.251', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'this machine'],
    ['::127.0.0.1', 'reserved'],
    ['fc00::1', 'unique-local'],
    ['fdff:ffff::1', 'unique-local'],
    ['fec0::1', 'unique-local'],
    ['fe80::1%eth0', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'this machine'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['0:0:0:0:0:ffff:c0a8:101', 'private'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b:1::1', 'reserved'],
    ['hooks.example', 'not an IP address'],
  ])('refuses %s as %s', (address, range) => {
    expect(refusedRange(address)).toBe(range);
  });

  it.each([
    '8.8.8.8',
    '100.63.255.255',
    '100.128.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '192.169.0.1',
    '203.0.113.7',
    '223.255.255.255',
    '2606:4700::1111',
    '2001:db8::1',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
  ])('lets %s through', (address) => {
    expect(refusedRange(address)).toBeNull();
  });
});
