// Lighthouse mobile scores (its default: simulated mid-range phone on a slow
// 4G link) for one URL at a time, in one Debian Chromium.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, findChromium } from "#tests/chromium.ts";

export type Scores = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
};

export async function withLighthouse<T>(work: (audit: (url: string) => Promise<Scores>) => Promise<T>): Promise<T> {
  const chromePath = findChromium();
  if (!chromePath) throw new Error("Chromium is missing: sudo apt-get install -y chromium");
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
  try {
    return await work(async (url) => {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      return {
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? NaN),
        tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? NaN),
        cls: Number((audits["cumulative-layout-shift"]?.numericValue ?? NaN).toFixed(3)),
      };
    });
  } finally {
    chrome.kill();
  }
}
