import { and, asc, eq, inArray } from 'drizzle-orm';
import { OPTIONS_ITEM_TYPE, type ResponseItem } from '../../../shared/domain/interaction';
import { Role } from '../../../shared/roles';
import { answerOf, ESCALATE_TEXT, FALLBACK_ESCALATE_TEXT, FALLBACK_TEXT, WELCOME_NODE, welcomeTurn } from '../../bot/assistant';
import { withPlatformFiles } from '../../bot/files';
import { itemsToText, textItem } from '../../bot/items';
import { loadWorkspace } from '../../bot/workspace';
import { loadEntryForm, type FormField } from '../../chat/entry-form';
import { loadRules } from '../../chat/lookups';
import { CHAT_TEXT } from '../../chat/texts';
import type { ChatRules, SchedulePeriod } from '../../chat/schedule';
import {
  agentSplits,
  automaticTransferReasons,
  businessReasons,
  channelTypes,
  cities,
  finalReasons,
  notAttendedEvents,
  notificationTypes,
  organizations,
  pauseEvents,
  responseTemplates,
  splitDerives,
  splitSchedules,
  splits,
  users,
  virtualAgents
} from '../../db/schema';
import type { Db } from '../../db/types';
import { MINUTE_MS } from './calendar';
import { hash32, Weighted } from './random';

/** What the assistant answers: the message the customer sees and the interaction's responseAnswer. */
export interface Answer {
  text: string;
  /** JSON of the response items (messages.items). */
  itemsJson: string;
  tipoMensaje: 'TEXTO' | 'OPCIONES';
  /** interaction responseAnswer: JSON text { responseItems }. */
  responseAnswer: string;
}

export interface CatalogueNode extends Answer {
  /** Position in ActivityCatalogue.nodes. */
  index: number;
  id: number;
  intent: string;
  escalates: boolean;
  /** The split an escalation by this node asks for (before the engine's fallbacks). */
  askedSplitId: number | null;
  examples: string[];
  /** The external service the assistant calls when it answers this intent, if any. */
  service: string | null;
}

export interface CatalogueVa {
  idVa: number;
  form: FormField[];
  greeting: Answer;
  defaultSplitId: number | null;
  /** Node indexes of the intents a customer asks about (escalating nodes excluded). */
  regular: Weighted<number>;
  /** Node indexes of the nodes that hand the conversation to a human. */
  escalating: Weighted<number>;
}

export interface CatalogueSplit {
  idSplit: number;
  agentLimitMs: number;
  clientLimitMs: number;
  maxWaitMs: number;
  derives: number[];
  business: Weighted<number>;
  periods: SchedulePeriod[];
}

export interface CatalogueAgent {
  idUser: number;
  firstName: string;
  splits: number[];
}

export interface ActivityCatalogue {
  org: number;
  orgName: string;
  rules: ChatRules;
  vas: Weighted<CatalogueVa>;
  nodes: CatalogueNode[];
  fallback: Answer;
  fallbackEscalate: Answer;
  channels: Weighted<number>;
  channelLabels: Map<number, string>;
  splits: Map<number, CatalogueSplit>;
  /** The organisation's first active split (the engine's last fallback for an escalation). */
  firstSplitId: number | null;
  agents: CatalogueAgent[];
  finalReasons: Weighted<number> | null;
  resolvedReasonId: number | null;
  transferReasons: { request: number | null; noAnswer: number | null };
  notAttended: { abandon: number | null; timeout: number | null; outOfHours: number | null; noAgents: number | null };
  pauses: { lunch: number | null; active: number | null; training: number | null; restroom: number | null };
  cities: Weighted<number>;
  documentTypes: Weighted<string>;
  templates: string[];
  supervisors: string[];
  admins: string[];
  staff: { email: string; role: number }[];
  notificationTypes: { email: number | null; sms: number | null; whatsapp: number | null };
}

/** Colombian cities' share of the customers, by DANE code (others get a small share). */
const CITY_WEIGHTS: Record<number, number> = {
  11001: 30, 5001: 14, 76001: 9, 8001: 7, 13001: 4, 68001: 4, 25754: 3, 5088: 2.5, 50001: 2, 47001: 2, 8758: 2, 5266: 1.5,
  5360: 1.5, 68276: 1.5, 76520: 1.2, 25175: 1, 25899: 0.8, 25290: 0.8, 5615: 0.8, 68307: 0.7, 76109: 0.7, 27001: 0.5
};
const CHANNEL_WEIGHTS: Record<string, number> = { web: 56, whatsapp: 30, facebook: 14 };
const DOCUMENT_WEIGHTS: Record<string, number> = { 'CÉDULA CIUDADANIA': 84, NIT: 6, 'CÉDULA EXTRANJERÍA': 7, PASAPORTE: 3 };
const FINAL_REASON_WEIGHTS: Record<string, number> = { RESUELTO: 62, NO_RESUELTO: 17, CLIENTE_NO_RESPONDE: 13, TRANSFERIDO: 8 };
/** The external services behind some of the demo intents. */
export const INTENT_SERVICES: Record<string, string> = {
  estado_pedido: 'consulta_pedidos',
  medios_pago: 'pasarela_pagos',
  puntos_atencion: 'geolocalizacion_sedes',
  catalogo: 'catalogo_productos',
  documentos: 'gestor_documental'
};

const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim();

async function answerFrom(db: Db, org: number, items: ResponseItem[]): Promise<Answer> {
  const resolved = await withPlatformFiles(db, org, items);
  return {
    text: itemsToText(resolved),
    itemsJson: JSON.stringify(resolved),
    tipoMensaje: resolved.some((i) => i.itemType === OPTIONS_ITEM_TYPE) ? 'OPCIONES' : 'TEXTO',
    responseAnswer: JSON.stringify({ responseItems: resolved })
  };
}

/** Whether a business reason's code and a split's code share a word (VENTA ~ VENTAS, SOPORTE_TECNICO ~ SOPORTE). */
function affine(reasonCode: string, splitCode: string): boolean {
  const words = (s: string) => normalize(s).split(/[^a-z0-9]+/).filter((w) => w.length >= 5);
  const a = words(reasonCode);
  const b = words(splitCode);
  return a.some((x) => b.some((y) => x.startsWith(y.slice(0, 5)) && y.startsWith(x.slice(0, 5))));
}

/** Reads everything the generator needs from the organisation's configuration (and the global lists). */
export async function loadCatalogue(db: Db, org: number): Promise<ActivityCatalogue> {
  const [organization] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.idOrg, org));
  if (!organization) throw new Error(`La organización ${org} no existe`);
  const rules = await loadRules(db, org);

  const activeSplits = await db
    .select()
    .from(splits)
    .where(and(eq(splits.organizationId, org), eq(splits.activo, true), eq(splits.logicDelete, false)))
    .orderBy(asc(splits.idSplit));
  const splitIds = activeSplits.map((s) => s.idSplit);
  const derives = splitIds.length ? await db.select().from(splitDerives).where(inArray(splitDerives.splitOrigin, splitIds)).orderBy(asc(splitDerives.idSplitsDerive)) : [];
  const schedules = splitIds.length ? await db.select().from(splitSchedules).where(inArray(splitSchedules.idSplit, splitIds)).orderBy(asc(splitSchedules.idHoursBySplits)) : [];
  const reasons = await db
    .select()
    .from(businessReasons)
    .where(and(eq(businessReasons.organizationId, org), eq(businessReasons.activo, true), eq(businessReasons.logicDelete, false)))
    .orderBy(asc(businessReasons.idCausal));
  const clientParam = rules.tiempoInactividadCliente;
  const splitMap = new Map<number, CatalogueSplit>();
  for (const s of activeSplits) {
    splitMap.set(s.idSplit, {
      idSplit: s.idSplit,
      agentLimitMs: s.timeInactivityAgent * MINUTE_MS,
      // The sweeper's rule: the split's client inactivity, capped by the organisation's.
      clientLimitMs: Math.min(s.timeInactivityClient, clientParam) * MINUTE_MS,
      maxWaitMs: s.timeMaxInitConversation * MINUTE_MS,
      derives: derives.filter((d) => d.splitOrigin === s.idSplit && splitIds.includes(d.splitDerive) && d.splitDerive !== s.idSplit).map((d) => d.splitDerive),
      business: new Weighted(
        reasons.map((r) => ({
          value: r.idCausal,
          weight: 0.35 + 0.65 * (hash32(org, r.idCausal, s.idSplit) / 4294967296) + (affine(r.codigoCausal, s.codigoSplit) ? 2.5 : 0)
        }))
      ),
      periods: schedules.filter((p) => p.idSplit === s.idSplit).map((p) => ({ dia: p.dia, horaInicio: p.horaInicio, horaFin: p.horaFin }))
    });
  }

  const vaRows = await db.select({ idVa: virtualAgents.idVa }).from(virtualAgents).where(eq(virtualAgents.organizationId, org)).orderBy(asc(virtualAgents.idVa));
  if (vaRows.length === 0) throw new Error(`La organización ${org} no tiene asistentes virtuales`);
  const nodes: CatalogueNode[] = [];
  const vas: { value: CatalogueVa; weight: number }[] = [];
  for (const [position, { idVa }] of vaRows.entries()) {
    const workspace = await loadWorkspace(db, org, idVa);
    const regular: { value: number; weight: number }[] = [];
    const escalating: { value: number; weight: number }[] = [];
    for (const node of workspace?.nodes ?? []) {
      const answer = answerOf(node, node.escalates ? ESCALATE_TEXT : null);
      const index = nodes.length;
      nodes.push({
        ...(await answerFrom(db, org, answer.items)),
        index,
        id: node.id,
        intent: node.intent,
        escalates: node.escalates,
        askedSplitId: node.escalateSplitId ?? workspace?.defaultSplitId ?? null,
        examples: node.examples.length > 0 ? node.examples : [node.intent.replace(/_/g, ' ')],
        service: INTENT_SERVICES[node.intent] ?? null
      });
      if (node.escalates) escalating.push({ value: index, weight: escalating.length === 0 ? 3 : 1 });
      else regular.push({ value: index, weight: node.nodeId === WELCOME_NODE ? 0.3 : 1 / (regular.length + 1) ** 0.6 });
    }
    const welcome = await welcomeTurn(db, { organizationId: org, idVa });
    vas.push({
      value: {
        idVa,
        form: await loadEntryForm(db, org, idVa),
        greeting: await answerFrom(db, org, welcome.items),
        defaultSplitId: workspace?.defaultSplitId ?? null,
        regular: new Weighted(regular),
        escalating: new Weighted(escalating)
      },
      weight: position === 0 ? 0.78 : 0.22 / (vaRows.length - 1)
    });
  }

  const channelRows = await db.select().from(channelTypes).orderBy(asc(channelTypes.idChannel));
  if (channelRows.length === 0) throw new Error('No hay tipos de canal');
  const agentRows = await db
    .select({ idUser: users.idUser, name: users.name })
    .from(users)
    .where(and(eq(users.organizationId, org), eq(users.role, Role.AsesorHumano), eq(users.isActive, true), eq(users.isLocked, false)))
    .orderBy(asc(users.idUser));
  const links = agentRows.length
    ? await db
        .select()
        .from(agentSplits)
        .where(
          inArray(
            agentSplits.idUser,
            agentRows.map((a) => a.idUser)
          )
        )
        .orderBy(asc(agentSplits.idSplitUsuario))
    : [];
  const finals = await db
    .select()
    .from(finalReasons)
    .where(and(eq(finalReasons.organizationId, org), eq(finalReasons.activo, true), eq(finalReasons.logicDelete, false)))
    .orderBy(asc(finalReasons.idCausal));
  const transfer = await db.select().from(automaticTransferReasons);
  const events = await db.select().from(notAttendedEvents);
  const pauses = await db
    .select()
    .from(pauseEvents)
    .where(and(eq(pauseEvents.organizationId, org), eq(pauseEvents.activo, true), eq(pauseEvents.logicDelete, false)))
    .orderBy(asc(pauseEvents.id));
  const pauseNamed = (...names: string[]) => pauses.find((p) => names.includes(normalize(p.nombre)))?.id ?? pauses[0]?.id ?? null;
  const cityRows = await db.select({ id: cities.id }).from(cities).orderBy(asc(cities.id));
  const templates = await db
    .select({ content: responseTemplates.templateContent })
    .from(responseTemplates)
    .where(eq(responseTemplates.organizationId, org))
    .orderBy(asc(responseTemplates.idTemplate));
  const staff = await db
    .select({ email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.organizationId, org), eq(users.isActive, true)))
    .orderBy(asc(users.idUser));
  const types = await db.select().from(notificationTypes).orderBy(asc(notificationTypes.typeNotificationId));
  const typeNamed = (...words: string[]) => types.find((t) => words.some((w) => normalize(t.name).includes(w)))?.typeNotificationId ?? null;

  const typeField = vas
    .map((v) => v.value.form.find((f) => f.fieldType === 'select' && /tipo/i.test(f.label) && /(document|identificaci)/i.test(f.label)))
    .find((f) => f !== undefined);
  const documentTypes = typeField?.options.length ? typeField.options : [CHAT_TEXT.defaultDocumentType];
  const code = (list: readonly { code: string; id: number }[], wanted: string) => list.find((e) => e.code === wanted)?.id ?? null;
  const eventList = events.map((e) => ({ code: e.code, id: e.id }));
  const transferList = transfer.map((t) => ({ code: t.code, id: t.idCause }));
  const supervisors = staff.filter((u) => u.role === Role.SupervisorAsesorHumano).map((u) => u.email);
  const admins = staff.filter((u) => u.role === Role.AdministradorEntidad).map((u) => u.email);

  return {
    org,
    orgName: organization.name,
    rules,
    vas: new Weighted(vas),
    nodes,
    fallback: await answerFrom(db, org, [textItem(FALLBACK_TEXT)]),
    fallbackEscalate: await answerFrom(db, org, [textItem(FALLBACK_ESCALATE_TEXT)]),
    channels: new Weighted(channelRows.map((c) => ({ value: c.idChannel, weight: CHANNEL_WEIGHTS[normalize(c.label)] ?? 5 }))),
    channelLabels: new Map(channelRows.map((c) => [c.idChannel, c.label])),
    splits: splitMap,
    firstSplitId: splitIds[0] ?? null,
    agents: agentRows.map((a) => ({
      idUser: a.idUser,
      firstName: a.name.trim().split(/\s+/)[0] ?? a.name,
      splits: links.filter((l) => l.idUser === a.idUser && splitMap.has(l.idSplit)).map((l) => l.idSplit)
    })),
    finalReasons: finals.length ? new Weighted(finals.map((f) => ({ value: f.idCausal, weight: FINAL_REASON_WEIGHTS[f.codigoCausalFinalizacion] ?? 5 }))) : null,
    resolvedReasonId: finals.find((f) => f.codigoCausalFinalizacion === 'RESUELTO')?.idCausal ?? finals[0]?.idCausal ?? null,
    transferReasons: { request: code(transferList, 'SOLICITUD_CLIENTE'), noAnswer: code(transferList, 'SIN_RESPUESTA') },
    notAttended: {
      abandon: code(eventList, 'ABANDONO'),
      timeout: code(eventList, 'TIEMPO_ESPERA'),
      outOfHours: code(eventList, 'FUERA_HORARIO'),
      noAgents: code(eventList, 'SIN_ASESORES')
    },
    pauses: {
      lunch: pauseNamed('almuerzo'),
      active: pauseNamed('pausa activa'),
      training: pauseNamed('capacitacion'),
      restroom: pauseNamed('bano')
    },
    cities: new Weighted(cityRows.map((c) => ({ value: c.id, weight: CITY_WEIGHTS[c.id] ?? 0.4 }))),
    documentTypes: new Weighted(documentTypes.map((d) => ({ value: d, weight: DOCUMENT_WEIGHTS[d] ?? 3 }))),
    templates: templates.map((t) => t.content),
    supervisors: supervisors.length ? supervisors : admins,
    admins: admins.length ? admins : supervisors,
    staff,
    notificationTypes: { email: typeNamed('correo', 'email'), sms: typeNamed('sms'), whatsapp: typeNamed('whatsapp') }
  };
}

/** Where an escalation goes, as the engine decides it: the split asked for, else the workspace's default, else the first active split. */
export function escalationSplit(catalogue: ActivityCatalogue, va: CatalogueVa, asked: number | null): number | null {
  if (asked !== null && catalogue.splits.has(asked)) return asked;
  if (va.defaultSplitId !== null && catalogue.splits.has(va.defaultSplitId)) return va.defaultSplitId;
  return catalogue.firstSplitId;
}
