import { DEFAULT_IDENTIFICATION_TYPE } from '../../shared/domain/directory';
import type { EntryFormField } from '../../shared/domain/entry-form';
import { DEFAULT_WIDGET_THEME, type WidgetDesign } from '../../shared/domain/widget-design';
import { DEMO_ORG_ID, OTHER_ORG_ID } from './demo-data';

/** The people an agent can refer a customer to, per virtual agent (one inactive, to show the filter). */
export const DEMO_DIRECTORY_CONTACTS = [
  {
    idContact: 1,
    organizationId: DEMO_ORG_ID,
    idVa: 1,
    nombre: 'Mariana Restrepo',
    email: 'mariana.restrepo@demo.co',
    telefono: '+57 604 444 1020',
    identificacion: '43876512',
    tipoIdentificacion: DEFAULT_IDENTIFICATION_TYPE,
    idCity: 5001,
    activo: true,
    listadoMensajes: [
      'Para temas de cartera puedes comunicarte con Mariana Restrepo al +57 604 444 1020, de lunes a viernes de 8:00 a. m. a 5:00 p. m.',
      'También puedes escribirle a mariana.restrepo@demo.co indicando tu número de documento.'
    ]
  },
  {
    idContact: 2,
    organizationId: DEMO_ORG_ID,
    idVa: 1,
    nombre: 'Jorge Iván Salazar',
    email: 'mesadeayuda@demo.co',
    telefono: '+57 601 742 3300',
    identificacion: '79543218',
    tipoIdentificacion: DEFAULT_IDENTIFICATION_TYPE,
    idCity: 11001,
    activo: true,
    listadoMensajes: ['La mesa de ayuda en Bogotá atiende en el +57 601 742 3300 las 24 horas.']
  },
  {
    idContact: 3,
    organizationId: DEMO_ORG_ID,
    idVa: 1,
    nombre: 'Paola Andrea Mejía',
    email: 'paola.mejia@demo.co',
    telefono: '+57 602 385 9900',
    identificacion: '66983421',
    tipoIdentificacion: DEFAULT_IDENTIFICATION_TYPE,
    idCity: 76001,
    activo: true,
    listadoMensajes: ['En Cali te atiende Paola Andrea Mejía en el +57 602 385 9900.']
  },
  {
    idContact: 4,
    organizationId: DEMO_ORG_ID,
    idVa: 1,
    nombre: 'Ricardo Palacio',
    email: 'ricardo.palacio@demo.co',
    telefono: '+57 605 330 4500',
    identificacion: '72154987',
    tipoIdentificacion: DEFAULT_IDENTIFICATION_TYPE,
    idCity: 8001,
    activo: false,
    listadoMensajes: []
  },
  {
    idContact: 5,
    organizationId: DEMO_ORG_ID,
    idVa: 1,
    nombre: 'Logística Express S.A.S.',
    email: 'servicio@logisticaexpress.co',
    telefono: '+57 607 634 2211',
    identificacion: '900123456-7',
    tipoIdentificacion: 'NIT',
    idCity: 68001,
    activo: true,
    listadoMensajes: ['Para el seguimiento de envíos comunícate con Logística Express S.A.S. al +57 607 634 2211.']
  },
  {
    idContact: 6,
    organizationId: DEMO_ORG_ID,
    idVa: 2,
    nombre: 'Andrea Cárdenas',
    email: 'ventas.corporativas@demo.co',
    telefono: '+57 601 742 3310',
    identificacion: '52789341',
    tipoIdentificacion: DEFAULT_IDENTIFICATION_TYPE,
    idCity: 11001,
    activo: true,
    listadoMensajes: ['Para compras corporativas escribe a ventas.corporativas@demo.co o llama al +57 601 742 3310.']
  },
  {
    idContact: 7,
    organizationId: DEMO_ORG_ID,
    idVa: 2,
    nombre: 'Hernán Duque',
    email: 'hernan.duque@demo.co',
    telefono: '+57 604 444 1030',
    identificacion: '98654123',
    tipoIdentificacion: 'CÉDULA EXTRANJERÍA',
    idCity: 5266,
    activo: true,
    listadoMensajes: ['Hernán Duque atiende las ventas en el Valle de Aburrá: +57 604 444 1030.']
  },
  {
    idContact: 8,
    organizationId: OTHER_ORG_ID,
    idVa: 3,
    nombre: 'Luisa Fernanda Rincón',
    email: 'luisa.rincon@otra.co',
    telefono: '+57 601 555 0101',
    identificacion: '1020304050',
    tipoIdentificacion: DEFAULT_IDENTIFICATION_TYPE,
    idCity: 11001,
    activo: true,
    listadoMensajes: ['Atención al cliente de Otra Entidad: +57 601 555 0101.']
  }
] as const;

export const DEMO_DOCUMENT_TYPES = ['CÉDULA CIUDADANIA', 'CÉDULA EXTRANJERÍA', 'PASAPORTE', 'NIT'];

type FieldTemplate = Pick<EntryFormField, 'label' | 'fieldType' | 'required' | 'options'>;

/** The entry form every demo virtual agent asks before the chat starts, in order. */
export const DEMO_ENTRY_FORM: readonly FieldTemplate[] = [
  { label: 'Nombre completo', fieldType: 'text', required: true, options: [] },
  { label: 'Tipo de documento', fieldType: 'select', required: true, options: DEMO_DOCUMENT_TYPES },
  { label: 'Número de documento', fieldType: 'document', required: true, options: [] },
  { label: 'Correo electrónico', fieldType: 'email', required: false, options: [] },
  { label: 'Teléfono', fieldType: 'phone', required: false, options: [] }
];

/** The virtual agents that get the entry form (va 1 and 2 of org 100, va 3 of org 200). */
export const DEMO_ENTRY_FORM_AGENTS = [
  { idVa: 1, organizationId: DEMO_ORG_ID },
  { idVa: 2, organizationId: DEMO_ORG_ID },
  { idVa: 3, organizationId: OTHER_ORG_ID }
] as const;

/** Va 1 has its own design (a deeper blue and Open Sans); va 2 and 3 use the default theme. */
export const DEMO_WIDGET_DESIGN: { organizationId: number; idVa: number; design: WidgetDesign } = {
  organizationId: DEMO_ORG_ID,
  idVa: 1,
  design: {
    colores: {
      ...DEFAULT_WIDGET_THEME.colores,
      header: { background: '#0b4f8a', color: '#ffffff' },
      principal: { background: '#0b4f8a', color: '#ffffff' },
      botonesPasos: { background: '#0b4f8a', color: '#ffffff' },
      footer: { background: '#ffffff', iconsColor: '#0b4f8a' }
    },
    font: { family: 'Open Sans', category: 'sans-serif', variant: 'regular' }
  }
};
