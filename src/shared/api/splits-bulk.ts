import { z } from 'zod';
import { endpoint } from './endpoint';
import { HUMAN_SETTINGS_EDITORS, ORG_QUERY } from './access';
import { OrgQuery } from '../domain/common';
import { Split, UpdateSplit } from '../domain/split';

/** Several splits edited at once (SPEC §8 'Splits actualizados con éxito.' / 'Error al actualizar splits .'). */
export const UpdateSplits = z
  .object({ splits: z.array(UpdateSplit).min(1, { message: 'Envíe al menos un split' }).max(200, { message: 'No puede actualizar más de 200 splits a la vez' }) })
  .refine((v) => new Set(v.splits.map((s) => s.idSplit)).size === v.splits.length, { path: ['splits'], message: 'Un split no puede repetirse' });

export const splitBulkEndpoints = {
  updateSplits: endpoint({
    service: 'humanAgent',
    method: 'POST',
    path: '/api/actualizarSplits',
    query: OrgQuery,
    body: UpdateSplits,
    response: z.array(Split),
    access: HUMAN_SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: 'Path and body not shown in SPEC (ours): { splits: [the actualizarSplit body of each] }, all or nothing. Answers the updated splits in the order sent.'
  })
} as const;
