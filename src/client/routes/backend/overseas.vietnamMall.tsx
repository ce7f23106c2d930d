import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { VietnamMallPage } from '../../features/vnmall/VietnamMallPage';

/** 越南商城 overview of the seller (M11, docs/overseas.md "The Vietnam mall"). */
export const Route = createFileRoute('/backend/overseas/vietnamMall')({
  beforeLoad: guardedBy({ auth: true, permissions: ['M11'] }),
  component: VietnamMallPage,
});
