// Configuration from the environment, read once at start. Every knob is in the README's table.
import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicBaseUrl: string;
  seedDemo: boolean;
  jwtSecret: string | undefined;
  codeSecret: string | undefined;
  accessTokenSeconds: number;
  refreshTokenDays: number;
  resetTokenMinutes: number;
  loginLimitPerAddress: number;
  loginLimitPerAccountAddress: number;
  loginLimitPerAccount: number;
  resetMailLimitPerHour: number;
  /** VerifyProduct: calls per address (IPv6 by /64) per minute, then 429 (http/memory-limit.ts). */
  verifyLimitPerAddress: number;
  /** VerifyProduct: read statements at work at once, and verifications waiting beyond that, before
   *  429 (domain/verify-reads.ts; the rest of the app keeps its database connections under a flood). */
  verifyMaxInFlight: number;
  verifyQueue: number;
  /** VerifyProduct's group commits (domain/verify-groups.ts): how long a group gathers rows (0: each
   *  verification stored alone), and the rows that write it at once. */
  verifyGroupMs: number;
  verifyGroupRows: number;
  /** What a pack's QR says: 'gs1' a GS1 Digital Link ({PUBLIC_BASE_URL}/01/{GTIN}/10/{batch}/21/{uid}?11=&17=)
   *  where the product has a valid GTIN, else (and by default, 'p') {PUBLIC_BASE_URL}/P?U={uid}. */
  labelLink: 'p' | 'gs1';
  /** A Nominatim-compatible service for a verification's street address ('' none: domain/geocoder.ts). */
  geocoderUrl: string;
  refreshGraceSeconds: number;
  /** Devices: a device holding work older than this many hours is flagged (shared/contracts/device.ts). */
  deviceOldWorkHours: number;
  trustProxy: boolean;
  bodyLimitBytes: number;
  clientDir: string;
  logLevel: string;
  /** PEM files: given both, the server speaks HTTPS with HTTP/2 (and HTTP/1.1 over TLS) itself. */
  tlsCertFile: string | undefined;
  tlsKeyFile: string | undefined;
  /** Full months of verifications kept before the current one; older month partitions are dropped
   *  (db/partitions.ts). 0 keeps every month. */
  verificationRetentionMonths: number;
  /** A streaming standby the reports read (db/standby.ts); PostgreSQL only. Undefined: all on the primary. */
  databaseReadUrl: string | undefined;
  /** The standby's lag beyond which reports read the primary until it catches up. */
  readMaxLagSeconds: number;
  /** How often the standby's health and lag are checked (off the requests' path). */
  readCheckSeconds: number;
}

const int = (v: string | undefined, fallback: number) => {
  const n = v === undefined || v === '' ? NaN : Number(v);
  return Number.isInteger(n) ? n : fallback;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env.PORT, 8080);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Fieldtrace <no-reply@fieldtrace.local>',
    publicBaseUrl: (env.PUBLIC_BASE_URL || `${env.TLS_CERT_FILE ? 'https' : 'http'}://localhost:${port}`).replace(
      /\/+$/,
      '',
    ),
    seedDemo: env.SEED_DEMO !== '0',
    jwtSecret: env.JWT_SECRET || undefined,
    codeSecret: env.CODE_SECRET || undefined,
    accessTokenSeconds: int(env.ACCESS_TOKEN_SECONDS, 15 * 60),
    refreshTokenDays: int(env.REFRESH_TOKEN_DAYS, 30),
    resetTokenMinutes: int(env.RESET_TOKEN_MINUTES, 60),
    loginLimitPerAddress: int(env.LOGIN_LIMIT_PER_ADDRESS, 30),
    loginLimitPerAccountAddress: int(env.LOGIN_LIMIT_PER_ACCOUNT_ADDRESS, 10),
    loginLimitPerAccount: int(env.LOGIN_LIMIT_PER_ACCOUNT, 100),
    resetMailLimitPerHour: int(env.RESET_MAIL_LIMIT_PER_HOUR, 3),
    verifyLimitPerAddress: int(env.VERIFY_LIMIT_PER_ADDRESS, 120),
    verifyMaxInFlight: int(env.VERIFY_MAX_IN_FLIGHT, 4),
    verifyQueue: int(env.VERIFY_QUEUE, 500),
    verifyGroupMs: int(env.VERIFY_GROUP_MS, 2),
    verifyGroupRows: int(env.VERIFY_GROUP_ROWS, 100),
    labelLink: env.LABEL_LINK === 'gs1' ? 'gs1' : 'p',
    geocoderUrl: env.GEOCODER_URL || '',
    refreshGraceSeconds: int(env.REFRESH_GRACE_SECONDS, 30),
    deviceOldWorkHours: Math.max(1, int(env.DEVICE_OLD_WORK_HOURS, 8)),
    trustProxy: env.TRUST_PROXY === '1',
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1024 * 1024),
    clientDir: resolve(env.CLIENT_DIR || './dist/client'),
    logLevel: env.LOG_LEVEL || 'info',
    tlsCertFile: env.TLS_CERT_FILE || undefined,
    tlsKeyFile: env.TLS_KEY_FILE || undefined,
    verificationRetentionMonths: Math.max(0, int(env.VERIFICATION_RETENTION_MONTHS, 0)),
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    readMaxLagSeconds: Math.max(1, int(env.READ_MAX_LAG_SECONDS, 120)),
    readCheckSeconds: Math.max(1, int(env.READ_CHECK_SECONDS, 5)),
    ...overrides,
  };
}
