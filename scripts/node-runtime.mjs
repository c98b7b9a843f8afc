// The project runs on Node 24 LTS (Astro 7 refuses anything older than 22.12). Many machines still
// ship an older Node, so the entry points a newcomer types (`npm run dev`, `npm test`) bring Node 24
// themselves instead of failing: the npm registry publishes each Node release as a plain package
// (node-<platform>-<arch>), installed once into .tools/node24 (git-ignored) and reused afterwards.
//
// Written for any Node >= 18 (it runs before the upgrade), without dependencies.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REQUIRED_NODE_MAJOR = 24;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const toolsDir = join(root, '.tools', 'node24');

const currentMajor = () => Number(process.versions.node.split('.')[0]);

function platformPackage() {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  return `node-${platform}-${process.arch}`;
}

/** The folder holding a Node 24 `node` (and npm/npx), installing it from the npm registry if needed. */
export function node24BinDir() {
  const pkg = platformPackage();
  const binDir = join(toolsDir, 'node_modules', pkg, 'bin');
  const nodeBinary = join(binDir, process.platform === 'win32' ? 'node.exe' : 'node');
  if (!existsSync(nodeBinary)) {
    mkdirSync(toolsDir, { recursive: true });
    // Its own package.json, so npm installs here rather than into the project above.
    const manifest = join(toolsDir, 'package.json');
    if (!existsSync(manifest)) writeFileSync(manifest, '{"private":true}\n');
    console.error(
      `Node ${process.versions.node} is older than ${REQUIRED_NODE_MAJOR}: installing ${pkg}@${REQUIRED_NODE_MAJOR} into .tools/ (once).`,
    );
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    // Node reads only its own CA list; where registry traffic passes a TLS proxy, npm (itself on Node)
    // hangs retrying unless it also trusts the system bundle.
    const systemCa = '/etc/ssl/certs/ca-certificates.crt';
    const env = { ...process.env };
    if (!env.NODE_EXTRA_CA_CERTS && existsSync(systemCa)) env.NODE_EXTRA_CA_CERTS = systemCa;
    const result = spawnSync(
      npm,
      [
        'install',
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        `${pkg}@${REQUIRED_NODE_MAJOR}`,
      ],
      { cwd: toolsDir, env, stdio: ['ignore', 'ignore', 'inherit'], shell: process.platform === 'win32' },
    );
    if (result.status !== 0 || !existsSync(nodeBinary)) {
      throw new Error(
        `Could not install Node ${REQUIRED_NODE_MAJOR} from the npm registry (${pkg}). Install Node ${REQUIRED_NODE_MAJOR} LTS yourself and run the command again.`,
      );
    }
  }
  return binDir;
}

/**
 * Call first thing in an entry script. On Node 24+ it returns and the script goes on. On an older
 * Node it runs the same script with the same arguments under Node 24 (its bin folder first on PATH,
 * so npx and child processes use it too), forwards Ctrl-C / SIGTERM, and exits with its code.
 */
export async function runUnderSupportedNode(scriptUrl) {
  if (currentMajor() >= REQUIRED_NODE_MAJOR) return;
  const binDir = node24BinDir();
  const nodeBinary = join(binDir, process.platform === 'win32' ? 'node.exe' : 'node');
  const pathKey = Object.keys(process.env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
  const separator = process.platform === 'win32' ? ';' : ':';
  const child = spawn(nodeBinary, [fileURLToPath(scriptUrl), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, [pathKey]: `${binDir}${separator}${process.env[pathKey] ?? ''}` },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    // The child gets a terminal's Ctrl-C itself (same process group); a signal sent only to us is passed on.
    process.on(signal, () => child.kill(signal));
  }
  const code = await new Promise((resolve) => {
    child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
  });
  process.exit(code);
}

// `node scripts/node-runtime.mjs` prints the bin folder of a Node 24 (used by scripts/ensure-node.sh).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(currentMajor() >= REQUIRED_NODE_MAJOR ? dirname(process.execPath) : node24BinDir());
}
