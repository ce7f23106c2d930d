/**
 * The signing examples of the /open guide (docs/open-platform.md, "The document"): a shell
 * recipe with curl and openssl, and a Node script without dependencies. Both sign exactly as
 * src/shared/domain/open-signature.ts does; tests/integration/open-docs-examples.test.ts runs them
 * against the test app.
 */
import { OPEN_HEADERS } from '../../../shared/domain/open-signature';

/** the call the examples make: a read every key with `stock:read` may make */
export const EXAMPLE_PATH = '/api/open/v1/stock/search?keyword=%E5%88%B9%E8%BD%A6%E7%89%87&page_size=50';

export const curlExample = (origin: string) => `#!/usr/bin/env bash
# 签名调用（需要 bash、openssl、curl）
KEY_ID='你的密钥ID'
SECRET='你的密钥'
METHOD='GET'
URI='${EXAMPLE_PATH}'   # 路径（含查询串），与实际请求完全一致
BODY=''                  # GET 无请求体；POST 填写要发送的 JSON 原文

TS=$(date +%s)
NONCE=$(openssl rand -hex 16)
BODY_HASH=$(printf '%s' "$BODY" | openssl dgst -sha256 -hex | sed 's/^.* //')
SIGN=$(printf '%s\\n%s\\n%s\\n%s\\n%s' "$METHOD" "$URI" "$TS" "$NONCE" "$BODY_HASH" \\
  | openssl dgst -sha256 -hmac "$SECRET" -hex | sed 's/^.* //')

EXTRA=()
[ -n "$BODY" ] && EXTRA=(-H 'Content-Type: application/json' --data-raw "$BODY")
curl -sS -X "$METHOD" '${origin}'"$URI" \\
  -H "${OPEN_HEADERS.key}: $KEY_ID" \\
  -H "${OPEN_HEADERS.timestamp}: $TS" \\
  -H "${OPEN_HEADERS.nonce}: $NONCE" \\
  -H "${OPEN_HEADERS.signature}: $SIGN" \\
  "\${EXTRA[@]}"
`;

export const nodeExample = (origin: string) => `// 签名调用（Node.js 18 及以上，无需依赖）：node open-call.mjs
import { createHash, createHmac, randomBytes } from 'node:crypto';

const ORIGIN = '${origin}';
const KEY_ID = process.env.OPEN_KEY_ID;   // 密钥ID
const SECRET = process.env.OPEN_SECRET;   // 密钥（只在创建时显示一次）

export async function openCall(method, pathWithQuery, body) {
  const text = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const bodyHash = createHash('sha256').update(text).digest('hex');
  const canonical = [method.toUpperCase(), pathWithQuery, timestamp, nonce, bodyHash].join('\\n');
  const signature = createHmac('sha256', SECRET).update(canonical).digest('hex');
  const res = await fetch(ORIGIN + pathWithQuery, {
    method,
    headers: {
      '${OPEN_HEADERS.key}': KEY_ID,
      '${OPEN_HEADERS.timestamp}': timestamp,
      '${OPEN_HEADERS.nonce}': nonce,
      '${OPEN_HEADERS.signature}': signature,
      ...(text ? { 'Content-Type': 'application/json' } : {}),
    },
    body: text || undefined,
  });
  const answer = await res.json();
  if (answer.code !== 200) throw new Error(\`\${answer.code} \${answer.client_msg ?? answer.msg}\`);
  return answer.data;
}

console.log(await openCall('GET', '${EXAMPLE_PATH}'));
`;

/** the string that is signed, shown line by line */
export const CANONICAL_LINES = [
  ['METHOD', '大写的请求方法，如 GET、POST'],
  ['PATH_WITH_QUERY', '从 /api 开始的路径，含 ? 之后的查询串，与实际发送的完全一致（编码后）'],
  ['TIMESTAMP', '与请求头 X-Open-Timestamp 相同的 Unix 秒'],
  ['NONCE', '与请求头 X-Open-Nonce 相同的随机串'],
  ['BODY_SHA256', '请求体原始字节的 SHA-256（小写十六进制）；无请求体时为空串的 SHA-256'],
] as const;
