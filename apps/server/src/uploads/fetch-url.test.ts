import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressAllowed, checkUrl, fetchToFile, parseRanges, URL_NOT_FETCHED } from './fetch-url.ts';
import { UploadProblem } from './problems.ts';

/** Every way of writing a loopback, private, unspecified or otherwise non-public address into a URL. */
const REFUSED_URLS = [
  'http://[::127.0.0.1]/a.gif',
  'http://[::7f00:1]/a.gif',
  'http://[::10.0.0.1]/a.gif',
  'http://[::ffff:127.0.0.1]/a.gif',
  'http://[::ffff:7f00:1]/a.gif',
  'http://[::ffff:0:127.0.0.1]/a.gif',
  'http://[64:ff9b::127.0.0.1]/a.gif',
  'http://[64:ff9b::a00:1]/a.gif',
  'http://[64:ff9b:1::a00:1]/a.gif',
  'http://[2002:7f00:1::1]/a.gif',
  'http://[2002:c0a8:101::1]/a.gif',
  'http://[2001::1]/a.gif',
  'http://[::1]/a.gif',
  'http://[::]/a.gif',
  'http://[fe80::1]/a.gif',
  'http://[fc00::1]/a.gif',
  'http://[fec0::1]/a.gif',
  'http://0.0.0.0/a.gif',
  'http://0/a.gif',
  'http://2130706433/a.gif',
  'http://0x7f000001/a.gif',
  'http://0177.0.0.1/a.gif',
  'http://127.1/a.gif',
  'http://017700000001/a.gif',
  'http://10.1.2.3/a.gif',
  'http://169.254.169.254/latest/meta-data',
  'http://100.64.0.1/a.gif',
  'http://192.168.1.1/a.gif',
  'http://localhost/a.gif',
  'http://LOCALHOST./a.gif',
  'http://a.localhost/a.gif',
];

describe('source_image_url address rules', () => {
  it.each(REFUSED_URLS)('refuses %s before any connection', (url) => {
    expect(() => checkUrl(url, [])).toThrow(UploadProblem);
  });

  it.each([
    'http://93.184.215.14/a.gif',
    'https://[2606:4700::1111]/a.gif',
    'https://gifs.example.com/a.gif',
    'http://[::ffff:93.184.215.14]/a.gif',
  ])('lets %s through to the fetch', (url) => {
    expect(checkUrl(url, []).toString()).toBe(new URL(url).toString());
  });

  it('judges resolved addresses alike, and lets a configured range through in either spelling', () => {
    for (const address of [
      '::7f00:1',
      '::a00:1',
      '::ffff:a00:1',
      '64:ff9b::a00:1',
      '2002:a00:1::',
      '0.0.0.0',
      '127.0.0.1',
      '::1',
      'fe80::1',
    ])
      expect(addressAllowed(address, []), address).toBe(false);
    for (const address of ['93.184.215.14', '2606:4700::1111']) expect(addressAllowed(address, []), address).toBe(true);
    const allow = parseRanges(['127.0.0.1/32']);
    expect(addressAllowed('127.0.0.1', allow)).toBe(true);
    expect(addressAllowed('::ffff:127.0.0.1', allow)).toBe(true);
    expect(addressAllowed('127.0.0.2', allow)).toBe(false);
  });
});

describe('a failed fetch tells nothing of the network', () => {
  let server: http.Server;
  let origin: string;
  let closedPort: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-fetch-url-'));
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/to-private') res.writeHead(302, { location: 'http://10.0.0.1/a.gif' }).end();
      else if (req.url === '/to-compatible') res.writeHead(302, { location: 'http://[::127.0.0.1]/a.gif' }).end();
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const failure = (url: string, allow: string[]) =>
    fetchToFile(url, path.join(dir, 'out'), { maxBytes: 1024, allow }).then(
      () => undefined,
      (err: UploadProblem) => ({ code: err.code, status: err.status, message: err.message, detail: err.detail }),
    );

  it('answers one message for a refused redirect, a name resolving to loopback, a closed port and a 404, the reason only in its detail', async () => {
    const cases = [
      { url: `${origin}/to-private`, allow: ['127.0.0.1/32'], detail: '10.0.0.1' },
      { url: `${origin}/to-compatible`, allow: ['127.0.0.1/32'], detail: '7f00:1' },
      // The name passes the URL's check only because some range is allowed; it resolves to 127.0.0.1, which is not.
      { url: `http://localhost:${closedPort}/a.gif`, allow: ['10.9.9.9/32'], detail: '127.0.0.1' },
      { url: `http://127.0.0.1:${closedPort}/a.gif`, allow: ['127.0.0.1/32'], detail: 'ECONNREFUSED' },
      { url: `${origin}/missing.gif`, allow: ['127.0.0.1/32'], detail: '404' },
    ];
    for (const c of cases) {
      const refused = await failure(c.url, c.allow);
      expect(refused, c.url).toMatchObject({ code: 'url_unreachable', status: 502, message: URL_NOT_FETCHED });
      expect(refused!.detail, c.url).toContain(c.detail);
    }
  });
});
