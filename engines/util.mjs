// Shared helpers for the local-engine scripts. Node built-ins only: these run before node_modules exists.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CACHE = process.env.ENGINES_DIR ? path.resolve(process.env.ENGINES_DIR) : path.join(ROOT, '.engines');

export function log(engine, message) {
  process.stderr.write(`[engines] ${engine}: ${message}\n`);
}

export function ensureDir(dir) {
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Runs a short command to completion (blocking); throws with its output when it fails. */
export function run(cmd, args, options = {}) {
  const res = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (res.error) throw new Error(`${cmd} ${args.join(' ')}: ${res.error.message}`);
  if (res.status !== 0) {
    const out = `${res.stdout ?? ''}${res.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
    throw new Error(`${cmd} ${args.join(' ')} exited ${res.status}\n${out}`);
  }
  return res.stdout ?? '';
}

/**
 * Runs a long command (a download, a build) as a child process without blocking the event loop, so
 * timers such as another engine's health wait keep running. Resolves with stdout; rejects with the
 * output's last lines when the command fails.
 */
export function runAsync(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let out = '';
    const keep = (chunk) => {
      out += chunk;
      if (out.length > 1 << 20) out = out.slice(-(1 << 19));
    };
    child.stdout.setEncoding('utf8').on('data', keep);
    child.stderr.setEncoding('utf8').on('data', keep);
    child.on('error', (err) => reject(new Error(`${cmd} ${args.join(' ')}: ${err.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else
        reject(new Error(`${cmd} ${args.join(' ')} exited ${code}\n${out.trim().split('\n').slice(-15).join('\n')}`));
    });
  });
}

export function commandExists(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).status === 0;
}

/** Starts a long-lived process detached from us, output appended to logFile, pid recorded. */
export function spawnDetached(cmd, args, { logFile, pidFile, env, cwd }) {
  const fd = openLog(logFile);
  const child = spawn(cmd, args, { detached: true, stdio: ['ignore', fd, fd], env: { ...process.env, ...env }, cwd });
  child.unref();
  writeFileSync(pidFile, String(child.pid));
  return child.pid;
}

function openLog(file) {
  ensureDir(path.dirname(file));
  return openSync(file, 'a');
}

export function readPid(pidFile) {
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

export function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends SIGTERM, waits up to timeoutMs, then SIGKILL. */
export async function stopPid(pidFile, timeoutMs = 20000) {
  const pid = readPid(pidFile);
  if (pid && alive(pid)) {
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + timeoutMs;
    while (alive(pid) && Date.now() < deadline) await sleep(200);
    if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
  rmSync(pidFile, { force: true });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `check` every pollMs for up to timeoutMs. Time this process did not get to look (a blocked
 * event loop, a starved machine: a poll that wakes more than stallMs late) is added to the deadline,
 * and one last look is taken after it passes: a wait gives up only on an engine it actually watched
 * failing to answer for timeoutMs.
 */
export async function waitUntil(check, timeoutMs, { pollMs = 500, stallMs = 5000 } = {}) {
  let deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    const t = Date.now();
    await sleep(pollMs);
    const late = Date.now() - t - pollMs;
    if (late > stallMs) deadline += late;
  }
  return Boolean(await check());
}

export function httpGet(url, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(null));
  });
}

/** Opens a TCP connection, writes `payload`, resolves with the first reply bytes (or null). */
export function tcpExchange(host, port, payload, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const chunks = [];
    const done = (value) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(timeoutMs, () => done(null));
    socket.on('connect', () => socket.write(payload));
    socket.on('data', (c) => {
      chunks.push(c);
      done(Buffer.concat(chunks));
    });
    socket.on('error', () => done(null));
  });
}

export function hostPort(urlString, defaultPort) {
  const u = new URL(urlString);
  const host = u.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  return { host, port: Number(u.port || defaultPort) };
}

export function isLoopback(host) {
  return host === 'localhost' || host.startsWith('127.') || host === '::1';
}

// dpkg takes one lock: engines installing at once queue their apt-get calls here.
let aptQueue = Promise.resolve();

/** Installs a Debian package, refreshing the package lists once if the first attempt fails. */
export function aptInstall(pkg) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = async () => {
    log('apt', `installing ${pkg}`);
    try {
      await runAsync('apt-get', ['install', '-y', '-q', pkg], { env });
    } catch {
      await runAsync('apt-get', ['update', '-q'], { env });
      await runAsync('apt-get', ['install', '-y', '-q', pkg], { env }).catch((err) => {
        throw new Error(
          `apt-get install ${pkg} failed (the scripts install Debian packages as root; install ${pkg} yourself otherwise): ${err.message}`,
        );
      });
    }
  };
  const turn = aptQueue.then(install);
  aptQueue = turn.catch(() => {});
  return turn;
}
