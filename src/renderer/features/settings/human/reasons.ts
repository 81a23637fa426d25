import { CreateBusinessReason, CreateFinalReason, UpdateBusinessReason, UpdateFinalReason, type BusinessReason, type FinalReason } from '../../../../shared/domain/reason';
import type { IpcResult } from '../../../../shared/ipc';
import { checkWith, type FormCheck } from '../../../components/settings/form';
import { callSettings, confirmed, mapResult } from '../../../components/settings/settings-client';

/** A business or finalisation reason as the causales pages show it: the code under one name. */
export interface ReasonRow {
  idCausal: number;
  codigo: string;
  nombre: string;
  descripcion: string;
  activo: boolean;
  fechaActualizacion: string;
}

export interface ReasonValues {
  codigo: string;
  nombre: string;
  descripcion: string;
  activo: boolean;
}

export type ReasonKind = 'business' | 'final';

/** The calls and rules of one kind of reason (SPEC §7 "Reasons"; the code field differs). */
export interface ReasonApi {
  list(): Promise<IpcResult<ReasonRow[]>>;
  /** The body's rules; the code's message comes under 'codigo' whatever the kind calls it. */
  checkCreate(values: ReasonValues): FormCheck<unknown>;
  checkUpdate(id: number, values: ReasonValues): FormCheck<unknown>;
  create(values: ReasonValues): Promise<IpcResult<ReasonRow>>;
  update(id: number, values: ReasonValues): Promise<IpcResult<ReasonRow>>;
  /** Resolves true only when the platform answered true (SPEC §5). */
  remove(id: number): Promise<IpcResult<boolean>>;
}

const fromBusiness = ({ codigoCausal, ...r }: BusinessReason): ReasonRow => ({
  idCausal: r.idCausal,
  codigo: codigoCausal,
  nombre: r.nombre,
  descripcion: r.descripcion,
  activo: r.activo,
  fechaActualizacion: r.fechaActualizacion
});
const fromFinal = ({ codigoCausalFinalizacion, ...r }: FinalReason): ReasonRow => ({
  idCausal: r.idCausal,
  codigo: codigoCausalFinalizacion,
  nombre: r.nombre,
  descripcion: r.descripcion,
  activo: r.activo,
  fechaActualizacion: r.fechaActualizacion
});

/** A check with the kind's code field named 'codigo', as the form names it. */
function codeAsCodigo<T>(check: FormCheck<T>, codeField: string): FormCheck<T> {
  if (check.ok || !(codeField in check.errors)) return check;
  const { [codeField]: message, ...errors } = check.errors;
  return { ...check, errors: { ...errors, codigo: message ?? '' } };
}

const editable = (v: ReasonValues) => ({ nombre: v.nombre, descripcion: v.descripcion, activo: v.activo });

export const REASON_APIS: Record<ReasonKind, ReasonApi> = {
  business: {
    list: async () => mapResult(await callSettings('businessReasons'), (list) => list.map(fromBusiness)),
    checkCreate: (v) => codeAsCodigo(checkWith(CreateBusinessReason, { codigoCausal: v.codigo, ...editable(v) }), 'codigoCausal'),
    checkUpdate: (id, v) => checkWith(UpdateBusinessReason, { idCausal: id, ...editable(v) }),
    create: async (v) => mapResult(await callSettings('createBusinessReason', { body: { codigoCausal: v.codigo, ...editable(v) } }), fromBusiness),
    update: async (id, v) => mapResult(await callSettings('updateBusinessReason', { body: { idCausal: id, ...editable(v) } }), fromBusiness),
    remove: async (id) => mapResult(await callSettings('deleteBusinessReason', { query: { idCausal: id } }), confirmed)
  },
  final: {
    list: async () => mapResult(await callSettings('finalReasons'), (list) => list.map(fromFinal)),
    checkCreate: (v) => codeAsCodigo(checkWith(CreateFinalReason, { codigoCausalFinalizacion: v.codigo, ...editable(v) }), 'codigoCausalFinalizacion'),
    checkUpdate: (id, v) => checkWith(UpdateFinalReason, { idCausal: id, ...editable(v) }),
    create: async (v) => mapResult(await callSettings('createFinalReason', { body: { codigoCausalFinalizacion: v.codigo, ...editable(v) } }), fromFinal),
    update: async (id, v) => mapResult(await callSettings('updateFinalReason', { body: { idCausal: id, ...editable(v) } }), fromFinal),
    remove: async (id) => mapResult(await callSettings('deleteFinalReason', { query: { idCausal: id } }), confirmed)
  }
};
