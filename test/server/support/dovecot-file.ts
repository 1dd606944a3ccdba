import { afterAll, beforeAll } from 'vitest';
import { startDovecot, type Dovecot, type DovecotOptions } from '../../support/dovecot';

/**
 * The test file's Dovecot: started before its tests (vitest's beforeAll) and stopped after.
 * The object is filled in when it has started, so the file can hold it in a const.
 */
export function dovecotForFile(options: DovecotOptions = {}): Dovecot {
  const dovecot = {} as Dovecot;
  beforeAll(async () => {
    Object.assign(dovecot, await startDovecot(options));
  });
  afterAll(async () => {
    await dovecot.close?.();
  });
  return dovecot;
}
