import type { LookupAddress } from "node:dns";
import { networkInterfaces } from "node:os";
import { describe, expect, it } from "vitest";
import { guardedLookup, RefusedTarget, refusedAddress, refusedHost, type Resolve } from "./address-guard.ts";

const STRICT = { allowPrivate: false };
const ALLOWED = { allowPrivate: true };

describe("refusedAddress", () => {
  it.each([
    ["127.0.0.1", "a loopback address"],
    ["127.1.2.3", "a loopback address"],
    ["::1", "a loopback address"],
    ["::ffff:127.0.0.1", "a loopback address"],
    ["::ffff:7f00:1", "a loopback address"],
    ["[::ffff:127.0.0.1]", "a loopback address"],
    ["::127.0.0.1", "a loopback address"],
    ["64:ff9b::7f00:1", "a loopback address"],
    ["2002:7f00:1::", "a loopback address"],
    ["0.0.0.0", "an unspecified address"],
    ["::", "an unspecified address"],
    ["169.254.1.1", "a link-local address"],
    ["fe80::1", "a link-local address"],
    ["fe80::1%eth0", "a link-local address"],
    ["10.1.2.3", "a private address"],
    ["172.16.0.1", "a private address"],
    ["172.31.255.255", "a private address"],
    ["192.168.1.1", "a private address"],
    ["100.64.0.1", "a private address"],
    ["fc00::1", "a private address"],
    ["fd12:3456::1", "a private address"],
    ["::ffff:10.0.0.1", "a private address"],
    ["::ffff:a00:1", "a private address"],
    ["224.0.0.1", "a reserved address"],
    ["255.255.255.255", "a reserved address"],
    ["ff02::1", "a reserved address"],
  ])("refuses %s as %s unless private targets are allowed", (address, reason) => {
    expect(refusedAddress(address, STRICT)).toBe(reason);
    expect(refusedAddress(address, ALLOWED)).toBeNull();
  });

  it.each(["169.254.169.254", "::ffff:169.254.169.254", "::ffff:a9fe:a9fe", "169.254.170.2", "fd00:ec2::254"])(
    "refuses the metadata address %s even where private targets are allowed",
    (address) => {
      expect(refusedAddress(address, STRICT)).toBe("a cloud metadata address");
      expect(refusedAddress(address, ALLOWED)).toBe("a cloud metadata address");
    },
  );

  const PUBLIC = [
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700::1111",
    "::ffff:8.8.8.8",
    "2002:808:808::",
  ];
  it.each(PUBLIC)("lets %s through", (address) => expect(refusedAddress(address, STRICT)).toBeNull());

  it("refuses every address of this machine's own interfaces", () => {
    const own = Object.values(networkInterfaces())
      .flat()
      .map((entry) => entry!.address);
    expect(own.length).toBeGreaterThan(0);
    for (const address of own) expect(refusedAddress(address, STRICT), address).not.toBeNull();
  });
});

describe("refusedHost", () => {
  it.each(["localhost", "LOCALHOST.", "api.localhost", "[::1]", "127.0.0.1", "[::ffff:7f00:1]", "169.254.169.254"])(
    "refuses %s before anything is resolved",
    (host) => expect(refusedHost(host, STRICT)).not.toBeNull(),
  );

  it("leaves other names to the lookup, and allows loopback names where private targets are", () => {
    expect(refusedHost("hooks.example.com", STRICT)).toBeNull();
    expect(refusedHost("localhost", ALLOWED)).toBeNull();
    expect(refusedHost("169.254.169.254", ALLOWED)).toBe("a cloud metadata address");
  });
});

describe("guardedLookup", () => {
  const answering =
    (addresses: string[]): Resolve =>
    (_hostname, _options, callback) =>
      callback(
        null,
        addresses.map((address): LookupAddress => ({ address, family: address.includes(":") ? 6 : 4 })),
      );

  function lookUp(resolve: Resolve, all: boolean, policy = STRICT) {
    return new Promise<{ error: Error | null; address: unknown }>((settle) =>
      guardedLookup(policy, resolve)("hooks.example.com", { all }, (error, address) => settle({ error, address })),
    );
  }

  it("hands the socket what the name resolves to", async () => {
    const resolve = answering(["203.0.113.10", "2001:db8::10"]);
    expect(await lookUp(resolve, true)).toEqual({
      error: null,
      address: [
        { address: "203.0.113.10", family: 4 },
        { address: "2001:db8::10", family: 6 },
      ],
    });
    expect(await lookUp(resolve, false)).toEqual({ error: null, address: "203.0.113.10" });
  });

  it.each([
    ["loopback", ["127.0.0.1"], STRICT],
    ["a public address beside a loopback one", ["203.0.113.10", "::1"], STRICT],
    ["the metadata service, allowed private or not", ["169.254.169.254"], ALLOWED],
  ])("fails for a name resolving to %s, naming the address", async (_name, addresses, policy) => {
    for (const all of [true, false]) {
      const { error } = await lookUp(answering(addresses), all, policy);
      expect(error).toBeInstanceOf(RefusedTarget);
      expect(error!.message).toMatch(/^hooks\.example\.com \([0-9a-f.:]+\) is a .+: not a webhook's target$/);
    }
  });

  it("passes the resolver's own failure on", async () => {
    const failing: Resolve = (_hostname, _options, callback) =>
      callback(Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" }), []);
    expect((await lookUp(failing, true)).error).toMatchObject({ code: "ENOTFOUND" });
  });
});
