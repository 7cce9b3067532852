// A real SMTP peer on 127.0.0.1 that keeps every message it is given, so tests read what the app
// really sent (mailparser is not installable here: the small MIME decoding below is enough for
// the plain-text mails the app sends).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  headers: Record<string, string>;
  /** The decoded text of the (first text/plain) body. */
  text: string;
}

export interface SmtpPeer {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the next mail to arrive (or one already there beyond `seen`). */
  waitForMail(seen?: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    const hex = soft.slice(i + 1, i + 3);
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Splits a raw message into unfolded headers (lower-case names) and body. */
export function splitMessage(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const p = splitMessage(part.replace(/^\r?\n/, ''));
      const partType = p.headers['content-type'] ?? 'text/plain';
      if (/^text\/plain/i.test(partType) || /^multipart\//i.test(partType)) return decodeBody(p.headers, p.body);
    }
    return '';
  }
  const enc = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body);
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

export function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const { headers, body } = splitMessage(raw);
  return { from, to, raw, headers, text: decodeBody(headers, body) };
}

export async function startSmtp(): Promise<SmtpPeer> {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        mails.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            from,
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((res, rej) => {
    server.once('error', rej);
    server.listen(0, '127.0.0.1', () => res());
  });
  const { port } = server.server.address() as AddressInfo;

  const waitForMail = (seen = mails.length, timeoutMs = 5000) =>
    new Promise<ReceivedMail>((res, rej) => {
      const check = () => {
        if (mails.length > seen) {
          clearTimeout(timer);
          res(mails[seen]!);
          return true;
        }
        return false;
      };
      const timer = setTimeout(() => rej(new Error(`No mail within ${timeoutMs} ms`)), timeoutMs);
      const waiter = () => {
        if (!check()) waiters.push(waiter);
      };
      if (!check()) waiters.push(waiter);
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail,
    close: () => new Promise<void>((res) => server.close(() => res())),
  };
}
