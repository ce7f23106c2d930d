import { Tag } from 'primereact/tag';
import type { CircleRow } from '../../../shared/contracts';

/** The caller's company's place in a circle, in words. */
export const MemberStateTag = ({ circle }: { circle: Pick<CircleRow, 'is_owner' | 'member_state'> }) => {
  if (circle.is_owner) return <Tag severity="info" value="圈主" />;
  if (circle.member_state === 'approved') return <Tag severity="success" value="已加入" />;
  if (circle.member_state === 'pending') return <Tag severity="warning" value="待审核" />;
  if (circle.member_state === 'rejected') return <Tag severity="danger" value="未通过" />;
  return <span className="muted">未加入</span>;
};
