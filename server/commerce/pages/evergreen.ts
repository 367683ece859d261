// Evergreen countdowns (the countdown block in evergreen mode): a visitor's deadline is `minutes` after
// they first saw the block, kept in the database by visitor, page and block. The minutes come from the
// live page, never from the browser; the first answer is kept, so a reload, another tab or clearing the
// browser's storage shows the same deadline (only a new visitor id, i.e. clearing the shop's cookies,
// starts a new one, as it does for the cart).
import { and, eq } from 'drizzle-orm';
import type { EvergreenDeadline } from '../../../schemas/generated/api';
import { settingsOf, visibleBlocks } from '../../../schemas/page-blocks';
import type { Db } from '../../db/connect';
import { evergreenDeadlines } from '../../db/funnel-schema';
import { badRequest } from '../errors';
import type { PageStore } from './page-store';

export function createEvergreen(db: Db, pages: Pick<PageStore, 'renderable'>) {
  return async function deadline(visitorId: string, page: string, blockId: string, now = new Date()): Promise<EvergreenDeadline> {
    const { page: live } = await pages.renderable(page);
    const block = [...visibleBlocks(live.blocks)].find((b) => b.id === blockId);
    const settings = settingsOf(block, 'countdown');
    if (settings?.mode !== 'evergreen' || !settings.minutes)
      throw badRequest(`The page "${page}" has no evergreen countdown "${blockId}".`, {
        errors: [{ path: '/block', message: 'is not an evergreen countdown of the page', rule: 'evergreen' }],
      });
    await db
      .insert(evergreenDeadlines)
      .values({ visitorId, page, block: blockId, deadline: new Date(now.getTime() + settings.minutes * 60_000) })
      .onConflictDoNothing();
    const [kept] = await db
      .select({ deadline: evergreenDeadlines.deadline })
      .from(evergreenDeadlines)
      .where(
        and(
          eq(evergreenDeadlines.visitorId, visitorId),
          eq(evergreenDeadlines.page, page),
          eq(evergreenDeadlines.block, blockId),
        ),
      );
    return { deadline: kept!.deadline.toISOString(), serverTime: now.toISOString() };
  };
}
