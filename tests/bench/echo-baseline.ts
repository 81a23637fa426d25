/**
 * The raw engine of the chat latency figure: a bare socket.io server in a process of its own, with the
 * platform's socket.io options and the same topology as the real path, and no database. Each "customer" socket is paired with one
 * "agent" socket; the server forwards a customer's message (shaped like a LiveMessage) to its
 * agent's room and acks the customer with it.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { redisAdapter } from '../../src/server/realtime/redis';
import { SOCKET_SERVER_OPTIONS } from '../../src/server/realtime/server';
import { READINESS_PATH } from '../../src/server/routes/health';
import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';
import { ackData, connected } from './customers';
import { driveCustomers, LatencyProbe, type Send } from './latency-probe';
import { inBatches } from './report';
import type { FloorStore } from './echo-floor';
import { startServerProcess, type BenchDatabase } from './server-process';

const Handshake = z.union([z.object({ agent: z.number().int() }), z.object({ customer: z.number().int(), pairedWith: z.number().int() })]);

export interface EchoTopology {
  agents: number;
  customers: number;
  messages: number;
  /** Mean pause before each message (see driveCustomers); 0: back to back. */
  paceMs: number;
}

export interface LatencyRun {
  /** One latency (ms) per measured message. */
  samples: number[];
  /** How long all of them took, end to end (ms). */
  elapsedMs: number;
}

export interface EchoServerOptions {
  /** Default: any free loopback port. */
  port?: number;
  host?: string;
  /** The platform's Redis streams adapter on this Redis (the echo cluster of the `cluster` bench): rooms shared by every echo process. */
  redisUrl?: string;
  /** The floor (echo-floor.ts): each message is first stored by the platform's one statement, and forwarded as stored. */
  store?: FloorStore;
}

/**
 * The bare echo server (run in its own process by server-process.ts, as the platform is, or by
 * echo-node.ts behind HAProxy). GET /health/ready answers 200, as HAProxy's check asks.
 */
export async function startEchoServer({ port = 0, host = '127.0.0.1', redisUrl, store }: EchoServerOptions = {}): Promise<{ url: string; close(): Promise<void> }> {
  const http = createServer((req, res) => {
    res.writeHead(req.url === READINESS_PATH ? 200 : 404).end();
  });
  // The platform's own socket.io options (connection-state recovery included): the ratio is the engine's cost, not a transport setting's.
  const server = new Server(http, SOCKET_SERVER_OPTIONS);
  const redis =
    redisUrl ?
      await redisAdapter(redisUrl, (error) => {
        console.error('echo: redis', error);
      })
    : null;
  if (redis) server.adapter(redis.adapter);
  server.on('connection', (socket) => {
    const who = Handshake.safeParse(socket.handshake.auth);
    if (!who.success) return void socket.disconnect(true);
    if ('agent' in who.data) return void socket.join(`agent:${who.data.agent}`);
    const { customer, pairedWith } = who.data;
    let seq = 0;
    socket.on('message', (payload: unknown, ack: unknown) => {
      if (typeof ack !== 'function' || typeof payload !== 'object' || payload === null) return;
      const clientId = 'clientId' in payload && typeof payload.clientId === 'string' ? payload.clientId : null;
      const text = 'text' in payload && typeof payload.text === 'string' ? payload.text : '';
      if (store) {
        store.store(customer, clientId ?? '', text).then(
          (message) => {
            server.to(`agent:${pairedWith}`).emit('chat:message', message);
            ack({ ok: true, data: message });
          },
          (error: unknown) => {
            console.error('echo floor: store', error);
            ack({ ok: false, error: { code: 'INTERNAL', message: String(error) } });
          }
        );
        return;
      }
      const message = {
        conversationId: `conv-${customer}`,
        seq: ++seq,
        clientId,
        tipoMensaje: 'TEXTO',
        tipoUsuario: 'CLIENTE',
        mensaje: text,
        adjunto: null,
        items: null,
        fechaMensaje: new Date().toISOString()
      };
      server.to(`agent:${pairedWith}`).emit('chat:message', message);
      ack({ ok: true, data: message });
    });
  });
  await new Promise<void>((resolve) => http.listen(port, host, resolve));
  const address = http.address();
  const url = `http://${host}:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    close: async () => {
      await server.close();
      await redis?.close();
      await store?.close();
    }
  };
}

/**
 * `messages` warm messages per customer through the bare echo, served from a process of its own;
 * with `floor`, the echo that first stores each message on that database (echo-floor.ts).
 */
export async function echoBaseline(topology: EchoTopology, floor?: BenchDatabase): Promise<LatencyRun> {
  const echo = await startServerProcess(floor ? { kind: 'echo', floor: { database: floor, customers: topology.customers } } : { kind: 'echo' });
  try {
    return await echoRun(echo.url, topology);
  } finally {
    await echo.stop();
  }
}

/**
 * The echo topology's run against echo servers already listening at `url` (one process, or HAProxy
 * in front of several); `whileConnected` runs once every socket is connected, before the messages.
 */
export async function echoRun(url: string, { agents, customers, messages, paceMs }: EchoTopology, whileConnected?: () => Promise<void>): Promise<LatencyRun> {
  const sockets: Socket[] = [];
  const probe = new LatencyProbe();
  const open = async (auth: z.infer<typeof Handshake>, what: string): Promise<Socket> => {
    const socket = io(url, { transports: ['websocket'], reconnection: false, auth });
    sockets.push(socket);
    await connected(socket, what);
    return socket;
  };
  try {
    await inBatches(
      Array.from({ length: agents }, (_, i) => i),
      10,
      async (i) => {
        const socket = await open({ agent: i }, `echo agent ${i}`);
        socket.on('chat:message', (raw: unknown) => probe.received(raw));
      }
    );
    const sends: Send[] = [];
    await inBatches(
      Array.from({ length: customers }, (_, c) => c),
      10,
      async (c) => {
        const socket = await open({ customer: c, pairedWith: c % agents }, `echo customer ${c}`);
        sends[c] = async (clientId, text) => {
          ackData('message', await socket.emitWithAck('message', { clientId, text, attachment: null }));
        };
      }
    );
    await whileConnected?.();
    await driveCustomers(sends, 1, probe, 'eco-warm');
    probe.take();
    const elapsedMs = await driveCustomers(sends, messages, probe, 'eco', paceMs);
    return { samples: probe.take(), elapsedMs };
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}
