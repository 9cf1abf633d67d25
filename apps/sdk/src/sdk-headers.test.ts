import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SDK_VERSION } from './constants.ts';
import { createSdkHeaders } from './sdk-headers.ts';

describe('createSdkHeaders', () => {
  it('identifies platform web, the SDK name and version', () => {
    expect(createSdkHeaders()).toEqual({
      'X-GIPHY-SDK-PLATFORM': 'web',
      'X-GIPHY-SDK-NAME': 'JavascriptSDK',
      'X-GIPHY-SDK-VERSION': SDK_VERSION,
    });
  });

  it('lets a layer override a value and returns a fresh object each time', () => {
    const widget = createSdkHeaders({ 'X-GIPHY-SDK-NAME': 'ReactSDK' });
    expect(widget['X-GIPHY-SDK-NAME']).toBe('ReactSDK');
    widget['X-GIPHY-SDK-PLATFORM'] = 'changed';
    expect(createSdkHeaders()['X-GIPHY-SDK-PLATFORM']).toBe('web');
  });

  it('reports the version of the package', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(SDK_VERSION).toBe(pkg.version);
  });
});
