import { useCall, useKeyedCall } from '../../api/use-call';
import { customerKeys } from './queries';

/** A new invitation link (under the page's Idempotency-Key); the list is fetched again before the page shows it. */
export const useCreateInvitation = () => useKeyedCall('customerInvitationCreate', { invalidate: [customerKeys.all()] });

export const useRevokeInvitation = () => useCall('customerInvitationRevoke', { invalidate: [customerKeys.all()] });

/** A customer's level, note and tags; the list is fetched again without waiting for it. */
export const useUpdateCustomer = () => useCall('customerUpdate', { invalidate: [customerKeys.all()], refetch: 'background' });

export const useSetPreferredSupplier = () => useCall('supplierSetPreferred', { invalidate: [customerKeys.all()] });

/** 分公司 (docs/customers.md "Branch companies"): every change reads the links and invitations again. */
export const useInviteBranch = () => useKeyedCall('branchInvite', { invalidate: [customerKeys.branch()] });
export const useRespondBranchInvite = () => useCall('branchInviteRespond', { invalidate: [customerKeys.branch(), customerKeys.credit()] });
export const useWithdrawBranchInvite = () => useCall('branchInviteWithdraw', { invalidate: [customerKeys.branch()] });
export const useEndBranch = () => useCall('branchEnd', { invalidate: [customerKeys.branch(), customerKeys.credit()] });
