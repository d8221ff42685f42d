/**
 * Running out of memory is the one failure Node cannot catch: V8 aborts the
 * process with its own stack dump. Before a large file is analysed, this
 * compares what its analysis needs with what the heap has left, so that a file
 * too large for the machine is one clear line (exit 2) instead.
 *
 * The figures are measured (docs/robustness.md): at its peak (tokens or XML
 * tree, parse tree and model at once) analysing a profile takes about 43 bytes
 * of heap per character for a 6 MB one and 37 for a 60 MB one (42 is used), an
 * XML file about 48 (50 is used). Files under 4 M characters are not checked.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

const BYTES_PER_CHAR = { profile: 42, xml: 50 } as const;
const LARGE = 4 * 1024 * 1024;
const MB = 1024 * 1024;

let collectGarbage: (() => void) | null | undefined;

/** A full garbage collection, so that the heap in use is what is alive (best effort). */
function collect(): void {
  if (collectGarbage === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      collectGarbage = vm.runInNewContext('gc') as () => void;
    } catch {
      collectGarbage = null;
    }
  }
  collectGarbage?.();
}

/** Why a file of `chars` characters cannot be analysed in the heap that is left, or undefined when it can. */
export function memoryShortfall(kind: keyof typeof BYTES_PER_CHAR, chars: number): string | undefined {
  if (chars < LARGE) return undefined;
  const need = chars * BYTES_PER_CHAR[kind];
  let s = v8.getHeapStatistics();
  if (s.heap_size_limit - s.used_heap_size >= need) return undefined;
  collect();
  s = v8.getHeapStatistics();
  const left = s.heap_size_limit - s.used_heap_size;
  if (left >= need) return undefined;
  const suggest = Math.ceil((s.used_heap_size + need * 1.5) / (1024 * MB)) * 1024;
  return (
    `needs about ${Math.round(need / MB)} MB of memory to check, and the Node heap has ${Math.max(0, Math.round(left / MB))} MB left ` +
    `(limit ${Math.round(s.heap_size_limit / MB)} MB); run plexlint with NODE_OPTIONS=--max-old-space-size=${suggest}`
  );
}
