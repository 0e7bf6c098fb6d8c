import { describe, expect, it } from "vitest";
import { CULTURAL_INSIGHTS } from "../src/shared/cultural-insights";
import { LANGUAGES, pickInitialLanguage } from "../src/shared/languages";

describe("the language choice (public-site.md section 4)", () => {
  it("starts from the saved choice, else the browser's language if supported, else English", () => {
    expect(pickInitialLanguage("zh", ["es-MX"])).toBe("zh");
    expect(pickInitialLanguage(null, ["fr-FR", "es-MX", "en-US"])).toBe("es");
    expect(pickInitialLanguage("klingon", ["zh-CN"])).toBe("zh");
    expect(pickInitialLanguage(null, ["fr-FR", "de"])).toBe("en");
    expect(pickInitialLanguage(null, [])).toBe("en");
  });

  it("offers English, Spanish and Chinese, each with three insights and its locale", () => {
    expect(LANGUAGES.map((l) => [l.code, l.locale])).toEqual([
      ["en", "en_US"],
      ["es", "es_ES"],
      ["zh", "zh_CN"],
    ]);
    for (const language of LANGUAGES) expect(CULTURAL_INSIGHTS[language.code]).toHaveLength(3);
  });
});
