import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { company } from "#shared/company.ts";
import { ARTICLES } from "./news/index.ts";
import { about } from "./pages/about.ts";
import { aiServices } from "./pages/ai-services.ts";
import { careers } from "./pages/careers.ts";
import { digitalConsulting } from "./pages/digital-consulting.ts";
import { home } from "./pages/home.ts";
import { imprint } from "./pages/imprint.ts";
import { privacyPolicy } from "./pages/privacy-policy.ts";
import { projects } from "./pages/projects.ts";
import { termsOfService } from "./pages/terms-of-service.ts";
import { NEWS_CATEGORIES, type Block } from "./types.ts";

const text = (value: unknown) => JSON.stringify(value);

/** Block types in order, ignoring their text: the same in both languages. */
const shape = (blocks: Block[]) =>
  blocks.map((block) => (block.type === "ul" ? `ul${block.items.length}` : block.type));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".test.ts") && !name.endsWith(".test.tsx") ? [path] : [];
  });
}

describe("news", () => {
  it("has 15 unique articles, ids 1 to 15, newest first", () => {
    expect(ARTICLES.map((a) => a.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    const dates = ARTICLES.map((a) => a.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(ARTICLES.find((a) => a.id === 15)?.date).toBe("2025-02-05");
    for (const id of [1, 2]) expect(ARTICLES.find((a) => a.id === id)?.date).toMatch(/^2025-04-0[1-9]$/);
  });

  it.each(ARTICLES.map((a) => [a.id, a] as const))(
    "article %i has a heading, a list and paragraphs, and 4 to 7 minutes of reading, in both languages",
    (_id, article) => {
      expect(NEWS_CATEGORIES).toContain(article.category);
      expect(article.readMinutes).toBeGreaterThanOrEqual(4);
      expect(article.readMinutes).toBeLessThanOrEqual(7);
      for (const lang of ["en", "de"] as const) {
        const body = article[lang].body;
        expect(body.filter((b) => b.type === "h2")).toHaveLength(1);
        expect(body.filter((b) => b.type === "ul")).toHaveLength(1);
        expect(body.filter((b) => b.type === "p").length).toBeGreaterThanOrEqual(2);
        expect(article[lang].title.length).toBeGreaterThan(10);
        expect(article[lang].excerpt.length).toBeGreaterThan(30);
      }
      expect(shape(article.de.body)).toEqual(shape(article.en.body));
    },
  );
});

describe("pages", () => {
  it("hold the agreed number of items in each section, in both languages", () => {
    for (const lang of ["en", "de"] as const) {
      expect(home[lang].testimonials.items).toHaveLength(3);
      expect(home[lang].servicesTeaser.cards).toHaveLength(2);
      expect(aiServices[lang].capabilities.items).toHaveLength(6);
      expect(aiServices[lang].process.steps).toHaveLength(4);
      expect(digitalConsulting[lang].capabilities.items).toHaveLength(4);
      expect(digitalConsulting[lang].services.items).toHaveLength(4);
      expect(projects[lang].projects).toHaveLength(3);
      expect(about[lang].mission.bullets).toHaveLength(3);
      expect(careers[lang].benefits.items).toHaveLength(4);
      expect(careers[lang].openings.jobs).toHaveLength(4);
      expect(termsOfService[lang].sections).toHaveLength(10);
    }
  });

  it("state the company's claims", () => {
    expect(text(home.en.testimonials)).toMatch(/95\s?%/);
    expect(text(home.de.testimonials)).toMatch(/95\s?%/);
    expect(text(aiServices.en)).toContain("99.99%");
    expect(text(digitalConsulting.en)).toContain("99.99%");
    expect(text(home.en.founder)).toMatch(/25\+|more than 25 years/);
    expect(text(about.en.team)).toMatch(/25\+|more than 25 years/);
    expect(aiServices.en.hero.title).toBe("Enterprise AI & LLM Solutions");
    expect(aiServices.en.process.steps.map((s) => s.title)).toEqual([
      "Discovery & Assessment",
      "Strategy & Solution Design",
      "Development & Implementation",
      "Training & Optimization",
    ]);
    expect(careers.en.openings.jobs.map((j) => j.title)).toEqual([
      "AI Engineer",
      "AI Prompt Engineer",
      "AI Server Specialist",
      "AI Architect",
    ]);
    const years = careers.en.openings.jobs.map((j) => /(?:at least (\d)|(\d)\+) years?/i.exec(j.requirements[0] ?? ""));
    expect(years.map((m) => m?.[1] ?? m?.[2])).toEqual(["3", "1", "2", "5"]);
  });

  it("date the terms 9 April 2025 and promise 30 days' notice", () => {
    expect(termsOfService.en.lastUpdated).toBe("April 9, 2025");
    expect(termsOfService.de.lastUpdated).toBe("9. April 2025");
    expect(text(termsOfService.en)).toMatch(/30 days/);
    expect(text(termsOfService.de)).toMatch(/30 Tage/);
  });

  it("keep the imprint on § 5 DDG without the repealed TMG or the closed ODR platform", () => {
    for (const lang of ["en", "de"] as const) {
      const all = text(imprint[lang]);
      expect(all).toContain("§ 5 DDG");
      expect(all).toContain("§ 18");
      expect(all).toMatch(/§ 36 [^"]*VSBG/);
      expect(all).not.toMatch(/\bTMG\b|ec\.europa\.eu\/consumers\/odr/);
      expect(all).toContain(company.register.number);
      expect(all).toContain(company.vatId);
    }
  });

  it("state the configured retention period in the privacy policy", () => {
    expect(text(privacyPolicy({ contactRetentionDays: 123 }).en)).toContain("123 days");
    expect(text(privacyPolicy({ contactRetentionDays: 123 }).de)).toContain("123 Tagen");
    expect(text(privacyPolicy({ contactRetentionDays: 180 }).de)).toContain("BayLDA");
  });

  it("anchor the privacy policy's status subscription section where status mails link, alike in both languages", () => {
    const policy = privacyPolicy({ contactRetentionDays: 30 });
    const section = (lang: "en" | "de") => policy[lang].sections.find((s) => s.id === "status-subscriptions");
    expect(section("en")?.heading).toBe("Status page subscriptions");
    expect(section("de")?.heading).toBe("Abonnement der Statusseite");
    expect(shape(section("de")?.blocks ?? [])).toEqual(shape(section("en")?.blocks ?? []));
  });
});

describe("project text", () => {
  const files = [...sourceFiles("app"), ...sourceFiles("content"), ...sourceFiles("server"), ...sourceFiles("shared")];

  it("has no placeholder copy", () => {
    for (const file of files) expect(readFileSync(file, "utf8"), file).not.toMatch(/\blorem\b|\bTODO\b|\bTBD\b/i);
  });

  it("names the company only in shared/company.ts", () => {
    const values = [
      company.legalName,
      company.address.street,
      company.email.info,
      company.phone,
      company.register.number,
      company.vatId,
      company.managingDirector,
    ];
    for (const file of files.filter((f) => !f.endsWith(join("shared", "company.ts")))) {
      const source = readFileSync(file, "utf8");
      for (const value of values) expect(source.includes(value), `${file} repeats "${value}"`).toBe(false);
    }
  });
});
