import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import type { Illustration } from '../../../shared/contracts/illustration';
import { request } from '../../api/request';
import { illKeys } from './queries';

/**
 * An operator's change of a subgroup's drawing: the answer is the subgroup as saved, which the
 * editor shows at once; the vehicle's group tree and the vehicle list (their counts) are fetched again.
 */
const useEpcWrite = <P,>(run: (p: P) => Promise<Illustration>, vehicleId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (d) => {
      qc.setQueryData(illKeys.subgroup(d.subgroup.id), d);
      void qc.invalidateQueries({ queryKey: illKeys.groups(vehicleId) });
      void qc.invalidateQueries({ queryKey: illKeys.vehicles() });
    },
  });
};

export const useSaveEpcImage = (vehicleId: number) =>
  useEpcWrite((p: PayloadIn<'opIllustrationImageSave'>) => request('post', 'opIllustrationImageSave', p, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }), vehicleId);

export const useRemoveEpcImage = (vehicleId: number) =>
  useEpcWrite((p: PayloadIn<'opIllustrationImageRemove'>) => request('post', 'opIllustrationImageRemove', p, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }), vehicleId);

export const useSaveEpcHotspots = (vehicleId: number) =>
  useEpcWrite((p: PayloadIn<'opIllustrationHotspotsSave'>) => request('post', 'opIllustrationHotspotsSave', p, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }), vehicleId);
