import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where a webhook may point. Only http: and https: URLs, and by default never an address of this
 * machine or its private networks (loopback, RFC 1918, link-local incl. cloud metadata at
 * 169.254.169.254, CGNAT, unique-local IPv6, multicast): a user could otherwise make the backend
 * probe the hosts behind it (SSRF). The check runs on the addresses DNS answers at connection
 * time (a `lookup` hook), so a name that resolves to a private address is refused too, even if it
 * changed since the webhook was saved. A development or test server sets
 * WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true to deliver to a receiver on localhost
 * (docs/decisions/0098-integrations-webhooks-and-automation.md).
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** True for an address the backend must not post to unless private networks are allowed. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return blocked.check(mapped, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

export class TargetRefused extends Error {}

/** Parses a webhook URL, refusing anything but http(s) with a host and no credentials. */
export function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefused('The address is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TargetRefused('Only http and https addresses can receive webhooks.');
  }
  if (url.username || url.password) {
    throw new TargetRefused('The address must not contain a user name or password.');
  }
  return url;
}

/** A DNS lookup for http.request that refuses private addresses (see the comment above). */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (refused) {
        return callback(
          new TargetRefused(
            `${hostname} resolves to ${refused.address}, a private or local address.`,
          ),
          '',
          0,
        );
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
      return callback(null, first.address, first.family);
    });
  };
}
