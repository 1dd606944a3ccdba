import { describe, expect, it } from 'vitest';
import { CliInputError } from '../../../server/cli/flag-values';
import { parseMailCommand } from '../../../server/cli/mail-parse';

// The mail commands' flags, checked before the database opens (the commands themselves run
// against Dovecot in test/server/mail/mail-cli.test.ts).

const words = (line: string) => line.split(' ').filter(Boolean);

describe('mail CLI flags', () => {
  it.each([
    ['mail:imap --workspace 1 --port 993 --master-user m --master-password-file f', /--host/],
    [
      'mail:imap --workspace 1 --host h --port 0 --master-user m --master-password-file f',
      /--port/,
    ],
    [
      'mail:imap --workspace 1 --host h --port 993 --tls maybe --master-user m --master-password-file f',
      /--tls/,
    ],
    [
      'mail:imap --workspace 1 --host h --port 143 --master-separator ab --master-user m --master-password-file f',
      /--master-separator must be one visible character/,
    ],
    ['mail:google --workspace 1', /--service-account-file/],
    ['mail:microsoft --workspace 1 --tenant t --client-id c', /--client-secret-file/],
    ['mail:sync --workspace 1 --mailbox nope', /--mailbox/],
    ['mail:sync --workspace 1 --again=yes', /--again/],
    ['mail:status --workspace x', /--workspace/],
  ])('refuses "%s" naming the flag', (line, pattern) => {
    expect(() => parseMailCommand(words(line))).toThrow(CliInputError);
    expect(() => parseMailCommand(words(line))).toThrow(pattern);
  });

  it('mail:imap takes --tls true|starttls|false, a CA file and the master separator', () => {
    const line = (extra: string) =>
      parseMailCommand(
        words(
          `mail:imap --workspace 1 --host h --port 143 --master-user m --master-password-file f ${extra}`,
        ),
      );
    expect(line('--tls starttls --ca-file ca.pem --master-separator %')).toMatchObject({
      tls: 'starttls',
      caFile: 'ca.pem',
      masterSeparator: '%',
    });
    expect(line('')).toMatchObject({ tls: true, caFile: undefined, masterSeparator: '*' });
    expect(line('--tls false')).toMatchObject({ tls: false });
    expect(() => line('--tls maybe')).toThrow('--tls must be true, starttls or false, got "maybe"');
  });

  it('mail:sync takes --again and --wait', () => {
    expect(parseMailCommand(words('mail:sync --workspace 1 --again --wait'))).toEqual({
      name: 'mail:sync',
      workspaceId: 1,
      mailbox: undefined,
      wait: true,
      again: true,
    });
    expect(parseMailCommand(words('mail:sync --workspace 1'))).toMatchObject({
      wait: false,
      again: false,
    });
  });
});
