import { describe, expect, it } from "vitest";
import { limitKeys, mailboxOf } from "./subscription-limits.ts";

const KEY = Buffer.alloc(32, 7);

describe("mailboxOf", () => {
  it.each([
    ["victim@example.com", "victim@example.com", "example.com"],
    ["Victim@Example.COM", "victim@example.com", "example.com"],
    ["victim+1@example.com", "victim@example.com", "example.com"],
    ["VICTIM+News+2@example.com.", "victim@example.com", "example.com"],
    // Nothing before the "+": the whole local part is the mailbox.
    ["+only@example.com", "+only@example.com", "example.com"],
    ["first.last@example.com", "first.last@example.com", "example.com"],
    ["First.Last+x@GoogleMail.com", "firstlast@gmail.com", "gmail.com"],
    ["f.i.r.s.t.last@gmail.com", "firstlast@gmail.com", "gmail.com"],
    ["jörg@bücher.example", "jörg@xn--bcher-kva.example", "xn--bcher-kva.example"],
    ['"a@b"@example.com', '"a@b"@example.com', "example.com"],
  ])("%s is the mailbox %s at %s", (address, mailbox, domain) => {
    expect(mailboxOf(address)).toEqual({ mailbox, domain });
  });
});

describe("limitKeys", () => {
  it("gives every spelling of a mailbox one key, and other mailboxes of its domain the domain's", () => {
    const keys = (email: string) => limitKeys(KEY, { ip: "203.0.113.7", email });
    const victim = keys("victim@example.com");
    for (const spelling of ["Victim+1@example.com", "VICTIM+2@EXAMPLE.COM", "victim+a+b@Example.com."])
      expect(keys(spelling)).toEqual(victim);
    const other = keys("other@example.com");
    expect(other.mailbox).not.toBe(victim.mailbox);
    expect(other.domain).toBe(victim.domain);
    expect(keys("victim@example.org").domain).not.toBe(victim.domain);
  });

  it("counts a client's network, and holds no address or network in clear", () => {
    const one = limitKeys(KEY, { ip: "2001:db8:1:2::7", email: "victim@example.com" });
    expect(limitKeys(KEY, { ip: "2001:db8:1:2:ffff::1", email: "x@example.org" }).network).toBe(one.network);
    expect(limitKeys(KEY, { ip: "2001:db8:1:3::7", email: "victim@example.com" }).network).not.toBe(one.network);
    for (const key of Object.values(one)) expect(key).toMatch(/^subscribe:(ip|mailbox|domain):[0-9a-f]{32}$/);
  });
});
