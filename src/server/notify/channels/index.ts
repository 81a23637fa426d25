import type { AddressRules } from '../../ldap/address-rules';
import { keyDigest, type OutgoingEmail, type OutgoingSms, type SendOutcome, type ChannelService } from './channel';
import { EmlChannel } from './eml';
import { EndpointRefused, resolveChannelHost, type ChannelEndpoint, type Lookup } from './endpoint';
import { SmsHttpChannel, type SmsSettings } from './sms-http';
import { SmtpChannel, type SmtpSettings } from './smtp';

export type { ChannelService, OutgoingEmail, OutgoingSms, SendOutcome } from './channel';
export type { SmsSettings } from './sms-http';
export type { SmtpSettings } from './smtp';

/** A host's checked address is kept this long, then resolved and checked again (a DNS change reaches the platform). */
const RESOLVE_TTL_MS = 5 * 60_000;
/** An SMTP pool unused this long is closed. */
const IDLE_MS = 10 * 60_000;

export interface ChannelSetOptions {
  rules: AddressRules;
  /** Where the .eml files go (eml.ts outboxFolder). */
  outboxFolder: string;
  /** SMTP connections per organisation's server. */
  smtpConnections: number;
  smtpTimeoutMs: number;
  smsTimeoutMs: number;
  lookup?: Lookup;
}

interface KeptSmtp {
  channel: SmtpChannel;
  resolvedAt: number;
  usedAt: number;
}

/** A host the rules refuse will be refused until an operator allows it; one that does not resolve may resolve later. */
function refusedOutcome(service: ChannelService, error: EndpointRefused): SendOutcome {
  return { ok: false, service, kind: error.reason === 'not-allowed' ? 'permanent' : 'transient', detail: error.message, durationMs: 0, called: false };
}

/**
 * Every channel of this process: the .eml outbox, an SMTP pool per organisation's server settings
 * (kept between notifications, replaced when the settings change or its address is RESOLVE_TTL_MS
 * old), and the SMS providers (a fresh request each, to an address checked at most RESOLVE_TTL_MS ago).
 */
export class ChannelSet {
  private readonly eml: EmlChannel;
  private readonly smtp = new Map<string, KeptSmtp>();
  private readonly smsEndpoints = new Map<string, { endpoint: ChannelEndpoint; resolvedAt: number }>();

  constructor(private readonly options: ChannelSetOptions) {
    this.eml = new EmlChannel(options.outboxFolder);
  }

  get outboxFolder(): string {
    return this.eml.folder;
  }

  /** Sends an e-mail through the organisation's SMTP server, or to the outbox folder when it has none (null). */
  async sendEmail(settings: SmtpSettings | null, mail: OutgoingEmail): Promise<SendOutcome> {
    if (settings === null || settings.host.trim() === '') return this.eml.send(mail);
    let channel: SmtpChannel;
    try {
      channel = await this.smtpChannel(settings);
    } catch (error) {
      if (error instanceof EndpointRefused) return refusedOutcome('smtp', error);
      throw error;
    }
    return channel.send(mail);
  }

  async sendSms(settings: SmsSettings, sms: OutgoingSms): Promise<SendOutcome> {
    let endpoint: ChannelEndpoint;
    try {
      endpoint = await this.smsEndpoint(new URL(settings.url).hostname);
    } catch (error) {
      if (error instanceof EndpointRefused) return refusedOutcome('sms', error);
      throw error;
    }
    return new SmsHttpChannel(settings, endpoint, this.options.smsTimeoutMs).send(sms);
  }

  private async smtpChannel(settings: SmtpSettings): Promise<SmtpChannel> {
    const now = Date.now();
    for (const [key, kept] of this.smtp) {
      if (now - kept.usedAt > IDLE_MS) {
        kept.channel.retire();
        this.smtp.delete(key);
      }
    }
    const key = keyDigest(JSON.stringify([settings.host, settings.port, settings.security, settings.user, settings.password]));
    const kept = this.smtp.get(key);
    if (kept && now - kept.resolvedAt < RESOLVE_TTL_MS) {
      kept.usedAt = now;
      return kept.channel;
    }
    const endpoint = await resolveChannelHost(settings.host, this.options.rules, this.options.lookup);
    // Another send may have made one meanwhile: keep one pool per settings.
    const raced = this.smtp.get(key);
    if (raced && raced !== kept && Date.now() - raced.resolvedAt < RESOLVE_TTL_MS) return raced.channel;
    kept?.channel.retire();
    const channel = new SmtpChannel(settings, endpoint, { maxConnections: this.options.smtpConnections, timeoutMs: this.options.smtpTimeoutMs });
    this.smtp.set(key, { channel, resolvedAt: Date.now(), usedAt: Date.now() });
    return channel;
  }

  private async smsEndpoint(host: string): Promise<ChannelEndpoint> {
    const kept = this.smsEndpoints.get(host);
    if (kept && Date.now() - kept.resolvedAt < RESOLVE_TTL_MS) return kept.endpoint;
    const endpoint = await resolveChannelHost(host, this.options.rules, this.options.lookup);
    this.smsEndpoints.set(host, { endpoint, resolvedAt: Date.now() });
    return endpoint;
  }

  /** Closes the SMTP pools once their sends under way have ended. */
  close(): void {
    for (const kept of this.smtp.values()) kept.channel.retire();
    this.smtp.clear();
  }
}
