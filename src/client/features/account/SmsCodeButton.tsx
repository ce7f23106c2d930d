import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import * as v from 'valibot';
import { mobileSchema, type SmsPurpose } from '../../../shared/domain/account-rules';
import { msg } from '../../../shared/messages';
import { request } from '../../api/request';

/**
 * Asks the server to text a code to `mobile` and counts down until another may be asked for
 * (the server enforces the same 60 s).
 */
export function SmsCodeButton({ mobile, purpose, onError, onSent }: {
  mobile: string;
  purpose: SmsPurpose;
  onError: (e: unknown) => void;
  onSent: () => void;
}) {
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);

  const send = async () => {
    const ok = v.safeParse(mobileSchema, mobile);
    if (!ok.success) return onError(new Error(ok.issues[0].message));
    setBusy(true);
    try {
      const r = await request('post', 'smsCodeSend', { mobile: ok.output, purpose }, undefined, { silent: true });
      setLeft(r.resend_after);
      onSent();
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button type="button" outlined label={left > 0 ? msg.smsResendIn(left) : msg.smsSend} disabled={left > 0} loading={busy} onClick={() => void send()} data-testid="sms-send" />
  );
}
