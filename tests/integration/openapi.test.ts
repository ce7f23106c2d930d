/**
 * The two OpenAPI documents (docs/open-platform.md, "The document"): both valid for swagger-parser
 * and for Redocly's recommended rules with no error, served by the app, every answer typed; the
 * generated partner client is the one the document makes now; the reference page and its
 * self-hosted bundle.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { buildOpenApi, buildPartnerOpenApi } from '../../src/server/http/openapi';
import { OPEN_CLIENT_FILE, openClientSource } from '../../scripts/gen-open-client';
import { createOpenClient, throughTestApp } from '../support/open-client';
import { createTestEnv, runsBackendFreeTests, type TestEnv } from './harness';

type Json = Record<string, unknown>;
const documents = { web: buildOpenApi(), partner: buildPartnerOpenApi() } as const;

/** Redocly's recommended rules over one document: its problems */
const redocly = async (doc: Json): Promise<NormalizedProblem[]> =>
  lintFromString({ source: JSON.stringify(doc), absoluteRef: '/openapi.json', config: await createConfig({ extends: ['recommended'] }) });

const describeProblem = (p: NormalizedProblem) => `${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`;

/** every operation of a document, with its path and method */
const operations = (doc: Json) =>
  Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

/** the `data` schema of an operation's success answer */
const dataOf = (op: Json) => {
  const schema = (((op.responses as Json)['200'] as Json).content as Record<string, { schema: Json }>)['application/json'].schema;
  return (schema.properties as Record<string, Json>).data;
};

describe.skipIf(!runsBackendFreeTests)('the OpenAPI documents', () => {
  it.each(Object.keys(documents) as Array<keyof typeof documents>)('the %s document is valid OpenAPI 3.1 for swagger-parser and Redocly (recommended: no error)', async (name) => {
    const doc = documents[name] as Json;
    expect(doc.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    const problems = await redocly(doc);
    const errors = problems.filter((p) => p.severity === 'error');
    // the rule names, so a failure says which rule at a glance
    expect(errors.map(describeProblem), `Redocly errors by rule: ${[...new Set(errors.map((e) => e.ruleId))].join(', ')}`).toEqual([]);
  });

  it('the web document holds every call but the partner calls, the partner document only those', () => {
    const web = operations(documents.web);
    const partner = operations(documents.partner);
    expect(web.length).toBeGreaterThan(300);
    expect(web.some((o) => o.path.startsWith('/api/open/v1/'))).toBe(false);
    for (const o of partner) expect(o.path.startsWith('/api/open/v1/')).toBe(true);
    const ids = [...web, ...partner].map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(web.find((o) => o.op.operationId === 'userAuth')).toMatchObject({ path: '/api/user/auth', method: 'post' });
  });

  it('every answer is typed (no bare data), every call lists its 4xx answers and the error codes', () => {
    for (const doc of Object.values(documents)) {
      for (const { path, method, op } of operations(doc)) {
        const data = dataOf(op);
        expect(Object.keys(data).some((k) => ['type', 'anyOf', 'oneOf', 'allOf', '$ref', 'const', 'enum'].includes(k)), `${method} ${path}: data ${JSON.stringify(data)}`).toBe(true);
        expect(Object.keys(op.responses as Json).some((s) => s.startsWith('4')), `${method} ${path}`).toBe(true);
      }
      const error = ((doc.components as Json).schemas as Json).Error as { properties: { code: { enum: number[] } } };
      expect(error.properties.code.enum).toEqual(expect.arrayContaining([401, 403, 404, 409, 422, 429, 500, 4, 908]));
    }
  });

  it('partner calls are signed with the four headers together', () => {
    const doc = documents.partner as { components: { securitySchemes: Record<string, { type: string; in: string; name: string }> } };
    expect(Object.values(doc.components.securitySchemes).map((s) => `${s.type} ${s.in} ${s.name}`)).toEqual([
      'apiKey header open-key', 'apiKey header X-Open-Timestamp', 'apiKey header X-Open-Nonce', 'apiKey header X-Open-Signature',
    ]);
    for (const { op } of operations(documents.partner)) expect(op.security).toEqual([{ openKey: [], openTimestamp: [], openNonce: [], openSignature: [] }]);
  });

  it('the committed partner client is what the document generates now (regenerate: npm run gen:open-client)', async () => {
    expect(readFileSync(OPEN_CLIENT_FILE, 'utf8')).toBe(await openClientSource());
  });
});

describe.skipIf(!runsBackendFreeTests)('the served documents and the reference page', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv('pglite');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('a partner calls openCompanyGet through the generated client, signed by its middleware', async () => {
    const { access_token } = await env.login('seller');
    const created = await env.api('openKeyCreate', { name: '文档客户端', scopes: ['company:read'] }, { token: access_token });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { key, secret } = created.body.data;
    const open = createOpenClient({
      baseUrl: 'http://localhost', keyId: key.key_id, secret, fetch: throughTestApp(env.raw),
      // the test app's clock, which the signature's time window is checked against
      now: () => Math.floor(env.clock.now().getTime() / 1000),
    });
    const { data, error, response } = await open.GET('/api/open/v1/company');
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data?.code).toBe(200);
    expect(data?.data.id).toBe(2);
    // a wrong secret is refused: the middleware's signature is what let the call in
    const forged = createOpenClient({ baseUrl: 'http://localhost', keyId: key.key_id, secret: `${secret}x`, fetch: throughTestApp(env.raw), now: () => Math.floor(env.clock.now().getTime() / 1000) });
    const refused = await forged.GET('/api/open/v1/company');
    expect(refused.response.status).toBe(401);
    expect(refused.error?.client_msg).toBeTruthy();
  });

  it('serves both documents', async () => {
    const web = await env.raw('GET', '/api/openapi.json');
    expect(web.status).toBe(200);
    expect(await web.json()).toEqual(JSON.parse(JSON.stringify(documents.web)));
    const partner = await env.raw('GET', '/api/open/v1/openapi.json');
    expect(partner.status).toBe(200);
    expect(await partner.json()).toEqual(JSON.parse(JSON.stringify(documents.partner)));
  });

  it('the reference page loads our own copy of Scalar, cached for a year, and no inline script', async () => {
    const page = await env.raw('GET', '/api/open/v1/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const s of scripts) {
      expect(s[1]).toMatch(/src="\/api\/open\/reference\//);
      expect(s[2]).toBe('');
    }
    const bundleSrc = /src="(\/api\/open\/reference\/standalone\.js\?v=[^"]+)"/.exec(html)?.[1];
    expect(bundleSrc).toBeTruthy();
    const bundle = await env.raw('GET', bundleSrc as string, { headers: { 'accept-encoding': 'br' } });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('cache-control')).toContain('max-age=31536000');
    expect(bundle.headers.get('content-encoding')).toBe('br');
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
    const init = await env.raw('GET', '/api/open/reference/init.js');
    expect(await init.text()).toContain('/api/open/v1/openapi.json');
  });
});
