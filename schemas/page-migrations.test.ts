import { describe, expect, it } from 'vitest';
import { currentSchemaVersion, migratePageInPlace, renameSetting, type BlockMigrations } from './page-migrations';

// A history made up for the test: rich-text's `text` became `body` in format 2, and the section's
// `cols` became `columns` in format 3.
const history: BlockMigrations = {
  'rich-text': [{ schemaVersion: 2, migrate: (s) => renameSetting(s, 'text', 'body') }],
  section: [{ schemaVersion: 3, migrate: (s) => renameSetting(s, 'cols', 'columns') }],
};

const oldPage = () => ({
  handle: 'old',
  kind: 'shop',
  blocks: [
    { id: 'intro', type: 'rich-text', settings: { text: 'Hello' } },
    {
      id: 'row',
      type: 'section',
      settings: { cols: 3 },
      blocks: [{ id: 'inner', type: 'rich-text', settings: { text: 'Inside' } }],
    },
  ],
});

describe('page migrations', () => {
  it('bring a page written in format 1 (schemaVersion left out) to the current format, nested blocks too', () => {
    const page = oldPage();
    expect(migratePageInPlace(page, history)).toBeNull();
    expect(page).toEqual({
      handle: 'old',
      kind: 'shop',
      schemaVersion: 3,
      blocks: [
        { id: 'intro', type: 'rich-text', settings: { body: 'Hello' } },
        {
          id: 'row',
          type: 'section',
          settings: { columns: 3 },
          blocks: [{ id: 'inner', type: 'rich-text', settings: { body: 'Inside' } }],
        },
      ],
    });
  });

  it('apply only the steps after the format a page was written in', () => {
    const page = { ...oldPage(), schemaVersion: 2 };
    migratePageInPlace(page, history);
    // In format 2 the setting is already `body`: the step to 2 is not applied, so a `text` there is left
    // for the validator to refuse; the section's step to 3 applies.
    expect(page.blocks[0]).toEqual({ id: 'intro', type: 'rich-text', settings: { text: 'Hello' } });
    expect(page.blocks[1]).toMatchObject({ settings: { columns: 3 } });
  });

  it('leave a page in the current format as it is', () => {
    const page = {
      handle: 'new',
      kind: 'shop',
      schemaVersion: 3,
      blocks: [{ id: 'a', type: 'rich-text', settings: { body: 'x' } }],
    };
    const before = structuredClone(page);
    expect(migratePageInPlace(page, history)).toBeNull();
    expect(page).toEqual(before);
  });

  it('refuse a page written for a newer format than the shop knows', () => {
    expect(migratePageInPlace({ ...oldPage(), schemaVersion: 4 }, history)).toBe(
      'was written for page format 4; this shop reads formats up to 3',
    );
  });

  it('give a block with no settings its migrated settings, and rename without overwriting', () => {
    const page = { handle: 'p', kind: 'shop', blocks: [{ id: 'a', type: 'section' }] };
    migratePageInPlace(page, { section: [{ schemaVersion: 2, migrate: (s) => ({ ...s, gap: 'small' }) }] });
    expect(page.blocks[0]).toEqual({ id: 'a', type: 'section', settings: { gap: 'small' } });
    expect(renameSetting({ cols: 2, columns: 4 }, 'cols', 'columns')).toEqual({ columns: 4 });
  });

  it('know the current format from the highest step (1 with none)', () => {
    expect(currentSchemaVersion({})).toBe(1);
    expect(currentSchemaVersion(history)).toBe(3);
  });
});
