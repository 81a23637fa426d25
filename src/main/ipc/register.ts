import type { UpdateService } from '../services/update.service';
import type { z } from 'zod';
import { ipcContract, type IpcChannel, type IpcContract, type IpcData, type IpcResult } from '../../shared/ipc';
import { MSG } from '../../shared/messages';
import type { AnalyticsService } from '../services/analytics.service';
import type { ChatService } from '../services/chat.service';
import type { DesignService } from '../services/design.service';
import type { MonitorLink } from '../services/monitor-link';
import type { ErrorReportService } from '../services/error-report.service';
import type { PlatformService } from '../services/platform.service';
import type { ReportDownloads } from '../services/report-downloads';
import type { ReportSchedules } from '../services/report-schedules';
import type { Logger } from '../services/ports';
import type { SessionService } from '../services/session.service';
import type { SettingsService } from '../services/settings.service';
import type { WidgetHostService } from '../services/widget-host.service';
import { parseSpanish } from '../services/validation';

export interface IpcServices {
  session: SessionService;
  platform: PlatformService;
  errors: ErrorReportService;
  chat: ChatService;
  analytics: AnalyticsService;
  /** The dashboard design the app wears. */
  design: Pick<DesignService, 'current' | 'font'>;
  /** The monitor link: which organisation's live notices the pages follow. */
  monitor: Pick<MonitorLink, 'follow'>;
  settings: SettingsService;
  /** The widget editor's platform address and clipboard. */
  widgetHost: WidgetHostService;
  downloads: ReportDownloads;
  schedules: ReportSchedules;
  /** The app's own update: the header's chip. */
  updates: Pick<UpdateService, 'view' | 'install'>;
}

/** A handler as a host calls it: any argument in, a result out, never a throw. */
export type IpcHandler<C extends IpcChannel = IpcChannel> = (arg: unknown) => Promise<IpcResult<IpcData<C>>>;
export type IpcHandlers = { [C in IpcChannel]: IpcHandler<C> };

type Implementations = {
  [C in IpcChannel]: (arg: z.output<IpcContract[C]['arg']>) => Promise<IpcResult<IpcData<C>>>;
};

export const IPC_CHANNELS = Object.keys(ipcContract) as IpcChannel[];

export function isIpcChannel(value: unknown): value is IpcChannel {
  return typeof value === 'string' && Object.hasOwn(ipcContract, value);
}

/**
 * One handler per channel of the contract, host-agnostic: Electron's ipcMain (after its sender
 * check) and the browser host's WebSocket both call these. Each validates its argument with the
 * contract before anything runs, and turns anything thrown into a Spanish server-error result.
 */
export function createIpcHandlers(services: IpcServices, logger: Logger): IpcHandlers {
  const implementations: Implementations = {
    'session:get': () => services.session.get(),
    'session:login': (arg) => services.session.login(arg),
    'session:loginLdap': (arg) => services.session.loginLdap(arg),
    'session:ldapSignInOffer': () => services.session.ldapSignInOffer(),
    'session:administerEntity': (arg) => services.session.administerEntity(arg),
    'session:leaveEntity': () => services.session.leaveEntity(),
    'session:attendChats': () => services.session.attendChats(),
    'session:leaveChats': () => services.session.leaveChats(),
    'session:logout': () => services.session.logout(),
    'session:activity': () => services.session.activity(),
    'session:checkPasswordExpiry': () => services.session.checkPasswordExpiry(),
    'session:changePassword': (arg) => services.session.changePassword(arg),
    'platform:channels': () => services.platform.channels(),
    'platform:organizations': () => services.platform.organizations(),
    'platform:virtualAgents': (arg) => services.platform.virtualAgents(arg),
    'platform:endMessages': () => services.platform.endMessages(),
    'errors:report': (arg) => services.errors.report(arg),
    'design:current': () => services.design.current(),
    'design:font': (arg) => services.design.font(arg),
    'update:current': () => Promise.resolve({ ok: true, data: services.updates.view() }),
    'update:install': () => Promise.resolve(services.updates.install()),
    'widget:platformOrigin': () => services.widgetHost.platformOrigin(),
    'clipboard:writeText': (arg) => services.widgetHost.copy(arg),
    'chat:state': () => services.chat.state(),
    'chat:messages': (arg) => services.chat.messages(arg),
    'chat:view': (arg) => services.chat.view(arg),
    'chat:setStatus': (arg) => services.chat.setStatus(arg),
    'chat:accept': (arg) => services.chat.accept(arg),
    'chat:send': (arg) => services.chat.send(arg),
    'chat:upload': (arg) => services.chat.upload(arg),
    'chat:saveFile': (arg) => services.chat.saveFile(arg),
    'chat:transferSplits': (arg) => services.chat.transferSplits(arg),
    'chat:transfer': (arg) => services.chat.transfer(arg),
    'chat:reasons': () => services.chat.reasons(),
    'chat:finish': (arg) => services.chat.finish(arg),
    'chat:templates': () => services.chat.templates(),
    'chat:contacts': () => services.chat.contacts(),
    'chat:pauseEvents': () => services.chat.pauseEvents(),
    'chat:typing': (arg) => services.chat.typing(arg),
    'chat:notes': (arg) => services.chat.notes(arg),
    'chat:addNote': (arg) => services.chat.addNote(arg),
    'chat:previous': (arg) => services.chat.previous(arg),
    'chat:previousMessages': (arg) => services.chat.previousMessages(arg),
    'analytics:query': (arg) => services.analytics.query(arg),
    'analytics:savePng': (arg) => services.analytics.savePng(arg),
    'analytics:follow': (arg) => services.monitor.follow(arg.idOrg),
    'settings:call': (arg) => services.settings.call(arg),
    'settings:importWatson': (arg) => services.settings.importWatson(arg),
    'reports:download': (arg) => services.downloads.download(arg),
    'reports:cancel': (arg) => services.downloads.cancel(arg.id),
    'reports:showInFolder': (arg) => services.downloads.showInFolder(arg.id),
    'reports:preferences': () => services.downloads.preferences(),
    'reports:schedules': () => services.schedules.list(),
    'reports:saveSchedule': (arg) => services.schedules.save(arg),
    'reports:deleteSchedule': (arg) => services.schedules.remove(arg.id),
    'reports:runSchedule': (arg) => services.schedules.runNow(arg.id),
    'reports:chooseFolder': () => services.schedules.chooseFolder()
  };

  function handler<C extends IpcChannel>(channel: C): IpcHandler<C> {
    const contract: { arg: z.ZodType; result: z.ZodType } = ipcContract[channel];
    const run = implementations[channel] as (arg: unknown) => Promise<IpcResult<IpcData<C>>>;
    return async (raw) => {
      const arg = parseSpanish(contract.arg, raw);
      if (!arg.ok) return { ok: false, error: { status: 400, message: arg.message } };
      try {
        const result = await run(arg.data);
        if (!result.ok) return result;
        const data = contract.result.safeParse(result.data);
        if (data.success) return result;
        logger.error(`${channel} produced a result outside the contract`, data.error.issues.slice(0, 5));
      } catch (error) {
        logger.error(`${channel} failed`, error);
      }
      return { ok: false, error: { status: 500, message: MSG.generic.serverError } };
    };
  }

  return Object.fromEntries(IPC_CHANNELS.map((channel) => [channel, handler(channel)])) as IpcHandlers;
}
