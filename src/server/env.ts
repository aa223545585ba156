import path from 'node:path';
import type { LevelWithSilent } from 'pino';
import { logLevelFrom } from './logger.ts';
import type { TS3Config } from './services/media/s3-store.ts';

export const DEV_ADMIN_USERNAME = 'admin';
export const DEV_ADMIN_PASSWORD = 'admin123';
/** Development and tests only: production refuses to start without its own ICAL_SECRET. */
export const DEV_ICAL_SECRET = 'stayhub-development-ical-secret';

export interface TEnv {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminUsername: string;
  adminPassword: string;
  demoDirectAdmin: boolean;
  mediaDir: string;
  /** Media in an S3-compatible bucket (S3_BUCKET…) instead of `mediaDir`, shared by every instance. */
  s3: TS3Config | undefined;
  clientDir: string;
  /** LOG_LEVEL: pino's levels, `info` by default. */
  logLevel: LevelWithSilent;
  /** Seed the demo listings, reviews and bookings into an empty database (SEED_DEMO_CONTENT; default true, false in production). */
  seedDemoContent: boolean;
  /** Signs the iCal export tokens (ICAL_SECRET): the database alone can never rebuild a feed URL. */
  icalSecret: string;
  /** Lets iCal imports fetch loopback, private and link-local hosts (ICAL_ALLOW_PRIVATE_HOSTS=true; tests). */
  icalAllowPrivateHosts: boolean;
  /** The site's public origin for absolute links such as the iCal feed URL (PUBLIC_URL); else the request's. */
  publicUrl: string | undefined;
  /** Run the job queue's workers and schedules in this process (RUN_JOBS; default true, false in tests). */
  runJobs: boolean;
  /**
   * Send jobs to the queue from this process. True when it runs the workers, and when RUN_JOBS=false
   * says another process (`npm run worker`) does; false only in tests that run no queue at all.
   */
  sendJobs: boolean;
  /** Seconds between a worker's fetches when idle, and so the slack on retries (JOB_POLL_SECONDS, ≥ 0.5). */
  jobPollSeconds: number;
  /** The first email retry's delay in seconds, doubling each time (EMAIL_RETRY_DELAY_SECONDS, default 15). */
  emailRetryDelaySeconds: number;
  /**
   * How long jobs for committed rows wait to go out together in one insert (JOB_DISPATCH_MS; 1000, and
   * 100 under NODE_ENV=test).
   */
  jobDispatchMs: number;
  /** Lets a non-loopback scraper read /metrics when sent as `Authorization: Bearer <token>` (METRICS_TOKEN). */
  metricsToken: string | undefined;
  /** SMTP delivery (`smtp://user:pass@host:587`); without it emails are written as .eml files under DATA_DIR/mail. */
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  /**
   * Bookings made without an account, per client address and per contact e-mail, in an hour
   * (GUEST_BOOKINGS_PER_HOUR, default 10; 0 turns the limit off, as the benchmark and the test suites do).
   */
  guestBookingsPerHour: number;
  /** Card payments through Stripe (docs/payments.md#stripe); undefined unless both keys are set. */
  stripe: TStripeConfig | undefined;
}

export interface TStripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_API_HOST/PORT/PROTOCOL: where the SDK sends its calls (a local stand-in in tests); Stripe's own by default. */
  host: string | undefined;
  port: number | undefined;
  protocol: 'http' | 'https' | undefined;
}

/** Reads the process environment once, refusing unsafe combinations (docs/decisions.md#demo-admin, #no-admin-registration). */
export function readEnv(source: NodeJS.ProcessEnv = process.env): TEnv {
  const nodeEnv =
    source.NODE_ENV === 'production' ? 'production' : source.NODE_ENV === 'test' ? 'test' : 'development';
  const isProduction = nodeEnv === 'production';
  const port = Number(source.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${source.PORT}"`);
  const dataDir = path.resolve(source.DATA_DIR ?? './.data');
  const adminUsername = source.ADMIN_USERNAME?.trim() || DEV_ADMIN_USERNAME;
  const adminPassword = source.ADMIN_PASSWORD || DEV_ADMIN_PASSWORD;
  const demoDirectAdmin = source.DEMO_DIRECT_ADMIN === 'true';
  if (isProduction && demoDirectAdmin) {
    throw new Error(
      'DEMO_DIRECT_ADMIN=true is refused when NODE_ENV=production: it would let anyone act as admin.',
    );
  }
  if (isProduction && adminPassword === DEV_ADMIN_PASSWORD) {
    throw new Error(
      'Set ADMIN_PASSWORD: the development default admin password is refused when NODE_ENV=production.',
    );
  }
  const icalSecret = source.ICAL_SECRET || DEV_ICAL_SECRET;
  if (isProduction && icalSecret === DEV_ICAL_SECRET) {
    throw new Error('Set ICAL_SECRET (a long random string): it signs the iCal feed URLs in production.');
  }
  const s3 = readS3Config(source);
  if (adminPassword.length < 6) throw new Error('ADMIN_PASSWORD must be at least 6 characters.');
  const runJobs = source.RUN_JOBS ? source.RUN_JOBS === 'true' : nodeEnv !== 'test';
  const jobPollSeconds = Number(source.JOB_POLL_SECONDS ?? 2);
  if (!(jobPollSeconds >= 0.5))
    throw new Error('JOB_POLL_SECONDS must be a number of seconds, at least 0.5.');
  const jobDispatchMs = Number(source.JOB_DISPATCH_MS ?? (nodeEnv === 'test' ? 100 : 1000));
  if (!Number.isInteger(jobDispatchMs) || jobDispatchMs < 10 || jobDispatchMs > 60_000)
    throw new Error('JOB_DISPATCH_MS must be a whole number of milliseconds from 10 to 60000.');
  const emailRetryDelaySeconds = Number(source.EMAIL_RETRY_DELAY_SECONDS ?? 15);
  if (!Number.isInteger(emailRetryDelaySeconds) || emailRetryDelaySeconds < 1)
    throw new Error('EMAIL_RETRY_DELAY_SECONDS must be a whole number of seconds, at least 1.');
  return {
    nodeEnv,
    isProduction,
    port,
    host: source.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: source.DATABASE_URL || undefined,
    adminUsername,
    adminPassword,
    demoDirectAdmin,
    mediaDir: path.resolve(source.MEDIA_DIR ?? path.join(dataDir, 'media')),
    s3,
    clientDir: path.resolve(source.CLIENT_DIR ?? './dist/client'),
    logLevel: logLevelFrom(source.LOG_LEVEL),
    // Demo guests have published passwords: production seeds them only when asked to.
    seedDemoContent: source.SEED_DEMO_CONTENT ? source.SEED_DEMO_CONTENT === 'true' : !isProduction,
    icalSecret,
    icalAllowPrivateHosts: source.ICAL_ALLOW_PRIVATE_HOSTS === 'true',
    publicUrl: source.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    runJobs,
    sendJobs: runJobs || source.RUN_JOBS === 'false',
    jobPollSeconds,
    emailRetryDelaySeconds,
    jobDispatchMs,
    metricsToken: source.METRICS_TOKEN || undefined,
    smtpUrl: source.SMTP_URL || undefined,
    mailFrom: source.MAIL_FROM || undefined,
    guestBookingsPerHour: wholeNumberOr(source.GUEST_BOOKINGS_PER_HOUR, 10),
    stripe: readStripeConfig(source),
  };
}

/**
 * S3_BUCKET selects the S3-compatible media store; S3_ENDPOINT (MinIO, R2…; path-style URLs unless
 * S3_FORCE_PATH_STYLE=false), S3_REGION (else AWS_REGION, else us-east-1), S3_PREFIX, and the key pair
 * S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY (else the SDK's own AWS_* chain) go with it.
 */
function readS3Config(source: NodeJS.ProcessEnv): TS3Config | undefined {
  const bucket = source.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const accessKeyId = source.S3_ACCESS_KEY_ID;
  const secretAccessKey = source.S3_SECRET_ACCESS_KEY;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the AWS_* chain).');
  }
  const endpoint = source.S3_ENDPOINT?.trim() || undefined;
  const prefix = source.S3_PREFIX?.trim().replace(/^\/+/, '') ?? '';
  return {
    bucket,
    endpoint,
    region: source.S3_REGION || source.AWS_REGION || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    forcePathStyle: source.S3_FORCE_PATH_STYLE
      ? source.S3_FORCE_PATH_STYLE === 'true'
      : endpoint !== undefined,
  };
}

/** Card payments need both keys; with neither, card is simply not offered. */
function readStripeConfig(source: NodeJS.ProcessEnv): TStripeConfig | undefined {
  const secretKey = source.STRIPE_SECRET_KEY?.trim();
  const webhookSecret = source.STRIPE_WEBHOOK_SECRET?.trim();
  if (!secretKey && !webhookSecret) return undefined;
  if (!secretKey || !webhookSecret)
    throw new Error('Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither (no card payments).');
  const protocol = source.STRIPE_API_PROTOCOL?.trim();
  if (protocol && protocol !== 'http' && protocol !== 'https')
    throw new Error('STRIPE_API_PROTOCOL must be http or https.');
  const port = source.STRIPE_API_PORT ? wholeNumberOr(source.STRIPE_API_PORT, 443) : undefined;
  return {
    secretKey,
    webhookSecret,
    host: source.STRIPE_API_HOST?.trim() || undefined,
    port,
    protocol: protocol as 'http' | 'https' | undefined,
  };
}

/** A whole number ≥ 0 from the environment, or the default when unset; anything else stops the start. */
function wholeNumberOr(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value)) throw new Error(`Expected a whole number, got ${JSON.stringify(value)}`);
  return Number(value);
}
