import { and, eq } from 'drizzle-orm';
import { sessionExpirationTypes } from '../db/schema';
import { createSessionExpiryDefaults } from '../settings/repositories/session-expiry';
import { DEMO_VIRTUAL_AGENTS } from './demo-data';
import type { SeedModule } from './types';

/**
 * The session-expiry types of the demo assistants (expiracion-sesion): each starts as a new
 * organisation's would (its chat parameters' inactivity and its CCCNE / FCTIC end messages, so
 * after the chat parameters and end messages), and the sales assistant gives its customers longer
 * with an agent (a quote takes a while to prepare).
 */
export const sessionExpirySeed: SeedModule = {
  name: 'session-expiry',
  async run(db, { now }) {
    for (const va of DEMO_VIRTUAL_AGENTS) await createSessionExpiryDefaults(db, va.organizationId, va.idVa);
    const sales = DEMO_VIRTUAL_AGENTS[1];
    await db
      .update(sessionExpirationTypes)
      .set({
        closingTime: 45,
        clientMessage: 'Cerramos esta conversación con tu asesor de ventas porque no recibimos respuesta. Cuando quieras retomar tu cotización, escríbenos de nuevo.',
        updatedAt: now
      })
      .where(and(eq(sessionExpirationTypes.idVa, sales.idVa), eq(sessionExpirationTypes.kind, 'ASESOR')));
  }
};
