/**
 * Text messages to customers (issue 41 §2: "your order is ready to collect"). One interface, two adapters: by
 * default each message is written as a `.json` file to the SMS outbox folder (`$DATA_DIR/sms-outbox`), where
 * tests and a person read it, as the mail outbox does for mail (decision 0023); with SMS_PROVIDER=twilio it is sent
 * through Twilio's REST API (docs/deploy.md). Logs never carry the number or the text (decision 0011).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { AppConfig } from '../../env';

export interface SmsMessage {
  /** The customer's number as they gave it, e.g. '0412 345 678'; made international (+61) before sending. */
  to: string;
  body: string;
}

export interface SmsSender {
  kind: 'outbox' | 'twilio';
  /** Sends (or writes) one message. Throws when the number is not a mobile, or the provider refuses it. */
  send(message: SmsMessage): Promise<void>;
}

/**
 * An Australian mobile as E.164 ('0412 345 678' or '+61 412 345 678' → '+61412345678'); null for anything else
 * (a landline cannot take a text).
 */
export function australianMobile(phone: string): string | null {
  const digits = phone.replace(/[\s()-]/g, '');
  const local = /^\+614\d{8}$/.test(digits) ? `0${digits.slice(3)}` : digits;
  return /^04\d{8}$/.test(local) ? `+61${local.slice(1)}` : null;
}

/** The sender the configuration asks for: Twilio when SMS_PROVIDER=twilio, otherwise the outbox folder. */
export function createSmsSender(
  config: Pick<AppConfig, 'sms' | 'smsOutboxDir'>,
  fetchImpl: typeof fetch = fetch,
): SmsSender {
  const sms = config.sms;
  if (sms.provider === 'twilio') {
    return {
      kind: 'twilio',
      async send(message) {
        const to = australianMobile(message.to);
        if (!to) throw new Error('the number is not an Australian mobile');
        const res = await fetchImpl(
          `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(sms.accountSid)}/Messages.json`,
          {
            method: 'POST',
            headers: {
              authorization: `Basic ${Buffer.from(`${sms.accountSid}:${sms.authToken}`).toString('base64')}`,
              'content-type': 'application/x-www-form-urlencoded',
            },
            body: new URLSearchParams({ To: to, From: sms.from, Body: message.body }).toString(),
            signal: AbortSignal.timeout(15_000),
          },
        );
        if (!res.ok) throw new Error(`Twilio answered ${res.status}`);
      },
    };
  }
  return {
    kind: 'outbox',
    async send(message) {
      const to = australianMobile(message.to);
      if (!to) throw new Error('the number is not an Australian mobile');
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      const file = path.join(config.smsOutboxDir, name);
      const text = JSON.stringify({ to, body: message.body }, null, 2);
      try {
        writeFileSync(file, text);
      } catch {
        mkdirSync(config.smsOutboxDir, { recursive: true });
        writeFileSync(file, text);
      }
    },
  };
}
