import { describe, expect, it } from 'vitest';
import type { DeveloperApp, DeveloperKey } from '../developers/developers-api.ts';
import { referenceConfig, tryKeys } from './reference.ts';

const key = (k: string, state: DeveloperKey['state'], tier: DeveloperKey['tier'] = 'beta'): DeveloperKey => ({
  id: k,
  key: k,
  tier,
  calls_per_hour: tier === 'beta' ? 100 : null,
  state,
  created_at: '2026-11-24T00:00:00Z',
  expires_at: null,
  revoked_at: null,
});
const app = (name: string, keys: DeveloperKey[]): DeveloperApp => ({
  id: name,
  name,
  description: '',
  platform: 'web',
  tier: 'beta',
  created_at: '2026-11-24T00:00:00Z',
  keys,
  production_request: null,
});

describe('tryKeys', () => {
  it('offers the keys that still work, named by app, tier and their last characters', () => {
    const apps = [
      app('Bot', [
        key('lb_app_new000111', 'active', 'production'),
        key('lb_app_old222333', 'expiring'),
        key('lb_app_gone444555', 'revoked'),
      ]),
      app('Keyboard', [key('lb_app_kb6789ab', 'expired')]),
    ];
    expect(tryKeys(apps)).toEqual([
      { key: 'lb_app_new000111', label: 'Bot: production key …000111' },
      { key: 'lb_app_old222333', label: 'Bot: beta key …222333' },
    ]);
    expect(tryKeys([])).toEqual([]);
  });
});

describe('referenceConfig', () => {
  it('fills both key schemes of the document with the chosen key, and fetches nothing from elsewhere', () => {
    const config = referenceConfig('lb_app_abc');
    expect(config).toMatchObject({
      url: '/openapi.json',
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: true,
      agent: { disabled: true },
      mcp: { disabled: true },
      authentication: {
        preferredSecurityScheme: 'api_key',
        securitySchemes: { api_key: { value: 'lb_app_abc' }, tenor_key: { value: 'lb_app_abc' } },
      },
    });
    expect(config).not.toHaveProperty('proxyUrl');
    expect(referenceConfig(undefined)).not.toHaveProperty('authentication');
  });
});
