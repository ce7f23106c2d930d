import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { Dialog } from 'primereact/dialog';
import { adsQuery } from '../system/queries';
import { readAdFlag, shouldShowTrialAd, TRIAL_AD_CLOSE_MS, TRIAL_AD_CODE, type AdNotifyFlag } from '../../../shared/domain/membership';
import { membershipMsg as m } from '../../../shared/messages';
import { nav } from '../../api/navigation';
import { useT } from '../../i18n/lang';
import '../membership/membership.css';

/** The ad notify flag lives in local storage per user, so one person closing it does not hide it for another on the same device. */
const flagKey = (uuid: string) => `qph-ad-notify:${uuid}`;

const readFlag = (uuid: string): AdNotifyFlag | null => {
  try {
    return readAdFlag(localStorage.getItem(flagKey(uuid)));
  } catch {
    return null;
  }
};

/**
 * The trial-member ad pop-up (requirements 000-4): shown when the stored flag is open, the company level is
 * the trial level (试用会员) and today is within the ad's dates; closed by a click on the ad, by the close area
 * (the × or the mask) or after 60 s; then the flag is set to close and it stays closed.
 */
export function TrialAd({ isTrial }: { isTrial: boolean | undefined }) {
  const t = useT();
  const { session } = useRouteContext({ from: '__root__' });
  const uuid = session.user?.uuid ?? '';
  const ads = useQuery({ ...adsQuery([TRIAL_AD_CODE]), enabled: !!isTrial });
  const ad = ads.data?.find((a) => a.code === TRIAL_AD_CODE);
  const [flag, setFlag] = useState<AdNotifyFlag | null>(() => readFlag(uuid));
  const visible = !!uuid && shouldShowTrialAd({ flag, isTrial, ad, now: new Date() });
  const [left, setLeft] = useState(TRIAL_AD_CLOSE_MS / 1000);

  const close = useCallback(() => {
    try {
      localStorage.setItem(flagKey(uuid), 'close');
    } catch {
      // storage refused (private mode): it still closes for this visit
    }
    setFlag('close');
  }, [uuid]);

  useEffect(() => {
    if (!visible) return;
    const started = Date.now();
    const timer = setTimeout(close, TRIAL_AD_CLOSE_MS);
    const tick = setInterval(() => setLeft(Math.max(0, Math.ceil((TRIAL_AD_CLOSE_MS - (Date.now() - started)) / 1000))), 1000);
    return () => {
      clearTimeout(timer);
      clearInterval(tick);
    };
  }, [visible, close]);

  if (!visible || !ad) return null;
  const follow = () => {
    close();
    if (ad.click_url) nav.assign(ad.click_url);
  };
  return (
    <Dialog visible header={m.trialAdTitle} onHide={close} modal dismissableMask closeIcon="pi pi-times" className="trial-ad" style={{ width: '32rem' }}
      pt={{ closeButton: { 'aria-label': m.closeAd } }}>
      <img src={ad.images_url} alt={t('试用会员广告')} onClick={follow} role="link" />
      <div className="trial-ad-countdown" role="timer">{left}{t('秒后自动关闭')}</div>
    </Dialog>
  );
}
