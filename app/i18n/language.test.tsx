import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LanguageProvider, useLanguage } from "./language.tsx";

function Greeting() {
  const { t, href } = useLanguage();
  return <a href={href("/about")}>{`${t("nav.about")}|${t("footer.socialX")}`}</a>;
}

describe("useLanguage", () => {
  it("throws a message naming the provider outside it", () => {
    expect(() => renderToString(<Greeting />)).toThrow("useLanguage must be used within a LanguageProvider");
  });

  it("translates, fills the brand, falls back to the key, and links in its language", () => {
    const html = renderToString(
      <LanguageProvider lang="de" messages={{ "footer.socialX": "{brand} auf X" }}>
        <Greeting />
      </LanguageProvider>,
    );
    expect(html).toContain('href="/de/about"');
    expect(html).toContain("nav.about|Muster Digital auf X");
  });
});
