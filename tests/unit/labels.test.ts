import { describe, expect, it } from 'vitest';
import { AGENT_STATUSES } from '../../src/shared/domain/chat';
import { INTEGRATION_STATUSES } from '../../src/shared/domain/report';
import {
  AGENT_STATUS_LABELS,
  CONVERSATION_STATE_LABELS,
  END_ACRONYM_MEANINGS,
  INTEGRATION_STATUS_LABELS,
  NOTIFICATION_EVENT_LABELS,
  NOTIFICATION_STATUS_LABELS,
  RECIPIENT_ROLE_LABELS,
  SENDER_LABELS,
  agentStatusLabel,
  agentStatusOf,
  conversationLabel,
  endAcronymLabel,
  integrationServiceLabel,
  labelOf,
  shortConversationId,
  wordsOfCode
} from '../../src/shared/labels';
import { CONVERSATION_STATES, END_ACRONYMS, SENDER_TYPES } from '../../src/shared/realtime';

describe('the agent state: one word everywhere', () => {
  it('reads the console codes and the service words alike', () => {
    expect(agentStatusLabel('CONECTADO')).toBe('Conectado');
    expect(agentStatusLabel('Activo')).toBe('Conectado');
    expect(agentStatusLabel('PAUSA')).toBe('Pausa');
    expect(agentStatusLabel('Pausa')).toBe('Pausa');
    expect(agentStatusLabel('DESCONECTADO')).toBe('Desconectado');
    expect(agentStatusLabel('Desconectado')).toBe('Desconectado');
  });

  it('takes anything unknown as Desconectado (SPEC §4), never showing the raw value', () => {
    for (const odd of ['', 'activo', 'ONLINE', '<script>']) expect(agentStatusOf(odd)).toBe('DESCONECTADO');
  });

  it('labels every state the console stores', () => {
    for (const status of AGENT_STATUSES) expect(AGENT_STATUS_LABELS[status]).toMatch(/^[A-Z][a-z]+$/);
  });
});

describe('the codes of the platform as Spanish words', () => {
  it('labels every sender and integration status, and the notification statuses', () => {
    for (const sender of SENDER_TYPES) expect(SENDER_LABELS[sender]).not.toBe(sender);
    expect(SENDER_LABELS.BOT).toBe('Asistente virtual');
    for (const status of INTEGRATION_STATUSES) expect(INTEGRATION_STATUS_LABELS[status]).not.toBe(status);
    expect(labelOf(NOTIFICATION_STATUS_LABELS, 'ENVIADA')).toBe('Enviada');
    expect(labelOf(NOTIFICATION_STATUS_LABELS, 'FALLIDA')).toBe('Fallida');
    expect(labelOf(RECIPIENT_ROLE_LABELS, 'SUPERVISOR')).toBe('Supervisor');
    expect(labelOf(NOTIFICATION_EVENT_LABELS, 'CHAT_NO_ATENDIDO')).toBe('Chat no atendido');
    expect(labelOf(NOTIFICATION_EVENT_LABELS, 'CONTRASENA_POR_VENCER')).toBe('Contraseña por vencer');
  });

  it("labels every conversation state in the statistics lists' words (the queue screen's Estado)", () => {
    expect(CONVERSATION_STATES.map((state) => labelOf(CONVERSATION_STATE_LABELS, state))).toEqual(['Asistente virtual', 'En cola', 'Asignado', 'Activo', 'Finalizado']);
    expect(labelOf(CONVERSATION_STATE_LABELS, 'EN_ESPERA_NUEVO')).toBe('En espera nuevo');
  });

  it('turns a code no map knows into words, and leaves other text as it is', () => {
    expect(labelOf(NOTIFICATION_EVENT_LABELS, 'NUEVO_EVENTO_2')).toBe('Nuevo evento 2');
    expect(wordsOfCode('ENVIADA')).toBe('Enviada');
    expect(wordsOfCode('Correo')).toBe('Correo');
    expect(wordsOfCode('ya en palabras')).toBe('ya en palabras');
    expect(wordsOfCode('_RARO_')).toBe('_RARO_');
    expect(wordsOfCode('')).toBe('');
  });

  it("reads an integration's snake-case service name as words, and leaves any other name as it is", () => {
    expect(integrationServiceLabel('consulta_saldo')).toBe('Consulta saldo');
    expect(integrationServiceLabel('validar_identidad_v2')).toBe('Validar identidad v2');
    expect(integrationServiceLabel('CRM Clientes')).toBe('CRM Clientes');
    expect(integrationServiceLabel('pagos')).toBe('pagos');
    expect(integrationServiceLabel('_raro_')).toBe('_raro_');
  });

  it('does not take inherited names for labels', () => {
    expect(labelOf(NOTIFICATION_STATUS_LABELS, 'toString')).toBe('toString');
    expect(labelOf(NOTIFICATION_STATUS_LABELS, '__proto__')).toBe('__proto__');
  });
});

describe('end-message acronyms', () => {
  it('gives each SPEC §9 acronym its meaning beside it', () => {
    for (const acronym of Object.values(END_ACRONYMS)) {
      expect(END_ACRONYM_MEANINGS[acronym].length).toBeGreaterThan(10);
      expect(endAcronymLabel(acronym)).toBe(`${acronym} — ${END_ACRONYM_MEANINGS[acronym]}`);
    }
    expect(endAcronymLabel('FCCA')).toBe('FCCA — El asesor finalizó el chat');
  });

  it('leaves an unknown acronym as it came', () => {
    expect(endAcronymLabel('XYZ')).toBe('XYZ');
  });
});

describe('conversations by customer and short id', () => {
  const id = '000007d0-8884-8741-9ec4-fa0d6b788b05';

  it('shows the random end of a UUID, not its counter or clock start', () => {
    expect(shortConversationId(id)).toBe('#6b788b05');
    expect(shortConversationId('000007cf-62b6-8cef-9471-a019f5483251')).not.toBe(shortConversationId(id));
  });

  it('keeps a short id whole', () => {
    expect(shortConversationId('K2')).toBe('#K2');
    expect(shortConversationId(' abc ')).toBe('#abc');
  });

  it('names the customer first when known', () => {
    expect(conversationLabel(id, 'Sara López')).toBe('Sara López · #6b788b05');
    expect(conversationLabel(id, '  ')).toBe('#6b788b05');
    expect(conversationLabel(id, null)).toBe('#6b788b05');
    expect(conversationLabel(id)).toBe('#6b788b05');
  });
});
