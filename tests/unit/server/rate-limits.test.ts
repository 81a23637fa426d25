import { describe, expect, it } from 'vitest';
import { waitInWords } from '../../../src/server/auth/throttle';
import { CHAT_TEXT } from '../../../src/server/chat/texts';
import { baseConfig, ConfigError, DEFAULT_AUTH_RATE_LIMIT, DEFAULT_SOCKET_RATE_LIMITS, DEFAULT_WIDGET_CONNECT_LIMIT } from '../../../src/server/config';
import { SocketThrottle, TokenBucket } from '../../../src/server/realtime/rate-limits';

/** A hand-moved clock (ms), so refills are exact and nothing waits. */
function manualClock(): { now: () => number; advance(ms: number): void } {
  let t = 0;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    }
  };
}

describe('token bucket', () => {
  it('gives its burst at once, then refills at its rate up to the burst', () => {
    const clock = manualClock();
    const bucket = new TokenBucket({ burst: 3, perSecond: 2 }, clock.now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    clock.advance(499);
    expect(bucket.take()).toBe(false);
    clock.advance(1);
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
    clock.advance(60_000);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });
});

describe('socket throttle', () => {
  const limits = { messages: { burst: 2, perSecond: 1 }, events: { burst: 5, perSecond: 1 } };
  const message = (clientId: string) => ({ clientId, text: 'hola', attachment: null });

  it('charges message events to the message bucket and refuses past it with 429 and the Spanish text', () => {
    const throttle = new SocketThrottle(limits, manualClock().now);
    expect(throttle.admitPayload('widget:start', { fields: {} })).toBeNull();
    expect(throttle.admitPayload('chat:send', message('a'))).toBeNull();
    const refused = throttle.admitPayload('widget:message', message('b'));
    expect(refused).toMatchObject({ status: 429, message: CHAT_TEXT.tooManyMessages });
    // Any other event costs no message.
    expect(throttle.admitPayload('widget:typing', { typing: true })).toBeNull();
    expect(throttle.admitPayload('widget:sync', { afterSeq: 0 })).toBeNull();
  });

  it('does not charge a repeat of an admitted clientId, but does charge one that was refused', () => {
    const clock = manualClock();
    const throttle = new SocketThrottle(limits, clock.now);
    expect(throttle.admitPayload('widget:message', message('a'))).toBeNull();
    expect(throttle.admitPayload('widget:message', message('b'))).toBeNull();
    for (let i = 0; i < 10; i++) expect(throttle.admitPayload('widget:message', message(i % 2 ? 'a' : 'b'))).toBeNull();
    expect(throttle.admitPayload('widget:message', message('c'))).not.toBeNull();
    expect(throttle.admitPayload('widget:message', message('c'))).not.toBeNull();
    clock.advance(1000);
    expect(throttle.admitPayload('widget:message', message('c'))).toBeNull();
    expect(throttle.admitPayload('widget:upload', { data: 'AAAA' })).not.toBeNull();
  });

  it('caps every event with the general bucket', () => {
    const throttle = new SocketThrottle(limits, manualClock().now);
    const answers = Array.from({ length: 7 }, () => throttle.admitEvent());
    expect(answers.slice(0, 5)).toEqual([null, null, null, null, null]);
    expect(answers[5]).toMatchObject({ status: 429, message: CHAT_TEXT.tooManyEvents });
  });
});

describe('the limits in the server configuration', () => {
  it('defaults to the documented numbers, trusting no proxy', () => {
    const config = baseConfig({});
    expect(config.authRateLimit).toEqual(DEFAULT_AUTH_RATE_LIMIT);
    expect(config.authRateLimit).toEqual({ max: 300, windowSeconds: 900 });
    expect(config.socketRateLimits).toEqual(DEFAULT_SOCKET_RATE_LIMITS);
    expect(config.socketRateLimits.messages).toEqual({ burst: 10, perSecond: 1 });
    expect(config.widgetConnectLimit).toEqual(DEFAULT_WIDGET_CONNECT_LIMIT);
    expect(config.widgetConnectLimit).toEqual({ max: 60, windowSeconds: 60 });
    expect(config.trustProxy).toBe(false);
  });

  it('reads them from the environment and refuses nonsense', () => {
    const config = baseConfig({ AUTH_RATE_LIMIT_MAX: '50', AUTH_RATE_LIMIT_WINDOW_SECONDS: '60', CHAT_MESSAGE_BURST: '4', CHAT_MESSAGES_PER_SECOND: '2', TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' });
    expect(config.authRateLimit).toEqual({ max: 50, windowSeconds: 60 });
    expect(config.socketRateLimits.messages).toEqual({ burst: 4, perSecond: 2 });
    expect(config.trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16']);
    // Trusting any peer would let a client name its own address: refused at start, with the reason.
    expect(() => baseConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true confiaría en cualquier cliente/);
    expect(baseConfig({ TRUST_PROXY: '2001:db8::/32,192.0.2.1/32' }).trustProxy).toEqual(['2001:db8::/32', '192.0.2.1/32']);
    for (const bad of ['999.1.1.1', '10.0.0.0/33', '2001:db8::/129', '10.0.0.1/8/1', '*']) expect(() => baseConfig({ TRUST_PROXY: bad })).toThrow(ConfigError);
    expect(baseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => baseConfig({ AUTH_RATE_LIMIT_MAX: '0' })).toThrow(ConfigError);
    expect(() => baseConfig({ CHAT_MESSAGE_BURST: 'muchos' })).toThrow(ConfigError);
    expect(() => baseConfig({ TRUST_PROXY: 'haproxy.local' })).toThrow(ConfigError);
    expect(baseConfig({ WIDGET_CONNECT_MAX: '200', WIDGET_CONNECT_WINDOW_SECONDS: '300' }).widgetConnectLimit).toEqual({ max: 200, windowSeconds: 300 });
    expect(() => baseConfig({ WIDGET_CONNECT_MAX: '-1' })).toThrow(ConfigError);
    expect(() => baseConfig({ WIDGET_CONNECT_WINDOW_SECONDS: '1.5' })).toThrow(ConfigError);
  });
});

describe('the wait in the refusal text', () => {
  it('says seconds under two minutes and minutes beyond, never zero', () => {
    expect(waitInWords(0)).toBe('1 segundo');
    expect(waitInWords(1000)).toBe('1 segundo');
    expect(waitInWords(1001)).toBe('2 segundos');
    expect(waitInWords(45_000)).toBe('45 segundos');
    expect(waitInWords(119_000)).toBe('119 segundos');
    expect(waitInWords(14 * 60_000)).toBe('14 minutos');
  });
});
