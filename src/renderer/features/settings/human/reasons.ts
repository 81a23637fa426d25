import { CreateBusinessReason, CreateFinalReason, UpdateBusinessReason, UpdateFinalReason, type BusinessReason, type FinalReason } from '../../../../shared/domain/reason';
import type { IpcResult } from '../../../../shared/ipc';
import { callSettings, confirmed } from './settings-client';
import { checkWith, type FormCheck } from './form';

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

function mapped<T, U>(result: IpcResult<T>, map: (data: T) => U): IpcResult<U> {
  return result.ok ? { ok: true, data: map(result.data) } : result;
}

const editable = (v: ReasonValues) => ({ nombre: v.nombre, descripcion: v.descripcion, activo: v.activo });

export const REASON_APIS: Record<ReasonKind, ReasonApi> = {
  business: {
    list: async () => mapped(await callSettings('businessReasons'), (list) => list.map(fromBusiness)),
    checkCreate: (v) => checkWith(CreateBusinessReason, { codigoCausal: v.codigo, ...editable(v) }),
    checkUpdate: (id, v) => checkWith(UpdateBusinessReason, { idCausal: id, ...editable(v) }),
    create: async (v) => mapped(await callSettings('createBusinessReason', { body: { codigoCausal: v.codigo, ...editable(v) } }), fromBusiness),
    update: async (id, v) => mapped(await callSettings('updateBusinessReason', { body: { idCausal: id, ...editable(v) } }), fromBusiness),
    remove: async (id) => mapped(await callSettings('deleteBusinessReason', { query: { idCausal: id } }), confirmed)
  },
  final: {
    list: async () => mapped(await callSettings('finalReasons'), (list) => list.map(fromFinal)),
    checkCreate: (v) => checkWith(CreateFinalReason, { codigoCausalFinalizacion: v.codigo, ...editable(v) }),
    checkUpdate: (id, v) => checkWith(UpdateFinalReason, { idCausal: id, ...editable(v) }),
    create: async (v) => mapped(await callSettings('createFinalReason', { body: { codigoCausalFinalizacion: v.codigo, ...editable(v) } }), fromFinal),
    update: async (id, v) => mapped(await callSettings('updateFinalReason', { body: { idCausal: id, ...editable(v) } }), fromFinal),
    remove: async (id) => mapped(await callSettings('deleteFinalReason', { query: { idCausal: id } }), confirmed)
  }
};

/** The code field's name in each kind's body: its validation message goes under the Código field. */
export const CODE_FIELD: Record<ReasonKind, string> = { business: 'codigoCausal', final: 'codigoCausalFinalizacion' };
