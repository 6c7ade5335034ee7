import { describe, expect, it } from "vitest";
import {
  APPLICATION_PROFILES,
  filtersFromSearch,
  filtersToSearch,
  isFiltering,
  GROUP_PAGE_SIZE,
  groupListUrl,
  NO_FILTERS,
  PAGE_SIZE,
  pageCount,
  serviceListUrl,
} from "./service-filters.ts";

const from = (query: string) => filtersFromSearch(new URLSearchParams(query));

describe("service filters in the page's URL", () => {
  it.each([
    ["nothing", "", NO_FILTERS],
    ["a search and a state", "q=billing&state=problems", { ...NO_FILTERS, q: "billing", state: "problems" }],
    [
      "every filter and a page",
      "q=a&state=healthy&profile=critical&host=local&tag=eu&location=Berlin&group=host&page=3",
      {
        q: "a",
        state: "healthy",
        profile: "critical",
        host: "local",
        tag: "eu",
        location: "Berlin",
        group: "host",
        page: 3,
      },
    ],
    ["a page that is not a whole number from 1 counts as page 1", "page=0", NO_FILTERS],
    ["a page in words counts as page 1", "page=two", NO_FILTERS],
    ["a fraction of a page counts as page 1", "page=1.5", NO_FILTERS],
    ["unknown names are ignored", "tab=services&sort=name", NO_FILTERS],
    ["a state the API does not know counts as not set", "state=down", NO_FILTERS],
    ["a profile the API does not know counts as not set", "profile=gold", NO_FILTERS],
    ["a tag the API would refuse counts as not set", "tag=Payments", NO_FILTERS],
    ["a host longer than the API takes counts as not set", `host=${"h".repeat(33)}`, NO_FILTERS],
    ["a malformed filter leaves the others", "state=down&host=local", { ...NO_FILTERS, host: "local" }],
    ["a grouping", "group=tag&state=problems", { ...NO_FILTERS, group: "tag", state: "problems" }],
    ["a grouping the API does not know counts as none", "group=team", NO_FILTERS],
  ])("%s", (_name, query, expected) => {
    expect(from(query)).toEqual(expected);
  });

  it("cuts a search longer than the API takes", () => {
    expect(from(`q=${"x".repeat(150)}`).q).toHaveLength(100);
  });

  it("writes back only what is set, without page 1, and reads back the same view", () => {
    const filters = { ...NO_FILTERS, q: " mail ", state: "problems", page: 2 };
    expect(filtersToSearch(filters).toString()).toBe("q=mail&state=problems&page=2");
    expect(from(filtersToSearch(filters).toString())).toEqual({ ...filters, q: "mail" });
    expect(filtersToSearch({ ...NO_FILTERS, page: 1 }).toString()).toBe("");
  });

  it("counts blank filters as none", () => {
    expect(isFiltering(NO_FILTERS)).toBe(false);
    expect(isFiltering({ ...NO_FILTERS, q: "   ", page: 4 })).toBe(false);
    expect(isFiltering({ ...NO_FILTERS, tag: "eu" })).toBe(true);
  });
});

describe("the list's API query", () => {
  const params = (url: string) => Object.fromEntries(new URL(url, "http://x").searchParams);

  it("asks for the application services, worst first, a page at a time, when no filter is set", () => {
    expect(params(serviceListUrl({ ...NO_FILTERS, page: 2 }))).toEqual({
      profile: APPLICATION_PROFILES,
      page: "2",
      limit: String(PAGE_SIZE),
      sort: "problems",
    });
  });

  it("asks for what the filters say, infrastructure included, when any is set", () => {
    expect(params(serviceListUrl({ ...NO_FILTERS, q: "centron", state: "problems" }))).toEqual({
      q: "centron",
      state: "problems",
      page: "1",
      limit: String(PAGE_SIZE),
      sort: "problems",
    });
  });

  it("grouped, asks for the groups of everything that matches and no page of services", () => {
    expect(params(serviceListUrl({ ...NO_FILTERS, group: "host", page: 3 }))).toEqual({
      group: "host",
      page: "1",
      limit: "1",
      sort: "problems",
    });
  });

  it.each([
    ["a tag adds to the tag filtered for", "tag", "payments", { tag: "eu" }, "tag=eu&tag=payments"],
    ["a host is the group's", "host", "local", {}, "host=local"],
    ["a location is the group's", "location", "Munich", { state: "problems" }, "state=problems&location=Munich"],
    ["the untagged group", "tag", null, {}, "without=tag"],
    ["the group without a location", "location", null, {}, "without=location"],
  ] as const)("a group's page: %s", (_name, by, key, filters, expected) => {
    expect(groupListUrl({ ...NO_FILTERS, ...filters, group: by }, by, key, 2)).toBe(
      `/api/admin/services?${expected}&page=2&limit=${GROUP_PAGE_SIZE}&sort=problems`,
    );
  });

  it.each([
    [0, 1],
    [1, 1],
    [PAGE_SIZE, 1],
    [PAGE_SIZE + 1, 2],
    [3000, 50],
  ])("%i services fill %i page(s)", (total, pages) => {
    expect(pageCount(total)).toBe(pages);
  });
});
