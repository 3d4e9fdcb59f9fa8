// A loopback port on which a new TCP connection never completes: a listener in
// a stopped child process, its accept queue (backlog 1) filled by the first
// connections, so the kernel drops further SYNs and the client keeps waiting.
// For the connect timeouts. 127.0.0.1 only.
import { spawn } from 'child_process';
import * as net from 'net';

export interface CloggedPort {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Closes the filler connections and kills the listener. */
  close(): void;
}

/** Starts a clogged port. */
export async function cloggedPort(): Promise<CloggedPort> {
  const child = spawn(process.execPath, ['-e', "require('net').createServer().listen({ port: 0, host: '127.0.0.1', backlog: 1 }, function () { console.log(this.address().port); })"], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (data) => resolve(Number(String(data).trim())));
    child.once('error', reject);
  });
  process.kill(child.pid!, 'SIGSTOP');
  const fillers: net.Socket[] = [];
  // Fill the queue: connections complete until it is full; the first that does not shows it is.
  for (let i = 0; i < 16; i++) {
    const socket = net.connect(port, '127.0.0.1');
    fillers.push(socket);
    socket.on('error', () => undefined);
    const connected = await new Promise<boolean>((resolve) => {
      socket.once('connect', () => resolve(true));
      setTimeout(() => resolve(false), 300);
    });
    if (!connected) break;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () => {
      for (const socket of fillers) socket.destroy();
      child.kill('SIGKILL');
    },
  };
}
