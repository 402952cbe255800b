import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileSafely } from '../core/files/safeWrite';

export const TOKEN_FILE_NAME = 'token';

/**
 * The token of a data directory: `DIR/token` (mode 0600), made on first start and reused after.
 * A token file that others may read is tightened to 0600 rather than trusted as is.
 */
export function loadOrCreateToken(dataDir: string): { token: string; tokenFile: string } {
  const tokenFile = path.join(dataDir, TOKEN_FILE_NAME);
  try {
    const existing = fs.readFileSync(tokenFile, 'utf8').trim();
    if (existing.length >= 16 && !/\s/.test(existing)) {
      if ((fs.statSync(tokenFile).mode & 0o077) !== 0) fs.chmodSync(tokenFile, 0o600);
      return { token: existing, tokenFile };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const token = randomBytes(32).toString('base64url');
  // Never through a link planted at the token's name or a temporary name (core/files/safeWrite).
  writeFileSafely(tokenFile, `${token}\n`, { mode: 0o600 });
  return { token, tokenFile };
}
