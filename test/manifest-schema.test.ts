/**
 * plexlint.schema.json: the published schema is the one src/frontends/manifest/schema.ts builds (regenerate with
 *   UPDATE_SCHEMA=1 npx vitest run test/manifest-schema.test.ts
 * ), every fixture manifest validates against it unless the loader reports it, a misspelt key does not validate,
 * and on generated manifests the schema and the loader agree on what is valid.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { parseManifest } from '../src/frontends/manifest/index.js';
import { manifestSchema } from '../src/frontends/manifest/schema.js';
import { rules } from '../src/rules/registry.js';
import { sourceFromText } from '../src/sources/source-file.js';
import { fixtureFiles } from './support/fixture-files.js';

const root = join(import.meta.dirname, '..');
const schemaFile = join(root, 'plexlint.schema.json');
const ruleIds: string[] = rules.map((r) => r.meta.id);

let compiled: ValidateFunction | undefined;
function validator(): ValidateFunction {
  if (compiled) return compiled;
  const ajv = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true });
  compiled = ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')) as object);
  return compiled;
}

/** Whether the loader accepts the manifest text: no syntax error, unknown key or invalid value (paths are not checked). */
function loaderAccepts(text: string): { ok: boolean; findings: string[] } {
  const { manifest, findings } = parseManifest(sourceFromText('plexlint.yaml', text), '/estate', () => true);
  const problems = findings.filter((f) => f.ruleId !== 'manifest-missing-file').map((f) => `${f.ruleId}: ${f.message}`);
  // Unknown rule ids in rules: are reported by the lint stage, which knows the registry.
  for (const settings of [manifest.rules, ...manifest.overrides.map((o) => o.rules)]) {
    for (const id of Object.keys(settings)) if (!ruleIds.includes(id)) problems.push(`manifest-unknown-key: rule ${id}`);
  }
  return { ok: problems.length === 0, findings: problems };
}

function schemaAccepts(text: string): { ok: boolean; errors: string[] } {
  const validate = validator();
  let doc: unknown;
  try {
    doc = parse(text, { uniqueKeys: true });
  } catch (e) {
    // Not YAML at all (fixtures/rules/syntax/bad-manifest): no schema accepts it.
    return { ok: false, errors: [e instanceof Error ? e.message : String(e)] };
  }
  const ok = validate(doc);
  return { ok: ok === true, errors: (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`) };
}

describe('plexlint.schema.json', () => {
  it('is the schema the manifest module builds', () => {
    const wanted = JSON.stringify(manifestSchema(ruleIds), null, 2) + '\n';
    if (process.env['UPDATE_SCHEMA'] === '1') writeFileSync(schemaFile, wanted);
    expect(readFileSync(schemaFile, 'utf8'), 'regenerate with UPDATE_SCHEMA=1 npx vitest run test/manifest-schema.test.ts').toBe(wanted);
  });

  it('compiles in strict mode and describes every key', () => {
    const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as Record<string, unknown>;
    expect(validator()).toBeTypeOf('function');
    const undescribed: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (!node || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      for (const [k, v] of Object.entries((n['properties'] as Record<string, unknown> | undefined) ?? {})) {
        if (!(v as Record<string, unknown>)['description']) undescribed.push(`${at}.${k}`);
        walk(v, `${at}.${k}`);
      }
      if (n['additionalProperties'] && typeof n['additionalProperties'] === 'object') walk(n['additionalProperties'], `${at}.*`);
      if (n['items']) walk(n['items'], `${at}[]`);
    };
    walk(schema, '');
    expect(undescribed).toEqual([]);
  });

  const manifests = fixtureFiles().filter((f) => /(^|\/)plexlint\.ya?ml$/.test(f.name));

  it('finds the fixture manifests', () => {
    expect(manifests.length).toBeGreaterThan(40);
  });

  for (const m of manifests) {
    it(`fixtures/${m.name}: valid for the schema exactly when the loader accepts it`, () => {
      const loader = loaderAccepts(m.text);
      const schema = schemaAccepts(m.text);
      expect(schema.ok, `loader: ${loader.findings.join('; ') || 'accepts'}; schema: ${schema.errors.join('; ') || 'accepts'}`).toBe(loader.ok);
    });
  }

  it('accepts the example estate and rejects a misspelt key', () => {
    const example = readFileSync(join(root, 'fixtures', 'example', 'plexlint.yaml'), 'utf8');
    expect(schemaAccepts(example)).toEqual({ ok: true, errors: [] });
    const misspelt = example.replace(/^systems:/m, 'system:');
    expect(misspelt).not.toBe(example);
    expect(schemaAccepts(misspelt).ok).toBe(false);
    expect(schemaAccepts('systems:\n  SYSA:\n    profile: SYSA.tcpip\n    cpu: CPC1\n').errors.join()).toMatch(/additional properties/);
    expect(schemaAccepts('rules:\n  optlocal-out-of-rnge: error\n').ok).toBe(false);
    expect(schemaAccepts('web:\n  cells:\n    C:\n      odrs: [{ host: h, port: "80" }]\n').ok).toBe(false);
  });

  it('agrees with the loader on generated manifests, valid and invalid', () => {
    const word = fc.constantFrom('SYSA', 'CPC1', 'odr1', 'a.example.com', 'profiles/SYSA.tcpip', 'HOSTIP');
    // Values of every kind a user may write where a scalar, a list or a mapping belongs.
    const scalar = fc.oneof(word, fc.integer({ min: -5, max: 70000 }), fc.constantFrom(true, null, 'off', 'warn', 'warning', 'fatal', 'error'));
    const value = (valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> => fc.oneof({ weight: 60, arbitrary: valid }, { weight: 1, arbitrary: scalar }, { weight: 1, arbitrary: fc.constant([1]) });
    const record = (model: Record<string, fc.Arbitrary<unknown>>, extra = false): fc.Arbitrary<unknown> =>
      fc
        .record(model, { requiredKeys: [] })
        .chain((r) => (extra ? fc.oneof({ weight: 30, arbitrary: fc.constant(r) }, { weight: 1, arbitrary: fc.constant({ ...r, tyop: 'x' }) }) : fc.constant(r)));
    const names = (v: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> => fc.dictionary(word, v, { maxKeys: 2 });
    const port = fc.oneof({ weight: 30, arbitrary: fc.integer({ min: 1, max: 65535 }) }, { weight: 1, arbitrary: fc.constantFrom(0, 65536, '80', true) });
    const level = fc.oneof({ weight: 30, arbitrary: fc.constantFrom('off', 'info', 'warn', 'warning', 'error') }, { weight: 1, arbitrary: fc.constantFrom('fatal', 2, 'Off') });
    const ruleId = fc.oneof({ weight: 30, arbitrary: fc.constantFrom(...ruleIds) }, { weight: 1, arbitrary: fc.constant('no-such-rule') });
    const ruleMap = fc.dictionary(ruleId, level, { maxKeys: 2 });
    const manifest = record(
      {
        systems: value(names(value(record({ profile: value(word), cpc: value(word), symbols: value(names(scalar)) }, true)))),
        datasets: value(names(value(word))),
        loadBalancers: value(names(value(record({ config: value(word), scripts: value(word), partner: value(word) }, true)))),
        web: value(
          record(
            {
              plugins: value(fc.array(value(word), { maxLength: 2 })),
              cells: value(
                names(
                  value(
                    record(
                      {
                        odrs: value(fc.array(value(record({ name: word, host: value(word), port, tier: word, properties: value(names(scalar)) }, true)), { maxLength: 2 })),
                        properties: value(names(scalar)),
                        gscs: value(
                          fc.array(value(record({ name: word, tier: word, members: value(fc.array(value(record({ host: value(word), port, weight: fc.oneof({ weight: 30, arbitrary: fc.integer({ min: 0, max: 100 }) }, { weight: 1, arbitrary: fc.constantFrom(-1, 101) }) })), { maxLength: 2 })) }, true)), {
                            maxLength: 2,
                          }),
                        ),
                        bridgedWith: value(fc.array(scalar, { maxLength: 2 })),
                        clusters: value(fc.array(value(word), { maxLength: 2 })),
                        clientNodes: value(fc.array(scalar, { maxLength: 2 })),
                      },
                      true,
                    ),
                  ),
                ),
              ),
            },
            true,
          ),
        ),
        rules: value(ruleMap),
        overrides: value(fc.array(value(record({ files: value(fc.array(value(word), { maxLength: 2 })), rules: value(ruleMap) }, true)), { maxLength: 2 })),
        ignore: value(fc.array(value(word), { maxLength: 2 })),
      },
      true,
    );
    let valid = 0;
    let invalid = 0;
    fc.assert(
      fc.property(manifest, (m) => {
        const text = stringify(m);
        const loader = loaderAccepts(text);
        const schema = schemaAccepts(text);
        if (loader.ok) valid++;
        else invalid++;
        expect(schema.ok, `${text}\nloader: ${loader.findings.join('; ') || 'accepts'}\nschema: ${schema.errors.join('; ') || 'accepts'}`).toBe(loader.ok);
      }),
      { numRuns: 600, seed: 16 },
    );
    // Both sides of the agreement were exercised.
    expect(valid).toBeGreaterThan(20);
    expect(invalid).toBeGreaterThan(20);
  });
});
