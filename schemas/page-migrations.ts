// Page format migrations: old pages keep rendering after a block's settings change shape. Each block
// type lists its migrations in blocks/<type>/migrations.ts (re-exported by its block.ts); `npm run gen`
// gathers them into schemas/generated/page-migrations.ts. A page says which format it was written in
// (`schemaVersion`, 1 when left out); on every read and save, the migrations to each later format are
// applied to the settings of every block of their type, in order, before the page is validated. What the
// merchant saved is stored as written; only what is rendered or checked is migrated.

/** One step of a block type's settings to the page format `schemaVersion`. Pure: it returns new settings. */
export interface BlockMigration {
  schemaVersion: number;
  migrate: (settings: Record<string, unknown>) => Record<string, unknown>;
}

export type BlockMigrations = Readonly<Record<string, readonly BlockMigration[]>>;

/** The page format this shop writes: the highest any migration leads to (1 when there is none). */
export function currentSchemaVersion(migrations: BlockMigrations): number {
  return Math.max(1, ...Object.values(migrations).flatMap((list) => list.map((m) => m.schemaVersion)));
}

/** A setting renamed: its value moves to the new name (unless that is already set). */
export function renameSetting(settings: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  if (!(from in settings)) return settings;
  const { [from]: value, ...rest } = settings;
  return to in rest ? rest : { ...rest, [to]: value };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function* blocksIn(list: unknown): Generator<Record<string, unknown>> {
  if (!Array.isArray(list)) return;
  for (const block of list) {
    if (!isObject(block)) continue;
    yield block;
    yield* blocksIn(block.blocks);
  }
}

/**
 * Brings `page` (a copy the caller owns: it is changed in place) to the current format. Answers an error
 * message for a page written in a format newer than this shop knows; anything else the validator judges.
 */
export function migratePageInPlace(page: unknown, migrations: BlockMigrations): string | null {
  if (!isObject(page)) return null;
  const current = currentSchemaVersion(migrations);
  const from = page.schemaVersion === undefined ? 1 : page.schemaVersion;
  if (typeof from !== 'number' || !Number.isInteger(from) || from < 1) return null;
  if (from > current) return `was written for page format ${from}; this shop reads formats up to ${current}`;
  if (from === current) return null;
  const steps = Object.entries(migrations)
    .flatMap(([type, list]) => list.filter((m) => m.schemaVersion > from).map((m) => ({ type, ...m })))
    .sort((a, b) => a.schemaVersion - b.schemaVersion);
  for (const step of steps) {
    for (const block of blocksIn(page.blocks)) {
      if (block.type !== step.type) continue;
      block.settings = step.migrate(isObject(block.settings) ? block.settings : {});
    }
  }
  page.schemaVersion = current;
  return null;
}
