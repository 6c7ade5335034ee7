// The names and addresses set aside for documentation (RFC 2606, 6761, 5737,
// 3849): a monitoring target there is a placeholder someone has yet to
// replace, not a host to check or alert on. ".test" and ".invalid" are not
// among them: they are for tests, which run real peers under such names.

const DOCUMENTATION_DOMAINS = ["example.com", "example.net", "example.org"];

/** 192.0.2.0/24, 198.51.100.0/24 and 203.0.113.0/24 (TEST-NET-1 to 3). */
const TEST_NETS = ["192.0.2.", "198.51.100.", "203.0.113."];

/** True for a documentation host name or address (a URL's hostname, "[2001:db8::1]" included). */
export function isDocumentationHost(host: string): boolean {
  const name = host
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  if (name === "example" || name.endsWith(".example")) return true;
  if (DOCUMENTATION_DOMAINS.some((domain) => name === domain || name.endsWith(`.${domain}`))) return true;
  if (TEST_NETS.some((prefix) => name.startsWith(prefix)) && /^\d+\.\d+\.\d+\.\d+$/.test(name)) return true;
  // 2001:db8::/32, however it is written ("2001:DB8:0:...", "2001:0db8::").
  return /^2001:0?db8(:|$)/.test(name);
}

/** The host of a URL, or undefined when it is not one. */
export function urlHost(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}
