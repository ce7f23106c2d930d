/**
 * Which ads a viewer is shown, by level (docs/architecture.md, "Landing per role"): the trial
 * invitation (GG000, "注册即送试用会员") and the trial pop-up (TrialAd, JQR001) speak to people who
 * are not paying members yet; a formal (paid) member never sees them. While a signed-in viewer's
 * level is still unknown nothing of the kind shows, so a formal member never sees one flash by.
 */
export type Viewer = 'guest' | 'unknown' | 'registered' | 'trial' | 'formal';

/** The slot of the home page's invitation to try membership. */
export const TRIAL_INVITE_SLOT = 'GG000';

/** Slots whose ads invite to a trial or an upgrade: the home's GG000 and the search page's JQR001. */
export const TRIAL_SLOTS: readonly string[] = [TRIAL_INVITE_SLOT, 'JQR001'];

export const viewerOf = (signedIn: boolean, level: { level_type: 'free' | 'paid'; is_trial: boolean } | null | undefined): Viewer => {
  if (!signedIn) return 'guest';
  if (!level) return 'unknown';
  if (level.level_type === 'paid') return 'formal';
  return level.is_trial ? 'trial' : 'registered';
};

/** The invitation to try membership: guests, registered and trial members. */
export const showsTrialInvite = (viewer: Viewer) => viewer === 'guest' || viewer === 'registered' || viewer === 'trial';

/** The trial pop-up (requirements 000-4): trial members only. */
export const showsTrialPopup = (viewer: Viewer) => viewer === 'trial';

/** A page's ads without those its viewer is not to see (the trial slots for a formal member or an unknown level). */
export const adsForViewer = <T extends { code: string }>(ads: readonly T[], viewer: Viewer): T[] =>
  showsTrialInvite(viewer) ? [...ads] : ads.filter((a) => !TRIAL_SLOTS.includes(a.code));
