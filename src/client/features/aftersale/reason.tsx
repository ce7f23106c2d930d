import type { ReactNode } from 'react';
import { AFTERSALE_REASONS } from '../../../shared/domain/aftersale';

/**
 * An after-sale's reason as a page shows it (docs/i18n.md): one of the fixed reasons in the page's
 * language; a reason the buyer typed otherwise (an older free text) as user data.
 */
export const reasonText = (t: (key: string) => string, reason: string): ReactNode =>
  (AFTERSALE_REASONS as readonly string[]).includes(reason) ? t(reason) : <span data-user-text>{reason}</span>;
