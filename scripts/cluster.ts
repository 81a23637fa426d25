/**
 * `npm run cluster -- --instances N [--port P] [--host H]`: N platform processes on PostgreSQL
 * (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/atiende, created when missing) and
 * Redis (REDIS_URL, default redis://127.0.0.1:6379) behind HAProxy (HAPROXY_PATH, else Debian's
 * /usr/sbin/haproxy, else one on PATH) listening on H:P (default 127.0.0.1:3100). Prints the
 * address once HAProxy sees every process ready; a process that dies is started again; Ctrl+C
 * (SIGINT) or SIGTERM stops HAProxy and every process. Exit code 2 on a usage error, 1 when
 * something it needs is missing or unreachable.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { createClient } from 'redis';
import { Cluster, CLUSTER_READY_PREFIX, ClusterError } from '../src/server/cluster/supervisor';
import { DEBIAN_HAPROXY, findHaproxy, machineProbes, NO_HAPROXY_MESSAGE } from './provision.mjs';
import { ensureWidgetBundle } from './widget-bundle';

export const DEFAULT_CLUSTER_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/atiende';
export const DEFAULT_CLUSTER_REDIS_URL = 'redis://127.0.0.1:6379';
const DEFAULT_PORT = 3100;
const DEFAULT_HOST = '127.0.0.1';
/** A process that died is started again after this long. */
const RESTART_DELAY_MS = 1000;

export const USAGE = `Uso: npm run cluster -- --instances N [--port P] [--host H]
  --instances N  procesos de la plataforma (1 a 32)
  --port P       puerto de HAProxy, donde se conectan los clientes (por defecto ${DEFAULT_PORT})
  --host H       interfaz de HAProxy (por defecto ${DEFAULT_HOST})
Requiere PostgreSQL, Redis y HAProxy:
  DATABASE_URL (por defecto ${DEFAULT_CLUSTER_DATABASE_URL}; la base se crea si no existe)
  REDIS_URL    (por defecto ${DEFAULT_CLUSTER_REDIS_URL})
  HAPROXY_PATH (por defecto ${DEBIAN_HAPROXY}: apt-get install haproxy)`;

export class UsageError extends Error {}

export interface ClusterArgs {
  instances: number;
  port: number;
  host: string;
}

export function parseClusterArgs(argv: readonly string[]): ClusterArgs {
  let instances: number | null = null;
  let port = DEFAULT_PORT;
  let host = DEFAULT_HOST;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`Falta el valor de ${arg}`);
      return next;
    };
    if (arg === '--instances') {
      const raw = value();
      instances = Number(raw);
      if (!Number.isInteger(instances) || instances < 1 || instances > 32) throw new UsageError(`--instances debe ser un entero entre 1 y 32: ${raw}`);
    } else if (arg === '--port') {
      const raw = value();
      port = Number(raw);
      if (!Number.isInteger(port) || port < 1 || port > 65535) throw new UsageError(`Puerto inválido: ${raw}`);
    } else if (arg === '--host') host = value();
    else throw new UsageError(`Opción desconocida: ${arg}`);
  }
  if (instances === null) throw new UsageError('Falta --instances N');
  return { instances, port, host };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Connects to the database; creates it (from the server's `postgres` database) when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const tryConnect = async (connectionString: string) => {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
    await client.connect();
    return client;
  };
  try {
    const client = await tryConnect(url);
    await client.end();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw new ClusterError(`No fue posible conectarse a PostgreSQL (${redact(url)}): ${describe(error)}`);
  }
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new ClusterError(`La base de datos ${name} no existe; créela antes de iniciar el clúster`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  let admin: pg.Client;
  try {
    admin = await tryConnect(maintenance.toString());
  } catch (error) {
    throw new ClusterError(`La base de datos ${name} no existe y no fue posible crearla: ${describe(error)}`);
  }
  try {
    await admin.query(`create database ${name}`);
    console.log(`Base de datos ${name} creada`);
  } catch (error) {
    if ((error as { code?: string }).code !== '42P04') throw new ClusterError(`No fue posible crear la base de datos ${name}: ${describe(error)}`);
  } finally {
    await admin.end();
  }
}

export async function checkRedis(url: string): Promise<void> {
  const client = createClient({ url, socket: { connectTimeout: 5000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new ClusterError(`No fue posible conectarse a Redis (${redact(url)}): ${describe(error)}`);
  } finally {
    if (client.isOpen) await client.close().catch(() => client.destroy());
  }
}

/** The URL without its password, for messages. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(URL inválida)';
  }
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  let args: ClusterArgs;
  try {
    args = parseClusterArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`Error: ${error.message}`);
    console.error(USAGE);
    return 2;
  }
  const haproxyPath = findHaproxy(machineProbes(process.env))?.path;
  if (!haproxyPath) {
    console.error(NO_HAPROXY_MESSAGE);
    return 1;
  }
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_CLUSTER_DATABASE_URL;
  const redisUrl = process.env.REDIS_URL || DEFAULT_CLUSTER_REDIS_URL;
  try {
    // Redis first: nothing is created on PostgreSQL when the cluster cannot start anyway.
    await checkRedis(redisUrl);
    await ensureDatabase(databaseUrl);
  } catch (error) {
    console.error(describe(error));
    return 1;
  }
  await ensureWidgetBundle();

  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  console.log(`Iniciando ${args.instances} procesos de la plataforma y HAProxy…`);
  let cluster: Cluster;
  try {
    cluster = await Cluster.start({
      instances: args.instances,
      host: args.host,
      port: args.port,
      databaseUrl,
      redisUrl,
      haproxyPath,
      root,
      restartDelayMs: RESTART_DELAY_MS,
      log: (line) => console.log(line)
    });
  } catch (error) {
    console.error(`No fue posible iniciar el clúster: ${describe(error)}`);
    return 1;
  }
  for (const i of cluster.list()) console.log(`  ${i.name}: http://127.0.0.1:${i.port} (pid ${i.pid ?? '-'})`);
  console.log(`${CLUSTER_READY_PREFIX} ${cluster.url} (${args.instances} procesos; salud en ${cluster.url}/health/ready)`);

  return new Promise<number>((done) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      console.log(`Deteniendo el clúster (${signal})…`);
      cluster.stop().then(
        () => done(0),
        (error: unknown) => {
          console.error(`Error al detener el clúster: ${describe(error)}`);
          done(1);
        }
      );
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('El clúster falló:', describe(error));
      process.exit(1);
    }
  );
}
