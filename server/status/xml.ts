// A small XML writer for the feeds and badges: a tagged template in which
// every interpolated value is text, escaped and stripped of the characters
// XML 1.0 forbids (shared/control-characters.ts), unless it is a fragment
// this writer made. So no feed can come out malformed, whatever text staff
// or configuration gave it: one bad character would make readers drop it all.
import { withoutControlCharacters } from "#shared/control-characters.ts";

const FRAGMENT = Symbol("xml fragment");

export type XmlFragment = { readonly [FRAGMENT]: string };

type XmlValue = string | number | XmlFragment | readonly XmlFragment[];

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text as it may stand in an element or an attribute value. */
export function xmlText(text: string): string {
  return withoutControlCharacters(text).replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

function written(value: XmlValue): string {
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return xmlText(value);
  if (Array.isArray(value)) return value.map(written).join("\n");
  return (value as XmlFragment)[FRAGMENT];
}

/** `xml\`<title>${text}</title>\``: the template's own markup, with each value written as text. */
export function xml(markup: TemplateStringsArray, ...values: XmlValue[]): XmlFragment {
  return { [FRAGMENT]: markup.reduce((out, part, index) => out + written(values[index - 1]!) + part) };
}

/** The document's text. */
export function xmlDocument(fragment: XmlFragment): string {
  return fragment[FRAGMENT];
}
