/** The words of the generated conversations and customers (es-CO). */

export const FIRST_NAMES = [
  'Alejandro', 'Andrea', 'Ángela', 'Camila', 'Carlos', 'Catalina', 'Cristian', 'Daniel', 'Diana', 'Diego', 'Esteban', 'Felipe',
  'Gabriela', 'Jorge', 'José', 'Juan Carlos', 'Juan David', 'Juliana', 'Karen', 'Laura', 'Luis', 'Manuela', 'María José',
  'María Fernanda', 'Mariana', 'Natalia', 'Nicolás', 'Óscar', 'Paola', 'Paula', 'Ricardo', 'Sandra', 'Santiago', 'Sara',
  'Sebastián', 'Sergio', 'Sofía', 'Tatiana', 'Valentina', 'Valeria', 'Wilson', 'Yesenia'
];

export const LAST_NAMES = [
  'Acosta', 'Agudelo', 'Álvarez', 'Arango', 'Barrera', 'Bermúdez', 'Cabrera', 'Cárdenas', 'Castaño', 'Castro', 'Díaz', 'Duque',
  'Escobar', 'Franco', 'García', 'Giraldo', 'Gómez', 'González', 'Gutiérrez', 'Henao', 'Hernández', 'Jaramillo', 'López',
  'Marín', 'Martínez', 'Mejía', 'Montoya', 'Mora', 'Muñoz', 'Ortiz', 'Osorio', 'Ospina', 'Pérez', 'Quintero', 'Ramírez',
  'Restrepo', 'Rincón', 'Rodríguez', 'Rojas', 'Salazar', 'Sánchez', 'Suárez', 'Torres', 'Valencia', 'Vargas', 'Zapata'
];

export const COMPANY_WORDS = ['Distribuciones', 'Inversiones', 'Comercializadora', 'Servicios', 'Logística', 'Soluciones', 'Construcciones', 'Alimentos'];
export const COMPANY_NAMES = ['del Valle', 'Andina', 'La Sabana', 'del Caribe', 'Nacional', 'Express', 'Integral', 'El Dorado', 'Santa Fe', 'Pacífico'];

export const EMAIL_DOMAINS: readonly { value: string; weight: number }[] = [
  { value: 'gmail.com', weight: 52 },
  { value: 'hotmail.com', weight: 24 },
  { value: 'outlook.com', weight: 10 },
  { value: 'yahoo.es', weight: 6 },
  { value: 'une.net.co', weight: 3 },
  { value: 'icloud.com', weight: 5 }
];

/** What customers write that the assistant does not understand. */
export const NOT_UNDERSTOOD = [
  'necesito lo del otro día',
  'me ayudan con lo mío porfa',
  'no me sirve',
  'jajaja ok',
  '???',
  'buenas, es que tengo un problema con lo que me llegó',
  'quiero hablar de mi caso',
  'y entonces qué hago',
  'eso no fue lo que pregunté',
  'me cobraron doble',
  'no me deja entrar',
  'cuánto me falta'
];

/** The customer's first words to the agent. */
export const CUSTOMER_OPENINGS = [
  'Hola, buenas. Tengo un inconveniente con un pago que no se ve reflejado.',
  'Buenos días, quisiera saber el estado de mi solicitud.',
  'Hola, necesito actualizar mi número de celular.',
  'Buenas tardes, me interesa cotizar el plan empresarial.',
  'Hola, la aplicación no me deja iniciar sesión desde ayer.',
  'Buenas, quiero presentar un reclamo por un cobro que no reconozco.',
  'Hola, ¿me pueden ayudar con el certificado de mi cuenta?',
  'Buen día, quiero saber qué documentos necesito para el trámite.'
];

/** What the customer writes while the agent helps. */
export const CUSTOMER_REPLIES = [
  'Sí, claro.',
  'Mi número de documento es el mismo que registré en el formulario.',
  'Fue el martes en la tarde.',
  'Ok, quedo atento.',
  'No, todavía no me ha llegado nada.',
  'Listo, ya lo intenté y sigue igual.',
  'Sí, a ese correo.',
  'Perfecto, ¿y cuánto se demora?',
  'Ya le envío la foto.',
  'Entiendo.'
];

export const CUSTOMER_THANKS = ['Perfecto, muchas gracias.', 'Listo, eso era todo. Gracias.', 'Muy amable, gracias por la ayuda.', 'Gracias, que tenga buen día.'];

/** The agent's own words (the organisation's response templates are used too). */
export const AGENT_REPLIES = [
  'Con gusto reviso tu caso.',
  'Dame un momento, por favor, mientras consulto la información.',
  'Ya encontré tu solicitud en el sistema.',
  '¿Me confirmas la fecha aproximada en que lo hiciste?',
  'Listo, ya quedó registrado.',
  'Te acabo de enviar la información a tu correo.',
  'El tiempo de respuesta es de uno a tres días hábiles.',
  'Entiendo, voy a escalar el caso con el área encargada.'
];

export const agentGreeting = (firstName: string) => `¡Hola! Mi nombre es ${firstName}, ¿en qué te puedo ayudar?`;
export const AGENT_FAREWELLS = [
  'Gracias por escribirnos. ¡Que tengas un excelente día!',
  '¿Hay algo más en lo que te pueda ayudar? Gracias por comunicarte con nosotros.',
  'Quedo atento. Gracias por escribirnos.'
];
export const AGENT_TRANSFER = 'Voy a trasladar tu conversación al área encargada; en un momento te atenderán.';
