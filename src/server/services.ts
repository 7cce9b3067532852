// What every route handler can reach: built once in app.ts.
import type { Config } from './config.js';
import type { Db } from './db/connect.js';
import type { RateLimiter } from './auth/rate-limit.js';
import type { TokenService } from './auth/tokens.js';
import type { Mailer } from './mail/mailer.js';
import type { CodeMac } from './domain/code-mac.js';
import type { Standby } from './db/standby.js';

export interface Services {
  db: Db;
  config: Config;
  tokens: TokenService;
  limiter: RateLimiter;
  mailer: Mailer;
  /** Makes and checks the MAC of printed codes (CODE_SECRET). */
  codes: CodeMac;
  /** The streaming standby that routes declared `reads: 'standby'` read while it is healthy. */
  standby: Standby;
}
