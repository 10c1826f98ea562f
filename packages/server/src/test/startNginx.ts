import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './freePort'

/** A throwaway nginx reverse proxy on loopback in front of some upstream servers. */
export type NginxProxy = {
  /** The proxy's base URL, e.g. `http://127.0.0.1:40123`. */
  url: string
  /** The nginx master process's pid (its worker is its child). */
  pid: number
  /** Ends nginx (SIGQUIT, then SIGKILL after 10 s) and removes its prefix directory. */
  stop(): Promise<void>
}

const candidates = ['/usr/sbin/nginx', '/usr/bin/nginx']

/** The nginx binary from Debian's package (`.ci/run` installs it), or `undefined` when absent. */
export function nginxBin(): string | undefined {
  const found = candidates.find((path) => existsSync(path))
  if (found) return found
  return spawnSync('nginx', ['-v']).status === 0 ? 'nginx' : undefined
}

/**
 * The README's sample configuration without TLS: one upstream per server process, keep-alive connections,
 * `X-Forwarded-For` set (the servers run with `FOYER_TRUST_PROXY=1`). Each answer carries the upstream
 * that served it in `X-Upstream`, so a test can see how calls spread.
 */
function configuration(prefix: string, port: number, upstreams: readonly string[]): string {
  const servers = upstreams
    .map((url) => `    server ${new URL(url).host} max_fails=1 fail_timeout=5s;`)
    .join('\n')
  return `daemon off;
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${join(prefix, 'body')};
  proxy_temp_path ${join(prefix, 'proxy')};
  fastcgi_temp_path ${join(prefix, 'fastcgi')};
  uwsgi_temp_path ${join(prefix, 'uwsgi')};
  scgi_temp_path ${join(prefix, 'scgi')};
  upstream foyer {
${servers}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 64k;
    location / {
      proxy_pass http://foyer;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`
}

/**
 * Starts nginx on a free loopback port, proxying round-robin to `upstreams` (base URLs of server processes),
 * and resolves once it answers. The caller stops it.
 *
 * @example const proxy = await startNginx([first.url, second.url]); …; await proxy.stop()
 */
export async function startNginx(upstreams: readonly string[]): Promise<NginxProxy> {
  const bin = nginxBin()
  if (!bin) throw new Error('nginx is not installed (apt-get install nginx)')
  const prefix = await mkdtemp(join(tmpdir(), 'foyer-nginx-'))
  const port = await freePort()
  const configPath = join(prefix, 'nginx.conf')
  await writeFile(configPath, configuration(prefix, port, upstreams))
  const child = spawn(bin, ['-p', prefix, '-c', configPath, '-e', join(prefix, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT')
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
    await rm(prefix, { recursive: true, force: true })
  }
  const deadline = Date.now() + 20_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output}`)
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, pid: child.pid as number, stop }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`nginx did not answer in 20 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
