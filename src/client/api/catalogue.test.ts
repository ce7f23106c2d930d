import { describe, expect, it } from 'vitest';
import { decide } from './catalogue';

const call = { name: 'config' };
const fb = '服务器错误';

describe('decide', () => {
  it('passes success codes 200, T and 3', () => {
    expect(decide(call, { status: 200, body: { code: 200, data: 1 } }, fb)).toEqual({ kind: 'ok' });
    expect(decide(call, { status: 200, body: { code: 'T' } }, fb)).toEqual({ kind: 'ok' });
    expect(decide(call, { status: 200, body: { code: 3 } }, fb)).toEqual({ kind: 'ok' });
  });
  it('sends 10086 to /400, by status or code', () => {
    expect(decide(call, { status: 10086, body: {} }, fb)).toEqual({ kind: 'badRequestPage' });
    expect(decide(call, { status: 200, body: { code: 10086 } }, fb)).toEqual({ kind: 'badRequestPage' });
  });
  it('signs out on 908, or status 500 with data code 908', () => {
    expect(decide(call, { status: 401, body: { code: 908 } }, fb)).toEqual({ kind: 'signedOut' });
    expect(decide(call, { status: 500, body: { code: 500, data: { code: 908 } } }, fb)).toEqual({ kind: 'signedOut' });
    expect(decide(call, { status: 200, body: { code: 500, data: { code: 908 } } }, fb).kind).toBe('modal');
  });
  it('logs out and reloads on an exception flag', () => {
    expect(decide(call, { status: 200, body: { code: 200, exception: true } }, fb)).toEqual({ kind: 'exception' });
  });
  it('refreshes once on code 4, then logs out', () => {
    expect(decide(call, { status: 401, body: { code: 4 } }, fb)).toEqual({ kind: 'refresh' });
    expect(decide({ ...call, retried: true }, { status: 401, body: { code: 4 } }, fb)).toEqual({ kind: 'logout' });
  });
  it('shows other codes in a modal with the first present of client_msg, msg, error_msg, message', () => {
    expect(decide(call, { status: 422, body: { code: 422, client_msg: 'A', msg: 'B', error_msg: 'C', message: 'D' } }, fb)).toEqual({ kind: 'modal', text: 'A' });
    expect(decide(call, { status: 422, body: { code: 422, msg: 'B', error_msg: 'C', message: 'D' } }, fb)).toEqual({ kind: 'modal', text: 'B' });
    expect(decide(call, { status: 422, body: { code: 422, client_msg: '', error_msg: 'C', message: 'D' } }, fb)).toEqual({ kind: 'modal', text: 'C' });
    expect(decide(call, { status: 422, body: { code: 422, message: 'D' } }, fb)).toEqual({ kind: 'modal', text: 'D' });
    expect(decide(call, { status: 502, body: '<html>' }, fb)).toEqual({ kind: 'modal', text: fb });
  });
  it('exempts the mall and second-proxy families and the VIN-limit check from the modal', () => {
    expect(decide({ name: 'cart', family: 'mall' }, { status: 200, body: { code: 1, msg: 'x' } }, fb)).toEqual({ kind: 'reject', text: 'x' });
    expect(decide({ name: 'x', family: 'proxy2' }, { status: 200, body: { code: 1, msg: 'y' } }, fb)).toEqual({ kind: 'reject', text: 'y' });
    expect(decide({ name: 'getVinAvailable' }, { status: 200, body: { code: 1, msg: 'z' } }, fb)).toEqual({ kind: 'reject', text: 'z' });
  });
  it('returns silently for a cancelled request and reports a dropped network', () => {
    expect(decide(call, 'cancelled', fb)).toEqual({ kind: 'cancelled' });
    expect(decide(call, 'network', fb)).toEqual({ kind: 'offline' });
  });
});
