import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json';
import { APP_VERSION } from './app-info.ts';

describe('client version', () => {
  it('is the one of spec §9 and of apps/web/package.json', () => {
    expect(APP_VERSION).toBe('0.9.0');
    expect(packageJson.version).toBe(APP_VERSION);
  });
});
