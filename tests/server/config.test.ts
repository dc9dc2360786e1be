import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { migratedPgliteTemplate } from '../support/pglite-template';

describe('server configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.apiPrefix).toBe('/api');
    expect(config.publicUrl).toBe('http://127.0.0.1:8080');
    expect(config.pgliteCacheMb).toBe(32);
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
    ['PGLITE_CACHE_MB', '4', /^PGLITE_CACHE_MB: must be between 8 and 4096/],
    ['PGLITE_CACHE_MB', '32MB', /^PGLITE_CACHE_MB: must be a whole number/],
  ])('refuses %s=%s naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrowError(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrowError(message);
  });

  it('checks the M-Pesa settings at start-up, Daraja credentials included', () => {
    const config = loadConfig({});
    expect(config.mpesa.mode).toBe('simulator');
    expect(config.mpesa.simulatorDelayMs).toBe(1000);
    expect(config.mpesa.daraja).toBeUndefined();
    expect(() => loadConfig({ MPESA_MODE: 'live' })).toThrowError(/^MPESA_MODE: /);
    expect(() => loadConfig({ MPESA_MODE: 'daraja' })).toThrowError(/^MPESA_CONSUMER_KEY: /);
    const daraja = {
      MPESA_MODE: 'daraja',
      MPESA_CONSUMER_KEY: 'key',
      MPESA_CONSUMER_SECRET: 'secret',
      MPESA_SHORTCODE: '174379',
      MPESA_PASSKEY: 'passkey',
      MPESA_INITIATOR_NAME: 'testapi',
      MPESA_SECURITY_CREDENTIAL: 'credential',
    };
    expect(loadConfig(daraja).mpesa.daraja?.b2cShortCode).toBe('174379');
    expect(() => loadConfig({ ...daraja, MPESA_SHORTCODE: '12' })).toThrowError(
      /^MPESA_SHORTCODE: /,
    );
  });

  it('gives the embedded database the page cache PGLITE_CACHE_MB sets, 32 MB unless set', async () => {
    const shown = async (env: Record<string, string>) => {
      // A copy of the migrated test database: creating one runs initdb in WebAssembly.
      const database = await openDatabase({
        ...loadConfig({ DATABASE_URL: 'memory://', ...env }),
        startFrom: await migratedPgliteTemplate(),
      });
      try {
        const result = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
          rows: { shared_buffers: string }[];
        };
        return result.rows[0]?.shared_buffers;
      } finally {
        await database.close();
      }
    };
    expect(await shown({})).toBe('32MB');
    expect(await shown({ PGLITE_CACHE_MB: '64' })).toBe('64MB');
  });
});
