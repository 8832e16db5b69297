/**
 * The names the server certificate lists and the address a phone is given, from the shape
 * os.networkInterfaces() returns.
 */
import type os from 'node:os';
import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, machineNames, phoneAddress, urlHost } from './machine-names.ts';

type Interfaces = ReturnType<typeof os.networkInterfaces>;

function entry(address: string, internal = false): os.NetworkInterfaceInfo {
  const v6 = address.includes(':');
  return v6
    ? {
        address,
        family: 'IPv6',
        internal,
        netmask: 'ffff:ffff:ffff:ffff::',
        mac: '00:00:00:00:00:00',
        cidr: null,
        scopeid: 0,
      }
    : { address, family: 'IPv4', internal, netmask: '255.255.255.0', mac: '00:00:00:00:00:00', cidr: null };
}

/** A laptop on the shop's Wi-Fi with Docker installed, as Linux and macOS report it. */
const LAPTOP: Interfaces = {
  lo: [entry('127.0.0.1', true), entry('::1', true)],
  wlan0: [entry('192.168.1.23'), entry('fe80::1c2b:3aff:fe4d:5e6f'), entry('2001:db8:1::23')],
  docker0: [entry('172.17.0.1')],
  // A loopback address not flagged internal, and an IPv4-mapped one (both seen on odd set-ups).
  odd0: [entry('127.0.1.1'), entry('::ffff:127.0.0.1'), entry('FE80::2')],
};

describe('machineNames', () => {
  it('lists every non-loopback address (IPv4 first), not link-local IPv6, and host, host.local and localhost', () => {
    expect(machineNames(LAPTOP, 'Butik-Laptop')).toEqual({
      ips: ['172.17.0.1', '192.168.1.23', '2001:db8:1::23'],
      dns: ['butik-laptop', 'butik-laptop.local', 'localhost'],
    });
  });

  it('takes a macOS host name that already ends in .local once', () => {
    expect(machineNames(LAPTOP, 'Birthes-MacBook.local').dns).toEqual([
      'birthes-macbook',
      'birthes-macbook.local',
      'localhost',
    ]);
  });

  it('keeps a host name with a domain as it is (no .local), and leaves out one a certificate cannot name', () => {
    expect(machineNames(LAPTOP, 'butik.perler.lan').dns).toEqual(['butik.perler.lan', 'localhost']);
    expect(machineNames(LAPTOP, "Birthe's MacBook").dns).toEqual(['localhost']);
    expect(machineNames(LAPTOP, 'localhost').dns).toEqual(['localhost']);
    expect(machineNames(LAPTOP, '-butik').dns).toEqual(['localhost']);
  });

  it('has no addresses on a machine with loopback only', () => {
    expect(machineNames({ lo: [entry('127.0.0.1', true), entry('::1', true)] }, 'butik')).toEqual({
      ips: [],
      dns: ['butik', 'butik.local', 'localhost'],
    });
  });
});

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['192.168.1.23', false],
    ['::ffff:192.168.1.23', false],
    ['2001:db8::1', false],
    ['1127.0.0.1', false],
    [undefined, false],
  ])('%s → %s', (address, loopback) => {
    expect(isLoopbackAddress(address)).toBe(loopback);
  });
});

describe('phoneAddress', () => {
  it('gives the Wi-Fi address, not a container bridge listed first', async () => {
    const interfaces: Interfaces = {
      docker0: [entry('172.17.0.1')],
      'br-5f2c': [entry('172.18.0.1')],
      veth12: [entry('172.19.0.1')],
      wlan0: LAPTOP.wlan0,
      lo: LAPTOP.lo,
    };
    expect(await phoneAddress(interfaces)).toBe('192.168.1.23');
  });

  it('falls back to an IPv6 address, and to nothing on a machine with loopback only', async () => {
    expect(await phoneAddress({ lo: LAPTOP.lo, en0: [entry('2001:db8:1::23')] })).toBe('2001:db8:1::23');
    expect(await phoneAddress({ lo: LAPTOP.lo })).toBeUndefined();
  });
});

describe('urlHost', () => {
  it('puts IPv6 in brackets', () => {
    expect(urlHost('192.168.1.23')).toBe('192.168.1.23');
    expect(urlHost('2001:db8::1')).toBe('[2001:db8::1]');
  });
});
