import { describe, expect, it } from "vitest";
import { roleFromClaim } from "./oidc.ts";
import { usernameBase } from "./oidc-accounts.ts";

describe("the role an identity provider's claim grants", () => {
  it.each([
    { claim: "owner", role: "owner" },
    { claim: "operator", role: "operator" },
    { claim: "viewer", role: "viewer" },
    { claim: ["viewer", "operator"], role: "operator" },
    { claim: ["staff", "owner", "viewer"], role: "owner" },
    { claim: ["staff", "viewer"], role: "viewer" },
  ])("$claim grants $role", ({ claim, role }) => {
    expect(roleFromClaim(claim)).toBe(role);
  });

  it.each([undefined, null, "", "Owner", "admin", "viewer operator", [], ["admin"], [["owner"]], { role: "owner" }, 1])(
    "%j grants none",
    (claim) => {
      expect(roleFromClaim(claim)).toBeUndefined();
    },
  );
});

describe("the username an identity asks for", () => {
  it.each([
    { identity: { preferredUsername: "Alice" }, username: "alice" },
    { identity: { preferredUsername: "bob@corp.example", email: "robert@corp.example" }, username: "bob" },
    { identity: { email: "Carol.Smith@corp.example" }, username: "carol.smith" },
    { identity: { preferredUsername: "Jürgen Groß" }, username: "juergen.gross" },
    { identity: { preferredUsername: "José Núñez" }, username: "jose.nunez" },
    { identity: { preferredUsername: "._-dave" }, username: "dave" },
    { identity: { preferredUsername: "Ωμέγα" }, username: "sso-user" },
    { identity: {}, username: "sso-user" },
    { identity: { preferredUsername: "x".repeat(80) }, username: "x".repeat(56) },
  ])("$identity -> $username", ({ identity, username }) => {
    expect(usernameBase(identity)).toBe(username);
  });
});
