// Product reviews: lists (featured or newest first) and statistics. The text is the reviewer's own:
// it goes out as plain strings; the renderer shows it as text, never as HTML.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Review, ReviewList, ReviewStatistics } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import { productReviews } from '../../db/catalog-schema';
import type { CacheGroup } from '../cache';

export type ReviewSort = 'featured' | 'newest';

export function createReviews(db: Db, caches: CacheGroup) {
  const lists = caches.readThrough<ReviewList>({ max: 1000 });
  const stats = caches.readThrough<ReviewStatistics>({ max: 1000 });

  async function loadList(productId: number, sort: ReviewSort, limit: number, offset: number): Promise<ReviewList> {
    // Featured: the reviews other shoppers found most helpful, verified buyers first among equals.
    const order =
      sort === 'newest'
        ? [desc(productReviews.createdAt), desc(productReviews.id)]
        : [desc(productReviews.helpful), desc(productReviews.verified), desc(productReviews.createdAt), desc(productReviews.id)];
    const [rows, [counted]] = await Promise.all([
      db
        .select()
        .from(productReviews)
        .where(eq(productReviews.productId, productId))
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(productReviews).where(eq(productReviews.productId, productId)),
    ]);
    const items: Review[] = rows.map((r) => ({
      id: r.id,
      author: r.author,
      rating: r.rating,
      title: r.title,
      body: r.body,
      verified: r.verified,
      helpful: r.helpful,
      locale: r.locale,
      createdAt: r.createdAt.toISOString(),
    }));
    return { items, total: counted?.n ?? 0 };
  }

  async function loadStatistics(productId: number): Promise<ReviewStatistics> {
    const rows = await db
      .select({
        rating: productReviews.rating,
        n: count(),
        verified: sql<number>`count(*) filter (where ${productReviews.verified})`,
      })
      .from(productReviews)
      .where(and(eq(productReviews.productId, productId)))
      .groupBy(productReviews.rating);
    const distribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } as ReviewStatistics['distribution'];
    let total = 0;
    let sum = 0;
    let verified = 0;
    for (const row of rows) {
      const key = String(row.rating) as keyof typeof distribution;
      if (key in distribution) distribution[key] = row.n;
      total += row.n;
      sum += row.rating * row.n;
      verified += Number(row.verified);
    }
    return { count: total, average: total ? Math.round((sum / total) * 10) / 10 : 0, verified, distribution };
  }

  return {
    list: (productId: number, sort: ReviewSort, limit: number, offset: number) =>
      lists.get(`${productId}:${sort}:${limit}:${offset}`, () => loadList(productId, sort, limit, offset)),
    statistics: (productId: number) => stats.get(String(productId), () => loadStatistics(productId)),
  };
}

export type Reviews = ReturnType<typeof createReviews>;
