import { describe, expect, it } from 'vitest';
import { DEV_ADMIN_PASSWORD, DEV_ICAL_SECRET, readEnv } from '../../src/server/env.ts';

/** What a correctly configured production server is started with. */
const production = {
  NODE_ENV: 'production',
  ADMIN_PASSWORD: 'a-real-admin-password',
  ICAL_SECRET: 'a-long-random-string-for-the-feeds',
};

describe('readEnv refuses unsafe production settings', () => {
  it('starts with its own admin password and iCal secret, and seeds no demo guests by default', () => {
    const env = readEnv(production);
    expect(env.isProduction).toBe(true);
    expect(env.demoDirectAdmin).toBe(false);
    expect(env.seedDemoContent).toBe(false);
    expect(env.icalSecret).toBe(production.ICAL_SECRET);
  });

  it('refuses DEMO_DIRECT_ADMIN=true', () => {
    expect(() => readEnv({ ...production, DEMO_DIRECT_ADMIN: 'true' })).toThrow(
      'DEMO_DIRECT_ADMIN=true is refused when NODE_ENV=production',
    );
  });

  it('refuses the development admin password, whether unset or set to it', () => {
    const { ADMIN_PASSWORD: _unset, ...withoutPassword } = production;
    expect(() => readEnv(withoutPassword)).toThrow('Set ADMIN_PASSWORD');
    expect(() => readEnv({ ...production, ADMIN_PASSWORD: DEV_ADMIN_PASSWORD })).toThrow(
      'Set ADMIN_PASSWORD',
    );
  });

  it('refuses a missing or development ICAL_SECRET', () => {
    const { ICAL_SECRET: _unset, ...withoutSecret } = production;
    expect(() => readEnv(withoutSecret)).toThrow('Set ICAL_SECRET');
    expect(() => readEnv({ ...production, ICAL_SECRET: DEV_ICAL_SECRET })).toThrow('Set ICAL_SECRET');
  });

  it('refuses an admin password under 6 characters, in any mode', () => {
    expect(() => readEnv({ ...production, ADMIN_PASSWORD: 'short' })).toThrow('at least 6 characters');
    expect(() => readEnv({ NODE_ENV: 'development', ADMIN_PASSWORD: 'short' })).toThrow(
      'at least 6 characters',
    );
  });

  it('refuses a PORT that is not a port number', () => {
    expect(() => readEnv({ ...production, PORT: '70000' })).toThrow('PORT must be a port number');
    expect(() => readEnv({ ...production, PORT: 'http' })).toThrow('PORT must be a port number');
  });

  it('allows the development defaults outside production, and demo mode when asked', () => {
    const dev = readEnv({ DEMO_DIRECT_ADMIN: 'true' });
    expect(dev.isProduction).toBe(false);
    expect(dev.demoDirectAdmin).toBe(true);
    expect(dev.adminPassword).toBe(DEV_ADMIN_PASSWORD);
    expect(dev.icalSecret).toBe(DEV_ICAL_SECRET);
    expect(dev.seedDemoContent).toBe(true);
  });

  it('seeds the demo content in production only when SEED_DEMO_CONTENT=true', () => {
    expect(readEnv({ ...production, SEED_DEMO_CONTENT: 'true' }).seedDemoContent).toBe(true);
  });

  it('groups job dispatches for a second, a tenth of one in tests, and refuses a window out of range', () => {
    expect(readEnv(production).jobDispatchMs).toBe(1000);
    expect(readEnv({ NODE_ENV: 'test' }).jobDispatchMs).toBe(100);
    expect(readEnv({ ...production, JOB_DISPATCH_MS: '250' }).jobDispatchMs).toBe(250);
    for (const value of ['0', '5', '1.5', '60001', 'soon'])
      expect(() => readEnv({ ...production, JOB_DISPATCH_MS: value })).toThrow('JOB_DISPATCH_MS');
  });

  it('refuses a job poll under half a second and an email retry delay that is not whole seconds', () => {
    for (const value of ['0.1', '0', 'often'])
      expect(() => readEnv({ ...production, JOB_POLL_SECONDS: value })).toThrow('JOB_POLL_SECONDS');
    expect(readEnv({ ...production, JOB_POLL_SECONDS: '0.5' }).jobPollSeconds).toBe(0.5);
    for (const value of ['0', '1.5', 'soon'])
      expect(() => readEnv({ ...production, EMAIL_RETRY_DELAY_SECONDS: value })).toThrow(
        'EMAIL_RETRY_DELAY_SECONDS',
      );
    expect(readEnv({ ...production, EMAIL_RETRY_DELAY_SECONDS: '30' }).emailRetryDelaySeconds).toBe(30);
  });

  it('refuses half an S3 key pair', () => {
    expect(() => readEnv({ ...production, S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      'Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
    expect(() => readEnv({ ...production, S3_BUCKET: 'media', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(
      'Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  });

  it('without SMTP_URL delivers locally; a web server with RUN_JOBS=false still sends jobs for a worker', () => {
    expect(readEnv(production).smtpUrl).toBeUndefined();
    const web = readEnv({ ...production, RUN_JOBS: 'false' });
    expect([web.runJobs, web.sendJobs]).toEqual([false, true]);
  });
});
