// The seed step of the demo funnels and their pages.
import { funnels, funnelVersions } from './funnel-schema';
import { pages, pageVersions } from './page-schema';
import type { SeedStep } from './seed-fixtures';

/**
 * The demo funnel and its pages, for databases seeded before funnels: a page or funnel whose handle the
 * merchant already uses is left as it is (a funnel is added only when every page it shows is there).
 */
export const funnelsStep: SeedStep = {
  mark: 'seeded:funnels',
  async run(tx, fixtures) {
    const existing = new Map(
      (await tx.select({ handle: pages.handle, kind: pages.kind }).from(pages)).map((p) => [p.handle, p.kind]),
    );
    for (const page of fixtures.pages.filter((p) => p.kind === 'funnel' && !existing.has(p.handle))) {
      const [row] = await tx
        .insert(pages)
        .values({ handle: page.handle, kind: page.kind, liveVersion: 1 })
        .returning({ id: pages.id });
      await tx.insert(pageVersions).values({ pageId: row!.id, version: 1, body: page.body });
      existing.set(page.handle, 'funnel');
    }
    const taken = new Set((await tx.select({ handle: funnels.handle }).from(funnels)).map((f) => f.handle));
    for (const funnel of fixtures.funnels.filter((f) => !taken.has(f.handle))) {
      const steps = (funnel.body.steps as { page: string }[] | undefined) ?? [];
      if (!steps.every((s) => existing.get(s.page) === 'funnel')) continue;
      const [row] = await tx.insert(funnels).values({ handle: funnel.handle, liveVersion: 1 }).returning({ id: funnels.id });
      await tx.insert(funnelVersions).values({ funnelId: row!.id, version: 1, body: funnel.body });
    }
  },
};
