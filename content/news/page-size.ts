/** The spec's page size of the news list. */
export const NEWS_PAGE_SIZE = 6;
