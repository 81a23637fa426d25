import { z } from 'zod';

/** Where the desktop app's own update stands (issue 41), as the header's chip shows it. */
export const UpdatePhase = z.enum(['idle', 'downloading', 'ready']);
export type UpdatePhase = z.infer<typeof UpdatePhase>;

export const UpdateView = z.object({
  phase: UpdatePhase,
  /** The version downloading or ready; null while idle. */
  version: z.string().nullable(),
  /** 'Instalar ahora' is offered: ready, no chat held, and the agent is not receiving chats. */
  canInstallNow: z.boolean()
});
export type UpdateView = z.infer<typeof UpdateView>;

export const UPDATE_TEXT = {
  ready: 'Actualización lista: se instalará al cerrar turno',
  installNow: 'Instalar ahora',
  /** 'update:install' refused: the state changed between the offer and the click. */
  notNow: 'La actualización se instalará al cerrar turno: termine sus chats y pase a Pausa o Desconectado para instalarla ahora'
} as const;
