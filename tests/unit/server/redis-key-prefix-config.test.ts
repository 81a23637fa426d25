import { describe, expect, it } from 'vitest';
import { baseConfig, ConfigError, USAGE } from '../../../src/server/config';
import { adapterNames } from '../../../src/server/realtime/redis';

describe('REDIS_KEY_PREFIX (platforms sharing one Redis)', () => {
  it('defaults to none, which keeps the socket.io adapter’s own names', () => {
    expect(baseConfig({}).redisKeyPrefix).toBe('');
    expect(adapterNames('')).toEqual({ streamName: 'socket.io', channelPrefix: 'socket.io', sessionKeyPrefix: 'sio:session:' });
    expect(USAGE).toContain('REDIS_KEY_PREFIX');
  });

  it('puts the prefix before every name the adapter uses', () => {
    expect(baseConfig({ REDIS_KEY_PREFIX: 'centro-2:' }).redisKeyPrefix).toBe('centro-2:');
    expect(adapterNames('centro-2:')).toEqual({ streamName: 'centro-2:socket.io', channelPrefix: 'centro-2:socket.io', sessionKeyPrefix: 'centro-2:sio:session:' });
  });

  it('refuses spaces, control characters, glob signs and more than 64 characters, in Spanish', () => {
    for (const bad of ['centro 2', 'a\r\nb', 'a\u0000', 'centro*', 'a?', '[x]', 'x'.repeat(65), 'ñ']) {
      expect(() => baseConfig({ REDIS_KEY_PREFIX: bad })).toThrow(ConfigError);
      expect(() => baseConfig({ REDIS_KEY_PREFIX: bad })).toThrow('REDIS_KEY_PREFIX admite solo letras, números y los signos : _ . - (hasta 64 caracteres)');
    }
    expect(baseConfig({ REDIS_KEY_PREFIX: 'x'.repeat(64) }).redisKeyPrefix).toHaveLength(64);
  });
});
