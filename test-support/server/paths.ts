import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

export const projectPaths = {
  migrationsFolder: join(projectRoot, 'server/db/migrations'),
  fixturesDir: join(projectRoot, 'fixtures'),
};

export const mediaDir = join(projectRoot, 'fixtures/images');
