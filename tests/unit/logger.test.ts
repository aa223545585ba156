import { describe, expect, it } from 'vitest';
import { logLevelFrom, redactUrl } from '../../src/server/logger.ts';

describe('logger', () => {
  it('takes pino levels from LOG_LEVEL, info by default, and refuses anything else', () => {
    expect(logLevelFrom(undefined)).toBe('info');
    expect(logLevelFrom('WARN')).toBe('warn');
    expect(logLevelFrom('silent')).toBe('silent');
    expect(() => logLevelFrom('loud')).toThrow(/LOG_LEVEL must be one of/);
  });

  it('keeps secret tokens out of logged URLs', () => {
    const token = 'Qm9va2luZ1Rva2VuMTIzNDU2Nzg5MA';
    expect(redactUrl(`/manage/${token}`)).toBe('/manage/[token]');
    expect(redactUrl(`/api/manage/${token}/cancel`)).toBe('/api/manage/[token]/cancel');
    expect(redactUrl(`/ical/${token}.ics`)).toBe('/ical/[token].ics');
    expect(redactUrl('/reset-password?token=abc&x=1')).toBe('/reset-password?token=[redacted]&x=1');
    expect(redactUrl('/api/properties/12?category=beach')).toBe('/api/properties/12?category=beach');
  });
});
