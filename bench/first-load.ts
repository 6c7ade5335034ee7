// First-load JavaScript and CSS of a page: what its HTML makes the browser
// fetch before any interaction (module scripts, module preloads, stylesheets),
// measured as gzip -9 bytes, and JavaScript also as brotli (quality 11, as built).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type FirstLoad = {
  jsKb: number;
  jsBrKb: number;
  cssKb: number;
  htmlKb: number;
  /** The islands the page renders (the chrome script is not one). */
  islands: string[];
  /** The script files it loads, by name without their hash. */
  scripts: string[];
};

function gzipKb(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length / 1000;
}

function brotliKb(file: string): number {
  return brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length / 1000;
}

/** A page's HTML as served; `urlToFile` maps a URL path ("/islands/assets/x.js") to the built file. */
export function measureFirstLoad(html: string, urlToFile: (url: string) => string): FirstLoad {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) js.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) js.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)) css.add(match[1]!);
  const sum = (urls: Set<string>, size = gzipKb) => [...urls].reduce((total, url) => total + size(urlToFile(url)), 0);
  return {
    jsKb: round(sum(js)),
    jsBrKb: round(sum(js, brotliKb)),
    cssKb: round(sum(css)),
    htmlKb: round(gzipSync(html, { level: 9 }).length / 1000),
    islands: [...new Set([...html.matchAll(/data-island="([^"]+)"/g)].map((match) => match[1]!))],
    scripts: [...js].map((url) => url.replace(/^.*\//, "").replace(/-[\w-]{8}\.js$/, "")),
  };
}

function round(kb: number): number {
  return Math.round(kb * 10) / 10;
}

export function buildFileFor(root: string) {
  return (url: string) =>
    url.startsWith("/islands/")
      ? join(root, "build/islands", url.slice("/islands/".length))
      : join(root, "build/app/client", url);
}
