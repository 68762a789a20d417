// Delivers the outbox through SMTP when SMTP_URL is set. Without it, messages stay in the outbox,
// which the development mailbox shows. Delivery runs after the transaction that queued the mail.
import nodemailer from 'nodemailer';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../shared/clock.js';
import { listUnsent, markFailed, markSent } from './mail.repository.js';

export interface MailDelivery {
  /** 'smtp' sends for real; 'outbox' keeps messages for the development mailbox. */
  readonly mode: 'smtp' | 'outbox';
  /** Sends what is queued; resolves when this round is done. Never throws. */
  flush(): Promise<void>;
  close(): void;
}

interface Logger {
  error(obj: unknown, msg?: string): void;
}

export function createMailDelivery(options: {
  db: Db;
  clock: Clock;
  smtpUrl: string | undefined;
  from: string;
  log: Logger;
}): MailDelivery {
  const { smtpUrl } = options;
  if (!smtpUrl) {
    return { mode: 'outbox', flush: async () => {}, close: () => {} };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  let running: Promise<void> | undefined;
  let again = false;

  async function round(): Promise<void> {
    do {
      again = false;
      const batch = await listUnsent(options.db, 20);
      for (const message of batch) {
        try {
          await transport.sendMail({
            from: options.from,
            to: message.recipient,
            subject: message.subject,
            text: message.text_body ?? '',
            ...(message.html_body ? { html: message.html_body } : {}),
            ...(message.attachment
              ? {
                  attachments: [
                    {
                      filename: message.attachment_name ?? 'attachment',
                      contentType: message.attachment_type ?? 'application/octet-stream',
                      content: Buffer.from(message.attachment),
                    },
                  ],
                }
              : {}),
          });
          await markSent(options.db, message.id, options.clock.now());
        } catch (error) {
          options.log.error({ err: error, outboxId: message.id }, 'mail delivery failed');
          await markFailed(options.db, message.id, error instanceof Error ? error.message : String(error));
        }
      }
    } while (again);
  }

  return {
    mode: 'smtp',
    flush() {
      if (running) {
        again = true;
        return running;
      }
      running = round()
        .catch((error: unknown) => options.log.error({ err: error }, 'mail delivery round failed'))
        .finally(() => {
          running = undefined;
        });
      return running;
    },
    close: () => transport.close(),
  };
}
