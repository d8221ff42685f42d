/**
 * The look-up structures that replaced scans (the checks were quadratic on large estates) answer what the scans
 * answered: random inputs, small value spaces so that keys collide, compared with the scan they replace.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseIpv4, subnetContains, SubnetTable, type Subnet } from '../src/core/ip.js';
import { Ordered } from '../src/core/ordered.js';
import type { Distribution } from '../src/model/estate.js';
import { firstCovering, portCovered } from '../src/sim/sysplex-index.js';
import { coveringDistributions } from '../src/sim/sweep-model.js';

const address = fc.tuple(fc.constantFrom(10, 11), fc.nat(3), fc.nat(3), fc.nat(7)).map(([a, b, c, d]) => parseIpv4(`${a}.${b}.${c}.${d}`)!);
const subnet: fc.Arbitrary<Subnet> = fc.tuple(address, fc.constantFrom(0, 8, 16, 24, 29, 30, 31, 32)).map(([a, prefix]) => ({ address: a, prefix }));

describe('SubnetTable', () => {
  it('finds the subnets containing an address, longest prefix first, as a scan of the list does', () => {
    fc.assert(
      fc.property(fc.array(subnet, { maxLength: 30 }), fc.array(address, { maxLength: 20 }), (nets, addrs) => {
        const table = new SubnetTable<number>();
        nets.forEach((n, i) => table.add(n, i));
        for (const a of addrs) {
          const hits = nets.flatMap((n, i) => (subnetContains(n, a) ? [i] : []));
          // Stable sort: within one prefix length, the order added.
          expect([...table.containing(a)]).toEqual([...hits].sort((x, y) => nets[y]!.prefix - nets[x]!.prefix));
          expect(table.firstAdded(a)).toBe(hits[0]);
          expect(table.has(a)).toBe(hits.length > 0);
        }
      }),
      { numRuns: 500 },
    );
  });
});

type Op = { op: 'put'; key: number; alt?: number } | { op: 'remove'; pick: number } | { op: 'find'; key: number; alt?: number } | { op: 'move'; pick: number; alt?: number };

describe('Ordered', () => {
  it('keeps the order and answers the look-ups of filter + push and find over the array', () => {
    const alt = fc.option(fc.nat(3), { nil: undefined });
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ op: fc.constant('put' as const), key: fc.nat(5), alt }),
      fc.record({ op: fc.constant('remove' as const), pick: fc.nat(20) }),
      fc.record({ op: fc.constant('find' as const), key: fc.nat(6), alt }),
      fc.record({ op: fc.constant('move' as const), pick: fc.nat(20), alt }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        interface Item {
          key: string;
          alt: string | undefined;
          n: number;
        }
        const list: Item[] = [];
        const ordered = new Ordered<Item>(list, (x) => x.key, (x) => x.alt);
        let reference: Item[] = [];
        let n = 0;
        for (const o of ops) {
          if (o.op === 'put') {
            const item = { key: `k${o.key}`, alt: o.alt === undefined ? undefined : `a${o.alt}`, n: n++ };
            reference = reference.filter((x) => x.key !== item.key);
            reference.push(item);
            ordered.put(item);
          } else if (o.op === 'remove' && reference.length) {
            const item = reference[o.pick % reference.length]!;
            reference = reference.filter((x) => x !== item);
            ordered.remove(item);
          } else if (o.op === 'move' && reference.length) {
            const item = reference[o.pick % reference.length]!;
            const before = item.alt;
            item.alt = o.alt === undefined ? undefined : `a${o.alt}`;
            ordered.moved(item, before);
          } else if (o.op === 'find') {
            const key = `k${o.key}`;
            const a = o.alt === undefined ? undefined : `a${o.alt}`;
            expect(ordered.find(key, a)).toBe(reference.find((x) => x.key === key || (a !== undefined && x.alt === a)));
          }
          expect(list).toEqual(reference);
        }
      }),
      { numRuns: 500 },
    );
  });
});

function distribution(id: number, ports: { from: number; to: number }[]): Distribution {
  return { id: `d${id}`, ports } as unknown as Distribution;
}

const portList = fc.array(
  fc.tuple(fc.integer({ min: 1, max: 12 }), fc.nat(3)).map(([from, width]) => ({ from, to: from + (width === 3 ? 2 : 0) })),
  { maxLength: 4 },
);

describe('distributions covering a port', () => {
  it('firstCovering: the first distribution of the list that covers the port', () => {
    fc.assert(
      fc.property(fc.array(portList, { maxLength: 20 }), (lists) => {
        const dists = lists.map((ports, i) => distribution(i, ports));
        for (let port = 0; port <= 15; port++) expect(firstCovering(dists, port)).toBe(dists.find((d) => portCovered(d, port)));
      }),
      { numRuns: 500 },
    );
  });

  it('coveringDistributions: for each port, the distributions that cover it, in order', () => {
    fc.assert(
      fc.property(fc.array(portList, { maxLength: 20 }), fc.uniqueArray(fc.integer({ min: 0, max: 15 }), { maxLength: 10 }), (lists, ports) => {
        const dists = lists.map((p, i) => distribution(i, p));
        const sorted = [...ports].sort((a, b) => a - b);
        expect(coveringDistributions(dists, sorted)).toEqual(sorted.map((port) => dists.filter((d) => portCovered(d, port))));
      }),
      { numRuns: 500 },
    );
  });
});
