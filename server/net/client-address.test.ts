import { describe, expect, it } from "vitest";
import { canonicalAddress, clientNetwork, UNPARSEABLE } from "./client-address.ts";

describe("one spelling per client address", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::ffff:cb00:7107", "203.0.113.7"],
    ["::FFFF:CB00:7107", "203.0.113.7"],
    ["0:0:0:0:0:ffff:cb00:7107", "203.0.113.7"],
    ["203.0.113.7:51234", "203.0.113.7"],
    ["[::ffff:203.0.113.7]:443", "203.0.113.7"],
    ["2001:0DB8:0000:0000:0000:0000:0000:0001", "2001:db8::1"],
    ["2001:db8:0:0::1", "2001:db8::1"],
    ["[2001:db8::1]", "2001:db8::1"],
    ["[2001:db8::1]:8080", "2001:db8::1"],
    ["fe80::1%eth0", "fe80::1"],
    [" 127.0.0.1 ", "127.0.0.1"],
    ["::1", "::1"],
  ])("%s is %s", (raw, canonical) => {
    expect(canonicalAddress(raw)).toBe(canonical);
  });

  it.each([
    [""],
    ["unknown"],
    ["evil.example"],
    ["1.2.3"],
    ["300.1.1.1"],
    ["010.1.1.1"],
    ["2001:db8::1::2"],
    ["<script>"],
    [undefined],
    [null],
  ])("%s is one unparseable client", (raw) => {
    expect(canonicalAddress(raw)).toBe(UNPARSEABLE);
  });

  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2::7", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1", "fe80:0:0:0::/64"],
    [UNPARSEABLE, UNPARSEABLE],
  ])("%s is limited as %s", (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });

  it("every address of one /64 is one network, and the next /64 is another", () => {
    const networks = new Set(
      Array.from({ length: 40 }, (_, i) => clientNetwork(canonicalAddress(`2001:db8:1:2:${i.toString(16)}::${i + 1}`))),
    );
    expect([...networks]).toEqual(["2001:db8:1:2::/64"]);
    expect(clientNetwork(canonicalAddress("2001:db8:1:3::1"))).not.toBe("2001:db8:1:2::/64");
  });
});
