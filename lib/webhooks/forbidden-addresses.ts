import { BlockList, isIP } from "node:net";

/**
 * Addresses a webhook delivery must never connect to. Partners choose webhook URLs and our
 * server fetches them, so without this list a URL (or a name resolving) to 127.0.0.1, 10.x,
 * 169.254.169.254 (cloud metadata), ... would let a partner probe our own network (SSRF).
 *
 * IPv6 forms that carry an IPv4 address inside (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d,
 * NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by the IPv4 address they carry, since
 * that is where the packets can end up. Anything that is not a valid IP is forbidden.
 */

const FORBIDDEN_IPV4: ReadonlyArray<readonly [string, number]> = [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, with cloud metadata 169.254.169.254
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation (TEST-NET-1)
  ["192.88.99.0", 24], // 6to4 relay anycast (deprecated)
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation (TEST-NET-2)
  ["203.0.113.0", 24], // documentation (TEST-NET-3)
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, with broadcast 255.255.255.255
];

const FORBIDDEN_IPV6: ReadonlyArray<readonly [string, number]> = [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard-only
  ["2001::", 32], // Teredo (tunnels to an obfuscated IPv4 address)
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation
  ["fc00::", 7], // unique-local, with fd00:ec2::254 (cloud metadata)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];

function blockListOf(subnets: ReadonlyArray<readonly [string, number]>, type: "ipv4" | "ipv6"): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of subnets) list.addSubnet(network, prefix, type);
  return list;
}

const forbiddenIPv4 = blockListOf(FORBIDDEN_IPV4, "ipv4");
const forbiddenIPv6 = blockListOf(FORBIDDEN_IPV6, "ipv6");

export function isForbiddenAddress(ip: string): boolean {
  // A zone index (fe80::1%eth0) only makes sense on the local link.
  if (ip.includes("%")) return true;
  const family = isIP(ip);
  if (family === 4) return forbiddenIPv4.check(ip, "ipv4");
  if (family !== 6) return true;
  if (forbiddenIPv6.check(ip, "ipv6")) return true;
  const embedded = embeddedIPv4(ipv6Bytes(ip));
  return embedded !== null && forbiddenIPv4.check(embedded, "ipv4");
}

/** The IPv4 address an IPv6 address carries (mapped, translated, compatible, NAT64, 6to4), or null. */
function embeddedIPv4(bytes: number[]): string | null {
  const zero = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  const ipv4At = (offset: number) => bytes.slice(offset, offset + 4).join(".");
  if (zero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return ipv4At(12); // ::ffff:a.b.c.d
  if (zero(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zero(10, 12)) return ipv4At(12); // ::ffff:0:a.b.c.d
  if (zero(0, 12)) return ipv4At(12); // ::a.b.c.d
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zero(4, 12)) return ipv4At(12); // 64:ff9b::/96
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return ipv4At(2); // 2002::/16
  return null;
}

/** The 16 bytes of an address that net.isIP already accepted as IPv6 (no zone index). */
function ipv6Bytes(ip: string): number[] {
  const groupsOf = (part: string): number[] =>
    part === ""
      ? []
      : part.split(":").flatMap((group) => {
          if (!group.includes(".")) return [parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = "", tail] = ip.split("::");
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const groups = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}
