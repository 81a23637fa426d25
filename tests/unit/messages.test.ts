import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import {
  CHANNEL_COLOURS,
  DEFAULTS,
  FILE_NAMES,
  INDICATOR_IDS,
  PERCENT_INDICATOR_IDS,
  STORAGE_KEYS,
  TOKEN_VALIDITY_MS,
  UI,
  historyCsvFileName
} from '../../src/shared/constants';

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('MSG, spelled as SPEC §8 writes it', () => {
  it('keeps session and generic texts', () => {
    expect(MSG.session.invalidCredentials).toBe('Usuario o contraseña inválidos');
    expect(MSG.session.userLocked).toBe('Usuario ha sido bloqueado');
    expect(MSG.generic.serverError).toBe(
      'Se ha presentado un error en el servidor. Inténtelo mas tarde'
    );
    expect(MSG.generic.unauthorized).toBe('Usuario no autorizado');
    expect(MSG.generic.errorTitle).toBe('Algo salió mal');
    expect(MSG.generic.reloadPage).toBe('Recargar Página');
  });

  it('keeps the product typos', () => {
    expect(MSG.templates.loadFailed).toBe('Error al obtener plantilllas de respuesta.');
    expect(MSG.splits.bulkUpdateFailed).toBe('Error al actualizar splits .');
    expect(MSG.notifications.eventDeleted).toBe('El evento se elimino correctamente.');
  });

  it('has a sample of area texts', () => {
    expect(MSG.dashboard.fontsLoadFailed).toBe('Error al cargar Google Fonts');
    expect(MSG.locations.loadFailed).toBe('Error al cargar la lista de regionales/departamentos');
    expect(MSG.parameters.maxChatsUpdated).toBe('Número de chats actualizado');
    expect(MSG.pauseEvents.deleted).toBe('Evento de pausa eliminado');
    expect(MSG.contacts.createFailed).toBe('Se ha producido un error al crear el nuevo contacto.');
    expect(MSG.contacts.empty).toBe('No hay contactos disponibles para mostrar');
    expect(MSG.sessionExpiry.updateFailed).toBe(
      'No se pudo actualizar la configuración de expiración de sesión'
    );
    expect(MSG.entryForm.reorderFailed).toBe('Error al reordenar el formulario de entrada.');
    expect(MSG.emails.loadFailed).toBe('Error al obtener configuración de correos.');
    expect(MSG.features.updateFailed).toBe('Error al actualizar funcionalidad.');
    expect(MSG.integrations.logLoadFailed).toBe('Error al cargar Log de Integraciones');
    expect(MSG.widget.configUpdateFailed).toBe('Error al actualizar configuración del widget');
    expect(MSG.reports.loadFailed).toBe('Error al obtener reporte');
    expect(MSG.companies.deleted).toBe('Compañía eliminada exitosamente');
    expect(MSG.files.uploadFailed).toBe('Error al subir archivo');
    expect(MSG.splits.bulkUpdated).toBe('Splits actualizados con éxito.');
    expect(MSG.schedules.updated).toBe('Horario actualizado');
    expect(MSG.transfers.added).toBe('Split agregado a lista de derivados');
    expect(MSG.workspaces.answerUpdated).toBe('Respuesta actualizada');
    expect(MSG.users.passwordUpdated).toBe('La contraseña se actualizó correctamente.');
  });

  it('has a load-error text for every indicator', () => {
    for (const id of INDICATOR_IDS) {
      expect(MSG.statistics.indicatorLoadFailed[id]).toMatch(/^Error al obtener /);
    }
  });

  it('has no empty text', () => {
    const all = strings(MSG);
    expect(all.length).toBeGreaterThan(150);
    for (const text of all) expect(text.trim().length).toBeGreaterThan(0);
  });
});

describe('SPEC §9 constants', () => {
  it('has the interface limits', () => {
    expect(UI.toast).toEqual({ max: 3, autoHideMs: 5000 });
    expect(UI.banner).toEqual({ max: 3, autoHideMs: 10000 });
    expect(UI.emptyContactsNoticeMs).toBe(3000);
    expect(UI.drawer.width).toBe(260);
    expect(UI.loadingBar).toEqual({ intervalMs: 400, step: 20, max: 99 });
    expect(UI.defaultHistoryPageSize).toBe(10);
    expect(UI.libraryLabels.rowsPerPage).toBe('Filas por página:');
    expect(UI.libraryLabels.loading).toBe('Cargando…');
  });

  it('has colours, defaults, file names, token window and storage keys', () => {
    expect(CHANNEL_COLOURS).toEqual({ Facebook: '#CDE1FB', Whatsapp: '#DCF3E6', Web: '#E7D5F8' });
    expect(DEFAULTS.identificationType).toBe('CÉDULA CIUDADANIA');
    expect(DEFAULTS.notificationCompanyId).toBe(100);
    expect(FILE_NAMES).toEqual({ accessLog: 'usuarios.csv', causalesReport: 'reporteCausales.csv' });
    expect(historyCsvFileName('2024-03-01', '2024-03-05')).toBe(
      'historico_2024-03-01_2024-03-05.csv'
    );
    expect(TOKEN_VALIDITY_MS).toBe(24 * 60 * 60 * 1000);
    expect(STORAGE_KEYS.accessToken).toBe('access_token');
    expect([...PERCENT_INDICATOR_IDS].sort()).toEqual(
      ['FCR', 'NS', 'NivelAbandono', 'NivelRespuestaBOT', 'RU'].sort()
    );
  });
});
