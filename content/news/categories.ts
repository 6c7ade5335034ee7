import type { Localized, NewsCategory } from "#content/types.ts";

export const CATEGORY_LABELS: Localized<Record<NewsCategory, string>> = {
  en: {
    seoUpdates: "SEO Updates",
    marketTrends: "Market Trends",
    research: "Research",
    industryInsights: "Industry Insights",
    business: "Business",
    dataAnalytics: "Data Analytics",
    industryNews: "Industry News",
    aiEthics: "AI Ethics",
    retailTech: "Retail Tech",
    quantumTechnology: "Quantum Technology",
    sustainableTechnology: "Sustainable Technology",
    healthcareTech: "Healthcare Tech",
  },
  de: {
    seoUpdates: "SEO-Updates",
    marketTrends: "Markttrends",
    research: "Forschung",
    industryInsights: "Brancheneinblicke",
    business: "Business",
    dataAnalytics: "Datenanalyse",
    industryNews: "Branchennews",
    aiEthics: "KI-Ethik",
    retailTech: "Handelstechnologie",
    quantumTechnology: "Quantentechnologie",
    sustainableTechnology: "Nachhaltige Technologie",
    healthcareTech: "Gesundheitstechnologie",
  },
};

/** Cover image colour per category (an HSL hue). */
export const CATEGORY_HUES: Record<NewsCategory, number> = {
  seoUpdates: 200,
  marketTrends: 160,
  research: 250,
  industryInsights: 220,
  business: 30,
  dataAnalytics: 185,
  industryNews: 265,
  aiEthics: 330,
  retailTech: 15,
  quantumTechnology: 285,
  sustainableTechnology: 130,
  healthcareTech: 350,
};
