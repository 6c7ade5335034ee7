// Characters that have no place in text shown to the public: C0 and C1
// controls other than tab and newline, DEL, lone surrogates, and the two
// non-characters XML forbids. One of them in a feed makes it malformed XML,
// and feed readers then drop the whole feed.
// Finding control characters is this module's whole purpose.
/* eslint-disable no-control-regex */
const CONTROL =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u;
/* eslint-enable no-control-regex */

// The /u flag reads a lone surrogate as one code point, so the lookarounds above see it alone.
const CONTROL_ALL = new RegExp(CONTROL.source, "gu");

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/** The text without them (configuration and stored text, which cannot be refused). */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_ALL, "");
}
