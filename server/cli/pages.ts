// npm run pages -- check <files…> [--default-locale CODE]
//                                             validate page and funnel files offline (exit 1 on any error)
// npm run pages -- push <dir> [--url URL] [--token TOKEN | --token-file FILE] [--default-locale CODE]
//                                             check, then upload every *.json page of a folder, then its
//                                             funnels (a file with `steps`), whose steps name those pages
// A funnel's pages and products are checked by the shop when it is pushed (they live in its database).
// Every text given by locale must hold the shop's default locale: `check` takes it as en (the demo
// shop's) unless told, `push` asks the shop it uploads to (GET /api/site) unless told.
// Errors print as `file:line:column  /json/pointer  message`, so editors and terminals can jump to them.
import { readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { checkPageText, type DocumentKind, type LocatedError } from './check-page-text';
import type { SaveRules } from '../commerce/default-locale-rule';

const USAGE = `usage:
  npm run pages -- check <file.json…> [--default-locale en]
  npm run pages -- push <folder> [--url http://localhost:3000] [--token TOKEN | --token-file data/merchant-token] [--default-locale CODE]`;

/** The default locale of the demo shop: what `check` holds texts to unless told another. */
const DEMO_DEFAULT_LOCALE = 'en';

const show = (file: string) => relative(process.cwd(), file) || file;
const printErrors = (file: string, errors: LocatedError[], errorCount: number) => {
  for (const e of errors) console.error(`${show(file)}:${e.line}:${e.column}  ${e.path || '/'}  ${e.message}`);
  if (errorCount > errors.length) console.error(`${show(file)}: ${errorCount - errors.length} more errors not listed`);
};

interface CheckedFile {
  file: string;
  kind: DocumentKind;
  page: { handle: string };
}

async function checkFiles(files: string[], rules: SaveRules): Promise<CheckedFile[] | null> {
  let failed = false;
  const pages: CheckedFile[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      console.error(`${show(file)}: cannot read: ${(error as Error).message}`);
      failed = true;
      continue;
    }
    const result = checkPageText(text, rules);
    if (result.ok) pages.push({ file, kind: result.kind ?? 'page', page: result.page as { handle: string } });
    else {
      failed = true;
      printErrors(file, result.errors, result.errorCount);
    }
  }
  return failed ? null : pages;
}

async function check(files: string[], defaultLocale: string): Promise<number> {
  if (!files.length) {
    console.error(USAGE);
    return 2;
  }
  const checked = await checkFiles(files, { defaultLocale });
  if (!checked) return 1;
  const count = (kind: DocumentKind, one: string) => {
    const n = checked.filter((c) => c.kind === kind).length;
    return `${n} ${one}${n === 1 ? '' : 's'}`;
  };
  console.log(
    checked.some((c) => c.kind === 'funnel')
      ? `${count('page', 'page')} and ${count('funnel', 'funnel')} valid`
      : `${count('page', 'page')} valid`,
  );
  return 0;
}

/**
 * The default locale of the shop at `url` (GET /api/site, with the merchant's token: a shop behind its
 * password gate answers the merchant), or null when it cannot be read (said on stderr).
 */
async function shopDefaultLocale(url: string, token: string): Promise<string | null> {
  const address = `${url.replace(/\/$/, '')}/api/site`;
  try {
    const response = await fetch(address, { headers: { Authorization: `Bearer ${token}` } });
    const body = (await response.json().catch(() => null)) as { data?: { defaultLocale?: unknown } } | null;
    const locale = body?.data?.defaultLocale;
    if (response.ok && typeof locale === 'string') return locale;
    console.error(`Cannot read the shop's default language from ${address} (${response.status}): pass --default-locale.`);
  } catch (error) {
    console.error(`Cannot reach the shop at ${address}: ${(error as Error).message}`);
  }
  return null;
}

async function push(
  dir: string | undefined,
  options: { url: string; token?: string; tokenFile: string; defaultLocale?: string },
): Promise<number> {
  if (!dir) {
    console.error(USAGE);
    return 2;
  }
  const files = (await readdir(dir))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(dir, f));
  const token = options.token ?? (await readFile(options.tokenFile, 'utf8').catch(() => '')).trim();
  if (!token) {
    console.error(`No merchant token: pass --token, or --token-file (default ${options.tokenFile}).`);
    return 2;
  }
  const defaultLocale = options.defaultLocale ?? (await shopDefaultLocale(options.url, token));
  if (!defaultLocale) {
    console.error('Nothing was uploaded.');
    return 1;
  }
  const pages = await checkFiles(files, { defaultLocale });
  if (!pages) {
    console.error('Nothing was uploaded: fix the errors above first.');
    return 1;
  }
  let failed = 0;
  // Pages first: a funnel's steps name pages, which must exist when the funnel is saved.
  const ordered = [...pages.filter((p) => p.kind === 'page'), ...pages.filter((p) => p.kind === 'funnel')];
  for (const { file, kind, page } of ordered) {
    const collection = kind === 'funnel' ? 'funnels' : 'pages';
    const response = await fetch(`${options.url.replace(/\/$/, '')}/api/${collection}/${encodeURIComponent(page.handle)}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: await readFile(file, 'utf8'),
    });
    const body = (await response.json().catch(() => null)) as {
      message?: string;
      data?: { version?: number; errors?: { path: string; message: string }[]; errorCount?: number };
    } | null;
    if (response.ok) {
      console.log(`${show(file)}: ${page.handle} is live as version ${body?.data?.version}`);
    } else {
      failed++;
      console.error(`${show(file)}: refused (${response.status}): ${body?.message ?? response.statusText}`);
      const errors = body?.data?.errors ?? [];
      for (const e of errors) console.error(`  ${e.path}  ${e.message}`);
      const more = (body?.data?.errorCount ?? 0) - errors.length;
      if (more > 0) console.error(`  ${more} more errors not listed`);
    }
  }
  return failed ? 1 : 0;
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string', default: 'http://localhost:3000' },
      token: { type: 'string' },
      'token-file': { type: 'string', default: 'data/merchant-token' },
      'default-locale': { type: 'string' },
    },
  });
  const [command, ...rest] = positionals;
  const defaultLocale = values['default-locale'];
  if (command === 'check') return check(rest, defaultLocale ?? DEMO_DEFAULT_LOCALE);
  if (command === 'push')
    return push(rest[0], { url: values.url!, token: values.token, tokenFile: values['token-file']!, defaultLocale });
  console.error(USAGE);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
