import { endpoints } from '../../shared/api/catalogue';
import { AddressRules } from '../ldap/address-rules';
import { ProbeBudget } from '../ldap/probe-budget';
import {
  CHANNEL_PROBE_DEADLINE_MS,
  CHANNEL_PROBE_TEXT,
  CHANNEL_TEXT,
  checkedHosts,
  probeSms,
  probeSmtp,
  readChannels,
  saveChannels,
  typedSms,
  typedSmtp
} from '../notify/channel-settings';
import { outboxFolder as notifyOutboxFolder } from '../notify/channels/eml';
import { loadSecretKey } from '../notify/secrets';
import { HttpError } from '../http/errors';
import { defineRoutes } from './module';
import { implement } from './register';

/**
 * The organisation's notification channels (issue 39; src/shared/api/notify-delivery.ts): its SMTP
 * server and SMS provider, for roles 1 and 3 (the organisation from the path, checked by
 * implement()), and 'Probar conexión'. The hosts are checked against NOTIFY_ALLOWED_HOSTS when saved
 * and when tried; the secrets are sealed with the platform's key, asked for only when one is sealed
 * or opened (a refused request writes nothing, not even the key).
 */
export const notifyChannelRoutes = defineRoutes('notifyDelivery', (app) => {
  const { config, limiters } = app.services;
  const rules = new AddressRules(config.notifyAllowedHosts);
  const probes = ProbeBudget.create(limiters, config, { name: 'notify-probe', texts: CHANNEL_PROBE_TEXT, deadlineMs: CHANNEL_PROBE_DEADLINE_MS });
  const outboxFolder = notifyOutboxFolder(config);
  let key: Promise<Buffer> | undefined;
  const secretKey = (): Promise<Buffer> => {
    key ??= loadSecretKey(app.db).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };

  implement(app, endpoints.notifyChannels, ({ db, orgId }) => readChannels(db, orgId, outboxFolder));

  implement(app, endpoints.saveNotifyChannels, async ({ db, orgId, body, services }) => {
    await checkedHosts(body, rules);
    return saveChannels(db, orgId, body, secretKey, services.now(), outboxFolder);
  });

  // The typed settings tried as they stand (nothing saved, nothing sent): both hosts checked, the
  // chosen channel connected to at its checked address. Per organisation one at a time, and a budget per window.
  implement(app, endpoints.probeNotifyChannel, ({ db, orgId, body, request }) =>
    probes.run(orgId, async () => {
      const hosts = await checkedHosts(body, rules);
      const log = (error: unknown) => request.log.info({ err: error, channel: body.channel }, "notification channel 'Probar conexión' failed");
      let attempt: () => ReturnType<typeof probeSmtp>;
      if (body.channel === 'email') {
        const endpoint = hosts.smtp;
        if (!endpoint) throw new HttpError(400, CHANNEL_TEXT.probeNoSmtpHost);
        const settings = await typedSmtp(db, orgId, body, secretKey);
        attempt = () => probeSmtp(settings, endpoint, log);
      } else {
        const endpoint = hosts.sms;
        if (!endpoint) throw new HttpError(400, CHANNEL_TEXT.probeNoSmsUrl);
        const settings = await typedSms(db, orgId, body, secretKey);
        attempt = () => probeSms(settings, endpoint, log);
      }
      // What the server took to answer: the connection, the greeting, TLS and the login (or the HTTP answer).
      const started = performance.now();
      const outcome = await attempt();
      return { ...outcome, latencyMs: Math.round(performance.now() - started) };
    })
  );
});
