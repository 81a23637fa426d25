/**
 * How customers really write to the demo assistants (issue 22): phrasings that are NOT among the
 * demo workspaces' example phrases (src/server/demo/demo-workspaces.ts) — other wording, no
 * accents, typos, chat abbreviations ('q', 'xq', 'dnd'), greetings around the question, longer
 * sentences — and messages no demo intent covers. This set is never used for training: the unit
 * test (tests/unit/server/bot-phrasings.test.ts) checks that none of it is word for word one of the
 * examples, and the accuracy test and the `bot` bench measure the assistant on it. A few differ from
 * an example only by shorthand or a held-down letter ('a q hora abren', 'holaa'): they measure that
 * the assistant reads through those.
 *
 * `intent` is the node's intent (response_nodes.intent) the phrasing asks for; null: out of scope,
 * the assistant must say it did not understand.
 */

export interface Phrasing {
  /** The demo workspace (DEMO_WORKSPACES id) the customer is talking to. */
  workspaceId: number;
  text: string;
  intent: string | null;
}

const inScope = (workspaceId: number, intent: string, texts: readonly string[]): Phrasing[] => texts.map((text) => ({ workspaceId, text, intent }));
const outOfScope = (workspaceId: number, texts: readonly string[]): Phrasing[] => texts.map((text) => ({ workspaceId, text, intent: null }));

/** Asistente Demo (workspace 1, organisation 100). */
const DEMO: Phrasing[] = [
  ...inScope(1, 'saludo', [
    'buen dia',
    'hola buenas',
    'holaa',
    'buenas',
    'hola que tal',
    'buenas tardes, como estan?',
    'ola',
    'buenos dias señores',
    'saludos cordiales',
    'hey hola'
  ]),
  ...inScope(1, 'horarios', [
    'quisiera saber el horario de ustedes',
    '¿a que hora cierran hoy?',
    'a q hora abren',
    'cual es el horario?',
    'hasta que hora estan abiertos',
    'atienden el sabado?',
    'abren los festivos?',
    'horario de las oficinas',
    'que horarios manejan',
    'a que horas atienden los fines de semana',
    'a que hora abren mañana',
    'horaio de atencion',
    'me pueden decir el horario de atención por favor, es que necesito ir hoy en la tarde',
    'hola, quiero saber el horario',
    'gracias, y a que hora cierran?',
    'Buenos días!! a qué hora atienden el domingo?'
  ]),
  ...inScope(1, 'puntos_atencion', [
    'donde estan ubicados',
    'cual es la direccion',
    'tienen oficina en medellin?',
    'donde queda la sede de bogota',
    'donde puedo ir personalmente',
    'direccion de las oficinas por favor',
    'hay alguna sucursal cerca de mi casa',
    'en que ciudades tienen puntos de atencion',
    'ubicacion de las sedes',
    'dnd quedan las oficinas',
    'buenas tardes, donde quedan sus oficinas?'
  ]),
  ...inScope(1, 'estado_pedido', [
    'necesito rastrear mi envio',
    'donde va mi pedido',
    'ya enviaron mi pedido?',
    'mi compra no ha llegado',
    'quiero saber el estado de mi orden',
    'como hago seguimiento a mi paquete',
    'cuando me llega el pedido que hice',
    'no me ha llegado el pedido y ya pasaron 5 dias',
    'rastreo de pedido',
    'estado del envio',
    'hice un pedido la semana pasada y todavia no llega, xq se demora tanto?',
    'hola, todavia no me llega el pedido'
  ]),
  ...inScope(1, 'medios_pago', [
    'reciben tarjeta de credito',
    'puedo pagar en efectivo?',
    'aceptan daviplata',
    'como les pago',
    'se puede pagar con pse?',
    'q medios de pago tienen',
    'puedo pagar con tarjeta debito',
    'aceptan transferencia bancaria?',
    'formas d pago',
    'metodos de pago disponibles',
    'hola buen dia, necesito saber como pagar'
  ]),
  ...inScope(1, 'documentos', [
    'que papeles piden',
    'que necesito para abrir una cuenta',
    'requisitos para abrir cuenta',
    'cuales son los documentos que debo llevar',
    'que documentos piden para afiliarse',
    'necesito la lista de requisitos',
    'q requisitos hay',
    'que documentacion se necesita para la afiliacion'
  ]),
  ...inScope(1, 'tutorial', [
    'tienen una guia de uso',
    'como se usa la aplicacion',
    'hay algun video que explique como funciona',
    'no se usar la app',
    'necesito un tutorial',
    'manual de la aplicacion',
    'como funciona la aplicacion',
    'me enseñan a usar la app?'
  ]),
  ...inScope(1, 'asesor_humano', [
    'quiero hablar con alguien',
    'me pasas con un asesor por favor',
    'necesito hablar con una persona real',
    'paseme con un agente',
    'comunicarme con un humano',
    'puedo hablar con un asesor?',
    'no quiero hablar con un robot, quiero una persona',
    'asesor por favor',
    'necesito un operador'
  ]),
  ...inScope(1, 'ventas', [
    'me interesa comprar',
    'cuanto cuestan sus productos',
    'quisiera una cotizacion',
    'necesito cotizar',
    'quiero hacer una compra',
    'precio de los productos',
    'me pueden pasar con el area de ventas',
    'estoy interesado en adquirir un producto'
  ]),
  ...inScope(1, 'soporte_tecnico', [
    'la app se cierra sola',
    'no puedo entrar a la app',
    'la aplicacion no me deja iniciar sesion',
    'me sale un error cuando abro la aplicacion',
    'la app esta muy lenta y se traba',
    'tengo problemas con la aplicacion',
    'la app no abre',
    'olvide mi contraseña y no puedo ingresar',
    'buenas noches, la aplicacion no funciona'
  ]),
  ...inScope(1, 'despedida', ['gracias por todo', 'ok gracias', 'listo, muchas gracias', 'adios', 'nos vemos', 'chao, gracias', 'eso era todo, gracias', 'mil gracias', 'muy amable']),
  ...outOfScope(1, [
    'cual es la capital de francia',
    'cuentame un chiste',
    'quiero pedir una pizza',
    'como va a estar el clima mañana',
    'quien gano el partido de ayer',
    'recomiendame una pelicula',
    'cuanto es 2 mas 2',
    'asdfghjkl',
    'necesito un taxi',
    'como preparo arroz con pollo',
    'me duele la cabeza',
    'cual es tu color favorito',
    'que opinas de la politica',
    'el perro de mi vecino ladra mucho',
    'quiero aprender a programar',
    'cuantos años tienes',
    'se me perdio el gato',
    'quien es el presidente de colombia',
    'a que hora juega la seleccion',
    'donde queda la torre eiffel',
    'me puedes prestar plata',
    'vendo celular usado',
    'jajaja',
    '???',
    'mi novia me dejo',
    'escribe un poema de amor',
    'traduce hello al ingles',
    'hola, cual es la capital de francia'
  ])
];

/** Asistente Ventas (workspace 2, organisation 100). */
const SALES: Phrasing[] = [
  ...inScope(2, 'saludo', ['buen dia', 'hola buenas tardes']),
  ...inScope(2, 'catalogo', ['que venden', 'tienen promociones?', 'quiero ver el catalogo de productos', 'muestrame lo que tienen', 'hay descuentos', 'lista de productos y precios']),
  ...inScope(2, 'medios_pago', ['aceptan tarjeta de credito?', 'como les pago', 'puedo pagar en efectivo']),
  ...inScope(2, 'asesor_humano', ['me comunicas con un vendedor', 'quiero hablar con alguien de ventas', 'necesito una persona que me ayude']),
  ...outOfScope(2, ['cual es la capital de francia', 'quiero pedir una pizza', 'como va a estar el clima mañana', 'me duele la cabeza'])
];

/** Asistente Otra (workspace 3, organisation 200). */
const OTHER: Phrasing[] = [
  ...inScope(3, 'saludo', ['buen dia', 'holaa']),
  ...inScope(3, 'horarios', ['a q hora atienden', 'hasta que hora estan abiertos', 'quisiera saber el horario de ustedes']),
  ...inScope(3, 'asesor_humano', ['quiero hablar con alguien', 'me pasas con un asesor por favor']),
  ...outOfScope(3, ['cuentame un chiste', 'recomiendame una pelicula', 'donde queda la torre eiffel'])
];

export const BOT_PHRASINGS: readonly Phrasing[] = [...DEMO, ...SALES, ...OTHER];
