/**
 * Sends the store's mail with nodemailer (DESIGN §2, §3): over SMTP when SMTP_URL is set, otherwise each
 * message is written as an RFC 822 `.eml` file to the outbox folder, where tests and a person can read it.
 * Every message is multipart: a plain-text part and an HTML part.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe for the newsletter (RFC 8058). */
  headers?: Record<string, string>;
  /** Reply-To, e.g. the customer's address on a contact message mailed to the store. */
  replyTo?: string;
}

export interface Mailer {
  /** 'smtp' or 'outbox'. */
  kind: 'smtp' | 'outbox';
  /** Sends (or writes) one message. Throws when the SMTP server refuses it or the outbox cannot be written. */
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  outboxDir: string;
  /** The From header: the store's name and address (read when a mail is sent, so a renamed store shows). */
  from: () => Promise<{ name: string; address: string }>;
}

/** A mailer for the configuration: SMTP when `smtpUrl` is set, else the outbox folder. */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(m) {
        await transport.sendMail({ from: await options.from(), ...m });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(m) {
      const info = await transport.sendMail({ from: await options.from(), ...m });
      await mkdir(options.outboxDir, { recursive: true });
      // Sortable by time, unique without coordination between instances.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(path.join(options.outboxDir, name), info.message as Buffer);
    },
  };
}

/** Text made safe to place inside HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
