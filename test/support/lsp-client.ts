/**
 * An LSP client that drives `plexlint lsp --stdio` the way an editor does: the real command line (the private
 * build of ./cli.ts) in a child process, messages framed with Content-Length headers on its standard input and
 * output, requests answered by id, notifications collected as they come.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cliPath } from './cli.js';

export interface Message {
  jsonrpc: '2.0';
  id?: number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

export interface PublishedDiagnostics {
  uri: string;
  version?: number;
  diagnostics: {
    range: { start: { line: number; character: number }; end: { line: number; character: number } };
    severity: number;
    code: string;
    source: string;
    message: string;
    codeDescription?: { href: string };
    relatedInformation?: { location: { uri: string; range: unknown }; message: string }[];
    tags?: number[];
    data?: unknown;
  }[];
}

export class LspClient {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, (m: Message) => void>();
  readonly notifications: Message[] = [];
  private waiters: { test: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  stderr = '';
  readonly exited: Promise<number | null>;

  constructor(args: string[] = ['lsp', '--stdio'], cwd?: string) {
    this.child = spawn(process.execPath, [cliPath(), ...args], { cwd, env: { ...process.env, NO_COLOR: '1' } });
    this.child.stdout.on('data', (d: Buffer) => this.receive(d));
    this.child.stderr.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  private receive(data: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, data]);
    for (;;) {
      const header = this.buffer.indexOf('\r\n\r\n');
      if (header < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, header).toString('ascii'))?.[1]);
      if (this.buffer.length < header + 4 + length) return;
      const message = JSON.parse(this.buffer.subarray(header + 4, header + 4 + length).toString('utf8')) as Message;
      this.buffer = this.buffer.subarray(header + 4 + length);
      if (message.id !== undefined && message.method === undefined) {
        this.pending.get(message.id)?.(message);
        this.pending.delete(message.id);
        continue;
      }
      // A request from the server (window/workDoneProgress/create, client/registerCapability): accept it.
      if (message.id !== undefined) this.write({ jsonrpc: '2.0', id: message.id, result: null });
      this.notifications.push(message);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(message)) return true;
        w.resolve(message);
        return false;
      });
    }
  }

  private write(message: Message): void {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    this.child.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]));
  }

  request<T = unknown>(method: string, params: unknown): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, (m) => (m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result as T)));
      this.write({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    this.write({ jsonrpc: '2.0', method, params });
  }

  /** The next notification that passes the test (also one that came already and was not yet waited for). */
  waitFor(test: (m: Message) => boolean, seen = 0): Promise<Message> {
    const earlier = this.notifications.slice(seen).find(test);
    if (earlier) return Promise.resolve(earlier);
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }

  /** The diagnostics published for a document, the first time after `seen` notifications that pass the test. */
  async diagnostics(uri: string, test: (p: PublishedDiagnostics) => boolean = () => true, seen = this.notifications.length): Promise<PublishedDiagnostics> {
    const m = await this.waitFor((x) => x.method === 'textDocument/publishDiagnostics' && (x.params as PublishedDiagnostics).uri === uri && test(x.params as PublishedDiagnostics), seen);
    return m.params as PublishedDiagnostics;
  }

  /** The editor went away: standard input closes. */
  closeInput(): void {
    this.child.stdin.end();
  }

  kill(): void {
    this.child.kill();
  }
}
