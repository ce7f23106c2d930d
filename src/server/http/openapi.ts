/** OpenAPI 3.0 document generated from the endpoint table: operationId = the call's name. */
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { endpoints, type EndpointName } from '../../shared/contracts';

type Json = Record<string, unknown>;

const schemaOf = (s: v.GenericSchema, typeMode: 'input' | 'output'): Json => {
  const { $schema: _ignored, ...rest } = toJsonSchema(s, { target: 'openapi-3.0', typeMode, errorMode: 'ignore' }) as Json;
  return rest;
};

const envelope = (data: Json): Json => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: { code: { type: 'integer', example: 200 }, msg: { type: 'string' }, data },
});

const errorEnvelope: Json = {
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: {
    code: { type: 'integer', description: '4 令牌过期, 908 已登出, 401 未登录, 403 无权限, 409 幂等冲突, 422 参数有误, 429 请求过频, 500 服务器错误' },
    msg: { type: 'string' }, client_msg: { type: 'string' }, field: { type: 'string' }, exception: { type: 'boolean' }, data: { nullable: true },
  },
};

export const buildOpenApi = (): Json => {
  const paths: Record<string, Json> = {};
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const ep = endpoints[name];
    const payload = schemaOf(ep.payload, 'input');
    const op: Json = {
      operationId: name,
      summary: ep.summary,
      tags: [ep.tag],
      ...(ep.access === 'public' ? {} : { security: [{ bearer: [] }] }),
      responses: {
        200: { description: 'code 200', content: { 'application/json': { schema: envelope(schemaOf(ep.answer, 'output')) } } },
        default: { description: '错误', content: { 'application/json': { schema: errorEnvelope } } },
      },
    };
    const params: Json[] = [{ name: 'Device', in: 'header', schema: { type: 'string', enum: ['pc', 'h5', 'app', 'pad'], default: 'pc' } }];
    if (ep.idempotent) params.push({ name: 'Idempotency-Key', in: 'header', required: !!ep.idempotencyRequired, schema: { type: 'string', pattern: '^[A-Za-z0-9-]{8,128}$' } });
    if (ep.method === 'get' || ep.method === 'delete') {
      const props = (payload.properties ?? {}) as Record<string, Json>;
      const required = new Set((payload.required as string[] | undefined) ?? []);
      for (const [pname, schema] of Object.entries(props)) params.push({ name: pname, in: 'query', required: required.has(pname), schema });
    } else {
      op.requestBody = { required: true, content: { 'application/json': { schema: payload } } };
    }
    op.parameters = params;
    paths[`/api${ep.path}`] = { ...(paths[`/api${ep.path}`] ?? {}), [ep.method]: op };
  }
  return {
    openapi: '3.0.3',
    info: { title: '汽配汇 QipeiHub API', version: '1.0.0', description: '所有应答使用统一信封 {code, msg, data}；code 200 为成功。' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
};
