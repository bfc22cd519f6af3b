import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may point. Only http: and https: URLs, and by default only a globally routable
 * unicast address: never this machine or its private networks (loopback, RFC 1918, link-local incl.
 * cloud metadata at 169.254.169.254, CGNAT, unique-local and site-local IPv6, multicast, reserved
 * and documentation ranges): a user could otherwise make the backend probe the hosts behind it
 * (SSRF). The ranges are ipaddr.js's, not a hand-kept list. An IPv6 address that carries an IPv4
 * one (IPv4-mapped and -translated, IPv4-compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4
 * `2002::/16`) is judged by the IPv4 address it reaches. The check runs on the addresses DNS
 * answers at connection time (a `lookup` hook), so a name that resolves to a private address is
 * refused too, even if it changed since the webhook was saved. A development or test server sets
 * WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true to deliver to a receiver on localhost
 * (docs/decisions/0098-integrations-webhooks-and-automation.md).
 */
const isPublicIPv4 = (address: ipaddr.IPv4) => address.range() === 'unicast';

const ipv4From = (high: number, low: number) =>
  new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/** The IPv4 address an IPv6 one stands for, where it embeds one at a fixed place. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const { parts } = address;
  const range = address.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145') return ipv4From(parts[6], parts[7]);
  // NAT64's well-known prefix 64:ff9b::/96 (RFC 6052) carries the IPv4 address in its last 32 bits.
  if (address.match(ipaddr.IPv6.parseCIDR('64:ff9b::/96'))) return ipv4From(parts[6], parts[7]);
  // 6to4 (RFC 3056): 2002:AABB:CCDD::/48 routes to AA.BB.CC.DD.
  if (range === '6to4') return ipv4From(parts[1], parts[2]);
  // IPv4-compatible ::a.b.c.d (deprecated by RFC 4291, still routed by some stacks); :: and ::1
  // are judged as themselves.
  if (parts.slice(0, 6).every((part) => part === 0) && (parts[6] !== 0 || parts[7] > 1))
    return ipv4From(parts[6], parts[7]);
  return undefined;
}

/** True for an address the backend must not post to unless private networks are allowed. */
export function isPrivateAddress(text: string): boolean {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // Only the forms an address can take in a URL or a DNS answer; `127.1` and friends are
    // normalised by the URL parser before they get here.
    address = ipaddr.parse(text);
  } catch {
    return true;
  }
  if (address.kind() === 'ipv4') return !isPublicIPv4(address as ipaddr.IPv4);
  const v6 = address as ipaddr.IPv6;
  const carried = embeddedIPv4(v6);
  if (carried) return !isPublicIPv4(carried);
  // Everything else ipaddr.js names (local-use NAT64 64:ff9b:1::/48, whose IPv4 part has no fixed
  // place, Teredo, site-local fec0::/10, unique-local, link-local, …) is refused: only global
  // unicast is a webhook's business.
  return v6.range() !== 'unicast';
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
