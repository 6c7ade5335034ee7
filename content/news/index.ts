// The news articles, newest first. Ids are unique (checked by news.test.ts).
import type { NewsArticle } from "#content/types.ts";
import { article as a01 } from "./articles/01.ts";
import { article as a02 } from "./articles/02.ts";
import { article as a03 } from "./articles/03.ts";
import { article as a04 } from "./articles/04.ts";
import { article as a05 } from "./articles/05.ts";
import { article as a06 } from "./articles/06.ts";
import { article as a07 } from "./articles/07.ts";
import { article as a08 } from "./articles/08.ts";
import { article as a09 } from "./articles/09.ts";
import { article as a10 } from "./articles/10.ts";
import { article as a11 } from "./articles/11.ts";
import { article as a12 } from "./articles/12.ts";
import { article as a13 } from "./articles/13.ts";
import { article as a14 } from "./articles/14.ts";
import { article as a15 } from "./articles/15.ts";

export const ARTICLES: readonly NewsArticle[] = [
  a01,
  a02,
  a03,
  a04,
  a05,
  a06,
  a07,
  a08,
  a09,
  a10,
  a11,
  a12,
  a13,
  a14,
  a15,
].sort((a, b) => b.date.localeCompare(a.date) || a.id - b.id);

export function findArticle(id: number): NewsArticle | undefined {
  return ARTICLES.find((article) => article.id === id);
}
