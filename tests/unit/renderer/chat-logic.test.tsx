// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { buildRows, isSavable, mergeMessage, mergeMessages, previewText } from '../../../src/renderer/features/chat/messages';
import { filterContacts, fold } from '../../../src/renderer/features/chat/directory';
import { bubbleColours } from '../../../src/renderer/features/chat/theme';
import { contrast, readable } from '../../../src/shared/color';
import { fileToBase64, uploadContentType } from '../../../src/renderer/features/chat/files';
import { AgentDirectoryContact } from '../../../src/shared/domain/directory';
import { END_MESSAGES, message } from './chat-data';

const seqs = (list: { seq: number; clientId: string | null }[]) => list.map((m) => (m.seq > 0 ? m.seq : m.clientId));

describe('mergeMessage', () => {
  it('keeps stored messages in seq order and pending ones after them', () => {
    let list = [message({ seq: 1 }), message({ seq: 3 })];
    list = mergeMessage(list, message({ seq: 0, clientId: 'pend-aaaa', pending: true, tipoUsuario: 'ASESOR' }));
    list = mergeMessage(list, message({ seq: 2 }));
    list = mergeMessage(list, message({ seq: 5 }));
    expect(seqs(list)).toEqual([1, 2, 3, 5, 'pend-aaaa']);
  });

  it('replaces a pending message by its stored copy and drops repeats', () => {
    let list = [message({ seq: 1 }), message({ seq: 0, clientId: 'pend-bbbb', pending: true })];
    list = mergeMessage(list, message({ seq: 2, clientId: 'pend-bbbb', mensaje: 'guardado' }));
    list = mergeMessage(list, message({ seq: 2, clientId: 'pend-bbbb', mensaje: 'guardado' }));
    list = mergeMessage(list, message({ seq: 1, mensaje: 'repetido' }));
    expect(seqs(list)).toEqual([1, 2]);
    expect(list.map((m) => m.pending)).toEqual([false, false]);
    expect(list[1]?.mensaje).toBe('guardado');
  });

  it('merges a loaded thread with what arrived while it loaded', () => {
    const loaded = [message({ seq: 1 }), message({ seq: 2 })];
    const arrived = [message({ seq: 3 }), message({ seq: 2 })];
    expect(seqs(mergeMessages(loaded, arrived))).toEqual([1, 2, 3]);
  });
});

describe('buildRows', () => {
  it('puts the bot history under its heading and a divider before the human exchange', () => {
    const rows = buildRows(
      [message({ seq: 1, tipoUsuario: 'CLIENTE' }), message({ seq: 2, tipoUsuario: 'BOT' }), message({ seq: 3, tipoUsuario: 'CLIENTE' }), message({ seq: 4, tipoUsuario: 'ASESOR' })],
      '2026-03-02T15:00:00'
    );
    expect(rows.map((r) => (r.kind === 'message' ? `${r.phase}:${r.message.seq}` : r.kind))).toEqual([
      'bot-start',
      'bot:1',
      'bot:2',
      'divider',
      'human:3',
      'human:4'
    ]);
  });

  it('has no heading nor divider without bot messages', () => {
    expect(buildRows([message({ seq: 1 }), message({ seq: 2, tipoUsuario: 'ASESOR' })], null).map((r) => r.kind)).toEqual(['message', 'message']);
  });
});

describe('previewText', () => {
  it('resolves COMMAND messages, shows files and marks the agent', () => {
    expect(previewText(message({ seq: 1, tipoMensaje: 'COMMAND', tipoUsuario: 'SISTEMA', mensaje: 'FCFHL' }), END_MESSAGES)).toBe('Estamos fuera del horario de atención');
    expect(previewText(message({ seq: 1, tipoMensaje: 'COMMAND', mensaje: 'XXXX' }), END_MESSAGES)).toBe('');
    expect(previewText(message({ seq: 1, mensaje: 'ver', adjunto: { contentType: 'a/b', name: 'f.pdf', url: '/x' } }), [])).toBe('📎 f.pdf · ver');
    expect(previewText(message({ seq: 1, tipoUsuario: 'ASESOR', mensaje: 'Hola\n  cliente' }), [])).toBe('Usted: Hola cliente');
    expect(previewText(null, [])).toBe('');
  });
});

describe('isSavable', () => {
  it('accepts only files this platform serves', () => {
    expect(isSavable('/api/multimedia/descargar/abc_1')).toBe(true);
    expect(isSavable('/widget/files/xyz')).toBe(true);
    expect(isSavable('https://cdn.example.com/a.png')).toBe(false);
    expect(isSavable('/api/multimedia/descargar/../secreto')).toBe(false);
  });
});

describe('the directory search', () => {
  const list = AgentDirectoryContact.array().parse([
    { idCiudad: 1, ciudad: 'Bogotá', departamento: 'Cundinamarca', email: '', identificacion: '123', idVa: 1, listadoMensajes: [], nombre: 'Ana Núñez', telefono: '' },
    { idCiudad: 2, ciudad: 'Cali', departamento: 'Valle del Cauca', email: '', identificacion: '456', idVa: 1, listadoMensajes: [], nombre: 'Luis Peña', telefono: '' }
  ]);
  it('ignores case and accents and needs every word to match', () => {
    expect(fold('  BogOTÁ ')).toBe('bogota');
    expect(filterContacts(list, 'nunez').map((c) => c.nombre)).toEqual(['Ana Núñez']);
    expect(filterContacts(list, 'valle 456').map((c) => c.nombre)).toEqual(['Luis Peña']);
    expect(filterContacts(list, 'valle 123')).toEqual([]);
    expect(filterContacts(list, '   ')).toHaveLength(2);
  });
  it('gives contacts without a type the default identification type', () => {
    expect(list[0]?.tipoIdentificacion).toBe('CÉDULA CIUDADANIA');
  });
});

describe('bubble colours', () => {
  it('keeps a readable pair and fixes an unreadable one', () => {
    expect(readable({ background: '#f1f3f4', color: '#1f1f1f' })).toEqual({ background: '#f1f3f4', color: '#1f1f1f' });
    const fixed = readable({ background: '#639ad9', color: '#ffffff' });
    expect(fixed.background).toBe('#639ad9');
    expect(contrast(fixed.background, fixed.color)).toBeGreaterThanOrEqual(4.5);
    for (const pair of Object.values(bubbleColours())) expect(contrast(pair.background, pair.color)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('upload helpers', () => {
  it('reads a file as base64 in chunks', async () => {
    expect(await fileToBase64(new Blob(['hola']))).toBe('aG9sYQ==');
    const bytes = new Uint8Array(100_000).map((_, i) => i % 251);
    const decoded = atob(await fileToBase64(new Blob([bytes])));
    expect(decoded.length).toBe(bytes.length);
    expect([...decoded].every((ch, i) => ch.charCodeAt(0) === bytes[i])).toBe(true);
  });
  it('sends a clean content type, or binary when unknown', () => {
    expect(uploadContentType({ type: 'Image/PNG' })).toBe('image/png');
    expect(uploadContentType({ type: 'text/plain; charset=utf-8' })).toBe('text/plain');
    expect(uploadContentType({ type: '' })).toBe('application/octet-stream');
  });
});
