// Outgoing mail: through SMTP when SMTP_URL is set, otherwise into DATA_DIR/outbox/ (a JSON file the tests
// and a local developer read, plus the same message as .eml), with the link logged in the demo only (a link is a
// credential: in production it stays in the outbox file).
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Locale } from '../../src/domain/locale.ts';
import { mailFailures } from '../health/metrics.ts';
import { log } from '../log.ts';
import { resolveMode } from '../mode.ts';
import { BRAND_NAME } from '../../src/domain/brand.ts';

export interface MailSettings {
  smtpUrl: string | null;
  dataDir: string;
  from: string;
}

/** How this server sends mail, from its configuration. */
export function mailSettingsOf(config: Config): MailSettings {
  // The brand as the sender's name: every mail says whom it is from.
  return { smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: `${BRAND_NAME} <${config.supportEmail}>` };
}

export interface OutgoingMail {
  /** What the mail is for, e.g. `activation`; kept in the outbox file for tests. */
  kind: string;
  locale: Locale;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one action link of the mail. */
  link: string;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

const smtpTransports = new Map<string, Transporter>();
const rendering = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

async function writeToOutbox(settings: MailSettings, mail: OutgoingMail): Promise<string> {
  const dir = outboxDir(settings.dataDir);
  await mkdir(dir, { recursive: true });
  const base = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.kind}-${randomBytes(4).toString('hex')}`;
  const rendered = await rendering.sendMail({ from: settings.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  await writeFile(path.join(dir, `${base}.eml`), rendered.message as Buffer);
  // Written aside and renamed into place: whoever reads the outbox never sees half a file.
  const file = path.join(dir, `${base}.json`);
  await writeFile(`${file}.part`, JSON.stringify({ ...mail, from: settings.from, createdAt: new Date().toISOString() }, null, 2));
  await rename(`${file}.part`, file);
  return file;
}

/** Sends (or stores) one mail. Never throws: a mail failure must not undo the account change that caused it. */
export async function sendMail(settings: MailSettings, mail: OutgoingMail): Promise<boolean> {
  try {
    if (settings.smtpUrl) {
      let transport = smtpTransports.get(settings.smtpUrl);
      if (!transport) {
        // Bounded waits: a claim mail is sent under a lease (server/claims/mailOutbox.ts) that must outlast it.
        transport = createTransport({ url: settings.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
        smtpTransports.set(settings.smtpUrl, transport);
      }
      await transport.sendMail({ from: settings.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      return true;
    }
    await writeToOutbox(settings, mail);
    if (resolveMode() === 'demo') log.info(`mail ${mail.kind} for ${mail.to}: ${mail.link}`);
    else log.info(`mail ${mail.kind} for ${mail.to} written to ${outboxDir(settings.dataDir)}`);
    return true;
  } catch (error) {
    mailFailures.inc({ kind: mail.kind });
    log.error(`mail ${mail.kind} for ${mail.to} failed`, error);
    return false;
  }
}
