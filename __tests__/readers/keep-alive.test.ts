// A kept-alive socket the server closed while idle (Node's http server closes
// one after its keepAliveTimeout, 5 s): the next GET on it fails at once with
// ECONNRESET, before the server saw it. httpGet sends it again, once, on a new
// socket (Node's docs: http `request.reusedSocket`). Found by the adopt tests:
// two reads in one process more than 5 s apart failed with "ECONNRESET,
// attempts: 1". The server here resets the second request on a reused socket
// every time, so the race is not left to timing.
import * as http from 'http';
import { AddressInfo, Socket } from 'net';
import { httpGet } from '../../lib/core/http-timeouts';

const TIMEOUTS = { connectTimeoutMs: 2000, idleTimeoutMs: 2000, totalTimeoutMs: 5000 };

test('GIVEN a server that resets a kept-alive socket on its next request THEN httpGet sends it again on a new socket, once; a fresh socket reset is not retried', async () => {
  const seen = new WeakMap<Socket, number>();
  let connections = 0;
  let resetFresh = false;
  const server = http.createServer((request, response) => {
    const socket = request.socket;
    const n = (seen.get(socket) ?? 0) + 1;
    seen.set(socket, n);
    // The second request on a socket, or every request when told: no answer, the connection reset.
    if (n > 1 || resetFresh) socket.resetAndDestroy();
    else response.writeHead(200, { 'Content-Type': 'text/plain', 'Connection': 'keep-alive' }).end('ok');
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    expect((await httpGet(url, {}, TIMEOUTS, agent)).status).toBe(200);
    // Reused, reset, sent again on a second connection.
    expect((await httpGet(url, {}, TIMEOUTS, agent)).status).toBe(200);
    expect(connections).toBe(2);
    // A reset on a socket that carried nothing before is the server's answer: not sent again.
    resetFresh = true;
    agent.destroy();
    await expect(httpGet(url, {}, TIMEOUTS, new http.Agent({ keepAlive: false }))).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(connections).toBe(3);
  } finally {
    agent.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
