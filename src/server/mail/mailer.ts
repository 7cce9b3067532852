// Outgoing mail: through SMTP when SMTP_URL is set; otherwise written to the server log and to a
// file under DATA_DIR/mail, so a newcomer without a mail server can still follow a reset link.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  return {
    async send(mail) {
      const dir = join(opts.dataDir, 'mail');
      await mkdir(dir, { recursive: true });
      const file = join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^A-Za-z0-9@._-]/g, '_')}.txt`,
      );
      await writeFile(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
      opts.log.info({ to: mail.to, subject: mail.subject, file }, `mail (no SMTP_URL set):\n${mail.text}`);
    },
  };
}
