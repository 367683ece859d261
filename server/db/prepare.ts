// Brings a database to the current schema and seeds whatever part of the demo shop it lacks.
import type { Database } from './connect';
import { readFixtures, type PageChecker } from './fixtures';
import { pendingSeedSteps, seed } from './seed';

export async function prepareDatabase(
  database: Database,
  options: { migrationsFolder: string; fixturesDir: string; checkPage: PageChecker; checkFunnel?: PageChecker },
): Promise<{ seeded: string[] }> {
  await database.migrate(options.migrationsFolder);
  if ((await pendingSeedSteps(database.db)).length === 0) return { seeded: [] };
  return { seeded: await seed(database.db, await readFixtures(options.fixturesDir, options.checkPage, options.checkFunnel)) };
}
