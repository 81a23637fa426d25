import { DEMO_ORG_ID, OTHER_ORG_ID } from './demo-data';
import { DEMO_FILE_IDS, demoFileUrl } from './demo-files';

/** Answer element types (SPEC §3 answer type options, plus 9 Opciones whose value is a JSON list). */
export const ELEMENT = { Texto: 1, Link: 2, Imagen: 3, Documento: 4, Video: 5, Opciones: 9 } as const;
type ElementType = (typeof ELEMENT)[keyof typeof ELEMENT];

export interface DemoNode {
  id: number;
  nodeId: string;
  nodeName: string;
  intent: string;
  examples: readonly string[];
  /** Escalates to a human: to escalateSplitId, or the workspace's default split when null. */
  escalates?: boolean;
  escalateSplitId?: number;
  elements: readonly (readonly [ElementType, string])[];
}

export interface DemoWorkspace {
  id: number;
  organizationId: number;
  idVa: number;
  name: string;
  description: string;
  defaultSplitId: number;
  nodes: readonly DemoNode[];
}

const options = (...labels: string[]): string => JSON.stringify(labels);
const SITE = 'https://www.demo-contact-center.example';

const HUMAN_EXAMPLES = [
  'hablar con un asesor',
  'asesor',
  'humano',
  'persona',
  'agente',
  'quiero hablar con una persona',
  'comunícame con un asesor',
  'necesito un asesor',
  'quiero que me atienda una persona',
  'pásame con alguien',
  'atención humana',
  'comunícame con un agente',
  'hablar con un operador',
  'prefiero hablar con alguien de verdad'
];

export const DEMO_WORKSPACES: readonly DemoWorkspace[] = [
  {
    id: 1,
    organizationId: DEMO_ORG_ID,
    idVa: 1,
    name: 'Asistente Demo',
    description: 'Atención general de Demo Contact Center: horarios, sedes, pedidos, pagos y paso a un asesor',
    defaultSplitId: 1,
    nodes: [
      {
        id: 1,
        nodeId: 'bienvenida',
        nodeName: 'Bienvenida',
        intent: 'saludo',
        examples: ['hola', 'buenos días', 'buenas tardes', 'buenas noches', 'hola, necesito ayuda', 'saludos', 'qué más', 'hola, cómo están', 'muy buenos días', 'hola, qué tal todo'],
        elements: [
          [ELEMENT.Texto, '¡Hola! Soy el Asistente Demo de Demo Contact Center. ¿En qué te puedo ayudar hoy?'],
          [ELEMENT.Opciones, options('Horarios', 'Puntos de atención', 'Hablar con un asesor')]
        ]
      },
      {
        id: 2,
        nodeId: 'horarios',
        nodeName: 'Horarios de atención',
        intent: 'horarios',
        examples: [
          'horarios',
          'horario de atención',
          'a qué hora abren',
          'hasta qué hora atienden',
          'qué días atienden',
          'atienden los domingos',
          'a qué hora cierran',
          'hora de cierre',
          'horario de los sábados',
          'están abiertos ahora',
          'abren los fines de semana',
          'en qué horario puedo ir'
        ],
        elements: [
          [
            ELEMENT.Texto,
            'Por este chat te atendemos todos los días, las 24 horas. Nuestros puntos de atención abren de lunes a viernes de 8:00 a. m. a 6:00 p. m. y los sábados de 9:00 a. m. a 1:00 p. m.'
          ]
        ]
      },
      {
        id: 3,
        nodeId: 'puntos_atencion',
        nodeName: 'Puntos de atención',
        intent: 'puntos_atencion',
        examples: [
          'puntos de atención',
          'dónde quedan las oficinas',
          'dirección de la oficina',
          'sedes',
          'oficina más cercana',
          'dónde los encuentro',
          'cuál es la dirección de la sede',
          'en qué ciudades están',
          'tienen oficinas en Cali',
          'sedes en Bogotá, Medellín o Barranquilla',
          'cómo llego a la oficina',
          'ubicación de las oficinas físicas'
        ],
        elements: [
          [ELEMENT.Texto, 'Tenemos puntos de atención en Bogotá, Medellín, Cali, Barranquilla y Bucaramanga. Consulta direcciones y horarios aquí:'],
          [ELEMENT.Link, `${SITE}/puntos-de-atencion`]
        ]
      },
      {
        id: 4,
        nodeId: 'estado_pedido',
        nodeName: 'Estado del pedido',
        intent: 'estado_pedido',
        examples: [
          'estado de mi pedido',
          'dónde está mi pedido',
          'rastrear pedido',
          'seguimiento de mi compra',
          'cuándo llega mi pedido',
          'mi pedido no ha llegado',
          'consultar mi orden',
          'mi paquete no ha llegado',
          'cuándo me entregan',
          'ya despacharon mi pedido',
          'el envío está demorado',
          'seguimiento del envío'
        ],
        elements: [
          [
            ELEMENT.Texto,
            'Para consultar tu pedido necesitas el número de orden que llegó a tu correo (empieza por PED-). Lo encuentras en «Mis pedidos» de la aplicación; si prefieres, escribe «asesor» y una persona de nuestro equipo lo revisa contigo.'
          ]
        ]
      },
      {
        id: 5,
        nodeId: 'medios_pago',
        nodeName: 'Medios de pago',
        intent: 'medios_pago',
        examples: [
          'medios de pago',
          'formas de pago',
          'puedo pagar con tarjeta',
          'pagar con PSE',
          'aceptan Nequi',
          'cómo puedo pagar',
          'pago con tarjeta débito o crédito',
          'pago en efectivo',
          'pagar con Daviplata',
          'pagar por transferencia',
          'opciones de pago',
          'cómo pago mi factura'
        ],
        elements: [
          [ELEMENT.Texto, 'Aceptamos tarjetas débito y crédito, PSE, billeteras digitales (Nequi y Daviplata) y pago en efectivo en corresponsales bancarios.'],
          [ELEMENT.Imagen, demoFileUrl(DEMO_FILE_IDS.paymentMethods)]
        ]
      },
      {
        id: 6,
        nodeId: 'documentos',
        nodeName: 'Documentos y requisitos',
        intent: 'documentos',
        examples: [
          'qué documentos necesito',
          'requisitos',
          'papeles para abrir una cuenta',
          'requisitos para afiliarme',
          'documentos necesarios',
          'qué papeles debo llevar',
          'lista de documentos',
          'qué necesito para afiliarme',
          'documentación requerida',
          'qué piden para abrir la cuenta'
        ],
        elements: [
          [ELEMENT.Texto, 'Estos son los documentos que necesitas para abrir tu cuenta. Descarga la guía en PDF:'],
          [ELEMENT.Documento, demoFileUrl(DEMO_FILE_IDS.requirements)]
        ]
      },
      {
        id: 7,
        nodeId: 'tutorial',
        nodeName: 'Tutorial de la aplicación',
        intent: 'tutorial',
        examples: [
          'tutorial',
          'video explicativo',
          'cómo uso la aplicación',
          'cómo funciona la app',
          'guía en video',
          'instrucciones de uso',
          'aprender a usar la aplicación',
          'manual',
          'ayuda para usar la app',
          'explicación de la aplicación paso a paso'
        ],
        elements: [
          [ELEMENT.Texto, 'Mira este video corto para aprender a usar nuestra aplicación:'],
          [ELEMENT.Video, `${SITE}/videos/tutorial-aplicacion.mp4`]
        ]
      },
      {
        id: 8,
        nodeId: 'asesor_humano',
        nodeName: 'Hablar con un asesor',
        intent: 'asesor_humano',
        examples: HUMAN_EXAMPLES,
        escalates: true,
        elements: [[ELEMENT.Texto, 'Te comunico con uno de nuestros asesores. Por favor espera un momento.']]
      },
      {
        id: 9,
        nodeId: 'ventas_asesor',
        nodeName: 'Hablar con ventas',
        intent: 'ventas',
        examples: [
          'quiero comprar',
          'hablar con ventas',
          'comprar un producto',
          'quiero una cotización',
          'precios de los productos',
          'área de ventas',
          'cotizar',
          'cuánto cuesta',
          'me interesa un producto',
          'adquirir un plan',
          'hablar con un vendedor'
        ],
        escalates: true,
        escalateSplitId: 2,
        elements: [[ELEMENT.Texto, 'Te comunico con nuestro equipo de ventas. En un momento te atienden.']]
      },
      {
        id: 10,
        nodeId: 'soporte_asesor',
        nodeName: 'Soporte técnico',
        intent: 'soporte_tecnico',
        examples: [
          'soporte técnico',
          'la aplicación no funciona',
          'tengo un problema técnico',
          'error en la app',
          'no puedo ingresar a la aplicación',
          'la aplicación se cierra de repente',
          'la app se bloquea',
          'no me deja entrar',
          'olvidé mi contraseña',
          'la página no carga',
          'no puedo iniciar sesión',
          'la app está lenta',
          'falla la aplicación'
        ],
        escalates: true,
        escalateSplitId: 3,
        elements: [[ELEMENT.Texto, 'Te comunico con soporte técnico para revisar el problema contigo.']]
      },
      {
        id: 11,
        nodeId: 'despedida',
        nodeName: 'Despedida',
        intent: 'despedida',
        examples: ['gracias', 'muchas gracias', 'eso es todo', 'chao', 'hasta luego', 'hasta pronto', 'gracias por la ayuda', 'perfecto, gracias', 'bye', 'que estés bien'],
        elements: [[ELEMENT.Texto, '¡Con gusto! Si necesitas algo más, aquí estaré.']]
      }
    ]
  },
  {
    id: 2,
    organizationId: DEMO_ORG_ID,
    idVa: 2,
    name: 'Asistente Ventas',
    description: 'Catálogo, medios de pago y paso al equipo de ventas',
    defaultSplitId: 2,
    nodes: [
      {
        id: 12,
        nodeId: 'bienvenida',
        nodeName: 'Bienvenida',
        intent: 'saludo',
        examples: ['hola', 'buenos días', 'buenas tardes', 'buenas noches', 'saludos'],
        elements: [
          [ELEMENT.Texto, '¡Hola! Soy el Asistente Ventas. Te ayudo a conocer nuestros productos.'],
          [ELEMENT.Opciones, options('Catálogo', 'Medios de pago', 'Hablar con un asesor')]
        ]
      },
      {
        id: 13,
        nodeId: 'catalogo',
        nodeName: 'Catálogo',
        intent: 'catalogo',
        examples: ['catálogo', 'qué productos tienen', 'productos', 'ver productos', 'ofertas', 'promociones vigentes', 'precios', 'qué ofrecen', 'descuentos del mes', 'lista de precios'],
        elements: [
          [ELEMENT.Texto, 'Consulta nuestro catálogo con precios y promociones vigentes:'],
          [ELEMENT.Link, `${SITE}/catalogo`]
        ]
      },
      {
        id: 14,
        nodeId: 'medios_pago',
        nodeName: 'Medios de pago',
        intent: 'medios_pago',
        examples: ['medios de pago', 'formas de pago', 'puedo pagar con tarjeta', 'pagar con PSE', 'cómo puedo pagar', 'pago con tarjeta débito o crédito', 'pago en efectivo', 'pagar con Nequi o Daviplata'],
        elements: [
          [ELEMENT.Texto, 'Puedes pagar con tarjeta débito o crédito, PSE, Nequi, Daviplata o en efectivo en corresponsales bancarios.'],
          [ELEMENT.Imagen, demoFileUrl(DEMO_FILE_IDS.paymentMethods)]
        ]
      },
      {
        id: 15,
        nodeId: 'asesor_humano',
        nodeName: 'Hablar con un asesor',
        intent: 'asesor_humano',
        examples: [...HUMAN_EXAMPLES, 'quiero comprar', 'hablar con ventas', 'hablar con un vendedor', 'alguien que me asesore en la compra'],
        escalates: true,
        elements: [[ELEMENT.Texto, 'Te comunico con un asesor de ventas. Por favor espera un momento.']]
      }
    ]
  },
  {
    id: 3,
    organizationId: OTHER_ORG_ID,
    idVa: 3,
    name: 'Asistente Otra',
    description: 'Atención general de Otra Entidad S.A.S.',
    defaultSplitId: 4,
    nodes: [
      {
        id: 16,
        nodeId: 'bienvenida',
        nodeName: 'Bienvenida',
        intent: 'saludo',
        examples: ['hola', 'buenos días', 'buenas tardes', 'buenas noches', 'saludos', 'qué tal'],
        elements: [
          [ELEMENT.Texto, '¡Hola! Soy el asistente de Otra Entidad S.A.S. ¿En qué te ayudo?'],
          [ELEMENT.Opciones, options('Horarios', 'Hablar con un asesor')]
        ]
      },
      {
        id: 17,
        nodeId: 'horarios',
        nodeName: 'Horarios de atención',
        intent: 'horarios',
        examples: ['horarios', 'horario de atención', 'a qué hora abren', 'a qué hora cierran', 'qué días atienden', 'atienden los sábados'],
        elements: [[ELEMENT.Texto, 'Atendemos de lunes a viernes de 7:00 a. m. a 7:00 p. m.']]
      },
      {
        id: 18,
        nodeId: 'asesor_humano',
        nodeName: 'Hablar con un asesor',
        intent: 'asesor_humano',
        examples: HUMAN_EXAMPLES,
        escalates: true,
        elements: [[ELEMENT.Texto, 'Te comunico con un asesor. Por favor espera un momento.']]
      }
    ]
  }
];
