// Brings a database to the current schema and, when it is empty, fills it with the demo shop.
import type { Database } from './connect';
import { readFixtures, type PageChecker } from './fixtures';
import { isSeeded, seed } from './seed';

export async function prepareDatabase(
  database: Database,
  options: { migrationsFolder: string; fixturesDir: string; checkPage: PageChecker },
): Promise<{ seeded: boolean }> {
  await database.migrate(options.migrationsFolder);
  if (await isSeeded(database.db)) return { seeded: false };
  return { seeded: await seed(database.db, await readFixtures(options.fixturesDir, options.checkPage)) };
}
