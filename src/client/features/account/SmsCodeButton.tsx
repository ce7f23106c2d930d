import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import * as v from 'valibot';
import { mobileSchema, type SmsPurpose } from '../../../shared/domain/account-rules';
import { msg } from '../../../shared/messages';
import { useT } from '../../i18n/lang';
import { useSendSmsCode } from './mutations';

/**
 * Asks the server to text a code to `mobile` and counts down until another may be asked for that
 * number (the server enforces the same 60 s per number); a corrected number may be sent to at once.
 * In the page's language (docs/i18n.md): the Vietnamese registration shows it.
 */
export function SmsCodeButton({ mobile, purpose, onError, onSent, rule = mobileSchema }: {
  mobile: string;
  purpose: SmsPurpose;
  /** the number's rule checked before sending: a mainland mobile, or a Vietnamese one (docs/overseas.md) */
  rule?: v.GenericSchema<string, string>;
  onError: (e: unknown) => void;
  onSent: () => void;
}) {
  const [left, setLeft] = useState(0);
  const [sentTo, setSentTo] = useState('');
  const [busy, setBusy] = useState(false);
  const sendCode = useSendSmsCode();
  const t = useT();

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    const ok = v.safeParse(rule, mobile);
    if (!ok.success) return onError(new Error(ok.issues[0].message));
    setBusy(true);
    try {
      const r = await sendCode.mutateAsync({ mobile: ok.output, purpose });
      setLeft(r.resend_after);
      setSentTo(mobile);
      onSent();
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };

  const waiting = left > 0 && mobile === sentTo;
  return (
    <Button type="button" outlined label={waiting ? t('{{seconds}}秒后重新获取', { seconds: left }) : t(msg.smsSend)} disabled={waiting} loading={busy} onClick={() => void send()} data-testid="sms-send" />
  );
}
