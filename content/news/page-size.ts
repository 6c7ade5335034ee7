/** Articles per page of the news list: two rows of three cards. */
export const NEWS_PAGE_SIZE = 6;
