// Why a request to a peer failed, in a few words, for cards, panels and logs.

/** fetch's (undici's) own codes say little to an operator: these in words. */
const UNDICI_WORDS: Record<string, string> = {
  UND_ERR_SOCKET: "the connection was closed before an answer",
  UND_ERR_CONNECT_TIMEOUT: "Timed out connecting",
  UND_ERR_HEADERS_TIMEOUT: "Timed out waiting for an answer",
  UND_ERR_BODY_TIMEOUT: "Timed out reading the answer",
};

/** Why a request failed, in a few words: the system's error code where there is one. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === "TimeoutError" || error.name === "AbortError") return "Timed out";
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code && UNDICI_WORDS[cause.code]) return UNDICI_WORDS[cause.code]!;
    if (cause?.code)
      return `${cause.code}${cause.message && !cause.message.includes(cause.code) ? `: ${cause.message}` : ""}`;
    if (cause?.message) return cause.message;
    return (error as { code?: string }).code ?? error.message;
  }
  return String(error);
}
