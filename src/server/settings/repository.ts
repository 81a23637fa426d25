import { HttpError } from '../http/errors';

/**
 * The settings kit, server side. Each settings entity has a repository
 * (src/server/settings/repositories/<entity>.ts) that holds all its SQL, every statement scoped to
 * the caller's organisation: list, create, update and delete (logical where the entity keeps its
 * history), answering rows in the catalogue's shape. A write that matched nothing of the
 * organisation answers 404 (`found`, `removed`); a duplicate the unique indexes refuse answers 409
 * (`duplicateAs`, conflicts.ts). Route modules (src/server/routes) stay thin `implement(...)` calls
 * that pass the checked input to a repository and say what else the call sets off (the router,
 * ending sessions).
 */

/** The row a write or read matched, or a 404 with `notFound`. */
export function found<T>(row: T | undefined, notFound: string): T {
  if (row === undefined) throw new HttpError(404, notFound);
  return row;
}

/** A delete's returned rows: at least one, or a 404 with `notFound`. */
export function removed(rows: readonly unknown[], notFound: string): void {
  if (rows.length === 0) throw new HttpError(404, notFound);
}

/** A row's creation and update times as ISO text (the catalogue's Timestamp). */
export function withIsoDates<R extends { fechaCreacion: Date; fechaActualizacion: Date }>(row: R): Omit<R, 'fechaCreacion' | 'fechaActualizacion'> & { fechaCreacion: string; fechaActualizacion: string } {
  return { ...row, fechaCreacion: row.fechaCreacion.toISOString(), fechaActualizacion: row.fechaActualizacion.toISOString() };
}
