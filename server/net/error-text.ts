// Why a request to a peer failed, in a few words, for cards, panels and logs.

/** Why a request failed, in a few words: the system's error code where there is one. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === "TimeoutError" || error.name === "AbortError") return "Timed out";
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code) return `${cause.code}${cause.message && !cause.message.includes(cause.code) ? `: ${cause.message}` : ""}`;
    if (cause?.message) return cause.message;
    return (error as { code?: string }).code ?? error.message;
  }
  return String(error);
}
