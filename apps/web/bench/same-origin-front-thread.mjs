/**
 * (Plain JavaScript: a worker thread does not get tsx's loader.) The same-origin front's HTTP server,
 * on its own thread (same-origin-front.ts is the bench's side): the server under test shares the
 * bench's thread, and while its work holds that thread a front on it could pass nothing on, so a
 * page sent in parts would reach the browser in one.
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { target, prefix } = workerData;
const upstream = new URL(target);
const references = new Map();
const agent = new http.Agent({ keepAlive: true });
const server = http.createServer((request, response) => {
  const url = request.url ?? '/';
  if (url.startsWith(prefix)) {
    const html = references.get(url.slice(prefix.length));
    response.writeHead(html === undefined ? 404 : 200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
    response.end(html ?? 'no such reference page');
    return;
  }
  const forwarded = http.request(
    { agent, hostname: upstream.hostname, port: upstream.port, method: request.method, path: url, headers: request.headers },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(response);
    },
  );
  forwarded.on('error', () => response.destroy());
  request.pipe(forwarded);
});

parentPort.on('message', (message) => {
  if (message.reference) {
    references.set(message.reference.name, message.reference.html);
    parentPort.postMessage({ added: message.reference.name });
  } else if (message.close) {
    agent.destroy();
    server.closeAllConnections();
    server.close(() => parentPort.postMessage({ closed: true }));
  }
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
