import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('server configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.apiPrefix).toBe('/api');
    expect(config.publicUrl).toBe('http://127.0.0.1:8080');
  });

  it.each([
    ['PORT', 'eighty', /^PORT: /],
    ['PORT', '70000', /^PORT: /],
    ['DATABASE_URL', 'mysql://x', /^DATABASE_URL: /],
    ['JWT_SECRET', 'short', /^JWT_SECRET: /],
    ['ADMIN_EMAIL', 'not-an-email', /^ADMIN_EMAIL: /],
    ['ADMIN_PASSWORD', 'short', /^ADMIN_PASSWORD: /],
    ['API_PREFIX', 'api/', /^API_PREFIX: /],
    ['JWT_TTL', 'forever', /^JWT_TTL: /],
  ])('refuses %s=%s naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrowError(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrowError(message);
  });
});
