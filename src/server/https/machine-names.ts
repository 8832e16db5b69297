/**
 * The names by which a phone on the shop's network can reach this machine: its addresses and host names. The
 * server certificate lists all of them, and the pages and the terminal show the one a phone should use.
 */
import dgram from 'node:dgram';
import net from 'node:net';
import os from 'node:os';
import type { ServerNames } from './certificate-authority.ts';

type Interfaces = ReturnType<typeof os.networkInterfaces>;

/** Loopback, including IPv4 mapped into IPv6 ('::ffff:127.0.0.1'). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return plain === '::1' || (net.isIPv4(plain) && plain.startsWith('127.'));
}

/**
 * Every non-loopback address of the machine, the host name, `<host name>.local` (mDNS: iPhones and most
 * Android phones resolve it) and `localhost`. IPv6 link-local addresses are left out: a browser cannot use
 * them in a URL without the interface, and a certificate cannot name the interface.
 */
export function machineNames(
  interfaces: Interfaces = os.networkInterfaces(),
  hostname = os.hostname(),
): ServerNames {
  const ips = new Set<string>();
  for (const entries of Object.values(interfaces)) {
    for (const entry of entries ?? []) {
      if (entry.internal || isLoopbackAddress(entry.address)) continue;
      if (entry.family === 'IPv6' && entry.address.toLowerCase().startsWith('fe80:')) continue;
      ips.add(entry.address);
    }
  }
  const host = hostname
    .trim()
    .toLowerCase()
    .replace(/\.local$/, '');
  const dns = new Set<string>();
  if (
    /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(host) &&
    host !== 'localhost'
  ) {
    dns.add(host);
    if (!host.includes('.')) dns.add(`${host}.local`);
  }
  dns.add('localhost');
  return { ips: [...ips].sort(compareAddresses), dns: [...dns] };
}

/** IPv4 before IPv6, each in a stable order. */
function compareAddresses(a: string, b: string): number {
  const family = Number(net.isIPv6(a)) - Number(net.isIPv6(b));
  return family !== 0 ? family : a.localeCompare(b, 'en', { numeric: true });
}

/** Virtual interfaces (containers, VMs, VPN bridges) that a phone on the Wi-Fi cannot reach. */
const VIRTUAL_INTERFACE =
  /^(docker|br-|veth|virbr|vmnet|vboxnet|lxc|lxd|cni|flannel|podman|zt|utun|awdl|llw)/i;

/**
 * The address to give a phone: the IPv4 address the machine would use for its default route (asked of the
 * kernel by connecting a UDP socket, which sends nothing), else the first IPv4 address of a physical-looking
 * interface, else the first address at all. Undefined when the machine has no network.
 */
export async function phoneAddress(
  interfaces: Interfaces = os.networkInterfaces(),
): Promise<string | undefined> {
  const candidates: string[] = [];
  for (const [name, entries] of Object.entries(interfaces)) {
    if (VIRTUAL_INTERFACE.test(name)) continue;
    for (const entry of entries ?? []) {
      if (!entry.internal && entry.family === 'IPv4' && !isLoopbackAddress(entry.address)) {
        candidates.push(entry.address);
      }
    }
  }
  const routed = await defaultRouteAddress();
  if (routed && candidates.includes(routed)) return routed;
  return candidates[0] ?? machineNames(interfaces).ips[0];
}

function defaultRouteAddress(): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket('udp4');
    const done = (address?: string) => {
      socket.close();
      resolve(address);
    };
    socket.once('error', () => done());
    // A documentation address (TEST-NET-3): connect() only asks the routing table; no packet leaves.
    socket.connect(9, '203.0.113.1', () => {
      try {
        done(socket.address().address);
      } catch {
        done();
      }
    });
  });
}

/** A host for a URL: IPv6 in brackets. */
export function urlHost(address: string): string {
  return net.isIPv6(address) ? `[${address}]` : address;
}
