// An islands page: a page drawn by the router on the server whose browser code is only that of the
// blocks that need it (a funnel landing page: a countdown among plain HTML). The server writes this
// object as JSON into the page; renderer/entry-islands.tsx hydrates each island's frame alone from it,
// without the router (server/ssr/islands.ts decides which pages are drawn so).
import type { PageView } from '../../schemas/generated/api';
import type { Block } from '../../schemas/generated/page';
import type { ConsentPolicy } from '../consent/consent-policy';
import type { FunnelStepInfo } from '../state/funnel-step';

export const ISLANDS_DATA_ID = 'vitrine-islands';

export interface IslandsPage {
  locale: string;
  currency: string;
  origin: string;
  /** The locale's full messages (i18next loads them when the browser is idle). */
  messagesUrl: string;
  /** The page's handle and clock (the server's time of the page view): what the blocks read of the page. */
  page: string;
  now: number;
  step: FunnelStepInfo | null;
  /** The blocks hydrated, each in its frame (`#{id}`), with what their load gave them. */
  islands: Block[];
  data: PageView['data'];
  /** The shop's consent settings: the banner and the integrations start from them. */
  consent: ConsentPolicy;
}
