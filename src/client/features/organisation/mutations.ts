import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';
import { useCall, useKeyedCall } from '../../api/use-call';
import { enterpriseKeys } from './queries';

/** Saves the company's details; the answer is what the server kept, which the page shows at once. */
export const useUpdateEnterprise = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (payload: PayloadIn<'enterpriseUpdate'>) => request('put', 'enterpriseUpdate', payload, undefined, { silent: true }),
    onSuccess: (saved) => qc.setQueryData(enterpriseKeys.get(), saved),
  });
};

/** A contact added (under the dialog's Idempotency-Key) or saved: the contact list is fetched again, without waiting for it. */
export const useCreateContact = () => useKeyedCall('contactCreate', { invalidate: [enterpriseKeys.contacts()], refetch: 'background' });

export const useUpdateContact = () => useCall('contactUpdate', { invalidate: [enterpriseKeys.contacts()], refetch: 'background' });

/** Deletes a contact; the list is fetched again before the page says so. */
export const useDeleteContact = () => useCall('contactDelete', { invalidate: [enterpriseKeys.contacts()] });

/** An employee added (under the dialog's Idempotency-Key) or saved: the employee lists are fetched again, without waiting for them. */
export const useCreateEmployee = () => useKeyedCall('employeeCreate', { invalidate: [enterpriseKeys.employees()], refetch: 'background' });

export const useUpdateEmployee = () => useCall('employeeUpdate', { invalidate: [enterpriseKeys.employees()], refetch: 'background' });

/** Disables or enables an employee; the lists are fetched again before the page says so. */
export const useSetEmployeeActive = () => useCall('employeeSetActive', { invalidate: [enterpriseKeys.employees()] });

export const useResetEmployeePassword = () => useCall('employeeResetPassword');

/** 所在汽配城 saved: read again; the shop page shows it on its next read (docs/platform-settings.md#autoparts-markets). */
export const useSaveMyAutopartsCity = () => useKeyedCall('myAutopartsCitySave', { invalidate: [enterpriseKeys.autopartsCity()], refetch: 'background' });
