// Crawlers, told from the user agent by isbot's list of crawler, spider and tool names. A crawler gets
// the shop's pages as any anonymous visitor does, but nothing is kept for it: no visitor id (so no
// cookie, no cart, no funnel variant or view counted, no evergreen deadline) and no cart it could change
// (server/shopper-context.ts, server/api/request-context.ts).
import { createIsbotFromList, list } from 'isbot';

/**
 * Clients that are not crawlers here, though isbot's list names them: HTTP libraries and test tools (an
 * app or an integration calling the API, the shop's own tests and its other processes: they act for a
 * shopper, and refusing their cart calls would break them), headless browsers (end-to-end tests, synthetic monitoring:
 * they keep cookies and act as a shopper would) and Lighthouse, which measures what a shopper gets. The
 * patterns left out are those that match these agents, found rather than listed, so a new isbot release
 * cannot bring them back under another spelling.
 */
const NOT_CRAWLERS = [
  'node',
  'undici',
  'curl/8.4.0',
  'Wget/1.21.4',
  'python-requests/2.31.0',
  'axios/1.6.0',
  'Go-http-client/1.1',
  'okhttp/4.12.0',
  'Java/17.0.1',
  'PostmanRuntime/7.36.0',
  'Playwright/1.58.2 (x64; debian 12) node/20.19',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Safari/537.36 Chrome-Lighthouse',
];

const matches = createIsbotFromList(
  list.filter((pattern) => !NOT_CRAWLERS.some((agent) => new RegExp(pattern, 'i').test(agent))),
);

/** Whether the user agent names a crawler (a search engine's, a link preview's, a scraping tool's). */
export const isCrawler = (userAgent: string | undefined): boolean => matches(userAgent);
