/**
 * `npm run cluster`: Mkopo as production runs it, on this machine (docs/operations.md):
 * - a throw-away PostgreSQL server (Debian's package);
 * - an S3 stand-in (server/scripts/s3-stand-in.ts) for the documents;
 * - the migrations, applied once by `npm run db:migrate`;
 * - two API instances sharing the database, the store and the secrets;
 * - nginx from Debian in front as the load balancer, with the very locations file the
 *   operations guide tells operators to use (docs/nginx/mkopo-locations.conf), serving the
 *   built client's hashed files itself.
 *
 * It prints the address and waits; Ctrl-C stops everything and removes the folder.
 * `bench/cluster.ts` starts the same cluster with startCluster().
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { missingClientBuild } from '../client-build';
import { entryPointArgs, projectRoot } from '../paths';
import { startS3StandIn } from './s3-stand-in';

export const CLUSTER_ADMIN = { email: 'admin@cluster.test', password: 'Cluster#2026' };

export type Instance = {
  port: number;
  url: string;
  /** Kills the process at once (SIGKILL), as a crash would. */
  kill: () => Promise<void>;
  /** Starts it again on the same port. */
  start: () => Promise<void>;
};

export type Cluster = {
  /** nginx: where users, callbacks and benches go. */
  url: string;
  databaseUrl: string;
  instances: Instance[];
  /** The settings every instance runs with (for scripts run against the cluster). */
  env: Record<string, string>;
  folder: string;
  stop: () => Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  }
  return result.stdout;
}

/** Resolves once `url` answers 200, or rejects after `ms`. */
async function answering(url: string, ms = 60_000) {
  for (const started = Date.now(); Date.now() - started < ms; ) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

function nginxConfig(folder: string, port: number, upstream: number[]): string {
  const dist = path.join(projectRoot, 'dist');
  const locations = path.join(projectRoot, 'docs', 'nginx', 'mkopo-locations.conf');
  const temp = (name: string) => `${name}_temp_path ${path.join(folder, 'nginx', name)};`;
  return `# Written by npm run cluster.
worker_processes 2;
daemon off;
pid ${path.join(folder, 'nginx', 'nginx.pid')};
error_log ${path.join(folder, 'nginx', 'error.log')} warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log ${path.join(folder, 'nginx', 'access.log')};
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  upstream mkopo {
${upstream.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=3s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    set $mkopo_dist ${dist};
    include ${locations};
  }
}
`;
}

export async function startCluster(
  options: { port?: number; say?: (line: string) => void; instances?: number } = {},
): Promise<Cluster> {
  const say = options.say ?? (() => undefined);
  if (!existsSync('/usr/sbin/nginx')) {
    throw new Error('nginx is not installed (Debian: apt-get install -y nginx)');
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'mkopo-cluster-'));
  // PostgreSQL runs as its own user (when started by root), and must reach its folder.
  chmodSync(folder, 0o755);
  const children: ChildProcess[] = [];
  let s3: Awaited<ReturnType<typeof startS3StandIn>> | undefined;
  let stopping = false;
  const stop = async () => {
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    spawnSync('bash', ['tests/support/stop-postgres.sh', path.join(folder, 'pg')], {
      cwd: projectRoot,
    });
    if (s3) await new Promise<void>((resolve) => s3!.server.close(() => resolve()));
    rmSync(folder, { recursive: true, force: true });
  };

  try {
    return await startParts();
  } catch (error) {
    await stop();
    throw error;
  }

  async function startParts(): Promise<Cluster> {
    const unbuilt = missingClientBuild();
    if (unbuilt) throw new Error(unbuilt);
    say('Starting PostgreSQL…');
    const pgPort = await freePort();
    const exported = run('bash', [
      'tests/support/start-postgres.sh',
      path.join(folder, 'pg'),
      String(pgPort),
    ]);
    const serverUrl = /TEST_DATABASE_URL=(\S+)/.exec(exported)![1]!;
    const admin = new pg.Client({ connectionString: serverUrl });
    // A session ended by the server between queries would be an unhandled 'error' event.
    admin.on('error', () => undefined);
    await admin.connect();
    await admin.query('create database mkopo');
    await admin.end();
    const databaseUrl = serverUrl.replace(/\/postgres$/, '/mkopo');

    s3 = await startS3StandIn(path.join(folder, 's3'));
    const port = options.port ?? (await freePort());
    const url = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      S3_ENDPOINT: s3.url,
      S3_BUCKET: 'mkopo',
      S3_ACCESS_KEY: 'cluster',
      S3_SECRET_KEY: 'cluster-secret',
      JWT_SECRET: randomBytes(32).toString('hex'),
      MFA_SECRET_KEY: randomBytes(32).toString('hex'),
      MPESA_CALLBACK_SECRET: randomBytes(24).toString('hex'),
      SMS_CALLBACK_SECRET: randomBytes(24).toString('hex'),
      PUBLIC_URL: url,
      TRUST_PROXY: 'true',
      MIGRATE_ON_START: 'false',
      ADMIN_EMAIL: CLUSTER_ADMIN.email,
      ADMIN_PASSWORD: CLUSTER_ADMIN.password,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    };
    say('Applying the migrations (npm run db:migrate)…');
    run(process.execPath, entryPointArgs('server/db/migrate.ts'), env);

    const instancePorts = await Promise.all(
      Array.from({ length: options.instances ?? 2 }, () => freePort()),
    );
    const instances: Instance[] = instancePorts.map((instancePort, n) => {
      let child: ChildProcess | undefined;
      const dataDir = path.join(folder, `instance-${n + 1}`);
      mkdirSync(dataDir, { recursive: true });
      const instance: Instance = {
        port: instancePort,
        url: `http://127.0.0.1:${instancePort}`,
        start: async () => {
          const log = createWriteStream(path.join(folder, `instance-${n + 1}.log`), { flags: 'a' });
          child = spawn(process.execPath, entryPointArgs('server/main.ts'), {
            cwd: projectRoot,
            env: { ...process.env, ...env, PORT: String(instancePort), DATA_DIR: dataDir },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          child.stdout!.pipe(log);
          child.stderr!.pipe(log);
          children.push(child);
          child.once('exit', (code, signal) => {
            if (!stopping && signal !== 'SIGKILL')
              say(`instance ${n + 1} exited (${code ?? signal})`);
          });
          await answering(`${instance.url}/api/health/ready`);
        },
        kill: async () => {
          if (!child || child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((resolve) => child!.once('exit', resolve));
          child.kill('SIGKILL');
          await exited;
        },
      };
      return instance;
    });
    say(`Starting ${instances.length} instances…`);
    await Promise.all(instances.map((instance) => instance.start()));

    say('Starting nginx…');
    mkdirSync(path.join(folder, 'nginx'), { recursive: true });
    const conf = path.join(folder, 'nginx', 'nginx.conf');
    writeFileSync(conf, nginxConfig(folder, port, instancePorts));
    run('/usr/sbin/nginx', ['-t', '-q', '-c', conf, '-p', path.join(folder, 'nginx')]);
    const nginx = spawn('/usr/sbin/nginx', ['-c', conf, '-p', path.join(folder, 'nginx')], {
      stdio: 'ignore',
    });
    children.push(nginx);
    await answering(`${url}/api/health`);

    return { url, databaseUrl, instances, env, folder, stop };
  }
}

// Run as `npm run cluster`, not when bench/cluster.ts imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const cluster = await startCluster({
    port: process.env.PORT ? Number(process.env.PORT) : 8090,
    say,
  }).catch((error: unknown) => {
    process.stderr.write(
      `The cluster could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
  say('');
  say(
    `Mkopo's cluster is running at ${cluster.url} (nginx → ${cluster.instances.map((i) => i.url).join(', ')})`,
  );
  say(
    `  Sign in at ${cluster.url}/login/admin as ${CLUSTER_ADMIN.email} / ${CLUSTER_ADMIN.password}`,
  );
  say(`  Database ${cluster.databaseUrl}; logs and files in ${cluster.folder}`);
  say('  Ctrl-C stops it all and removes that folder.');
  const shutdown = () => void cluster.stop().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
