import { UI } from '../../shared/constants';

/** The interface texts of the shared data components (filter bar, charts, tables, states). */
export const DATA_TEXT = {
  loading: UI.libraryLabels.loading,
  empty: UI.libraryLabels.empty,
  emptyDetail: 'No hay datos para los filtros seleccionados.',
  noOptions: UI.libraryLabels.noOptions,
  clear: UI.libraryLabels.clear,
  close: UI.libraryLabels.close,
  paginator: UI.libraryLabels.paginator,
  rowsPerPage: UI.libraryLabels.rowsPerPage,
  retry: 'Reintentar',
  all: 'Todos',
  allFemale: 'Todas',
  saveImage: 'Guardar imagen',
  savingImage: 'Guardando imagen…',
  imageSaved: (path: string) => `Imagen guardada en ${path}`,
  imageTooLarge: 'La imagen del gráfico supera el tamaño permitido',
  imageUnavailable: 'El gráfico aún no está disponible para guardarlo',
  total: 'Total',
  previousPage: 'Página anterior',
  nextPage: 'Página siguiente',
  pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,
  sortBy: (column: string, next: 'asc' | 'desc') => `${column}: ordenar ${next === 'asc' ? 'de la más antigua a la más reciente' : 'de la más reciente a la más antigua'}`,
  results: (n: string) => `${n} resultados`,
  filters: 'Filtros',
  startDate: 'Fecha inicial',
  endDate: 'Fecha final',
  endBeforeStart: 'La fecha final debe ser igual o posterior a la fecha inicial',
  invalidDate: 'Ingrese una fecha válida'
} as const;
