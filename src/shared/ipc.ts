import { UpdateView } from './updates';
import { z } from 'zod';
import { LoginBody, TokenClaims, UpdatePasswordBody } from './domain/session';
import { LdapLoginBody, LdapSignInOffer } from './domain/ldap';
import { ChannelTypesMap, Organization, VirtualAgent } from './domain/organization';
import { EndMessage } from './domain/end-message';
import { AgentDirectoryContact } from './domain/directory';
import { BusinessReason, FinalReason } from './domain/reason';
import { PauseEvent } from './domain/parameters';
import { ResponseTemplate } from './domain/response-template';
import { TransferSplit } from './domain/split';
import { AgentStatus } from './domain/chat';
import { ConversationId, PositiveInt } from './domain/fields';
import { UploadPayload } from './domain/media';
import { AgentStatusView, AttachmentRef, MessageText, MonitorTopic } from './realtime';
import { ConsoleMessage, ConsoleState } from './chat-console';
import { ConversationNote, NoteText, PreviousConversations, PreviousTranscript } from './domain/console-extras';
import { AnalyticsQueryArg } from './analytics-calls';
import { SettingsCallArg } from './settings-calls';
import { DownloadId, DownloadProgress, ReportDownloadArg, ReportPreferences, ReportSchedule, SaveScheduleArg } from './report-downloads';
import { CHART_PNG_MAX_BYTES } from './constants';
import { WatsonImportArg, WatsonImportResult } from './domain/watson-import';
import { DashboardDesign } from './domain/dashboard-design';
import { FontChoice } from './domain/design';

/**
 * The IPC contract between renderer and main process: channel → argument schema and result schema.
 * Channels are `domain:verb`. The preload exposes exactly one method per channel as
 * `window.atiende.<domain>.<verb>(arg)`; the browser host exposes the same over a WebSocket.
 * Every handler validates its argument with `arg` before anything else runs.
 * Results cross the boundary as `IpcResult`: errors are data, never thrown across processes.
 */

/** 'design:font': a family and one of its variants, as the web-fonts list names them. */
export const FontFileArg = z.strictObject({
  family: FontChoice.shape.family,
  variant: z.string().regex(/^(\d{3})?(regular|italic)?$/, { message: 'La variante de la fuente no es válida' }).min(1, { message: 'La variante de la fuente no es válida' })
});
export type FontFileArg = z.infer<typeof FontFileArg>;
export const FontDataUrl = z.string().startsWith('data:font/woff2;base64,');

/**
 * The dashboard design the app wears (issue 40), as the main process hands it over: the design
 * (DEFAULT_DASHBOARD_DESIGN when the organisation saved none), and the logo and the font's file as
 * data: URLs the main process fetched — the renderer holds no token and calls no other origin.
 * `logoError`: the logo could not be had (an empty answer is an error, SPEC §5): 'Error al obtener logo'.
 */
export const DesignView = z.object({
  design: DashboardDesign,
  logo: z.string().startsWith('data:image/').nullable(),
  font: FontDataUrl.nullable(),
  logoError: z.string().nullable()
});
export type DesignView = z.infer<typeof DesignView>;

/** The organisation a Superadministrador administers ('Administrar entidad'). */
export const AdministeredOrganization = z.object({ idOrg: z.number().int().positive(), name: z.string() });
export type AdministeredOrganization = z.infer<typeof AdministeredOrganization>;

/** What the renderer may know about the session: the token's claims, never the tokens. */
export const SessionView = z.object({
  authenticated: z.literal(true),
  user: TokenClaims.omit({ exp: true }),
  /** When the refresh token expires (epoch ms), for display only. */
  refreshExpiresAt: z.number().int(),
  lastLoginTime: z.number().int(),
  /**
   * SPEC §2's special action 'Administrar entidad' (role 1 only): the organisation being worked in
   * with the role-3 tree, or null. The main process keeps it and sends every organisation-scoped
   * page call there; the role and the token stay the Superadministrador's. Absent: not administering.
   */
  administering: AdministeredOrganization.optional(),
  /**
   * SPEC §2's other special action, 'Atender chats' (role 6 only): the human-agent supervisor works
   * with the chat-only tree and the main process's chat link serves him as an agent. Absent: not attending.
   */
  attendingChats: z.literal(true).optional()
});
export type SessionView = z.infer<typeof SessionView>;

export const ErrorReport = z.object({
  name: z.string().max(200),
  detail: z.string().max(20000),
  path: z.string().max(2000).optional()
});
export type ErrorReport = z.infer<typeof ErrorReport>;

const none = z.undefined();

const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';
/** A chart image as the canvas gives it: a PNG data URL no bigger than CHART_PNG_MAX_BYTES once decoded. */
export const SavePngArg = z.strictObject({
  suggestedName: z
    .string({ message: 'El nombre de la imagen es obligatorio' })
    .trim()
    .min(1, { message: 'El nombre de la imagen es obligatorio' })
    .max(120, { message: 'El nombre de la imagen no puede superar 120 caracteres' }),
  dataUrl: z
    .string({ message: 'La imagen es obligatoria' })
    .max(PNG_DATA_URL_PREFIX.length + Math.ceil(CHART_PNG_MAX_BYTES / 3) * 4, { message: 'La imagen supera el tamaño permitido' })
    .startsWith(PNG_DATA_URL_PREFIX, { message: 'La imagen debe ser PNG' })
});

export const ipcContract = {
  'session:get': { arg: none, result: SessionView.nullable() },
  'session:login': { arg: LoginBody, result: SessionView },
  /** Sign-in with an organisation's LDAP directory; the main process keeps the tokens as for session:login. */
  'session:loginLdap': { arg: LdapLoginBody, result: SessionView },
  /** Whether LDAP sign-in is offered and the organisation must be named (public: asked by the login page; never which organisations). */
  'session:ldapSignInOffer': { arg: none, result: LdapSignInOffer },
  /** 'Administrar entidad' (role 1): work in an active organisation with the role-3 tree. */
  'session:administerEntity': { arg: z.strictObject({ idOrg: z.number().int().positive().max(2147483647) }), result: SessionView },
  /** 'Volver': back to the Superadministrador's own tree and organisation. */
  'session:leaveEntity': { arg: none, result: SessionView },
  /** 'Atender chats' (role 6): the chat-only tree; the chat link connects him as an agent. */
  'session:attendChats': { arg: none, result: SessionView },
  /** 'Volver' from the console (role 6): refused while he holds open chats; otherwise Desconectado and his own tree. */
  'session:leaveChats': { arg: none, result: SessionView },
  'session:logout': { arg: none, result: z.null() },
  'session:activity': { arg: none, result: z.null() },
  'session:checkPasswordExpiry': { arg: none, result: z.object({ changePassword: z.boolean() }) },
  'session:changePassword': { arg: UpdatePasswordBody, result: z.object({ message: z.string() }) },
  'platform:channels': { arg: none, result: ChannelTypesMap },
  'platform:organizations': { arg: none, result: z.array(Organization) },
  'platform:virtualAgents': { arg: z.object({ idOrg: z.number().int().positive().optional() }), result: z.array(VirtualAgent) },
  /** The human agent's message configuration: the end-of-conversation client messages (SPEC §6). */
  'platform:endMessages': { arg: none, result: z.array(EndMessage) },
  'errors:report': { arg: ErrorReport, result: z.null() },
  /** The design the app wears now (the cached one until the platform answers); afterwards 'design:changed' pushes every change. */
  'design:current': { arg: none, result: DesignView },
  /**
   * A font's file for the dashboard editor's preview, as a data: URL (CSP font-src 'self' data:):
   * only a family and variant the platform's web-fonts list offers (the allow-list), fetched from its /fonts route.
   */
  'design:font': { arg: FontFileArg, result: FontDataUrl },
  /** Issue 40: the platform's origin, where the widget editor frames the widget's preview and which its embed snippet names. */
  'widget:platformOrigin': { arg: none, result: z.object({ origin: z.string() }) },
  /** Puts a text on the system clipboard (the widget editor's 'Copiar'): the renderer has no clipboard permission. */
  'clipboard:writeText': { arg: z.strictObject({ text: z.string().min(1).max(10_000) }), result: z.null() },

  /* The agent console (role 5). The main process's chat link holds the socket; see src/shared/chat-console.ts. */
  /** The console as it stands now; afterwards 'chat:changed' pushes every change. */
  'chat:state': { arg: none, result: ConsoleState },
  /** The messages held for one chat (COMMAND messages still as acronyms: the renderer resolves them). */
  'chat:messages': { arg: z.object({ conversationId: ConversationId }), result: z.array(ConsoleMessage) },
  /**
   * What the agent is looking at: the chat in view (its unread count clears) and whether the
   * window is visible and focused. Notifications repeat until the agent looks (SPEC §4, DESIGN §3).
   */
  'chat:view': { arg: z.object({ conversationId: ConversationId.nullable(), visible: z.boolean() }), result: z.null() },
  'chat:setStatus': {
    arg: z
      .object({ status: AgentStatus, pauseEventId: PositiveInt.nullable().default(null) })
      .refine((v) => v.status !== 'PAUSA' || v.pauseEventId !== null, { message: 'Seleccione el evento de pausa', path: ['pauseEventId'] }),
    result: AgentStatusView
  },
  /** ENTRANTE → ACTIVO. */
  'chat:accept': { arg: z.object({ conversationId: ConversationId }), result: z.null() },
  /** Queues the message (kept and retried until the platform acks it); answers its client id at once. */
  'chat:send': {
    arg: z
      .object({ conversationId: ConversationId, text: MessageText, attachment: AttachmentRef.nullable().default(null) })
      .refine((v) => v.text.trim() !== '' || v.attachment !== null, { message: 'Escriba un mensaje o adjunte un archivo', path: ['text'] }),
    result: z.object({ clientId: z.string() })
  },
  /** Uploads a file for a chat (POST /api/multimedia/subir); answers the reference to send. */
  'chat:upload': { arg: UploadPayload.safeExtend({ conversationId: ConversationId }), result: AttachmentRef },
  /** Saves a received file to disk: asks where (save dialog), then streams it there. null: cancelled. */
  'chat:saveFile': {
    arg: z.object({ url: AttachmentRef.shape.url, name: z.string().trim().min(1).max(200) }),
    result: z.object({ path: z.string() }).nullable()
  },
  'chat:transferSplits': { arg: z.object({ conversationId: ConversationId }), result: z.array(TransferSplit) },
  'chat:transfer': {
    arg: z.object({ conversationId: ConversationId, idSplit: PositiveInt, business: z.array(PositiveInt).max(50).default([]) }),
    result: z.null()
  },
  /** The active business and finalisation reasons (SPEC §8: not found is an empty list). */
  'chat:reasons': { arg: none, result: z.object({ business: z.array(BusinessReason), final: z.array(FinalReason) }) },
  /** Saves both kinds of reason, then finishes the chat. Both are required. */
  'chat:finish': {
    arg: z.object({
      conversationId: ConversationId,
      business: z.array(PositiveInt).min(1, { message: 'Seleccione al menos una causal de negocio' }).max(50),
      ending: PositiveInt.optional()
    }).refine((v) => v.ending !== undefined, { message: 'Seleccione la causal de finalización', path: ['ending'] }),
    result: z.null()
  },
  'chat:templates': { arg: none, result: z.array(ResponseTemplate) },
  'chat:contacts': { arg: none, result: z.array(AgentDirectoryContact) },
  /** Active pause events, for the Pausa choice. */
  'chat:pauseEvents': { arg: none, result: z.array(PauseEvent) },
  /** The agent is (or stopped) typing in a chat it holds: relayed to the customer, never stored. */
  'chat:typing': { arg: z.object({ conversationId: ConversationId, typing: z.boolean() }), result: z.null() },
  /** The internal notes of a chat, oldest first (never sent to the customer). */
  'chat:notes': { arg: z.object({ conversationId: ConversationId }), result: z.array(ConversationNote) },
  'chat:addNote': { arg: z.object({ conversationId: ConversationId, text: NoteText }), result: ConversationNote },
  /** The customer's earlier conversations, newest first. */
  'chat:previous': { arg: z.object({ conversationId: ConversationId }), result: PreviousConversations },
  /** The messages of one of them. */
  'chat:previousMessages': { arg: z.object({ conversationId: ConversationId, previousId: ConversationId }), result: PreviousTranscript },

  /* The analytics pages (issue 4). */
  /**
   * One statistics call of src/shared/analytics-calls.ts. The answer was validated by the main
   * process against the catalogue entry; the renderer validates it again with the same schema to type it.
   */
  'analytics:query': { arg: AnalyticsQueryArg, result: z.unknown() },
  /** Saves a chart as PNG where the user chooses (save dialog). null: cancelled. */
  'analytics:savePng': { arg: SavePngArg, result: z.object({ path: z.string() }).nullable() },
  /**
   * The organisation whose live notices ('analytics:live') the pages showing live state want: null
   * for the session's (the administered one under 'Administrar entidad', else the user's own), else
   * the one roles 1–2 chose. Refused as the statistics calls refuse that organisation (403, 400).
   */
  'analytics:follow': { arg: z.strictObject({ idOrg: PositiveInt.nullable() }), result: z.null() },

  /* The human-agent settings pages (issue 6). */
  /**
   * One read or write of src/shared/settings-calls.ts. The main process validated the query, path
   * parameters and body with the catalogue entry before sending, and the answer against it; the
   * renderer validates the answer again with the same schema to type it.
   */
  'settings:call': { arg: SettingsCallArg, result: z.unknown() },
  /**
   * An IBM Watson Assistant export for a workspace (issue 38): its dry run or its import. The file's
   * bytes go to the platform as they are (the catalogue's importWatsonExport), the organisation
   * from the session as for 'settings:call'.
   */
  'settings:importWatson': { arg: WatsonImportArg, result: WatsonImportResult },

  /* The reports' downloads and scheduled exports (issue 5; src/shared/report-downloads.ts). */
  /** Asks where to save (the report's SPEC §9 name offered), then streams the file there; null: the dialog was cancelled. */
  'reports:download': { arg: ReportDownloadArg, result: DownloadProgress.nullable() },
  'reports:cancel': { arg: z.strictObject({ id: DownloadId }), result: z.null() },
  /** 'Abrir carpeta': a finished download shown in its folder. */
  'reports:showInFolder': { arg: z.strictObject({ id: DownloadId }), result: z.null() },
  /** The signed-in user's download preferences (the CSV separator), remembered in the main process. */
  'reports:preferences': { arg: none, result: ReportPreferences },
  /** The signed-in administrator's scheduled exports. */
  'reports:schedules': { arg: none, result: z.array(ReportSchedule) },
  'reports:saveSchedule': { arg: SaveScheduleArg, result: ReportSchedule },
  'reports:deleteSchedule': { arg: z.strictObject({ id: z.uuid({ message: 'La programación no existe' }) }), result: z.null() },
  /** Runs a schedule now (its last result is updated as for a timed run). */
  'reports:runSchedule': { arg: z.strictObject({ id: z.uuid({ message: 'La programación no existe' }) }), result: ReportSchedule },
  /**
   * The folder a schedule writes to, picked in the main process's folder dialog; null: cancelled.
   * 'reports:saveSchedule' takes only a folder picked here (in this session) or the schedule's own.
   */
  'reports:chooseFolder': { arg: none, result: z.object({ path: z.string() }).nullable() },
  /** The desktop app's own update (issue 41): where it stands now; afterwards 'update:changed' pushes every change. */
  'update:current': { arg: none, result: UpdateView },
  /** 'Instalar ahora': quits, installs and restarts — refused (409) while a chat is held or the agent receives chats. */
  'update:install': { arg: none, result: z.null() }
} as const;

export type IpcContract = typeof ipcContract;
export type IpcChannel = keyof IpcContract;
export type IpcArg<C extends IpcChannel> = z.input<IpcContract[C]['arg']>;
export type IpcData<C extends IpcChannel> = z.infer<IpcContract[C]['result']>;

/** An error as the renderer sees it: the HTTP-ish status and the Spanish text to show. */
export const IpcError = z.object({ status: z.number().int(), message: z.string(), locked: z.boolean().optional() });
export type IpcError = z.infer<typeof IpcError>;

export type IpcResult<T> = { ok: true; data: T } | { ok: false; error: IpcError };

/** Events the main process pushes to the renderer. */
export const ipcEvents = {
  /** The session ended (logout elsewhere, refresh failure, expiry): the renderer goes to '/'. */
  'session:ended': z.object({ reason: z.enum(['logout', 'expired', 'refresh-failed']) }),
  /** The console changed (a chat came, a message arrived, the connection dropped…): the whole state. */
  'chat:changed': ConsoleState,
  /** A message of a chat (new, or a pending one now stored: same clientId). */
  'chat:message': z.object({ conversationId: z.string(), message: ConsoleMessage }),
  /** A notification was clicked: show this chat. */
  'chat:focus': z.object({ conversationId: z.string() }),
  /** Play the alert sound: an incoming or transferred chat, or a message in a chat not in view. */
  'chat:alert': z.object({ kind: z.enum(['incoming', 'message']), conversationId: z.string() }),
  /** The customer of a held chat is (or stopped) typing. */
  'chat:typing': z.object({ conversationId: z.string(), typing: z.boolean() }),
  /** The platform says the agents' or the chats' live state changed (statistics readers): pages showing it reload. */
  'analytics:live': z.object({ topic: MonitorTopic }),
  /** How far a report download got, and how it ended. */
  'reports:progress': DownloadProgress,
  /** The signed-in administrator's schedules changed (saved, deleted, or a run ended). */
  'reports:schedules': z.array(ReportSchedule),
  /** The dashboard design the app wears changed: fetched at sign-in, or pushed by the platform after a save or restore. */
  'design:changed': DesignView,
  /** The app's own update moved on (downloading, ready) or 'Instalar ahora' became (un)available. */
  'update:changed': UpdateView
} as const;
export type IpcEventName = keyof typeof ipcEvents;
export type IpcEventPayload<E extends IpcEventName> = z.infer<(typeof ipcEvents)[E]>;

type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never;
type VerbOf<C extends string> = C extends `${string}:${infer V}` ? V : never;
type ChannelsOf<D extends string> = Extract<IpcChannel, `${D}:${string}`>;
type Invoker<C extends IpcChannel> = IpcArg<C> extends undefined
  ? () => Promise<IpcResult<IpcData<C>>>
  : (arg: IpcArg<C>) => Promise<IpcResult<IpcData<C>>>;

/** `window.atiende`: one method per channel, grouped by domain, plus event subscription. */
export type AtiendeApi = {
  [D in DomainOf<IpcChannel>]: { [C in ChannelsOf<D> as VerbOf<C>]: Invoker<C> };
} & {
  on<E extends IpcEventName>(event: E, listener: (payload: IpcEventPayload<E>) => void): () => void;
};

export function splitChannel(channel: IpcChannel): { domain: string; verb: string } {
  const [domain, verb] = channel.split(':') as [string, string];
  return { domain, verb };
}
