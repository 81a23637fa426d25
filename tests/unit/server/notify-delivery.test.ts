import { describe, expect, it } from 'vitest';
import { ldapAllowedHosts } from '../../../src/server/config';
import { AddressRules, NO_ALLOWED_HOSTS } from '../../../src/server/ldap/address-rules';
import { emlFileName } from '../../../src/server/notify/channels/eml';
import { EndpointRefused, resolveChannelHost } from '../../../src/server/notify/channels/endpoint';
import { classifySmsStatus } from '../../../src/server/notify/channels/sms-http';
import { classifySmtpFailure } from '../../../src/server/notify/channels/smtp';
import { ownAddressReason, smsTooLongReason } from '../../../src/server/notify/guards';
import { retryDelayMs } from '../../../src/server/notify/worker';

describe('the notification worker, piece by piece', () => {
  it('waits twice as long after each failed try, with up to a quarter more, capped', () => {
    const options = { retryBaseMs: 1000, retryMaxMs: 10_000 };
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, options, () => 0))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(2, options, () => 1)).toBe(2500);
    expect(retryDelayMs(5, options, () => 0)).toBe(10_000);
  });

  it('reads an SMTP refusal: 5xx on RCPT TO or DATA bounces, another 5xx fails, the rest is retried', () => {
    expect(classifySmtpFailure({ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 550, permanent: true })).toBe('bounce');
    expect(classifySmtpFailure({ code: 'EMESSAGE', command: 'DATA', responseCode: 554, permanent: true })).toBe('bounce');
    expect(classifySmtpFailure({ code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535, permanent: true })).toBe('permanent');
    expect(classifySmtpFailure({ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 451, permanent: false })).toBe('transient');
    expect(classifySmtpFailure({ code: 'ESOCKET', command: 'CONN' })).toBe('transient');
    expect(classifySmtpFailure(new Error('Connection pool was closed'))).toBe('transient');
  });

  it("reads an SMS provider's status: 2xx sent, 408 and 429 and 5xx retried, another 4xx failed", () => {
    expect([200, 202, 400, 401, 404, 408, 429, 500, 503].map(classifySmsStatus)).toEqual(['sent', 'sent', 'permanent', 'permanent', 'permanent', 'transient', 'transient', 'transient', 'transient']);
  });

  it('resolves a host once and refuses it when any address it answers is not public, unless allowed', async () => {
    const rules = new AddressRules(NO_ALLOWED_HOSTS);
    const lookup = (answers: string[]) => async () => answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    await expect(resolveChannelHost('smtp.example.com', rules, lookup(['203.0.113.7']))).resolves.toEqual({ host: 'smtp.example.com', address: '203.0.113.7', family: 4 });
    // One public and one private answer: refused (the socket could be sent to either).
    await expect(resolveChannelHost('SMTP.Example.com.', rules, lookup(['203.0.113.7', '10.0.0.5']))).rejects.toMatchObject({ reason: 'not-allowed', host: 'smtp.example.com' });
    await expect(resolveChannelHost('127.0.0.1', rules)).rejects.toBeInstanceOf(EndpointRefused);
    await expect(resolveChannelHost('[::1]', rules)).rejects.toMatchObject({ reason: 'not-allowed' });
    await expect(resolveChannelHost('169.254.169.254', rules)).rejects.toMatchObject({ reason: 'not-allowed' });
    await expect(resolveChannelHost('nada.example', rules, () => Promise.reject(new Error('ENOTFOUND')))).rejects.toMatchObject({ reason: 'unresolved' });
    const allowed = new AddressRules(ldapAllowedHosts('127.0.0.1,correo.interno', 'NOTIFY_ALLOWED_HOSTS'));
    await expect(resolveChannelHost('127.0.0.1', allowed)).resolves.toMatchObject({ address: '127.0.0.1' });
    await expect(resolveChannelHost('correo.interno', allowed, lookup(['10.9.9.9']))).resolves.toMatchObject({ address: '10.9.9.9' });
  });

  it('never writes to the platform or the organisation as senders', () => {
    expect(ownAddressReason('Notificaciones@Atiende.Local', '')).toMatch(/propia de la plataforma/);
    expect(ownAddressReason('avisos@empresa.co', 'Avisos@Empresa.co')).toMatch(/remitente de la organización/);
    expect(ownAddressReason('persona@empresa.co', 'avisos@empresa.co')).toBeNull();
  });

  it('counts an SMS with the shared counter before sending it', () => {
    expect(smsTooLongReason('Hola, ¿cómo está?', 1)).toBeNull();
    expect(smsTooLongReason('á'.repeat(71), 1)).toBe('El SMS generado necesita 2 partes (71 caracteres, UCS-2) y el máximo de la organización es 1');
  });

  it('names an .eml file after its row and key, the same for every try', () => {
    expect(emlFileName({ outboxId: 42, idempotencyKey: 'e:a@b.co:1:1' })).toMatch(/^0000000042-[0-9a-f]{12}\.eml$/);
    expect(emlFileName({ outboxId: 42, idempotencyKey: 'e:a@b.co:1:1' })).toBe(emlFileName({ outboxId: 42, idempotencyKey: 'e:a@b.co:1:1' }));
  });
});
