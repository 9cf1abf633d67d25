import { describe, expect, it } from 'vitest';
import { initialRoute } from './SiteApp.tsx';

describe('the route a visit lands on', () => {
  it('is the error page the server answered with, at the GIF’s own address', () => {
    expect(initialRoute('/gifs/otter-abc123', 410)).toEqual({ page: 'error', status: 410 });
    expect(initialRoute('/gifs/otter-abc123', 451)).toEqual({ page: 'error', status: 451 });
    expect(initialRoute('/gifs/otter-abc123', 404)).toEqual({ page: 'not-found' });
    expect(initialRoute('/upload', 403)).toEqual({ page: 'error', status: 403 });
    expect(initialRoute('/', 503)).toEqual({ page: 'error', status: 503 });
  });

  it('is the page the path names when the server answered 200', () => {
    expect(initialRoute('/gifs/otter-abc123', 200)).toMatchObject({ page: 'gif', gifId: 'abc123' });
  });
});
