// Vitest global setup: builds one migrated, seeded PGlite database and dumps it, so every test file
// starts from a copy in a fraction of a second instead of running initdb and the seed again.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { validatePage } from '../../server/commerce/pages/validate-page';
import { validateFunnel } from '../../server/commerce/funnels/validate-funnel';
import { openDatabase } from '../../server/db/connect';
import { prepareDatabase } from '../../server/db/prepare';
import { projectPaths } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-template-'));
  const database = await openDatabase({ kind: 'pglite' });
  await prepareDatabase(database, { ...projectPaths, checkPage: validatePage, checkFunnel: validateFunnel });
  const dump = await database.pglite!.dumpDataDir('gzip');
  await database.close();
  const file = join(dir, 'template.tar.gz');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => rm(dir, { recursive: true, force: true });
}
