// Why a request to a peer failed, in a few words, for cards, panels and logs.

/** fetch's (undici's) own codes say little to an operator: these in words. */
const UNDICI_WORDS: Record<string, string> = {
  UND_ERR_SOCKET: "the connection was closed before an answer",
  UND_ERR_CONNECT_TIMEOUT: "Timed out connecting",
  UND_ERR_HEADERS_TIMEOUT: "Timed out waiting for an answer",
  UND_ERR_BODY_TIMEOUT: "Timed out reading the answer",
};

type Coded = { code?: string; message?: string };

/** The failure in words: node:http's "socket hang up" is what fetch calls UND_ERR_SOCKET, said the same way. */
function wordsFor({ code, message }: Coded): string | undefined {
  if (code === "ECONNRESET" && message === "socket hang up") return UNDICI_WORDS.UND_ERR_SOCKET;
  return code ? UNDICI_WORDS[code] : undefined;
}

/**
 * Why a request failed, in a few words: the system's error code where there is one, with its message when that
 * says more (a certificate's "self-signed certificate", a parser's "Expected HTTP/"). fetch gives the socket's error
 * as its cause; node:http gives it as it is.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === "TimeoutError" || error.name === "AbortError") return "Timed out";
  const { code, message } = ((error as { cause?: Coded }).cause ?? error) as Coded;
  const words = wordsFor({ code, message });
  if (words) return words;
  if (code) return `${code}${message && !message.includes(code) ? `: ${message}` : ""}`;
  return message || error.message;
}
