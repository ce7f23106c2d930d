/**
 * Security headers on every answer, the app's files and the API alike, in one place.
 * - CSP: everything from our own origin; no inline or foreign scripts (the built index.html has
 *   none). style-src allows 'unsafe-inline' because PrimeReact writes style attributes and
 *   <style> elements at run time (overlay positions, the theme's variables); styles cannot run
 *   code. Images may come from https: (operators' ad and brand images) and data:/blob: (QR codes,
 *   previews before upload). frame-ancestors 'none' and X-Frame-Options DENY stop clickjacking.
 * - nosniff, Referrer-Policy strict-origin-when-cross-origin, Permissions-Policy with the camera
 *   for our own pages only (the OE scan), no microphone or location.
 * - HSTS only when the request came over HTTPS (directly, or per X-Forwarded-Proto behind our
 *   own proxy with TRUST_PROXY=1): sent over plain HTTP it would lock a local demo out.
 */
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { isHttps } from './session-cookie';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  // 'wasm-unsafe-eval' lets the barcode reader compile its WebAssembly; it allows no eval of script text
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:', 'https:'],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export const securityHeaders = (opts: { trustProxy?: boolean }): MiddlewareHandler => {
  const base = secureHeaders({
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    permissionsPolicy: { camera: ['self'], microphone: [], geolocation: [] },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  return async (c, next) => {
    await base(c, next);
    if (isHttps(c, opts.trustProxy)) c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
};
