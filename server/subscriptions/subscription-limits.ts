// How the subscription form's limits count, in two questions kept apart.
// Is the request served? That depends on the client network alone: its
// hourly allowance, and the global hourly ceiling, which binds only networks
// past a small fair share, so a flood from a few clients delays those clients
// while a newcomer still gets in. Does a confirmation mail go? One a day per
// mailbox, and past the fair share a few an hour per recipient domain; that
// answer is never told. The first never looks at the address and the second
// never changes the answer, so the form tells nobody who asked before.
// Every key is a pseudonym (an HMAC): the table holds no address.
import { createHmac } from "node:crypto";
import { domainToASCII } from "node:url";
import type { Transaction } from "kysely";
import { CONFIRM_MAIL_EVERY_MS } from "#shared/status/subscription.ts";
import type { Database } from "#server/db/schema.ts";
import { countInWindow, countSubmission, RateLimited, type ContactRateLimits } from "#server/contact/rate-limits.ts";
import { clientNetwork } from "#server/net/client-address.ts";

/** Requests a client network makes in an hour before the shared ceilings (global, per domain) apply to it. */
export const FAIR_SHARE_PER_HOUR = 3;
/** Confirmation mails an hour to one recipient domain for requests past their network's fair share. */
export const DOMAIN_MAILS_PER_HOUR = 10;

const GLOBAL_KEY = "subscribe:global";
/** Gmail ignores dots in the local part and answers to both names. */
const GMAIL = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address reaches and its domain: case ignored, a "+tag" dropped, the domain in its ASCII form;
 * Gmail's dots and second name too. Other providers' habits (subdomain or "-" tags) are left to the domain's limit.
 */
export function mailboxOf(address: string): { mailbox: string; domain: string } {
  const at = address.lastIndexOf("@");
  const typed = address.slice(at + 1).replace(/\.$/, "");
  const domain = (domainToASCII(typed) || typed).toLowerCase();
  let local = address.slice(0, at).toLowerCase();
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL.has(domain)) return { mailbox: `${local.replaceAll(".", "")}@gmail.com`, domain: "gmail.com" };
  return { mailbox: `${local}@${domain}`, domain };
}

export type LimitKeys = { network: string; mailbox: string; domain: string };

/** The keys one request counts against. */
export function limitKeys(key: Buffer, request: { ip: string; email: string }): LimitKeys {
  const pseudonym = (text: string) => createHmac("sha256", key).update(text).digest("hex").slice(0, 32);
  const { mailbox, domain } = mailboxOf(request.email);
  return {
    // The key the network had before mailboxes were counted: its hour carries over an upgrade.
    network: `subscribe:ip:${pseudonym(clientNetwork(request.ip))}`,
    mailbox: `subscribe:mailbox:${pseudonym(`mailbox:${mailbox}`)}`,
    domain: `subscribe:domain:${pseudonym(`domain:${domain}`)}`,
  };
}

/**
 * Counts the request against its network and everybody's hour, and throws RateLimited when it is not served: its
 * network is at its limit, or the global ceiling is spent and the network is past its fair share. Whether the
 * request is within that fair share is returned.
 */
export async function admit(
  trx: Transaction<Database>,
  keys: LimitKeys,
  limits: ContactRateLimits,
  time: number,
): Promise<{ newcomer: boolean }> {
  const network = await countInWindow(trx, keys.network, time);
  if (limits.perIp > 0 && network.count > limits.perIp) throw new RateLimited(network.retryAfterMs);
  const newcomer = network.count <= FAIR_SHARE_PER_HOUR;
  // Counted for every request served, newcomers too: the ceiling measures the hour's whole load.
  const overall = await countSubmission(trx, GLOBAL_KEY, limits.global, time);
  if (overall > 0 && !newcomer) throw new RateLimited(overall);
  return { newcomer };
}

/**
 * Whether a served request's confirmation mail goes: not when its mailbox had one within the day, nor, past the
 * network's fair share, when its domain had its hour's share. One upsert per key decides, so requests at the same
 * moment cannot both pass. The domain is counted first: a request that may not mail leaves the mailbox's day unspent.
 */
export async function mayMail(
  trx: Transaction<Database>,
  keys: LimitKeys,
  newcomer: boolean,
  time: number,
): Promise<boolean> {
  if (!newcomer && (await countSubmission(trx, keys.domain, DOMAIN_MAILS_PER_HOUR, time)) > 0) return false;
  return (await countSubmission(trx, keys.mailbox, 1, time, CONFIRM_MAIL_EVERY_MS)) === 0;
}
