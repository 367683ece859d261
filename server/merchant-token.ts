// The merchant token: MERCHANT_TOKEN when set, else one generated on first start and kept in the
// data folder (readable by its owner only).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export async function loadOrCreateMerchantToken(file: string): Promise<{ token: string; created: boolean }> {
  try {
    const token = (await readFile(file, 'utf8')).trim();
    if (token) return { token, created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const token = randomBytes(24).toString('base64url');
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
  return { token, created: true };
}
