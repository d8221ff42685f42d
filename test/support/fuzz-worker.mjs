// The mutation fuzzer's worker (test/mutation-fuzz.test.ts): a child process that runs plexlint's command line
// in-process, one mutant after another, so that each run costs no process start. It reads one JSON request per
// line on stdin — { id, cwd, args } — and answers on stdout with { id, code, stdout, stderr, ms }. A run that does
// not answer in time is a hang (the parent kills the worker); a worker that dies is a crash (V8 aborts on
// running out of its heap).
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const { main } = await import(pathToFileURL(process.argv[2]).href);
const realOut = process.stdout.write.bind(process.stdout);
const realErr = process.stderr.write.bind(process.stderr);
const home = process.cwd();

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const { id, cwd, args } = JSON.parse(line);
  let stdout = '';
  let stderr = '';
  process.stdout.write = (chunk, ...rest) => {
    stdout += String(chunk);
    const cb = rest.find((r) => typeof r === 'function');
    if (cb) cb();
    return true;
  };
  process.stderr.write = (chunk, ...rest) => {
    stderr += String(chunk);
    const cb = rest.find((r) => typeof r === 'function');
    if (cb) cb();
    return true;
  };
  const t = performance.now();
  let code;
  try {
    process.chdir(cwd);
    code = await main(args);
  } catch (e) {
    code = -1;
    stderr += `worker: uncaught ${e && e.stack ? e.stack : String(e)}\n`;
  } finally {
    process.chdir(home);
    process.stdout.write = realOut;
    process.stderr.write = realErr;
    process.exitCode = 0;
  }
  const ms = performance.now() - t;
  // Large outputs are cut: the parent needs their beginning and whether they hold what must never appear.
  realOut(JSON.stringify({ id, code, stdout: stdout.length > 4_000_000 ? stdout.slice(0, 4_000_000) : stdout, stderr: stderr.slice(0, 100_000), ms }) + '\n');
}
