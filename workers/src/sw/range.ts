/**
 * A 206 answer for one `bytes=` range of a whole body (the runtime cache keeps media whole; a video
 * element asks for ranges). An unreadable or unsatisfiable range gets 416, as a server would.
 */
export function rangeResponse(range: string, body: Blob, contentType: string): Response {
  const size = body.size;
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  let start = Number.NaN;
  let end = Number.NaN;
  if (match && match[1] !== '') {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  } else if (match && match[2] !== '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  }
  if (!(start <= end) || start >= size) return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
  return new Response(body.slice(start, end + 1), {
    status: 206,
    headers: { 'Content-Type': contentType, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': String(end - start + 1) },
  });
}
