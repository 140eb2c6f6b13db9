// Without SMTP a mail is written to the outbox; its link is logged in the demo only (a local user follows it there),
// never in production, where the line names the outbox and masks the address.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLogLevel } from '../../server/log.ts';
import { sendMail } from '../../server/mail/send.ts';
import { activationLink, activationMail } from '../../server/accounts/mails.ts';
import { testConfig } from './support/app.ts';

const TOKEN = 'QmFzZTY0dXJsVG9rZW5Gb3JUaGVNYWlsTGlua1Rlc3Q';

async function logOfOneMail(demo: '1' | '0'): Promise<string> {
  vi.stubEnv('DEMO', demo);
  const config = testConfig();
  const lines: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    setLogLevel('info');
    const mail = activationMail('en', 'reader@example.com', activationLink(config.publicUrl, 'en', TOKEN));
    expect(await sendMail({ smtpUrl: null, dataDir: config.dataDir, from: config.supportEmail }, mail)).toBe(true);
  } finally {
    setLogLevel('warn');
    write.mockRestore();
  }
  return lines.join('');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the mail line of the outbox', () => {
  it('carries the link in the demo', async () => {
    const log = await logOfOneMail('1');
    expect(log).toContain(`/en/activate/${TOKEN}`);
    expect(log).toContain('r***@example.com');
    expect(log).not.toContain('reader@example.com');
  });

  it('carries no link in production', async () => {
    const log = await logOfOneMail('0');
    expect(log).toMatch(/"msg":"mail activation for r\*\*\*@example.com written to [^"]+outbox"/);
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain('/activate/');
  });
});
