/** `npm run dev`: the API on PORT (default 8080) and Vite's dev server with hot reload on 5173. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from './paths';

const bin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', 'server/main.ts'], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, SERVE_CLIENT: 'false' },
  }),
  spawn(bin('vite'), ['--host', process.env.HOST ?? '127.0.0.1'], {
    cwd: projectRoot,
    stdio: 'inherit',
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.once('exit', stop);
