import dns from 'node:dns';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { URL_FETCH_MAX_REDIRECTS, URL_FETCH_TIMEOUT_MS } from './constants.ts';
import { humanBytes } from '../boundary/human-bytes.ts';
import { UploadProblem } from './problems.ts';

export interface UrlFetchOptions {
  maxBytes: number;
  /** Ranges (CIDR) allowed although not public, e.g. `127.0.0.1/32` for a test server. */
  allow: readonly string[];
  timeoutMs?: number;
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * What every fetch that got past the URL's own check answers when it fails, whatever the reason (a
 * name resolving to a refused address, a refused redirect, no answer, a refused connection, a status
 * other than 200): one message, one code, so source_image_url cannot map names or ports inside the
 * network. The reason stays in the problem's detail, for the server's log.
 */
export const URL_NOT_FETCHED = 'source_image_url could not be fetched: it must be a public http(s) address that answers with the file';
const notFetched = (detail: string) => new UploadProblem('url_unreachable', URL_NOT_FETCHED, detail);

/** IPv6 global unicast: every public IPv6 address is in it. */
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

/**
 * Whether an address may be reached: public unicast only (IPv4 by ipaddr.js's ranges; IPv6 also
 * within 2000::/3, which leaves out the IPv4-compatible ::a.b.c.d, and NAT64 and 6to4 are ranges of
 * their own), unless a configured range allows it. An IPv4-mapped ::ffff:a.b.c.d is judged as a.b.c.d.
 */
export function addressAllowed(address: string, allow: readonly Range[]): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (allow.some(([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits))) return true;
  if (ip.range() !== 'unicast') return false;
  return ip.kind() === 'ipv4' || ip.match(IPV6_GLOBAL_UNICAST);
}

export function parseRanges(cidrs: readonly string[]): Range[] {
  return cidrs.map((cidr) => {
    try {
      return ipaddr.parseCIDR(cidr.includes('/') ? cidr : `${cidr}/${cidr.includes(':') ? 128 : 32}`);
    } catch {
      throw new Error(`UPLOAD_URL_ALLOW: ${JSON.stringify(cidr)} is not an address range (CIDR)`);
    }
  });
}

/**
 * Resolves like the system does, then refuses every address that is not allowed. The connection
 * is made to the address checked here, so a name that answers differently on a second lookup (DNS
 * rebinding) cannot slip through.
 */
function checkedLookup(allow: readonly Range[]): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const refused = list.find((a) => !addressAllowed(a.address, allow));
      if (refused || list.length === 0) {
        return callback(
          Object.assign(new Error(`${hostname} resolves to ${refused?.address ?? 'nothing'}, which is not allowed`), {
            code: 'EREFUSEDADDRESS',
          }),
          '',
          0,
        );
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

function refuseUrl(text: string): UploadProblem {
  return new UploadProblem('url_refused', text);
}

/** The URL if it may be fetched at all: http(s), no credentials, and a literal address must be allowed too. */
export function checkUrl(raw: string, allow: readonly Range[]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuseUrl('source_image_url is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuseUrl('source_image_url must be an http or https URL');
  if (url.username || url.password) throw refuseUrl('source_image_url must not carry a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host) && !addressAllowed(host, allow))
    throw refuseUrl(`source_image_url points at ${host}, which is not a public address`);
  if (/^localhost\.?$|\.localhost\.?$/i.test(host) && !allow.length)
    throw refuseUrl('source_image_url points at localhost, which is not a public address');
  return url;
}

/**
 * Fetches `source_image_url` into `file`, as a hostile source: only http(s), only public addresses
 * (checked before any connection, on the URL and on every address its name resolves to, for every
 * hop, redirects included), at most URL_FETCH_MAX_REDIRECTS redirects, at most `maxBytes` (refused
 * as soon as the body passes it, whatever Content-Length said), and the whole transfer within the
 * time limit. Every failure but a too large file answers URL_NOT_FETCHED, its reason in `detail`.
 * Returns the byte count and a file name from the URL's path.
 */
export async function fetchToFile(raw: string, file: string, o: UrlFetchOptions): Promise<{ bytes: number; filename: string }> {
  const allow = parseRanges(o.allow);
  const deadline = AbortSignal.timeout(o.timeoutMs ?? URL_FETCH_TIMEOUT_MS);
  let url = checkUrl(raw, allow);
  for (let hop = 0; ; hop++) {
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const get = url.protocol === 'https:' ? https.get : http.get;
      const request = get(
        url,
        { lookup: checkedLookup(allow), signal: deadline, headers: { 'user-agent': 'Loopbox uploader', accept: 'image/*,video/*' } },
        resolve,
      );
      request.on('error', reject);
    }).catch((err: NodeJS.ErrnoException) => {
      throw notFetched(
        deadline.aborted
          ? `${url.host}: no answer within ${o.timeoutMs ?? URL_FETCH_TIMEOUT_MS} ms`
          : `${url.host}: ${err.code ?? ''} ${err.message}`,
      );
    });
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (hop >= URL_FETCH_MAX_REDIRECTS) throw notFetched(`more than ${URL_FETCH_MAX_REDIRECTS} redirects`);
      const next = new URL(response.headers.location, url).toString();
      try {
        url = checkUrl(next, allow);
      } catch (err) {
        throw notFetched(`redirect to ${next} refused: ${(err as Error).message}`);
      }
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw notFetched(`${url.host} answered ${status}`);
    }
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > o.maxBytes) {
      response.destroy();
      throw new UploadProblem('too_large', `source_image_url holds ${humanBytes(declared)}; the limit is ${humanBytes(o.maxBytes)}`);
    }
    let bytes = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        if (bytes > o.maxBytes)
          callback(new UploadProblem('too_large', `source_image_url holds more than the limit of ${humanBytes(o.maxBytes)}`));
        else callback(null, chunk);
      },
    });
    await pipeline(response, limit, fs.createWriteStream(file)).catch((err: unknown) => {
      if (err instanceof UploadProblem) throw err;
      throw notFetched(
        deadline.aborted
          ? `${url.host}: not finished within ${o.timeoutMs ?? URL_FETCH_TIMEOUT_MS} ms`
          : `${url.host}: broke off mid-transfer`,
      );
    });
    const filename = decodeURIComponent(url.pathname.split('/').pop() ?? '')
      .replace(/[^\w.-]+/g, '_')
      .slice(0, 120);
    return { bytes, filename };
  }
}
