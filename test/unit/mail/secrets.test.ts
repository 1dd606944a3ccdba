import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { ConfigError } from '../../../server/config-values';
import { loadSecretBox, parseSecretsKey, SecretBox } from '../../../server/mail/secrets';

// How mail credentials are sealed (the check against stored credentials needs a database:
// test/server/mail/mail-cli.test.ts).

describe('credential sealing', () => {
  const hexKey = 'ab'.repeat(32);

  it('reads SECRETS_KEY as hex or base64 and refuses anything else, naming the variable', () => {
    expect(parseSecretsKey(hexKey)).toEqual(Buffer.alloc(32, 0xab));
    expect(parseSecretsKey(Buffer.alloc(32, 0xab).toString('base64'))).toEqual(
      Buffer.alloc(32, 0xab),
    );
    expect(parseSecretsKey('short')).toBeNull();
    expect(() => loadConfig({ SECRETS_KEY: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ SECRETS_KEY: 'short' })).toThrow(/^Invalid SECRETS_KEY/);
  });

  it('seals with AES-256-GCM: fresh each time, opened only by the same key', () => {
    const box = new SecretBox(Buffer.alloc(32, 1));
    const scope = { workspaceId: 4, provider: 'imap' };
    const sealed = box.seal('password', scope);
    expect(box.seal('password', scope)).not.toBe(sealed);
    expect(box.unseal(sealed, scope)).toBe('password');
    expect(() => new SecretBox(Buffer.alloc(32, 2)).unseal(sealed, scope)).toThrow(/SECRETS_KEY/);
  });

  it('opens a value only for the workspace and provider it was sealed for', () => {
    const box = new SecretBox(Buffer.alloc(32, 1));
    const sealed = box.seal('password', { workspaceId: 4, provider: 'imap' });
    expect(sealed.startsWith('v2.')).toBe(true);
    expect(() => box.unseal(sealed, { workspaceId: 5, provider: 'imap' })).toThrow(
      'The mail credential stored for workspace 5 does not open: it was sealed for another ' +
        'workspace or provider, or is damaged; set it again with the CLI.',
    );
    expect(() => box.unseal(sealed, { workspaceId: 4, provider: 'google' })).toThrow(
      /stored for workspace 4 does not open/,
    );
  });

  it('creates a key file with mode 0600 on the embedded default and reads it again', async () => {
    const dataDir = join(await mkdtemp(join(tmpdir(), 'mailpulse-secrets-')), 'data');
    const first = await loadSecretBox({ secretsKey: undefined, databaseUrl: undefined, dataDir });
    const mode = (await stat(join(dataDir, 'secrets.key'))).mode & 0o777;
    expect(mode).toBe(0o600);
    expect(parseSecretsKey(await readFile(join(dataDir, 'secrets.key'), 'utf8'))).not.toBeNull();
    const again = await loadSecretBox({ secretsKey: undefined, databaseUrl: undefined, dataDir });
    const scope = { workspaceId: 1, provider: 'imap' };
    expect(again.unseal(first.seal('x', scope), scope)).toBe('x');
  });
});
