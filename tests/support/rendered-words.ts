// For component tests: each location's list item in rendered HTML, as its visible words joined by "|".
export const locationItems = (html: string) =>
  [...html.matchAll(/<li[^>]*data-location="[^"]+"[^>]*>(.*?)<\/li>/g)].map((match) =>
    match[1]!
      .replace(/<[^>]+>/g, "|")
      .split("|")
      .filter((part) => part.trim() !== "")
      .join("|"),
  );
