// The snapshot run's own report (docs/qa-snapshots.md): one static page, test-results/snapshots/index.html,
// showing each picture that differs as expected / actual / diff side by side and each markup that differs
// as a line diff. After `npm run test:snapshots:update` it lists the snapshot files the update changed
// (as git sees them) with their committed and new versions side by side, for the review before committing.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import type { FullConfig, FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { lineDiff, type DiffLine } from './line-diff';

const ROOT = join(import.meta.dirname, '../..');
const REPORT = join(ROOT, 'test-results/snapshots');
const FILES = join(REPORT, 'files');

interface Difference {
  title: string;
  name: string;
  kind: 'picture' | 'markup' | 'other';
  expected?: string;
  actual?: string;
  diff?: string;
  lines?: DiffLine[];
  message?: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

let copied = 0;
/** Copies a file into the report (the run's own folders are emptied by the next run). */
function keep(path: string | undefined): string | undefined {
  if (!path || !existsSync(path)) return undefined;
  const target = join(FILES, `${++copied}-${basename(path)}`);
  copyFileSync(path, target);
  return relative(REPORT, target);
}

/** Playwright's error messages carry terminal colours; the report is a web page. */
const ESCAPE = String.fromCharCode(27);
const stripAnsi = (text: string) =>
  text
    .split(ESCAPE)
    .map((part, n) => (n ? part.replace(/^\[[0-9;]*m/, '') : part))
    .join('');

function linesHtml(lines: DiffLine[]): string {
  return `<pre class="diff">${lines
    .map((line) =>
      line.kind === 'gap'
        ? `<span class="gap">@@ ${escapeHtml(line.text)} @@</span>`
        : `<span class="${line.kind}">${line.kind === 'added' ? '+' : line.kind === 'removed' ? '-' : ' '} ${escapeHtml(line.text)}</span>`,
    )
    .join('')}</pre>`;
}

function differenceHtml(d: Difference, labels: [string, string]): string {
  const figure = (label: string, src?: string) =>
    src ? `<figure><figcaption>${label}</figcaption><a href="${src}"><img src="${src}" alt="${label}"></a></figure>` : '';
  const body =
    d.kind === 'picture'
      ? `<div class="pictures">${figure(labels[0], d.expected)}${figure(labels[1], d.actual)}${figure('diff (red: changed pixels; yellow: anti-aliasing only)', d.diff)}</div>`
      : d.kind === 'markup' && d.lines
        ? linesHtml(d.lines)
        : `<pre>${escapeHtml(d.message ?? '')}</pre>`;
  return `<section><h2>${escapeHtml(d.name)}</h2><p class="test">${escapeHtml(d.title)}</p>${body}</section>`;
}

function page(title: string, summary: string, sections: string[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1f2933}
h1{font-size:20px}h2{font-size:16px;margin:0 0 4px}section{border-top:1px solid #ccd;padding:16px 0}
.test{color:#52606d;margin:0 0 8px}.pictures{display:flex;gap:12px;align-items:flex-start}
figure{margin:0;flex:1;min-width:0}figcaption{font-weight:600;margin-bottom:4px}
figure img{max-width:100%;border:1px solid #ccd}
.diff{font:12px/1.35 ui-monospace,monospace;background:#f8f9fb;padding:8px;overflow:auto;max-height:600px}
.diff span{display:block;white-space:pre-wrap;word-break:break-all}
.added{background:#e3f9e5}.removed{background:#ffe3e3}.gap{color:#7b8794;background:#eef1f5}
</style></head><body><h1>${escapeHtml(title)}</h1><p>${summary}</p>${sections.join('\n')}</body></html>`;
}

export default class SnapshotReport implements Reporter {
  private differences: Difference[] = [];
  private updating = false;
  private tests = 0;

  onBegin(config: FullConfig) {
    this.updating = config.updateSnapshots === 'all' || config.updateSnapshots === 'changed';
    rmSync(REPORT, { recursive: true, force: true });
    mkdirSync(FILES, { recursive: true });
  }

  onTestEnd(test: TestCase, result: TestResult) {
    this.tests++;
    if (result.status === 'passed' || result.status === 'skipped') return;
    const title = test.title;
    // Playwright attaches <name>-expected / -actual / -diff for each snapshot that differs.
    const groups = new Map<string, Record<string, string | undefined>>();
    for (const attachment of result.attachments) {
      const match = /^(.*)-(expected|actual|diff|previous)(\.\w+)$/.exec(attachment.name);
      if (!match || !attachment.path) continue;
      const key = `${match[1]}${match[3]}`;
      groups.set(key, { ...groups.get(key), [match[2]!]: attachment.path });
    }
    for (const [name, files] of groups) {
      if (extname(name) === '.png') {
        this.differences.push({
          title,
          name,
          kind: 'picture',
          expected: keep(files.expected),
          actual: keep(files.actual),
          diff: keep(files.diff),
        });
      } else {
        const read = (path?: string) => (path && existsSync(path) ? readFileSync(path, 'utf8') : '');
        this.differences.push({ title, name, kind: 'markup', lines: lineDiff(read(files.expected), read(files.actual)) });
      }
    }
    if (!groups.size)
      this.differences.push({
        title,
        name: 'failed',
        kind: 'other',
        message: result.errors.map((e) => stripAnsi(e.message ?? '')).join('\n\n'),
      });
  }

  onEnd(result: FullResult) {
    // Listing the tests (--list) runs none: nothing to report.
    if (!this.tests && !this.updating) return;
    const index = join(REPORT, 'index.html');
    if (this.updating) {
      const changed = changedSnapshots();
      writeFileSync(
        index,
        page(
          'Snapshots updated: review before committing',
          changed.length
            ? `${changed.length} snapshot file(s) differ from the last commit. Committed version on the left, new on the right.`
            : 'No snapshot file differs from the last commit.',
          [
            ...changed.map((c) => differenceHtml(c, ['committed', 'new'])),
            ...this.differences.map((d) => differenceHtml(d, ['expected', 'actual'])),
          ],
        ),
      );
      console.log(`\nSnapshot files changed by this update (${changed.length}):`);
      for (const c of changed) console.log(`  ${c.title}  ${c.name}`);
      console.log(`Review them: git diff --stat -- snapshots, and the side-by-side report: ${relative(process.cwd(), index)}`);
      return;
    }
    writeFileSync(
      index,
      page(
        this.differences.length ? 'Snapshots differ' : 'Snapshots match',
        `${this.tests} snapshot test(s), run ${result.status}. ${this.differences.length} difference(s).`,
        this.differences.map((d) => differenceHtml(d, ['expected (committed)', 'actual (this run)'])),
      ),
    );
    console.log(
      `\nSnapshot report (${this.differences.length} difference(s)): ${relative(process.cwd(), index)}` +
        (this.differences.length
          ? '\nIf the change is intended: npm run test:snapshots:update, then review (docs/qa-snapshots.md).'
          : ''),
    );
  }

  printsToStdio() {
    return false;
  }
}

/** The files under snapshots/ that differ from the last commit (new, changed or deleted), as Differences. */
function changedSnapshots(): Difference[] {
  let status: string;
  try {
    status = execFileSync('git', ['status', '--porcelain', '--untracked-files=all', '--', 'snapshots'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
  } catch {
    return [];
  }
  return status
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const state = line.slice(0, 2).trim();
      const path = line.slice(3);
      const what = state === '??' || state === 'A' ? 'new' : state === 'D' ? 'deleted' : 'changed';
      const committed = what === 'new' ? undefined : gitShow(path);
      const current = join(ROOT, path);
      if (path.endsWith('.png')) {
        let before: string | undefined;
        if (committed) {
          before = join(FILES, `${++copied}-committed-${basename(path)}`);
          writeFileSync(before, committed);
        }
        return {
          title: what,
          name: path,
          kind: 'picture' as const,
          expected: before && relative(REPORT, before),
          actual: what === 'deleted' ? undefined : keep(current),
        };
      }
      const now = what === 'deleted' ? '' : readFileSync(current, 'utf8');
      return { title: what, name: path, kind: 'markup' as const, lines: lineDiff(committed?.toString('utf8') ?? '', now) };
    });
}

function gitShow(path: string): Buffer | undefined {
  try {
    return execFileSync('git', ['show', `HEAD:${path}`], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  } catch {
    return undefined;
  }
}
