// Crawlers, told from the user agent by isbot's list of crawler, spider and tool names. A crawler gets
// the shop's pages as any anonymous visitor does, but nothing is kept for it: no visitor id (so no
// cookie, no cart, no funnel variant or view counted, no evergreen deadline) and no cart it could change
// (server/shopper-context.ts, server/api/request-context.ts).
import { createIsbotFromList, list } from 'isbot';

/**
 * Not crawlers here: headless browsers (end-to-end tests, synthetic monitoring: they keep cookies and act as
 * a shopper would) and Lighthouse, which measures what a shopper gets.
 */
const NOT_CRAWLERS = new Set(['headless', 'chrome-lighthouse']);

const matches = createIsbotFromList(list.filter((pattern) => !NOT_CRAWLERS.has(pattern)));

/** Whether the user agent names a crawler (a search engine's, a link preview's, a scraping tool's). */
export const isCrawler = (userAgent: string | undefined): boolean => matches(userAgent);
