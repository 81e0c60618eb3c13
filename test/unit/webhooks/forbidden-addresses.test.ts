import { describe, expect, it } from "vitest";
import { isForbiddenAddress } from "@/lib/webhooks/forbidden-addresses";

/**
 * The SSRF guard of webhook delivery: every address class a partner's URL must not reach,
 * including IPv6 spellings that carry a forbidden IPv4 address, and public addresses that
 * must stay reachable (a list that forbids everything would pass a forbidden-only table).
 */

const forbidden: Array<[string, string]> = [
  ["0.0.0.0", "this network"],
  ["0.1.2.3", "this network"],
  ["127.0.0.1", "loopback"],
  ["127.255.0.9", "loopback"],
  ["::1", "IPv6 loopback"],
  ["::", "IPv6 unspecified"],
  ["10.0.0.1", "private 10/8"],
  ["172.16.0.1", "private 172.16/12"],
  ["172.31.255.254", "private 172.16/12, last"],
  ["192.168.1.1", "private 192.168/16"],
  ["100.64.0.1", "carrier-grade NAT"],
  ["100.127.255.255", "carrier-grade NAT, last"],
  ["169.254.169.254", "cloud metadata"],
  ["169.254.1.1", "link-local"],
  ["fe80::1", "IPv6 link-local"],
  ["fe80::1%eth0", "IPv6 link-local with a zone"],
  ["fc00::1", "unique-local"],
  ["fd00:ec2::254", "cloud metadata (IPv6)"],
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["ff02::1", "IPv6 multicast"],
  ["240.0.0.1", "reserved"],
  ["255.255.255.255", "broadcast"],
  ["198.18.0.1", "benchmarking"],
  ["198.19.255.255", "benchmarking, last"],
  ["192.0.0.8", "IETF protocol assignments"],
  ["192.0.2.1", "TEST-NET-1"],
  ["198.51.100.7", "TEST-NET-2"],
  ["203.0.113.9", "TEST-NET-3"],
  ["2001:db8::1", "IPv6 documentation"],
  ["::ffff:127.0.0.1", "IPv4-mapped loopback, dotted"],
  ["::ffff:7f00:1", "IPv4-mapped loopback, hex"],
  ["::ffff:a9fe:a9fe", "IPv4-mapped metadata"],
  ["::ffff:0:a00:1", "IPv4-translated private"],
  ["::127.0.0.1", "IPv4-compatible loopback"],
  ["::a00:1", "IPv4-compatible private"],
  ["64:ff9b::a00:1", "NAT64 of 10.0.0.1"],
  ["64:ff9b::127.0.0.1", "NAT64 of loopback"],
  ["2002:a00:1::", "6to4 of 10.0.0.1"],
  ["2002:7f00:1::1", "6to4 of loopback"],
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
  ["garbage", "not an address"],
  ["", "empty"],
  ["127.1", "short IPv4 form"],
  ["256.1.1.1", "out of range"],
  ["[::1]", "bracketed"],
  ["localhost", "a name"],
];

const allowed = ["8.8.8.8", "1.1.1.1", "93.184.215.14", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "2a00:1450:4001:81c::200e", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"];

describe("isForbiddenAddress", () => {
  it.each(forbidden)("forbids %s (%s)", (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each(allowed)("allows the public address %s", (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });
});
