const WEEKDAYS: Record<number, string> = { 1: 'lunes', 2: 'martes', 3: 'miércoles', 4: 'jueves', 5: 'viernes', 6: 'sábado', 7: 'domingo' };

/**
 * The Spanish refusals of the settings calls. SPEC §8 words none of them (its texts are
 * the client's toasts, in src/shared/messages.ts); they name what was wrong so the page can show it.
 */
export const SETTINGS_TEXT = {
  splitNotFound: 'El split no existe',
  splitBusy: 'El split tiene conversaciones en cola o en curso; espere a que terminen o trasládelas antes de eliminarlo',
  scheduleNotFound: 'El horario no existe',
  scheduleOverlap: (dia: number, start: string, end: string) => `El horario se cruza con otro del mismo día (${WEEKDAYS[dia] ?? dia} ${start}–${end})`,
  deriveNotFound: 'La derivación no existe',
  deriveExists: 'El split ya está en la lista de derivados',
  deriveToItself: 'Un split no puede derivarse a sí mismo',
  agentNotFound: 'El asesor no existe',
  agentSplitNotFound: 'El asesor no está asignado a ese split',
  agentSplitExists: 'El asesor ya está asignado a ese split',
  reasonNotFound: 'La causal no existe',
  pauseEventNotFound: 'El evento de pausa no existe',
  endMessageNotFound: 'El mensaje no existe',
  templateNotFound: 'La plantilla no existe',
  contactNotFound: 'El contacto no existe',
  virtualAgentNotFound: 'El asistente virtual no existe',
  sessionExpiryNotFound: 'El tipo de expiración de sesión no existe en este asistente virtual',
  workspaceNotFound: 'El workspace no existe',
  responseNodeNotFound: 'El nodo no existe en el workspace',
  answerNotFound: 'El nodo no tiene respuesta',
  cityNotFound: 'La ciudad seleccionada no existe',
  // Funcionalidades (issue 38)
  featureNotFound: (id: number) => `idFeature: La funcionalidad ${id} no existe`,
  // Regionales (issue 38)
  regionNotFound: 'La regional no existe',
  departmentNotFound: 'El departamento no existe',
  regionHasDepartments: (count: number) =>
    `La regional tiene ${count === 1 ? 'un departamento asignado' : `${count} departamentos asignados`}; muévalos a otra regional antes de eliminarla`,
  workingHoursOrder: 'horaLaboralFin: La hora final debe ser posterior a la hora inicial',
  // Administration (issue 19)
  organizationNotFound: 'La compañía no existe',
  schemaTaken: 'schemaName: El esquema ingresado ya está en uso por otra compañía',
  ownOrganization: 'No puede desactivar ni eliminar la compañía a la que pertenece',
  userNotFound: 'El usuario no existe',
  ownUser: 'No puede desactivar ni eliminar su propio usuario',
  ownRole: 'role: No puede cambiar su propio rol'
} as const;
