import type { z } from 'zod';
import { endpoints } from '../../shared/api/catalogue';
import type { ConsoleState } from '../../shared/chat-console';
import type { IpcContract, IpcData, IpcError, IpcResult } from '../../shared/ipc';
import { MSG } from '../../shared/messages';
import { AttachmentRef } from '../../shared/realtime';
import type { ApiClient } from './api-client';
import type { ChatLink } from './chat-link.service';
import { CHAT_TEXT } from './chat-texts';
import { inertPath, safeFileName, streamToFile } from './file-download';
import { markFromInternet } from './internet-mark';
import type { FileSaver, Logger } from './ports';

type Arg<C extends keyof IpcContract> = z.output<IpcContract[C]['arg']>;
type Result<C extends keyof IpcContract> = Promise<IpcResult<IpcData<C>>>;

/** The 'chat:*' IPC channels (src/shared/ipc.ts): the socket part through the chat link, the REST part through the api-client. */
export interface ChatService {
  state(): Promise<IpcResult<ConsoleState>>;
  messages(arg: Arg<'chat:messages'>): Result<'chat:messages'>;
  view(arg: Arg<'chat:view'>): Result<'chat:view'>;
  setStatus(arg: Arg<'chat:setStatus'>): Result<'chat:setStatus'>;
  accept(arg: Arg<'chat:accept'>): Result<'chat:accept'>;
  send(arg: Arg<'chat:send'>): Result<'chat:send'>;
  upload(arg: Arg<'chat:upload'>): Result<'chat:upload'>;
  saveFile(arg: Arg<'chat:saveFile'>): Result<'chat:saveFile'>;
  transferSplits(arg: Arg<'chat:transferSplits'>): Result<'chat:transferSplits'>;
  transfer(arg: Arg<'chat:transfer'>): Result<'chat:transfer'>;
  reasons(): Result<'chat:reasons'>;
  finish(arg: Arg<'chat:finish'>): Result<'chat:finish'>;
  templates(): Result<'chat:templates'>;
  contacts(): Result<'chat:contacts'>;
  pauseEvents(): Result<'chat:pauseEvents'>;
  typing(arg: Arg<'chat:typing'>): Result<'chat:typing'>;
  notes(arg: Arg<'chat:notes'>): Result<'chat:notes'>;
  addNote(arg: Arg<'chat:addNote'>): Result<'chat:addNote'>;
  previous(arg: Arg<'chat:previous'>): Result<'chat:previous'>;
  previousMessages(arg: Arg<'chat:previousMessages'>): Result<'chat:previousMessages'>;
}

export interface ChatServiceDeps {
  api: ApiClient;
  link: ChatLink;
  saver: FileSaver;
  logger: Logger;
  /** Marks a saved file as downloaded from the internet (internet-mark.ts; tests pass their own). */
  markFromInternet?: (path: string) => Promise<unknown>;
}

const fail = (error: IpcError): IpcResult<never> => ({ ok: false, error });

/**
 * An unreachable platform, a server failure, a refusal, an expired session and a validation message
 * keep their own words; any other failure becomes the area's text.
 */
function failure(error: IpcError, text: string): IpcResult<never> {
  const { status } = error;
  if (status === 0 || status === 400 || status === 401 || status === 403 || status >= 500) return fail(error);
  return fail({ status, message: text });
}

const FILE_URL = /^\/(?:api\/multimedia\/descargar|widget\/files)\/([A-Za-z0-9_-]{1,100})$/;

export function createChatService({ api, link, saver, logger, markFromInternet: mark = markFromInternet }: ChatServiceDeps): ChatService {
  /** Both reason steps of a finish or a transfer, in order; the first failure stops them. */
  async function saveBusiness(conversationId: string, business: number[], splitId: number | null, transfer: boolean): Promise<IpcResult<null>> {
    const result = await api.call(endpoints.saveConversationBusinessReasons, { body: { conversationId, splitId, transfer, business } });
    return result.ok ? { ok: true, data: null } : failure(result.error, MSG.causales.registerFailed);
  }

  return {
    state: async () => ({ ok: true, data: link.state() }),

    async messages({ conversationId }) {
      const messages = link.messages(conversationId);
      return messages ? { ok: true, data: messages } : fail({ status: 404, message: CHAT_TEXT.chatNotHeld });
    },

    async view({ conversationId, visible }) {
      link.view(conversationId, visible);
      return { ok: true, data: null };
    },

    setStatus: ({ status, pauseEventId }) => link.setStatus(status, pauseEventId),

    accept: ({ conversationId }) => link.accept(conversationId),

    send: async (arg) => link.send(arg),

    async upload({ conversationId, ...file }) {
      const problem = link.check(conversationId, true);
      if (problem) return fail(problem);
      link.patch(conversationId, { uploadFile: { uploading: true, error: false } });
      const result = await api.call(endpoints.uploadFile, { body: { ...file, conversationId } });
      if (!result.ok) {
        link.patch(conversationId, { uploadFile: { uploading: false, error: true } });
        return failure(result.error, MSG.files.uploadFailed);
      }
      link.patch(conversationId, { uploadFile: { uploading: false, error: false } });
      const ref = AttachmentRef.safeParse({ contentType: result.data.contentType, name: safeFileName(file.name ?? ''), url: result.data.url });
      if (ref.success) return { ok: true, data: ref.data };
      logger.warn('The platform answered an upload with a download url the chat does not accept', result.data.url);
      return fail({ status: 502, message: MSG.files.uploadFailed });
    },

    async saveFile({ url, name }) {
      const id = FILE_URL.exec(url)?.[1];
      if (!id) return fail({ status: 400, message: CHAT_TEXT.badFileUrl });
      // A customer's file: never offered, nor saved, under a name that runs when double-clicked (inertPath).
      let target: string | null;
      try {
        const chosen = await saver.choosePath(inertPath(safeFileName(name)));
        target = chosen === null ? null : inertPath(chosen);
      } catch (error) {
        logger.warn('No place to save a chat file', error instanceof Error ? error.message : error);
        return fail({ status: 500, message: CHAT_TEXT.saveFileFailed });
      }
      if (target === null) return { ok: true, data: null };
      const download = await api.call(endpoints.downloadFile, { params: { id } });
      if (!download.ok) return failure(download.error, MSG.files.loadFailed);
      try {
        await streamToFile(download.data, target);
      } catch (error) {
        logger.warn(`Could not save a chat file to ${target}`, error instanceof Error ? error.message : error);
        return fail({ status: 500, message: CHAT_TEXT.saveFileFailed });
      }
      await mark(target).catch((error: unknown) => logger.warn(`Could not mark ${target} as downloaded from the internet`, error instanceof Error ? error.message : error));
      return { ok: true, data: { path: target } };
    },

    async transferSplits({ conversationId }) {
      const problem = link.check(conversationId);
      if (problem) return fail(problem);
      const split = link.split(conversationId);
      const result = await api.call(endpoints.transferSplits, { query: split ? { idSplit: split.idSplit } : {} });
      return result.ok ? result : failure(result.error, MSG.transfers.splitsLoadFailed);
    },

    async transfer({ conversationId, idSplit, business }) {
      const problem = link.check(conversationId, true);
      if (problem) return fail(problem);
      link.patch(conversationId, { transfering: true });
      if (business.length > 0) {
        const saved = await saveBusiness(conversationId, business, idSplit, true);
        if (!saved.ok) {
          link.patch(conversationId, { transfering: false });
          return saved;
        }
      }
      const moved = await link.transfer(conversationId, idSplit);
      if (!moved.ok) link.patch(conversationId, { transfering: false });
      return moved;
    },

    async reasons() {
      const [business, final] = await Promise.all([api.call(endpoints.activeBusinessReasons), api.call(endpoints.activeFinalReasons)]);
      // SPEC §8: a not-found answer of an active-reason list is an empty list.
      const list = <T>(result: IpcResult<T[]>): IpcResult<T[]> => (!result.ok && result.error.status === 404 ? { ok: true, data: [] } : result);
      const b = list(business);
      const f = list(final);
      if (!b.ok) return failure(b.error, MSG.causales.loadFailed);
      if (!f.ok) return failure(f.error, MSG.causales.loadFailed);
      return { ok: true, data: { business: b.data, final: f.data } };
    },

    async finish({ conversationId, business, ending }) {
      const problem = link.check(conversationId, true);
      if (problem) return fail(problem);
      if (ending === undefined) return fail({ status: 400, message: 'Seleccione la causal de finalización' });
      link.patch(conversationId, { causalsChecked: 'pending' });
      const saved = await saveBusiness(conversationId, business, link.split(conversationId)?.idSplit ?? null, false);
      if (!saved.ok) {
        link.patch(conversationId, { causalsChecked: 'rejected' });
        return saved;
      }
      const final = await api.call(endpoints.saveConversationFinalReason, { body: { conversationId, ending } });
      if (!final.ok) {
        link.patch(conversationId, { causalsChecked: 'rejected' });
        return failure(final.error, MSG.causales.registerFailed);
      }
      link.patch(conversationId, { causalsChecked: 'resolved', causalsSetted: true });
      return link.finish(conversationId);
    },

    async templates() {
      const result = await api.call(endpoints.responseTemplates);
      return result.ok ? { ok: true, data: result.data.templates } : failure(result.error, MSG.templates.loadFailed);
    },

    async contacts() {
      const result = await api.call(endpoints.activeDirectoryContacts, { query: {} });
      return result.ok ? result : failure(result.error, MSG.contacts.loadFailed);
    },

    async pauseEvents() {
      const result = await api.call(endpoints.pauseEvents, { query: { alsoDeleted: false } });
      if (!result.ok) return failure(result.error, MSG.pauseEvents.loadFailed);
      return { ok: true, data: result.data.filter((event) => event.activo && !event.logic_delete) };
    },

    typing: async ({ conversationId, typing }) => link.typing(conversationId, typing),

    // Notes and the customer's history are asked only about chats this console holds.
    async notes({ conversationId }) {
      const problem = link.check(conversationId);
      if (problem) return fail(problem);
      const result = await api.call(endpoints.conversationNotes, { params: { id: conversationId }, query: {} });
      return result.ok ? result : failure(result.error, CHAT_TEXT.notesLoadFailed);
    },

    async addNote({ conversationId, text }) {
      const problem = link.check(conversationId);
      if (problem) return fail(problem);
      const result = await api.call(endpoints.addConversationNote, { params: { id: conversationId }, query: {}, body: { text } });
      return result.ok ? result : failure(result.error, CHAT_TEXT.noteSaveFailed);
    },

    async previous({ conversationId }) {
      const problem = link.check(conversationId, true);
      if (problem) return fail(problem);
      const result = await api.call(endpoints.previousConversations, { params: { id: conversationId }, query: {} });
      return result.ok ? result : failure(result.error, CHAT_TEXT.previousLoadFailed);
    },

    async previousMessages({ conversationId, previousId }) {
      const problem = link.check(conversationId, true);
      if (problem) return fail(problem);
      const result = await api.call(endpoints.previousConversationMessages, { params: { id: conversationId, previousId }, query: {} });
      return result.ok ? result : failure(result.error, CHAT_TEXT.previousMessagesFailed);
    }
  };
}
