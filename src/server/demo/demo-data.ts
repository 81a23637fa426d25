import type { RoleId } from '../../shared/roles';

/** The deterministic demo data set: the same input gives the same rows, everywhere. */

export const DEMO_PASSWORD = 'Atiende2026!';

export const DEMO_ORG_ID = 100;
export const OTHER_ORG_ID = 200;

export const DEMO_ORGANIZATIONS = [
  { idOrg: DEMO_ORG_ID, name: 'Demo Contact Center', schemaName: 'demo_contact_center', organizationType: 'Contact center' },
  { idOrg: OTHER_ORG_ID, name: 'Otra Entidad S.A.S.', schemaName: 'otra_entidad', organizationType: 'Entidad' }
] as const;

export const DEMO_VIRTUAL_AGENTS = [
  { idVa: 1, organizationId: DEMO_ORG_ID, name: 'Asistente Demo' },
  { idVa: 2, organizationId: DEMO_ORG_ID, name: 'Asistente Ventas' },
  { idVa: 3, organizationId: OTHER_ORG_ID, name: 'Asistente Otra' }
] as const;

export const DEMO_CHANNEL_TYPES = [
  { idChannel: 1, key: 'channel1', label: 'Facebook' },
  { idChannel: 2, key: 'channel2', label: 'Whatsapp' },
  { idChannel: 3, key: 'channel3', label: 'Web' }
] as const;

export interface DemoUser {
  idUser: number;
  email: string;
  name: string;
  role: RoleId;
  organizationId: number;
  /** How long ago the password was last changed. */
  passwordAgeDays: number;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { idUser: 1, email: 'superadmin@demo.co', name: 'Sofía Ramírez', role: 1, organizationId: DEMO_ORG_ID, passwordAgeDays: 0 },
  { idUser: 2, email: 'supervisualizador@demo.co', name: 'Andrés Gómez', role: 2, organizationId: DEMO_ORG_ID, passwordAgeDays: 0 },
  { idUser: 3, email: 'admin@demo.co', name: 'Carolina Martínez', role: 3, organizationId: DEMO_ORG_ID, passwordAgeDays: 0 },
  { idUser: 4, email: 'visualizador@demo.co', name: 'Julián Torres', role: 4, organizationId: DEMO_ORG_ID, passwordAgeDays: 0 },
  { idUser: 5, email: 'asesor@demo.co', name: 'Valentina López', role: 5, organizationId: DEMO_ORG_ID, passwordAgeDays: 0 },
  { idUser: 6, email: 'supervisor@demo.co', name: 'Camilo Herrera', role: 6, organizationId: DEMO_ORG_ID, passwordAgeDays: 0 },
  { idUser: 7, email: 'admin@otra.co', name: 'Mauricio Pérez', role: 3, organizationId: OTHER_ORG_ID, passwordAgeDays: 0 },
  // Shows the forced password change: last changed long before the 90-day expiry.
  { idUser: 8, email: 'expirado@demo.co', name: 'Diana Castro', role: 4, organizationId: DEMO_ORG_ID, passwordAgeDays: 400 }
];

/** The client texts of each end-of-conversation type, in SPEC §9 order (the last is fin). */
export function demoEndMessages(organizationName: string): { acronym: string; clientMessage: string }[] {
  return [
    {
      acronym: 'CCCNE',
      clientMessage: 'Cerramos esta conversación porque no recibimos respuesta. Si necesitas algo más, escríbenos de nuevo.'
    },
    {
      acronym: 'FCCC',
      clientMessage: `Gracias por comunicarte con ${organizationName}. Has finalizado la conversación.`
    },
    {
      acronym: 'FCCA',
      clientMessage: 'Tu asesor ha finalizado la conversación. ¡Gracias por escribirnos, que tengas un buen día!'
    },
    {
      acronym: 'FCTIC',
      clientMessage: 'La conversación finalizó por inactividad. Cuando lo necesites, puedes escribirnos de nuevo.'
    },
    {
      acronym: 'FCTIA',
      clientMessage: 'Lamentamos la espera. La conversación se cerró por inactividad; escríbenos de nuevo y te atenderemos.'
    },
    {
      acronym: 'FCFHL',
      clientMessage: `En este momento estamos fuera del horario de atención de ${organizationName}. Te responderemos en el próximo horario hábil.`
    }
  ];
}
