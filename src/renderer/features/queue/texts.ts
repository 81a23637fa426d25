/** The 'Cola de chats' screen's texts (SPEC §2 'Chats in queue'). */
export const QUEUE_TEXT = {
  list: 'Chats en espera',
  none: 'No hay chats esperando en la cola en este momento.',
  idConv: 'Conversación',
  entered: 'Fecha de entrada',
  status: 'Estado',
  split: 'Split',
  waited: 'Espera',
  customer: 'Datos del cliente',
  summary: 'El chat en espera',
  actions: 'Acciones',
  assign: 'Asignar',
  move: 'Mover',
  assignTitle: (id: string) => `Asignar el chat ${id}`,
  moveTitle: (id: string) => `Mover el chat ${id} a otro split`,
  agent: 'Asesor',
  targetSplit: 'Split de destino',
  agentRequired: 'Seleccione el asesor',
  splitRequired: 'Seleccione el split',
  noAgents: 'No hay asesores conectados con cupo para otro chat',
  loadFailed: 'No fue posible consultar la cola de chats',
  agentsFailed: 'No fue posible consultar el estado de los asesores',
  assigned: 'Chat asignado',
  moved: 'Chat movido de split',
  actionFailed: 'No fue posible completar la acción',
  wallboard: 'Tablero de pared'
} as const;

/** The entry-form answers as one line ('Nombre: Ana · Documento: 123'). */
export function customerLine(data: Record<string, string>): string {
  return Object.entries(data)
    .filter(([, v]) => v.trim() !== '')
    .map(([k, v]) => `${k}: ${v}`)
    .join(' · ');
}
