import { atom } from 'jotai';
import type { IpcResult, SessionView } from '../../../shared/ipc';
import { CHAT_ONLY_TREE, CHAT_PATH, ROLE_3_TREE, allowedPathsOf, landingPath, menuFor, type MenuItem } from '../../../shared/menus';
import type { RoleId } from '../../../shared/roles';
import { tracked } from '../../app/loading';
import { sessionAtom } from './atoms';

/** Texts of SPEC §2's special action 'Administrar entidad' (SPEC words none: ours). */
export const ENTITY_UI_TEXT = {
  action: 'Administrar entidad',
  dialogTitle: 'Administrar entidad',
  dialogIntro: 'Elija la organización en la que va a trabajar. Verá su menú de Administrador de entidad y todo lo que consulte o cambie será de esa organización.',
  organization: 'Organización',
  submit: 'Administrar',
  required: 'Elija una organización',
  none: 'No hay organizaciones activas para administrar',
  banner: (name: string) => `Administrando ${name}`,
  bannerDetail: 'Trabaja como Administrador de entidad de esta organización con su cuenta de Superadministrador.',
  back: 'Volver'
} as const;

/** Texts of SPEC §2's special action that sets the chat-only tree, 'Atender chats' (SPEC words none: ours). */
export const ATTEND_UI_TEXT = {
  banner: 'Atendiendo chats',
  bannerDetail: 'Recibe los chats de sus splits como un asesor. Para volver a su menú de supervisor, finalice o transfiera sus chats abiertos.',
  back: 'Volver al menú de supervisor'
} as const;

/** Whether the supervisor attends chats ('Atender chats'): the chat-only tree is in view. */
export const attendingChatsAtom = atom((get) => get(sessionAtom).view?.attendingChats === true);

/** The organisation the Superadministrador administers ('Administrar entidad'), or null. */
export const administeringAtom = atom((get) => get(sessionAtom).view?.administering ?? null);

/**
 * The route tree in view (SPEC §2: "the route tree is chosen by role at login; two special actions
 * set it"): the role's own, or the role-3 tree while administering an organisation. The role itself
 * never changes; only the menu, the allowed paths and the organisation in view do.
 */
export interface ViewTree {
  tree: readonly MenuItem[];
  landing: string;
  allowed: readonly string[];
  /** The role whose pages are shown (3 while administering): decides which pages exist for it. */
  pageRole: RoleId;
  /** The organisation administered, if any. */
  administering: SessionView['administering'] | null;
  /** The supervisor attends chats: the chat-only tree, landing on the console. */
  attendingChats: boolean;
}

export function viewTreeOf(view: SessionView | null): ViewTree | null {
  if (!view) return null;
  const pageRole: RoleId = view.administering ? 3 : view.user.role;
  const attendingChats = view.attendingChats === true;
  const tree = attendingChats ? CHAT_ONLY_TREE : view.administering ? ROLE_3_TREE : menuFor(view.user.role);
  const landing = attendingChats ? CHAT_PATH : landingPath(pageRole);
  return { tree, landing, allowed: allowedPathsOf(tree, landing), pageRole, administering: view.administering ?? null, attendingChats };
}

export const viewTreeAtom = atom((get) => viewTreeOf(get(sessionAtom).view));

async function switchTo(set: (view: SessionView) => void, call: Promise<IpcResult<SessionView>>): Promise<IpcResult<SessionView>> {
  const result = await call;
  if (result.ok) set(result.data);
  return result;
}

/** 'Administrar entidad': the main process checks the role and the organisation, then keeps it. */
export const administerEntityAtom = atom(null, (get, set, idOrg: number) =>
  switchTo((view) => set(sessionAtom, { ...get(sessionAtom), view }), tracked(set, window.atiende.session.administerEntity({ idOrg })))
);

/** 'Atender chats' (role 6): the main process checks the role and keeps the chat-only tree; its chat link connects. */
export const attendChatsAtom = atom(null, (get, set) =>
  switchTo((view) => set(sessionAtom, { ...get(sessionAtom), view }), tracked(set, window.atiende.session.attendChats()))
);

/** Back to the supervisor's own tree; refused (with its reason) while he holds open chats. */
export const leaveChatsAtom = atom(null, (get, set) =>
  switchTo((view) => set(sessionAtom, { ...get(sessionAtom), view }), tracked(set, window.atiende.session.leaveChats()))
);

/** 'Volver': the Superadministrador's own tree and organisation again. */
export const leaveEntityAtom = atom(null, (get, set) =>
  switchTo((view) => set(sessionAtom, { ...get(sessionAtom), view }), tracked(set, window.atiende.session.leaveEntity()))
);
