import type { EndpointDef } from '../../shared/api/endpoint';
import { namedParams } from '../../shared/catalogue-call';
import type { IpcResult } from '../../shared/ipc';
import { MSG } from '../../shared/messages';
import { choosesOrganisation, type RoleId } from '../../shared/roles';
import type { ApiClient } from './api-client';
import { decodeClaims } from './jwt';
import type { SessionStore } from './session-store';
import { parseSpanish } from './validation';

/** What a page sends for an entry: its query, its non-organisation path parameters, its body. */
export interface GatewayRequest {
  query?: Record<string, unknown>;
  params?: Record<string, unknown>;
  body?: unknown;
  /** Roles 1 and 2 only: the organisation they chose (SPEC §6). */
  idOrg?: number;
  /** A file sent as the body of an entry without a body schema (the Watson import), as its bytes. */
  raw?: Uint8Array;
}

export interface CatalogueGateway {
  /** Calls `def` for the renderer. Never throws; a refusal sends nothing. */
  call(def: EndpointDef, request: GatewayRequest): Promise<IpcResult<unknown>>;
}

export interface CatalogueGatewayDeps {
  api: ApiClient;
  /**
   * With `administering` (the session store's), a Superadministrador's 'Administrar entidad' sends
   * every organisation-scoped call to the administered organisation. Without it (the scheduled
   * exports, which are their owner's whatever the window shows), calls keep the user's own rule.
   */
  store: Pick<SessionStore, 'current'> & Partial<Pick<SessionStore, 'administering'>>;
}

/** Texts of the gateway's refusals (ours: SPEC §8 does not word them). */
export const GATEWAY_TEXT = {
  orgFromSession: 'La organización de la consulta la determina la sesión',
  unexpectedParam: 'La consulta incluye un parámetro que no admite',
  unexpectedBody: 'La solicitud incluye datos que no admite'
} as const;

const fail = (status: number, message: string): IpcResult<never> => ({ ok: false, error: { status, message } });
const invalid = (message: string) => fail(400, message);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The one way a page reaches a catalogue entry through the main process (the analytics and the
 * settings channels, each with its own allowlist of entries): the organisation is the session's —
 * the one a Superadministrador administers, else, for the platform-wide roles 1 and 2 only, the one
 * they chose — and never the page's; only the entry's own path parameters pass; the query and the
 * body are validated with the entry's own schemas (Spanish messages) before anything is sent, the
 * path parameters by the api-client once it has filled the organisation in, also before sending;
 * the api-client validates the answer.
 */
export function createCatalogueGateway({ api, store }: CatalogueGatewayDeps): CatalogueGateway {
  function role(): RoleId | null {
    const tokens = store.current();
    return tokens ? (decodeClaims(tokens.access)?.role ?? null) : null;
  }

  /** The signed-in user's own organisation (what the api-client fills where the entry names one and the page chose none). */
  function ownCompany(): number | undefined {
    const tokens = store.current();
    return (tokens ? decodeClaims(tokens.access)?.company : undefined) ?? undefined;
  }

  return {
    async call(def, { query, params, body, idOrg: chosen, raw }) {
      const org = def.org;
      if (chosen !== undefined) {
        const current = role();
        if (current === null) return fail(401, MSG.session.sessionExpired);
        if (!choosesOrganisation(current)) return fail(403, MSG.generic.unauthorized);
      }
      // 'Administrar entidad': the administered organisation, and no other, is the one in view.
      const administered = store.administering?.() ?? null;
      if (administered && chosen !== undefined && chosen !== administered.idOrg) return invalid(GATEWAY_TEXT.orgFromSession);
      const idOrg = administered ? administered.idOrg : chosen;
      // A query or body that names the organisation is validated as it will be sent: with the
      // session's own when none was chosen (the api-client fills the same one), so an entry whose
      // schema requires it (companyId) is not refused for a company-level role.
      const orgInInput = idOrg ?? ownCompany();

      let sendQuery: Record<string, unknown> | undefined;
      if (def.query) {
        const given = { ...(query ?? {}) };
        if (org?.in === 'query' && Object.hasOwn(given, org.name)) return invalid(GATEWAY_TEXT.orgFromSession);
        if (org?.in === 'query' && orgInInput !== undefined) given[org.name] = orgInInput;
        // The entry's own schema, Spanish messages: a bad query never leaves the process.
        const parsed = parseSpanish(def.query, given);
        if (!parsed.ok) return invalid(parsed.message);
        sendQuery = isRecord(parsed.data) ? parsed.data : undefined;
      } else if (query && Object.keys(query).length > 0) {
        return invalid(GATEWAY_TEXT.unexpectedParam);
      }

      const allowed = namedParams(def);
      const givenParams = params ?? {};
      for (const name of Object.keys(givenParams)) {
        if (!allowed.includes(name)) return invalid(org?.in === 'path' && org.name === name ? GATEWAY_TEXT.orgFromSession : GATEWAY_TEXT.unexpectedParam);
      }
      const sendParams: Record<string, unknown> = { ...givenParams };
      if (org?.in === 'path' && idOrg !== undefined) sendParams[org.name] = idOrg;

      let sendBody: unknown;
      if (def.body) {
        if (org?.in === 'body' && isRecord(body) && Object.hasOwn(body, org.name)) return invalid(GATEWAY_TEXT.orgFromSession);
        const given = org?.in === 'body' && orgInInput !== undefined && isRecord(body) ? { ...body, [org.name]: orgInInput } : body;
        const parsed = parseSpanish(def.body, given);
        if (!parsed.ok) return invalid(parsed.message);
        sendBody = parsed.data;
      } else if (body !== undefined) {
        return invalid(GATEWAY_TEXT.unexpectedBody);
      }
      if (raw !== undefined && def.body) return invalid(GATEWAY_TEXT.unexpectedBody);

      return api.call(def, { params: sendParams, query: sendQuery, body: sendBody, ...(raw === undefined ? {} : { raw }) });
    }
  };
}
