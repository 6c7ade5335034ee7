// Characters that have no place in text shown to the public: C0 and C1
// controls other than tab and newline, DEL, lone surrogates, and the two
// non-characters XML forbids. One of them in a feed makes it malformed XML,
// and feed readers then drop the whole feed.
const CONTROL = new RegExp(
  [
    "[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ufffe\\uffff]",
    // A high surrogate without its low one, and a low one without its high one.
    "[\\ud800-\\udbff](?![\\udc00-\\udfff])",
    "(?<![\\ud800-\\udbff])[\\udc00-\\udfff]",
  ].join("|"),
  "u",
);

// The /u flag reads a lone surrogate as one code point, so the lookarounds above see it alone.
const CONTROL_ALL = new RegExp(CONTROL.source, "gu");

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/** The text without them (configuration and stored text, which cannot be refused). */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_ALL, "");
}
