/**
 * Mail through nodemailer: SMTP when SMTP_URL is set; otherwise the server keeps the
 * messages in an outbox that tests (and a developer, never production) can read.
 */
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface OutboxEntry extends MailMessage {
  id: number;
  sentAt: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Present only without SMTP. */
  outbox?: OutboxEntry[];
}

const OUTBOX_LIMIT = 500;

export function createMailer(options: { smtpUrl?: string; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  const outbox: OutboxEntry[] = [];
  let nextId = 1;
  return {
    outbox,
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
      outbox.push({ ...message, id: nextId++, sentAt: new Date().toISOString() });
      if (outbox.length > OUTBOX_LIMIT) outbox.splice(0, outbox.length - OUTBOX_LIMIT);
    },
  };
}
