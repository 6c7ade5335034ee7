// Certificate status by days remaining: more than 30
// days is healthy, more than 7 a warning, otherwise critical. Pure and shared
// so the probe, the renewal job and the dashboard apply the same thresholds.

/** More days than this is healthy. */
export const CERT_WARNING_DAYS = 30;
/** More days than this (and at most CERT_WARNING_DAYS) is a warning; this many or fewer is critical. */
export const CERT_CRITICAL_DAYS = 7;

export type CertificateDaysStatus = "healthy" | "warning" | "critical";
/** "error": the certificate could not be read, or it is not one a browser would accept. */
export type CertificateStatus = CertificateDaysStatus | "error";

const DAY_MS = 24 * 60 * 60 * 1000;

export function certificateStatus(daysRemaining: number): CertificateDaysStatus {
  if (daysRemaining > CERT_WARNING_DAYS) return "healthy";
  if (daysRemaining > CERT_CRITICAL_DAYS) return "warning";
  // Everything else, an expired certificate (negative days) and NaN included:
  // when in doubt the certificate needs attention.
  return "critical";
}

/**
 * Whole days from now until the expiry, rounded down: 29.9 days left is 29,
 * so a certificate is never reported as having more time than it has. An
 * expired one gives a negative number (expired an hour ago is -1).
 */
export function daysUntil(expiryMs: number, nowMs: number): number {
  return Math.floor((expiryMs - nowMs) / DAY_MS);
}
